/*
 * engine/por/por_sum.h -- what the graph reductions DL and DE (and their
 * JPF variants) share besides por.h, used only inside engine/por/: the
 * summaries of closed states (por_sum.c: a walk of the visited graph
 * stops at a closed state and takes its summary instead), the cache
 * arrays they grow, and a small table of interned ids (por_slots) that
 * the summaries and DL's walk memo (por_dl_memo.c) intern with.
 */
#ifndef SPORE_ENGINE_POR_SUM_H
#define SPORE_ENGINE_POR_SUM_H

#include <stddef.h>
#include <stdint.h>

#include "engine/por/por.h"

/* --------------------------------------- summaries of closed states
 * (por_sum.c; DL and DE walks stop at a closed state with a summary) */

/* Grow a cache array *p (capacity *cap, items of elem bytes) to hold
 * need items, doubling, within c's memory budget but never setting
 * c->mem.oom (a cache that cannot grow only stops growing).  Returns 0,
 * or -1 with *p and *cap unchanged. */
int por_cache_grow(por_ctx *c, void **p, size_t *cap, size_t need,
                   size_t elem);

/* What a walk asks of a state: one of its edges, or one of its pending
 * threads (label POR_SUM_PENDING). */
#define POR_SUM_PENDING UINT32_MAX
typedef struct por_sum_item {
    por_set  tids;      /* edge: por_edge_tids(); pending: the thread */
    uint32_t label;     /* edge: its label; POR_SUM_PENDING */
    uint32_t r;         /* edge: its pid (>= 254: not known); pending:
                           the thread */
    uint32_t li;        /* r's location at the state; UINT32_MAX: not
                           known */
    uint32_t src;       /* for --explain: a state with the item */
    uint32_t edge;      /* ... and the edge (POR_NOEDGE: pending) */
} por_sum_item;

typedef struct por_sums por_sums;

/* New, empty summaries (NULL when even that cannot be had: every
 * function below takes NULL as "no summaries"); freed by
 * por_sums_free (NULL: no-op). */
por_sums *por_sums_new(void);
void      por_sums_free(por_sums *s);
/* The search entered stored state ref (call for every stored state
 * entered, dead ends too, in the search's order) / popped it (after
 * its edges are final).  SS_NOREF is ignored. */
void      por_sums_pushed(por_ctx *c, por_sums *s, uint32_t ref);
void      por_sums_popped(por_ctx *c, por_sums *s, uint32_t ref);
/* The summary of stored state u, or UINT32_MAX when it has none (its
 * component is not finished, or no summary could be kept).  A summary
 * is final: the items of every state reachable from u. */
uint32_t  por_sums_of(const por_sums *s, uint32_t u);
/* Is u a popped state whose component is not finished (it reaches a
 * state on the search stack)?  0 when not known. */
int       por_sums_open(const por_sums *s, uint32_t u);
/* Summary ids are below por_sums_count(). */
size_t    por_sums_count(const por_sums *s);
/* Summary sid as a bit set over item ids (*nw words: item k is in it
 * when bit k % 64 of word k / 64 is set) and the item table the ids
 * index; borrowed, valid until the next por_sums_popped(). */
const uint64_t     *por_sums_words(const por_sums *s, uint32_t sid,
                                   uint32_t *nw);
const por_sum_item *por_sums_items(const por_sums *s);

/* ------------------------------------------------ interned ids
 * A table of slots holding nonzero uint32 values (ids as the caller
 * numbers them; 0: an empty slot), capacity a power of two, linear
 * probing from a value's hash & (cap - 1), kept at most half full.  The
 * caller probes it inline (it knows how to compare a value with its
 * key):
 *
 *     for (i = h & (t->cap - 1); t->v[i] != 0; i = (i + 1) & (t->cap - 1))
 *         if (value t->v[i] is the key) return it;
 *     ... store the new value in t->v[i]
 *
 * after por_slots_reserve() has made room for it. */
typedef struct por_slots {
    uint32_t *v;
    size_t    cap;
} por_slots;

/* Make room for n values (2 * n <= cap): when there is none, double the
 * capacity once (first, a power of two, for an empty table) and put
 * every value v back at the first free slot from hash(ctx, v).  The
 * table's memory is counted in c->mem: through por_grow() when strict
 * (a refusal sets c->mem.oom: the search ends), else por_cache_grow()
 * (a cache: a refusal only stops it growing).  Returns 0, or -1 with t
 * unchanged. */
typedef uint64_t (*por_slots_hash)(const void *ctx, uint32_t v);
int por_slots_grow(por_ctx *c, por_slots *t, size_t first, int strict,
                   por_slots_hash hash, const void *ctx);

static inline int por_slots_reserve(por_ctx *c, por_slots *t, size_t n,
                                    size_t first, int strict,
                                    por_slots_hash hash, const void *ctx)
{
    if (2 * n <= t->cap)
        return 0;
    return por_slots_grow(c, t, first, strict, hash, ctx);
}

#endif /* SPORE_ENGINE_POR_SUM_H */
