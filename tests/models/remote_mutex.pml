/* Remote references P[i]@label (spore-lang(7), "Remote references"):
 * Peterson's mutual exclusion for two processes, checked by a watcher
 * that asserts that the two are never both at the label cs, and by each
 * process that the other is not at cs while it is there.
 *
 * spin -a -o3 remote_mutex.pml && gcc -O2 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 32 states stored */
bool flag[2];
byte turn;

active [2] proctype P()
{
again:
    flag[_pid] = true;
    turn = 1 - _pid;
    (flag[1 - _pid] == false || turn == _pid);
cs: skip;
    assert(!P[1 - _pid]@cs);
    flag[_pid] = false;
    goto again
}

active proctype watch()
{
    do
    :: assert(!(P[0]@cs && P[1]@cs))
    od
}
