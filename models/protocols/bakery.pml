/*
 * bakery.pml -- Lamport's bakery algorithm with bounded tickets.
 *
 * A process that wants to enter takes a ticket one larger than every
 * ticket it sees (while its `choosing' flag is up), then waits, for each
 * other process j, until j is not choosing and j has no ticket or a
 * larger one (ties broken by process number).  Tickets grow without
 * bound in the original algorithm; to keep the state space finite a
 * process whose ticket would exceed MAXT gives up this attempt and starts
 * again (tickets shrink as soon as the holders leave the critical
 * section).  This only adds behaviour that waits, so mutual exclusion is
 * still the property to check.
 *
 * Parameters:  N     number of processes (default 2)
 *              MAXT  largest ticket (default 3)
 *              (N=3, MAXT=3: 376 219 states, under a second.)
 * Property:    assert(incrit == 1) inside the critical section.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/bakery.pml
 *              spore -DN=3 models/protocols/bakery.pml
 */

#ifndef N
#define N 2
#endif
#ifndef MAXT
#define MAXT 3
#endif

bool choosing[N];       /* choosing[i]: process i is taking a ticket */
byte number[N];         /* number[i]: ticket of process i (0: none) */
byte incrit;            /* number of processes in the critical section */

active [N] proctype proc()
{
    byte j, max;

again:
    choosing[_pid] = true;
    max = 0;
    for (j : 0 .. N - 1) {          /* one shared read per step */
        if
        :: number[j] > max -> max = number[j]
        :: else
        fi
    }
    if
    :: max >= MAXT ->               /* ticket bound reached: retry */
        choosing[_pid] = false;
        goto again
    :: else ->
        number[_pid] = max + 1
    fi;
    choosing[_pid] = false;

    for (j : 0 .. N - 1) {
        (!choosing[j]);
        (number[j] == 0 || number[j] > number[_pid] ||
         (number[j] == number[_pid] && j >= _pid))
    }

    /* critical section */
    incrit++;
    assert(incrit == 1);
    incrit--;

    number[_pid] = 0;
    goto again
}
