/* spore-options: -c0 */
/* E8: ignoring on a cycle of irreducible states (DE, DL): T1 loops on a
 * visible write nobody else touches; without F-C3, T2 never moves. */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype T1() { end: do :: x = 1 od }
active proctype T2() { y = 1 }
