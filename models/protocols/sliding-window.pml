/*
 * sliding-window.pml -- a go-back-N sliding window protocol over a
 * lossy channel.
 *
 * The sender may have up to W unacknowledged frames outstanding.  Frames
 * carry sequence numbers modulo W+1, the smallest modulus for which
 * go-back-N is correct.  The receiver accepts only the frame it expects
 * and answers every frame with a cumulative ack: the sequence number of
 * the next frame it expects.  Frames and acks may be lost (the sending
 * side chooses to drop them).  When everything is stuck (`timeout') the
 * sender goes back and resends from the oldest unacknowledged frame.
 *
 * The sender counts frames in absolute numbers (base <= next <= top <= M);
 * only their residues modulo S = W+1 travel on the channels.  After going
 * back, an ack may acknowledge frames up to top, beyond next.
 *
 * Parameters:  W  window size (default 2)
 *              M  number of frames to transfer (default 4)
 *              (W=3, M=5: 7339 states.)
 * Property:    the receiver gets frames 0..M-1 in order (assert on the
 *              payload, which is the absolute frame number) and has them
 *              all when the sender stops.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/sliding-window.pml
 *
 * A wrong modulus breaks it: with -DS=W (the sequence space as large as
 * the window only), an old retransmission is taken for a new frame and
 * the assertion fails (spore -DS=2 ...: VIOLATED).
 */

#ifndef W
#define W 2
#endif
#ifndef M
#define M 4
#endif
#ifndef S
#define S (W + 1)
#endif

chan data = [W] of { byte, byte };  /* sequence number, payload */
chan acks = [W] of { byte };        /* next expected sequence number */

byte received;          /* frames delivered by the receiver */

active proctype sender()
{
    byte base;          /* oldest unacknowledged frame */
    byte next;          /* next frame to send */
    byte top;           /* one past the highest frame sent so far */
    byte a, k;

    do
    :: base == M -> break
    :: atomic {
        next < base + W && next < M ->      /* send (or lose) a frame */
        if
        :: data!next % S, next
        :: skip
        fi;
        next++;
        if
        :: next > top -> top = next
        :: else
        fi
       }
    :: acks?a ->                            /* cumulative ack */
        k = (a + S - base % S) % S;         /* frames it acknowledges */
        assert(k <= top - base);
        base = base + k;
        if
        :: next < base -> next = base       /* acked while going back */
        :: else
        fi
    :: timeout ->                           /* go back N */
        next = base
    od;
    assert(received == M)
}

active proctype receiver()
{
    byte s, d;

end:
    do
    :: data?s, d ->
        if
        :: s == received % S ->             /* the expected frame */
            assert(d == received);
            received++
        :: else                             /* out of order: drop */
        fi;
        if
        :: acks!received % S
        :: skip                             /* ack lost */
        fi
    od
}
