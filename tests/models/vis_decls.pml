/* show, local and hidden before a global's type.  show (for xspin) and
 * local (a hint to SPIN's reduction that one process only uses it) have
 * no meaning in a search.  pan leaves a hidden global out of the state
 * it stores; spore stores it (with a warning), which changes nothing
 * here because tmp is 0 again at the end of every d_step.
 *
 * pan: spin -a -o3 vis_decls.pml && gcc -O1 -DNOREDUCE -o pan pan.c
 *      && ./pan
 *   State-vector 28 byte, depth reached 8, errors: 0
 *        26 states, stored
 *        25 states, matched
 *        51 transitions (= stored+matched)
 */
show byte x = 1;
local byte y = 2;
hidden byte tmp;

active [2] proctype swapper()
{
    do
    :: d_step { tmp = x; x = y; y = tmp; tmp = 0 }
    :: x + y == 3 -> break
    od;
    assert(x + y == 3)
}
