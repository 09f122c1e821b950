/* c?[e] and c??[e], polling (spore-lang(7), Channels): a side-effect
 * free boolean, true when the receive c?e (c??e) could run now; the
 * variables among e match anything and are not set.  Used as a guard,
 * in a condition, in an assertion and in arithmetic.
 *
 * spin -a -o3 chan_poll.pml && gcc -O1 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 33 states stored, 14 matched, 47 transitions
 * pan without -DNOREDUCE: errors: 0. */
mtype = { data, stop };
chan c = [3] of { mtype, byte };
byte seen;

active proctype P() {
    c!data,1; c!data,2; c!stop,0
}

active proctype Q() {
    byte x = 9, k;
    do
    :: c?[stop,_] -> c?stop,_; break
    :: c?[data,x] -> assert(x == 9); c?data,k; seen = seen + k
    :: c??[stop,0] && !c?[stop,0] -> assert(len(c) >= 2)
    od;
    assert(seen == 3 && !c??[data,_]);
    k = c??[data,1] + 2 * (c?[stop,0] -> 1 : 0);
    assert(k == 0)
}
