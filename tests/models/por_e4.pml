/* spore-options: -c0 */
/* E4: the smallest source set {T1, T2} is strictly smaller than every
 * persistent set; DE and DL still explore three threads at the start. */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype T1() { x = 1 }
active proctype T2() { byte t; t = y; t = x }
active proctype T3() { if :: x == 0 :: else -> y = 1 fi }
