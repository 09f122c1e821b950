/*
 * abp.pml -- the alternating bit protocol over a channel that loses messages.
 *
 * The sender transmits each data item with a one-bit sequence number and
 * retransmits until the receiver acknowledges that bit.  The lossy data
 * channel is modelled by a receiver that may simply drop a message; the
 * sender notices with `timeout' and sends it again.
 * The receiver asserts that it delivers the items in order, without
 * duplicates or gaps.
 *
 *     spore abp.pml               -> VERIFIED
 *
 * The receiver waits forever for more data: its loop head carries an
 * `end' label, so a state where only it is waiting is a valid end state.
 */

#define MAX 3                   /* number of data items to send */

chan toR = [1] of { byte, bit };    /* data, sequence bit */
chan toS = [1] of { bit };          /* acknowledged bit */

active proctype sender()
{
    byte item;
    bit seq, ack;

    do
    :: item < MAX ->
        toR!item, seq;              /* (re)transmit */
        if
        :: toS?ack ->
            if
            :: ack == seq ->        /* acknowledged: next item */
                item++;
                seq = 1 - seq
            :: else -> skip         /* stale ack: send again */
            fi
        :: timeout -> skip          /* message or ack lost */
        fi
    :: else -> break
    od
}

active proctype receiver()
{
    byte expect, d;
    bit s, last = 1;

end:
    do
    :: toR?d, s ->
        if
        :: skip ->                  /* the message was lost */
            skip
        :: s != last ->             /* new item: deliver it */
            assert(d == expect);
            expect++;
            last = s;
            toS!s
        :: s == last ->             /* duplicate: ack again */
            toS!s
        fi
    od
}
