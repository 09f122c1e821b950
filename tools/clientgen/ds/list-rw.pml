/*
 * tools/clientgen/ds/list-rw.pml -- spore-clientgen fragment: a set of
 * small integers as a sorted linked list guarded by one readers-writer
 * lock (coarse-grained locking).  The methods are those of
 * models/ds/list-rw.pml, without its fixed client and final check.
 *
 * clientgen: adt=set ops=add,remove,contains alloc=add bug=add dmax=8
 *
 * Node n has key[n] and next[n]; HEAD and TAIL are sentinels; each
 * client thread owns the nodes it allocates (`mine', set by the
 * generator) and removed nodes are never reused.
 *   add(k, res)       write lock; find k; insert a node if absent
 *   remove(k, res)    write lock; find k; unlink it if present
 *   contains(k, res)  read lock; find k
 * Buggy method (lock moved):
 *   add_bug(k, res)   releases the write lock after the search, before
 *                     it links its node: a concurrent add or remove at
 *                     the same place is overwritten (a lost update).
 *
 * The fragment contract (every file in this folder; see
 * spore-clientgen(1)): the generator defines KMAX (values are 1..KMAX),
 * NALLOC (calls that may allocate a node) and NFIN, and declares
 * `byte fin[NFIN]'; the fragment defines FIRST_NODE (the first node a
 * thread may own), DS_LOCALS (declarations of the locals the methods
 * use), DS_INIT_LOCALS (those of init), inline ds_init() (a d_step body
 * that builds the empty structure), inline ds_abstract() (a d_step body
 * run once every thread has ended: fin := the abstract contents; it
 * resets init's locals to 0), and one inline per method.
 */

#define HEAD        0
#define TAIL        1
#define FIRST_NODE  2
#define NN          (2 + NALLOC)

byte key[NN];
byte next[NN];

byte readers;           /* the readers-writer lock */
bool writer;

#define DS_LOCALS       byte pred, curr
#define DS_INIT_LOCALS  byte n, steps

inline read_lock()    { atomic { !writer -> readers++ } }
inline read_unlock()  { readers-- }
inline write_lock()   { atomic { !writer && readers == 0 -> writer = true } }
inline write_unlock() { writer = false }

inline ds_init()
{
    key[HEAD] = 0;
    key[TAIL] = KMAX + 1;
    next[HEAD] = TAIL
}

/* fin[k] := how often k is in the list (a bounded walk: a broken list
   shows up as a count other than 0 or 1) */
inline ds_abstract()
{
    n = next[HEAD];
    steps = 0;
    do
    :: n != TAIL && steps < NN ->
        fin[key[n]]++;
        n = next[n];
        steps++
    :: else -> break
    od;
    n = 0;
    steps = 0
}

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
    write_lock();
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
    write_unlock()
}

inline add_bug(k, res)
{
    write_lock();
    locate(k);
    write_unlock();                 /* BUG: released before linking */
    if
    :: key[curr] == k -> res = false
    :: else ->
        key[mine] = k;
        next[mine] = curr;
        next[pred] = mine;
        mine++;
        res = true
    fi
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
    write_unlock()
}

inline contains(k, res)
{
    read_lock();
    locate(k);
    res = (key[curr] == k);
    read_unlock()
}
