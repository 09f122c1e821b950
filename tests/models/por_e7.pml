/* spore-options: -c0 */
/* E7: the ignoring problem of S-POR.  T1 spins on an invisible step;
 * without the stack proviso (F-C3) x = 1 is never reached. */
byte x;
proctype R() { byte t; t = x }
active proctype T1() { end: do :: skip od }
active proctype T2() { x = 1 }
