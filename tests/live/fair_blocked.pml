/* -a -f (weak fairness): a process blocked for ever counts as served,
 * so L's accepting loop is a fair cycle although W never moves (pan's
 * rule 2 for a blocked process, after a higher pid moved: L is pid 1).
 * SPIN 6.5.2, spin -a -o3, cc -O1 -DNOREDUCE: ./pan -a and ./pan -a -f:
 * errors: 1 (an acceptance cycle). */
byte x;

active proctype W()
{
    x == 5;
    x = 0
}

active proctype L()
{
    do
    :: x = 1;
accept:
       x = 2
    od
}
