/* The process limit (255 at a time, as in SPIN) reached by run: pan says
 * "too many processes" and stops; spore ends the search as incomplete,
 * never an invalid end state. */
proctype Q()
{
    byte x;
end:
    (x == 1)
}

active proctype P()
{
    do
    :: run Q()
    od
}
