/*
 * frontend/fe.h -- from AST to bytecode.
 *
 * fe_compile() resolves names (variables, mtype constants, typedefs,
 * inline calls, labels), checks types and Promela's rules, folds
 * constants, lowers every proctype to a control-flow automaton and then
 * to bytecode (one code sequence per transition), and computes the static
 * read/write sets of every transition from the emitted code.  Errors go
 * through the diag context (all of them, not just the first).
 */
#ifndef SPORE_FRONTEND_FE_H
#define SPORE_FRONTEND_FE_H

#include <stdio.h>

#include "engine/model/bc.h"
#include "lang/lang.h"
#include "util/diag.h"

/* Compile prog (borrowed).  Returns a new program (free with
 * bc_program_free), or NULL when errors were reported. */
bc_program *fe_compile(const lang_program *prog, const char *model_name,
                       diag *d);

/* What fe_compile_opts may be told besides the model. */
typedef struct fe_options {
    /* Globals observed from outside the model (--outcomes): kept in the
     * state even when no expression of the model reads them (such
     * globals are otherwise dropped, as SPIN does, and keep their
     * initial value).  Names as declared; borrowed; NULL when none. */
    const char *const *keep;
    size_t             nkeep;
    /* Keep every global and skip the dead-variable reset of locals
     * (simulation and replay then show the values SPIN's simulator
     * shows; the transitions are the same, so trails stay valid). */
    int                keep_all;
    /* The ltl property to check, by name (--ltl=NAME); NULL: the first
     * ltl block of the model, as SPIN does. */
    const char        *ltl_name;
    /* When not NULL, the never claim in use is printed here as it is
     * compiled (--print-never): the translation of an ltl block, or a
     * comment naming the model's own never claim. */
    FILE              *print_never;
} fe_options;

/* fe_compile with options o (borrowed; NULL: as fe_compile). */
bc_program *fe_compile_opts(const lang_program *prog,
                            const char *model_name, const fe_options *o,
                            diag *d);

/* Static facts from code (frontend/deps.c): fills p->nobjects, p->nwords
 * and p->facts for every transition.  Called by fe_compile. */
void        fe_compute_deps(bc_program *p);

#endif /* SPORE_FRONTEND_FE_H */
