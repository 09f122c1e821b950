/*
 * engine/search/dfs.c -- stateful depth-first search with an explicit stack.
 *
 * The stack is an array of frames; each frame owns a contiguous run of
 * successor records (search_succ) in one arena and their vectors in a
 * byte arena.  Only the successors the reduction chose are kept, laid out
 * so that the next one to take is the last: taking it truncates the byte
 * arena, so the stack holds only vectors not yet taken (a chain of
 * single successors costs no vector bytes at all).  Pushing a frame
 * appends to the arenas, popping truncates them, so they grow
 * geometrically to the deepest point and the inner loop never allocates.
 * Offsets, not pointers, cross a push, because the arenas may move.
 * Exploration order is pan's: the highest pid first, a process's
 * transitions in source order.
 *
 * A successor is looked up in the store when it is taken, not when it is
 * generated (SPIN's order): new -> push, seen -> matched, full -> stop.
 * As in pan, a state reached by a move inside an atomic sequence (its
 * atomic-owner byte is set) whose owner can go on is not stored at all:
 * it is expanded and the move counted as an "atomic step", so that
 * stored/matched counts agree with SPIN's (design/language.md,
 * "Counting").  Where the owner blocks, the state is stored as usual.
 * The depth test comes before the store, as in pan: a state beyond the
 * limit is neither stored nor explored, and the search is marked
 * truncated.
 *
 * The trail of an error is read off the stack: for every frame below the
 * top, the successor being explored is the one at its `left` index.
 */
#include "config.h"

#include "engine/search/search.h"

#include "engine/por/explain.h"
#include "engine/por/por.h"

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
    "outcome not admitted", "rv-attempt in d_step", "message fields"
};

static const char *const err_texts[SEARCH_E_NKINDS] = {
    "assertion violated", "array index out of bounds", "division by zero",
    "bad channel", "d_step blocked", "state vector overflow",
    "invalid end state", "outcome not admitted",
    "rendezvous send inside d_step",
    "message fields do not match the channel"
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
static int cycle_fix(int fix)
{
    return fix == SEARCH_CYCLE_C3 ? POR_CYCLE_C3
           : fix == SEARCH_CYCLE_STATIC ? POR_CYCLE_STATIC : POR_CYCLE_STACK;
}

const char *search_por_proviso(const search_options *o, char *buf,
                               size_t size)
{
    return por_mode_proviso(o->por, cycle_fix(o->cycle_fix), o->de_paths,
                            buf, size);
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

/* ------------------------------------------------------- the search */

typedef struct frame {
    ss_ref   ref;
    uint32_t left;          /* successors not yet taken: 0..left-1 */
    uint32_t atomic;        /* the list was atomic */
    size_t   succ0;         /* first record in d->succs */
    size_t   vec0;          /* byte mark in d->vecs */
} frame;

typedef struct dfs {
    ts                   *t;
    const search_options *o;
    search_result        *r;
    ss_store             *ss;
    ts_succs              out;          /* reused by every expansion */

    frame                *frames;       /* pan path (none, pan order) */
    size_t                depth, frames_cap;
    search_succ          *succs;        /* records of every frame */
    size_t                nsuccs, succs_cap;
    uint8_t              *vecs;         /* successor vectors */
    size_t                vecs_len, vecs_cap;

    search_succ          *view;         /* pan path: d->out as records */
    size_t                view_cap;

    search_step          *scratch;      /* trail being built */
    size_t                scratch_cap;
    size_t                errors_cap;

    /* general path (every reduction, any order, stateless) */
    int                   general;
    const por_algo       *algo;
    void                 *algo_self;
    por_ctx               pc;
    por_frame            *gframes;
    size_t                gframes_cap;
    por_thread           *thr;
    size_t                nthr, thr_cap;
    size_t                arr_cap;      /* of the per-state arrays */
    size_t                store_other;  /* bytes besides the store when
                                           its limit was last set */
    size_t                budget_held;  /* pc.mem.held then */
    int                   budget_stale; /* a capacity grew since */
    uint64_t              rng;
    uint64_t              node;         /* stateless: next node id */
    uint8_t              *key;          /* stateless: vector + node id */
    size_t                key_cap;
    uint32_t              chain, chain_pid;   /* for an atomic push */
    uint32_t              chain_pid2, chain_many;
    size_t                por_live, por_peak;

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

static size_t graph_bytes(const dfs *d)
{
    const por_ctx *c = &d->pc;
    size_t         n = d->arr_cap * sizeof(uint32_t);

    if (d->algo != NULL && (d->algo->needs & POR_NEED_GRAPH))
        n += d->arr_cap * (2 * sizeof(uint32_t) + sizeof(por_set))
             + c->edges_cap * sizeof(por_edge)
             + (c->labels ? por_labels_bytes(c->labels) : 0);
    return n;
}

static size_t stack_bytes(const dfs *d)
{
    return d->frames_cap * sizeof(frame)
         + (d->succs_cap + d->view_cap) * sizeof(search_succ)
         + d->vecs_cap + d->scratch_cap * sizeof(search_step)
         + d->gframes_cap * sizeof(por_frame)
         + d->sdepth_cap * sizeof(uint32_t)     /* -i only */
         + d->thr_cap * sizeof(por_thread);
}

/* Bytes of one entry of the per-state arrays (ensure_arrays). */
static size_t arr_entry(const dfs *d)
{
    return d->algo != NULL && (d->algo->needs & POR_NEED_GRAPH)
           ? 3 * sizeof(uint32_t) + sizeof(por_set) : sizeof(uint32_t);
}

/* What the search itself holds besides the store: the stack and the
 * per-state arrays. */
static size_t search_bytes(const dfs *d)
{
    return stack_bytes(d) + d->arr_cap * arr_entry(d);
}

/* Everything the search holds besides what the reductions grow (their
 * budget, d->pc.mem, counts that): the store, the stack, the per-state
 * arrays.  The por_mem callback. */
static size_t held_bytes(void *ctx)
{
    const dfs *d = ctx;
    ss_stats   st;

    ss_get_stats(d->ss, &st);
    return st.bytes + search_bytes(d);
}

/* The store's share of --memlimit: what the stack, the per-state arrays
 * and the reductions hold is taken off it, so that all of them together
 * stay within the limit (the store alone would not know of the rest).
 * store_budget is called before each insertion and costs two
 * comparisons unless a capacity grew (grow, ensure_arrays) or the
 * reductions' budget moved since the last time. */
static void store_budget_set(dfs *d)
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

static inline void store_budget(dfs *d)
{
    if ((d->budget_stale || d->pc.mem.held != d->budget_held)
        && d->o->memlimit != 0)
        store_budget_set(d);
}

/* Would n more bytes pass the memory limit?  Counts the store, the
 * stack, the per-state arrays and what the reductions grew. */
static int over_limit(dfs *d, size_t n)
{
    return d->o->memlimit != 0
           && held_bytes(d) + d->pc.mem.held + n > d->o->memlimit;
}

/* Grow *p (elem-byte items, capacity *cap) to hold need items, doubling;
 * refuses (-1) past the memory limit or when malloc fails. */
static int grow(dfs *d, void **p, size_t *cap, size_t need, size_t elem)
{
    size_t ncap = *cap ? *cap : 64;
    void  *np;

    if (need <= *cap)
        return 0;
    while (ncap < need)
        ncap *= 2;
    if (over_limit(d, (ncap - *cap) * elem))
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
static void store_check(const ss_store *ss, const uint8_t *vec, size_t len,
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
#define STORE_CHECK(ss, vec, len, ref, res) \
    store_check(ss, vec, len, ref, res)
#else
#define STORE_CHECK(ss, vec, len, ref, res) ((void)0)
#endif

static void stop(dfs *d, search_stop why)
{
    if (d->r->stop == SEARCH_STOP_NONE)
        d->r->stop = why;
}

/* ----------------------------------------------------------- errors */

/* The step being explored from frame i (below the top). */
static search_step frame_step(const dfs *d, size_t i)
{
    if (d->general) {
        const por_frame  *f = &d->gframes[i];
        const por_thread *th = &d->thr[f->thr0 + (uint32_t)f->cur];

        return d->succs[f->succ0 + th->first + f->next - 1].step;
    }
    return d->succs[d->frames[i].succ0 + d->frames[i].left].step;
}

/* The trail to the top state into d->scratch, plus `last` when not NULL.
 * Returns the number of steps, or (size_t)-1 when out of memory. */
static size_t build_trail(dfs *d, const search_step *last)
{
    size_t n = d->depth ? d->depth - 1 : 0;

    if (grow(d, (void **)&d->scratch, &d->scratch_cap, n + 1,
             sizeof(search_step)) != 0)
        return (size_t)-1;
    for (size_t i = 0; i < n; i++)
        d->scratch[i] = frame_step(d, i);
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
static ss_result depth_note(dfs *d, ss_ref ref, ss_result res)
{
    size_t old = d->sdepth_cap;
    size_t depth = d->depth;        /* of the successor */

    if (res == SS_FULL)
        return res;
    if ((size_t)ref >= old) {
        /* unnoted entries read 0: never explored again (only the
         * initial state, at depth 0, is stored without a note) */
        if (grow(d, (void **)&d->sdepth, &d->sdepth_cap, (size_t)ref + 1,
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
static int cut(dfs *d)
{
    if (d->depth >= d->o->max_depth) {
        d->r->stats.truncated++;
        d->r->truncated = 1;
    }
    return 0;
}

/* Record an error; returns 1 when the search must stop. */
static int report_error(dfs *d, int kind, uint32_t loc,
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
        stop(d, SEARCH_STOP_ERRORS);
        return 1;
    }
    return 0;
}

/* Location of the first process that is not at a valid end location, for
 * an invalid end state; TS_NONE when all are (e.g. -q and a full
 * channel). */
uint32_t search_blocked_loc(const ts *t, const uint8_t *vec, size_t len)
{
    const bc_program *p = ts_program(t);
    uint32_t          n = ts_nprocs(vec);

    for (uint32_t pid = 0; pid < n; pid++) {
        uint32_t pt;
        uint32_t pc;

        if (ts_proc_info(t, vec, len, pid, &pt, &pc) != 0
            || pt >= p->nprocs)
            continue;
        const bc_pcloc *l = &p->pclocs[p->procs[pt].loc0 + pc];

        if (!(l->flags & BC_L_END))
            return l->loc;
    }
    return TS_NONE;
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
    rc = report_error(d, SEARCH_E_OUTCOME, TS_NONE, NULL);
    d->detail = NULL;
    return rc;
}

/* A state without successors: remember it when it is a valid end state
 * (--end-states, --outcomes), report it when it is not.  Returns 1 to
 * stop. */
static int dead_end(dfs *d, const uint8_t *vec, size_t len)
{
    int valid = ts_valid_end(d->t, vec, len, d->o->require_empty);

    if (valid && d->ends != NULL) {
        ss_ref ref;

        if (ss_find_or_put(d->ends, vec, len, &ref) == SS_FULL) {
            stop(d, SEARCH_STOP_MEMORY);
            return 1;
        }
    }
    if (valid && d->o->on_end != NULL)
        return end_hook(d, vec, len);
    if (!valid && d->o->check_end)
        return report_error(d, SEARCH_E_INVALID_END,
                            search_blocked_loc(d->t, vec, len), NULL);
    return 0;
}

/* A finding of a successor record; returns 1 to stop. */
static int finding(dfs *d, const search_succ *s)
{
    int kind;

    if (s->finding == TS_OK)
        return 0;
    if (s->finding == TS_OVERFLOW) {
        /* a limit of spore, not an error of the model: the search
         * stops, incomplete (the report names the limit and the step) */
        if (d->r->stop == SEARCH_STOP_NONE)
            d->r->limit_loc = s->floc;
        stop(d, SEARCH_STOP_LIMIT);
        return 1;
    }
    kind = search_err_from_finding(s->finding);
    if (kind < 0)
        kind = SEARCH_E_OVERFLOW;
    if (kind == SEARCH_E_ASSERT && !d->o->check_assert)
        return 0;
    return report_error(d, kind, s->floc, &s->step);
}

/* --------------------------------------------- pan path: expansion */

/* d->out as search_succ records into d->view (vectors stay in out). */
static int make_view(dfs *d)
{
    const ts_succs *o = &d->out;

    if (grow(d, (void **)&d->view, &d->view_cap, o->n,
             sizeof(search_succ)) != 0)
        return -1;
    for (size_t i = 0; i < o->n; i++) {
        const ts_succ *s = &o->v[i];
        search_succ   *c = &d->view[i];

        c->step.pid = s->pid;
        c->step.trans = s->trans;
        c->step.pid2 = s->pid2;
        c->step.trans2 = s->trans2;
        c->finding = s->finding;
        c->floc = s->floc;
        c->vec_len = s->dst_len;
        c->vec_off = s->dst_off;
        c->label = POR_LABEL_NONE;
        c->dst = SS_NOREF;
    }
    return 0;
}

/* Append view record i and its vector to the frame's run. */
static void keep_succ(dfs *d, frame *f, size_t i)
{
    search_succ *c = &d->succs[d->nsuccs++];

    *c = d->view[i];
    if (c->vec_len > 0) {
        memcpy(d->vecs + d->vecs_len, d->out.vecs + c->vec_off, c->vec_len);
        c->vec_off = (uint32_t)(d->vecs_len - f->vec0);
        d->vecs_len += c->vec_len;
    }
    f->left++;
}

/* Copy the successors into the arenas, laid out so that the one to
 * explore first is last: the search takes from the end and frees each
 * vector as it takes it, so the stack holds only untaken vectors.  The
 * exploration order is pan's: highest pid first, and a process's
 * transitions in source order (ts gives pid, then transition, ascending;
 * so: groups ascending, each group backwards). */
static int keep_all(dfs *d, frame *f)
{
    const ts_succs *o = &d->out;

    if (grow(d, (void **)&d->succs, &d->succs_cap, d->nsuccs + o->n,
             sizeof(search_succ)) != 0
        || grow(d, (void **)&d->vecs, &d->vecs_cap, d->vecs_len
                + o->vecs_len, 1) != 0)
        return -1;
    for (size_t g = 0; g < o->n;) {
        size_t e = g;

        while (e < o->n && o->v[e].pid == o->v[g].pid)
            e++;
        for (size_t i = e; i-- > g;)
            keep_succ(d, f, i);
        g = e;
    }
    return 0;
}

/* Push the state vec (stored as ref, or SS_NOREF for a state inside an
 * atomic sequence) and expand it; d->out already holds its successors
 * when have_succs is set.  vec may point into d->vecs: it is not used
 * after the arenas grow.  Returns 1 when the search must stop. */
static int push(dfs *d, ss_ref ref, const uint8_t *vec, size_t len,
                int have_succs)
{
    frame *f;

    if (grow(d, (void **)&d->frames, &d->frames_cap, d->depth + 1,
             sizeof(frame)) != 0) {
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    f = &d->frames[d->depth++];
    memset(f, 0, sizeof *f);
    f->ref = ref;
    f->succ0 = d->nsuccs;
    f->vec0 = d->vecs_len;
    if (d->depth - 1 > d->r->stats.max_depth)
        d->r->stats.max_depth = d->depth - 1;
    if (len > d->r->stats.max_vector)
        d->r->stats.max_vector = len;
    if (!have_succs)
        ts_successors(d->t, vec, len, &d->out);
    if (d->out.n == 0)
        return dead_end(d, vec, len);
    f->atomic = (uint32_t)d->out.atomic;
    if (make_view(d) == 0 && keep_all(d, f) == 0)
        return 0;
    f->left = 0;
    stop(d, SEARCH_STOP_MEMORY);
    return 1;
}

static void pop(dfs *d)
{
    const frame *f = &d->frames[--d->depth];

    d->nsuccs = f->succ0;
    d->vecs_len = f->vec0;
}

/* Take the last untaken successor of the top frame.  Returns 1 when the
 * search must stop. */
static int take(dfs *d)
{
    frame             *f = &d->frames[d->depth - 1];
    const search_succ *s = &d->succs[f->succ0 + --f->left];
    search_stats      *st = &d->r->stats;
    ss_ref             ref;
    ss_result          res;
    const uint8_t     *vec;
    size_t             len;
    size_t             off;
    int                expanded = 0;

    st->transitions++;
    d->nsuccs = f->succ0 + f->left + 1;     /* taken ones: not needed */
    if (finding(d, s))
        return 1;
    if (s->vec_len == 0)
        return 0;
    if (d->depth >= d->bound)
        return cut(d);
    off = f->vec0 + s->vec_off;
    if (d->vecs[off + BC_HDR_ATOMIC] != 0) {
        /* a move inside an atomic sequence: like pan, the state is
         * neither stored nor matched while its owner can go on (its
         * vector stays on the arena while it is expanded); where the
         * owner blocks, it is an ordinary state */
        st->atomic_steps++;
        vec = d->vecs + off;
        ts_successors(d->t, vec, s->vec_len, &d->out);
        if (d->out.atomic)
            return push(d, SS_NOREF, vec, s->vec_len, 1);
        /* the owner is blocked: every process may move, exactly as if
         * no one owned the CPU, so store the state without the owner
         * (pan's vector has no owner either; keeping it would split
         * one state into two) */
        d->vecs[off + BC_HDR_ATOMIC] = 0;
        expanded = 1;
    }
    store_budget(d);
    res = ss_find_or_put(d->ss, d->vecs + off, s->vec_len, &ref);
    STORE_CHECK(d->ss, d->vecs + off, s->vec_len, ref, res);
    d->vecs_len = off;              /* taken: its vector is not needed */
    if (d->o->shortest)
        res = depth_note(d, ref, res);
    if (res == SS_SEEN) {
        st->matched++;
        return 0;
    }
    if (res == SS_FULL) {
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    vec = ss_get(d->ss, ref, &len);
    return push(d, ref, vec, len, expanded);
}

/* ------------------------------------------ general path: the order */

static uint64_t rng_next(dfs *d)
{
    uint64_t x = d->rng;

    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    d->rng = x;
    return x;
}

/* Priority of pid under the sequential order (lower first). */
static unsigned seq_rank(const search_options *o, uint32_t pid)
{
    for (size_t i = 0; i < o->nperm; i++)
        if (o->perm[i] == pid)
            return (unsigned)i;
    return SEARCH_MAX_PERM + 255u - (pid < 255 ? pid : 255);
}

static void sync_ctx(dfs *d)
{
    por_ctx *c = &d->pc;

    c->frames = d->gframes;
    c->depth = d->depth;
    c->succs = d->succs;
    c->thr = d->thr;
    c->vecs = d->vecs;
}

static const uint8_t *rec_vec(const dfs *d, const por_frame *f,
                              const search_succ *s)
{
    return d->vecs + f->vec0 + s->vec_off;
}

/* Store id of a record's successor when stored already (cached). */
static uint32_t rec_lookup(dfs *d, const por_frame *f, search_succ *s)
{
    if (s->dst == SS_NOREF && s->vec_len > 0 && !d->o->stateless) {
        const uint8_t *v = rec_vec(d, f, s);

        if (v[BC_HDR_ATOMIC] == 0)
            s->dst = ss_find(d->ss, v, s->vec_len);
    }
    return s->dst;
}

static int on_stack(const dfs *d, uint32_t ref)
{
    return ref != SS_NOREF && ref < d->pc.nstates && d->pc.stackpos[ref];
}

/* Does some successor of thread slot lead to a visited state that is not
 * on the stack? */
static int leads_visited(dfs *d, por_frame *f, const por_thread *th)
{
    for (uint32_t i = 0; i < th->n; i++) {
        search_succ *s = &d->succs[f->succ0 + th->first + i];
        uint32_t     ref = rec_lookup(d, f, s);

        if (ref != SS_NOREF && !on_stack(d, ref))
            return 1;
    }
    return 0;
}

static uint32_t lookup(por_ctx *c, por_frame *f, uint32_t i)
{
    dfs *d = c->search;

    return rec_lookup(d, f, &d->succs[f->succ0 + i]);
}

static int32_t pick(por_ctx *c, por_frame *f, por_set cand)
{
    dfs     *d = c->search;
    int32_t  best = -1;
    unsigned best_rank = ~0u;
    uint32_t n = 0;
    uint32_t nvis = 0;
    uint8_t  ok[256];           /* candidate; 2: leads to a visited state */

    for (uint32_t k = 0; k < f->nthr && k < 256; k++) {
        const por_thread *th = &d->thr[f->thr0 + k];

        ok[k] = !(th->flags & POR_T_TAKEN) && (cand & por_bit(th->pid));
        n += ok[k];
    }
    if (n == 0)
        return -1;
    if (n > 1 && d->o->prefer_visited && !d->o->stateless) {
        for (uint32_t k = 0; k < f->nthr && k < 256; k++)
            if (ok[k] && leads_visited(d, f, &d->thr[f->thr0 + k])) {
                ok[k] = 2;
                nvis++;
            }
    }
    if (nvis > 0) {
        for (uint32_t k = 0; k < f->nthr && k < 256; k++)
            ok[k] = ok[k] == 2;
        n = nvis;
    }
    if (d->o->order == SEARCH_ORDER_RANDOM) {
        uint32_t want = (uint32_t)(rng_next(d) % n);

        for (uint32_t k = 0; k < f->nthr && k < 256; k++)
            if (ok[k] && want-- == 0)
                return (int32_t)k;
        return -1;
    }
    for (uint32_t k = 0; k < f->nthr && k < 256; k++) {
        unsigned rank;

        if (!ok[k])
            continue;
        rank = seq_rank(d->o, d->thr[f->thr0 + k].pid);
        if (rank < best_rank) {
            best = (int32_t)k;
            best_rank = rank;
        }
    }
    return best;
}

/* ---------------------------------------- general path: expansion */

/* realloc *p to n bytes; 0, or -1 with *p unchanged. */
static int resize(void **p, size_t n)
{
    void *np = realloc(*p, n);

    if (np == NULL)
        return -1;
    *p = np;
    return 0;
}

/* The per-state arrays for store ids below n.  Returns -1, the arrays
 * as they were (some may have grown, but d->arr_cap has not), past the
 * memory limit or when malloc fails. */
static int ensure_arrays(dfs *d, size_t n)
{
    por_ctx *c = &d->pc;
    size_t   cap = d->arr_cap;
    size_t   old = d->arr_cap;
    int      graph = (d->algo->needs & POR_NEED_GRAPH) != 0;

    if (n <= cap) {
        if (n > c->nstates)
            c->nstates = n;
        return 0;
    }
    cap = cap ? cap : 1024;
    while (cap < n)
        cap *= 2;
    if (over_limit(d, (cap - old) * arr_entry(d))
        || resize((void **)&c->stackpos, cap * sizeof *c->stackpos) != 0
        || (graph
            && (resize((void **)&c->ehead, cap * sizeof *c->ehead) != 0
                || resize((void **)&c->pend, cap * sizeof *c->pend) != 0
                || resize((void **)&c->epoch,
                          cap * sizeof *c->epoch) != 0)))
        return -1;
    memset(c->stackpos + old, 0, (cap - old) * sizeof *c->stackpos);
    if (graph) {
        memset(c->ehead + old, 0xff, (cap - old) * sizeof *c->ehead);
        memset(c->pend + old, 0, (cap - old) * sizeof *c->pend);
        memset(c->epoch + old, 0, (cap - old) * sizeof *c->epoch);
    }
    d->arr_cap = cap;
    d->budget_stale = 1;
    c->nstates = n;
    return 0;
}

/* Copy d->out into the arenas as the records and threads of f. */
static int keep_general(dfs *d, por_frame *f)
{
    const ts_succs *o = &d->out;
    int             graph = (d->algo->needs & POR_NEED_GRAPH) != 0;

    if (grow(d, (void **)&d->succs, &d->succs_cap, d->nsuccs + o->n,
             sizeof(search_succ)) != 0
        || grow(d, (void **)&d->vecs, &d->vecs_cap,
                d->vecs_len + o->vecs_len, 1) != 0
        || grow(d, (void **)&d->thr, &d->thr_cap, d->nthr + o->n,
                sizeof(por_thread)) != 0)
        return -1;
    f->succ0 = d->nsuccs;
    f->vec0 = d->vecs_len;
    f->thr0 = d->nthr;
    for (size_t i = 0; i < o->n; i++) {
        const ts_succ *s = &o->v[i];
        search_succ   *c = &d->succs[d->nsuccs++];

        c->step.pid = s->pid;
        c->step.trans = s->trans;
        c->step.pid2 = s->pid2;
        c->step.trans2 = s->trans2;
        c->finding = s->finding;
        c->floc = s->floc;
        c->vec_len = s->dst_len;
        c->vec_off = (uint32_t)(d->vecs_len - f->vec0);
        c->dst = SS_NOREF;
        c->label = graph ? por_label(d->pc.labels, o->accs + s->acc_off,
                                     s->nacc)
                         : POR_LABEL_NONE;
        if (s->dst_len > 0)     /* a finding may have no vector */
            memcpy(d->vecs + d->vecs_len, o->vecs + s->dst_off,
                   s->dst_len);
        d->vecs_len += s->dst_len;
        if (i == 0 || s->pid != o->v[i - 1].pid) {
            por_thread *th = &d->thr[d->nthr++];

            memset(th, 0, sizeof *th);
            th->pid = s->pid;
            th->first = (uint32_t)i;
            f->enabled |= por_bit(s->pid);
        }
        d->thr[d->nthr - 1].n++;
    }
    f->nsucc = (uint32_t)o->n;
    f->nthr = (uint32_t)(d->nthr - f->thr0);
    return 0;
}

/* ------------------------------ general path: observer (--dot, --explain)
 * Every call below is guarded by one test of d->o->obs (or d->pc.xp for
 * explain-only lines), so a search without an observer pays nothing. */

static void obs_state(dfs *d, ss_ref ref, const uint8_t *vec, size_t len)
{
    if (d->o->obs->state != NULL)
        d->o->obs->state(d->o->obs->ctx, ref, vec, len, d->depth - 1);
}

/* "thread P" / "threads {..}" for explain lines. */
static const char *obs_threads(por_set s, char *buf, size_t size)
{
    char set[256];

    if (s != 0 && (s & (s - 1)) == 0 && s != POR_SET_OTHER) {
        uint32_t p = 0;

        while (!(s & por_bit(p)))
            p++;
        snprintf(buf, size, "thread %u", (unsigned)p);
    } else {
        snprintf(buf, size, "threads %s", explain_set(s, set, sizeof set));
    }
    return buf;
}

/* The decision made when a stored state is entered. */
static void obs_enter(dfs *d, const por_frame *f)
{
    por_ctx *c = &d->pc;
    char     en[256];
    char     sf[256];
    char     th[300];

    if (f->ref == SS_NOREF)
        return;
    explain_set(f->enabled, en, sizeof en);
    if (f->flags & POR_F_REDUCIBLE)
        explain_line(c, f->ref, "reducible: %s is invisible (safe set %s); "
                     "explore %s alone",
                     obs_threads(f->safe, th, sizeof th),
                     explain_set(f->safe, sf, sizeof sf), th);
    else if (f->flags & POR_F_FORCED)
        explain_line(c, f->ref, "enabled %s; expanding fully (%s)", en,
                     d->out.timeout ? "timeout"
                     : (f->enabled & POR_SET_OTHER) ? "more than 62 processes"
                     : "rendezvous or timeout in the model");
    else if (f->flags & POR_F_IRRED)
        explain_line(c, f->ref, "irreducible; enabled %s; explore %s", en,
                     obs_threads(f->todo, th, sizeof th));
    else if (d->algo == &por_algo_none)
        explain_line(c, f->ref, "enabled %s; explore all (no reduction)",
                     en);
    else if (f->flags & POR_F_FULL)
        explain_line(c, f->ref, "enabled %s; explore all (proviso)", en);
    else
        explain_line(c, f->ref, "irreducible; enabled %s; explore all", en);
}

/* A thread started after the first at an irreducible state. */
static void obs_pick(dfs *d, const por_frame *f, int32_t slot)
{
    char bt[256];

    if (f->taken == 0 || !(f->flags & POR_F_IRRED) || f->ref == SS_NOREF)
        return;
    explain_line(&d->pc, f->ref, "explore thread %u (backtrack %s)",
                 (unsigned)d->thr[f->thr0 + (uint32_t)slot].pid,
                 explain_set(f->todo, bt, sizeof bt));
}

/* A move from stored state src (the steps of frames anc..top: an atomic
 * chain through unstored states) to dst, or an error move (dst ==
 * TS_NONE, finding set). */
static void obs_edge(dfs *d, const search_succ *s, uint32_t src,
                     uint32_t dst, int is_new, int stk)
{
    const search_observer *ob = d->o->obs;
    size_t                 anc = d->gframes[d->depth - 1].anc;
    size_t                 n = d->depth - anc;
    search_step           *steps = xmalloc(n * sizeof *steps);
    char                   text[1024];
    size_t                 k = 0;

    for (size_t i = anc; i + 1 < d->depth; i++)
        steps[i - anc] = frame_step(d, i);
    steps[n - 1] = s->step;
    if (ob->edge != NULL)
        ob->edge(ob->ctx, src, dst, steps, n,
                 dst == TS_NONE ? s->finding : TS_OK, is_new);
    if (d->pc.xp != NULL) {
        for (size_t i = 0; i < n && k < sizeof text - 8; i++) {
            if (i > 0)
                k += (size_t)snprintf(text + k, sizeof text - k, "; ");
            explain_step(d->pc.prog, &steps[i], text + k, sizeof text - k);
            k += strlen(text + k);
        }
        if (dst == TS_NONE)
            explain_line(&d->pc, src, "step %s -> %s", text,
                         search_err_text(search_err_from_finding(
                             s->finding)));
        else
            explain_line(&d->pc, src, "step %s -> state %u (%s)", text,
                         (unsigned)dst, is_new ? "new"
                         : stk ? "on the stack" : "seen");
    }
    free(steps);
}

/* A stored state closes: its sets and successors to the observer. */
static void obs_closed(dfs *d, const por_frame *f)
{
    const search_observer *ob = d->o->obs;
    search_obs_state       st;
    search_obs_succ       *v;
    por_set                skipped = f->enabled & ~f->taken;
    char                   sk[256];

    if (f->ref == SS_NOREF || (f->flags & POR_F_ATOMIC))
        return;
    if (d->pc.xp != NULL && skipped != 0)
        explain_line(&d->pc, f->ref, "closed; threads %s not explored",
                     explain_set(skipped, sk, sizeof sk));
    if (ob->closed == NULL)
        return;
    v = xcalloc(f->nsucc ? f->nsucc : 1, sizeof *v);
    for (uint32_t k = 0; k < f->nthr; k++) {
        const por_thread *th = &d->thr[f->thr0 + k];

        for (uint32_t i = 0; i < th->n; i++) {
            const search_succ *s = &d->succs[f->succ0 + th->first + i];
            search_obs_succ   *o = &v[th->first + i];

            o->step = s->step;
            o->finding = s->finding;
            o->taken = (th->flags & POR_T_TAKEN) != 0;
            o->vec = s->vec_len ? d->vecs + f->vec0 + s->vec_off : NULL;
            o->vec_len = s->vec_len;
        }
    }
    memset(&st, 0, sizeof st);
    st.id = f->ref;
    st.flags = (f->flags & POR_F_REDUCIBLE ? SEARCH_OBS_REDUCIBLE : 0u)
               | (f->flags & POR_F_IRRED ? SEARCH_OBS_IRRED : 0u)
               | (f->flags & POR_F_FULL ? SEARCH_OBS_FULL : 0u)
               | (f->flags & POR_F_FORCED ? SEARCH_OBS_FORCED : 0u)
               | (f->nsucc == 0 ? SEARCH_OBS_DEAD : 0u);
    st.enabled = f->enabled;
    st.safe = f->safe;
    st.todo = f->todo;
    st.done = f->done;
    st.taken = f->taken;
    st.nsucc = f->nsucc;
    st.succs = v;
    ob->closed(ob->ctx, &st);
    free(v);
}

/* Push a state on the general stack and expand it (see push()). */
static int gpush(dfs *d, ss_ref ref, const uint8_t *vec, size_t len,
                 int have_succs)
{
    por_frame *f;
    por_ctx   *c = &d->pc;
    size_t     fi = d->depth;
    int        rv = 0;

    if (grow(d, (void **)&d->gframes, &d->gframes_cap, d->depth + 1,
             sizeof(por_frame)) != 0) {
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    f = &d->gframes[d->depth++];
    memset(f, 0, sizeof *f);
    f->ref = ref;
    f->cur = -1;
    f->succ0 = d->nsuccs;
    f->vec0 = d->vecs_len;
    f->thr0 = d->nthr;
    f->chain = POR_LABEL_NONE;
    f->chain_pid = TS_NONE;
    f->chain_pid2 = TS_NONE;
    if (ref == SS_NOREF) {
        f->anc = d->gframes[fi - 1].anc;
        f->chain = d->chain;
        f->chain_pid = d->chain_pid;
        f->chain_pid2 = d->chain_pid2;
        f->chain_many = d->chain_many;
    } else {
        f->anc = (uint32_t)fi;
        c->stackpos[ref] = (uint32_t)fi + 1;
        if (d->o->obs != NULL)
            obs_state(d, ref, vec, len);
    }
    if (d->depth - 1 > d->r->stats.max_depth)
        d->r->stats.max_depth = d->depth - 1;
    if (len > d->r->stats.max_vector)
        d->r->stats.max_vector = len;
    if (!have_succs)
        ts_successors(d->t, vec, len, &d->out);
    if (d->out.n == 0) {
        /* a dead end still tells the graph algorithms which threads
         * are blocked there (F-BLOCK): all of them */
        if ((d->algo->needs & POR_NEED_GRAPH) && ref < c->nstates) {
            sync_ctx(d);
            c->pend[ref] = por_pending_mask(c, f, vec, len);
            if (d->algo->pushed != NULL)
                d->algo->pushed(d->algo_self, c, f);
        }
        if (c->xp != NULL)
            explain_line(c, ref, "no successor (%s)",
                         ts_valid_end(d->t, vec, len, d->o->require_empty)
                         ? "valid end state" : "invalid end state");
        return dead_end(d, vec, len);
    }
    if (keep_general(d, f) != 0) {
        f->nthr = 0;
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    if (d->out.atomic) {
        f->flags |= POR_F_ATOMIC | POR_F_FULL;
        f->safe = f->todo = f->enabled;
        return 0;
    }
    for (uint32_t i = 0; i < f->nsucc && !rv; i++)
        if (d->succs[f->succ0 + i].step.pid2 != TS_NONE)
            rv = 1;
    /* forced full expansion: timeout mode and more than 63 processes
     * always; for the dynamic algorithms also an irreducible state with
     * a rendezvous enabled, or of a model that uses timeout (their
     * dependency tracking does not model either; S-POR's reducible
     * states stay reducible: an invisible step is persistent there) */
    if (d->algo != &por_algo_none
        && (d->out.timeout || (f->enabled & POR_SET_OTHER))) {
        f->flags |= POR_F_FULL | POR_F_FORCED;
        d->r->por.full_other++;
        if (f->enabled & POR_SET_OTHER)
            d->r->por.full_procs++;
    }
    sync_ctx(d);
    if ((d->algo->needs & POR_NEED_GRAPH) && ref < c->nstates)
        c->pend[ref] = por_pending_mask(c, f, vec, len);
    if (d->algo != &por_algo_none && !(d->algo->needs & POR_JPF)
        && !(f->flags & POR_F_FULL))
        por_spor_reducible(c, f);
    if ((d->algo->needs & POR_NEED_GRAPH)
        && !(f->flags & (POR_F_FULL | POR_F_REDUCIBLE))
        && (rv || d->pc.uses_timeout)) {
        f->flags |= POR_F_FULL | POR_F_FORCED;
        d->r->por.full_other++;
    }
    d->algo->enter(d->algo_self, c, f);
    /* the threads chosen are enabled ones, and never none */
    POR_CHECK((f->safe & ~f->enabled) == 0);
    POR_CHECK((f->todo & ~f->enabled) == 0);
    POR_CHECK((f->todo & f->enabled) != 0);
    if (c->xp != NULL)
        obs_enter(d, f);
    if (f->flags & POR_F_IRRED) {
        d->por_live++;
        if (d->por_live > d->por_peak)
            d->por_peak = d->por_live;
    }
    if (d->algo->pushed != NULL)
        d->algo->pushed(d->algo_self, c, f);
    return 0;
}

static void gpop(dfs *d)
{
    por_frame *f = &d->gframes[d->depth - 1];

    if (d->o->obs != NULL)
        obs_closed(d, f);
    for (uint32_t k = 0; k < f->nthr; k++)
        if (!(d->thr[f->thr0 + k].flags & POR_T_TAKEN))
            d->r->por.threads_skipped++;
    if (f->flags & POR_F_IRRED)
        d->por_live--;
    if (f->ref != SS_NOREF && f->ref < d->pc.nstates)
        d->pc.stackpos[f->ref] = 0;
    d->nsuccs = f->succ0;
    d->vecs_len = f->vec0;
    d->nthr = f->thr0;
    d->depth--;
    sync_ctx(d);
    if (d->algo->popped != NULL)
        d->algo->popped(d->algo_self, &d->pc);
}

/* Store (or, stateless, number) a new successor vector. */
static ss_result gstore(dfs *d, const uint8_t *vec, size_t len,
                        ss_ref *ref)
{
    store_budget(d);
    if (!d->o->stateless) {
        ss_result res = ss_find_or_put(d->ss, vec, len, ref);

        STORE_CHECK(d->ss, vec, len, *ref, res);
        return res;
    }
    if (grow(d, (void **)&d->key, &d->key_cap, len + 8, 1) != 0)
        return SS_FULL;
    memcpy(d->key, vec, len);
    memcpy(d->key + len, &d->node, 8);
    d->node++;
    return ss_find_or_put(d->ss, d->key, len + 8, ref);
}

/* Add thread q to the threads of a step or chain (*p1, *p2, *many). */
static void chain_add(uint32_t *p1, uint32_t *p2, uint32_t *many,
                      uint32_t q)
{
    if (q == TS_NONE || q == *p1 || q == *p2)
        return;
    if (*p1 == TS_NONE)
        *p1 = q;
    else if (*p2 == TS_NONE)
        *p2 = q;
    else
        *many = 1;
}

/* What the graph and the strategies are told of record s of frame f:
 * its label and threads, for a chain through unstored atomic states
 * the union since the stored frame it started from.  The first thread
 * is the one the search expanded there (the thread whose step the
 * chain is), not the last mover: a chain that runs S's atomic sequence
 * into R's through a rendezvous is S's step at that state (issue 9,
 * class 2: labelled R's, it made dep(s, S) empty). */
static void step_of(dfs *d, const por_frame *f, const search_succ *s,
                    uint32_t *lab, uint32_t *p1, uint32_t *p2,
                    uint32_t *many)
{
    *lab = s->label;
    *p1 = TS_NONE;
    *p2 = TS_NONE;
    *many = 0;
    if (f->flags & POR_F_ATOMIC) {
        if (d->algo->needs & POR_NEED_GRAPH)
            *lab = por_label_union(d->pc.labels, f->chain, *lab);
        *p1 = f->chain_pid;
        *p2 = f->chain_pid2;
        *many = f->chain_many;
    }
    chain_add(p1, p2, many, s->step.pid);
    chain_add(p1, p2, many, s->step.pid2);
}

/* A record that ended in a finding with no successor, when the search
 * goes on (-c0): the strategies still see the step, so that its
 * accesses (a channel id that does not exist yet, or no longer) make
 * the other orders explored (issue 9, class 4). */
static void finding_step(dfs *d, por_frame *f, const search_succ *s)
{
    uint32_t lab, p1, p2, many;

    step_of(d, f, s, &lab, &p1, &p2, &many);
    if (d->algo->needs & POR_NEED_GRAPH)
        por_add_edge(&d->pc, d->gframes[f->anc].ref, SS_NOREF, lab, p1, p2,
                     many ? POR_E_MANY : 0);
    if (d->algo->step != NULL) {
        sync_ctx(d);
        d->algo->step(d->algo_self, &d->pc, f->anc, s->step.pid,
                      s->step.pid2, s->label, SS_NOREF, 0, 0);
    }
}

/* Take the next record of the current thread of the top frame. */
static int gtake(dfs *d)
{
    size_t         fi = d->depth - 1;
    por_frame     *f = &d->gframes[fi];
    por_thread    *th = &d->thr[f->thr0 + (uint32_t)f->cur];
    search_succ   *s = &d->succs[f->succ0 + th->first + f->next++];
    search_stats  *st = &d->r->stats;
    int            graph = (d->algo->needs & POR_NEED_GRAPH) != 0;
    uint32_t       lab, pid1, pid2, many;
    ss_ref         ref;
    ss_result      res;
    size_t         off;
    size_t         len;
    const uint8_t *vec;
    int            expanded = 0;
    int            stk;
    por_frame     *a;

    st->transitions++;
    if (d->o->obs != NULL && s->finding != TS_OK
        && (s->finding != TS_ASSERT || d->o->check_assert))
        obs_edge(d, s, d->gframes[f->anc].ref, TS_NONE, 0, 0);
    if (finding(d, s))
        return 1;
    if (s->vec_len == 0) {
        if (d->algo != &por_algo_none)
            finding_step(d, f, s);
        return 0;
    }
    if (d->depth >= d->bound)
        return cut(d);
    step_of(d, f, s, &lab, &pid1, &pid2, &many);
    off = f->vec0 + s->vec_off;
    if (d->vecs[off + BC_HDR_ATOMIC] != 0) {
        st->atomic_steps++;
        ts_successors(d->t, d->vecs + off, s->vec_len, &d->out);
        if (d->out.atomic) {
            if (d->algo->step != NULL) {
                sync_ctx(d);
                d->algo->step(d->algo_self, &d->pc, f->anc, s->step.pid,
                              s->step.pid2, s->label, SS_NOREF, 1, 0);
            }
            d->chain = lab;
            d->chain_pid = pid1;
            d->chain_pid2 = pid2;
            d->chain_many = many;
            return gpush(d, SS_NOREF, d->vecs + off, s->vec_len, 1);
        }
        d->vecs[off + BC_HDR_ATOMIC] = 0;
        expanded = 1;
    }
    res = gstore(d, d->vecs + off, s->vec_len, &ref);
    if (d->o->shortest)
        res = depth_note(d, ref, res);
    if (res == SS_FULL || ensure_arrays(d, (size_t)ref + 1) != 0) {
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    s->dst = ref;
    if (res == SS_SEEN)
        st->matched++;
    stk = on_stack(d, ref);
    a = &d->gframes[f->anc];
    if (d->o->obs != NULL)
        obs_edge(d, s, a->ref, ref, res == SS_NEW, stk);
    if (graph)
        por_add_edge(&d->pc, a->ref, ref, lab, pid1, pid2,
                     many ? POR_E_MANY : 0);
    if (stk && !(a->flags & POR_F_FULL)) {
        /* the cycle proviso (F-C3) */
        a->flags |= POR_F_FULL;
        if ((a->todo & a->safe) != a->safe)
            d->r->por.full_c3++;
        a->todo = a->safe;
        if (d->pc.xp != NULL)
            explain_line(&d->pc, a->ref, "proviso: successor %u is on the "
                         "stack, expanding fully", (unsigned)ref);
    }
    if (d->algo->step != NULL) {
        sync_ctx(d);
        d->algo->step(d->algo_self, &d->pc, f->anc, s->step.pid,
                      s->step.pid2, s->label, ref, res == SS_NEW, stk);
        if (d->pc.cycle_error) {
            stop(d, SEARCH_STOP_CYCLE);
            return 1;
        }
    }
    if (res != SS_NEW)
        return 0;
    th->flags |= POR_T_NEW;
    vec = ss_get(d->ss, ref, &len);
    return gpush(d, ref, vec, len - (d->o->stateless ? 8 : 0), expanded);
}

/* One move of the general search on the top frame. */
static int gstep(dfs *d)
{
    por_frame *f = &d->gframes[d->depth - 1];
    int32_t    slot;

    if (f->cur >= 0) {
        por_thread *th = &d->thr[f->thr0 + (uint32_t)f->cur];

        if (f->next < th->n)
            return gtake(d);
        f->cur = -1;
        if (!(f->flags & POR_F_ATOMIC) && d->algo->thread_done != NULL) {
            sync_ctx(d);
            d->algo->thread_done(d->algo_self, &d->pc, f,
                                 (uint32_t)(th - &d->thr[f->thr0]));
        }
        return 0;
    }
    slot = pick(&d->pc, f, f->todo);
    if (slot < 0) {
        sync_ctx(d);
        if ((f->flags & POR_F_ATOMIC) || f->nthr == 0
            || d->algo->exhausted(d->algo_self, &d->pc, f)
            || (slot = pick(&d->pc, f, f->todo)) < 0) {
            /* closing: every thread chosen was explored; done is a
             * subset of what was explored */
            POR_CHECK((f->todo & f->enabled & ~f->taken) == 0);
            POR_CHECK((f->done & ~f->taken) == 0);
            gpop(d);
            return 0;
        }
    }
    f->cur = slot;
    f->next = 0;
    if (d->pc.xp != NULL)
        obs_pick(d, f, slot);
    f->taken |= por_bit(d->thr[f->thr0 + (uint32_t)slot].pid);
    d->thr[f->thr0 + (uint32_t)slot].flags |= POR_T_TAKEN;
    if (!(f->flags & POR_F_ATOMIC) && d->algo->thread_start != NULL) {
        sync_ctx(d);
        d->algo->thread_start(d->algo_self, &d->pc, f, (uint32_t)slot);
    }
    return 0;
}

static int gstart(dfs *d, const uint8_t *init, size_t len)
{
    ss_ref ref;

    switch (gstore(d, init, len, &ref)) {
    case SS_NEW:
        if (ensure_arrays(d, (size_t)ref + 1) != 0)
            break;
        init = ss_get(d->ss, ref, &len);
        return gpush(d, ref, init, len - (d->o->stateless ? 8 : 0), 0);
    default:
        break;
    }
    stop(d, SEARCH_STOP_MEMORY);
    return 1;
}

/* ------------------------------------------------- progress, limits */

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
            (double)(ss.bytes + stack_bytes(d) + graph_bytes(d))
            / (1024.0 * 1024.0), t,
            t > 0 ? (double)ss.stored / t : 0.0);
    fflush(d->o->progress_out);
}

/* Polled in the loop: interruption every time, the clock every 1024
 * iterations.  Returns 1 when the search must stop. */
static int poll_limits(dfs *d)
{
    double now;

    if (d->o->stop != NULL && *d->o->stop) {
        stop(d, SEARCH_STOP_INTERRUPT);
        return 1;
    }
    /* the clock every 1024 steps, or sooner when graph walks are long */
    if ((++d->tick & 1023u) != 0
        && d->r->por.retraversed - d->walked < ((size_t)1 << 20))
        return 0;
    d->walked = d->r->por.retraversed;
    now = search_now();
    if (d->o->time_limit > 0 && now - d->start >= d->o->time_limit) {
        stop(d, SEARCH_STOP_TIME);
        return 1;
    }
    if (d->o->progress_secs > 0 && d->o->progress_out != NULL
        && now >= d->next_progress) {
        progress(d, now);
        d->next_progress = now + d->o->progress_secs;
    }
    return 0;
}

static void run(dfs *d)
{
    while (d->depth > 0) {
        if (poll_limits(d))
            return;
        if (d->pc.mem.oom) {
            /* a reduction's structure could not grow: what it computed
             * since is not trusted, the search ends incomplete */
            stop(d, SEARCH_STOP_MEMORY);
            return;
        }
        if (d->general) {
            if (gstep(d))
                return;
        } else if (d->frames[d->depth - 1].left == 0) {
            pop(d);
        } else if (take(d)) {
            return;
        }
    }
}

/* Store the initial state and push it.  Returns 1 when the search must
 * stop (or cannot start). */
static int start(dfs *d)
{
    size_t         len;
    ts_finding     fnd = TS_OK;
    uint32_t       floc = TS_NONE;
    const uint8_t *init = ts_initial(d->t, &len, &fnd, &floc);
    ss_ref         ref;

    if (init == NULL) {
        int kind = search_err_from_finding(fnd);

        if (kind < 0) {
            stop(d, SEARCH_STOP_MEMORY);
            return 1;
        }
        report_error(d, kind, floc, NULL);
        return 1;
    }
    if (d->general) {
        if (d->pc.mem.oom) {
            stop(d, SEARCH_STOP_MEMORY);
            return 1;
        }
        return gstart(d, init, len);
    }
    switch (ss_find_or_put(d->ss, init, len, &ref)) {
    case SS_NEW:
        init = ss_get(d->ss, ref, &len);
        return push(d, ref, init, len, 0);
    default:
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
}

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

static void finish(dfs *d)
{
    search_result *r = d->r;
    ss_stats       ss;

    ss_get_stats(d->ss, &ss);
    r->stats.stored = ss.stored;
    r->stats.conflicts = ss.conflicts;
    r->stats.store_bytes = ss.bytes;
    r->stats.store_vec_bytes = ss.vector_bytes;
    r->stats.store_table_bytes = ss.table_bytes;
    r->stats.stack_bytes = stack_bytes(d);
    r->stats.elapsed = search_now() - d->start;
    if (d->general) {
        r->por.graph_bytes = graph_bytes(d);
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

static void gfree(dfs *d)
{
    por_ctx *c = &d->pc;

    if (d->algo != NULL && d->algo->free != NULL)
        d->algo->free(d->algo_self);
    por_labels_free(c->labels);
    free(c->stackpos);
    free(c->ehead);
    free(c->pend);
    free(c->epoch);
    free(c->edges);
    por_facts_free(c);
    free(c->work);
    free(d->gframes);
    free(d->thr);
    free(d->key);
}

int search_dfs(ts *t, const search_options *o, search_result *r)
{
    dfs               d;
    const search_por *por = search_por_get(o->por);

    memset(r, 0, sizeof *r);
    memset(&d, 0, sizeof d);
    d.t = t;
    d.o = o;
    d.r = r;
    if (por == NULL || por->algo == NULL)
        return -1;
    d.algo = por->algo;
    d.general = o->por != SEARCH_POR_NONE || o->stateless
                || o->order != SEARCH_ORDER_SEQ || o->nperm > 0
                || o->obs != NULL;
    d.bound = o->max_depth;
    d.ss = ss_new(o->memlimit, 0);
    if (d.ss == NULL) {
        r->stop = SEARCH_STOP_MEMORY;
        r->verdict = SEARCH_INCOMPLETE;
        return -1;
    }
    if (o->collect_end_states)
        d.ends = ss_new(0, 0);
    if (d.general) {
        d.pc.t = t;
        d.pc.prog = ts_program(t);
        d.pc.st = &r->por;
        d.pc.ss = d.ss;
        d.pc.pick = pick;
        d.pc.lookup = lookup;
        d.pc.search = &d;
        if (o->obs != NULL && o->obs->explain != NULL)
            d.pc.xp = o->obs;
        d.pc.vec_extra = o->stateless ? 8 : 0;
        d.pc.cycle_fix = cycle_fix(o->cycle_fix);
        d.pc.de_paths = o->de_paths;
        d.rng = o->order_seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
        if (d.rng == 0)
            d.rng = 1;
        d.pc.mem.limit = o->memlimit;
        d.pc.mem.others = held_bytes;
        d.pc.mem.ctx = &d;
        if ((d.algo->needs & POR_NEED_GRAPH)
            && (d.pc.labels = por_labels_new(&d.pc.mem)) == NULL)
            d.pc.mem.oom = 1;
        por_facts_init(&d.pc);
        if (d.algo->new != NULL)
            d.algo_self = d.algo->new(&d.pc);
    }
    /* the plain path never looks at dynamic facts: do not record them
     * (3.5% of the instructions on peterson.4, by callgrind) */
    ts_set_facts(t, d.general);
    ts_succs_init(&d.out);
    d.start = search_now();
    d.next_progress = d.start + o->progress_secs;
    if (start(&d) == 0)
        run(&d);
    finish(&d);
    ts_set_facts(t, 1);
    ts_succs_fini(&d.out);
    if (d.general)
        gfree(&d);
    free(d.frames);
    free(d.succs);
    free(d.vecs);
    free(d.view);
    free(d.scratch);
    ss_free(d.ends);
    free(d.sdepth);
    ss_free(d.ss);
    return 0;
}
