/*
 * prodcons.pml -- Producer-Consumer(N) of the context-sensitive POR
 * seed (003).
 *
 * A producer appends 1, 2, ..., N to a FIFO of capacity K >= N (so an
 * append never waits); a consumer takes N times, each an atomic "if the
 * FIFO is not empty take the head into got[j], else got[j] = 0".  All
 * produce/consume pairs are syntactically dependent, so plain DPOR
 * explores C(2N, N) executions (20, 252, 3432 for N = 3, 5, 7), but
 * only 2^N final states exist (which consumes found the FIFO empty).
 * Reachable states of the direct encoding: 5, 16, 43, 106, 249, 568
 * for N = 1..6 [computed].
 *
 * Parameters:  N  items produced and consumption attempts (default 5)
 *              K  capacity of the FIFO (default N)
 * Property:    what the consumer got is a prefix of 1..N with zeros
 *              (empty takes) in between: checked when both are done.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/prodcons.pml
 *              spore -DN=8 models/seeds/prodcons.pml
 */

#ifndef N
#define N 5
#endif
#ifndef K
#define K N
#endif

chan q = [K] of { byte };
byte got[N];            /* got[j]: result of the j-th take (0: empty) */

active proctype producer()
{
    byte i;

    for (i : 1 .. N) {
        q!i
    }
}

active proctype consumer()
{
    byte j, next = 1;

    for (j : 0 .. N - 1) {
        atomic {
            if
            :: nempty(q) -> q?got[j]
            :: empty(q) -> got[j] = 0
            fi
        }
    }
    /* check: the non-zero values are 1, 2, 3, ... in order (atomic,
       not d_step: SPIN refuses the loop exit jumping into a d_step) */
    atomic {
        for (j : 0 .. N - 1) {
            if
            :: got[j] != 0 ->
                assert(got[j] == next);
                next++
            :: else
            fi
        }
        j = 0;
        next = 0
    }
}
