/* 04-ignoring.pml -- the ignoring problem and the cycle proviso.
 *
 * T1 (pid 0) flips a local variable for ever; T2 (pid 1) sets x.  T1's
 * step is invisible, so S-POR explores T1 alone -- and after two flips
 * T1's loop is back at the first state.  Without a proviso the search
 * closes that cycle and never lets T2 move: x = 1 is "ignored" although
 * it is reachable.  The stack proviso (F-C3) refuses an invisible step
 * whose target is on the DFS stack and expands such a state fully.
 * (SPIN refuses `do :: skip od`, an unconditional self-loop, hence the
 * flip.)
 *
 * Try:
 *   spore --por=spor --explain models/teaching/04-ignoring.pml
 *   spore --por=spor --dot=i.dot models/teaching/04-ignoring.pml
 * Look for: state 0 is reducible (T1 alone), state 1 is not:
 * "proviso: invisible thread 0 leads onto the stack; not reducible",
 * "enabled {0,1}; explore all (proviso)", and only then T2's x = 1.  In
 * the picture, the two-state cycle of T1 and T2's edge out of state 1,
 * not state 0.
 */
byte x;
proctype R() { byte t; t = x }
active proctype T1() { byte l; end: do :: l = 1 - l od }
active proctype T2() { x = 1 }
