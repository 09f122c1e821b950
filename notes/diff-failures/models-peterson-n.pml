byte i, n;
active proctype p()
{
again:
    for (i : 1 .. 2) {
        n++
    }
    if
    :: n < 4 -> goto again
    :: else
    fi;
    assert(n == 4)
}
