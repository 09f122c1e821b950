/* Conditional expressions, bitwise, shift and logic operators. */
byte x = 6, y;

active proctype P()
{
    y = (x > 5 -> 1 : 2);
    assert(y == 1);
    assert((x & 3) == 2 && (x | 1) == 7 && (x ^ 2) == 4);
    assert((x << 2) == 24 && (x >> 1) == 3 && (~x & 255) == 249);
    assert(x % 4 == 2 && x / 4 == 1 && -x == 0 - 6);
    assert(!(x == 5) && (x != 5 || false) && 'A' == 65)
}
