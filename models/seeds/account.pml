/*
 * account.pml -- the `account' program of the bounded-POR seed (001).
 *
 * Three threads and one lock.  x = 1, y = 2, z = 4, balance = x.
 *   deposit:   lock; balance = balance + y; deposited = true; unlock
 *   withdraw:  lock; balance = balance - z; withdrawn = true; unlock
 *   check:     lock; if both are done, assert balance == x + y - z; unlock
 * The three critical sections conflict, so there are 3! = 6 lock orders
 * (the seed's 6 executions for source-DPOR).  The assertion holds.
 *
 * Parameters:  none
 * Property:    assert(balance == x + y - z) once both updates are done.
 * Result:      spore and SPIN: VERIFIED.
 * Run:         spore models/seeds/account.pml
 */

int x = 1, y = 2, z = 4;
int balance = 1;        /* = x */
bool deposited, withdrawn;
bool lock;

inline acquire() { atomic { !lock -> lock = true } }
inline release() { lock = false }

active proctype deposit()
{
    acquire();
    balance = balance + y;
    deposited = true;
    release()
}

active proctype withdraw()
{
    acquire();
    balance = balance - z;
    withdrawn = true;
    release()
}

active proctype check()
{
    acquire();
    if
    :: deposited && withdrawn ->
        assert(balance == x + y - z)
    :: else
    fi;
    release()
}
