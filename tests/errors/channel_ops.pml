/* Bad uses of sorted send, random receive, polling and copy receive.
 * A poll or copy receive of a rendezvous channel: SPIN accepts it and
 * pan stops with "error to poll rendezvous channel" / "polling rv chan"
 * when it runs; spore rejects it when the channel is always one. */
chan c = [2] of { byte };
chan r = [0] of { byte };
byte x, y;

active proctype P()
{
    c!!1, 2;
    c??x, y;
    c?[x, 1] -> c?<x>;
    r?[x] -> r??<x>;
    x = r??[1]
}
