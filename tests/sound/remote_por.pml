/* spore-options: -c0 --outcomes=seen */
/* Remote references are reads of the other process's state (issue 13
 * item 4): W's steps touch only its locals, so without that the
 * reductions would take them as independent of everything and explore
 * one order of them; the watcher reads W[0]:x and W[1]@two and can see
 * the one interleaving that fails.  Every reduction must find the
 * assertion and every outcome of seen.
 *
 * spin -a -o3 remote_por.pml && gcc -O2 -DNOREDUCE -o pan pan.c
 * ./pan -c0 -E    (Spin 6.5.2) errors: 6, 128 states stored */
byte seen;

active [2] proctype W()
{
    byte x;
    x = 1;
two:
    x = 2;
    x = 3
}

active proctype watch()
{
    if
    :: W[0]:x == 2 && W[1]@two -> seen = 1
    :: W[0]@two && W[1]:x == 3 -> seen = 2
    :: else -> seen = 3
    fi;
    assert(seen != 1)
}
