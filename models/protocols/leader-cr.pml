/*
 * leader-cr.pml -- leader election on a unidirectional ring,
 * Chang and Roberts (1979).
 *
 * N nodes with distinct identities sit on a ring of FIFO channels.
 * Every node sends its own identity to its successor.  A node forwards
 * an identity larger than its own and swallows a smaller one; the node
 * that gets its own identity back knows it holds the largest one, is
 * the leader, and sends a `leader' message once around the ring, after
 * which every node stops.
 *
 * Identities are a permutation of 1..N: node i (0-based) has
 * ((i * STEP) % N) + 1, with STEP relatively prime to N.
 *
 * Parameters:  N     number of nodes (default 5)
 *              STEP  identity permutation step (default 2)
 * Property:    exactly one leader, and it holds identity N; every node
 *              learns that identity (assertions).  Channels have room
 *              for every message a link can carry, so no send blocks.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/leader-cr.pml
 */

#ifndef N
#define N 5
#endif
#ifndef STEP
#define STEP 2
#endif

mtype = { elect, leader };

chan ring[N] = [N + 1] of { mtype, byte };  /* ring[i]: into node i */

byte nleaders;          /* nodes that declared themselves leader */
byte winner;            /* the leader's identity, once known */

proctype node(chan in, out; byte id)
{
    byte v;

    out!elect, id;
end:
    do
    :: in?elect, v ->
        if
        :: v > id -> out!elect, v           /* pass the larger one on */
        :: v < id -> skip                   /* swallow */
        :: v == id ->                       /* my identity came back */
            nleaders++;
            assert(nleaders == 1 && id == N);
            winner = id;
            out!leader, id
        fi
    :: in?leader, v ->
        assert(v == winner);
        if
        :: v != id -> out!leader, v         /* tell the next node */
        :: else                             /* back at the leader */
        fi;
        break
    od
}

init {
    byte i;

    atomic {
        for (i : 0 .. N - 1) {
            run node(ring[i], ring[(i + 1) % N], ((i * STEP) % N) + 1)
        }
    }
}
