/* spore-options: -c0 */
/* E5b: the smaller version of E5: case (a), then case (b) with T = {T2}. */
byte x, y, f;
proctype R() { byte t; t = x; t = y; t = f }
active proctype T1() { x = 1 }
active proctype T2() { y = 1 }
active proctype T3() { f = 1 }
active proctype T4() { f == 1; x = 2 }
