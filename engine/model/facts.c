/*
 * engine/model/facts.c -- the static facts per control location that the
 * partial order reductions use (ts_facts, declared in ts.h): the union
 * of the static read and write sets (bc_reads/bc_writes, from
 * frontend/deps.c) of each location's transitions, whether all of them
 * are invisible, where its transitions are, F-STACK-STATIC's facts of
 * everything a process can still do from a location, and the facts with
 * which DL and DE drop races that cannot happen (the _nr_pr bound of a
 * location's guards, deaths, where an atomic owner can block half way;
 * engine/por/por_dl.c gives the argument).
 *
 * They are computed here, from the program, so that engine/por and
 * engine/search never read the program's transition and location
 * tables (prog->trans, prog->pclocs): ts.h is their door to the model.
 * Moved from engine/por/por_common.c (session 7), the race facts from
 * engine/por/por_dl.c (session 9); the sets are the same bit for bit.
 */
#include "config.h"

#include "engine/model/ts.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* F-STACK-STATIC's facts: per location, the union of the static facts
 * of every location its proctype can reach from it (a fixpoint over the
 * control-flow edges), whether a `run' is among them, and the facts of
 * every proctype a `run' can start. */
static void init_reach(ts_facts *f, const bc_program *p)
{
    size_t   nw = p->nwords;
    size_t   nl = p->npclocs;
    uint8_t *spawned = xcalloc((size_t)p->nprocs + 1, 1);
    int      changed = 1;

    f->reach_rd = xcalloc(nl * nw + 1, sizeof *f->reach_rd);
    f->reach_wr = xcalloc(nl * nw + 1, sizeof *f->reach_wr);
    f->reach_run = xcalloc(nl + 1, 1);
    f->spawn_rd = xcalloc(nw + 1, sizeof *f->spawn_rd);
    f->spawn_wr = xcalloc(nw + 1, sizeof *f->spawn_wr);
    memcpy(f->reach_rd, f->loc_rd, nl * nw * sizeof *f->reach_rd);
    memcpy(f->reach_wr, f->loc_wr, nl * nw * sizeof *f->reach_wr);
    for (uint32_t k = 0; k < p->ntrans; k++) {
        const bc_trans *t = &p->trans[k];

        for (uint32_t i = t->code; i < t->code + t->ncode; i++)
            if (p->code[i].op == BC_RUN) {
                f->reach_run[p->procs[t->proc].loc0 + t->src] = 1;
                f->has_run = 1;
                if (p->code[i].a < p->nprocs)
                    spawned[p->code[i].a] = 1;
            }
    }
    while (changed) {
        changed = 0;
        for (uint32_t k = p->ntrans; k-- > 0;) {
            const bc_trans *t = &p->trans[k];
            size_t          a = (size_t)p->procs[t->proc].loc0 + t->src;
            size_t          b = (size_t)p->procs[t->proc].loc0 + t->dst;

            if (a == b || a >= nl || b >= nl)
                continue;
            for (size_t w = 0; w < nw; w++) {
                uint64_t r = f->reach_rd[b * nw + w];
                uint64_t x = f->reach_wr[b * nw + w];

                if ((r & ~f->reach_rd[a * nw + w])
                    | (x & ~f->reach_wr[a * nw + w])) {
                    f->reach_rd[a * nw + w] |= r;
                    f->reach_wr[a * nw + w] |= x;
                    changed = 1;
                }
            }
            if (f->reach_run[b] && !f->reach_run[a]) {
                f->reach_run[a] = 1;
                changed = 1;
            }
        }
    }
    for (uint32_t k = 0; k < p->ntrans && p->facts != NULL; k++)
        if (spawned[p->trans[k].proc])
            for (size_t w = 0; w < nw; w++) {
                f->spawn_rd[w] |= bc_reads(p, k)[w];
                f->spawn_wr[w] |= bc_writes(p, k)[w];
            }
    free(spawned);
}

/* ------------------------------------- races that cannot happen
 * (engine/por/por_dl.c gives the argument; these are its static facts) */

/* The largest _nr_pr with which transition k can be taken: K when its
 * code starts `_nr_pr == K', `_nr_pr <= K', `_nr_pr < K' (K - 1) or
 * the same with the operands swapped, followed by the guard; else 255
 * (no bound).  _nr_pr is never negative. */
static unsigned guard_nrpr_max(const bc_program *p, uint32_t k)
{
    const bc_trans *tr = &p->trans[k];
    const bc_insn  *i;
    int32_t         v;
    int             op;

    if (tr->ncode < 4 || tr->code + 4 > p->ncode)
        return 255;
    i = p->code + tr->code;
    if (i[3].op != BC_GUARD)
        return 255;
    if (i[0].op == BC_NRPR && i[1].op == BC_PUSHK) {
        v = i[1].b;
        op = i[2].op;               /* _nr_pr OP K */
    } else if (i[0].op == BC_PUSHK && i[1].op == BC_NRPR) {
        v = i[0].b;                 /* K OP _nr_pr: mirror it */
        op = i[2].op == BC_GE ? BC_LE : i[2].op == BC_GT ? BC_LT
             : i[2].op == BC_EQ ? BC_EQ : -1;
    } else
        return 255;
    if (op == BC_LT)
        v -= 1;
    else if (op != BC_EQ && op != BC_LE)
        return 255;
    if (v < 0)
        return 0;
    return v > 254 ? 255 : (unsigned)v;
}

/* nrpr_max, die_only, gate_live, gate_model and spawn_gate. */
static void init_races(ts_facts *f, const bc_program *p)
{
    size_t n = p->npclocs;
    int    changed;

    f->nrpr_max = xcalloc(n + 1, 1);
    f->die_only = xcalloc(n + 1, 1);
    f->gate_live = xcalloc(n + 1, 1);
    for (size_t li = 0; li < n; li++) {
        const bc_pcloc *l = &p->pclocs[li];
        unsigned        mx = 0;

        f->die_only[li] = l->ntrans > 0;
        /* unless: an escape holding a send, with rendezvous channels
         * (frontend/deps.c): main moves only while no partner is
         * ready, the fact the atomic gate stands for */
        if (l->flags & BC_L_GATE)
            f->gate_live[li] = 1;
        for (uint32_t k = l->first; k < l->first + l->ntrans; k++) {
            unsigned v = guard_nrpr_max(p, k);

            if (v > mx)
                mx = v;
            if (!(p->trans[k].flags & BC_TR_DIE))
                f->die_only[li] = 0;
        }
        f->nrpr_max[li] = (uint8_t)mx;
    }
    for (uint32_t k = 0; k < p->ntrans; k++) {
        const bc_trans *tr = &p->trans[k];
        uint32_t        l0 = p->procs[tr->proc].loc0;

        if (tr->flags & BC_TR_GATE)
            f->gate_model = 1;
        if ((tr->flags & BC_TR_ATOMIC) && l0 + tr->dst < n
            && bc_loc_can_block(p, l0 + tr->dst))
            f->gate_live[l0 + tr->dst] = 1;
    }
    do {                            /* backwards reachability */
        changed = 0;
        for (uint32_t k = 0; k < p->ntrans; k++) {
            const bc_trans *tr = &p->trans[k];
            uint32_t        l0 = p->procs[tr->proc].loc0;

            if (l0 + tr->dst < n && l0 + tr->src < n
                && f->gate_live[l0 + tr->dst]
                && !f->gate_live[l0 + tr->src]) {
                f->gate_live[l0 + tr->src] = 1;
                changed = 1;
            }
        }
    } while (changed);
    for (uint32_t i = 0; i < p->ncode; i++)
        if (p->code[i].op == BC_RUN && p->code[i].a < p->nprocs) {
            const bc_proctype *pt = &p->procs[p->code[i].a];

            if (pt->loc0 + pt->start >= n
                || f->gate_live[pt->loc0 + pt->start])
                f->spawn_gate = 1;
        }
}

ts_facts *ts_facts_new(const bc_program *p)
{
    ts_facts *f = xcalloc(1, sizeof *f);
    size_t    nw = p->nwords;
    size_t    nl = p->npclocs;

    f->nlocs = p->npclocs;
    f->ntrans = p->ntrans;
    f->nwords = p->nwords;
    f->loc_rd = xcalloc(nl * nw + 1, sizeof *f->loc_rd);
    f->loc_wr = xcalloc(nl * nw + 1, sizeof *f->loc_wr);
    f->loc_invis = xcalloc(nl + 1, 1);
    f->loc_first = xcalloc(nl + 1, sizeof *f->loc_first);
    f->loc_ntrans = xcalloc(nl + 1, sizeof *f->loc_ntrans);
    f->trans_loc = xcalloc((size_t)p->ntrans + 1, sizeof *f->trans_loc);
    for (uint32_t li = 0; li < p->npclocs; li++) {
        const bc_pcloc *l = &p->pclocs[li];
        int             invis = l->ntrans > 0;

        f->loc_first[li] = l->first;
        f->loc_ntrans[li] = l->ntrans;
        for (uint32_t k = l->first; k < l->first + l->ntrans; k++) {
            if (p->facts != NULL)
                for (size_t w = 0; w < nw; w++) {
                    f->loc_rd[li * nw + w] |= bc_reads(p, k)[w];
                    f->loc_wr[li * nw + w] |= bc_writes(p, k)[w];
                }
            if (!bc_trans_invisible(p, k)
                || (p->trans[k].flags & (BC_TR_ATOMIC | BC_TR_TIMEOUT
                                         | BC_TR_DIE)))
                invis = 0;
        }
        f->loc_invis[li] = (uint8_t)invis;
    }
    for (uint32_t k = 0; k < p->ntrans; k++) {
        const bc_trans *t = &p->trans[k];

        f->trans_loc[k] = p->procs[t->proc].loc0 + t->src;
        if (t->flags & BC_TR_TIMEOUT)
            f->uses_timeout = 1;
    }
    init_reach(f, p);
    init_races(f, p);
    return f;
}

void ts_facts_free(ts_facts *f)
{
    if (f == NULL)
        return;
    free(f->loc_rd);
    free(f->loc_wr);
    free(f->loc_invis);
    free(f->loc_first);
    free(f->loc_ntrans);
    free(f->trans_loc);
    free(f->reach_rd);
    free(f->reach_wr);
    free(f->reach_run);
    free(f->spawn_rd);
    free(f->spawn_wr);
    free(f->nrpr_max);
    free(f->die_only);
    free(f->gate_live);
    free(f);
}
