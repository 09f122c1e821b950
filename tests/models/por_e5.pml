/* spore-options: -c0 */
/* E5, the paper's Figure 4: case (a) (T6 blocked) fills backtrack,
 * then case (b) stops with done = {T1..T4}. */
byte x, y, f;
proctype R() { byte t; t = x; t = y; t = f }
active proctype T1() { x = 1 }
active proctype T2() { y = 1 }
active proctype T3() { y = 2 }
active proctype T4() { y = 3 }
active proctype T5() { f = 1 }
active proctype T6() { f == 1; x = 2 }
