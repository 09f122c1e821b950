/*
 * ring-ext.pml -- Ring Extended(N) of the eager-POR seed (004).
 *
 * Ring(N) (see ring.pml) with the copy done twice by every process:
 * x[(i+1) % N] = x[i]; x[(i+1) % N] = x[i].  The cells start distinct,
 * x[i] = i+1.  This is the eager-POR seed's worst case.
 *
 * Seed numbers: traces 6, 90, 786, 5730 for N = 2..5 [seed, confirmed
 * by computation].  Direct encoding: terminal states 2, 15, 62, 215, 690
 * and reachable states 13, 100, 603, 3326, 17629 for N = 2..6
 * [computed]; the Promela counts differ (init, `run', `-end-').
 *
 * Parameters:  N  number of processes (default 5)
 * Property:    none (a POR benchmark).
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/ring-ext.pml
 *              spore -DN=7 models/seeds/ring-ext.pml
 */

#ifndef N
#define N 5
#endif

byte x[N];

proctype P(byte i)
{
    x[(i + 1) % N] = x[i];
    x[(i + 1) % N] = x[i]
}

init {
    byte i;

    d_step {
        for (i : 0 .. N - 1) {
            x[i] = i + 1
        }
        i = 0
    }
    atomic {
        for (i : 0 .. N - 1) {
            run P(i)
        }
    }
}
