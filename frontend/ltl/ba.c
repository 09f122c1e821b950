/*
 * frontend/ltl/ba.c -- LTL to Büchi automata (ltl_to_ba, ltl.h).
 *
 * 1. Negation normal form over TRUE, FALSE, literals, AND, OR, NEXT,
 *    UNTIL and RELEASE, hash-consed in a table so that equal subformulas
 *    share one id; the constructor applies the rewrite rules (unit and
 *    zero laws, idempotence, p && !p, X true, F F a = F a, G G a = G a,
 *    a U a = a, ...).
 * 2. A tableau in the manner of Gerth, Peled, Vardi and Wolper ("Simple
 *    on-the-fly automatic verification of linear temporal logic", 1995),
 *    with acceptance on transitions: a state is the set of formulas that
 *    must hold from the next position on (the initial state: the formula
 *    itself).  Expanding a state decomposes its formulas until only
 *    literals and next-obligations remain; each way to do so (a "cover")
 *    is one transition, guarded by its literals, to the state of its
 *    next-obligations.  A transition belongs to the acceptance set of
 *    a U b unless it postponed a U b (took the branch a && X(a U b)).
 *    A cover that another cover of the same state dominates (weaker
 *    guard, fewer obligations, no more postponed) is dropped.
 * 3. Degeneralisation with a counter: state (q, i) waits for acceptance
 *    set i; level k (the number of sets) is accepting.
 * 4. Simplification: states that reach no accepting cycle are removed;
 *    edges made redundant by an edge to an accepting state with a true
 *    self-loop are removed; edges between the same two states have their
 *    guards merged (subsumption, p && g || !p && g = g); bisimilar states
 *    are merged; repeated until nothing changes; the survivors are
 *    numbered breadth-first from the initial state.
 */
#include "config.h"

#include "frontend/ltl/ltl.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Bounds that keep a pathological formula from eating the machine. */
#define MAX_TGBA_STATES 4000
#define MAX_BA_STATES   20000
#define MAX_EDGES       200000      /* of the TGBA, and of the BA */
#define MAX_COVERS      10000       /* transitions out of one TGBA state */

typedef enum fkind {
    F_TRUE,
    F_FALSE,
    F_LIT,              /* a = proposition, b = 1 if negated */
    F_AND,
    F_OR,
    F_NEXT,
    F_UNTIL,
    F_RELEASE
} fkind;

typedef struct fnode {
    fkind    k;
    uint32_t a;
    uint32_t b;
} fnode;

enum { ID_TRUE = 0, ID_FALSE = 1 };

typedef struct tedge {          /* a transition of the generalized BA */
    uint32_t  src;
    uint32_t  dst;
    ltl_guard g;
    uint64_t  marks;            /* acceptance sets it belongs to */
} tedge;

typedef struct tr {
    fnode    *f;                /* the formula table */
    size_t    nf;
    size_t    capf;
    size_t    words;            /* bitset words over the table */
    uint32_t *uidx;             /* formula -> acceptance set, or -1 */
    uint32_t  nu;               /* number of acceptance sets */
    uint64_t *keys;             /* TGBA states: obligation sets */
    size_t    nstates;
    size_t    capstates;
    tedge    *edges;
    size_t    nedges;
    size_t    capedges;
    ltl_guard *cg;              /* covers of the state being expanded */
    uint64_t *cbits;            /* per cover: next set, pending set */
    size_t    ncov;
    size_t    capcov;
    size_t    capcbits;
    int       overflow;
} tr;

#define BIT(s, i) (((s)[(i) >> 6] >> ((i) & 63)) & 1u)
#define SET(s, i) ((s)[(i) >> 6] |= (uint64_t)1 << ((i) & 63))

/* ---- 1. the formula table -------------------------------------------- */

static uint32_t put(tr *t, fkind k, uint32_t a, uint32_t b)
{
    size_t i;

    for (i = 0; i < t->nf; i++) {
        if (t->f[i].k == k && t->f[i].a == a && t->f[i].b == b)
            return (uint32_t)i;
    }
    xgrow((void **)&t->f, &t->capf, t->nf + 1, sizeof t->f[0]);
    t->f[t->nf].k = k;
    t->f[t->nf].a = a;
    t->f[t->nf].b = b;
    return (uint32_t)t->nf++;
}

static int complementary(const tr *t, uint32_t a, uint32_t b)
{
    return t->f[a].k == F_LIT && t->f[b].k == F_LIT
           && t->f[a].a == t->f[b].a && t->f[a].b != t->f[b].b;
}

/* The node k(a, b), simplified. */
static uint32_t mk(tr *t, fkind k, uint32_t a, uint32_t b)
{
    switch (k) {
    case F_AND:
        if (a == ID_FALSE || b == ID_FALSE || complementary(t, a, b))
            return ID_FALSE;
        if (a == ID_TRUE || a == b)
            return b;
        if (b == ID_TRUE)
            return a;
        break;
    case F_OR:
        if (a == ID_TRUE || b == ID_TRUE || complementary(t, a, b))
            return ID_TRUE;
        if (a == ID_FALSE || a == b)
            return b;
        if (b == ID_FALSE)
            return a;
        break;
    case F_NEXT:
        if (a == ID_TRUE || a == ID_FALSE)
            return a;
        b = 0;
        break;
    case F_UNTIL:
        if (b == ID_TRUE || b == ID_FALSE || a == ID_FALSE || a == b)
            return b;
        if (a == ID_TRUE && t->f[b].k == F_UNTIL && t->f[b].a == ID_TRUE)
            return b;                           /* F F x = F x */
        break;
    case F_RELEASE:
        if (b == ID_TRUE || b == ID_FALSE || a == ID_TRUE || a == b)
            return b;
        if (a == ID_FALSE && t->f[b].k == F_RELEASE
            && t->f[b].a == ID_FALSE)
            return b;                           /* G G x = G x */
        break;
    default:
        break;
    }
    if ((k == F_AND || k == F_OR) && a > b) {
        uint32_t x = a;

        a = b;
        b = x;
    }
    return put(t, k, a, b);
}

/* Negation normal form of n, negated if neg. */
static uint32_t nnf(tr *t, const ltl_node *n, int neg)
{
    uint32_t a, b, c, d;

    switch (n->kind) {
    case LTL_TRUE:
        return neg ? ID_FALSE : ID_TRUE;
    case LTL_FALSE:
        return neg ? ID_TRUE : ID_FALSE;
    case LTL_PROP:
        return put(t, F_LIT, n->prop, neg ? 1 : 0);
    case LTL_NOT:
        return nnf(t, n->l, !neg);
    case LTL_AND:
    case LTL_OR:
        a = nnf(t, n->l, neg);
        b = nnf(t, n->r, neg);
        return mk(t, (n->kind == LTL_AND) != (neg != 0) ? F_AND : F_OR, a, b);
    case LTL_IMPLIES:                           /* !l || r */
        a = nnf(t, n->l, !neg);
        b = nnf(t, n->r, neg);
        return mk(t, neg ? F_AND : F_OR, a, b);
    case LTL_EQUIV:                 /* l && r || !l && !r, or the xor */
        a = nnf(t, n->l, 0);
        b = nnf(t, n->r, neg);
        c = nnf(t, n->l, 1);
        d = nnf(t, n->r, !neg);
        return mk(t, F_OR, mk(t, F_AND, a, b), mk(t, F_AND, c, d));
    case LTL_NEXT:
        return mk(t, F_NEXT, nnf(t, n->l, neg), 0);
    case LTL_ALWAYS:
        a = nnf(t, n->l, neg);
        return neg ? mk(t, F_UNTIL, ID_TRUE, a) : mk(t, F_RELEASE, ID_FALSE, a);
    case LTL_EVENTUALLY:
        a = nnf(t, n->l, neg);
        return neg ? mk(t, F_RELEASE, ID_FALSE, a) : mk(t, F_UNTIL, ID_TRUE, a);
    case LTL_UNTIL:
    case LTL_RELEASE:
        a = nnf(t, n->l, neg);
        b = nnf(t, n->r, neg);
        return mk(t, (n->kind == LTL_UNTIL) != (neg != 0) ? F_UNTIL
                                                          : F_RELEASE, a, b);
    case LTL_WEAK_UNTIL:
        /* l W r = r R (l || r);  !(l W r) = !r U (!l && !r) */
        a = nnf(t, n->l, neg);
        b = nnf(t, n->r, neg);
        if (neg)
            return mk(t, F_UNTIL, b, mk(t, F_AND, a, b));
        return mk(t, F_RELEASE, b, mk(t, F_OR, a, b));
    }
    return ID_FALSE;
}

/* Give each UNTIL reachable from root an acceptance set. */
static void number_untils(tr *t, uint32_t root)
{
    uint32_t *stack = xmalloc((t->nf + 1) * sizeof *stack);
    uint8_t *seen = xcalloc(t->nf, 1);
    size_t n = 0, i;

    t->uidx = xmalloc(t->nf * sizeof *t->uidx);
    for (i = 0; i < t->nf; i++)
        t->uidx[i] = UINT32_MAX;
    stack[n++] = root;
    seen[root] = 1;
    while (n > 0) {
        uint32_t id = stack[--n];
        const fnode *x = &t->f[id];

        if (x->k == F_UNTIL)
            t->uidx[id] = t->nu++;
        if (x->k >= F_AND) {
            if (!seen[x->a]) {
                seen[x->a] = 1;
                stack[n++] = x->a;
            }
            if (x->k != F_NEXT && !seen[x->b]) {
                seen[x->b] = 1;
                stack[n++] = x->b;
            }
        }
    }
    free(stack);
    free(seen);
}

/* ---- 2. the tableau -------------------------------------------------- */

static int guard_le(ltl_guard a, ltl_guard b)     /* a weaker or equal */
{
    return (a.pos & ~b.pos) == 0 && (a.neg & ~b.neg) == 0;
}

static int bits_le(const uint64_t *a, const uint64_t *b, size_t words)
{
    size_t i;

    for (i = 0; i < words; i++) {
        if (a[i] & ~b[i])
            return 0;
    }
    return 1;
}

/* Does cover i dominate (next, pend, g)? */
static int dominates(const tr *t, size_t i, ltl_guard g, const uint64_t *nb)
{
    const uint64_t *ib = t->cbits + i * 2 * t->words;

    return guard_le(t->cg[i], g) && bits_le(ib, nb, 2 * t->words);
}

/* Record a finished cover; bits holds the next set then the pending
 * set (2 * words). */
static void add_cover(tr *t, ltl_guard g, const uint64_t *bits)
{
    size_t i, j, w2 = 2 * t->words;

    if (t->ncov >= MAX_COVERS || t->ncov + t->nedges >= MAX_EDGES) {
        t->overflow = 1;
        return;
    }
    for (i = 0; i < t->ncov; i++) {
        if (dominates(t, i, g, bits))
            return;
    }
    for (i = j = 0; i < t->ncov; i++) {
        const uint64_t *ib = t->cbits + i * w2;

        if (guard_le(g, t->cg[i]) && bits_le(bits, ib, w2))
            continue;                           /* the new one wins */
        t->cg[j] = t->cg[i];
        memmove(t->cbits + j * w2, ib, w2 * sizeof *ib);
        j++;
    }
    t->ncov = j;
    xgrow((void **)&t->cg, &t->capcov, t->ncov + 1, sizeof t->cg[0]);
    xgrow((void **)&t->cbits, &t->capcbits, (t->ncov + 1) * w2,
          sizeof t->cbits[0]);
    t->cg[t->ncov] = g;
    memcpy(t->cbits + t->ncov * w2, bits, w2 * sizeof *bits);
    t->ncov++;
}

/* Decompose the formulas of todo (capacity 3 * nf + 4).  sets holds
 * three bitsets: done (decomposed on this path), next, pending. */
static void expand(tr *t, uint32_t *todo, size_t ntodo, uint64_t *sets,
                   ltl_guard g)
{
    size_t w = t->words, cap = 3 * t->nf + 4;
    uint64_t *done = sets, *nxt = sets + w, *pend = sets + 2 * w;

    while (ntodo > 0 && !t->overflow) {
        uint32_t id = todo[--ntodo];
        const fnode *n = &t->f[id];
        uint64_t m;
        uint32_t *todo1;
        uint64_t *sets1;
        size_t n1;

        if (BIT(done, id))
            continue;
        SET(done, id);
        switch (n->k) {
        case F_TRUE:
            break;
        case F_FALSE:
            return;
        case F_LIT:
            m = (uint64_t)1 << n->a;
            if ((n->b ? g.pos : g.neg) & m)
                return;
            if (n->b)
                g.neg |= m;
            else
                g.pos |= m;
            break;
        case F_AND:
            todo[ntodo++] = n->a;
            todo[ntodo++] = n->b;
            break;
        case F_NEXT:
            SET(nxt, n->a);
            break;
        case F_OR:
        case F_UNTIL:
        case F_RELEASE:
            if (n->k == F_OR && (BIT(done, n->a) || BIT(done, n->b)))
                break;                          /* holds already */
            if (n->k == F_UNTIL && BIT(done, n->b))
                break;
            if (n->k == F_RELEASE && BIT(done, n->a)) {
                todo[ntodo++] = n->b;
                break;
            }
            /* first way in a copy, the second way goes on here */
            todo1 = xmalloc(cap * sizeof *todo1);
            sets1 = xmalloc(3 * w * sizeof *sets1);
            memcpy(todo1, todo, ntodo * sizeof *todo1);
            memcpy(sets1, sets, 3 * w * sizeof *sets1);
            n1 = ntodo;
            if (n->k == F_OR) {
                todo1[n1++] = n->a;
                todo[ntodo++] = n->b;
            } else if (n->k == F_UNTIL) {       /* b now, or a and later */
                todo1[n1++] = n->b;
                todo[ntodo++] = n->a;
                SET(nxt, id);
                SET(pend, id);
            } else {                            /* a and b, or b and later */
                todo1[n1++] = n->a;
                todo1[n1++] = n->b;
                todo[ntodo++] = n->b;
                SET(nxt, id);
            }
            expand(t, todo1, n1, sets1, g);
            free(todo1);
            free(sets1);
            break;
        }
    }
    add_cover(t, g, nxt);
}

static uint32_t state_of(tr *t, const uint64_t *key)
{
    size_t i, w = t->words;

    for (i = 0; i < t->nstates; i++) {
        if (memcmp(t->keys + i * w, key, w * sizeof *key) == 0)
            return (uint32_t)i;
    }
    if (t->nstates >= MAX_TGBA_STATES) {
        t->overflow = 1;
        return 0;
    }
    xgrow((void **)&t->keys, &t->capstates, (t->nstates + 1) * w,
          sizeof *key);
    memcpy(t->keys + t->nstates * w, key, w * sizeof *key);
    return (uint32_t)t->nstates++;
}

static void build_tgba(tr *t, uint32_t root)
{
    size_t w = t->words, s, i, j, cap = 3 * t->nf + 4;
    uint64_t *key = xcalloc(w, sizeof *key);
    uint32_t *todo = xmalloc(cap * sizeof *todo);
    uint64_t *sets = xmalloc(3 * w * sizeof *sets);

    SET(key, root);
    state_of(t, key);
    free(key);
    for (s = 0; s < t->nstates && !t->overflow; s++) {
        size_t ntodo = 0;
        ltl_guard g = { 0, 0 };

        for (i = 0; i < t->nf; i++) {
            if (BIT(t->keys + s * w, i))
                todo[ntodo++] = (uint32_t)i;
        }
        memset(sets, 0, 3 * w * sizeof *sets);
        t->ncov = 0;
        expand(t, todo, ntodo, sets, g);
        for (i = 0; i < t->ncov && !t->overflow; i++) {
            const uint64_t *nb = t->cbits + i * 2 * w;
            tedge e;

            e.src = (uint32_t)s;
            e.g = t->cg[i];
            e.marks = 0;
            for (j = 0; j < t->nf; j++) {
                if (t->uidx[j] != UINT32_MAX && !BIT(nb + w, j))
                    e.marks |= (uint64_t)1 << t->uidx[j];
            }
            e.dst = state_of(t, nb);
            xgrow((void **)&t->edges, &t->capedges, t->nedges + 1,
                  sizeof t->edges[0]);
            t->edges[t->nedges++] = e;
        }
    }
    free(todo);
    free(sets);
}

/* ---- 3. degeneralisation --------------------------------------------- */

typedef struct raw {            /* a Büchi automaton being simplified */
    size_t    n;
    uint8_t  *acc;
    ltl_edge *e;
    size_t    ne;
    size_t    cape;
    uint32_t  init;
} raw;

static void raw_edge(raw *r, uint32_t src, uint32_t dst, ltl_guard g)
{
    xgrow((void **)&r->e, &r->cape, r->ne + 1, sizeof r->e[0]);
    r->e[r->ne].src = src;
    r->e[r->ne].dst = dst;
    r->e[r->ne].guard = g;
    r->ne++;
}

static int degeneralize(const tr *t, raw *r)
{
    size_t k = t->nu, levels = k + 1, i;
    size_t nq = t->nstates;
    uint32_t *map = xmalloc(nq * levels * sizeof *map);
    uint32_t *who = NULL;               /* BA state -> q * levels + lvl */
    size_t capwho = 0, *first = xcalloc(nq + 1, sizeof *first);
    size_t cap = 0, s;

    /* edges of the TGBA are grouped by src already (built in order) */
    for (i = 0; i < t->nedges; i++)
        first[t->edges[i].src + 1]++;
    for (i = 0; i < nq; i++)
        first[i + 1] += first[i];
    for (i = 0; i < nq * levels; i++)
        map[i] = UINT32_MAX;
    map[0] = 0;
    xgrow((void **)&who, &capwho, 1, sizeof *who);
    who[0] = 0;
    r->n = 1;
    xgrow((void **)&r->acc, &cap, 1, 1);
    r->acc[0] = k == 0;
    r->init = 0;
    for (s = 0; s < r->n; s++) {
        size_t q = who[s] / levels, lvl = who[s] % levels;

        for (i = first[q]; i < first[q + 1]; i++) {
            const tedge *e = &t->edges[i];
            size_t j = lvl == k ? 0 : lvl, key;

            while (j < k && ((e->marks >> j) & 1))
                j++;
            key = e->dst * levels + j;
            if (r->ne >= MAX_EDGES
                || (map[key] == UINT32_MAX && r->n >= MAX_BA_STATES)) {
                free(map);
                free(who);
                free(first);
                return 0;
            }
            if (map[key] == UINT32_MAX) {
                map[key] = (uint32_t)r->n;
                xgrow((void **)&who, &capwho, r->n + 1, sizeof *who);
                xgrow((void **)&r->acc, &cap, r->n + 1, 1);
                who[r->n] = (uint32_t)key;
                r->acc[r->n] = j == k;
                r->n++;
            }
            raw_edge(r, (uint32_t)s, map[key], e->g);
        }
    }
    free(map);
    free(who);
    free(first);
    return 1;
}

/* ---- 4. simplification ----------------------------------------------- */

static int edge_cmp(const void *x, const void *y)
{
    const ltl_edge *a = x, *b = y;

    if (a->src != b->src)
        return a->src < b->src ? -1 : 1;
    if (a->dst != b->dst)
        return a->dst < b->dst ? -1 : 1;
    if (a->guard.pos != b->guard.pos)
        return a->guard.pos < b->guard.pos ? -1 : 1;
    if (a->guard.neg != b->guard.neg)
        return a->guard.neg < b->guard.neg ? -1 : 1;
    return 0;
}

/* Keep only the edges with keep[i] set. */
static void compact_edges(raw *r, const uint8_t *keep)
{
    size_t i, j;

    for (i = j = 0; i < r->ne; i++) {
        if (keep[i])
            r->e[j++] = r->e[i];
    }
    r->ne = j;
}

/* Sort the edges and fill first[0..n]: the edges of s are
 * first[s]..first[s + 1] - 1. */
static void index_edges(raw *r, size_t *first)
{
    size_t i;

    if (r->ne > 0)
        qsort(r->e, r->ne, sizeof r->e[0], edge_cmp);
    memset(first, 0, (r->n + 1) * sizeof *first);
    for (i = 0; i < r->ne; i++)
        first[r->e[i].src + 1]++;
    for (i = 0; i < r->n; i++)
        first[i + 1] += first[i];
}

/* Remove the states that reach no accepting cycle and their edges. */
static void prune_unproductive(raw *r)
{
    uint8_t *good = xcalloc(r->n + 1, 1);
    uint8_t *seen = xcalloc(r->n + 1, 1);
    uint32_t *stack = xmalloc((r->n + 1) * sizeof *stack);
    uint8_t *keep = xmalloc(r->ne + 1);
    size_t *first = xmalloc((r->n + 1) * sizeof *first);
    size_t s, i, sp, changed;

    index_edges(r, first);
    /* an accepting state on a cycle is good */
    for (s = 0; s < r->n; s++) {
        if (!r->acc[s])
            continue;
        memset(seen, 0, r->n);
        sp = 0;
        stack[sp++] = (uint32_t)s;
        while (sp > 0 && !seen[s]) {
            uint32_t x = stack[--sp];

            for (i = first[x]; i < first[x + 1]; i++) {
                if (!seen[r->e[i].dst]) {
                    seen[r->e[i].dst] = 1;
                    stack[sp++] = r->e[i].dst;
                }
            }
        }
        good[s] = seen[s];
    }
    /* and so is every state that reaches a good one */
    do {
        changed = 0;
        for (i = 0; i < r->ne; i++) {
            if (good[r->e[i].dst] && !good[r->e[i].src]) {
                good[r->e[i].src] = 1;
                changed = 1;
            }
        }
    } while (changed);
    for (i = 0; i < r->ne; i++)
        keep[i] = good[r->e[i].src] && good[r->e[i].dst];
    compact_edges(r, keep);
    free(good);
    free(seen);
    free(stack);
    free(keep);
    free(first);
}

/* Is s accepting with a true self-loop (so it accepts every word)? */
static int raw_universal(const raw *r, uint32_t s)
{
    size_t i;

    if (!r->acc[s])
        return 0;
    for (i = 0; i < r->ne; i++) {
        if (r->e[i].src == s && r->e[i].dst == s && r->e[i].guard.pos == 0
            && r->e[i].guard.neg == 0)
            return 1;
    }
    return 0;
}

/* Drop edges made redundant by an edge to a universal state whose guard
 * is weaker; merge the guards of parallel edges.  Returns whether
 * anything changed. */
static int simplify_edges(raw *r)
{
    uint8_t *uni = xcalloc(r->n + 1, 1);
    uint8_t *keep = xmalloc(r->ne + 1);
    size_t i, j, lo, hi;
    int changed = 0, again;

    for (i = 0; i < r->n; i++)
        uni[i] = (uint8_t)raw_universal(r, (uint32_t)i);
    if (r->ne > 0)
        qsort(r->e, r->ne, sizeof r->e[0], edge_cmp);
    if (r->ne > 0)
        memset(keep, 1, r->ne);
    for (lo = 0; lo < r->ne; lo = hi) {
        for (hi = lo; hi < r->ne && r->e[hi].src == r->e[lo].src; hi++)
            ;
        do {
            again = 0;
            /* b is redundant if an edge a with a weaker guard goes the
             * same way or to a universal state */
            for (i = lo; i < hi; i++) {
                for (j = lo; j < hi && keep[i]; j++) {
                    const ltl_edge *a = &r->e[j], *b = &r->e[i];

                    if (i != j && keep[j] && guard_le(a->guard, b->guard)
                        && (a->dst == b->dst || uni[a->dst])) {
                        keep[i] = 0;
                        changed = 1;
                    }
                }
            }
            /* g && p and g && !p to the same state: g */
            for (i = lo; i < hi; i++) {
                for (j = i + 1; j < hi && keep[i]; j++) {
                    ltl_edge *a = &r->e[i];
                    const ltl_edge *b = &r->e[j];
                    uint64_t dp = a->guard.pos ^ b->guard.pos;
                    uint64_t dn = a->guard.neg ^ b->guard.neg;

                    if (!keep[j] || a->dst != b->dst)
                        continue;
                    if (dp != 0 && dp == dn && (dp & (dp - 1)) == 0) {
                        a->guard.pos &= ~dp;
                        a->guard.neg &= ~dp;
                        keep[j] = 0;
                        again = changed = 1;
                    }
                }
            }
        } while (again);
    }
    compact_edges(r, keep);
    free(uni);
    free(keep);
    return changed;
}

typedef struct sigitem {
    uint32_t cls;
    ltl_guard g;
} sigitem;

static int sig_cmp(const void *x, const void *y)
{
    const sigitem *a = x, *b = y;

    if (a->cls != b->cls)
        return a->cls < b->cls ? -1 : 1;
    if (a->g.pos != b->g.pos)
        return a->g.pos < b->g.pos ? -1 : 1;
    if (a->g.neg != b->g.neg)
        return a->g.neg < b->g.neg ? -1 : 1;
    return 0;
}

static int same_sig(const sigitem *a, const sigitem *b, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (sig_cmp(a + i, b + i) != 0)
            return 0;
    }
    return 1;
}

/* Merge bisimilar states (same acceptance, same guarded edges into the
 * same classes).  Edges must be sorted by src.  Returns whether the
 * number of states went down. */
static int merge_bisimilar(raw *r)
{
    size_t n = r->n, i, s, ncls = 0, prev;
    uint32_t *cls = xmalloc((n + 1) * sizeof *cls);
    uint32_t *ncl = xmalloc((n + 1) * sizeof *ncl);
    size_t *first = xcalloc(n + 1, sizeof *first);
    sigitem *sig = xmalloc((r->ne + 1) * sizeof *sig);
    size_t *sstart = xmalloc((n + 1) * sizeof *sstart);
    size_t *slen = xmalloc((n + 1) * sizeof *slen);
    uint32_t *rep = xmalloc((n + 1) * sizeof *rep);
    int merged;

    for (i = 0; i < r->ne; i++)
        first[r->e[i].src + 1]++;
    for (s = 0; s < n; s++)
        first[s + 1] += first[s];
    for (s = 0; s < n; s++)
        cls[s] = r->acc[s];
    prev = 0;
    for (;;) {
        size_t k = 0;

        for (s = 0; s < n; s++) {
            sstart[s] = k;
            for (i = first[s]; i < first[s + 1]; i++) {
                sig[k].cls = cls[r->e[i].dst];
                sig[k].g = r->e[i].guard;
                k++;
            }
            slen[s] = k - sstart[s];
            qsort(sig + sstart[s], slen[s], sizeof *sig, sig_cmp);
        }
        ncls = 0;
        for (s = 0; s < n; s++) {
            size_t c;

            for (c = 0; c < ncls; c++) {
                uint32_t t = rep[c];

                if (cls[t] == cls[s] && slen[t] == slen[s]
                    && same_sig(sig + sstart[t], sig + sstart[s], slen[s]))
                    break;
            }
            if (c == ncls)
                rep[ncls++] = (uint32_t)s;
            ncl[s] = (uint32_t)c;
        }
        memcpy(cls, ncl, n * sizeof *cls);
        if (ncls == prev)
            break;
        prev = ncls;
    }
    merged = ncls < n;
    if (merged) {
        uint8_t *acc = xmalloc(ncls + 1);
        uint8_t *keep = xcalloc(r->ne + 1, 1);

        for (s = 0; s < n; s++)
            acc[cls[s]] = r->acc[s];
        for (i = 0; i < r->ne; i++) {
            keep[i] = rep[cls[r->e[i].src]] == r->e[i].src;
            r->e[i].src = cls[r->e[i].src];
            r->e[i].dst = cls[r->e[i].dst];
        }
        compact_edges(r, keep);
        free(keep);
        free(r->acc);
        r->acc = acc;
        r->n = ncls;
        r->init = cls[r->init];
    }
    free(cls);
    free(ncl);
    free(first);
    free(sig);
    free(sstart);
    free(slen);
    free(rep);
    return merged;
}

/* Renumber the states reachable from init breadth-first; drop the rest
 * and duplicate edges; sort the edges. */
static void renumber(raw *r)
{
    uint32_t *num = xmalloc((r->n + 1) * sizeof *num);
    uint32_t *order = xmalloc((r->n + 1) * sizeof *order);
    uint8_t *acc, *keep;
    size_t i, head = 0, cnt = 0;

    size_t *first = xmalloc((r->n + 1) * sizeof *first);

    for (i = 0; i < r->n; i++)
        num[i] = UINT32_MAX;
    index_edges(r, first);
    num[r->init] = 0;
    order[cnt++] = r->init;
    while (head < cnt) {
        uint32_t s = order[head++];

        for (i = first[s]; i < first[s + 1]; i++) {
            if (num[r->e[i].dst] == UINT32_MAX) {
                num[r->e[i].dst] = (uint32_t)cnt;
                order[cnt++] = r->e[i].dst;
            }
        }
    }
    acc = xmalloc(cnt + 1);
    for (i = 0; i < cnt; i++)
        acc[i] = r->acc[order[i]];
    keep = xmalloc(r->ne + 1);
    for (i = 0; i < r->ne; i++) {
        keep[i] = num[r->e[i].src] != UINT32_MAX;
        if (keep[i]) {
            r->e[i].src = num[r->e[i].src];
            r->e[i].dst = num[r->e[i].dst];
        }
    }
    compact_edges(r, keep);
    if (r->ne > 0)
        qsort(r->e, r->ne, sizeof r->e[0], edge_cmp);
    for (i = 0; i < r->ne; i++)
        keep[i] = i == 0 || edge_cmp(&r->e[i - 1], &r->e[i]) != 0;
    compact_edges(r, keep);
    free(r->acc);
    r->acc = acc;
    r->n = cnt;
    r->init = 0;
    free(num);
    free(order);
    free(keep);
    free(first);
}

static void simplify(raw *r)
{
    int round;

    prune_unproductive(r);
    renumber(r);
    for (round = 0; round < 50; round++) {
        int a = simplify_edges(r);
        int b;

        renumber(r);
        b = merge_bisimilar(r);
        renumber(r);
        if (!a && !b)
            break;
    }
    if (r->ne == 0 && !raw_universal(r, r->init)) {
        /* the empty language: one blocking state */
        r->n = 1;
        r->acc[0] = 0;
    }
}

/* ---- the door -------------------------------------------------------- */

ltl_ba *ltl_to_ba(const ltl_formula *f, diag *d)
{
    tr t;
    raw r;
    uint32_t root;
    ltl_ba *ba = NULL;

    if (f->nprops > LTL_MAX_PROPS) {
        diag_error(d, f->root->pos, "the formula has %zu propositions; "
                   "at most %d are supported", f->nprops, LTL_MAX_PROPS);
        return NULL;
    }
    memset(&t, 0, sizeof t);
    memset(&r, 0, sizeof r);
    put(&t, F_TRUE, 0, 0);
    put(&t, F_FALSE, 0, 0);
    root = nnf(&t, f->root, 0);
    t.words = (t.nf + 63) / 64;
    number_untils(&t, root);
    if (t.nu > 64) {
        diag_error(d, f->root->pos, "the formula has %u until operators "
                   "in negation normal form; at most 64 are supported",
                   (unsigned)t.nu);
        goto out;
    }
    build_tgba(&t, root);
    if (t.overflow || !degeneralize(&t, &r)) {
        diag_error(d, f->root->pos, "the formula's automaton is too "
                   "large (more than %d states or %d edges)",
                   t.overflow ? MAX_TGBA_STATES : MAX_BA_STATES, MAX_EDGES);
        goto out;
    }
    simplify(&r);
    ba = xcalloc(1, sizeof *ba);
    ba->nstates = (uint32_t)r.n;
    ba->init = 0;
    ba->accepting = r.acc;
    ba->edges = r.e;
    ba->nedges = r.ne;
    r.acc = NULL;
    r.e = NULL;
out:
    free(r.acc);
    free(r.e);
    free(t.f);
    free(t.uidx);
    free(t.keys);
    free(t.edges);
    free(t.cg);
    free(t.cbits);
    return ba;
}

void ltl_ba_free(ltl_ba *ba)
{
    if (ba == NULL)
        return;
    free(ba->accepting);
    free(ba->edges);
    free(ba);
}

int ltl_ba_is_universal(const ltl_ba *ba, uint32_t s)
{
    size_t i, n = 0;
    int loop = 0;

    if (s >= ba->nstates || !ba->accepting[s])
        return 0;
    for (i = 0; i < ba->nedges; i++) {
        if (ba->edges[i].src != s)
            continue;
        n++;
        loop = ba->edges[i].dst == s && ba->edges[i].guard.pos == 0
               && ba->edges[i].guard.neg == 0;
    }
    return n == 1 && loop;
}
