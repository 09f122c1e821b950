/*
 * frontend/text.c -- the statement printer.
 *
 * Every transition carries the text of its statement as the user wrote
 * it, normalised the way SPIN prints it in trails (`x = (x+1)`); the
 * text is built here from the AST, into the program's string table.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------- statement text */

void fe_sb_add(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int     k;

    va_start(ap, fmt);
    k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    xgrow((void **)&b->s, &b->cap, b->n + (size_t)k + 1, 1);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

static const char *op_spelling(ast_op op)
{
    static const char *const names[] = {
        "-", "!", "~", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>",
        "==", "!=", "<", "<=", ">", ">=", "&&", "||"
    };
    return names[op];
}

void fe_expr_text(sbuf *b, const ast_expr *e);

static void args_text(sbuf *b, const ast_expr *a)
{
    for (; a; a = a->next) {
        fe_expr_text(b, a);
        if (a->next)
            fe_sb_add(b, ",");
    }
}

void fe_expr_text(sbuf *b, const ast_expr *e)
{
    static const char *const chanfn[] = {
        "len", "empty", "nempty", "full", "nfull"
    };

    switch (e->kind) {
    case AST_E_CONST:
        fe_sb_add(b, "%" PRId64, e->u.ival);
        break;
    case AST_E_VAR:
        fe_sb_add(b, "%s", e->u.var.name);
        if (e->u.var.index) {
            fe_sb_add(b, "[");
            fe_expr_text(b, e->u.var.index);
            fe_sb_add(b, "]");
        }
        if (e->u.var.field) {
            fe_sb_add(b, ".");
            fe_expr_text(b, e->u.var.field);
        }
        break;
    case AST_E_UNOP:
        fe_sb_add(b, "%s", op_spelling(e->u.op.op));
        fe_expr_text(b, e->u.op.a);
        break;
    case AST_E_BINOP:
        fe_sb_add(b, "(");
        fe_expr_text(b, e->u.op.a);
        fe_sb_add(b, "%s", op_spelling(e->u.op.op));
        fe_expr_text(b, e->u.op.b);
        fe_sb_add(b, ")");
        break;
    case AST_E_COND:
        fe_sb_add(b, "(");
        fe_expr_text(b, e->u.op.a);
        fe_sb_add(b, " -> ");
        fe_expr_text(b, e->u.op.b);
        fe_sb_add(b, " : ");
        fe_expr_text(b, e->u.op.c);
        fe_sb_add(b, ")");
        break;
    case AST_E_LEN: case AST_E_EMPTY: case AST_E_NEMPTY:
    case AST_E_FULL: case AST_E_NFULL:
        fe_sb_add(b, "%s(", chanfn[e->kind - AST_E_LEN]);
        fe_expr_text(b, e->u.op.a);
        fe_sb_add(b, ")");
        break;
    case AST_E_RUN:
        fe_sb_add(b, "run %s(", e->u.run.name);
        args_text(b, e->u.run.args);
        fe_sb_add(b, ")");
        break;
    case AST_E_PID:        fe_sb_add(b, "_pid"); break;
    case AST_E_GETPRIO:
        fe_sb_add(b, "get_priority(");
        fe_expr_text(b, e->u.op.a);
        fe_sb_add(b, ")");
        break;
    case AST_E_NR_PR:      fe_sb_add(b, "_nr_pr"); break;
    case AST_E_TIMEOUT:    fe_sb_add(b, "timeout"); break;
    case AST_E_UNDERSCORE: fe_sb_add(b, "_"); break;
    case AST_E_EVAL:
        fe_sb_add(b, "eval(");
        fe_expr_text(b, e->u.op.a);
        fe_sb_add(b, ")");
        break;
    case AST_E_REMOTE:
        fe_sb_add(b, "%s", e->u.remote.proc);
        if (e->u.remote.pid != NULL) {
            fe_sb_add(b, "[");
            fe_expr_text(b, e->u.remote.pid);
            fe_sb_add(b, "]");
        }
        if (e->u.remote.label != NULL) {
            fe_sb_add(b, "@%s", e->u.remote.label);
        } else {
            fe_sb_add(b, ":");
            fe_expr_text(b, e->u.remote.var);
        }
        break;
    case AST_E_POLL:
    case AST_E_RPOLL:
        fe_expr_text(b, e->u.op.a);
        fe_sb_add(b, e->kind == AST_E_POLL ? "?[" : "??[");
        args_text(b, e->u.op.b);
        fe_sb_add(b, "]");
        break;
    }
}

/* The statement as a short text, for trails and --dump-bytecode. */
uint32_t fe_stmt_text(cstate *cs, const ast_stmt *s)
{
    sbuf     b = { NULL, 0, 0 };
    uint32_t id;

    switch (s->kind) {
    case AST_S_EXPR:
        fe_expr_text(&b, s->u.expr);
        break;
    case AST_S_ASSIGN:
        fe_expr_text(&b, s->u.assign.lhs);
        fe_sb_add(&b, " = ");
        fe_expr_text(&b, s->u.assign.rhs);
        break;
    case AST_S_INCR:
    case AST_S_DECR:
        fe_expr_text(&b, s->u.assign.lhs);
        fe_sb_add(&b, s->kind == AST_S_INCR ? "++" : "--");
        break;
    case AST_S_SEND:
    case AST_S_RECV:
        fe_expr_text(&b, s->u.io.chan);
        fe_sb_add(&b, s->kind == AST_S_SEND ? (s->u.io.sorted ? "!!" : "!")
                  : s->u.io.random ? "??" : "?");
        if (s->u.io.copy)
            fe_sb_add(&b, "<");
        args_text(&b, s->u.io.args);
        if (s->u.io.copy)
            fe_sb_add(&b, ">");
        break;
    case AST_S_ASSERT:
        fe_sb_add(&b, "assert(");
        fe_expr_text(&b, s->u.expr);
        fe_sb_add(&b, ")");
        break;
    case AST_S_SETPRIO:
        fe_sb_add(&b, "set_priority(");
        fe_expr_text(&b, s->u.assign.lhs);
        fe_sb_add(&b, ",");
        fe_expr_text(&b, s->u.assign.rhs);
        fe_sb_add(&b, ")");
        break;
    case AST_S_PRINTF:
        fe_sb_add(&b, "printf(\"%s\"", s->u.print.fmt);
        if (s->u.print.args) {
            fe_sb_add(&b, ",");
            args_text(&b, s->u.print.args);
        }
        fe_sb_add(&b, ")");
        break;
    case AST_S_PRINTM:
        fe_sb_add(&b, "printm(");
        fe_expr_text(&b, s->u.expr);
        fe_sb_add(&b, ")");
        break;
    case AST_S_XCLAIM:
        fe_sb_add(&b, s->u.io.xmode == 1 ? "xr " : "xs ");
        args_text(&b, s->u.io.args);
        break;
    case AST_S_SKIP:  fe_sb_add(&b, "skip"); break;
    case AST_S_ELSE:  fe_sb_add(&b, "else"); break;
    case AST_S_BREAK: fe_sb_add(&b, "break"); break;
    case AST_S_GOTO:  fe_sb_add(&b, "goto %s", s->u.target); break;
    case AST_S_DSTEP: fe_sb_add(&b, "d_step"); break;
    default:          fe_sb_add(&b, "?"); break;
    }
    id = fe_add_string(cs, b.s ? b.s : "");
    free(b.s);
    return id;
}
