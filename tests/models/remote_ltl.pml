/* spore-options: -a */
/* Remote references in an ltl property (spore-lang(7), "Remote
 * references"), checked with -a: Peterson's mutual exclusion, where the
 * two are never at cs together, and process 1 at cs always moves on.
 * (That process 0 at want reaches cs does not hold without fairness:
 * process 1 may go round alone while process 0 stays at want.)
 *
 * spin -a -o3 remote_ltl.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -a    (Spin 6.5.2) errors: 0, 31 states stored (spore stores
 * 58: its Büchi automaton is its own translation of the formula, so the
 * verdict is compared, not the count) */
bool flag[2];
byte turn;

active [2] proctype P()
{
again:
    flag[_pid] = true;
    turn = 1 - _pid;
    (flag[1 - _pid] == false || turn == _pid);
cs: skip;
    flag[_pid] = false;
    goto again
}

ltl safe { [] !(P[0]@cs && P[1]@cs) && [] (P[1]@cs -> <> !P[1]@cs) }
