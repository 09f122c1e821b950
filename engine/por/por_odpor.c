/*
 * engine/por/por_odpor.c -- O-DPOR: stateful Source-DPOR without wakeup trees
 * and without sleep sets, on top of S-POR (design/por-algorithms.md
 * §5.4; Abdulla, Aronis, Jonsson, Sagonas, "Source Sets", JACM 2017).
 *
 * Reducible states follow S-POR.  At an irreducible state s the search
 * starts with one thread; backtrack(s) grows only through races.  The
 * strategy keeps the visible events of the current execution E (the
 * stack steps with a non-empty label; invisible steps only add program
 * order) with a vector clock each for happens-before (program order plus
 * dependent accesses).  When an event e' of thread p is appended, every
 * earlier event e of another thread that is dependent on it and is not
 * happens-before another such event (or p's previous one) races with it
 * (e is an immediate predecessor).  For each race whose e leaves an
 * irreducible stack state s_e = pre(E, e) that is not fully expanded:
 *   v := the events after e that do not happen after e, then e';
 *   I := the initials of v (threads whose first event in v has no
 *        happens-before predecessor in v);
 *   if I ∩ backtrack(s_e) = ∅: add one thread of I enabled at s_e (in the
 *   enumeration order), or all of safe(s_e) when none is (a race that
 *   was not reversible, or an event inside an atomic chain).
 * F-BLOCK: the pending transitions of the blocked threads of each state
 * reached are pseudo-events (static facts) checked for races the same
 * way; F-NONDET: an event whose thread had a disabled sibling is also
 * compared by the static facts of its location.
 *
 * State matching: a step into a visited state replays every simple path
 * of the visited graph below it as an extension of E, with the same race
 * analysis on each replayed event (races between two replayed events
 * are ignored: their states are closed).  A path stops where it would
 * repeat a state.  A replay of more than ODPOR_BUDGET events stops and
 * makes every frame it could teach fully expanded (replays_cut).
 * Cycles: an edge onto the stack makes its state fully expanded (F-C3,
 * in the search); a replay that reaches a stack state at frame j applies
 * --cycle-fix to the frames from j up as DE does (F-STACK by default).
 */
#include "config.h"

#include "engine/por/por.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define W 64                    /* vector clock width: por_set's threads */
#define ODPOR_BUDGET 500u       /* replayed events per replay */

typedef struct ev {
    uint32_t        from;       /* frame taken from; UINT32_MAX: replayed */
    uint32_t        anc;        /* its stored frame; UINT32_MAX: replayed */
    uint32_t        label;
    uint8_t         pid, pid2;
    uint8_t         first;      /* taken from the stored frame itself */
    const uint64_t *srd, *swr;  /* F-NONDET static facts, or NULL */
    uint32_t        prev, prev2;/* last[] of its threads before it */
} ev;

typedef struct od {
    ev       *e;
    size_t    n, cap;
    uint32_t *vc;               /* W per event */
    size_t    vc_cap;
    uint32_t  last[W];          /* 1 + index of each thread's last event,
                                   0: none */
    uint32_t  J[W];
    uint32_t *races;
    size_t    nraces, races_cap;
    uint32_t *path;             /* replay: state, next edge, event mark */
    size_t    path_cap;
    size_t    budget;
    int       cut;
    por_mem  *mem;              /* the search's budget (c->mem) */
} od;

static uint32_t tidx(uint32_t pid)
{
    return pid < W - 1 ? pid : W - 1;
}

static void *od_new(por_ctx *c)
{
    od *x = xcalloc(1, sizeof(od));

    x->mem = &c->mem;
    return x;
}

static void od_free(void *self)
{
    od *x = self;

    if (x != NULL) {
        free(x->e);
        free(x->vc);
        free(x->races);
        free(x->path);
    }
    free(x);
}

static int learner(const por_ctx *c, uint32_t fi)
{
    return fi < c->depth
           && (c->frames[fi].flags & (POR_F_IRRED | POR_F_FULL))
              == POR_F_IRRED;
}

static void make_full(por_ctx *c, uint32_t fi)
{
    por_frame *f = &c->frames[fi];

    if (!learner(c, fi))
        return;
    if ((f->todo & f->safe) != f->safe)
        c->st->case_a++;
    f->todo = f->safe;
}

/* Are event a and the candidate (label, static facts) dependent? */
static int dependent(const por_ctx *c, const ev *a, uint32_t label,
                     const uint64_t *srd, const uint64_t *swr)
{
    if (por_label_conflict(c->labels, a->label, label))
        return 1;
    if (a->srd != NULL
        && por_label_conflict_static(c->labels, c->prog, label, a->srd,
                                     a->swr))
        return 1;
    if (srd != NULL) {
        if (por_label_conflict_static(c->labels, c->prog, a->label, srd,
                                      swr))
            return 1;
        if (a->srd != NULL
            && por_static_conflict(c->prog, a->srd, a->swr, srd, swr))
            return 1;
    }
    return 0;
}

/* The label a step counts with: a step that only reads the atomic gate
 * is not an event.  S-POR takes such a step alone at a reducible state
 * (it is invisible there), so as an event it would order the steps of
 * its thread after gate writers that S-POR treats as independent of it,
 * and hide races no reducible state would repair: `atomic { k = 1;
 * k < 2 } | assert(k == 0); skip' lost the assertion violation. */
static uint32_t ev_label(const por_ctx *c, uint32_t label)
{
    return por_label_gate_only(c->labels, label) ? POR_LABEL_NONE : label;
}

static por_set ev_tids(const ev *a)
{
    por_set t = por_bit(a->pid);

    if (a->pid2 != POR_NOPID2)
        t |= por_bit(a->pid2);
    return t;
}

/* Does event i happen before event j (i < j)? */
static int hb(const od *x, size_t i, size_t j)
{
    return x->vc[j * W + tidx(x->e[i].pid)] >= i + 1;
}

/* The initials of v = (events after i not after i) . cand, where cand
 * has threads ct and vector clock cvc. */
static por_set initials(const od *x, size_t i, por_set ct,
                        const uint32_t *cvc)
{
    uint32_t first[W];
    por_set  seen = 0;
    por_set  out = 0;

    for (size_t j = i + 1; j < x->n; j++) {
        por_set t;

        if (hb(x, i, j))
            continue;
        t = ev_tids(&x->e[j]) & ~seen;
        for (uint32_t k = 0; t != 0 && k < W; k++)
            if (t & ((por_set)1 << k)) {
                first[k] = (uint32_t)j;
                seen |= (por_set)1 << k;
                t &= ~((por_set)1 << k);
            }
    }
    /* each thread's first event: initial iff no other first event of
     * v before it happens before it */
    for (uint32_t k = 0; k < W; k++) {
        int pred = 0;

        if (!(seen & ((por_set)1 << k)))
            continue;
        for (uint32_t m = 0; m < W && !pred; m++)
            if (m != k && (seen & ((por_set)1 << m)) && first[m] < first[k]
                && hb(x, first[m], first[k]))
                pred = 1;
        if (!pred)
            out |= (por_set)1 << k;
    }
    /* cand: initial for its threads not seen, iff no first event of v
     * happens before it */
    if ((ct & ~seen) != 0) {
        int pred = 0;

        for (uint32_t m = 0; m < W && !pred; m++)
            if ((seen & ((por_set)1 << m))
                && cvc[tidx(x->e[first[m]].pid)] >= first[m] + 1)
                pred = 1;
        if (!pred)
            out |= ct & ~seen;
    }
    return out;
}

/* The races of a candidate event (threads ct, label, static facts) with
 * the events of E: fills x->races and x->J (its vector clock without its
 * own entries). */
static void find_races(od *x, por_ctx *c, por_set ct, uint32_t label,
                       const uint64_t *srd, const uint64_t *swr)
{
    memset(x->J, 0, sizeof x->J);
    for (uint32_t k = 0; k < W; k++)
        if ((ct & ((por_set)1 << k)) && x->last[k] != 0) {
            const uint32_t *v = x->vc + (size_t)(x->last[k] - 1) * W;

            for (uint32_t m = 0; m < W; m++)
                if (v[m] > x->J[m])
                    x->J[m] = v[m];
        }
    x->nraces = 0;
    for (size_t i = x->n; i-- > 0;) {
        const ev *a = &x->e[i];

        if ((ev_tids(a) & ct) != 0 || !dependent(c, a, label, srd, swr))
            continue;
        if (x->J[tidx(a->pid)] < i + 1
            && por_grow(x->mem, (void **)&x->races, &x->races_cap,
                        x->nraces + 1, sizeof *x->races) == 0)
            x->races[x->nraces++] = (uint32_t)i;    /* else: out of
                                                       memory, the
                                                       search stops */
        for (uint32_t m = 0; m < W; m++)
            if (x->vc[i * W + m] > x->J[m])
                x->J[m] = x->vc[i * W + m];
    }
}

/* Handle the races found for a candidate with threads ct; replayed:
 * the candidate is a replayed step or a pending action (then every
 * enabled initial is added: the initials test alone lost runs in the
 * differential tests, because what a thread already in backtrack(s_e)
 * would explore may lie behind visited states whose internal races are
 * not replayed). */
static void use_races(od *x, por_ctx *c, por_set ct, int replayed)
{
    for (size_t r = 0; r < x->nraces; r++) {
        const ev  *a = &x->e[x->races[r]];
        por_frame *f;
        por_set    I;
        por_set    cand;
        int32_t    slot;

        if (a->anc == UINT32_MAX || !learner(c, a->anc))
            continue;
        c->st->races++;
        f = &c->frames[a->anc];
        if (!a->first) {
            make_full(c, a->anc);
            continue;
        }
        I = initials(x, x->races[r], ct, x->J);
        cand = I & f->safe;
        if (replayed) {
            if (cand == 0) {
                make_full(c, a->anc);
            } else if ((cand & ~f->todo) != 0) {
                c->st->race_adds++;
                f->todo |= cand;
            }
            continue;
        }
        if ((I & f->todo) != 0)
            continue;
        slot = cand ? c->pick(c, f, cand) : -1;
        c->st->race_adds++;
        if (slot >= 0)
            f->todo |= por_bit(por_thr(c, f, (uint32_t)slot)->pid);
        else if (cand != 0)
            f->todo |= cand & (~cand + 1);
        else
            make_full(c, a->anc);
    }
}

/* Append an event (after its races were handled). */
static void push_ev(od *x, uint32_t from, uint32_t anc, uint32_t pid,
                    uint32_t pid2, uint32_t label, int first,
                    const uint64_t *srd, const uint64_t *swr)
{
    ev       *a;
    uint32_t *v;
    uint32_t  p1 = tidx(pid);
    uint32_t  p2 = pid2 != TS_NONE && pid2 != POR_NOPID2 ? tidx(pid2) : W;

    if (por_grow(x->mem, (void **)&x->e, &x->cap, x->n + 1,
                 sizeof *x->e) != 0
        || por_grow(x->mem, (void **)&x->vc, &x->vc_cap, (x->n + 1) * W,
                    sizeof *x->vc) != 0)
        return;         /* out of memory: the search stops */
    a = &x->e[x->n];
    a->from = from;
    a->anc = anc;
    a->label = label;
    a->pid = (uint8_t)(pid < 255 ? pid : 254);
    a->pid2 = (uint8_t)(p2 < W && pid2 < 255 ? pid2 : POR_NOPID2);
    a->first = (uint8_t)first;
    a->srd = srd;
    a->swr = swr;
    a->prev = x->last[p1];
    a->prev2 = p2 < W ? x->last[p2] : 0;
    v = x->vc + x->n * W;
    memcpy(v, x->J, sizeof x->J);
    x->n++;
    v[p1] = (uint32_t)x->n;
    x->last[p1] = (uint32_t)x->n;
    if (p2 < W) {
        v[p2] = (uint32_t)x->n;
        x->last[p2] = (uint32_t)x->n;
    }
}

static void pop_to(od *x, size_t m)
{
    while (x->n > m) {
        const ev *a = &x->e[--x->n];

        x->last[tidx(a->pid)] = a->prev;
        if (a->pid2 != POR_NOPID2)
            x->last[tidx(a->pid2)] = a->prev2;
    }
}

/* Is some stack event's frame still able to learn? */
static int any_learner(const od *x, const por_ctx *c)
{
    for (size_t i = 0; i < x->n; i++)
        if (x->e[i].anc != UINT32_MAX && learner(c, x->e[i].anc))
            return 1;
    return 0;
}

/* Race analysis of the pending transitions of the blocked threads of
 * stored state u (F-BLOCK). */
static void pending(od *x, por_ctx *c, uint32_t u)
{
    const bc_program *p = c->prog;
    uint32_t          locs[POR_MAX_LOCS];
    const uint8_t    *vec;
    size_t            len;
    size_t            np;
    por_set           pend;

    if (u >= c->nstates || (pend = c->pend[u]) == 0 || x->n == 0)
        return;
    vec = ss_get(c->ss, u, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    for (uint32_t pid = 0; pid < np && pid < POR_MAX_LOCS; pid++) {
        const uint64_t *rd;
        const uint64_t *wr;

        if (!(pend & por_bit(pid)))
            continue;
        rd = c->loc_rd + (size_t)locs[pid] * p->nwords;
        wr = c->loc_wr + (size_t)locs[pid] * p->nwords;
        find_races(x, c, por_bit(pid), POR_LABEL_NONE, rd, wr);
        use_races(x, c, por_bit(pid), 1);
    }
}

/* The cycle fix for frames from j up (as in DE). */
static void stack_fix(por_ctx *c, uint32_t j)
{
    for (uint32_t i = j; i < c->depth; i++) {
        por_frame *f = &c->frames[i];

        if (!learner(c, i))
            continue;
        if (c->cycle_fix == POR_CYCLE_STACK) {
            f->flags |= POR_F_FULL;
            f->todo = f->safe;
            c->st->full_stack++;
        } else if (c->cycle_fix == POR_CYCLE_STATIC && f->cur >= 0) {
            /* every thread whose code can still conflict with the
             * current one's step may have to go first */
            por_set add = por_static_threads(c, f, (uint32_t)f->cur);

            if ((add & ~f->safe) != 0) {
                make_full(c, i);
            } else if ((add & ~f->todo) != 0) {
                f->todo |= add;
                c->st->static_deps++;
            }
        }
    }
}

/* One replayed edge: its event's races; then push it. */
static void replay_edge(od *x, por_ctx *c, const por_edge *e)
{
    por_set ct = por_bit(e->pid);

    if (e->pid2 != POR_NOPID2)
        ct |= por_bit(e->pid2);
    find_races(x, c, ct, e->label, NULL, NULL);
    use_races(x, c, ct, 1);
    push_ev(x, UINT32_MAX, UINT32_MAX, e->pid, e->pid2, e->label, 0, NULL,
            NULL);
}

/* Replay every simple path below u0 (see the top comment). */
static void replay(od *x, por_ctx *c, uint32_t u0)
{
    size_t   base = x->n;
    size_t   np = 0;
    uint32_t j = (uint32_t)c->depth;
    size_t   nev = 0;

    c->st->retraversals++;
    if (por_grow(x->mem, (void **)&x->path, &x->path_cap, 3,
                 sizeof *x->path) != 0)
        return;         /* out of memory: the search stops */
    x->path[np++] = u0;
    x->path[np++] = c->ehead[u0];
    x->path[np++] = (uint32_t)x->n;
    pending(x, c, u0);
    while (np > 0) {
        uint32_t        b = x->path[np - 2];
        const por_edge *e;
        int             again = 0;
        uint32_t        mark;

        if (b == POR_NOEDGE) {
            pop_to(x, x->path[np - 1]);
            np -= 3;
            continue;
        }
        e = &c->edges[b];
        x->path[np - 2] = e->next;
        c->st->retraversed++;
        if (e->flags & POR_E_MANY) {
            /* an atomic chain through rendezvous of more than two
             * threads is not one event of two threads: expand every
             * frame it could teach (conservative) */
            for (size_t i = 0; i < base; i++)
                if (x->e[i].anc != UINT32_MAX)
                    make_full(c, x->e[i].anc);
            pop_to(x, base);
            return;
        }
        if (e->dst >= c->nstates) {
            /* a finding with no successor: its event ends the path */
            mark = (uint32_t)x->n;
            if (ev_label(c, e->label) != POR_LABEL_NONE)
                replay_edge(x, c, e);
            pop_to(x, mark);
            continue;
        }
        if (c->stackpos[e->dst] && c->stackpos[e->dst] - 1 < j
            && c->cycle_fix != POR_CYCLE_C3) {
            j = c->stackpos[e->dst] - 1;
            stack_fix(c, j);
            if (!any_learner(x, c))
                break;
        }
        for (size_t k = 0; k < np && !again; k += 3)
            if (x->path[k] == e->dst)
                again = 1;
        if (++nev > ODPOR_BUDGET) {
            /* too many paths: expand every frame it could teach */
            c->st->replays_cut++;
            for (size_t i = 0; i < base; i++)
                if (x->e[i].anc != UINT32_MAX)
                    make_full(c, x->e[i].anc);
            pop_to(x, base);
            return;
        }
        mark = (uint32_t)x->n;
        if (ev_label(c, e->label) != POR_LABEL_NONE)
            replay_edge(x, c, e);
        if (again) {
            /* the path would repeat a state: stop it there */
            pop_to(x, mark);
            continue;
        }
        if (por_grow(x->mem, (void **)&x->path, &x->path_cap, np + 3,
                     sizeof *x->path) != 0)
            break;      /* out of memory: the search stops */
        x->path[np++] = e->dst;
        x->path[np++] = c->ehead[e->dst];
        x->path[np++] = mark;   /* events before the edge into it */
        pending(x, c, e->dst);
        if ((nev & 255u) == 0 && !any_learner(x, c))
            break;
    }
    pop_to(x, base);
}

static void od_step(void *self, por_ctx *c, uint32_t fi, uint32_t pid,
                    uint32_t pid2, uint32_t label, uint32_t dst,
                    int is_new, int on_stack)
{
    od        *x = self;
    uint32_t   top = (uint32_t)c->depth - 1;
    por_frame *a = &c->frames[fi];
    size_t     m = x->n;
    const uint64_t *srd = NULL;
    const uint64_t *swr = NULL;

    while (m > 0 && x->e[m - 1].from >= top)
        m--;
    pop_to(x, m);
    label = ev_label(c, label);
    if (a->cur >= 0 && a->ref < c->nstates
        && (c->pend[a->ref] & por_bit(pid))) {
        /* F-NONDET: a disabled sibling's static facts belong to the
         * event, even when the step taken is invisible */
        size_t li = por_thread_loc(c, a, (uint32_t)a->cur);

        srd = c->loc_rd + li * c->prog->nwords;
        swr = c->loc_wr + li * c->prog->nwords;
    }
    if (label != POR_LABEL_NONE || srd != NULL) {
        por_set ct = por_bit(pid);

        if (pid2 != TS_NONE)
            ct |= por_bit(pid2);
        find_races(x, c, ct, label, srd, swr);
        use_races(x, c, ct, 0);
        push_ev(x, top, fi, pid, pid2, label, top == fi, srd, swr);
    }
    if (dst == SS_NOREF)
        return;
    if (on_stack) {
        if (c->cycle_fix != POR_CYCLE_C3)
            stack_fix(c, c->stackpos[dst] - 1);
    } else if (!is_new && any_learner(x, c)) {
        replay(x, c, dst);
    }
}

/* F-BLOCK at a new state. */
static void od_pushed(void *self, por_ctx *c, por_frame *f)
{
    od *x = self;

    if (f->ref != SS_NOREF)
        pending(x, c, f->ref);
}

static void od_thread_start(void *self, por_ctx *c, por_frame *f,
                            uint32_t slot)
{
    (void)self;
    (void)c;
    if (f->flags & POR_F_IRRED)
        f->done |= por_bit(por_thr(c, f, slot)->pid);
}

static void od_popped(void *self, por_ctx *c)
{
    od    *x = self;
    size_t m = x->n;

    while (m > 0 && x->e[m - 1].from >= c->depth)
        m--;
    pop_to(x, m);
}

const por_algo por_algo_odpor = {
    POR_NEED_GRAPH, od_new, od_free, por_enter_sets, od_step, od_pushed,
    od_thread_start, NULL, por_exhausted_done, od_popped
};
