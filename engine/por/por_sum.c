/*
 * engine/por/por_sum.c -- summaries of closed states for the graph
 * reductions (DL-S-POR, DE-S-POR and their JPF variants): what every
 * thread can still do below a state the search has closed, so that a
 * walk of the visited graph stops there (issue 11).
 *
 * An item is what a walk asks of a state: one of its edges (label,
 * threads, and the location of the moving thread at the edge's source,
 * for "races that cannot happen") or one of its pending threads (thread,
 * location: F-BLOCK).  The summary of u is the set of the items of every
 * state reachable from u, u included.
 *
 * When is it final?  The edges of a stored state are all added while it
 * is on the search stack (the search's steps, DL's O3), and its pending
 * mask is set when it is entered, so once u is popped its own items
 * never change.  The states below u stop changing when every state
 * reachable from u has been popped: exactly when the strongly connected
 * component of u in the visited graph is finished (Tarjan's algorithm,
 * run on the search's own depth-first order: a state gets its number
 * when entered (por_sums_pushed), its lowlink when popped
 * (por_sums_popped) from its final edge list; a successor still on
 * Tarjan's stack is in an unfinished component and bounds it).  Then
 * summary(u) = the items of the states of u's component and the
 * summaries of the components its edges lead to, which are finished
 * before it.  Items are interned; a summary is a bit set over their
 * ids, interned too (most states share theirs).
 *
 * Tarjan's invariant also says: a popped state still on Tarjan's stack
 * (its component open) reaches a state on the search stack
 * (por_sums_open).
 *
 * Everything here is a cache: a summary that needs an item id past
 * PS_MAX_ITEMS, a state with too many processes, or memory refused
 * leave states without one (the walks then go below them as before);
 * memory is taken within --memlimit but a refusal never sets
 * c->mem.oom, and once the Tarjan bookkeeping cannot be kept (memory,
 * a state never entered) it stops for good: no summary is given after
 * that, and none given before is wrong.
 */
#include "config.h"

#include "engine/por/por_sum.h"

#include <stdlib.h>
#include <string.h>

#define PS_NONE   0u        /* sum[u]: component not finished */
#define PS_OPEN   1u        /* finished, no summary */
#define PS_BUSY   2u        /* a member of the component being closed */
#define PS_ID0    3u        /* sum[u] = summary id + PS_ID0 */
#define PS_MAX_ITEMS (1u << 16)   /* a summary is a bit set over item ids
                                    below this */

typedef struct por_sumset {
    uint32_t off;       /* first word in wpool */
    uint32_t nw;        /* words; the last one is not 0 */
    uint64_t hash;
} por_sumset;

struct por_sums {
    uint32_t     *idx;      /* per state: Tarjan number, 0: none */
    uint32_t     *low;
    uint32_t     *sum;      /* PS_* */
    size_t        st_cap;   /* capacity of idx, low and sum */
    uint32_t      next;     /* the last number given */
    uint32_t     *tstk;     /* Tarjan's stack */
    size_t        ntstk, tstk_cap;
    por_sum_item *items;
    size_t        nitems, items_cap;
    por_slots     islots;   /* item id + 1 */
    por_sumset   *sets;
    size_t        nsets, sets_cap;
    uint64_t     *wpool;    /* the sets' words */
    size_t        nwpool, wpool_cap;
    por_slots     sslots;   /* summary id + 1 */
    uint64_t     *acc;      /* the set being built */
    size_t        acc_cap;
    int           off;      /* no more bookkeeping (see above) */
};

/* ------------------------------------ summaries: tables and Tarjan */

static uint64_t mix64(uint64_t h)
{
    h ^= h >> 31;
    h *= 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
}

static uint64_t item_hash(const por_sum_item *x)
{
    return mix64(x->tids * 0x9e3779b97f4a7c15ull
                 ^ ((uint64_t)x->label << 32 | x->r) * 0xc2b2ae3d27d4eb4full
                 ^ x->li);
}

/* Per-state arrays for u; 0, or -1 (summaries then stop for good). */
static int sums_state(por_ctx *c, por_sums *s, uint32_t u)
{
    size_t old = s->st_cap;
    size_t cap;

    if (u < s->st_cap)
        return 0;
    cap = old;
    if (por_cache_grow(c, (void **)&s->idx, &cap, (size_t)u + 1,
                   sizeof *s->idx) != 0)
        return -1;
    cap = old;
    if (por_cache_grow(c, (void **)&s->low, &cap, (size_t)u + 1,
                   sizeof *s->low) != 0)
        return -1;
    cap = old;
    if (por_cache_grow(c, (void **)&s->sum, &cap, (size_t)u + 1,
                   sizeof *s->sum) != 0)
        return -1;
    memset(s->idx + old, 0, (cap - old) * sizeof *s->idx);
    memset(s->low + old, 0, (cap - old) * sizeof *s->low);
    memset(s->sum + old, 0, (cap - old) * sizeof *s->sum);
    s->st_cap = cap;
    return 0;
}

/* por_slots_reserve's hash of a value of islots / sslots. */
static uint64_t islot_hash(const void *ctx, uint32_t v)
{
    return item_hash(&((const por_sums *)ctx)->items[v - 1]);
}

static uint64_t sslot_hash(const void *ctx, uint32_t v)
{
    return ((const por_sums *)ctx)->sets[v - 1].hash;
}

/* The id of item x, interned; UINT32_MAX when memory is refused. */
static uint32_t item_id(por_ctx *c, por_sums *s, const por_sum_item *x)
{
    uint64_t h = item_hash(x);
    size_t   mask;
    size_t   i;

    if (por_slots_reserve(c, &s->islots, s->nitems + 1, 1024, 0,
                          islot_hash, s) != 0)
        return UINT32_MAX;
    mask = s->islots.cap - 1;
    for (i = (size_t)h & mask; s->islots.v[i] != 0; i = (i + 1) & mask) {
        const por_sum_item *y = &s->items[s->islots.v[i] - 1];

        if (y->tids == x->tids && y->label == x->label && y->r == x->r
            && y->li == x->li)
            return s->islots.v[i] - 1;
    }
    if (s->nitems >= UINT32_MAX - 2
        || por_cache_grow(c, (void **)&s->items, &s->items_cap,
                          s->nitems + 1, sizeof *s->items) != 0)
        return UINT32_MAX;
    s->items[s->nitems] = *x;
    s->islots.v[i] = (uint32_t)++s->nitems;
    return (uint32_t)(s->nitems - 1);
}

static uint64_t set_hash(const uint64_t *v, size_t nw)
{
    uint64_t h = nw * 0x9e3779b97f4a7c15ull;

    for (size_t i = 0; i < nw; i++)
        h = mix64(h ^ v[i]);
    return h;
}

/* The id of the bit set v[0..nw) (v[nw - 1] != 0, or nw == 0),
 * interned; UINT32_MAX when memory is refused. */
static uint32_t set_id(por_ctx *c, por_sums *s, const uint64_t *v,
                       size_t nw)
{
    uint64_t h = set_hash(v, nw);
    size_t   mask;
    size_t   i;

    if (por_slots_reserve(c, &s->sslots, s->nsets + 1, 1024, 0,
                          sslot_hash, s) != 0)
        return UINT32_MAX;
    mask = s->sslots.cap - 1;
    for (i = (size_t)h & mask; s->sslots.v[i] != 0; i = (i + 1) & mask) {
        const por_sumset *y = &s->sets[s->sslots.v[i] - 1];

        if (y->hash == h && y->nw == nw
            && memcmp(s->wpool + y->off, v, nw * sizeof *v) == 0)
            return s->sslots.v[i] - 1;
    }
    if (s->nsets >= UINT32_MAX - PS_ID0 - 1
        || s->nwpool + nw >= UINT32_MAX
        || por_cache_grow(c, (void **)&s->sets, &s->sets_cap, s->nsets + 1,
                          sizeof *s->sets) != 0
        || por_cache_grow(c, (void **)&s->wpool, &s->wpool_cap,
                          s->nwpool + nw + 1, sizeof *s->wpool) != 0)
        return UINT32_MAX;
    memcpy(s->wpool + s->nwpool, v, nw * sizeof *v);
    s->sets[s->nsets].off = (uint32_t)s->nwpool;
    s->sets[s->nsets].nw = (uint32_t)nw;
    s->sets[s->nsets].hash = h;
    s->nwpool += nw;
    s->sslots.v[i] = (uint32_t)++s->nsets;
    return (uint32_t)(s->nsets - 1);
}

/* Make the accumulator acc[0..*nw) hold at least need words, the new
 * ones zero; -1 when memory is refused. */
static int acc_words(por_ctx *c, por_sums *s, size_t *nw, size_t need)
{
    if (need <= *nw)
        return 0;
    if (need > s->acc_cap
        && por_cache_grow(c, (void **)&s->acc, &s->acc_cap, need,
                          sizeof *s->acc) != 0)
        return -1;
    memset(s->acc + *nw, 0, (need - *nw) * sizeof *s->acc);
    *nw = need;
    return 0;
}

/* Add item x to the accumulator; -1 when it cannot be had. */
static int acc_item(por_ctx *c, por_sums *s, size_t *nw,
                    const por_sum_item *x)
{
    uint32_t id = item_id(c, s, x);

    if (id == UINT32_MAX || id >= PS_MAX_ITEMS
        || acc_words(c, s, nw, (size_t)id / 64 + 1) != 0)
        return -1;
    s->acc[id / 64] |= (uint64_t)1 << (id % 64);
    return 0;
}

/* Add the items of stored state w (its edges and pending threads) to
 * the accumulator; -1 when they cannot be had. */
static int own_items(por_ctx *c, por_sums *s, uint32_t w, size_t *nw)
{
    uint32_t       locs[POR_MAX_LOCS];
    const uint8_t *vec;
    size_t         len;
    size_t         np;
    por_set        pend = c->pend[w];
    por_sum_item   x;

    vec = ss_get(c->ss, w, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    if (np >= POR_MAX_LOCS)
        return -1;
    memset(&x, 0, sizeof x);
    for (uint32_t pid = 0; pid < np; pid++) {
        if (!(pend & por_bit(pid)))
            continue;
        x.tids = por_bit(pid);
        x.label = POR_SUM_PENDING;
        x.r = pid;
        x.li = locs[pid];
        x.src = w;
        x.edge = POR_NOEDGE;
        if (acc_item(c, s, nw, &x) != 0)
            return -1;
    }
    for (uint32_t b = c->ehead[w]; b != POR_NOEDGE; b = c->edges[b].next) {
        const por_edge *e = &c->edges[b];

        x.tids = por_edge_tids(e);
        x.label = e->label;
        x.r = e->pid;
        x.li = e->pid < np ? locs[e->pid] : UINT32_MAX;
        x.src = w;
        x.edge = b;
        if (acc_item(c, s, nw, &x) != 0)
            return -1;
    }
    return 0;
}

/* The component whose members are tstk[from..ntstk) is finished: give
 * its members their summary (or PS_OPEN) and pop them.  The summary is
 * the bit set of the members' own items or'ed with every summary the
 * members' edges lead to. */
static void close_scc(por_ctx *c, por_sums *s, size_t from)
{
    size_t   nw = 0;
    uint32_t val = PS_OPEN;
    uint32_t last = UINT32_MAX;
    int      ok = 1;

    for (size_t k = from; k < s->ntstk; k++)
        s->sum[s->tstk[k]] = PS_BUSY;
    for (size_t k = from; k < s->ntstk && ok; k++)
        if (own_items(c, s, s->tstk[k], &nw) != 0)
            ok = 0;
    for (size_t k = from; k < s->ntstk && ok; k++)
        for (uint32_t b = c->ehead[s->tstk[k]]; b != POR_NOEDGE && ok;
             b = c->edges[b].next) {
            uint32_t          v = c->edges[b].dst;
            uint32_t          sv;
            const por_sumset *y;

            if (v >= c->nstates)
                continue;                   /* a finding */
            sv = v < s->st_cap ? s->sum[v] : PS_NONE;
            if (sv == PS_BUSY || sv == last)
                continue;
            if (sv < PS_ID0) {
                ok = 0;                     /* not finished, or none */
                break;
            }
            last = sv;
            y = &s->sets[sv - PS_ID0];
            if (acc_words(c, s, &nw, y->nw) != 0) {
                ok = 0;
                break;
            }
            for (uint32_t i = 0; i < y->nw; i++)
                s->acc[i] |= s->wpool[y->off + i];
        }
    if (ok) {
        uint32_t id;

        while (nw > 0 && s->acc[nw - 1] == 0)
            nw--;
        if ((id = set_id(c, s, s->acc, nw)) != UINT32_MAX)
            val = id + PS_ID0;
    }
    for (size_t k = from; k < s->ntstk; k++)
        s->sum[s->tstk[k]] = val;
    s->ntstk = from;
}

/* ------------------------------------------------------------ the API */

int por_slots_grow(por_ctx *c, por_slots *t, size_t first, int strict,
                   por_slots_hash hash, const void *ctx)
{
    uint32_t *old = t->v;
    size_t    oldcap = t->cap;
    size_t    cap = 0;
    size_t    held = c->mem.held;

    t->v = NULL;
    if ((strict ? por_grow(&c->mem, (void **)&t->v, &cap,
                           oldcap ? 2 * oldcap : first, sizeof *t->v)
                : por_cache_grow(c, (void **)&t->v, &cap,
                                 oldcap ? 2 * oldcap : first,
                                 sizeof *t->v)) != 0) {
        t->v = old;
        return -1;
    }
    c->mem.held = held + (cap - oldcap) * sizeof *t->v;
    memset(t->v, 0, cap * sizeof *t->v);
    t->cap = cap;
    for (size_t k = 0; k < oldcap; k++)
        if (old[k] != 0) {
            size_t j = (size_t)hash(ctx, old[k]) & (cap - 1);

            while (t->v[j] != 0)
                j = (j + 1) & (cap - 1);
            t->v[j] = old[k];
        }
    free(old);
    return 0;
}

int por_cache_grow(por_ctx *c, void **p, size_t *cap, size_t need,
                   size_t elem)
{
    size_t ncap = *cap ? *cap : 256;
    void  *q;

    if (need <= *cap)
        return 0;
    while (ncap < need)
        ncap *= 2;
    if (c->mem.limit != 0
        && c->mem.held + (c->mem.others != NULL
                          ? c->mem.others(c->mem.ctx) : 0)
           + (ncap - *cap) * elem > c->mem.limit)
        return -1;
    q = realloc(*p, ncap * elem);
    if (q == NULL)
        return -1;
    c->mem.held += (ncap - *cap) * elem;
    *p = q;
    *cap = ncap;
    return 0;
}

por_sums *por_sums_new(void)
{
    return calloc(1, sizeof(por_sums));
}

void por_sums_free(por_sums *s)
{
    if (s == NULL)
        return;
    free(s->idx);
    free(s->low);
    free(s->sum);
    free(s->tstk);
    free(s->items);
    free(s->islots.v);
    free(s->sets);
    free(s->wpool);
    free(s->sslots.v);
    free(s->acc);
    free(s);
}

void por_sums_pushed(por_ctx *c, por_sums *s, uint32_t u)
{
    if (s == NULL || s->off || u == SS_NOREF || u >= c->nstates)
        return;
    if (sums_state(c, s, u) != 0 || s->next == UINT32_MAX - 1
        || por_cache_grow(c, (void **)&s->tstk, &s->tstk_cap, s->ntstk + 1,
                          sizeof *s->tstk) != 0) {
        s->off = 1;
        return;
    }
    if (s->idx[u] != 0)
        return;
    s->idx[u] = s->low[u] = ++s->next;
    s->tstk[s->ntstk++] = u;
}

void por_sums_popped(por_ctx *c, por_sums *s, uint32_t u)
{
    uint32_t low;
    size_t   k;

    if (s == NULL || s->off || u == SS_NOREF || u >= s->st_cap
        || s->idx[u] == 0 || s->sum[u] != PS_NONE)
        return;
    low = s->low[u];
    for (uint32_t b = c->ehead[u]; b != POR_NOEDGE; b = c->edges[b].next) {
        uint32_t v = c->edges[b].dst;

        if (v >= c->nstates)
            continue;
        if (v >= s->st_cap || s->idx[v] == 0) {
            s->off = 1;                     /* never entered: give up */
            return;
        }
        if (s->sum[v] == PS_NONE && s->low[v] < low)
            low = s->low[v];
    }
    s->low[u] = low;
    if (low != s->idx[u])
        return;
    for (k = s->ntstk; k > 0 && s->tstk[k - 1] != u; k--)
        ;
    if (k == 0) {
        s->off = 1;
        return;
    }
    close_scc(c, s, k - 1);
}

uint32_t por_sums_of(const por_sums *s, uint32_t u)
{
    if (s == NULL || u >= s->st_cap || s->sum[u] < PS_ID0)
        return UINT32_MAX;
    return s->sum[u] - PS_ID0;
}

int por_sums_open(const por_sums *s, uint32_t u)
{
    return s != NULL && !s->off && u < s->st_cap && s->idx[u] != 0
           && s->sum[u] == PS_NONE;
}

size_t por_sums_count(const por_sums *s)
{
    return s != NULL ? s->nsets : 0;
}

const uint64_t *por_sums_words(const por_sums *s, uint32_t sid,
                               uint32_t *nw)
{
    *nw = s->sets[sid].nw;
    return s->wpool + s->sets[sid].off;
}

const por_sum_item *por_sums_items(const por_sums *s)
{
    return s->items;
}
