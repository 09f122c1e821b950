/*
 * engine/por/explain.h -- `spore --explain`: the reduction's decisions as
 * plain, stable text, one line per decision.
 *
 * The search and the strategies call the explain_* functions below, each
 * call guarded by one pointer test (`if (c->xp)`: por_ctx.xp is the
 * observer when it has an explain callback), so nothing is formatted
 * when --explain is off.  Each line starts with "state N: " where N is
 * the store id of the state the decision is about (0 = initial, then in
 * the order stored); threads are pids; a transition is written
 * "PID:STATEMENT (line L)" with the statement as in the model.  The
 * line formats are part of the interface (golden tests in tests/golden
 * compare them); see man/spore.1, --explain, for the list.
 */
#ifndef SPORE_ENGINE_EXPLAIN_H
#define SPORE_ENGINE_EXPLAIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/por/por.h"

/* The search_observer.explain callback that writes each line, with a
 * newline, to the FILE * given as explain_ctx. */
void explain_print(void *file, const char *line);

/* "{0,2,5}" (pids in increasing order; "{}" for none) into buf. */
const char *explain_set(por_set s, char *buf, size_t size);

/* "PID:STATEMENT (line L)" for a step (with " & PID2:STATEMENT (line
 * L)" for a rendezvous) into buf. */
const char *explain_step(const bc_program *p, const search_step *s,
                         char *buf, size_t size);

/* One line "state ID: " + the formatted text (ID: TS_NONE prints
 * "state -"). */
void explain_line(por_ctx *c, uint32_t id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* How the later, dependent step of a dependency is known. */
typedef enum explain_how {
    EXPLAIN_TOP,        /* the step the search is taking now */
    EXPLAIN_EDGE,       /* edge x of the visited graph, leaving state u */
    EXPLAIN_PENDING,    /* the pending transitions of the added threads
                           at state u (F-BLOCK) */
    EXPLAIN_WALK        /* a step of the added threads below state u */
} explain_how;

/* DE: threads add (those not yet in it) join dep(s, p) where s is stack
 * frame anc and p its current thread, because of a dependency between
 * the step taken from frame `from` and a later step (how, u, x). */
void explain_de_dep(por_ctx *c, uint32_t anc, uint32_t from, por_set add,
                    int how, uint32_t u, uint32_t x);

/* DL: threads add join dep(s, p) for thread slot of f, whose step is
 * graph edge e, because of a later step (how, u, x). */
void explain_dl_dep(por_ctx *c, const por_frame *f, uint32_t slot,
                    uint32_t e, por_set add, int how, uint32_t u,
                    uint32_t x);

/* "thread P explored; dep(P) = {...}" for thread slot of f. */
void explain_dep_set(por_ctx *c, const por_frame *f, uint32_t slot);

/* The backtrack update (design §3.5) of thread slot of f decides:
 * which = 'a' (conservative; called after it), 'b' (stop; before = the
 * dep-closed subset of done found) or 'c' (add dep and done; called
 * before it, before = backtrack(s)). */
void explain_backtrack(por_ctx *c, const por_frame *f, uint32_t slot,
                       int which, por_set before);

#endif /* SPORE_ENGINE_EXPLAIN_H */
