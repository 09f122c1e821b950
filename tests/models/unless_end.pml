/* spore-options: -c0 */
/* End states and unless.  P blocks in main at a location with an end
 * label: a valid end state, even though an escape could still be taken
 * there (it never is: go stays 0).  R blocks in main without one: an
 * invalid end state, which its escape would have avoided had its guard
 * held.
 *
 * spin -a -o3 unless_end.pml && gcc -O2 -DNOREDUCE -o pan pan.c &&
 * ./pan -c0   (Spin 6.5.2) pan:1: invalid end state; errors: 1,
 * 3 states stored, 0 matched, 3 transitions; pan without -DNOREDUCE:
 * errors: 1. */
byte go, n;
active proctype P()
{
    { n < 2 -> n++; end: go == 1 } unless { go == 2 };
    n = 0
}
active proctype R()
{
    { n == 7 } unless { go == 3 }
}
