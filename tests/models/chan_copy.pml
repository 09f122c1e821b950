/* c?<e> and c??<e>, copy receive (spore-lang(7), Channels): as c?e and
 * c??e, the variables take the message's fields, but the message stays
 * in the channel.  A reader peeks at the head, then at the newest
 * `ack', while a writer keeps adding.
 *
 * spin -a -o3 chan_copy.pml && gcc -O1 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 28 states stored, 11 matched, 39 transitions
 * pan without -DNOREDUCE: errors: 0. */
mtype = { req, ack };
chan c = [3] of { mtype, byte };

active proctype W() {
    c!req,1; c!ack,2; c!ack,3
}

active proctype R() {
    mtype m; byte v;
    c?<m,v>; assert(m == req && v == 1 && len(c) >= 1);
    c??<ack,v>; assert(v == 2 && c?[req,1]);
    c?<eval(req),v>; assert(v == 1);
    c?m,v; c?m,v; assert(m == ack && v == 2);
    c??<ack,v>; assert(v == 3 && len(c) == 1)
}
