/* spore-options: -c0 --outcomes=i */
/* unless and the reductions (doc/soundness.md, unless): P's loop only
 * touches its local k, but it runs under an escape whose guard reads
 * the global flag, so Q's write of flag disables P's steps: their
 * enabledness reads flag (the static facts of their location hold the
 * escape's reads).  A reduction that took P's steps for local ones
 * would run P to k == 3 before Q and miss the stops at k == 0, 1 and 2:
 * the outcome set and the assertion both see them.
 *
 * spin -a -o3 unless_shared.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) pan:1: assertion violated (i!=2); errors:
 * 2, 49 states stored, 18 matched, 67 transitions. */
byte flag, i;
active proctype P()
{
    byte k;
    { do :: k < 3 -> k++ od } unless { flag == 1 };
    i = k;
    assert(i != 2)
}
active proctype Q() { flag = 1 }
