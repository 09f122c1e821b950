/*
 * engine/model/ts_claim.c -- the never claim in the transition system
 * (see engine/model/ts.h): with a claim every step is a pair (claim
 * move, system step), made here around ts_successors' own successors;
 * and the accept and progress tests of the liveness searches
 * (ts_accepting, ts_accept_loc, ts_progress).
 *
 * Split from ts.c (issue 10) so that ts.c keeps the system's hot loop;
 * both share struct ts through the private header ts_int.h.  Without a
 * claim nothing here runs during a search.
 */
#include "config.h"

#include "engine/model/ts.h"

#include <string.h>

#include "engine/model/ts_int.h"
#include "engine/model/vm.h"
#include "util/xalloc.h"

/* ------------------------------------------------ the never claim */

/*
 * With a never claim (bc.h, has_claim) every step is a pair, as in
 * SPIN's pan: the claim moves first, its transitions evaluated on the
 * current state, then one step of the system from that same state.  A
 * successor exists for each (claim move, system step) pair.  When the
 * system has no step (it ended or is blocked) the claim moves alone:
 * pan's stutter, which makes a finite run an infinite one for the
 * acceptance search (pan: 2 states stored and 3 transitions for
 * `x++; x == 5' under `never { do :: true od }').  When the claim has
 * no move the state has no successor: that run is not a counterexample.
 * A claim move into the claim's closing brace is the TS_CLAIM_END
 * finding, without successor (pan: "end state in claim reached").
 * A step that is the claim's alone has pid TS_NONE and the claim's
 * transition as trans.  While an atomic sequence runs (its owner can
 * move) the claim does not move, as in pan: it sees the states between
 * atomic sequences only.
 */

static inline uint32_t claim_pc(const bc_program *p, const uint8_t *v)
{
    return (uint32_t)v[p->claim_off] | (uint32_t)v[p->claim_off + 1] << 8;
}

static inline void set_claim_pc(const bc_program *p, uint8_t *v,
                                uint32_t pc)
{
    v[p->claim_off] = (uint8_t)pc;
    v[p->claim_off + 1] = (uint8_t)(pc >> 8);
}

/* Pair claim transition c (enabled in src) with every system step. */
static void claim_pair(ts *t, const uint8_t *src, size_t len, uint32_t c,
                       ts_succs *out)
{
    const bc_program *p = t->prog;
    const bc_proctype *cp = &p->procs[p->claim];
    uint32_t dst = p->trans[c].dst;
    ts_succs *sys = &t->sys;
    size_t i;

    if (p->pclocs[cp->loc0 + dst].flags & BC_L_FINAL) {
        ts_push_succ(t, out, TS_NONE, c, TS_NONE, TS_NONE, TS_CLAIM_END,
                     p->trans[c].loc, NULL, 0, NULL, 0, NULL, 0);
        return;
    }
    if (sys->n == 0) {                  /* stutter */
        if (len > t->cvec_cap)
            xgrow((void **)&t->cvec, &t->cvec_cap, len, 1);
        memcpy(t->cvec, src, len);
        set_claim_pc(p, t->cvec, dst);
        ts_push_succ(t, out, TS_NONE, c, TS_NONE, TS_NONE, TS_OK, 0,
                     t->cvec, len, NULL, 0, NULL, 0);
        return;
    }
    t->ctrans = c;                      /* ts_succ.ctrans of the pairs */
    for (i = 0; i < sys->n; i++) {
        const ts_succ *s = &sys->v[i];
        uint8_t *v = sys->vecs + s->dst_off;

        if (s->dst_len > 0)
            set_claim_pc(p, v, dst);
        ts_push_succ(t, out, s->pid, s->trans, s->pid2, s->trans2,
                     s->finding, s->floc, s->dst_len ? v : NULL, s->dst_len,
                     sys->accs + s->acc_off, s->nacc, NULL, 0);
    }
    t->ctrans = TS_NONE;
}

/* Try claim transition c on src: 1 enabled, 0 not; a finding in the
 * claim's expression (a bad index) is pushed as a step of its own. */
static int claim_try(ts *t, const uint8_t *src, size_t len, uint32_t c,
                     ts_succs *out)
{
    vm *m = &t->vm;
    vm_status st = vm_run_init(m, &t->lay, src, len, t->prog->trans[c].code);

    if (st == VM_FAIL || (st == VM_RET && m->finding != TS_OK)) {
        ts_push_succ(t, out, TS_NONE, c, TS_NONE, TS_NONE, m->finding,
                     m->floc, NULL, 0, NULL, 0, NULL, 0);
        return 0;
    }
    return st == VM_RET;
}

size_t ts_claim_successors(ts *t, const uint8_t *src, size_t len,
                           ts_succs *out)
{
    const bc_program *p = t->prog;
    const bc_proctype *cp = &p->procs[p->claim];
    const bc_pcloc *l = &p->pclocs[cp->loc0 + claim_pc(p, src)];
    uint32_t end = l->first + l->ntrans;
    uint32_t k;
    int has_else = 0, moved = 0;

    t->sys_only = 1;
    ts_successors(t, src, len, &t->sys);   /* also decodes src: t->lay */
    t->sys_only = 0;
    ts_succs_reset(out);
    out->timeout = t->sys.timeout;
    out->atomic = t->sys.atomic;
    if (t->sys.atomic) {
        /* as in pan, the claim waits while an atomic sequence runs: it
         * does not see the states inside one (pan -o3: no error for
         * `atomic { x = 1; x = 0 }' under a claim that ends at x == 1;
         * 4 states stored, 1 matched: tests/live/atomic_hidden.pml) */
        for (size_t i = 0; i < t->sys.n; i++) {
            const ts_succ *s = &t->sys.v[i];

            ts_push_succ(t, out, s->pid, s->trans, s->pid2, s->trans2,
                         s->finding, s->floc,
                         s->dst_len ? t->sys.vecs + s->dst_off : NULL,
                         s->dst_len, t->sys.accs + s->acc_off, s->nacc,
                         NULL, 0);
        }
        return out->n;
    }
    if (l->flags & BC_L_FINAL)          /* only an initial state can be */
        return 0;
    for (k = l->first; k < end; k++) {
        if (p->trans[k].flags & BC_TR_ELSE) {
            has_else = 1;
        } else if (claim_try(t, src, len, k, out)) {
            moved = 1;
            claim_pair(t, src, len, k, out);
        }
    }
    if (!moved && has_else)
        for (k = l->first; k < end; k++)
            if ((p->trans[k].flags & BC_TR_ELSE)
                && claim_try(t, src, len, k, out))
                claim_pair(t, src, len, k, out);
    return out->n;
}

/* The first process of src at a location with flag: that location's
 * record, or NULL. */
static const bc_pcloc *some_proc_at(const ts *t, const uint8_t *src,
                                    size_t len, uint32_t flag)
{
    const bc_program *p = t->prog;
    uint32_t n = ts_nprocs(src);

    for (uint32_t pid = 0; pid < n; pid++) {
        uint32_t pt;
        uint32_t pc;

        if (ts_proc_info(t, src, len, pid, &pt, &pc) == 0
            && pt < p->nprocs && (p->pclocs[p->procs[pt].loc0 + pc].flags
                                  & flag))
            return &p->pclocs[p->procs[pt].loc0 + pc];
    }
    return NULL;
}

/* The location making src accepting, or NULL. */
static const bc_pcloc *accept_at(const ts *t, const uint8_t *src,
                                 size_t len)
{
    const bc_program *p = t->prog;

    if (p->has_claim) {
        const bc_pcloc *l = &p->pclocs[p->procs[p->claim].loc0
                                       + claim_pc(p, src)];

        return (l->flags & BC_L_ACCEPT) ? l : NULL;
    }
    return some_proc_at(t, src, len, BC_L_ACCEPT);
}

int ts_accepting(const ts *t, const uint8_t *src, size_t len)
{
    return accept_at(t, src, len) != NULL;
}

uint32_t ts_accept_loc(const ts *t, const uint8_t *src, size_t len)
{
    const bc_pcloc *l = accept_at(t, src, len);

    return l != NULL ? l->loc : TS_NONE;
}

int ts_progress(const ts *t, const uint8_t *src, size_t len)
{
    return some_proc_at(t, src, len, BC_L_PROGRESS) != NULL;
}
