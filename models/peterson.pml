/*
 * peterson.pml -- Peterson's mutual exclusion algorithm for two processes.
 *
 * Each process raises its flag, gives the turn away, and waits until the
 * other process is not interested or it is its own turn.  The assertion
 * checks that the two are never in the critical section together.
 *
 *     spore peterson.pml          -> VERIFIED
 */

bool flag[2];           /* flag[i]: process i wants to enter */
byte turn;              /* whose turn it is to wait */
byte incrit;            /* number of processes in the critical section */

active [2] proctype user()
{
    byte other = 1 - _pid;

again:
    flag[_pid] = true;
    turn = _pid;
    (flag[other] == false || turn == other);    /* wait */

    /* critical section */
    incrit++;
    assert(incrit == 1);
    incrit--;

    flag[_pid] = false;
    goto again
}
