/* spore-options: -c0 */
/* E2: a local prefix is reduced, the visible race on x is kept.
 * R is never run: it only makes x read, so that x stays in the state
 * (SPIN drops globals that nothing reads). */
byte x;
proctype R() { byte t; t = x }
active proctype T1() { byte l; l++; x = 1 }
active proctype T2() { byte l; l++; x = 2 }
