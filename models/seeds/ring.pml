/*
 * ring.pml -- Ring(N) of the eager-POR seed (004).
 *
 * N processes on a ring of shared cells x[0..N-1]; process i copies its
 * cell into its successor's: x[(i+1) % N] = x[i], one step.  With x all
 * zero nothing ever changes, so the cells start distinct, x[i] = i+1
 * (set by init in one d_step before the processes start).  Process i
 * races with processes i-1 and i+1 only.
 *
 * Seed numbers: 2^N - 2 traces; with distinct initial values also
 * 2^N - 2 distinct terminal states, one per trace, which makes this a
 * sharp completeness test for any reduction.  Reachable states of the
 * direct encoding: 5, 16, 45, 121, 320, 841, 2205 for N = 2..8
 * [computed]; the Promela counts differ (init, `run', `-end-').
 *
 * Parameters:  N  number of processes (default 6)
 * Property:    none (a POR benchmark).
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/ring.pml
 *              spore -DN=10 models/seeds/ring.pml
 */

#ifndef N
#define N 6
#endif

byte x[N];

proctype P(byte i)
{
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
