/*
 * dekker.pml -- Dekker's algorithm, the first correct mutual exclusion
 * algorithm for two processes that uses only shared reads and writes.
 *
 * A process raises its flag; while the other's flag is up it checks
 * whose turn it is.  If it is the other's turn it lowers its flag, waits
 * for its turn and raises the flag again.  On leaving the critical
 * section it hands the turn to the other process.
 *
 * Parameters:  none (two processes, each entering infinitely often).
 * Property:    assert(incrit == 1) inside the critical section.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/dekker.pml
 */

bool wants[2];          /* wants[i]: process i wants to enter */
byte turn;              /* who has priority when both want to enter */
byte incrit;            /* number of processes in the critical section */

active [2] proctype proc()
{
    byte other = 1 - _pid;

again:
    wants[_pid] = true;
    do
    :: wants[other] ->
        if
        :: turn != _pid ->              /* back off until it is my turn */
            wants[_pid] = false;
            (turn == _pid);
            wants[_pid] = true
        :: else                         /* my turn: insist */
        fi
    :: else -> break
    od;

    /* critical section */
    incrit++;
    assert(incrit == 1);
    incrit--;

    turn = other;
    wants[_pid] = false;
    goto again
}
