/* spore-options: -c0 */
/* E3, the paper's Figure 3: case (b) stops the initial state at
 * {T1, T2}, smaller than any persistent set containing T1. */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype T1() { x = 1 }
active proctype T2() { byte t; y = 1; t = x }
active proctype T3() { x = 2 }
