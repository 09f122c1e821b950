/* -l -f (weak fairness): A loops without progress while B, always
 * enabled, would pass its progress label: a non-progress cycle without
 * -f (A alone runs), none with -f (B must move in a fair run).
 * SPIN 6.5.2, spin -a -o3, cc -O1 -DNOREDUCE -DNP: ./pan -l: errors: 1;
 * ./pan -l -f: errors: 0. */
byte n;

active proctype A()
{
    do
    :: n = 1;
       n = 0
    od
}

active proctype B()
{
    do
    :: skip;
progress:
       skip
    od
}
