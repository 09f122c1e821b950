/* spore-options: -c0 */
/*
 * list-rw-bug.pml -- list-rw.pml with its bug switched on: add(k) takes
 * the readers' (shared) lock instead of the writer's lock when k is
 * BUGKEY (1).  Threads t0 and t1 both add 1, so both can find 1 absent
 * and both insert it: the final check finds a duplicate key.
 *
 * Result:      spore and SPIN: VIOLATED (assertion); -c0 explores the
 *              whole state space, so the counts are compared too.
 * Run:         spore models/ds/list-rw-bug.pml
 */

#define BUG 1
#include "list-rw.pml"
