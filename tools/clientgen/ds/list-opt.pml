/*
 * tools/clientgen/ds/list-opt.pml -- spore-clientgen fragment: an
 * optimistic sorted linked-list set with fine-grained locks and a
 * wait-free contains (the "lazy list" of Heller et al. 2005).  The
 * methods are those of models/ds/list-opt.pml, without its fixed client
 * and final check.
 *
 * clientgen: adt=set ops=add,remove,contains alloc=add bug=remove dmax=8
 *
 * Nodes are array entries (key[n], next[n], a lock lck[n], a mark
 * marked[n]); HEAD and TAIL are sentinels; each thread owns the nodes it
 * allocates and removed nodes are never reused.
 *   add/remove(k, res)  traverse without locks to pred, curr; lock pred,
 *                       then curr; validate (neither marked, next[pred]
 *                       == curr) or unlock and retry.  remove marks curr
 *                       before it unlinks it.
 *   contains(k, res)    traverse without locks; present if found and
 *                       not marked (wait-free).
 * Buggy method (lock left out):
 *   remove_bug(k, res)  does not lock curr: an add can link its node
 *                       behind curr while curr is being unlinked, and
 *                       that node is lost.
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

#define HEAD        0
#define TAIL        1
#define FIRST_NODE  2
#define NN          (2 + NALLOC)

byte key[NN];
byte next[NN];
bool lck[NN];           /* per-node locks */
bool marked[NN];        /* logically deleted */

#define DS_LOCALS       byte pred, curr
#define DS_INIT_LOCALS  byte n, steps

inline lock(n)   { atomic { !lck[n] -> lck[n] = true } }
inline unlock(n) { lck[n] = false }

inline ds_init()
{
    key[HEAD] = 0;
    key[TAIL] = KMAX + 1;
    next[HEAD] = TAIL
}

/* fin[k] := how often k is in the list, unmarked */
inline ds_abstract()
{
    n = next[HEAD];
    steps = 0;
    do
    :: n != TAIL && steps < NN ->
        if
        :: !marked[n] -> fin[key[n]]++
        :: else
        fi;
        n = next[n];
        steps++
    :: else -> break
    od;
    n = 0;
    steps = 0
}

/* pred, curr := the nodes with key[pred] < k <= key[curr], no locks */
inline locate(k)
{
    pred = HEAD;
    curr = next[pred];
    do
    :: key[curr] < k -> pred = curr; curr = next[curr]
    :: else -> break
    od
}

inline add(k, res)
{
    do
    :: locate(k);
        lock(pred);
        lock(curr);
        if
        :: !marked[pred] && !marked[curr] && next[pred] == curr ->
            if
            :: key[curr] == k -> res = false
            :: else ->
                key[mine] = k;
                next[mine] = curr;
                next[pred] = mine;  /* linked in */
                mine++;
                res = true
            fi;
            unlock(curr);
            unlock(pred);
            break
        :: else ->                  /* validation failed: retry */
            unlock(curr);
            unlock(pred)
        fi
    od
}

inline remove(k, res)
{
    do
    :: locate(k);
        lock(pred);
        lock(curr);
        if
        :: !marked[pred] && !marked[curr] && next[pred] == curr ->
            if
            :: key[curr] == k ->
                marked[curr] = true;        /* logically removed */
                next[pred] = next[curr];    /* unlinked */
                res = true
            :: else -> res = false
            fi;
            unlock(curr);
            unlock(pred);
            break
        :: else ->
            unlock(curr);
            unlock(pred)
        fi
    od
}

inline remove_bug(k, res)
{
    do
    :: locate(k);
        lock(pred);                 /* BUG: curr is not locked */
        if
        :: !marked[pred] && !marked[curr] && next[pred] == curr ->
            if
            :: key[curr] == k ->
                marked[curr] = true;
                next[pred] = next[curr];
                res = true
            :: else -> res = false
            fi;
            unlock(pred);
            break
        :: else ->
            unlock(pred)
        fi
    od
}

inline contains(k, res)
{
    locate(k);
    res = (key[curr] == k && !marked[curr])
}
