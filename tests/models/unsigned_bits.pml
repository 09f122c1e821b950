/* unsigned bit fields of any width from 1 to 31: a store keeps the low
 * bits of the value (SPIN: 9 in 3 bits is 1, -1 in 31 bits is
 * 2147483647), in a global, a local, a typedef field, a parameter and
 * several fields declared together.  The 3-bit counter wraps at 8, so
 * the loop below has 8 values, not 256.
 *
 * pan: spin -a -o3 unsigned_bits.pml && gcc -O1 -DNOREDUCE -o pan pan.c
 *      && ./pan
 *   State-vector 44 byte, depth reached 19, errors: 0
 *        37 states, stored
 *        21 states, matched
 *        58 transitions (= stored+matched)
 */
unsigned c : 3, big : 31 = -1;
unsigned w : 12 = 4100;
typedef Pair { unsigned lo : 4; unsigned hi : 4 };
Pair pr;

proctype tick(unsigned step : 2)
{
    do
    :: c = c + step
    :: c == 7 -> break
    od
}

init
{
    unsigned b : 1 = 3;
    assert(big == 2147483647 && w == 4 && b == 1);
    pr.lo = 17;
    pr.hi = pr.lo - 2;
    assert(pr.lo == 1 && pr.hi == 15);
    atomic { run tick(5); run tick(2) }
}
