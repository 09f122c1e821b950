/*
 * engine/por/por.h -- partial order reduction strategies and what they share.
 *
 * The general search of engine/search/dfs.c keeps, for every state on
 * its stack, a por_frame: the state's successors grouped by thread (por_thread, in
 * pid order), and the thread sets of the algorithms (design/por-
 * algorithms.md): safe(s), backtrack(s) (here `todo`), done(s), taken(s)
 * and dep(s, p) per thread.  Thread sets are 64-bit masks: pids 0..62
 * have their own bit, every pid >= 63 shares bit 63 (POR_SET_OTHER); a
 * state with such a process enabled is fully expanded.
 *
 * A strategy (por_algo) answers one question for the search: which
 * threads must be expanded at this state.  The search calls
 *   enter()        when a stored state is pushed: set f->safe, f->todo;
 *   step()         after every transition taken (DE's eager bookkeeping);
 *   thread_done()  after every transition of a thread has been explored
 *                  from f (F-NONDET: a thread is expanded as a unit);
 *   exhausted()    when every thread of f->todo has been taken: return 1
 *                  to close the state, 0 when f->todo has grown;
 * and then expands the threads of f->todo it has not taken yet, in the
 * enumeration order (visited-first, then the sequence or random order).
 *
 * The search, not the strategies, owns the cycle proviso: an explored
 * edge onto the stack sets POR_F_FULL on the stored state it leaves, and
 * f->todo := f->safe.  It calls S-POR's reducible test
 * (por_spor_reducible: the first thread, in order, whose every
 * transition at its location is invisible, not atomic, and whose
 * successors are not on the stack) before enter() for every strategy
 * but the -JPF ones.
 *
 * Graph modes (DE, DL, O-DPOR) keep the visited graph: per stored state
 * a singly linked list of edges {dst, label, pid, pid2} and a mask of the
 * threads with a pending (not enabled) transition at the state (F-BLOCK).
 * Labels are interned lists of ts_access records.
 */
#ifndef SPORE_ENGINE_POR_H
#define SPORE_ENGINE_POR_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "statestore/ss.h"

/* ------------------------------------------- the search's shared types
 * What the search and the reductions both speak of.  They keep the
 * search_ prefix (the search, engine/search/search.h, owns them and
 * hands them to the outputs) but live here, in the lower room, so that
 * the reductions include nothing from the search. */

/* One step of a trail: the process that moved and its transition, plus
 * the receiver of a rendezvous (TS_NONE when there is none). */
typedef struct search_step {
    uint32_t pid;
    uint32_t trans;
    uint32_t pid2;
    uint32_t trans2;
} search_step;

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

/* What a reduction did (all zero under none). */
typedef struct search_por_stats {
    size_t reducible;           /* states expanded by one invisible thread */
    size_t irreducible;         /* stored states with a choice of threads */
    size_t full_c3;             /* fully expanded by the stack proviso */
    size_t full_stack;          /* fully expanded by F-STACK */
    size_t full_other;          /* fully expanded: timeout, rendezvous,
                                   more than 63 processes */
    size_t full_procs;          /* of which because a process with pid
                                   63 or more was enabled: thread sets
                                   are 64-bit masks, so the reduction is
                                   off at such a state */
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

/* ------------------------------------------------------- debug checks
 * POR_CHECK(cond) states an invariant of the search or a reduction.  It
 * is compiled only with ./configure --enable-debug-checks
 * (SPORE_DEBUG_CHECKS in config.h, which every .c includes first); a
 * default build pays nothing.  A broken invariant prints the condition
 * and where, and aborts (an internal error, not a result). */
#ifdef SPORE_DEBUG_CHECKS
#define POR_CHECK(cond) \
    ((cond) ? (void)0 : por_check_failed(#cond, __FILE__, __LINE__))
#else
#define POR_CHECK(cond) ((void)0)
#endif

/* Print "spore: internal check failed: ..." on stderr and abort. */
void por_check_failed(const char *cond, const char *file, int line)
    __attribute__((noreturn));

typedef uint64_t por_set;

/* Threads a por_set can name: the location lists of ts_proc_locs() need
 * no more. */
#define POR_MAX_LOCS 64

#define POR_SET_OTHER ((por_set)1 << 63)

static inline por_set por_bit(uint32_t pid)
{
    return pid < 63 ? (por_set)1 << pid : POR_SET_OTHER;
}

/* Flags of a frame. */
#define POR_F_FULL      0x01u   /* fully expanded: todo = safe for good */
#define POR_F_IRRED     0x02u   /* irreducible: carries the DE/DL sets */
#define POR_F_ATOMIC    0x04u   /* inside an atomic sequence (not stored) */
#define POR_F_REDUCIBLE 0x08u   /* safe = one invisible thread */
#define POR_F_FORCED    0x10u   /* full for timeout / rendezvous / pids */

/* Flags of a thread. */
#define POR_T_INVIS     0x01u   /* every transition at its location is
                                   invisible and not atomic */
#define POR_T_TAKEN     0x02u   /* the search has started it */
#define POR_T_NEW       0x04u   /* some transition reached a new state */

typedef struct por_thread {
    uint32_t pid;
    uint32_t first;     /* its first record, relative to the frame */
    uint32_t n;         /* number of records */
    uint32_t flags;     /* POR_T_* */
    por_set  dep;       /* dep(s, pid) */
} por_thread;

typedef struct por_frame {
    uint32_t ref;       /* store id; SS_NOREF inside an atomic sequence */
    uint32_t flags;     /* POR_F_* */
    size_t   succ0;     /* first record in the search's record arena */
    uint32_t nsucc;
    uint32_t nthr;
    size_t   thr0;      /* first thread in the thread arena */
    size_t   vec0;      /* byte mark in the vector arena */
    int32_t  cur;       /* thread slot being expanded, or -1 */
    uint32_t next;      /* its next record (relative to the thread) */
    uint32_t anc;       /* index of the nearest stored frame (self if
                           stored) */
    uint32_t chain;     /* atomic: label of the moves since anc */
    uint32_t chain_pid; /* atomic: the thread that moved first from anc */
    uint32_t chain_pid2;/* atomic: another thread of the chain (a
                           rendezvous partner), or TS_NONE */
    uint32_t chain_many;/* atomic: more than two threads took part */
    uint32_t took;      /* the record taken last (relative to succ0):
                           below the top, the one being explored, which
                           the trail reads; under pan's order without a
                           reduction (engine/search/dfs_int.h) also the
                           number of records not yet taken */
    por_set  enabled;   /* threads with a successor */
    por_set  safe;
    por_set  todo;      /* backtrack(s) */
    por_set  taken;     /* threads followed (DL's taken(s)) */
    por_set  done;      /* DE/DL done(s) */
} por_frame;

/* ------------------------------------------------------------ memory */

/* The memory budget of everything the reductions grow while the search
 * runs (the visited graph's edges, the labels, walk stacks, each
 * strategy's own arrays): it is counted against --memlimit together
 * with what the search holds (the store, the stack, the per-state
 * arrays), which others() returns.  A growth that would pass the limit,
 * or that malloc refuses, is not made: it sets oom, and the caller
 * leaves its structures as they were (an edge, a label or a walk step
 * is dropped).  The search checks oom after every call into a strategy
 * and then ends as incomplete (out of memory), so nothing computed from
 * the partial structures is trusted. */
typedef struct por_mem {
    size_t   limit;                 /* bytes in all; 0: no limit */
    size_t   held;                  /* bytes grown through por_grow */
    size_t (*others)(void *ctx);    /* bytes held besides; may be NULL */
    void    *ctx;
    int      oom;                   /* a growth was refused */
} por_mem;

/* Grow *p (an array of elem-byte items with capacity *cap) to hold at
 * least need items, doubling, within m's budget (m may be NULL: malloc
 * alone decides).  Returns 0, or -1 with m->oom set and *p, *cap
 * unchanged.  New items are not initialised. */
int por_grow(por_mem *m, void **p, size_t *cap, size_t need, size_t elem);

/* ------------------------------------------------------------ labels */

#define POR_LABEL_NONE 0u       /* the empty label (invisible) */

typedef struct por_labels por_labels;

/* A new label table whose growth is counted in m (may be NULL); NULL
 * when even the first table cannot be had.  When a label cannot be
 * interned for want of memory, por_label() and por_label_union() return
 * POR_LABEL_NONE and m->oom is set. */
por_labels *por_labels_new(por_mem *m);
void        por_labels_free(por_labels *l);
/* The accesses of label id (sorted, merged; *n of them); borrowed,
 * valid until the next por_label* call that interns. */
const ts_access *por_label_accs(const por_labels *l, uint32_t id,
                                uint32_t *n);
/* Intern n accesses (any order; equal sets give equal ids). */
uint32_t    por_label(por_labels *l, const ts_access *a, size_t n);
/* The union of two labels. */
uint32_t    por_label_union(por_labels *l, uint32_t a, uint32_t b);
/* Do two labels conflict (a common object, one of them writing)? */
int         por_label_conflict(const por_labels *l, uint32_t a, uint32_t b);
/* Does label a conflict with the static sets rd/wr (bc facts)? */
int         por_label_conflict_static(const por_labels *l,
                                      const bc_program *p, uint32_t a,
                                      const uint64_t *rd,
                                      const uint64_t *wr);
/* Is label a a read of the atomic gate and nothing else?  Such a step
 * is invisible in S-POR's sense (doc/soundness.md §3: it commutes with
 * every gate writer), so a reduction that builds happens-before on top
 * of S-POR must not order it after gate writers either. */
int         por_label_gate_only(const por_labels *l, uint32_t a);
size_t      por_labels_bytes(const por_labels *l);
/* Number of labels (ids are below it). */
size_t      por_labels_count(const por_labels *l);

/* ------------------------------------------------------------- graph */

typedef struct por_edge {
    uint32_t dst;       /* SS_NOREF: a step that ended in a finding with
                           no successor (kept for its label) */
    uint32_t label;
    uint32_t next;      /* next edge of the same source, or UINT32_MAX */
    uint8_t  pid;       /* the thread expanded at the source (the first
                           mover of an atomic chain); 255: >= 255 never
                           happens (BC_MAX_PROCS) */
    uint8_t  pid2;      /* another thread of the step, 255: none */
    uint16_t flags;     /* POR_E_* */
} por_edge;             /* 16 bytes */

#define POR_NOEDGE UINT32_MAX
#define POR_NOPID2 255u
#define POR_E_MANY 0x1u /* an atomic chain through rendezvous moved more
                           than two threads: every thread counts */

/* The threads of an edge, as a set. */
static inline por_set por_edge_tids(const por_edge *e)
{
    if (e->flags & POR_E_MANY)
        return ~(por_set)0;
    return por_bit(e->pid) | (e->pid2 != POR_NOPID2 ? por_bit(e->pid2) : 0);
}

/* ------------------------------------------------------------ context */

/* What the search shares with the strategies.  Arrays may move when the
 * search grows them: index, do not keep pointers across calls. */
typedef struct por_ctx {
    ts                   *t;
    const bc_program     *prog;
    search_por_stats     *st;
    ss_store             *ss;
    por_labels           *labels;
    por_mem               mem;          /* budget of the arrays below and
                                           of the strategies' own */

    por_frame            *frames;       /* the stack; depth frames */
    size_t                depth;
    search_succ          *succs;        /* records of every frame */
    por_thread           *thr;          /* threads of every frame */
    const uint8_t        *vecs;         /* untaken successor vectors */

    /* per stored state (graph and proviso); grown by the search */
    uint32_t             *stackpos;     /* frame index + 1, 0: not on it */
    uint32_t             *ehead;        /* graph: first edge */
    por_set              *pend;         /* graph: threads with a pending
                                           transition */
    uint32_t             *epoch;        /* graph: walk marks */
    uint32_t              cur_epoch;
    size_t                nstates;      /* entries valid in the arrays */
    por_edge             *edges;
    size_t                nedges, edges_cap;

    /* static facts per location: union over its transitions.  They
     * are the model's (ts_facts, engine/model/facts.c): the fields
     * below alias facts' arrays (read only), set by por_facts_init() */
    ts_facts             *facts;
    uint64_t             *loc_rd;       /* npclocs * nwords */
    uint64_t             *loc_wr;
    uint8_t              *loc_invis;    /* all invisible, none atomic */
    /* static facts of everything a process can still do from a
     * location (union over the locations reachable in its proctype),
     * and of every proctype some `run' can start (F-STACK-STATIC) */
    uint64_t             *loc_reach_rd; /* npclocs * nwords */
    uint64_t             *loc_reach_wr;
    uint64_t             *spawn_rd;     /* nwords */
    uint64_t             *spawn_wr;
    uint8_t              *loc_reach_run;/* a `run' is reachable */
    int                   has_run;      /* some transition runs a process */

    int                   cycle_fix;    /* POR_CYCLE_* (--cycle-fix) */
    int                   de_paths;     /* --de-retraverse=paths */
    int                   cycle_error;  /* set by a strategy: a paths
                                           re-traversal met a cycle; the
                                           search stops */

    uint32_t             *work;         /* walk stack */
    size_t                work_cap;
    int                   uses_timeout; /* some transition uses timeout */
    size_t                vec_extra;    /* stateless: bytes of node id
                                           after each stored vector */

    /* the search's enumeration order: the slot to take first among the
     * threads of f whose bit is in cand and that are not taken, or -1 */
    int32_t             (*pick)(struct por_ctx *c, por_frame *f,
                                por_set cand);
    /* store id of the successor of record i of f (relative to the frame)
     * when it is stored already, else SS_NOREF */
    uint32_t            (*lookup)(struct por_ctx *c, por_frame *f,
                                  uint32_t i);
    void                 *search;
    /* the observer when it wants --explain lines, else NULL: every
     * explain_* call (engine/por/explain.h) is guarded by this one test */
    const search_observer *xp;
} por_ctx;

static inline por_frame *por_top(por_ctx *c)
{
    return &c->frames[c->depth - 1];
}

static inline por_thread *por_thr(por_ctx *c, const por_frame *f,
                                  uint32_t slot)
{
    return &c->thr[f->thr0 + slot];
}

/* Slot of pid in f, or -1. */
int      por_slot(por_ctx *c, const por_frame *f, uint32_t pid);

/* Append an edge src -> dst (graph modes); flags: POR_E_*. */
void     por_add_edge(por_ctx *c, uint32_t src, uint32_t dst,
                      uint32_t label, uint32_t pid, uint32_t pid2,
                      unsigned flags);

/* Start a walk: a fresh epoch. */
void     por_walk_begin(por_ctx *c);
/* Mark u seen in the current walk; returns 1 when it was not. */
int      por_walk_mark(por_ctx *c, uint32_t u);
/* Push u on the walk stack. */
void     por_walk_push(por_ctx *c, uint32_t u, size_t *n);

/* por_walk_mark(c, u) and, when it returns 1, por_walk_push(c, u, n),
 * without a call while the walk stack has room (the walks' inner loop). */
static inline void por_walk_visit(por_ctx *c, uint32_t u, size_t *n)
{
    if (u >= c->nstates || c->epoch[u] == c->cur_epoch)
        return;
    c->epoch[u] = c->cur_epoch;
    if (*n < c->work_cap)
        c->work[(*n)++] = u;
    else
        por_walk_push(c, u, n);
}

/* Threads r in mask (r != except) of the stored state u whose static
 * facts at their current location conflict with label; as a set. */
por_set  por_pending_conflicts(por_ctx *c, uint32_t u, por_set mask,
                               uint32_t label, uint32_t except);
/* The same for a vector given directly; when srd is not NULL, a thread
 * also counts when its static facts conflict with srd/swr (the static
 * facts of a location with a disabled transition: F-NONDET). */
por_set  por_pending_conflicts_vec(por_ctx *c, const uint8_t *vec,
                                   size_t len, por_set mask,
                                   uint32_t label, const uint64_t *srd,
                                   const uint64_t *swr, uint32_t except);
/* por_pending_conflicts with static facts too. */
por_set  por_pending_conflicts2(por_ctx *c, uint32_t u, por_set mask,
                                uint32_t label, const uint64_t *srd,
                                const uint64_t *swr, uint32_t except);
/* Do two static read/write sets conflict? */
int      por_static_conflict(const bc_program *p, const uint64_t *r1,
                             const uint64_t *w1, const uint64_t *r2,
                             const uint64_t *w2);
/* Index (a location of ts_nlocs(), c->loc_rd / nwords) of the location
 * of thread slot of f.  Needs por_facts_init(). */
size_t   por_thread_loc(por_ctx *c, const por_frame *f, uint32_t slot);

/* Cycle treatments of the dynamic algorithms (--cycle-fix, design
 * §7.3.3 and §7.6): a walk that reaches a state on the stack at frame j
 * (or an edge onto it) makes the irreducible frames from j up fully
 * expanded (STACK), adds the static conflicts of their current thread to
 * its dep set (STATIC, F-STACK-STATIC), or does nothing (C3: F-C3
 * only).  F-C3 itself is always on. */
#define POR_CYCLE_STACK  0
#define POR_CYCLE_C3     1
#define POR_CYCLE_STATIC 2

/* F-STACK-STATIC: the threads of f's state (other than the one of
 * slot) whose code, from their current location on, can make a step
 * dependent on a transition of slot's location (static facts), plus
 * POR_SET_OTHER when a process some `run' can start could. */
por_set  por_static_threads(por_ctx *c, const por_frame *f, uint32_t slot);

/* What a walk below stored state u can still add to a dependency set:
 * the threads other than except whose code, from their location at u
 * on, can make a step conflicting with label (or with the static sets
 * srd/swr when not NULL), plus POR_SET_OTHER when a process some `run'
 * can start could, or when u has too many processes to tell. */
por_set  por_reach_conflicts(por_ctx *c, uint32_t u, uint32_t label,
                             const uint64_t *srd, const uint64_t *swr,
                             uint32_t except);

/* The backtrack update of design §3.5 for thread slot of f (with dep
 * already set): case (a), (b) or (c); counts in c->st. */
void     por_update_backtrack(por_ctx *c, por_frame *f, uint32_t slot);

/* The exhausted() of the source-set strategies (DE, O-DPOR): a state
 * closes when it is not irreducible or every thread of its backtrack
 * set is done. */
int      por_exhausted_done(void *self, por_ctx *c, por_frame *f);

/* The enter() of the graph strategies (DE, DL, O-DPOR): the sets of
 * por_enter_common with no forced full expansion. */
void     por_enter_sets(void *self, por_ctx *c, por_frame *f);

/* ------------------------------------------------------------ strategy */

#define POR_NEED_GRAPH  0x01u   /* keep the visited graph */
#define POR_JPF         0x02u   /* safe = enabled at every state */

typedef struct por_algo {
    unsigned needs;
    void *(*new)(por_ctx *c);
    void  (*free)(void *self);
    void  (*enter)(void *self, por_ctx *c, por_frame *f);
    void  (*step)(void *self, por_ctx *c, uint32_t fi, uint32_t pid,
                  uint32_t pid2, uint32_t label, uint32_t dst, int is_new,
                  int on_stack);
    void  (*pushed)(void *self, por_ctx *c, por_frame *f);
    void  (*thread_start)(void *self, por_ctx *c, por_frame *f,
                          uint32_t slot);
    void  (*thread_done)(void *self, por_ctx *c, por_frame *f,
                         uint32_t slot);
    int   (*exhausted)(void *self, por_ctx *c, por_frame *f);
    void  (*popped)(void *self, por_ctx *c);
} por_algo;

/* The strategies (por_spor.c, por_de.c, por_dl.c, por_odpor.c). */
extern const por_algo por_algo_none;
extern const por_algo por_algo_spor;
extern const por_algo por_algo_de;
extern const por_algo por_algo_de_jpf;
extern const por_algo por_algo_dl;
extern const por_algo por_algo_dl_jpf;
extern const por_algo por_algo_odpor;

/* ------------------------------------------------------------- modes */

/* The reductions a user can choose (--por=NAME), in the order of the
 * table por_modes[] (engine/por/por_modes.c).  Adding one: a file
 * engine/por/por_NAME.c with its por_algo, one line here, one entry in
 * the table; --help, the error for an unknown name, the text report,
 * JSON and --por-check read the table. */
typedef enum por_mode_id {
    POR_MODE_NONE,              /* full expansion */
    POR_MODE_SPOR,              /* S-POR: safe sets + stack proviso */
    POR_MODE_DE,                /* DE-S-POR: eager source sets */
    POR_MODE_DL,                /* DL-S-POR: lazy source sets */
    POR_MODE_DE_JPF,            /* DE with safe = enabled everywhere */
    POR_MODE_DL_JPF,            /* DL with safe = enabled everywhere */
    POR_MODE_ODPOR,             /* stateful source-DPOR on S-POR */
    POR_NMODES
} por_mode_id;

/* The default reduction (the measurements behind it: por_modes.c). */
#define POR_MODE_DEFAULT POR_MODE_SPOR

/* What the text report shows of a mode's statistics (por_mode.shows),
 * besides the lines every reduction has (reducible, irreducible, F-C3,
 * F-NONDET, threads never expanded).  JSON always has every field. */
#define POR_SHOW_GRAPH     0x01u  /* F-STACK and forced full expansion,
                                     graph edges, re-traversals, dep
                                     sets, backtrack updates, memory */
#define POR_SHOW_RACES     0x02u  /* O-DPOR's races and replays */
#define POR_SHOW_SHORTCUTS 0x04u  /* DL's short-cuts O2-O5 */

/* One reduction as the user and the reports see it. */
typedef struct por_mode {
    const char     *name;       /* on the command line: "dl" */
    const char     *brief;      /* in --help after the name, or NULL */
    const char     *title;      /* the report's line */
    const char     *proviso;    /* the fixes it applies, for people; NULL:
                                   built from --cycle-fix and walk */
    const char     *walk;       /* with proviso NULL: how it learns below
                                   a visited state */
    const char     *walk_paths; /* the same under --de-retraverse=paths,
                                   or NULL when it does not take it */
    const por_algo *algo;
    unsigned        shows;      /* POR_SHOW_* */
} por_mode;

/* The table, POR_NMODES entries indexed by por_mode_id. */
extern const por_mode por_modes[POR_NMODES];

/* The entry of mode m, or NULL when m is not one. */
const por_mode *por_mode_get(int m);
/* The mode called name, or -1. */
int         por_mode_from_name(const char *name);
/* Does mode m take --cycle-fix (its proviso is built from it)? */
int         por_mode_takes_cycle_fix(int m);
/* The names for people into buf (size bytes, returned): "none, spor,
 * de, ..." in table order; with briefs, each brief in parentheses after
 * its name ("spor (S-POR)"). */
const char *por_mode_names(char *buf, size_t size, int briefs);
/* The proviso and fixes of mode m run with cycle fix fix (POR_CYCLE_*)
 * and de_paths (--de-retraverse=paths) into buf, which is returned;
 * "?" for an unknown mode. */
const char *por_mode_proviso(int m, int fix, int de_paths, char *buf,
                             size_t size);

/* --------------------------------------------- static facts, S-POR */

/* Fill c's static facts per location (loc_rd, loc_wr, loc_invis,
 * uses_timeout, and F-STACK-STATIC's loc_reach_*, spawn_*, has_run):
 * c->facts := ts_facts_new(c->prog) (engine/model/facts.c), the other
 * fields point into it; por_facts_free() frees them.  Needs only
 * c->prog. */
void     por_facts_init(por_ctx *c);
void     por_facts_free(por_ctx *c);

/* F-BLOCK: the threads of frame f (state vec, len bytes) whose location
 * has a transition that is not enabled there (blocked, or a disabled
 * sibling), from f's successor records (c->succs, c->thr); every
 * process of vec counts. */
por_set  por_pending_mask(por_ctx *c, const por_frame *f,
                          const uint8_t *vec, size_t len);

/* S-POR's reducible test with F-NONDET and F-C3 (por_spor.c), on a
 * frame whose records and threads are in c->succs, c->thr: the first
 * thread, in the order of c->pick, whose every transition at its
 * location is invisible and not atomic and none of whose successors is
 * on the stack (c->lookup, c->stackpos).  Sets POR_F_REDUCIBLE and
 * f->safe to that thread, or POR_F_FULL when every candidate was
 * refused by the proviso; marks invisible threads POR_T_INVIS and
 * counts in c->st.  Needs por_facts_init(). */
void     por_spor_reducible(por_ctx *c, por_frame *f);

/* ---------------------------------- races that cannot happen (DE, DL)
 * (por_dl.c gives the soundness argument.)  With the per-location facts
 * of ts_facts (nrpr_max, die_only, gate_live, gate_model, spawn_gate:
 * engine/model/facts.c), DL and DE drop a dependency no run can
 * reverse: through _nr_pr, with a step that cannot be taken while a
 * process of a higher pid is alive; through the atomic gate, once no
 * atomic owner can ever block half way again. */

/* Can thread rp, standing at location li, take a step in a run from a
 * state where thread p is about to move, before p moves?  1 when not
 * known. */
static inline int por_can_race(const ts_facts *f, uint32_t li, uint32_t rp,
                               uint32_t p)
{
    if (li >= f->nlocs)
        return 1;
    if (f->die_only[li])
        return rp > p;
    return f->nrpr_max[li] > p;
}

/* Is the gate dead at stored state ref: no atomic owner can block half
 * way in any state reachable from it?  Needs por_facts_init(). */
int      por_gate_dead(por_ctx *c, uint32_t ref);

/* Shared by the strategies' enter(): set safe/todo for a reducible state
 * (the search has put the chosen thread in f->safe) or an irreducible
 * one.  Returns 1 when f is irreducible. */
int      por_enter_common(por_ctx *c, por_frame *f, unsigned needs);

/* ------------------------------------- S-POR under liveness (-a, -l)
 * (por_live.c) The ample set of the nested depth-first search
 * (engine/search/ndfs.c): at a state, the one process whose successors
 * alone are explored, or all of them.  The choice is a pure function of
 * the system state (never of the stack, the claim's state or which of
 * the two searches asks), so both searches of the nested DFS walk one
 * reduced graph; por_live.c gives the soundness argument. */
typedef struct por_live por_live;

/* The ample sets of t's program for a search of non-progress cycles
 * (nonprogress: progress labels are what the property sees) or of
 * acceptance cycles (the never claim's propositions, or without a
 * claim the processes' accept labels).  NULL when out of memory. */
por_live *por_live_new(ts *t, int nonprogress);
void      por_live_free(por_live *l);
/* The pid of the process whose successors alone need exploring at
 * state src (len bytes), whose successors ts_successors() put in out;
 * TS_NONE: explore them all.  A successor of the never claim alone
 * (pid TS_NONE: its stutter, or a finding in its expression) is always
 * kept.  Counts the decision when `count' (once per stored state). */
uint32_t  por_live_ample(por_live *l, const uint8_t *src, size_t len,
                         const ts_succs *out, int count);
/* Add what it decided to st: reducible, irreducible, full_c3 (refused by
 * the static cycle proviso), nondet_denied, threads_skipped. */
void      por_live_stats(const por_live *l, search_por_stats *st);

/* The summaries of closed states that DL and DE share are in
 * engine/por/por_sum.h (used only inside engine/por/). */

#endif /* SPORE_ENGINE_POR_H */
