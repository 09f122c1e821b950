/*
 * dining-ordered.pml -- N dining philosophers without deadlock: every
 * philosopher picks up the lower-numbered of its two forks first.
 *
 * Same as dining-deadlock.pml except for the order: philosopher N-1,
 * whose forks are N-1 and 0, takes fork 0 first.  The forks are then
 * acquired in one global order, so no cycle of waiting philosophers can
 * form.
 *
 * Parameters:  N  number of philosophers (default 4)
 * Property:    neighbours never eat together (assert); no deadlock.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/protocols/dining-ordered.pml
 */

#ifndef N
#define N 4
#endif

bool fork[N];           /* fork[i] is taken; it lies left of philosopher i */
bool eating[N];

inline take(f)
{
    atomic { !fork[f] -> fork[f] = true }
}

active [N] proctype phil()
{
    byte left = _pid;
    byte right = (_pid + 1) % N;
    byte first = (left < right -> left : right);
    byte second = (left < right -> right : left);

    do
    :: take(first);
        take(second);
        eating[_pid] = true;
        assert(!eating[(_pid + 1) % N] && !eating[(_pid + N - 1) % N]);
        eating[_pid] = false;
        fork[second] = false;
        fork[first] = false
    od
}
