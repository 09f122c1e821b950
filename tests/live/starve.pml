/* []<> of one process's progress: violated without fairness, since A
 * may run forever and B never again.  SPIN (-a): acceptance cycle. */
bool inB;

active proctype A()
{
    do
    :: skip; skip
    od
}

active proctype B()
{
    do
    :: inB = true;
       inB = false
    od
}

ltl live { []<> inB }
