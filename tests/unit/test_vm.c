/*
 * tests/unit/test_vm.c -- CUnit tests of the VM and the transition system
 * (engine/model/vm.c, engine/model/ts.c, engine/model/bc.c) on hand-assembled programs.
 *
 * A tiny builder (pb_*) makes bc_programs without the front end: globals
 * of a given size, proctypes with locations and transitions, code emitted
 * instruction by instruction.  Each test then checks ts_initial /
 * ts_successors: executability, blocking, findings, dynamic facts,
 * process creation and death, channels, rendezvous, else, timeout,
 * atomic.  A small exhaustive explorer checks whole state counts against
 * the numbers SPIN's pan gives for the same models (notes/spin-probe/).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <CUnit/Basic.h>

#include "tests/unit/unit.h"

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "engine/model/vm.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------ builder */

enum { PB_CODE = 1024, PB_TRANS = 128, PB_LOCS = 128, PB_PROCS = 8,
       PB_CTYPES = 4, PB_STRINGS = 16 };

static bc_program *pb_new(uint32_t globals_size)
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

static uint32_t emit(bc_program *p, unsigned op, unsigned t, unsigned a,
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

#define E(p, op, t, a, b, c)  emit((p), BC_##op, (t), (a), (b), (c))
#define K(p, v)               E(p, PUSHK, 0, 0, (v), 0)
#define LG(p, off)            E(p, LOADG, BC_T_BYTE, 0, (off), 0)
#define SG(p, off)            E(p, STOREG, BC_T_BYTE, 0, (off), 0)
#define GO(p, loc)            E(p, GOTO, 0, 0, (loc), 0)

/* A proctype with nlocs locations; its init code is a bare RET. */
static uint32_t pb_proc(bc_program *p, const char *name, uint32_t frame,
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

static void pb_flags(bc_program *p, uint32_t proc, uint32_t loc,
                     uint32_t flags)
{
    p->pclocs[p->procs[proc].loc0 + loc].flags |= flags;
}

/* Begin a transition; emit its code next, then pb_end().  Transitions of
 * one location must be added together. */
static uint32_t pb_trans(bc_program *p, uint32_t proc, uint32_t src,
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

static void pb_end(bc_program *p, uint32_t tr)
{
    p->trans[tr].ncode = p->ncode - p->trans[tr].code;
}

/* A location that is a valid end: the process's DIE. */
static void pb_die(bc_program *p, uint32_t proc, uint32_t loc)
{
    uint32_t tr = pb_trans(p, proc, loc, loc, BC_TR_DIE);

    pb_flags(p, proc, loc, BC_L_END | BC_L_FINAL);
    E(p, DIE, 0, 0, 0, 0);
    pb_end(p, tr);
}

static uint32_t pb_chantype(bc_program *p, uint32_t cap, uint32_t nf,
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
static void pb_free(bc_program *p)
{
    for (uint32_t k = 0; k < p->nchantypes; k++)
        free((void *)p->chantypes[k].foffsets);
    bc_program_free(p);
}

/* The per-transition atomic flag, from the location flags the models
 * set (the front end computes BC_TR_ATOMIC itself: a transition into a
 * location inside an atomic sequence keeps the CPU).  Called before a
 * program is used. */
static void pb_atomic_flags(bc_program *p)
{
    for (uint32_t t = 0; t < p->ntrans; t++) {
        const bc_trans *tr = &p->trans[t];
        if (p->pclocs[p->procs[tr->proc].loc0 + tr->dst].flags & BC_L_ATOMIC)
            p->trans[t].flags |= BC_TR_ATOMIC;
    }
}

/* Start the init code: "run" each proctype in order, dropping the pids. */
static void pb_init_runs(bc_program *p, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) {
        E(p, RUN, 0, k, 0, 0);
        E(p, POP, 0, 0, 0, 0);
    }
    E(p, RET, 0, 0, 0, 0);
}

/* ---------------------------------------------------------- fixture */

typedef struct fx {
    bc_program    *p;
    ts            *t;
    ts_succs       s;
    const uint8_t *v0;
    size_t         len0;
    uint8_t        cur[1024];
    size_t         curlen;
} fx;

static void fx_start(fx *f, bc_program *p)
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

static size_t fx_succ(fx *f)
{
    return ts_successors(f->t, f->cur, f->curlen, &f->s);
}

static const uint8_t *fx_dst(const fx *f, size_t k)
{
    return f->s.vecs + f->s.v[k].dst_off;
}

/* Move to successor k. */
static void fx_take(fx *f, size_t k)
{
    CU_ASSERT_FATAL(k < f->s.n && f->s.v[k].dst_len > 0);
    memcpy(f->cur, fx_dst(f, k), f->s.v[k].dst_len);
    f->curlen = f->s.v[k].dst_len;
}

static void fx_stop(fx *f)
{
    ts_succs_fini(&f->s);
    ts_free(f->t);
    pb_free(f->p);
}

static const ts_access *find_acc(const fx *f, size_t k, unsigned kind,
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

#define G0 BC_HDR_SIZE          /* offset of G in a vector */

/* ------------------------------------------------- vm.values suite */

static void test_truncation(void)
{
    bc_program *p = pb_new(16);
    fx f;

    K(p, 300);
    SG(p, 0);                                   /* byte: 44 */
    K(p, 2);
    E(p, STOREG, BC_T_BIT, 0, 1, 0);            /* bit: 2 -> 0 */
    K(p, 3);
    E(p, STOREG, BC_T_BIT, 0, 2, 0);            /* bit: 3 -> 1 */
    K(p, 40000);
    E(p, STOREG, BC_T_SHORT, 0, 3, 0);          /* short: -25536 */
    K(p, INT32_MAX);
    K(p, 1);
    E(p, ADD, 0, 0, 0, 0);
    E(p, STOREG, BC_T_INT, 0, 5, 0);            /* wraps to INT32_MIN */
    E(p, LOADG, BC_T_SHORT, 0, 3, 0);           /* read back signed */
    K(p, -25536);
    E(p, EQ, 0, 0, 0, 0);
    E(p, ASSERT, 0, 0, 0, 1);
    K(p, INT32_MIN);
    K(p, -1);
    E(p, DIV, 0, 0, 0, 1);                      /* defined: INT32_MIN */
    E(p, STOREG, BC_T_INT, 0, 9, 0);
    K(p, -7);
    K(p, 2);
    E(p, MOD, 0, 0, 0, 1);                      /* C semantics: -1 */
    E(p, STOREG, BC_T_BYTE, 0, 13, 0);
    K(p, -8);
    K(p, 1);
    E(p, SHR, 0, 0, 0, 0);                      /* arithmetic: -4 */
    K(p, 1);
    K(p, 33);
    E(p, SHL, 0, 0, 0, 0);                      /* masked: 1 << 1 */
    E(p, ADD, 0, 0, 0, 0);
    E(p, STOREG, BC_T_BYTE, 0, 14, 0);          /* -2 -> 254 */
    E(p, RET, 0, 0, 0, 0);
    fx_start(&f, p);
    CU_ASSERT_EQUAL(f.len0, G0 + 16);
    CU_ASSERT_EQUAL(f.v0[G0 + 0], 44);
    CU_ASSERT_EQUAL(f.v0[G0 + 1], 0);
    CU_ASSERT_EQUAL(f.v0[G0 + 2], 1);
    CU_ASSERT_EQUAL(f.v0[G0 + 3] | f.v0[G0 + 4] << 8, 40000);
    CU_ASSERT_EQUAL(f.v0[G0 + 8], 0x80);
    CU_ASSERT_EQUAL(f.v0[G0 + 5], 0);
    CU_ASSERT_EQUAL(f.v0[G0 + 12], 0x80);
    CU_ASSERT_EQUAL(f.v0[G0 + 13], 255);
    CU_ASSERT_EQUAL(f.v0[G0 + 14], 254);
    CU_ASSERT_EQUAL(fx_succ(&f), 0);            /* no processes */
    CU_ASSERT_TRUE(ts_valid_end(f.t, f.cur, f.curlen, 1));
    fx_stop(&f);
}

static void test_initial_finding(void)
{
    bc_program *p = pb_new(1);
    ts *t;
    size_t len;
    ts_finding fd;
    uint32_t fl;

    K(p, 0);
    E(p, ASSERT, 0, 0, 0, 3);
    E(p, RET, 0, 0, 0, 0);
    t = ts_new(p);
    CU_ASSERT_PTR_NULL(ts_initial(t, &len, &fd, &fl));
    CU_ASSERT_EQUAL(fd, TS_ASSERT);
    CU_ASSERT_EQUAL(fl, 3);
    ts_free(t);
    pb_free(p);
}

/* --------------------------------------------- vm.exec / findings */

/* One process A with a single transition at location 0 whose code the
 * caller emits (ending in GOTO 1); location 1 dies. */
static uint32_t one_trans(bc_program *p, uint32_t frame)
{
    uint32_t a = pb_proc(p, "A", frame, 2);

    p->init_code = p->ncode;
    pb_init_runs(p, 1);
    return pb_trans(p, a, 0, 1, 0);
}

static void test_guard_blocks(void)
{
    bc_program *p = pb_new(2);
    uint32_t tr = one_trans(p, 0);
    fx f;

    LG(p, 0);
    K(p, 1);
    E(p, EQ, 0, 0, 0, 0);
    E(p, GUARD, 0, 0, 0, 0);
    K(p, 9);
    SG(p, 1);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, 0, 1);
    fx_start(&f, p);
    CU_ASSERT_EQUAL(fx_succ(&f), 0);            /* x == 1 is false */
    CU_ASSERT_FALSE(ts_valid_end(f.t, f.cur, f.curlen, 0));
    f.cur[G0] = 1;
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 0);
    CU_ASSERT_EQUAL(f.s.v[0].trans, tr);
    CU_ASSERT_EQUAL(f.s.v[0].pid2, TS_NONE);
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[G0 + 1], 9);
    CU_ASSERT_EQUAL(f.cur[G0 + 1], 0);          /* source untouched */
    fx_take(&f, 0);
    CU_ASSERT_TRUE(ts_valid_end(f.t, f.cur, f.curlen, 0));
    CU_ASSERT_EQUAL(fx_succ(&f), 1);            /* its death */
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(f.curlen, G0 + 2);
    CU_ASSERT_EQUAL(f.cur[BC_HDR_NPROCS], 0);
    fx_stop(&f);
}

static void test_assert_keeps_successor(void)
{
    bc_program *p = pb_new(1);
    uint32_t tr = one_trans(p, 0);
    fx f;

    K(p, 0);
    E(p, ASSERT, 0, 0, 0, 2);
    K(p, 0);
    E(p, ASSERT, 0, 0, 0, 3);                   /* only the first kept */
    K(p, 5);
    SG(p, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, 0, 1);
    fx_start(&f, p);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].finding, TS_ASSERT);
    CU_ASSERT_EQUAL(f.s.v[0].floc, 2);
    CU_ASSERT_NOT_EQUAL(f.s.v[0].dst_len, 0);
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[G0], 5);
    fx_stop(&f);
}

/* Code of a failing transition, selected by kind. */
static void emit_failing(bc_program *p, int kind)
{
    switch (kind) {
    case TS_BOUNDS:
        K(p, 3);
        E(p, INDEX, 0, 1, 3, 2);                /* a[3] of byte a[3] */
        E(p, LOADGX, BC_T_BYTE, 0, 0, 3);
        E(p, POP, 0, 0, 0, 0);
        break;
    case TS_DIVZERO:
        K(p, 1);
        LG(p, 3);
        E(p, DIV, 0, 0, 0, 2);
        E(p, POP, 0, 0, 0, 0);
        break;
    case TS_BADCHAN:
        LG(p, 3);                               /* an uninitialised chan */
        K(p, 1);
        E(p, SEND, 0, 1, 0, 2);
        break;
    default:                                    /* d_step blocking */
        K(p, 1);
        SG(p, 0);
        E(p, DCOMMIT, 0, 0, 0, 0);
        LG(p, 3);
        E(p, GUARD, 0, 0, 0, 0);
        break;
    }
    GO(p, 1);
}

static void test_failures(void)
{
    static const int kinds[] = { TS_BOUNDS, TS_DIVZERO, TS_BADCHAN,
                                 TS_DSTEP_BLOCK };

    for (unsigned k = 0; k < 4; k++) {
        bc_program *p = pb_new(4);
        uint32_t tr = one_trans(p, 0);
        fx f;

        if (kinds[k] == TS_DSTEP_BLOCK)
            p->trans[tr].flags |= BC_TR_DSTEP;
        emit_failing(p, kinds[k]);
        pb_end(p, tr);
        pb_die(p, 0, 1);
        fx_start(&f, p);
        CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
        CU_ASSERT_EQUAL(f.s.v[0].finding, (uint32_t)kinds[k]);
        CU_ASSERT_EQUAL(f.s.v[0].floc, 2u - (kinds[k] == TS_DSTEP_BLOCK
                                             ? 2u : 0u));
        CU_ASSERT_EQUAL(f.s.v[0].dst_len, 0);
        fx_stop(&f);
    }
}

static void test_dstep_first_blocks(void)
{
    bc_program *p = pb_new(2);
    uint32_t tr = one_trans(p, 0);
    fx f;

    p->trans[tr].flags |= BC_TR_DSTEP;
    LG(p, 1);
    E(p, GUARD, 0, 0, 0, 0);                    /* before DCOMMIT */
    E(p, DCOMMIT, 0, 0, 0, 0);
    K(p, 1);
    SG(p, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, 0, 1);
    fx_start(&f, p);
    CU_ASSERT_EQUAL(fx_succ(&f), 0);            /* plainly not enabled */
    fx_stop(&f);
}

static void test_access_records(void)
{
    bc_program *p = pb_new(12);
    uint32_t tr = one_trans(p, 1);
    fx f;
    const ts_access *a;

    LG(p, 0);                                   /* i */
    E(p, INDEX, 0, 2, 4, 1);                    /* short a[4] at 2 */
    K(p, 7);
    E(p, STOREGX, BC_T_SHORT, 0, 2, 8);         /* a[i] = 7 */
    LG(p, 0);                                   /* read twice: one record */
    E(p, STOREL, BC_T_BYTE, 0, 0, 0);           /* locals: no record */
    E(p, NRPR, 0, 0, 0, 0);
    E(p, POP, 0, 0, 0, 0);
    E(p, TIMEOUT, 0, 0, 0, 0);
    E(p, POP, 0, 0, 0, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, 0, 1);
    fx_start(&f, p);
    f.cur[G0] = 3;
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].nacc, 4);
    a = find_acc(&f, 0, TS_OBJ_GLOBAL, 0);
    CU_ASSERT_FATAL(a != NULL);
    CU_ASSERT_EQUAL(a->write, 0);
    CU_ASSERT_EQUAL(a->width, 1);
    a = find_acc(&f, 0, TS_OBJ_GLOBAL, 2 + 3 * 2);
    CU_ASSERT_FATAL(a != NULL);
    CU_ASSERT_EQUAL(a->write, 1);
    CU_ASSERT_EQUAL(a->width, 2);
    CU_ASSERT_PTR_NOT_NULL(find_acc(&f, 0, TS_OBJ_NRPR, 0));
    CU_ASSERT_PTR_NOT_NULL(find_acc(&f, 0, TS_OBJ_TIMEOUT, 0));
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[G0 + 8], 7);
    fx_stop(&f);
}

/* ------------------------------------------------------ vm.procs */

static void test_run_and_die(void)
{
    bc_program *p = pb_new(2);
    uint32_t q = pb_proc(p, "Q", 3, 2);         /* (byte k, short s) */
    uint32_t m = pb_proc(p, "M", 0, 3);
    static const uint8_t ctyp[] = { BC_T_BYTE };
    bc_var *params = xcalloc(2, sizeof *params);
    uint32_t tr;
    fx f;

    pb_chantype(p, 2, 1, ctyp);
    params[0] = (bc_var){ "k", 0, 1, 1, BC_T_BYTE, BC_V_PARAM };
    params[1] = (bc_var){ "s", 1, 1, 2, BC_T_SHORT, BC_V_PARAM };
    p->procs[q].params = p->procs[q].vars = params;
    p->procs[q].nparams = p->procs[q].nvars = 2;
    /* Q's init code: a local channel, its id stored nowhere; _pid in G[1] */
    p->procs[q].init_code = p->ncode;
    E(p, CNEW, 0, 0, 0, 0);
    E(p, POP, 0, 0, 0, 0);
    E(p, PID, 0, 0, 0, 0);
    SG(p, 1);
    E(p, RET, 0, 0, 0, 0);
    tr = pb_trans(p, q, 0, 1, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, q, 1);
    /* M: x = run Q(300, 70000); then dies */
    tr = pb_trans(p, m, 0, 1, 0);
    K(p, 300);
    K(p, 70000);
    E(p, RUN, 0, q, 2, 1);
    SG(p, 0);
    GO(p, 1);
    pb_end(p, tr);
    tr = pb_trans(p, m, 1, 2, 0);
    GO(p, 2);
    pb_end(p, tr);
    pb_die(p, m, 2);
    p->init_code = p->ncode;
    E(p, RUN, 0, m, 0, 0);
    E(p, POP, 0, 0, 0, 0);
    E(p, RET, 0, 0, 0, 0);
    fx_start(&f, p);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_PTR_NOT_NULL(find_acc(&f, 0, TS_OBJ_NRPR, 0));
    CU_ASSERT_EQUAL(find_acc(&f, 0, TS_OBJ_NRPR, 0)->write, 1);
    fx_take(&f, 0);
    /* [hdr][G: x=1, pid=1][M: 0,pc1][Q: 1,pc0,k=44,s=4464][chan 1] */
    CU_ASSERT_EQUAL(f.cur[BC_HDR_NPROCS], 2);
    CU_ASSERT_EQUAL(f.cur[BC_HDR_NCHANS], 1);
    CU_ASSERT_EQUAL(f.cur[G0 + 0], 1);
    CU_ASSERT_EQUAL(f.cur[G0 + 1], 1);
    CU_ASSERT_EQUAL(f.curlen, G0 + 2 + 3 + 6 + 2 + 2);
    CU_ASSERT_EQUAL(f.cur[G0 + 5], q);
    CU_ASSERT_EQUAL(f.cur[G0 + 8], 300 & 255);
    CU_ASSERT_EQUAL((int16_t)(f.cur[G0 + 9] | f.cur[G0 + 10] << 8),
                    (int16_t)70000);
    CU_ASSERT_EQUAL(f.cur[G0 + 11], BC_CHAN_TAG | 0);
    /* both move; M cannot die while Q lives */
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 2);
    fx_take(&f, 0);                             /* M to 2 */
    CU_ASSERT_EQUAL(fx_succ(&f), 1);            /* only Q: pid 0 blocked */
    CU_ASSERT_EQUAL(f.s.v[0].pid, 1);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);      /* Q dies with its chan */
    CU_ASSERT_EQUAL(f.s.v[0].pid, 1);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(f.cur[BC_HDR_NPROCS], 1);
    CU_ASSERT_EQUAL(f.cur[BC_HDR_NCHANS], 0);
    CU_ASSERT_EQUAL(f.curlen, G0 + 2 + 3);
    fx_stop(&f);
    free(params);
}

/* ----------------------------------------------------- vm.chans */

static void test_buffered(void)
{
    bc_program *p = pb_new(3);                  /* ch, r0, r1 */
    static const uint8_t ctyp[] = { BC_T_BYTE, BC_T_SHORT };
    uint32_t s = pb_proc(p, "S", 0, 1);
    uint32_t r = pb_proc(p, "R", 0, 1);
    uint32_t ts_, tr;
    fx f;

    pb_chantype(p, 2, 2, ctyp);
    p->init_code = p->ncode;
    E(p, CNEW, 0, 0, 0, 0);
    SG(p, 0);
    pb_init_runs(p, 2);
    ts_ = pb_trans(p, s, 0, 0, 0);              /* do :: c!1,-300 od */
    LG(p, 0);
    K(p, 1);
    K(p, -300);
    E(p, SEND, 0, 2, 0, 1);
    GO(p, 0);
    pb_end(p, ts_);
    tr = pb_trans(p, r, 0, 0, 0);               /* do :: c?1,r1 od */
    LG(p, 0);
    E(p, RECV, 0, 2, 0, 1);
    K(p, 1);
    E(p, RMATCH, 0, 0, 0, 0);
    E(p, RFIELD, 0, 1, 0, 0);
    E(p, STOREG, BC_T_BYTE, 0, 2, 0);
    E(p, RDONE, 0, 0, 0, 0);
    GO(p, 0);
    pb_end(p, tr);
    fx_start(&f, p);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);      /* empty: only S */
    CU_ASSERT_EQUAL(f.s.v[0].pid, 0);
    CU_ASSERT_EQUAL(find_acc(&f, 0, TS_OBJ_CHAN, 1)->write, 1);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 2);
    fx_take(&f, 0);                             /* now full */
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 1);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(f.cur[G0 + 2], (uint8_t)-300);
    /* one message left, shifted to the front, freed slot zeroed */
    {
        const uint8_t *c = f.cur + G0 + 3;     /* the channel */

        CU_ASSERT_EQUAL(c[1], 1);
        CU_ASSERT_EQUAL(c[2], 1);
        CU_ASSERT_EQUAL(c[5], 0);
        CU_ASSERT_EQUAL(c[6], 0);
        CU_ASSERT_EQUAL(c[7], 0);
    }
    /* a mismatching head blocks the receive */
    f.cur[G0 + 3 + 2] = 2;
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 0);
    CU_ASSERT_FALSE(ts_valid_end(f.t, f.cur, f.curlen, 0));
    fx_stop(&f);
}

/* Rendezvous: S sends c!5 (optionally inside atomic); receivers R1, R2
 * (atomic receive if ratomic) take it into G[1 + k]. */
static bc_program *rv_model(int satomic, int ratomic, int nrecv)
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

static void test_rendezvous(void)
{
    fx f;

    fx_start(&f, rv_model(0, 0, 2));
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 2);      /* to R1 or to R2 */
    for (unsigned k = 0; k < 2; k++) {
        const ts_succ *s = &f.s.v[k];
        const uint8_t *d = fx_dst(&f, k);

        CU_ASSERT_EQUAL(s->pid, 0);
        CU_ASSERT_EQUAL(s->pid2, 1 + k);
        CU_ASSERT_EQUAL(s->trans2,
                        f.p->pclocs[f.p->procs[1 + k].loc0].first);
        CU_ASSERT_EQUAL(d[G0 + 1 + k], 5);
        CU_ASSERT_EQUAL(d[G0 + 2 - k], 0);
        /* the channel is empty again */
        CU_ASSERT_EQUAL(d[G0 + 3 + 1], 0);
        CU_ASSERT_EQUAL(d[G0 + 3 + 2], 0);
        CU_ASSERT_EQUAL(d[BC_HDR_ATOMIC], 0);
        CU_ASSERT_EQUAL(find_acc(&f, k, TS_OBJ_CHAN, 1)->write, 1);
        CU_ASSERT_PTR_NOT_NULL(find_acc(&f, k, TS_OBJ_GLOBAL, 1 + k));
    }
    fx_take(&f, 0);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 2);      /* S, R1 step on */
    CU_ASSERT_EQUAL(f.s.v[0].pid, 0);
    CU_ASSERT_EQUAL(f.s.v[1].pid, 1);
    fx_stop(&f);

    /* no receiver: the send is not executable, nothing is */
    fx_start(&f, rv_model(0, 0, 0));
    CU_ASSERT_EQUAL(fx_succ(&f), 0);
    CU_ASSERT_FALSE(ts_valid_end(f.t, f.cur, f.curlen, 0));
    fx_stop(&f);
}

static void test_rendezvous_atomic(void)
{
    fx f;

    /* control passes to an atomic receiver */
    fx_start(&f, rv_model(1, 1, 1));
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[BC_HDR_ATOMIC], 2);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 1);
    CU_ASSERT_EQUAL(f.s.atomic, 1);
    fx_stop(&f);

    /* a plain receiver: the sender loses atomicity too */
    fx_start(&f, rv_model(1, 0, 1));
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[BC_HDR_ATOMIC], 0);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(fx_succ(&f), 2);
    CU_ASSERT_EQUAL(f.s.atomic, 0);
    fx_stop(&f);
}

/* ------------------------------------------- vm.rules: else, timeout */

static void test_else_timeout(void)
{
    bc_program *p = pb_new(2);
    uint32_t a = pb_proc(p, "A", 0, 4);
    uint32_t t1, t2, t3;
    fx f;

    p->init_code = p->ncode;
    pb_init_runs(p, 1);
    t1 = pb_trans(p, a, 0, 1, 0);               /* if :: x == 1 */
    LG(p, 0);
    K(p, 1);
    E(p, EQ, 0, 0, 0, 0);
    E(p, GUARD, 0, 0, 0, 0);
    GO(p, 1);
    pb_end(p, t1);
    t2 = pb_trans(p, a, 0, 2, BC_TR_ELSE);      /*    :: else */
    GO(p, 2);
    pb_end(p, t2);
    t3 = pb_trans(p, a, 2, 3, BC_TR_TIMEOUT);   /* timeout */
    E(p, TIMEOUT, 0, 0, 0, 0);
    E(p, GUARD, 0, 0, 0, 0);
    GO(p, 3);
    pb_end(p, t3);
    pb_die(p, a, 3);
    pb_flags(p, a, 1, BC_L_END);
    fx_start(&f, p);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].trans, t2);        /* x == 0: else */
    CU_ASSERT_EQUAL(f.s.timeout, 0);
    f.cur[G0] = 1;
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].trans, t1);        /* else disabled */
    f.cur[G0] = 0;
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    fx_take(&f, 0);                             /* at the timeout */
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].trans, t3);
    CU_ASSERT_EQUAL(f.s.timeout, 1);
    CU_ASSERT_PTR_NOT_NULL(find_acc(&f, 0, TS_OBJ_TIMEOUT, 0));
    fx_stop(&f);
}

/* A: atomic { x = 1; y == 1; x = 2 }, B: y = 1 (spin-probe p13). */
static bc_program *atomic_model(void)
{
    bc_program *p = pb_new(2);
    uint32_t a = pb_proc(p, "A", 0, 4);
    uint32_t b = pb_proc(p, "B", 0, 2);
    uint32_t tr;

    p->init_code = p->ncode;
    pb_init_runs(p, 2);
    tr = pb_trans(p, a, 0, 1, 0);
    K(p, 1);
    SG(p, 0);
    GO(p, 1);
    pb_end(p, tr);
    tr = pb_trans(p, a, 1, 2, 0);
    LG(p, 1);
    K(p, 1);
    E(p, EQ, 0, 0, 0, 0);
    E(p, GUARD, 0, 0, 0, 0);
    GO(p, 2);
    pb_end(p, tr);
    tr = pb_trans(p, a, 2, 3, 0);
    K(p, 2);
    SG(p, 0);
    GO(p, 3);
    pb_end(p, tr);
    pb_die(p, a, 3);
    pb_flags(p, a, 1, BC_L_ATOMIC);
    pb_flags(p, a, 2, BC_L_ATOMIC);
    tr = pb_trans(p, b, 0, 1, 0);
    K(p, 1);
    SG(p, 1);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, b, 1);
    return p;
}

static void test_atomic(void)
{
    fx f;

    fx_start(&f, atomic_model());
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 2);
    CU_ASSERT_EQUAL(f.s.atomic, 0);
    fx_take(&f, 0);                             /* A: x = 1, owner A */
    CU_ASSERT_EQUAL(f.cur[BC_HDR_ATOMIC], 1);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);      /* A blocked: B moves */
    CU_ASSERT_EQUAL(f.s.atomic, 0);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 1);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(f.cur[BC_HDR_ATOMIC], 0);   /* A lost the CPU */
    CU_ASSERT_EQUAL(fx_succ(&f), 2);            /* A and B's death */
    fx_take(&f, 0);                             /* A: y == 1, atomic */
    CU_ASSERT_EQUAL(f.cur[BC_HDR_ATOMIC], 1);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);      /* only A */
    CU_ASSERT_EQUAL(f.s.atomic, 1);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 0);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(f.cur[BC_HDR_ATOMIC], 0);
    CU_ASSERT_EQUAL(f.cur[G0], 2);
    fx_stop(&f);
}

/* -------------------------------------------- ts: whole state spaces */

/* Count every reachable state (plain DFS, linear state list); *ntrans
 * gets the number of edges, *npan the number of states pan would store:
 * not those whose atomic owner can move (entered by an atomic step). */
static size_t explore(bc_program *p, size_t *ntrans, size_t *npan)
{
    ts *t = (pb_atomic_flags(p), ts_new(p));
    ts_succs s;
    size_t len;
    ts_finding fd;
    uint32_t fl;
    const uint8_t *v0 = ts_initial(t, &len, &fd, &fl);
    enum { MAXS = 4096 };
    uint8_t (*st)[64] = xcalloc(MAXS, 64);
    size_t *sl = xcalloc(MAXS, sizeof *sl);
    size_t *stack = xcalloc(MAXS, sizeof *stack);
    size_t n = 0;
    size_t top = 0;

    ts_succs_init(&s);
    *ntrans = 0;
    *npan = 0;
    memcpy(st[n], v0, len);
    sl[n++] = len;
    stack[top++] = 0;
    while (top > 0) {
        size_t cur = stack[--top];
        size_t ns = ts_successors(t, st[cur], sl[cur], &s);

        if (!(st[cur][BC_HDR_ATOMIC] && s.atomic))
            (*npan)++;

        for (size_t k = 0; k < ns; k++) {
            const uint8_t *d = s.vecs + s.v[k].dst_off;
            size_t dl = s.v[k].dst_len;
            size_t j;

            (*ntrans)++;
            for (j = 0; j < n; j++)
                if (sl[j] == dl && memcmp(st[j], d, dl) == 0)
                    break;
            if (j < n)
                continue;
            CU_ASSERT_FATAL(n < MAXS && dl <= 64);
            memcpy(st[n], d, dl);
            sl[n] = dl;
            stack[top++] = n++;
        }
    }
    ts_succs_fini(&s);
    ts_free(t);
    free(st);
    free(sl);
    free(stack);
    pb_free(p);
    return n;
}

/* Two processes of two assignments each (spin-probe p3: 13 states); with
 * atomic_a, A's two steps are atomic (p4). */
static bc_program *interleave_model(int atomic_a)
{
    bc_program *p = pb_new(2);

    for (uint32_t k = 0; k < 2; k++) {
        uint32_t a = pb_proc(p, k ? "B" : "A", 0, 3);

        for (uint32_t l = 0; l < 2; l++) {
            uint32_t tr = pb_trans(p, a, l, l + 1, 0);

            K(p, (int32_t)l + 1);
            SG(p, k);
            GO(p, l + 1);
            pb_end(p, tr);
        }
        pb_die(p, a, 2);
    }
    if (atomic_a)
        pb_flags(p, 0, 1, BC_L_ATOMIC);
    p->init_code = p->ncode;
    pb_init_runs(p, 2);
    return p;
}

static void test_state_counts(void)
{
    size_t nt;
    size_t np;

    /* the numbers pan gives (notes/spin-probe/COUNTS) */
    CU_ASSERT_EQUAL(explore(interleave_model(0), &nt, &np), 13);
    CU_ASSERT_EQUAL(np, 13);
    CU_ASSERT_EQUAL(nt, 18);                    /* pan: 13 + 6 matched */
    /* with atomic, vectors differ by the owner byte; pan's stored count
     * is reproduced by not storing states whose owner can move */
    explore(interleave_model(1), &nt, &np);
    CU_ASSERT_EQUAL(np, 9);                     /* p4 */
    CU_ASSERT_EQUAL(explore(atomic_model(), &nt, &np), 13);
    CU_ASSERT_EQUAL(np, 9);                     /* p13 */
}

/* p7: proctype P(byte k) { n = n + k }; init { run P(1); run P(2) }:
 * pan stores 14 states. */
static void test_run_count(void)
{
    bc_program *p = pb_new(1);
    uint32_t pp = pb_proc(p, "P", 1, 2);
    uint32_t in = pb_proc(p, "init", 0, 3);
    bc_var *k = xcalloc(1, sizeof *k);
    uint32_t tr;
    size_t nt;
    size_t np;

    *k = (bc_var){ "k", 0, 1, 1, BC_T_BYTE, BC_V_PARAM };
    p->procs[pp].params = p->procs[pp].vars = k;
    p->procs[pp].nparams = p->procs[pp].nvars = 1;
    tr = pb_trans(p, pp, 0, 1, 0);
    LG(p, 0);
    E(p, LOADL, BC_T_BYTE, 0, 0, 0);
    E(p, ADD, 0, 0, 0, 0);
    SG(p, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, pp, 1);
    for (uint32_t l = 0; l < 2; l++) {
        tr = pb_trans(p, in, l, l + 1, 0);
        K(p, (int32_t)l + 1);
        E(p, RUN, 0, pp, 1, 0);
        E(p, POP, 0, 0, 0, 0);
        GO(p, l + 1);
        pb_end(p, tr);
    }
    pb_die(p, in, 2);
    p->init_code = p->ncode;
    E(p, RUN, 0, in, 0, 0);
    E(p, POP, 0, 0, 0, 0);
    E(p, RET, 0, 0, 0, 0);
    CU_ASSERT_EQUAL(explore(p, &nt, &np), 14);
    CU_ASSERT_EQUAL(nt, 17);                    /* pan: 14 + 4 matched */
    free(k);
}

/* A transition G[off] = val from location src to dst of proc. */
static void pb_assign(bc_program *p, uint32_t proc, uint32_t src,
                      uint32_t dst, uint32_t off, int32_t val)
{
    uint32_t tr = pb_trans(p, proc, src, dst, 0);

    K(p, val);
    SG(p, off);
    GO(p, dst);
    pb_end(p, tr);
}

/* p14 (ratomic 0) and p11 (ratomic 1): chan c = [0] of { byte };
 *   S: atomic { x = 1; c!5; x = 2 }
 *   R: c?y; y = 7            or   atomic { c?y; y = 7; y = 8 }
 *   O: z = 1
 * pan stores 18 and 12 states. */
static bc_program *rv_atomic_model(int ratomic)
{
    bc_program *p = pb_new(4);                  /* c x y z */
    static const uint8_t ctyp[] = { BC_T_BYTE };
    uint32_t s = pb_proc(p, "S", 0, 4);
    uint32_t r = pb_proc(p, "R", 0, ratomic ? 4 : 3);
    uint32_t o = pb_proc(p, "O", 0, 2);
    uint32_t tr;

    pb_chantype(p, 0, 1, ctyp);
    pb_assign(p, s, 0, 1, 1, 1);
    tr = pb_trans(p, s, 1, 2, 0);
    LG(p, 0);
    K(p, 5);
    E(p, SEND, 0, 1, 0, 1);
    GO(p, 2);
    pb_end(p, tr);
    pb_assign(p, s, 2, 3, 1, 2);
    pb_die(p, s, 3);
    pb_flags(p, s, 1, BC_L_ATOMIC);
    pb_flags(p, s, 2, BC_L_ATOMIC);
    tr = pb_trans(p, r, 0, 1, 0);
    LG(p, 0);
    E(p, RECV, 0, 1, 0, 1);
    E(p, RFIELD, 0, 0, 0, 0);
    SG(p, 2);
    E(p, RDONE, 0, 0, 0, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_assign(p, r, 1, 2, 2, 7);
    if (ratomic) {
        pb_assign(p, r, 2, 3, 2, 8);
        pb_flags(p, r, 1, BC_L_ATOMIC);
        pb_flags(p, r, 2, BC_L_ATOMIC);
    }
    pb_die(p, r, ratomic ? 3 : 2);
    pb_assign(p, o, 0, 1, 3, 1);
    pb_die(p, o, 1);
    p->init_code = p->ncode;
    E(p, CNEW, 0, 0, 0, 0);
    SG(p, 0);
    pb_init_runs(p, 3);
    return p;
}

static void test_rv_atomic_counts(void)
{
    size_t nt;
    size_t np;

    explore(rv_atomic_model(0), &nt, &np);
    CU_ASSERT_EQUAL(np, 18);
    explore(rv_atomic_model(1), &nt, &np);
    CU_ASSERT_EQUAL(np, 12);
}

/* p5: chan c = [0] of {byte}; S: c!5; R: c?r -- 4 states; with the
 * processes ending at a DIE. */
static void test_rv_count(void)
{
    bc_program *p = pb_new(2);
    static const uint8_t ctyp[] = { BC_T_BYTE };
    uint32_t s = pb_proc(p, "S", 0, 2);
    uint32_t r = pb_proc(p, "R", 0, 2);
    uint32_t tr;
    size_t nt;
    size_t np;

    pb_chantype(p, 0, 1, ctyp);
    p->init_code = p->ncode;
    E(p, CNEW, 0, 0, 0, 0);
    SG(p, 1);
    pb_init_runs(p, 2);
    tr = pb_trans(p, s, 0, 1, 0);
    LG(p, 1);
    K(p, 5);
    E(p, SEND, 0, 1, 0, 1);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, s, 1);
    tr = pb_trans(p, r, 0, 1, 0);
    LG(p, 1);
    E(p, RECV, 0, 1, 0, 1);
    E(p, RFIELD, 0, 0, 0, 0);
    SG(p, 0);
    E(p, RDONE, 0, 0, 0, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, r, 1);
    CU_ASSERT_EQUAL(explore(p, &nt, &np), 4);
    CU_ASSERT_EQUAL(nt, 3);
}

/* ------------------------------------- ts: fire, print, disassembly */

static void test_fire_and_print(void)
{
    bc_program *p = pb_new(2);
    uint32_t a = pb_proc(p, "A", 1, 2);
    bc_var *g = xcalloc(2, sizeof *g);
    bc_var *l = xcalloc(1, sizeof *l);
    const char *mt[] = { NULL, "ack", "nak" };
    uint32_t tr;
    char *buf = NULL;
    size_t blen = 0;
    FILE *out = open_memstream(&buf, &blen);
    fx f;

    g[0] = (bc_var){ "x", 0, 1, 1, BC_T_BYTE, 0 };
    g[1] = (bc_var){ "m", 1, 1, 1, BC_T_BYTE, BC_V_MTYPE };
    l[0] = (bc_var){ "i", 0, 1, 1, BC_T_BYTE, 0 };
    p->globals = g;
    p->nglobals = 2;
    p->mtypes = xcalloc(3, sizeof *p->mtypes);
    memcpy((void *)p->mtypes, mt, sizeof mt);
    p->nmtypes = 3;
    p->procs[a].vars = l;
    p->procs[a].nvars = 1;
    p->strings[1] = "x=%d m=%e %3d|%-2d|%05d %%\n";
    p->nstrings = 2;
    p->init_code = p->ncode;
    pb_init_runs(p, 1);
    tr = pb_trans(p, a, 0, 1, 0);
    K(p, 7);
    SG(p, 0);
    K(p, 2);
    SG(p, 1);
    K(p, 3);
    E(p, STOREL, BC_T_BYTE, 0, 0, 0);
    LG(p, 0);
    LG(p, 1);
    K(p, 4);
    K(p, 5);
    K(p, -6);
    E(p, PRINTF, 0, 5, 1, 0);
    LG(p, 1);
    E(p, PRINTM, 0, 0, 0, 0);
    GO(p, 1);
    pb_end(p, tr);
    pb_die(p, a, 1);
    fx_start(&f, p);
    ts_set_output(f.t, out);
    CU_ASSERT_EQUAL(ts_fire(f.t, f.cur, f.curlen, 0, tr + 1, TS_NONE,
                            &f.s), -1);
    CU_ASSERT_EQUAL(ts_fire(f.t, f.cur, f.curlen, 0, tr, TS_NONE, &f.s), 0);
    CU_ASSERT_EQUAL(f.s.n, 1);
    fflush(out);
    CU_ASSERT_STRING_EQUAL(buf, "x=7 m=nak   4|5 |-0006 %\nnak");
    fclose(out);
    free(buf);

    out = open_memstream(&buf, &blen);
    ts_print_state(f.t, fx_dst(&f, 0), f.s.v[0].dst_len, f.cur, f.curlen,
                   out);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(buf, "x: 0 -> 7\nm: 0 -> nak\nA(0):i: 0 -> 3\n");
    free(buf);
    out = open_memstream(&buf, &blen);
    ts_print_state(f.t, f.cur, f.curlen, NULL, 0, out);
    fclose(out);
    CU_ASSERT_STRING_EQUAL(buf, "x = 0\nm = 0\nA(0):i = 0\n");
    free(buf);
    {
        uint32_t pt, pc;

        CU_ASSERT_EQUAL(ts_proc_info(f.t, f.cur, f.curlen, 0, &pt, &pc), 0);
        CU_ASSERT_EQUAL(pt, a);
        CU_ASSERT_EQUAL(pc, 0);
        CU_ASSERT_EQUAL(ts_proc_info(f.t, f.cur, f.curlen, 1, &pt, &pc), -1);
    }
    fx_stop(&f);
    free(l);                    /* globals and mtypes went with p */
}

static void test_disasm(void)
{
    bc_program *p = rv_model(1, 0, 1);
    char *buf = NULL;
    size_t blen = 0;
    FILE *out = open_memstream(&buf, &blen);
    char lb[64];

    bc_disasm(p, out);
    fclose(out);
    if (getenv("TEST_VM_DISASM"))               /* to look at the format */
        fputs(buf, stdout);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "chantype 0: [0] of {byte@0}"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "proctype 0 S"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, " atomic\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "SEND     1 1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "; test.pml:2:1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "RUN      0 0 0"));
    free(buf);
    CU_ASSERT_STRING_EQUAL(bc_loc_str(p, 1, lb, sizeof lb), "test.pml:2:1");
    CU_ASSERT_STRING_EQUAL(bc_loc_str(p, 99, lb, sizeof lb), "?");
    CU_ASSERT_STRING_EQUAL(bc_opinfos[BC_LOADGX].name, "LOADGX");
    CU_ASSERT_EQUAL(bc_opinfos[BC_SEND].pops, -1);
    CU_ASSERT_TRUE(bc_opinfos[BC_GOTO].flags & BC_F_END);
    CU_ASSERT_FALSE(bc_trans_invisible(p, 0));  /* no facts: visible */
    pb_free(p);
}

/* ------------------------------------------------------ vm.speed */

/* Not a pass/fail test: prints ns per transition on a 3-process model
 * (counter loops with globals) so that regressions are visible in the
 * log. */
static void test_speed(void)
{
    bc_program *p = pb_new(3);
    ts *t;
    ts_succs s;
    size_t len;
    ts_finding fd;
    uint32_t fl;
    const uint8_t *v0;
    uint8_t cur[64];
    size_t ntr = 0;
    struct timespec a, b;
    double ns;

    for (uint32_t k = 0; k < 3; k++) {
        uint32_t pr = pb_proc(p, "C", 1, 2);
        uint32_t tr = pb_trans(p, pr, 0, 1, 0);     /* x[k] < 200 */

        LG(p, k);
        K(p, 200);
        E(p, LT, 0, 0, 0, 0);
        E(p, GUARD, 0, 0, 0, 0);
        GO(p, 1);
        pb_end(p, tr);
        tr = pb_trans(p, pr, 1, 0, 0);              /* x[k]++ ; l = x */
        LG(p, k);
        K(p, 1);
        E(p, ADD, 0, 0, 0, 0);
        E(p, DUP, 0, 0, 0, 0);
        SG(p, k);
        E(p, STOREL, BC_T_BYTE, 0, 0, 0);
        GO(p, 0);
        pb_end(p, tr);
    }
    p->init_code = p->ncode;
    pb_init_runs(p, 3);
    t = ts_new(p);
    ts_succs_init(&s);
    v0 = ts_initial(t, &len, &fd, &fl);
    memcpy(cur, v0, len);
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int it = 0; it < 200000; it++) {
        size_t n = ts_successors(t, cur, len, &s);

        ntr += n;
        if (n == 0) {
            memcpy(cur, v0, len);
            continue;
        }
        memcpy(cur, s.vecs + s.v[it % n].dst_off, len);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    ns = ((double)(b.tv_sec - a.tv_sec) * 1e9
          + (double)(b.tv_nsec - a.tv_nsec)) / (double)ntr;
    printf("\n    [%zu transitions, %.0f ns per transition] ", ntr, ns);
    CU_ASSERT(ntr > 0);
    ts_succs_fini(&s);
    ts_free(t);
    pb_free(p);
}

/* ----------------------------------------------------------- main */

static CU_TestInfo values_tests[] = {
    { "truncation_and_wrapping", test_truncation },
    { "initial_finding", test_initial_finding },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo exec_tests[] = {
    { "guard_blocks", test_guard_blocks },
    { "assert_keeps_successor", test_assert_keeps_successor },
    { "failures_leave_no_successor", test_failures },
    { "dstep_first_statement_blocks", test_dstep_first_blocks },
    { "access_records", test_access_records },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo procs_tests[] = {
    { "run_args_init_and_die", test_run_and_die },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo chan_tests[] = {
    { "buffered", test_buffered },
    { "rendezvous", test_rendezvous },
    { "rendezvous_atomic", test_rendezvous_atomic },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo rules_tests[] = {
    { "else_and_timeout", test_else_timeout },
    { "atomic", test_atomic },
    { "state_counts", test_state_counts },
    { "rendezvous_count", test_rv_count },
    { "run_count", test_run_count },
    { "rendezvous_atomic_counts", test_rv_atomic_counts },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo io_tests[] = {
    { "fire_and_print", test_fire_and_print },
    { "disasm", test_disasm },
    { "speed", test_speed },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "vm.values", .pTests = values_tests },
    { .pName = "vm.exec", .pTests = exec_tests },
    { .pName = "vm.procs", .pTests = procs_tests },
    { .pName = "vm.chans", .pTests = chan_tests },
    { .pName = "ts.rules", .pTests = rules_tests },
    { .pName = "ts.io", .pTests = io_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
