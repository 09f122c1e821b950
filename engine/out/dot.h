/*
 * engine/out/dot.h -- `spore --dot`: the explored state graph in Graphviz DOT.
 *
 * A dot_rec records one search through its observer (search.h): every
 * stored state (its vector), every explored move (an atomic chain
 * through unstored states is one edge), every error move, and, when a
 * state closes, its reduction flags, its safe/backtrack/done sets and
 * the successors the reduction did not explore (drawn dashed).  Past a
 * limit on states it stops recording and the picture is refused.
 *
 * The picture (dot_write) has one node per stored state ("s7"), a start
 * arrow into state 0, one edge per explored move, labelled
 * "PID:LINE STATEMENT", so that the edges of class "explored" (the start
 * arrow included) number exactly stored + matched, the search's
 * "transitions" figure; pruned successors (class "pruned", dashed) lead
 * to the state they would reach, or to a dashed "not visited" node;
 * successors of threads the reduction counted as explored without
 * taking them (DL's O3) are class "covered" (dotted); error moves go to
 * an error node (class "error").  The first error's trail is bold.
 *
 * dot_write_full draws the graph of a full search (--por=none) with the
 * states and moves of a reduced search highlighted: states matched by
 * vector; moves of class "reduced" (start arrow included) number the
 * reduced search's stored + matched.
 */
#ifndef SPORE_ENGINE_DOT_H
#define SPORE_ENGINE_DOT_H

#include <stddef.h>
#include <stdio.h>

#include "engine/search/search.h"
#include "engine/model/ts.h"

typedef struct dot_rec dot_rec;

/* A recorder for searches over t (borrowed; used to print variable
 * values) keeping at most limit states. */
dot_rec *dot_rec_new(const ts *t, size_t limit);
void     dot_rec_free(dot_rec *r);

/* Fill *obs (ctx, state, edge, closed) to record into r; the explain
 * fields are left as they are. */
void     dot_rec_observe(dot_rec *r, search_observer *obs);

/* 1 when the search stored more states than the limit. */
int      dot_rec_overflow(const dot_rec *r);

typedef struct dot_options {
    const char *model;      /* for the title */
    const char *por;        /* name of the reduction drawn */
    int         values;     /* variable values in the state labels */
} dot_options;

/* Draw the recorded search; res (borrowed; may be NULL) gives the first
 * error's trail.  Returns 0, or -1 on an output error. */
int      dot_write(FILE *out, const dot_rec *r, const search_result *res,
                   const dot_options *o);

/* Draw the full search `full` with the reduced search `red` (whose
 * result is res) highlighted.  Returns 0, or -1 on an output error. */
int      dot_write_full(FILE *out, const dot_rec *full, const dot_rec *red,
                        const search_result *res, const dot_options *o);

#endif /* SPORE_ENGINE_DOT_H */
