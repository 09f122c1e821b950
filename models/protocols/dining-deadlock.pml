/* spore-options: -c0 */
/*
 * dining-deadlock.pml -- N dining philosophers who can deadlock.
 *
 * Philosopher i thinks, picks up the fork on the left (fork i), then the
 * one on the right (fork (i+1) % N), eats, and puts both down, for ever.
 * Picking up a fork is one atomic test-and-set.  When every philosopher
 * holds the left fork nobody can move: an invalid end state.
 * dining-ordered.pml is the fixed version.  (../dining.pml is the small
 * three-philosopher tutorial version, without eating.)
 *
 * Parameters:  N  number of philosophers (default 4)
 * Property:    neighbours never eat together (assert); no deadlock.
 * Result:      spore and SPIN: VIOLATED, invalid end state (the
 *              deadlock); the assertion holds.  Run with -c0 (as the
 *              test does) to count the whole state space.
 * Run:         spore models/protocols/dining-deadlock.pml
 *              spore -c0 models/protocols/dining-deadlock.pml
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

    do
    :: take(left);
        take(right);
        eating[_pid] = true;
        assert(!eating[(_pid + 1) % N] && !eating[(_pid + N - 1) % N]);
        eating[_pid] = false;
        fork[right] = false;
        fork[left] = false
    od
}
