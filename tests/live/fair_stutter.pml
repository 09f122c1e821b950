/* A deliberate difference from pan (tests/spin-compare/DIFFERENCES.md):
 * -a -f at a deadlock where the claim stutters through an accept state.
 * From tests/diff/ltl-diff.sh seed 43 (genmodel --seed 43 --ltl).  P1
 * ends, P0 blocks for ever, g0 stays 1: the stuttering run violates
 * <>[](g0 > 1) and is weakly fair (P0 is never enabled, so it is owed no
 * step).  SPIN 6.5.2, spin -a -o3, cc -O0 -DNOREDUCE: ./pan -a: errors:
 * 1; ./pan -a -f: errors: 0 (31 stored, 95 visited): pan's stutter step
 * does not advance its fairness counter.  spore -a and -a -f: VIOLATED
 * (acceptance cycle), with this claim and with spore's own translation
 * (--ltl-formula='<> [] (g0 > 1)' on this model minus the claim).
 * ndfs.c gives a claim's stutter step pan's default move (every process
 * is blocked, so the counter goes round). */
/* genmodel --seed 43 --procs 2 --size 3 */
byte g0;
byte g1;
bool f;
byte a[2];

active proctype P0()
{
    g0 <= 1;
    !(a[_pid] <= 1);
    byte t0 = ((1 + a[_pid])) % 2;
    _nr_pr == 2;
}

active proctype P1()
{
    byte i0;
    i0 = 0;
    do
    :: i0 < 1 ->
        g0 = ((i0 + (f + 1))) % 3;
        i0++;
    :: else -> break;
    od;
    f = !f;
}

never  {    /* !(<> [] (g0 > 1)) */
T0_init:
	do
	:: (! ((g0 > 1))) -> goto accept_S9
	:: (1) -> goto T0_init
	od;
accept_S9:
	do
	:: (1) -> goto T0_init
	od;
}
