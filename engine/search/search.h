/*
 * engine/search/search.h -- the stateful search over a transition system.
 *
 * search_dfs() explores the states of a model (engine/model/ts.h) depth first,
 * with an explicit stack (no recursion: depths of millions are normal),
 * storing every state it reaches in an exact store (statestore/ss.h).
 * Each stack frame keeps the state's id, a copy of its successor list
 * (records and vectors live in two stack-managed arenas that grow
 * geometrically, because ts reuses its buffers) and the index of the next
 * successor to take.  Nothing is allocated per state in the inner loop.
 *
 * Findings are results, not errors (conventions R4): assertion violated
 * (reported at the transition that executes the assert, as SPIN does),
 * run-time errors of the model (array index out of bounds, division by
 * zero, bad channel, blocked d_step, vector overflow) and invalid end
 * states (no successor and not ts_valid_end).  Each one is kept with its
 * kind, location id, depth and trail: the (pid, trans, pid2, trans2) of
 * every step from the initial state, ending with the failing transition.
 *
 * A search ends VERIFIED only when it explored everything within its
 * limits without truncation; the depth limit, memory limit, time limit
 * and interruption all make it INCOMPLETE.
 *
 * Partial order reduction (engine/por/por.h) plugs in as a strategy per
 * algorithm: the search asks it which threads to expand at each state and
 * tells it about every step taken and every thread finished.  The cycle
 * proviso (F-C3: a state with an explored edge onto the stack is fully
 * expanded), the visited-graph store and the enumeration order live in
 * the search.  --por=none with the default order keeps pan's exploration
 * exactly (state counts match SPIN's -DNOREDUCE).
 *
 * With collect_end_states, the result lists every distinct reachable
 * state without successors that is a valid end state (ts_valid_end),
 * as lowercase hex of its vector, sorted: the differential tests compare
 * these sets across reductions.
 */
#ifndef SPORE_ENGINE_SEARCH_H
#define SPORE_ENGINE_SEARCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "engine/por/por.h"     /* search_step, search_succ,
                                   search_por_stats, search_observer */

/* ------------------------------------------------------------ findings */

typedef enum search_err_kind {
    SEARCH_E_ASSERT,        /* assertion violated */
    SEARCH_E_BOUNDS,        /* array index out of bounds */
    SEARCH_E_DIVZERO,       /* division by zero */
    SEARCH_E_BADCHAN,       /* use of an uninitialised channel */
    SEARCH_E_DSTEP_BLOCK,   /* d_step blocked after its first statement */
    SEARCH_E_OVERFLOW,      /* state vector too large / too many channels */
    SEARCH_E_INVALID_END,   /* no successor, not a valid end state */
    SEARCH_E_OUTCOME,       /* a valid end state whose outcome is not
                               admitted (--expect; search_options.on_end) */
    SEARCH_E_RV_DSTEP,      /* rendezvous send inside a d_step */
    SEARCH_E_BADMSG,        /* message fields do not match the channel */
    SEARCH_E_CLAIM,         /* the never claim reached its end */
    SEARCH_E_ACCEPT,        /* an acceptance cycle (-a; ndfs.c) */
    SEARCH_E_NONPROGRESS,   /* a non-progress cycle (-l; ndfs.c) */
    SEARCH_E_NKINDS
} search_err_kind;

/* Machine name ("assertion", "invalid end state", "index out of
 * bounds", ...), used in trails and JSON; NULL for an unknown kind. */
const char *search_err_name(int kind);
/* Words for people ("assertion violated", "invalid end state", ...). */
const char *search_err_text(int kind);
/* The kind named by search_err_name(), or -1. */
int         search_err_from_name(const char *name);
/* The search kind of a ts finding (TS_ASSERT...), or -1 for TS_OK. */
int         search_err_from_finding(uint32_t finding);

/* One error found by the search. */
typedef struct search_error {
    int          kind;      /* search_err_kind */
    uint32_t     loc;       /* location id (prog->locs), or TS_NONE */
    size_t       depth;     /* depth of the state the error was seen in
                               (pan's "at depth N") */
    size_t       index;     /* 1 for the first error found, 2, ... */
    search_step *steps;     /* the trail; owned by the result; NULL when
                               trails were not kept for this error */
    size_t       nsteps;    /* for an invalid end state or an outcome:
                               depth steps; otherwise depth + 1 (the
                               failing one) */
    const char  *detail;    /* SEARCH_E_OUTCOME: the outcome ("x=1 y=0")
                               as the on_end hook gave it; owned by the
                               result; NULL for other kinds */
    size_t       cycle_at;  /* SEARCH_E_ACCEPT, SEARCH_E_NONPROGRESS: the
                               trail is a lasso: the state after
                               steps[0..cycle_at) is reached again after
                               the last step; unused for other kinds */
} search_error;

/* ------------------------------------------------------ reduction hook */

/* What a reduction sees of the state being expanded; everything is
 * borrowed for the duration of the call. */
typedef struct search_por_view {
    const ts           *t;
    const uint8_t      *vec;        /* the state */
    size_t              len;
    uint32_t            ref;        /* its store id; SS_NOREF inside an
                                       atomic sequence (not stored) */
    size_t              depth;
    size_t              nsucc;
    const search_succ  *succs;      /* nsucc entries, sorted as ts gives */
    const uint8_t      *vecs;       /* base of the successor vectors */
    int                 atomic;     /* only the atomic owner moves */
    int                 timeout;    /* the list was made in timeout mode */
} search_por_view;

/* A partial order reduction as the reports see it: its entry in the
 * table of reductions (engine/por/por_modes.c). */
typedef por_mode search_por;

/* The modes by name (indices into por_modes[]). */
typedef enum search_por_mode {
    SEARCH_POR_NONE = POR_MODE_NONE,
    SEARCH_POR_SPOR = POR_MODE_SPOR,
    SEARCH_POR_DE = POR_MODE_DE,
    SEARCH_POR_DL = POR_MODE_DL,
    SEARCH_POR_DE_JPF = POR_MODE_DE_JPF,
    SEARCH_POR_DL_JPF = POR_MODE_DL_JPF,
    SEARCH_POR_ODPOR = POR_MODE_ODPOR,
    SEARCH_POR_NMODES = POR_NMODES
} search_por_mode;

/* The default reduction (chosen from measurements; see por_modes.c). */
#define SEARCH_POR_DEFAULT POR_MODE_DEFAULT

/* Cycle treatment of de, dl, odpor and their variants (--cycle-fix;
 * design/por-algorithms.md §7.3.3, §7.6).  F-C3 is always on. */
typedef enum search_cycle_fix {
    SEARCH_CYCLE_STACK,         /* F-STACK: fully expand (default) */
    SEARCH_CYCLE_C3,            /* F-C3 only (experimental) */
    SEARCH_CYCLE_STATIC,        /* F-STACK-STATIC (experimental) */
    SEARCH_CYCLE_NFIXES
} search_cycle_fix;

/* The names on the command line: "stack", "c3-only", "static"; NULL
 * for an unknown fix. */
const char *search_cycle_fix_name(int fix);
/* The fix called name, or -1. */
int         search_cycle_fix_from_name(const char *name);
/* The proviso and fixes a run with options o applies, for people (the
 * mode's proviso text with --cycle-fix and --de-retraverse applied);
 * written into buf (size bytes), which is returned. */
struct search_options;
const char *search_por_proviso(const struct search_options *o, char *buf,
                               size_t size);

/* The table entry of mode m, or NULL when m is not implemented
 * (por_mode_get). */
const search_por *search_por_get(int mode);
/* The mode called name ("dl"), or -1 (por_mode_from_name). */
int search_por_from_name(const char *name);

/* Enumeration order of the threads of a state. */
typedef enum search_order_kind {
    SEARCH_ORDER_SEQ,           /* a fixed priority of pids */
    SEARCH_ORDER_RANDOM         /* seeded uniform choice */
} search_order_kind;

#define SEARCH_MAX_PERM 64

/* ------------------------------------------------------------- options */

struct search_options;
/* Called as each error is found (before the search goes on or stops);
 * e is borrowed for the call. */
typedef void (*search_error_fn)(void *ctx, const search_error *e);

/* Called at every valid end state the search reaches (no successor and
 * ts_valid_end), once per state stored (under --stateless: per visit),
 * in both the plain and the reduced search.  vec (len bytes) is the
 * state, steps[0..nsteps) the path from the initial state (NULL, 0 when
 * there was no memory for it); all borrowed for the call.  Returns 0, or
 * non-zero when the state is a violation: the search then records a
 * SEARCH_E_OUTCOME error with this path (counted against max_errors),
 * whose detail is *detail when the hook set it (a string it owns, read
 * before the next call). */
typedef int (*search_end_fn)(void *ctx, const uint8_t *vec, size_t len,
                             const search_step *steps, size_t nsteps,
                             const char **detail);

typedef struct search_options {
    int          por;               /* search_por_mode */
    size_t       max_depth;         /* states at depth >= max_depth are
                                       not explored (truncation) */
    size_t       max_errors;        /* stop at this many errors; 0: never */
    int          check_assert;      /* 0: ignore assertions (-A) */
    int          check_end;         /* 0: ignore invalid end states (-E) */
    int          require_empty;     /* valid end needs empty chans (-q) */
    size_t       memlimit;          /* bytes for store + stack; 0: none */
    double       time_limit;        /* seconds; 0: none */
    double       progress_secs;     /* progress line period; 0: none */
    FILE        *progress_out;      /* where progress goes (stderr) */
    int          stateless;         /* no state matching (bounded by
                                       max_depth); every state is new */
    int          order;             /* search_order_kind */
    uint64_t     order_seed;        /* SEARCH_ORDER_RANDOM */
    uint8_t      perm[SEARCH_MAX_PERM]; /* SEQ: pids, highest priority
                                       first; pids not listed follow,
                                       highest pid first (pan's order) */
    size_t       nperm;             /* 0: pan's order */
    int          prefer_visited;    /* take a thread leading to a visited
                                       state (not on the stack) first;
                                       default on, except under none with
                                       pan's order */
    int          cycle_fix;         /* search_cycle_fix (de, dl, odpor) */
    int          de_paths;          /* de, de-jpf: RETRAVERSE-PATHS (every
                                       path; stops with SEARCH_STOP_CYCLE
                                       on a cycle) instead of -ONCE */
    int          collect_end_states;/* fill search_result.end_states */
    size_t       max_trails;        /* keep trails of this many errors */
    volatile sig_atomic_t *stop;    /* polled; non-zero: interrupted */
    search_error_fn on_error;       /* may be NULL */
    void        *on_error_ctx;
    const search_observer *obs;     /* NULL: none (zero cost) */
    search_end_fn on_end;           /* valid end states (--outcomes);
                                       NULL: off, no cost */
    void        *on_end_ctx;
    int          shortest;          /* -i: look for a shortest error:
                                       after an error of n steps only
                                       shorter ones are reported (the
                                       depth bound drops; cutting at it
                                       is not truncation) and a state
                                       reached again by a shorter path
                                       is explored again (pan's -i);
                                       errors replace each other, so at
                                       most one is kept (index 1); with
                                       por none only */
    int          liveness;          /* 0, or 1 + search_cycle_kind: the
                                       cycles search_ndfs looks for (for
                                       the reports; search_dfs ignores
                                       it) */
    int          fair;              /* -f: weak fairness in search_ndfs
                                       (pan's counter construction, one
                                       copy of the graph per process
                                       plus one; ndfs.c); search_dfs
                                       ignores it */
} search_options;

/* Defaults: por none, depth 1000000, 1 error, every check on except -q,
 * no memory or time limit, progress every 5 s on stderr, 16 trails,
 * pan's order, prefer visited. */
void search_options_init(search_options *o);

/* ------------------------------------------------------------- results */

typedef enum search_verdict {
    SEARCH_VERIFIED,
    SEARCH_VIOLATED,
    SEARCH_INCOMPLETE
} search_verdict;

typedef enum search_stop {
    SEARCH_STOP_NONE,           /* ran to the end */
    SEARCH_STOP_DEPTH,          /* depth limit reached (search went on) */
    SEARCH_STOP_MEMORY,         /* out of memory */
    SEARCH_STOP_TIME,           /* time limit */
    SEARCH_STOP_INTERRUPT,      /* SIGINT / SIGTERM */
    SEARCH_STOP_ERRORS,         /* max_errors reached */
    SEARCH_STOP_CYCLE,          /* --de-retraverse=paths met a cycle */
    SEARCH_STOP_LIMIT           /* a step needed more than spore's state
                                   vector or channel limit (a TS_OVERFLOW
                                   finding; search_result.limit_loc) */
} search_stop;

typedef struct search_stats {
    size_t stored;              /* states stored */
    size_t matched;             /* successors already in the store */
    size_t transitions;         /* transitions executed */
    size_t atomic_steps;        /* moves into a state inside an atomic
                                   sequence (pan's figure; not stored
                                   while the owner can go on) */
    size_t truncated;           /* successors cut by the depth limit */
    size_t max_depth;           /* deepest state reached (initial: 0) */
    size_t max_vector;          /* largest state vector, bytes */
    size_t conflicts;           /* hash conflicts (resolved) */
    size_t store_bytes;         /* all memory of the store */
    size_t store_vec_bytes;     /* of which vectors */
    size_t store_table_bytes;   /* of which the index */
    size_t stack_bytes;         /* peak memory of the DFS stack */
    double elapsed;             /* seconds */
    size_t reexplored;          /* -i: stored states explored again,
                                   reached by a shorter path */
    size_t visited;             /* search_ndfs: states stored by either
                                   of its searches (pan's "visited";
                                   stored counts each state once); 0 in
                                   search_dfs */
} search_stats;

typedef struct search_result {
    search_verdict verdict;
    search_stop    stop;        /* why the search ended early */
    int            truncated;   /* the depth limit cut something */
    search_error  *errors;      /* in the order found; owned */
    size_t         nerrors;     /* errors kept (== errors found) */
    search_stats   stats;
    search_por_stats por;
    char         **end_states;  /* collect_end_states: hex vectors,
                                   sorted, unique; owned */
    size_t         nend_states;
    uint32_t       limit_loc;   /* SEARCH_STOP_LIMIT: the location id of
                                   the step that reached the limit */
} search_result;

/* Free what a result owns (not the struct).  NULL is a no-op. */
void search_result_fini(search_result *r);

/* Search the states of t under o (both borrowed).  Fills *r (the caller
 * frees it with search_result_fini).  Returns 0, or -1 when the search
 * could not start (unsupported option, no memory for the first state);
 * then r->stop says SEARCH_STOP_MEMORY or r is empty. */
int  search_dfs(ts *t, const search_options *o, search_result *r);

/* Liveness by nested depth-first search (engine/search/ndfs.c). */
typedef enum search_cycle_kind {
    SEARCH_CYCLE_ACCEPT,        /* -a: a cycle through an accepting state:
                                   the never claim at an accept label, or
                                   without a claim a process at one */
    SEARCH_CYCLE_NONPROGRESS    /* -l: a cycle through no progress label */
} search_cycle_kind;

/* Search t for the cycles of kind `kind` (and the safety findings on the
 * way: assertions, run-time errors, the claim's end) with the nested
 * depth-first search of Courcoubetis, Vardi, Wolper and Yannakakis and
 * Holzmann's stack check.  o as for search_dfs, except that the search
 * is never reduced (o->por must be none), never stateless, and invalid
 * end states are not looked for.  An error of a cycle kind has a lasso
 * trail (search_error.cycle_at).  Returns as search_dfs. */
int  search_ndfs(ts *t, const search_options *o, int kind,
                 search_result *r);

/* The location of an invalid end state vec: that of the first process
 * not at a valid end location; TS_NONE when every process is at one
 * (e.g. -q and a full channel).  Used by the search and simulation. */
uint32_t search_blocked_loc(const ts *t, const uint8_t *vec, size_t len);

/* Elapsed seconds since an arbitrary point (monotonic clock). */
double search_now(void);

#endif /* SPORE_ENGINE_SEARCH_H */
