/*
 * engine/por/por_common.c -- what the reduction strategies share: interned
 * access labels and their dependency tests, the visited-graph edges and
 * walk marks, F-BLOCK's pending actions, and the backtrack update of
 * design/por-algorithms.md §3.5 (identical in DE and DL).
 *
 * A label is a sorted, merged list of ts_access records (the dynamic
 * facts of one step, or of an atomic chain: their union), interned in an
 * open-addressing table so that each distinct set is stored once; edges
 * carry the 32-bit id.  Id 0 is the empty label of an invisible step.
 */
#include "config.h"

#include "engine/por/por.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"
#include "util/xalloc.h"

/* ------------------------------------------------------ debug checks */

void por_check_failed(const char *cond, const char *file, int line)
{
    fprintf(stderr, "spore: internal check failed: %s (%s:%d)\n", cond,
            file, line);
    abort();
}

/* ------------------------------------------------------------ memory */

int por_grow(por_mem *m, void **p, size_t *cap, size_t need, size_t elem)
{
    size_t ncap = *cap ? *cap : 16;
    void  *np;

    if (need <= *cap)
        return 0;
    while (ncap < need)
        ncap *= 2;
    if (m != NULL && m->limit != 0) {
        size_t used = m->held + (m->others != NULL ? m->others(m->ctx) : 0);

        if (used + (ncap - *cap) * elem > m->limit) {
            m->oom = 1;
            return -1;
        }
    }
    np = ncap <= SIZE_MAX / elem ? realloc(*p, ncap * elem) : NULL;
    if (np == NULL) {
        if (m != NULL)
            m->oom = 1;
        return -1;
    }
    if (m != NULL)
        m->held += (ncap - *cap) * elem;
    *p = np;
    *cap = ncap;
    return 0;
}

/* ------------------------------------------------------------ labels */

typedef struct lab {
    uint32_t off;       /* first access in pool */
    uint32_t n;
    uint64_t hash;
} lab;

struct por_labels {
    lab       *labs;
    size_t     nlabs, labs_cap;
    ts_access *pool;
    size_t     npool, pool_cap;
    uint32_t  *slots;   /* id + 1, 0: empty */
    size_t     nslots;  /* power of two */
    ts_access *tmp;
    size_t     tmp_cap;
    por_mem   *mem;     /* budget; may be NULL */
};

por_labels *por_labels_new(por_mem *m)
{
    por_labels *l = calloc(1, sizeof *l);
    size_t      scap = 0;

    if (l == NULL)
        return NULL;
    l->mem = m;
    if (por_grow(m, (void **)&l->slots, &scap, 1024, sizeof *l->slots) != 0
        || por_grow(m, (void **)&l->labs, &l->labs_cap, 1,
                    sizeof *l->labs) != 0) {
        por_labels_free(l);
        return NULL;
    }
    l->nslots = scap;
    memset(l->slots, 0, l->nslots * sizeof *l->slots);
    l->labs[0].off = 0;
    l->labs[0].n = 0;
    l->labs[0].hash = 0;
    l->nlabs = 1;
    return l;
}

void por_labels_free(por_labels *l)
{
    if (l == NULL)
        return;
    free(l->labs);
    free(l->pool);
    free(l->slots);
    free(l->tmp);
    free(l);
}

size_t por_labels_bytes(const por_labels *l)
{
    return l->labs_cap * sizeof(lab) + l->pool_cap * sizeof(ts_access)
           + l->nslots * sizeof(uint32_t);
}

size_t por_labels_count(const por_labels *l)
{
    return l->nlabs;
}

static int acc_cmp(const void *a, const void *b)
{
    const ts_access *x = a;
    const ts_access *y = b;

    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    if (x->width != y->width)
        return x->width < y->width ? -1 : 1;
    return 0;
}

static uint64_t acc_hash(const ts_access *a, size_t n)
{
    uint64_t h = 1469598103934665603ull;

    for (size_t i = 0; i < n; i++) {
        uint64_t v = (uint64_t)a[i].kind | (uint64_t)a[i].write << 8
                     | (uint64_t)a[i].width << 16 | (uint64_t)a[i].id << 32;

        h ^= v;
        h *= 1099511628211ull;
        h ^= h >> 29;
    }
    return h | 1;
}

/* Double the index; returns -1 (the old index kept) when there is no
 * memory for it. */
static int rehash(por_labels *l)
{
    size_t    n = l->nslots * 2;
    size_t    cap = 0;
    uint32_t *s = NULL;

    if (por_grow(l->mem, (void **)&s, &cap, n, sizeof *s) != 0)
        return -1;
    memset(s, 0, n * sizeof *s);
    if (l->mem != NULL)     /* the old index goes: count the difference */
        l->mem->held -= l->nslots * sizeof *s;

    for (size_t id = 1; id < l->nlabs; id++) {
        size_t i = (size_t)l->labs[id].hash & (n - 1);

        while (s[i] != 0)
            i = (i + 1) & (n - 1);
        s[i] = (uint32_t)id + 1;
    }
    free(l->slots);
    l->slots = s;
    l->nslots = n;
    return 0;
}

/* Intern the normalised list tmp[0..n). */
static uint32_t intern(por_labels *l, size_t n)
{
    uint64_t h;
    size_t   i;

    if (n == 0)
        return POR_LABEL_NONE;
    h = acc_hash(l->tmp, n);
    i = (size_t)h & (l->nslots - 1);
    while (l->slots[i] != 0) {
        const lab *x = &l->labs[l->slots[i] - 1];

        if (x->hash == h && x->n == n
            && memcmp(l->pool + x->off, l->tmp, n * sizeof *l->tmp) == 0)
            return l->slots[i] - 1;
        i = (i + 1) & (l->nslots - 1);
    }
    /* out of memory: no new label (the search stops on mem->oom); the
     * index is never let fill up, so lookups still end */
    if ((l->nlabs + 1) * 4 > l->nslots * 3
        || por_grow(l->mem, (void **)&l->pool, &l->pool_cap, l->npool + n,
                    sizeof *l->pool) != 0
        || por_grow(l->mem, (void **)&l->labs, &l->labs_cap, l->nlabs + 1,
                    sizeof *l->labs) != 0)
        return POR_LABEL_NONE;
    memcpy(l->pool + l->npool, l->tmp, n * sizeof *l->tmp);
    l->labs[l->nlabs].off = (uint32_t)l->npool;
    l->labs[l->nlabs].n = (uint32_t)n;
    l->labs[l->nlabs].hash = h;
    l->npool += n;
    l->slots[i] = (uint32_t)l->nlabs + 1;
    l->nlabs++;
    if (l->nlabs * 2 > l->nslots)
        (void)rehash(l);    /* on failure the index stays below 3/4 */
    return (uint32_t)l->nlabs - 1;
}

/* Sort and merge tmp[0..n) in place; returns the new length. */
static size_t normalise(por_labels *l, size_t n)
{
    size_t k = 0;

    for (size_t i = 0; i < n; i++) {
        l->tmp[i].write = l->tmp[i].write ? 1 : 0;
        if (l->tmp[i].kind != TS_OBJ_GLOBAL)
            l->tmp[i].width = 0;
        if (l->tmp[i].kind == TS_OBJ_NRPR
            || l->tmp[i].kind == TS_OBJ_TIMEOUT
            || l->tmp[i].kind == TS_OBJ_GATE)
            l->tmp[i].id = 0;
    }
    qsort(l->tmp, n, sizeof *l->tmp, acc_cmp);
    for (size_t i = 0; i < n; i++) {
        if (k > 0 && acc_cmp(&l->tmp[k - 1], &l->tmp[i]) == 0)
            l->tmp[k - 1].write |= l->tmp[i].write;
        else
            l->tmp[k++] = l->tmp[i];
    }
    return k;
}

uint32_t por_label(por_labels *l, const ts_access *a, size_t n)
{
    if (n == 0
        || por_grow(l->mem, (void **)&l->tmp, &l->tmp_cap, n,
                    sizeof *l->tmp) != 0)
        return POR_LABEL_NONE;
    memcpy(l->tmp, a, n * sizeof *a);
    return intern(l, normalise(l, n));
}

uint32_t por_label_union(por_labels *l, uint32_t a, uint32_t b)
{
    size_t na;
    size_t nb;

    if (a == b || b == POR_LABEL_NONE)
        return a;
    if (a == POR_LABEL_NONE)
        return b;
    na = l->labs[a].n;
    nb = l->labs[b].n;
    if (por_grow(l->mem, (void **)&l->tmp, &l->tmp_cap, na + nb,
                 sizeof *l->tmp) != 0)
        return POR_LABEL_NONE;
    memcpy(l->tmp, l->pool + l->labs[a].off, na * sizeof *l->tmp);
    memcpy(l->tmp + na, l->pool + l->labs[b].off, nb * sizeof *l->tmp);
    return intern(l, normalise(l, na + nb));
}

const ts_access *por_label_accs(const por_labels *l, uint32_t id,
                                uint32_t *n)
{
    *n = id < l->nlabs ? l->labs[id].n : 0;
    return *n ? l->pool + l->labs[id].off : NULL;
}

static int acc_conflict(const ts_access *x, const ts_access *y)
{
    if (x->kind != y->kind || !(x->write || y->write))
        return 0;
    switch (x->kind) {
    case TS_OBJ_GLOBAL:
        return x->id < y->id + y->width && y->id < x->id + x->width;
    case TS_OBJ_CHAN:
        return x->id == y->id;
    default:
        return 1;
    }
}

int por_label_conflict(const por_labels *l, uint32_t a, uint32_t b)
{
    const ts_access *x;
    const ts_access *y;
    uint32_t         nx;
    uint32_t         ny;

    if (a == POR_LABEL_NONE || b == POR_LABEL_NONE)
        return 0;
    x = l->pool + l->labs[a].off;
    nx = l->labs[a].n;
    y = l->pool + l->labs[b].off;
    ny = l->labs[b].n;
    for (uint32_t i = 0; i < nx; i++)
        for (uint32_t j = 0; j < ny; j++)
            if (acc_conflict(&x[i], &y[j]))
                return 1;
    return 0;
}

int por_label_gate_only(const por_labels *l, uint32_t a)
{
    const ts_access *x;

    if (a == POR_LABEL_NONE || a >= l->nlabs || l->labs[a].n != 1)
        return 0;
    x = l->pool + l->labs[a].off;
    return x->kind == TS_OBJ_GATE && !x->write;
}

static int bit(const uint64_t *w, uint32_t b)
{
    return (int)(w[b / 64] >> (b % 64) & 1u);
}

int por_label_conflict_static(const por_labels *l, const bc_program *p,
                              uint32_t a, const uint64_t *rd,
                              const uint64_t *wr)
{
    const ts_access *x;

    if (a == POR_LABEL_NONE)
        return 0;
    x = l->pool + l->labs[a].off;
    for (uint32_t i = 0; i < l->labs[a].n; i++) {
        uint32_t lo;
        uint32_t hi;

        ts_access_bits(p, &x[i], &lo, &hi);
        for (uint32_t b = lo; b < hi; b++)
            if (bit(wr, b) || (x[i].write && bit(rd, b)))
                return 1;
    }
    return 0;
}

/* ------------------------------------------------------------- graph */

int por_slot(por_ctx *c, const por_frame *f, uint32_t pid)
{
    for (uint32_t k = 0; k < f->nthr; k++)
        if (c->thr[f->thr0 + k].pid == pid)
            return (int)k;
    return -1;
}

void por_add_edge(por_ctx *c, uint32_t src, uint32_t dst, uint32_t label,
                  uint32_t pid, uint32_t pid2, unsigned flags)
{
    por_edge *e;

    if (src >= c->nstates
        || por_grow(&c->mem, (void **)&c->edges, &c->edges_cap,
                    c->nedges + 1, sizeof *c->edges) != 0)
        return;
    e = &c->edges[c->nedges];
    e->dst = dst;
    e->label = label;
    e->pid = (uint8_t)(pid < 255 ? pid : 254);
    e->pid2 = (uint8_t)(pid2 < 255 ? pid2 : POR_NOPID2);
    e->flags = (uint16_t)flags;
    e->next = c->ehead[src];
    c->ehead[src] = (uint32_t)c->nedges++;
    c->st->edges++;
}

void por_walk_begin(por_ctx *c)
{
    if (++c->cur_epoch == 0) {
        memset(c->epoch, 0, c->nstates * sizeof *c->epoch);
        c->cur_epoch = 1;
    }
    c->st->retraversals++;
}

int por_walk_mark(por_ctx *c, uint32_t u)
{
    if (u >= c->nstates || c->epoch[u] == c->cur_epoch)
        return 0;
    c->epoch[u] = c->cur_epoch;
    return 1;
}

void por_walk_push(por_ctx *c, uint32_t u, size_t *n)
{
    if (por_grow(&c->mem, (void **)&c->work, &c->work_cap, *n + 1,
                 sizeof *c->work) == 0)
        c->work[(*n)++] = u;
}

/* --------------------------------------------------- pending actions */

int por_static_conflict(const bc_program *p, const uint64_t *r1,
                        const uint64_t *w1, const uint64_t *r2,
                        const uint64_t *w2)
{
    uint32_t nw = ts_set_words(p);

    for (uint32_t k = 0; k < nw; k++)
        if ((w1[k] & (r2[k] | w2[k])) | (w2[k] & r1[k]))
            return 1;
    return 0;
}

size_t por_thread_loc(por_ctx *c, const por_frame *f, uint32_t slot)
{
    const por_thread *th = por_thr(c, f, slot);

    return c->facts->trans_loc[c->succs[f->succ0 + th->first].step.trans];
}

por_set por_pending_conflicts_vec(por_ctx *c, const uint8_t *vec,
                                  size_t len, por_set mask, uint32_t label,
                                  const uint64_t *srd, const uint64_t *swr,
                                  uint32_t except)
{
    const bc_program *p = c->prog;
    size_t            nw = c->facts->nwords;
    uint32_t          locs[POR_MAX_LOCS];
    size_t            np;
    uint32_t          pid;
    por_set           out = 0;

    if (mask == 0 || (label == POR_LABEL_NONE && srd == NULL))
        return 0;
    np = ts_proc_locs(c->t, vec, len, locs, POR_MAX_LOCS);
    for (pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        if (pid != except && (mask & por_bit(pid))) {
            size_t   li = locs[pid];

            const uint64_t *rd = c->loc_rd + li * nw;
            const uint64_t *wr = c->loc_wr + li * nw;

            if (por_label_conflict_static(c->labels, p, label, rd, wr)
                || (srd != NULL
                    && por_static_conflict(p, srd, swr, rd, wr)))
                out |= por_bit(pid);
        }
    }
    return out;
}

por_set por_pending_conflicts2(por_ctx *c, uint32_t u, por_set mask,
                               uint32_t label, const uint64_t *srd,
                               const uint64_t *swr, uint32_t except)
{
    const uint8_t *vec;
    size_t         len;

    if (mask == 0 || (label == POR_LABEL_NONE && srd == NULL)
        || u >= c->nstates)
        return 0;
    vec = ss_get(c->ss, u, &len);
    return por_pending_conflicts_vec(c, vec, len - c->vec_extra, mask,
                                     label, srd, swr, except);
}

por_set por_pending_conflicts(por_ctx *c, uint32_t u, por_set mask,
                              uint32_t label, uint32_t except)
{
    return por_pending_conflicts2(c, u, mask, label, NULL, NULL, except);
}

por_set por_static_threads(por_ctx *c, const por_frame *f, uint32_t slot)
{
    const bc_program *p = c->prog;
    size_t            nw = c->facts->nwords;
    size_t            li = por_thread_loc(c, f, slot);
    const uint64_t   *rd = c->loc_rd + li * nw;
    const uint64_t   *wr = c->loc_wr + li * nw;
    uint32_t          me = por_thr(c, f, slot)->pid;
    uint32_t          locs[POR_MAX_LOCS];
    const uint8_t    *vec;
    size_t            len;
    size_t            np;
    por_set           out = 0;
    int               run = 0;

    if (f->ref == SS_NOREF || f->ref >= c->nstates)
        return ~(por_set)0;
    vec = ss_get(c->ss, f->ref, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    for (uint32_t pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        size_t ql = locs[pid];

        run |= c->loc_reach_run[ql];
        if (pid != me
            && por_static_conflict(p, rd, wr,
                                   c->loc_reach_rd + ql * nw,
                                   c->loc_reach_wr + ql * nw))
            out |= por_bit(pid);
    }
    if (np >= POR_MAX_LOCS
        || (run && por_static_conflict(p, rd, wr, c->spawn_rd,
                                       c->spawn_wr)))
        out |= POR_SET_OTHER;
    return out;
}

por_set por_reach_conflicts(por_ctx *c, uint32_t u, uint32_t label,
                            const uint64_t *srd, const uint64_t *swr,
                            uint32_t except)
{
    const bc_program *p = c->prog;
    size_t            nw = c->facts->nwords;
    uint32_t          locs[POR_MAX_LOCS];
    const uint8_t    *vec;
    size_t            len;
    size_t            np;
    por_set           out = 0;
    int               run = 0;

    if (u >= c->nstates)
        return ~(por_set)0;
    vec = ss_get(c->ss, u, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    for (uint32_t pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        const uint64_t *rrd = c->loc_reach_rd + (size_t)locs[pid] * nw;
        const uint64_t *rwr = c->loc_reach_wr + (size_t)locs[pid] * nw;

        run |= c->loc_reach_run[locs[pid]];
        if (pid != except
            && (por_label_conflict_static(c->labels, p, label, rrd, rwr)
                || (srd != NULL && por_static_conflict(p, srd, swr, rrd,
                                                       rwr))))
            out |= por_bit(pid);
    }
    if (np >= POR_MAX_LOCS
        || (run && (por_label_conflict_static(c->labels, p, label,
                                              c->spawn_rd, c->spawn_wr)
                    || (srd != NULL
                        && por_static_conflict(p, srd, swr, c->spawn_rd,
                                               c->spawn_wr)))))
        out |= POR_SET_OTHER;
    return out;
}

/* --------------------------------------------------- backtrack update */

void por_enter_sets(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    por_enter_common(c, f, 0);
}

int por_exhausted_done(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    (void)c;
    return !(f->flags & POR_F_IRRED) || (f->todo & ~f->done) == 0;
}

void por_update_backtrack(por_ctx *c, por_frame *f, uint32_t slot)
{
    por_set D = por_thr(c, f, slot)->dep;
    por_set T;
    int     changed;

    c->st->bt_updates++;
    if (c->xp)
        explain_dep_set(c, f, slot);
    if (f->flags & POR_F_FULL) {
        f->todo = f->safe;
        return;
    }
    if ((D & ~f->safe) != 0) {                  /* (a) */
        if ((f->todo & f->safe) != f->safe)
            c->st->case_a++;
        f->todo = f->safe;
        if (c->xp)
            explain_backtrack(c, f, slot, 'a', 0);
    }
    /* (b): the greatest dep-closed subset of done; case (a) may be
     * undone by it (design §3.5, the Figure 4 story) */
    T = f->done;
    do {
        changed = 0;
        for (uint32_t k = 0; k < f->nthr; k++) {
            const por_thread *th = por_thr(c, f, k);
            por_set           b = por_bit(th->pid);

            if ((T & b) && (th->dep & ~T) != 0) {
                T &= ~b;
                changed = 1;
            }
        }
    } while (changed && T != 0);
    if (T != 0 && (T & POR_SET_OTHER) == 0) {
        if (f->todo != f->done)
            c->st->case_b++;
        f->todo = f->done;
        if (c->xp)
            explain_backtrack(c, f, slot, 'b', T);
        return;
    }
    if (c->xp)
        explain_backtrack(c, f, slot, 'c', f->todo);
    if ((D & ~f->safe) == 0)                    /* (c) */
        f->todo |= D;
    f->todo |= f->done;
}

int por_enter_common(por_ctx *c, por_frame *f, unsigned needs)
{
    int32_t first;

    (void)needs;
    if (f->flags & POR_F_REDUCIBLE) {
        f->todo = f->safe;
        c->st->reducible++;
        return 0;
    }
    f->safe = f->enabled;
    c->st->irreducible++;
    if (f->flags & POR_F_FULL) {
        f->todo = f->safe;
        return 0;
    }
    f->flags |= POR_F_IRRED;
    first = c->pick(c, f, f->safe);
    f->todo = first >= 0 ? por_bit(por_thr(c, f, (uint32_t)first)->pid)
                         : f->safe;
    return 1;
}

/* ------------------------------------------ static facts per location */

/* The facts are the model's (ts_facts, engine/model/facts.c); the
 * context's fields alias its arrays, under the names the strategies
 * use. */
void por_facts_init(por_ctx *c)
{
    ts_facts *f = ts_facts_new(c->prog);

    c->facts = f;
    c->loc_rd = f->loc_rd;
    c->loc_wr = f->loc_wr;
    c->loc_invis = f->loc_invis;
    c->uses_timeout = f->uses_timeout;
    c->loc_reach_rd = f->reach_rd;
    c->loc_reach_wr = f->reach_wr;
    c->loc_reach_run = f->reach_run;
    c->spawn_rd = f->spawn_rd;
    c->spawn_wr = f->spawn_wr;
    c->has_run = f->has_run;
}

void por_facts_free(por_ctx *c)
{
    ts_facts_free(c->facts);
    c->facts = NULL;
    c->loc_rd = c->loc_wr = NULL;
    c->loc_invis = c->loc_reach_run = NULL;
    c->loc_reach_rd = c->loc_reach_wr = NULL;
    c->spawn_rd = c->spawn_wr = NULL;
}

/* --------------------------------------------------- F-BLOCK's mask */

por_set por_pending_mask(por_ctx *c, const por_frame *f, const uint8_t *vec,
                         size_t len)
{
    const ts_facts   *fa = c->facts;
    uint32_t          np = ts_nprocs(vec);
    por_set           pend = 0;

    (void)len;
    for (uint32_t pid = 0; pid < np; pid++)
        pend |= por_bit(pid);
    /* a thread all of whose transitions at its location gave a successor
     * (as mover or receiver) has nothing pending */
    for (uint32_t k = 0; k < f->nthr; k++) {
        const por_thread *th = &c->thr[f->thr0 + k];
        const search_succ *s0 = &c->succs[f->succ0 + th->first];
        uint32_t          li = fa->trans_loc[s0->step.trans];
        uint32_t          first = fa->loc_first[li];
        uint32_t          ntr = fa->loc_ntrans[li];
        uint32_t          seen = 0;

        if (ntr > 32 || th->pid >= 63)
            continue;
        for (uint32_t i = 0; i < th->n; i++) {
            uint32_t tr = c->succs[f->succ0 + th->first + i].step.trans;

            if (tr >= first && tr < first + ntr)
                seen |= 1u << (tr - first);
        }
        if (seen == (ntr == 32 ? ~0u : (1u << ntr) - 1u))
            pend &= ~por_bit(th->pid);
    }
    return pend;
}
