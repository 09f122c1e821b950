/*
 * engine/trail.h -- counterexample trails: write, read, replay, print.
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
 *     depth 4
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

#include "engine/bc.h"
#include "engine/search.h"
#include "engine/ts.h"

#define TRAIL_FORMAT 1

typedef struct trail {
    char        *model;         /* the model name as given; owned */
    uint64_t     hash;          /* bc_program.model_hash */
    char        *version;       /* spore version that wrote it; owned */
    char        *options;       /* "por=none assert=on ..."; owned */
    int          kind;          /* search_err_kind, -1 if unknown */
    uint32_t     loc;           /* location id, TS_NONE if unknown */
    char        *where;         /* "file:line:col" as written; owned */
    size_t       depth;
    search_step *steps;         /* owned */
    size_t       nsteps;
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

/* Read a trail file.  Returns a new trail, or NULL with a message (for
 * people, without a newline) in err[0..errsize). */
trail *trail_read(const char *path, char *err, size_t errsize);

/* "search_options" as the string stored in trails and JSON ("por=none
 * assert=on end=on empty-chans=off"), into buf. */
const char *trail_options_str(const search_options *o, char *buf,
                              size_t size);

/* Results of trail_replay. */
typedef enum trail_status {
    TRAIL_REPRODUCED = 0,   /* every step ran; the recorded error occurred */
    TRAIL_NO_ERROR = 1,     /* every step ran; no error at the end */
    TRAIL_MISMATCH = -1,    /* model hash differs (and not forced) */
    TRAIL_NOT_ENABLED = -2, /* a step is not enabled in its state */
    TRAIL_FAILED = -3       /* out of memory, or the model's first state
                               cannot be built */
} trail_status;

/* Re-execute tr on t (model printf output goes to out), printing every
 * step as
 *       1: proc 0 (P:1) model.pml:12  x = x + 1
 *           x: 0 -> 1
 * (the variables that changed), and at the end the error.  prog is
 * ts_program(t).  A model hash different from tr->hash is refused
 * (TRAIL_MISMATCH) unless force is set, then only warned about.
 * Messages about a trail that does not fit go to stderr, naming the
 * step and what was enabled there.
 * quiet: print only the error (and model output). */
int    trail_replay(ts *t, const bc_program *prog, const trail *tr,
                    int force, int quiet, FILE *out);

/* The text of the assertion at location loc ("(x == 1)") from the
 * statement text of transition trans (TS_NONE: search by location); NULL
 * when it cannot be found. */
const char *trail_assert_text(const bc_program *prog, uint32_t trans,
                              uint32_t loc, char *buf, size_t size);

#endif /* SPORE_ENGINE_TRAIL_H */
