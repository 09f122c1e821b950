/* <>p that holds: every run, including the one that stops, reaches
 * x == 2 (a run that ends stutters in its last state).  The second
 * property, <>(x == 3), does not hold.  SPIN (-a): no errors for the
 * first, an acceptance cycle for the second (-N never3). */
byte x;

active proctype P()
{
    x = 1;
    x = 2
}

ltl ever2 { <> (x == 2) }
ltl never3 { <> (x == 3) }
