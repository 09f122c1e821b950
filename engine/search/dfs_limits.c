/*
 * engine/search/dfs_limits.c -- the depth-first search's limits: memory
 * accounting against --memlimit (the store, the stack, the per-state
 * arrays and what the reductions grow, together), the clock (--time-limit
 * and the progress line) and the store's invariants under
 * --enable-debug-checks.
 *
 * Everything the search grows goes through dfs_grow (dfs_int.h): past
 * the limit, or when malloc refuses, it fails and the search ends
 * incomplete (out of memory) with its statistics, never exits.
 */
#include "config.h"

#include "engine/search/search.h"

#include "engine/search/dfs_int.h"

#include <stdlib.h>
#include <string.h>

#include "statestore/ss.h"

size_t dfs_graph_bytes(const dfs *d)
{
    const por_ctx *c = &d->pc;
    size_t         n = d->arr_cap * sizeof(uint32_t);

    if (d->algo != NULL && (d->algo->needs & POR_NEED_GRAPH))
        n += d->arr_cap * (2 * sizeof(uint32_t) + sizeof(por_set))
             + c->edges_cap * sizeof(por_edge)
             + (c->labels ? por_labels_bytes(c->labels) : 0);
    return n;
}

size_t dfs_stack_bytes(const dfs *d)
{
    return d->frames_cap * sizeof(por_frame)
         + d->succs_cap * sizeof(search_succ)
         + d->vecs_cap + d->scratch_cap * sizeof(search_step)
         + d->sdepth_cap * sizeof(uint32_t)     /* -i only */
         + d->thr_cap * sizeof(por_thread);
}

/* Bytes of one entry of the per-state arrays (dfs_por_arrays). */
size_t dfs_arr_entry(const dfs *d)
{
    return d->algo != NULL && (d->algo->needs & POR_NEED_GRAPH)
           ? 3 * sizeof(uint32_t) + sizeof(por_set) : sizeof(uint32_t);
}

/* What the search itself holds besides the store: the stack and the
 * per-state arrays. */
static size_t search_bytes(const dfs *d)
{
    return dfs_stack_bytes(d) + d->arr_cap * dfs_arr_entry(d);
}

/* Everything the search holds besides what the reductions grow (their
 * budget, d->pc.mem, counts that): the store, the stack, the per-state
 * arrays.  The por_mem callback. */
size_t dfs_held_bytes(void *ctx)
{
    const dfs *d = ctx;
    ss_stats   st;

    ss_get_stats(d->ss, &st);
    return st.bytes + search_bytes(d);
}

/* The store's share of --memlimit: what the stack, the per-state arrays
 * and the reductions hold is taken off it, so that all of them together
 * stay within the limit (the store alone would not know of the rest).
 * dfs_store_budget (dfs_int.h) is called before each insertion and
 * costs two comparisons unless a capacity grew (dfs_grow,
 * dfs_por_arrays) or the reductions' budget moved since the last
 * time. */
void dfs_store_budget_set(dfs *d)
{
    size_t other;

    d->budget_stale = 0;
    d->budget_held = d->pc.mem.held;
    other = search_bytes(d) + d->pc.mem.held;
    if (other != d->store_other) {
        d->store_other = other;
        ss_set_limit(d->ss, other < d->o->memlimit
                            ? d->o->memlimit - other : 1);
    }
}

/* Would n more bytes pass the memory limit?  Counts the store, the
 * stack, the per-state arrays and what the reductions grew. */
int dfs_over_limit(dfs *d, size_t n)
{
    return d->o->memlimit != 0
           && dfs_held_bytes(d) + d->pc.mem.held + n > d->o->memlimit;
}

/* Grow *p (elem-byte items, capacity *cap) to hold need items, doubling;
 * refuses (-1) past the memory limit or when malloc fails. */
int dfs_grow_slow(dfs *d, void **p, size_t *cap, size_t need,
                  size_t elem)
{
    size_t ncap = *cap ? *cap : 64;
    void  *np;

    if (need <= *cap)
        return 0;
    while (ncap < need)
        ncap *= 2;
    if (dfs_over_limit(d, (ncap - *cap) * elem))
        return -1;
    np = realloc(*p, ncap * elem);
    if (np == NULL)
        return -1;
    *p = np;
    *cap = ncap;
    d->budget_stale = 1;
    return 0;
}

/* The store's invariants after a lookup of vec (len bytes) that gave
 * res and ref (--enable-debug-checks only): a new vector gets the next
 * dense id, and the id of a stored vector holds exactly its bytes. */
#ifdef SPORE_DEBUG_CHECKS
void dfs_store_check(const ss_store *ss, const uint8_t *vec, size_t len,
                     ss_ref ref, ss_result res)
{
    const uint8_t *got;
    size_t         glen;

    if (res == SS_FULL)
        return;
    POR_CHECK(res != SS_NEW || (size_t)ref + 1 == ss_count(ss));
    got = ss_get(ss, ref, &glen);
    POR_CHECK(glen == len && memcmp(got, vec, len) == 0);
    POR_CHECK(ss_find(ss, vec, len) == ref);
}
#endif

void dfs_stop(dfs *d, search_stop why)
{
    if (d->r->stop == SEARCH_STOP_NONE)
        d->r->stop = why;
}

static void progress(dfs *d, double now)
{
    const search_stats *st = &d->r->stats;
    ss_stats            ss;
    double              t = now - d->start;

    ss_get_stats(d->ss, &ss);
    fprintf(d->o->progress_out,
            "Depth= %7zu States= %10zu Transitions= %10zu "
            "Memory= %9.3f MiB t= %8.2f R= %8.0f\n",
            d->depth ? d->depth - 1 : 0, ss.stored, st->transitions,
            (double)(ss.bytes + dfs_stack_bytes(d) + dfs_graph_bytes(d))
            / (1024.0 * 1024.0), t,
            t > 0 ? (double)ss.stored / t : 0.0);
    fflush(d->o->progress_out);
}

/* The clock, every 1024 iterations of the loop (dfs_poll): the time
 * limit and the progress line.  Returns 1 when the search must stop. */
int dfs_poll_clock(dfs *d)
{
    double now;

    d->walked = d->r->por.retraversed;
    now = search_now();
    if (d->o->time_limit > 0 && now - d->start >= d->o->time_limit) {
        dfs_stop(d, SEARCH_STOP_TIME);
        return 1;
    }
    if (d->o->progress_secs > 0 && d->o->progress_out != NULL
        && now >= d->next_progress) {
        progress(d, now);
        d->next_progress = now + d->o->progress_secs;
    }
    return 0;
}
