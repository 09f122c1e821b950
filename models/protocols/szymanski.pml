/*
 * szymanski.pml -- Szymanski's mutual exclusion algorithm (1988).
 *
 * Each process has a flag with five values:
 *   0  not interested            1  wants to enter the waiting room
 *   2  waiting for others        3  in the doorway
 *   4  closed the door behind it
 * A process enters the waiting room when nobody is in the doorway
 * (all flags < 3), then moves to the doorway.  If somebody else is still
 * at the entrance (flag 1) it waits (flag 2) until someone closes the
 * door (flag 4).  It then closes the door itself, waits until every
 * process with a smaller number has left (flags < 2), enters the critical
 * section, and on exit waits until every process with a larger number is
 * not in the middle of the doorway (flag < 2 or > 3).
 *
 * Every "for all j" and "exists j" test is a scan, one shared read per
 * step, as in the usual benchmark encodings.
 *
 * Parameters:  N  number of processes (default 3)
 * Property:    assert(incrit == 1) inside the critical section.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/szymanski.pml
 */

#ifndef N
#define N 3
#endif

byte flag[N];
byte incrit;            /* number of processes in the critical section */

active [N] proctype proc()
{
    byte j;

again:
    flag[_pid] = 1;
    for (j : 0 .. N - 1) {              /* await all flags < 3 */
        (flag[j] < 3)
    }
    flag[_pid] = 3;
    j = 0;
    do                                  /* is anybody at the entrance? */
    :: j == N -> break                  /* no */
    :: j < N && flag[j] == 1 ->         /* yes: wait for a closed door */
        flag[_pid] = 2;
        j = 0;
        do
        :: flag[j] == 4 -> break
        :: else -> j = (j + 1) % N
        od;
        break
    :: j < N && flag[j] != 1 -> j++
    od;
    flag[_pid] = 4;
    for (j : 0 .. _pid - 1) {           /* await lower flags < 2 */
        (flag[j] < 2)
    }

    /* critical section */
    incrit++;
    assert(incrit == 1);
    incrit--;

    for (j : _pid + 1 .. N - 1) {       /* await higher flags < 2 or > 3 */
        (flag[j] < 2 || flag[j] > 3)
    }
    flag[_pid] = 0;
    goto again
}
