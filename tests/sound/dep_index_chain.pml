/* spore-options: -c0 --outcomes=a,k */
/* Issue 9, class 3 (DE-S-POR, DE-JPF): W's a[k] = 1 depends on K's
 * k = 1 and, only after it, on R's read of a[1]; noting only the last
 * dependent step lost the race with R. */
byte a[2], k, stop;
active proctype K() { k = 1; end: stop }
active proctype W() { a[k] = 1; end: stop }
active proctype R() { assert(a[1] == 0); end: stop }
