/* never claims and ltl formulas are tier 2; both are named, and the
   blocks are skipped so that the rest of the model is still read */
bool p;

active proctype P()
{
    p = true
}

never {
    do :: !p -> break :: else od
}

ltl safe { [] (p -> <> !p) }
