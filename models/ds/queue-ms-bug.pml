/* spore-options: -c0 */
/*
 * queue-ms-bug.pml -- queue-ms.pml with its bug switched on: enqueue(v)
 * appends with a plain read and write instead of a CAS when v is BUGVAL
 * (3).  t1's enqueue(3) can see the last node's successor empty, let
 * t0's enqueue(1) link its node there by CAS, and then overwrite that
 * link: value 1 is lost.
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/queue-ms-bug.pml
 */

#define BUG 1
#include "queue-ms.pml"
