/*
 * leader-dkr.pml -- leader election on a unidirectional ring,
 * Dolev, Klawe and Rodeh (1982); also found independently by Peterson.
 *
 * Every node starts active and holds a value max (its identity).  In
 * each phase an active node sends its value (message `one'), receives
 * its active predecessor's value (left), sends that on (message `two'),
 * and receives the value of the active node two steps back.  It stays
 * active, adopting left, only if left is larger than both its own value
 * and the value two back (a local maximum); otherwise it becomes a relay
 * that just forwards messages.  At least half the active nodes drop out
 * per phase.  When an active node receives its own value as `one', it is
 * the only active node left; the value is the largest identity.  It then
 * sends a `winner' message once around the ring and all nodes stop.
 * O(N log N) messages, against Chang-Roberts' O(N^2) worst case.
 *
 * Identities are a permutation of 1..N: node i (0-based) has
 * ((i * STEP) % N) + 1, with STEP relatively prime to N.
 *
 * Parameters:  N     number of nodes (default 5; N=6, STEP=5 has about 5x more
 *                    states)
 *              STEP  identity permutation step (default 2)
 * Property:    exactly one node declares itself winner, with value N;
 *              every node learns that value.  Channels hold 2N messages,
 *              enough for every message a link can carry.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/leader-dkr.pml
 */

#ifndef N
#define N 5
#endif
#ifndef STEP
#define STEP 2
#endif

mtype = { one, two, winner };

chan ring[N] = [2 * N] of { mtype, byte };  /* ring[i]: into node i */

byte nwinners;          /* nodes that declared themselves winner */

proctype node(chan in, out; byte id)
{
    bool relay;         /* no longer a candidate: only forwards */
    bool announced;     /* this node sent the winner message */
    byte max = id;      /* value this node currently stands for */
    byte left;          /* value of the active predecessor */
    byte v;

    out!one, max;
end:
    do
    :: in?one, v ->
        if
        :: relay -> out!one, v
        :: !relay && v == max ->            /* only candidate left */
            nwinners++;
            assert(nwinners == 1 && v == N);
            announced = true;
            out!winner, v
        :: !relay && v != max ->
            left = v;
            out!two, v
        fi
    :: in?two, v ->
        if
        :: relay -> out!two, v
        :: !relay && left > v && left > max ->
            max = left;                     /* stay, for the larger value */
            out!one, max
        :: !relay && !(left > v && left > max) ->
            relay = true
        fi
    :: in?winner, v ->
        assert(v == N);
        if
        :: announced                        /* it went all the way round */
        :: else -> out!winner, v
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
