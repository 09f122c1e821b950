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
 * Races that cannot happen (por_dl.c gives the argument): the gate's
 * cell teaches no stack step whose state has a dead gate, and the
 * _nr_pr cell none whose thread p moves before any step that can only
 * be taken once p is gone (a join (_nr_pr == K) with K <= p, the death
 * of a lower pid); a walk keeps, per thread met through _nr_pr, the
 * bound of its locations (tmax).
 *
 * Summaries (por_sum.c): a walk that meets a state the search has
 * closed for good (its strongly connected component finished) takes
 * that state's summary -- every edge and pending thread below it --
 * instead of walking below it (sum_closed); the cells a walk that met
 * only one summary leaves are kept per summary (cells_keep/_restore).
 * The gate's stack lists are cut at the first entry whose state has a
 * dead gate (gate_live_end: a dead gate stays dead below).
 *
 * --de-retraverse=paths replays every path below the visited state
 * instead (RETRAVERSE-PATHS, the paper's definition: NOTE-DEP against
 * the stack and the replayed prefix); exponential, for teaching; a path
 * that meets the stack or itself (a cycle) stops the search with an
 * error.
 */
#include "config.h"

#include "engine/por/por.h"

#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"
#include "util/xalloc.h"

typedef struct vis {
    uint32_t from;      /* frame the step was taken from */
    uint32_t anc;       /* the stored frame it leaves; UINT32_MAX: a
                           replayed step (paths mode) */
    uint32_t label;
    uint8_t  pid, pid2;
} vis;

typedef struct clist {
    uint32_t *v;        /* vis indices, increasing */
    uint32_t  n, cap;
} clist;

typedef struct psent {  /* an irreducible frame whose current thread has
                           a disabled transition at its location
                           (F-NONDET): compared by its static facts with
                           every later step */
    uint32_t        fi;
    uint32_t        pid;
    const uint64_t *rd, *wr;
} psent;

typedef struct de {
    vis      *v;
    size_t    n, cap;
    clist    *rl, *wl;  /* per cell */
    uint32_t  g;        /* globals_size */
    size_t    ncells;
    psent    *ps;
    size_t    nps, ps_cap;
    /* a walk's summary: distinct labels met (with the threads that
     * made them), distinct locations with pending threads, then per
     * cell the threads reading / writing it */
    uint32_t *lep;      /* per label: walk epoch when met */
    por_set  *ltids;
    size_t    lcap;     /* of lep */
    size_t    ltids_cap;
    uint32_t *ltouch;
    size_t    nlt, lt_cap;
    uint32_t *locep;    /* per location */
    por_set  *lpids;
    uint32_t *loctouch;
    size_t    nloct, loct_cap;
    uint32_t *cep;      /* per cell */
    por_set  *crt, *cwt;
    uint32_t *ctouch;
    size_t    nct, ct_cap;
    uint32_t  epoch;
    /* per stored state: pending threads and their locations, cached
     * (offset + 1 into pool: count, then pid, loc pairs; 0: not yet) */
    uint32_t *pl;
    size_t    pl_cap;
    uint32_t *pool;
    size_t    npool, pool_cap;
    /* paths mode: the replay path */
    uint32_t *path;
    size_t    path_cap;
    por_mem  *mem;      /* the search's budget (c->mem): every array
                           above that grows with the search is counted */
    /* races that cannot happen (por.h, por_dl.c): the facts, the gate's
     * state per frame (cached with the frame's store id + 1: a function
     * of the state), labels without the gate / without _nr_pr (id + 1,
     * 0: not made yet), and per walk the bound tmax[r] under which a
     * step of thread r met through _nr_pr can race (255: any) */
    por_rfacts rf;
    uint32_t *gdref;
    uint8_t  *gdval;
    size_t    gd_cap, gdv_cap;
    uint32_t *lstrip;   /* 3 per label: strip()'s */
    size_t    ls_cap;
    ts_access *abuf;
    size_t    abuf_cap;
    uint8_t   tmax[64];
    uint8_t  *lnr;      /* per label: 0 not known, 1 no _nr_pr access,
                           2 one */
    size_t    lnr_cap;
    uint16_t *etm;      /* per graph edge: its tmax bound + 1, 0: not
                           known (an edge never changes) */
    size_t    etm_cap;
    /* summaries of closed states (por_sum.c): a walk takes a closed
     * state's summary instead of walking below it; sep: per summary,
     * the walk epoch that took it already */
    por_sums *sums;
    uint32_t *sep;
    size_t    sep_cap;
    /* per summary: what a walk that met only it leaves in the cells
     * and tmax (offset + 1 into scpool, 0: not kept); a function of the
     * summary alone, so final */
    uint32_t *scoff;
    size_t    scoff_cap;
    uint64_t *scpool;
    size_t    nscpool, scpool_cap;
} de;

/* Cells: global bytes [0, g), then these (the first four are the static
 * pseudo-objects, g + BC_OBJ_*), then one per channel. */
#define C_CHSTATIC(x)  ((x)->g + 0u)    /* static facts: any channel */
#define C_NRPR(x)      ((x)->g + 1u)
#define C_TIMEOUT(x)   ((x)->g + 2u)
#define C_GATE(x)      ((x)->g + 3u)    /* the atomic gate */
#define C_CHANY(x)     ((x)->g + 4u)    /* dynamic: some channel */
#define C_CHAN(x, k)   ((x)->g + 5u + (k))

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
    por_rfacts_init(c, &x->rf);
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
        por_rfacts_free(&x->rf);
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

static por_set tids_of(uint32_t pid, uint32_t pid2)
{
    por_set t = por_bit(pid);

    if (pid2 != TS_NONE && pid2 != POR_NOPID2)
        t |= por_bit(pid2);
    return t;
}

static por_set vis_tids(const vis *t)
{
    return tids_of(t->pid, t->pid2);
}

/* ------------------------------------- races that cannot happen
 *
 * por_dl.c gives the argument; here it is applied per cell: the gate's
 * cell is skipped for a stack step whose state has a dead gate, and the
 * _nr_pr cell for a stack step of thread p when the later step (thread
 * r from location li) could not have been taken before p's
 * (por_rfacts_can_race).  A later step whose location is not known
 * (a replayed path) keeps every conflict. */

#define K_CELL 0        /* an ordinary cell */
#define K_GATE 1
#define K_NRPR 2

/* Is the gate dead at the state of stack frame fi? */
static int gdead(de *x, por_ctx *c, uint32_t fi)
{
    uint32_t ref;
    int      v;

    if (!x->rf.gate_model || fi >= c->depth)
        return 0;
    ref = c->frames[fi].ref;
    if (ref >= c->nstates)
        return 0;
    if (fi < x->gd_cap && fi < x->gdv_cap && x->gdref[fi] == ref + 1)
        return x->gdval[fi];
    v = por_rfacts_gate_dead(c, &x->rf, ref);
    if ((fi < x->gd_cap
         || por_grow(x->mem, (void **)&x->gdref, &x->gd_cap, (size_t)fi + 1,
                     sizeof *x->gdref) == 0)
        && (fi < x->gdv_cap
            || por_grow(x->mem, (void **)&x->gdval, &x->gdv_cap,
                        (size_t)fi + 1, sizeof *x->gdval) == 0)) {
        x->gdref[fi] = ref + 1;
        x->gdval[fi] = (uint8_t)v;
    }
    return v;
}

/* Label a without its gate accesses (which = 0), without its gate and
 * _nr_pr accesses (1) or without its _nr_pr accesses (2); interned once
 * per label. */
static uint32_t strip(de *x, por_ctx *c, uint32_t a, int which)
{
    const ts_access *acc;
    uint32_t         n;
    size_t           k = 0;
    uint32_t         r;

    if (a == POR_LABEL_NONE)
        return a;
    if ((size_t)3 * a + 2 < x->ls_cap && x->lstrip[3 * a + which] != 0)
        return x->lstrip[3 * a + which] - 1;
    acc = por_label_accs(c->labels, a, &n);
    if (por_grow(x->mem, (void **)&x->abuf, &x->abuf_cap, n + 1,
                 sizeof *x->abuf) != 0)
        return a;       /* out of memory: the search stops */
    for (uint32_t i = 0; i < n; i++)
        if (!(which != 2 && acc[i].kind == TS_OBJ_GATE)
            && !(which != 0 && acc[i].kind == TS_OBJ_NRPR))
            x->abuf[k++] = acc[i];
    r = k == n ? a : k == 0 ? POR_LABEL_NONE : por_label(c->labels, x->abuf,
                                                         k);
    if ((size_t)3 * a + 2 >= x->ls_cap) {
        size_t old = x->ls_cap;

        if (por_grow(x->mem, (void **)&x->lstrip, &x->ls_cap,
                     (size_t)3 * a + 3, sizeof *x->lstrip) != 0)
            return r;
        memset(x->lstrip + old, 0, (x->ls_cap - old) * sizeof *x->lstrip);
    }
    x->lstrip[3 * a + which] = r + 1;
    return r;
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

/* The location of thread pid at stored state u, or UINT32_MAX. */
static uint32_t state_loc(const de *x, por_ctx *c, uint32_t u, uint32_t pid)
{
    uint32_t       locs[POR_MAX_LOCS];
    const uint8_t *vec;
    size_t         len;
    size_t         np;

    (void)x;
    if (u >= c->nstates)
        return UINT32_MAX;
    vec = ss_get(c->ss, u, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    return np < POR_MAX_LOCS && pid < np ? locs[pid] : UINT32_MAX;
}

/* The threads of set that can race with a step of p, by the walk's
 * tmax. */
static por_set tmax_racers(const de *x, por_set set, uint32_t p)
{
    por_set out = set & POR_SET_OTHER;

    for (uint32_t r = 0; r < 63; r++)
        if ((set & por_bit(r)) && x->tmax[r] > p)
            out |= por_bit(r);
    return out;
}

/* Can frame fi still learn: irreducible, not fully expanded, expanding
 * a thread whose dep set can still grow in a way that matters?  It
 * cannot once it holds a thread outside safe(s) (the thread is then in
 * no dep-closed set and case (a) fires whatever else comes), nor once it
 * holds every other process of s and no process can be started. */
static int learner(const por_ctx *c, uint32_t fi)
{
    const por_frame *f;
    por_set          dep;
    por_set          all;

    if (fi >= c->depth)
        return 0;
    f = &c->frames[fi];
    if ((f->flags & (POR_F_IRRED | POR_F_FULL)) != POR_F_IRRED
        || f->cur < 0)
        return 0;
    dep = c->thr[f->thr0 + (uint32_t)f->cur].dep
          | por_bit(c->thr[f->thr0 + (uint32_t)f->cur].pid);
    if ((dep & ~f->safe) != 0)
        return 0;
    if (c->has_run || f->ref >= c->nstates)
        return 1;
    all = f->enabled | c->pend[f->ref];
    return (all & ~dep) != 0;
}

/* dep(s_anc, its current thread) |= add; from: the frame of the earlier
 * step (for --explain), how/u: where the later one was found. */
static void note(por_ctx *c, uint32_t anc, por_set add, uint32_t from,
                 int how, uint32_t u)
{
    por_frame  *f;
    por_thread *th;

    if (!learner(c, anc))
        return;
    f = &c->frames[anc];
    th = por_thr(c, f, (uint32_t)f->cur);
    add &= ~por_bit(th->pid);
    if ((add & ~th->dep) == 0)
        return;
    if (c->xp)
        explain_de_dep(c, anc, from, add & ~th->dep, how, u, TS_NONE);
    th->dep |= add;
}

/* ------------------------------------------------- per-cell stacks */

static void cl_push(de *x, clist *l, uint32_t i)
{
    size_t cap = l->cap;

    if (l->n > 0 && l->v[l->n - 1] == i)
        return;
    if (l->n == l->cap) {
        if (cap >= UINT32_MAX / 2
            || por_grow(x->mem, (void **)&l->v, &cap, (size_t)l->n + 1,
                        sizeof *l->v) != 0)
            return;     /* out of memory: the search stops */
        l->cap = (uint32_t)cap;
    }
    l->v[l->n++] = i;
}

static void cl_trunc(clist *l, uint32_t m)
{
    while (l->n > 0 && l->v[l->n - 1] >= m)
        l->n--;
}

/* The cells of one dynamic access: [*lo, *hi), plus *extra (or
 * UINT32_MAX) for a channel's "some channel" cell. */
static void acc_cells(const de *x, const ts_access *a, uint32_t *lo,
                      uint32_t *hi, uint32_t *extra)
{
    *extra = UINT32_MAX;
    switch (a->kind) {
    case TS_OBJ_GLOBAL:
        *lo = a->id < x->g ? a->id : x->g;
        *hi = a->id + a->width < x->g ? a->id + a->width : x->g;
        break;
    case TS_OBJ_CHAN:
        *lo = C_CHAN(x, a->id <= BC_MAX_CHANS ? a->id : BC_MAX_CHANS);
        *hi = *lo + 1;
        *extra = C_CHANY(x);
        break;
    case TS_OBJ_NRPR:
        *lo = C_NRPR(x);
        *hi = *lo + 1;
        break;
    case TS_OBJ_GATE:
        *lo = C_GATE(x);
        *hi = *lo + 1;
        break;
    default:
        *lo = C_TIMEOUT(x);
        *hi = *lo + 1;
        break;
    }
}

/* The stack cell of static object o (a dynamic step on any channel is
 * on the "some channel" list). */
static uint32_t static_stack_cell(const de *x, uint32_t o)
{
    return o == x->g + BC_OBJ_CHANS ? C_CHANY(x) : o;
}

/* Push vis entry i on the lists of its label's cells. */
static void push_cells(de *x, por_ctx *c, uint32_t i)
{
    uint32_t         n;
    const ts_access *a = por_label_accs(c->labels, x->v[i].label, &n);

    for (uint32_t k = 0; k < n; k++) {
        uint32_t lo, hi, extra;
        clist   *ls = a[k].write ? x->wl : x->rl;

        acc_cells(x, &a[k], &lo, &hi, &extra);
        for (uint32_t cl = lo; cl < hi; cl++)
            cl_push(x, &ls[cl], i);
        if (extra != UINT32_MAX)
            cl_push(x, &ls[extra], i);
    }
}

/* Drop the vis entries from m up, and their list entries. */
static void vis_trunc(de *x, por_ctx *c, size_t m)
{
    while (x->n > m) {
        uint32_t         i = (uint32_t)--x->n;
        uint32_t         n;
        const ts_access *a = por_label_accs(c->labels, x->v[i].label, &n);

        for (uint32_t k = 0; k < n; k++) {
            uint32_t lo, hi, extra;

            acc_cells(x, &a[k], &lo, &hi, &extra);
            for (uint32_t cl = lo; cl < hi; cl++) {
                cl_trunc(&x->rl[cl], i);
                cl_trunc(&x->wl[cl], i);
            }
            if (extra != UINT32_MAX) {
                cl_trunc(&x->rl[extra], i);
                cl_trunc(&x->wl[extra], i);
            }
        }
    }
}

static void vis_push(de *x, por_ctx *c, uint32_t from, uint32_t anc,
                     uint32_t pid, uint32_t pid2, uint32_t label)
{
    if (por_grow(x->mem, (void **)&x->v, &x->cap, x->n + 1,
                 sizeof *x->v) != 0)
        return;         /* out of memory: the search stops */
    x->v[x->n].from = from;
    x->v[x->n].anc = anc;
    x->v[x->n].label = label;
    x->v[x->n].pid = (uint8_t)(pid < 255 ? pid : 254);
    x->v[x->n].pid2 = (uint8_t)(pid2 < 255 ? pid2 : POR_NOPID2);
    x->n++;
    push_cells(x, c, (uint32_t)x->n - 1);
}

/* NOTE-DEP against every dependent stack step of another thread, not
 * only the last one (design §3.3 notes the last).  Noting the last is
 * enough when a step's accesses do not depend on the order of the steps
 * before it; here they do (a[k] after k = 1 writes a[1], before it
 * a[0]): when the race with the last dependent step t_j is reversed,
 * the step may no longer touch what made it dependent on an earlier
 * t_i, so the race with t_i would never be seen (issue 9, class 3;
 * doc/soundness.md).  Every dependent t_i learns it now: dep(s_i, ...)
 * then holds every thread that makes a step dependent on t_i in an
 * explored execution, which is what case (b)'s closure test assumes.
 * Entries of one list are in stack order, so a frame is noted once. */
static uint32_t gate_live_end(de *x, por_ctx *c, uint32_t sc,
                              const clist *l);

static void note_list(de *x, por_ctx *c, const clist *l, por_set tt,
                      int how, uint32_t u, int kind, uint32_t r,
                      uint32_t li)
{
    uint32_t last = UINT32_MAX;
    uint32_t top = kind == K_GATE ? gate_live_end(x, c, C_GATE(x), l)
                                  : l->n;

    /* the gate's entries from top on have a dead gate: skipped */
    for (uint32_t e = top; e-- > 0;) {
        const vis *t = &x->v[l->v[e]];

        if ((vis_tids(t) & tt) != 0 || t->anc == last)
            continue;
        if (kind == K_NRPR && li != UINT32_MAX
            && !por_rfacts_can_race(&x->rf, li, r, t->pid))
            continue;
        last = t->anc;
        if (t->anc != UINT32_MAX)
            note(c, t->anc, tt, t->from, how, u);
    }
}

/* The kind of cell cl. */
static int cell_kind(const de *x, uint32_t cl)
{
    return cl == C_GATE(x) ? K_GATE : cl == C_NRPR(x) ? K_NRPR : K_CELL;
}

/* NOTE-DEP of a step (threads tt, label) of thread r from location li
 * (UINT32_MAX: not known). */
static void note_all(de *x, por_ctx *c, por_set tt, uint32_t label,
                     int how, uint32_t u, uint32_t r, uint32_t li)
{
    uint32_t         n;
    const ts_access *a = por_label_accs(c->labels, label, &n);

    for (uint32_t k = 0; k < n; k++) {
        uint32_t lo, hi, extra;

        acc_cells(x, &a[k], &lo, &hi, &extra);
        for (uint32_t cl = lo; cl < hi; cl++) {
            int kind = cell_kind(x, cl);

            note_list(x, c, &x->wl[cl], tt, how, u, kind, r, li);
            if (a[k].write)
                note_list(x, c, &x->rl[cl], tt, how, u, kind, r, li);
        }
    }
}

/* The same for a pending action with static facts rd/wr of thread
 * pid at location li (UINT32_MAX: not known). */
static void note_all_static(de *x, por_ctx *c, const uint64_t *rd,
                            const uint64_t *wr, uint32_t pid, uint32_t u,
                            uint32_t li)
{
    const bc_program *p = c->prog;
    por_set           tt = por_bit(pid);

    for (uint32_t w = 0; w < p->nwords; w++) {
        uint64_t m = rd[w] | wr[w];

        while (m != 0) {
            uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(m);
            uint32_t cl;

            m &= m - 1;
            if (o >= p->nobjects)
                break;
            cl = static_stack_cell(x, o);
            note_list(x, c, &x->wl[cl], tt, EXPLAIN_PENDING, u,
                      cell_kind(x, cl), pid, li);
            if (wr[w] >> (o % 64) & 1u)
                note_list(x, c, &x->rl[cl], tt, EXPLAIN_PENDING, u,
                          cell_kind(x, cl), pid, li);
        }
    }
}

/* ----------------------------------------------------- ps entries */

static void ps_trunc(de *x, uint32_t fi)
{
    while (x->nps > 0 && x->ps[x->nps - 1].fi >= fi)
        x->nps--;
}

/* A step (tids tt, label; thread r from location li, UINT32_MAX: not
 * known) against the disabled siblings of the ps frames. */
static void ps_note(de *x, por_ctx *c, por_set tt, uint32_t label,
                    uint32_t from, uint32_t r, uint32_t li)
{
    for (size_t i = 0; i < x->nps; i++) {
        const psent *e = &x->ps[i];
        uint32_t     lab = label;

        if (!learner(c, e->fi) || (tt & por_bit(e->pid)) != 0)
            continue;
        if (!por_label_conflict_static(c->labels, c->prog, lab, e->rd,
                                       e->wr))
            continue;
        int          gd = gdead(x, c, e->fi);

        if (gd) {
            lab = strip(x, c, label, 0);
            if (!por_label_conflict_static(c->labels, c->prog, lab, e->rd,
                                           e->wr))
                continue;
        }
        if (li != UINT32_MAX && !por_rfacts_can_race(&x->rf, li, r, e->pid)
            && !por_label_conflict_static(c->labels, c->prog,
                                          strip(x, c, label, gd ? 1 : 2),
                                          e->rd, e->wr))
            continue;   /* only through _nr_pr, and no race */
        note(c, e->fi, tt, from, EXPLAIN_TOP, TS_NONE);
    }
}

/* ------------------------------------------------- cycle fixes */

/* The cycle fix for the irreducible frames in [j, k): F-STACK makes
 * them fully expanded, F-STACK-STATIC adds the static conflicts of
 * their current thread, F-C3 only does nothing. */
static void stack_fix(por_ctx *c, uint32_t j, uint32_t k)
{
    if (k > c->depth)
        k = (uint32_t)c->depth;
    for (uint32_t i = j; i < k; i++) {
        por_frame *f = &c->frames[i];

        if ((f->flags & (POR_F_IRRED | POR_F_FULL)) != POR_F_IRRED)
            continue;
        if (c->cycle_fix == POR_CYCLE_STACK) {
            f->flags |= POR_F_FULL;
            f->todo = f->safe;
            c->st->full_stack++;
        } else if (c->cycle_fix == POR_CYCLE_STATIC && f->cur >= 0) {
            por_thread *th = por_thr(c, f, (uint32_t)f->cur);
            por_set     add = por_static_threads(c, f, (uint32_t)f->cur);

            if ((add & ~th->dep) != 0)
                c->st->static_deps++;
            th->dep |= add & ~por_bit(th->pid);
        }
    }
}

/* --------------------------------------------------------- walks */

/* The pending threads of stored state u with their locations: a cached
 * list (count, then pid, loc pairs). */
static const uint32_t *pend_locs_fill(de *x, por_ctx *c, uint32_t u)
    __attribute__((noinline));

static inline const uint32_t *pend_locs(de *x, por_ctx *c, uint32_t u)
{
    if (u < x->pl_cap && x->pl[u] != 0)     /* the walks' common case */
        return x->pool + x->pl[u] - 1;
    return pend_locs_fill(x, c, u);
}

static const uint32_t *pend_locs_fill(de *x, por_ctx *c, uint32_t u)
{
    static const uint32_t none[1] = { 0 };
    const uint8_t *vec;
    size_t         len;
    size_t         np;
    uint32_t       locs[POR_MAX_LOCS];
    por_set        pend = c->pend[u];
    size_t         at;

    if (u >= x->pl_cap) {
        size_t old = x->pl_cap;

        if (por_grow(x->mem, (void **)&x->pl, &x->pl_cap, (size_t)u + 1,
                     sizeof *x->pl) != 0)
            return none;    /* out of memory: the search stops */
        memset(x->pl + old, 0, (x->pl_cap - old) * sizeof *x->pl);
    }
    if (x->pl[u] != 0)
        return x->pool + x->pl[u] - 1;
    at = x->npool;
    if (por_grow(x->mem, (void **)&x->pool, &x->pool_cap,
                 at + 1 + 2 * POR_MAX_LOCS, sizeof *x->pool) != 0)
        return none;
    vec = ss_get(c->ss, u, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    x->pool[at] = 0;
    x->npool = at + 1;
    for (uint32_t pid = 0; pid < np && pid < POR_MAX_LOCS; pid++)
        if (pend & por_bit(pid)) {
            x->pool[x->npool++] = pid;
            x->pool[x->npool++] = locs[pid];
            x->pool[at]++;
        }
    x->pl[u] = (uint32_t)at + 1;
    return x->pool + at;
}

static void new_epoch(de *x, por_ctx *c)
{
    if (++x->epoch == 0) {
        size_t nl = por_labels_count(c->labels);

        for (size_t i = 0; i < x->lcap && i < nl; i++)
            x->lep[i] = 0;
        memset(x->locep, 0, (ts_nlocs(c->t) + 1) * sizeof *x->locep);
        memset(x->cep, 0, x->ncells * sizeof *x->cep);
        if (x->sep != NULL)
            memset(x->sep, 0, x->sep_cap * sizeof *x->sep);
        x->epoch = 1;
    }
    x->nlt = 0;
    x->nloct = 0;
    x->nct = 0;
    memset(x->tmax, 0, sizeof x->tmax);
}

/* The walk met threads tids making a step through _nr_pr from location
 * li (UINT32_MAX: not known) of the first of them, r: raise their
 * tmax (a step can race with p's when tmax > p). */
static uint32_t tmax_bound(const de *x, uint32_t r, uint32_t li)
{
    if (li != UINT32_MAX && li < x->rf.nlocs)
        return x->rf.die_only[li] ? (r < 255 ? r : 255)
                                  : x->rf.nrpr_max[li];
    return 255;
}

static void tmax_raise(de *x, por_set tids, uint32_t v)
{
    tids &= ~POR_SET_OTHER;     /* OTHER: always a racer */
    while (tids != 0) {
        uint32_t q = (uint32_t)__builtin_ctzll(tids);

        tids &= tids - 1;
        if (x->tmax[q] < v)
            x->tmax[q] = (uint8_t)v;
    }
}

static void tmax_met(de *x, por_set tids, uint32_t r, uint32_t li)
{
    tmax_raise(x, tids, tmax_bound(x, r, li));
}

/* Does label a have a _nr_pr access?  Cached per label. */
static int label_nrpr(de *x, por_ctx *c, uint32_t a)
{
    const ts_access *acc;
    uint32_t         n;
    int              v = 0;

    if (a < x->lnr_cap && x->lnr[a] != 0)
        return x->lnr[a] == 2;
    acc = por_label_accs(c->labels, a, &n);
    for (uint32_t i = 0; i < n; i++)
        if (acc[i].kind == TS_OBJ_NRPR)
            v = 1;
    if (a >= x->lnr_cap) {
        size_t old = x->lnr_cap;

        if (por_grow(x->mem, (void **)&x->lnr, &x->lnr_cap, (size_t)a + 1,
                     1) != 0)
            return v;
        memset(x->lnr + old, 0, x->lnr_cap - old);
    }
    x->lnr[a] = (uint8_t)(v + 1);
    return v;
}

/* The walk met graph edge b (at stored state u) with a _nr_pr access:
 * raise its threads' tmax by the bound of its first mover's location
 * there, cached per edge. */
static void tmax_edge(de *x, por_ctx *c, uint32_t b, uint32_t u)
{
    const por_edge *e = &c->edges[b];
    uint32_t        v;

    if (b < x->etm_cap && x->etm[b] != 0)
        v = x->etm[b] - 1u;
    else {
        v = (e->flags & POR_E_MANY) || e->pid >= 254 ? 255
            : tmax_bound(x, e->pid, state_loc(x, c, u, e->pid));
        if (b >= x->etm_cap) {
            size_t old = x->etm_cap;

            if (por_grow(x->mem, (void **)&x->etm, &x->etm_cap,
                         (size_t)b + 1, sizeof *x->etm) == 0)
                memset(x->etm + old, 0,
                       (x->etm_cap - old) * sizeof *x->etm);
        }
        if (b < x->etm_cap)
            x->etm[b] = (uint16_t)(v + 1);
    }
    tmax_raise(x, por_edge_tids(e), v);
}

/* Add tids to the pending threads of location li in this walk's summary
 * (first touch in this epoch: clear and list it).  -1 when memory is
 * refused (the search stops), else 0. */
static int touch_loc(de *x, uint32_t li, por_set tids)
{
    if (x->locep[li] != x->epoch) {
        if (por_grow(x->mem, (void **)&x->loctouch, &x->loct_cap,
                     x->nloct + 1, sizeof *x->loctouch) != 0)
            return -1;
        x->locep[li] = x->epoch;
        x->lpids[li] = 0;
        x->loctouch[x->nloct++] = li;
    }
    x->lpids[li] |= tids;
    return 0;
}

/* Summary of one walked state: its pending threads by location. */
static void sum_pending(de *x, por_ctx *c, uint32_t u)
{
    const uint32_t *pl;

    if (c->pend[u] == 0)
        return;
    pl = pend_locs(x, c, u);
    for (uint32_t k = 0; k < pl[0]; k++) {
        uint32_t pid = pl[1 + 2 * k];
        uint32_t li = pl[2 + 2 * k];

        if (touch_loc(x, li, por_bit(pid)) != 0)
            return;     /* out of memory: the search stops */
    }
}

static void sum_label(de *x, por_ctx *c, uint32_t label, por_set tids)
{
    size_t n = por_labels_count(c->labels);

    if (n > x->lcap) {
        size_t old = x->lcap;

        if (por_grow(x->mem, (void **)&x->ltids, &x->ltids_cap, n,
                     sizeof *x->ltids) != 0
            || por_grow(x->mem, (void **)&x->lep, &x->lcap, n,
                        sizeof *x->lep) != 0)
            return;     /* out of memory: the search stops */
        for (size_t i = old; i < x->lcap; i++)
            x->lep[i] = 0;
    }
    if (x->lep[label] != x->epoch) {
        if (por_grow(x->mem, (void **)&x->ltouch, &x->lt_cap, x->nlt + 1,
                     sizeof *x->ltouch) != 0)
            return;
        x->lep[label] = x->epoch;
        x->ltids[label] = 0;
        x->ltouch[x->nlt++] = label;
    }
    x->ltids[label] |= tids;
}

static void cell_add(de *x, uint32_t cl, por_set tids, int write)
{
    if (x->cep[cl] != x->epoch) {
        if (por_grow(x->mem, (void **)&x->ctouch, &x->ct_cap, x->nct + 1,
                     sizeof *x->ctouch) != 0)
            return;     /* out of memory: the search stops */
        x->cep[cl] = x->epoch;
        x->crt[cl] = 0;
        x->cwt[cl] = 0;
        x->ctouch[x->nct++] = cl;
    }
    if (write)
        x->cwt[cl] |= tids;
    else
        x->crt[cl] |= tids;
}

/* Turn the walk's labels and pending locations into per-cell thread
 * sets. */
static void sum_cells(de *x, por_ctx *c)
{
    const bc_program *p = c->prog;

    for (size_t k = 0; k < x->nlt; k++) {
        uint32_t         L = x->ltouch[k];
        uint32_t         n;
        const ts_access *a = por_label_accs(c->labels, L, &n);

        for (uint32_t i = 0; i < n; i++) {
            uint32_t lo, hi, extra;

            acc_cells(x, &a[i], &lo, &hi, &extra);
            for (uint32_t cl = lo; cl < hi; cl++)
                cell_add(x, cl, x->ltids[L], a[i].write);
            if (extra != UINT32_MAX)
                cell_add(x, extra, x->ltids[L], a[i].write);
        }
    }
    for (size_t k = 0; k < x->nloct; k++) {
        uint32_t        li = x->loctouch[k];
        const uint64_t *rd = c->loc_rd + (size_t)li * p->nwords;
        const uint64_t *wr = c->loc_wr + (size_t)li * p->nwords;

        for (uint32_t q = 0; q < 63; q++)   /* each at li: its own T */
            if (x->lpids[li] & por_bit(q))
                tmax_met(x, por_bit(q), q, li);

        for (uint32_t w = 0; w < p->nwords; w++) {
            uint64_t m = rd[w] | wr[w];

            while (m != 0) {
                uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(m);

                m &= m - 1;
                if (o >= p->nobjects)
                    break;
                /* static channel facts: their own cell */
                cell_add(x, o, x->lpids[li], (int)(wr[w] >> (o % 64) & 1u));
            }
        }
    }
}

/* How many entries of list l of cell sc can learn: all but, for the
 * gate's cell, those whose state has a dead gate -- a suffix of the
 * list: a dead gate at a state stays dead at every state reachable from
 * it (por_rfacts_gate_dead tests that no process can reach a location
 * the gate stands for, nor start a proctype that can), and the entries
 * are in stack order; so the first dead one is found by bisection. */
static uint32_t gate_live_end(de *x, por_ctx *c, uint32_t sc,
                              const clist *l)
{
    uint32_t lo = 0, hi = l->n;

    if (sc != C_GATE(x) || !x->rf.gate_model)
        return l->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;

        if (gdead(x, c, x->v[l->v[mid]].anc))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* Every stack step dependent on what the walk below u0 met learns it
 * (all of them: path context is lost); so do the ps frames. */
static void apply_summary(de *x, por_ctx *c, uint32_t u0)
{
    const bc_program *p = c->prog;
    uint32_t          from = (uint32_t)c->depth - 1;

    for (size_t k = 0; k < x->nct; k++) {
        uint32_t     cl = x->ctouch[k];
        por_set      rt = x->crt[cl];
        por_set      wt = x->cwt[cl];
        uint32_t     sc;
        const clist *l;

        if (cl == C_CHANY(x))
            continue;
        sc = cl == C_CHSTATIC(x) ? C_CHANY(x) : cl;
        l = &x->wl[sc];
        for (uint32_t i = 0, e = gate_live_end(x, c, sc, l); i < e; i++) {
            const vis *t = &x->v[l->v[i]];
            por_set    other = (rt | wt) & ~vis_tids(t);

            if (other && sc == C_NRPR(x))
                other = tmax_racers(x, other, t->pid);
            if (other)
                note(c, t->anc, other, t->from, EXPLAIN_WALK, u0);
        }
        if (wt == 0)
            continue;
        l = &x->rl[sc];
        for (uint32_t i = 0, e = gate_live_end(x, c, sc, l); i < e; i++) {
            const vis *t = &x->v[l->v[i]];
            por_set    other = wt & ~vis_tids(t);

            if (other && sc == C_NRPR(x))
                other = tmax_racers(x, other, t->pid);
            if (other)
                note(c, t->anc, other, t->from, EXPLAIN_WALK, u0);
        }
    }
    for (size_t i = 0; i < x->nps; i++) {
        const psent *e = &x->ps[i];
        por_set      other = 0;
        int          gd;

        if (!learner(c, e->fi))
            continue;
        gd = gdead(x, c, e->fi);
        for (uint32_t w = 0; w < p->nwords; w++) {
            uint64_t m = e->rd[w] | e->wr[w];

            while (m != 0) {
                uint32_t o = w * 64 + (uint32_t)__builtin_ctzll(m);
                int      wr = (int)(e->wr[w] >> (o % 64) & 1u);

                m &= m - 1;
                if (o >= p->nobjects)
                    break;
                for (int pass = 0; pass < 2; pass++) {
                    uint32_t cl = pass == 0 ? o : C_CHANY(x);

                    if (pass == 1 && o != x->g + BC_OBJ_CHANS)
                        break;
                    if (x->cep[cl] != x->epoch)
                        continue;
                    if (cl == C_GATE(x) && gd)
                        continue;
                    if (cl == C_NRPR(x)) {
                        other |= tmax_racers(x, x->cwt[cl]
                                             | (wr ? x->crt[cl] : 0),
                                             e->pid);
                        continue;
                    }
                    other |= x->cwt[cl];
                    if (wr)
                        other |= x->crt[cl];
                }
            }
        }
        other &= ~por_bit(e->pid);
        if (other)
            note(c, e->fi, other, from, EXPLAIN_WALK, u0);
    }
}

/* The lowest frame that could learn from a walk, or UINT32_MAX. */
static uint32_t lowest_learner(const de *x, const por_ctx *c)
{
    uint32_t lo = UINT32_MAX;

    for (size_t i = 0; i < x->n; i++)
        if (x->v[i].anc < lo && learner(c, x->v[i].anc)) {
            lo = x->v[i].anc;
            break;      /* entries are in stack order */
        }
    for (size_t i = 0; i < x->nps; i++)
        if (x->ps[i].fi < lo && learner(c, x->ps[i].fi)) {
            lo = x->ps[i].fi;
            break;
        }
    return lo;
}

/* The walk met closed state u whose summary is sid: add what every
 * state below u holds (its items) as the walk below u would have, once
 * per summary and walk.  The walk does not go below u: every state
 * there is popped, so it meets no stack frame there either. */
static void sum_closed(de *x, por_ctx *c, uint32_t sid)
{
    const por_sum_item *items;
    const uint64_t     *words;
    uint32_t            n;

    if (sid < x->sep_cap && x->sep[sid] == x->epoch)
        return;
    if (sid >= x->sep_cap) {
        size_t old = x->sep_cap;

        if (por_cache_grow(c, (void **)&x->sep, &x->sep_cap,
                           (size_t)sid + 1, sizeof *x->sep) == 0)
            memset(x->sep + old, 0, (x->sep_cap - old) * sizeof *x->sep);
    }
    if (sid < x->sep_cap)
        x->sep[sid] = x->epoch;
    words = por_sums_words(x->sums, sid, &n);
    items = por_sums_items(x->sums);
    for (uint32_t k = 0; k < 64 * n; k++) {
        const por_sum_item *it;

        if (!(words[k / 64] >> (k % 64) & 1u))
            continue;
        it = &items[k];

        if (it->label == POR_SUM_PENDING) {
            if (touch_loc(x, it->li, it->tids) != 0)
                return;     /* out of memory: the search stops */
        } else if (it->label != POR_LABEL_NONE) {
            /* as the edge loop of retraverse() and tmax_edge() */
            sum_label(x, c, it->label, it->tids);
            if (label_nrpr(x, c, it->label))
                tmax_raise(x, it->tids,
                           it->tids == ~(por_set)0 || it->r >= 254 ? 255
                           : tmax_bound(x, it->r, it->li));
        }
    }
}

/* Keep the cells and tmax of a walk that met only summary sid (a
 * cache: nothing when there is no room). */
static void cells_keep(de *x, por_ctx *c, uint32_t sid)
{
    size_t need = x->nscpool + 1 + 3 * x->nct + 8;

    if (sid >= x->scoff_cap) {
        size_t old = x->scoff_cap;

        if (por_cache_grow(c, (void **)&x->scoff, &x->scoff_cap,
                           (size_t)sid + 1, sizeof *x->scoff) != 0)
            return;
        memset(x->scoff + old, 0, (x->scoff_cap - old) * sizeof *x->scoff);
    }
    if (x->scoff[sid] != 0 || need >= UINT32_MAX
        || por_cache_grow(c, (void **)&x->scpool, &x->scpool_cap, need,
                          sizeof *x->scpool) != 0)
        return;
    x->scoff[sid] = (uint32_t)x->nscpool + 1;
    x->scpool[x->nscpool++] = x->nct;
    for (size_t k = 0; k < x->nct; k++) {
        uint32_t cl = x->ctouch[k];

        x->scpool[x->nscpool++] = cl;
        x->scpool[x->nscpool++] = x->crt[cl];
        x->scpool[x->nscpool++] = x->cwt[cl];
    }
    memcpy(x->scpool + x->nscpool, x->tmax, 64);
    x->nscpool += 8;
}

/* The cells and tmax kept for summary sid, restored as the walk's own;
 * 0 when none are kept. */
static int cells_restore(de *x, por_ctx *c, uint32_t sid)
{
    const uint64_t *q;
    size_t          n;

    if (sid >= x->scoff_cap || x->scoff[sid] == 0)
        return 0;
    q = x->scpool + x->scoff[sid] - 1;
    n = (size_t)q[0];
    if (por_grow(x->mem, (void **)&x->ctouch, &x->ct_cap, n + 1,
                 sizeof *x->ctouch) != 0)
        return 0;
    new_epoch(x, c);
    for (size_t k = 0; k < n; k++) {
        uint32_t cl = (uint32_t)q[1 + 3 * k];

        x->cep[cl] = x->epoch;
        x->crt[cl] = q[2 + 3 * k];
        x->cwt[cl] = q[3 + 3 * k];
        x->ctouch[x->nct++] = cl;
    }
    memcpy(x->tmax, q + 1 + 3 * n, 64);
    return 1;
}

/* RETRAVERSE-ONCE(u0) against every visible stack step. */
static void retraverse(de *x, por_ctx *c, uint32_t u0)
{
    size_t   n = 0;
    uint32_t j = (uint32_t)c->depth;     /* lowest stack frame met */
    uint32_t lo = lowest_learner(x, c);
    size_t   steps = 0;
    uint32_t sid0 = por_sums_of(x->sums, u0);

    if (lo == UINT32_MAX)
        return;
    if (sid0 != UINT32_MAX && cells_restore(x, c, sid0)) {
        apply_summary(x, c, u0);    /* u0 is closed: its summary is all */
        return;
    }
    por_walk_begin(c);
    new_epoch(x, c);
    por_walk_mark(c, u0);
    por_walk_push(c, u0, &n);
    while (n > 0) {
        uint32_t u = c->work[--n];
        uint32_t sid;

        if (c->stackpos[u] && c->stackpos[u] - 1 < j
            && c->cycle_fix != POR_CYCLE_C3) {
            uint32_t js = c->stackpos[u] - 1;

            stack_fix(c, js, j);
            j = js;
            if (j <= lo) {
                c->st->walks_cut++;     /* nobody left to teach */
                return;
            }
        }
        if ((sid = por_sums_of(x->sums, u)) != UINT32_MAX) {
            sum_closed(x, c, sid);
            continue;
        }
        sum_pending(x, c, u);
        if ((++steps & 1023u) == 0) {
            /* teach what is known so far; stop when nobody is left */
            sum_cells(x, c);
            apply_summary(x, c, u0);
            lo = lowest_learner(x, c);
            if (lo == UINT32_MAX || j <= lo) {
                c->st->walks_cut++;
                return;
            }
        }
        for (uint32_t b = c->ehead[u]; b != POR_NOEDGE;
             b = c->edges[b].next) {
            const por_edge *e = &c->edges[b];

            c->st->retraversed++;
            if (e->label != POR_LABEL_NONE) {
                sum_label(x, c, e->label, por_edge_tids(e));
                if (label_nrpr(x, c, e->label))
                    tmax_edge(x, c, b, u);
            }
            por_walk_visit(c, e->dst, &n);
        }
    }
    sum_cells(x, c);
    if (sid0 != UINT32_MAX)
        cells_keep(x, c, sid0);     /* the walk met only sid0 */
    apply_summary(x, c, u0);
}

/* ------------------------------------------- RETRAVERSE-PATHS */

/* The pending actions of blocked threads at u as replayed steps. */
static void paths_pending(de *x, por_ctx *c, uint32_t u)
{
    const bc_program *p = c->prog;
    const uint32_t   *pl;

    if (c->pend[u] == 0)
        return;
    pl = pend_locs(x, c, u);
    for (uint32_t k = 0; k < pl[0]; k++) {
        uint32_t        pid = pl[1 + 2 * k];
        uint32_t        li = pl[2 + 2 * k];
        const uint64_t *rd = c->loc_rd + (size_t)li * p->nwords;
        const uint64_t *wr = c->loc_wr + (size_t)li * p->nwords;

        note_all_static(x, c, rd, wr, pid, u, UINT32_MAX);
        for (size_t q = 0; q < x->nps; q++)
            if (x->ps[q].pid != pid && learner(c, x->ps[q].fi)
                && por_static_conflict(p, x->ps[q].rd, x->ps[q].wr, rd,
                                       wr))
                note(c, x->ps[q].fi, por_bit(pid), x->ps[q].fi,
                     EXPLAIN_PENDING, u);
    }
}

/* RETRAVERSE-PATHS(u0): every path below u0, each step NOTE-DEP'd
 * against the stack and the replayed prefix.  Returns -1 when a path
 * meets the stack or repeats a state (a cycle). */
static int retraverse_paths(de *x, por_ctx *c, uint32_t u0)
{
    size_t base = x->n;
    size_t np = 0;

    c->st->retraversals++;
    /* path[2k] = state, path[2k+1] = next edge to try */
    if (por_grow(x->mem, (void **)&x->path, &x->path_cap, 2,
                 sizeof *x->path) != 0)
        return 0;       /* out of memory: the search stops */
    x->path[np++] = u0;
    x->path[np++] = c->ehead[u0];
    paths_pending(x, c, u0);
    while (np > 0) {
        uint32_t        b = x->path[np - 1];
        const por_edge *e;
        por_set         tt;

        if (b == POR_NOEDGE) {
            np -= 2;
            if (np > 0)
                vis_trunc(x, c, base + np / 2 - 1);
            continue;
        }
        e = &c->edges[b];
        x->path[np - 1] = e->next;
        c->st->retraversed++;
        if (e->dst >= c->nstates) {     /* a finding: a path's end */
            if (e->label != POR_LABEL_NONE) {
                tt = por_edge_tids(e);
                ps_note(x, c, tt, e->label, (uint32_t)c->depth - 1,
                        TS_NONE, UINT32_MAX);
                note_all(x, c, tt, e->label, EXPLAIN_EDGE, e->dst,
                         TS_NONE, UINT32_MAX);
            }
            continue;
        }
        if (c->stackpos[e->dst]) {
            vis_trunc(x, c, base);
            return -1;
        }
        for (size_t k = 0; k < np; k += 2)
            if (x->path[k] == e->dst) {
                vis_trunc(x, c, base);
                return -1;
            }
        tt = por_edge_tids(e);
        if (e->label != POR_LABEL_NONE) {
            ps_note(x, c, tt, e->label, (uint32_t)c->depth - 1,
                    TS_NONE, UINT32_MAX);
            note_all(x, c, tt, e->label, EXPLAIN_EDGE, e->dst,
                     TS_NONE, UINT32_MAX);
        }
        /* one replayed entry per path edge (empty label: no cells) */
        vis_push(x, c, UINT32_MAX, UINT32_MAX, e->pid, e->pid2, e->label);
        if (por_grow(x->mem, (void **)&x->path, &x->path_cap, np + 2,
                     sizeof *x->path) != 0)
            break;      /* out of memory: the search stops */
        x->path[np++] = e->dst;
        x->path[np++] = c->ehead[e->dst];
        paths_pending(x, c, e->dst);
    }
    vis_trunc(x, c, base);
    return 0;
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
        vis_trunc(x, c, x->n - 1);
    if (label != POR_LABEL_NONE) {

        uint32_t li = frame_loc(c, fi, pid);

        ps_note(x, c, tt, label, top, pid, li);
        note_all(x, c, tt, label, EXPLAIN_TOP, TS_NONE, pid, li);
                                                            /* NOTE-DEP */
        vis_push(x, c, top, fi, pid, pid2, label);
    }
    if (dst == SS_NOREF)
        return;
    if (on_stack) {
        if (c->de_paths)
            c->cycle_error = 1;
        else if (c->cycle_fix != POR_CYCLE_C3)
            stack_fix(c, c->stackpos[dst] - 1, (uint32_t)c->depth);
    } else if (!is_new) {
        if (c->de_paths) {
            if (retraverse_paths(x, c, dst) != 0)
                c->cycle_error = 1;
        } else {
            retraverse(x, c, dst);
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
    pl = pend_locs(x, c, f->ref);
    for (uint32_t k = 0; k < pl[0]; k++) {
        uint32_t        pid = pl[1 + 2 * k];
        size_t          li = pl[2 + 2 * k];
        const uint64_t *rd = c->loc_rd + li * p->nwords;
        const uint64_t *wr = c->loc_wr + li * p->nwords;

        for (size_t q = 0; q < x->nps; q++) {
            const psent *e = &x->ps[q];

            if (e->pid != pid && learner(c, e->fi)
                && static_conflict_x(x, p, e->rd, e->wr, rd, wr,
                                     gdead(x, c, e->fi),
                                     !por_rfacts_can_race(&x->rf,
                                                          (uint32_t)li, pid,
                                                          e->pid)))
                note(c, e->fi, por_bit(pid), e->fi, EXPLAIN_PENDING,
                     f->ref);
        }
        note_all_static(x, c, rd, wr, pid, f->ref, (uint32_t)li);
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
    ps_trunc(x, fi);
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

    ps_trunc(x, (uint32_t)(f - c->frames));
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
    vis_trunc(x, c, m);
    ps_trunc(x, (uint32_t)c->depth);
}

const por_algo por_algo_de = {
    POR_NEED_GRAPH, de_new, de_free, por_enter_sets, de_step, de_pushed,
    de_thread_start, de_thread_done, por_exhausted_done, de_popped
};

const por_algo por_algo_de_jpf = {
    POR_NEED_GRAPH | POR_JPF, de_new, de_free, por_enter_sets, de_step,
    de_pushed, de_thread_start, de_thread_done, por_exhausted_done, de_popped
};
