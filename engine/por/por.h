/*
 * engine/por/por.h -- partial order reduction strategies and what they share.
 *
 * The general search of engine/search/dfs.c keeps, for every state on its stack,
 * a por_frame: the state's successors grouped by thread (por_thread, in
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
 * f->todo := f->safe.  It also owns the reducible test (por_reducible:
 * the first thread, in order, whose every transition at its location is
 * invisible, not atomic, and whose successors are not on the stack).
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
#include "engine/search/search.h"
#include "engine/model/ts.h"
#include "statestore/ss.h"

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
    por_set  enabled;   /* threads with a successor */
    por_set  safe;
    por_set  todo;      /* backtrack(s) */
    por_set  taken;     /* threads followed (DL's taken(s)) */
    por_set  done;      /* DE/DL done(s) */
} por_frame;

/* ------------------------------------------------------------ labels */

#define POR_LABEL_NONE 0u       /* the empty label (invisible) */

typedef struct por_labels por_labels;

por_labels *por_labels_new(void);
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
    const search_options *o;
    search_por_stats     *st;
    ss_store             *ss;
    por_labels           *labels;

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

    /* static facts per location: union over its transitions */
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
/* Index (into prog->pclocs, c->loc_rd / nwords) of the location of
 * thread slot of f. */
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

/* Shared by the strategies' enter(): set safe/todo for a reducible state
 * (the search has put the chosen thread in f->safe) or an irreducible
 * one.  Returns 1 when f is irreducible. */
int      por_enter_common(por_ctx *c, por_frame *f, unsigned needs);

#endif /* SPORE_ENGINE_POR_H */
