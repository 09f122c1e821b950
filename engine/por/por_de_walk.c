/*
 * engine/por/por_de_walk.c -- DE-S-POR's walks of the visited graph
 * below a state the search reached again (por_de.c says how the
 * strategy works; por_de_int.h, what its files share).
 *
 * RETRAVERSE-ONCE (de_retraverse): each state below once; what the walk
 * met is summarised per label (with the threads that made it) and per
 * location with pending threads, then per cell (which threads read it,
 * which write it), and every dependent stack step learns it
 * (apply_summary: path context is lost).  Per thread met through _nr_pr
 * the walk keeps the bound of its locations (tmax: races that cannot
 * happen).  A closed state's summary (por_sum.c) stands for the walk
 * below it (sum_closed), and the cells of a walk that met only one
 * summary are kept for the next walk from it (cells_keep/_restore).
 * A long walk teaches what it knows every 1,024 states and stops once
 * no frame is left to teach.
 *
 * RETRAVERSE-PATHS (de_retraverse_paths, --de-retraverse=paths): every
 * path below, each step NOTE-DEP'd against the stack and the replayed
 * prefix.
 */
#include "config.h"

#include "engine/por/por_de_int.h"

#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"

/* ------------------------------------------ RETRAVERSE-ONCE */

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

/* de_pend_locs()'s slow path (por_de_int.h): fill u's list. */
const uint32_t *de_pend_locs_fill(de *x, por_ctx *c, uint32_t u)
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
    if (li != UINT32_MAX && li < x->fa->nlocs)
        return x->fa->die_only[li] ? (r < 255 ? r : 255)
                                  : x->fa->nrpr_max[li];
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
    pl = de_pend_locs(x, c, u);
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

            de_acc_cells(x, &a[i], &lo, &hi, &extra);
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
 * it (por_gate_dead tests that no process can reach a location
 * the gate stands for, nor start a proctype that can), and the entries
 * are in stack order; so the first dead one is found by bisection. */
uint32_t de_gate_live_end(de *x, por_ctx *c, uint32_t sc,
                          const clist *l)
{
    uint32_t lo = 0, hi = l->n;

    if (sc != C_GATE(x) || !x->fa->gate_model)
        return l->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;

        if (de_gdead(x, c, x->v[l->v[mid]].anc))
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
        for (uint32_t i = 0, e = de_gate_live_end(x, c, sc, l); i < e; i++) {
            const vis *t = &x->v[l->v[i]];
            por_set    other = (rt | wt) & ~vis_tids(t);

            if (other && sc == C_NRPR(x))
                other = tmax_racers(x, other, t->pid);
            if (other)
                de_note(c, t->anc, other, t->from, EXPLAIN_WALK, u0);
        }
        if (wt == 0)
            continue;
        l = &x->rl[sc];
        for (uint32_t i = 0, e = de_gate_live_end(x, c, sc, l); i < e; i++) {
            const vis *t = &x->v[l->v[i]];
            por_set    other = wt & ~vis_tids(t);

            if (other && sc == C_NRPR(x))
                other = tmax_racers(x, other, t->pid);
            if (other)
                de_note(c, t->anc, other, t->from, EXPLAIN_WALK, u0);
        }
    }
    for (size_t i = 0; i < x->nps; i++) {
        const psent *e = &x->ps[i];
        por_set      other = 0;
        int          gd;

        if (!de_learner(c, e->fi))
            continue;
        gd = de_gdead(x, c, e->fi);
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
            de_note(c, e->fi, other, from, EXPLAIN_WALK, u0);
    }
}

/* The lowest frame that could learn from a walk, or UINT32_MAX. */
static uint32_t lowest_learner(const de *x, const por_ctx *c)
{
    uint32_t lo = UINT32_MAX;

    for (size_t i = 0; i < x->n; i++)
        if (x->v[i].anc < lo && de_learner(c, x->v[i].anc)) {
            lo = x->v[i].anc;
            break;      /* entries are in stack order */
        }
    for (size_t i = 0; i < x->nps; i++)
        if (x->ps[i].fi < lo && de_learner(c, x->ps[i].fi)) {
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
            /* as the edge loop of de_retraverse() and tmax_edge() */
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
void de_retraverse(de *x, por_ctx *c, uint32_t u0)
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

            de_stack_fix(c, js, j);
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
    pl = de_pend_locs(x, c, u);
    for (uint32_t k = 0; k < pl[0]; k++) {
        uint32_t        pid = pl[1 + 2 * k];
        uint32_t        li = pl[2 + 2 * k];
        const uint64_t *rd = c->loc_rd + (size_t)li * p->nwords;
        const uint64_t *wr = c->loc_wr + (size_t)li * p->nwords;

        de_note_all_static(x, c, rd, wr, pid, u, UINT32_MAX);
        for (size_t q = 0; q < x->nps; q++)
            if (x->ps[q].pid != pid && de_learner(c, x->ps[q].fi)
                && por_static_conflict(p, x->ps[q].rd, x->ps[q].wr, rd,
                                       wr))
                de_note(c, x->ps[q].fi, por_bit(pid), x->ps[q].fi,
                     EXPLAIN_PENDING, u);
    }
}

/* RETRAVERSE-PATHS(u0): every path below u0, each step NOTE-DEP'd
 * against the stack and the replayed prefix.  Returns -1 when a path
 * meets the stack or repeats a state (a cycle). */
int de_retraverse_paths(de *x, por_ctx *c, uint32_t u0)
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
                de_vis_trunc(x, c, base + np / 2 - 1);
            continue;
        }
        e = &c->edges[b];
        x->path[np - 1] = e->next;
        c->st->retraversed++;
        if (e->dst >= c->nstates) {     /* a finding: a path's end */
            if (e->label != POR_LABEL_NONE) {
                tt = por_edge_tids(e);
                de_ps_note(x, c, tt, e->label, (uint32_t)c->depth - 1,
                        TS_NONE, UINT32_MAX);
                de_note_all(x, c, tt, e->label, EXPLAIN_EDGE, e->dst,
                         TS_NONE, UINT32_MAX);
            }
            continue;
        }
        if (c->stackpos[e->dst]) {
            de_vis_trunc(x, c, base);
            return -1;
        }
        for (size_t k = 0; k < np; k += 2)
            if (x->path[k] == e->dst) {
                de_vis_trunc(x, c, base);
                return -1;
            }
        tt = por_edge_tids(e);
        if (e->label != POR_LABEL_NONE) {
            de_ps_note(x, c, tt, e->label, (uint32_t)c->depth - 1,
                    TS_NONE, UINT32_MAX);
            de_note_all(x, c, tt, e->label, EXPLAIN_EDGE, e->dst,
                     TS_NONE, UINT32_MAX);
        }
        /* one replayed entry per path edge (empty label: no cells) */
        de_vis_push(x, c, UINT32_MAX, UINT32_MAX, e->pid, e->pid2, e->label);
        if (por_grow(x->mem, (void **)&x->path, &x->path_cap, np + 2,
                     sizeof *x->path) != 0)
            break;      /* out of memory: the search stops */
        x->path[np++] = e->dst;
        x->path[np++] = c->ehead[e->dst];
        paths_pending(x, c, e->dst);
    }
    de_vis_trunc(x, c, base);
    return 0;
}
