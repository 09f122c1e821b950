/* accept labels in a proctype count without a claim (-a): P passes
 * accept_any infinitely often.  end and progress labels are allowed
 * too.  SPIN (-a): acceptance cycle. */
byte x;

active proctype P()
{
end:
    do
    :: x < 3 -> x++
    :: x == 3 -> accept_any: x = 0
    od
}

active proctype Q()
{
progress:
    d_step { x = 1; progress_2: x = 2 }
}
