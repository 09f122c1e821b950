/* A run that would take the state past spore's limit of 65535 bytes is
 * not an error of the model: the search stops, INCOMPLETE (exit 4),
 * naming the limit and the run (pan: "VECTORSZ too small"). */
proctype R()
{
    int a[10000];

    a[0] = 1
}

init
{
    byte i;

    do
    :: i < 10 -> run R(); i++
    :: else -> break
    od
}
