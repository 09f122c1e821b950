/*
 * frontend/remote.c -- remote references: P[i]@label, P[i]:x, P@label,
 * P:x (spore-lang(7), "Remote references").
 *
 * Meaning, as pan's (SPIN 6.5.2, checked on small models): i is the pid
 * (_pid) of the process referred to; P@label and P:x refer to the
 * running process of proctype P with the lowest pid.  P[i]@label is 1
 * when that process is at the location of `label' in P; P[i]:x is the
 * value of its local variable (or parameter) x, or x[j].  A pid that is
 * not running reads as 0 (pan reads a zeroed process), and so does a
 * process of another proctype (pan reads that process's bytes as if it
 * were a P: tests/spin-compare/DIFFERENCES.md).  As pan (REM_VARS), a
 * model with a remote variable reference has no dead-variable reset.
 *
 * Code: the pid (or RFIRST), RMARK, then RPC for a label or the offset
 * and RLOAD for a variable.  Labels and variables are those of a
 * proctype that may be lowered after the reference, so RPC's pc and
 * RLOAD's offset and type (and INDEX's bounds) are patched by
 * fe_remote_finish once every proctype is lowered.
 *
 * Reductions.  A reference reads the other process's pc or frame,
 * which no static or dynamic fact of the engine covers (locals are
 * private).  So that every reduction sees the dependence, the state of
 * the processes of an observed proctype is stood for by RR_SLOTS bytes
 * of G that nothing ever changes: every step of an observed proctype
 * ends with RTOUCH, a write of byte (its pid mod RR_SLOTS), and every
 * reference reads (RMARK) the byte of the pid it names.  Both are in
 * the static read and write sets (frontend/deps.c, from the opcodes'
 * flags: the whole range) and in the dynamic labels (the VM notes the
 * one byte), so S-POR, DE, DL and O-DPOR treat a step of process i as
 * a write of what P[i]@L and P[i]:x read, and under -a/-l a claim that
 * reads them makes those steps visible (engine/por/por_live.c).  Two
 * pids equal mod RR_SLOTS share a byte: more dependence, never less.
 * When no reference reads a variable of P, only P's steps that leave
 * or enter a named label's location keep their RTOUCH
 * (fe_remote_prune).
 * Whether pid i runs and is a P depends on the set of processes: the
 * reference also reads _nr_pr's object (BC_F_NRPR_R), which run and
 * process death write.  A process's death needs no RTOUCH for that
 * reason.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Bytes of G that stand for the observed processes' states. */
#define RR_SLOTS 8

static void scan_list(cstate *cs, const ast_expr *e)
{
    for (; e != NULL; e = e->u.remote.all_next) {
        uint32_t k = fe_find_proc(cs, e->u.remote.proc);

        if (k == NOLOC)
            continue;                   /* fe_cremote reports it */
        if (cs->rr_observed == NULL) {
            cs->rr_observed = xcalloc(cs->proclist.n + 1, 1);
            cs->rr_varobs = xcalloc(cs->proclist.n + 1, 1);
        }
        cs->rr_observed[k] = 1;
        if (e->u.remote.var != NULL) {
            cs->rr_vars = 1;
            cs->rr_varobs[k] = 1;
        } else {
            rr_label l = { k, e->u.remote.label, 0 };

            fe_push(&cs->rr_named, l);
        }
    }
}

void fe_remote_scan(cstate *cs)
{
    scan_list(cs, cs->lp->remotes);
    if (cs->claim_lp != NULL)
        scan_list(cs, cs->claim_lp->remotes);
    if (cs->rr_observed != NULL) {
        cs->rr_off = cs->gsize;
        cs->gsize += RR_SLOTS;
    }
}

void fe_remote_begin_proc(cstate *cs, uint32_t k)
{
    cs->rr_touch = cs->rr_observed != NULL && k < cs->proclist.n
                   && cs->rr_observed[k];
}

int fe_remote_named(const cstate *cs, const char *name)
{
    size_t i;

    for (i = 0; cs->rr_touch && i < cs->rr_named.n; i++)
        if (cs->rr_named.v[i].proc == cs->procs.n
            && strcmp(cs->rr_named.v[i].name, name) == 0)
            return 1;
    return 0;
}

void fe_remote_touch(cstate *cs)
{
    if (cs->rr_touch)
        fe_emit(cs, BC_RTOUCH, 0, 0, (int32_t)cs->rr_off, RR_SLOTS);
}

/* The proctype being finished is the next of cs->procs. */
void fe_remote_label(cstate *cs, const char *name, uint32_t pc)
{
    rr_label l;

    if (!cs->rr_touch)
        return;
    l.proc = (uint32_t)cs->procs.n;
    l.name = name;
    l.pc = pc;
    fe_push(&cs->rr_labels, l);
}

/* Is pc the location of a label of proctype k that a reference names? */
static int named_pc(const cstate *cs, uint32_t k, uint32_t pc)
{
    size_t i, j;

    for (i = 0; i < cs->rr_labels.n; i++) {
        const rr_label *l = &cs->rr_labels.v[i];

        if (l->proc != k || l->pc != pc)
            continue;
        for (j = 0; j < cs->rr_named.n; j++)
            if (cs->rr_named.v[j].proc == k
                && strcmp(cs->rr_named.v[j].name, l->name) == 0)
                return 1;
    }
    return 0;
}

/* P[i]@L changes only when process i enters or leaves L's location (or
 * starts or dies: the set of processes, which the reference reads too),
 * so with no variable of P referenced only the steps from or to a
 * named location need their RTOUCH.  Transitions may share code (a
 * location that takes the transitions of another, an escape): an
 * RTOUCH stays when any transition that runs it needs it. */
void fe_remote_prune(cstate *cs, uint32_t first_tr)
{
    uint32_t k = (uint32_t)cs->procs.n;
    uint32_t lo = UINT32_MAX, hi = 0, t, i;
    uint8_t *need;

    if (!cs->rr_touch || cs->rr_varobs[k] || first_tr >= cs->trans.n)
        return;
    for (t = first_tr; t < cs->trans.n; t++) {
        const bc_trans *tr = &cs->trans.v[t];

        if (tr->code < lo)
            lo = tr->code;
        if (tr->code + tr->ncode > hi)
            hi = tr->code + tr->ncode;
    }
    need = xcalloc(hi - lo, 1);         /* per instruction */
    for (t = first_tr; t < cs->trans.n; t++) {
        const bc_trans *tr = &cs->trans.v[t];

        if (named_pc(cs, k, tr->src) || named_pc(cs, k, tr->dst))
            memset(need + (tr->code - lo), 1, tr->ncode);
    }
    for (t = first_tr; t < cs->trans.n; t++) {
        const bc_trans *tr = &cs->trans.v[t];

        for (i = tr->code; i < tr->code + tr->ncode; i++)
            if (cs->code.v[i].op == BC_RTOUCH && !need[i - lo])
                cs->code.v[i] = (bc_insn){ BC_NOP, 0, 0, 0, 0 };
    }
    free(need);
}

void fe_cremote(cstate *cs, const ast_expr *e)
{
    uint32_t        k = fe_find_proc(cs, e->u.remote.proc);
    const ast_expr *v = e->u.remote.var;
    rr_fix          fx;

    if (k == NOLOC || cs->rr_observed == NULL) {
        diag_error(cs->d, e->pos, "remote reference: '%s' is not a "
                   "proctype", e->u.remote.proc);
        fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        return;
    }
    if (e->u.remote.pid != NULL)
        fe_cexpr(cs, e->u.remote.pid);
    else
        fe_emit(cs, BC_RFIRST, 0, k, 0, 0);
    fe_emit(cs, BC_RMARK, 0, 0, (int32_t)cs->rr_off, RR_SLOTS);
    fx.proc = k;
    fx.e = e;
    fx.index = NOLOC;
    if (v == NULL) {
        fx.insn = fe_emit(cs, BC_RPC, 0, k, 0, 0);
    } else {
        if (v->u.var.index != NULL) {
            fe_cexpr(cs, v->u.var.index);
            fx.index = fe_emit(cs, BC_INDEX, 0, 1, 1,
                               (int32_t)fe_add_loc(cs, v->u.var.index->pos));
        } else {
            fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        }
        fx.insn = fe_emit(cs, BC_RLOAD, BC_T_BYTE, k, 0, 0);
    }
    fe_push(&cs->rr_fixes, fx);
}

/* The pc of label name in proctype k, or NOLOC. */
static uint32_t find_label(const cstate *cs, uint32_t k, const char *name)
{
    size_t i;

    for (i = 0; i < cs->rr_labels.n; i++)
        if (cs->rr_labels.v[i].proc == k
            && strcmp(cs->rr_labels.v[i].name, name) == 0)
            return cs->rr_labels.v[i].pc;
    return NOLOC;
}

/* The first variable of proctype k called name (parameters first, then
 * the locals in the order declared), or NULL. */
static const bc_var *find_var(const cstate *cs, uint32_t k,
                              const char *name)
{
    const bc_proctype *pt = &cs->procs.v[k];
    uint32_t           i;

    for (i = 0; i < pt->nvars; i++)
        if (strcmp(pt->vars[i].name, name) == 0)
            return &pt->vars[i];
    return NULL;
}

/* Is name a structure of proctype k (its leaves are "name.f")? */
static int is_struct(const cstate *cs, uint32_t k, const char *name)
{
    const bc_proctype *pt = &cs->procs.v[k];
    size_t             n = strlen(name);
    uint32_t           i;

    for (i = 0; i < pt->nvars; i++)
        if (strncmp(pt->vars[i].name, name, n) == 0
            && pt->vars[i].name[n] == '.')
            return 1;
    return 0;
}

static void fix_var(cstate *cs, const rr_fix *fx)
{
    const ast_expr *v = fx->e->u.remote.var;
    const char     *pn = fx->e->u.remote.proc;
    const bc_var   *bv = find_var(cs, fx->proc, v->u.var.name);
    bc_insn        *ld = &cs->code.v[fx->insn];

    if (bv == NULL) {
        diag_error(cs->d, v->pos, "remote reference '%s:%s': proctype "
                   "'%s' has no local variable '%s'%s", pn, v->u.var.name,
                   pn, v->u.var.name, is_struct(cs, fx->proc, v->u.var.name)
                   ? " that is not a structure (SPIN reads a variable or "
                     "an array element)" : "");
        return;
    }
    if (fx->index != NOLOC && !bc_var_is_array(bv)) {
        diag_error(cs->d, v->pos, "remote reference '%s:%s': '%s' is "
                   "not an array", pn, v->u.var.name, v->u.var.name);
        return;
    }
    if (fx->index == NOLOC && bc_var_is_array(bv)) {
        diag_error(cs->d, v->pos, "remote reference '%s:%s': missing "
                   "array index for '%s'", pn, v->u.var.name,
                   v->u.var.name);
        return;
    }
    if (fx->index != NOLOC) {
        cs->code.v[fx->index].a = (uint16_t)bv->stride;
        cs->code.v[fx->index].b = (int32_t)bv->count;
    }
    ld->t = bv->type;
    ld->b = (int32_t)bv->offset;
}

void fe_remote_finish(cstate *cs)
{
    size_t i;

    for (i = 0; i < cs->rr_fixes.n; i++) {
        const rr_fix *fx = &cs->rr_fixes.v[i];
        const ast_expr *e = fx->e;
        uint32_t pc;

        if (fx->proc >= cs->procs.n)
            continue;                   /* lowering stopped early */
        if (e->u.remote.var != NULL) {
            fix_var(cs, fx);
            continue;
        }
        pc = find_label(cs, fx->proc, e->u.remote.label);
        if (pc == NOLOC)
            diag_error(cs->d, e->pos, "remote reference '%s@%s': "
                       "proctype '%s' has no label '%s' (outside a "
                       "d_step)", e->u.remote.proc, e->u.remote.label,
                       e->u.remote.proc, e->u.remote.label);
        else
            cs->code.v[fx->insn].b = (int32_t)pc;
    }
}

void fe_remote_fini(cstate *cs)
{
    free(cs->rr_observed);
    free(cs->rr_varobs);
    cs->rr_varobs = NULL;
    free(cs->rr_labels.v);
    free(cs->rr_named.v);
    free(cs->rr_fixes.v);
    cs->rr_observed = NULL;
    cs->rr_labels.v = NULL;
    cs->rr_named.v = NULL;
    cs->rr_fixes.v = NULL;
}
