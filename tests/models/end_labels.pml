/* A server that waits forever at an end label is a valid end state. */
chan req = [0] of { byte };

active proctype server()
{
    byte v;
end:
    do
    :: req?v
    od
}

active [2] proctype client()
{
    req!_pid
}
