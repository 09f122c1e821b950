/* spore-options: -c0 --outcomes=a,j,k */
/* Issue 9, class 3 variant: the index of W's write comes from k, which
 * K copies from j, which J writes: a chain of three objects. */
byte a[3], j, k, stop;
active proctype J() { j = 2; end: stop }
active proctype K() { k = j; end: stop }
active proctype W() { a[k] = 1; end: stop }
active proctype R() { assert(a[2] == 0); end: stop }
