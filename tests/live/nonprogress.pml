/* Non-progress cycles (-l): P can spin in `idle' forever without
 * passing its progress label.  SPIN (-l): non-progress cycle. */
byte x;

active proctype P()
{
    do
    :: x < 3 -> x++
    :: x == 3 ->
progress:
       x = 0
    :: skip -> idle: skip
    od
}
