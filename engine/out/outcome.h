/*
 * engine/out/outcome.h -- outcome sets: which combinations of chosen globals
 * the valid end states of a model show (--outcomes, --expect).
 *
 * An outcome set names a list of global variables ("leaves": a scalar,
 * one array element a[3], or a whole array a, which stands for a[0],
 * a[1], ... in order).  The search calls outcome_on_end() (a
 * search_end_fn) at every valid end state; the set reads the leaves'
 * values out of the state vector (ts_global_value), interns the
 * combination and counts the distinct end states showing it.  End-state
 * vectors are kept in a store of their own, so a state reached twice
 * (--stateless) is counted once.  With witnesses on, the first path to
 * each combination is kept.
 *
 * An expect file (one admitted combination a line, "V1=x V2=y ...";
 * '#' comments; a "# outcomes: V1,V2,..." header giving the variables
 * when --outcomes does not) makes every other combination a violation:
 * outcome_on_end() returns 1 the first time a combination that is not
 * admitted is seen (so each one is reported once, with its first
 * path).
 *
 * Problems with the names or the expect file are problems of the user's
 * input and go through util/diag.h (file:line:col: error: ...).
 */
#ifndef SPORE_ENGINE_OUTCOME_H
#define SPORE_ENGINE_OUTCOME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/model/bc.h"
#include "engine/search/search.h"
#include "engine/model/ts.h"
#include "util/diag.h"

typedef struct outcome outcome;         /* opaque */

/* A set over the globals of prog (borrowed; must outlive the set),
 * with no variables yet. */
outcome *outcome_new(const bc_program *prog);
/* Free the set and everything it keeps.  NULL is a no-op. */
void     outcome_free(outcome *oc);

/* Before compiling: the names of the globals that spec ("x,a[2],s.f"),
 * or an outcome as printed ("x=1 a[2]=0"), mentions: x, a, s.  Each is
 * a new string appended to *names (capacity *cap, grown with xgrow);
 * the caller frees them.  The front end must keep these globals in the
 * state (fe_options.keep), or it may drop the ones the model never
 * reads. */
void     outcome_spec_names(const char *spec, char ***names, size_t *n,
                            size_t *cap);

/* The variable list of the "# outcomes:" header of the expect file path,
 * as a new string (caller frees), or NULL when there is none or the file
 * cannot be read. */
char    *outcome_expect_header(const char *path);

/* Add the variables of spec, "V1,V2,..." (each a global scalar, an
 * element "a[3]", a whole array "a", or a struct field as printed,
 * "s.f" or "s.f[1]").  Problems are reported to d as errors in the
 * pseudo-file `what` (e.g. "--outcomes"), whose one line is spec, and
 * counted there.  Only before outcome_read_expect() and the search.
 * Returns 0, or -1 after reporting. */
int      outcome_add_vars(outcome *oc, const char *spec, const char *what,
                          diag *d);

/* The number of leaves (0: no variables yet). */
size_t   outcome_nleaves(const outcome *oc);

/* Read the expect file path: every combination in it is admitted, every
 * other one becomes a violation.  When the set has no variables yet, the
 * file's "# outcomes: ..." header gives them.  Problems (unknown or
 * missing variables, bad values, repeated combinations, no header) are
 * reported to d with the file's line and column.  Returns 0, -1 after
 * reporting, or -2 when the file cannot be read (errno set; nothing
 * reported). */
int      outcome_read_expect(outcome *oc, const char *path, diag *d);

/* Keep one path (the first found) per combination (--outcomes-trail). */
void     outcome_keep_witnesses(outcome *oc, int on);

/* The search hook: ctx is the outcome set.  See search_end_fn. */
int      outcome_on_end(void *ctx, const uint8_t *vec, size_t len,
                        const search_step *steps, size_t nsteps,
                        const char **detail);

/* Forget what a search found (counts, end states, witnesses, reported
 * violations), keeping the variables and the admitted combinations, so
 * that the set can watch another search (--por-check). */
void     outcome_reset(outcome *oc);

/* Distinct combinations reached, and distinct valid end states seen. */
size_t   outcome_ncombos(const outcome *oc);
size_t   outcome_nends(const outcome *oc);

/* The text section printed after the verdict:
 *
 *     outcomes (x,y): 2 distinct at 5 valid end states
 *       x=1 y=0   3 end states
 *       x=2 y=0   2 end states   NOT ADMITTED
 *     admitted but not reached: 1
 *       x=0 y=0
 *
 * sorted by value; "(partial: ...)" after the first line when complete
 * is 0 (the search was cut short or stopped at an error).  With
 * witnesses, each combination is followed by its path, printed by
 * replaying it on t as `spore replay` does (ts_program(t) must be the
 * set's program). */
void     outcome_print(const outcome *oc, FILE *out, ts *t, int complete);

/* The JSON member "outcomes":{...} (no leading comma):
 *   {"variables":["x","y"],"complete":true,"end_states":5,"distinct":2,
 *    "expect":"file"|null,"not_admitted":1,"admitted_not_reached":1,
 *    "combinations":[{"outcome":"x=1 y=0","values":{"x":1,"y":0},
 *      "count":3,"admitted":true|false|null,
 *      "trail":[{"pid":0,"trans":3},...]},...]}
 * admitted is null without an expect file; admitted combinations never
 * reached are listed with count 0; "trail" only with witnesses. */
void     outcome_json(const outcome *oc, FILE *out, int complete);

#endif /* SPORE_ENGINE_OUTCOME_H */
