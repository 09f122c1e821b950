/*
 * tests/unit/test_lang.c -- unit tests of lang/: scanner, grammar, AST.
 *
 * Each test parses a string with lang_parse_string(), with diagnostics
 * going to a temporary file, and checks the shape of the tree or the
 * messages.  Suites: lang.decl (top-level declarations), lang.stmt
 * (statements), lang.expr (expressions), lang.lex (scanner details:
 * implied semicolons, line markers, literals), lang.error (messages and
 * recovery), lang.dump (the --dump-ast printer).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "tests/unit/unit.h"

#include "lang/lang.h"

/* One parse: the program, its diag context and what diag printed. */
typedef struct parse {
    lang_program *p;
    diag         *d;
    FILE         *sink;
    char          out[8192];
} parse;

static void parse_text(parse *r, const char *text)
{
    size_t n;

    r->sink = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->sink);
    r->d = diag_new(r->sink);
    r->p = lang_parse_string("t.pml", text, strlen(text), r->d);
    fflush(r->sink);
    rewind(r->sink);
    n = fread(r->out, 1, sizeof r->out - 1, r->sink);
    r->out[n] = '\0';
}

static void parse_done(parse *r)
{
    lang_program_free(r->p);
    diag_free(r->d);
    fclose(r->sink);
}

/* The body of the first proctype (or init) of a program that parsed. */
static ast_stmt *body_of(parse *r, const char *text)
{
    ast_decl *d;

    parse_text(r, text);
    CU_ASSERT_EQUAL(diag_count(r->d), 0);
    if (diag_count(r->d) != 0)
        fprintf(stderr, "\n%s", r->out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r->p);
    for (d = r->p->decls; d != NULL; d = d->next)
        if (d->kind == AST_D_PROC)
            return d->u.proc.body;
    CU_FAIL("no proctype");
    return NULL;
}

/* Parse text expecting errors; checks that every string in want[] occurs
 * in the messages, and returns the number of errors. */
static size_t errors_of(const char *text, const char *const *want)
{
    parse r;
    size_t n;

    parse_text(&r, text);
    n = diag_count(r.d);
    for (; want != NULL && *want != NULL; want++) {
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out, *want));
        if (strstr(r.out, *want) == NULL)
            fprintf(stderr, "\nwanted \"%s\" in:\n%s", *want, r.out);
    }
    parse_done(&r);
    return n;
}

/* ------------------------------------------------------ lang.decl */

static void test_decl_globals(void)
{
    parse r;
    ast_decl *d;
    ast_var *v;

    parse_text(&r, "mtype = { a, b };\nmtype { c }\n"
               "chan q[2] = [3] of { mtype, byte, T };\n"
               "byte x, arr[4] = 7, y = 2;\nint z[2] = { 1, 2 }\n");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    d = r.p->decls;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_MTYPE);
    CU_ASSERT_STRING_EQUAL(d->u.mtype->name, "a");
    CU_ASSERT_STRING_EQUAL(d->u.mtype->next->name, "b");
    CU_ASSERT_PTR_NULL(d->u.mtype->next->next);
    d = d->next;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_MTYPE);
    CU_ASSERT_STRING_EQUAL(d->u.mtype->name, "c");
    d = d->next;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_VAR);
    CU_ASSERT_EQUAL(d->u.var.type.base, AST_T_CHAN);
    v = d->u.var.vars;
    CU_ASSERT_STRING_EQUAL(v->name, "q");
    CU_ASSERT_EQUAL(v->size->u.ival, 2);
    CU_ASSERT_TRUE(v->has_chan_init);
    CU_ASSERT_EQUAL(v->chan_cap->u.ival, 3);
    CU_ASSERT_EQUAL_FATAL(v->chan_nfields, 3);
    CU_ASSERT_EQUAL(v->chan_fields[0].base, AST_T_MTYPE);
    CU_ASSERT_EQUAL(v->chan_fields[1].base, AST_T_BYTE);
    CU_ASSERT_EQUAL(v->chan_fields[2].base, AST_T_NAMED);
    CU_ASSERT_STRING_EQUAL(v->chan_fields[2].name, "T");
    d = d->next;
    CU_ASSERT_EQUAL(d->u.var.type.base, AST_T_BYTE);
    v = d->u.var.vars;
    CU_ASSERT_STRING_EQUAL(v->name, "x");
    CU_ASSERT_PTR_NULL(v->init);
    v = v->next;
    CU_ASSERT_STRING_EQUAL(v->name, "arr");
    CU_ASSERT_EQUAL(v->size->u.ival, 4);
    CU_ASSERT_EQUAL(v->init->u.ival, 7);
    CU_ASSERT_EQUAL(v->next->init->u.ival, 2);
    d = d->next;
    v = d->u.var.vars;
    CU_ASSERT_TRUE(v->init_is_list);
    CU_ASSERT_EQUAL(v->init->u.ival, 1);
    CU_ASSERT_EQUAL(v->init->next->u.ival, 2);
    CU_ASSERT_PTR_NULL(d->next);
    parse_done(&r);
}

/* mtype:name, show/local/hidden and unsigned bit fields (issue 13). */
static void test_decl_tier2(void)
{
    parse r;
    ast_decl *d;
    ast_var *v;

    parse_text(&r, "mtype:fruit = { apple, pear };\nmtype:fruit x;\n"
               "hidden byte h;\nunsigned u : 3 = 1, w : 20;\n");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    d = r.p->decls;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_MTYPE);
    CU_ASSERT_STRING_EQUAL(d->mtype_set, "fruit");
    CU_ASSERT_STRING_EQUAL(d->u.mtype->next->name, "pear");
    d = d->next;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_VAR);
    CU_ASSERT_EQUAL(d->u.var.type.base, AST_T_MTYPE);
    CU_ASSERT_STRING_EQUAL(d->u.var.type.name, "fruit");
    CU_ASSERT_PTR_NULL(d->u.var.vis);
    d = d->next;
    CU_ASSERT_STRING_EQUAL(d->u.var.vis, "hidden");
    d = d->next;
    CU_ASSERT_EQUAL(d->u.var.type.base, AST_T_UNSIGNED);
    v = d->u.var.vars;
    CU_ASSERT_EQUAL(v->bits->u.ival, 3);
    CU_ASSERT_EQUAL(v->init->u.ival, 1);
    CU_ASSERT_EQUAL(v->next->bits->u.ival, 20);
    parse_done(&r);
}

static void test_decl_typedef(void)
{
    parse r;
    ast_decl *d;

    parse_text(&r, "typedef Msg { byte a; int b[2]\n chan c; };\nMsg m;");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    d = r.p->decls;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_TYPEDEF);
    CU_ASSERT_STRING_EQUAL(d->u.tdef.name, "Msg");
    CU_ASSERT_EQUAL(d->u.tdef.fields->u.var.type.base, AST_T_BYTE);
    CU_ASSERT_EQUAL(d->u.tdef.fields->next->u.var.vars->size->u.ival, 2);
    CU_ASSERT_EQUAL(d->u.tdef.fields->next->next->u.var.type.base,
                    AST_T_CHAN);
    d = d->next;
    CU_ASSERT_EQUAL(d->u.var.type.base, AST_T_NAMED);
    CU_ASSERT_STRING_EQUAL(d->u.var.type.name, "Msg");
    parse_done(&r);
}

static void test_decl_procs(void)
{
    parse r;
    ast_decl *d;
    ast_decl *p;

    parse_text(&r, "active [3] proctype P(byte a, b; chan c) { skip }\n"
               "active proctype Q() { skip }\n"
               "proctype R() { skip }\n"
               "init { skip }\n"
               "inline f(x, y) { x = y }\n");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    d = r.p->decls;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_PROC);
    CU_ASSERT_STRING_EQUAL(d->u.proc.name, "P");
    CU_ASSERT_TRUE(d->u.proc.is_active);
    CU_ASSERT_EQUAL(d->u.proc.active_count->u.ival, 3);
    p = d->u.proc.params;
    CU_ASSERT_EQUAL(p->u.var.type.base, AST_T_BYTE);
    CU_ASSERT_STRING_EQUAL(p->u.var.vars->name, "a");
    CU_ASSERT_STRING_EQUAL(p->u.var.vars->next->name, "b");
    CU_ASSERT_EQUAL(p->next->u.var.type.base, AST_T_CHAN);
    CU_ASSERT_PTR_NULL(p->next->next);
    CU_ASSERT_EQUAL(d->pos.line, 1);
    CU_ASSERT_EQUAL(d->pos.col, 1);
    d = d->next;
    CU_ASSERT_TRUE(d->u.proc.is_active);
    CU_ASSERT_PTR_NULL(d->u.proc.active_count);
    d = d->next;
    CU_ASSERT_FALSE(d->u.proc.is_active);
    CU_ASSERT_PTR_NULL(d->u.proc.params);
    d = d->next;
    CU_ASSERT_TRUE(d->u.proc.is_init);
    CU_ASSERT_STRING_EQUAL(d->u.proc.name, "init");
    CU_ASSERT_EQUAL(d->u.proc.body->kind, AST_S_SKIP);
    d = d->next;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_INLINE);
    CU_ASSERT_STRING_EQUAL(d->u.inl.params->name, "x");
    CU_ASSERT_STRING_EQUAL(d->u.inl.params->next->name, "y");
    CU_ASSERT_EQUAL(d->u.inl.body->kind, AST_S_ASSIGN);
    parse_done(&r);
}

/* ------------------------------------------------------ lang.stmt */

static void test_stmt_simple(void)
{
    parse r;
    ast_stmt *s = body_of(&r,
        "active proctype P() {\n"
        "  x = 1; x++; x--; skip; break; goto L; else;\n"
        "  assert(x == 1); printf(\"x=%d\\n\", x); printm(m);\n"
        "  f(1, 2); g(); x > 0; timeout; _ = 3\n"
        "}");

    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_ASSIGN);
    CU_ASSERT_STRING_EQUAL(s->u.assign.lhs->u.var.name, "x");
    CU_ASSERT_EQUAL(s->u.assign.rhs->u.ival, 1);
    CU_ASSERT_EQUAL(s->pos.line, 2);
    CU_ASSERT_EQUAL(s->pos.col, 3);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_INCR);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_DECR);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_SKIP);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_BREAK);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_GOTO);
    CU_ASSERT_STRING_EQUAL(s->u.target, "L");
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_ELSE);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_ASSERT);
    CU_ASSERT_EQUAL(s->u.expr->u.op.op, AST_OP_EQ);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_PRINTF);
    CU_ASSERT_STRING_EQUAL(s->u.print.fmt, "x=%d\n");
    CU_ASSERT_STRING_EQUAL(s->u.print.args->u.var.name, "x");
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_PRINTM);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_CALL);
    CU_ASSERT_STRING_EQUAL(s->u.call.name, "f");
    CU_ASSERT_EQUAL(s->u.call.args->next->u.ival, 2);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_CALL);
    CU_ASSERT_PTR_NULL(s->u.call.args);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_EXPR);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_EXPR);
    CU_ASSERT_EQUAL(s->u.expr->kind, AST_E_TIMEOUT);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_ASSIGN);
    CU_ASSERT_EQUAL(s->u.assign.lhs->kind, AST_E_UNDERSCORE);
    CU_ASSERT_PTR_NULL(s->next);
    parse_done(&r);
}

static void test_stmt_compound(void)
{
    parse r;
    ast_stmt *s = body_of(&r,
        "active proctype P() {\n"
        "  if :: x -> y = 1 :: else -> skip fi;\n"
        "  do :: x; ; y -> z :: break od;\n"
        "  atomic { x; y }; d_step { x }; { z };\n"
        "  L1: L2: x = 2;\n"
        "  byte a = 1, b;\n"
        "  select (i : 1 .. 3);\n"
        "  for (i : 0 .. N - 1) { x = i }\n"
        "}");
    ast_option *o;

    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_IF);
    o = s->u.options;
    CU_ASSERT_EQUAL(o->seq->kind, AST_S_EXPR);
    CU_ASSERT_EQUAL(o->seq->next->kind, AST_S_ASSIGN);
    CU_ASSERT_EQUAL(o->next->seq->kind, AST_S_ELSE);
    CU_ASSERT_EQUAL(o->next->seq->next->kind, AST_S_SKIP);
    CU_ASSERT_PTR_NULL(o->next->next);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_DO);
    o = s->u.options;
    CU_ASSERT_EQUAL(o->seq->next->next->kind, AST_S_EXPR);
    CU_ASSERT_PTR_NULL(o->seq->next->next->next);
    CU_ASSERT_EQUAL(o->next->seq->kind, AST_S_BREAK);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_ATOMIC);
    CU_ASSERT_EQUAL(s->u.body->next->kind, AST_S_EXPR);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_DSTEP);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_BLOCK);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_LABEL);
    CU_ASSERT_STRING_EQUAL(s->u.label.name, "L1");
    CU_ASSERT_EQUAL_FATAL(s->u.label.stmt->kind, AST_S_LABEL);
    CU_ASSERT_STRING_EQUAL(s->u.label.stmt->u.label.name, "L2");
    CU_ASSERT_EQUAL(s->u.label.stmt->u.label.stmt->kind, AST_S_ASSIGN);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_DECL);
    CU_ASSERT_STRING_EQUAL(s->u.decl->u.var.vars->next->name, "b");
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_SELECT);
    CU_ASSERT_STRING_EQUAL(s->u.range.var->u.var.name, "i");
    CU_ASSERT_EQUAL(s->u.range.hi->u.ival, 3);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_FOR);
    CU_ASSERT_EQUAL(s->u.range.hi->kind, AST_E_BINOP);
    CU_ASSERT_EQUAL(s->u.range.body->kind, AST_S_ASSIGN);
    parse_done(&r);
}

/* for (x in a), provided, priority tags and the priority functions
 * (issue 13 item 2): what the parser keeps of them. */
static void test_stmt_control(void)
{
    parse     r;
    ast_decl *d;
    ast_stmt *s;

    parse_text(&r, "byte a[3], g;\n"
               "active proctype P() priority 3 provided (g == 0) {\n"
               "  byte i; for (i in a) { a[i] = 1 };\n"
               "  set_priority(_pid, get_priority(0) + 1);\n"
               "  i = run P() priority 2; _priority = 4\n}\n"
               "init priority 2 { skip }\n");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.p);
    CU_ASSERT_EQUAL(r.p->uses_priority, 1);
    d = r.p->decls->next;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_PROC);
    CU_ASSERT_EQUAL_FATAL(d->u.proc.priority->kind, AST_E_CONST);
    CU_ASSERT_EQUAL(d->u.proc.priority->u.ival, 3);
    CU_ASSERT_EQUAL_FATAL(d->u.proc.provided->kind, AST_E_BINOP);
    s = d->u.proc.body->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_FOR_IN);
    CU_ASSERT_STRING_EQUAL(s->u.range.var->u.var.name, "i");
    CU_ASSERT_STRING_EQUAL(s->u.range.lo->u.var.name, "a");
    CU_ASSERT_PTR_NULL(s->u.range.hi);
    CU_ASSERT_EQUAL(s->u.range.body->kind, AST_S_ASSIGN);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_SETPRIO);
    CU_ASSERT_EQUAL(s->u.assign.lhs->kind, AST_E_PID);
    CU_ASSERT_EQUAL_FATAL(s->u.assign.rhs->kind, AST_E_BINOP);
    CU_ASSERT_EQUAL(s->u.assign.rhs->u.op.a->kind, AST_E_GETPRIO);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_ASSIGN);
    CU_ASSERT_EQUAL_FATAL(s->u.assign.rhs->kind, AST_E_RUN);
    CU_ASSERT_EQUAL(s->u.assign.rhs->u.run.priority->u.ival, 2);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_ASSIGN);
    CU_ASSERT_STRING_EQUAL(s->u.assign.lhs->u.var.name, "_priority");
    CU_ASSERT_EQUAL(d->next->u.proc.priority->u.ival, 2);
    parse_done(&r);
    parse_text(&r, "active proctype P() { skip }\n");
    CU_ASSERT_EQUAL(r.p->uses_priority, 0);
    parse_done(&r);
}

/* { main } unless { escape }: one step, the escape's own nesting kept;
 * a second unless in the same step is a syntax error (SPIN's grammar
 * has `stmnt UNLESS stmnt' as a step). */
static void test_stmt_unless(void)
{
    static const char *const unl[] = { "'unless'", NULL };
    parse     r;
    ast_stmt *s;

    s = body_of(&r, "active proctype P() {\n"
                "  { x = 1 } unless { { y } unless { z } }; x = 2\n}\n");
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_UNLESS);
    CU_ASSERT_EQUAL(s->pos.line, 2);
    CU_ASSERT_EQUAL(s->pos.col, 13);
    CU_ASSERT_EQUAL(s->u.unless.main->kind, AST_S_BLOCK);
    CU_ASSERT_EQUAL_FATAL(s->u.unless.escape->kind, AST_S_BLOCK);
    CU_ASSERT_EQUAL(s->u.unless.escape->u.body->kind, AST_S_UNLESS);
    CU_ASSERT_EQUAL(s->next->kind, AST_S_ASSIGN);
    parse_done(&r);
    CU_ASSERT(errors_of("active proctype P() { x unless y unless z }",
                        unl) >= 1);
}

static void test_stmt_channels(void)
{
    parse r;
    ast_stmt *s = body_of(&r,
        "active proctype P() {\n"
        "  c!1, x + 1; c!msg(a, b); q[i]!x;\n"
        "  c?x, y; c?msg(a, _); c?-1, eval(y), 'a', true\n"
        "}");
    ast_expr *a;

    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_SEND);
    CU_ASSERT_STRING_EQUAL(s->u.io.chan->u.var.name, "c");
    CU_ASSERT_EQUAL(s->u.io.args->u.ival, 1);
    CU_ASSERT_EQUAL(s->u.io.args->next->kind, AST_E_BINOP);
    s = s->next;
    a = s->u.io.args;
    CU_ASSERT_STRING_EQUAL(a->u.var.name, "msg");
    CU_ASSERT_STRING_EQUAL(a->next->u.var.name, "a");
    CU_ASSERT_STRING_EQUAL(a->next->next->u.var.name, "b");
    CU_ASSERT_PTR_NULL(a->next->next->next);
    s = s->next;
    CU_ASSERT_PTR_NOT_NULL(s->u.io.chan->u.var.index);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_RECV);
    CU_ASSERT_STRING_EQUAL(s->u.io.args->next->u.var.name, "y");
    s = s->next;
    a = s->u.io.args;
    CU_ASSERT_EQUAL(a->next->next->kind, AST_E_UNDERSCORE);
    s = s->next;
    a = s->u.io.args;
    CU_ASSERT_EQUAL(a->kind, AST_E_CONST);
    CU_ASSERT_EQUAL(a->u.ival, -1);
    CU_ASSERT_EQUAL(a->next->kind, AST_E_EVAL);
    CU_ASSERT_EQUAL(a->next->next->u.ival, 'a');
    CU_ASSERT_EQUAL(a->next->next->next->u.ival, 1);
    parse_done(&r);
}

/* ------------------------------------------------------ lang.expr */

/* The expression of `x = EXPR` in a proctype. */
static ast_expr *rhs_of(parse *r, const char *expr)
{
    char text[512];
    ast_stmt *s;

    snprintf(text, sizeof text, "active proctype P() { x = %s }", expr);
    s = body_of(r, text);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_ASSIGN);
    return s->u.assign.rhs;
}

static void test_expr_precedence(void)
{
    parse r;
    ast_expr *e = rhs_of(&r, "1 + 2 * 3 == 7 && !a || b & c << 1");

    /* ((1 + (2*3)) == 7 && !a) || (b & (c << 1)) */
    CU_ASSERT_EQUAL_FATAL(e->kind, AST_E_BINOP);
    CU_ASSERT_EQUAL(e->u.op.op, AST_OP_OR);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.op, AST_OP_AND);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.op, AST_OP_EQ);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.a->u.op.op, AST_OP_ADD);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.a->u.op.b->u.op.op, AST_OP_MUL);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.b->kind, AST_E_UNOP);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.b->u.op.op, AST_OP_NOT);
    CU_ASSERT_EQUAL(e->u.op.b->u.op.op, AST_OP_BAND);
    CU_ASSERT_EQUAL(e->u.op.b->u.op.b->u.op.op, AST_OP_SHL);
    parse_done(&r);

    e = rhs_of(&r, "10 - 3 - 2");
    CU_ASSERT_EQUAL(e->u.op.op, AST_OP_SUB);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.op, AST_OP_SUB);
    CU_ASSERT_EQUAL(e->u.op.b->u.ival, 2);
    parse_done(&r);

    e = rhs_of(&r, "-a % ~b ^ c | d");
    CU_ASSERT_EQUAL(e->u.op.op, AST_OP_BOR);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.op, AST_OP_BXOR);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.op, AST_OP_MOD);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.a->u.op.op, AST_OP_NEG);
    parse_done(&r);
}

static void test_expr_primaries(void)
{
    parse r;
    ast_expr *e = rhs_of(&r, "(a > b -> a : b)");

    CU_ASSERT_EQUAL_FATAL(e->kind, AST_E_COND);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.op, AST_OP_GT);
    CU_ASSERT_STRING_EQUAL(e->u.op.c->u.var.name, "b");
    parse_done(&r);

    e = rhs_of(&r, "len(q[1]) + empty(c) + nempty(c) + full(c) + nfull(c)");
    CU_ASSERT_EQUAL(e->u.op.b->kind, AST_E_NFULL);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.a->u.op.a->kind, AST_E_LEN);
    parse_done(&r);

    e = rhs_of(&r, "run P(1, c) + _pid + _nr_pr");
    CU_ASSERT_EQUAL(e->u.op.b->kind, AST_E_NR_PR);
    CU_ASSERT_EQUAL(e->u.op.a->u.op.b->kind, AST_E_PID);
    CU_ASSERT_EQUAL_FATAL(e->u.op.a->u.op.a->kind, AST_E_RUN);
    CU_ASSERT_STRING_EQUAL(e->u.op.a->u.op.a->u.run.name, "P");
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.run.args->next->kind, AST_E_VAR);
    parse_done(&r);

    e = rhs_of(&r, "a[i + 1].f.g[2]");
    CU_ASSERT_EQUAL_FATAL(e->kind, AST_E_VAR);
    CU_ASSERT_STRING_EQUAL(e->u.var.name, "a");
    CU_ASSERT_EQUAL(e->u.var.index->kind, AST_E_BINOP);
    CU_ASSERT_STRING_EQUAL(e->u.var.field->u.var.name, "f");
    CU_ASSERT_STRING_EQUAL(e->u.var.field->u.var.field->u.var.name, "g");
    CU_ASSERT_EQUAL(e->u.var.field->u.var.field->u.var.index->u.ival, 2);
    parse_done(&r);

    e = rhs_of(&r, "'\\n' + 'x' + true + false");
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.a->u.ival, '\n');
    CU_ASSERT_EQUAL(e->u.op.a->u.op.a->u.op.b->u.ival, 'x');
    CU_ASSERT_EQUAL(e->u.op.a->u.op.b->u.ival, 1);
    CU_ASSERT_EQUAL(e->u.op.b->u.ival, 0);
    parse_done(&r);
}

/* ------------------------------------------------------- lang.lex */

static void test_lex_implied_semis(void)
{
    parse r;
    ast_stmt *s = body_of(&r,
        "active proctype P() {\n"
        "  x = 1\n"
        "  y = (1 +\n"
        "       2)\n"
        "  if :: x fi\n"
        "  atomic { x } y++\n"
        "  if :: else x = 2 fi\n"
        "  for (i : 1 .. 2)\n"
        "  { skip }\n"
        "}");

    CU_ASSERT_EQUAL(s->kind, AST_S_ASSIGN);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_ASSIGN);
    CU_ASSERT_EQUAL(s->u.assign.rhs->kind, AST_E_BINOP);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_IF);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_ATOMIC);
    s = s->next;
    CU_ASSERT_EQUAL(s->kind, AST_S_INCR);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_IF);
    CU_ASSERT_EQUAL(s->u.options->seq->kind, AST_S_ELSE);
    CU_ASSERT_EQUAL(s->u.options->seq->next->kind, AST_S_ASSIGN);
    s = s->next;
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_FOR);
    CU_ASSERT_EQUAL(s->u.range.body->kind, AST_S_SKIP);
    parse_done(&r);
}

static void test_lex_markers(void)
{
    parse r;
    ast_stmt *s = body_of(&r,
        "# 1 \"model.pml\"\n"
        "active proctype P() {\n"
        "# 40 \"inc.h\" 1\n"
        "   x = 1;\n"
        "# 3 \"model.pml\" 2\n"
        "  y = 2 /* a\n comment */ ; z = 3 // more\n"
        "}");

    CU_ASSERT_EQUAL(s->pos.line, 40);
    CU_ASSERT_EQUAL(s->pos.col, 4);
    CU_ASSERT_STRING_EQUAL(diag_file_name(r.d, s->pos.file), "inc.h");
    s = s->next;
    CU_ASSERT_EQUAL(s->pos.line, 3);
    CU_ASSERT_STRING_EQUAL(diag_file_name(r.d, s->pos.file), "model.pml");
    s = s->next;
    CU_ASSERT_EQUAL(s->pos.line, 4);
    CU_ASSERT_EQUAL(s->pos.col, 15);
    parse_done(&r);
}

/* never claims and ltl blocks (issue 12): an ltl block's name and its
 * formula's text and position come from the scanner */
static void test_lex_claims(void)
{
    parse r;
    const ast_decl *d;

    parse_text(&r, "active proctype P() { skip }\n"
               "never n1 { do :: true od }\n"
               "ltl  p1 { [] <> (x > {1}) }\n"
               "ltl { true }\n");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    d = r.p->decls->next;
    CU_ASSERT_EQUAL_FATAL(d->kind, AST_D_NEVER);
    CU_ASSERT_STRING_EQUAL(d->u.proc.name, "n1");
    d = d->next;
    while (d != NULL && d->kind != AST_D_LTL)
        d = d->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(d->u.ltl.name, "p1");
    CU_ASSERT_STRING_EQUAL(d->u.ltl.text, " [] <> (x > {1}) ");
    CU_ASSERT_EQUAL(d->u.ltl.text_pos.line, 3);
    CU_ASSERT_EQUAL(d->u.ltl.text_pos.col, 10);
    d = d->next;
    while (d != NULL && d->kind != AST_D_LTL)
        d = d->next;
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_PTR_NULL(d->u.ltl.name);
    parse_done(&r);
}

/* never and ltl are read (issue 12); c_code is still skipped by brace
 * matching and named */
static void test_lex_skipped_blocks(void)
{
    static const char *const want[] = {
        "t.pml:4:1: error: 'c_code' is not supported by spore",
        NULL
    };

    CU_ASSERT_EQUAL(errors_of("active proctype P() { skip }\n"
                              "never { do :: { x } od }\n"
                              "ltl p { [] <> (x -> y) }\n"
                              "c_code { int a[2] = { 1, 2 }; }\n"
                              "init { skip }\n", want), 1);
}

/* ----------------------------------------------------- lang.error */

static void test_error_messages(void)
{
    static const char *const od[] = {
        "t.pml:1:35: error: expected 'od', '->', '::' or ';', found '}'",
        NULL
    };
    static const char *const fi[] = {
        "expected 'fi', '->', '::' or ';', found 'od'", NULL
    };
    static const char *const expr[] = {
        "t.pml:1:27: error: expected an expression, found ';'", NULL
    };
    static const char *const stmt[] = {
        "error: expected a statement, found 'fi'", NULL
    };
    static const char *const str[] = {
        "t.pml:1:30: error: unterminated string", NULL
    };
    static const char *const cmt[] = {
        "t.pml:1:8: error: unterminated comment", NULL
    };
    static const char *const chr[] = {
        "t.pml:1:27: error: unexpected character '$'", NULL
    };
    static const char *const num[] = {
        "error: integer constant '4294967296' is too large", NULL
    };
    static const char *const ident[] = {
        "expected '(', found identifier 'Q'", NULL
    };

    CU_ASSERT_EQUAL(errors_of("active proctype P() { do :: x = 1 }",
                              od), 1);
    CU_ASSERT_EQUAL(errors_of("active proctype P() { if :: x = 1 od }",
                              fi), 1);
    CU_ASSERT_EQUAL(errors_of("active proctype P() { x = ; }", expr), 1);
    CU_ASSERT_EQUAL(errors_of("active proctype P() { if :: fi }", stmt),
                    1);
    CU_ASSERT(errors_of("active proctype P() { printf(\"abc) }", str) >= 1);
    CU_ASSERT_EQUAL(errors_of("byte x /* never closed", cmt), 1);
    CU_ASSERT(errors_of("active proctype P() { x = $ }", chr) >= 1);
    CU_ASSERT_EQUAL(errors_of("int x = 4294967296;", num), 1);
    CU_ASSERT(errors_of("active proctype P Q() { skip }", ident) >= 1);
}

static void test_error_unsupported(void)
{
    static const char *const cases[][2] = {
        { "active proctype P() { enabled(1) }", "'enabled'" },
        { "active proctype P() { pc_value(1) }", "'pc_value'" },
        { "active proctype P() { np_ }", "'np_'" },
        { "active proctype P() { _last == 1 }", "'_last'" },
        { "c_decl { int x; }", "'c_decl'" },
        { "active proctype P() { c_expr { x } }", "'c_expr'" },
        { "c_state \"int x\" \"Global\"", "'c_state'" },
        { "trace { skip }", "'trace'" },
        { "notrace { skip }", "'notrace'" },
        { "D_proctype P() { skip }", "'D_proctype'" },
    };
    size_t i;

    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char want[128];
        const char *w[2];

        snprintf(want, sizeof want, "error: %s is not supported by spore",
                 cases[i][1]);
        w[0] = want;
        w[1] = NULL;
        CU_ASSERT_EQUAL(errors_of(cases[i][0], w), 1);
    }
}

/* Remote references: a proctype declared before is a T_PNAME, so that
 * P[0]:x is no label and (c -> P[0]:x : y) no ambiguity; after run and
 * proctype the name stays an identifier; every reference is listed in
 * lang_program.remotes; lang_parse_claim knows the model's proctypes. */
static void test_expr_remote(void)
{
    static const char *const noproc[] = {
        "'@' (a remote reference proc[pid]@label?", NULL
    };
    static const char *const novar[] = {
        "':' (a remote reference proc[pid]:var?", NULL
    };
    parse r;
    ast_stmt *s;
    const ast_expr *e;
    lang_program *c;
    int n = 0;

    s = body_of(&r, "proctype P(byte a) { L: run P(1) }\n"
                "init { P[1]@L; P:a[2] > 0; x = (b -> P[1]:a : 3) }");
    CU_ASSERT_EQUAL_FATAL(s->kind, AST_S_LABEL);      /* P's L: */
    for (s = r.p->decls->next->u.proc.body; s != NULL; s = s->next)
        n++;
    CU_ASSERT_EQUAL(n, 3);
    s = r.p->decls->next->u.proc.body;
    e = s->u.expr;
    CU_ASSERT_EQUAL_FATAL(e->kind, AST_E_REMOTE);
    CU_ASSERT_STRING_EQUAL(e->u.remote.proc, "P");
    CU_ASSERT_EQUAL(e->u.remote.pid->u.ival, 1);
    CU_ASSERT_STRING_EQUAL(e->u.remote.label, "L");
    CU_ASSERT_PTR_NULL(e->u.remote.var);
    e = s->next->u.expr->u.op.a;
    CU_ASSERT_EQUAL_FATAL(e->kind, AST_E_REMOTE);
    CU_ASSERT_PTR_NULL(e->u.remote.pid);
    CU_ASSERT_STRING_EQUAL(e->u.remote.var->u.var.name, "a");
    CU_ASSERT_EQUAL(e->u.remote.var->u.var.index->u.ival, 2);
    e = s->next->next->u.assign.rhs;
    CU_ASSERT_EQUAL_FATAL(e->kind, AST_E_COND);
    CU_ASSERT_EQUAL(e->u.op.b->kind, AST_E_REMOTE);
    for (n = 0, e = r.p->remotes; e != NULL; e = e->u.remote.all_next)
        n++;
    CU_ASSERT_EQUAL(n, 3);
    c = lang_parse_claim("c", "never { P[0]@L }", 16, r.p, r.d);
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    CU_ASSERT_PTR_NOT_NULL(c != NULL ? c->remotes : NULL);
    lang_program_free(c);
    parse_done(&r);
    CU_ASSERT_EQUAL(errors_of("init { Q[0]@L }\nproctype Q() { L: skip }",
                              noproc), 1);
    CU_ASSERT_EQUAL(errors_of("byte v; init { v = v:x }", novar), 1);
    /* a proctype's name that no '[', '@' or ':' name follows is an
     * identifier: the front end says what is wrong with it */
    CU_ASSERT_EQUAL(errors_of("proctype Q() { skip }\n"
                              "init { byte Q; Q: skip; Q : x }", NULL), 0);
}

static void test_error_recovery(void)
{
    static const char *const want[] = {
        "t.pml:2:7: error:", "t.pml:3:10: error:", "t.pml:6:5: error:",
        NULL
    };

    /* one message per broken statement; the good parts still parse */
    CU_ASSERT_EQUAL(errors_of("active proctype P() {\n"
                              "  x = = 1;\n"
                              "  y = 2 +;\n"
                              "  z = 3\n"
                              "}\n"
                              "int ) ;\n"
                              "init { skip }\n", want), 3);
}

static void test_error_deep_nesting(void)
{
    enum { DEPTH = 20000 };
    char *text = malloc(4 * DEPTH + 64);
    static const char *const want[] = { "too deeply nested", NULL };
    size_t n = 0;
    int i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    n += (size_t)sprintf(text, "active proctype P() { x = ");
    for (i = 0; i < DEPTH; i++)
        text[n++] = '(';
    text[n++] = '1';
    for (i = 0; i < DEPTH; i++)
        text[n++] = ')';
    strcpy(text + n, " }");
    CU_ASSERT(errors_of(text, want) >= 1);

    n = (size_t)sprintf(text, "active proctype P() ");
    for (i = 0; i < DEPTH; i++)
        text[n++] = '{';
    text[n++] = 'x';
    for (i = 0; i < DEPTH; i++)
        text[n++] = '}';
    text[n] = '\0';
    CU_ASSERT(errors_of(text, want) >= 1);

    /* a thousand levels are fine */
    n = (size_t)sprintf(text, "active proctype P() ");
    for (i = 0; i < 1000; i++)
        text[n++] = '{';
    text[n++] = 'x';
    for (i = 0; i < 1000; i++)
        text[n++] = '}';
    text[n] = '\0';
    CU_ASSERT_EQUAL(errors_of(text, NULL), 0);
    free(text);
}

static void test_error_binary_junk(void)
{
    static const char junk[] = "active\0proctype \x01\xff P() { \"\0\" }";
    parse r;
    size_t n;

    r.sink = tmpfile();
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.sink);
    r.d = diag_new(r.sink);
    r.p = lang_parse_string("t.pml", junk, sizeof junk - 1, r.d);
    CU_ASSERT_PTR_NOT_NULL(r.p);
    CU_ASSERT(diag_count(r.d) > 0);
    fflush(r.sink);
    rewind(r.sink);
    n = fread(r.out, 1, sizeof r.out - 1, r.sink);
    r.out[n] = '\0';
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "unexpected character '\\x00'"));
    parse_done(&r);
}

/* ------------------------------------------------------- lang.dump */

static void test_dump(void)
{
    parse r;
    FILE *out = tmpfile();
    char buf[2048];
    size_t n;
    static const char expect[] =
        "(mtype a b @1:1)\n"
        "(proctype P @2:1 active\n"
        "  (param byte n)\n"
        "  (body\n"
        "    (do @2:29\n"
        "      (option @2:32\n"
        "        (recv @2:35 c a n)\n"
        "        (assign @2:43 x (+ x 1)))\n"
        "      (option @2:53\n"
        "        (break @2:56)))))\n";

    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    parse_text(&r, "mtype = { a, b }\n"
               "active proctype P(byte n) { do :: c?a(n); x = x + 1 "
               ":: break od }");
    CU_ASSERT_EQUAL(diag_count(r.d), 0);
    lang_dump_ast(r.p, out);
    rewind(out);
    n = fread(buf, 1, sizeof buf - 1, out);
    buf[n] = '\0';
    CU_ASSERT_STRING_EQUAL(buf, expect);
    fclose(out);
    parse_done(&r);
}

static CU_TestInfo decl_tests[] = {
    { "globals", test_decl_globals },
    { "typedef", test_decl_typedef },
    { "tier2", test_decl_tier2 },
    { "procs", test_decl_procs },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo stmt_tests[] = {
    { "simple", test_stmt_simple },
    { "compound", test_stmt_compound },
    { "channels", test_stmt_channels },
    { "control", test_stmt_control },
    { "unless", test_stmt_unless },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo expr_tests[] = {
    { "precedence", test_expr_precedence },
    { "primaries", test_expr_primaries },
    { "remote", test_expr_remote },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo lex_tests[] = {
    { "implied_semis", test_lex_implied_semis },
    { "markers", test_lex_markers },
    { "skipped_blocks", test_lex_skipped_blocks },
    { "claims", test_lex_claims },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo error_tests[] = {
    { "messages", test_error_messages },
    { "unsupported", test_error_unsupported },
    { "recovery", test_error_recovery },
    { "deep_nesting", test_error_deep_nesting },
    { "binary_junk", test_error_binary_junk },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo dump_tests[] = {
    { "dump", test_dump },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "lang.decl", .pTests = decl_tests },
    { .pName = "lang.stmt", .pTests = stmt_tests },
    { .pName = "lang.expr", .pTests = expr_tests },
    { .pName = "lang.lex", .pTests = lex_tests },
    { .pName = "lang.error", .pTests = error_tests },
    { .pName = "lang.dump", .pTests = dump_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
