/* A rendezvous send inside d_step is an error of the model (pan:
 * "rv-attempt in d_step").  When the channel may be buffered or
 * rendezvous (here: a parameter run with both), the front end cannot
 * tell, and the VM reports it when the send runs. */
chan c = [0] of { byte };
chan d = [1] of { byte };

proctype P(chan x)
{
    d_step { x!1 }
}

active proctype Q()
{
    c?_
}

init
{
    run P(d);
    run P(c)
}
