/* A rendezvous send inside d_step (pan: "rv-attempt in d_step"): a
 * d_step cannot wait for a receiver.  Rejected when every channel the
 * send can reach is a rendezvous channel: the channel itself, a
 * parameter every run passes one, a channel received in a message. */
chan c = [0] of { byte };
chan m = [1] of { chan };

proctype Q(chan x)
{
    d_step { x!1 }
}

active proctype P()
{
    chan y;

    d_step { c!1 };
    m?y;
    d_step { y!2 }
}

init
{
    m!c;
    run Q(c);
    c?_; c?_; c?_
}
