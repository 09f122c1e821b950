/* Receive with constant arguments: only a matching head is taken. */
mtype = { ping, pong };
chan c = [2] of { mtype, byte };

active proctype P()
{
    c!ping, 1;
    c!pong, 2
}

active proctype Q()
{
    byte v;
    if
    :: c?ping, v -> assert(v == 1); c?pong, 2
    :: c?pong, v -> assert(false)
    fi
}
