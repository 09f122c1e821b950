/* c??e, random receive (spore-lang(7), Channels): the first message,
 * anywhere in the queue, whose constant fields (constants, mtype names,
 * eval(e)) match; the variables take its fields and it is removed.
 * Two clients queue requests; the server serves `hi' requests first,
 * whatever their place, then the others.  r: ?? on a rendezvous channel.
 *
 * spin -a -o3 chan_random.pml && gcc -O1 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 74 states stored, 26 matched, 100 transitions
 * pan without -DNOREDUCE: errors: 0. */
mtype = { lo, hi };
chan q = [4] of { mtype, byte };
chan r = [0] of { byte, byte };
byte served;

active [2] proctype client() {
    q!lo,_pid; q!hi,_pid
}

active proctype server() {
    byte who, want = 1, n;
    do
    :: q??hi,who ->
       served++;
       n++
    :: n == 2 && want == 1 -> q??lo,eval(want); want = 0; served++
    :: n == 2 && want == 0 -> q??lo,who; assert(who == 0); served++; break
    od;
    assert(served == 4 && empty(q));
    r??5,who; assert(who == 1);
    r??_,who; assert(who == 2)
}

active proctype rv() {
    r!5,1; r!3,2
}
