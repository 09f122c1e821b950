/* S-POR under -l (tests/live/check.sh): P's first step is local
 * (invisible to S-POR) but it enters a progress label, so it is
 * visible to the property and must not be explored alone.  The full
 * search finds the non-progress cycle in which P never takes it while
 * Q loops; a reduction that took P's step alone at the initial state
 * would be at the progress label for the rest of every run and hide it.
 * SPIN 6.5.2 (-l, -DNP -DNOREDUCE and -DNP): non-progress cycle. */
byte x;

active proctype P()
{
    byte i;
    i = 1;          /* local: enters the progress label */
progress:
    x == 255        /* blocks for good */
}

active proctype Q()
{
    do
    :: x = 1; x = 0
    od
}
