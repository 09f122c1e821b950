/*
 * hashmap-striped.pml -- a hash map with lock striping (as in Java's
 * early ConcurrentHashMap and Herlihy and Shavit's StripedHashSet),
 * with a bounded client of three threads.
 *
 * NB buckets of CAP slots each: slot i holds hkey[i] (0 = empty) and
 * hval[i].  Key k lives in bucket k % NB; bucket b is guarded by lock
 * lk[b % NL], one of NL < NB locks (the stripes), so operations on keys
 * in different stripes run in parallel.  Values are never 0 (0 means
 * "none").
 *   put(k, v)   lock the stripe; scan the bucket for k (one slot per
 *               step); overwrite its value, or take the first empty
 *               slot; return the old value (0: none).
 *   get(k)      lock the stripe; scan; return the value (0: none).
 *   remove(k)   lock the stripe; scan; empty the slot; return the old
 *               value (0: none).
 * Defaults: NB = 4 buckets, NL = 2 stripes, CAP = 2, keys 1..5 (keys
 * 1 and 5 share a bucket; keys 1, 3 and 5 share a stripe).
 *
 * Client (T = 3 threads; the map is initially empty):
 *   t0: put(1, 10); remove(5)    t1: put(5, 50); get(1)
 *   t2: put(1, 11); put(3, 30)
 * Check (init, after all threads have ended): no key occupies two
 * slots, and for every key k, "k is in the map" equals (puts of k that
 * returned 0) - (removes of k that returned a value).
 *
 * Buggy variant (-DBUG, file hashmap-striped-bug.pml): put(k) does not
 * take the stripe lock when k == BUGKEY (default 1).  t0 and t2 both
 * put 1, can both find it absent, and both insert it (two slots, or
 * one insert lost).
 *
 * With -DMAP_ONLY only the map is defined (wrapper-map.pml uses it).
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/hashmap-striped.pml
 *              spore -DBUG models/ds/hashmap-striped.pml
 */

#define NB      4               /* buckets */
#define NL      2               /* lock stripes */
#define CAP     2               /* slots per bucket */
#define KMAX    5               /* keys are 1..KMAX */
#define NONE    255
#ifndef BUGKEY
#define BUGKEY  1
#endif
#if defined(BUG) && !defined(MAP_ONLY)
#define STRIPED_BUG 1           /* wrapper-map.pml has a bug of its own */
#endif

byte hkey[NB * CAP];
byte hval[NB * CAP];
bool lk[NL];

byte ninsert[KMAX + 1];         /* puts that added the key */
byte nremove[KMAX + 1];         /* removes that took the key out */

inline lock(l)   { atomic { !lk[l] -> lk[l] = true } }
inline unlock(l) { lk[l] = false }

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
#ifdef STRIPED_BUG
    if
    :: k != BUGKEY -> lock((k % NB) % NL)
    :: else                     /* BUG: no lock for this key */
    fi;
#else
    lock((k % NB) % NL);
#endif
    find(k);
    if
    :: s != NONE -> res = hval[s]; hval[s] = v
    :: else ->
        assert(e != NONE);      /* the bucket has room */
        hkey[e] = k;
        hval[e] = v;
        res = 0
    fi;
#ifdef STRIPED_BUG
    if
    :: k != BUGKEY -> unlock((k % NB) % NL)
    :: else
    fi;
#else
    unlock((k % NB) % NL);
#endif
    ninsert[k] = ninsert[k] + (res == 0)
}

inline get(k, res)
{
    lock((k % NB) % NL);
    find(k);
    if
    :: s != NONE -> res = hval[s]
    :: else -> res = 0
    fi;
    unlock((k % NB) % NL)
}

inline remove(k, res)
{
    lock((k % NB) % NL);
    find(k);
    if
    :: s != NONE ->
        res = hval[s];
        hkey[s] = 0;
        hval[s] = 0
    :: else -> res = 0
    fi;
    unlock((k % NB) % NL);
    nremove[k] = nremove[k] + (res != 0)
}

#ifndef MAP_ONLY                /* wrapper-map.pml has its own client */

proctype client(byte t)
{
    byte i, s, e, res;

    if
    :: t == 0 -> put(1, 10, res); remove(5, res)
    :: t == 1 -> put(5, 50, res); get(1, res)
    :: t == 2 -> put(1, 11, res); put(3, 30, res)
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
                :: hkey[i] == k -> cnt++
                :: else
                fi
            }
            assert(cnt == ninsert[k] - nremove[k])
        }
        i = 0; k = 0; cnt = 0
    }
}

#endif /* MAP_ONLY */
