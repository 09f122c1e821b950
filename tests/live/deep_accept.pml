/* A deep search with few bytes per state: one cycle of 30000 states
 * through an accept label, so the nested search's stack (frames and
 * vectors, both searches' stacks together) outgrows the store.  spore
 * -a --memlimit counts the stack against the limit: a limit too small
 * ends the search INCOMPLETE (exit 4) with statistics, never VERIFIED
 * nor a crash (tests/live/check.sh).  SPIN 6.5.2, spin -a -o3, cc -O1
 * -DNOREDUCE, ./pan -m300000 -a: acceptance cycle, 60002 states stored;
 * -a -f: acceptance cycle, 60002 stored (120005 visited); spore's
 * counts with -m300000 --por=none are the same. */
int i;

active proctype P()
{
    do
    :: i < 30000 -> i++
    :: i >= 30000 ->
accept:
       i = 0
    od
}
