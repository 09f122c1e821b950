/*
 * frontend/chanflow.c -- channel types and their flow.
 *
 * Interns the channel types of declarations (`[N] of {...}`), and
 * records and solves the flow of channel types through assignments, run
 * arguments and messages (see the channel-type flow note in fe_int.h),
 * so that a send or receive with the wrong number of fields, or a
 * rendezvous send inside a d_step, is an error found at compile time.
 */
#include "config.h"

#include "frontend/fe_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------- channel types */

int fe_is_chan_sym(const fe_sym *y)
{
    return y->kind != FE_SYM_MTYPE && !y->type->is_struct
        && (y->type->vflags & BC_V_CHAN);
}

uint32_t fe_new_slot(cstate *cs)
{
    chset z;

    memset(&z, 0, sizeof z);
    fe_push(&cs->cslots, z);
    return (uint32_t)cs->cslots.n - 1;
}

void fe_add_flow(cstate *cs, cflow_kind k, uint32_t a, uint32_t b,
                 uint32_t c)
{
    cflow f;

    f.kind = k;
    f.a = a;
    f.b = b;
    f.c = c;
    fe_push(&cs->cflows, f);
}

/* The slot of the channel that e names: a chan variable or an element
 * of a chan array (not a structure field); CF_ANY for anything else. */
uint32_t fe_chan_slot(cstate *cs, const ast_expr *e)
{
    const fe_sym *y;

    e = fe_resolve_quiet(cs, e);
    if (e->kind != AST_E_VAR || e->u.var.field)
        return CF_ANY;
    y = fe_lookup(cs, e->u.var.name);
    if (y == NULL || y->slot == 0 || !fe_is_chan_sym(y))
        return CF_ANY;
    return y->slot - 1;
}

/* Where the channel value e comes from: a slot, CF_NONE for 0 (no
 * channel), CF_ANY when it cannot be told. */
uint32_t fe_chan_src(cstate *cs, const ast_expr *e)
{
    int64_t v;

    if (fe_const_value(cs, e, &v))
        return v == 0 ? CF_NONE : CF_ANY;
    return fe_chan_slot(cs, e);
}

/* Slot dst receives the channel value e. */
void fe_flow_into(cstate *cs, uint32_t dst, const ast_expr *e)
{
    uint32_t src = fe_chan_src(cs, e);

    if (src == CF_ANY)
        fe_add_flow(cs, CF_TOP, 0, dst, 0);
    else if (src != CF_NONE)
        fe_add_flow(cs, CF_COPY, src, dst, 0);
}

/* The chantype of a declaration `= [cap] of { types }`: an earlier one
 * with the same capacity and field types, or a new one. */
uint32_t fe_intern_chantype(cstate *cs, const ast_var *v)
{
    bc_chantype ct;
    uint32_t    f, fo = 0, k;
    uint8_t    *ft, *ff;
    uint32_t   *foff;
    int64_t     cap = fe_const_expr(cs, v->chan_cap, "a channel size");

    if (cap < 0 || cap > BC_MAX_CAP) {
        diag_error(cs->d, v->chan_cap->pos, "channel capacity %" PRId64
                   " is out of range (spore allows 0 to %u)", cap,
                   BC_MAX_CAP);
        cap = 0;
    }
    ct.cap = (uint32_t)cap;
    ct.nfields = (uint32_t)v->chan_nfields;
    ft = arena_alloc(cs->mem, ct.nfields + 1);
    ff = arena_alloc(cs->mem, ct.nfields + 1);
    foff = arena_alloc(cs->mem, sizeof *foff * (ct.nfields + 1));
    for (f = 0; f < ct.nfields; f++) {
        const fe_type *x = fe_resolve_type(cs, &v->chan_fields[f]);
        if (x->is_struct) {
            diag_error(cs->d, v->chan_fields[f].pos, "structures in messages "
                       "are not supported");
            x = &fe_type_int;
        }
        ft[f] = x->bctype;
        ff[f] = x->vflags;
        foff[f] = fo;
        fo += x->size;
    }
    ct.ftypes = ft;
    ct.fflags = ff;
    ct.foffsets = foff;
    ct.msg_size = fo;
    for (k = 0; k < cs->chantypes.n; k++) {
        const bc_chantype *o = &cs->chantypes.v[k];
        if (o->cap == ct.cap && o->nfields == ct.nfields
            && memcmp(o->ftypes, ft, ct.nfields) == 0
            && memcmp(o->fflags, ff, ct.nfields) == 0)
            return k;
    }
    if (cs->chantypes.n == FE_MAX_CHANTYPES) {
        diag_error(cs->d, v->pos, "more than %u different channel types "
                   "(capacity and field types): a limit of spore",
                   FE_MAX_CHANTYPES);
    }
    if (cs->chantypes.n >= FE_MAX_CHANTYPES)
        return 0;
    fe_push(&cs->chantypes, ct);
    fe_push(&cs->ct_fslot0, (uint32_t)cs->cslots.n);
    for (f = 0; f < ct.nfields; f++)
        fe_new_slot(cs);
    return (uint32_t)cs->chantypes.n - 1;
}

static int chset_has(const chset *s, uint32_t t)
{
    return (s->w[t / 64] >> (t % 64)) & 1;
}

/* d := d | s; returns 1 when d changed. */
static int chset_join(chset *d, const chset *s)
{
    int      ch = 0;
    uint32_t i;

    if (d->top)
        return 0;
    if (s->top) {
        d->top = 1;
        return 1;
    }
    for (i = 0; i < FE_CT_WORDS; i++)
        if (s->w[i] & ~d->w[i]) {
            d->w[i] |= s->w[i];
            ch = 1;
        }
    return ch;
}

/* Field j of every channel type in chan (every type with such a field
 * when chan is unknown) gets the value src. */
static int flow_send(cstate *cs, const chset *chan, uint32_t j,
                     const chset *src)
{
    uint32_t t;
    int      ch = 0;

    for (t = 0; t < cs->chantypes.n; t++)
        if ((chan == NULL || chan->top || chset_has(chan, t))
            && j < cs->chantypes.v[t].nfields)
            ch |= chset_join(&cs->cslots.v[cs->ct_fslot0.v[t] + j], src);
    return ch;
}

static int flow_recv(cstate *cs, const chset *chan, uint32_t j, chset *dst)
{
    static const chset top = { { 0 }, 1 };
    uint32_t t;
    int      ch = 0;

    if (chan == NULL || chan->top)
        return chset_join(dst, &top);
    for (t = 0; t < cs->chantypes.n; t++)
        if (chset_has(chan, t) && j < cs->chantypes.v[t].nfields)
            ch |= chset_join(dst, &cs->cslots.v[cs->ct_fslot0.v[t] + j]);
    return ch;
}

/* Solve the flow facts: every slot gets the chantypes that reach it. */
static void chan_flow_solve(cstate *cs)
{
    static const chset top = { { 0 }, 1 };
    int    changed = 1;
    size_t i;

    while (changed) {
        changed = 0;
        for (i = 0; i < cs->cflows.n; i++) {
            const cflow *f = &cs->cflows.v[i];
            chset       *sl = cs->cslots.v;
            const chset *chan = NULL;       /* SEND, RECV: the channel */
            chset        one;

            if ((f->kind == CF_SEND || f->kind == CF_RECV) && f->a != CF_ANY)
                chan = &sl[f->a];

            switch (f->kind) {
            case CF_TYPE:
                memset(&one, 0, sizeof one);
                one.w[f->a / 64] = (uint64_t)1 << (f->a % 64);
                changed |= chset_join(&sl[f->b], &one);
                break;
            case CF_TOP:
                changed |= chset_join(&sl[f->b], &top);
                break;
            case CF_COPY:
                changed |= chset_join(&sl[f->b], &sl[f->a]);
                break;
            case CF_SEND:
                if (f->c != CF_NONE)
                    changed |= flow_send(cs, chan, f->b,
                                         f->c == CF_ANY ? &top : &sl[f->c]);
                break;
            case CF_RECV:
                changed |= flow_recv(cs, chan, f->b, &sl[f->c]);
                break;
            }
        }
    }
}

/* Check every send and receive against the channel types its channel
 * may have: an error when none of them has as many fields as the
 * statement (SPIN: "too few parameters in send", "missing pars in
 * receive", found by pan when the step runs), or when every one is a
 * rendezvous and the send is inside a d_step (pan: "rv-attempt in
 * d_step"; with a mix, the VM reports it when it happens).  A send with
 * more fields than any channel type of the model has is refused
 * whatever its channel (SPIN: "too many pars in send"). */
void fe_chan_flow_check(cstate *cs)
{
    uint32_t maxf = 0, t;
    size_t   i;

    chan_flow_solve(cs);
    for (t = 0; t < cs->chantypes.n; t++)
        if (cs->chantypes.v[t].nfields > maxf)
            maxf = cs->chantypes.v[t].nfields;
    for (i = 0; i < cs->chuses.n; i++) {
        const chuse *u = &cs->chuses.v[i];
        const chset *s = u->slot == CF_ANY ? NULL : &cs->cslots.v[u->slot];
        uint32_t     n = 0, nbad = 0, nrv = 0, bad = 0;
        sbuf         b = { NULL, 0, 0 };

        if (s != NULL && !s->top)
            for (t = 0; t < cs->chantypes.n; t++) {
                if (!chset_has(s, t))
                    continue;
                n++;
                /* a poll may leave the last fields out (SPIN) */
                if (u->poll == 2 ? cs->chantypes.v[t].nfields < u->nargs
                    : cs->chantypes.v[t].nfields != u->nargs) {
                    if (nbad++ == 0)
                        bad = cs->chantypes.v[t].nfields;
                }
                if (cs->chantypes.v[t].cap == 0)
                    nrv++;
            }
        fe_expr_text(&b, u->chan);
        if (n > 0 && nbad == n)
            diag_error(cs->d, u->pos, "wrong number of message fields: "
                       "channel '%s' carries %u, the %s %s %u",
                       b.s ? b.s : "", bad, u->send ? "send" : "receive",
                       u->send ? "gives" : "takes", u->nargs);
        else if (u->send && u->nargs > maxf)
            diag_error(cs->d, u->pos, "too many message fields: the send "
                       "gives %u, no channel of the model carries more "
                       "than %u", u->nargs, maxf);
        else if (n > 0 && nrv == n && u->poll)
            diag_error(cs->d, u->pos, u->poll == 2
                       ? "poll of rendezvous channel '%s': it has no "
                       "contents to test (pan: error to poll rendezvous "
                       "channel)"
                       : "copy receive from rendezvous channel '%s': it "
                       "has no contents to copy (pan: polling rv chan)",
                       b.s ? b.s : "");
        else if (n > 0 && nrv == n && u->send && u->dstep)
            diag_error(cs->d, u->pos, "rendezvous send on '%s' inside "
                       "d_step: a d_step cannot wait for a receiver (pan: "
                       "rv-attempt in d_step)", b.s ? b.s : "");
        free(b.s);
    }
}

/* A send (send != 0) or receive of nargs fields on channel e. */
void fe_chan_use(cstate *cs, const ast_stmt *s, int send, uint32_t nargs)
{
    chuse u;

    u.pos = s->pos;
    u.chan = fe_resolve_quiet(cs, s->u.io.chan);
    u.slot = fe_chan_slot(cs, s->u.io.chan);
    u.nargs = nargs;
    u.send = send;
    u.dstep = cs->in_dstep;
    u.poll = s->kind == AST_S_RECV && s->u.io.copy;
    fe_push(&cs->chuses, u);
}

void fe_xclaim_note(cstate *cs, const ast_stmt *s)
{
    const ast_expr *a;

    if (!cs->in_proc || cs->in_claim) {
        diag_error(cs->d, s->pos, "'%s' belongs in a proctype: it says "
                   "which process alone %s the channel",
                   s->u.io.xmode == 1 ? "xr" : "xs",
                   s->u.io.xmode == 1 ? "receives from" : "sends to");
        return;
    }
    for (a = s->u.io.args; a != NULL; a = a->next) {
        xclaim_note x;
        const ast_expr *r = fe_resolve_quiet(cs, a);
        const fe_sym   *y = r->kind == AST_E_VAR
                            ? fe_lookup(cs, r->u.var.name) : NULL;

        if (y == NULL || r->u.var.field || !fe_is_chan_sym(y)) {
            diag_error(cs->d, a->pos, "'%s' needs a channel variable",
                       s->u.io.xmode == 1 ? "xr" : "xs");
            continue;
        }
        if (r->u.var.index) {
            diag_error(cs->d, a->pos, "'%s' of an array element (SPIN "
                       "rejects it: declare `chan c = %s[...]' and use "
                       "c)", s->u.io.xmode == 1 ? "xr" : "xs",
                       r->u.var.name);
            continue;
        }
        x.chan = a;
        x.mode = (uint32_t)s->u.io.xmode;
        x.scope = cs->locals.syms;
        x.pos = a->pos;
        fe_push(&cs->xclaims, x);
    }
}

void fe_chan_poll_use(cstate *cs, const ast_expr *e, uint32_t nargs)
{
    chuse u;

    u.pos = e->pos;
    u.chan = fe_resolve_quiet(cs, e->u.op.a);
    u.slot = fe_chan_slot(cs, e->u.op.a);
    u.nargs = nargs;
    u.send = 0;
    u.dstep = cs->in_dstep;
    u.poll = 2;
    fe_push(&cs->chuses, u);
}

/* Does e contain a run? */
