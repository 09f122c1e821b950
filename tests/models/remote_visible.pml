/* spore-options: -a */
/* Under -a, a remote reference in the property makes the steps of the
 * processes it names visible (S-POR's condition on the property):
 * P and Q touch only their own locals, and only the interleavings that
 * stop both half way reach P@L && Q@M, which the property forbids.
 *
 * spin -a -o3 remote_visible.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -a    (Spin 6.5.2) errors: 1 */
active proctype P()
{
    byte a;
    a = 1;
L:  a = 2;
    a = 3
}

active proctype Q()
{
    byte b;
    b = 1;
M:  b = 2;
    b = 3
}

ltl apart { [] !(P@L && Q@M) }
