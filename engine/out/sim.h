/*
 * engine/out/sim.h -- random and interactive simulation (`spore simulate`).
 *
 * A simulation runs one path through the model from its initial state,
 * choosing at each state one of the successors that the search would
 * explore there (ts_successors: Promela's atomic, else, timeout and
 * rendezvous rules apply exactly as in the search; a rendezvous is one
 * step).  The choice is random -- uniform over the successors, from a
 * seeded generator, so a run is repeated by giving its seed again -- or,
 * interactively, read from a stream as the number of an entry in a
 * printed menu.  Steps are printed by a trail_player (engine/out/trail.h),
 * the same printer as replay, in any trail_style.
 *
 * The run stops at an assertion violation or a run-time error of the
 * model (printed as the checker prints it), at a state without
 * successor (a valid end state, or an invalid one: a deadlock), after
 * max_steps steps, when the user quits or the input ends, or when *stop
 * becomes non-zero (polled before each step and when a read of a choice
 * fails, e.g. interrupted by a signal).  The steps
 * taken are returned, so the caller can save them as a trail that
 * `spore replay` reads.
 */
#ifndef SPORE_ENGINE_SIM_H
#define SPORE_ENGINE_SIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/search/search.h"
#include "engine/model/ts.h"

typedef struct sim_options {
    uint64_t seed;          /* random choices (unused when interactive) */
    size_t   max_steps;     /* stop after this many steps; 0: no limit */
    int      interactive;   /* read each choice from in */
    FILE    *in;            /* the choices: a number per line, q quits */
    int      echo;          /* print each answer read after its prompt
                               (for input that is not a terminal, so a
                               transcript shows the choices) */
    FILE    *out;           /* steps, menus, prompts and the end */
    int      style;         /* trail_style of the steps */
    int      require_empty; /* valid end states need empty channels */
    volatile sig_atomic_t *stop;  /* non-zero: stop before the next
                                     step (a signal); NULL: never */
} sim_options;

typedef enum sim_end {
    SIM_VALID_END,          /* no successor: a valid end state */
    SIM_INVALID_END,        /* no successor: an invalid end state */
    SIM_ERROR,              /* assertion violated or run-time error */
    SIM_LIMIT,              /* max_steps taken */
    SIM_QUIT,               /* q typed, or the input ended */
    SIM_INTERRUPTED         /* *stop became non-zero */
} sim_end;

typedef struct sim_result {
    int          end;       /* sim_end */
    int          kind;      /* search_err_kind for SIM_ERROR and
                               SIM_INVALID_END, else -1 */
    uint32_t     loc;       /* its location id, or TS_NONE */
    search_step *steps;     /* the steps taken; owned */
    size_t       nsteps;
} sim_result;

/* Simulate one run of t under o (both borrowed) into *r (the caller
 * frees it with sim_result_fini).  Returns 0. */
int  sim_run(ts *t, const sim_options *o, sim_result *r);

/* Free what r owns (not r).  NULL is a no-op. */
void sim_result_fini(sim_result *r);

#endif /* SPORE_ENGINE_SIM_H */
