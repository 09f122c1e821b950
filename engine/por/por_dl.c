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
 * Races that cannot happen (below): a conflict only through the atomic
 * gate once no owner can block half way again, or only through _nr_pr
 * with a step that cannot be taken before p's, is dropped (the facts are
 * por.h's por_rfacts, shared with por_de.c).  Without this every death
 * conflicts with a join (_nr_pr == 1) and, in a model with a gate, with
 * every step, and the clients were expanded as fully as by S-POR.
 *
 * Cost: the static tests a walk makes at each state (the cut, F-BLOCK's
 * pending conflicts) and at each edge (label conflicts) are memoised
 * per (step label, location or label): static facts never change, so
 * the answers are final (see "the walk memo" below).  A walk does not
 * go below a state the search has closed for good (its strongly
 * connected component finished): that state's summary (por_sum.c) is
 * evaluated instead, and a popped state whose component is still open
 * counts as reaching the stack (see "summaries of closed states").
 */
#include "config.h"

#include "engine/por/por.h"

#include "engine/por/explain.h"

#include <stdio.h>
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
#define M_PENDN   0x4u  /* ... only through _nr_pr (see "races that
                           cannot happen" below) */
#define M_LAB     0x1u  /* a label conflicts with the step */
#define M_LABN    0x2u  /* ... only through _nr_pr */

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

/* ------------------------------------ summaries of closed states
 *
 * The walk below a state u that the search has closed asks, of every
 * state it meets, only about items (por_sum.c: edges with their label,
 * threads and the mover's location; pending threads with their
 * location), so a closed u with a summary (por_sums_of) stands for the
 * whole walk below it: deps() unions the threads of the summary's items
 * that conflict with the walk's step and does not go below u.  That is
 * the walk's answer without its static cut and its early stops (O4, O5)
 * below u, so a superset of what the walk would have added: sound (a
 * larger dep set only makes the backtrack update add more).  No state
 * below u is on the stack (all popped), so F-STACK is not skipped.  A
 * popped state whose component is still open reaches the stack
 * (por_sums_open): the walk would meet the stack below it unless cut
 * first, so F-STACK (F-STACK-STATIC) is taken there at once -- again a
 * superset of the walk's answer.  The evaluation of a summary under a
 * walk's step is memoised per walk (sstamp/sres) and across walks per
 * (step, thread, summary) in rm: all three are final. */

typedef struct dl_sres {
    uint64_t key;       /* the walk's dl_memo.key */
    uint32_t sid1;      /* summary id + 1; 0: empty slot */
    uint32_t pid;
    por_set  res;
} dl_sres;

#define DL_SRES_MAX ((size_t)1 << 20)

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
    /* the step as the walk compares it: a1, srd1/swr1 without the gate
     * when the gate is dead at the walk's root; a2, srd2/swr2 also
     * without _nr_pr (see "races that cannot happen") */
    uint32_t        a1, a2;
    const uint64_t *srd1, *swr1, *srd2, *swr2;
    uint64_t       *sbuf;   /* 4 * nwords: the stripped copies */
    ts_access      *abuf;
    size_t          abuf_cap;
    por_rfacts      rf;     /* races that cannot happen */
    por_sums       *sums;   /* summaries of closed states */
    uint32_t       *sstamp; /* per summary: the walk that computed sres */
    por_set        *sres;
    size_t          sst_cap, sres_cap;
    dl_sres        *rm;     /* sum_eval's answers across walks */
    size_t          nrm, rm_cap;
} dl_memo;

/* ------------------------------------- races that cannot happen
 *
 * Two refinements of the dependency between p's step at s (the walk's
 * root) and what the walk meets below s·p, each proved for s and so
 * for every state reachable from s, which are all the walk meets and
 * all the runs whose order the dep set must let the search reverse:
 *
 * The dead gate.  The gate (bc.h BC_OBJ_GATE, doc/soundness.md §3) says
 * whether an atomic owner blocked half way can move on.  Only a process
 * that has just taken a BC_TR_ATOMIC transition owns the CPU, and it
 * stands at that transition's target; it can be blocked there only when
 * every transition of the target may block (loc_can_block, the test
 * frontend/deps.c uses to choose the locations the gate stands for).
 * When no process at s is at or can reach (in its proctype) such a
 * target (gate_live), and no `run' reachable from s can start a
 * proctype whose start can (spawn_gate), no state reachable from s has
 * an owner blocked half way: the gate holds one value there and every
 * access to it commutes.  The walk then compares the step without its
 * gate accesses (a1, srd1/swr1).  On the clients, init's `atomic { run ...
 * }' makes every death a gate writer, and every step reads the gate.
 *
 * _nr_pr races that cannot be reversed.  Processes die in the reverse
 * order of their pids (a DIE blocks unless its process is the last), so
 * in every run from s, until p's next step, p and every pid below it
 * are alive: _nr_pr >= p + 1.  A transition whose guard is `_nr_pr ==
 * K', `_nr_pr <= K' or `_nr_pr < K' with K < p + 1 (nrpr_max), or the
 * death of a process r < p (die_only), is never enabled in such a run:
 * it cannot happen before p's step, so a conflict between them is no
 * race to reverse (a step of thread r below s·p counts only because r
 * might have made a conflicting step first; F-BLOCK's pending actions
 * likewise only stand for steps r might have taken first).  Such a
 * conflict is dropped when it is only through _nr_pr (the step compared
 * without _nr_pr, a2, srd2/swr2, does not conflict); every other
 * conflict is kept.  This is what joins `(_nr_pr == 1)' and the
 * threads' deaths cost: init's join conflicts with every death. */

/* The largest _nr_pr with which transition k can be taken: K when its
 * code starts `_nr_pr == K', `_nr_pr <= K', `_nr_pr < K' (K - 1) or
 * the same with the operands swapped, followed by the guard; else 255
 * (no bound).  _nr_pr is never negative. */
static unsigned guard_nrpr_max(const bc_program *p, uint32_t k)
{
    const bc_trans *tr = &p->trans[k];
    const bc_insn  *i;
    int32_t         v;
    int             op;

    if (tr->ncode < 4 || tr->code + 4 > p->ncode)
        return 255;
    i = p->code + tr->code;
    if (i[3].op != BC_GUARD)
        return 255;
    if (i[0].op == BC_NRPR && i[1].op == BC_PUSHK) {
        v = i[1].b;
        op = i[2].op;               /* _nr_pr OP K */
    } else if (i[0].op == BC_PUSHK && i[1].op == BC_NRPR) {
        v = i[0].b;                 /* K OP _nr_pr: mirror it */
        op = i[2].op == BC_GE ? BC_LE : i[2].op == BC_GT ? BC_LT
             : i[2].op == BC_EQ ? BC_EQ : -1;
    } else
        return 255;
    if (op == BC_LT)
        v -= 1;
    else if (op != BC_EQ && op != BC_LE)
        return 255;
    if (v < 0)
        return 0;
    return v > 254 ? 255 : (unsigned)v;
}

/* Can transition k be not executable?  And can a process at location
 * li be unable to move?  The same tests as frontend/deps.c's
 * compute_gate() makes to choose the locations the gate stands for (an
 * atomic owner can block half way only at those): keep them equal. */
static int trans_can_block(const bc_program *p, uint32_t k)
{
    const bc_trans *tr = &p->trans[k];

    if (tr->flags & BC_TR_DIE)
        return 1;
    for (uint32_t pc = tr->code; pc < tr->code + tr->ncode && pc < p->ncode;
         pc++)
        switch (p->code[pc].op) {
        case BC_GUARD: case BC_SEND: case BC_RECV: case BC_RMATCH:
        case BC_RUN: case BC_DIE:
            return 1;
        default:
            break;
        }
    return 0;
}

static int loc_can_block(const ts *t, const bc_program *p, uint32_t li)
{
    const bc_pcloc *l = ts_loc(t, li);

    if (l->ntrans == 0)
        return 0;
    for (uint32_t k = l->first; k < l->first + l->ntrans; k++)
        if ((p->trans[k].flags & BC_TR_ELSE) || !trans_can_block(p, k))
            return 0;
    return 1;
}

void por_rfacts_init(por_ctx *c, por_rfacts *m)
{
    const bc_program *p = c->prog;
    size_t            n = ts_nlocs(c->t);
    int               changed;

    m->nlocs = n;
    m->nrpr_max = xcalloc(n ? n : 1, 1);
    m->die_only = xcalloc(n ? n : 1, 1);
    m->gate_live = xcalloc(n ? n : 1, 1);
    for (size_t li = 0; li < n; li++) {
        const bc_pcloc *l = ts_loc(c->t, (uint32_t)li);
        unsigned        mx = 0;

        m->die_only[li] = l->ntrans > 0;
        for (uint32_t k = l->first; k < l->first + l->ntrans; k++) {
            unsigned v = guard_nrpr_max(p, k);

            if (v > mx)
                mx = v;
            if (!(p->trans[k].flags & BC_TR_DIE))
                m->die_only[li] = 0;
        }
        m->nrpr_max[li] = (uint8_t)mx;
    }
    for (uint32_t k = 0; k < p->ntrans; k++) {
        const bc_trans *tr = &p->trans[k];
        uint32_t        l0 = p->procs[tr->proc].loc0;

        if (tr->flags & BC_TR_GATE)
            m->gate_model = 1;
        if ((tr->flags & BC_TR_ATOMIC) && l0 + tr->dst < n
            && loc_can_block(c->t, p, l0 + tr->dst))
            m->gate_live[l0 + tr->dst] = 1;
    }
    do {                            /* backwards reachability */
        changed = 0;
        for (uint32_t k = 0; k < p->ntrans; k++) {
            const bc_trans *tr = &p->trans[k];
            uint32_t        l0 = p->procs[tr->proc].loc0;

            if (l0 + tr->dst < n && l0 + tr->src < n
                && m->gate_live[l0 + tr->dst]
                && !m->gate_live[l0 + tr->src]) {
                m->gate_live[l0 + tr->src] = 1;
                changed = 1;
            }
        }
    } while (changed);
    for (uint32_t i = 0; i < p->ncode; i++)
        if (p->code[i].op == BC_RUN && p->code[i].a < p->nprocs) {
            const bc_proctype *pt = &p->procs[p->code[i].a];

            if (pt->loc0 + pt->start >= n
                || m->gate_live[pt->loc0 + pt->start])
                m->spawn_gate = 1;
        }
}

void por_rfacts_free(por_rfacts *m)
{
    free(m->nrpr_max);
    free(m->die_only);
    free(m->gate_live);
    memset(m, 0, sizeof *m);
}

int por_rfacts_can_race(const por_rfacts *m, uint32_t li, uint32_t r,
                        uint32_t p)
{
    if (li >= m->nlocs)
        return 1;
    if (m->die_only[li])
        return r > p;
    return m->nrpr_max[li] > p;
}

int por_rfacts_gate_dead(por_ctx *c, const por_rfacts *m, uint32_t ref)
{
    uint32_t       locs[POR_MAX_LOCS];
    const uint8_t *vec;
    size_t         len;
    size_t         np;

    if (!m->gate_model || ref >= c->nstates)
        return 0;
    vec = ss_get(c->ss, ref, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    if (np >= POR_MAX_LOCS)
        return 0;
    for (size_t i = 0; i < np; i++)
        if (locs[i] >= m->nlocs || m->gate_live[locs[i]]
            || (m->spawn_gate && c->loc_reach_run[locs[i]]))
            return 0;
    return 1;
}

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

static void *dl_new(por_ctx *c)
{
    dl_memo *m = xcalloc(1, sizeof(dl_memo));

    por_rfacts_init(c, &m->rf);
    m->sums = por_sums_new();
    m->sbuf = xcalloc((size_t)4 * c->prog->nwords + 1, sizeof *m->sbuf);
    return m;
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
        por_rfacts_free(&m->rf);
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
static void memo_begin(por_ctx *c, dl_memo *m, uint32_t a, size_t sli,
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
static uint32_t memo_lab(por_ctx *c, dl_memo *m, uint32_t x)
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
    test_pend = mask != 0 && (m->a1 != POR_LABEL_NONE || m->srd != NULL);
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
                if ((bits & M_PEND)
                    || ((bits & M_PENDN)
                        && por_rfacts_can_race(&m->rf, tl[pid], pid, except)))
                    tq |= por_bit(pid);
            }
            if (run) {
                if (m->spawn < 0)
                    m->spawn = por_label_conflict_static(
                                   c->labels, p, m->a1, c->spawn_rd,
                                   c->spawn_wr)
                               || (m->srd1 != NULL
                                   && por_static_conflict(
                                          p, m->srd1, m->swr1, c->spawn_rd,
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
        if (test_pend && (mask & por_bit(pid))
            && ((bits & M_PEND)
                || ((bits & M_PENDN)
                    && por_rfacts_can_race(&m->rf, locs[pid], pid, except))))
            q |= por_bit(pid);
    }
    if (np >= POR_MAX_LOCS)
        r |= POR_SET_OTHER;
    else if (run) {
        if (m->spawn < 0)
            m->spawn = por_label_conflict_static(c->labels, p, m->a1,
                                                 c->spawn_rd, c->spawn_wr)
                       || (m->srd1 != NULL
                           && por_static_conflict(p, m->srd1, m->swr1,
                                                  c->spawn_rd,
                                                  c->spawn_wr));
        if (m->spawn)
            r |= POR_SET_OTHER;
    }
    *reach = r;
    *pend = q;
}

/* Can the step of edge x (at stored state u) happen before the walk's
 * thread p takes its step (see "races that cannot happen")?  1 when
 * not known. */
static int edge_can_race(por_ctx *c, const dl_memo *m, uint32_t u,
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
    return li == UINT32_MAX || por_rfacts_can_race(&m->rf, li, r, p);
}

static uint64_t sres_hash(uint64_t key, uint32_t sid, uint32_t pid)
{
    uint64_t h = (key ^ ((uint64_t)sid << 8 | pid) * 0x9e3779b97f4a7c15ull)
                 * 0xff51afd7ed558ccdull;

    return h ^ (h >> 29);
}

/* Keep sum_eval's answer res for (the walk's key, sid, pid) across
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
                && por_rfacts_can_race(&m->rf, x->li, x->r, pid)))
            return x->tids;
    } else {
        por_set  tids = x->tids & ~pb;
        uint32_t lb;

        if (tids == 0)
            return 0;
        lb = memo_lab(c, m, x->label);
        if (lb != 0
            && ((lb & M_LAB) || x->r >= 254 || x->li == UINT32_MAX
                || por_rfacts_can_race(&m->rf, x->li, x->r, pid)))
            return tids;
    }
    return 0;
}

/* The threads that the items of summary sid add to the current walk's
 * dep set (thread pid, bit pb). */
static por_set sum_eval(por_ctx *c, dl_memo *m, uint32_t sid, uint32_t pid,
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
static void explain_sum(por_ctx *c, dl_memo *m, const por_frame *f,
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

/* The por_algo hooks that keep the summaries. */
static void dl_pushed(void *self, por_ctx *c, por_frame *f)
{
    por_sums_pushed(c, ((dl_memo *)self)->sums, f->ref);
}

static void dl_popped(void *self, por_ctx *c)
{
    por_sums_popped(c, ((dl_memo *)self)->sums, c->frames[c->depth].ref);
}

/* Whether the walk for thread pid stops with D: O5, D holds a thread
 * outside the safe set; O4, D and pb (pid's bit) cover it. */
static int walk_stops(por_ctx *c, const por_frame *f, por_set D,
                      por_set pb, uint32_t pid)
{
    if ((D & ~f->safe) != 0) {
        c->st->o5++;
        if (c->xp)
            explain_line(c, f->ref, "O5: dep(%u) holds a thread not in "
                         "the safe set; the walk stops", (unsigned)pid);
        return 1;
    }
    if ((D | pb) == f->safe) {
        c->st->o4++;
        if (c->xp)
            explain_line(c, f->ref, "O4: dep(%u) and %u cover the safe "
                         "set; the walk stops", (unsigned)pid,
                         (unsigned)pid);
        return 1;
    }
    return 0;
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
    int               gdead = por_rfacts_gate_dead(c, &m->rf, f->ref);

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
        memo_begin(c, m, a, li, srd, swr, gdead);
        por_walk_mark(c, c->edges[e].dst);
        por_walk_push(c, c->edges[e].dst, &n);
        while (n > 0) {
            uint32_t u = c->work[--n];
            por_set  reach;
            por_set  pending;
            uint32_t sid;
            int      stk;

            memo_state(c, m, u, pid, &reach, &pending);
            /* static cut: nothing a thread outside D can still do from
             * u on conflicts with the step, so nothing below u (explored
             * or not, on the stack or not) can add to D */
            if ((reach & ~D) == 0) {
                c->st->walks_cut++;
                continue;
            }
            if ((sid = por_sums_of(m->sums, u)) != UINT32_MAX) {
                /* u is closed: its summary stands for the walk below
                 * it (see "summaries of closed states") */
                por_set add = sum_eval(c, m, sid, pid, pb) & ~D;

                if (c->xp && add != 0)
                    explain_sum(c, m, f, slot, e, u, sid, pid, D);
                D |= add;
                if (walk_stops(c, f, D, pb, pid))
                    return D;
                continue;
            }
            /* a popped state whose component is open reaches a state
             * on the stack (Tarjan's invariant): the walk below it
             * would meet the stack unless cut short first, so F-STACK
             * (F-STACK-STATIC) is taken at once -- a superset of the
             * walk's answer, sound */
            stk = c->stackpos[u] != 0 || por_sums_open(m->sums, u);
            if (stk && c->cycle_fix == POR_CYCLE_STATIC) {
                /* F-STACK-STATIC: the static facts cover whatever the
                 * walk could still find */
                c->st->static_deps++;
                return D | (por_static_threads(c, f, slot) & ~pb);
            }
            if (stk && c->cycle_fix == POR_CYCLE_STACK) {
                f->flags |= POR_F_FULL;
                c->st->full_stack++;
                if (c->xp && c->stackpos[u])
                    explain_line(c, f->ref, "proviso: the walk below "
                                 "thread %u reaches state %u on the "
                                 "stack; expanding fully (F-STACK)",
                                 (unsigned)pid, (unsigned)u);
                else if (c->xp)
                    explain_line(c, f->ref, "proviso: the walk below "
                                 "thread %u reaches state %u, which "
                                 "leads back to the stack; expanding "
                                 "fully (F-STACK)", (unsigned)pid,
                                 (unsigned)u);
                return D;
            }
            if (c->xp)
                explain_dl_dep(c, f, slot, e, pending & ~D,
                               EXPLAIN_PENDING, u, 0);
            D |= pending;
            for (uint32_t b = c->ehead[u]; b != POR_NOEDGE;
                 b = c->edges[b].next) {
                const por_edge *x = &c->edges[b];
                por_set         tids = por_edge_tids(x) & ~pb;

                uint32_t        lb;

                c->st->retraversed++;
                if (tids != 0 && (D & tids) != tids
                    && (lb = memo_lab(c, m, x->label)) != 0
                    && ((lb & M_LAB) || edge_can_race(c, m, u, x, pid))) {
                    if (c->xp)
                        explain_dl_dep(c, f, slot, e, tids & ~D,
                                       EXPLAIN_EDGE, u, b);
                    D |= tids;
                }
                if (walk_stops(c, f, D, pb, pid))
                    return D;
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
    POR_NEED_GRAPH, dl_new, dl_free, por_enter_sets, NULL, dl_pushed, NULL,
    dl_thread_done, dl_exhausted, dl_popped
};

const por_algo por_algo_dl_jpf = {
    POR_NEED_GRAPH | POR_JPF, dl_new, dl_free, por_enter_sets, NULL,
    dl_pushed, NULL, dl_thread_done, dl_exhausted, dl_popped
};
