/*
 * tools/clientgen/ds/hashmap-striped.pml -- spore-clientgen fragment: a
 * hash map with lock striping (Java's early ConcurrentHashMap, Herlihy
 * and Shavit's StripedHashSet).  The methods are those of
 * models/ds/hashmap-striped.pml, without its fixed client and final
 * check.  wrapper-map.pml builds on this file (its base).
 *
 * clientgen: adt=map ops=put,get,remove bug=put dmax=8
 *
 * NB buckets of CAP slots: slot i holds hkey[i] (0 = empty) and hval[i].
 * Key k lives in bucket k % NB, guarded by lock lk[(k % NB) % NL], one
 * of NL < NB stripes.  Values are never 0 (0 means "none").  CAP is the
 * most keys 1..KMAX one bucket can be asked to hold.
 *   put(k, v, res)   lock the stripe; scan the bucket; overwrite k's
 *                    value or take the first empty slot; res := the old
 *                    value (0: none).
 *   get(k, res)      lock the stripe; scan; res := the value (0: none).
 *   remove(k, res)   lock the stripe; scan; empty the slot; res := the
 *                    old value (0: none).
 * Buggy method (lock left out):
 *   put_bug(k, v, res)  takes no lock: two puts of one key can both find
 *                    it absent, both insert it and both return 0.
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

#define NB          4                   /* buckets */
#define NL          2                   /* lock stripes */
#define CAP         ((KMAX + NB - 1) / NB)  /* slots per bucket */
#define NONE        255

byte hkey[NB * CAP];
byte hval[NB * CAP];
bool lk[NL];

#define DS_LOCALS       byte i, s, e
#define DS_INIT_LOCALS  byte i

inline lock(l)   { atomic { !lk[l] -> lk[l] = true } }
inline unlock(l) { lk[l] = false }

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

/* the body of put once the lock is held; a full bucket (only a broken
   map gets there) loses the value */
inline put_locked(k, v, res)
{
    find(k);
    if
    :: s != NONE -> res = hval[s]; hval[s] = v
    :: s == NONE && e != NONE ->
        hkey[e] = k;
        hval[e] = v;
        res = 0
    :: else -> res = 0
    fi
}

inline put(k, v, res)
{
    lock((k % NB) % NL);
    put_locked(k, v, res);
    unlock((k % NB) % NL)
}

inline put_bug(k, v, res)
{
    put_locked(k, v, res)           /* BUG: no lock */
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
    unlock((k % NB) % NL)
}
