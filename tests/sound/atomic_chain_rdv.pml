/* spore-options: -c0 --outcomes=y */
/* Issue 9, class 2 (DL-S-POR, DL-JPF): the edge that runs S's atomic
 * sequence into R's through the rendezvous was stored as R's step only,
 * so dep(s0, S) came out empty and case (b) pruned P. */
chan c = [0] of { byte };
byte y;
active proctype P() { assert(y == 1) }
active proctype R() { byte v; atomic { c?v; y = v } }
active proctype S() { byte t; atomic { t = 1; c!1 } }
