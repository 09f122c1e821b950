/*
 * tests/unit/model_build.c -- the program builder and state fixture of
 * tests/unit/test_model (model_build.h).
 */
#include "config.h"

#include "tests/unit/model_build.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* ------------------------------------------------------------ builder */

bc_program *pb_new(uint32_t globals_size)
{
    bc_program *p = xcalloc(1, sizeof *p);

    p->model_name = "test.pml";
    p->code = xcalloc(PB_CODE, sizeof *p->code);
    p->trans = xcalloc(PB_TRANS, sizeof *p->trans);
    p->pclocs = xcalloc(PB_LOCS, sizeof *p->pclocs);
    p->procs = xcalloc(PB_PROCS, sizeof *p->procs);
    p->chantypes = xcalloc(PB_CTYPES, sizeof *p->chantypes);
    p->strings = xcalloc(PB_STRINGS, sizeof *p->strings);
    p->locs = xcalloc(4, sizeof *p->locs);
    p->files = xcalloc(1, sizeof *p->files);
    p->files[0] = "test.pml";
    p->nfiles = 1;
    p->nlocs = 4;
    for (uint32_t k = 0; k < 4; k++) {
        p->locs[k].line = k + 1;
        p->locs[k].col = 1;
    }
    p->strings[0] = "stmt";
    p->nstrings = 1;
    p->globals_size = globals_size;
    return p;
}

uint32_t pb_emit(bc_program *p, unsigned op, unsigned t, unsigned a,
                 int32_t b, int32_t c)
{
    bc_insn *i = &p->code[p->ncode];

    CU_ASSERT_FATAL(p->ncode < PB_CODE);
    i->op = (uint8_t)op;
    i->t = (uint8_t)t;
    i->a = (uint16_t)a;
    i->b = b;
    i->c = c;
    return p->ncode++;
}

/* A proctype with nlocs locations; its init code is a bare RET. */
uint32_t pb_proc(bc_program *p, const char *name, uint32_t frame,
                 uint32_t nlocs)
{
    uint32_t k = p->nprocs++;
    bc_proctype *pt = &p->procs[k];

    pt->name = name;
    pt->frame_size = frame;
    pt->loc0 = p->npclocs;
    pt->nlocs = nlocs;
    p->npclocs += nlocs;
    for (uint32_t l = 0; l < nlocs; l++)
        p->pclocs[pt->loc0 + l].first = UINT32_MAX;
    pt->init_code = E(p, RET, 0, 0, 0, 0);
    return k;
}

void pb_flags(bc_program *p, uint32_t proc, uint32_t loc,
              uint32_t flags)
{
    p->pclocs[p->procs[proc].loc0 + loc].flags |= flags;
}

/* Begin a transition; emit its code next, then pb_end().  Transitions of
 * one location must be added together. */
uint32_t pb_trans(bc_program *p, uint32_t proc, uint32_t src,
                  uint32_t dst, uint32_t flags)
{
    uint32_t k = p->ntrans++;
    bc_trans *tr = &p->trans[k];
    bc_pcloc *l = &p->pclocs[p->procs[proc].loc0 + src];

    tr->code = p->ncode;
    tr->proc = proc;
    tr->src = (uint16_t)src;
    tr->dst = (uint16_t)dst;
    tr->loc = src % 4;
    tr->flags = flags;
    if (l->first == UINT32_MAX)
        l->first = k;
    CU_ASSERT(l->first + l->ntrans == k);
    l->ntrans++;
    return k;
}

void pb_end(bc_program *p, uint32_t tr)
{
    p->trans[tr].ncode = p->ncode - p->trans[tr].code;
}

/* A location that is a valid end: the process's DIE. */
void pb_die(bc_program *p, uint32_t proc, uint32_t loc)
{
    uint32_t tr = pb_trans(p, proc, loc, loc, BC_TR_DIE);

    pb_flags(p, proc, loc, BC_L_END | BC_L_FINAL);
    E(p, DIE, 0, 0, 0, 0);
    pb_end(p, tr);
}

uint32_t pb_chantype(bc_program *p, uint32_t cap, uint32_t nf,
                     const uint8_t *types)
{
    uint32_t k = p->nchantypes++;
    bc_chantype *ct = &p->chantypes[k];
    uint32_t *offs = xcalloc(nf ? nf : 1, sizeof *offs);
    uint32_t off = 0;

    for (uint32_t f = 0; f < nf; f++) {
        offs[f] = off;
        off += bc_type_size(types[f]);
    }
    ct->cap = cap;
    ct->nfields = nf;
    ct->ftypes = types;
    ct->foffsets = offs;
    ct->msg_size = off;
    return k;
}

/* Field offset arrays are the builder's (the front end keeps them in the
 * arena); free them before the program. */
void pb_free(bc_program *p)
{
    for (uint32_t k = 0; k < p->nchantypes; k++)
        free((void *)p->chantypes[k].foffsets);
    bc_program_free(p);
}

/* The per-transition atomic flag, from the location flags the models
 * set (the front end computes BC_TR_ATOMIC itself: a transition into a
 * location inside an atomic sequence keeps the CPU).  Called before a
 * program is used. */
void pb_atomic_flags(bc_program *p)
{
    for (uint32_t t = 0; t < p->ntrans; t++) {
        const bc_trans *tr = &p->trans[t];
        if (p->pclocs[p->procs[tr->proc].loc0 + tr->dst].flags & BC_L_ATOMIC)
            p->trans[t].flags |= BC_TR_ATOMIC;
    }
}

/* Start the init code: "run" each proctype in order, dropping the pids. */
void pb_init_runs(bc_program *p, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        E(p, RUN, 0, k, 0, 0);
        E(p, POP, 0, 0, 0, 0);
    }
    E(p, RET, 0, 0, 0, 0);
}

/* ---------------------------------------------------------- fixture */

void fx_start(fx *f, bc_program *p)
{
    ts_finding fd;
    uint32_t fl;

    pb_atomic_flags(p);
    f->p = p;
    f->t = ts_new(p);
    ts_succs_init(&f->s);
    f->v0 = ts_initial(f->t, &f->len0, &fd, &fl);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f->v0);
    memcpy(f->cur, f->v0, f->len0);
    f->curlen = f->len0;
}

size_t fx_succ(fx *f)
{
    return ts_successors(f->t, f->cur, f->curlen, &f->s);
}

const uint8_t *fx_dst(const fx *f, size_t k)
{
    return f->s.vecs + f->s.v[k].dst_off;
}

/* Move to successor k. */
void fx_take(fx *f, size_t k)
{
    CU_ASSERT_FATAL(k < f->s.n && f->s.v[k].dst_len > 0);
    memcpy(f->cur, fx_dst(f, k), f->s.v[k].dst_len);
    f->curlen = f->s.v[k].dst_len;
}

void fx_stop(fx *f)
{
    ts_succs_fini(&f->s);
    ts_free(f->t);
    pb_free(f->p);
}

const ts_access *fx_find_acc(const fx *f, size_t k, unsigned kind,
                             uint32_t id)
{
    const ts_succ *s = &f->s.v[k];

    for (uint32_t j = 0; j < s->nacc; j++) {
        const ts_access *a = &f->s.accs[s->acc_off + j];

        if (a->kind == kind && a->id == id)
            return a;
    }
    return NULL;
}

/* pb_rv_model (model_build.h). */
bc_program *pb_rv_model(int satomic, int ratomic, int nrecv)
{
    bc_program *p = pb_new(3);
    static const uint8_t ctyp[] = { BC_T_BYTE };
    uint32_t s = pb_proc(p, "S", 0, 3);
    uint32_t tr;

    pb_chantype(p, 0, 1, ctyp);
    for (int k = 0; k < nrecv; k++) {
        uint32_t r = pb_proc(p, "R", 0, 3);

        tr = pb_trans(p, r, 0, 1, 0);
        LG(p, 0);
        E(p, RECV, 0, 1, 0, 1);
        E(p, RFIELD, 0, 0, 0, 0);
        SG(p, 1 + k);
        E(p, RDONE, 0, 0, 0, 0);
        GO(p, 1);
        pb_end(p, tr);
        if (ratomic)
            pb_flags(p, r, 1, BC_L_ATOMIC);
        tr = pb_trans(p, r, 1, 2, 0);
        GO(p, 2);
        pb_end(p, tr);
        pb_flags(p, r, 2, BC_L_END);
    }
    tr = pb_trans(p, s, 0, 1, 0);
    LG(p, 0);
    K(p, 5);
    E(p, SEND, 0, 1, 0, 1);
    GO(p, 1);
    pb_end(p, tr);
    if (satomic)
        pb_flags(p, s, 1, BC_L_ATOMIC);
    tr = pb_trans(p, s, 1, 2, 0);
    GO(p, 2);
    pb_end(p, tr);
    pb_flags(p, s, 2, BC_L_END);
    p->init_code = p->ncode;
    E(p, CNEW, 0, 0, 0, 0);
    SG(p, 0);
    E(p, RUN, 0, s, 0, 0);                      /* S is pid 0 */
    E(p, POP, 0, 0, 0, 0);
    for (int k = 0; k < nrecv; k++) {
        E(p, RUN, 0, 1 + k, 0, 0);
        E(p, POP, 0, 0, 0, 0);
    }
    E(p, RET, 0, 0, 0, 0);
    return p;
}
