/*
 * tests/unit/test_model.c -- CUnit tests of engine/model/: the VM and the
 * transition system (vm.c, ts.c, bc.c) on hand-assembled programs.
 *
 * Programs are made without the front end by the builder of
 * model_build.h (pb_*).  Each test then checks ts_initial /
 * ts_successors: executability, blocking, findings, dynamic facts,
 * process creation and death, channels, rendezvous (the vm.* suites,
 * here), else, timeout, atomic, and whole state spaces against pan's
 * counts (the ts.* suites, in model_ts.c).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "tests/unit/unit.h"
#include "tests/unit/model_build.h"

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "util/xalloc.h"

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
    a = fx_find_acc(&f, 0, TS_OBJ_GLOBAL, 0);
    CU_ASSERT_FATAL(a != NULL);
    CU_ASSERT_EQUAL(a->write, 0);
    CU_ASSERT_EQUAL(a->width, 1);
    a = fx_find_acc(&f, 0, TS_OBJ_GLOBAL, 2 + 3 * 2);
    CU_ASSERT_FATAL(a != NULL);
    CU_ASSERT_EQUAL(a->write, 1);
    CU_ASSERT_EQUAL(a->width, 2);
    CU_ASSERT_PTR_NOT_NULL(fx_find_acc(&f, 0, TS_OBJ_NRPR, 0));
    CU_ASSERT_PTR_NOT_NULL(fx_find_acc(&f, 0, TS_OBJ_TIMEOUT, 0));
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
    CU_ASSERT_PTR_NOT_NULL(fx_find_acc(&f, 0, TS_OBJ_NRPR, 0));
    CU_ASSERT_EQUAL(fx_find_acc(&f, 0, TS_OBJ_NRPR, 0)->write, 1);
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
    CU_ASSERT_EQUAL(fx_find_acc(&f, 0, TS_OBJ_CHAN, 1)->write, 1);
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

static void test_rendezvous(void)
{
    fx f;

    fx_start(&f, pb_rv_model(0, 0, 2));
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
        CU_ASSERT_EQUAL(fx_find_acc(&f, k, TS_OBJ_CHAN, 1)->write, 1);
        CU_ASSERT_PTR_NOT_NULL(fx_find_acc(&f, k, TS_OBJ_GLOBAL, 1 + k));
    }
    fx_take(&f, 0);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 2);      /* S, R1 step on */
    CU_ASSERT_EQUAL(f.s.v[0].pid, 0);
    CU_ASSERT_EQUAL(f.s.v[1].pid, 1);
    fx_stop(&f);

    /* no receiver: the send is not executable, nothing is */
    fx_start(&f, pb_rv_model(0, 0, 0));
    CU_ASSERT_EQUAL(fx_succ(&f), 0);
    CU_ASSERT_FALSE(ts_valid_end(f.t, f.cur, f.curlen, 0));
    fx_stop(&f);
}

static void test_rendezvous_atomic(void)
{
    fx f;

    /* control passes to an atomic receiver */
    fx_start(&f, pb_rv_model(1, 1, 1));
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[BC_HDR_ATOMIC], 2);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(f.s.v[0].pid, 1);
    CU_ASSERT_EQUAL(f.s.atomic, 1);
    fx_stop(&f);

    /* a plain receiver: the sender loses atomicity too */
    fx_start(&f, pb_rv_model(1, 0, 1));
    CU_ASSERT_EQUAL_FATAL(fx_succ(&f), 1);
    CU_ASSERT_EQUAL(fx_dst(&f, 0)[BC_HDR_ATOMIC], 0);
    fx_take(&f, 0);
    CU_ASSERT_EQUAL(fx_succ(&f), 2);
    CU_ASSERT_EQUAL(f.s.atomic, 0);
    fx_stop(&f);
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

static CU_SuiteInfo suites[] = {
    { .pName = "vm.values", .pTests = values_tests },
    { .pName = "vm.exec", .pTests = exec_tests },
    { .pName = "vm.procs", .pTests = procs_tests },
    { .pName = "vm.chans", .pTests = chan_tests },
    { .pName = "ts.rules", .pTests = model_ts_rules_tests },
    { .pName = "ts.io", .pTests = model_ts_io_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
