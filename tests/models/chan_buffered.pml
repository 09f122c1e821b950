/* Buffered channel: FIFO order is kept; the send blocks when the
 * channel is full, the receive when it is empty. */
chan c = [2] of { byte };

active proctype producer()
{
    byte i = 0;
    do
    :: i < 4 -> c!i; i++
    :: else -> break
    od
}

active proctype consumer()
{
    byte expect = 0, v;
    do
    :: expect < 4 -> c?v; assert(v == expect); expect++
    :: else -> break
    od
}
