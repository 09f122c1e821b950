/*
 * replay_msgs.pml -- a channel model for `spore replay --lanes/--msc`.
 *
 * Two clients queue their pid on a buffered channel; the server takes
 * requests in FIFO order and answers each over a rendezvous channel.
 * A client accepts any answer, so it can take the other client's: the
 * assertion fails.
 */
chan toS = [2] of { byte };
chan toC = [0] of { byte };
byte served;

active proctype server()
{
    byte id;
end:
    do
    :: toS?id -> toC!id; served++
    od
}

active [2] proctype client()
{
    byte r;
    toS!_pid;
    toC?r;
    assert(r == _pid)
}
