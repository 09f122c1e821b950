/*
 * engine/por/por_dl_memo.c -- DL-S-POR's walk memo: what a walk of
 * deps() (por_dl.c) asks of a state, an edge and a closed state's
 * summary, memoised (the types and the calls: por_dl_int.h).
 *
 * One walk of deps() compares every state it meets with the same step:
 * the label a of the edge it started from, the static facts srd/swr of
 * p's location (F-NONDET, or none) and p itself.  What it asks of a
 * state u depends, besides these, only on the location of each process
 * at u (the static cut, F-BLOCK's pending conflicts) and, per edge
 * below u, on that edge's label.  So within one walk the answers are
 * memoised per location, per label and per interned tuple of
 * locations (a state's, whose answers also depend on the walk's thread):
 * an entry is valid while its stamp equals the walk's (bumped at the
 * start of every walk, so a cached answer never outlives the (a, srd,
 * swr, thread) it was computed for; when the stamp wraps every entry is
 * cleared).  Across walks, the answers for one (a, srd/swr) are final
 * and kept (dl_fact, dl_tmemo, dl_sres).  The memo changes no answer,
 * only how often the same static test is evaluated: the dep sets, and
 * so the reduction, are those of the walk without it.
 *
 * The races that cannot happen (por_dl.c) enter here as the step
 * compared without the gate (a1, srd1/swr1) and without _nr_pr (a2,
 * srd2/swr2), and as por_can_race() on ts_facts.
 */
#include "config.h"

#include "engine/por/por_dl_int.h"

#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"
#include "util/xalloc.h"

/* Label a without its gate accesses (gate) and without its _nr_pr
 * accesses (nrpr), interned; a itself when nothing goes. */
static uint32_t strip_label(por_ctx *c, dl_memo *m, uint32_t a, int gate,
                            int nrpr)
{
    const ts_access *x;
    uint32_t         n;
    size_t           k = 0;

    x = por_label_accs(c->labels, a, &n);
    if (n == 0 || por_grow(&c->mem, (void **)&m->abuf, &m->abuf_cap, n,
                           sizeof *m->abuf) != 0)
        return a;               /* out of memory: the search ends */
    for (uint32_t i = 0; i < n; i++)
        if (!(gate && x[i].kind == TS_OBJ_GATE)
            && !(nrpr && x[i].kind == TS_OBJ_NRPR))
            m->abuf[k++] = x[i];
    if (k == n)
        return a;
    if (k == 0)
        return POR_LABEL_NONE;
    return por_label(c->labels, m->abuf, k);
}

dl_memo *dl_memo_new(por_ctx *c)
{
    dl_memo *m = xcalloc(1, sizeof(dl_memo));

    m->sums = por_sums_new();
    m->sbuf = xcalloc((size_t)4 * c->prog->nwords + 1, sizeof *m->sbuf);
    return m;
}

void dl_memo_free(dl_memo *m)
{
    if (m != NULL) {
        free(m->loc);
        free(m->lab);
        free(m->facts);
        free(m->tm);
        free(m->tup);
        free(m->tuples);
        free(m->tpool);
        free(m->tslots.v);
        por_sums_free(m->sums);
        free(m->sstamp);
        free(m->sres);
        free(m->rm);
        free(m->sbuf);
        free(m->abuf);
        free(m);
    }
}

/* Start a walk comparing with step a (and srd/swr of location sli, or
 * NULL); gdead: the gate is dead at the walk's root. */
void dl_memo_begin(por_ctx *c, dl_memo *m, uint32_t a, size_t sli,
                   const uint64_t *srd, const uint64_t *swr, int gdead)
{
    const bc_program *p = c->prog;

    m->key = (uint64_t)a << 32 | (srd != NULL ? (uint64_t)sli + 1 : 0)
             | (gdead ? (uint64_t)1 << 31 : 0);
    if (++m->stamp == 0) {
        if (m->loc != NULL)
            memset(m->loc, 0, m->loc_cap * sizeof *m->loc);
        if (m->lab != NULL)
            memset(m->lab, 0, m->lab_cap * sizeof *m->lab);
        for (size_t i = 0; i < m->ntuples; i++)
            m->tuples[i].stamp = 0;
        if (m->sstamp != NULL)
            memset(m->sstamp, 0, m->sst_cap * sizeof *m->sstamp);
        m->stamp = 1;
    }
    m->a = a;
    m->srd = srd;
    m->swr = swr;
    m->spawn = -1;
    m->a1 = gdead ? strip_label(c, m, a, 1, 0) : a;
    m->a2 = strip_label(c, m, m->a1, 0, 1);
    m->srd1 = m->swr1 = m->srd2 = m->swr2 = NULL;
    if (srd != NULL) {
        uint32_t  nw = p->nwords;
        uint32_t  g = p->globals_size;
        uint64_t *b = m->sbuf;

        memcpy(b, srd, nw * sizeof *b);
        memcpy(b + nw, swr, nw * sizeof *b);
        if (gdead && g + BC_OBJ_GATE < p->nobjects)
            for (int k = 0; k < 2; k++)
                b[k * nw + (g + BC_OBJ_GATE) / 64] &=
                    ~((uint64_t)1 << (g + BC_OBJ_GATE) % 64);
        memcpy(b + 2 * nw, b, 2 * nw * sizeof *b);
        if (g + BC_OBJ_NRPR < p->nobjects)
            for (int k = 2; k < 4; k++)
                b[k * nw + (g + BC_OBJ_NRPR) / 64] &=
                    ~((uint64_t)1 << (g + BC_OBJ_NRPR) % 64);
        m->srd1 = b;
        m->swr1 = b + nw;
        m->srd2 = b + 2 * nw;
        m->swr2 = b + 3 * nw;
    }
}

static size_t fact_slot(const dl_memo *m, uint64_t key, uint32_t x)
{
    uint64_t h = (key ^ (uint64_t)x * 0x9e3779b97f4a7c15ull)
                 * 0xff51afd7ed558ccdull;
    size_t   mask = m->facts_cap - 1;
    size_t   i = (size_t)(h >> 29) & mask;

    while ((m->facts[i].bits & DL_FULL)
           && (m->facts[i].key != key || m->facts[i].x != x))
        i = (i + 1) & mask;
    return i;
}

/* The answer kept for x under the current walk's key, or 0. */
static uint32_t fact_get(const dl_memo *m, uint32_t x)
{
    size_t i;

    if (m->facts_cap == 0)
        return 0;
    i = fact_slot(m, m->key, x);
    return m->facts[i].bits & DL_FULL ? m->facts[i].bits : 0;
}

/* Keep an answer (nothing when memory is refused: it is only a cache). */
static void fact_put(por_ctx *c, dl_memo *m, uint32_t x, uint32_t bits)
{
    size_t i;

    if (2 * (m->nfacts + 1) > m->facts_cap) {
        dl_fact *old = m->facts;
        size_t   oldcap = m->facts_cap;
        size_t   ncap = oldcap ? 2 * oldcap : 1024;
        size_t   held = c->mem.held;

        m->facts = NULL;
        m->facts_cap = 0;
        if (por_grow(&c->mem, (void **)&m->facts, &m->facts_cap, ncap,
                     sizeof *m->facts) != 0) {
            m->facts = old;
            m->facts_cap = oldcap;
            return;
        }
        c->mem.held = held + (m->facts_cap - oldcap) * sizeof *m->facts;
        memset(m->facts, 0, m->facts_cap * sizeof *m->facts);
        for (size_t k = 0; k < oldcap; k++)
            if (old[k].bits & DL_FULL)
                m->facts[fact_slot(m, old[k].key, old[k].x)] = old[k];
        free(old);
    }
    i = fact_slot(m, m->key, x);
    m->facts[i].key = m->key;
    m->facts[i].x = x;
    m->facts[i].bits = bits | DL_FULL;
    m->nfacts++;
}

/* The M_REACH/M_PEND bits of location li for the current walk. */
static uint32_t memo_loc(por_ctx *c, dl_memo *m, size_t li)
{
    const bc_program *p = c->prog;
    uint32_t          bits = 0;
    uint32_t          kept;

    if (li < m->loc_cap && m->loc[li].stamp == m->stamp)
        return m->loc[li].bits;
    if ((kept = fact_get(m, (uint32_t)li)) != 0)
        bits = kept & ~DL_FULL;
    else {
        const uint64_t *rrd = c->loc_reach_rd + li * p->nwords;
        const uint64_t *rwr = c->loc_reach_wr + li * p->nwords;
        const uint64_t *rd = c->loc_rd + li * p->nwords;
        const uint64_t *wr = c->loc_wr + li * p->nwords;

        if (por_label_conflict_static(c->labels, p, m->a1, rrd, rwr)
            || (m->srd1 != NULL
                && por_static_conflict(p, m->srd1, m->swr1, rrd, rwr)))
            bits |= M_REACH;
        if (por_label_conflict_static(c->labels, p, m->a2, rd, wr)
            || (m->srd2 != NULL
                && por_static_conflict(p, m->srd2, m->swr2, rd, wr)))
            bits |= M_PEND;
        else if (por_label_conflict_static(c->labels, p, m->a1, rd, wr)
                 || (m->srd1 != NULL
                     && por_static_conflict(p, m->srd1, m->swr1, rd, wr)))
            bits |= M_PENDN;
        fact_put(c, m, (uint32_t)li, bits);
    }
    if (li >= m->loc_cap) {
        size_t old = m->loc_cap;

        if (por_grow(&c->mem, (void **)&m->loc, &m->loc_cap, li + 1,
                     sizeof *m->loc) != 0)
            return bits;        /* no memo: the answer is still right */
        memset(m->loc + old, 0, (m->loc_cap - old) * sizeof *m->loc);
    }
    m->loc[li].stamp = m->stamp;
    m->loc[li].bits = bits;
    return bits;
}

/* The M_LAB/M_LABSTAT bits of label x for the current walk. */
uint32_t dl_memo_lab(por_ctx *c, dl_memo *m, uint32_t x)
{
    uint32_t bits = 0;
    uint32_t kept;

    if (x < m->lab_cap && m->lab[x].stamp == m->stamp)
        return m->lab[x].bits;
    if ((kept = fact_get(m, x | DL_LABEL)) != 0)
        bits = kept & ~DL_FULL;
    else {
        if (por_label_conflict(c->labels, m->a2, x)
            || (m->srd2 != NULL
                && por_label_conflict_static(c->labels, c->prog, x,
                                             m->srd2, m->swr2)))
            bits |= M_LAB;
        else if (por_label_conflict(c->labels, m->a1, x)
                 || (m->srd1 != NULL
                     && por_label_conflict_static(c->labels, c->prog, x,
                                                  m->srd1, m->swr1)))
            bits |= M_LABN;
        fact_put(c, m, x | DL_LABEL, bits);
    }
    if (x >= m->lab_cap) {
        size_t old = m->lab_cap;

        if (por_grow(&c->mem, (void **)&m->lab, &m->lab_cap, (size_t)x + 1,
                     sizeof *m->lab) != 0)
            return bits;
        memset(m->lab + old, 0, (m->lab_cap - old) * sizeof *m->lab);
    }
    m->lab[x].stamp = m->stamp;
    m->lab[x].bits = bits;
    return bits;
}

static uint64_t tuple_hash(const uint32_t *locs, size_t np)
{
    uint64_t h = np * 0x9e3779b97f4a7c15ull;

    for (size_t i = 0; i < np; i++)
        h = (h ^ locs[i]) * 0xff51afd7ed558ccdull;
    return h ^ (h >> 29);
}

/* por_slots_reserve's hash of tuple id v. */
static uint64_t tslot_hash(const void *ctx, uint32_t v)
{
    return ((const dl_memo *)ctx)->tuples[v].hash;
}

/* The id of the tuple locs[0..np) (np < POR_MAX_LOCS), interned; 0 when
 * memory is refused (the caller then works without it). */
static uint32_t tuple_id(por_ctx *c, dl_memo *m, const uint32_t *locs,
                         size_t np)
{
    uint64_t h = tuple_hash(locs, np);
    size_t   mask;
    size_t   i;
    uint32_t id;

    if (por_slots_reserve(c, &m->tslots, m->ntuples + 2, 256, 1,
                          tslot_hash, m) != 0)
        return 0;
    mask = m->tslots.cap - 1;
    for (i = (size_t)h & mask; m->tslots.v[i] != 0; i = (i + 1) & mask) {
        const dl_tuple *t = &m->tuples[m->tslots.v[i]];

        if (t->hash == h && t->np == np
            && memcmp(m->tpool + t->off, locs, np * sizeof *locs) == 0)
            return m->tslots.v[i];
    }
    if (m->ntuples == 0)
        m->ntuples = 1;                 /* id 0: none */
    if (m->ntuples >= UINT32_MAX - 1 || m->ntpool + np >= UINT32_MAX
        || por_grow(&c->mem, (void **)&m->tuples, &m->tuples_cap,
                    m->ntuples + 1, sizeof *m->tuples) != 0
        || por_grow(&c->mem, (void **)&m->tpool, &m->tpool_cap,
                    m->ntpool + np + 1, sizeof *m->tpool) != 0)
        return 0;
    id = (uint32_t)m->ntuples++;
    m->tuples[id].off = (uint32_t)m->ntpool;
    m->tuples[id].np = (uint32_t)np;
    m->tuples[id].hash = h;
    m->tuples[id].stamp = 0;
    memcpy(m->tpool + m->ntpool, locs, np * sizeof *locs);
    m->ntpool += np;
    m->tslots.v[i] = id;
    return id;
}

static size_t tm_slot(const dl_memo *m, uint64_t key, uint32_t tid,
                      uint32_t pid)
{
    uint64_t h = (key ^ ((uint64_t)tid << 8 | pid) * 0x9e3779b97f4a7c15ull)
                 * 0xff51afd7ed558ccdull;
    size_t   mask = m->tm_cap - 1;
    size_t   i = (size_t)(h >> 27) & mask;

    while (m->tm[i].tid != 0
           && (m->tm[i].key != key || m->tm[i].tid != tid
               || m->tm[i].pid != pid))
        i = (i + 1) & mask;
    return i;
}

/* The kept answer for tuple tid under the current walk, or NULL. */
static const dl_tmemo *tm_get(const dl_memo *m, uint32_t tid, uint32_t pid)
{
    size_t i;

    if (m->tm_cap == 0)
        return NULL;
    i = tm_slot(m, m->key, tid, pid);
    return m->tm[i].tid != 0 ? &m->tm[i] : NULL;
}

static void tm_put(por_ctx *c, dl_memo *m, uint32_t tid, uint32_t pid,
                   por_set r, por_set q)
{
    size_t i;

    if (2 * (m->ntm + 1) > m->tm_cap) {
        dl_tmemo *old = m->tm;
        size_t    oldcap = m->tm_cap;
        size_t    ncap = oldcap ? 2 * oldcap : 1024;
        dl_tmemo *nt;

        if (ncap / 2 > DL_TMEMO_MAX)
            return;
        if (c->mem.limit != 0
            && c->mem.held + (c->mem.others != NULL
                              ? c->mem.others(c->mem.ctx) : 0)
               + ncap * sizeof *nt > c->mem.limit)
            return;             /* no room: not an error, only no cache */
        nt = calloc(ncap, sizeof *nt);
        if (nt == NULL)
            return;
        c->mem.held += ncap * sizeof *nt;
        m->tm = nt;
        m->tm_cap = ncap;
        for (size_t k = 0; k < oldcap; k++)
            if (old[k].tid != 0)
                m->tm[tm_slot(m, old[k].key, old[k].tid, old[k].pid)]
                    = old[k];
        free(old);
        c->mem.held -= oldcap * sizeof *nt;
    }
    i = tm_slot(m, m->key, tid, pid);
    m->tm[i].key = m->key;
    m->tm[i].tid = tid;
    m->tm[i].pid = pid;
    m->tm[i].r = r;
    m->tm[i].q = q;
    m->ntm++;
}

/* Can a `run' start a process whose code conflicts with the current
 * walk's step?  Computed once per walk. */
static int spawn_conflicts(por_ctx *c, dl_memo *m)
{
    const bc_program *p = c->prog;

    if (m->spawn < 0)
        m->spawn = por_label_conflict_static(c->labels, p, m->a1,
                                             c->spawn_rd, c->spawn_wr)
                   || (m->srd1 != NULL
                       && por_static_conflict(p, m->srd1, m->swr1,
                                              c->spawn_rd, c->spawn_wr));
    return m->spawn;
}

/* The current walk's answers for a state whose processes stand at
 * locs[0..np) (np < POR_MAX_LOCS), thread except aside: *r, the threads
 * whose reachable facts conflict with the step, with POR_SET_OTHER when
 * a `run' reachable from there can start a conflicting process; *q,
 * those whose own facts conflict (F-BLOCK, before the state's pending
 * mask is applied). */
static void locs_answers(por_ctx *c, dl_memo *m, const uint32_t *locs,
                         size_t np, uint32_t except, por_set *r, por_set *q)
{
    por_set tr = 0;
    por_set tq = 0;
    int     run = 0;

    for (uint32_t pid = 0; pid < np; pid++) {
        uint32_t bits;

        run |= c->loc_reach_run[locs[pid]];
        if (pid == except)
            continue;
        bits = memo_loc(c, m, locs[pid]);
        if (bits & M_REACH)
            tr |= por_bit(pid);
        if ((bits & M_PEND)
            || ((bits & M_PENDN)
                && por_can_race(c->facts, locs[pid], pid, except)))
            tq |= por_bit(pid);
    }
    if (run && spawn_conflicts(c, m))
        tr |= POR_SET_OTHER;
    *r = tr;
    *q = tq;
}

/* At stored state u, for the current walk (step a of thread except):
 * *reach := por_reach_conflicts(c, u, a, srd, swr, except) and *pend :=
 * por_pending_conflicts2(c, u, c->pend[u], a, srd, swr, except), from
 * one reading of u's locations (once per walk and tuple of locations
 * when they are interned). */
void dl_memo_state(por_ctx *c, dl_memo *m, uint32_t u, uint32_t except,
                   por_set *reach, por_set *pend)
{
    uint32_t       locs[POR_MAX_LOCS];
    const uint8_t *vec;
    size_t         len;
    size_t         np;
    por_set        mask;
    por_set        r;
    por_set        q;
    int            test_pend;

    if (u >= c->nstates) {
        *reach = ~(por_set)0;
        *pend = 0;
        return;
    }
    mask = c->pend[u];
    test_pend = mask != 0 && (m->a1 != POR_LABEL_NONE || m->srd != NULL);
    if (u < m->tup_cap && m->tup[u] != 0) {
        dl_tuple       *t = &m->tuples[m->tup[u] - 1];
        const dl_tmemo *kept;

        if (t->stamp != m->stamp
            && (kept = tm_get(m, m->tup[u] - 1, except)) != NULL) {
            t->stamp = m->stamp;
            t->r = kept->r;
            t->q = kept->q;
        }
        if (t->stamp != m->stamp) {
            /* first state of this walk with these locations */
            locs_answers(c, m, m->tpool + t->off, t->np, except, &r, &q);
            t = &m->tuples[m->tup[u] - 1];  /* memo_loc may not move it,
                                               but be plain about it */
            t->stamp = m->stamp;
            t->r = r;
            t->q = q;
            tm_put(c, m, m->tup[u] - 1, except, r, q);
        }
        *reach = t->r;
        *pend = test_pend ? t->q & mask : 0;
        return;
    }
    vec = ss_get(c->ss, u, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    if (np < POR_MAX_LOCS) {
        /* intern u's locations for the next walks */
        uint32_t id = tuple_id(c, m, locs, np);
        size_t   old = m->tup_cap;

        if (id != 0
            && (u < m->tup_cap
                || por_grow(&c->mem, (void **)&m->tup, &m->tup_cap,
                            (size_t)u + 1, sizeof *m->tup) == 0)) {
            if (m->tup_cap > old)
                memset(m->tup + old, 0, (m->tup_cap - old) * sizeof *m->tup);
            m->tup[u] = id + 1;
        }
    }
    locs_answers(c, m, locs, np < POR_MAX_LOCS ? np : POR_MAX_LOCS, except,
                 &r, &q);
    if (np >= POR_MAX_LOCS)
        r |= POR_SET_OTHER;
    *reach = r;
    *pend = test_pend ? q & mask : 0;
}

/* Can the step of edge x (at stored state u) happen before the walk's
 * thread p takes its step (see "races that cannot happen")?  1 when
 * not known. */
int dl_edge_can_race(por_ctx *c, const dl_memo *m, uint32_t u,
                     const por_edge *x, uint32_t p)
{
    uint32_t locs[POR_MAX_LOCS];
    uint32_t r = x->pid;
    uint32_t li = UINT32_MAX;

    if (r >= 254 || u >= c->nstates)
        return 1;
    if (u < m->tup_cap && m->tup[u] != 0) {
        const dl_tuple *t = &m->tuples[m->tup[u] - 1];

        if (r < t->np)
            li = m->tpool[t->off + r];
    } else {
        size_t         len;
        const uint8_t *vec = ss_get(c->ss, u, &len);
        size_t         np = ts_proc_locs(c->t, vec, len - c->vec_extra,
                                         locs, POR_MAX_LOCS);

        if (np < POR_MAX_LOCS && r < np)
            li = locs[r];
    }
    return li == UINT32_MAX || por_can_race(c->facts, li, r, p);
}

static uint64_t sres_hash(uint64_t key, uint32_t sid, uint32_t pid)
{
    uint64_t h = (key ^ ((uint64_t)sid << 8 | pid) * 0x9e3779b97f4a7c15ull)
                 * 0xff51afd7ed558ccdull;

    return h ^ (h >> 29);
}

/* Keep dl_sum_eval's answer res for (the walk's key, sid, pid) across
 * walks (a cache: nothing when there is no room). */
static void sres_put(por_ctx *c, dl_memo *m, uint32_t sid, uint32_t pid,
                     por_set res)
{
    size_t i;

    if (2 * (m->nrm + 1) > m->rm_cap && m->nrm < DL_SRES_MAX) {
        dl_sres *old = m->rm;
        size_t   oldcap = m->rm_cap;
        size_t   cap = 0;

        m->rm = NULL;
        if (por_cache_grow(c, (void **)&m->rm, &cap,
                           oldcap ? 2 * oldcap : 1024, sizeof *m->rm) != 0)
            m->rm = old;
        else {
            memset(m->rm, 0, cap * sizeof *m->rm);
            m->rm_cap = cap;
            for (size_t k = 0; k < oldcap; k++)
                if (old[k].sid1 != 0) {
                    size_t j = (size_t)sres_hash(old[k].key, old[k].sid1 - 1,
                                                 old[k].pid) & (cap - 1);

                    while (m->rm[j].sid1 != 0)
                        j = (j + 1) & (cap - 1);
                    m->rm[j] = old[k];
                }
            free(old);
            c->mem.held -= oldcap * sizeof *m->rm;
        }
    }
    if (2 * (m->nrm + 1) > m->rm_cap)
        return;
    for (i = (size_t)sres_hash(m->key, sid, pid) & (m->rm_cap - 1);
         m->rm[i].sid1 != 0; i = (i + 1) & (m->rm_cap - 1))
        ;
    m->rm[i].key = m->key;
    m->rm[i].sid1 = sid + 1;
    m->rm[i].pid = pid;
    m->rm[i].res = res;
    m->nrm++;
}

/* Does item x (of a summary) add threads to the current walk's dep set
 * (thread pid, bit pb)?  Returns them. */
static por_set item_deps(por_ctx *c, dl_memo *m, const por_sum_item *x,
                         uint32_t pid, por_set pb)
{
    if (x->label == POR_SUM_PENDING) {
        uint32_t bits;

        if (x->r == pid)
            return 0;
        bits = memo_loc(c, m, x->li);
        if ((bits & M_PEND)
            || ((bits & M_PENDN)
                && por_can_race(c->facts, x->li, x->r, pid)))
            return x->tids;
    } else {
        por_set  tids = x->tids & ~pb;
        uint32_t lb;

        if (tids == 0)
            return 0;
        lb = dl_memo_lab(c, m, x->label);
        if (lb != 0
            && ((lb & M_LAB) || x->r >= 254 || x->li == UINT32_MAX
                || por_can_race(c->facts, x->li, x->r, pid)))
            return tids;
    }
    return 0;
}

/* The threads that the items of summary sid add to the current walk's
 * dep set (thread pid, bit pb). */
por_set dl_sum_eval(por_ctx *c, dl_memo *m, uint32_t sid, uint32_t pid,
                    por_set pb)
{
    const por_sum_item *items;
    const uint64_t     *words;
    uint32_t            n;
    por_set             res = 0;

    if (sid < m->sst_cap && m->sstamp[sid] == m->stamp)
        return m->sres[sid];
    if (m->rm_cap != 0)
        for (size_t i = (size_t)sres_hash(m->key, sid, pid) & (m->rm_cap - 1);
             m->rm[i].sid1 != 0; i = (i + 1) & (m->rm_cap - 1))
            if (m->rm[i].sid1 == sid + 1 && m->rm[i].key == m->key
                && m->rm[i].pid == pid) {
                res = m->rm[i].res;
                goto done;
            }
    words = por_sums_words(m->sums, sid, &n);
    items = por_sums_items(m->sums);
    for (uint32_t w = 0; w < n; w++)
        for (uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
            const por_sum_item *x =
                &items[w * 64 + (uint32_t)__builtin_ctzll(bits)];

            if ((res & x->tids) != x->tids)
                res |= item_deps(c, m, x, pid, pb);
        }
    sres_put(c, m, sid, pid, res);
done:
    if (sid >= m->sst_cap) {
        size_t old = m->sst_cap;
        size_t cap = old;

        if (por_cache_grow(c, (void **)&m->sstamp, &cap, (size_t)sid + 1,
                           sizeof *m->sstamp) != 0
            || por_cache_grow(c, (void **)&m->sres, &m->sres_cap, cap,
                              sizeof *m->sres) != 0)
            return res;
        memset(m->sstamp + old, 0, (cap - old) * sizeof *m->sstamp);
        m->sst_cap = cap;
    }
    m->sstamp[sid] = m->stamp;
    m->sres[sid] = res;
    return res;
}

/* --explain: the items of summary sid that add threads outside D to
 * dep(pid), each told as the walk would tell it (the edge or pending
 * thread of a state that has it), after a line naming the summary. */
void dl_explain_sum(por_ctx *c, dl_memo *m, const por_frame *f,
                    uint32_t slot, uint32_t e, uint32_t u, uint32_t sid,
                    uint32_t pid, por_set D)
{
    uint32_t        nw;
    const uint64_t *words = por_sums_words(m->sums, sid, &nw);
    uint32_t        n = 0;

    for (uint32_t w = 0; w < nw; w++)
        n += (uint32_t)__builtin_popcountll(words[w]);
    explain_line(c, f->ref, "dep(%u): state %u is closed; the walk uses "
                 "its summary (%u steps and pending threads)",
                 (unsigned)pid, (unsigned)u, (unsigned)n);
    for (uint32_t k = 0; k < 64 * nw; k++) {
        const por_sum_item *x;
        por_set             add;

        if (!(words[k / 64] >> (k % 64) & 1u))
            continue;
        x = &por_sums_items(m->sums)[k];
        add = item_deps(c, m, x, pid, por_bit(pid)) & ~D;
        if (add == 0)
            continue;
        if (x->label == POR_SUM_PENDING)
            explain_dl_dep(c, f, slot, e, add, EXPLAIN_PENDING, x->src, 0);
        else
            explain_dl_dep(c, f, slot, e, add, EXPLAIN_EDGE, x->src,
                           x->edge);
        D |= add;
    }
}
