/* spore-options: -c0 */
/* F-NONDET: T1 may take a local branch or, once T2 has set x, a branch
 * that reads x.  Exploring only the local branch first (it is
 * invisible) would lose the assertion: a thread whose location has a
 * visible transition is never reducible. */
byte x;
active proctype T1() { byte l = 1; if :: l > 0 -> l = 2 :: x > 0 -> assert(false) fi }
active proctype T2() { x = 1 }
