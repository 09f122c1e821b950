/*
 * engine/search/dfs_result.c -- what the depth-first search reports: the
 * error kinds and their names, the reductions' and cycle fixes' names
 * (read from engine/por's table), the options' defaults, findings with
 * their trails (read off the stack), pan's -i shortening, valid end
 * states, and the result's statistics and verdict.
 *
 * The trail of an error is read off the stack: for every frame below the
 * top, the successor being explored is its record `took`
 * (dfs_frame_step, dfs_int.h).
 */
#include "config.h"

#include "engine/search/search.h"

#include "engine/search/dfs_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "statestore/ss.h"
#include "util/xalloc.h"

/* ------------------------------------------------------ error kinds */

/* Machine names: the words of pan's messages where pan has them, so
 * scripts and .expected files read the same in both tools. */
static const char *const err_names[SEARCH_E_NKINDS] = {
    "assertion", "index out of bounds", "division by zero", "bad channel",
    "d_step blocked", "vector overflow", "invalid end state",
    "outcome not admitted", "rv-attempt in d_step", "message fields",
    "end state in claim reached", "acceptance cycle", "non-progress cycle"
};

static const char *const err_texts[SEARCH_E_NKINDS] = {
    "assertion violated", "array index out of bounds", "division by zero",
    "bad channel", "d_step blocked", "state vector overflow",
    "invalid end state", "outcome not admitted",
    "rendezvous send inside d_step",
    "message fields do not match the channel",
    "never claim reached its end", "acceptance cycle",
    "non-progress cycle"
};

const char *search_err_name(int kind)
{
    return kind >= 0 && kind < SEARCH_E_NKINDS ? err_names[kind] : NULL;
}

const char *search_err_text(int kind)
{
    return kind >= 0 && kind < SEARCH_E_NKINDS ? err_texts[kind]
                                               : "unknown error";
}

int search_err_from_name(const char *name)
{
    for (int k = 0; k < SEARCH_E_NKINDS; k++)
        if (strcmp(name, err_names[k]) == 0)
            return k;
    return -1;
}

int search_err_from_finding(uint32_t finding)
{
    switch (finding) {
    case TS_ASSERT:      return SEARCH_E_ASSERT;
    case TS_BOUNDS:      return SEARCH_E_BOUNDS;
    case TS_DIVZERO:     return SEARCH_E_DIVZERO;
    case TS_BADCHAN:     return SEARCH_E_BADCHAN;
    case TS_DSTEP_BLOCK: return SEARCH_E_DSTEP_BLOCK;
    case TS_OVERFLOW:    return SEARCH_E_OVERFLOW;
    case TS_RV_DSTEP:    return SEARCH_E_RV_DSTEP;
    case TS_BADMSG:      return SEARCH_E_BADMSG;
    case TS_CLAIM_END:   return SEARCH_E_CLAIM;
    default:             return -1;
    }
}

/* ------------------------------------------------------- reductions */

static const char *const cycle_fix_names[SEARCH_CYCLE_NFIXES] = {
    "stack", "c3-only", "static"
};

const char *search_cycle_fix_name(int fix)
{
    return fix >= 0 && fix < SEARCH_CYCLE_NFIXES ? cycle_fix_names[fix]
                                                 : NULL;
}

int search_cycle_fix_from_name(const char *name)
{
    for (int f = 0; f < SEARCH_CYCLE_NFIXES; f++)
        if (strcmp(name, cycle_fix_names[f]) == 0)
            return f;
    return -1;
}

/* The reductions' name (POR_CYCLE_*) of a search_cycle_fix. */
int dfs_cycle_fix(int fix)
{
    return fix == SEARCH_CYCLE_C3 ? POR_CYCLE_C3
           : fix == SEARCH_CYCLE_STATIC ? POR_CYCLE_STATIC : POR_CYCLE_STACK;
}

const char *search_por_proviso(const search_options *o, char *buf,
                               size_t size)
{
    /* S-POR under -a / -l (engine/por/por_live.c) */
    if (o->liveness && o->por == SEARCH_POR_SPOR) {
        snprintf(buf, size, "static cycle proviso (no process alone on "
                 "a back edge of its code), steps the property sees, "
                 "F-NONDET");
        return buf;
    }
    return por_mode_proviso(o->por, dfs_cycle_fix(o->cycle_fix),
                            o->de_paths, buf, size);
}

const search_por *search_por_get(int mode)
{
    return por_mode_get(mode);
}

int search_por_from_name(const char *name)
{
    return por_mode_from_name(name);
}

/* ------------------------------------------------------- options */

void search_options_init(search_options *o)
{
    memset(o, 0, sizeof *o);
    o->por = SEARCH_POR_NONE;
    o->max_depth = 1000000;
    o->max_errors = 1;
    o->check_assert = 1;
    o->check_end = 1;
    o->progress_secs = 5.0;
    o->progress_out = stderr;
    o->max_trails = 16;
    o->order = SEARCH_ORDER_SEQ;
    o->prefer_visited = 1;
}

void search_result_fini(search_result *r)
{
    if (r == NULL)
        return;
    for (size_t i = 0; i < r->nerrors; i++) {
        free(r->errors[i].steps);
        free((char *)r->errors[i].detail);
    }
    free(r->errors);
    r->errors = NULL;
    r->nerrors = 0;
    for (size_t i = 0; i < r->nend_states; i++)
        free(r->end_states[i]);
    free(r->end_states);
    r->end_states = NULL;
    r->nend_states = 0;
}

double search_now(void)
{
    struct timespec now;

    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* ----------------------------------------------------------- errors */

/* The trail to the top state into d->scratch, plus `last` when not NULL.
 * Returns the number of steps, or (size_t)-1 when out of memory. */
static size_t build_trail(dfs *d, const search_step *last)
{
    size_t n = d->depth ? d->depth - 1 : 0;

    if (dfs_grow(d, (void **)&d->scratch, &d->scratch_cap, n + 1,
             sizeof(search_step)) != 0)
        return (size_t)-1;
    for (size_t i = 0; i < n; i++)
        d->scratch[i] = dfs_frame_step(d, i);
    if (last != NULL)
        d->scratch[n++] = *last;
    return n;
}

/* -i (pan's iterative shortening): an error of n steps counts only when
 * it is shorter than the last one; it then replaces it (one error is
 * kept, as index 1) and lowers the depth bound to n, since no state at
 * depth n or more can start a shorter path to an error.  Returns 1 when
 * the error is to be ignored. */
static int shorter_error(dfs *d, size_t n)
{
    search_result *r = d->r;

    if (n == (size_t)-1)
        return 0;
    if (r->nerrors > 0 && n >= r->errors[0].nsteps)
        return 1;
    if (r->nerrors > 0) {
        free(r->errors[0].steps);
        free((char *)r->errors[0].detail);
        r->nerrors = 0;
    }
    if (n < d->bound)
        d->bound = n;
    return 0;
}

/* -i: a state is explored again when reached by a shorter path than
 * the one it was last explored from (pan's -i keeps the depth in the
 * hash table; spore keeps it in an array indexed by store id, allocated
 * only under -i).  Returns res, or SS_NEW for a state to explore again,
 * or SS_FULL when the array cannot grow. */
ss_result dfs_depth_note(dfs *d, ss_ref ref, ss_result res)
{
    size_t old = d->sdepth_cap;
    size_t depth = d->depth;        /* of the successor */

    if (res == SS_FULL)
        return res;
    if ((size_t)ref >= old) {
        /* unnoted entries read 0: never explored again (only the
         * initial state, at depth 0, is stored without a note) */
        if (dfs_grow(d, (void **)&d->sdepth, &d->sdepth_cap, (size_t)ref + 1,
                 sizeof(uint32_t)) != 0)
            return SS_FULL;
        memset(d->sdepth + old, 0, (d->sdepth_cap - old) * sizeof(uint32_t));
    }
    if (res == SS_NEW) {
        d->sdepth[ref] = (uint32_t)depth;
        return res;
    }
    if (depth < d->sdepth[ref]) {
        d->sdepth[ref] = (uint32_t)depth;
        d->r->stats.reexplored++;
        return SS_NEW;
    }
    return res;
}

/* A successor at depth d->bound: not explored.  Truncation (an
 * incomplete search) only when the user's depth limit cut it, not the
 * bound of -i. */
int dfs_cut(dfs *d)
{
    if (d->depth >= d->o->max_depth) {
        d->r->stats.truncated++;
        d->r->truncated = 1;
    }
    return 0;
}

/* Record an error; returns 1 when the search must stop. */
int dfs_report_error(dfs *d, int kind, uint32_t loc,
                        const search_step *last)
{
    search_result *r = d->r;
    search_error   e;
    size_t         n = build_trail(d, last);

    if (d->o->shortest && shorter_error(d, n))
        return 0;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.loc = loc;
    e.depth = d->depth ? d->depth - 1 : 0;
    e.index = r->nerrors + 1;
    e.detail = d->detail;
    if (n != (size_t)-1) {
        e.steps = d->scratch;
        e.nsteps = n;
    }
    if (d->o->on_error != NULL)
        d->o->on_error(d->o->on_error_ctx, &e);
    xgrow((void **)&r->errors, &d->errors_cap, r->nerrors + 1,
          sizeof *r->errors);
    if (e.steps != NULL && r->nerrors < d->o->max_trails) {
        search_step *copy = malloc((n ? n : 1) * sizeof *copy);

        if (copy != NULL && n > 0)
            memcpy(copy, e.steps, n * sizeof *copy);
        e.steps = copy;
    } else {
        e.steps = NULL;
    }
    if (e.detail != NULL)
        e.detail = xstrdup(e.detail);
    r->errors[r->nerrors++] = e;
    if (d->o->max_errors && r->nerrors >= d->o->max_errors
        && !d->o->shortest) {
        dfs_stop(d, SEARCH_STOP_ERRORS);
        return 1;
    }
    return 0;
}

/* Location of the first process that is not at a valid end location, for
 * an invalid end state; TS_NONE when all are (e.g. -q and a full
 * channel). */
uint32_t search_blocked_loc(const ts *t, const uint8_t *vec, size_t len)
{
    return ts_blocked_loc(t, vec, len);
}

/* A valid end state: ask the on_end hook (--outcomes) and report an
 * outcome it refuses, with the path to the state.  Returns 1 to stop. */
static int end_hook(dfs *d, const uint8_t *vec, size_t len)
{
    const char *detail = NULL;
    size_t      n = build_trail(d, NULL);
    int         rc;

    if (!d->o->on_end(d->o->on_end_ctx, vec, len,
                      n != (size_t)-1 ? d->scratch : NULL,
                      n != (size_t)-1 ? n : 0, &detail))
        return 0;
    d->detail = detail;
    rc = dfs_report_error(d, SEARCH_E_OUTCOME, TS_NONE, NULL);
    d->detail = NULL;
    return rc;
}

/* A state without successors: remember it when it is a valid end state
 * (--end-states, --outcomes), report it when it is not.  Returns 1 to
 * stop. */
int dfs_dead_end(dfs *d, const uint8_t *vec, size_t len)
{
    int valid = ts_valid_end(d->t, vec, len, d->o->require_empty);

    if (valid && d->ends != NULL) {
        ss_ref ref;

        if (ss_find_or_put(d->ends, vec, len, &ref) == SS_FULL) {
            dfs_stop(d, SEARCH_STOP_MEMORY);
            return 1;
        }
    }
    if (valid && d->o->on_end != NULL)
        return end_hook(d, vec, len);
    if (!valid && d->o->check_end)
        return dfs_report_error(d, SEARCH_E_INVALID_END,
                            search_blocked_loc(d->t, vec, len), NULL);
    return 0;
}

/* A finding of a successor record; returns 1 to stop. */
int dfs_finding_slow(dfs *d, const search_succ *s)
{
    int kind;

    if (s->finding == TS_OK)
        return 0;
    if (s->finding == TS_OVERFLOW) {
        /* a limit of spore, not an error of the model: the search
         * stops, incomplete (the report names the limit and the step) */
        if (d->r->stop == SEARCH_STOP_NONE)
            d->r->limit_loc = s->floc;
        dfs_stop(d, SEARCH_STOP_LIMIT);
        return 1;
    }
    kind = search_err_from_finding(s->finding);
    if (kind < 0)
        kind = SEARCH_E_OVERFLOW;
    if (kind == SEARCH_E_ASSERT && !d->o->check_assert)
        return 0;
    return dfs_report_error(d, kind, s->floc, &s->step);
}
/* ----------------------------------------------------------- result */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The valid end states as sorted hex strings into the result. */
static void collect_ends(dfs *d)
{
    search_result *r = d->r;
    size_t         n = ss_count(d->ends);

    r->end_states = xcalloc(n ? n : 1, sizeof *r->end_states);
    for (size_t i = 0; i < n; i++) {
        size_t         len;
        const uint8_t *v = ss_get(d->ends, (ss_ref)i, &len);
        char          *h = xmalloc(2 * len + 1);

        for (size_t k = 0; k < len; k++) {
            h[2 * k] = "0123456789abcdef"[v[k] >> 4];
            h[2 * k + 1] = "0123456789abcdef"[v[k] & 15];
        }
        h[2 * len] = '\0';
        r->end_states[i] = h;
    }
    qsort(r->end_states, n, sizeof *r->end_states, cmp_str);
    r->nend_states = n;
}

void dfs_finish(dfs *d)
{
    search_result *r = d->r;
    ss_stats       ss;

    ss_get_stats(d->ss, &ss);
    r->stats.stored = ss.stored;
    r->stats.conflicts = ss.conflicts;
    r->stats.store_bytes = ss.bytes;
    r->stats.store_vec_bytes = ss.vector_bytes;
    r->stats.store_table_bytes = ss.table_bytes;
    r->stats.stack_bytes = dfs_stack_bytes(d);
    r->stats.elapsed = search_now() - d->start;
    if (!d->pan) {
        r->por.graph_bytes = dfs_graph_bytes(d);
        r->por.por_bytes = d->por_peak * sizeof(por_frame);
    }
    if (r->nerrors > 0)
        r->verdict = SEARCH_VIOLATED;
    else if (r->stop != SEARCH_STOP_NONE || r->truncated)
        r->verdict = SEARCH_INCOMPLETE;
    else
        r->verdict = SEARCH_VERIFIED;
    if (r->truncated && r->stop == SEARCH_STOP_NONE)
        r->stop = SEARCH_STOP_DEPTH;
    if (d->ends != NULL)
        collect_ends(d);
}

