/* Rendezvous channel: send and receive happen together as one step. */
chan c = [0] of { byte };
byte got;

active proctype sender()
{
    c!7;
    c!8
}

active proctype receiver()
{
    byte v;
    c?v; got = v;
    c?v; assert(v == 8 && got == 7)
}
