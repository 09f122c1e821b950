/*
 * lastzero.pml -- Last Zero(N) of the eager-POR seed (004) and of
 * Abdulla et al.'s source-DPOR paper (used in seed 001).
 *
 * a[0..N-1] start at 0.  A reader scans down from the top for the last
 * zero: i = N-1; while a[i] != 0: i-- (each test one step).  Writers
 * j = 1..N-1 each do a[j] = a[j-1] + 1 (one step).  Exact Mazurkiewicz
 * traces, and distinct terminal states: (N+2) * 2^(N-3) for N >= 3,
 * i.e. 5, 12, 28, 64, 144 for N = 3..7 [computed]; the seed reports
 * N * 2^(N-2), probably counting sleep-set-blocked runs.  Reachable
 * states of the direct encoding: 19, 57, 164, 459, 1261 for N = 3..7
 * [computed].
 *
 * Parameters:  N  array size (default 5: one reader and 4 writers)
 * Property:    none (a POR benchmark); the reader cannot run below
 *              a[0], which stays 0 (an index out of bounds would be an
 *              error).
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/lastzero.pml
 *              spore -DN=8 models/seeds/lastzero.pml
 */

#ifndef N
#define N 5
#endif

byte a[N];

active proctype reader()
{
    byte i = N - 1;

    do
    :: a[i] != 0 -> i--
    :: else -> break
    od
}

active [N - 1] proctype writer()
{
    a[_pid] = a[_pid - 1] + 1   /* writer pids are 1..N-1 */
}
