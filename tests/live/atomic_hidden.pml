/* The claim waits while an atomic sequence runs, as in pan: it never
 * sees x == 1, which holds only inside the atomic sequence.
 * SPIN (spin -a -o3, -DNOREDUCE): no errors, 4 states stored,
 * 1 matched. */
byte x;

active proctype P()
{
    atomic { x = 1; x = 0 };
    x = 2
}

never {
    do
    :: x == 1 -> break
    :: else
    od
}
