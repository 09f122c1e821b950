/* spore-options: -c0 */
/* Remote references P[i]@label: a broken mutual exclusion (the turn is
 * left out), found by the assertion that reads the other process's
 * place: both reach cs.
 *
 * spin -a -o3 remote_mutex_bad.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -c0 -E    (Spin 6.5.2) errors: 2, 25 states stored */
bool flag[2];

active [2] proctype P()
{
again:
    (flag[1 - _pid] == false);
    flag[_pid] = true;
cs: skip;
    assert(!P[1 - _pid]@cs);
    flag[_pid] = false;
    goto again
}
