/* spore-options: -c0 */
/*
 * stack-treiber-bug.pml -- stack-treiber.pml with its bug switched on:
 * push(v) replaces the CAS on top by a plain read and write when v is
 * BUGVAL (3).  t1's push(3) can read top, let t0 push or t2 pop, and
 * then overwrite top: a value is lost (or popped twice).
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/stack-treiber-bug.pml
 */

#define BUG 1
#include "stack-treiber.pml"
