/* Non-progress cycles (-l): every cycle of P passes its progress label.
 * SPIN (-l): no errors. */
byte x;

active proctype P()
{
    do
    :: x < 3 -> x++
    :: x == 3 ->
progress:
       x = 0
    od
}
