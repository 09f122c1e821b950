/* Multi-field messages mixing mtype, byte and bool fields. */
mtype = { req, ack };
chan c = [2] of { mtype, byte, bool };

active proctype A()
{
    c!req, 3, true;
    c!ack, 4, false
}

active proctype B()
{
    mtype m; byte n; bool f;
    c?m, n, f;
    assert(m == req && n == 3 && f);
    c?m, n, f;
    assert(m == ack && n == 4 && !f)
}
