/* 03-source-sets.pml -- a source set smaller than any persistent set.
 *
 * The paper's example E4 (design/por-algorithms.md §8).  Every run of
 * this program is equivalent to one that starts with T1 (pid 0) or T2
 * (pid 1): {0,1} is a *source set* of the initial state.  But no set
 * smaller than all three threads is *persistent*: from {0,1}, T3's read
 * of x (pid 2) conflicts with T1's write, and so on (§8 lists each
 * case).  DE and DL only ever stop at sets they can prove persistent,
 * so they still explore the three threads at the start; an optimal
 * source-set algorithm could stop at two.
 *
 * Try:
 *   spore --por=dl --explain models/teaching/03-source-sets.pml
 *   spore --por-check models/teaching/03-source-sets.pml
 * Look for: at state 0, each "dependency of ... adds thread N" line,
 * the backtrack set growing to {0,1,2}, and (in --por-check) that every
 * reduction reaches the same end states as --por=none.  DL starts with
 * T3 (spore tries the highest pid first), learns that T1's write
 * disables T3's guard (F-BLOCK: "the pending 2:(x==0)") and that T2
 * reads x, and ends with all three threads.
 * The threads end at a blocked `end: false` instead of terminating (see
 * 01-diamond.pml): the terminations would add dependent steps.
 */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype T1() { x = 1; end: false }
active proctype T2() { byte t; t = y; t = x; end: false }
active proctype T3() { if :: x == 0 :: else -> y = 1 fi; end: false }
