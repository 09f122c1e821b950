/* A never claim whose first option is always enabled: the lasso goes
 * through its second option, so replay must find the claim's moves
 * again (a trail names the system's steps only) rather than take the
 * first that fits.  SPIN (-a): acceptance cycle. */
byte x;

active proctype P()
{
    do
    :: x = 1 - x
    od
}

never {
T0:
    do
    :: true -> goto T0
    :: x == 1 -> goto acc
    od;
acc:
accept:
    do
    :: true
    od
}
