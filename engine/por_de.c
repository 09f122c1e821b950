/*
 * engine/por_de.c -- DE-S-POR and DE-JPF: eager source sets
 * (design/por-algorithms.md §3, Algorithm 2, with §7's fixes).
 *
 * The strategy keeps the visible steps of the current execution (the
 * stack transitions with a non-empty label, each with the index of the
 * stored frame it leaves: an atomic chain belongs to the state where it
 * started).  Every new step t updates dep(s_i, tid(t_i)) for its last
 * dependent stack step t_i (NOTE-DEP); a state pushed does the same for
 * the pending transitions of its blocked threads (F-BLOCK); a step into
 * a visited state walks the graph below it once (RETRAVERSE-ONCE, O1)
 * and, since path context is lost, updates every dependent stack step.
 * A step onto the stack, or a walk reaching the stack at frame j, makes
 * every irreducible frame from j up fully expanded (F-STACK).  After the
 * last transition of a thread, the backtrack update of §3.5.
 */
#include "config.h"

#include "engine/por.h"

#include <stdlib.h>

#include "util/xalloc.h"

typedef struct vis {
    uint32_t from;      /* frame the step was taken from */
    uint32_t anc;       /* the stored frame it leaves */
    uint32_t label;
    uint8_t  pid, pid2;
} vis;

typedef struct de {
    vis      *v;
    size_t    n, cap;
    uint32_t *ps;       /* irreducible frames whose current thread has a
                           disabled transition at its location (F-NONDET):
                           compared by its static facts, with every later
                           step (all of them, not only the last) */
    size_t    nps, ps_cap;
    /* a walk's summary: distinct labels met (with the threads that
     * made them) and distinct locations with pending threads */
    uint32_t *lep;      /* per label: walk epoch when met */
    por_set  *ltids;
    size_t    lcap;
    uint32_t *ltouch;
    size_t    nlt, lt_cap;
    uint32_t *locep;    /* per location */
    por_set  *lpids;
    uint32_t *loctouch;
    size_t    nloct, loct_cap;
    uint32_t  epoch;
} de;

static void *de_new(por_ctx *c)
{
    de *x = xcalloc(1, sizeof(de));

    x->locep = xcalloc(c->prog->npclocs + 1, sizeof *x->locep);
    x->lpids = xcalloc(c->prog->npclocs + 1, sizeof *x->lpids);
    return x;
}

static void de_free(void *self)
{
    de *x = self;

    if (x != NULL) {
        free(x->v);
        free(x->ps);
        free(x->lep);
        free(x->ltids);
        free(x->ltouch);
        free(x->locep);
        free(x->lpids);
        free(x->loctouch);
    }
    free(x);
}

static void de_enter(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    por_enter_common(c, f, 0);
}

static por_set tids_of(uint32_t pid, uint32_t pid2)
{
    por_set t = por_bit(pid);

    if (pid2 != TS_NONE && pid2 != POR_NOPID2)
        t |= por_bit(pid2);
    return t;
}

/* dep(s_anc, its current thread) |= add */
static void note(por_ctx *c, uint32_t anc, por_set add)
{
    por_frame *f = &c->frames[anc];

    if (!(f->flags & POR_F_IRRED) || f->cur < 0)
        return;
    por_thr(c, f, (uint32_t)f->cur)->dep |= add & ~por_bit(
        por_thr(c, f, (uint32_t)f->cur)->pid);
}

/* Static facts of the current thread of frame fi (a ps entry). */
static void ps_facts(por_ctx *c, uint32_t fi, const uint64_t **rd,
                     const uint64_t **wr, uint32_t *pid)
{
    const por_frame *f = &c->frames[fi];
    size_t           li = por_thread_loc(c, f, (uint32_t)f->cur);

    *rd = c->loc_rd + li * c->prog->nwords;
    *wr = c->loc_wr + li * c->prog->nwords;
    *pid = por_thr(c, f, (uint32_t)f->cur)->pid;
}

/* A step (tids tt, label) against the disabled siblings of the ps
 * frames. */
static void ps_note(de *x, por_ctx *c, por_set tt, uint32_t label)
{
    for (size_t i = 0; i < x->nps; i++) {
        const uint64_t *rd;
        const uint64_t *wr;
        uint32_t        pid;

        if (x->ps[i] >= c->depth || c->frames[x->ps[i]].cur < 0)
            continue;
        ps_facts(c, x->ps[i], &rd, &wr, &pid);
        if ((tt & por_bit(pid)) == 0
            && por_label_conflict_static(c->labels, c->prog, label, rd, wr))
            note(c, x->ps[i], tt);
    }
}

/* F-STACK: every irreducible frame from index j up is fully expanded. */
static void full_from(por_ctx *c, uint32_t j)
{
    for (size_t i = j; i < c->depth; i++) {
        por_frame *f = &c->frames[i];

        if ((f->flags & POR_F_IRRED) && !(f->flags & POR_F_FULL)) {
            f->flags |= POR_F_FULL;
            f->todo = f->safe;
            c->st->full_stack++;
        }
    }
}

/* Summary of one walked state: its pending threads by location. */
static void sum_pending(de *x, por_ctx *c, uint32_t u)
{
    const uint8_t    *vec;
    size_t            len;
    size_t            np;
    uint32_t          pid;
    uint32_t          locs[POR_MAX_LOCS];
    por_set           pend = c->pend[u];

    if (pend == 0)
        return;
    vec = ss_get(c->ss, u, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    for (pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        if (pend & por_bit(pid)) {
            uint32_t li = locs[pid];

            if (x->locep[li] != x->epoch) {
                x->locep[li] = x->epoch;
                x->lpids[li] = 0;
                xgrow((void **)&x->loctouch, &x->loct_cap, x->nloct + 1,
                      sizeof *x->loctouch);
                x->loctouch[x->nloct++] = li;
            }
            x->lpids[li] |= por_bit(pid);
        }
    }
}

static void sum_label(de *x, por_ctx *c, uint32_t label, por_set tids)
{
    size_t n = por_labels_count(c->labels);

    if (n > x->lcap) {
        size_t old = x->lcap;

        xgrow((void **)&x->lep, &x->lcap, n, sizeof *x->lep);
        x->ltids = xrealloc(x->ltids, x->lcap * sizeof *x->ltids);
        for (size_t i = old; i < x->lcap; i++)
            x->lep[i] = 0;
    }
    if (x->lep[label] != x->epoch) {
        x->lep[label] = x->epoch;
        x->ltids[label] = 0;
        xgrow((void **)&x->ltouch, &x->lt_cap, x->nlt + 1,
              sizeof *x->ltouch);
        x->ltouch[x->nlt++] = label;
    }
    x->ltids[label] |= tids;
}

/* RETRAVERSE-ONCE(u0) against every visible stack step: the walk is
 * summarised (distinct labels with their threads, distinct locations
 * with their pending threads), then every stack step is compared with
 * the summary: the same updates as edge by edge, in far fewer tests. */
static void retraverse(de *x, por_ctx *c, uint32_t u0)
{
    const bc_program *p = c->prog;
    size_t            n = 0;
    uint32_t          j = UINT32_MAX;

    por_walk_begin(c);
    if (++x->epoch == 0) {
        for (size_t i = 0; i < x->lcap; i++)
            x->lep[i] = 0;
        for (size_t i = 0; i <= p->npclocs; i++)
            x->locep[i] = 0;
        x->epoch = 1;
    }
    x->nlt = 0;
    x->nloct = 0;
    por_walk_mark(c, u0);
    por_walk_push(c, u0, &n);
    while (n > 0) {
        uint32_t u = c->work[--n];

        if (c->stackpos[u] && c->stackpos[u] - 1 < j)
            j = c->stackpos[u] - 1;
        sum_pending(x, c, u);
        for (uint32_t b = c->ehead[u]; b != POR_NOEDGE;
             b = c->edges[b].next) {
            const por_edge *e = &c->edges[b];

            c->st->retraversed++;
            if (e->label != POR_LABEL_NONE)
                sum_label(x, c, e->label, tids_of(e->pid, e->pid2));
            if (por_walk_mark(c, e->dst))
                por_walk_push(c, e->dst, &n);
        }
    }
    for (size_t i = 0; i < x->n; i++) {
        const vis *t = &x->v[i];
        por_set    mine = tids_of(t->pid, t->pid2);

        for (size_t k = 0; k < x->nlt; k++) {
            uint32_t L = x->ltouch[k];
            por_set  other = x->ltids[L] & ~mine;

            if (other && por_label_conflict(c->labels, t->label, L))
                note(c, t->anc, other);
        }
        for (size_t k = 0; k < x->nloct; k++) {
            uint32_t li = x->loctouch[k];
            por_set  other = x->lpids[li] & ~mine;

            if (other
                && por_label_conflict_static(c->labels, p, t->label,
                                             c->loc_rd + li * p->nwords,
                                             c->loc_wr + li * p->nwords))
                note(c, t->anc, other);
        }
    }
    for (size_t i = 0; i < x->nps; i++) {
        const uint64_t *rd;
        const uint64_t *wr;
        uint32_t        pid;

        if (x->ps[i] >= c->depth || c->frames[x->ps[i]].cur < 0)
            continue;
        ps_facts(c, x->ps[i], &rd, &wr, &pid);
        for (size_t k = 0; k < x->nlt; k++) {
            uint32_t L = x->ltouch[k];
            por_set  other = x->ltids[L] & ~por_bit(pid);

            if (other && por_label_conflict_static(c->labels, p, L, rd, wr))
                note(c, x->ps[i], other);
        }
        for (size_t k = 0; k < x->nloct; k++) {
            uint32_t li = x->loctouch[k];
            por_set  other = x->lpids[li] & ~por_bit(pid);

            if (other
                && por_static_conflict(p, rd, wr,
                                       c->loc_rd + li * p->nwords,
                                       c->loc_wr + li * p->nwords))
                note(c, x->ps[i], other);
        }
    }
    if (j != UINT32_MAX)
        full_from(c, j);
}

/* Can a walk still change anything: is some stack step or pending
 * sibling owned by an irreducible frame that is not fully expanded? */
static int learns(const de *x, const por_ctx *c)
{
    for (size_t i = 0; i < x->n; i++) {
        const por_frame *f = &c->frames[x->v[i].anc];

        if ((f->flags & (POR_F_IRRED | POR_F_FULL)) == POR_F_IRRED)
            return 1;
    }
    for (size_t i = 0; i < x->nps; i++)
        if (x->ps[i] < c->depth
            && (c->frames[x->ps[i]].flags & (POR_F_IRRED | POR_F_FULL))
               == POR_F_IRRED)
            return 1;
    return 0;
}

static void de_step(void *self, por_ctx *c, uint32_t fi, uint32_t pid,
                    uint32_t pid2, uint32_t label, uint32_t dst,
                    int is_new, int on_stack)
{
    de      *x = self;
    uint32_t top = (uint32_t)c->depth - 1;
    por_set  tt = tids_of(pid, pid2);

    while (x->n > 0 && x->v[x->n - 1].from >= top)
        x->n--;
    if (label != POR_LABEL_NONE)
        ps_note(x, c, tt, label);
    if (label != POR_LABEL_NONE) {
        /* NOTE-DEP: the last dependent stack step */
        for (size_t i = x->n; i-- > 0;) {
            const vis *t = &x->v[i];

            if ((tids_of(t->pid, t->pid2) & tt) == 0
                && por_label_conflict(c->labels, t->label, label)) {
                note(c, t->anc, tt);
                break;
            }
        }
        xgrow((void **)&x->v, &x->cap, x->n + 1, sizeof *x->v);
        x->v[x->n].from = top;
        x->v[x->n].anc = fi;
        x->v[x->n].label = label;
        x->v[x->n].pid = (uint8_t)(pid < 255 ? pid : 254);
        x->v[x->n].pid2 = (uint8_t)(pid2 < 255 ? pid2 : POR_NOPID2);
        x->n++;
    }
    if (dst == SS_NOREF)
        return;
    if (on_stack)
        full_from(c, c->stackpos[dst] - 1);
    else if (!is_new && learns(x, c))
        retraverse(x, c, dst);
}

/* F-BLOCK at a new state: NOTE-DEP of each pending transition. */
static void de_pushed(void *self, por_ctx *c, por_frame *f)
{
    de               *x = self;
    const bc_program *p = c->prog;
    const uint8_t    *vec;
    size_t            len;
    size_t            np;
    uint32_t          pid;
    uint32_t          locs[POR_MAX_LOCS];
    por_set           pend;

    if (f->ref == SS_NOREF || f->ref >= c->nstates
        || (x->n == 0 && x->nps == 0))
        return;
    pend = c->pend[f->ref];
    if (pend == 0)
        return;
    vec = ss_get(c->ss, f->ref, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    for (pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        if (pend & por_bit(pid)) {
            size_t   li = locs[pid];

            for (size_t i = 0; i < x->nps; i++) {
                const uint64_t *rd;
                const uint64_t *wr;
                uint32_t        q;

                if (x->ps[i] >= c->depth || c->frames[x->ps[i]].cur < 0)
                    continue;
                ps_facts(c, x->ps[i], &rd, &wr, &q);
                if (q != pid
                    && por_static_conflict(p, rd, wr,
                                           c->loc_rd + li * p->nwords,
                                           c->loc_wr + li * p->nwords))
                    note(c, x->ps[i], por_bit(pid));
            }
            for (size_t i = x->n; i-- > 0;) {
                const vis *t = &x->v[i];

                if (tids_of(t->pid, t->pid2) & por_bit(pid))
                    continue;
                if (por_label_conflict_static(c->labels, p, t->label,
                                              c->loc_rd + li * p->nwords,
                                              c->loc_wr + li * p->nwords)) {
                    note(c, t->anc, por_bit(pid));
                    break;
                }
            }
        }
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
    while (x->nps > 0 && x->ps[x->nps - 1] >= fi)
        x->nps--;
    if (f->ref < c->nstates && (c->pend[f->ref] & b)) {
        xgrow((void **)&x->ps, &x->ps_cap, x->nps + 1, sizeof *x->ps);
        x->ps[x->nps++] = fi;
    }
}

static void de_thread_done(void *self, por_ctx *c, por_frame *f,
                           uint32_t slot)
{
    de      *x = self;
    uint32_t fi = (uint32_t)(f - c->frames);

    while (x->nps > 0 && x->ps[x->nps - 1] >= fi)
        x->nps--;
    if (f->flags & POR_F_IRRED)
        por_update_backtrack(c, f, slot);
}

static int de_exhausted(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    (void)c;
    return !(f->flags & POR_F_IRRED) || (f->todo & ~f->done) == 0;
}

static void de_popped(void *self, por_ctx *c)
{
    de *x = self;

    while (x->n > 0 && x->v[x->n - 1].from >= c->depth)
        x->n--;
    while (x->nps > 0 && x->ps[x->nps - 1] >= c->depth)
        x->nps--;
}

const por_algo por_algo_de = {
    POR_NEED_GRAPH, de_new, de_free, de_enter, de_step, de_pushed,
    de_thread_start, de_thread_done, de_exhausted, de_popped
};

const por_algo por_algo_de_jpf = {
    POR_NEED_GRAPH | POR_JPF, de_new, de_free, de_enter, de_step,
    de_pushed, de_thread_start, de_thread_done, de_exhausted, de_popped
};

/* O-DPOR stand-in: the same eager race detection, re-traversal and fixes,
 * with the classic (Flanagan-Godefroid) backtracking rule instead of the
 * source-set test with initials: every thread found racing with a step
 * of s is added to backtrack(s) when it is enabled there, else all of
 * safe(s); there is no early stop.  Never smaller than DE. */
static void od_thread_done(void *self, por_ctx *c, por_frame *f,
                           uint32_t slot)
{
    de      *x = self;
    uint32_t fi = (uint32_t)(f - c->frames);
    por_set  D = por_thr(c, f, slot)->dep;

    while (x->nps > 0 && x->ps[x->nps - 1] >= fi)
        x->nps--;
    if (!(f->flags & POR_F_IRRED))
        return;
    c->st->bt_updates++;
    if ((f->flags & POR_F_FULL) || (D & ~f->safe) != 0) {
        if (!(f->flags & POR_F_FULL) && (f->todo & f->safe) != f->safe)
            c->st->case_a++;
        f->todo = f->safe;
    } else {
        f->todo |= D;
    }
}

const por_algo por_algo_odpor = {
    POR_NEED_GRAPH, de_new, de_free, de_enter, de_step, de_pushed,
    de_thread_start, od_thread_done, de_exhausted, de_popped
};
