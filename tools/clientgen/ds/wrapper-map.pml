/*
 * tools/clientgen/ds/wrapper-map.pml -- spore-clientgen fragment: a
 * wrapper over the lock-striped hash map (hashmap-striped.pml, pasted
 * first as this fragment's base) that adds an atomic putIfAbsent.  The
 * methods are those of models/ds/wrapper-map.pml, without its fixed
 * client and final check.
 *
 * clientgen: adt=map base=hashmap-striped bug=putIfAbsent dmax=8
 * clientgen: ops=putIfAbsent,wremove=remove,get
 *
 * The inner map's put/get/remove are each atomic (they hold a stripe
 * lock); "get, then put if absent" is not, so the wrapper's mutating
 * methods hold one more lock, wl:
 *   putIfAbsent(k, v, res)  lock wl; get(k); if absent, put(k, v);
 *                           unlock; res := whether it inserted
 *   wremove(k, res)         lock wl; inner remove(k); unlock; res :=
 *                           the old value (0: none)
 *   get(k, res)             the inner get (no wrapper lock)
 * Buggy method (lock left out):
 *   putIfAbsent_bug(k, v, res)  skips wl: two putIfAbsent of one key can
 *                           both see it absent and both report success.
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

bool wl;                        /* the wrapper's lock */

#undef DS_LOCALS
#define DS_LOCALS       byte i, s, e, tmp

inline wlock()   { atomic { !wl -> wl = true } }
inline wunlock() { wl = false }

inline putIfAbsent(k, v, res)
{
    wlock();
    get(k, tmp);
    if
    :: tmp == 0 -> put(k, v, tmp); res = true
    :: else -> res = false
    fi;
    wunlock()
}

inline putIfAbsent_bug(k, v, res)
{
    get(k, tmp);                /* BUG: no wrapper lock */
    if
    :: tmp == 0 -> put(k, v, tmp); res = true
    :: else -> res = false
    fi
}

inline wremove(k, res)
{
    wlock();
    remove(k, res);
    wunlock()
}
