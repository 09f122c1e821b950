/* unless, the simple case (spore-lang(7), unless): the escape's guard
 * reads a local that main counts up; where it holds, the escape comes
 * before main's loop, so i never passes 3 and P ends with i == 3.
 *
 * spin -a -o3 unless_simple.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) errors: 0, 10 states stored, 0 matched,
 * 10 transitions; pan without -DNOREDUCE: errors: 0. */
active proctype P()
{
    byte i;
    { do :: i < 5 -> i++ od } unless { i == 3 };
    assert(i == 3)
}
