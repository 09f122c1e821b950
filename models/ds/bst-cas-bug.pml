/* spore-options: -c0 */
/*
 * bst-cas-bug.pml -- bst-cas.pml with its bug switched on: add(k) links
 * its node with a plain read and write instead of a CAS when k is BUGKEY
 * (1).  t0 and t2 both add 1: both can see the empty slot below
 * node 2 and both link there; one node is overwritten, yet both calls
 * return true.
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/bst-cas-bug.pml
 */

#define BUG 1
#include "bst-cas.pml"
