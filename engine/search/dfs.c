/*
 * engine/search/dfs.c -- stateful depth-first search with an explicit stack:
 * the core (one path for every reduction and order).
 *
 * The stack is an array of frames (por_frame); each frame owns a
 * contiguous run of successor records (search_succ) in one arena and
 * their vectors in a byte arena.  Pushing a frame appends to the arenas,
 * popping truncates them, so they grow geometrically to the deepest
 * point and the inner loop never allocates.  Offsets, not pointers,
 * cross a push, because the arenas may move.  Exploration order under
 * --por=none is pan's: the highest pid first, a process's transitions in
 * source order.
 *
 * A successor is looked up in the store when it is taken, not when it is
 * generated (SPIN's order): new -> push, seen -> matched, full -> stop.
 * As in pan, a state reached by a move inside an atomic sequence (its
 * atomic owner is set: ts_atomic_owner) whose owner can go on is not
 * stored at all: it is expanded and the move counted as an "atomic
 * step", so that stored/matched counts agree with SPIN's
 * (design/language.md, "Counting").  Where the owner blocks, the state
 * is stored as usual.  The depth test comes before the store, as in
 * pan: a state beyond the limit is neither stored nor explored, and the
 * search is marked truncated.
 *
 * Which record to take next is the only thing that differs between pan's
 * order without a reduction (d->pan: the records are laid out so that
 * the next one is the last, and taking it frees its vector, so the stack
 * holds only vectors not yet taken and a chain of single successors
 * costs no vector bytes at all) and the reductions' orders (dfs_por_step:
 * the reduction picks a thread, its records are taken in source order).
 * Pushing, taking, the atomic steps, storing and popping are written
 * once, here; what the reductions add at each of them is in dfs_por.c,
 * behind a test of d->pan.  The other stages: dfs_int.h.
 */
#include "config.h"

#include "engine/search/search.h"

#include "engine/search/dfs_int.h"

#include <stdlib.h>
#include <string.h>

#include "statestore/ss.h"

/* Copy the successors into the arenas in pan's layout: the one to
 * explore first is last, so that the search takes from the end and
 * frees each vector as it takes it.  The exploration order is pan's:
 * highest pid first, and a process's transitions in source order (ts
 * gives pid, then transition, ascending; so: groups ascending, each
 * group backwards).  f->took counts the records not yet taken. */
static int keep_pan(dfs *d, por_frame *f)
{
    const ts_succs *o = &d->out;
    search_succ    *c;

    if (dfs_grow(d, (void **)&d->succs, &d->succs_cap, d->nsuccs + o->n,
                 sizeof(search_succ)) != 0
        || dfs_grow(d, (void **)&d->vecs, &d->vecs_cap,
                    d->vecs_len + o->vecs_len, 1) != 0)
        return -1;
    c = &d->succs[d->nsuccs];
    for (size_t g = 0; g < o->n;) {
        size_t e = g;

        while (e < o->n && o->v[e].pid == o->v[g].pid)
            e++;
        for (size_t i = e; i-- > g; c++) {
            const ts_succ *s = &o->v[i];

            c->step.pid = s->pid;
            c->step.trans = s->trans;
            c->step.pid2 = s->pid2;
            c->step.trans2 = s->trans2;
            c->finding = s->finding;
            c->floc = s->floc;
            c->vec_len = s->dst_len;
            c->vec_off = (uint32_t)(d->vecs_len - f->vec0);
            c->label = POR_LABEL_NONE;
            c->dst = SS_NOREF;
            if (s->dst_len > 0) {
                memcpy(d->vecs + d->vecs_len, o->vecs + s->dst_off,
                       s->dst_len);
                d->vecs_len += s->dst_len;
            }
        }
        g = e;
    }
    d->nsuccs += o->n;
    f->nsucc = (uint32_t)o->n;
    f->took = f->nsucc;
    return 0;
}

int dfs_push(dfs *d, ss_ref ref, const uint8_t *vec, size_t len,
             int have_succs)
{
    por_frame *f;
    size_t     fi = d->depth;

    if (dfs_grow(d, (void **)&d->frames, &d->frames_cap, d->depth + 1,
                 sizeof(por_frame)) != 0) {
        dfs_stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    f = &d->frames[d->depth++];
    memset(f, 0, sizeof *f);
    f->ref = ref;
    f->cur = -1;
    f->succ0 = d->nsuccs;
    f->vec0 = d->vecs_len;
    if (!d->pan)
        dfs_por_pushed(d, f, fi, ref, vec, len);
    if (fi > d->r->stats.max_depth)
        d->r->stats.max_depth = fi;
    if (len > d->r->stats.max_vector)
        d->r->stats.max_vector = len;
    if (!have_succs)
        ts_successors(d->t, vec, len, &d->out);
    if (d->out.n == 0) {
        if (!d->pan)
            dfs_por_dead(d, f, ref, vec, len);
        return dfs_dead_end(d, vec, len);
    }
    if ((d->pan ? keep_pan(d, f) : dfs_por_keep(d, f)) != 0) {
        f->took = 0;
        f->nthr = 0;
        dfs_stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    return d->pan ? 0 : dfs_por_enter(d, f, vec, len);
}

void dfs_pop(dfs *d)
{
    por_frame *f = &d->frames[d->depth - 1];

    if (!d->pan)
        dfs_por_popping(d, f);
    d->nsuccs = f->succ0;
    d->vecs_len = f->vec0;
    d->depth--;
    if (!d->pan)
        dfs_por_popped(d);
}

ss_result dfs_store(dfs *d, const uint8_t *vec, size_t len, ss_ref *ref)
{
    ss_result res;

    dfs_store_budget(d);
    if (!d->o->stateless) {
        res = ss_find_or_put(d->ss, vec, len, ref);
        DFS_STORE_CHECK(d->ss, vec, len, *ref, res);
        return res;
    }
    if (dfs_grow(d, (void **)&d->key, &d->key_cap, len + 8, 1) != 0)
        return SS_FULL;
    memcpy(d->key, vec, len);
    memcpy(d->key + len, &d->node, 8);
    d->node++;
    return ss_find_or_put(d->ss, d->key, len + 8, ref);
}

int dfs_take(dfs *d, por_frame *f, uint32_t i)
{
    search_succ   *s = &d->succs[f->succ0 + i];
    search_stats  *st = &d->r->stats;
    ss_ref         ref;
    ss_result      res;
    uint8_t       *vec;
    const uint8_t *dst;
    size_t         len;
    int            expanded = 0;

    f->took = i;
    st->transitions++;
    if (d->pan)
        d->nsuccs = f->succ0 + i + 1;   /* taken ones: not needed */
    else if (d->o->obs != NULL && s->finding != TS_OK
             && (s->finding != TS_ASSERT || d->o->check_assert))
        dfs_obs_edge(d, s, d->frames[f->anc].ref, TS_NONE, 0, 0);
    if (dfs_finding(d, s))
        return 1;
    if (s->vec_len == 0) {
        if (!d->pan && d->algo != &por_algo_none)
            dfs_por_finding(d, f, s);
        return 0;
    }
    if (d->depth >= d->bound)
        return dfs_cut(d);
    vec = d->vecs + f->vec0 + s->vec_off;
    if (ts_atomic_owner(vec) != 0) {
        /* a move inside an atomic sequence: like pan, the state is
         * neither stored nor matched while its owner can go on (its
         * vector stays on the arena while it is expanded); where the
         * owner blocks, it is an ordinary state */
        st->atomic_steps++;
        ts_successors(d->t, vec, s->vec_len, &d->out);
        if (d->out.atomic) {
            if (!d->pan)
                dfs_por_chain(d, f, s);
            return dfs_push(d, SS_NOREF, vec, s->vec_len, 1);
        }
        /* the owner is blocked: every process may move, exactly as if
         * no one owned the CPU, so store the state without the owner
         * (pan's vector has no owner either; keeping it would split
         * one state into two) */
        ts_atomic_release(vec);
        expanded = 1;
    }
    res = dfs_store(d, vec, s->vec_len, &ref);
    if (d->pan)     /* taken: its vector is not needed */
        d->vecs_len = (size_t)(vec - d->vecs);
    if (d->o->shortest)
        res = dfs_depth_note(d, ref, res);
    if (res == SS_FULL) {
        dfs_stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    if (!d->pan) {
        if (dfs_por_reached(d, f, s, ref, res))
            return 1;
    } else if (res == SS_SEEN) {
        st->matched++;
    }
    if (res != SS_NEW)
        return 0;
    dst = ss_get(d->ss, ref, &len);
    return dfs_push(d, ref, dst, len - d->pc.vec_extra, expanded);
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
            dfs_stop(d, SEARCH_STOP_MEMORY);
            return 1;
        }
        dfs_report_error(d, kind, floc, NULL);
        return 1;
    }
    if (d->pc.mem.oom || dfs_store(d, init, len, &ref) != SS_NEW
        || (!d->pan && dfs_por_arrays(d, (size_t)ref + 1) != 0)) {
        dfs_stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    init = ss_get(d->ss, ref, &len);
    return dfs_push(d, ref, init, len - d->pc.vec_extra, 0);
}

static void run(dfs *d)
{
    while (d->depth > 0) {
        por_frame *f;

        if (dfs_poll(d))
            return;
        if (d->pc.mem.oom) {
            /* a reduction's structure could not grow: what it computed
             * since is not trusted, the search ends incomplete */
            dfs_stop(d, SEARCH_STOP_MEMORY);
            return;
        }
        if (!d->pan) {
            if (dfs_por_step(d))
                return;
            continue;
        }
        f = &d->frames[d->depth - 1];
        if (f->took == 0)
            dfs_pop(d);
        else if (dfs_take(d, f, f->took - 1))
            return;
    }
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
    d.pan = o->por == SEARCH_POR_NONE && !o->stateless
            && o->order == SEARCH_ORDER_SEQ && o->nperm == 0
            && o->obs == NULL;
    d.bound = o->max_depth;
    d.ss = ss_new(o->memlimit, 0);
    if (d.ss == NULL) {
        r->stop = SEARCH_STOP_MEMORY;
        r->verdict = SEARCH_INCOMPLETE;
        return -1;
    }
    if (o->collect_end_states)
        d.ends = ss_new(0, 0);
    if (!d.pan)
        dfs_por_init(&d);
    /* pan's path never looks at dynamic facts: do not record them
     * (3.5% of the instructions on peterson.4, by callgrind) */
    ts_set_facts(t, !d.pan);
    ts_succs_init(&d.out);
    d.start = search_now();
    d.next_progress = d.start + o->progress_secs;
    if (start(&d) == 0)
        run(&d);
    dfs_finish(&d);
    ts_set_facts(t, 1);
    ts_succs_fini(&d.out);
    if (!d.pan)
        dfs_por_fini(&d);
    free(d.frames);
    free(d.succs);
    free(d.vecs);
    free(d.thr);
    free(d.key);
    free(d.scratch);
    ss_free(d.ends);
    free(d.sdepth);
    ss_free(d.ss);
    return 0;
}
