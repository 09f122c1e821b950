/* Under -l pan adds its non-progress claim, and counts it in _nr_pr
 * as it counts a never claim (SPIN 6.5.2: `spin -a; gcc -DNOREDUCE
 * -DNP; ./pan -l' -> non-progress cycle): P loops without progress only
 * while _nr_pr == 2, which is then always. */
active proctype P()
{
    do
    :: _nr_pr == 2 -> skip
    :: _nr_pr != 2 ->
progress:
       skip
    od
}
