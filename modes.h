/*
 * modes.h -- spore's modes other than the search: the --por-check
 * table, `spore simulate' and `spore replay' (modes.c), and the exit
 * codes that spore.c and modes.c return.
 *
 * Each runner prints its own output and returns an exit code; none
 * exits (spore.c does).  stop is the interrupt flag that spore.c's
 * signal handler sets (the signal's number; 0 while none came).
 */
#ifndef SPORE_MODES_H
#define SPORE_MODES_H

#include <signal.h>

#include "cli.h"
#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "engine/search/search.h"

/* Exit codes, frozen (design/user-needs.md).  A signal outside a search
 * ends spore with 128 + its number. */
enum {
    EXIT_VERIFIED = 0,
    EXIT_VIOLATED = 1,
    EXIT_USAGE = 2,
    EXIT_MODEL = 3,
    EXIT_INCOMPLETE = 4,
    EXIT_INTERNAL = 5
};

/* The exit code of a search's verdict: 0 verified, 1 violated, 4 not
 * complete. */
int modes_exit_code(const search_result *r);

/* --por-check: every reduction on the model of t, one table (rows
 * printed as each search ends; JSON with --json); c->so is the options
 * of every search (its stop and, with --outcomes, its on_end are set
 * here).  Returns the exit code of --por=none's verdict, or
 * EXIT_INTERNAL when a reduction disagrees with none or the search did
 * not start. */
int modes_por_check(cli *c, ts *t, volatile sig_atomic_t *stop);

/* `spore simulate': one random (or, with --interactive, guided) run of
 * prog on t; its trail saved when --trail=FILE was given.  Returns 1
 * when the run ended in an error or an invalid end state, 128 + the
 * signal when interrupted, else 0. */
int modes_simulate(const cli *c, ts *t, const bc_program *prog,
                   volatile sig_atomic_t *stop);

/* `spore replay': read the trail c->trail_path (default: the one named
 * after base, the model's file or "stdin") and replay it on t.  Returns
 * 1 when the trail's error is reproduced, 0 when the trail completes
 * without one, 5 when it fails, 2 when the trail cannot be read. */
int modes_replay(const cli *c, ts *t, const bc_program *prog,
                 const char *base);

#endif /* SPORE_MODES_H */
