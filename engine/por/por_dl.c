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
 */
#include "config.h"

#include "engine/por/por.h"

#include "engine/por/explain.h"

/* DEPS(s, p) for thread slot of f; may set POR_F_FULL (F-STACK).  When
 * p has a transition at s that is not enabled (F-NONDET), later steps
 * are also compared with the static facts of p's location at s. */
static por_set deps(por_ctx *c, por_frame *f, uint32_t slot)
{
    const bc_program *p = c->prog;
    uint32_t          pid = por_thr(c, f, slot)->pid;
    por_set           pb = por_bit(pid);
    por_set           D = 0;
    const uint64_t   *srd = NULL;
    const uint64_t   *swr = NULL;

    if (c->pend[f->ref] & pb) {
        size_t li = por_thread_loc(c, f, slot);

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
        por_walk_mark(c, c->edges[e].dst);
        por_walk_push(c, c->edges[e].dst, &n);
        while (n > 0) {
            uint32_t u = c->work[--n];

            /* static cut: nothing a thread outside D can still do from
             * u on conflicts with the step, so nothing below u (explored
             * or not, on the stack or not) can add to D */
            if ((por_reach_conflicts(c, u, a, srd, swr, pid) & ~D) == 0) {
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
            D |= por_pending_conflicts2(c, u, c->pend[u], a, srd, swr,
                                        pid);
            for (uint32_t b = c->ehead[u]; b != POR_NOEDGE;
                 b = c->edges[b].next) {
                const por_edge *x = &c->edges[b];
                por_set         tids = por_edge_tids(x) & ~pb;

                c->st->retraversed++;
                if (tids != 0 && (D & tids) != tids
                    && (por_label_conflict(c->labels, a, x->label)
                        || (srd != NULL
                            && por_label_conflict_static(c->labels, p,
                                                         x->label, srd,
                                                         swr)))) {
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
                if (por_walk_mark(c, x->dst))
                    por_walk_push(c, x->dst, &n);
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
static int update(por_ctx *c, por_frame *f)
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
            th->dep = deps(c, f, k);
        por_update_backtrack(c, f, k);
    }
    return f->todo == f->done;
}

static void dl_thread_done(void *self, por_ctx *c, por_frame *f,
                           uint32_t slot)
{
    por_thread *th = por_thr(c, f, slot);

    (void)self;
    if (!(f->flags & POR_F_IRRED))
        return;
    if ((th->flags & POR_T_NEW) || (f->todo & ~f->taken) == 0) {
        if (update(c, f))
            f->todo = f->done;
    }
}

static int dl_exhausted(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    if (!(f->flags & POR_F_IRRED) || f->taken == f->done)
        return 1;
    if (update(c, f)) {
        f->todo = f->done;
        return 1;
    }
    return 0;
}

const por_algo por_algo_dl = {
    POR_NEED_GRAPH, NULL, NULL, por_enter_sets, NULL, NULL, NULL,
    dl_thread_done, dl_exhausted, NULL
};

const por_algo por_algo_dl_jpf = {
    POR_NEED_GRAPH | POR_JPF, NULL, NULL, por_enter_sets, NULL, NULL, NULL,
    dl_thread_done, dl_exhausted, NULL
};
