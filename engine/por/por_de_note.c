/*
 * engine/por/por_de_note.c -- DE-S-POR's NOTE-DEP against the stack
 * (por_de.c says how the strategy works; por_de_int.h, what its files
 * share).
 *
 * The visible steps of the current execution (x->v) stand on the read
 * and write lists of the cells they touch, in stack order; a later step
 * (or a pending action, F-BLOCK, by its static facts) teaches every
 * dependent step of another thread on those lists (note_list), and the
 * frames whose current thread has a disabled transition (ps entries,
 * F-NONDET) by their static facts.  A frame learns only while it can
 * still learn something that matters (de_learner).  The cycle fixes
 * (F-STACK, F-STACK-STATIC) are applied to a range of frames here too.
 */
#include "config.h"

#include "engine/por/por_de_int.h"

#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"

/* ------------------------------------- races that cannot happen
 *
 * por_dl.c gives the argument; here it is applied per cell: the gate's
 * cell is skipped for a stack step whose state has a dead gate, and the
 * _nr_pr cell for a stack step of thread p when the later step (thread
 * r from location li) could not have been taken before p's
 * (por_can_race).  A later step whose location is not known
 * (a replayed path) keeps every conflict. */

/* Is the gate dead at the state of stack frame fi? */
int de_gdead(de *x, por_ctx *c, uint32_t fi)
{
    uint32_t ref;
    int      v;

    if (!x->fa->gate_model || fi >= c->depth)
        return 0;
    ref = c->frames[fi].ref;
    if (ref >= c->nstates)
        return 0;
    if (fi < x->gd_cap && fi < x->gdv_cap && x->gdref[fi] == ref + 1)
        return x->gdval[fi];
    v = por_gate_dead(c, ref);
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
uint32_t de_strip(de *x, por_ctx *c, uint32_t a, int which)
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

/* Can frame fi still learn: irreducible, not fully expanded, expanding
 * a thread whose dep set can still grow in a way that matters?  It
 * cannot once it holds a thread outside safe(s) (the thread is then in
 * no dep-closed set and case (a) fires whatever else comes), nor once it
 * holds every other process of s and no process can be started. */
int de_learner(const por_ctx *c, uint32_t fi)
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
void de_note(por_ctx *c, uint32_t anc, por_set add, uint32_t from,
             int how, uint32_t u)
{
    por_frame  *f;
    por_thread *th;

    if (!de_learner(c, anc))
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
void de_acc_cells(const de *x, const ts_access *a, uint32_t *lo,
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

        de_acc_cells(x, &a[k], &lo, &hi, &extra);
        for (uint32_t cl = lo; cl < hi; cl++)
            cl_push(x, &ls[cl], i);
        if (extra != UINT32_MAX)
            cl_push(x, &ls[extra], i);
    }
}

/* Drop the vis entries from m up, and their list entries. */
void de_vis_trunc(de *x, por_ctx *c, size_t m)
{
    while (x->n > m) {
        uint32_t         i = (uint32_t)--x->n;
        uint32_t         n;
        const ts_access *a = por_label_accs(c->labels, x->v[i].label, &n);

        for (uint32_t k = 0; k < n; k++) {
            uint32_t lo, hi, extra;

            de_acc_cells(x, &a[k], &lo, &hi, &extra);
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

void de_vis_push(de *x, por_ctx *c, uint32_t from, uint32_t anc,
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
static void note_list(de *x, por_ctx *c, const clist *l, por_set tt,
                      int how, uint32_t u, int kind, uint32_t r,
                      uint32_t li)
{
    uint32_t last = UINT32_MAX;
    uint32_t top = kind == K_GATE ? de_gate_live_end(x, c, C_GATE(x), l)
                                  : l->n;

    /* the gate's entries from top on have a dead gate: skipped */
    for (uint32_t e = top; e-- > 0;) {
        const vis *t = &x->v[l->v[e]];

        if ((vis_tids(t) & tt) != 0 || t->anc == last)
            continue;
        if (kind == K_NRPR && li != UINT32_MAX
            && !por_can_race(c->facts, li, r, t->pid))
            continue;
        last = t->anc;
        if (t->anc != UINT32_MAX)
            de_note(c, t->anc, tt, t->from, how, u);
    }
}

/* The kind of cell cl. */
static int cell_kind(const de *x, uint32_t cl)
{
    return cl == C_GATE(x) ? K_GATE : cl == C_NRPR(x) ? K_NRPR : K_CELL;
}

/* NOTE-DEP of a step (threads tt, label) of thread r from location li
 * (UINT32_MAX: not known). */
void de_note_all(de *x, por_ctx *c, por_set tt, uint32_t label,
                 int how, uint32_t u, uint32_t r, uint32_t li)
{
    uint32_t         n;
    const ts_access *a = por_label_accs(c->labels, label, &n);

    for (uint32_t k = 0; k < n; k++) {
        uint32_t lo, hi, extra;

        de_acc_cells(x, &a[k], &lo, &hi, &extra);
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
void de_note_all_static(de *x, por_ctx *c, const uint64_t *rd,
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

void de_ps_trunc(de *x, uint32_t fi)
{
    while (x->nps > 0 && x->ps[x->nps - 1].fi >= fi)
        x->nps--;
}

/* A step (tids tt, label; thread r from location li, UINT32_MAX: not
 * known) against the disabled siblings of the ps frames. */
void de_ps_note(de *x, por_ctx *c, por_set tt, uint32_t label,
                uint32_t from, uint32_t r, uint32_t li)
{
    for (size_t i = 0; i < x->nps; i++) {
        const psent *e = &x->ps[i];
        uint32_t     lab = label;

        if (!de_learner(c, e->fi) || (tt & por_bit(e->pid)) != 0)
            continue;
        if (!por_label_conflict_static(c->labels, c->prog, lab, e->rd,
                                       e->wr))
            continue;
        int          gd = de_gdead(x, c, e->fi);

        if (gd) {
            lab = de_strip(x, c, label, 0);
            if (!por_label_conflict_static(c->labels, c->prog, lab, e->rd,
                                           e->wr))
                continue;
        }
        if (li != UINT32_MAX && !por_can_race(c->facts, li, r, e->pid)
            && !por_label_conflict_static(c->labels, c->prog,
                                          de_strip(x, c, label, gd ? 1 : 2),
                                          e->rd, e->wr))
            continue;   /* only through _nr_pr, and no race */
        de_note(c, e->fi, tt, from, EXPLAIN_TOP, TS_NONE);
    }
}

/* ------------------------------------------------- cycle fixes */

/* The cycle fix for the irreducible frames in [j, k): F-STACK makes
 * them fully expanded, F-STACK-STATIC adds the static conflicts of
 * their current thread, F-C3 only does nothing. */
void de_stack_fix(por_ctx *c, uint32_t j, uint32_t k)
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
