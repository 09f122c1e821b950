/*
 * engine/por/por_spor.c -- the static strategies: none (full expansion) and
 * S-POR (design/por-algorithms.md §2).
 *
 * S-POR: at a state where some thread's every transition at its location
 * is invisible (and none of them enters an atomic sequence, and none of
 * their successors is on the stack: F-NONDET and F-C3, decided by the
 * search), only that thread is expanded; otherwise every enabled thread.
 * The stack proviso for visible steps is SPIN's: an irreducible state is
 * expanded fully anyway.
 */
#include "config.h"

#include "engine/por/por.h"

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

const por_algo por_algo_spor = {
    0, NULL, NULL, spor_enter, NULL, NULL, NULL, NULL, all_done, NULL
};
