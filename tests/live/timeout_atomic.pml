/* -l's claim and an atomic sequence that starts with a timeout: the
 * claim does not move inside the sequence (SPIN 6.5.2: spin -a -o3; gcc
 * -DNOREDUCE -DNP; ./pan -l -> errors: 0, 11 states stored (16
 * visited), 9 matched; spore matches 7: pan tries the claim's moves
 * again once the system asks for its timeout, and matches again). */
byte x;

active proctype P()
{
    atomic { timeout; x = 1 };
    x = 2
}

active proctype Q()
{
    x == 2
}
