/* spore-options: -c0 --outcomes=x */
/* Issue 9, class 1 variant: the rendezvous partner of a blocked atomic
 * owner is started by run, not moved by a local step. */
chan c = [0] of { byte };
byte x;
proctype R() { byte v; c?v; assert(x != 7) }
active proctype S() { atomic { x = 1; c!1 } }
active proctype W() { x = 7 }
init { run R() }
