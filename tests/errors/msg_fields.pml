/* Sends and receives with the wrong number of message fields (pan finds
 * them at run time: "too few parameters in send stmnt", "missing pars in
 * receive"; spin -a refuses a send with more fields than any channel
 * type has, "too many pars in send", even on a channel it cannot tell,
 * like u).  The channel of a parameter is the one every run passes. */
chan c = [1] of { byte, byte };
chan d = [1] of { byte };
chan e[2] = [1] of { byte, byte };

proctype Q(chan x)
{
    byte a;

    x!1;
    x?a
}

active proctype P()
{
    chan u;
    byte a, b;

    c!1;
    d!1, 2;
    d?a, b;
    c?a;
    e[1]!1;
    c!1, 2, 3;
    u!1, 2, 3;
    run Q(e[0])
}
