/* spore-options: -c0 --outcomes=m */
/* unless and the reductions, through a rendezvous (doc/soundness.md,
 * unless): P's escape is a send on a rendezvous channel, executable
 * only while S stands ready at its receive; S gets there by a step on
 * its local t.  That step disables P's loop, so it is not independent
 * of it, though it touches nothing shared: the atomic gate stands for
 * the partner's readiness (frontend/deps.c marks the location
 * BC_L_GATE).  A reduction that ran S's `t = 1' first alone would miss
 * m == 1 and 2 at the escape.  pan's own reduction misses them ("use of
 * a rendezvous stmnts in the escape of an unless clause ... could make
 * p.o. reduction invalid").
 *
 * spin -a -o3 unless_rdv_send.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * && ./pan -c0   (Spin 6.5.2) pan:1: assertion violated (m!=1);
 * errors: 2, 34 states stored, 7 matched, 41 transitions; pan without
 * -DNOREDUCE: errors: 0 (the violation missed). */
chan r = [0] of { byte };
byte m;
active proctype P()
{
    { do :: m < 3 -> m++ od } unless { r!5 };
    assert(m != 1)
}
active proctype S() { byte t, v; t = 1; r?v }
