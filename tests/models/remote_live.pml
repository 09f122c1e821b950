/* spore-options: -a */
/* A remote reference makes the steps of the process it names visible
 * to the property (-a): P and Q touch only their own locals, so without
 * the reference every step would be invisible and S-POR could keep
 * only one of them at a time.  <> P@M does not hold (Q may run for
 * ever while P waits, no fairness); [] !P@L does not either.
 *
 * spin -a -o3 remote_live.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -a -N reach    (Spin 6.5.2) errors: 1, acceptance cycle */
active proctype P()
{
    byte i;
    do
    :: i < 3 -> i++
    :: i >= 3 -> break
    od;
L:  i = 0;
M:  skip
}

active proctype Q()
{
    byte j;
    do
    :: j = 1 - j
    od
}

ltl reach { <> P@M }
ltl avoid { [] !P@L }
