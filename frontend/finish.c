/*
 * frontend/finish.c -- finishing a proctype: jump folding and the
 * dead-variable reset.
 *
 * Resolves labels, folds the locations whose only way out is a jump (as
 * SPIN does, so that the state counts agree), numbers the surviving
 * locations and appends them and their transitions to the program; then
 * adds SPIN's reset of local variables that are dead after a step.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------ finishing a proctype */

/* Follow epsilon aliases with cycle protection. */
static uint32_t resolve_loc(const uint32_t *alias, uint32_t l, uint32_t n)
{
    uint32_t steps = 0;

    while (alias[l] != NOLOC && steps++ < n)
        l = alias[l];
    return l;
}

/* ------------------------------------------- dead-variable reset */

/*
 * SPIN (unless -o1 or -o2) sets a local variable to 0 right after a step
 * when no path from there reads it before writing it again; the state
 * space shrinks because states that differ only in dead values merge.
 * spore does the same, with SPIN's rule (notes/SPIN-COUNTING.md, sect. 6):
 * candidates are scalar locals and parameters (not arrays, channels or
 * structures); a step that writes x (other than `x = 0`) resets it when
 * it is dead afterwards, and so does an expression statement or receive
 * that only reads it.  A revisited location counts as dead.
 */

typedef struct dead_ctx {
    const cstate   *cs;         /* its code grows while resets are added */
    const bc_trans *tr;         /* this proctype's transitions */
    const bc_pcloc *pl;         /* this proctype's locations */
    uint32_t        ntr, nloc, ncand;
    uint32_t        cand_off[64];
    uint8_t         cand_type[64];
    uint64_t       *rd, *wr;    /* per transition: candidate bit sets */
    uint32_t       *mark;       /* per location: query stamp */
    uint32_t       *stack;
    uint32_t        stamp;
} dead_ctx;

static int cand_index(const dead_ctx *dc, uint32_t off, unsigned type)
{
    uint32_t i;

    for (i = 0; i < dc->ncand; i++)
        if (dc->cand_off[i] == off && dc->cand_type[i] == type)
            return (int)i;
    return -1;
}

/* Is candidate bit `x` dead from location l on? */
static int dead_from(dead_ctx *dc, uint32_t l, uint64_t x)
{
    uint32_t sp = 0, i;

    dc->stamp++;
    dc->mark[l] = dc->stamp;
    dc->stack[sp++] = l;
    while (sp > 0) {
        const bc_pcloc *loc = &dc->pl[dc->stack[--sp]];
        for (i = 0; i < loc->ntrans; i++) {
            uint32_t t = loc->first + i;
            uint32_t d = dc->tr[t].dst;
            if (dc->rd[t] & x)
                return 0;
            if ((dc->wr[t] & x) || (dc->tr[t].flags & BC_TR_DIE))
                continue;
            if (dc->mark[d] != dc->stamp) {
                dc->mark[d] = dc->stamp;
                dc->stack[sp++] = d;
            }
        }
    }
    return 1;
}

/* Is transition t exactly `x = 0` for candidate bit x? */
static int is_zero_store(const dead_ctx *dc, uint32_t t)
{
    const bc_insn *c = dc->cs->code.v + dc->tr[t].code;

    return (dc->tr[t].ncode == 3
            || (dc->tr[t].ncode == 4
                && (c[2].op == BC_RTOUCH || c[2].op == BC_NOP)))
        && c[0].op == BC_PUSHK && c[0].b == 0 && c[1].op == BC_STOREL;
}

/* Copy transition t's code to the end with resets of the candidates in
 * `reset` put before its final GOTO. */
static void append_resets(cstate *cs, dead_ctx *dc, bc_trans *t,
                          uint64_t reset)
{
    uint32_t old = t->code, n = t->ncode, start = HERE, i;
    int32_t  delta = (int32_t)(start - old);

    for (i = 0; i + 1 < n; i++) {
        bc_insn in = cs->code.v[old + i];
        if ((bc_opinfos[in.op].flags & BC_F_JUMP) && in.b >= (int32_t)old
            && in.b < (int32_t)(old + n))
            in.b += delta;
        fe_push(&cs->code, in);
    }
    for (i = 0; i < dc->ncand; i++)
        if (reset & ((uint64_t)1 << i)) {
            fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
            fe_emit(cs, BC_STOREL, dc->cand_type[i], 0,
                    (int32_t)dc->cand_off[i], 0);
        }
    fe_push(&cs->code, cs->code.v[old + n - 1]);
    t->code = start;
    t->ncode = HERE - start;
}

static void dead_var_reset(cstate *cs, uint32_t first_tr, uint32_t loc0,
                           const uint8_t *guardlike)
{
    dead_ctx      dc;
    const fe_sym *y;
    uint32_t      t, i, k;

    memset(&dc, 0, sizeof dc);
    for (y = cs->locals.syms; y && dc.ncand < 64; y = y->next)
        if (y->kind == FE_SYM_LOCAL && !y->count && !y->type->is_struct
            && !(y->type->vflags & BC_V_CHAN)
            && strcmp(y->name, "_priority") != 0) {  /* ts.c reads it */
            dc.cand_off[dc.ncand] = y->offset;
            dc.cand_type[dc.ncand++] = y->type->bctype;
        }
    dc.ntr = (uint32_t)cs->trans.n - first_tr;
    dc.nloc = (uint32_t)cs->pclocs.n - loc0;
    if (dc.ncand == 0 || dc.ntr == 0)
        return;
    dc.cs = cs;
    dc.tr = cs->trans.v + first_tr;
    dc.pl = cs->pclocs.v + loc0;
    dc.rd = xcalloc(dc.ntr, sizeof *dc.rd);
    dc.wr = xcalloc(dc.ntr, sizeof *dc.wr);
    dc.mark = xcalloc(dc.nloc, sizeof *dc.mark);
    dc.stack = xmalloc(sizeof *dc.stack * dc.nloc);
    /* pclocs[].first are absolute; make them relative */
    for (t = 0; t < dc.ntr; t++) {
        const bc_trans *tr = &dc.tr[t];
        for (i = 0; i < tr->ncode; i++) {
            const bc_insn *in = &cs->code.v[tr->code + i];
            int c;
            if (in->op != BC_LOADL && in->op != BC_STOREL)
                continue;
            c = cand_index(&dc, (uint32_t)in->b, in->t & ~FE_T_NOUSE);
            if (c < 0)
                continue;
            if (in->op == BC_LOADL)
                dc.rd[t] |= (uint64_t)1 << c;
            else
                dc.wr[t] |= (uint64_t)1 << c;
        }
    }
    {
        bc_pcloc *rel = xmalloc(sizeof *rel * dc.nloc);
        memcpy(rel, dc.pl, sizeof *rel * dc.nloc);
        for (i = 0; i < dc.nloc; i++)
            rel[i].first -= first_tr;
        dc.pl = rel;
    }
    for (t = 0; t < dc.ntr; t++) {
        uint64_t reset = 0;
        for (k = 0; k < dc.ncand; k++) {
            uint64_t x = (uint64_t)1 << k;
            int      trigger;
            if (dc.tr[t].flags & BC_TR_DSTEP)
                /* SPIN resets nothing after a d_step (measured: a local
                 * written in a d_step and never read keeps its value) */
                trigger = 0;
            else if (dc.wr[t] & x)
                trigger = !is_zero_store(&dc, t);
            else
                trigger = (dc.rd[t] & x) && guardlike[t];
            if (trigger && !(dc.tr[t].flags & BC_TR_DIE)
                && dead_from(&dc, dc.tr[t].dst, x))
                reset |= x;
        }
        if (reset)
            append_resets(cs, &dc, &cs->trans.v[first_tr + t], reset);
    }
    free((void *)dc.pl);
    free(dc.rd);
    free(dc.wr);
    free(dc.mark);
    free(dc.stack);
}

typedef FE_VEC(uint8_t) u8_vec;

typedef struct finish_ctx {
    cstate         *cs;
    const uint32_t *alias, *num;
    uint32_t        n;
    bc_pcloc       *pl;
    u8_vec         *guardlike;
    /* the edges leaving location l, in the order they were made, are
     * eidx[efirst[l] .. efirst[l + 1]) */
    const uint32_t *efirst, *eidx;
    diag_pos        else_pos;   /* of the last else appended */
} finish_ctx;

/* Append the transitions leaving automaton location `from` as
 * transitions of location `src` (a copy edge makes src take the
 * transitions of its target too). */
static void emit_loc_trans(finish_ctx *fl, uint32_t src, uint32_t from,
                           int depth)
{
    cstate  *cs = fl->cs;
    uint32_t e, k;

    for (e = fl->efirst[from]; e < fl->efirst[from + 1]; e++) {
        edge    *ed = &cs->edges.v[fl->eidx[e]];
        bc_trans t;
        uint32_t to;
        if (ed->eps == 3) {
            if (depth < 8)
                emit_loc_trans(fl, src, resolve_loc(fl->alias, ed->to, fl->n),
                               depth + 1);
            continue;
        }
        if (ed->eps)
            continue;
        to = resolve_loc(fl->alias, ed->to, fl->n);
        t.code = ed->code;
        t.ncode = ed->ncode;
        t.proc = (uint32_t)cs->procs.n;
        t.src = (uint16_t)fl->num[src];
        t.dst = (uint16_t)fl->num[to];
        t.loc = ed->loc;
        t.text = ed->text;
        t.flags = ed->flags;
        if (ed->flags & BC_TR_ELSE)
            fl->else_pos = ed->pos;
        /* keeps the CPU when it stays inside the sequence; a step back
         * to the sequence's own entry (an atomic body that is a do
         * option) leaves it, and SPIN stores the state there */
        if (ed->atomic && cs->latomic.v[to] == ed->atomic)
            t.flags |= BC_TR_ATOMIC;
        k = t.code + t.ncode - 1;           /* patch the final GOTO */
        if (cs->code.v[k].op == BC_GOTO)
            cs->code.v[k].b = (int32_t)t.dst;
        if (fl->pl->ntrans == 0)
            fl->pl->loc = t.loc;
        fl->pl->ntrans++;
        fe_push(&cs->trans, t);
        fe_push(fl->guardlike, (uint8_t)ed->guardlike);
    }
}

/* The edge by which escape x's entry copies a loop's head (its first
 * statement is a do: automaton.c makes an eps 3 edge), or NULL. */
static const edge *escape_loop_entry(const finish_ctx *fl, uint32_t x)
{
    uint32_t l = fl->cs->escs.v[x - 1].entry;

    if (fl->efirst[l + 1] - fl->efirst[l] != 1)
        return NULL;
    return fl->cs->edges.v[fl->eidx[fl->efirst[l]]].eps == 3
           ? &fl->cs->edges.v[fl->eidx[fl->efirst[l]]] : NULL;
}

/* Gather the escapes of the transitions that emit_loc_trans() would
 * append for automaton location `from` (the unless statements whose main
 * holds each, innermost first), in pan's order of prepending them: per
 * transition, its escapes from the innermost to the outermost.  *order
 * holds escape numbers (index + 1 into cs->escs) times 2, plus 1 for the
 * escape's entry jump (below), each at most once.
 *
 * pan's quirk: a transition inside an atomic sequence that is itself
 * inside main (not its last step) has for its escape the escape's first
 * element before jump folding.  When the escape begins with a do, that
 * is the jump into the loop, an unconditional step of its own (SPIN 6.5.2
 * pan.t: escp is the ".(goto)" state there, the DO state elsewhere). */
static void gather_escapes(finish_ctx *fl, uint32_t from, int depth,
                           uint32_t *order, uint32_t *n)
{
    cstate  *cs = fl->cs;
    uint32_t e, x, k, id;

    for (e = fl->efirst[from]; e < fl->efirst[from + 1]; e++) {
        const edge *ed = &cs->edges.v[fl->eidx[e]];
        int         inner;

        if (ed->eps == 3) {
            if (depth < 8)
                gather_escapes(fl, resolve_loc(fl->alias, ed->to, fl->n),
                               depth + 1, order, n);
            continue;
        }
        if (ed->eps)
            continue;
        inner = ed->atomic != 0 && cs->latomic.v[resolve_loc(fl->alias,
                                                             ed->to, fl->n)]
                                   == ed->atomic;
        for (x = ed->esc; x != 0; x = cs->escs.v[x - 1].parent) {
            id = 2 * x + (inner && ed->atomic != cs->escs.v[x - 1].atomic
                          && escape_loop_entry(fl, x) != NULL);
            for (k = 0; k < *n && order[k] != id; k++)
                ;
            if (k == *n)
                order[(*n)++] = id;
        }
    }
}

/* The entry jump of escape x as a transition of location src (see
 * gather_escapes): always executable, to the loop's head. */
static void emit_escape_jump(finish_ctx *fl, uint32_t src, uint32_t x)
{
    cstate     *cs = fl->cs;
    const edge *ed = escape_loop_entry(fl, x);
    bc_trans    t;

    memset(&t, 0, sizeof t);
    t.code = HERE;
    t.ncode = 1;
    t.proc = (uint32_t)cs->procs.n;
    t.src = (uint16_t)fl->num[src];
    t.dst = (uint16_t)fl->num[resolve_loc(fl->alias, ed->to, fl->n)];
    fe_emit(cs, BC_GOTO, 0, 0, (int32_t)t.dst, 0);
    t.loc = ed->loc;
    t.text = ed->text;
    if (fl->pl->ntrans == 0)
        fl->pl->loc = t.loc;
    fl->pl->ntrans++;
    fe_push(&cs->trans, t);
    fe_push(fl->guardlike, (uint8_t)0);
}

/*
 * unless (automaton.c, lower_unless): at a location where some
 * transition belongs to the main part of unless statements, the
 * transitions of their escapes' guards come first, group by group, each
 * marked BC_TR_ESCAPE and the first of a group BC_TR_ESC_HEAD, and the
 * location BC_L_ESCAPE (engine/model/ts.c gives the first group with an
 * executable transition priority over the rest).  The order is pan's:
 * it prepends, for each transition of the location in turn, the escapes
 * of its unless statements from the innermost to the outermost (one
 * already there is not added again), so that by default an outer escape
 * comes before an inner one (pan -J, which reverses this, is not
 * modelled).  Returns the number of transitions appended.
 */
static uint32_t emit_escapes(finish_ctx *fl, uint32_t i)
{
    cstate   *cs = fl->cs;
    uint32_t *order;
    uint32_t  n = 0, k, first, total = 0;

    if (cs->escs.n == 0)
        return 0;
    order = xmalloc(sizeof *order * cs->escs.n * 2);
    gather_escapes(fl, i, 0, order, &n);
    for (k = n; k-- > 0;) {             /* the last prepended is first */
        uint32_t x = order[k] / 2;

        first = (uint32_t)cs->trans.n;
        if (order[k] & 1)
            emit_escape_jump(fl, i, x);
        else
            emit_loc_trans(fl, i, resolve_loc(fl->alias,
                                              cs->escs.v[x - 1].entry,
                                              fl->n), 0);
        for (uint32_t t = first; t < cs->trans.n; t++)
            cs->trans.v[t].flags |= BC_TR_ESCAPE
                                    | (t == first ? BC_TR_ESC_HEAD : 0);
        total += (uint32_t)cs->trans.n - first;
    }
    free(order);
    if (total > 0)
        fl->pl->flags |= BC_L_ESCAPE;
    return total;
}

/* The else transitions of location pl (unless: an escape may bring
 * one where main has one, or two escapes one each). */
static uint32_t count_else(const cstate *cs, const bc_pcloc *pl)
{
    uint32_t n = 0;

    for (uint32_t t = pl->first; t < pl->first + pl->ntrans; t++)
        n += (cs->trans.v[t].flags & BC_TR_ELSE) != 0;
    return n;
}

/* A label defined again: entries of cs->labels. */
typedef struct label_dup {
    uint32_t first, again;
} label_dup;

static int label_dup_cmp(const void *a, const void *b)
{
    const label_dup *x = a, *y = b;

    if (x->first != y->first)
        return x->first < y->first ? -1 : 1;
    return x->again < y->again ? -1 : x->again > y->again;
}

/* Resolve labels and jumps, number the locations, and append them and
 * their transitions to the program. */
void fe_finish_proc(cstate *cs, bc_proctype *pt, uint32_t start,
                    uint32_t final)
{
    uint32_t  n = (uint32_t)cs->lflags.n;
    uint32_t *alias = xmalloc(sizeof *alias * n);
    uint32_t *nreal = xcalloc(n, sizeof *nreal);
    uint32_t *neps = xcalloc(n, sizeof *neps);
    uint32_t *num = xmalloc(sizeof *num * n);
    uint32_t *efirst, *eidx;
    uint32_t  i, j, nl = 0, first_tr, first = 0, nesc;
    name_ix  *lix;
    label_dup *dups;
    uint8_t  *dentry;              /* per location: a d_step's entry */
    size_t    e;
    u8_vec    guardlike = { NULL, 0, 0 };
    finish_ctx fl;

    lix = fe_name_index(cs->labels.v, cs->labels.n, sizeof *cs->labels.v,
                        offsetof(label, name));
    for (e = 0; e < cs->edges.n; e++) {
        edge *ed = &cs->edges.v[e];
        if (ed->label) {
            j = fe_name_index_find(lix, cs->labels.n, ed->label);
            if (j == NOLOC) {
                size_t k = 0;

                while (k < cs->inner_labels.n
                       && strcmp(cs->inner_labels.v[k].name, ed->label) != 0)
                    k++;
                if (k < cs->inner_labels.n)
                    diag_error(cs->d, ed->pos, "goto '%s': the label is "
                               "inside a d_step, which runs as one "
                               "indivisible step and can only be entered "
                               "at its start (SPIN rejects it too)",
                               ed->label);
                else
                    diag_error(cs->d, ed->pos, "goto '%s': no such label",
                               ed->label);
                ed->to = ed->from;
            } else {
                ed->to = cs->labels.v[j].loc;
            }
        }
        if (ed->eps == 1 && !ed->keep)
            neps[ed->from]++;
        else
            nreal[ed->from]++;
    }
    /* a label defined again: one error at each later definition, in
     * the order of the first definitions, then of the later ones */
    dups = xmalloc(sizeof *dups * (cs->labels.n ? cs->labels.n : 1));
    for (i = 0, j = 0; i < cs->labels.n; i++) {
        if (i > 0 && strcmp(lix[i].name, lix[i - 1].name) == 0)
            dups[j++] = (label_dup){ first, lix[i].k };
        else
            first = lix[i].k;
    }
    qsort(dups, j, sizeof *dups, label_dup_cmp);
    for (i = 0; i < j; i++)
        diag_error(cs->d, cs->labels.v[dups[i].again].pos, "label '%s' is "
                   "already defined", cs->labels.v[dups[i].again].name);
    free(dups);
    free(lix);
    /* A location left only by one jump is that jump's target. */
    for (i = 0; i < n; i++)
        alias[i] = NOLOC;
    for (e = 0; e < cs->edges.n; e++) {
        edge *ed = &cs->edges.v[e];
        if (ed->eps == 1 && !ed->keep && nreal[ed->from] == 0
            && neps[ed->from] == 1 && ed->from != final) {
            alias[ed->from] = ed->to;
            ed->eps = 2;                        /* folded */
        }
    }
    for (i = 0; i < n; i++)                     /* jump cycles: keep one */
        if (alias[i] != NOLOC && resolve_loc(alias, i, n) != NOLOC
            && alias[resolve_loc(alias, i, n)] != NOLOC) {
            uint32_t r = resolve_loc(alias, i, n);
            for (e = 0; e < cs->edges.n; e++)
                if (cs->edges.v[e].eps == 2 && cs->edges.v[e].from == r)
                    cs->edges.v[e].eps = 1;
            alias[r] = NOLOC;
        }
    /* SPIN refuses a goto or break to the first statement of a d_step
     * (but not to an if or do whose option starts with one). */
    dentry = xcalloc(n, 1);
    for (j = 0; j < cs->dstep_entries.n; j++)
        dentry[resolve_loc(alias, cs->dstep_entries.v[j], n)] = 1;
    for (e = 0; e < cs->edges.n; e++) {
        const edge *ed = &cs->edges.v[e];
        if (ed->jump && dentry[resolve_loc(alias, ed->to, n)])
            diag_error(cs->d, ed->pos, "jump into a d_step sequence "
                       "(SPIN rejects it too)");
    }
    free(dentry);
    /* Jumps that remain are transitions of their own ("goto"). */
    for (e = 0; e < cs->edges.n; e++) {
        edge *ed = &cs->edges.v[e];
        if (ed->eps == 1) {
            ed->code = HERE;
            fe_emit_provided(cs);
            fe_remote_touch(cs);
            fe_emit(cs, BC_GOTO, 0, 0, 0, 0);
            ed->ncode = HERE - ed->code;
            ed->eps = 0;
        }
    }
    /* Label flags. */
    for (i = 0; i < cs->labels.n; i++) {
        uint32_t l = resolve_loc(alias, cs->labels.v[i].loc, n);
        const char *nm = cs->labels.v[i].name;
        if (fe_starts_with(nm, "end"))
            cs->lflags.v[l] |= BC_L_END;
        if (fe_starts_with(nm, "progress"))
            cs->lflags.v[l] |= BC_L_PROGRESS;
        if (fe_starts_with(nm, "accept"))
            cs->lflags.v[l] |= BC_L_ACCEPT;
    }
    cs->lflags.v[final] |= BC_L_END | BC_L_FINAL;
    for (i = 0; i < cs->escs.n; i++)    /* unless: reached by no step */
        if (alias[cs->escs.v[i].entry] == NOLOC)
            cs->lflags.v[cs->escs.v[i].entry] |= BC_L_ESC_ENTRY;
    /* Index the edges by the location they leave (counting sort: the
     * order of the edges of one location is kept). */
    efirst = xcalloc((size_t)n + 1, sizeof *efirst);
    eidx = xmalloc(sizeof *eidx * (cs->edges.n ? cs->edges.n : 1));
    for (e = 0; e < cs->edges.n; e++)
        efirst[cs->edges.v[e].from + 1]++;
    for (i = 0; i < n; i++)
        efirst[i + 1] += efirst[i];
    for (e = 0; e < cs->edges.n; e++)
        eidx[efirst[cs->edges.v[e].from]++] = (uint32_t)e;
    for (i = n; i > 0; i--)             /* each start moved to the next */
        efirst[i] = efirst[i - 1];
    efirst[0] = 0;
    /* Number the surviving locations. */
    for (i = 0; i < n; i++)
        num[i] = alias[i] == NOLOC ? nl++ : NOLOC;
    for (i = 0; i < cs->labels.n; i++)      /* for P@label */
        fe_remote_label(cs, cs->labels.v[i].name,
                        num[resolve_loc(alias, cs->labels.v[i].loc, n)]);
    if (nl > 65535) {
        diag_error(cs->d, cs->proc_pos, "proctype '%s' has %u control "
                   "locations, more than spore's limit of 65535",
                   pt->name, nl);
        for (i = 0; i < n && num[i] != 65535; i++)
            ;
        if (i < n && efirst[i] < efirst[i + 1])
            diag_note(cs->d, cs->edges.v[eidx[efirst[i]]].pos, "control "
                      "location 65536, the first past the limit, is here");
        cs->fatal = 1;
    }
    pt->loc0 = (uint32_t)cs->pclocs.n;
    pt->nlocs = nl;
    first_tr = (uint32_t)cs->trans.n;
    pt->start = num[resolve_loc(alias, start, n)];
    for (i = 0; i < n; i++) {
        bc_pcloc pl;
        if (num[i] == NOLOC)
            continue;
        pl.first = (uint32_t)cs->trans.n;
        pl.ntrans = 0;
        pl.flags = cs->lflags.v[i] | (cs->latomic.v[i] ? BC_L_ATOMIC : 0);
        pl.loc = 0;
        fl.cs = cs;
        fl.alias = alias;
        fl.num = num;
        fl.n = n;
        fl.pl = &pl;
        fl.guardlike = &guardlike;
        fl.efirst = efirst;
        fl.eidx = eidx;
        nesc = emit_escapes(&fl, i);
        emit_loc_trans(&fl, i, i, 0);
        if (nesc > 0 && pl.ntrans > nesc)   /* the statement here is
                                               main's, not the escape's */
            pl.loc = cs->trans.v[pl.first + nesc].loc;
        if (nesc > 0 && count_else(cs, &pl) > 1)
            diag_error(cs->d, fl.else_pos, "the escape of an unless brings "
                       "a second 'else' where this one is (SPIN's pan "
                       "refuses it: a state that \"inherits 2 'else' "
                       "stmnts\")");
        fe_push(&cs->pclocs, pl);
    }
    fe_remote_prune(cs, first_tr);
    /* pan has no dead-variable reset in a model with a remote variable
     * reference (REM_VARS): the variable is read from outside */
    if ((cs->fo == NULL || !cs->fo->keep_all) && !cs->rr_vars)
        dead_var_reset(cs, first_tr, pt->loc0, guardlike.v);
    free(guardlike.v);
    free(efirst);
    free(eidx);
    free(alias);
    free(nreal);
    free(neps);
    free(num);
}
