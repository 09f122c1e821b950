/*
 * hashmap-coarse.pml -- a hash map protected by one lock (coarse-grained
 * locking), with a bounded client of three threads.
 *
 * Same buckets and methods as hashmap-striped.pml (NB buckets of CAP
 * slots, key k in bucket k % NB, values never 0; here NB = 2, keys
 * 1..3), but every method
 * holds the single lock `lk' for its whole duration.
 *   put(k, v)   returns the old value (0: none)
 *   get(k)      returns the value (0: none)
 *   remove(k)   returns the old value (0: none)
 *
 * Client (T = 3 threads; the map initially holds 1 -> 5):
 *   t0: remove(1); put(2, 20)    t1: get(1); put(1, 10)
 *   t2: remove(1); get(2)
 * Check (init, after all threads have ended): no key occupies two
 * slots, and for every key k, "k is in the map" equals initial(k) +
 * (puts of k that returned 0) - (removes of k that returned a value).
 *
 * Buggy variant (-DBUG, file hashmap-coarse-bug.pml): remove(k) does
 * not take the lock when k == BUGKEY (default 1), i.e. when it removes
 * the element the map holds from the start.  The two remove(1) calls
 * can then both find it and both return 5.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/hashmap-coarse.pml
 *              spore -DBUG models/ds/hashmap-coarse.pml
 */

#define NB      2               /* buckets */
#define CAP     2               /* slots per bucket */
#define KMAX    3               /* keys are 1..KMAX */
#define NONE    255
#ifndef BUGKEY
#define BUGKEY  1
#endif

byte hkey[NB * CAP];
byte hval[NB * CAP];
bool lk;                        /* the one lock */
bool initially[KMAX + 1];

byte ninsert[KMAX + 1];         /* puts that added the key */
byte nremove[KMAX + 1];         /* removes that took the key out */

inline lock()   { atomic { !lk -> lk = true } }
inline unlock() { lk = false }

/* s := slot holding k (or NONE); e := first empty slot (or NONE) */
inline find(k)
{
    s = NONE;
    e = NONE;
    for (i : (k % NB) * CAP .. (k % NB) * CAP + CAP - 1) {
        if
        :: hkey[i] == k -> s = i
        :: hkey[i] == 0 && e == NONE -> e = i
        :: else
        fi
    }
}

inline put(k, v, res)
{
    lock();
    find(k);
    if
    :: s != NONE -> res = hval[s]; hval[s] = v
    :: else ->
        assert(e != NONE);      /* the bucket has room */
        hkey[e] = k;
        hval[e] = v;
        res = 0
    fi;
    unlock();
    ninsert[k] = ninsert[k] + (res == 0)
}

inline get(k, res)
{
    lock();
    find(k);
    if
    :: s != NONE -> res = hval[s]
    :: else -> res = 0
    fi;
    unlock()
}

inline remove(k, res)
{
#ifdef BUG
    if
    :: k != BUGKEY -> lock()
    :: else                     /* BUG: no lock for this key */
    fi;
#else
    lock();
#endif
    find(k);
    if
    :: s != NONE ->
        res = hval[s];
        hkey[s] = 0;
        hval[s] = 0
    :: else -> res = 0
    fi;
#ifdef BUG
    if
    :: k != BUGKEY -> unlock()
    :: else
    fi;
#else
    unlock();
#endif
    nremove[k] = nremove[k] + (res != 0)
}

proctype client(byte t)
{
    byte i, s, e, res;

    if
    :: t == 0 -> remove(1, res); put(2, 20, res)
    :: t == 1 -> get(1, res); put(1, 10, res)
    :: t == 2 -> remove(1, res); get(2, res)
    fi
}

init {
    byte i, k, cnt;

    d_step {                    /* initially 1 -> 5 */
        hkey[(1 % NB) * CAP] = 1;
        hval[(1 % NB) * CAP] = 5;
        initially[1] = true
    }
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
                :: hkey[i] == k -> cnt++
                :: else
                fi
            }
            assert(cnt == initially[k] + ninsert[k] - nremove[k])
        }
        i = 0; k = 0; cnt = 0
    }
}
