/* a do loop closed by '}' instead of 'od' */
byte x;

active proctype P()
{
    do
    :: x < 3 -> x++
    :: else -> break
}
