/* A broken mutual exclusion (each process waits for the other's flag
 * to drop, but raises its own only after): the never claim reaches
 * its end.  SPIN: "end state in claim reached". */
bool flag[2];
byte incs;

active [2] proctype P()
{
    do
    :: flag[1 - _pid] == false;
       flag[_pid] = true;
       incs++;
       incs--;
       flag[_pid] = false
    od
}

never {
    do
    :: incs > 1 -> break
    :: else
    od
}
