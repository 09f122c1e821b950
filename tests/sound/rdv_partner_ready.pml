/* spore-options: -c0 --outcomes=x */
/* Issue 9, class 1 (every reduction, S-POR included; SPIN's POR too):
 * R's `skip' is local, but it makes R a ready rendezvous partner, and
 * then S's atomic sequence no longer stops between x = 1 and c!1: the
 * interleaving in which W writes in that gap is lost unless R's step
 * counts as one that changes the atomic gate. */
chan c = [0] of { byte };
byte x;
active proctype S() { atomic { x = 1; c!1 } }
active proctype R() { byte v; skip; atomic { c?v; assert(x != 7) } }
active proctype W() { x = 7 }
