/* Remote references name a proctype declared before them (as in SPIN):
 * a variable, or a proctype declared later, before '@' or ':' is a
 * syntax error that says so; and a tier-2 predefined name */
byte x;

active proctype P()
{
L:  x = 1;
    assert(x[0]@L);
    assert(Q[0]@M);
    assert(_last == 0)
}

active proctype Q()
{
M:  x = P[0]:y;
    x = x:y;
    x = P[0]:s.f
}
