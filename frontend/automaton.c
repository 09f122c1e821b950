/*
 * frontend/automaton.c -- the control-flow automaton of a proctype.
 *
 * Lowering a statement "from location A to location B" adds the edges
 * that take the process from A to B by executing it: if and do options,
 * atomic sequences, jumps (epsilon edges, folded later by finish.c),
 * labels, inline calls and for/select loops (expanded in the AST).
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void lower_seq(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to);
static void lower_unless(cstate *cs, ast_stmt *s, uint32_t from,
                         uint32_t to, int nested, int opens_option);

/* ------------------------------------------------------ the automaton */

uint32_t fe_new_loc(cstate *cs)
{
    fe_push(&cs->lflags, 0u);
    fe_push(&cs->latomic, cs->atomic_ctx);
    return (uint32_t)cs->lflags.n - 1;
}

static void add_eps(cstate *cs, uint32_t from, uint32_t to,
                    const char *target, diag_pos pos, const char *text)
{
    edge e;

    memset(&e, 0, sizeof e);
    e.from = from;
    e.to = to;
    e.label = target;
    e.pos = pos;
    e.eps = 1;
    e.text = fe_add_string(cs, text);
    e.atomic = cs->atomic_ctx;
    e.loc = fe_add_loc(cs, pos);
    e.esc = cs->cur_esc;
    fe_push(&cs->edges, e);
}

/* Start a real transition: code emitted from now on belongs to it. */
uint32_t fe_begin_trans(cstate *cs, diag_pos pos)
{
    uint32_t start = HERE;

    cs->cur_flags = 0;
    cs->cur_loc = fe_add_loc(cs, pos);
    fe_emit_provided(cs);
    return start;
}

/* pan evaluates the clause before any transition of the process
 * (pangen1.c, provided()): as a guard at the head of each.  The clause
 * names globals declared before the proctype (fe_check_provided), which
 * no local may hide, and _priority. */
void fe_emit_provided(cstate *cs)
{
    if (cs->in_claim)
        return;
    if (cs->prio) {
        fe_emit(cs, BC_LOADG, BC_T_BYTE, 0, (int32_t)cs->prio_tok, 0);
        fe_emit(cs, BC_STOREG, BC_T_BYTE, 0, (int32_t)cs->prio_tok, 0);
    }
    if (cs->prov == NULL)
        return;
    fe_cexpr(cs, cs->prov);
    fe_emit(cs, BC_GUARD, 0, 0, 0, 0);
}

/* SPIN 6.5.2 (pangen4.c, proper_enabler): the clause may use global
 * variables, _pid, _priority, constants, timeout, len/empty/nempty/
 * full/nfull, get_priority and operators; not locals, run, or remote
 * references. */
void fe_check_provided(cstate *cs, const ast_expr *e)
{
    const fe_sym *y;

    if (e != NULL) {
        switch (e->kind) {
        case AST_E_CONST: case AST_E_PID: case AST_E_NR_PR:
        case AST_E_TIMEOUT:
            return;
        case AST_E_VAR:
            y = fe_scope_find(&cs->globals, e->u.var.name);
            if (y != NULL && y->kind == FE_SYM_MTYPE)
                return;
            if (y == NULL && strcmp(e->u.var.name, "_priority") == 0)
                return;
            if (y == NULL || y->rank > cs->proc_rank) {
                diag_error(cs->d, e->pos, "a provided clause may read "
                           "only global variables declared before the "
                           "proctype, _pid and _priority (SPIN), not '%s'",
                           e->u.var.name);
                return;
            }
            fe_check_provided(cs, e->u.var.index);
            return;
        case AST_E_UNOP: case AST_E_BINOP: case AST_E_COND:
        case AST_E_LEN: case AST_E_EMPTY: case AST_E_NEMPTY:
        case AST_E_FULL: case AST_E_NFULL: case AST_E_GETPRIO:
            fe_check_provided(cs, e->u.op.a);
            fe_check_provided(cs, e->u.op.b);
            fe_check_provided(cs, e->u.op.c);
            return;
        default:
            diag_error(cs->d, e->pos, "invalid provided clause: SPIN "
                       "allows only global variables, constants, _pid, "
                       "timeout, channel tests and operators");
            return;
        }
    }
}

/* End it: append the GOTO (patched when locations are final). */
void fe_end_trans(cstate *cs, uint32_t start, uint32_t from, uint32_t to,
                  diag_pos pos, uint32_t text, uint32_t flags)
{
    edge e;

    fe_remote_touch(cs);
    fe_emit(cs, BC_GOTO, 0, 0, (int32_t)to, 0);
    memset(&e, 0, sizeof e);
    e.from = from;
    e.to = to;
    e.pos = pos;
    e.code = start;
    e.ncode = HERE - start;
    e.text = text;
    e.flags = flags | cs->cur_flags;
    e.atomic = cs->atomic_ctx;
    e.loc = cs->cur_loc;
    e.guardlike = cs->cur_guardlike;
    e.esc = cs->cur_esc;
    cs->cur_guardlike = 0;
    fe_push(&cs->edges, e);
}

static void basic_trans(cstate *cs, const ast_stmt *s, uint32_t from,
                        uint32_t to, uint32_t flags)
{
    uint32_t start = fe_begin_trans(cs, s->pos);

    fe_cbasic(cs, s);
    cs->cur_guardlike = s->kind == AST_S_EXPR || s->kind == AST_S_RECV;
    fe_end_trans(cs, start, from, to, s->pos, fe_stmt_text(cs, s), flags);
}

static ast_stmt *new_stmt(cstate *cs, ast_stmt_kind k, diag_pos pos)
{
    ast_stmt *s = arena_alloc(cs->mem, sizeof *s);

    s->kind = k;
    s->pos = pos;
    return s;
}

static ast_expr *new_expr(cstate *cs, ast_expr_kind k, diag_pos pos)
{
    ast_expr *e = arena_alloc(cs->mem, sizeof *e);

    e->kind = k;
    e->pos = pos;
    return e;
}

static ast_expr *new_binop(cstate *cs, ast_op op, ast_expr *a, ast_expr *b)
{
    ast_expr *e = new_expr(cs, AST_E_BINOP, a->pos);

    e->u.op.op = op;
    e->u.op.a = a;
    e->u.op.b = b;
    return e;
}

static ast_stmt *new_assign(cstate *cs, ast_expr *lhs, ast_expr *rhs)
{
    ast_stmt *s = new_stmt(cs, AST_S_ASSIGN, lhs->pos);

    s->u.assign.lhs = lhs;
    s->u.assign.rhs = rhs;
    return s;
}

/* The array `for (v in a)` runs over: its length through *n, or 0 with
 * an error reported.  SPIN 6.5.2 (flow.c, for_index): a is an array,
 * or a struct field path ending in one (an index on it is ignored); a
 * channel is iterated only with a structure variable v (rotating its
 * messages through v), which needs structures in messages: spore
 * rejects it.  v is a plain scalar name. */
static int for_in_count(cstate *cs, const ast_stmt *s, uint32_t *n)
{
    const ast_expr *v = fe_resolve_quiet(cs, s->u.range.var);
    const ast_expr *a = fe_resolve_quiet(cs, s->u.range.lo);
    const fe_sym   *vs, *as;

    if (v->kind != AST_E_VAR || a->kind != AST_E_VAR)
        goto bad;
    vs = fe_lookup(cs, v->u.var.name);
    as = fe_lookup(cs, a->u.var.name);
    if (vs == NULL || as == NULL)
        return 0;               /* the names pass reports it */
    if (fe_is_chan_sym(as) && as->type->is_struct == 0
        && a->u.var.field == NULL) {
        diag_error(cs->d, a->pos, vs->type->is_struct
                   ? "'for (%s in %s)' over a channel needs structures "
                   "in messages, which spore does not support"
                   : "'for (%s in %s)': SPIN iterates over a channel "
                   "only with a structure variable (its one message "
                   "field's type), and spore not at all",
                   v->u.var.name, a->u.var.name);
        return 0;
    }
    if (v->u.var.index != NULL || v->u.var.field != NULL || vs->count
        || vs->type->is_struct || fe_is_chan_sym(vs)) {
        diag_error(cs->d, v->pos, "bad index in 'for (%s in %s)': it "
                   "must be a scalar variable, not a channel, structure "
                   "or array", v->u.var.name, a->u.var.name);
        return 0;
    }
    if (a->u.var.field != NULL) {
        diag_error(cs->d, a->pos, "'for (%s in %s.%s)': SPIN does not "
                   "iterate over a field of a structure", v->u.var.name,
                   a->u.var.name, a->u.var.field->u.var.name);
        return 0;
    }
    if (as->count == 0)
        goto bad;
    *n = as->count;
    return 1;
bad:
    diag_error(cs->d, s->u.range.lo->pos, "'for (... in ...)': '%s' is "
               "not an array (or a channel)", a->kind == AST_E_VAR
               ? a->u.var.name : "...");
    return 0;
}

/* for (v in a), a an array of n elements: for (v : 0 .. n - 1), as
 * SPIN expands it; NULL (an error reported) when a is not an array. */
static ast_stmt *for_in_range(cstate *cs, const ast_stmt *s)
{
    ast_stmt *f;
    uint32_t  n;

    if (!for_in_count(cs, s, &n))
        return NULL;
    f = new_stmt(cs, AST_S_FOR, s->pos);
    f->u.range.var = s->u.range.var;
    f->u.range.lo = new_expr(cs, AST_E_CONST, s->pos);
    f->u.range.lo->u.ival = 0;
    f->u.range.hi = new_expr(cs, AST_E_CONST, s->pos);
    f->u.range.hi->u.ival = (int64_t)n - 1;
    f->u.range.body = s->u.range.body;
    return f;
}

/* select (v : lo .. hi) and for (v : lo .. hi) as SPIN expands them.
 * select with constant bounds and at most 33 values: one assignment per
 * value (an if), as SPIN 6.5.2 does;
 * otherwise `v = lo; do :: v < hi -> v++ :: break od`.
 * for: `v = lo; do :: v <= hi -> body; v++ :: else -> break od`. */
ast_stmt *fe_expand_range(cstate *cs, const ast_stmt *s)
{
    ast_expr   *v = s->u.range.var;
    ast_stmt   *init, *loop, *g, *inc, *brk;
    ast_option *o1, *o2;
    int64_t     lo, hi;
    const ast_expr *l, *h;

    if (s->kind == AST_S_FOR_IN) {
        if ((s = for_in_range(cs, s)) == NULL)
            return new_stmt(cs, AST_S_SKIP, NOPOS);
        v = s->u.range.var;
    }
    init = new_assign(cs, v, s->u.range.lo);
    l = fe_resolve_quiet(cs, s->u.range.lo);
    h = fe_resolve_quiet(cs, s->u.range.hi);

    /* SPIN checks number literals only (its select is expanded from
     * the text; `1 .. N-1` with N = 1 is an empty for, not an error) */
    if (l->kind == AST_E_CONST && h->kind == AST_E_CONST
        && l->u.ival > h->u.ival)
        diag_error(cs->d, s->pos, s->kind == AST_S_SELECT
                   ? "bad range in select: %" PRId64 " .. %" PRId64
                   " is empty" : "empty for: the start value %" PRId64
                   " exceeds the end value %" PRId64 " (SPIN rejects it)",
                   l->u.ival, h->u.ival);
    if (s->kind == AST_S_SELECT && fe_const_value(cs, s->u.range.lo, &lo)
        && fe_const_value(cs, s->u.range.hi, &hi) && hi >= lo
        && hi - lo <= 32) {
        ast_stmt   *ifs = new_stmt(cs, AST_S_IF, s->pos);
        ast_option **tail = &ifs->u.options;
        for (; lo <= hi; lo++) {
            ast_expr *k = new_expr(cs, AST_E_CONST, s->pos);
            k->u.ival = lo;
            *tail = arena_alloc(cs->mem, sizeof **tail);
            (*tail)->seq = new_assign(cs, v, k);
            (*tail)->pos = s->pos;
            tail = &(*tail)->next;
        }
        return ifs;
    }
    loop = new_stmt(cs, AST_S_DO, s->pos);
    g = new_stmt(cs, AST_S_EXPR, s->pos);
    g->u.expr = new_binop(cs, s->kind == AST_S_SELECT ? AST_OP_LT : AST_OP_LE,
                          v, s->u.range.hi);
    inc = new_stmt(cs, AST_S_INCR, s->pos);
    inc->u.assign.lhs = v;
    brk = new_stmt(cs, AST_S_BREAK, s->pos);
    o1 = arena_alloc(cs->mem, sizeof *o1);
    o2 = arena_alloc(cs->mem, sizeof *o2);
    o1->pos = o2->pos = s->pos;
    o1->seq = g;
    if (s->kind == AST_S_FOR) {
        ast_stmt *body = new_stmt(cs, AST_S_BLOCK, s->pos);
        ast_stmt *els = new_stmt(cs, AST_S_ELSE, s->pos);
        body->u.body = s->u.range.body;
        g->next = body;
        body->next = inc;
        els->next = brk;
        o2->seq = els;
    } else {
        g->next = inc;
        o2->seq = brk;
    }
    o1->next = o2;
    loop->u.options = o1;
    init->next = loop;
    return init;
}

ast_decl *fe_find_inline(cstate *cs, const char *name)
{
    size_t i;

    for (i = 0; i < cs->inlines.n; i++)
        if (strcmp(cs->inlines.v[i]->u.inl.name, name) == 0)
            return cs->inlines.v[i];
    return NULL;
}

/* Bind the parameters of an inline call; returns how many were pushed,
 * or -1 on error. */
int fe_bind_inline(cstate *cs, const ast_stmt *s, const ast_decl *inl)
{
    const ast_name *pn = inl->u.inl.params;
    ast_expr       *a = s->u.call.args;
    int             n = 0;
    size_t          first;

    /* a recursive inline would expand for ever (with several calls of
     * itself, exponentially before any depth limit): refuse it at once,
     * as SPIN does */
    for (int k = 0; k < cs->inline_depth; k++)
        if (cs->inline_stack[k] == inl) {
            diag_error(cs->d, s->pos, "inline '%s' calls itself (an "
                       "inline is expanded in place, so it cannot be "
                       "recursive)", s->u.call.name);
            return -1;
        }
    if (cs->inline_depth >= MAX_INLINE_DEPTH) {
        diag_error(cs->d, s->pos, "inline '%s' expands too deeply "
                   "(recursive?)", s->u.call.name);
        return -1;
    }
    /* every argument is bound in the caller's context: a parameter is
     * pushed nameless ("" is no name) and named once all are bound, so
     * that f(0, s[sem]) of `inline f(sem, s)` keeps the caller's sem */
    for (; pn && a; pn = pn->next, a = a->next, n++) {
        subst sb;
        sb.name = "";
        sb.arg = fe_bind_arg(cs, a);
        fe_push(&cs->substs, sb);
    }
    if (pn || a) {
        diag_error(cs->d, s->pos, "inline '%s' called with the wrong number "
                   "of arguments", s->u.call.name);
        cs->substs.n -= (size_t)n;
        return -1;
    }
    first = cs->substs.n - (size_t)n;
    for (pn = inl->u.inl.params; pn; pn = pn->next)
        cs->substs.v[first++].name = pn->name;
    cs->inline_stack[cs->inline_depth++] = inl;
    return n;
}

int fe_inline_begin(cstate *cs, const ast_stmt *s, ast_stmt **body)
{
    ast_decl *inl = fe_find_inline(cs, s->u.call.name);
    int       n;

    if (inl == NULL) {
        diag_error(cs->d, s->pos, "undeclared inline '%s'", s->u.call.name);
        return -1;
    }
    n = fe_bind_inline(cs, s, inl);
    if (n >= 0)
        *body = inl->u.inl.body;
    return n;
}

void fe_inline_end(cstate *cs, int nbound)
{
    cs->substs.n -= (size_t)nbound;
    cs->inline_depth--;
}

/* A label's name must not be that of a variable, an mtype constant or
 * a proctype.  (accept and progress labels are allowed: finish.c marks
 * their locations, and the searches for acceptance and non-progress
 * cycles read the marks.) */
void fe_check_label(cstate *cs, const ast_stmt *s)
{
    const char   *nm = s->u.label.name;
    const fe_sym *y = fe_lookup(cs, nm);

    /* SPIN: a label cannot have the name of a variable, an mtype name
     * or a proctype ("bad label-name") */
    if (y != NULL || fe_find_proc(cs, nm) != NOLOC)
        diag_error(cs->d, s->pos, "label '%s' has the name of %s (SPIN "
                   "rejects it: bad label-name)", nm, y == NULL
                   ? "a proctype" : y->kind == FE_SYM_MTYPE
                   ? "an mtype constant" : "a variable");
}

static void lower_options(cstate *cs, const ast_stmt *s, uint32_t from,
                          uint32_t to)
{
    const ast_option *o;
    int               nelse = 0, nio = 0;

    for (o = s->u.options; o; o = o->next)
        if (o->seq && (o->seq->kind == AST_S_SEND
                       || o->seq->kind == AST_S_RECV))
            nio++;
    for (o = s->u.options; o; o = o->next) {
        ast_stmt *first = o->seq;
        if (first && first->kind == AST_S_ELSE) {
            uint32_t mid = first->next ? fe_new_loc(cs) : to;
            if (nelse++)
                diag_error(cs->d, first->pos, "more than one 'else' option");
            if (nio)
                diag_error(cs->d, first->pos, "'else' in an option list "
                           "that also has send or receive options (SPIN "
                           "rejects it as a dubious use of else with i/o)");
            basic_trans(cs, first, from, mid, BC_TR_ELSE);
            if (first->next)
                lower_seq(cs, first->next, mid, to);
        } else {
            cs->option_first = 1;
            lower_seq(cs, first, from, to);
        }
    }
}

/* A declaration after the first statement is a step of its own in SPIN:
 * it assigns the initial value (or 0); until then the variable is 0. */
/* The code of a declaration after the first statement: it assigns the
 * initial values; names in them are those declared before (scope0).
 * Its text goes to b (may be NULL). */
int fe_decl_has_code(cstate *cs, const ast_var *v)
{
    const fe_sym *y = fe_scope_find(&cs->locals, v->name);

    return y && y->decl == v && !y->type->is_struct && !v->has_chan_init
        && !(y->type->vflags & BC_V_CHAN);
}

void fe_decl_code(cstate *cs, const ast_stmt *s, fe_sym *scope0,
                  sbuf *b, const ast_var *only)
{
    const ast_var *v;

    for (v = s->u.decl->u.var.vars; v; v = v->next) {
        const fe_sym *y = fe_scope_find(&cs->locals, v->name);
        fe_sym       *save = cs->locals.syms;
        uint32_t      k, n;
        if ((only && v != only) || !fe_decl_has_code(cs, v))
            continue;
        n = y->count ? y->count : 1;
        for (k = 0; k < n; k++) {
            cs->locals.syms = scope0;
            if (v->init && !v->init_is_list)
                fe_cexpr(cs, v->init);
            else
                fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
            cs->locals.syms = save;
            fe_mask_bits(cs, y->type);
            fe_emit(cs, BC_STOREL, y->type->bctype, 0,
                    (int32_t)(y->offset + k * y->type->size), 0);
        }
        if (b == NULL)
            continue;
        fe_sb_add(b, "%s%s = ", b->n ? "; " : "", v->name);
        if (v->init && !v->init_is_list)
            fe_expr_text(b, v->init);
        else
            fe_sb_add(b, "0");
    }
}

void fe_decl_step(cstate *cs, const ast_stmt *s, uint32_t from,
                  uint32_t to, fe_sym *scope0, const ast_var *only)
{
    uint32_t start = fe_begin_trans(cs, only ? only->pos : s->pos);
    sbuf     b = { NULL, 0, 0 };

    fe_decl_code(cs, s, scope0, &b, only);
    fe_end_trans(cs, start, from, to, s->pos, fe_add_string(cs, b.s ? b.s : ""),
                 0);
    free(b.s);
}

/* The steps of a declaration after the first statement or in a block:
 * one per variable that gets a value (SPIN: `byte i, j = 3` is the two
 * steps `i = 0` and `j = 3`). */
static void decl_steps(cstate *cs, const ast_stmt *s, uint32_t from,
                       uint32_t to, fe_sym *scope0)
{
    const ast_var *v;
    size_t         n = 0, k = 0;

    for (v = s->u.decl->u.var.vars; v; v = v->next)
        n += fe_decl_has_code(cs, v);
    if (n <= 1) {
        fe_decl_step(cs, s, from, to, scope0, NULL);
        return;
    }
    for (v = s->u.decl->u.var.vars; v; v = v->next) {
        uint32_t mid;
        if (!fe_decl_has_code(cs, v))
            continue;
        mid = ++k < n ? fe_new_loc(cs) : to;
        fe_decl_step(cs, s, from, mid, scope0, v);
        from = mid;
    }
}

static void lower_stmt(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to)
{
    uint32_t save, head, mark;
    label    lb;
    int      n, nested = cs->first_nested;
    int      opens_option = cs->option_first;

    cs->first_nested = 0;
    cs->option_first = 0;
    if (s->kind != AST_S_DECL && s->kind != AST_S_LABEL
        && s->kind != AST_S_XCLAIM)     /* xr / xs: declarations too */
        cs->body_started = 1;
    switch (s->kind) {
    case AST_S_IF:
        lower_options(cs, s, from, to);
        break;
    case AST_S_DO:
        /* SPIN: a do that opens a nested sequence is entered through
         * the enclosing location (which gets copies of its options), but
         * its iterations return to a head of its own. */
        head = fe_new_loc(cs);
        add_eps(cs, from, head, NULL, s->pos, "do");
        if (nested)
            cs->edges.v[cs->edges.n - 1].eps = 3;
        save = cs->break_to;
        cs->break_to = to;
        lower_options(cs, s, head, head);
        cs->break_to = save;
        break;
    case AST_S_ATOMIC:
        mark = fe_block_open(cs);
        if (cs->atomic_ctx) {
            lower_seq(cs, s->u.body, from, to);
        } else {
            cs->atomic_ctx = ++cs->natomic;
            lower_seq(cs, s->u.body, from, to);
            cs->atomic_ctx = 0;
        }
        fe_block_close(cs, mark);
        break;
    case AST_S_DSTEP:
        if (!nested)            /* a statement of its sequence: a jump to
                                   `from` lands inside the d_step */
            fe_push(&cs->dstep_entries, from);
        mark = fe_block_open(cs);
        fe_lower_dstep(cs, s, from, to);
        fe_block_close(cs, mark);
        break;
    case AST_S_BLOCK:
        mark = fe_block_open(cs);
        lower_seq(cs, s->u.body, from, to);
        fe_block_close(cs, mark);
        break;
    case AST_S_BREAK:
        if (cs->break_to == NOLOC) {
            diag_error(cs->d, s->pos, "'break' outside a do loop");
            break;
        }
        add_eps(cs, from, cs->break_to, NULL, s->pos, "break");
        cs->edges.v[cs->edges.n - 1].jump = 1;
        cs->edges.v[cs->edges.n - 1].keep = opens_option;
        break;
    case AST_S_GOTO:
        add_eps(cs, from, NOLOC, s->u.target, s->pos, "goto");
        cs->edges.v[cs->edges.n - 1].text = fe_stmt_text(cs, s);
        cs->edges.v[cs->edges.n - 1].jump = 1;
        cs->edges.v[cs->edges.n - 1].keep = opens_option;
        break;
    case AST_S_LABEL:
        fe_check_label(cs, s);
        lb.name = s->u.label.name;
        lb.loc = from;
        lb.pos = s->pos;
        if (s->u.label.stmt->kind == AST_S_FOR
            || s->u.label.stmt->kind == AST_S_FOR_IN
            || s->u.label.stmt->kind == AST_S_SELECT) {
            /* SPIN labels the loop a for/select expands into, not the
             * assignment of its first value: `L: for (...)` ... `goto L`
             * does not restart the count */
            ast_stmt *x = fe_expand_range(cs, s->u.label.stmt);
            mark = fe_block_open(cs);
            if (x->kind == AST_S_ASSIGN && x->next) {
                uint32_t mid = fe_new_loc(cs);
                lower_stmt(cs, x, from, mid);
                lb.loc = mid;
                fe_push(&cs->labels, lb);
                fe_lower_seq_ex(cs, x->next, mid, to, 0);
            } else {
                fe_push(&cs->labels, lb);
                fe_lower_seq_ex(cs, x, from, to, 0);
            }
            fe_block_close(cs, mark);
            break;
        }
        fe_push(&cs->labels, lb);
        cs->first_nested = nested;
        /* a goto or break under an end, progress or accept label, or
         * a label a remote reference names, is a step of its own in SPIN
         * (the label's mark needs a state of its own: `progress: goto
         * L'); under an ordinary label it is folded */
        cs->option_first = opens_option
            || ((s->u.label.stmt->kind == AST_S_GOTO
                 || s->u.label.stmt->kind == AST_S_BREAK)
                && (fe_starts_with(lb.name, "end")
                    || fe_starts_with(lb.name, "progress")
                    || fe_starts_with(lb.name, "accept")
                    || fe_remote_named(cs, lb.name)));
        lower_stmt(cs, s->u.label.stmt, from, to);
        break;
    case AST_S_ELSE:
        diag_error(cs->d, s->pos, "'else' must be the first statement of "
                   "an option");
        break;
    case AST_S_DECL: {
        fe_sym *scope0 = cs->locals.syms;
        fe_declare_vars(cs, s->u.decl, 1, 0);
        if (cs->body_started || cs->block_depth)
            decl_steps(cs, s, from, to, scope0);
        else
            add_eps(cs, from, to, NULL, s->pos, "decl");
        break;
    }
    case AST_S_CALL: {
        ast_stmt *body;

        if ((n = fe_inline_begin(cs, s, &body)) < 0)
            break;
        mark = fe_block_open(cs);
        lower_seq(cs, body, from, to);
        fe_block_close(cs, mark);
        fe_inline_end(cs, n);
        break;
    }
    case AST_S_SELECT:
        fe_lower_seq_ex(cs, fe_expand_range(cs, s), from, to, 0);
        break;
    case AST_S_XCLAIM:          /* a declaration: no step (lower.c) */
        fe_xclaim_note(cs, s);
        add_eps(cs, from, to, NULL, s->pos, "xr");
        break;
    case AST_S_FOR:
    case AST_S_FOR_IN:
        mark = fe_block_open(cs);
        fe_lower_seq_ex(cs, fe_expand_range(cs, s), from, to, 0);
        fe_block_close(cs, mark);
        break;
    case AST_S_UNLESS:
        lower_unless(cs, s, from, to, nested, opens_option);
        break;
    default:
        basic_trans(cs, s, from, to, 0);
        break;
    }
}

/* The label on the guard of escape s (its first statement, through
 * blocks, atomic sequences and the options of an if or do), or NULL. */
static const ast_stmt *guard_label(const ast_stmt *s, int depth)
{
    const ast_option *o;
    const ast_stmt   *l;

    for (; s != NULL && depth < 64; depth++) {
        switch (s->kind) {
        case AST_S_LABEL:
            return s;
        case AST_S_BLOCK: case AST_S_ATOMIC: case AST_S_DSTEP:
            s = s->u.body;
            break;
        case AST_S_IF: case AST_S_DO:
            for (o = s->u.options; o != NULL; o = o->next)
                if ((l = guard_label(o->seq, depth + 1)) != NULL)
                    return l;
            return NULL;
        case AST_S_UNLESS:
            s = s->u.unless.main;
            break;
        default:
            return NULL;
        }
    }
    return NULL;
}

/*
 * { main } unless { escape } (SPIN 6.5.2's semantics, checked against
 * pan): while the process is at a location of main, the transitions of
 * the escape's first statement (its guard) come first; when one of them
 * is executable, main's are not (finish.c copies the escape's
 * transitions to every location one of whose transitions belongs to
 * main, and engine/model/ts.c gives them priority).  The escape itself
 * is lowered from a location of its own, which only those copies leave;
 * it is covered by the unless statements around this one, not by this
 * one.  Where main ends, the escape no longer applies.
 */
static void lower_unless(cstate *cs, ast_stmt *s, uint32_t from,
                         uint32_t to, int nested, int opens_option)
{
    ast_stmt       *m = s->u.unless.main;
    const ast_stmt *l;
    fe_escape       e;
    uint32_t        save = cs->cur_esc;

    /* SPIN: "label placed incorrectly" */
    if (m->kind == AST_S_LABEL && m->u.label.stmt != NULL
        && m->u.label.stmt->kind != AST_S_BLOCK
        && m->u.label.stmt->kind != AST_S_ATOMIC)
        diag_error(cs->d, m->pos, "label '%s' placed incorrectly: SPIN "
                   "rejects `%s: stmt unless stmt'; write `%s: { stmt "
                   "unless stmt }'", m->u.label.name, m->u.label.name,
                   m->u.label.name);
    if ((l = guard_label(s->u.unless.escape, 0)) != NULL)
        diag_error(cs->d, l->pos, "label '%s' on the guard of an escape: "
                   "a jump cannot go there, the guard is not a state of "
                   "its own (SPIN rejects it)", l->u.label.name);
    e.entry = fe_new_loc(cs);
    e.parent = save;
    e.atomic = cs->atomic_ctx;
    fe_push(&cs->escs, e);
    cs->cur_esc = (uint32_t)cs->escs.n;
    cs->first_nested = nested;
    cs->option_first = opens_option;
    lower_stmt(cs, m, from, to);
    cs->cur_esc = save;
    cs->first_nested = 1;
    lower_stmt(cs, s->u.unless.escape, e.entry, to);
}

void fe_lower_seq_ex(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to,
                     int nested)
{
    if (!s) {
        add_eps(cs, from, to, NULL, NOPOS, "skip");
        return;
    }
    for (; s; s = s->next) {
        uint32_t mid = s->next ? fe_new_loc(cs) : to;
        cs->first_nested = nested;
        nested = 0;
        lower_stmt(cs, s, from, mid);
        from = mid;
    }
}

/* A nested sequence: an option, a block, an atomic or inline body. */
static void lower_seq(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to)
{
    fe_lower_seq_ex(cs, s, from, to, 1);
}
