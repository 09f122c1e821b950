/* A channel holds at most 65535 messages in spore (its length is a
 * u16 in the state vector; SPIN allows more, within its vector). */
chan c = [65536] of { byte };

active proctype P()
{
    c!1
}
