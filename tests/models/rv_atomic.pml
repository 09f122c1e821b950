/* A rendezvous send inside atomic passes control to the receiver. */
chan c = [0] of { byte };
byte last;

active proctype S()
{
    atomic { c!1; c!2 }
}

active proctype R()
{
    byte v;
end:
    do
    :: c?v -> last = v
    od
}
