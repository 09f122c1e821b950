/* spore-options: -c0 */
/* With a never claim pan keeps a granted timeout for the rest of an
 * atomic sequence ("if claim allowed timeout, so does the next
 * program-step"), so A's second `timeout' is executable at once and B
 * cannot run inside A's sequence: SPIN 6.5.2 (spin -a -o3; gcc
 * -DNOREDUCE; ./pan) -> errors: 0, 11 states stored.  spore carries the
 * timeout the same way (engine/model/ts.c, carry_timeout).  Without the
 * claim pan lets B in (assertion violated), and so does spore. */
byte x, y;

active proctype A()
{
    atomic { timeout; y = 1; timeout; y = 0; x = 2 }
}

active proctype B()
{
    timeout;
    x = 1;
    assert(y == 0)
}

never { do :: true od }
