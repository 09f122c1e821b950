/*
 * engine/search/dfs_int.h -- what the files of the depth-first search share
 * (private to engine/search/).
 *
 * The search is one path (dfs.c): push a state, take its successors one
 * at a time, store each, pop.  Where the files differ is the stage they
 * serve:
 *   dfs.c         the core: push, take, pop, the atomic steps, the store
 *   dfs_por.c     the reductions' glue: the enumeration order (pick),
 *                 the per-state arrays, the por_algo hooks, the cycle
 *                 proviso, the atomic chains' labels
 *   dfs_obs.c     the observer (--dot, --explain)
 *   dfs_limits.c  memory accounting against --memlimit, the clock,
 *                 progress lines, interruption
 *   dfs_result.c  error kinds and names, findings and their trails,
 *                 -i, end states, the result
 *
 * The stack is an array of por_frame (engine/por/por.h): the search's
 * frames are the reductions' frames, so nothing is copied between them.
 * Under pan's order without a reduction (dfs.pan: --por=none, sequential
 * order without a permutation, no observer, not stateless) no reduction
 * reads a frame, and the records are laid out so that the next one to
 * take is the last (see keep_pan in dfs.c): taking it truncates both
 * arenas.  Otherwise records are kept in ts order, grouped by thread,
 * and the reduction chooses which thread to take next (dfs_por.c).
 * In both, f->took is the record being explored from a frame below the
 * top: the trail reads it.
 */
#ifndef SPORE_ENGINE_SEARCH_DFS_INT_H
#define SPORE_ENGINE_SEARCH_DFS_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/search/search.h"

#include "engine/por/por.h"
#include "statestore/ss.h"

typedef struct dfs {
    ts                   *t;
    const search_options *o;
    search_result        *r;
    ss_store             *ss;
    ts_succs              out;          /* reused by every expansion */
    int                   pan;          /* pan's order, no reduction: the
                                           compact layout, no hooks */

    por_frame            *frames;       /* the stack; depth frames */
    size_t                depth, frames_cap;
    search_succ          *succs;        /* records of every frame */
    size_t                nsuccs, succs_cap;
    uint8_t              *vecs;         /* successor vectors */
    size_t                vecs_len, vecs_cap;
    por_thread           *thr;          /* threads of every frame (not
                                           under pan) */
    size_t                nthr, thr_cap;

    search_step          *scratch;      /* trail being built */
    size_t                scratch_cap;
    size_t                errors_cap;

    /* the reductions (not under pan) */
    const por_algo       *algo;
    void                 *algo_self;
    int                   graph;        /* algo needs the visited graph */
    por_ctx               pc;
    size_t                arr_cap;      /* of the per-state arrays */
    uint64_t              rng;
    uint32_t              chain, chain_pid;   /* for an atomic push */
    uint32_t              chain_pid2, chain_many;
    size_t                por_live, por_peak;

    /* memory accounting (dfs_limits.c) */
    size_t                store_other;  /* bytes besides the store when
                                           its limit was last set */
    size_t                budget_held;  /* pc.mem.held then */
    int                   budget_stale; /* a capacity grew since */

    uint64_t              node;         /* stateless: next node id */
    uint8_t              *key;          /* stateless: vector + node id */
    size_t                key_cap;

    ss_store             *ends;         /* valid end states, or NULL */
    uint32_t             *sdepth;       /* -i: depth of each stored state
                                           when last explored */
    size_t                sdepth_cap;
    size_t                bound;        /* successors at this depth are
                                           not explored: max_depth, or
                                           under -i the last error's
                                           length */
    const char           *detail;       /* of the error being reported
                                           (the on_end hook's), or NULL */

    double                start, next_progress;
    unsigned              tick;
    size_t                walked;       /* retraversed at the last clock
                                           check */
} dfs;

/* ------------------------------------------------- dfs.c (the core) */

/* Push the state vec (stored as ref, or SS_NOREF for a state inside an
 * atomic sequence) and expand it; d->out already holds its successors
 * when have_succs is set.  Returns 1 when the search must stop. */
int  dfs_push(dfs *d, ss_ref ref, const uint8_t *vec, size_t len,
              int have_succs);
/* Take record i (relative to the frame) of the top frame f.  Returns 1
 * when the search must stop. */
int  dfs_take(dfs *d, por_frame *f, uint32_t i);
/* Pop the top frame. */
void dfs_pop(dfs *d);
/* Store (or, stateless, number) a vector. */
ss_result dfs_store(dfs *d, const uint8_t *vec, size_t len, ss_ref *ref);

/* -------------------------------------------- dfs_por.c (reductions) */

/* Set up the reduction d->algo for d->o; when its first structures
 * cannot be had, d->pc.mem.oom is set (the search then ends out of
 * memory before it starts). */
void dfs_por_init(dfs *d);
void dfs_por_fini(dfs *d);
/* The per-state arrays for store ids below n; 0, or -1 past the memory
 * limit. */
int  dfs_por_arrays(dfs *d, size_t n);
/* Copy d->out into the arenas as the records and threads of f (ts
 * order); 0, or -1 when the arenas cannot grow. */
int  dfs_por_keep(dfs *d, por_frame *f);
/* A frame f (index fi) was pushed for ref; before its expansion. */
void dfs_por_pushed(dfs *d, por_frame *f, size_t fi, ss_ref ref,
                    const uint8_t *vec, size_t len);
/* f has no successor (vec, len). */
void dfs_por_dead(dfs *d, por_frame *f, ss_ref ref, const uint8_t *vec,
                  size_t len);
/* f's successors are kept: let the reduction choose.  Returns 0. */
int  dfs_por_enter(dfs *d, por_frame *f, const uint8_t *vec, size_t len);
/* Before the top frame f is popped / after. */
void dfs_por_popping(dfs *d, por_frame *f);
void dfs_por_popped(dfs *d);
/* Record s of f ended in a finding with no successor. */
void dfs_por_finding(dfs *d, por_frame *f, const search_succ *s);
/* Record s of f leads into an atomic sequence (not stored): tell the
 * reduction and start or extend the chain. */
void dfs_por_chain(dfs *d, por_frame *f, const search_succ *s);
/* Record s of f reached ref (res: new or seen).  Returns 1 when the
 * search must stop. */
int  dfs_por_reached(dfs *d, por_frame *f, search_succ *s, ss_ref ref,
                     ss_result res);
/* One move of the reduction's order on the top frame: take a record,
 * finish a thread, or pop.  Returns 1 when the search must stop. */
int  dfs_por_step(dfs *d);

/* ------------------------------------------------ dfs_obs.c (observer)
 * Every call is guarded by one test of d->o->obs (or d->pc.xp for
 * explain-only lines), so a search without an observer pays nothing. */

void dfs_obs_state(dfs *d, ss_ref ref, const uint8_t *vec, size_t len);
void dfs_obs_enter(dfs *d, const por_frame *f);
void dfs_obs_pick(dfs *d, const por_frame *f, int32_t slot);
void dfs_obs_edge(dfs *d, const search_succ *s, uint32_t src, uint32_t dst,
                  int is_new, int stk);
void dfs_obs_closed(dfs *d, const por_frame *f);

/* ----------------------------------------- dfs_limits.c (memory, clock) */

size_t dfs_stack_bytes(const dfs *d);
size_t dfs_graph_bytes(const dfs *d);
/* Bytes of one entry of the per-state arrays. */
size_t dfs_arr_entry(const dfs *d);
/* The por_mem callback: the store, the stack, the per-state arrays. */
size_t dfs_held_bytes(void *ctx);
/* Would n more bytes pass the memory limit? */
int    dfs_over_limit(dfs *d, size_t n);
/* The store's share of --memlimit (see dfs_limits.c). */
void   dfs_store_budget_set(dfs *d);
int    dfs_grow_slow(dfs *d, void **p, size_t *cap, size_t need,
                     size_t elem);
/* The clock part of dfs_poll: time limit and progress line. */
int    dfs_poll_clock(dfs *d);
void   dfs_stop(dfs *d, search_stop why);

/* Grow *p (elem-byte items, capacity *cap) to hold need items, doubling;
 * refuses (-1) past the memory limit or when malloc fails. */
static inline int dfs_grow(dfs *d, void **p, size_t *cap, size_t need,
                           size_t elem)
{
    return need <= *cap ? 0 : dfs_grow_slow(d, p, cap, need, elem);
}

/* Before each insertion: two comparisons unless a capacity grew or the
 * reductions' budget moved since the store's limit was last set. */
static inline void dfs_store_budget(dfs *d)
{
    if ((d->budget_stale || d->pc.mem.held != d->budget_held)
        && d->o->memlimit != 0)
        dfs_store_budget_set(d);
}

/* Polled in the loop: interruption every time, the clock every 1024
 * iterations (or sooner when graph walks are long).  Returns 1 when the
 * search must stop. */
static inline int dfs_poll(dfs *d)
{
    if (d->o->stop != NULL && *d->o->stop) {
        dfs_stop(d, SEARCH_STOP_INTERRUPT);
        return 1;
    }
    if ((++d->tick & 1023u) != 0
        && d->r->por.retraversed - d->walked < ((size_t)1 << 20))
        return 0;
    return dfs_poll_clock(d);
}

/* The store's invariants after a lookup (--enable-debug-checks only). */
#ifdef SPORE_DEBUG_CHECKS
void dfs_store_check(const ss_store *ss, const uint8_t *vec, size_t len,
                     ss_ref ref, ss_result res);
#define DFS_STORE_CHECK(ss, vec, len, ref, res) \
    dfs_store_check(ss, vec, len, ref, res)
#else
#define DFS_STORE_CHECK(ss, vec, len, ref, res) ((void)0)
#endif

/* -------------------------------------- dfs_result.c (findings, result) */

/* The reductions' name (POR_CYCLE_*) of a search_cycle_fix. */
int  dfs_cycle_fix(int fix);

/* The step being explored from frame i (below the top). */
static inline search_step dfs_frame_step(const dfs *d, size_t i)
{
    const por_frame *f = &d->frames[i];

    return d->succs[f->succ0 + f->took].step;
}

/* Record an error with the trail to the top state plus last (may be
 * NULL); returns 1 when the search must stop. */
int  dfs_report_error(dfs *d, int kind, uint32_t loc,
                      const search_step *last);
/* A state without successors; returns 1 to stop. */
int  dfs_dead_end(dfs *d, const uint8_t *vec, size_t len);
/* The finding of a record (not TS_OK); returns 1 to stop. */
int  dfs_finding_slow(dfs *d, const search_succ *s);
/* -i: res, or SS_NEW for a state to explore again, or SS_FULL. */
ss_result dfs_depth_note(dfs *d, ss_ref ref, ss_result res);
/* A successor at depth d->bound: not explored; returns 0. */
int  dfs_cut(dfs *d);
/* Statistics and verdict into d->r at the end. */
void dfs_finish(dfs *d);

/* A finding of a successor record; returns 1 to stop. */
static inline int dfs_finding(dfs *d, const search_succ *s)
{
    return s->finding != TS_OK && dfs_finding_slow(d, s);
}

#endif /* SPORE_ENGINE_SEARCH_DFS_INT_H */
