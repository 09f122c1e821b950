/* goto and labels, including a goto as an option. */
byte x;

active proctype P()
{
again:
    x++;
    if
    :: x < 3 -> goto again
    :: else -> goto out
    fi;
    x = 100;    /* unreachable */
out:
    assert(x == 3)
}
