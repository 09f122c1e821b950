/* Globals that no expression reads are left out of the state, as SPIN
 * does: the two writers of y and the array element z[1] do not split
 * states, so the counts are pan's (issue 14, item 5).  A printf reading
 * them does not count as a read. */
int  y;
byte z[3];
byte n;
active [3] proctype p()
{
    do
    :: n < 4 ->
        atomic { n++; y = _pid + n }
        z[1] = _pid;
        printf("y=%d z[1]=%d\n", y, z[1])
    :: else -> break
    od
}
