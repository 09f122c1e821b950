/*
 * frontend/lower.c -- the front end's entry: AST to bc_program.
 *
 * One pass over the declarations registers mtypes, typedefs, globals,
 * inlines and proctypes; a second pass lowers each proctype body to a
 * control-flow automaton whose edges are transitions, each with its own
 * code sequence ending in GOTO (see engine/model/bc.h).
 *
 * Lowering a statement s "from location A to location B" adds the
 * transitions that take the process from A to B by executing s.  Jumps
 * (goto, break, declarations, the join of an if) become epsilon edges;
 * afterwards a location whose only way out is an epsilon edge is replaced
 * by that edge's target everywhere (SPIN folds jumps the same way, and
 * the state counts agree with `spin -o3` because of it).  An epsilon edge
 * that shares its location with real transitions (`:: break`, `:: goto
 * L`) stays a transition of its own, as in SPIN.
 *
 * Atomic sequences: every transition lowered inside an atomic body whose
 * target is also inside it (or is its entry, for loops) carries
 * BC_TR_ATOMIC.  A d_step is one transition whose code contains its whole
 * control flow, deterministic: the first executable option is taken.
 *
 * Locals: SPIN allocates every local of a proctype when the process is
 * created and runs their initialisers then, whatever their position in
 * the body; so do we (the proctype's init code).
 *
 * Errors: besides names and types, the rules SPIN's front end enforces
 * (a missing array index, channels in computations, run where it cannot
 * go, empty literal ranges, ...), the limits of spore's state vector
 * when the model passes them as written, and, from a flow of channel
 * types through assignments, run arguments and messages, sends and
 * receives with the wrong number of fields and rendezvous sends inside
 * a d_step, which pan finds only when they run.
 *
 * The stages live in their own files (their shared state, cstate, is in
 * fe_int.h): text.c the statement printer, names.c names and types,
 * chanflow.c channel types, codegen.c expressions and basic statements,
 * automaton.c the control-flow automaton, dstep.c d_step, finish.c jump
 * folding and the dead-variable reset.  This file registers the
 * declarations, lowers each proctype, emits the init code of processes
 * and of the program, leaves out the globals no one reads, and
 * assembles the program.
 */
#include "config.h"

#include "frontend/fe.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "frontend/fe_int.h"

/* ------------------------------------------------------------ init code */

static void emit_store_at(cstate *cs, int global, unsigned type, uint32_t o)
{
    fe_emit(cs, global ? BC_STOREG : BC_STOREL, type, 0, (int32_t)o, 0);
}

/* The default values of the fields of a structure at off. */
static void emit_struct_defaults(cstate *cs, int global, const fe_type *t,
                                 uint32_t off)
{
    uint32_t i, k;

    for (i = 0; i < t->nfields; i++) {
        const fe_field *f = &t->fields[i];
        uint32_t        n = f->count ? f->count : 1;
        for (k = 0; k < n; k++) {
            uint32_t o = off + f->offset + k * f->type->size;
            if (f->type->is_struct) {
                emit_struct_defaults(cs, global, f->type, o);
            } else if (f->init) {
                fe_cexpr(cs, f->init);
                fe_mask_bits(cs, f->type);
                emit_store_at(cs, global, f->type->bctype, o);
            }
        }
    }
}

/* Code that initialises one declared variable (every element of an
 * array gets the initial value, as in SPIN). */
static void emit_var_init(cstate *cs, const fe_sym *s, const ast_var *v)
{
    const fe_type *t = s->type;
    uint32_t       n = s->count ? s->count : 1, e, ct = 0;
    int            global = s->kind == FE_SYM_GLOBAL;

    const ast_expr *item = v->init_is_list ? v->init : NULL;

    if (v->has_chan_init && s->chantype) {
        const bc_chantype *c;
        ct = s->chantype - 1;
        c = &cs->chantypes.v[ct];
        cs->init_chans += n;
        cs->init_bytes += (uint64_t)n * bc_chan_seg_size(c);
        if (global && cs->over_pos.line == 0
            && (cs->init_chans > BC_MAX_CHANS || BC_HDR_SIZE + cs->gsize
                + cs->init_bytes > BC_MAX_VECTOR))
            cs->over_pos = v->pos;      /* where the globals overflow */
    }
    for (e = 0; e < n; e++) {
        uint32_t o = s->offset + e * t->size;
        if (t->is_struct) {
            emit_struct_defaults(cs, global, t, o);
            continue;
        }
        if (v->has_chan_init) {
            if (!s->chantype)
                continue;
            fe_emit(cs, BC_CNEW, 0, ct, 0, 0);
        } else if (v->init_is_list) {       /* `= { a, b, c }` */
            if (!item)
                continue;
            fe_cexpr(cs, item);
            item = item->next;
        } else if (v->init) {
            fe_cexpr(cs, v->init);
        } else {
            continue;
        }
        fe_mask_bits(cs, t);
        emit_store_at(cs, global, t->bctype, o);
    }
}

/* The initialisers of inits, each seeing only the names declared
 * before its declaration; counts the channels they create in
 * cs->init_chans and cs->init_bytes. */
static void emit_inits(cstate *cs, const init_vec *inits, int local)
{
    fe_scope *scope = local ? &cs->locals : &cs->globals;
    fe_sym   *save = scope->syms;
    size_t    i;

    cs->init_chans = cs->init_bytes = 0;
    for (i = 0; i < inits->n; i++) {
        scope->syms = inits->v[i].scope;
        emit_var_init(cs, inits->v[i].sym, inits->v[i].var);
    }
    scope->syms = save;
}

/* Does the statement list s hold an xr or xs? */
static int seq_has_xclaim(const ast_stmt *s, int depth)
{
    const ast_option *o;

    for (; s != NULL && depth < 64; s = s->next)
        switch (s->kind) {
        case AST_S_XCLAIM:
            return 1;
        case AST_S_IF: case AST_S_DO:
            for (o = s->u.options; o != NULL; o = o->next)
                if (seq_has_xclaim(o->seq, depth + 1))
                    return 1;
            break;
        case AST_S_ATOMIC: case AST_S_DSTEP: case AST_S_BLOCK:
            if (seq_has_xclaim(s->u.body, depth + 1))
                return 1;
            break;
        case AST_S_LABEL:
            if (seq_has_xclaim(s->u.label.stmt, depth + 1))
                return 1;
            break;
        case AST_S_FOR: case AST_S_FOR_IN:
            if (seq_has_xclaim(s->u.range.body, depth + 1))
                return 1;
            break;
        case AST_S_UNLESS:
            if (seq_has_xclaim(s->u.unless.main, depth + 1)
                || seq_has_xclaim(s->u.unless.escape, depth + 1))
                return 1;
            break;
        default:
            break;
        }
    return 0;
}

static int model_has_xclaim(const lang_program *lp)
{
    const ast_decl *d;

    for (d = lp->decls; d != NULL; d = d->next)
        if ((d->kind == AST_D_PROC && seq_has_xclaim(d->u.proc.body, 0))
            || (d->kind == AST_D_INLINE && seq_has_xclaim(d->u.inl.body, 0)))
            return 1;
    return 0;
}

/* The claims of the proctype's xr / xs statements, made at creation
 * after the locals are set (pan: setq_claim in addproc): each in a
 * hidden frame byte (bc_xclaim). */
static void emit_xclaims(cstate *cs, bc_proctype *pt)
{
    fe_sym    *save = cs->locals.syms;
    bc_xclaim *xc;
    size_t     i, n = cs->xclaims.n;

    if (n == 0)
        return;
    xc = arena_alloc(cs->mem, sizeof *xc * n);
    for (i = 0; i < n; i++) {
        const xclaim_note *x = &cs->xclaims.v[i];
        cs->locals.syms = x->scope;
        fe_cexpr(cs, x->chan);
        xc[i].offset = cs->fsize++;
        xc[i].mode = x->mode;
        fe_emit(cs, BC_XCLAIM, 0, x->mode, (int32_t)xc[i].offset,
                (int32_t)fe_add_loc(cs, x->pos));
    }
    cs->locals.syms = save;
    pt->nxclaims = (uint32_t)n;
    pt->xclaims = xc;
}

/* A model with priorities: the local _priority, a byte at frame offset
 * 0 of every process (ts.c reads it there), before the parameters; it
 * is not printed and never reset as dead (finish.c). */
static void declare_priority(cstate *cs)
{
    fe_sym *s = arena_alloc(cs->mem, sizeof *s);

    memset(s, 0, sizeof *s);
    s->name = "_priority";
    s->kind = FE_SYM_LOCAL;
    s->type = &fe_type_byte;
    s->pos = cs->proc_pos;
    s->rank = cs->decl_rank;
    s->offset = cs->fsize;
    cs->fsize += 1;
    fe_scope_add(&cs->locals, s);
}

/* A priority tag's value: a constant in 1 .. 255 (pan's range). */
static int32_t prio_value(cstate *cs, const ast_expr *e)
{
    int64_t v = fe_const_expr(cs, e, "priority");

    if (v < 1 || v > 255) {
        diag_error(cs->d, e->pos, "priority %" PRId64 " is out of range: "
                   "SPIN's process priorities are 1 to 255", v);
        return 1;
    }
    return (int32_t)v;
}

int32_t fe_prio_value(cstate *cs, const ast_expr *e)
{
    return prio_value(cs, e);
}

static void lower_proc(cstate *cs, uint32_t index)
{
    const ast_decl *dcl = cs->proclist.v[index].decl;
    const ast_decl *pd;
    bc_proctype     pt;
    uint32_t        start, final, dstart;
    uint32_t        nparam = 0;
    diag_pos        endpos = dcl->pos;

    memset(&pt, 0, sizeof pt);
    pt.name = dcl->kind == AST_D_NEVER ? ":never:" : dcl->u.proc.name;
    pt.is_init = dcl->u.proc.is_init;
    cs->in_proc = 1;
    fe_scope_clear(&cs->locals);
    cs->fsize = 0;
    cs->lvars.n = cs->linits.n = cs->edges.n = cs->lflags.n = 0;
    cs->latomic.n = cs->labels.n = 0;
    cs->escs.n = 0;
    cs->cur_esc = 0;
    cs->natomic = 0;
    cs->dstep_entries.n = 0;
    cs->inner_labels.n = 0;
    cs->xclaims.n = 0;
    cs->break_to = NOLOC;
    cs->atomic_ctx = 0;
    cs->body_started = 0;
    cs->in_dstep = 0;
    cs->proc_rank = cs->proclist.v[index].rank;
    cs->proc_pos = dcl->pos;
    if (cs->prio && dcl->kind == AST_D_PROC) {
        declare_priority(cs);
        if (dcl->u.proc.priority != NULL)     /* checked here, once */
            (void)prio_value(cs, dcl->u.proc.priority);
    }
    for (pd = dcl->u.proc.params; pd; pd = pd->next) {
        const ast_var *v;
        if (pd->u.var.type.base == AST_T_NAMED)
            diag_error(cs->d, pd->pos, "structure parameters are not "
                       "supported");
        for (v = pd->u.var.vars; v; v = v->next)
            if (v->size || v->init)
                diag_error(cs->d, v->pos, "a parameter cannot be an array "
                           "or have an initial value");
        fe_declare_vars(cs, pd, 1, 1);
        for (v = pd->u.var.vars; v; v = v->next) {
            fe_sym *y = fe_scope_find(&cs->locals, v->name);
            if (y != NULL && y->decl == v)  /* run's argument k goes here */
                y->slot = cs->proclist.v[index].pslot0 + nparam + 1;
            nparam++;
        }
    }
    pt.nparams = (uint32_t)cs->lvars.n;
    cs->prov = dcl->kind == AST_D_PROC ? dcl->u.proc.provided : NULL;
    if (cs->prov != NULL) {
        size_t nerr = diag_count(cs->d);
        fe_check_provided(cs, cs->prov);
        if (diag_count(cs->d) != nerr)
            cs->prov = NULL;        /* reported once, not per step */
    }
    start = fe_new_loc(cs);
    final = fe_new_loc(cs);
    fe_lower_seq_ex(cs, dcl->u.proc.body, start, final, 0);
    dstart = fe_begin_trans(cs, endpos);
    fe_emit(cs, BC_DIE, 0, 0, 0, 0);
    {
        edge e;
        memset(&e, 0, sizeof e);
        e.from = e.to = final;
        e.code = dstart;
        e.ncode = HERE - dstart;    /* the provided guard, DIE */
        e.text = fe_add_string(cs, "-end-");
        e.flags = BC_TR_DIE;
        e.loc = cs->cur_loc;
        fe_push(&cs->edges, e);
    }
    fe_finish_proc(cs, &pt, start, final);
    cs->prov = NULL;
    pt.init_code = HERE;
    if (cs->prio && dcl->kind == AST_D_PROC) {    /* run P(): 1 */
        fe_emit(cs, BC_PUSHK, 0, 0, 1, 0);
        fe_emit(cs, BC_STOREL, BC_T_BYTE, 0, 0, 0);
    }
    emit_inits(cs, &cs->linits, 1);
    emit_xclaims(cs, &pt);
    cs->proclist.v[index].init_chans = cs->init_chans;
    cs->proclist.v[index].init_bytes = cs->init_bytes;
    fe_emit(cs, BC_RET, 0, 0, 0, 0);
    pt.frame_size = cs->fsize;
    pt.nvars = (uint32_t)cs->lvars.n;
    if (pt.nvars) {
        bc_var *vars = arena_alloc(cs->mem, sizeof *vars * pt.nvars);
        memcpy(vars, cs->lvars.v, sizeof *vars * pt.nvars);
        pt.vars = vars;
        pt.params = vars;
    }
    cs->in_proc = 0;
    fe_push(&cs->procs, pt);
}

/* ----------------------------------------------------------- program */

static uint32_t count_params(const ast_decl *dcl)
{
    const ast_decl *pd;
    const ast_var  *v;
    uint32_t        n = 0;

    for (pd = dcl->u.proc.params; pd; pd = pd->next)
        for (v = pd->u.var.vars; v; v = v->next)
            n++;
    return n;
}

static void register_decls(cstate *cs)
{
    ast_decl *dcl;
    proc_ent  pe;
    size_t    i;

    for (dcl = cs->lp->decls; dcl; dcl = dcl->next) {
        cs->decl_rank++;
        switch (dcl->kind) {
        case AST_D_MTYPE:
            fe_declare_mtypes(cs, dcl);
            break;
        case AST_D_TYPEDEF:
            fe_declare_typedef(cs, dcl);
            break;
        case AST_D_VAR:
            fe_declare_vars(cs, dcl, 0, 0);
            break;
        case AST_D_INLINE:
            if (fe_find_inline(cs, dcl->u.inl.name))
                diag_error(cs->d, dcl->pos, "inline '%s' is already "
                           "declared", dcl->u.inl.name);
            fe_push(&cs->inlines, dcl);
            break;
        case AST_D_PROC:
            if (fe_find_proc(cs, dcl->u.proc.name) != NOLOC)
                diag_error(cs->d, dcl->pos, "proctype '%s' is already "
                           "declared", dcl->u.proc.name);
            if (cs->proclist.n == BC_MAX_PROCTYPES) {
                diag_error(cs->d, dcl->pos, "more than %u proctypes (init "
                           "included): a limit of spore",
                           BC_MAX_PROCTYPES);
                cs->fatal = 1;      /* the rest is not even registered */
                return;
            }
            memset(&pe, 0, sizeof pe);
            pe.decl = dcl;
            pe.nparams = count_params(dcl);
            pe.rank = cs->decl_rank;
            pe.pslot0 = (uint32_t)cs->cslots.n;
            for (i = 0; i < pe.nparams; i++)
                fe_new_slot(cs);
            fe_push(&cs->proclist, pe);
            break;
        case AST_D_NEVER:
        case AST_D_LTL:             /* frontend/claim.c: add_claim() */
            break;
        }
    }
    /* SPIN: a proctype and a global variable cannot share a name */
    for (i = 0; i < cs->proclist.n; i++) {
        const ast_decl *pd = cs->proclist.v[i].decl;
        const fe_sym   *g = fe_scope_find(&cs->globals, pd->u.proc.name);
        if (g != NULL && !pd->u.proc.is_init)
            diag_error(cs->d, pd->pos, "'%s' is both a proctype and %s",
                       pd->u.proc.name, g->kind == FE_SYM_MTYPE
                       ? "an mtype name" : "a global variable");
    }
}

/* The initial state: globals, global channels, then the active processes
 * and init in declaration order (as SPIN numbers them). */
static void emit_program_init(cstate *cs, bc_program *p)
{
    size_t   i;
    uint32_t total = 0;
    uint64_t nchans, bytes;
    int      bad = 0;

    p->init_code = HERE;
    emit_inits(cs, &cs->ginits, 0);
    /* The initial state must fit spore's vector: what the globals, their
     * channels, the active processes and their channels take. */
    nchans = cs->init_chans;
    bytes = BC_HDR_SIZE + (uint64_t)cs->gsize + cs->init_bytes;
    if (cs->gsize > FE_MAX_GLOBALS) {
        bad = 1;                        /* reported (fe_declare_vars) */
    } else if (nchans > BC_MAX_CHANS || bytes > BC_MAX_VECTOR) {
        diag_error(cs->d, cs->over_pos,
                   nchans > BC_MAX_CHANS ? "%" PRIu64 " global channels, "
                   "more than the limit of %u" : "the globals and their "
                   "channels take %" PRIu64 " bytes, more than spore's "
                   "limit of %u for a state", nchans > BC_MAX_CHANS
                   ? nchans : bytes, nchans > BC_MAX_CHANS ? BC_MAX_CHANS
                   : BC_MAX_VECTOR);
        bad = 1;
    }
    for (i = 0; i < cs->proclist.n; i++) {
        const ast_decl *dcl = cs->proclist.v[i].decl;
        const proc_ent *pe = &cs->proclist.v[i];
        int64_t         k = 0, j;
        if (dcl->kind == AST_D_NEVER)   /* the claim is not a process */
            continue;
        if (dcl->u.proc.is_init)
            k = 1;
        else if (dcl->u.proc.is_active)
            k = dcl->u.proc.active_count
                ? fe_const_expr(cs, dcl->u.proc.active_count, "active [N]") : 1;
        /* SPIN starts active processes with zero parameters */
        if (k < 0) {
            diag_error(cs->d, dcl->pos, "active [%" PRId64 "]: a negative "
                       "number of processes", k);
            k = 0;
            bad = 1;
        } else if (total + k > BC_MAX_PROCS) {
            diag_error(cs->d, dcl->pos, "too many active processes: %"
                       PRId64 " in all, more than the limit of %u",
                       total + k, BC_MAX_PROCS);
            k = 0;
            bad = 1;
        }
        nchans += (uint64_t)k * pe->init_chans;
        bytes += (uint64_t)k * (BC_PROC_HDR + cs->procs.v[i].frame_size
                                + pe->init_bytes);
        if (!bad && (nchans > BC_MAX_CHANS || bytes > BC_MAX_VECTOR)) {
            diag_error(cs->d, dcl->pos, nchans > BC_MAX_CHANS
                       ? "with the processes of '%s', the initial state "
                       "has %" PRIu64 " channels, more than the limit of %u"
                       : "with the processes of '%s', the initial state "
                       "takes %" PRIu64 " bytes, more than spore's limit "
                       "of %u for a state", dcl->u.proc.name,
                       nchans > BC_MAX_CHANS ? nchans : bytes,
                       nchans > BC_MAX_CHANS ? BC_MAX_CHANS
                       : BC_MAX_VECTOR);
            bad = 1;
        }
        for (j = 0; j < k; j++, total++) {
            uint32_t a;
            for (a = 0; a < cs->proclist.v[i].nparams; a++)
                fe_emit(cs, BC_PUSHK, 0, 0, 0, 0);
            fe_emit(cs, BC_RUN, 0, (uint32_t)i,
                    (int32_t)cs->proclist.v[i].nparams,
                    (int32_t)fe_add_loc(cs, dcl->pos));
            if (cs->prio && dcl->u.proc.priority != NULL) {
                /* pan starts active processes and init with their
                 * tag (a `run' without one gets 1) */
                int64_t v = 1;
                (void)fe_const_value(cs, dcl->u.proc.priority, &v);
                fe_emit(cs, BC_PUSHK, 0, 0, (int32_t)v, 0);
                fe_emit(cs, BC_SETPRIO, 0, 0, 0,
                        (int32_t)fe_add_loc(cs, dcl->pos));
            } else {
                fe_emit(cs, BC_POP, 0, 0, 0, 0);
            }
        }
    }
    if (total == 0 && !bad && cs->proclist.n > 0)
        diag_error(cs->d, cs->proclist.v[0].decl->pos, "no process to "
                   "run: the model has no init and no active proctype "
                   "with at least one instance (SPIN: no runable "
                   "process)");
    if (p->has_claim) {             /* the claim starts at its start */
        const bc_proctype *c = &cs->procs.v[p->claim];

        fe_emit(cs, BC_PUSHK, 0, 0, (int32_t)c->start, 0);
        fe_emit(cs, BC_STOREG, BC_T_SHORT, 0,
                (int32_t)(p->claim_off - BC_HDR_SIZE), 0);
    }
    fe_emit(cs, BC_RET, 0, 0, 0, 0);
}

/* SPIN leaves out of the state a global that no expression reads (its
 * own x++ and printf arguments do not count; being the target of a
 * receive does): assignments to it have no effect that anyone
 * can see, and keeping it would split states.  Channels and structures
 * are kept.  The variable keeps its initial value (the initialisation
 * code from init_start on is left alone). */
static void drop_unread_globals(cstate *cs, uint32_t init_start)
{
    const fe_sym *y;
    size_t        i;
    uint32_t      gsize = cs->gsize, k;
    /* per global byte: how many instructions read it (first as the
     * differences of a prefix sum); in a dropped global; the first byte
     * of a dropped global */
    int32_t      *read;
    uint8_t      *drop, *start;

    if (cs->fo != NULL && cs->fo->keep_all)
        return;
    read = xcalloc((size_t)gsize + 1, sizeof *read);
    drop = xcalloc((size_t)gsize + 1, 1);
    start = xcalloc((size_t)gsize + 1, 1);
    for (i = 0; i < cs->code.n; i++) {
        const bc_insn *in = &cs->code.v[i];
        uint32_t       a, b;
        if (in->t & FE_T_NOUSE)
            continue;
        /* a receive into the variable counts as a use (SPIN keeps
         * such a variable) */
        if (in->op == BC_LOADG || (in->op == BC_STOREG && i > 0
                                   && in[-1].op == BC_RFIELD)) {
            a = (uint32_t)in->b;
            b = a + bc_type_size(in->t);
        } else if (in->op == BC_LOADGX || (in->op == BC_STOREGX && i > 0
                                           && in[-1].op == BC_RFIELD)) {
            a = (uint32_t)in->b - in->a;
            b = a + (uint32_t)in->c;
        } else {
            continue;
        }
        if (a < b && a < gsize) {
            read[a]++;
            read[b < gsize ? b : gsize]--;
        }
    }
    for (k = 1; k < gsize; k++)
        read[k] += read[k - 1];
    for (y = cs->globals.syms; y; y = y->next) {
        uint32_t lo = y->offset, hi = y->offset + fe_sym_size(y);
        int      used = 0;
        if (y->kind != FE_SYM_GLOBAL || y->type->is_struct
            || (y->type->vflags & BC_V_CHAN) || hi > gsize)
            continue;
        /* observed from outside (fe_options.keep: --outcomes) */
        for (i = 0; cs->fo != NULL && i < cs->fo->nkeep && !used; i++)
            used = strcmp(cs->fo->keep[i], y->name) == 0;
        for (k = lo; k < hi && !used; k++)
            used = read[k] != 0;
        if (used)
            continue;
        memset(drop + lo, 1, hi - lo);
        start[lo] = 1;
    }
    for (i = 0; i < init_start && i < cs->code.n; i++) {
        bc_insn *in = &cs->code.v[i];
        if (in->op == BC_STOREG && (uint32_t)in->b < gsize
            && drop[in->b])
            *in = (bc_insn){ BC_POP, 0, 0, 0, 0 };
        else if (in->op == BC_STOREGX && (uint32_t)in->b - in->a < gsize
                 && start[(uint32_t)in->b - in->a])
            *in = (bc_insn){ BC_POP2, 0, 0, 0, 0 };
    }
    for (i = 0; i < cs->code.n; i++)
        cs->code.v[i].t &= (uint8_t)~FE_T_NOUSE;
    free(read);
    free(drop);
    free(start);
}

#define TAKE(dst, cnt, vec) do {                                \
        (dst) = (vec).v; (cnt) = (uint32_t)(vec).n;             \
        (vec).v = NULL; (vec).n = (vec).cap = 0;                \
    } while (0)

static void cstate_fini(cstate *cs)
{
    free(cs->code.v); free(cs->locs.v); free(cs->strings.v);
    free(cs->files.v); free(cs->file_map.v); free(cs->gvars.v);
    free(cs->chantypes.v); free(cs->procs.v); free(cs->pclocs.v);
    free(cs->trans.v); free(cs->typedefs.v); free(cs->inlines.v);
    free(cs->proclist.v); free(cs->mtypes.v); free(cs->ginits.v);
    for (size_t k = 0; k < cs->msets.n; k++)
        free(cs->msets.v[k].names);
    free(cs->msets.v);
    free(cs->lvars.v); free(cs->linits.v); free(cs->edges.v);
    free(cs->escs.v);
    free(cs->lflags.v); free(cs->latomic.v);
    free(cs->labels.v); free(cs->substs.v); free(cs->dbreaks.v);
    free(cs->dlabels.v); free(cs->dfixes.v);
    free(cs->dstep_entries.v);
    free(cs->inner_labels.v);
    free(cs->ct_fslot0.v); free(cs->cslots.v); free(cs->cflows.v);
    free(cs->chuses.v); free(cs->xclaims.v);
    fe_scope_fini(&cs->globals);
    fe_scope_fini(&cs->locals);
    fe_claim_fini(cs);
    fe_remote_fini(cs);
}

/* The never claim, if the model has one: the last proctype, its pc in
 * two bytes after the globals (frontend/claim.c says why). */
static void add_claim(cstate *cs, bc_program *p)
{
    ast_decl *c = fe_claim_pick(cs);
    proc_ent  pe;

    if (c == NULL)
        return;
    fe_claim_check(cs, c);
    memset(&pe, 0, sizeof pe);
    pe.decl = c;
    pe.rank = ++cs->decl_rank;
    pe.pslot0 = (uint32_t)cs->cslots.n;
    p->has_claim = 1;
    p->claim = (uint32_t)cs->proclist.n;
    p->claim_off = BC_HDR_SIZE + cs->gsize;
    p->claim_name = cs->claim_name != NULL
                    ? arena_strdup(cs->mem, cs->claim_name) : NULL;
    p->claim_ltl = cs->claim_ltl;
    p->claim_next = cs->claim_next;
    cs->gsize += 2;
    fe_push(&cs->proclist, pe);
}

/* CNEWs from code index pc to the first RET; *run_at gets the number
 * seen before the first RUN (all of them when there is none). */
static uint32_t count_cnews(const bc_program *p, uint32_t pc,
                            uint32_t *run_at)
{
    uint32_t n = 0;

    *run_at = UINT32_MAX;
    for (; pc < p->ncode && p->code[pc].op != BC_RET; pc++) {
        if (p->code[pc].op == BC_RUN && *run_at == UINT32_MAX)
            *run_at = n;
        if (p->code[pc].op == BC_CNEW)
            n++;
    }
    if (*run_at == UINT32_MAX)
        *run_at = n;
    return n;
}

/* The segment counts of the vector's layout (engine/model/bc.h): the
 * global channels come before every process, and each process is
 * followed by the channels its init code creates. */
static void count_segments(bc_program *p)
{
    uint32_t k, before;

    for (k = 0; k < p->nprocs; k++)
        if (!(p->has_claim && k == p->claim))
            p->procs[k].nchans = count_cnews(p, p->procs[k].init_code,
                                             &before);
    count_cnews(p, p->init_code, &before);
    p->nglobal_chans = before;
}

bc_program *fe_compile(const lang_program *lp, const char *model_name,
                       diag *d)
{
    return fe_compile_opts(lp, model_name, NULL, d);
}

bc_program *fe_compile_opts(const lang_program *lp, const char *model_name,
                            const fe_options *fo, diag *d)
{
    cstate      cs;
    bc_program *p;
    size_t      i;

    memset(&cs, 0, sizeof cs);
    cs.d = d;
    cs.fo = fo;
    cs.lp = lp;
    cs.mem = arena_new();
    p = xcalloc(1, sizeof *p);
    p->mem = cs.mem;
    p->model_name = arena_strdup(cs.mem, model_name);
    p->model_hash = XXH3_64bits(lp->text ? lp->text : "", lp->text_len);
    fe_push(&cs.locs, ((bc_srcloc){0, 0, 0}));
    fe_file_index(&cs, 0);
    register_decls(&cs);
    cs.has_xclaims = model_has_xclaim(lp);
    if (cs.proclist.n == 0)
        diag_error(d, NOPOS, "the model has no proctype and "
                   "no init");
    if (!cs.fatal)
        add_claim(&cs, p);
    cs.prio = lp->uses_priority;
    if (cs.prio) {              /* the byte every step touches */
        cs.prio_tok = cs.gsize;
        cs.gsize += 1;
    }
    fe_remote_scan(&cs);
    for (i = 0; i < cs.proclist.n && !cs.fatal; i++) {
        uint32_t first = (uint32_t)cs.trans.n;

        cs.in_claim = p->has_claim && i == p->claim;
        fe_remote_begin_proc(&cs, (uint32_t)i);
        lower_proc(&cs, (uint32_t)i);
        if (cs.in_claim)
            fe_claim_code(&cs, &cs.procs.v[i], first);
    }
    cs.in_claim = 0;
    cs.rr_touch = 0;
    fe_remote_finish(&cs);
    if (!cs.fatal) {
        emit_program_init(&cs, p);
        drop_unread_globals(&cs, p->init_code);
    }
    if (diag_count(d) == 0)         /* its facts need sound declarations */
        fe_chan_flow_check(&cs);
    for (i = 0; cs.prio && diag_count(d) == 0 && i < cs.chantypes.n; i++)
        if (cs.chantypes.v[i].cap == 0) {
            diag_error(d, NOPOS, "process priorities cannot be combined "
                       "with rendezvous channels (pan refuses them too)");
            break;
        }
    if (diag_count(d) > 0) {
        cstate_fini(&cs);
        p->mem = NULL;
        arena_free(cs.mem);
        free(p);
        return NULL;
    }
    if (cs.mtypes.n == 0)
        fe_push(&cs.mtypes, "");
    TAKE(p->code, p->ncode, cs.code);
    TAKE(p->trans, p->ntrans, cs.trans);
    TAKE(p->pclocs, p->npclocs, cs.pclocs);
    TAKE(p->procs, p->nprocs, cs.procs);
    TAKE(p->chantypes, p->nchantypes, cs.chantypes);
    TAKE(p->globals, p->nglobals, cs.gvars);
    TAKE(p->strings, p->nstrings, cs.strings);
    TAKE(p->locs, p->nlocs, cs.locs);
    TAKE(p->files, p->nfiles, cs.files);
    TAKE(p->mtypes, p->nmtypes, cs.mtypes);
    p->globals_size = cs.gsize;
    p->has_priority = cs.prio;
    cstate_fini(&cs);
    count_segments(p);
    fe_compute_deps(p);
    return p;
}
