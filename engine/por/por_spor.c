/*
 * engine/por/por_spor.c -- the static strategies: none (full expansion) and
 * S-POR (design/por-algorithms.md §2).
 *
 * S-POR: at a state where some thread's every transition at its location
 * is invisible (and none of them enters an atomic sequence, and none of
 * their successors is on the stack: F-NONDET and F-C3, decided by
 * por_spor_reducible(), which the search calls for every reduction but
 * the -JPF ones), only that thread is expanded; otherwise every enabled
 * thread.
 * The stack proviso for visible steps is SPIN's: an irreducible state is
 * expanded fully anyway.
 */
#include "config.h"

#include "engine/por/por.h"

#include "engine/por/explain.h"

static void none_enter(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    (void)c;
    f->safe = f->enabled;
    f->todo = f->enabled;
}

static int all_done(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    (void)c;
    (void)f;
    return 1;
}

const por_algo por_algo_none = {
    0, NULL, NULL, none_enter, NULL, NULL, NULL, NULL, all_done, NULL
};

static void spor_enter(void *self, por_ctx *c, por_frame *f)
{
    (void)self;
    if (f->flags & POR_F_REDUCIBLE) {
        f->todo = f->safe;
        c->st->reducible++;
        return;
    }
    f->safe = f->enabled;
    f->todo = f->enabled;
    c->st->irreducible++;
}

void por_spor_reducible(por_ctx *c, por_frame *f)
{
    const bc_program *p = c->prog;
    search_por_stats *st = c->st;
    por_set           cand = 0;
    int               refused = 0;

    for (uint32_t k = 0; k < f->nthr; k++) {
        por_thread       *th = &c->thr[f->thr0 + k];
        size_t            li = c->facts->trans_loc[c->succs[f->succ0
                                                  + th->first].step.trans];

        if (th->pid >= 63)
            continue;
        if (c->loc_invis[li]) {
            th->flags |= POR_T_INVIS;
            cand |= por_bit(th->pid);
        } else {
            for (uint32_t i = 0; i < th->n; i++)
                if (bc_trans_invisible(p, c->succs[f->succ0 + th->first
                                                   + i].step.trans)) {
                    st->nondet_denied++;
                    break;
                }
        }
    }
    while (cand != 0) {
        int32_t     slot = c->pick(c, f, cand);
        por_thread *th;
        int         bad = 0;

        if (slot < 0)
            break;
        th = &c->thr[f->thr0 + (uint32_t)slot];
        for (uint32_t i = 0; i < th->n && !bad; i++) {
            uint32_t ref = c->lookup(c, f, th->first + i);

            if (ref != SS_NOREF && ref < c->nstates && c->stackpos[ref])
                bad = 1;
        }
        if (!bad) {
            f->flags |= POR_F_REDUCIBLE;
            f->safe = por_bit(th->pid);
            return;
        }
        if (c->xp != NULL)
            explain_line(c, f->ref, "proviso: invisible thread %u "
                         "leads onto the stack; not reducible",
                         (unsigned)th->pid);
        refused = 1;
        cand &= ~por_bit(th->pid);
    }
    if (refused) {
        f->flags |= POR_F_FULL;
        st->full_c3++;
    }
}

const por_algo por_algo_spor = {
    0, NULL, NULL, spor_enter, NULL, NULL, NULL, NULL, all_done, NULL
};
