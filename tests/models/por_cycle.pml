/* spore-options: -c0 */
/* A loop that writes and resets a variable (later states equal earlier
 * ones: the F-STACK shape of design §7.3.3), a guard on it, and an
 * assertion reachable only through one interleaving. */
byte x, y;
active proctype T1() { end: do :: x = 1; x = 0 od }
active proctype T2() { x == 1; y = 1 }
active proctype T3() { y == 1 -> assert(x == 1) }
