/* A label in front of `for' labels the loop head (SPIN): after
 * `goto again' the count does not restart, n stays 2 and the assertion
 * is never reached.  SPIN: 9 states. */
byte i, n;
active proctype p()
{
again:
    for (i : 1 .. 2) {
        n++
    }
    if
    :: n < 4 -> goto again
    :: else
    fi;
    assert(n == 4)
}
