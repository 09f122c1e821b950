/* select and for over an empty range of number literals (SPIN: "bad
 * range in select statement", "start value for i exceeds end-value").
 * Bounds that are computed are not checked, as in SPIN: `for (i : 1 ..
 * N - 1)` with N = 1 is a loop that runs no times. */
#define N 1

active proctype P()
{
    byte v, i;

    select (v : 5 .. 1);
    for (i : 3 .. 2) {
        skip
    };
    for (i : 1 .. N - 1) {
        assert(false)
    };
    select (v : 2 .. 2)
}
