/*
 * engine/dfs.c -- stateful depth-first search with an explicit stack.
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

#include "engine/search.h"

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
    "d_step blocked", "vector overflow", "invalid end state"
};

static const char *const err_texts[SEARCH_E_NKINDS] = {
    "assertion violated", "array index out of bounds", "division by zero",
    "bad channel", "d_step blocked", "state vector overflow",
    "invalid end state"
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
    default:             return -1;
    }
}

/* --------------------------------------------------- reduction: none */

static size_t por_none_select(void *self, const search_por_view *v,
                              uint8_t *chosen)
{
    (void)self;
    memset(chosen, 1, v->nsucc);
    return v->nsucc;
}

static const search_por por_none = {
    "none", "none", NULL, NULL, por_none_select
};

static const search_por *const por_table[SEARCH_POR_NMODES] = {
    &por_none
};

const search_por *search_por_get(int mode)
{
    return mode >= 0 && mode < SEARCH_POR_NMODES ? por_table[mode] : NULL;
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
}

void search_result_fini(search_result *r)
{
    if (r == NULL)
        return;
    for (size_t i = 0; i < r->nerrors; i++)
        free(r->errors[i].steps);
    free(r->errors);
    r->errors = NULL;
    r->nerrors = 0;
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
    const search_por     *por;
    void                 *por_self;
    ts_succs              out;          /* reused by every expansion */

    frame                *frames;
    size_t                depth, frames_cap;
    search_succ          *succs;        /* records of every frame */
    size_t                nsuccs, succs_cap;
    uint8_t              *vecs;         /* untaken successor vectors */
    size_t                vecs_len, vecs_cap;

    search_succ          *view;         /* the reduction's view of out */
    uint8_t              *chosen;       /* and its answer */
    size_t                view_cap, chosen_cap;

    search_step          *scratch;      /* trail being built */
    size_t                scratch_cap;
    size_t                errors_cap;

    double                start, next_progress;
    unsigned              tick;
} dfs;

static size_t stack_bytes(const dfs *d)
{
    return d->frames_cap * sizeof(frame)
         + (d->succs_cap + d->view_cap) * sizeof(search_succ)
         + d->chosen_cap + d->vecs_cap
         + d->scratch_cap * sizeof(search_step);
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
    if (d->o->memlimit) {
        ss_stats st;

        ss_get_stats(d->ss, &st);
        if (st.bytes + stack_bytes(d) + (ncap - *cap) * elem
            > d->o->memlimit)
            return -1;
    }
    np = realloc(*p, ncap * elem);
    if (np == NULL)
        return -1;
    *p = np;
    *cap = ncap;
    return 0;
}

static void stop(dfs *d, search_stop why)
{
    if (d->r->stop == SEARCH_STOP_NONE)
        d->r->stop = why;
}

/* ----------------------------------------------------------- errors */

/* The trail to the top state into d->scratch, plus `last` when not NULL.
 * Returns the number of steps, or (size_t)-1 when out of memory. */
static size_t build_trail(dfs *d, const search_step *last)
{
    size_t n = d->depth ? d->depth - 1 : 0;

    if (grow(d, (void **)&d->scratch, &d->scratch_cap, n + 1,
             sizeof(search_step)) != 0)
        return (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        const frame *f = &d->frames[i];

        d->scratch[i] = d->succs[f->succ0 + f->left].step;
    }
    if (last != NULL)
        d->scratch[n++] = *last;
    return n;
}

/* Record an error; returns 1 when the search must stop. */
static int report_error(dfs *d, int kind, uint32_t loc,
                        const search_step *last)
{
    search_result *r = d->r;
    search_error   e;
    size_t         n = build_trail(d, last);

    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.loc = loc;
    e.depth = d->depth ? d->depth - 1 : 0;
    e.index = r->nerrors + 1;
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

        if (copy != NULL)
            memcpy(copy, e.steps, n * sizeof *copy);
        e.steps = copy;
    } else {
        e.steps = NULL;
    }
    r->errors[r->nerrors++] = e;
    if (d->o->max_errors && r->nerrors >= d->o->max_errors) {
        stop(d, SEARCH_STOP_ERRORS);
        return 1;
    }
    return 0;
}

/* Location of the first process that is not at a valid end location, for
 * an invalid end state; TS_NONE when all are (e.g. -q and a full
 * channel). */
static uint32_t blocked_loc(const ts *t, const uint8_t *vec, size_t len)
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

/* ------------------------------------------------------ expansion */

/* d->out as search_succ records into d->view (vectors stay in out). */
static int make_view(dfs *d)
{
    const ts_succs *o = &d->out;

    if (grow(d, (void **)&d->view, &d->view_cap, o->n,
             sizeof(search_succ)) != 0
        || grow(d, (void **)&d->chosen, &d->chosen_cap, o->n, 1) != 0)
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
    }
    memset(d->chosen, 0, o->n);
    return 0;
}

static void select_succs(dfs *d, const frame *f, const uint8_t *vec,
                         size_t len)
{
    search_por_view v;

    v.t = d->t;
    v.vec = vec;
    v.len = len;
    v.ref = f->ref;
    v.depth = d->depth - 1;
    v.nsucc = d->out.n;
    v.succs = d->view;
    v.vecs = d->out.vecs;
    v.atomic = d->out.atomic;
    v.timeout = d->out.timeout;
    if (d->por->select(d->por_self, &v, d->chosen) == 0)
        memset(d->chosen, 1, d->out.n);     /* a strategy bug: be safe */
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

/* Copy the chosen successors into the arenas, laid out so that the one
 * to explore first is last: the search takes from the end and frees each
 * vector as it takes it, so the stack holds only untaken vectors.  The
 * exploration order is pan's: highest pid first, and a process's
 * transitions in source order (ts gives pid, then transition, ascending;
 * so: groups ascending, each group backwards). */
static int keep_chosen(dfs *d, frame *f)
{
    const ts_succs *o = &d->out;
    size_t          bytes = 0;

    for (size_t i = 0; i < o->n; i++)
        if (d->chosen[i])
            bytes += o->v[i].dst_len;
    if (grow(d, (void **)&d->succs, &d->succs_cap, d->nsuccs + o->n,
             sizeof(search_succ)) != 0
        || grow(d, (void **)&d->vecs, &d->vecs_cap, d->vecs_len + bytes,
                1) != 0)
        return -1;
    for (size_t g = 0; g < o->n;) {
        size_t e = g;

        while (e < o->n && o->v[e].pid == o->v[g].pid)
            e++;
        for (size_t i = e; i-- > g;)
            if (d->chosen[i])
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
    if (d->out.n == 0) {
        if (d->o->check_end
            && !ts_valid_end(d->t, vec, len, d->o->require_empty))
            return report_error(d, SEARCH_E_INVALID_END,
                                blocked_loc(d->t, vec, len), NULL);
        return 0;
    }
    f->atomic = (uint32_t)d->out.atomic;
    if (make_view(d) == 0) {
        select_succs(d, f, vec, len);
        if (keep_chosen(d, f) == 0)
            return 0;
    }
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
    if (s->finding != TS_OK) {
        int kind = search_err_from_finding(s->finding);

        if (kind < 0)
            kind = SEARCH_E_OVERFLOW;
        if ((kind != SEARCH_E_ASSERT || d->o->check_assert)
            && report_error(d, kind, s->floc, &s->step))
            return 1;
    }
    if (s->vec_len == 0)
        return 0;
    if (d->depth >= d->o->max_depth) {
        st->truncated++;
        d->r->truncated = 1;
        return 0;
    }
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
    res = ss_find_or_put(d->ss, d->vecs + off, s->vec_len, &ref);
    d->vecs_len = off;              /* taken: its vector is not needed */
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
            (double)(ss.bytes + stack_bytes(d)) / (1024.0 * 1024.0), t,
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
    if ((++d->tick & 1023u) != 0)
        return 0;
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
        if (d->frames[d->depth - 1].left == 0)
            pop(d);
        else if (take(d))
            return;
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
    switch (ss_find_or_put(d->ss, init, len, &ref)) {
    case SS_NEW:
        init = ss_get(d->ss, ref, &len);
        return push(d, ref, init, len, 0);
    default:
        stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
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
    if (r->nerrors > 0)
        r->verdict = SEARCH_VIOLATED;
    else if (r->stop != SEARCH_STOP_NONE || r->truncated)
        r->verdict = SEARCH_INCOMPLETE;
    else
        r->verdict = SEARCH_VERIFIED;
    if (r->truncated && r->stop == SEARCH_STOP_NONE)
        r->stop = SEARCH_STOP_DEPTH;
}

int search_dfs(ts *t, const search_options *o, search_result *r)
{
    dfs d;

    memset(r, 0, sizeof *r);
    memset(&d, 0, sizeof d);
    d.t = t;
    d.o = o;
    d.r = r;
    d.por = search_por_get(o->por);
    if (d.por == NULL || o->stateless)
        return -1;
    d.ss = ss_new(o->memlimit, 0);
    if (d.ss == NULL) {
        r->stop = SEARCH_STOP_MEMORY;
        r->verdict = SEARCH_INCOMPLETE;
        return -1;
    }
    if (d.por->new != NULL)
        d.por_self = d.por->new(t);
    ts_succs_init(&d.out);
    d.start = search_now();
    d.next_progress = d.start + o->progress_secs;
    if (start(&d) == 0)
        run(&d);
    finish(&d);
    ts_succs_fini(&d.out);
    if (d.por->free != NULL)
        d.por->free(d.por_self);
    free(d.frames);
    free(d.succs);
    free(d.vecs);
    free(d.view);
    free(d.chosen);
    free(d.scratch);
    ss_free(d.ss);
    return 0;
}
