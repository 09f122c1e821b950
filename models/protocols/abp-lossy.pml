/*
 * abp-lossy.pml -- the alternating bit protocol with two lossy media.
 *
 * Unlike ../abp.pml (where the receiver drops messages), the loss is
 * modelled the classic way: the sender and receiver talk through two
 * medium processes, one per direction, that may lose any message they
 * carry.  The sender sends item k with bit k%2 and resends it on
 * `timeout' (the whole system is stuck: the message or its ack was lost)
 * until an ack with the same bit arrives.  The receiver delivers an item
 * when its bit is the one it expects and acknowledges every message with
 * the bit it carried (so a lost ack is repaired by the retransmission).
 *
 * Parameters:  MAX  number of items sent (default 4)
 * Property:    the receiver delivers 0, 1, ..., MAX-1 in order, without
 *              gaps or duplicates (assert), and has all of them when the
 *              sender stops.  The media and the receiver wait forever
 *              at `end' labels.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/abp-lossy.pml
 */

#ifndef MAX
#define MAX 4
#endif

chan s2m = [1] of { byte, bit };    /* sender -> data medium */
chan m2r = [1] of { byte, bit };    /* data medium -> receiver */
chan r2m = [1] of { bit };          /* receiver -> ack medium */
chan m2s = [1] of { bit };          /* ack medium -> sender */

byte delivered;         /* items the receiver has delivered */

active proctype sender()
{
    byte item;
    bit seq, ack;

    do
    :: item < MAX ->
        s2m!item, seq;
        if
        :: m2s?ack ->
            if
            :: ack == seq ->                /* acknowledged */
                item++;
                seq = 1 - seq
            :: else                         /* old ack: resend */
            fi
        :: timeout                          /* lost: resend */
        fi
    :: else -> break
    od;
    assert(delivered == MAX)
}

active proctype data_medium()
{
    byte d;
    bit b;

end:
    do
    :: s2m?d, b ->
        if
        :: m2r!d, b                         /* delivered */
        :: skip                             /* lost */
        fi
    od
}

active proctype ack_medium()
{
    bit b;

end:
    do
    :: r2m?b ->
        if
        :: m2s!b                            /* delivered */
        :: skip                             /* lost */
        fi
    od
}

active proctype receiver()
{
    byte d;
    bit b, expect;

end:
    do
    :: m2r?d, b ->
        if
        :: b == expect ->                   /* new item */
            assert(d == delivered);
            delivered++;
            expect = 1 - expect
        :: else                             /* duplicate */
        fi;
        r2m!b
    od
}
