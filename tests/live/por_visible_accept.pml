/* S-POR under -a without a claim (tests/live/check.sh): P's first step
 * is local (invisible to S-POR) but it leaves an accept label, so it is
 * visible to the property and must not be explored alone.  The full
 * search finds the acceptance cycle in which P stays at its accept
 * label while Q loops; a reduction that took P's step alone at the
 * initial state would leave the label first and hide it.
 * SPIN 6.5.2 (-a, -DNOREDUCE and default): acceptance cycle. */
byte x;

active proctype P()
{
    byte i;
accept:
    i = 1;          /* local: leaves the accept label */
    x == 255        /* blocks for good */
}

active proctype Q()
{
    do
    :: x = 1; x = 0
    od
}
