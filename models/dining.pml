/* spore-options: -c0 */
/*
 * dining.pml -- three dining philosophers who deadlock.
 *
 * Every philosopher picks up the fork on the left and then the fork on
 * the right.  If all of them hold their left fork, nobody can continue:
 * no process can move and not all of them are at a valid end state.
 *
 *     spore dining.pml            -> VIOLATED: invalid end state ...
 *     spore -E dining.pml         (ignore invalid end states) -> VERIFIED
 *
 * A fork is a bool; taking it is one atomic test-and-set.
 */

#define N 3

bool fork[N];           /* fork[i] is between philosopher i and i+1 */

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
       /* eat */
       fork[right] = false;
       fork[left] = false
       /* think */
    od
}
