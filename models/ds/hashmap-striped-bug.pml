/* spore-options: -c0 */
/*
 * hashmap-striped-bug.pml -- hashmap-striped.pml with its bug switched
 * on: put(k) takes no lock when k is BUGKEY (1).  t0's put(1, 10) and
 * t2's put(1, 11) can both find 1 absent and both insert it.
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/hashmap-striped-bug.pml
 */

#define BUG 1
#include "hashmap-striped.pml"
