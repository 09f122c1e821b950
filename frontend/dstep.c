/*
 * frontend/dstep.c -- d_step sequences.
 *
 * A d_step is one transition whose code holds its whole control flow,
 * deterministic: the first executable option is taken, jumps are code
 * jumps inside the sequence, and only its first statement may block.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void dstep_seq(cstate *cs, ast_stmt *s);

void fe_lower_dstep(cstate *cs, const ast_stmt *s, uint32_t from,
                    uint32_t to)
{
    uint32_t start = fe_begin_trans(cs, s->pos);
    size_t   i;
    uint32_t j;
    name_ix *ix;

    cs->dstep_committed = 0;
    cs->dbreaks.n = cs->dlabels.n = cs->dfixes.n = 0;
    cs->in_dstep = 1;
    dstep_seq(cs, s->u.body);
    cs->in_dstep = 0;
    if (cs->dbreaks.n)
        diag_error(cs->d, s->pos, "'break' outside a do loop");
    ix = fe_name_index(cs->dlabels.v, cs->dlabels.n, sizeof *cs->dlabels.v,
                       offsetof(dlabel, name));
    for (i = 0; i < cs->dfixes.n; i++) {
        j = fe_name_index_find(ix, cs->dlabels.n, cs->dfixes.v[i].name);
        if (j == NOLOC)
            diag_error(cs->d, cs->dfixes.v[i].pos, "goto '%s': the label is "
                       "not inside this d_step (jumping out of a d_step is "
                       "not supported)", cs->dfixes.v[i].name);
        else
            cs->code.v[cs->dfixes.v[i].insn].b = (int32_t)cs->dlabels.v[j].at;
    }
    free(ix);
    fe_end_trans(cs, start, from, to, s->pos, fe_stmt_text(cs, s), BC_TR_DSTEP);
}

/* ----------------------------------------------------------- d_step */

static void dcommit(cstate *cs)
{
    if (!cs->dstep_committed) {
        fe_emit(cs, BC_DCOMMIT, 0, 0, 0, 0);
        cs->dstep_committed = 1;
    }
}

/* Options inside a d_step: the first executable one is taken.  Returns
 * with the code positioned after the construct; loop_head is the code
 * index to jump back to after an option (do), or NOLOC (if). */
static void dstep_options(cstate *cs, const ast_stmt *s, uint32_t loop_head)
{
    const ast_option *o, *els = NULL;
    FE_VEC(uint32_t)  ends = { NULL, 0, 0 };
    size_t            i, nbreaks0 = cs->dbreaks.n;
    int64_t           v;

    for (o = s->u.options; o; o = o->next) {
        ast_stmt *first = o->seq;
        uint32_t  skip = NOLOC;
        int       committed = cs->dstep_committed;
        if (first && first->kind == AST_S_ELSE) {
            els = o;
            continue;
        }
        if (first && first->kind == AST_S_EXPR
            && !(fe_const_value(cs, first->u.expr, &v) && v)) {
            fe_cexpr(cs, first->u.expr);
            skip = fe_emit(cs, BC_JMPF, 0, 0, 0, 0);
            dcommit(cs);
            dstep_seq(cs, first->next);
        } else if (first && (first->kind == AST_S_SEND
                             || first->kind == AST_S_RECV)) {
            diag_error(cs->d, first->pos, "a send or receive as the guard of "
                       "an option inside d_step is not supported");
        } else {
            dstep_seq(cs, first);
        }
        fe_push(&ends, fe_emit(cs, BC_JMP, 0, 0, 0, 0));
        if (skip != NOLOC)
            cs->code.v[skip].b = (int32_t)HERE;
        cs->dstep_committed = committed;
    }
    if (els) {
        dcommit(cs);
        dstep_seq(cs, els->seq->next);
        fe_push(&ends, fe_emit(cs, BC_JMP, 0, 0, 0, 0));
    } else {
        fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
        fe_emit(cs, BC_GUARD, 0, 0, 0, 0);
    }
    cs->dstep_committed = 1;
    for (i = 0; i < ends.n; i++)
        cs->code.v[ends.v[i]].b =
            (int32_t)(loop_head == NOLOC ? HERE : loop_head);
    free(ends.v);
    if (loop_head != NOLOC) {
        for (i = nbreaks0; i < cs->dbreaks.n; i++)
            cs->code.v[cs->dbreaks.v[i]].b = (int32_t)HERE;
        cs->dbreaks.n = nbreaks0;
    }
}

static void dstep_stmt(cstate *cs, ast_stmt *s)
{
    dlabel   dl;
    dfix     fx;
    int      n;
    uint32_t head, mark;

    switch (s->kind) {
    case AST_S_IF:
        dstep_options(cs, s, NOLOC);
        break;
    case AST_S_DO:
        head = HERE;
        dstep_options(cs, s, head);
        break;
    case AST_S_ATOMIC:
    case AST_S_DSTEP:
    case AST_S_BLOCK:
        mark = fe_block_open(cs);
        dstep_seq(cs, s->u.body);
        fe_block_close(cs, mark);
        break;
    case AST_S_BREAK:
        fe_push(&cs->dbreaks, fe_emit(cs, BC_JMP, 0, 0, 0, 0));
        break;
    case AST_S_GOTO:
        fx.name = s->u.target;
        fx.insn = fe_emit(cs, BC_JMP, 0, 0, 0, 0);
        fx.pos = s->pos;
        fe_push(&cs->dfixes, fx);
        break;
    case AST_S_LABEL:
        fe_check_label(cs, s);
        dl.name = s->u.label.name;
        dl.at = HERE;
        fe_push(&cs->dlabels, dl);
        fe_push(&cs->inner_labels, dl);
        dstep_stmt(cs, s->u.label.stmt);
        break;
    case AST_S_ELSE:
        diag_error(cs->d, s->pos, "'else' must be the first statement of "
                   "an option");
        break;
    case AST_S_UNLESS:
        diag_error(cs->d, s->pos, "'unless' inside a d_step (SPIN rejects "
                   "it: a d_step is one indivisible step)");
        dstep_stmt(cs, s->u.unless.main);
        break;
    case AST_S_DECL: {
        /* the d_step is a statement, so the body has started: the
         * initial value is assigned here (SPIN) */
        fe_sym *scope0 = cs->locals.syms;
        fe_declare_vars(cs, s->u.decl, 1, 0);
        fe_decl_code(cs, s, scope0, NULL, NULL);
        break;
    }
    case AST_S_CALL: {
        ast_stmt *body;

        if ((n = fe_inline_begin(cs, s, &body)) < 0)
            break;
        mark = fe_block_open(cs);
        dstep_seq(cs, body);
        fe_block_close(cs, mark);
        fe_inline_end(cs, n);
        break;
    }
    case AST_S_SELECT:
        dstep_seq(cs, fe_expand_range(cs, s));
        break;
    case AST_S_FOR:
    case AST_S_FOR_IN:
        mark = fe_block_open(cs);
        dstep_seq(cs, fe_expand_range(cs, s));
        fe_block_close(cs, mark);
        break;
    default:
        fe_cbasic(cs, s);
        dcommit(cs);
        break;
    }
}

static void dstep_seq(cstate *cs, ast_stmt *s)
{
    for (; s; s = s->next)
        dstep_stmt(cs, s);
}
