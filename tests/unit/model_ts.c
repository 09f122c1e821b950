/*
 * tests/unit/model_ts.c -- the transition system's suites of
 * tests/unit/test_model: Promela's global rules (else, timeout, atomic),
 * whole state spaces explored and counted against the numbers SPIN's
 * pan gives for the same models (notes/spin-probe/), firing and printing
 * steps, the disassembler, and a speed figure.  Programs are built with
 * model_build.h.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <CUnit/Basic.h>

#include "tests/unit/model_build.h"

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "util/xalloc.h"

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
    CU_ASSERT_PTR_NOT_NULL(fx_find_acc(&f, 0, TS_OBJ_TIMEOUT, 0));
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
    bc_program *p = pb_rv_model(1, 0, 1);
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

/* ----------------------------------------------------------- suites */

CU_TestInfo model_ts_rules_tests[] = {
    { "else_and_timeout", test_else_timeout },
    { "atomic", test_atomic },
    { "state_counts", test_state_counts },
    { "rendezvous_count", test_rv_count },
    { "run_count", test_run_count },
    { "rendezvous_atomic_counts", test_rv_atomic_counts },
    CU_TEST_INFO_NULL,
};

CU_TestInfo model_ts_io_tests[] = {
    { "fire_and_print", test_fire_and_print },
    { "disasm", test_disasm },
    { "speed", test_speed },
    CU_TEST_INFO_NULL,
};
