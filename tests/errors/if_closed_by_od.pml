/* an if closed by 'od' */
byte x;

active proctype P()
{
    if
    :: x == 0 -> x = 1
    :: else -> skip
    od
}
