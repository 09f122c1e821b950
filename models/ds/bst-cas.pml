/*
 * bst-cas.pml -- a lock-free binary-search-tree set built with
 * compare-and-set (CAS), with a bounded client of three threads.
 *
 * Nodes are array entries: key[n], children left[n] and right[n]
 * (0 = none) and a deletion flag del[n].  Node ROOT is a sentinel with a
 * key larger than every key, so the tree proper is its left subtree.
 * Removal is logical: a node is never unlinked, remove sets del[n] by
 * CAS and a later add of the same key clears it again by CAS.
 *   add(k)       walk down; if a node with key k is found, CAS its del
 *                flag from true to false (success: added; failure: it
 *                was present).  Otherwise, at the empty child slot, CAS
 *                the slot from 0 to a fresh node holding k; if the CAS
 *                fails somebody linked a node there first: continue the
 *                walk from the same node.
 *   remove(k)    walk down; if a node with key k is found, CAS del from
 *                false to true (success: removed; failure: was absent).
 *   contains(k)  walk down; present if found and not deleted.
 * CAS is one indivisible step: `inline CAS' is a d_step.
 *
 * Client (T = 3 threads, 2 calls each; set initially {2}):
 *   t0: add(1); contains(3)     t1: add(3); remove(1)
 *   t2: add(1); remove(2)
 * Check (init, after all threads have ended): search order holds at
 * every reachable node, and for every key k the number of reachable,
 * undeleted nodes with key k equals initial(k) + successful adds -
 * successful removes (so it is 0 or 1).
 *
 * Buggy variant (-DBUG, file bst-cas-bug.pml): for k == BUGKEY (default
 * 1) add links its node with a plain read and a plain write instead of a
 * CAS.  Two add(1) calls can then both see the empty slot and both
 * link a node there; one overwrites the other: both return true but 1
 * is in the tree only once.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/bst-cas.pml
 *              spore -DBUG models/ds/bst-cas.pml
 */

#define T       3               /* client threads */
#define CALLS   2               /* calls per thread (nodes per thread) */
#define KMAX    3               /* keys are 1..KMAX */
#define NIL     0
#define ROOT    1
#define NN      (2 + 1 + T * CALLS)     /* nil, root, initial, per thread */
#ifndef BUGKEY
#define BUGKEY  1
#endif

byte key[NN];
byte left[NN];
byte right[NN];
bool del[NN];

byte nadd[KMAX + 1];    /* successful adds of each key */
byte nrem[KMAX + 1];    /* successful removes of each key */
bool initially[KMAX + 1];
bool reach[NN];         /* used by the final check only */

/* compare-and-set, one atomic step */
inline CAS(loc, old, new, ok)
{
    d_step {
        if
        :: loc == old -> loc = new; ok = true
        :: else -> ok = false
        fi
    }
}

/* walk down from ROOT: stops at n with key[n] == k or with an empty
   child slot in k's direction (child == NIL) */
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
inline link(k, ok)
{
#ifdef BUG
    if
    :: k == BUGKEY ->           /* BUG: read, then write: not atomic */
        if
        :: key[n] > k ->
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
    :: else ->
#endif
        if
        :: key[n] > k -> CAS(left[n], NIL, mine, ok)
        :: else -> CAS(right[n], NIL, mine, ok)
        fi
#ifdef BUG
    fi
#endif
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
            link(k, ok);
            if
            :: ok -> mine++; res = true; break
            :: else             /* lost the race for the slot: retry */
            fi
        fi
    od;
    nadd[k] = nadd[k] + res
}

inline remove(k, res)
{
    walk(k);
    if
    :: key[n] == k -> CAS(del[n], false, true, res)
    :: else -> res = false
    fi;
    nrem[k] = nrem[k] + res
}

inline contains(k, res)
{
    walk(k);
    res = (key[n] == k && !del[n])
}

proctype client(byte t)
{
    byte n, child;
    byte mine = 3 + t * CALLS;  /* next node this thread may allocate */
    bool res, ok;

    if
    :: t == 0 -> add(1, res); contains(3, res)
    :: t == 1 -> add(3, res); remove(1, res)
    :: t == 2 -> add(1, res); remove(2, res)
    fi
}

init {
    byte n, k, cnt;

    d_step {                    /* ROOT with left child 2 */
        key[ROOT] = KMAX + 1;
        key[2] = 2;
        left[ROOT] = 2;
        initially[2] = true
    }
    atomic {
        run client(0);
        run client(1);
        run client(2)
    }
    (_nr_pr == 1);              /* join: every client has ended */
    d_step {
        /* reachability from ROOT (a fixpoint, NN rounds) */
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
        /* search order at every reachable node */
        for (n : 1 .. NN - 1) {
            assert(!reach[n] || left[n] == NIL || key[left[n]] < key[n]);
            assert(!reach[n] || right[n] == NIL || key[right[n]] > key[n])
        }
        /* each key: present as often as added minus removed */
        for (k : 1 .. KMAX) {
            cnt = 0;
            for (n : 2 .. NN - 1) {
                if
                :: reach[n] && key[n] == k && !del[n] -> cnt++
                :: else
                fi
            }
            assert(cnt == initially[k] + nadd[k] - nrem[k])
        }
        n = 0; k = 0; cnt = 0
    }
}
