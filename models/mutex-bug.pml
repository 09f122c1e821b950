/* spore-options: -c0 */
/*
 * mutex-bug.pml -- a broken lock: test and set are two separate steps.
 *
 * Both processes can see the lock free before either of them takes it,
 * so both enter the critical section and the assertion fails.
 *
 *     spore mutex-bug.pml         -> VIOLATED: assertion violated ...
 *     spore -t mutex-bug.pml      (replay the trail, once replay exists)
 *
 * The fix is to make the test and the set one step:
 *     atomic { lock == 0 -> lock = 1 }
 */

bit lock;               /* 0 = free, 1 = taken */
byte incrit;

active [2] proctype user()
{
    do
    :: lock == 0 ->     /* test ...                      */
        lock = 1;       /* ... and set: another process  */
                        /* may run in between            */
        incrit++;
        assert(incrit == 1);
        incrit--;
        lock = 0
    od
}
