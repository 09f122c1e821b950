/* spore-options: -c0 */
/*
 * hashmap-coarse-bug.pml -- hashmap-coarse.pml with its bug switched on:
 * remove(k) takes no lock when k is BUGKEY (1), the key the map holds
 * from the start.  t0's and t2's remove(1) can both find 1 -> 5 and
 * both return 5.
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/hashmap-coarse-bug.pml
 */

#define BUG 1
#include "hashmap-coarse.pml"
