/* spore-options: -a */
/* Remote references in an ltl property, violated: with a plain flag
 * protocol process 1 can wait forever while process 0 enters cs again
 * and again, so [] <> P[1]@cs has an acceptance cycle (-a).
 *
 * spin -a -o3 remote_ltl_bad.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -a    (Spin 6.5.2) errors: 1, acceptance cycle */
bool flag[2];

active [2] proctype P()
{
again:
    flag[_pid] = true;
    (flag[1 - _pid] == false || _pid == 0);
cs: skip;
    flag[_pid] = false;
    goto again
}

ltl starve { [] <> P[1]@cs }
