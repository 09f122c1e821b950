/*
 * stack-treiber.pml -- Treiber's lock-free stack (1986) with a bounded
 * client of three threads.
 *
 * Nodes are array entries: value val[n] and the node below, nxt[n]
 * (0 = none); `top' is the top node.  Each thread owns the nodes it
 * pushes and nodes are never reused (so no ABA problem here).
 *   push(v)  repeat: read top, point the new node at it, CAS top from
 *            the value read to the new node.
 *   pop()    repeat: read top; if none return EMPTY (0); read its
 *            successor; CAS top from the node read to the successor;
 *            on success return the node's value.
 * CAS is one indivisible step (`inline CAS', a d_step).
 *
 * Client (T = 3 threads):
 *   t0: push(1); push(2)    t1: push(3); pop()    t2: pop(); pop()
 * Check (init, after all threads have ended): every value pushed was
 * popped exactly once or is still on the stack exactly once, and if
 * both 1 and 2 are still on the stack, 2 is above 1.
 *
 * Buggy variant (-DBUG, file stack-treiber-bug.pml): push(v) for
 * v == BUGVAL (default 3) updates top with a plain read and write
 * instead of a CAS, so it can overwrite another push or pop made in
 * between: a value is lost or popped twice.
 *
 * Result:      spore and SPIN: VERIFIED; the buggy variant VIOLATED
 *              (assertion).
 * Run:         spore models/ds/stack-treiber.pml
 *              spore -DBUG models/ds/stack-treiber.pml
 */

#define NIL     0
#define EMPTY   0
#define NN      (1 + 3)         /* nil, one per push */
#define NGOT    3               /* number of pop calls */
#define VMAX    3               /* values are 1..VMAX */
#ifndef BUGVAL
#define BUGVAL  3
#endif

byte val[NN];
byte nxt[NN];
byte top;

byte got[NGOT];                 /* what each pop call returned */

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

inline push(v)
{
    val[mine] = v;              /* the new node, still private */
    do
    :: t = top;
        nxt[mine] = t;
#ifdef BUG
        if
        :: v == BUGVAL ->       /* BUG: read, then write: not atomic */
            if
            :: top == t -> top = mine; ok = true
            :: else -> ok = false
            fi
        :: else -> CAS(top, t, mine, ok)
        fi;
#else
        CAS(top, t, mine, ok);
#endif
        if
        :: ok -> break
        :: else
        fi
    od;
    mine++
}

inline pop(res)
{
    do
    :: t = top;
        if
        :: t == NIL -> res = EMPTY; break
        :: else ->
            n = nxt[t];
            CAS(top, t, n, ok);
            if
            :: ok -> res = val[t]; break
            :: else
            fi
        fi
    od
}

proctype client(byte id)
{
    byte t, n;
    byte mine = 1 + id * 2;     /* t0 owns nodes 1, 2; t1 owns node 3 */
    bool ok;

    if
    :: id == 0 -> push(1); push(2)
    :: id == 1 -> push(3); pop(got[0])
    :: id == 2 -> pop(got[1]); pop(got[2])
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
            n = top;            /* still on the stack (at most NN nodes) */
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
        /* LIFO for 1 then 2: depth from the top (0: not there) */
        pos1 = 0; pos2 = 0;
        n = top;
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
        assert(pos1 == 0 || pos2 == 0 || pos2 < pos1);
        n = 0; v = 0; cnt = 0; pos1 = 0; pos2 = 0
    }
}
