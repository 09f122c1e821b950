/* X (next) under a reduction (tests/live/check.sh): a property with X
 * is not closed under stuttering, and S-POR keeps only such properties
 * (engine/por/por_live.c).  --por=spor is refused with the place of the
 * X; the default reduction is switched off with a note.  The property
 * does not hold: x == 3 is followed by x = 0 only after P's guard step.
 * SPIN 6.5.2 (-a, -DNOREDUCE): never claim violated. */
byte x;

active proctype P()
{
    do
    :: x < 3 -> x++
    :: x == 3 -> x = 0
    od
}

ltl nx { [] (x == 3 -> X (x == 0)) }
