/* spore-options: -c0 */
/* E6: disabling without deadlock freedom.  Without F-BLOCK, DE and DL
 * take T1 first, find no dependency and close the initial state: they
 * miss T2 passing its guard.  T1 first also leaves T2 blocked for good:
 * an invalid end state, which every reduction must report. */
byte x, y;
proctype R() { byte t; t = x; t = y }
active proctype T1() { x = 1 }
active proctype T2() { x == 0; y = 1 }
