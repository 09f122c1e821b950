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
 * with a step that cannot be taken before p's, is dropped (the facts
 * are the model's, ts_facts: engine/model/facts.c; por_de.c uses them
 * too).  Without this every death conflicts with a join (_nr_pr == 1)
 * and, in a model with a gate, with every step, and the clients were
 * expanded as fully as by S-POR.
 *
 * Cost: the static tests a walk makes at each state (the cut, F-BLOCK's
 * pending conflicts) and at each edge (label conflicts) are memoised
 * per (step label, location or label): static facts never change, so
 * the answers are final (por_dl_memo.c, "the walk memo").  A walk does
 * not go below a state the search has closed for good (its strongly
 * connected component finished): that state's summary (por_sum.c) is
 * evaluated instead, and a popped state whose component is still open
 * counts as reaching the stack (see "summaries of closed states").
 *
 * Files: this one (the strategy, the walks, the races that cannot
 * happen); por_dl_memo.c (the walk memo); por_dl_int.h (what they
 * share).
 */
#include "config.h"

#include "engine/por/por_dl_int.h"

#include "engine/por/explain.h"

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
 * every transition of the target may block (loc_can_block in
 * engine/model/facts.c, the test frontend/deps.c uses to choose the
 * locations the gate stands for).  When no process at s is at or can
 * reach (in its proctype) such a target (gate_live), and no `run'
 * reachable from s can start a proctype whose start can (spawn_gate),
 * no state reachable from s has an owner blocked half way: the gate
 * holds one value there and every access to it commutes.  The walk then
 * compares the step without its gate accesses (a1, srd1/swr1).  On the
 * clients, init's `atomic { run ... }' makes every death a gate writer,
 * and every step reads the gate.
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
 * threads' deaths cost: init's join conflicts with every death.
 *
 * The per-location facts (nrpr_max, die_only, gate_live, and the
 * model's gate_model, spawn_gate) are the model's, computed once in
 * engine/model/facts.c (ts_facts); por_can_race() (por.h) and
 * por_gate_dead() below apply them, for DE too. */

/* Is the gate dead at stored state ref (por.h)?  By the facts of the
 * locations of its processes, and of those a `run' can start. */
int por_gate_dead(por_ctx *c, uint32_t ref)
{
    const ts_facts *fa = c->facts;
    uint32_t       locs[POR_MAX_LOCS];
    const uint8_t *vec;
    size_t         len;
    size_t         np;

    if (!fa->gate_model || ref >= c->nstates)
        return 0;
    vec = ss_get(c->ss, ref, &len);
    np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs, POR_MAX_LOCS);
    if (np >= POR_MAX_LOCS)
        return 0;
    for (size_t i = 0; i < np; i++)
        if (locs[i] >= fa->nlocs || fa->gate_live[locs[i]]
            || (fa->spawn_gate && c->loc_reach_run[locs[i]]))
            return 0;
    return 1;
}

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
 * (step, thread, summary) in rm: all three are final (dl_sum_eval,
 * por_dl_memo.c). */

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
    int               gdead = por_gate_dead(c, f->ref);

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
        dl_memo_begin(c, m, a, li, srd, swr, gdead);
        por_walk_mark(c, c->edges[e].dst);
        por_walk_push(c, c->edges[e].dst, &n);
        while (n > 0) {
            uint32_t u = c->work[--n];
            por_set  reach;
            por_set  pending;
            uint32_t sid;
            int      stk;

            dl_memo_state(c, m, u, pid, &reach, &pending);
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
                por_set add = dl_sum_eval(c, m, sid, pid, pb) & ~D;

                if (c->xp && add != 0)
                    dl_explain_sum(c, m, f, slot, e, u, sid, pid, D);
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
                    && (lb = dl_memo_lab(c, m, x->label)) != 0
                    && ((lb & M_LAB) || dl_edge_can_race(c, m, u, x, pid))) {
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

static void *dl_new(por_ctx *c)
{
    return dl_memo_new(c);
}

static void dl_free(void *self)
{
    dl_memo_free(self);
}

const por_algo por_algo_dl = {
    POR_NEED_GRAPH, dl_new, dl_free, por_enter_sets, NULL, dl_pushed, NULL,
    dl_thread_done, dl_exhausted, dl_popped
};

const por_algo por_algo_dl_jpf = {
    POR_NEED_GRAPH | POR_JPF, dl_new, dl_free, por_enter_sets, NULL,
    dl_pushed, NULL, dl_thread_done, dl_exhausted, dl_popped
};
