/*
 * peterson-n.pml -- Peterson's algorithm for N processes (the filter lock).
 *
 * There are N-1 waiting rooms ("levels") between the non-critical section
 * and the critical section.  To enter level l a process announces
 * level[i] = l, makes itself the victim of that level, and waits until
 * either it is no longer the victim or no other process is at level l
 * or above.  At most N-l processes get past level l, so at most one
 * process is in the critical section.  The wait is a scan over the
 * other processes, one shared read per step (a process may pass a
 * process k whose level is low and that later climbs; that is fine,
 * because climbing makes k the victim).
 *
 * Parameters:  N  number of processes (default 3; N=4 gives 8.8 million
 *                 stored states, about 20 s and a deeper -m for SPIN)
 *
 * Property:    assert(incrit == 1) inside the critical section.
 * Result:      spore and SPIN: VERIFIED (see peterson-n.expected for the
 *              state counts).
 *
 * Note: the outer loop is a `do', not `again: for ...; goto again':
 * SPIN attaches a label in front of `for' to the loop head, skipping the
 * `l = 1' initialisation (notes/diff-failures/models-peterson-n.txt).
 * Run:         spore models/protocols/peterson-n.pml
 *              spore -DN=4 models/protocols/peterson-n.pml
 *              spin -a -o3 peterson-n.pml; gcc -O2 -DNOREDUCE -DSAFETY
 *                  -o pan pan.c; ./pan -m1000000 -c0 -n
 */

#ifndef N
#define N 3
#endif

byte level[N];          /* level[i]: level process i is at (0: not trying) */
byte victim[N];         /* victim[l]: the process that came last to level l */
byte incrit;            /* number of processes in the critical section */

active [N] proctype proc()
{
    byte l, k;

    do
    :: for (l : 1 .. N - 1) {
            level[_pid] = l;
            victim[l] = _pid;
            /* wait until no other process is at level >= l or I am
               not the victim of level l any more */
            for (k : 0 .. N - 1) {
                (k == _pid || level[k] < l || victim[l] != _pid)
            }
        }

        /* critical section */
        incrit++;
        assert(incrit == 1);
        incrit--;

        level[_pid] = 0
    od
}
