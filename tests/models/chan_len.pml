/* len, empty, nempty, full, nfull on a buffered channel. */
chan c = [2] of { bit };

active proctype P()
{
    assert(len(c) == 0 && empty(c) && nfull(c));
    c!1;
    assert(len(c) == 1 && nempty(c) && nfull(c));
    c!0;
    assert(len(c) == 2 && full(c));
    full(c) -> c?_;
    assert(len(c) == 1)
}

active proctype Q()
{
    nempty(c);
    assert(len(c) > 0)
}
