/* spore-options: -c0 */
/*
 * lazy.pml -- the `lazy01' program of the bounded-POR seed (001): a bug
 * found with zero preemptions.
 *
 * Three threads and one lock, data = 0.
 *   t1:  lock; data++; unlock
 *   t2:  lock; data += 2; unlock
 *   t3:  lock; if data >= 3, error; unlock
 * 6 lock orders (seed: 6 executions).  The error is reached by running
 * t1, t2 and t3 one after the other, each to completion.
 *
 * Parameters:  none
 * Property:    assert(data < 3) in t3.
 * Result:      spore and SPIN: VIOLATED, assertion (found in 2 of the 6
 *              orders; -c0 counts the whole state space).
 * Run:         spore models/seeds/lazy.pml
 */

byte data;
bool lock;

inline acquire() { atomic { !lock -> lock = true } }
inline release() { lock = false }

active proctype t1()
{
    acquire();
    data++;
    release()
}

active proctype t2()
{
    acquire();
    data = data + 2;
    release()
}

active proctype t3()
{
    acquire();
    assert(data < 3);
    release()
}
