/*
 * lang/ast.c -- AST constructors, the --dump-ast printer, freeing.
 *
 * Every node comes zeroed from the program's arena (lang_int.h); nothing
 * is freed one by one.  The dump is an indented S-expression, one
 * declaration or statement per line, with the position of each
 * declaration and statement (@line:col):
 *
 *     (proctype P @3:1 active
 *       (body
 *         (assign @4:5 x (+ x 1))))
 *
 * Expressions print inline: constants as numbers, variables as
 * name[index].field, operators prefix.  The format is for people and
 * golden tests; nothing parses it back.
 */
#include "config.h"

#include "lang/lang.h"

#include <inttypes.h>
#include <stdio.h>

#include "lang/lang_int.h"
#include "util/text.h"

/* ---------------------------------------------------- constructors */

ast_expr *ast_expr_new(arena *a, ast_expr_kind kind, diag_pos pos)
{
    ast_expr *e = arena_alloc(a, sizeof *e);

    e->kind = kind;
    e->pos = pos;
    return e;
}

ast_expr *ast_expr_const(arena *a, diag_pos pos, int64_t v)
{
    ast_expr *e = ast_expr_new(a, AST_E_CONST, pos);

    e->u.ival = v;
    return e;
}

ast_expr *ast_expr_unop(arena *a, diag_pos pos, ast_op op, ast_expr *x)
{
    ast_expr *e = ast_expr_new(a, AST_E_UNOP, pos);

    e->u.op.op = op;
    e->u.op.a = x;
    return e;
}

ast_expr *ast_expr_binop(arena *a, diag_pos pos, ast_op op, ast_expr *x,
                         ast_expr *y)
{
    ast_expr *e = ast_expr_new(a, AST_E_BINOP, pos);

    e->u.op.op = op;
    e->u.op.a = x;
    e->u.op.b = y;
    return e;
}

ast_stmt *ast_stmt_new(arena *a, ast_stmt_kind kind, diag_pos pos)
{
    ast_stmt *s = arena_alloc(a, sizeof *s);

    s->kind = kind;
    s->pos = pos;
    return s;
}

ast_decl *ast_decl_new(arena *a, ast_decl_kind kind, diag_pos pos)
{
    ast_decl *d = arena_alloc(a, sizeof *d);

    d->kind = kind;
    d->pos = pos;
    return d;
}

ast_var *ast_var_new(arena *a, const char *name, diag_pos pos)
{
    ast_var *v = arena_alloc(a, sizeof *v);

    v->name = name;
    v->pos = pos;
    return v;
}

ast_name *ast_name_new(arena *a, const char *name, diag_pos pos)
{
    ast_name *n = arena_alloc(a, sizeof *n);

    n->name = name;
    n->pos = pos;
    return n;
}

ast_option *ast_option_new(arena *a, ast_stmt *seq, diag_pos pos)
{
    ast_option *o = arena_alloc(a, sizeof *o);

    o->seq = seq;
    o->pos = pos;
    return o;
}

void lang_program_free(lang_program *p)
{
    if (p != NULL)
        arena_free(p->arena);   /* p lives in its own arena */
}

/* ------------------------------------------------------------ dump */

static const char *const op_name[] = {
    [AST_OP_NEG] = "-",   [AST_OP_NOT] = "!",   [AST_OP_BNOT] = "~",
    [AST_OP_ADD] = "+",   [AST_OP_SUB] = "-",   [AST_OP_MUL] = "*",
    [AST_OP_DIV] = "/",   [AST_OP_MOD] = "%",   [AST_OP_BAND] = "&",
    [AST_OP_BOR] = "|",   [AST_OP_BXOR] = "^",  [AST_OP_SHL] = "<<",
    [AST_OP_SHR] = ">>",  [AST_OP_EQ] = "==",   [AST_OP_NE] = "!=",
    [AST_OP_LT] = "<",    [AST_OP_LE] = "<=",   [AST_OP_GT] = ">",
    [AST_OP_GE] = ">=",   [AST_OP_AND] = "&&",  [AST_OP_OR] = "||",
};

static const char *const type_name[] = {
    [AST_T_BIT] = "bit",     [AST_T_BOOL] = "bool",   [AST_T_BYTE] = "byte",
    [AST_T_SHORT] = "short", [AST_T_INT] = "int",     [AST_T_PID] = "pid",
    [AST_T_MTYPE] = "mtype", [AST_T_CHAN] = "chan",   [AST_T_NAMED] = "?",
};

static void dump_expr(const ast_expr *e, FILE *out);
static void dump_seq(const ast_stmt *s, int depth, FILE *out);

static void indent(int depth, FILE *out)
{
    fprintf(out, "%*s", 2 * depth, "");
}

static void dump_type(const ast_type *t, FILE *out)
{
    if (t->base == AST_T_NAMED)
        fputs(t->name ? t->name : "?", out);
    else if ((unsigned)t->base < sizeof type_name / sizeof type_name[0])
        fputs(type_name[t->base], out);
    else
        fputs("?", out);
}

static void dump_list(const ast_expr *e, FILE *out)
{
    for (; e != NULL; e = e->next) {
        fputc(' ', out);
        dump_expr(e, out);
    }
}

static void dump_var(const ast_expr *e, FILE *out)
{
    fputs(e->u.var.name ? e->u.var.name : "?", out);
    if (e->u.var.index != NULL) {
        fputc('[', out);
        dump_expr(e->u.var.index, out);
        fputc(']', out);
    }
    if (e->u.var.field != NULL) {
        fputc('.', out);
        dump_expr(e->u.var.field, out);
    }
}

static void dump_expr(const ast_expr *e, FILE *out)
{
    static const char *const chan_fn[] = {
        [AST_E_LEN] = "len",     [AST_E_EMPTY] = "empty",
        [AST_E_NEMPTY] = "nempty", [AST_E_FULL] = "full",
        [AST_E_NFULL] = "nfull",
    };

    if (e == NULL) {
        fputs("<null>", out);
        return;
    }
    switch (e->kind) {
    case AST_E_CONST:
        fprintf(out, "%" PRId64, e->u.ival);
        break;
    case AST_E_VAR:
        dump_var(e, out);
        break;
    case AST_E_UNOP:
        fprintf(out, "(%s ", op_name[e->u.op.op]);
        dump_expr(e->u.op.a, out);
        fputc(')', out);
        break;
    case AST_E_BINOP:
        fprintf(out, "(%s ", op_name[e->u.op.op]);
        dump_expr(e->u.op.a, out);
        fputc(' ', out);
        dump_expr(e->u.op.b, out);
        fputc(')', out);
        break;
    case AST_E_COND:
        fputs("(? ", out);
        dump_expr(e->u.op.a, out);
        fputc(' ', out);
        dump_expr(e->u.op.b, out);
        fputc(' ', out);
        dump_expr(e->u.op.c, out);
        fputc(')', out);
        break;
    case AST_E_LEN:
    case AST_E_EMPTY:
    case AST_E_NEMPTY:
    case AST_E_FULL:
    case AST_E_NFULL:
        fprintf(out, "(%s ", chan_fn[e->kind]);
        dump_expr(e->u.op.a, out);
        fputc(')', out);
        break;
    case AST_E_RUN:
        fprintf(out, "(run %s", e->u.run.name);
        dump_list(e->u.run.args, out);
        fputc(')', out);
        break;
    case AST_E_PID:
        fputs("_pid", out);
        break;
    case AST_E_NR_PR:
        fputs("_nr_pr", out);
        break;
    case AST_E_TIMEOUT:
        fputs("timeout", out);
        break;
    case AST_E_UNDERSCORE:
        fputs("_", out);
        break;
    case AST_E_GETPRIO:
        fputs("(get_priority ", out);
        dump_expr(e->u.op.a, out);
        fputc(')', out);
        break;
    case AST_E_EVAL:
        fputs("(eval ", out);
        dump_expr(e->u.op.a, out);
        fputc(')', out);
        break;
    case AST_E_POLL:
    case AST_E_RPOLL:
        fputs(e->kind == AST_E_POLL ? "(poll " : "(rpoll ", out);
        dump_expr(e->u.op.a, out);
        dump_list(e->u.op.b, out);
        fputc(')', out);
        break;
    case AST_E_REMOTE:
        fprintf(out, "(remote %s", e->u.remote.proc);
        if (e->u.remote.pid != NULL) {
            fputc(' ', out);
            dump_expr(e->u.remote.pid, out);
        }
        if (e->u.remote.label != NULL) {
            fprintf(out, " @%s", e->u.remote.label);
        } else if (e->u.remote.var != NULL) {
            fputs(" :", out);
            dump_expr(e->u.remote.var, out);
        }
        fputc(')', out);
        break;
    }
}

static void dump_vars(const ast_var *v, FILE *out)
{
    int i;

    for (; v != NULL; v = v->next) {
        fprintf(out, " %s", v->name);
        if (v->size != NULL) {
            fputc('[', out);
            dump_expr(v->size, out);
            fputc(']', out);
        }
        if (v->has_chan_init) {
            fputs(" = [", out);
            dump_expr(v->chan_cap, out);
            fputs("] of {", out);
            for (i = 0; i < v->chan_nfields; i++) {
                fputs(i ? ", " : "", out);
                dump_type(&v->chan_fields[i], out);
            }
            fputc('}', out);
        } else if (v->init_is_list) {
            fputs(" = {", out);
            dump_list(v->init, out);
            fputs(" }", out);
        } else if (v->init != NULL) {
            fputs(" = ", out);
            dump_expr(v->init, out);
        }
    }
}

static void dump_var_decl(const ast_decl *d, FILE *out)
{
    fputs("(var ", out);
    dump_type(&d->u.var.type, out);
    dump_vars(d->u.var.vars, out);
    fputc(')', out);
}

static void dump_pos(diag_pos pos, FILE *out)
{
    fprintf(out, " @%u:%u", (unsigned)pos.line, (unsigned)pos.col);
}

static void dump_options(const ast_option *o, int depth, FILE *out)
{
    for (; o != NULL; o = o->next) {
        fputc('\n', out);
        indent(depth, out);
        fputs("(option", out);
        dump_pos(o->pos, out);
        dump_seq(o->seq, depth + 1, out);
        fputc(')', out);
    }
}

static void dump_stmt(const ast_stmt *s, int depth, FILE *out)
{
    static const char *const kw[] = {
        [AST_S_EXPR] = "expr",     [AST_S_ASSIGN] = "assign",
        [AST_S_INCR] = "incr",     [AST_S_DECR] = "decr",
        [AST_S_SEND] = "send",     [AST_S_RECV] = "recv",
        [AST_S_IF] = "if",         [AST_S_DO] = "do",
        [AST_S_ATOMIC] = "atomic", [AST_S_DSTEP] = "d_step",
        [AST_S_BLOCK] = "block",   [AST_S_BREAK] = "break",
        [AST_S_GOTO] = "goto",     [AST_S_SKIP] = "skip",
        [AST_S_ELSE] = "else",     [AST_S_LABEL] = "label",
        [AST_S_ASSERT] = "assert", [AST_S_PRINTF] = "printf",
        [AST_S_PRINTM] = "printm", [AST_S_DECL] = "decl",
        [AST_S_CALL] = "call",     [AST_S_SELECT] = "select",
        [AST_S_FOR] = "for",       [AST_S_XCLAIM] = "xclaim",
        [AST_S_FOR_IN] = "for_in", [AST_S_UNLESS] = "unless",
        [AST_S_SETPRIO] = "set_priority",
    };

    fputc('\n', out);
    indent(depth, out);
    fprintf(out, "(%s", kw[s->kind]);
    dump_pos(s->pos, out);
    switch (s->kind) {
    case AST_S_EXPR:
    case AST_S_ASSERT:
    case AST_S_PRINTM:
        fputc(' ', out);
        dump_expr(s->u.expr, out);
        break;
    case AST_S_ASSIGN:
    case AST_S_INCR:
    case AST_S_DECR:
    case AST_S_SETPRIO:
        fputc(' ', out);
        dump_expr(s->u.assign.lhs, out);
        if (s->kind == AST_S_ASSIGN || s->kind == AST_S_SETPRIO) {
            fputc(' ', out);
            dump_expr(s->u.assign.rhs, out);
        }
        break;
    case AST_S_SEND:
    case AST_S_RECV:
        if (s->u.io.sorted)
            fputs(" sorted", out);
        if (s->u.io.random)
            fputs(" random", out);
        if (s->u.io.copy)
            fputs(" copy", out);
        fputc(' ', out);
        dump_expr(s->u.io.chan, out);
        dump_list(s->u.io.args, out);
        break;
    case AST_S_IF:
    case AST_S_DO:
        dump_options(s->u.options, depth + 1, out);
        break;
    case AST_S_ATOMIC:
    case AST_S_DSTEP:
    case AST_S_BLOCK:
        dump_seq(s->u.body, depth + 1, out);
        break;
    case AST_S_GOTO:
        fprintf(out, " %s", s->u.target);
        break;
    case AST_S_LABEL:
        fprintf(out, " %s", s->u.label.name);
        if (s->u.label.stmt != NULL)
            dump_stmt(s->u.label.stmt, depth + 1, out);
        break;
    case AST_S_PRINTF:
        fputc(' ', out);
        text_put_quoted(s->u.print.fmt, out);
        dump_list(s->u.print.args, out);
        break;
    case AST_S_DECL:
        fputc(' ', out);
        dump_var_decl(s->u.decl, out);
        break;
    case AST_S_CALL:
        fprintf(out, " %s", s->u.call.name);
        dump_list(s->u.call.args, out);
        break;
    case AST_S_SELECT:
    case AST_S_FOR:
        fputc(' ', out);
        dump_expr(s->u.range.var, out);
        fputc(' ', out);
        dump_expr(s->u.range.lo, out);
        fputc(' ', out);
        dump_expr(s->u.range.hi, out);
        if (s->kind == AST_S_FOR)
            dump_seq(s->u.range.body, depth + 1, out);
        break;
    case AST_S_FOR_IN:
        fputc(' ', out);
        dump_expr(s->u.range.var, out);
        fputc(' ', out);
        dump_expr(s->u.range.lo, out);
        dump_seq(s->u.range.body, depth + 1, out);
        break;
    case AST_S_XCLAIM:
        fputs(s->u.io.xmode == 1 ? " xr" : " xs", out);
        dump_list(s->u.io.args, out);
        break;
    case AST_S_UNLESS:
        dump_stmt(s->u.unless.main, depth + 1, out);
        dump_stmt(s->u.unless.escape, depth + 1, out);
        break;
    case AST_S_BREAK:
    case AST_S_SKIP:
    case AST_S_ELSE:
        break;
    }
    fputc(')', out);
}

static void dump_seq(const ast_stmt *s, int depth, FILE *out)
{
    for (; s != NULL; s = s->next)
        dump_stmt(s, depth, out);
}

static void dump_decl(const ast_decl *d, FILE *out)
{
    const ast_decl *q;
    const ast_name *n;

    switch (d->kind) {
    case AST_D_VAR:
        fputs("(var ", out);
        dump_type(&d->u.var.type, out);
        dump_vars(d->u.var.vars, out);
        dump_pos(d->pos, out);
        fputc(')', out);
        break;
    case AST_D_MTYPE:
        fputs("(mtype", out);
        for (n = d->u.mtype; n != NULL; n = n->next)
            fprintf(out, " %s", n->name);
        dump_pos(d->pos, out);
        fputc(')', out);
        break;
    case AST_D_PROC:
        fprintf(out, "(%s %s", d->u.proc.is_init ? "init" : "proctype",
                d->u.proc.name);
        dump_pos(d->pos, out);
        if (d->u.proc.is_active) {
            fputs(" active", out);
            if (d->u.proc.active_count != NULL) {
                fputc(' ', out);
                dump_expr(d->u.proc.active_count, out);
            }
        }
        for (q = d->u.proc.params; q != NULL; q = q->next) {
            fputs("\n  (param ", out);
            dump_type(&q->u.var.type, out);
            dump_vars(q->u.var.vars, out);
            fputc(')', out);
        }
        fputs("\n  (body", out);
        dump_seq(d->u.proc.body, 2, out);
        fputs("))", out);
        break;
    case AST_D_TYPEDEF:
        fprintf(out, "(typedef %s", d->u.tdef.name);
        dump_pos(d->pos, out);
        for (q = d->u.tdef.fields; q != NULL; q = q->next) {
            fputs("\n  ", out);
            dump_var_decl(q, out);
        }
        fputc(')', out);
        break;
    case AST_D_INLINE:
        fprintf(out, "(inline %s (", d->u.inl.name);
        for (n = d->u.inl.params; n != NULL; n = n->next)
            fprintf(out, "%s%s", n->name, n->next ? " " : "");
        fputc(')', out);
        dump_pos(d->pos, out);
        fputs("\n  (body", out);
        dump_seq(d->u.inl.body, 2, out);
        fputs("))", out);
        break;
    case AST_D_NEVER:
        fprintf(out, "(never %s", d->u.proc.name ? d->u.proc.name : "-");
        dump_pos(d->pos, out);
        fputs("\n  (body", out);
        dump_seq(d->u.proc.body, 2, out);
        fputs("))", out);
        break;
    case AST_D_LTL:
        fprintf(out, "(ltl %s", d->u.ltl.name ? d->u.ltl.name : "-");
        dump_pos(d->pos, out);
        fprintf(out, " \"%s\")", d->u.ltl.text);
        break;
    }
    fputc('\n', out);
}

void lang_dump_ast(const lang_program *p, FILE *out)
{
    const ast_decl *d;

    if (p == NULL)
        return;
    for (d = p->decls; d != NULL; d = d->next)
        dump_decl(d, out);
}
