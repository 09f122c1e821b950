/* Channel names in computations (SPIN: "invalid use of chan name",
 * "invalid asgn to chan", "arithmetic on chan").  A channel may be
 * copied, passed, sent, compared in a condition, and used in len() and
 * friends. */
chan c = [1] of { byte };
chan d = [1] of { byte };

active proctype P()
{
    chan e;
    byte x;

    x = c + 1;
    e = (x > 0 -> c : d);
    c = 3;
    c++;
    e = c;
    x = c;
    x = len(c) + 1;
    c != d
}
