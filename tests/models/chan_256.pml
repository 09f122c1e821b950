/* A channel of capacity 256 (its length needs two bytes in spore's state
 * vector, as pan's Qlen does), filled to 256, then emptied; a second
 * process watches its length.  Counts from pan (SPIN 6.5.2, -DNOREDUCE). */
chan c = [256] of { byte };
byte seen;

active proctype fill()
{
    int i = 0;
    byte x;

    do
    :: i < 256 -> c!(i % 256); i++
    :: else -> break
    od;
    assert(len(c) == 256 && full(c));
    c?x;
    assert(x == 0 && len(c) == 255);
    c!7;
    assert(full(c));
    i = 0;
    do
    :: c?x -> i++
    :: empty(c) -> break
    od;
    assert(i == 256 && x == 7)
}

active proctype watch()
{
end:    (len(c) == 256);
    seen = 1
}
