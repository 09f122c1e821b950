/*
 * list-rw.pml -- a set of small integers as a sorted linked list guarded
 * by one readers-writer lock (coarse-grained locking), with a bounded
 * client of three threads.
 *
 * The list lives in arrays: node n has key[n] and next[n].  Node HEAD
 * is a sentinel smaller than every key, node TAIL one larger than every
 * key.  Each client thread owns the nodes it may allocate, so there is
 * no shared allocator, and removed nodes are never reused.
 *   add(k)       write lock; find k; insert a node if absent
 *   remove(k)    write lock; find k; unlink it if present
 *   contains(k)  read lock; find k
 * Each method is an `inline' whose shared reads and writes are separate
 * steps.
 *
 * Client (T = 3 threads, 2 calls each; set initially {2}):
 *   t0: add(1); remove(2)     t1: add(1); contains(1)
 *   t2: remove(1); add(2)
 * Check (init, after all threads have ended): the list is sorted
 * without duplicates and, for every key k, "k is in the list" equals
 * initial(k) + successful adds of k - successful removes of k.  Every
 * linearizable execution satisfies this; it is the final-state part of
 * "consistent with some sequential order".
 *
 * Buggy variant (-DBUG, file list-rw-bug.pml): add takes the READ lock
 * instead of the write lock when k == BUGKEY (default 1), so two adds
 * of that key can run together and both insert it.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/list-rw.pml
 *              spore -DBUG models/ds/list-rw.pml
 */

#define T       3               /* client threads */
#define CALLS   2               /* calls per thread (nodes per thread) */
#define KMAX    3               /* keys are 1..KMAX */
#define HEAD    0
#define TAIL    1
#define NN      (2 + 1 + T * CALLS)     /* sentinels, initial, per thread */
#ifndef BUGKEY
#define BUGKEY  1
#endif

byte key[NN];
byte next[NN];

byte readers;           /* the readers-writer lock */
bool writer;

byte nadd[KMAX + 1];    /* successful adds of each key */
byte nrem[KMAX + 1];    /* successful removes of each key */
bool initially[KMAX + 1];

inline read_lock()    { atomic { !writer -> readers++ } }
inline read_unlock()  { readers-- }
inline write_lock()   { atomic { !writer && readers == 0 -> writer = true } }
inline write_unlock() { writer = false }

/* pred, curr := the nodes with key[pred] < k <= key[curr] */
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
#ifdef BUG
    if
    :: k == BUGKEY -> read_lock()   /* BUG: shared lock for a write */
    :: else -> write_lock()
    fi;
#else
    write_lock();
#endif
    locate(k);
    if
    :: key[curr] == k -> res = false
    :: else ->
        key[mine] = k;
        next[mine] = curr;
        next[pred] = mine;          /* linked in */
        mine++;
        res = true
    fi;
#ifdef BUG
    if
    :: k == BUGKEY -> read_unlock()
    :: else -> write_unlock()
    fi;
#else
    write_unlock();
#endif
    nadd[k] = nadd[k] + res
}

inline remove(k, res)
{
    write_lock();
    locate(k);
    if
    :: key[curr] == k ->
        next[pred] = next[curr];    /* unlinked */
        res = true
    :: else -> res = false
    fi;
    write_unlock();
    nrem[k] = nrem[k] + res
}

inline contains(k, res)
{
    read_lock();
    locate(k);
    res = (key[curr] == k);
    read_unlock()
}

proctype client(byte t)
{
    byte pred, curr;
    byte mine = 3 + t * CALLS;  /* next node this thread may allocate */
    bool res;

    if
    :: t == 0 -> add(1, res); remove(2, res)
    :: t == 1 -> add(1, res); contains(1, res)
    :: t == 2 -> remove(1, res); add(2, res)
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
        /* sorted, no duplicates, no cycle */
        n = next[HEAD];
        k = 0;
        steps = 0;
        do
        :: n != TAIL ->
            assert(key[n] > k && steps < NN);
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
