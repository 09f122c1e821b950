/*
 * frontend/names.c -- names and types.
 *
 * Name lookup (locals, then globals; inline parameters bound to their
 * arguments, which are read in the caller's context), block scopes,
 * constant folding, typedefs, mtypes (the plain set and mtype:name
 * sets), unsigned bit fields and variable declarations with the checks
 * SPIN's front end makes on them, and a sorted index of label names for
 * the jump resolution.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --------------------------------------------------- constant folding */

fe_sym *fe_lookup(cstate *cs, const char *name)
{
    fe_sym *s = NULL;

    if (cs->in_proc)
        s = fe_scope_find(&cs->locals, name);
    return s ? s : fe_scope_find(&cs->globals, name);
}

static const subst *find_subst(const cstate *cs, const char *name)
{
    size_t i;

    for (i = cs->substs.n; i-- > 0;)
        if (strcmp(cs->substs.v[i].name, name) == 0)
            return &cs->substs.v[i];
    return NULL;
}

/* Replace an inline parameter by its argument: `p` -> arg, and `p[i].f`
 * -> `a[i].f` when the argument is a plain variable name.  quiet: do
 * not report an argument that cannot be indexed (the checks that look
 * at an expression again, after the code for it was emitted). */
static const ast_expr *resolve_subst_ex(cstate *cs, const ast_expr *e,
                                        int quiet)
{
    const subst *sb;
    ast_expr    *n;
    size_t       depth = 0;

    while (e->kind == AST_E_VAR && !e->u.var.bound
           && (sb = find_subst(cs, e->u.var.name))) {
        if (!e->u.var.index && !e->u.var.field) {
            e = sb->arg;
        } else if (sb->arg->kind == AST_E_VAR && !sb->arg->u.var.index
                   && !sb->arg->u.var.field) {
            n = arena_alloc(cs->mem, sizeof *n);
            *n = *e;
            n->next = NULL;
            n->u.var.name = sb->arg->u.var.name;
            e = n;
        } else {
            if (!quiet)
                diag_error(cs->d, e->pos, "cannot index or select a field "
                           "of inline argument '%s'", e->u.var.name);
            return e;
        }
        if (++depth > MAX_INLINE_DEPTH)
            break;
    }
    return e;
}

const ast_expr *fe_resolve_subst(cstate *cs, const ast_expr *e)
{
    return resolve_subst_ex(cs, e, 0);
}

const ast_expr *fe_resolve_quiet(cstate *cs, const ast_expr *e)
{
    return resolve_subst_ex(cs, e, 1);
}

static ast_expr *bind_list(cstate *cs, const ast_expr *e);

/* A copy of the field chain f (`.a[i].b`) with its indices bound. */
static ast_expr *bind_fields(cstate *cs, const ast_expr *f)
{
    ast_expr *n;

    if (f == NULL)
        return NULL;
    n = arena_alloc(cs->mem, sizeof *n);
    *n = *f;
    n->u.var.index = bind_list(cs, f->u.var.index);
    n->u.var.field = bind_fields(cs, f->u.var.field);
    return n;
}

ast_expr *fe_bind_arg(cstate *cs, const ast_expr *e)
{
    ast_expr *n;

    e = fe_resolve_subst(cs, e);
    n = arena_alloc(cs->mem, sizeof *n);
    *n = *e;
    n->next = NULL;
    switch (e->kind) {
    case AST_E_VAR:
        n->u.var.bound = 1;
        n->u.var.index = bind_list(cs, e->u.var.index);
        n->u.var.field = bind_fields(cs, e->u.var.field);
        break;
    case AST_E_RUN:
        n->u.run.args = bind_list(cs, e->u.run.args);
        break;
    case AST_E_REMOTE:          /* the variable is the proctype's */
        n->u.remote.pid = bind_list(cs, e->u.remote.pid);
        break;
    case AST_E_CONST: case AST_E_PID: case AST_E_NR_PR:
    case AST_E_TIMEOUT: case AST_E_UNDERSCORE:
        break;
    default:                            /* the operators, len() ... */
        n->u.op.a = bind_list(cs, e->u.op.a);
        n->u.op.b = bind_list(cs, e->u.op.b);
        n->u.op.c = bind_list(cs, e->u.op.c);
        break;
    }
    return n;
}

/* fe_bind_arg of each expression of the list e (NULL: NULL). */
static ast_expr *bind_list(cstate *cs, const ast_expr *e)
{
    ast_expr  *head = NULL;
    ast_expr **tail = &head;

    for (; e != NULL; e = e->next) {
        *tail = fe_bind_arg(cs, e);
        tail = &(*tail)->next;
    }
    return head;
}

/* Evaluate e at compile time when it is constant. */
int fe_const_value(cstate *cs, const ast_expr *e, int64_t *out)
{
    int64_t a, b;
    fe_sym *s;

    e = fe_resolve_subst(cs, e);
    switch (e->kind) {
    case AST_E_CONST:
        *out = e->u.ival;
        return 1;
    case AST_E_VAR:
        s = e->u.var.index || e->u.var.field ? NULL
            : fe_lookup(cs, e->u.var.name);
        if (s && s->kind == FE_SYM_MTYPE) {
            *out = s->value;
            return 1;
        }
        return 0;
    case AST_E_UNOP:
        if (!fe_const_value(cs, e->u.op.a, &a))
            return 0;
        *out = e->u.op.op == AST_OP_NEG ? -a
            : e->u.op.op == AST_OP_NOT ? !a : ~a;
        *out = (int32_t)*out;
        return 1;
    case AST_E_BINOP:
        if (!fe_const_value(cs, e->u.op.a, &a)
            || !fe_const_value(cs, e->u.op.b, &b))
            return 0;
        switch (e->u.op.op) {
        case AST_OP_ADD: *out = a + b; break;
        case AST_OP_SUB: *out = a - b; break;
        case AST_OP_MUL: *out = a * b; break;
        case AST_OP_DIV: if (!b) return 0; *out = a / b; break;
        case AST_OP_MOD: if (!b) return 0; *out = a % b; break;
        case AST_OP_BAND: *out = a & b; break;
        case AST_OP_BOR: *out = a | b; break;
        case AST_OP_BXOR: *out = a ^ b; break;
        case AST_OP_SHL: *out = (int64_t)((uint32_t)a << (b & 31)); break;
        case AST_OP_SHR: *out = (int32_t)a >> (b & 31); break;
        case AST_OP_EQ: *out = a == b; break;
        case AST_OP_NE: *out = a != b; break;
        case AST_OP_LT: *out = a < b; break;
        case AST_OP_LE: *out = a <= b; break;
        case AST_OP_GT: *out = a > b; break;
        case AST_OP_GE: *out = a >= b; break;
        case AST_OP_AND: *out = a && b; break;
        case AST_OP_OR: *out = a || b; break;
        default: return 0;
        }
        *out = (int32_t)*out;
        return 1;
    case AST_E_COND:
        if (!fe_const_value(cs, e->u.op.a, &a))
            return 0;
        return fe_const_value(cs, a ? e->u.op.b : e->u.op.c, out);
    default:
        return 0;
    }
}

int64_t fe_const_expr(cstate *cs, const ast_expr *e, const char *what)
{
    int64_t v;

    if (!fe_const_value(cs, e, &v)) {
        diag_error(cs->d, e->pos, "%s must be a constant expression", what);
        return 0;
    }
    return v;
}

/* ------------------------------------------------------------- types */

mtype_set *fe_mtype_set(cstate *cs, const char *name)
{
    mtype_set ms;
    fe_type  *t;
    size_t    i;

    for (i = 0; i < cs->msets.n; i++)
        if (strcmp(cs->msets.v[i].name, name) == 0)
            return &cs->msets.v[i];
    /* a byte like mtype; its values print as numbers: the engine knows
     * the names of the plain mtype only */
    t = arena_alloc(cs->mem, sizeof *t);
    *t = fe_type_mtype;
    t->vflags = 0;
    t->name = name;
    ms.name = name;
    ms.n = 0;
    ms.type = t;
    ms.names = NULL;
    fe_push(&cs->msets, ms);
    return &cs->msets.v[cs->msets.n - 1];
}

/* The mtype set of the type t: its name, "" for the plain mtype, NULL
 * when t is no mtype. */
static const char *mtype_set_of(const cstate *cs, const fe_type *t)
{
    const mtype_set *ms = fe_mtype_set_of(cs, t);

    return t == &fe_type_mtype ? "" : ms ? ms->name : NULL;
}

const mtype_set *fe_mtype_set_of(const cstate *cs, const fe_type *t)
{
    size_t i;

    for (i = 0; i < cs->msets.n; i++)
        if (cs->msets.v[i].type == t)
            return &cs->msets.v[i];
    return NULL;
}

const fe_type *fe_var_type(cstate *cs, const fe_type *t, const ast_var *v)
{
    fe_type *u;
    int64_t  w;

    if (v->bits == NULL)
        return t;
    if (!fe_const_value(cs, v->bits, &w)) {
        (void)fe_const_expr(cs, v->bits, "the width of an unsigned");
        w = 31;
    } else if (w < 1 || w > 31) {
        diag_error(cs->d, v->bits->pos, "'%s' has an invalid width: an "
                   "unsigned has 1 to 31 bits", v->name);
        w = 31;
    }
    /* the smallest type that holds 0 .. 2^w - 1 (short is signed) */
    u = arena_alloc(cs->mem, sizeof *u);
    *u = w <= 8 ? fe_type_byte : w <= 15 ? fe_type_short : fe_type_int;
    u->name = "unsigned";
    u->bits = (uint8_t)w;
    return u;
}

void fe_mask_bits(cstate *cs, const fe_type *t)
{
    if (t->bits == 0 || t->bits == 8)
        return;
    fe_emit(cs, BC_PUSHK, 0, 0, (int32_t)((1u << t->bits) - 1), 0);
    fe_emit(cs, BC_BAND, 0, 0, 0, 0);
}

const fe_type *fe_resolve_type(cstate *cs, const ast_type *t)
{
    size_t i;

    switch (t->base) {
    case AST_T_BIT:   return &fe_type_bit;
    case AST_T_BOOL:  return &fe_type_bool;
    case AST_T_BYTE:  return &fe_type_byte;
    case AST_T_SHORT: return &fe_type_short;
    case AST_T_INT:   return &fe_type_int;
    case AST_T_PID:   return &fe_type_pid;
    case AST_T_MTYPE: return t->name ? fe_mtype_set(cs, t->name)->type
                                     : &fe_type_mtype;
    case AST_T_CHAN:  return &fe_type_chan;
    case AST_T_UNSIGNED: return &fe_type_int;   /* per variable: fe_var_type */
    case AST_T_NAMED:
        for (i = 0; i < cs->typedefs.n; i++)
            if (strcmp(cs->typedefs.v[i].name, t->name) == 0)
                return cs->typedefs.v[i].type;
        diag_error(cs->d, t->pos, "unknown type '%s'", t->name);
        return &fe_type_int;
    }
    return &fe_type_int;
}

static uint32_t array_count(cstate *cs, const ast_var *v)
{
    int64_t n;

    if (!v->size)
        return 0;
    n = fe_const_expr(cs, v->size, "an array size");
    if (n < 1 || n > 1000000) {
        diag_error(cs->d, v->size->pos, "array size %" PRId64
                   " of '%s' is out of range", n, v->name);
        return 1;
    }
    return (uint32_t)n;
}

void fe_declare_typedef(cstate *cs, const ast_decl *dcl)
{
    fe_type      *t = arena_alloc(cs->mem, sizeof *t);
    const ast_decl *f;
    const ast_var  *v;
    uint32_t      n = 0, i = 0, off = 0;
    typedef_ent   ent;

    for (i = 0; i < cs->typedefs.n; i++)
        if (strcmp(cs->typedefs.v[i].name, dcl->u.tdef.name) == 0)
            diag_error(cs->d, dcl->pos, "typedef '%s' is already declared",
                       dcl->u.tdef.name);
    i = 0;
    for (f = dcl->u.tdef.fields; f; f = f->next)
        for (v = f->u.var.vars; v; v = v->next)
            n++;
    t->is_struct = 1;
    t->name = dcl->u.tdef.name;
    t->fields = arena_alloc(cs->mem, sizeof *t->fields * (n ? n : 1));
    for (f = dcl->u.tdef.fields; f; f = f->next) {
        const fe_type *ft = fe_resolve_type(cs, &f->u.var.type);
        for (v = f->u.var.vars; v; v = v->next) {
            fe_field *fd = &t->fields[i++];
            fd->name = v->name;
            fd->type = fe_var_type(cs, ft, v);
            fd->count = array_count(cs, v);
            fd->offset = off;
            fd->init = v->init;
            if (v->has_chan_init)
                diag_error(cs->d, v->pos, "a channel created in a typedef "
                           "('%s') is not supported by spore", v->name);
            off += fd->type->size * (fd->count ? fd->count : 1);
        }
    }
    t->nfields = n;
    t->size = off ? off : 1;
    ent.name = dcl->u.tdef.name;
    ent.type = t;
    fe_push(&cs->typedefs, ent);
}

void fe_declare_mtypes(cstate *cs, const ast_decl *dcl)
{
    const ast_name *n;
    uint32_t        k = 0, base, i = 0;
    fe_sym         *s;

    mtype_set      *set = NULL;

    for (n = dcl->u.mtype; n; n = n->next)
        k++;
    if (dcl->mtype_set != NULL) {
        /* mtype:name: a set numbered on its own, 1 .. (SPIN) */
        set = fe_mtype_set(cs, dcl->mtype_set);
        base = set->n;
        set->n += k;
        set->names = xrealloc(set->names, sizeof *set->names
                              * (set->n + 1));
        for (i = base; i <= set->n; i++)
            set->names[i] = NULL;
    } else {
        if (cs->mtypes.n == 0)
            fe_push(&cs->mtypes, "");
        base = (uint32_t)cs->mtypes.n - 1;
        /* SPIN numbers the names of one declaration in reverse order. */
        for (i = 0; i < k; i++)
            fe_push(&cs->mtypes, "");
    }
    i = 0;
    for (n = dcl->u.mtype; n; n = n->next, i++) {
        uint32_t value = base + k - i;
        if (fe_scope_find(&cs->globals, n->name)) {
            diag_error(cs->d, n->pos, "'%s' is already declared", n->name);
            continue;
        }
        if (set == NULL)
            cs->mtypes.v[value] = n->name;
        else
            set->names[value] = n->name;
        s = arena_alloc(cs->mem, sizeof *s);
        s->name = n->name;
        s->kind = FE_SYM_MTYPE;
        s->type = set ? set->type : &fe_type_mtype;
        s->value = (int32_t)value;
        s->pos = n->pos;
        s->rank = cs->decl_rank;
        fe_scope_add(&cs->globals, s);
    }
    if (set ? set->n > 255 : cs->mtypes.n > 256)
        diag_error(cs->d, dcl->pos, "more than 255 mtype names%s%s",
                   set ? " in mtype:" : "", set ? set->name : "");
}

/* The leaves of a variable of type t at offset off, for printing. */
static void add_print_vars(cstate *cs, var_vec *vars, const char *name,
                           const fe_type *t, uint32_t count, uint32_t off,
                           uint8_t extra)
{
    char            buf[512];
    uint32_t        i, e, n = count ? count : 1;

    if (!t->is_struct) {
        bc_var v;
        v.name = fe_pfx_strdup(cs, name);
        v.offset = off;
        v.count = n;
        v.stride = t->size;
        v.type = t->bctype;
        v.flags = (uint8_t)(t->vflags | extra | (count ? BC_V_ARRAY : 0));
        fe_push(vars, v);
        return;
    }
    for (e = 0; e < n; e++)
        for (i = 0; i < t->nfields; i++) {
            const fe_field *f = &t->fields[i];
            if (count)
                snprintf(buf, sizeof buf, "%s[%u].%s", name, e, f->name);
            else
                snprintf(buf, sizeof buf, "%s.%s", name, f->name);
            add_print_vars(cs, vars, buf, f->type, f->count,
                           off + e * t->size + f->offset, extra);
        }
}

static int has_run(const ast_expr *e)
{
    if (e == NULL)
        return 0;
    switch (e->kind) {
    case AST_E_RUN:
        return 1;
    case AST_E_VAR:
        return has_run(e->u.var.index) || has_run(e->u.var.field);
    case AST_E_UNOP: case AST_E_BINOP: case AST_E_COND:
    case AST_E_LEN: case AST_E_EMPTY: case AST_E_NEMPTY:
    case AST_E_FULL: case AST_E_NFULL: case AST_E_EVAL:
        return has_run(e->u.op.a) || has_run(e->u.op.b)
            || has_run(e->u.op.c);
    default:
        return 0;
    }
}

/* SPIN's rules for channel names in the value of an assignment or an
 * initialiser: a chan name may be the whole value (`c = d`, `x = c`),
 * an argument of len, empty, nempty, full, nfull or run, or an array
 * index; inside an operator (`c + 1`, `c == d`, `b -> c : d`) it is an
 * error.  nested: e is an operand. */
static void check_chan_value(cstate *cs, const ast_expr *e, int nested)
{
    const fe_sym *y;

    if (e == NULL)
        return;
    e = fe_resolve_quiet(cs, e);
    switch (e->kind) {
    case AST_E_VAR:
        y = fe_lookup(cs, e->u.var.name);
        if (nested && y != NULL && !e->u.var.field && fe_is_chan_sym(y)) {
            diag_error(cs->d, e->pos, "invalid use of chan name '%s': a "
                       "channel can be assigned or passed, not computed "
                       "with", e->u.var.name);
            return;
        }
        check_chan_value(cs, e->u.var.index, 0);
        break;
    case AST_E_UNOP: case AST_E_BINOP: case AST_E_COND:
        check_chan_value(cs, e->u.op.a, 1);
        check_chan_value(cs, e->u.op.b, 1);
        check_chan_value(cs, e->u.op.c, 1);
        break;
    default:
        break;
    }
}

/* The value e assigned to (or initialising) a variable: lhs is its
 * symbol when it is a chan (not a structure field), else NULL. */
void fe_check_assigned(cstate *cs, const fe_sym *lhs, const ast_expr *e)
{
    const ast_expr *r = fe_resolve_quiet(cs, e);
    const fe_sym   *c;
    const char     *ls, *rs;

    /* SPIN: "'x' is type 'fruit' but 'leek' is type 'veg'" (a variable
     * of the plain mtype takes any mtype constant) */
    if (lhs != NULL && r->kind == AST_E_VAR && !r->u.var.index
        && !r->u.var.field && (c = fe_lookup(cs, r->u.var.name)) != NULL
        && c->kind == FE_SYM_MTYPE && (ls = mtype_set_of(cs, lhs->type)) != NULL
        && *ls != '\0' && (rs = mtype_set_of(cs, c->type)) != NULL
        && strcmp(ls, rs) != 0) {
        diag_error(cs->d, e->pos, "'%s' is type '%s' but '%s' is type '%s'",
                   lhs->name, *ls ? ls : "mtype", c->name,
                   *rs ? rs : "mtype");
        return;
    }

    if (lhs != NULL && fe_is_chan_sym(lhs) && r->kind == AST_E_CONST) {
        diag_error(cs->d, e->pos, "invalid assignment to chan '%s': a "
                   "channel cannot be set to a constant", lhs->name);
        return;
    }
    check_chan_value(cs, e, 0);
}

/* Declare the variables of one AST_D_VAR; is_param marks parameters. */
void fe_declare_vars(cstate *cs, const ast_decl *dcl, int local,
                     int is_param)
{
    const fe_type *dt = fe_resolve_type(cs, &dcl->u.var.type);
    ast_var       *v;
    /* SPIN resolves the names of an initial value before the declaration
     * is complete: `byte x = 1, y = x` and `byte x = x` are errors */
    fe_sym        *scope0 = local ? cs->locals.syms : cs->globals.syms;
    const char    *vis = dcl->u.var.vis;

    /* show and local only inform SPIN's xspin and its reduction: no
     * meaning here.  hidden leaves a global out of the state pan
     * stores (two states that differ in it only are one): spore stores
     * it like any other, a search that may find more states and more
     * errors than pan, never fewer. */
    if (vis != NULL && strcmp(vis, "hidden") == 0) {
        if (local || is_param)
            diag_error(cs->d, dcl->pos, "only a global variable can be "
                       "hidden (SPIN: cannot hide non-globals)");
        else
            diag_warning(cs->d, dcl->pos, "spore stores a hidden variable "
                         "in the state like any other: pan does not, so "
                         "its counts may be smaller (and it may miss "
                         "errors spore finds)");
    }
    for (v = dcl->u.var.vars; v; v = v->next) {
        const fe_type *t = fe_var_type(cs, dt, v);
        fe_scope  *scope = local ? &cs->locals : &cs->globals;
        fe_sym    *old = fe_scope_find(scope, v->name);
        fe_sym    *s;
        local_init li;
        const ast_expr *x;

        if (old) {
            if (old->decl == v)     /* the same inline body, expanded again */
                continue;
            diag_error(cs->d, v->pos, "'%s' is already declared", v->name);
            continue;
        }
        old = local ? fe_scope_find(&cs->globals, v->name) : NULL;
        if (old != NULL && old->rank < cs->proc_rank) {
            /* SPIN reads a name declared globally before the proctype
             * as that global: a local cannot hide it */
            diag_error(cs->d, v->pos, "'%s' is already declared as %s "
                       "before this proctype (SPIN does not let a local "
                       "hide it)", v->name, old->kind == FE_SYM_MTYPE
                       ? "an mtype name" : "a global variable");
            continue;
        }
        if (v->has_chan_init && dcl->u.var.type.base != AST_T_CHAN) {
            diag_error(cs->d, v->pos, "only a chan can be initialised with "
                       "a channel type");
        }
        for (x = v->init; x != NULL; x = v->init_is_list ? x->next : NULL)
            if (has_run(x)) {
                diag_error(cs->d, x->pos, local ? "cannot use 'run' in the "
                           "initial value of a variable" : "'run' used "
                           "outside a proctype");
                break;
            }
        s = arena_alloc(cs->mem, sizeof *s);
        s->name = v->name;
        s->kind = local ? FE_SYM_LOCAL : FE_SYM_GLOBAL;
        s->type = t;
        s->count = array_count(cs, v);
        s->decl = v;
        s->pos = v->pos;
        s->is_param = is_param;
        s->rank = cs->decl_rank;
        if (fe_is_chan_sym(s) && !is_param)
            s->slot = fe_new_slot(cs) + 1;
        if (v->has_chan_init && fe_is_chan_sym(s)) {
            s->chantype = fe_intern_chantype(cs, v) + 1;
            fe_add_flow(cs, CF_TYPE, s->chantype - 1, s->slot - 1, 0);
        } else if (v->init != NULL && !v->init_is_list) {
            fe_sym *save = scope->syms;
            scope->syms = scope0;
            fe_check_assigned(cs, s, v->init);
            if (s->slot)
                fe_flow_into(cs, s->slot - 1, v->init);
            scope->syms = save;
        }
        if (local) {
            s->offset = cs->fsize;
            cs->fsize += fe_sym_size(s);
            add_print_vars(cs, &cs->lvars, v->name, t, s->count, s->offset,
                           is_param ? BC_V_PARAM : 0);
        } else {
            s->offset = cs->gsize;
            cs->gsize += fe_sym_size(s);
            if (cs->gsize > FE_MAX_GLOBALS
                && cs->gsize - fe_sym_size(s) <= FE_MAX_GLOBALS)
                diag_error(cs->d, v->pos, "with '%s' the global variables "
                           "take %u bytes, more than spore's limit of %u",
                           v->name, cs->gsize, FE_MAX_GLOBALS);
            add_print_vars(cs, &cs->gvars, v->name, t, s->count, s->offset,
                           0);
        }
        fe_scope_add(scope, s);
        li.sym = s;
        li.var = v;
        li.scope = scope0;
        /* a declaration after the first statement, or in a block, gets
         * its value from its own step (fe_decl_step), not at creation
         * (SPIN); channels are still created with the process */
        if ((v->init || v->has_chan_init || t->is_struct)
            && (!local || v->has_chan_init || (!cs->body_started
                && (!cs->block_depth || t->is_struct)))) {
            init_vec *iv = local ? &cs->linits : &cs->ginits;
            fe_push(iv, li);
        }
    }
}

uint32_t fe_block_open(cstate *cs)
{
    cs->block_depth++;
    return cs->locals.nadded;
}

void fe_block_close(cstate *cs, uint32_t mark)
{
    cs->block_depth--;
    fe_scope_close(&cs->locals, mark);
}

static int name_ix_cmp(const void *a, const void *b)
{
    const name_ix *x = a, *y = b;
    int            c = strcmp(x->name, y->name);

    return c != 0 ? c : x->k < y->k ? -1 : x->k > y->k;
}

/* Index the n names at base + k * stride + off (k = 0 .. n - 1); the
 * caller frees the result. */
name_ix *fe_name_index(const void *base, size_t n, size_t stride,
                       size_t off)
{
    name_ix *ix = xmalloc(sizeof *ix * (n ? n : 1));
    size_t   k;

    for (k = 0; k < n; k++) {
        ix[k].name = *(const char *const *)((const char *)base + k * stride
                                            + off);
        ix[k].k = (uint32_t)k;
    }
    qsort(ix, n, sizeof *ix, name_ix_cmp);
    return ix;
}

/* The first entry (lowest k) called name, or NOLOC. */
uint32_t fe_name_index_find(const name_ix *ix, size_t n,
                            const char *name)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(ix[lo].name, name) == 0 ? ix[lo].k : NOLOC;
}
