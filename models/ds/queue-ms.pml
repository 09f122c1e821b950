/*
 * queue-ms.pml -- the Michael-Scott lock-free FIFO queue (PODC 1996)
 * with a bounded client of three threads.
 *
 * Nodes are array entries: value val[n] and successor nxt[n] (0 = none).
 * Head points at a dummy node whose successor holds the first value;
 * Tail points at the last node or, for a moment, the one before it.
 * Every thread owns the nodes it enqueues, and nodes are never reused,
 * so the ABA problem cannot occur here.
 *   enqueue(v)  read Tail and its successor; if Tail has not moved and
 *               the successor is empty, CAS the new node into it and then
 *               try to swing Tail to it; if the successor is not empty,
 *               help by swinging Tail forward, and retry.
 *   dequeue()   read Head, Tail and Head's successor; if the queue is
 *               empty return EMPTY (0); if Tail lags behind, help it;
 *               otherwise read the value and CAS Head forward.
 * CAS is one indivisible step (`inline CAS', a d_step; CAS_ is the
 * same without a result, for the "help Tail along" CASes whose outcome
 * does not matter.  Writing their result into `ok' would be equivalent,
 * but then SPIN and spore count states differently:
 * notes/diff-failures/models-queue-ms.txt).
 *
 * Client (T = 3 threads):
 *   t0: enqueue(1); enqueue(2)    t1: enqueue(3); dequeue()
 *   t2: dequeue(); dequeue()
 * Check (init, after all threads have ended): every value enqueued is
 * either dequeued exactly once or still in the queue exactly once,
 * nothing else was dequeued, and the FIFO order of t0's values 1, 2 is
 * kept (in the queue, and in what t2 got).
 *
 * Buggy variant (-DBUG, file queue-ms-bug.pml): enqueue(v) for
 * v == BUGVAL (default 3) appends with a plain read and write of the
 * successor instead of a CAS.  It can then overwrite the link another
 * enqueue has just made: that value is lost.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/queue-ms.pml
 *              spore -DBUG models/ds/queue-ms.pml
 */

#define NIL     0
#define EMPTY   0
#define NN      (2 + 3)         /* nil, first dummy, one per enqueue */
#define NGOT    3               /* number of dequeue calls */
#define VMAX    3               /* values are 1..VMAX */
#ifndef BUGVAL
#define BUGVAL  3
#endif

byte val[NN];
byte nxt[NN];
byte Head = 1, Tail = 1;        /* node 1 is the first dummy */

byte got[NGOT];                 /* what each dequeue call returned */

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

inline append(v, ok)
{
#ifdef BUG
    if
    :: v == BUGVAL ->           /* BUG: read, then write: not atomic */
        if
        :: nxt[t] == NIL -> nxt[t] = mine; ok = true
        :: else -> ok = false
        fi
    :: else -> CAS(nxt[t], NIL, mine, ok)
    fi
#else
    CAS(nxt[t], NIL, mine, ok)
#endif
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
                append(v, ok);
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

proctype client(byte id)
{
    byte h, t, nx;
    byte mine = 2 + id * 2;     /* t0 owns nodes 2, 3; t1 owns node 4 */
    bool ok;

    if
    :: id == 0 -> enqueue(1); enqueue(2)
    :: id == 1 -> enqueue(3); dequeue(got[0])
    :: id == 2 -> dequeue(got[1]); dequeue(got[2])
    fi
}

init {
    byte n, v, cnt, pos1, pos2;

    atomic {
        run client(0);
        run client(1);
        run client(2)
    }
    (_nr_pr == 1);              /* join: every client has ended */
    d_step {
        for (v : 1 .. VMAX) {
            cnt = 0;
            for (n : 0 .. NGOT - 1) {
                if
                :: got[n] == v -> cnt++
                :: else
                fi
            }
            /* still queued: walk from the dummy (at most NN nodes) */
            n = nxt[Head];
            pos1 = 0;
            do
            :: n != NIL && pos1 < NN ->
                if
                :: val[n] == v -> cnt++
                :: else
                fi;
                n = nxt[n];
                pos1++
            :: else -> break
            od;
            assert(cnt == 1)
        }
        /* FIFO for 1 then 2: position in the queue (0: not there) */
        pos1 = 0; pos2 = 0;
        n = nxt[Head];
        cnt = 1;
        do
        :: n != NIL && cnt <= NN ->
            if
            :: val[n] == 1 -> pos1 = cnt
            :: val[n] == 2 -> pos2 = cnt
            :: else
            fi;
            n = nxt[n];
            cnt++
        :: else -> break
        od;
        assert(pos1 == 0 || pos2 == 0 || pos1 < pos2);
        assert(pos1 == 0 || pos2 != 0);     /* 2 gone but 1 still there */
        assert(!(got[1] == 2 && got[2] == 1));
        n = 0; v = 0; cnt = 0; pos1 = 0; pos2 = 0
    }
}
