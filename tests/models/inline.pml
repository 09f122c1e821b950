/* inline: textual substitution of the arguments. */
byte a, b;

inline swap(x, y)
{
    byte tmp;
    tmp = x; x = y; y = tmp
}

active proctype P()
{
    a = 1; b = 2;
    swap(a, b);
    assert(a == 2 && b == 1)
}
