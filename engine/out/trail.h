/*
 * engine/out/trail.h -- counterexample trails: write, read, replay, print.
 *
 * A trail is the path from the initial state to an error: one
 * (pid, trans [, pid2, trans2]) per step, transition ids included (not
 * just process numbers), so that replay is exact.  The file is
 * self-describing text:
 *
 *     spore-trail 1
 *     model models/mutex.pml
 *     hash 9f3c0a...            (bc_program.model_hash, 16 hex digits)
 *     version 0.1.0
 *     options por=none assert=on end=on empty-chans=off
 *     error assertion            (search_err_name: may contain spaces)
 *     where models/mutex.pml:12:5
 *     outcome x=1 y=0            (only for "error outcome not admitted":
 *                                 the outcome; replay keeps x and y in
 *                                 the state and checks that the trail
 *                                 ends in a valid end state)
 *     depth 4
 *     property p1                (the ltl property or named never claim
 *                                 checked; replay picks it again)
 *     cycle 2                    (only for a cycle: the state after the
 *                                 first 2 steps is the one the last step
 *                                 reaches again; replay prints pan's
 *                                 <<<<<START OF CYCLE>>>>> before step 3)
 *     steps 5
 *     1 0                        (pid trans)
 *     0 7 1 9                    (pid trans pid2 trans2: a rendezvous)
 *     ...
 *     end
 *
 * Lines starting with '#' are comments; unknown keys before "steps" are
 * ignored, so the format can grow.
 *
 * Replay re-executes each step, checks it is enabled, and prints it; the
 * counterexample printed after a search and `spore replay` share this one
 * routine (trail_replay), so they cannot disagree.
 */
#ifndef SPORE_ENGINE_TRAIL_H
#define SPORE_ENGINE_TRAIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/model/bc.h"
#include "engine/search/search.h"
#include "engine/model/ts.h"

#define TRAIL_FORMAT 1

typedef struct trail {
    char        *model;         /* the model name as given; owned */
    uint64_t     hash;          /* bc_program.model_hash */
    char        *version;       /* spore version that wrote it; owned */
    char        *options;       /* "por=none assert=on ..."; owned */
    int          kind;          /* search_err_kind, -1 if unknown */
    uint32_t     loc;           /* location id, TS_NONE if unknown */
    char        *where;         /* "file:line:col" as written; owned */
    char        *detail;        /* an outcome not admitted: the outcome
                                   ("x=1 y=0", line "outcome"); owned;
                                   NULL for other errors */
    size_t       depth;
    search_step *steps;         /* owned */
    size_t       nsteps;
    char        *property;      /* the ltl property or named never claim
                                   checked (line "property NAME"), NULL
                                   when none has a name; owned */
    int          has_cycle;     /* an acceptance or non-progress cycle:
                                   the trail is a lasso (line "cycle N") */
    size_t       cycle_at;      /* the state after steps[0..cycle_at) is
                                   reached again after the last step */
} trail;

/* Build a trail for error e of a search over prog, with the options
 * string opts (borrowed; may be NULL).  Everything is copied.  Returns
 * NULL when e carries no steps. */
trail *trail_from_error(const bc_program *prog, const search_error *e,
                        const char *version, const char *opts);

void   trail_free(trail *tr);

/* Write tr to path (replacing it).  Returns 0, or -1 with errno set. */
int    trail_write(const trail *tr, const char *path);
/* Write tr to an open stream.  Returns 0, or -1 on an output error. */
int    trail_fprint(const trail *tr, FILE *out);

/* spore's trails are named MODEL.spore.trail (MODEL the model's path as
 * given), and with -e MODEL1.spore.trail, MODEL2.spore.trail, ...: pan
 * writes MODEL.trail in its own format, which spore does not read. */
#define TRAIL_SUFFIX ".spore.trail"

/* The trail name for model: index 0 gives MODEL.spore.trail, index k > 0
 * MODELk.spore.trail.  Returns a new string (the caller frees it). */
char  *trail_default_name(const char *model, size_t index);

/* Read a trail file.  Returns a new trail, or NULL with a message (for
 * people, without a newline) in err[0..errsize): "PATH: error: cannot
 * read the trail: REASON", or "PATH:LINE: error: bad trail: REASON" for
 * a file that is not a well-formed spore trail (a SPIN trail is named as
 * such).  The header never decides an allocation: a step count larger
 * than the file can hold is a bad trail. */
trail *trail_read(const char *path, char *err, size_t errsize);

/* "search_options" as the string stored in trails and JSON ("por=none
 * assert=on end=on empty-chans=off"), into buf. */
const char *trail_options_str(const search_options *o, char *buf,
                              size_t size);

/* Results of trail_replay. */
typedef enum trail_status {
    TRAIL_REPRODUCED = 0,   /* every step ran; the recorded error occurred */
    TRAIL_NO_ERROR = 1,     /* every step ran; no error at the end */
    TRAIL_COMPLETED = 2,    /* every step ran; the trail records no error
                               ("error none": a simulation's trail) */
    TRAIL_MISMATCH = -1,    /* model hash differs (and not forced) */
    TRAIL_NOT_ENABLED = -2, /* a step is not enabled in its state */
    TRAIL_FAILED = -3       /* out of memory, or the model's first state
                               cannot be built */
} trail_status;

/* How the steps of a run are printed. */
typedef enum trail_style {
    TRAIL_FLAT,     /* one step a line, the changed variables under it:
                           1: proc 0 (P:1) model.pml:12  x = x + 1
                               x: 0 -> 1                            */
    TRAIL_LANES,    /* one column per process ("proctype(pid)" header,
                       repeated when a process appears), each step in its
                       process's column, changed variables at the end of
                       the row, model output as "> text" rows */
    TRAIL_MSC,      /* message sequence chart: only sends and receives,
                       in the lanes layout; a rendezvous is one arrow
                       "|--- c!x --->|"; a buffered send is drawn in the
                       sender's lane ("q!1 =>") and its receive as an
                       arrow from the sender's lane to the receiver's,
                       "(sent at step N)" (FIFO order tracked) */
    TRAIL_QUIET     /* nothing but the final verdict line */
} trail_style;

/* Re-execute tr on t (model printf output goes to out), printing every
 * step as
 *       1: proc 0 (P:1) model.pml:12  x = x + 1
 *           x: 0 -> 1
 * (the variables that changed), and at the end the error.  prog is
 * ts_program(t).  A model hash different from tr->hash is refused
 * (TRAIL_MISMATCH) unless force is set, then only warned about.
 * Messages about a trail that does not fit go to stderr, naming the
 * step and what was enabled there.
 * quiet: print only the error. */
int    trail_replay(ts *t, const bc_program *prog, const trail *tr,
                    int force, int quiet, FILE *out);

/* trail_replay in a trail_style. */
int    trail_replay_style(ts *t, const bc_program *prog, const trail *tr,
                          int force, int style, FILE *out);

/* A player: the current state of a run on t, printing every step it
 * executes in a trail_style (out NULL: TRAIL_QUIET).  For replay and
 * simulation.  ncols: lanes to draw from the start (0: as processes
 * appear).  Owns its buffers; free with trail_player_free. */
typedef struct trail_player trail_player;

trail_player   *trail_player_new(ts *t, FILE *out, int style,
                                 uint32_t ncols);
void            trail_player_free(trail_player *pl);
/* Build the initial state; 0, or -1 with *finding and *floc set when
 * the model's globals cannot be initialised. */
int             trail_player_start(trail_player *pl, ts_finding *finding,
                                   uint32_t *floc);
/* The successors of the current state (borrowed, valid until the next
 * call on pl). */
const ts_succs *trail_player_succs(trail_player *pl);
/* Execute and print step s, which is successor idx of
 * trail_player_succs(), as step number no.  0, or -1 when the step
 * leaves no state (a run-time error; see trail_player_finding). */
int             trail_player_fire(trail_player *pl, size_t no,
                                  const search_step *s, long idx);
/* The current state (borrowed). */
const uint8_t  *trail_player_state(const trail_player *pl, size_t *len);
/* The finding (ts_finding) of the last step, its location and the
 * transition that raised it (either pointer may be NULL). */
uint32_t        trail_player_finding(const trail_player *pl,
                                     uint32_t *floc, uint32_t *trans);
/* The most processes seen alive at once. */
uint32_t        trail_player_maxprocs(const trail_player *pl);
/* "proc 0 (P:1) file:line  text" of successor c, plus "  with  proc ..."
 * for a rendezvous receiver, and a newline (for choice menus). */
void            trail_player_print_succ(const trail_player *pl,
                                        const ts_succ *c, FILE *out);
/* "spore: assertion violated (x == 1) at f.pml:3:5 (after 4 steps)";
 * where_text is used when loc is TS_NONE (may be NULL); for
 * SEARCH_E_OUTCOME it is the outcome: "spore: outcome not admitted
 * (x=1 y=0) (after 4 steps)". */
void            trail_player_error(trail_player *pl, int kind, uint32_t loc,
                                   const char *where_text, size_t nsteps);
/* "final state:" and every variable of the current state (not in
 * TRAIL_QUIET). */
void            trail_player_final(trail_player *pl);

/* The text of the assertion at location loc ("(x == 1)") from the
 * statement text of transition trans (TS_NONE: search by location); NULL
 * when it cannot be found. */
const char *trail_assert_text(const bc_program *prog, uint32_t trans,
                              uint32_t loc, char *buf, size_t size);

#endif /* SPORE_ENGINE_TRAIL_H */
