/*
 * tools/clientgen/ds/stack-treiber.pml -- spore-clientgen fragment:
 * Treiber's lock-free stack (1986).  The methods are those of
 * models/ds/stack-treiber.pml, without its fixed client and final check.
 *
 * clientgen: adt=stack ops=push,pop alloc=push bug=push dmax=8
 *
 * Nodes are array entries: value val[n] and the node below, nxt[n]
 * (0 = none); `top' is the top node.  Each thread owns the nodes it
 * pushes; nodes are never reused (so no ABA problem).
 *   push(v)     repeat: read top, point the new node at it, CAS top from
 *               the value read to the new node.
 *   pop(res)    repeat: read top; if none, res := EMPTY (0); read its
 *               successor; CAS top to it; on success res := its value.
 * CAS is one indivisible step (a d_step).
 * Buggy method (CAS replaced by a read and a write):
 *   push_bug(v) updates top with a plain test and write: a push or pop
 *               made in between is overwritten (a value lost or popped
 *               twice).
 *
 * The fragment contract is in list-rw.pml and spore-clientgen(1).
 */

#define NIL         0
#define EMPTY       0
#define FIRST_NODE  1
#define NN          (1 + NALLOC)        /* nil, one per push */

byte val[NN];
byte nxt[NN];
byte top;

#define DS_LOCALS       byte t, n; bool ok
#define DS_INIT_LOCALS  byte n, cnt

inline ds_init()
{
    skip
}

/* fin[0..] := the values from the top down, then zeros (bounded walk) */
inline ds_abstract()
{
    n = top;
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

inline push(v)
{
    val[mine] = v;              /* the new node, still private */
    do
    :: t = top;
        nxt[mine] = t;
        CAS(top, t, mine, ok);
        if
        :: ok -> break
        :: else
        fi
    od;
    mine++
}

inline push_bug(v)
{
    val[mine] = v;
    do
    :: t = top;
        nxt[mine] = t;
        if                      /* BUG: read, then write: not atomic */
        :: top == t -> top = mine; ok = true
        :: else -> ok = false
        fi;
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
