/*
 * engine/por/por_dl.c -- DL-S-POR and DL-JPF: lazy source sets
 * (design/por-algorithms.md §4, Algorithm 3, with §7's fixes).
 *
 * Nothing is done while the search goes forward.  When it comes back to
 * an irreducible state s after expanding thread p (after a new state, or
 * when every thread of backtrack(s) has been followed), UPDATE moves the
 * threads taken since the last update into done(s) and, for each, walks
 * the visited graph below s·p once (O1) to collect dep(s, p): the threads
 * that later make a step dependent on p's (dynamic labels), plus the
 * threads whose pending transitions at a state reached conflict with it
 * (F-BLOCK).  The backtrack update (por_update_backtrack) follows.
 * Short-cuts: O2 (no walk for the last thread), O3 (every other thread
 * leads to visited states: add their edges and finish), O4 (the set holds
 * every enabled thread), O5 (it holds a thread not enabled).
 *
 * Cycles: a walk that reaches a state on the stack makes s fully
 * expanded (F-STACK, --cycle-fix=stack), or adds to dep(s, p) every
 * thread whose code can still conflict with p's step (F-STACK-STATIC,
 * --cycle-fix=static), or goes on (--cycle-fix=c3-only); an edge onto
 * the stack makes s fully expanded in every case (F-C3, set by the
 * search).  F-NONDET: p's walk starts from each of its edges, each
 * compared with that edge's label.
 *
 * Cost: the static tests a walk makes at each state (the cut, F-BLOCK's
 * pending conflicts) and at each edge (label conflicts) are memoised
 * per (step label, location or label): static facts never change, so
 * the answers are final (see "the walk memo" below).  The walks
 * themselves are still made in full (no summaries of closed states
 * yet: issue 11).
 */
#include "config.h"

#include "engine/por/por.h"

#include "engine/por/explain.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* ------------------------------------------------------ the walk memo
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
 * cleared).  The memo changes no
 * answer, only how often the same static test is evaluated: the dep
 * sets, and so the reduction, are those of the walk without it. */

#define M_REACH   0x1u  /* a location's reachable facts conflict */
#define M_PEND    0x2u  /* a location's own facts conflict (F-BLOCK) */
#define M_LAB     0x1u  /* a label conflicts with a */
#define M_LABSTAT 0x2u  /* a label conflicts with srd/swr */

typedef struct dl_memo_ent {
    uint32_t stamp;
    uint32_t bits;
} dl_memo_ent;

/* Answers across walks: the static facts of a location and the accesses
 * of an interned label never change, so the answer for (step label a,
 * location sli whose facts are srd/swr or none, location or label x) is
 * final once computed; this table keeps them for good. */
typedef struct dl_fact {
    uint64_t key;       /* a << 32 | (sli + 1), 0 for no srd */
    uint32_t x;         /* location, or label | DL_LABEL */
    uint32_t bits;      /* M_* | DL_FULL */
} dl_fact;

#define DL_LABEL 0x80000000u
#define DL_FULL  0x80000000u    /* the slot holds an answer */

/* A state's locations, interned: most states share them with many
 * others, and what a walk asks of a state depends only on them (and on
 * the state's F-BLOCK mask, applied after).  tup[u] is final: a stored
 * state's vector never changes and store ids are not reused while the
 * search (and this memo, made and freed with it) lives. */
typedef struct dl_tuple {
    uint32_t off;       /* first location in tpool */
    uint32_t np;        /* processes */
    uint64_t hash;
    uint32_t stamp;     /* the walk that filled r, q */
    por_set  r;         /* memo_state's reach */
    por_set  q;         /* threads whose location has M_PEND */
} dl_tuple;

/* memo_state's answers across walks: (step label a, location sli, thread
 * except, tuple) -> (r, q), final for the same reason as dl_fact.  The
 * table stops growing at DL_TMEMO_MAX entries or when the memory budget
 * would be passed (it is a cache: a missing entry is recomputed). */
typedef struct dl_tmemo {
    uint64_t key;       /* dl_memo.key */
    uint32_t tid;       /* tuple id, 0: empty slot */
    uint32_t pid;       /* the walk's thread */
    por_set  r;
    por_set  q;
} dl_tmemo;

#define DL_TMEMO_MAX ((size_t)1 << 21)

typedef struct dl_memo {
    dl_tmemo    *tm;        /* open addressing, power-of-two capacity */
    size_t       ntm, tm_cap;
    uint32_t    *tup;       /* per stored state: tuple id + 1, 0: not
                               yet interned (or could not be) */
    size_t       tup_cap;
    dl_tuple    *tuples;    /* id 0 unused */
    size_t       ntuples, tuples_cap;
    uint32_t    *tpool;
    size_t       ntpool, tpool_cap;
    uint32_t    *tslots;    /* id, 0: empty; power-of-two capacity */
    size_t       tslots_cap;
    dl_fact     *facts;     /* open addressing, power-of-two capacity */
    size_t       nfacts, facts_cap;
    uint64_t     key;       /* the current walk's */
    dl_memo_ent *loc;       /* per location index (por_thread_loc) */
    size_t       loc_cap;
    dl_memo_ent *lab;       /* per label id */
    size_t       lab_cap;
    uint32_t     stamp;     /* the current walk's */
    /* the current walk's step */
    uint32_t        a;
    const uint64_t *srd;
    const uint64_t *swr;
    int             spawn;  /* a `run' could start a conflicting
                               process (-1: not computed yet) */
} dl_memo;

static void *dl_new(por_ctx *c)
{
    (void)c;
    return xcalloc(1, sizeof(dl_memo));
}

static void dl_free(void *self)
{
    dl_memo *m = self;

    if (m != NULL) {
        free(m->loc);
        free(m->lab);
        free(m->facts);
        free(m->tm);
        free(m->tup);
        free(m->tuples);
        free(m->tpool);
        free(m->tslots);
        free(m);
    }
}

static void memo_begin(dl_memo *m, uint32_t a, size_t sli,
                       const uint64_t *srd, const uint64_t *swr)
{
    m->key = (uint64_t)a << 32 | (srd != NULL ? (uint64_t)sli + 1 : 0);
    if (++m->stamp == 0) {
        if (m->loc != NULL)
            memset(m->loc, 0, m->loc_cap * sizeof *m->loc);
        if (m->lab != NULL)
            memset(m->lab, 0, m->lab_cap * sizeof *m->lab);
        for (size_t i = 0; i < m->ntuples; i++)
            m->tuples[i].stamp = 0;
        m->stamp = 1;
    }
    m->a = a;
    m->srd = srd;
    m->swr = swr;
    m->spawn = -1;
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

        if (por_label_conflict_static(c->labels, p, m->a, rrd, rwr)
            || (m->srd != NULL
                && por_static_conflict(p, m->srd, m->swr, rrd, rwr)))
            bits |= M_REACH;
        if (por_label_conflict_static(c->labels, p, m->a, rd, wr)
            || (m->srd != NULL
                && por_static_conflict(p, m->srd, m->swr, rd, wr)))
            bits |= M_PEND;
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
static uint32_t memo_lab(por_ctx *c, dl_memo *m, uint32_t x)
{
    uint32_t bits = 0;
    uint32_t kept;

    if (x < m->lab_cap && m->lab[x].stamp == m->stamp)
        return m->lab[x].bits;
    if ((kept = fact_get(m, x | DL_LABEL)) != 0)
        bits = kept & ~DL_FULL;
    else {
        if (por_label_conflict(c->labels, m->a, x))
            bits |= M_LAB;
        if (m->srd != NULL
            && por_label_conflict_static(c->labels, c->prog, x, m->srd,
                                         m->swr))
            bits |= M_LABSTAT;
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

/* The id of the tuple locs[0..np) (np < POR_MAX_LOCS), interned; 0 when
 * memory is refused (the caller then works without it). */
static uint32_t tuple_id(por_ctx *c, dl_memo *m, const uint32_t *locs,
                         size_t np)
{
    uint64_t h = tuple_hash(locs, np);
    size_t   i;
    uint32_t id;

    if (2 * (m->ntuples + 2) > m->tslots_cap) {
        uint32_t *old = m->tslots;
        size_t    oldcap = m->tslots_cap;
        size_t    held = c->mem.held;

        m->tslots = NULL;
        m->tslots_cap = 0;
        if (por_grow(&c->mem, (void **)&m->tslots, &m->tslots_cap,
                     oldcap ? 2 * oldcap : 256, sizeof *m->tslots) != 0) {
            m->tslots = old;
            m->tslots_cap = oldcap;
            return 0;
        }
        c->mem.held = held + (m->tslots_cap - oldcap) * sizeof *m->tslots;
        memset(m->tslots, 0, m->tslots_cap * sizeof *m->tslots);
        for (size_t k = 0; k < oldcap; k++)
            if (old[k] != 0) {
                size_t j = (size_t)m->tuples[old[k]].hash
                           & (m->tslots_cap - 1);

                while (m->tslots[j] != 0)
                    j = (j + 1) & (m->tslots_cap - 1);
                m->tslots[j] = old[k];
            }
        free(old);
    }
    for (i = (size_t)h & (m->tslots_cap - 1); m->tslots[i] != 0;
         i = (i + 1) & (m->tslots_cap - 1)) {
        const dl_tuple *t = &m->tuples[m->tslots[i]];

        if (t->hash == h && t->np == np
            && memcmp(m->tpool + t->off, locs, np * sizeof *locs) == 0)
            return m->tslots[i];
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
    m->tslots[i] = id;
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

/* At stored state u, for the current walk (step a of thread except):
 * *reach := por_reach_conflicts(c, u, a, srd, swr, except) and *pend :=
 * por_pending_conflicts2(c, u, c->pend[u], a, srd, swr, except), from
 * one reading of u's locations. */
static void memo_state(por_ctx *c, dl_memo *m, uint32_t u, uint32_t except,
                       por_set *reach, por_set *pend)
{
    const bc_program *p = c->prog;
    uint32_t          locs[POR_MAX_LOCS];
    const uint8_t    *vec;
    size_t            len;
    size_t            np;
    por_set           mask;
    por_set           r = 0;
    por_set           q = 0;
    int               run = 0;
    int               test_pend;

    if (u >= c->nstates) {
        *reach = ~(por_set)0;
        *pend = 0;
        return;
    }
    mask = c->pend[u];
    test_pend = mask != 0 && (m->a != POR_LABEL_NONE || m->srd != NULL);
    if (u < m->tup_cap && m->tup[u] != 0) {
        dl_tuple *t = &m->tuples[m->tup[u] - 1];

        const dl_tmemo *kept;

        if (t->stamp != m->stamp
            && (kept = tm_get(m, m->tup[u] - 1, except)) != NULL) {
            t->stamp = m->stamp;
            t->r = kept->r;
            t->q = kept->q;
        }
        if (t->stamp != m->stamp) {
            /* first state of this walk with these locations: the
             * per-location answers, as in the loop below */
            const uint32_t *tl = m->tpool + t->off;
            por_set         tr = 0;
            por_set         tq = 0;

            for (uint32_t pid = 0; pid < t->np; pid++) {
                uint32_t bits;

                run |= c->loc_reach_run[tl[pid]];
                if (pid == except)
                    continue;
                bits = memo_loc(c, m, tl[pid]);
                if (bits & M_REACH)
                    tr |= por_bit(pid);
                if (bits & M_PEND)
                    tq |= por_bit(pid);
            }
            if (run) {
                if (m->spawn < 0)
                    m->spawn = por_label_conflict_static(
                                   c->labels, p, m->a, c->spawn_rd,
                                   c->spawn_wr)
                               || (m->srd != NULL
                                   && por_static_conflict(
                                          p, m->srd, m->swr, c->spawn_rd,
                                          c->spawn_wr));
                if (m->spawn)
                    tr |= POR_SET_OTHER;
            }
            t = &m->tuples[m->tup[u] - 1];  /* memo_loc may not move it,
                                               but be plain about it */
            t->stamp = m->stamp;
            t->r = tr;
            t->q = tq;
            tm_put(c, m, m->tup[u] - 1, except, tr, tq);
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
    for (uint32_t pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        uint32_t bits;

        run |= c->loc_reach_run[locs[pid]];
        if (pid == except)
            continue;
        bits = memo_loc(c, m, locs[pid]);
        if (bits & M_REACH)
            r |= por_bit(pid);
        if (test_pend && (bits & M_PEND) && (mask & por_bit(pid)))
            q |= por_bit(pid);
    }
    if (np >= POR_MAX_LOCS)
        r |= POR_SET_OTHER;
    else if (run) {
        if (m->spawn < 0)
            m->spawn = por_label_conflict_static(c->labels, p, m->a,
                                                 c->spawn_rd, c->spawn_wr)
                       || (m->srd != NULL
                           && por_static_conflict(p, m->srd, m->swr,
                                                  c->spawn_rd,
                                                  c->spawn_wr));
        if (m->spawn)
            r |= POR_SET_OTHER;
    }
    *reach = r;
    *pend = q;
}

/* DEPS(s, p) for thread slot of f; may set POR_F_FULL (F-STACK).  When
 * p has a transition at s that is not enabled (F-NONDET), later steps
 * are also compared with the static facts of p's location at s. */
static por_set deps(por_ctx *c, dl_memo *m, por_frame *f, uint32_t slot)
{
    const bc_program *p = c->prog;
    uint32_t          pid = por_thr(c, f, slot)->pid;
    por_set           pb = por_bit(pid);
    por_set           D = 0;
    const uint64_t   *srd = NULL;
    const uint64_t   *swr = NULL;
    size_t            li = 0;

    if (c->pend[f->ref] & pb) {
        li = por_thread_loc(c, f, slot);
        srd = c->loc_rd + li * p->nwords;
        swr = c->loc_wr + li * p->nwords;
    }
    for (uint32_t e = c->ehead[f->ref]; e != POR_NOEDGE;
         e = c->edges[e].next) {
        uint32_t a;
        size_t   n = 0;

        if (c->edges[e].pid != (pid < 255 ? pid : 254))
            continue;
        a = c->edges[e].label;
        if (c->edges[e].dst >= c->nstates)
            continue;           /* a finding: nothing below it */
        por_walk_begin(c);
        memo_begin(m, a, li, srd, swr);
        por_walk_mark(c, c->edges[e].dst);
        por_walk_push(c, c->edges[e].dst, &n);
        while (n > 0) {
            uint32_t u = c->work[--n];
            por_set  reach;
            por_set  pending;

            memo_state(c, m, u, pid, &reach, &pending);
            /* static cut: nothing a thread outside D can still do from
             * u on conflicts with the step, so nothing below u (explored
             * or not, on the stack or not) can add to D */
            if ((reach & ~D) == 0) {
                c->st->walks_cut++;
                continue;
            }
            if (c->stackpos[u] && c->cycle_fix == POR_CYCLE_STATIC) {
                /* F-STACK-STATIC: the static facts cover whatever the
                 * walk could still find */
                c->st->static_deps++;
                return D | (por_static_threads(c, f, slot) & ~pb);
            }
            if (c->stackpos[u] && c->cycle_fix == POR_CYCLE_STACK) {
                f->flags |= POR_F_FULL;
                c->st->full_stack++;
                if (c->xp)
                    explain_line(c, f->ref, "proviso: the walk below "
                                 "thread %u reaches state %u on the "
                                 "stack; expanding fully (F-STACK)",
                                 (unsigned)pid, (unsigned)u);
                return D;
            }
            if (c->xp)
                explain_dl_dep(c, f, slot, e, por_pending_conflicts2(
                                   c, u, c->pend[u], a, srd, swr, pid) & ~D,
                               EXPLAIN_PENDING, u, 0);
            D |= pending;
            for (uint32_t b = c->ehead[u]; b != POR_NOEDGE;
                 b = c->edges[b].next) {
                const por_edge *x = &c->edges[b];
                por_set         tids = por_edge_tids(x) & ~pb;

                c->st->retraversed++;
                if (tids != 0 && (D & tids) != tids
                    && memo_lab(c, m, x->label) != 0) {
                    if (c->xp)
                        explain_dl_dep(c, f, slot, e, tids & ~D,
                                       EXPLAIN_EDGE, u, b);
                    D |= tids;
                }
                if ((D & ~f->safe) != 0) {
                    c->st->o5++;
                    if (c->xp)
                        explain_line(c, f->ref, "O5: dep(%u) holds a "
                                     "thread not in the safe set; the walk "
                                     "stops", (unsigned)pid);
                    return D;
                }
                if ((D | pb) == f->safe) {
                    c->st->o4++;
                    if (c->xp)
                        explain_line(c, f->ref, "O4: dep(%u) and %u cover "
                                     "the safe set; the walk stops",
                                     (unsigned)pid, (unsigned)pid);
                    return D;
                }
                por_walk_visit(c, x->dst, &n);
            }
        }
    }
    return D;
}

/* O3: every thread of safe \ done leads only to visited states (and no
 * finding): add the edges of those not taken and finish s. */
static int o3(por_ctx *c, por_frame *f)
{
    por_set rest = f->safe & ~f->done;

    for (uint32_t k = 0; k < f->nthr; k++) {
        por_thread *th = por_thr(c, f, k);

        if (!(rest & por_bit(th->pid)))
            continue;
        for (uint32_t i = 0; i < th->n; i++) {
            const search_succ *s = &c->succs[f->succ0 + th->first + i];

            if (s->finding != TS_OK || s->vec_len == 0
                || c->lookup(c, f, th->first + i) == SS_NOREF)
                return 0;
        }
    }
    for (uint32_t k = 0; k < f->nthr; k++) {
        por_thread *th = por_thr(c, f, k);

        if (!(rest & por_bit(th->pid)) || (th->flags & POR_T_TAKEN))
            continue;
        th->flags |= POR_T_TAKEN;
        for (uint32_t i = 0; i < th->n; i++) {
            const search_succ *s = &c->succs[f->succ0 + th->first + i];

            por_add_edge(c, f->ref, s->dst, s->label, s->step.pid,
                         s->step.pid2, 0);
        }
    }
    f->taken = f->done = f->todo = f->safe;
    c->st->o3++;
    if (c->xp)
        explain_line(c, f->ref, "O3: every other thread leads to visited "
                     "states; their edges are added; closed");
    return 1;
}

/* UPDATE(s): returns 1 when s is finished (todo = done). */
static int update(por_ctx *c, dl_memo *m, por_frame *f)
{
    for (uint32_t k = 0; k < f->nthr; k++) {
        por_thread *th = por_thr(c, f, k);
        por_set     b = por_bit(th->pid);

        if (!(th->flags & POR_T_TAKEN) || (f->done & b))
            continue;
        f->done |= b;
        if (f->done == f->safe) {
            c->st->o2++;
            f->todo = f->done;
            if (c->xp)
                explain_line(c, f->ref, "O2: thread %u was the last of "
                             "the safe set; closed without a walk",
                             (unsigned)th->pid);
            return 1;
        }
        if (o3(c, f))
            return 1;
        if (!(f->flags & POR_F_FULL))
            th->dep = deps(c, m, f, k);
        por_update_backtrack(c, f, k);
    }
    return f->todo == f->done;
}

static void dl_thread_done(void *self, por_ctx *c, por_frame *f,
                           uint32_t slot)
{
    por_thread *th = por_thr(c, f, slot);

    if (!(f->flags & POR_F_IRRED))
        return;
    if ((th->flags & POR_T_NEW) || (f->todo & ~f->taken) == 0) {
        if (update(c, self, f))
            f->todo = f->done;
    }
}

static int dl_exhausted(void *self, por_ctx *c, por_frame *f)
{
    if (!(f->flags & POR_F_IRRED) || f->taken == f->done)
        return 1;
    if (update(c, self, f)) {
        f->todo = f->done;
        return 1;
    }
    return 0;
}

const por_algo por_algo_dl = {
    POR_NEED_GRAPH, dl_new, dl_free, por_enter_sets, NULL, NULL, NULL,
    dl_thread_done, dl_exhausted, NULL
};

const por_algo por_algo_dl_jpf = {
    POR_NEED_GRAPH | POR_JPF, dl_new, dl_free, por_enter_sets, NULL, NULL,
    NULL, dl_thread_done, dl_exhausted, NULL
};
