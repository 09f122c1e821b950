/*
 * tools/clientgen/ds/hashmap-coarse.pml -- spore-clientgen fragment: a
 * hash map protected by one lock (coarse-grained locking).  The methods
 * are those of models/ds/hashmap-coarse.pml, without its fixed client
 * and final check.
 *
 * clientgen: adt=map ops=put,get,remove bug=remove dmax=8
 *
 * NB buckets of CAP slots (key k in bucket k % NB, values never 0);
 * every method holds the single lock lk for its whole duration.
 *   put(k, v, res)   res := the old value (0: none)
 *   get(k, res)      res := the value (0: none)
 *   remove(k, res)   res := the old value (0: none)
 * Buggy method (lock left out):
 *   remove_bug(k, res)  takes no lock: two removes of one key can both
 *                    find it and both return its value, and a put in
 *                    between can be undone.
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

#define NB          2                   /* buckets */
#define CAP         ((KMAX + NB - 1) / NB)  /* slots per bucket */
#define NONE        255

byte hkey[NB * CAP];
byte hval[NB * CAP];
bool lk;                        /* the one lock */

#define DS_LOCALS       byte i, s, e
#define DS_INIT_LOCALS  byte i

inline lock()   { atomic { !lk -> lk = true } }
inline unlock() { lk = false }

inline ds_init()
{
    skip
}

/* fin[k] := k's value, 0 if absent, 255 if k is in two slots */
inline ds_abstract()
{
    for (i : 0 .. NB * CAP - 1) {
        if
        :: hkey[i] != 0 ->
            if
            :: fin[hkey[i]] == 0 -> fin[hkey[i]] = hval[i]
            :: else -> fin[hkey[i]] = 255
            fi
        :: else
        fi
    }
    i = 0
}

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
    :: s == NONE && e != NONE ->
        hkey[e] = k;
        hval[e] = v;
        res = 0
    :: else -> res = 0          /* full bucket: only a broken map */
    fi;
    unlock()
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

/* the body of remove once the lock is held */
inline remove_locked(k, res)
{
    find(k);
    if
    :: s != NONE ->
        res = hval[s];
        hkey[s] = 0;
        hval[s] = 0
    :: else -> res = 0
    fi
}

inline remove(k, res)
{
    lock();
    remove_locked(k, res);
    unlock()
}

inline remove_bug(k, res)
{
    remove_locked(k, res)       /* BUG: no lock */
}
