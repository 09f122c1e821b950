/*
 * frontend/codegen.c -- code generation: expressions and basic
 * statements.
 *
 * Emits the stack code of expressions (every state access an explicit
 * LOAD or STORE with its slot, which the static facts read) and of the
 * statements that are one transition each (assignments, sends,
 * receives, printf, assert, run ...), and keeps the program's string
 * and source-location tables.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

int fe_starts_with(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

const char *fe_pfx_strdup(cstate *cs, const char *s)
{
    return arena_strdup(cs->mem, s);
}

uint32_t fe_add_string(cstate *cs, const char *s)
{
    fe_push(&cs->strings, fe_pfx_strdup(cs, s));
    return (uint32_t)cs->strings.n - 1;
}

uint32_t fe_file_index(cstate *cs, uint32_t fid)
{
    while (cs->file_map.n <= fid)
        fe_push(&cs->file_map, 0u);
    if (cs->file_map.v[fid] == 0) {
        fe_push(&cs->files, fe_pfx_strdup(cs, diag_file_name(cs->d, fid)));
        cs->file_map.v[fid] = (uint32_t)cs->files.n;
    }
    return cs->file_map.v[fid] - 1;
}

uint32_t fe_add_loc(cstate *cs, diag_pos pos)
{
    bc_srcloc l;

    l.file = fe_file_index(cs, pos.file);
    l.line = pos.line;
    l.col = pos.col;
    if (cs->locs.n > 0) {
        bc_srcloc *p = &cs->locs.v[cs->locs.n - 1];
        if (p->file == l.file && p->line == l.line && p->col == l.col)
            return (uint32_t)cs->locs.n - 1;
    }
    fe_push(&cs->locs, l);
    return (uint32_t)cs->locs.n - 1;
}

uint32_t fe_emit(cstate *cs, bc_opcode op, unsigned t, unsigned a,
                 int32_t b, int32_t c)
{
    bc_insn i;

    i.op = (uint8_t)op;
    i.t = (uint8_t)t;
    i.a = (uint16_t)a;
    i.b = b;
    i.c = c;
    fe_push(&cs->code, i);
    return (uint32_t)cs->code.n - 1;
}

/* ------------------------------------------------------- expressions */

/* The place of a scalar variable: sym, static offset, dynamic part on the
 * stack or not. */
typedef struct place {
    fe_sym        *sym;
    const fe_type *type;
    uint32_t       off;
    int            dyn;
} place;

/* Emit the code for the dynamic offset of v (if any) and describe it.
 * Returns 0 when v is not a variable (error already reported). */
static int cplace(cstate *cs, const ast_expr *v, place *p, int want_scalar)
{
    const fe_type *t;
    uint32_t       count;
    const ast_expr *cur;

    v = fe_resolve_subst(cs, v);
    if (v->kind != AST_E_VAR) {
        diag_error(cs->d, v->pos, "a variable is needed here");
        return 0;
    }
    p->sym = fe_lookup(cs, v->u.var.name);
    if (!p->sym) {
        diag_error(cs->d, v->pos, "undeclared variable '%s'", v->u.var.name);
        return 0;
    }
    if (p->sym->kind == FE_SYM_MTYPE) {
        diag_error(cs->d, v->pos, "'%s' is an mtype constant, not a variable",
                   v->u.var.name);
        return 0;
    }
    t = p->sym->type;
    count = p->sym->count;
    p->off = p->sym->offset;
    p->dyn = 0;
    for (cur = v;;) {
        if (cur->u.var.index) {
            int64_t k;
            if (!count) {
                diag_error(cs->d, cur->pos, "'%s' is not an array",
                           cur->u.var.name);
                return 0;
            }
            if (fe_const_value(cs, cur->u.var.index, &k) && k >= 0
                && k < count) {
                p->off += (uint32_t)k * t->size;
            } else {
                fe_cexpr(cs, cur->u.var.index);
                fe_emit(cs, BC_INDEX, 0, t->size, (int32_t)count,
                        (int32_t)fe_add_loc(cs, cur->u.var.index->pos));
                if (p->dyn)
                    fe_emit(cs, BC_ADD, 0, 0, 0, 0);
                p->dyn = 1;
            }
        } else if (count) {
            diag_error(cs->d, cur->pos, "missing array index for '%s'",
                       cur->u.var.name);
            return 0;
        }
        if (!cur->u.var.field)
            break;
        if (!t->is_struct) {
            diag_error(cs->d, cur->pos, "'%s' has no fields", cur->u.var.name);
            return 0;
        }
        {
            const ast_expr *f = cur->u.var.field;
            uint32_t i;
            for (i = 0; i < t->nfields; i++)
                if (strcmp(t->fields[i].name, f->u.var.name) == 0)
                    break;
            if (i == t->nfields) {
                diag_error(cs->d, f->pos, "'%s' has no field '%s'",
                           t->name, f->u.var.name);
                return 0;
            }
            p->off += t->fields[i].offset;
            count = t->fields[i].count;
            t = t->fields[i].type;
            cur = f;
        }
    }
    p->type = t;
    if (want_scalar && t->is_struct) {
        diag_error(cs->d, v->pos, "'%s' is a %s structure, not a value",
                   v->u.var.name, t->name);
        return 0;
    }
    if (p->dyn && p->off - p->sym->offset > 65535) {
        diag_error(cs->d, v->pos, "variable '%s' is too large to index",
                   v->u.var.name);
        return 0;
    }
    return 1;
}

/* A load (store == 0) or store of the place p: global or local, by a
 * static offset or by the offset on the stack. */
static void emit_access(cstate *cs, const place *p, int store)
{
    static const bc_opcode ops[2][2][2] = {     /* [store][global][dyn] */
        { { BC_LOADL, BC_LOADLX }, { BC_LOADG, BC_LOADGX } },
        { { BC_STOREL, BC_STORELX }, { BC_STOREG, BC_STOREGX } },
    };
    int       global = p->sym->kind == FE_SYM_GLOBAL;
    bc_opcode op = ops[store][global][p->dyn];

    if (store)
        fe_mask_bits(cs, p->type);

    if (!p->dyn)
        fe_emit(cs, op, p->type->bctype, 0, (int32_t)p->off, 0);
    else
        fe_emit(cs, op, p->type->bctype, p->off - p->sym->offset,
                (int32_t)p->off, (int32_t)fe_sym_size(p->sym));
}

#define emit_load(cs, p)  emit_access((cs), (p), 0)
#define emit_store(cs, p) emit_access((cs), (p), 1)

static const bc_opcode binops[] = {
    [AST_OP_ADD] = BC_ADD, [AST_OP_SUB] = BC_SUB, [AST_OP_MUL] = BC_MUL,
    [AST_OP_DIV] = BC_DIV, [AST_OP_MOD] = BC_MOD, [AST_OP_BAND] = BC_BAND,
    [AST_OP_BOR] = BC_BOR, [AST_OP_BXOR] = BC_BXOR, [AST_OP_SHL] = BC_SHL,
    [AST_OP_SHR] = BC_SHR, [AST_OP_EQ] = BC_EQ, [AST_OP_NE] = BC_NE,
    [AST_OP_LT] = BC_LT, [AST_OP_LE] = BC_LE, [AST_OP_GT] = BC_GT,
    [AST_OP_GE] = BC_GE,
};

uint32_t fe_find_proc(cstate *cs, const char *name)
{
    size_t i;

    for (i = 0; i < cs->proclist.n; i++)
        if (cs->proclist.v[i].decl->kind == AST_D_PROC  /* not the claim */
            && strcmp(cs->proclist.v[i].decl->u.proc.name, name) == 0)
            return (uint32_t)i;
    return NOLOC;
}

/* An argument for parameter n of proctype pd: masked to the width of
 * an unsigned parameter (the VM stores it with the parameter's type). */
static void param_mask(cstate *cs, const ast_decl *pd, uint32_t n)
{
    const ast_decl *d;
    const ast_var  *v;

    for (d = pd->u.proc.params; d; d = d->next)
        for (v = d->u.var.vars; v; v = v->next)
            if (n-- == 0) {
                int64_t w;
                fe_type u = fe_type_int;
                if (v->bits != NULL && fe_const_value(cs, v->bits, &w)
                    && w >= 1 && w <= 31) {
                    u.bits = (uint8_t)w;
                    fe_mask_bits(cs, &u);
                }
                return;
            }
}

static void crun(cstate *cs, const ast_expr *e)
{
    uint32_t        pt = fe_find_proc(cs, e->u.run.name);
    const ast_expr *a;
    uint32_t        n = 0;

    if (pt == NOLOC) {
        diag_error(cs->d, e->pos, "undeclared proctype '%s'", e->u.run.name);
        return;
    }
    if (cs->proclist.v[pt].decl->u.proc.is_init) {
        diag_error(cs->d, e->pos, "init cannot be started with run");
        return;
    }
    if (cs->in_dstep)
        diag_error(cs->d, e->pos, "'run' inside d_step: a d_step cannot "
                   "start a process (SPIN rejects it; use atomic)");
    for (a = e->u.run.args; a; a = a->next, n++) {
        fe_cexpr(cs, a);
        if (n < cs->proclist.v[pt].nparams) {
            fe_flow_into(cs, cs->proclist.v[pt].pslot0 + n, a);
            param_mask(cs, cs->proclist.v[pt].decl, n);
        }
    }
    if (n != cs->proclist.v[pt].nparams)
        diag_error(cs->d, e->pos, "proctype '%s' takes %u argument%s, "
                   "%u given", e->u.run.name, cs->proclist.v[pt].nparams,
                   cs->proclist.v[pt].nparams == 1 ? "" : "s", n);
    fe_emit(cs, BC_RUN, 0, pt, (int32_t)n, (int32_t)fe_add_loc(cs, e->pos));
    if (e->u.run.priority != NULL) {    /* run P() priority N */
        fe_emit(cs, BC_DUP, 0, 0, 0, 0);
        fe_emit(cs, BC_PUSHK, 0, 0, fe_prio_value(cs, e->u.run.priority), 0);
        fe_emit(cs, BC_SETPRIO, 0, 0, 0, (int32_t)fe_add_loc(cs, e->pos));
    }
}

static void cexpr_inner(cstate *cs, const ast_expr *e);
static void cpoll(cstate *cs, const ast_expr *e);

/* In a model with xr or xs: check the claims on the channel on top of
 * the stack before using it (mode: 1 a receive-like use, 2 a send-like
 * one, 3 a test of its contents; pan's checks). */
static void xchk(cstate *cs, unsigned mode, diag_pos pos)
{
    if (cs->has_xclaims)
        fe_emit(cs, BC_XCHK, 0, mode, 0, (int32_t)fe_add_loc(cs, pos));
}

/* Push the value of e.  The VM's value stack holds 512 values, so the
 * depth of an expression is bounded well below that. */
void fe_cexpr(cstate *cs, const ast_expr *e)
{
    if (cs->expr_depth >= 200) {
        diag_error(cs->d, e->pos, "expression nested too deeply");
        fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        return;
    }
    cs->expr_depth++;
    cexpr_inner(cs, e);
    cs->expr_depth--;
}

static void cexpr_inner(cstate *cs, const ast_expr *e)
{
    int64_t  v;
    uint32_t j1, j2;
    place    p;

    e = fe_resolve_subst(cs, e);
    if (fe_const_value(cs, e, &v)) {
        fe_emit(cs, BC_PUSHK, 0, 0, (int32_t)v, 0);
        return;
    }
    switch (e->kind) {
    case AST_E_CONST:
        fe_emit(cs, BC_PUSHK, 0, 0, (int32_t)e->u.ival, 0);
        break;
    case AST_E_VAR:
        if (cplace(cs, e, &p, 1))
            emit_load(cs, &p);
        else
            fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        break;
    case AST_E_UNOP:
        fe_cexpr(cs, e->u.op.a);
        fe_emit(cs, e->u.op.op == AST_OP_NEG ? BC_NEG
                : e->u.op.op == AST_OP_NOT ? BC_NOT : BC_BNOT, 0, 0, 0, 0);
        break;
    case AST_E_BINOP:
        if (e->u.op.op == AST_OP_AND || e->u.op.op == AST_OP_OR) {
            bc_opcode jop = e->u.op.op == AST_OP_AND ? BC_JMPF : BC_JMPT;
            fe_cexpr(cs, e->u.op.a);
            j1 = fe_emit(cs, jop, 0, 0, 0, 0);
            fe_cexpr(cs, e->u.op.b);
            j2 = fe_emit(cs, jop, 0, 0, 0, 0);
            fe_emit(cs, BC_PUSHK, 0, 0, e->u.op.op == AST_OP_AND, 0);
            fe_emit(cs, BC_JMP, 0, 0, (int32_t)HERE + 2, 0);
            cs->code.v[j1].b = cs->code.v[j2].b = (int32_t)HERE;
            fe_emit(cs, BC_PUSHK, 0, 0, e->u.op.op != AST_OP_AND, 0);
            break;
        }
        fe_cexpr(cs, e->u.op.a);
        fe_cexpr(cs, e->u.op.b);
        fe_emit(cs, binops[e->u.op.op], 0, 0, 0,
                (int32_t)(e->u.op.op == AST_OP_DIV || e->u.op.op == AST_OP_MOD
                       ? fe_add_loc(cs, e->pos) : 0));
        break;
    case AST_E_COND:
        fe_cexpr(cs, e->u.op.a);
        j1 = fe_emit(cs, BC_JMPF, 0, 0, 0, 0);
        fe_cexpr(cs, e->u.op.b);
        j2 = fe_emit(cs, BC_JMP, 0, 0, 0, 0);
        cs->code.v[j1].b = (int32_t)HERE;
        fe_cexpr(cs, e->u.op.c);
        cs->code.v[j2].b = (int32_t)HERE;
        break;
    case AST_E_LEN:
    case AST_E_EMPTY:
    case AST_E_NEMPTY:
        fe_cexpr(cs, e->u.op.a);
        xchk(cs, e->kind == AST_E_NEMPTY ? 1 : 3, e->pos);
        fe_emit(cs, BC_CLEN, 0, 0, 0, (int32_t)fe_add_loc(cs, e->pos));
        if (e->kind != AST_E_LEN) {
            fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
            fe_emit(cs, e->kind == AST_E_EMPTY ? BC_EQ : BC_NE, 0, 0, 0, 0);
        }
        break;
    case AST_E_FULL:
    case AST_E_NFULL:
        fe_cexpr(cs, e->u.op.a);
        xchk(cs, e->kind == AST_E_NFULL ? 2 : 3, e->pos);
        fe_emit(cs, BC_CFULL, 0, 0, 0, (int32_t)fe_add_loc(cs, e->pos));
        if (e->kind == AST_E_NFULL)
            fe_emit(cs, BC_NOT, 0, 0, 0, 0);
        break;
    case AST_E_RUN:
        crun(cs, e);
        break;
    case AST_E_GETPRIO:
        fe_cexpr(cs, e->u.op.a);
        fe_emit(cs, BC_GETPRIO, 0, 0, 0, 0);
        break;
    case AST_E_PID:
        if (!cs->in_proc)
            diag_error(cs->d, e->pos, "_pid outside a proctype");
        fe_emit(cs, BC_PID, 0, 0, 0, 0);
        break;
    case AST_E_NR_PR:
        fe_emit(cs, BC_NRPR, 0, 0, 0, 0);
        break;
    case AST_E_TIMEOUT:
        fe_emit(cs, BC_TIMEOUT, 0, 0, 0, 0);
        cs->cur_flags |= BC_TR_TIMEOUT;
        break;
    case AST_E_UNDERSCORE:
        diag_error(cs->d, e->pos, "'_' can only be a receive argument");
        fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        break;
    case AST_E_EVAL:
        diag_error(cs->d, e->pos, "'eval' can only be a receive argument");
        fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        break;
    case AST_E_REMOTE:
        fe_cremote(cs, e);
        break;
    case AST_E_POLL:
    case AST_E_RPOLL:
        cpoll(cs, e);
        break;
    }
}

/* The arguments of a receive or poll (at most 64), resolved; isvar[i]:
 * argument i is a variable that takes the field.  Returns how many. */
static uint32_t recv_args(cstate *cs, const ast_expr *list, diag_pos pos,
                          const ast_expr **args, int *isvar)
{
    const ast_expr *a;
    uint32_t        n;
    int64_t         v;

    for (n = 0, a = list; a && n < 64; a = a->next, n++) {
        const ast_expr *r = fe_resolve_subst(cs, a);
        args[n] = r;
        isvar[n] = r->kind == AST_E_VAR && !fe_const_value(cs, r, &v);
    }
    if (a)
        diag_error(cs->d, pos, "too many message fields");
    return n;
}

/* Push the values that the fields of a random receive or a poll must
 * have (constants and eval(e)); returns the mask of those fields. */
static uint32_t cmatch_values(cstate *cs, const ast_expr *const *args,
                              const int *isvar, uint32_t n)
{
    uint32_t i, mask = 0;

    for (i = 0; i < n; i++) {
        if (isvar[i] || args[i]->kind == AST_E_UNDERSCORE)
            continue;
        if (i >= 32) {
            diag_error(cs->d, args[i]->pos, "a value to match in message "
                       "field %u: spore matches values in the first 32 "
                       "fields of a random receive or poll only", i + 1);
            continue;
        }
        fe_cexpr(cs, args[i]->kind == AST_E_EVAL ? args[i]->u.op.a
                 : args[i]);
        mask |= (uint32_t)1 << i;
    }
    return mask;
}

/* c?[e] and c??[e]: could the receive run now?  No side effect: the
 * variables among the arguments match anything and are not set. */
static void cpoll(cstate *cs, const ast_expr *e)
{
    const ast_expr *args[64];
    int             isvar[64];
    uint32_t        n, mask;

    fe_cexpr(cs, e->u.op.a);
    xchk(cs, 3, e->pos);
    n = recv_args(cs, e->u.op.b, e->pos, args, isvar);
    fe_chan_poll_use(cs, e, n);
    mask = cmatch_values(cs, args, isvar, n);
    fe_emit(cs, e->kind == AST_E_POLL ? BC_POLL : BC_RPOLL, 0, n,
            (int32_t)mask, (int32_t)fe_add_loc(cs, e->pos));
}

/* ----------------------------------------------- basic statements */

/* The global loads emitted since code index start are not uses. */
static void mark_nouse(cstate *cs, uint32_t start)
{
    for (; start < HERE; start++)
        if (cs->code.v[start].op == BC_LOADG
            || cs->code.v[start].op == BC_LOADGX)
            cs->code.v[start].t |= FE_T_NOUSE;
}

/* SPIN refuses an assignment to an array element whose index is an
 * element of the same array: `a[a[1]] = 2` (pan could not undo it). */
static void check_self_index(cstate *cs, const ast_expr *lhs)
{
    const ast_expr *x;

    lhs = fe_resolve_quiet(cs, lhs);
    if (lhs->kind != AST_E_VAR || lhs->u.var.index == NULL)
        return;
    x = fe_resolve_quiet(cs, lhs->u.var.index);
    if (x->kind == AST_E_VAR && x->u.var.index != NULL
        && x->u.var.field == NULL
        && strcmp(x->u.var.name, lhs->u.var.name) == 0)
        diag_error(cs->d, x->pos, "'%s' indexed with an element of "
                   "itself on the left of an assignment (SPIN rejects it: "
                   "do not index an array with itself)", lhs->u.var.name);
}

/* SPIN refuses `c?x,x`: one plain variable in two fields of a receive. */
static void check_recv_vars(cstate *cs, const ast_expr *const *args,
                            const int *isvar, uint32_t n)
{
    uint32_t i, j;

    for (i = 0; i < n; i++) {
        const fe_sym *y;
        if (!isvar[i] || args[i]->u.var.index || args[i]->u.var.field)
            continue;
        y = fe_lookup(cs, args[i]->u.var.name);
        if (y == NULL || y->count || y->type->is_struct)
            continue;
        for (j = i + 1; j < n; j++)
            if (isvar[j] && !args[j]->u.var.index && !args[j]->u.var.field
                && fe_lookup(cs, args[j]->u.var.name) == y) {
                diag_error(cs->d, args[j]->pos, "'%s' receives two fields "
                           "of one message (SPIN rejects it: cannot use "
                           "a variable in multiple message fields)",
                           y->name);
                return;
            }
    }
}

/* printm(e), e's value on the stack.  A variable of a named mtype set
 * (mtype:name) prints the name its value has in that set, as SPIN
 * does; the engine knows the plain mtype's names only, so the set's
 * are compared here, one by one (a constant prints with the plain
 * mtype's names in SPIN too). */
static void printm(cstate *cs, const ast_expr *e)
{
    const mtype_set *ms = NULL;
    const fe_sym    *y;
    FE_VEC(uint32_t) ends = { NULL, 0, 0 };
    uint32_t         v, skip;

    e = fe_resolve_quiet(cs, e);
    if (e->kind == AST_E_VAR && !e->u.var.field
        && (y = fe_lookup(cs, e->u.var.name)) != NULL
        && y->kind != FE_SYM_MTYPE)
        ms = fe_mtype_set_of(cs, y->type);
    if (ms == NULL) {
        fe_emit(cs, BC_PRINTM, 0, 0, 0, 0);
        return;
    }
    for (v = 1; v <= ms->n; v++) {
        if (ms->names[v] == NULL)
            continue;
        fe_emit(cs, BC_DUP, 0, 0, 0, 0);
        fe_emit(cs, BC_PUSHK, 0, 0, (int32_t)v, 0);
        fe_emit(cs, BC_EQ, 0, 0, 0, 0);
        skip = fe_emit(cs, BC_JMPF, 0, 0, 0, 0);
        fe_emit(cs, BC_POP, 0, 0, 0, 0);
        fe_emit(cs, BC_PRINTF, 0, 0,
                (int32_t)fe_add_string(cs, ms->names[v]), 0);
        fe_push(&ends, fe_emit(cs, BC_JMP, 0, 0, 0, 0));
        cs->code.v[skip].b = (int32_t)HERE;
    }
    fe_emit(cs, BC_PRINTF, 0, 1, (int32_t)fe_add_string(cs, "%d"), 0);
    for (size_t k = 0; k < ends.n; k++)
        cs->code.v[ends.v[k]].b = (int32_t)HERE;
    free(ends.v);
}

/* Emit the code of a statement that is one step (no control flow). */
void fe_cbasic(cstate *cs, const ast_stmt *s)
{
    place            p;
    const ast_expr  *a;
    uint32_t         n, i, start;
    int64_t          v;

    switch (s->kind) {
    case AST_S_EXPR:
        if (fe_resolve_subst(cs, s->u.expr)->kind == AST_E_RUN) {
            fe_cexpr(cs, s->u.expr);
            fe_emit(cs, BC_POP, 0, 0, 0, 0);
        } else if (!fe_const_value(cs, s->u.expr, &v) || v == 0) {
            fe_cexpr(cs, s->u.expr);
            fe_emit(cs, BC_GUARD, 0, 0, 0, 0);
        }
        break;
    case AST_S_ASSIGN:
        if (s->u.assign.lhs->kind == AST_E_UNDERSCORE) {   /* _ = e */
            fe_cexpr(cs, s->u.assign.rhs);
            fe_emit(cs, BC_POP, 0, 0, 0, 0);
        } else if (cplace(cs, s->u.assign.lhs, &p, 1)) {
            const fe_sym *ch = p.sym->type->is_struct ? NULL : p.sym;
            check_self_index(cs, s->u.assign.lhs);
            fe_check_assigned(cs, ch, s->u.assign.rhs);
            fe_cexpr(cs, s->u.assign.rhs);
            emit_store(cs, &p);
            if (ch != NULL && ch->slot && fe_is_chan_sym(ch))
                fe_flow_into(cs, ch->slot - 1, s->u.assign.rhs);
        }
        break;
    case AST_S_INCR:
    case AST_S_DECR:
        if (cplace(cs, s->u.assign.lhs, &p, 1)) {
            check_self_index(cs, s->u.assign.lhs);
            if (!p.sym->type->is_struct && fe_is_chan_sym(p.sym))
                diag_error(cs->d, s->pos, "arithmetic on chan '%s' (SPIN "
                           "rejects it)", p.sym->name);
            if (p.dyn)
                fe_emit(cs, BC_DUP, 0, 0, 0, 0);
            emit_load(cs, &p);
            cs->code.v[cs->code.n - 1].t |= FE_T_NOUSE;
            fe_emit(cs, BC_PUSHK, 0, 0, 1, 0);
            fe_emit(cs, s->kind == AST_S_INCR ? BC_ADD : BC_SUB, 0, 0, 0, 0);
            emit_store(cs, &p);
        }
        break;
    case AST_S_SEND: {
        uint32_t ch = fe_chan_slot(cs, s->u.io.chan);
        fe_cexpr(cs, s->u.io.chan);
        xchk(cs, 2, s->pos);
        if (s->u.io.sorted)     /* the channel again, for SORT */
            fe_emit(cs, BC_DUP, 0, 0, 0, 0);
        for (n = 0, a = s->u.io.args; a; a = a->next, n++) {
            fe_cexpr(cs, a);
            fe_add_flow(cs, CF_SEND, ch, n, fe_chan_src(cs, a));
        }
        fe_emit(cs, BC_SEND, 0, n, 0, (int32_t)fe_add_loc(cs, s->pos));
        if (s->u.io.sorted)
            fe_emit(cs, BC_SORT, 0, 0, 0, (int32_t)fe_add_loc(cs, s->pos));
        fe_chan_use(cs, s, 1, n);
        break;
    }
    case AST_S_RECV: {
        const ast_expr *args[64];
        int             isvar[64];
        fe_cexpr(cs, s->u.io.chan);
        xchk(cs, 1, s->pos);
        n = recv_args(cs, s->u.io.args, s->pos, args, isvar);
        check_recv_vars(cs, args, isvar, n);
        fe_chan_use(cs, s, 0, n);
        if (s->u.io.random) {   /* c??e: the first message that matches */
            uint32_t mask = cmatch_values(cs, args, isvar, n);
            fe_emit(cs, BC_RSEL, 0, n, (int32_t)mask,
                    (int32_t)fe_add_loc(cs, s->pos));
            fe_emit(cs, BC_GUARD, 0, 0, 0, 0);
        } else {
            fe_emit(cs, BC_RECV, 0, n, 0, (int32_t)fe_add_loc(cs, s->pos));
            for (i = 0; i < n; i++) {
                if (isvar[i] || args[i]->kind == AST_E_UNDERSCORE)
                    continue;
                fe_cexpr(cs, args[i]->kind == AST_E_EVAL ? args[i]->u.op.a
                         : args[i]);
                fe_emit(cs, BC_RMATCH, 0, i, 0, 0);
            }
        }
        for (i = 0; i < n; i++) {
            if (!isvar[i])
                continue;
            if (cplace(cs, args[i], &p, 1)) {
                fe_emit(cs, BC_RFIELD, 0, i, 0, 0);
                emit_store(cs, &p);
                if (!p.sym->type->is_struct && p.sym->slot
                    && fe_is_chan_sym(p.sym))
                    fe_add_flow(cs, CF_RECV, fe_chan_slot(cs, s->u.io.chan), i,
                                p.sym->slot - 1);
            }
        }
        if (!s->u.io.copy)      /* c?<e> leaves the message */
            fe_emit(cs, s->u.io.random ? BC_RDEL : BC_RDONE, 0, 0, 0, 0);
        break;
    }
    case AST_S_ASSERT:
        fe_cexpr(cs, s->u.expr);
        fe_emit(cs, BC_ASSERT, 0, 0, 0, (int32_t)fe_add_loc(cs, s->pos));
        break;
    case AST_S_SETPRIO:
        fe_cexpr(cs, s->u.assign.lhs);
        fe_cexpr(cs, s->u.assign.rhs);
        fe_emit(cs, BC_SETPRIO, 0, 0, 0, (int32_t)fe_add_loc(cs, s->pos));
        break;
    case AST_S_PRINTF:
        start = HERE;
        for (n = 0, a = s->u.print.args; a; a = a->next, n++)
            fe_cexpr(cs, a);
        mark_nouse(cs, start);
        fe_emit(cs, BC_PRINTF, 0, n, (int32_t)fe_add_string(cs, s->u.print.fmt),
                0);
        break;
    case AST_S_PRINTM:
        start = HERE;
        fe_cexpr(cs, s->u.expr);
        mark_nouse(cs, start);
        printm(cs, s->u.expr);
        break;
    case AST_S_XCLAIM:          /* made at creation: no code here */
        fe_xclaim_note(cs, s);
        break;
    case AST_S_SKIP:
    case AST_S_ELSE:
        break;
    default:
        diag_error(cs->d, s->pos, "internal: not a basic statement");
        break;
    }
}
