/* spore-options: -c0 */
/*
 * list-opt-bug.pml -- list-opt.pml with its bug switched on: remove(k)
 * does not lock curr when k is BUGKEY (2).  t1's add(3) can link its
 * node behind node 2 while t0's remove(2), which has already read
 * next[2], unlinks node 2: add(3) succeeded but 3 is not in the list.
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/list-opt-bug.pml
 */

#define BUG 1
#include "list-opt.pml"
