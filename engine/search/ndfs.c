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
 * is kept once, as its vector plus one byte (the mode of the
 * non-progress claim below), and a byte per stored state (seen[ref])
 * says which searches have visited it (bit 0 the first, bit 1 the
 * second), as pan keeps the toggle in the stored state rather than a
 * second copy of it.  "visited" counts the visits of both searches.
 * (Under -f the toggle is part of the key, with the counter: below.)
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
 * Partial order reduction: --por=spor keeps, at each state, the
 * successors of the process por_live_ample() names (and the claim's
 * own); the choice is a function of the state alone, so the second
 * search follows the first one's choices (engine/por/por_live.c says
 * why the reduced graph keeps every acceptance cycle); other modes run
 * as none (the caller refuses them).
 *
 * Weak fairness (-f, search_options.fair) is pan's construction: a
 * counter byte c joins the state (the key is vector, tag, c), and
 * gives one copy of the graph per process plus one.  c == 0 outside
 * the fairness phase; an accepting state with c == 0 starts it
 * (c := the number of processes, the claim counted, plus one: rule 1);
 * then c waits for the processes from the highest pid down: a step of
 * process c - 2 (c - 3 with a claim, which itself need not take part),
 * or that process being unable to move, lowers c by one (rule 2); at
 * c == 1 every process has moved or been blocked since the accepting
 * state, and the next step returns to c == 0 (rule 3).  With a claim
 * (or -l's), rule 3 applies before the claim's move and rule 1 after
 * it, on the claim's new location.  The seeds of the second search are
 * the states with c == 1, and a cycle is closed only when the second
 * search reaches the seed's vector again with c == 1 (every such cycle
 * passes an accepting state and lets every process move or block:
 * weakly fair).  pan's orders are kept (when the awaited process is
 * blocked after a higher one moved, pan tries the higher ones again
 * with the lowered counter: fair_group()), so that the stored counts
 * are pan's: pan's "stored" counts a vector once whatever its counter
 * and copy (n->distinct, a marker key per vector), "visited" each
 * (vector, copy, counter).  At a state where no process can move, pan
 * takes a default move to c == 1 (all blocked); the claim's stutter
 * step does the same here.  No reduction under -f (the caller refuses
 * it; por_live is not used).
 */
#include "config.h"

#include "engine/search/search.h"

#include <stdlib.h>
#include <string.h>

#include "statestore/ss.h"
#include "util/xalloc.h"

#define TAG_NESTED  1u
#define TAG_MODE1   2u
#define TAG_MARK    0x80u       /* -f: the key counting a vector once */
#define SEEN_FIRST  1u          /* seen[]: the first search's visit */
#define SEEN_NESTED 2u          /* seen[]: the second search's */

/* One successor as the search keeps it. */
typedef struct nsucc {
    search_step step;
    uint32_t    finding;
    uint32_t    floc;
    size_t      vec_off;        /* in the vector arena; key bytes follow */
    uint32_t    vec_len;        /* 0: a finding without successor */
    uint8_t     tag;            /* the successor's tag */
    uint16_t    cnt;            /* -f: its fairness counter */
} nsucc;

typedef struct nframe {
    ss_ref      ref;
    uint8_t     tag;
    uint16_t    cnt;            /* -f: the fairness counter, else 0 */
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
    uint8_t              *seen;         /* per ref (not -f): the searches
                                           that visited it, SEEN_* */
    size_t                cap_seen;
    size_t                visited;      /* not -f: the searches' visits */
    int                   stop;
    double                t0;
    size_t                distinct;     /* vectors stored with either
                                           toggle (pan's "stored") */
    size_t               *order;        /* pan_order's permutation */
    size_t                cap_order;
    uint32_t              seed_loc;     /* the accept label of the second
                                           search's seed (-a) */
    por_live             *pl;           /* --por=spor: the ample sets
                                           (engine/por/por_live.c), else
                                           NULL */
    int                   fair;         /* -f */
    uint8_t              *seed;         /* -f: the second search's seed
                                           vector (a cycle returns to
                                           it), its length, tag and
                                           stack index */
    size_t                seed_len, cap_seed, seed_idx;
    uint8_t               seed_tag;
    size_t                arr_bytes;    /* the capacities below the store
                                           (stack, successors, vectors,
                                           keys, depth_of, order, seed) */
    int                   oom;          /* --memlimit reached: no more */
} ndfs;

/* All the search holds: the store, its own arrays, ts's lists. */
static size_t held_bytes(const ndfs *n)
{
    ss_stats st;

    ss_get_stats(n->ss, &st);
    return st.bytes + n->arr_bytes + n->out.cap * sizeof *n->out.v
           + n->out.vecs_cap + n->out.accs_cap * sizeof *n->out.accs;
}

/* Grow *p (elem-byte items, capacity *cap) to hold need items, doubling,
 * within --memlimit (the store, the stack and every array of the search
 * share it: the store's own limit is what the rest leaves).  Returns -1
 * when the limit (or malloc) refuses: the search then stops, INCOMPLETE
 * (SEARCH_STOP_MEMORY), and nothing grows any more. */
static int ngrow(ndfs *n, void **p, size_t *cap, size_t need, size_t elem)
{
    size_t ncap = *cap ? *cap : 64;
    size_t lim = n->o->memlimit;
    void *np;

    if (need <= *cap)
        return 0;
    if (n->oom)
        return -1;
    while (ncap < need)
        ncap *= 2;
    if (lim != 0 && held_bytes(n) + (ncap - *cap) * elem > lim)
        goto full;
    np = realloc(*p, ncap * elem);
    if (np == NULL)
        goto full;
    *p = np;
    n->arr_bytes += (ncap - *cap) * elem;
    *cap = ncap;
    if (lim != 0)
        ss_set_limit(n->ss, n->arr_bytes < lim ? lim - n->arr_bytes : 1);
    return 0;
full:
    n->oom = 1;
    n->stop = 1;
    n->r->stop = SEARCH_STOP_MEMORY;
    return -1;
}

static int put_vec(ndfs *n, const uint8_t *v, size_t len)
{
    if (n->nvecs + len > n->cap_vecs
        && ngrow(n, (void **)&n->vecs, &n->cap_vecs, n->nvecs + len, 1) < 0)
        return -1;
    memcpy(n->vecs + n->nvecs, v, len);
    n->nvecs += len;
    return 0;
}

/* Add one successor; -1 when out of memory (the search stops). */
static int add_succ(ndfs *n, const ts_succ *s, const uint8_t *vec,
                    uint8_t tag, unsigned cnt)
{
    nsucc *e;

    if (n->nsuccs == n->cap_succs
        && ngrow(n, (void **)&n->succs, &n->cap_succs, n->nsuccs + 1,
                 sizeof *n->succs) < 0)
        return -1;
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
    e->cnt = (uint16_t)cnt;
    if (s->dst_len > 0 && put_vec(n, vec, s->dst_len) < 0) {
        n->nsuccs--;
        return -1;
    }
    return 0;
}

/* pan's order (as search_dfs under --por=none): the highest pid first,
 * each process's transitions in order; with a claim, per claim move
 * (ts_succ.ctrans, in the claim's order).  ts gives pids in ascending
 * order within each claim move: sort each run of one claim move by
 * descending pid, stably.  Fills n->order[0..m); -1 when out of
 * memory. */
static int pan_order(ndfs *n, size_t m)
{
    const ts_succ *v = n->out.v;
    size_t a = 0;

    if (m > n->cap_order
        && ngrow(n, (void **)&n->order, &n->cap_order, m,
                 sizeof *n->order) < 0)
        return -1;
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
    return 0;
}

/* -f: add the successors order[a..b) of one move of the claim (all of
 * them without a claim) with tag; c is the counter when the system
 * moves (rules 1 and 3 applied), off 1 when a claim is pan's process 0
 * (it need not move: the counter skips it).  Rule 2 as pan applies it
 * while it tries the processes from the highest pid down: the awaited
 * process tp = c - 2 - off moves with c lowered, the others with c;
 * when tp cannot move (a rendezvous receive alone is no move of its
 * own, as in pan), it counts as served: pan then goes on with c
 * lowered, and starts again from the highest pid when a higher one
 * had moved (those moves are then taken twice, with c and lowered).
 * A claim's stutter step (no process can move) is pan's default move:
 * c := 1 (every process blocked).  Inside an atomic sequence pan tries
 * the owner alone: the others are neither moved nor blocked then. */
static void fair_group(ndfs *n, size_t a, size_t b, uint8_t tag,
                       unsigned c, unsigned off, uint32_t nsys)
{
    const ts_succ *v = n->out.v;
    uint32_t tp = TS_NONE;
    unsigned c2 = c;
    int tmoves = 0, higher = 0;
    size_t k;

    if (c >= 2 + off && c - 2 - off < nsys) {
        tp = c - 2 - off;
        c2 = (off && tp == 0) ? 1 : c - 1;
    }
    for (k = a; k < b && tp != TS_NONE; k++) {
        uint32_t pid = v[n->order[k]].pid;

        if (pid == tp)
            tmoves = 1;
        else if (pid != TS_NONE && pid > tp)
            higher = 1;
    }
    if (n->out.atomic && !tmoves)
        tp = TS_NONE;
    for (k = a; k < b; k++) {
        const ts_succ *s = &v[n->order[k]];
        unsigned cs = c;

        if (s->pid == TS_NONE)
            cs = (c > 0 && n->kind == SEARCH_CYCLE_ACCEPT) ? 1 : c;
        else if (tp == TS_NONE)
            cs = c;
        else if (tmoves)
            cs = s->pid == tp ? c2 : c;
        else if (higher && s->pid > tp)
            cs = c;         /* first round; the second follows */
        else if (higher)
            continue;       /* only in the second round */
        else
            cs = c2;
        add_succ(n, s, n->out.vecs + s->dst_off, tag, cs);
    }
    if (tp != TS_NONE && !tmoves && higher) {
        for (k = a; k < b; k++) {
            const ts_succ *s = &v[n->order[k]];

            add_succ(n, s, n->out.vecs + s->dst_off, tag,
                     s->pid == TS_NONE ? c : c2);
        }
    }
}

/* -f: the successors of f (m of them in pan's order, np: -l's np_)
 * with their tags and counters (the comment at the top). */
static void expand_fair(ndfs *n, nframe *f, size_t m, int np)
{
    const uint8_t *v = n->vecs + f->vec_off;
    int claim = n->kind == SEARCH_CYCLE_NONPROGRESS
                || ts_program(n->t)->has_claim;
    unsigned off = claim ? 1 : 0;
    uint32_t nsys = ts_nprocs(v);
    unsigned cinit = nsys + 1 + off;    /* pan: _nr_pr + 1 */
    unsigned c = f->cnt;
    uint8_t tag = f->tag & TAG_NESTED;

    if (n->out.atomic || !claim) {
        /* no claim move (none, or it waits): rules 1 and 3 here */
        int acc = n->kind == SEARCH_CYCLE_NONPROGRESS
                  ? (f->tag & TAG_MODE1) != 0
                  : ts_accepting(n->t, v, f->vec_len);

        if (c == 0 && acc)
            c = cinit;
        else if (c == 1)
            c = 0;
        fair_group(n, 0, m, n->out.atomic ? f->tag : tag, c, off, nsys);
        if (m == 0 && c > 0) {
            /* pan's default move: nobody can move, all are served */
            ts_succ d;

            memset(&d, 0, sizeof d);
            d.pid = d.trans = d.pid2 = d.trans2 = TS_NONE;
            d.finding = TS_OK;
            d.dst_len = f->vec_len;
            add_succ(n, &d, v, f->tag, 1);
        }
        return;
    }
    if (c == 1)                         /* rule 3, before the claim */
        c = 0;
    if (n->kind == SEARCH_CYCLE_NONPROGRESS) {
        if (np)                         /* to the accepting loop */
            fair_group(n, 0, m, tag | TAG_MODE1, c == 0 ? cinit : c, off,
                       nsys);
        if (!(f->tag & TAG_MODE1))      /* stay in the first loop */
            fair_group(n, 0, m, tag, c, off, nsys);
        return;
    }
    for (size_t a = 0, b; a < m; a = b) {
        const ts_succ *s0 = &n->out.v[n->order[a]];
        unsigned cg = c;

        /* one group per claim move; a stutter step (the claim alone,
         * pid TS_NONE) is a claim move of its own */
        for (b = a + 1; s0->pid != TS_NONE && b < m
                        && n->out.v[n->order[b]].ctrans == s0->ctrans; b++)
            ;
        if (cg == 0) {      /* rule 1 on the claim's new location */
            for (size_t k = a; k < b; k++) {
                const ts_succ *s = &n->out.v[n->order[k]];

                if (s->dst_len > 0) {
                    if (ts_accepting(n->t, n->out.vecs + s->dst_off,
                                     s->dst_len))
                        cg = cinit;
                    break;
                }
            }
        }
        fair_group(n, a, b, tag, cg, off, nsys);
    }
}

/* The successors of frame f, with their tags (the -l claim above). */
static void expand(ndfs *n, nframe *f)
{
    const uint8_t *v;
    size_t k, m;
    int np = 1;
    uint32_t keep = TS_NONE;

    f->succ0 = n->nsuccs;
    v = n->vecs + f->vec_off;
    m = ts_successors(n->t, v, f->vec_len, &n->out);
    /* --por=spor: the successors of one process (and the claim's own);
     * a function of the state alone, so the second search follows the
     * first one's choices (por_live.c) */
    if (n->pl != NULL)
        keep = por_live_ample(n->pl, v, f->vec_len, &n->out,
                              !(f->tag & TAG_NESTED) && f->ref != SS_NOREF);
    if (n->kind == SEARCH_CYCLE_NONPROGRESS)
        np = !ts_progress(n->t, n->vecs + f->vec_off, f->vec_len);
    if (pan_order(n, m) < 0) {          /* out of memory: stops */
        f->nsucc = 0;
        f->next = 0;
        return;
    }
    if (n->fair) {
        expand_fair(n, f, m, np);
        f->nsucc = n->nsuccs - f->succ0;
        f->next = 0;
        return;
    }
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

            if (keep != TS_NONE && s->pid != keep && s->pid != TS_NONE)
                continue;
            add_succ(n, s, n->out.vecs + s->dst_off, tag, 0);
        }
    }
    f->nsucc = n->nsuccs - f->succ0;
    f->next = 0;
}

/* Look up (and store) vec with tag (and counter cnt under -f); 1 when
 * new, 0 seen, -1 full. */
static int store(ndfs *n, const uint8_t *vec, size_t len, uint8_t tag,
                 unsigned cnt, ss_ref *ref)
{
    ss_result res;
    unsigned bit;

    if (len + 3 > n->cap_key
        && ngrow(n, (void **)&n->key, &n->cap_key, len + 3, 1) < 0)
        return -1;
    memcpy(n->key, vec, len);
    if (n->fair) {
        n->key[len] = tag;
        ss_ref mref;

        n->key[len + 1] = (uint8_t)(cnt & 0xff);
        n->key[len + 2] = (uint8_t)(cnt >> 8);
        res = ss_find_or_put(n->ss, n->key, len + 3, ref);
        if (res != SS_NEW)
            return res == SS_FULL ? -1 : 0;
        /* pan counts a vector once, whatever its copy and counter */
        n->key[len] = (uint8_t)(TAG_MARK | (tag & TAG_MODE1));
        res = ss_find_or_put(n->ss, n->key, len + 1, &mref);
        if (res == SS_FULL)
            return -1;
        if (res == SS_NEW)
            n->distinct++;
        return 1;
    }
    /* one entry per state for both searches: seen[] tells them apart */
    n->key[len] = (uint8_t)(tag & TAG_MODE1);
    res = ss_find_or_put(n->ss, n->key, len + 1, ref);
    if (res == SS_FULL)
        return -1;
    if (*ref >= n->cap_seen) {
        size_t old = n->cap_seen;

        if (ngrow(n, (void **)&n->seen, &n->cap_seen, (size_t)*ref + 1,
                  1) < 0)
            return -1;
        memset(n->seen + old, 0, n->cap_seen - old);
    }
    if (res == SS_NEW)
        n->distinct++;          /* pan's "stored": once, either search */
    bit = (tag & TAG_NESTED) ? SEEN_NESTED : SEEN_FIRST;
    if (n->seen[*ref] & bit)
        return 0;
    n->seen[*ref] |= (uint8_t)bit;
    n->visited++;
    return 1;
}

static int push(ndfs *n, const uint8_t *vec, size_t len, uint8_t tag,
                unsigned cnt, ss_ref ref, const search_step *took)
{
    nframe *f;
    size_t off = n->nvecs;

    if (n->nst == n->cap_st
        && ngrow(n, (void **)&n->st, &n->cap_st, n->nst + 1,
                 sizeof *n->st) < 0)
        return -1;
    if (!(tag & TAG_NESTED) && ref != SS_NOREF && ref >= n->cap_depth) {
        size_t old = n->cap_depth;

        if (ngrow(n, (void **)&n->depth_of, &n->cap_depth, (size_t)ref + 1,
                  sizeof *n->depth_of) < 0)
            return -1;
        memset(n->depth_of + old, 0,
               (n->cap_depth - old) * sizeof *n->depth_of);
    }
    if (put_vec(n, vec, len) < 0)
        return -1;
    f = &n->st[n->nst++];
    memset(f, 0, sizeof *f);
    f->ref = ref;
    f->tag = tag;
    f->cnt = (uint16_t)cnt;
    f->vec_off = off;
    f->vec_len = (uint32_t)len;
    if (took != NULL)
        f->took = *took;
    if (!(tag & TAG_NESTED) && ref != SS_NOREF)
        n->depth_of[ref] = (uint32_t)n->nst;
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
    if (nested && !n->fair) {
        /* Holzmann: a state on the first search's stack closes a cycle
         * through the seed */
        ss_ref r0;

        if (s.vec_len + 1 > n->cap_key
            && ngrow(n, (void **)&n->key, &n->cap_key, s.vec_len + 1, 1) < 0)
            return;
        memcpy(n->key, sv, s.vec_len);
        n->key[s.vec_len] = (uint8_t)(s.tag & TAG_MODE1);
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
            push(n, copy, s.vec_len, s.tag, s.cnt, SS_NOREF, &s.step);
            free(copy);
            return;
        }
        ts_atomic_release(copy);
    }
    if (nested && n->fair && s.cnt == 1 && s.vec_len == n->seed_len
        && (s.tag & TAG_MODE1) == (n->seed_tag & TAG_MODE1)
        && memcmp(copy, n->seed, s.vec_len) == 0) {
        /* -f: back at the seed with every process served (pan compares
         * with its A_Root; no stack check under fairness).  The seed
         * need not be accepting: name an accept label the cycle passes */
        uint32_t loc = TS_NONE;

        free(copy);
        for (size_t k = n->seed_idx; n->kind == SEARCH_CYCLE_ACCEPT
                                     && loc == TS_NONE && k < n->nst; k++)
            loc = ts_accept_loc(n->t, n->vecs + n->st[k].vec_off,
                                n->st[k].vec_len);
        record(n, n->kind == SEARCH_CYCLE_ACCEPT ? SEARCH_E_ACCEPT
               : SEARCH_E_NONPROGRESS, loc, &s.step, n->seed_idx);
        return;
    }
    res = store(n, copy, s.vec_len, s.tag, s.cnt, &ref);
    if (res < 0) {
        n->stop = 1;
        n->r->stop = SEARCH_STOP_MEMORY;
    } else if (res == 0) {
        n->r->stats.matched++;
    } else {
        push(n, copy, s.vec_len, s.tag, s.cnt, ref, &s.step);
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
    /* under -f the seeds are the states whose counter is 1 */
    if (f->post || (f->tag & TAG_NESTED) || f->nsucc == 0
        || f->ref == SS_NOREF
        || (n->fair ? f->cnt != 1 : !accepting(n, f))) {
        pop(n);
        return;
    }
    f->post = 1;
    if (n->fair) {
        if (f->vec_len > n->cap_seed
            && ngrow(n, (void **)&n->seed, &n->cap_seed, f->vec_len, 1) < 0)
            return;
        memcpy(n->seed, n->vecs + f->vec_off, f->vec_len);
        n->seed_len = f->vec_len;
        n->seed_tag = f->tag;
        n->seed_idx = n->nst - 1;
    }
    n->seed_loc = n->kind == SEARCH_CYCLE_ACCEPT
                  ? ts_accept_loc(n->t, n->vecs + f->vec_off, f->vec_len)
                  : TS_NONE;
    {
        uint8_t *copy = xmalloc(f->vec_len);
        size_t len = f->vec_len;
        uint8_t tag = (uint8_t)(f->tag | TAG_NESTED);
        search_step none = { TS_NONE, TS_NONE, TS_NONE, TS_NONE };

        unsigned cnt = f->cnt;

        memcpy(copy, n->vecs + f->vec_off, len);
        res = store(n, copy, len, tag, cnt, &ref);
        if (res < 0) {
            n->stop = 1;
            n->r->stop = SEARCH_STOP_MEMORY;
        } else if (res > 0) {
            /* the seed again, as the second search's root: its frame's
             * `took` is not a step (it is left out of trails) */
            push(n, copy, len, tag, cnt, ref, &none);
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
    n.fair = o->fair;
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
    if (o->por == SEARCH_POR_SPOR && !o->fair)
        n.pl = por_live_new(t, kind == SEARCH_CYCLE_NONPROGRESS);
    init = ts_initial(t, &len, &fnd, &floc);
    if (init == NULL) {             /* a finding in the initialisers */
        por_live_free(n.pl);
        ss_free(n.ss);
        ts_succs_fini(&n.out);
        r->verdict = SEARCH_INCOMPLETE;
        return -1;
    }
    if (store(&n, init, len, 0, 0, &ref) > 0) {
        uint8_t *copy = xmalloc(len);

        memcpy(copy, init, len);
        push(&n, copy, len, 0, 0, ref, NULL);
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
    /* under -f the store also holds one marker per vector */
    r->stats.visited = n.fair ? ss.stored - n.distinct : n.visited;
    r->stats.conflicts = ss.conflicts;
    r->stats.store_bytes = ss.bytes;
    r->stats.store_vec_bytes = ss.vector_bytes;
    r->stats.store_table_bytes = ss.table_bytes;
    r->stats.stack_bytes = n.arr_bytes;
    /* pan: transitions = visited (stored by either search) + matched */
    r->stats.transitions = r->stats.visited + r->stats.matched;
    r->stats.elapsed = search_now() - n.t0;
    if (r->nerrors > 0)
        r->verdict = SEARCH_VIOLATED;
    else if (r->stop != SEARCH_STOP_NONE || r->truncated)
        r->verdict = SEARCH_INCOMPLETE;
    else
        r->verdict = SEARCH_VERIFIED;
    if (n.pl != NULL)
        por_live_stats(n.pl, &r->por);
    por_live_free(n.pl);
    ss_free(n.ss);
    ts_succs_fini(&n.out);
    free(n.st);
    free(n.succs);
    free(n.vecs);
    free(n.key);
    free(n.depth_of);
    free(n.seen);
    free(n.order);
    free(n.seed);
    return 0;
}
