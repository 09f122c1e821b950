/*
 * tools/clientgen/ds/bst-cas.pml -- spore-clientgen fragment: a
 * lock-free binary-search-tree set built with compare-and-set (CAS).
 * The methods are those of models/ds/bst-cas.pml, without its fixed
 * client and final check.
 *
 * clientgen: adt=set ops=add,remove,contains alloc=add bug=add dmax=8
 *
 * Nodes are array entries: key[n], children left[n] and right[n] (0 =
 * none) and a deletion flag del[n].  Node ROOT is a sentinel larger than
 * every key.  Removal is logical (remove sets del by CAS, a later add of
 * the key clears it by CAS); nodes are never unlinked.
 *   add(k, res)       walk down; if k's node exists, CAS del from true
 *                     to false; else CAS the empty child slot from 0 to
 *                     a fresh node (on failure, walk on from there).
 *   remove(k, res)    walk down; CAS del of k's node from false to true.
 *   contains(k, res)  walk down; present if found and not deleted.
 * CAS is one indivisible step (a d_step).
 * Buggy method (CAS replaced by a read and a write):
 *   add_bug(k, res)   links its node with a plain test of the slot and a
 *                     plain write: a node another add linked in between
 *                     is overwritten and lost.
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

#define NIL         0
#define ROOT        1
#define FIRST_NODE  2
#define NN          (2 + NALLOC)

byte key[NN];
byte left[NN];
byte right[NN];
bool del[NN];
bool reach[NN];         /* used by ds_abstract only */

#define DS_LOCALS       byte n, child; bool ok
#define DS_INIT_LOCALS  byte n, cnt

inline ds_init()
{
    key[ROOT] = KMAX + 1
}

/* fin[k] := reachable, undeleted nodes with key k (reachability as a
   fixpoint of NN rounds) */
inline ds_abstract()
{
    reach[ROOT] = true;
    for (cnt : 1 .. NN) {
        for (n : 1 .. NN - 1) {
            if
            :: reach[n] ->
                reach[left[n]] = true;
                reach[right[n]] = true
            :: else
            fi
        }
    }
    for (n : FIRST_NODE .. NN - 1) {
        if
        :: reach[n] && !del[n] -> fin[key[n]]++
        :: else
        fi
    }
    n = 0;
    cnt = 0
}

/* compare-and-set, one atomic step */
inline CAS(loc, old, new, okv)
{
    d_step {
        if
        :: loc == old -> loc = new; okv = true
        :: else -> okv = false
        fi
    }
}

/* walk down from ROOT: stops at n with key[n] == k or with an empty
   child slot in k's direction */
inline walk(k)
{
    n = ROOT;
    do
    :: key[n] == k -> break
    :: key[n] > k ->
        child = left[n];
        if
        :: child != NIL -> n = child
        :: else -> break
        fi
    :: key[n] < k ->
        child = right[n];
        if
        :: child != NIL -> n = child
        :: else -> break
        fi
    od
}

/* link node `mine' into the empty slot below n; ok: it worked */
inline link(k)
{
    if
    :: key[n] > k -> CAS(left[n], NIL, mine, ok)
    :: else -> CAS(right[n], NIL, mine, ok)
    fi
}

inline link_bug(k)
{
    if
    :: key[n] > k ->                /* BUG: read, then write */
        if
        :: left[n] == NIL -> left[n] = mine; ok = true
        :: else -> ok = false
        fi
    :: else ->
        if
        :: right[n] == NIL -> right[n] = mine; ok = true
        :: else -> ok = false
        fi
    fi
}

inline add(k, res)
{
    key[mine] = k;              /* the new node, still private */
    do
    :: walk(k);
        if
        :: key[n] == k ->       /* present or logically deleted */
            CAS(del[n], true, false, res);
            break
        :: else ->
            link(k);
            if
            :: ok -> mine++; res = true; break
            :: else             /* lost the race for the slot: retry */
            fi
        fi
    od
}

inline add_bug(k, res)
{
    key[mine] = k;
    do
    :: walk(k);
        if
        :: key[n] == k ->
            CAS(del[n], true, false, res);
            break
        :: else ->
            link_bug(k);
            if
            :: ok -> mine++; res = true; break
            :: else
            fi
        fi
    od
}

inline remove(k, res)
{
    walk(k);
    if
    :: key[n] == k -> CAS(del[n], false, true, res)
    :: else -> res = false
    fi
}

inline contains(k, res)
{
    walk(k);
    res = (key[n] == k && !del[n])
}
