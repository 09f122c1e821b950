/* _pid of active processes: assigned in declaration order. */
byte seen;

active [3] proctype A()
{
    assert(_pid < 3);
    atomic { seen = seen | (1 << _pid) }
}

active proctype B()
{
    assert(_pid == 3);
    seen == 7
}
