/* Peterson's mutual exclusion for two processes, the property as a
 * never claim (a safety property: the claim ends when two processes
 * are in the critical section at once).  SPIN: no errors. */
bool flag[2];
byte turn;
byte incs;

active [2] proctype P()
{
    do
    :: flag[_pid] = true;
       turn = 1 - _pid;
       (flag[1 - _pid] == false || turn == _pid);
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
