/* P@label on a single active proctype, in a process and in a never
 * claim (spore-lang(7), "Remote references"): the claim waits until the
 * server is at its label busy, then until it is back at idle with an
 * odd count; P:x reads the server's local count.  The claim's end is a
 * violation (a safety property: no odd count after busy).
 *
 * spin -a -o3 remote_never.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan    (Spin 6.5.2) errors: 1 (end state in claim
 * reached), 6 states stored */
chan req = [1] of { byte };

active proctype Server()
{
    byte count;
idle:
    do
    :: req?_ ->
busy:   count = (count + 1) % 4;
        goto idle
    od
}

active proctype Client()
{
    do
    :: req!1
    :: Server@busy -> skip
    od
}

never {
    do
    :: Server@busy -> break
    :: else
    od;
    do
    :: Server@idle && Server:count % 2 == 1 -> break
    :: else
    od
}
