/*
 * tools/clientgen/ds/queue-ms.pml -- spore-clientgen fragment: the
 * Michael-Scott lock-free FIFO queue (PODC 1996).  The methods are those
 * of models/ds/queue-ms.pml, without its fixed client and final check.
 *
 * clientgen: adt=queue ops=enqueue,dequeue alloc=enqueue bug=enqueue dmax=8
 *
 * Nodes are array entries: value val[n] and successor nxt[n] (0 = none).
 * Head points at a dummy node whose successor holds the first value;
 * Tail points at the last node or, for a moment, the one before it.
 * Every thread owns the nodes it enqueues; nodes are never reused.
 *   enqueue(v)      read Tail and its successor; if Tail has not moved
 *                   and the successor is empty, CAS the new node into it
 *                   and try to swing Tail; otherwise help Tail forward
 *                   and retry.
 *   dequeue(res)    res := the first value, or EMPTY (0) if the queue
 *                   is empty; helps a lagging Tail.
 * CAS is one indivisible step (a d_step; CAS_ ignores its result).
 * Buggy method (CAS replaced by a read and a write):
 *   enqueue_bug(v)  appends with a plain test and write of the
 *                   successor: a node another enqueue linked in between
 *                   is overwritten and its value lost.
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

#define NIL         0
#define EMPTY       0
#define FIRST_NODE  2
#define NN          (2 + NALLOC)        /* nil, first dummy, one per enqueue */

byte val[NN];
byte nxt[NN];
byte Head = 1, Tail = 1;                /* node 1 is the first dummy */

#define DS_LOCALS       byte h, t, nx; bool ok
#define DS_INIT_LOCALS  byte n, cnt

inline ds_init()
{
    skip
}

/* fin[0..] := the values from the front, then zeros (a bounded walk) */
inline ds_abstract()
{
    n = nxt[Head];
    cnt = 0;
    do
    :: n != NIL && cnt < NFIN ->
        fin[cnt] = val[n];
        n = nxt[n];
        cnt++
    :: else -> break
    od;
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

/* compare-and-set whose result is ignored (helping Tail along) */
inline CAS_(loc, old, new)
{
    d_step {
        if
        :: loc == old -> loc = new
        :: else
        fi
    }
}

inline enqueue(v)
{
    val[mine] = v;              /* the new node, still private */
    do
    :: t = Tail;
        nx = nxt[t];
        if
        :: t == Tail ->
            if
            :: nx == NIL ->
                CAS(nxt[t], NIL, mine, ok);
                if
                :: ok ->
                    CAS_(Tail, t, mine);        /* may fail: helped */
                    break
                :: else
                fi
            :: else ->
                CAS_(Tail, t, nx)               /* help a slow enqueue */
            fi
        :: else
        fi
    od;
    mine++
}

inline enqueue_bug(v)
{
    val[mine] = v;
    do
    :: t = Tail;
        nx = nxt[t];
        if
        :: t == Tail ->
            if
            :: nx == NIL ->
                if                              /* BUG: read, then write */
                :: nxt[t] == NIL -> nxt[t] = mine; ok = true
                :: else -> ok = false
                fi;
                if
                :: ok ->
                    CAS_(Tail, t, mine);
                    break
                :: else
                fi
            :: else ->
                CAS_(Tail, t, nx)
            fi
        :: else
        fi
    od;
    mine++
}

inline dequeue(res)
{
    do
    :: h = Head;
        t = Tail;
        nx = nxt[h];
        if
        :: h == Head ->
            if
            :: h == t ->
                if
                :: nx == NIL -> res = EMPTY; break
                :: else -> CAS_(Tail, t, nx)    /* Tail lags: help */
                fi
            :: else ->
                res = val[nx];
                CAS(Head, h, nx, ok);
                if
                :: ok -> break
                :: else
                fi
            fi
        :: else
        fi
    od
}
