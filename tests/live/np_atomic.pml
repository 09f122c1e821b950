/* pan's claims wait while an atomic sequence runs, -l's non-progress
 * claim too: a progress label inside an atomic sequence is never seen,
 * so P's loop is a non-progress cycle (SPIN 6.5.2: spin -a; gcc
 * -DNOREDUCE -DNP; ./pan -l -> non-progress cycle, 2 states stored). */
byte x;

active proctype P()
{
    do
    :: atomic { x = 1; progress: x = 2; x = 0 }
    od
}
