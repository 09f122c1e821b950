/* accept and progress labels mark acceptance and non-progress cycles;
 * spore has no liveness search yet, so a model that has them is refused
 * rather than verified for safety only.  end labels are fine. */
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
