/* A never claim with atomic sequences: the claim does not move while
 * one runs, and the states inside one are not stored (pan's counts,
 * with and without -a).  The claim: x never reaches 4 while y is odd,
 * which the split `x == 4 -> x = 0' lets happen.
 * SPIN (spin -a -o3, -DNOREDUCE; ./pan and ./pan -a): end state in
 * claim reached, 647 states stored, 891 matched. */
byte x, y;

active [2] proctype P()
{
    do
    :: atomic { x < 4 -> x++; y++ }
    :: atomic { x > 0 -> x--; y++ }
    :: x == 4 -> x = 0
    od
}

never {
    do
    :: x == 4 && y % 2 == 1 -> break
    :: else
    od
}
