/*
 * prodcons.pml -- a producer and a consumer over a buffered channel.
 *
 * The producer sends the numbers 0..N-1 through a channel that holds
 * two messages; a send blocks while the channel is full.  The consumer
 * checks that it receives them in order, and both then terminate.
 *
 *     spore prodcons.pml          -> VERIFIED
 */

#define N 5

chan buf = [2] of { byte };

active proctype producer()
{
    byte i;
    for (i : 0 .. N - 1) {
        buf!i
    }
}

active proctype consumer()
{
    byte next, v;
    do
    :: next < N ->
        buf?v;
        assert(v == next);
        next++
    :: else -> break
    od;
    assert(empty(buf))
}
