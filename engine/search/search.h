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

/* One step of a trail: the process that moved and its transition, plus
 * the receiver of a rendezvous (TS_NONE when there is none). */
typedef struct search_step {
    uint32_t pid;
    uint32_t trans;
    uint32_t pid2;
    uint32_t trans2;
} search_step;

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
} search_error;

/* ------------------------------------------------------ reduction hook */

/* One successor as the search keeps it (a copy of ts_succ). */
typedef struct search_succ {
    search_step step;       /* who moved */
    uint32_t    finding;    /* ts_finding */
    uint32_t    floc;       /* its location id */
    uint32_t    vec_len;    /* 0: no successor state */
    uint32_t    vec_off;    /* the vector: view->vecs + vec_off */
    uint32_t    label;      /* interned dynamic accesses (graph modes) */
    uint32_t    dst;        /* store id of the successor once known, or
                               SS_NOREF */
} search_succ;              /* 40 bytes */

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

/* A partial order reduction as the reports see it: its names and the
 * cycle proviso / soundness fixes it runs with.  The algorithm itself is
 * behind `algo` (engine/por/por.h). */
typedef struct search_por {
    const char *name;           /* as on the command line: "none", ... */
    const char *title;          /* for the report line */
    const char *proviso;        /* the fixes it applies, for people */
    const void *algo;           /* const por_algo * (engine/por/por.h) */
} search_por;

typedef enum search_por_mode {
    SEARCH_POR_NONE,            /* full expansion */
    SEARCH_POR_SPOR,            /* S-POR: safe sets + stack proviso */
    SEARCH_POR_DE,              /* DE-S-POR: eager source sets */
    SEARCH_POR_DL,              /* DL-S-POR: lazy source sets */
    SEARCH_POR_DE_JPF,          /* DE with safe = enabled everywhere */
    SEARCH_POR_DL_JPF,          /* DL with safe = enabled everywhere */
    SEARCH_POR_ODPOR,           /* stateful source-DPOR on S-POR */
    SEARCH_POR_NMODES
} search_por_mode;

/* The default reduction (chosen from measurements; see dfs.c). */
#define SEARCH_POR_DEFAULT SEARCH_POR_SPOR

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

/* The table of mode m, or NULL when m is not implemented. */
const search_por *search_por_get(int mode);
/* The mode called name ("dl"), or -1. */
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

/* --------------------------------------------------------- observer */

/* An observer sees the search as it runs (engine/out/dot.h draws the graph
 * from it, engine/por/explain.h prints the reduction's decisions).  It costs
 * nothing when search_options.obs is NULL; a search with an observer
 * always takes the general path (same counts, pan's order under none).
 * Everything passed to a callback is borrowed for the call.  State ids
 * are store ids: 0 for the initial state, then in the order stored. */

/* Flags of a closed state (search_obs_state.flags). */
#define SEARCH_OBS_REDUCIBLE 0x01u  /* safe = one invisible thread */
#define SEARCH_OBS_IRRED     0x02u  /* irreducible with source sets */
#define SEARCH_OBS_FULL      0x04u  /* expanded fully (proviso or forced) */
#define SEARCH_OBS_FORCED    0x08u  /* full: timeout, rendezvous, pids */
#define SEARCH_OBS_DEAD      0x10u  /* no successor at all */

/* One successor of a closed state. */
typedef struct search_obs_succ {
    search_step    step;
    uint32_t       finding;     /* ts_finding */
    int            taken;       /* its thread was taken (or covered: O3) */
    const uint8_t *vec;         /* the successor (NULL: none), vec_len */
    size_t         vec_len;
} search_obs_succ;

/* A stored state as the search leaves it (popped from the stack). */
typedef struct search_obs_state {
    uint32_t               id;
    unsigned               flags;       /* SEARCH_OBS_* */
    uint64_t               enabled;     /* thread sets: bit p = pid p */
    uint64_t               safe;
    uint64_t               todo;        /* backtrack(s) */
    uint64_t               done;
    uint64_t               taken;
    size_t                 nsucc;
    const search_obs_succ *succs;
} search_obs_state;

typedef struct search_observer {
    void *ctx;
    /* a state stored (and pushed) at depth */
    void (*state)(void *ctx, uint32_t id, const uint8_t *vec, size_t len,
                  size_t depth);
    /* an explored move from stored state src: the steps of one
     * transition, or of an atomic chain through unstored states; dst is
     * the stored target, or TS_NONE for an error move (finding set, a
     * separate call from the move's own edge when it has a target);
     * is_new: dst was stored by this move */
    void (*edge)(void *ctx, uint32_t src, uint32_t dst,
                 const search_step *steps, size_t nsteps, uint32_t finding,
                 int is_new);
    /* a stored state closed (popped) */
    void (*closed)(void *ctx, const search_obs_state *s);
    /* one line of --explain text, without a newline (explain_ctx) */
    void (*explain)(void *ctx, const char *line);
    void *explain_ctx;
} search_observer;

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
} search_stats;

/* What a reduction did (all zero under none). */
typedef struct search_por_stats {
    size_t reducible;           /* states expanded by one invisible thread */
    size_t irreducible;         /* stored states with a choice of threads */
    size_t full_c3;             /* fully expanded by the stack proviso */
    size_t full_stack;          /* fully expanded by F-STACK */
    size_t full_other;          /* fully expanded: timeout, rendezvous,
                                   more than 63 processes */
    size_t nondet_denied;       /* threads denied reducibility because a
                                   sibling transition is visible */
    size_t edges;               /* edges in the visited graph */
    size_t retraversals;        /* graph walks started */
    size_t retraversed;         /* edges walked by them */
    size_t bt_updates;          /* backtrack-set updates */
    size_t case_a;              /* conservative updates (case (a)) */
    size_t case_b;              /* early stops (case (b)) */
    size_t o2, o3, o4, o5;      /* Appendix A short-cuts */
    size_t walks_cut;           /* DE walks stopped early (every frame
                                   they could teach became full); DL
                                   states below which no thread outside
                                   the set can still conflict */
    size_t static_deps;         /* F-STACK-STATIC: dep sets grown from
                                   the static facts */
    size_t races;               /* O-DPOR: reversible races found */
    size_t race_adds;           /* O-DPOR: threads added by a race (the
                                   initials test failed) */
    size_t replays_cut;         /* O-DPOR: replays over their budget
                                   (the frames they could teach were
                                   expanded fully instead) */
    size_t threads_skipped;     /* enabled threads never expanded */
    size_t graph_bytes;         /* edges, labels and per-state arrays */
    size_t por_bytes;           /* peak per-stack POR data */
} search_por_stats;

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

/* The location of an invalid end state vec: that of the first process
 * not at a valid end location; TS_NONE when every process is at one
 * (e.g. -q and a full channel).  Used by the search and simulation. */
uint32_t search_blocked_loc(const ts *t, const uint8_t *vec, size_t len);

/* Elapsed seconds since an arbitrary point (monotonic clock). */
double search_now(void);

#endif /* SPORE_ENGINE_SEARCH_H */
