/* timeout is executable only when no other statement is. */
chan c = [0] of { byte };

active proctype P()
{
    byte v;
    do
    :: c?v
    :: timeout -> break
    od;
    assert(v == 3)
}

active proctype Q()
{
    c!1; c!2; c!3
}
