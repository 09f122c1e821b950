/* xs and the channel tests: the writer W claims to be the only sender
 * on d.  Another process may test nempty(d) (pan checks it against xr
 * claims only), but nfull(d), like len, empty, full and polls, counts
 * as a use by a second writer: pan reports "xs assertion violated:
 * access to chan <d> (0) by W (proc 0) and by R (proc 1)" when R tries
 * nfull(d).
 *
 * spin -a -o3 chan_xs_test.pml && gcc -O1 -o pan pan.c && ./pan
 *   (Spin 6.5.2) pan:1: error, partial order reduction invalid (at
 *   depth 5), errors: 1
 * with -DNOREDUCE (no check): errors: 0, 9 states stored. */
chan d = [1] of { byte };

active proctype W() {
    xs d;
    d!1; d!2
}

active proctype R() {
    byte x;
    nempty(d) -> d?x;
    d?x;
    nfull(d)
}
