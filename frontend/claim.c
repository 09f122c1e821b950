/*
 * frontend/claim.c -- the never claim: which one, its rules, its code.
 *
 * A model checks at most one claim: one of its `never [name] { }' and
 * `ltl [name] { formula }' blocks (fe_options.ltl_name picks one by
 * name, as pan's -N; the first otherwise, as SPIN does).  An ltl block
 * is translated the way SPIN translates it: the NEGATED formula goes to
 * frontend/ltl (tableau, Büchi automaton), which prints a never claim;
 * that text is parsed like the model's own claim, so both take the same
 * road (with line markers: what is said about it points at the ltl
 * block's line in the model).
 *
 * The claim is compiled like a proctype (the last one, so that the
 * other proctypes keep their indices and the state layout of a model
 * without claim is unchanged) but it is not a process: it has no pid,
 * is never created, and its pc lives in two hidden bytes at the end of
 * the globals block (bc_program.claim_off).  engine/model/ts.c runs its
 * transitions in lock step with the system: each transition's code is
 * a guard over the current state ending in RET (the GOTO the lowering
 * emits is rewritten here), and ts.c moves the claim's pc itself.
 *
 * SPIN's rule: a claim observes, it does not act.  Its statements must
 * be free of side effects: assignments, sends, receives, run, local
 * declarations and d_steps are refused here with a message saying so;
 * `_pid' and `timeout' are refused too (a claim has no pid, and spore
 * does not evaluate timeout for the claim).
 */
#include "config.h"

#include "frontend/fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/fe_int.h"
#include "frontend/ltl/ltl.h"

/* ------------------------------------------------------- side effects */

static const char *const effect_words =
    "a claim must be free of side effects";

/* e and the expressions after it in its list. */
static void check_expr(cstate *cs, const ast_expr *e)
{
    for (; e != NULL; e = e->next) {
        switch (e->kind) {
        case AST_E_RUN:
            diag_error(cs->d, e->pos, "'run' in a never claim: %s",
                       effect_words);
            break;
        case AST_E_PID:
            diag_error(cs->d, e->pos, "'_pid' in a never claim: the "
                       "claim is not a process and has no pid");
            break;
        case AST_E_TIMEOUT:
            diag_error(cs->d, e->pos, "'timeout' in a never claim is not "
                       "supported by spore");
            break;
        case AST_E_VAR:
            check_expr(cs, e->u.var.index);
            check_expr(cs, e->u.var.field);
            break;
        case AST_E_CONST: case AST_E_NR_PR: case AST_E_UNDERSCORE:
            break;
        case AST_E_REMOTE:
            check_expr(cs, e->u.remote.pid);
            if (e->u.remote.var != NULL)
                check_expr(cs, e->u.remote.var->u.var.index);
            break;
        default:                /* operators: a, b, c are single nodes */
            check_expr(cs, e->u.op.a);
            check_expr(cs, e->u.op.b);
            check_expr(cs, e->u.op.c);
            break;
        }
    }
}

static void check_seq(cstate *cs, const ast_stmt *s, int depth);

static void check_stmt(cstate *cs, const ast_stmt *s, int depth)
{
    const ast_option *o;
    const char *what = NULL;

    switch (s->kind) {
    case AST_S_EXPR: case AST_S_PRINTM:
        check_expr(cs, s->u.expr);
        break;
    case AST_S_PRINTF:
        check_expr(cs, s->u.print.args);
        break;
    case AST_S_ASSIGN: case AST_S_INCR: case AST_S_DECR:
        what = "an assignment";
        break;
    case AST_S_SEND:
        what = "a send";
        break;
    case AST_S_RECV:
        what = "a receive";
        break;
    case AST_S_DECL:
        what = "a variable declaration";
        break;
    case AST_S_SELECT: case AST_S_FOR: case AST_S_FOR_IN:
        what = s->kind == AST_S_SELECT ? "'select'" : "'for'";
        break;
    case AST_S_DSTEP:
        diag_error(cs->d, s->pos, "'d_step' in a never claim is not "
                   "supported by spore");
        break;
    case AST_S_UNLESS:
        diag_error(cs->d, s->pos, "'unless' in a never claim is not "
                   "supported by spore");
        break;
    case AST_S_IF: case AST_S_DO:
        for (o = s->u.options; o != NULL; o = o->next)
            check_seq(cs, o->seq, depth);
        break;
    case AST_S_ATOMIC: case AST_S_BLOCK:
        check_seq(cs, s->u.body, depth);
        break;
    case AST_S_LABEL:
        check_stmt(cs, s->u.label.stmt, depth);
        break;
    case AST_S_CALL: {
        const ast_decl *inl = fe_find_inline(cs, s->u.call.name);

        check_expr(cs, s->u.call.args);
        if (inl != NULL && depth < MAX_INLINE_DEPTH)
            check_seq(cs, inl->u.inl.body, depth + 1);
        break;
    }
    default:                    /* break, goto, skip, else */
        break;
    }
    if (what != NULL)
        diag_error(cs->d, s->pos, "%s in a never claim: %s", what,
                   effect_words);
}

static void check_seq(cstate *cs, const ast_stmt *s, int depth)
{
    for (; s != NULL; s = s->next)
        check_stmt(cs, s, depth);
}

void fe_claim_check(cstate *cs, const ast_decl *claim)
{
    check_seq(cs, claim->u.proc.body, 0);
}

/* ------------------------------------------------------------ ltl */

/* The first X (next) of the formula under n, or NULL.  A reduction
 * needs a property closed under stuttering (engine/por/por_live.c);
 * spore.c refuses one with an X there, naming this place. */
static const ltl_node *find_next(const ltl_node *n)
{
    const ltl_node *x;

    if (n == NULL || n->kind == LTL_NEXT)
        return n;
    x = find_next(n->l);
    return x != NULL ? x : find_next(n->r);
}

/* The never claim of the ltl block d, as text (malloc'd; caller frees),
 * or NULL after reporting an error.  Sets cs->claim_ltl and
 * cs->claim_next. */
static char *ltl_never_text(cstate *cs, const ast_decl *d)
{
    size_t n = strlen(d->u.ltl.text);
    char *neg = xmalloc(n + 4);
    diag_pos at = d->u.ltl.text_pos;
    ltl_formula *f;
    ltl_ba *ba = NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *out;

    /* SPIN's claim accepts the runs that VIOLATE the formula */
    snprintf(neg, n + 4, "!(%s)", d->u.ltl.text);
    at.col = at.col > 2 ? at.col - 2 : 1;
    f = ltl_parse(neg, cs->d, at);
    cs->claim_ltl = 1;
    if (f != NULL) {
        const ltl_node *x = find_next(f->root);

        if (x != NULL)
            cs->claim_next = fe_add_loc(cs, x->pos) + 1;
        ba = ltl_to_ba(f, cs->d);
    }
    if (ba != NULL && (out = open_memstream(&text, &len)) != NULL) {
        ltl_print_never(ba, f->props, neg, out);
        fclose(out);
    }
    ltl_ba_free(ba);
    ltl_formula_free(f);
    free(neg);
    return text;
}

/* text with a line marker before each line, so that the parser and
 * the compiler place what they say about the claim (a proposition that
 * is not a valid expression, say) on the ltl block's line of the model.
 * Caller frees. */
static char *mark_lines(cstate *cs, const ast_decl *d, const char *text)
{
    const char *file = diag_file_name(cs->d, d->u.ltl.text_pos.file);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    const char *p;

    if (f == NULL)
        return NULL;
    for (p = text; *p != '\0';) {
        const char *nl = strchr(p, '\n');
        size_t n = nl != NULL ? (size_t)(nl - p) + 1 : strlen(p);

        fprintf(f, "# %u \"", (unsigned)d->u.ltl.text_pos.line);
        for (const char *c = file; c != NULL && *c != '\0'; c++) {
            if (*c == '"' || *c == '\\')
                fputc('\\', f);
            fputc(*c, f);
        }
        fprintf(f, "\"\n%.*s", (int)n, p);
        p += n;
    }
    fclose(f);
    return out;
}

/* Parse the claim of ltl block d; the parsed text is kept in cs until
 * fe_claim_fini.  Returns its AST_D_NEVER declaration, or NULL after an
 * error. */
static ast_decl *ltl_claim(cstate *cs, const ast_decl *d)
{
    char name[128];
    char *text = ltl_never_text(cs, d);
    char *marked;
    lang_program *lp;
    ast_decl *c;

    if (text == NULL)
        return NULL;
    snprintf(name, sizeof name, "ltl %s", d->u.ltl.name ? d->u.ltl.name
                                                        : "(unnamed)");
    if (cs->fo != NULL && cs->fo->print_never != NULL)
        fputs(text, cs->fo->print_never);
    marked = mark_lines(cs, d, text);
    free(text);
    if (marked == NULL)
        return NULL;
    lp = lang_parse_claim(name, marked, strlen(marked), cs->lp, cs->d);
    free(marked);
    if (lp == NULL)
        return NULL;
    cs->claim_lp = lp;
    for (c = lp->decls; c != NULL; c = c->next)
        if (c->kind == AST_D_NEVER)
            return c;
    return NULL;
}

/* The name of a claim declaration (never or ltl), NULL when none. */
static const char *claim_decl_name(const ast_decl *d)
{
    return d->kind == AST_D_NEVER ? d->u.proc.name : d->u.ltl.name;
}

ast_decl *fe_claim_pick(cstate *cs)
{
    const char *want = cs->fo != NULL ? cs->fo->ltl_name : NULL;
    ast_decl *d, *pick = NULL;
    int any = 0;

    for (d = cs->lp->decls; d != NULL; d = d->next) {
        const char *nm;

        if (d->kind != AST_D_NEVER && d->kind != AST_D_LTL)
            continue;
        any = 1;
        nm = claim_decl_name(d);
        if (pick == NULL && (want == NULL
                             || (nm != NULL && strcmp(nm, want) == 0)))
            pick = d;
    }
    if (pick == NULL) {
        if (want != NULL)
            diag_error(cs->d, NOPOS, "--ltl=%s: the model has no ltl "
                       "property or never claim of that name%s", want,
                       any ? "" : " (it has none)");
        return NULL;
    }
    cs->claim_name = claim_decl_name(pick);
    if (cs->claim_name == NULL)
        cs->claim_name = pick->kind == AST_D_LTL ? "" : NULL;
    if (pick->kind == AST_D_NEVER) {
        if (cs->fo != NULL && cs->fo->print_never != NULL)
            fprintf(cs->fo->print_never, "/* the model's own never "
                    "claim, line %u */\n", (unsigned)pick->pos.line);
        return pick;
    }
    return ltl_claim(cs, pick);
}

/* ------------------------------------------------------------ code */

void fe_claim_code(cstate *cs, const bc_proctype *pt, uint32_t first_trans)
{
    size_t k;
    uint32_t i;

    (void)pt;
    for (k = first_trans; k < cs->trans.n; k++) {
        const bc_trans *tr = &cs->trans.v[k];

        for (i = tr->code; i < tr->code + tr->ncode; i++) {
            bc_insn *in = &cs->code.v[i];

            if (in->op == BC_GOTO || in->op == BC_DIE)
                *in = (bc_insn){ BC_RET, 0, 0, 0, 0 };
        }
    }
}

void fe_claim_fini(cstate *cs)
{
    if (cs->claim_lp != NULL)
        lang_program_free(cs->claim_lp);
    cs->claim_lp = NULL;
}
