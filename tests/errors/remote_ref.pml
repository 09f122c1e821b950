/* remote references and the tier-2 predefined names */
byte x;

active proctype P()
{
L:  x = 1;
    assert(P[0]@L || _last == 0);
    _priority = 2
}
