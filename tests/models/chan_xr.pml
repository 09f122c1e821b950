/* xr / xs (spore-lang(7), Channels): a process's claim to be the only
 * reader (xr) or writer (xs) of a channel, made when it is created.
 * Here every claim holds: each worker alone reads its own request
 * channel (a parameter); the client alone writes the requests (xs)
 * and alone reads the replies (xr).
 *
 * spin -a -o3 chan_xr.pml && gcc -O1 -DNOREDUCE -o pan pan.c && ./pan
 *   (Spin 6.5.2) errors: 0, 86 states stored, 62 matched, 148 transitions
 * pan without -DNOREDUCE (where pan checks the claims): errors: 0
 * (34 states stored: its reduction uses the claims, spore's does not
 * yet). */
chan req[2] = [2] of { byte };
chan rep = [2] of { byte, byte };

proctype worker(chan in; byte id) {
    xr in;
    byte x;
end:
    do
    :: in?x -> rep!id,x+1
    od
}

active proctype client() {
    chan a = req[0], b = req[1];
    xs a, b;
    xr rep;
    byte who, y, sum;
    run worker(a, 0); run worker(b, 1);
    a!1; b!2; a!3;
    rep?who,y; sum = sum + y;
    rep?who,y; sum = sum + y;
    rep?who,y; sum = sum + y;
    assert(sum == 9)
}
