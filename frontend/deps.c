/*
 * frontend/deps.c -- static read/write sets of every transition.
 *
 * Computed from the emitted code, not from the AST, so that the analysis
 * cannot disagree with what the VM does (conventions R8).  The objects
 * are the bytes of the globals block (a scalar access covers its bytes;
 * an indexed access covers the whole variable, since the index is not
 * known before the step runs) and three pseudo-objects: the channels
 * (any channel: channel ids are values), the set of processes (_nr_pr,
 * run, process death) and the timeout condition.  Local variables are
 * never shared.  A RUN also reads what the new process's initialisers
 * read.
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

static void set_range(uint64_t *w, uint32_t lo, uint32_t n)
{
    uint32_t i;

    for (i = 0; i < n; i++)
        set_bit(w, lo + i);
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
        if (i->op == BC_RUN && depth < 4 && i->a < p->nprocs)
            scan(p, p->procs[i->a].init_code, p->ncode, rd, wr, depth + 1);
        if (i->op == BC_RET)
            return;
    }
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
    }
}
