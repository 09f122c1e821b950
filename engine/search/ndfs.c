/*
 * engine/search/ndfs.c -- acceptance and non-progress cycles by nested
 * depth-first search (search_ndfs, search.h).
 *
 * The scheme of Courcoubetis, Vardi, Wolper and Yannakakis ("Memory
 * efficient algorithms for the verification of temporal properties",
 * 1992) with Holzmann's improvement as pan has it (Holzmann, Peled,
 * Yannakakis, "On nested depth first search", 1996): a first search
 * visits the states depth first; when it leaves an accepting state s
 * (postorder) a second search starts from s, over states marked with a
 * toggle bit, and a cycle through s exists as soon as the second search
 * reaches a state that is on the first search's stack (every such state
 * reaches s along that stack).  Both searches share one store: a state
 * is kept as its vector plus one tag byte (bit 0 the toggle, bit 1 the
 * mode of the non-progress claim below), so, as in pan, a state seen by
 * both searches counts twice in "states, stored".
 *
 * Accepting: with a never claim, the claim at an accept label; without
 * one, some process at an accept label (ts_accepting).  The claim's lock
 * step (ts.c) is inside ts_successors, so the search sees the product.
 *
 * Non-progress (-l): pan adds the claim
 *     never { do :: skip :: np_ -> break od; accept: do :: np_ od }
 * (np_: no process at a progress label).  It is built in here, as the
 * tag's bit 1 (0: the first loop, 1: the accepting loop): in mode 0
 * every step keeps mode 0 and, when np_ holds, also goes to mode 1; in
 * mode 1 a step exists only when np_ holds.  A claim moves on the state
 * before the step, as in pan.
 *
 * The trail of a cycle is a lasso: the first search's stack down to the
 * seed, then the second search's stack to the state found on the first
 * stack, at depth cycle_at (search_error.cycle_at).
 *
 * As in pan, a state inside an atomic sequence whose owner can go on is
 * not stored (it is on the stack, unstored, and the Holzmann check does
 * not see it: a cycle is closed at the stored state that began the
 * sequence).
 *
 * Not yet (issue 12): weak fairness (-f) and partial order reduction
 * (the caller runs with --por=none).
 */
#include "config.h"

#include "engine/search/search.h"

#include <stdlib.h>
#include <string.h>

#include "statestore/ss.h"
#include "util/xalloc.h"

#define TAG_NESTED  1u
#define TAG_MODE1   2u

/* One successor as the search keeps it. */
typedef struct nsucc {
    search_step step;
    uint32_t    finding;
    uint32_t    floc;
    size_t      vec_off;        /* in the vector arena; key bytes follow */
    uint32_t    vec_len;        /* 0: a finding without successor */
    uint8_t     tag;            /* the successor's tag */
} nsucc;

typedef struct nframe {
    ss_ref      ref;
    uint8_t     tag;
    size_t      vec_off;        /* this state's vector */
    uint32_t    vec_len;
    size_t      succ0;          /* its successors: succs[succ0 .. +nsucc) */
    size_t      nsucc;
    size_t      next;
    int         post;           /* postorder done (second search started) */
    search_step took;           /* the step from the frame below */
} nframe;

typedef struct ndfs {
    ts                   *t;
    const search_options *o;
    search_result        *r;
    int                   kind;
    ss_store             *ss;
    ts_succs              out;
    nframe               *st;
    size_t                nst, cap_st;
    nsucc                *succs;
    size_t                nsuccs, cap_succs;
    uint8_t              *vecs;
    size_t                nvecs, cap_vecs;
    uint8_t              *key;          /* vector + tag for the store */
    size_t                cap_key;
    uint32_t             *depth_of;     /* per ref: 1 + stack index of a
                                           first-search frame, 0: none */
    size_t                cap_depth;
    int                   stop;
    double                t0;
    size_t                distinct;     /* vectors stored with either
                                           toggle (pan's "stored") */
    size_t               *order;        /* pan_order's permutation */
    size_t                cap_order;
    uint32_t              seed_loc;     /* the accept label of the second
                                           search's seed (-a) */
} ndfs;

static void put_vec(ndfs *n, const uint8_t *v, size_t len)
{
    if (n->nvecs + len > n->cap_vecs)
        xgrow((void **)&n->vecs, &n->cap_vecs, n->nvecs + len, 1);
    memcpy(n->vecs + n->nvecs, v, len);
    n->nvecs += len;
}

static void add_succ(ndfs *n, const ts_succ *s, const uint8_t *vec,
                     uint8_t tag)
{
    nsucc *e;

    if (n->nsuccs == n->cap_succs)
        xgrow((void **)&n->succs, &n->cap_succs, n->nsuccs + 1,
              sizeof *n->succs);
    e = &n->succs[n->nsuccs++];
    e->step.pid = s->pid;
    e->step.trans = s->trans;
    e->step.pid2 = s->pid2;
    e->step.trans2 = s->trans2;
    e->finding = s->finding;
    e->floc = s->floc;
    e->vec_len = s->dst_len;
    e->vec_off = n->nvecs;
    e->tag = tag;
    if (s->dst_len > 0)
        put_vec(n, vec, s->dst_len);
}

/* pan's order (as search_dfs under --por=none): the highest pid first,
 * each process's transitions in order; with a claim, per claim move
 * (ts_succ.ctrans, in the claim's order).  ts gives pids in ascending
 * order within each claim move: sort each run of one claim move by
 * descending pid, stably.  Fills n->order[0..m). */
static void pan_order(ndfs *n, size_t m)
{
    const ts_succ *v = n->out.v;
    size_t a = 0;

    if (m > n->cap_order)
        xgrow((void **)&n->order, &n->cap_order, m, sizeof *n->order);
    for (size_t k = 0; k < m; k++)
        n->order[k] = k;
    while (a < m) {
        size_t b = a + 1;

        while (b < m && v[b].ctrans == v[a].ctrans)
            b++;
        for (size_t i = a + 1; i < b; i++) {    /* insertion sort */
            size_t x = n->order[i];
            size_t j = i;

            while (j > a && v[n->order[j - 1]].pid < v[x].pid) {
                n->order[j] = n->order[j - 1];
                j--;
            }
            n->order[j] = x;
        }
        a = b;
    }
}

/* The successors of frame f, with their tags (the -l claim above). */
static void expand(ndfs *n, nframe *f)
{
    const uint8_t *v;
    size_t k, m;
    int np = 1;

    f->succ0 = n->nsuccs;
    v = n->vecs + f->vec_off;
    m = ts_successors(n->t, v, f->vec_len, &n->out);
    if (n->kind == SEARCH_CYCLE_NONPROGRESS)
        np = !ts_progress(n->t, n->vecs + f->vec_off, f->vec_len);
    pan_order(n, m);
    /* the -l claim's moves: (np_) to the accepting loop, then stay in
     * the first loop, each with every system step; this order gives
     * pan's counts (tests/live/nonprogress.pml: 9 states stored).  As
     * pan's claims, it waits while an atomic sequence runs (its owner
     * goes on): it does not see the states inside one, so a progress
     * label there is no progress (tests/live/np_atomic.pml) */
    for (int pass = 0; pass < 2; pass++) {
        uint8_t tag = f->tag & TAG_NESTED;

        if (n->out.atomic) {            /* the claim waits */
            if (pass == 1)
                break;
            tag = f->tag;
        } else if (n->kind == SEARCH_CYCLE_ACCEPT) {
            if (pass == 1)
                break;
        } else if (pass == 0) {         /* np_ -> the accepting loop */
            if (!np)
                continue;
            tag |= TAG_MODE1;
        } else if (f->tag & TAG_MODE1) {    /* it has no other move */
            break;
        }
        for (k = 0; k < m; k++) {
            const ts_succ *s = &n->out.v[n->order[k]];

            add_succ(n, s, n->out.vecs + s->dst_off, tag);
        }
    }
    f->nsucc = n->nsuccs - f->succ0;
    f->next = 0;
}

/* Look up (and store) vec with tag; 1 when new, 0 seen, -1 full. */
static int store(ndfs *n, const uint8_t *vec, size_t len, uint8_t tag,
                 ss_ref *ref)
{
    ss_result res;

    if (len + 1 > n->cap_key)
        xgrow((void **)&n->key, &n->cap_key, len + 1, 1);
    memcpy(n->key, vec, len);
    n->key[len] = tag;
    res = ss_find_or_put(n->ss, n->key, len + 1, ref);
    if (res == SS_FULL)
        return -1;
    if (res == SS_NEW) {
        /* pan counts a state once, whichever searches stored it */
        n->key[len] = (uint8_t)(tag ^ TAG_NESTED);
        if (ss_find(n->ss, n->key, len + 1) == SS_NOREF)
            n->distinct++;
    }
    return res == SS_NEW;
}

static int push(ndfs *n, const uint8_t *vec, size_t len, uint8_t tag,
                ss_ref ref, const search_step *took)
{
    nframe *f;

    if (n->nst == n->cap_st)
        xgrow((void **)&n->st, &n->cap_st, n->nst + 1, sizeof *n->st);
    f = &n->st[n->nst++];
    memset(f, 0, sizeof *f);
    f->ref = ref;
    f->tag = tag;
    f->vec_off = n->nvecs;
    f->vec_len = (uint32_t)len;
    put_vec(n, vec, len);
    if (took != NULL)
        f->took = *took;
    if (!(tag & TAG_NESTED) && ref != SS_NOREF) {
        if (ref >= n->cap_depth) {
            size_t old = n->cap_depth;

            xgrow((void **)&n->depth_of, &n->cap_depth, (size_t)ref + 1,
                  sizeof *n->depth_of);
            memset(n->depth_of + old, 0,
                   (n->cap_depth - old) * sizeof *n->depth_of);
        }
        n->depth_of[ref] = (uint32_t)n->nst;
    }
    if (n->nst - 1 > n->r->stats.max_depth)
        n->r->stats.max_depth = n->nst - 1;
    if (len > n->r->stats.max_vector)
        n->r->stats.max_vector = len;
    expand(n, f);
    return 0;
}

static void pop(ndfs *n)
{
    nframe *f = &n->st[--n->nst];

    if (!(f->tag & TAG_NESTED) && f->ref != SS_NOREF
        && f->ref < n->cap_depth)
        n->depth_of[f->ref] = 0;
    n->nsuccs = f->succ0;
    n->nvecs = f->vec_off;
}

/* Record an error whose trail is the stack's steps, then `last` (when
 * not NULL); cycle_at for the cycle kinds. */
static void record(ndfs *n, int kind, uint32_t loc, const search_step *last,
                   size_t cycle_at)
{
    search_result *r = n->r;
    search_error *e;
    size_t k, m = 0;

    r->errors = xrealloc(r->errors, (r->nerrors + 1) * sizeof *e);
    e = &r->errors[r->nerrors++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->depth = n->nst - 1;
    e->index = r->nerrors;
    e->steps = xmalloc((n->nst + 1) * sizeof *e->steps);
    for (k = 1; k < n->nst; k++) {
        /* the second search's root repeats the seed: no step */
        if (n->st[k].took.pid == TS_NONE && n->st[k].took.trans == TS_NONE)
            continue;
        e->steps[m++] = n->st[k].took;
    }
    if (last != NULL)
        e->steps[m++] = *last;
    e->nsteps = m;
    e->cycle_at = cycle_at;
    if (n->o->on_error != NULL)
        n->o->on_error(n->o->on_error_ctx, e);
    if (n->o->max_errors != 0 && r->nerrors >= n->o->max_errors) {
        n->stop = 1;
        r->stop = SEARCH_STOP_ERRORS;
    }
}

static int accepting(ndfs *n, const nframe *f)
{
    if (n->kind == SEARCH_CYCLE_NONPROGRESS)
        return (f->tag & TAG_MODE1) != 0;
    return ts_accepting(n->t, n->vecs + f->vec_off, f->vec_len);
}

/* Take the next successor of the top frame. */
static void step(ndfs *n)
{
    nframe *f = &n->st[n->nst - 1];
    nsucc s = n->succs[f->succ0 + f->next++];
    int nested = (f->tag & TAG_NESTED) != 0;
    const uint8_t *sv = n->vecs + s.vec_off;
    uint8_t *copy;
    ss_ref ref;
    int res;

    if (s.finding != TS_OK && !nested
        && (s.finding != TS_ASSERT || n->o->check_assert)) {
        record(n, search_err_from_finding(s.finding), s.floc, &s.step, 0);
        if (n->stop || s.vec_len == 0)
            return;
    }
    if (s.vec_len == 0)
        return;
    if (nested) {
        /* Holzmann: a state on the first search's stack closes a cycle
         * through the seed */
        ss_ref r0;

        if (s.vec_len + 1 > n->cap_key)
            xgrow((void **)&n->key, &n->cap_key, s.vec_len + 1, 1);
        memcpy(n->key, sv, s.vec_len);
        n->key[s.vec_len] = (uint8_t)(s.tag & ~TAG_NESTED);
        r0 = ss_find(n->ss, n->key, s.vec_len + 1);
        if (r0 != SS_NOREF && r0 < n->cap_depth && n->depth_of[r0] != 0) {
            record(n, n->kind == SEARCH_CYCLE_ACCEPT ? SEARCH_E_ACCEPT
                   : SEARCH_E_NONPROGRESS, n->seed_loc, &s.step,
                   n->depth_of[r0] - 1);
            return;
        }
    }
    if (n->nst >= n->o->max_depth) {
        n->r->stats.truncated++;
        n->r->truncated = 1;
        return;
    }
    n->r->stats.transitions++;
    /* the arenas may move: copy the vector out of them first */
    copy = xmalloc(s.vec_len);
    memcpy(copy, sv, s.vec_len);
    if (ts_atomic_owner(copy) != 0) {
        /* as pan (and search_dfs): a state inside an atomic sequence
         * whose owner can go on is not stored; where the owner blocks,
         * it is stored without the owner */
        n->r->stats.atomic_steps++;
        ts_successors(n->t, copy, s.vec_len, &n->out);
        if (n->out.atomic) {
            push(n, copy, s.vec_len, s.tag, SS_NOREF, &s.step);
            free(copy);
            return;
        }
        ts_atomic_release(copy);
    }
    res = store(n, copy, s.vec_len, s.tag, &ref);
    if (res < 0) {
        n->stop = 1;
        n->r->stop = SEARCH_STOP_MEMORY;
    } else if (res == 0) {
        n->r->stats.matched++;
    } else {
        push(n, copy, s.vec_len, s.tag, ref, &s.step);
    }
    free(copy);
}

/* The top frame has no successor left: start the second search from it
 * if it is an accepting state of the first, else pop it. */
static void leave(ndfs *n)
{
    nframe *f = &n->st[n->nst - 1];
    ss_ref ref;
    int res;

    /* as pan, which starts the second search when it backs out of the
     * last move of an accepting state: a state without a move is no
     * seed (it is on no cycle anyway) */
    /* nor is a state inside an atomic sequence (not stored, f->ref ==
     * SS_NOREF): pan's claims do not see it, nor does its -a without a
     * claim (tests/live/accept_atomic.pml) */
    if (f->post || (f->tag & TAG_NESTED) || f->nsucc == 0
        || f->ref == SS_NOREF || !accepting(n, f)) {
        pop(n);
        return;
    }
    f->post = 1;
    n->seed_loc = n->kind == SEARCH_CYCLE_ACCEPT
                  ? ts_accept_loc(n->t, n->vecs + f->vec_off, f->vec_len)
                  : TS_NONE;
    {
        uint8_t *copy = xmalloc(f->vec_len);
        size_t len = f->vec_len;
        uint8_t tag = (uint8_t)(f->tag | TAG_NESTED);
        search_step none = { TS_NONE, TS_NONE, TS_NONE, TS_NONE };

        memcpy(copy, n->vecs + f->vec_off, len);
        res = store(n, copy, len, tag, &ref);
        if (res < 0) {
            n->stop = 1;
            n->r->stop = SEARCH_STOP_MEMORY;
        } else if (res > 0) {
            /* the seed again, as the second search's root: its frame's
             * `took` is not a step (it is left out of trails) */
            push(n, copy, len, tag, ref, &none);
            n->st[n->nst - 1].post = 2;
        }
        free(copy);
    }
}

int search_ndfs(ts *t, const search_options *o, int kind, search_result *r)
{
    ndfs n;
    const uint8_t *init;
    size_t len;
    ts_finding fnd;
    uint32_t floc;
    ss_ref ref;
    ss_stats ss;
    size_t polls = 0;

    memset(r, 0, sizeof *r);
    memset(&n, 0, sizeof n);
    n.t = t;
    n.o = o;
    n.r = r;
    n.kind = kind;
    n.t0 = search_now();
    ts_succs_init(&n.out);
    n.ss = ss_new(o->memlimit, 0);
    if (n.ss == NULL) {
        r->stop = SEARCH_STOP_MEMORY;
        r->verdict = SEARCH_INCOMPLETE;
        return -1;
    }
    ts_set_facts(t, 0);
    /* pan's -l claim is a process for _nr_pr; left on for the trail */
    ts_set_np_claim(t, kind == SEARCH_CYCLE_NONPROGRESS);
    init = ts_initial(t, &len, &fnd, &floc);
    if (init == NULL) {             /* a finding in the initialisers */
        ss_free(n.ss);
        ts_succs_fini(&n.out);
        r->verdict = SEARCH_INCOMPLETE;
        return -1;
    }
    if (store(&n, init, len, 0, &ref) > 0) {
        uint8_t *copy = xmalloc(len);

        memcpy(copy, init, len);
        push(&n, copy, len, 0, ref, NULL);
        free(copy);
    }
    while (n.nst > 0 && !n.stop) {
        nframe *f = &n.st[n.nst - 1];

        if ((++polls & 1023) == 0) {
            if (o->stop != NULL && *o->stop) {
                r->stop = SEARCH_STOP_INTERRUPT;
                break;
            }
            if (o->time_limit > 0 && search_now() - n.t0 > o->time_limit) {
                r->stop = SEARCH_STOP_TIME;
                break;
            }
        }
        if (f->next < f->nsucc)
            step(&n);
        else
            leave(&n);
    }
    ss_get_stats(n.ss, &ss);
    r->stats.stored = n.distinct;
    r->stats.visited = ss.stored;
    r->stats.conflicts = ss.conflicts;
    r->stats.store_bytes = ss.bytes;
    r->stats.store_vec_bytes = ss.vector_bytes;
    r->stats.store_table_bytes = ss.table_bytes;
    r->stats.stack_bytes = n.cap_st * sizeof *n.st
                           + n.cap_succs * sizeof *n.succs + n.cap_vecs;
    /* pan: transitions = visited (stored by either search) + matched */
    r->stats.transitions = ss.stored + r->stats.matched;
    r->stats.elapsed = search_now() - n.t0;
    if (r->nerrors > 0)
        r->verdict = SEARCH_VIOLATED;
    else if (r->stop != SEARCH_STOP_NONE || r->truncated)
        r->verdict = SEARCH_INCOMPLETE;
    else
        r->verdict = SEARCH_VERIFIED;
    ss_free(n.ss);
    ts_succs_fini(&n.out);
    free(n.st);
    free(n.succs);
    free(n.vecs);
    free(n.key);
    free(n.depth_of);
    free(n.order);
    return 0;
}
