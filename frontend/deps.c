/*
 * frontend/deps.c -- static read/write sets of every transition.
 *
 * Computed from the emitted code, not from the AST, so that the analysis
 * cannot disagree with what the VM does (conventions R8).  The objects
 * are the bytes of the globals block (a scalar access covers its bytes;
 * an indexed access covers the whole variable, since the index is not
 * known before the step runs) and three pseudo-objects: the channels
 * (any channel: channel ids are values; a sorted send, a random receive
 * and a poll read or write the channel as a whole, as every channel
 * operation does), the set of processes (_nr_pr,
 * run, process death) and the timeout condition.  Local variables are
 * never shared.  A RUN also reads what the new process's initialisers
 * read (and creates its channels); a death deletes the process's
 * channels.  A fourth pseudo-object, the atomic gate, is described at
 * compute_gate().
 */
#include "config.h"

#include "frontend/fe.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static void set_bit(uint64_t *w, uint32_t bit)
{
    w[bit / 64] |= (uint64_t)1 << (bit % 64);
}

/* Bits lo .. lo + n - 1, a word at a time. */
static void set_range(uint64_t *w, uint32_t lo, uint32_t n)
{
    uint32_t hi = lo + n;

    while (lo < hi && lo % 64 != 0)
        set_bit(w, lo++);
    for (; hi - lo >= 64; lo += 64)
        w[lo / 64] = ~(uint64_t)0;
    while (lo < hi)
        set_bit(w, lo++);
}

/* Add the effects of code [pc, end) (or up to its RET/END) to rd, wr. */
static void scan(const bc_program *p, uint32_t pc, uint32_t end, uint64_t *rd,
                 uint64_t *wr, int depth)
{
    uint32_t g = p->globals_size;

    for (; pc < end; pc++) {
        const bc_insn  *i = &p->code[pc];
        const bc_opinfo *info = &bc_opinfos[i->op];
        unsigned        f = info->flags;

        if (f & (BC_F_GREAD | BC_F_GWRITE)) {
            uint32_t lo, n;
            if (f & BC_F_RANGE) {
                lo = (uint32_t)i->b - i->a;
                n = (uint32_t)i->c;
            } else {
                lo = (uint32_t)i->b;
                n = bc_type_size(i->t);
            }
            if (lo + n > g)
                n = lo < g ? g - lo : 0;
            set_range(f & BC_F_GREAD ? rd : wr, lo, n);
        }
        if (f & BC_F_CHAN_R)
            set_bit(rd, g + BC_OBJ_CHANS);
        if (f & BC_F_CHAN_W) {
            set_bit(rd, g + BC_OBJ_CHANS);
            set_bit(wr, g + BC_OBJ_CHANS);
        }
        if (f & BC_F_NRPR_R)
            set_bit(rd, g + BC_OBJ_NRPR);
        if (f & BC_F_NRPR_W) {
            set_bit(rd, g + BC_OBJ_NRPR);
            set_bit(wr, g + BC_OBJ_NRPR);
        }
        if (f & BC_F_TIMEOUT)
            set_bit(rd, g + BC_OBJ_TIMEOUT);
        if (i->op == BC_CNEW) {
            /* a new channel takes the lowest free id, which a channel
             * freed by a process's death may have had: a step that used
             * that id depends on this one (doc/soundness.md, channel
             * identity) */
            set_bit(rd, g + BC_OBJ_CHANS);
            set_bit(wr, g + BC_OBJ_CHANS);
        }
        if (i->op == BC_RUN && depth < 4 && i->a < p->nprocs)
            scan(p, p->procs[i->a].init_code, p->ncode, rd, wr, depth + 1);
        if (i->op == BC_RET)
            return;
    }
}

/* Does proctype k create channels of its own (its init code has a
 * CNEW)?  Its death then deletes them. */
static int makes_chans(const bc_program *p, uint32_t k)
{
    uint32_t pc;

    for (pc = p->procs[k].init_code; pc < p->ncode; pc++) {
        if (p->code[pc].op == BC_CNEW)
            return 1;
        if (p->code[pc].op == BC_RET)
            return 0;
    }
    return 0;
}

/* A send or receive (c!e, c!!e, c?e, c??e, c?<e>, c??<e>): a possible
 * rendezvous partner.  Polls need not count (they never take part in a
 * handshake): their channel reads are in the read sets. */
static int has_chanop(const bc_program *p, uint32_t t)
{
    return bc_trans_has_op(p, t, BC_SEND) || bc_trans_has_op(p, t, BC_RECV)
           || bc_trans_has_op(p, t, BC_RSEL);
}

static int loc_has_chanop(const bc_program *p, uint32_t li)
{
    const bc_pcloc *l = &p->pclocs[li];
    uint32_t        k;

    for (k = l->first; k < l->first + l->ntrans; k++)
        if (has_chanop(p, k))
            return 1;
    return 0;
}

static uint32_t loc_of(const bc_program *p, uint32_t t, int dst)
{
    const bc_trans *tr = &p->trans[t];

    return p->procs[tr->proc].loc0 + (dst ? tr->dst : tr->src);
}

/* The atomic gate (doc/soundness.md, "atomic sequences that block half
 * way").  A process inside an atomic sequence keeps the CPU only while
 * its next statement is executable; when it is blocked there, the
 * others move, and a step that makes it executable again takes the CPU
 * from them.  Whether such an owner can move on is a shared fact that
 * no variable holds: the pseudo-object BC_OBJ_GATE.  It is written by
 * every transition that may change it: one that writes what a blocking
 * inner location reads; when such a location has a channel operation
 * and the model has rendezvous channels, one that moves a process to or
 * from a location with a channel operation (a rendezvous partner
 * becomes ready or stops being ready), or starts a process, or writes
 * what a channel operation's guard reads; every transition when a
 * blocking inner location reads timeout.  Every transition reads the
 * gate, since whether it may move at all depends on it.  Without
 * inner locations that can block (the common `atomic { guard -> ... }'),
 * nothing is added. */
static void compute_gate(bc_program *p)
{
    uint32_t  nw = p->nwords;
    uint32_t  g = p->globals_size;
    uint64_t *gr = xcalloc(nw, sizeof *gr);
    int       inner = 0, rdv = 0, chans = 0, all = 0, any = 0;
    uint32_t  t, w, k;

    for (k = 0; k < p->nchantypes; k++)
        if (p->chantypes[k].cap == 0)
            rdv = 1;
    for (t = 0; t < p->ntrans; t++) {
        uint32_t        li;
        const bc_pcloc *l;

        if (!(p->trans[t].flags & BC_TR_ATOMIC))
            continue;
        li = loc_of(p, t, 1);
        if (li >= p->npclocs || !bc_loc_can_block(p, li))
            continue;
        inner = 1;
        l = &p->pclocs[li];
        for (k = l->first; k < l->first + l->ntrans; k++) {
            for (w = 0; w < nw; w++)
                gr[w] |= bc_reads(p, k)[w];
            if (has_chanop(p, k))
                chans = 1;
        }
    }
    /* unless: at a location whose escapes hold a send, main's
     * transitions move only while that send cannot: with rendezvous
     * channels, only while no partner stands ready to receive.  That is
     * the same fact as an owner's (a partner's readiness), so such a
     * location counts as an inner one (doc/soundness.md, unless). */
    for (k = 0; rdv && k < p->npclocs; k++) {
        bc_pcloc *l = &p->pclocs[k];
        int             send = 0;

        if (!(l->flags & BC_L_ESCAPE))
            continue;
        for (t = l->first; t < l->first + l->ntrans
                           && (p->trans[t].flags & BC_TR_ESCAPE); t++)
            if (bc_trans_has_op(p, t, BC_SEND))
                send = 1;
        if (!send)
            continue;
        l->flags |= BC_L_GATE;
        inner = chans = 1;
        for (t = l->first; t < l->first + l->ntrans; t++)
            for (w = 0; w < nw; w++)
                gr[w] |= bc_reads(p, t)[w];
    }
    if (!inner) {
        free(gr);
        return;
    }
    rdv = rdv && chans;
    if (rdv)    /* a partner's readiness depends on its guard too */
        for (t = 0; t < p->ntrans; t++)
            if (has_chanop(p, t))
                for (w = 0; w < nw; w++)
                    gr[w] |= bc_reads(p, t)[w];
    all = (int)(gr[(g + BC_OBJ_TIMEOUT) / 64]
                >> ((g + BC_OBJ_TIMEOUT) % 64) & 1u);
    for (t = 0; t < p->ntrans; t++) {
        const uint64_t *wr = bc_writes(p, t);
        int             gate = all;

        for (w = 0; w < nw && !gate; w++)
            if (wr[w] & gr[w])
                gate = 1;
        if (!gate && rdv
            && (loc_has_chanop(p, loc_of(p, t, 0))
                || (!(p->trans[t].flags & BC_TR_DIE)
                    && loc_has_chanop(p, loc_of(p, t, 1)))
                || bc_trans_has_op(p, t, BC_RUN)))
            gate = 1;
        if (gate) {
            p->trans[t].flags |= BC_TR_GATE;
            any = 1;
        }
    }
    for (t = 0; t < p->ntrans && any; t++) {
        uint64_t *rd = p->facts + (size_t)2 * t * nw;

        set_bit(rd, g + BC_OBJ_GATE);
        if (p->trans[t].flags & BC_TR_GATE)
            set_bit(rd + nw, g + BC_OBJ_GATE);
    }
    free(gr);
}

void fe_compute_deps(bc_program *p)
{
    uint32_t t;

    p->nobjects = p->globals_size + BC_OBJ_NPSEUDO;
    p->nwords = (p->nobjects + 63) / 64;
    p->facts = xcalloc((size_t)2 * p->ntrans * p->nwords + 1,
                       sizeof *p->facts);
    for (t = 0; t < p->ntrans; t++) {
        uint64_t *rd = p->facts + (size_t)2 * t * p->nwords;
        uint64_t *wr = rd + p->nwords;
        scan(p, p->trans[t].code, p->trans[t].code + p->trans[t].ncode, rd,
             wr, 0);
        /* a death deletes the process's own channels (their ids are
         * then free for the next `run'): it writes the channels */
        if ((p->trans[t].flags & BC_TR_DIE)
            && makes_chans(p, p->trans[t].proc)) {
            set_bit(rd, p->globals_size + BC_OBJ_CHANS);
            set_bit(wr, p->globals_size + BC_OBJ_CHANS);
        }
    }
    compute_gate(p);
}
