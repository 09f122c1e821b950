/*
 * engine/search/dfs_por.c -- the depth-first search's glue to the
 * reductions (engine/por/por.h): the enumeration order (pick), the
 * per-state arrays (stack positions, and the visited graph's heads,
 * pending masks and walk marks), the successor records grouped by
 * thread, the por_algo hooks at every push, step, thread and pop, the
 * cycle proviso (F-C3), and the labels of atomic chains.
 *
 * None of this runs under pan's order without a reduction (dfs.pan, see
 * dfs_int.h): the core calls in here only when d->pan is 0.  With
 * --por=none and an observer or another order, the hooks below run with
 * por_algo_none, which expands every thread: the counts are pan's.
 */
#include "config.h"

#include "engine/search/search.h"

#include "engine/search/dfs_int.h"

#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"
#include "statestore/ss.h"

/* ------------------------------------------------------------ order */

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

    c->frames = d->frames;
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

        if (ts_atomic_owner(v) == 0)
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

/* ------------------------------------------------------- expansion */


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
int dfs_por_arrays(dfs *d, size_t n)
{
    por_ctx *c = &d->pc;
    size_t   cap = d->arr_cap;
    size_t   old = d->arr_cap;
    int      graph = d->graph;

    if (n <= cap) {
        if (n > c->nstates)
            c->nstates = n;
        return 0;
    }
    cap = cap ? cap : 1024;
    while (cap < n)
        cap *= 2;
    if (dfs_over_limit(d, (cap - old) * dfs_arr_entry(d))
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
int dfs_por_keep(dfs *d, por_frame *f)
{
    const ts_succs *o = &d->out;
    int             graph = d->graph;

    if (dfs_grow(d, (void **)&d->succs, &d->succs_cap, d->nsuccs + o->n,
                 sizeof(search_succ)) != 0
        || dfs_grow(d, (void **)&d->vecs, &d->vecs_cap,
                    d->vecs_len + o->vecs_len, 1) != 0
        || dfs_grow(d, (void **)&d->thr, &d->thr_cap, d->nthr + o->n,
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

/* ------------------------------------------------------------ push, pop */

void dfs_por_pushed(dfs *d, por_frame *f, size_t fi, ss_ref ref,
                    const uint8_t *vec, size_t len)
{
    f->thr0 = d->nthr;
    f->chain = POR_LABEL_NONE;
    f->chain_pid = TS_NONE;
    f->chain_pid2 = TS_NONE;
    if (ref == SS_NOREF) {
        f->anc = d->frames[fi - 1].anc;
        f->chain = d->chain;
        f->chain_pid = d->chain_pid;
        f->chain_pid2 = d->chain_pid2;
        f->chain_many = d->chain_many;
    } else {
        f->anc = (uint32_t)fi;
        d->pc.stackpos[ref] = (uint32_t)fi + 1;
        if (d->o->obs != NULL)
            dfs_obs_state(d, ref, vec, len);
    }
}

void dfs_por_dead(dfs *d, por_frame *f, ss_ref ref, const uint8_t *vec,
                  size_t len)
{
    por_ctx *c = &d->pc;

    /* a dead end still tells the graph algorithms which threads are
     * blocked there (F-BLOCK): all of them */
    if (d->graph && ref < c->nstates) {
        sync_ctx(d);
        c->pend[ref] = por_pending_mask(c, f, vec, len);
        if (d->algo->pushed != NULL)
            d->algo->pushed(d->algo_self, c, f);
    }
    if (c->xp != NULL)
        explain_line(c, ref, "no successor (%s)",
                     ts_valid_end(d->t, vec, len, d->o->require_empty)
                     ? "valid end state" : "invalid end state");
}

int dfs_por_enter(dfs *d, por_frame *f, const uint8_t *vec, size_t len)
{
    por_ctx *c = &d->pc;
    ss_ref   ref = f->ref;
    int      rv = 0;

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
    if (d->graph && ref < c->nstates)
        c->pend[ref] = por_pending_mask(c, f, vec, len);
    if (d->algo != &por_algo_none && !(d->algo->needs & POR_JPF)
        && !(f->flags & POR_F_FULL))
        por_spor_reducible(c, f);
    if (d->graph && !(f->flags & (POR_F_FULL | POR_F_REDUCIBLE))
        && (rv || c->uses_timeout)) {
        f->flags |= POR_F_FULL | POR_F_FORCED;
        d->r->por.full_other++;
    }
    d->algo->enter(d->algo_self, c, f);
    /* the threads chosen are enabled ones, and never none */
    POR_CHECK((f->safe & ~f->enabled) == 0);
    POR_CHECK((f->todo & ~f->enabled) == 0);
    POR_CHECK((f->todo & f->enabled) != 0);
    if (c->xp != NULL)
        dfs_obs_enter(d, f);
    if (f->flags & POR_F_IRRED) {
        d->por_live++;
        if (d->por_live > d->por_peak)
            d->por_peak = d->por_live;
    }
    if (d->algo->pushed != NULL)
        d->algo->pushed(d->algo_self, c, f);
    return 0;
}

void dfs_por_popping(dfs *d, por_frame *f)
{
    if (d->o->obs != NULL)
        dfs_obs_closed(d, f);
    for (uint32_t k = 0; k < f->nthr; k++)
        if (!(d->thr[f->thr0 + k].flags & POR_T_TAKEN))
            d->r->por.threads_skipped++;
    if (f->flags & POR_F_IRRED)
        d->por_live--;
    if (f->ref != SS_NOREF && f->ref < d->pc.nstates)
        d->pc.stackpos[f->ref] = 0;
    d->nthr = f->thr0;
}

void dfs_por_popped(dfs *d)
{
    sync_ctx(d);
    if (d->algo->popped != NULL)
        d->algo->popped(d->algo_self, &d->pc);
}

/* ------------------------------------------------------------- steps */


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
        if (d->graph)
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
void dfs_por_finding(dfs *d, por_frame *f, const search_succ *s)
{
    uint32_t lab, p1, p2, many;

    step_of(d, f, s, &lab, &p1, &p2, &many);
    if (d->graph)
        por_add_edge(&d->pc, d->frames[f->anc].ref, SS_NOREF, lab, p1, p2,
                     many ? POR_E_MANY : 0);
    if (d->algo->step != NULL) {
        sync_ctx(d);
        d->algo->step(d->algo_self, &d->pc, f->anc, s->step.pid,
                      s->step.pid2, s->label, SS_NOREF, 0, 0);
    }
}

void dfs_por_chain(dfs *d, por_frame *f, const search_succ *s)
{
    uint32_t lab, pid1, pid2, many;

    step_of(d, f, s, &lab, &pid1, &pid2, &many);
    if (d->algo->step != NULL) {
        sync_ctx(d);
        d->algo->step(d->algo_self, &d->pc, f->anc, s->step.pid,
                      s->step.pid2, s->label, SS_NOREF, 1, 0);
    }
    d->chain = lab;
    d->chain_pid = pid1;
    d->chain_pid2 = pid2;
    d->chain_many = many;
}

int dfs_por_reached(dfs *d, por_frame *f, search_succ *s, ss_ref ref,
                    ss_result res)
{
    uint32_t   lab, pid1, pid2, many;
    por_frame *a;
    int        stk;

    if (dfs_por_arrays(d, (size_t)ref + 1) != 0) {
        dfs_stop(d, SEARCH_STOP_MEMORY);
        return 1;
    }
    s->dst = ref;
    if (res == SS_SEEN)
        d->r->stats.matched++;
    stk = on_stack(d, ref);
    a = &d->frames[f->anc];
    if (d->o->obs != NULL)
        dfs_obs_edge(d, s, a->ref, ref, res == SS_NEW, stk);
    if (d->graph) {
        step_of(d, f, s, &lab, &pid1, &pid2, &many);
        por_add_edge(&d->pc, a->ref, ref, lab, pid1, pid2,
                     many ? POR_E_MANY : 0);
    }
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
            dfs_stop(d, SEARCH_STOP_CYCLE);
            return 1;
        }
    }
    if (res == SS_NEW)
        d->thr[f->thr0 + (uint32_t)f->cur].flags |= POR_T_NEW;
    return 0;
}

int dfs_por_step(dfs *d)
{
    por_frame *f = &d->frames[d->depth - 1];
    int32_t    slot;

    if (f->cur >= 0) {
        por_thread *th = &d->thr[f->thr0 + (uint32_t)f->cur];

        if (f->next < th->n)
            return dfs_take(d, f, th->first + f->next++);
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
            dfs_pop(d);
            return 0;
        }
    }
    f->cur = slot;
    f->next = 0;
    if (d->pc.xp != NULL)
        dfs_obs_pick(d, f, slot);
    f->taken |= por_bit(d->thr[f->thr0 + (uint32_t)slot].pid);
    d->thr[f->thr0 + (uint32_t)slot].flags |= POR_T_TAKEN;
    if (!(f->flags & POR_F_ATOMIC) && d->algo->thread_start != NULL) {
        sync_ctx(d);
        d->algo->thread_start(d->algo_self, &d->pc, f, (uint32_t)slot);
    }
    return 0;
}

/* ------------------------------------------------------ setup, teardown */

void dfs_por_init(dfs *d)
{
    const search_options *o = d->o;
    por_ctx              *c = &d->pc;

    d->graph = (d->algo->needs & POR_NEED_GRAPH) != 0;
    c->t = d->t;
    c->prog = ts_program(d->t);
    c->st = &d->r->por;
    c->ss = d->ss;
    c->pick = pick;
    c->lookup = lookup;
    c->search = d;
    if (o->obs != NULL && o->obs->explain != NULL)
        c->xp = o->obs;
    c->vec_extra = o->stateless ? 8 : 0;
    c->cycle_fix = dfs_cycle_fix(o->cycle_fix);
    c->de_paths = o->de_paths;
    d->rng = o->order_seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
    if (d->rng == 0)
        d->rng = 1;
    c->mem.limit = o->memlimit;
    c->mem.others = dfs_held_bytes;
    c->mem.ctx = d;
    if (d->graph && (c->labels = por_labels_new(&c->mem)) == NULL)
        c->mem.oom = 1;
    por_facts_init(c);
    if (d->algo->new != NULL)
        d->algo_self = d->algo->new(c);
}

void dfs_por_fini(dfs *d)
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
}
