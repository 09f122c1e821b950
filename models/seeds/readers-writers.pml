/*
 * readers-writers.pml -- Readers-Writers(N) of the eager-POR seed (004)
 * and the "writer + N readers" program of the bounded-POR seed (001).
 *
 * One writer sets x = 1; N readers each copy x into their own slot r[i].
 * Every read races with the one write and with nothing else, so there
 * are 2^N Mazurkiewicz traces (each reader sees 0 or 1) and 2^N distinct
 * terminal states.  (Seed 004 counts processes instead: its
 * Readers-Writers(M) has M-1 readers.)
 *
 * Parameters:  N  number of readers (default 5)
 * Property:    none (a POR benchmark); the program always terminates.
 * Result:      spore and SPIN: VERIFIED.  In the seeds' direct encoding
 *              the number of reachable states is 13, 35, 97, 275, 793,
 *              2315 for N = 2..7 [computed]; the Promela counts differ
 *              (process termination is a step of its own, and processes
 *              die in reverse creation order).
 * Run:         spore models/seeds/readers-writers.pml
 *              spore -DN=10 models/seeds/readers-writers.pml
 */

#ifndef N
#define N 5
#endif

byte x;                 /* the shared variable */
byte r[N];              /* r[i]: what reader i saw */

active proctype writer()
{
    x = 1
}

active [N] proctype reader()
{
    r[_pid - 1] = x     /* the writer is pid 0 */
}
