/* A channel passed in a message: the client sends its reply channel. */
chan server = [1] of { chan, byte };

active proctype srv()
{
    chan reply; byte x;
end:
    do
    :: server?reply, x -> reply!x * 2
    od
}

active [2] proctype client()
{
    chan me = [1] of { byte };
    byte r;
    server!me, _pid;
    me?r;
    assert(r == _pid * 2)
}
