/* The code of SPIN's other channel operations (spore-lang(7),
 * Channels): c!!e is SEND then SORT on the channel kept by DUP; c??e is
 * RSEL (the values to match pushed first, their fields in the mask b)
 * and GUARD, then RFIELD/stores and RDEL; copy receives leave out
 * RDONE / RDEL; polls are POLL / RPOLL in an expression; with an xr or
 * xs in the model, XCHK checks the claims before each use of a channel
 * and XCLAIM makes them in the creation code. */
mtype = { a, b };
chan c = [2] of { mtype, byte };
byte x;

active proctype P()
{
    xr c;
    c!!a, 1;
    c??b, x;
    c??eval(a), _;
    c?<a, x>;
    c??<_, x>;
    c?[a, x] && c??[b] -> x = nempty(c)
}
