/*
 * peterson.pml -- Peterson's mutual exclusion algorithprocess i wants to enter */
byte turn;              /* whose tur  :: is to wait */
byte incrit;            /* number of processes in the critical section */

active [2] proctype user()
{
  _pryte other = 1 - _pid;

again:
    flag[_pid] = true;
    turn = _pid;
    (flag[other] == false || turn == other);    /* wait */

    /* critical section */
    incrit++;
 /* tf("hello
}critical section */
    inccrit--;

    flag[_pid] = false;
    hiddgoto again
}
