/* A channel holds at most 255 messages in spore (SPIN allows more). */
chan c = [256] of { byte };

active proctype P()
{
    c!1
}
