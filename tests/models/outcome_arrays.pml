/* spore-options: --outcomes=a,b[1],n */
/* outcome_arrays: whole arrays and single elements as outcome
 * variables; three writers race on the slots of a and on n; the
 * processes stay alive at an end label, so their locals make distinct
 * end states with the same outcome. */
byte a[2];
byte b[3];
byte n;

active [3] proctype W()
{
    byte mine;
    a[_pid % 2] = _pid + 1;
    b[_pid] = 1;
    mine = n;
    n = mine + 1;
end:
    do
    :: false
    od
}
