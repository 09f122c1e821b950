/*
 * list-opt.pml -- an optimistic sorted linked-list set with fine-grained
 * locks and a wait-free contains (the "lazy list" of Heller et al. 2005,
 * Herlihy and Shavit ch. 9), with a bounded client of three threads.
 *
 * Nodes are array entries (key[n], next[n], a lock lck[n] and a mark
 * marked[n]); HEAD and TAIL are sentinels; each thread owns the nodes
 * it allocates and removed nodes are never reused.
 *   add/remove(k)  traverse WITHOUT locks to pred, curr (key[pred] < k
 *                  <= key[curr]); lock pred, then curr; validate that
 *                  neither is marked and next[pred] == curr; if not,
 *                  unlock and start again.  remove marks curr (logical
 *                  deletion) before unlinking it.
 *   contains(k)    traverse without locks; k is in the set if the node
 *                  found has key k and is not marked.  No lock, no
 *                  retry: wait-free.
 *
 * Client (T = 3 threads, 2 calls each; set initially {2}):
 *   t0: remove(2); contains(3)    t1: add(3); remove(1)
 *   t2: add(1); contains(2)
 * Check (init, after all threads have ended): the list is sorted
 * without duplicates and, for every key k, "k is in the list" equals
 * initial(k) + successful adds - successful removes (a consequence of
 * linearizability for the final state).
 *
 * Buggy variant (-DBUG, file list-opt-bug.pml): remove(k) does not lock
 * curr when k == BUGKEY (default 2).  Then add(3) can validate and link
 * its node behind node 2 while remove(2), which has read next[2] already,
 * unlinks node 2: add(3) returns true but 3 is lost.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/list-opt.pml
 *              spore -DBUG models/ds/list-opt.pml
 */

#define T       3               /* client threads */
#define CALLS   2               /* calls per thread (nodes per thread) */
#define KMAX    3               /* keys are 1..KMAX */
#define HEAD    0
#define TAIL    1
#define NN      (2 + 1 + T * CALLS)     /* sentinels, initial, per thread */
#ifndef BUGKEY
#define BUGKEY  2
#endif

byte key[NN];
byte next[NN];
bool lck[NN];           /* per-node locks */
bool marked[NN];        /* logically deleted */

byte nadd[KMAX + 1];    /* successful adds of each key */
byte nrem[KMAX + 1];    /* successful removes of each key */
bool initially[KMAX + 1];

inline lock(n)   { atomic { !lck[n] -> lck[n] = true } }
inline unlock(n) { lck[n] = false }

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
    od;
    nadd[k] = nadd[k] + res
}

inline remove(k, res)
{
    do
    :: locate(k);
        lock(pred);
#ifdef BUG
        if
        :: k != BUGKEY -> lock(curr)
        :: else                     /* BUG: curr left unlocked */
        fi;
#else
        lock(curr);
#endif
        if
        :: !marked[pred] && !marked[curr] && next[pred] == curr ->
            if
            :: key[curr] == k ->
                marked[curr] = true;        /* logically removed */
                next[pred] = next[curr];    /* unlinked */
                res = true
            :: else -> res = false
            fi;
#ifdef BUG
            if
            :: k != BUGKEY -> unlock(curr)
            :: else
            fi;
#else
            unlock(curr);
#endif
            unlock(pred);
            break
        :: else ->
#ifdef BUG
            if
            :: k != BUGKEY -> unlock(curr)
            :: else
            fi;
#else
            unlock(curr);
#endif
            unlock(pred)
        fi
    od;
    nrem[k] = nrem[k] + res
}

inline contains(k, res)
{
    locate(k);
    res = (key[curr] == k && !marked[curr])
}

proctype client(byte t)
{
    byte pred, curr;
    byte mine = 3 + t * CALLS;  /* next node this thread may allocate */
    bool res;

    if
    :: t == 0 -> remove(2, res); contains(3, res)
    :: t == 1 -> add(3, res); remove(1, res)
    :: t == 2 -> add(1, res); contains(2, res)
    fi
}

init {
    byte n, k, steps;

    d_step {                    /* the list HEAD -> 2 -> TAIL */
        key[HEAD] = 0;
        key[TAIL] = KMAX + 1;
        key[2] = 2;
        next[HEAD] = 2;
        next[2] = TAIL;
        initially[2] = true
    }
    atomic {
        run client(0);
        run client(1);
        run client(2)
    }
    (_nr_pr == 1);              /* join: every client has ended */
    d_step {
        /* sorted, no duplicates, no cycle, nothing marked */
        n = next[HEAD];
        k = 0;
        steps = 0;
        do
        :: n != TAIL ->
            assert(key[n] > k && steps < NN && !marked[n]);
            k = key[n];
            assert(initially[k] + nadd[k] - nrem[k] == 1);
            n = next[n];
            steps++
        :: else -> break
        od;
        /* keys not in the list: added as often as removed */
        for (k : 1 .. KMAX) {
            n = next[HEAD];
            do
            :: n != TAIL && key[n] != k -> n = next[n]
            :: else -> break
            od;
            assert(n != TAIL || initially[k] + nadd[k] - nrem[k] == 0)
        }
        n = 0; k = 0; steps = 0
    }
}
