/* spore-options: -c0 --outcomes=y */
/* Issue 9, class 2 variant: an atomic chain through two rendezvous
 * moves three processes in one step (the edge counts every thread). */
chan c = [0] of { byte };
chan d = [0] of { byte };
byte y;
active proctype P() { assert(y == 0) }
active proctype T() { byte w; atomic { d?w; y = w } }
active proctype R() { byte v; atomic { c?v; d!v } }
active proctype S() { byte t; atomic { t = 1; c!1 } }
