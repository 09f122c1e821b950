/* xr broken: the worker claims to be the only reader of q, but a thief
 * receives from it too.  pan checks the claims only when built with its
 * reduction (-DNOREDUCE defines XUSAFE, which turns the check off); it
 * reports "pan: xr assertion violated: access to chan q (0) by worker
 * (proc 0) and by thief (proc 1)" when the thief tries its receive.
 * spore always checks, and reports an assertion violation at the
 * thief's receive.
 *
 * spin -a -o3 chan_xr_bad.pml && gcc -O1 -o pan pan.c && ./pan
 *   (Spin 6.5.2) pan:1: error, partial order reduction invalid (at
 *   depth 1), errors: 1
 * with -DNOREDUCE: errors: 0, 15 states stored, 8 matched, 23
 * transitions (no check). */
chan q = [2] of { byte };

active proctype worker() {
    xr q;
    byte x;
    q?x
}

active proctype thief() {
    byte y;
    q?y
}

init {
    q!1; q!2
}
