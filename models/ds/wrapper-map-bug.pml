/* spore-options: -c0 */
/*
 * wrapper-map-bug.pml -- wrapper-map.pml with its bug switched on:
 * putIfAbsent(k) does not take the wrapper's lock when k is BUGKEY (1).
 * Two of the three putIfAbsent(1) calls can both find 1 absent, both
 * put it and both report success.  (The inner striped map is correct.)
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/wrapper-map-bug.pml
 */

#define BUG 1
#include "wrapper-map.pml"
