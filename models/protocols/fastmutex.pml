/*
 * fastmutex.pml -- Lamport's fast mutual exclusion algorithm (1987).
 *
 * Without contention a process enters with a constant number of shared
 * accesses: write x, read y, write y, read x.  Under contention it falls
 * back to waiting for every process's flag b[j] to drop and then for y to
 * be reset.  Processes are numbered 1..N in x and y (0 means "nobody").
 *
 * Parameters:  N  number of processes (default 3)
 * Property:    assert(incrit == 1) inside the critical section.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/fastmutex.pml
 */

#ifndef N
#define N 3
#endif

bool b[N];              /* b[i]: process i is trying */
byte x, y;              /* the two "fast path" variables */
byte incrit;            /* number of processes in the critical section */

active [N] proctype proc()
{
    byte j;
    byte me = _pid + 1;

start:
    b[_pid] = true;
    x = me;
    if
    :: y != 0 ->                    /* somebody is in the slow path */
        b[_pid] = false;
        (y == 0);
        goto start
    :: else
    fi;
    y = me;
    if
    :: x != me ->                   /* contention: slow path */
        b[_pid] = false;
        for (j : 0 .. N - 1) {
            (!b[j])
        }
        if
        :: y != me ->
            (y == 0);
            goto start
        :: else
        fi
    :: else
    fi;

    /* critical section */
    incrit++;
    assert(incrit == 1);
    incrit--;

    y = 0;
    b[_pid] = false;
    goto start
}
