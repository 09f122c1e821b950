/* else is taken only when no other option is executable. */
byte x, r;

active proctype P()
{
    if
    :: x == 5 -> r = 1
    :: else -> r = 2
    fi;
    assert(r == 2)
}

active proctype Q()
{
    do
    :: x < 3 -> x++
    :: else -> break
    od
}
