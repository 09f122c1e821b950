/*
 * wrapper-map.pml -- a wrapper over the lock-striped hash map of
 * hashmap-striped.pml that adds an atomic putIfAbsent, with a bounded
 * client of three threads.
 *
 * The inner map's put/get/remove are each atomic on their own (they hold
 * a stripe lock), but "get, then put if absent" is not.  The wrapper
 * makes its mutating operations atomic with one extra lock `wl':
 *   putIfAbsent(k, v)  lock wl; get(k); if absent, put(k, v); unlock;
 *                      returns whether it inserted
 *   remove(k)          lock wl; inner remove(k); unlock
 *   get(k)             inner get(k) (no wrapper lock needed)
 *
 * Client (T = 3 threads; the map is initially empty):
 *   t0: putIfAbsent(1, 10); remove(2)
 *   t1: putIfAbsent(1, 11); get(1)
 *   t2: putIfAbsent(2, 20); putIfAbsent(1, 12)
 * Check (init, after all threads have ended): for every key k, k is in
 * the map (in one slot) exactly (successful putIfAbsent(k)) - (removes
 * of k that returned a value) times, and a key that is there holds the
 * value of a successful putIfAbsent.
 *
 * Buggy variant (-DBUG, file wrapper-map-bug.pml): putIfAbsent(k) skips
 * the wrapper lock when k == BUGKEY (default 1).  Two putIfAbsent(1)
 * calls can both see 1 absent, both put, and both report success.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/wrapper-map.pml
 *              spore -DBUG models/ds/wrapper-map.pml
 */

#define MAP_ONLY 1
#include "hashmap-striped.pml"

bool wl;                        /* the wrapper's lock */
byte nwin[KMAX + 1];            /* successful putIfAbsent of each key */
byte winval[KMAX + 1];          /* the value of the last one */

inline wlock()   { atomic { !wl -> wl = true } }
inline wunlock() { wl = false }

inline putIfAbsent(k, v, ok)
{
#ifdef BUG
    if
    :: k != BUGKEY -> wlock()
    :: else                     /* BUG: no wrapper lock for this key */
    fi;
#else
    wlock();
#endif
    get(k, res);
    if
    :: res == 0 -> put(k, v, res); ok = true
    :: else -> ok = false
    fi;
#ifdef BUG
    if
    :: k != BUGKEY -> wunlock()
    :: else
    fi;
#else
    wunlock();
#endif
    if
    :: ok -> d_step { nwin[k]++; winval[k] = v }
    :: else
    fi
}

inline wremove(k)
{
    wlock();
    remove(k, res);
    wunlock()
}

proctype client(byte t)
{
    byte i, s, e, res;
    bool ok;

    if
    :: t == 0 -> putIfAbsent(1, 10, ok); wremove(2)
    :: t == 1 -> putIfAbsent(1, 11, ok); get(1, res)
    :: t == 2 -> putIfAbsent(2, 20, ok); putIfAbsent(1, 12, ok)
    fi
}

init {
    byte i, k, cnt;

    atomic {
        run client(0);
        run client(1);
        run client(2)
    }
    (_nr_pr == 1);              /* join: every client has ended */
    d_step {
        for (k : 1 .. KMAX) {
            cnt = 0;
            for (i : 0 .. NB * CAP - 1) {
                if
                :: hkey[i] == k ->
                    cnt++;
                    assert(hval[i] == winval[k])
                :: else
                fi
            }
            assert(cnt == nwin[k] - nremove[k])
        }
        i = 0; k = 0; cnt = 0
    }
}
