/*
 * branching.pml -- Branching(N) of the eager-POR seed (004).
 *
 * Cells x[0..N-1] start at 0.  Process i does, twice: test x[i] == 0
 * and, if it held, set x[(i+1) % N] = 1.  The test and the assignment
 * are separate steps (the reading that reproduces the seed's trace
 * counts 11, 28, 103, 311 for N = 2..5; test-and-set as one step would
 * give 6 and 15 for N = 2, 3).  Terminal states of the direct encoding:
 * 3, 4, 7, 11, 18 for N = 2..6 [computed].
 *
 * Parameters:  N  number of processes (default 4)
 * Property:    none (a POR benchmark).
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/branching.pml
 *              spore -DN=6 models/seeds/branching.pml
 */

#ifndef N
#define N 4
#endif

byte x[N];

inline test_and_set()
{
    if
    :: x[_pid] == 0 ->
        x[(_pid + 1) % N] = 1
    :: else
    fi
}

active [N] proctype P()
{
    test_and_set();
    test_and_set()
}
