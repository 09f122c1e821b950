/* c!!e, sorted send (spore-lang(7), Channels): the message goes before
 * the first one greater than it, fields compared in order (equal ones
 * keep their order).  Two senders interleave their sorted sends; the
 * reader, once the four are in, must find them in order.  d: signed
 * fields; r: a sorted send on a rendezvous channel is a plain send.
 *
 * spin -a -o3 chan_sorted.pml && gcc -O1 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 150 states stored, 149 matched, 299 transitions
 * pan without -DNOREDUCE: errors: 0. */
chan c = [4] of { byte, byte };
chan d = [3] of { short };
chan r = [0] of { byte };
active proctype A() { c!!3,1; c!!1,2; d!!5; d!!-1 }
active proctype B() { c!!2,0; c!!1,1; d!!-3; r!!7 }
active proctype R() {
    byte x, y, px, py;
    short s;
    len(c) == 4;
    do
    :: c?x,y ->
       assert(px < x || (px == x && py <= y));
       px = x; py = y
    :: empty(c) -> break
    od;
    assert(px == 3 && py == 1);
    r?x; assert(x == 7);
    len(d) == 3;
    d?s; assert(s == -3); d?s; assert(s == -1); d?s; assert(s == 5)
}
