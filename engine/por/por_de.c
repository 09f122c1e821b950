/*
 * engine/por/por_de.c -- DE-S-POR and DE-JPF: eager source sets
 * (design/por-algorithms.md §3, Algorithm 2, with §7's fixes).
 *
 * The strategy keeps the visible steps of the current execution (the
 * stack transitions with a non-empty label, each with the index of the
 * stored frame it leaves: an atomic chain belongs to the state where it
 * started), and, per shared object ("cell": a global byte, a channel,
 * _nr_pr, timeout), two stacks of the steps that read and that write it
 * (design §9.2), pushed and popped with the DFS stack.  Every new step t
 * updates dep(s_i, tid(t_i)) for its last dependent stack step t_i
 * (NOTE-DEP: the top entry of another thread on the lists of the objects
 * t touches); a state pushed does the same for the pending transitions
 * of its blocked threads (F-BLOCK).  A step into a visited state walks
 * the graph below it once (RETRAVERSE-ONCE, O1), summarises what the
 * walk met per object (which threads read, which write; pending threads
 * by their static facts), and, since path context is lost, updates every
 * dependent stack step: one scan of each touched object's lists.
 *
 * Cycles (--cycle-fix): a step onto the stack, or a walk reaching the
 * stack at frame j, makes every irreducible frame from j up fully
 * expanded (F-STACK, the default), or adds to the dep set of their
 * current thread every thread whose code from its location on can
 * conflict with it (F-STACK-STATIC), or does nothing (F-C3 only; the
 * search's proviso still applies).  A walk stops as soon as no frame it
 * could teach is left (every frame below j is full or reducible).
 *
 * Races that cannot happen (por_dl.c gives the argument; the facts are
 * the model's, ts_facts): the gate's cell teaches no stack step whose
 * state has a dead gate, and the _nr_pr cell none whose thread p moves
 * before any step that can only be taken once p is gone (a join
 * (_nr_pr == K) with K <= p, the death of a lower pid); a walk keeps,
 * per thread met through _nr_pr, the bound of its locations (tmax).
 *
 * Summaries (por_sum.c): a walk that meets a state the search has
 * closed for good (its strongly connected component finished) takes
 * that state's summary -- every edge and pending thread below it --
 * instead of walking below it (sum_closed); the cells a walk that met
 * only one summary leaves are kept per summary (cells_keep/_restore).
 * The gate's stack lists are cut at the first entry whose state has a
 * dead gate (de_gate_live_end: a dead gate stays dead below).
 *
 * --de-retraverse=paths replays every path below the visited state
 * instead (RETRAVERSE-PATHS, the paper's definition: NOTE-DEP against
 * the stack and the replayed prefix); exponential, for teaching; a path
 * that meets the stack or itself (a cycle) stops the search with an
 * error.
 *
 * Files: this one (the state, the por_algo hooks); por_de_note.c
 * (NOTE-DEP against the stack, the cycle fixes); por_de_walk.c (the
 * walks and the summaries); por_de_int.h (what they share).
 */
#include "config.h"

#include "engine/por/por_de_int.h"

#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"
#include "util/xalloc.h"

static void *de_new(por_ctx *c)
{
    de *x = xcalloc(1, sizeof(de));

    x->g = c->prog->globals_size;
    x->ncells = (size_t)x->g + 5 + BC_MAX_CHANS + 1;
    x->rl = xcalloc(x->ncells, sizeof *x->rl);
    x->wl = xcalloc(x->ncells, sizeof *x->wl);
    x->cep = xcalloc(x->ncells, sizeof *x->cep);
    x->crt = xcalloc(x->ncells, sizeof *x->crt);
    x->cwt = xcalloc(x->ncells, sizeof *x->cwt);
    x->locep = xcalloc(ts_nlocs(c->t) + 1, sizeof *x->locep);
    x->lpids = xcalloc(ts_nlocs(c->t) + 1, sizeof *x->lpids);
    x->mem = &c->mem;
    x->fa = c->facts;
    x->sums = por_sums_new();
    return x;
}

static void de_free(void *self)
{
    de *x = self;

    if (x != NULL) {
        for (size_t i = 0; i < x->ncells; i++) {
            free(x->rl[i].v);
            free(x->wl[i].v);
        }
        free(x->rl);
        free(x->wl);
        free(x->cep);
        free(x->crt);
        free(x->cwt);
        free(x->ctouch);
        free(x->v);
        free(x->ps);
        free(x->lep);
        free(x->ltids);
        free(x->ltouch);
        free(x->locep);
        free(x->lpids);
        free(x->loctouch);
        free(x->pl);
        free(x->pool);
        free(x->path);
        free(x->gdref);
        free(x->gdval);
        free(x->lstrip);
        free(x->abuf);
        free(x->lnr);
        free(x->etm);
        por_sums_free(x->sums);
        free(x->sep);
        free(x->scoff);
        free(x->scpool);
    }
    free(x);
}

/* Static conflict of (r1, w1) and (r2, w2) without the gate (nogate)
 * and without _nr_pr (nonrpr). */
static int static_conflict_x(const de *x, const bc_program *p,
                             const uint64_t *r1, const uint64_t *w1,
                             const uint64_t *r2, const uint64_t *w2,
                             int nogate, int nonrpr)
{
    for (uint32_t k = 0; k < p->nwords; k++) {
        uint64_t m = (w1[k] & (r2[k] | w2[k])) | (w2[k] & r1[k]);
        uint32_t o;

        if (m == 0)
            continue;
        o = x->g + BC_OBJ_GATE;
        if (nogate && o / 64 == k)
            m &= ~((uint64_t)1 << o % 64);
        o = x->g + BC_OBJ_NRPR;
        if (nonrpr && o / 64 == k)
            m &= ~((uint64_t)1 << o % 64);
        if (m != 0)
            return 1;
    }
    return 0;
}

/* The location of thread pid at stack frame fi, or UINT32_MAX. */
static uint32_t frame_loc(por_ctx *c, uint32_t fi, uint32_t pid)
{
    const por_frame *f;
    int              slot;

    if (fi >= c->depth)
        return UINT32_MAX;
    f = &c->frames[fi];
    slot = por_slot(c, f, pid);
    if (slot < 0 || por_thr(c, f, (uint32_t)slot)->n == 0)
        return UINT32_MAX;
    return (uint32_t)por_thread_loc(c, f, (uint32_t)slot);
}

/* ------------------------------------------------------- callbacks */

static void de_step(void *self, por_ctx *c, uint32_t fi, uint32_t pid,
                    uint32_t pid2, uint32_t label, uint32_t dst,
                    int is_new, int on_stack)
{
    de      *x = self;
    uint32_t top = (uint32_t)c->depth - 1;
    por_set  tt = tids_of(pid, pid2);

    while (x->n > 0 && x->v[x->n - 1].from >= top)
        de_vis_trunc(x, c, x->n - 1);
    if (label != POR_LABEL_NONE) {

        uint32_t li = frame_loc(c, fi, pid);

        de_ps_note(x, c, tt, label, top, pid, li);
        de_note_all(x, c, tt, label, EXPLAIN_TOP, TS_NONE, pid, li);
                                                            /* NOTE-DEP */
        de_vis_push(x, c, top, fi, pid, pid2, label);
    }
    if (dst == SS_NOREF)
        return;
    if (on_stack) {
        if (c->de_paths)
            c->cycle_error = 1;
        else if (c->cycle_fix != POR_CYCLE_C3)
            de_stack_fix(c, c->stackpos[dst] - 1, (uint32_t)c->depth);
    } else if (!is_new) {
        if (c->de_paths) {
            if (de_retraverse_paths(x, c, dst) != 0)
                c->cycle_error = 1;
        } else {
            de_retraverse(x, c, dst);
        }
    }
}

/* F-BLOCK at a new state: NOTE-DEP of each pending transition. */
static void de_pushed(void *self, por_ctx *c, por_frame *f)
{
    de               *x = self;
    const bc_program *p = c->prog;
    const uint32_t   *pl;

    por_sums_pushed(c, x->sums, f->ref);
    if (f->ref == SS_NOREF || f->ref >= c->nstates
        || (x->n == 0 && x->nps == 0) || c->pend[f->ref] == 0)
        return;
    pl = de_pend_locs(x, c, f->ref);
    for (uint32_t k = 0; k < pl[0]; k++) {
        uint32_t        pid = pl[1 + 2 * k];
        size_t          li = pl[2 + 2 * k];
        const uint64_t *rd = c->loc_rd + li * p->nwords;
        const uint64_t *wr = c->loc_wr + li * p->nwords;

        for (size_t q = 0; q < x->nps; q++) {
            const psent *e = &x->ps[q];

            if (e->pid != pid && de_learner(c, e->fi)
                && static_conflict_x(x, p, e->rd, e->wr, rd, wr,
                                     de_gdead(x, c, e->fi),
                                     !por_can_race(c->facts,
                                                          (uint32_t)li, pid,
                                                          e->pid)))
                de_note(c, e->fi, por_bit(pid), e->fi, EXPLAIN_PENDING,
                     f->ref);
        }
        de_note_all_static(x, c, rd, wr, pid, f->ref, (uint32_t)li);
    }
}

static void de_thread_start(void *self, por_ctx *c, por_frame *f,
                            uint32_t slot)
{
    de      *x = self;
    uint32_t fi = (uint32_t)(f - c->frames);
    por_set  b = por_bit(por_thr(c, f, slot)->pid);

    if (!(f->flags & POR_F_IRRED))
        return;
    f->done |= b;
    por_thr(c, f, slot)->dep = 0;
    de_ps_trunc(x, fi);
    if (f->ref < c->nstates && (c->pend[f->ref] & b)) {
        size_t          li = por_thread_loc(c, f, slot);
        const uint64_t *rd = c->loc_rd + li * c->prog->nwords;
        const uint64_t *wr = c->loc_wr + li * c->prog->nwords;
        uint64_t        any = 0;
        psent          *e;

        for (uint32_t w = 0; w < c->prog->nwords; w++)
            any |= rd[w] | wr[w];
        if (any == 0)
            return;     /* only locals: it conflicts with nobody */
        if (por_grow(x->mem, (void **)&x->ps, &x->ps_cap, x->nps + 1,
                     sizeof *x->ps) != 0)
            return;     /* out of memory: the search stops */
        e = &x->ps[x->nps++];
        e->fi = fi;
        e->pid = por_thr(c, f, slot)->pid;
        e->rd = c->loc_rd + li * c->prog->nwords;
        e->wr = c->loc_wr + li * c->prog->nwords;
    }
}

static void de_thread_done(void *self, por_ctx *c, por_frame *f,
                           uint32_t slot)
{
    de *x = self;

    de_ps_trunc(x, (uint32_t)(f - c->frames));
    if (f->flags & POR_F_IRRED)
        por_update_backtrack(c, f, slot);
}

static void de_popped(void *self, por_ctx *c)
{
    de    *x = self;
    size_t m = x->n;

    por_sums_popped(c, x->sums, c->frames[c->depth].ref);
    while (m > 0 && x->v[m - 1].from >= c->depth)
        m--;
    de_vis_trunc(x, c, m);
    de_ps_trunc(x, (uint32_t)c->depth);
}

const por_algo por_algo_de = {
    POR_NEED_GRAPH, de_new, de_free, por_enter_sets, de_step, de_pushed,
    de_thread_start, de_thread_done, por_exhausted_done, de_popped
};

const por_algo por_algo_de_jpf = {
    POR_NEED_GRAPH | POR_JPF, de_new, de_free, por_enter_sets, de_step,
    de_pushed, de_thread_start, de_thread_done, por_exhausted_done, de_popped
};
