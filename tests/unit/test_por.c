/*
 * tests/unit/test_por.c -- the partial order reductions on the small
 * hand-checkable models of design/por-algorithms.md §8 (the same texts as
 * tests/models/por_*.pml).
 *
 * For every model and every reduction: the verdict, the error kinds and
 * the set of valid end states must equal those of --por=none (the
 * soundness oracle of --por-check, por_check_run in
 * engine/search/por_check.c), and the number of states stored must
 * equal the regression value below (under the default order: pan's,
 * highest pid first, visited first).  Then the same agreement under
 * other orders (sequence permutations, random seeds, no visited-first)
 * and in stateless mode, and a few statistics that show the soundness
 * fixes and the paper's cases firing.  Last, S-POR's decision
 * (por_spor_reducible) on one frame laid out by hand from ts, with no
 * search running, and its ample set under -a / -l (por_live_ample).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "engine/search/search.h"
#include "engine/search/por_check.h"
#include "engine/por/por.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "util/diag.h"

#include "tests/unit/unit.h"
#include "tests/unit/unit_model.h"


/* Stored states per mode, in search_por_mode order: none, spor, de, dl,
 * de-jpf, dl-jpf, odpor.  Full counts (none) agree with SPIN's
 * -DNOREDUCE (tests/models/por_*.expected); spore's encoding adds a
 * death step per process, so they exceed the §8 table's.  DE and DL
 * drop the conflicts between deaths that cannot race (a lower pid dies
 * only after the higher ones: engine/por/por_dl.c, "races that cannot
 * happen", issue 11 session 7), which brought their counts down. */
static const struct {
    const char *name;
    const char *text;
    size_t      stored[SEARCH_POR_NMODES];
} models[] = {
    { "E1", "active [3] proctype T() { byte l; l++; l++ }\n",
      { 40, 10, 10, 10, 10, 10, 10 } },
    { "E2", "byte x;\nproctype R() { byte t; t = x }\n"
      "active proctype T1() { byte l; l++; x = 1 }\n"
      "active proctype T2() { byte l; l++; x = 2 }\n",
      { 16, 12, 11, 11, 13, 13, 12 } },
    { "E3", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { x = 1 }\n"
      "active proctype T2() { byte t; y = 1; t = x }\n"
      "active proctype T3() { x = 2 }\n",
      { 29, 29, 21, 21, 21, 21, 25 } },
    { "E4", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { x = 1 }\n"
      "active proctype T2() { byte t; t = y; t = x }\n"
      "active proctype T3() { if :: x == 0 :: else -> y = 1 fi }\n",
      { 32, 32, 28, 28, 28, 28, 31 } },
    { "E5", "byte x, y, f;\n"
      "proctype R() { byte t; t = x; t = y; t = f }\n"
      "active proctype T1() { x = 1 }\nactive proctype T2() { y = 1 }\n"
      "active proctype T3() { y = 2 }\nactive proctype T4() { y = 3 }\n"
      "active proctype T5() { f = 1 }\n"
      "active proctype T6() { f == 1; x = 2 }\n",
      { 249, 249, 156, 156, 156, 156, 199 } },
    { "E5b", "byte x, y, f;\n"
      "proctype R() { byte t; t = x; t = y; t = f }\n"
      "active proctype T1() { x = 1 }\nactive proctype T2() { y = 1 }\n"
      "active proctype T3() { f = 1 }\n"
      "active proctype T4() { f == 1; x = 2 }\n",
      { 35, 35, 27, 27, 27, 27, 30 } },
    { "E6", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { x = 1 }\n"
      "active proctype T2() { x == 0; y = 1 }\n",
      { 9, 9, 7, 7, 7, 7, 8 } },
    { "E7", "byte x;\nproctype R() { byte t; t = x }\n"
      "active proctype T1() { end: do :: skip od }\n"
      "active proctype T2() { x = 1 }\n",
      { 3, 3, 3, 3, 3, 3, 3 } },
    { "E8", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { end: do :: x = 1 od }\n"
      "active proctype T2() { y = 1 }\n",
      { 6, 6, 4, 4, 4, 4, 4 } },
    { "nondet", "byte x;\nactive proctype T1() { byte l = 1;\n"
      "  if :: l > 0 -> l = 2 :: x > 0 -> assert(false) fi }\n"
      "active proctype T2() { x = 1 }\n",
      { 14, 14, 11, 11, 10, 10, 14 } },
    { "cycle", "byte x, y;\n"
      "active proctype T1() { end: do :: x = 1; x = 0 od }\n"
      "active proctype T2() { x == 1; y = 1 }\n"
      "active proctype T3() { y == 1 -> assert(x == 1) }\n",
      { 14, 14, 13, 13, 13, 13, 14 } },
};

#define NMODELS (sizeof models / sizeof models[0])

static void base_options(search_options *o)
{
    search_options_init(o);
    o->progress_secs = 0;
    o->max_errors = 0;
    o->max_trails = 0;
    o->collect_end_states = 1;
}

/* Row mode of a comparison disagrees: say so. */
static int disagrees(size_t mi, int mode, const search_options *o,
                     por_check_agree a)
{
    if (a == POR_CHECK_YES)
        return 0;
    fprintf(stderr, "\n%s --por=%s%s: %s with none\n", models[mi].name,
            search_por_get(mode)->name, o->stateless ? " --stateless" : "",
            a == POR_CHECK_UNKNOWN ? "cannot compare" : "disagrees");
    return 1;
}

/* Every mode under o against none, with the oracle of --por-check
 * (engine/search/por_check.c); when counts is set, the stored counts
 * must equal the table.  Stateless searches are compared with a
 * stateful none under the default order instead (a stateless none
 * bounded by the depth proves little), and those cut by the depth bound
 * are skipped.  Returns the number of disagreements (and reports
 * them). */
static int check_model(size_t mi, const search_options *o, int counts)
{
    model           m;
    search_options  no;
    search_result   full;
    por_check_table tab;
    int             bad = 0;

    CU_ASSERT_FATAL(model_open(&m, models[mi].text) == 0);
    if (!o->stateless) {
        CU_ASSERT_FATAL(por_check_run(m.t, o, NULL, &tab) == 0);
        CU_ASSERT_FATAL(tab.nrows == SEARCH_POR_NMODES);
        for (int mode = 0; mode < SEARCH_POR_NMODES; mode++) {
            size_t stored = tab.rows[mode].res.stats.stored;

            bad += disagrees(mi, mode, o, tab.rows[mode].agree);
            if (counts && stored != models[mi].stored[mode]) {
                fprintf(stderr, "\n%s --por=%s: %zu states, expected "
                        "%zu\n", models[mi].name,
                        search_por_get(mode)->name, stored,
                        models[mi].stored[mode]);
                bad++;
            }
        }
        por_check_fini(&tab);
        model_close(&m);
        return bad;
    }
    base_options(&no);
    CU_ASSERT_FATAL(search_dfs(m.t, &no, &full) == 0);
    for (int mode = 0; mode < SEARCH_POR_NMODES; mode++) {
        search_options  mo = *o;
        search_result   r;
        por_check_agree a;

        mo.por = mode;
        CU_ASSERT_FATAL(search_dfs(m.t, &mo, &r) == 0);
        a = por_check_compare(&full, &r);
        if (a != POR_CHECK_UNKNOWN)
            bad += disagrees(mi, mode, o, a);
        search_result_fini(&r);
    }
    search_result_fini(&full);
    model_close(&m);
    return bad;
}

static void test_counts(void)
{
    search_options o;

    base_options(&o);
    for (size_t i = 0; i < NMODELS; i++)
        CU_ASSERT_EQUAL(check_model(i, &o, 1), 0);
}

static void test_orders(void)
{
    static const uint8_t perms[][3] = {
        { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 },
        { 2, 1, 0 }
    };
    search_options o;

    for (size_t i = 0; i < NMODELS; i++) {
        for (size_t p = 0; p < 6; p++) {
            base_options(&o);
            memcpy(o.perm, perms[p], 3);
            o.nperm = 3;
            o.prefer_visited = (int)(p & 1);
            CU_ASSERT_EQUAL(check_model(i, &o, 0), 0);
        }
        for (uint64_t seed = 1; seed <= 4; seed++) {
            base_options(&o);
            o.order = SEARCH_ORDER_RANDOM;
            o.order_seed = seed;
            CU_ASSERT_EQUAL(check_model(i, &o, 0), 0);
        }
    }
}

static void test_stateless(void)
{
    search_options o;

    base_options(&o);
    o.stateless = 1;
    o.max_depth = 40;
    for (size_t i = 0; i < NMODELS; i++)
        CU_ASSERT_EQUAL(check_model(i, &o, 0), 0);
}

/* One search of model mi under mode; the caller frees r. */
static void run_one(size_t mi, int mode, search_result *r)
{
    model          m;
    search_options o;

    CU_ASSERT_FATAL(model_open(&m, models[mi].text) == 0);
    base_options(&o);
    o.por = mode;
    CU_ASSERT_FATAL(search_dfs(m.t, &o, r) == 0);
    model_close(&m);
}

static void test_fixes_fire(void)
{
    search_result r;

    /* E7: S-POR's reducible loop meets the stack: F-C3 */
    run_one(7, SEARCH_POR_SPOR, &r);
    CU_ASSERT(r.por.full_c3 > 0);
    CU_ASSERT_EQUAL(r.nend_states, 0);     /* T1 never stops */
    search_result_fini(&r);
    /* E8: DL's irreducible self-loop: F-C3 on an irreducible state */
    run_one(8, SEARCH_POR_DL, &r);
    CU_ASSERT_EQUAL(r.verdict, SEARCH_VERIFIED);
    CU_ASSERT_EQUAL(r.stats.stored, 4);
    search_result_fini(&r);
    /* E5: case (a) and case (b), O2 */
    run_one(4, SEARCH_POR_DL, &r);
    CU_ASSERT(r.por.case_a > 0);
    CU_ASSERT(r.por.case_b > 0);
    CU_ASSERT(r.por.o2 > 0);
    CU_ASSERT(r.por.edges > 0);
    search_result_fini(&r);
    run_one(4, SEARCH_POR_DE, &r);
    CU_ASSERT(r.por.case_b > 0);
    search_result_fini(&r);
    /* nondet: T1 is never reducible (a sibling reads x) */
    run_one(9, SEARCH_POR_SPOR, &r);
    CU_ASSERT(r.por.reducible == 0 || r.por.nondet_denied > 0);
    CU_ASSERT_EQUAL(r.verdict, SEARCH_VIOLATED);
    search_result_fini(&r);
    /* E6: the deadlock is found by every reduction (F-BLOCK) */
    run_one(6, SEARCH_POR_DL, &r);
    CU_ASSERT_EQUAL(r.verdict, SEARCH_VIOLATED);
    search_result_fini(&r);
}

static void test_end_states(void)
{
    search_result r;

    /* E2: x = 1 or x = 2 at the end, every process dead: two states */
    run_one(1, SEARCH_POR_NONE, &r);
    CU_ASSERT_EQUAL(r.nend_states, 2);
    if (r.nend_states == 2)
        CU_ASSERT(strcmp(r.end_states[0], r.end_states[1]) < 0);
    search_result_fini(&r);
}

/* ------------------------------------- S-POR's decision, without a DFS */

/* A frame of the initial state as the search would lay it out: records
 * and threads (pid order) from ts_successors(). */
typedef struct one_frame {
    model        m;
    ts_succs     out;
    search_succ  succs[16];
    por_thread   thr[16];
    uint32_t     stackpos[16];
    uint32_t     ref;           /* what lookup() says every successor is */
    search_por_stats st;
    por_ctx      c;
    por_frame    f;
} one_frame;

/* The enumeration order: the first untaken thread in cand, by slot. */
static int32_t first_pick(por_ctx *c, por_frame *f, por_set cand)
{
    for (uint32_t k = 0; k < f->nthr; k++) {
        const por_thread *th = &c->thr[f->thr0 + k];

        if (!(th->flags & POR_T_TAKEN) && (cand & por_bit(th->pid)))
            return (int32_t)k;
    }
    return -1;
}

static uint32_t fixed_lookup(por_ctx *c, por_frame *f, uint32_t i)
{
    (void)f;
    (void)i;
    return ((one_frame *)c->search)->ref;
}

static int frame_open(one_frame *x, const char *text)
{
    const uint8_t *init;
    size_t         len;
    ts_finding     fnd;
    uint32_t       floc;

    memset(x, 0, sizeof *x);
    if (model_open(&x->m, text) != 0)
        return -1;
    ts_succs_init(&x->out);
    init = ts_initial(x->m.t, &len, &fnd, &floc);
    if (init == NULL || ts_successors(x->m.t, init, len, &x->out) == 0
        || x->out.n > 16)
        return -1;
    for (size_t i = 0; i < x->out.n; i++) {
        const ts_succ *s = &x->out.v[i];

        x->succs[i].step.pid = s->pid;
        x->succs[i].step.trans = s->trans;
        x->succs[i].step.pid2 = s->pid2;
        x->succs[i].step.trans2 = s->trans2;
        x->succs[i].dst = SS_NOREF;
        if (i == 0 || s->pid != x->out.v[i - 1].pid) {
            x->thr[x->f.nthr].pid = s->pid;
            x->thr[x->f.nthr].first = (uint32_t)i;
            x->f.nthr++;
            x->f.enabled |= por_bit(s->pid);
        }
        x->thr[x->f.nthr - 1].n++;
    }
    x->f.nsucc = (uint32_t)x->out.n;
    x->f.cur = -1;
    x->ref = SS_NOREF;
    x->c.t = x->m.t;
    x->c.prog = x->m.prog;
    x->c.st = &x->st;
    x->c.frames = &x->f;
    x->c.depth = 1;
    x->c.succs = x->succs;
    x->c.thr = x->thr;
    x->c.stackpos = x->stackpos;
    x->c.nstates = 16;
    x->c.pick = first_pick;
    x->c.lookup = fixed_lookup;
    x->c.search = x;
    por_facts_init(&x->c);
    return 0;
}

static void frame_close(one_frame *x)
{
    por_facts_free(&x->c);
    ts_succs_fini(&x->out);
    model_close(&x->m);
}

static void test_spor_decision(void)
{
    /* A's step touches only its local: invisible; B writes x, which
     * the assertion reads (a global nobody reads would not count) */
    static const char *text =
        "byte x;\n"
        "active proctype A() { byte l; l++; x = 1 }\n"
        "active proctype B() { x = 2; assert(x > 0) }\n";
    one_frame *x = calloc(1, sizeof *x);

    CU_ASSERT_FATAL(x != NULL);
    CU_ASSERT_FATAL(frame_open(x, text) == 0);
    CU_ASSERT_EQUAL(x->f.nthr, 2);
    CU_ASSERT_EQUAL(x->f.enabled, por_bit(0) | por_bit(1));
    por_spor_reducible(&x->c, &x->f);
    CU_ASSERT(x->f.flags & POR_F_REDUCIBLE);
    CU_ASSERT_EQUAL(x->f.safe, por_bit(0));
    CU_ASSERT(x->thr[0].flags & POR_T_INVIS);
    CU_ASSERT(!(x->thr[1].flags & POR_T_INVIS));
    por_algo_spor.enter(NULL, &x->c, &x->f);
    CU_ASSERT_EQUAL(x->f.todo, por_bit(0));
    CU_ASSERT_EQUAL(x->st.reducible, 1);

    /* the same state when A's successor is on the stack: the proviso
     * refuses A, and the state is expanded fully (F-C3) */
    memset(&x->f, 0, sizeof x->f);
    x->f.nthr = 2;
    x->f.nsucc = (uint32_t)x->out.n;
    x->f.enabled = por_bit(0) | por_bit(1);
    x->f.cur = -1;
    memset(&x->st, 0, sizeof x->st);
    x->ref = 3;
    x->stackpos[3] = 1;
    por_spor_reducible(&x->c, &x->f);
    CU_ASSERT(!(x->f.flags & POR_F_REDUCIBLE));
    CU_ASSERT(x->f.flags & POR_F_FULL);
    CU_ASSERT_EQUAL(x->st.full_c3, 1);
    por_algo_spor.enter(NULL, &x->c, &x->f);
    CU_ASSERT_EQUAL(x->f.todo, por_bit(0) | por_bit(1));
    CU_ASSERT_EQUAL(x->st.irreducible, 1);
    frame_close(x);
    free(x);

    /* both threads visible: nobody is reducible, nothing refused */
    x = calloc(1, sizeof *x);
    CU_ASSERT_FATAL(x != NULL);
    CU_ASSERT_FATAL(frame_open(x, "byte x;\n"
                               "active [2] proctype P() { x++; "
                               "assert(x > 0) }\n") == 0);
    por_spor_reducible(&x->c, &x->f);
    CU_ASSERT_EQUAL(x->f.flags & (POR_F_REDUCIBLE | POR_F_FULL), 0);
    CU_ASSERT_EQUAL(x->st.full_c3, 0);
    frame_close(x);
    free(x);
}

/* The pid por_live_ample() picks at the initial state of text (and
 * that it picks the same again: a function of the state). */
static uint32_t live_pick(const char *text, int nonprogress)
{
    model     m;
    por_live *l;
    ts_succs  out;
    uint32_t  pick = TS_NONE - 1;
    size_t    len;
    ts_finding fnd;
    uint32_t  floc;

    CU_ASSERT_FATAL(model_open(&m, text) == 0);
    ts_succs_init(&out);
    l = por_live_new(m.t, nonprogress);
    CU_ASSERT_FATAL(l != NULL);
    {
        const uint8_t *v0 = ts_initial(m.t, &len, &fnd, &floc);
        uint8_t       *v = malloc(len);

        CU_ASSERT_FATAL(v0 != NULL && v != NULL);
        memcpy(v, v0, len);
        ts_successors(m.t, v, len, &out);
        pick = por_live_ample(l, v, len, &out, 1);
        ts_successors(m.t, v, len, &out);
        CU_ASSERT_EQUAL(por_live_ample(l, v, len, &out, 0), pick);
        free(v);
    }
    por_live_free(l);
    ts_succs_fini(&out);
    model_close(&m);
    return pick;
}

/* B's step writes x, which the assertion reads (a global nobody reads
 * is dropped, and writing it is invisible) */
#define LIVE_B "active proctype B() { x = 2; assert(x > 0) }\n"

/* S-POR under -a / -l (engine/por/por_live.c): the ample process. */
static void test_live_decision(void)
{
    /* A's first step is local and no back edge: A alone */
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; l++; x = 1 }\n"
                              LIVE_B, 0), 0);
    /* A's only step closes its loop (a back edge: the static cycle
     * proviso), B's is visible: everything */
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; "
                              "do :: l++ od }\n"
                              LIVE_B, 0),
                    TS_NONE);
    /* ... unless the loop has a visible step: then no back edge among
     * the local ones is needed, and A goes alone */
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; "
                              "do :: l++; x = l od }\n"
                              LIVE_B, 0), 0);
    /* A's local step leaves an accept label (-a without a claim), or
     * enters a progress label (-l): visible */
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; "
                              "accept: l++; x = 1 }\n"
                              LIVE_B, 0),
                    TS_NONE);
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; l++; "
                              "progress: x = 1 }\n"
                              LIVE_B, 1),
                    TS_NONE);
    /* the same step with the labels not looked at: A alone */
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; l++; "
                              "progress: x = 1 }\n"
                              LIVE_B, 0), 0);
    /* with an ltl property A's local step is invisible to it; the
     * claim's own moves are kept by the caller */
    CU_ASSERT_EQUAL(live_pick("byte x;\n"
                              "active proctype A() { byte l; l++; x = 1 }\n"
                              LIVE_B
                              "ltl p { <> (x == 2) }\n", 0), 0);
}

static CU_TestInfo por_tests[] = {
    { "counts_and_agreement", test_counts },
    { "orders", test_orders },
    { "stateless", test_stateless },
    { "fixes_fire", test_fixes_fire },
    { "end_states", test_end_states },
    { "spor_decision", test_spor_decision },
    { "live_decision", test_live_decision },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "por.modes", .pTests = por_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
