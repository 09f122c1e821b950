/*
 * tests/unit/test_por.c -- the partial order reductions on the small
 * hand-checkable models of design/por-algorithms.md §8 (the same texts as
 * tests/models/por_*.pml).
 *
 * For every model and every reduction: the verdict, the error kinds and
 * the set of valid end states must equal those of --por=none (the
 * soundness oracle), and the number of states stored must equal the
 * regression value below (under the default order: pan's, highest pid
 * first, visited first).  Then the same agreement under other orders
 * (sequence permutations, random seeds, no visited-first) and in
 * stateless mode, and a few statistics that show the soundness fixes
 * and the paper's cases firing.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "engine/search/search.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "util/diag.h"

#include "tests/unit/unit.h"
#include "tests/unit/unit_model.h"


/* Stored states per mode, in search_por_mode order: none, spor, de, dl,
 * de-jpf, dl-jpf, odpor.  Full counts (none) agree with SPIN's
 * -DNOREDUCE (tests/models/por_*.expected); spore's encoding adds a
 * death step per process, so they exceed the §8 table's. */
static const struct {
    const char *name;
    const char *text;
    size_t      stored[SEARCH_POR_NMODES];
} models[] = {
    { "E1", "active [3] proctype T() { byte l; l++; l++ }\n",
      { 40, 10, 10, 10, 16, 16, 10 } },
    { "E2", "byte x;\nproctype R() { byte t; t = x }\n"
      "active proctype T1() { byte l; l++; x = 1 }\n"
      "active proctype T2() { byte l; l++; x = 2 }\n",
      { 16, 12, 12, 12, 14, 14, 12 } },
    { "E3", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { x = 1 }\n"
      "active proctype T2() { byte t; y = 1; t = x }\n"
      "active proctype T3() { x = 2 }\n",
      { 29, 29, 23, 23, 23, 23, 25 } },
    { "E4", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { x = 1 }\n"
      "active proctype T2() { byte t; t = y; t = x }\n"
      "active proctype T3() { if :: x == 0 :: else -> y = 1 fi }\n",
      { 32, 32, 30, 30, 30, 30, 31 } },
    { "E5", "byte x, y, f;\n"
      "proctype R() { byte t; t = x; t = y; t = f }\n"
      "active proctype T1() { x = 1 }\nactive proctype T2() { y = 1 }\n"
      "active proctype T3() { y = 2 }\nactive proctype T4() { y = 3 }\n"
      "active proctype T5() { f = 1 }\n"
      "active proctype T6() { f == 1; x = 2 }\n",
      { 249, 249, 177, 183, 177, 183, 199 } },
    { "E5b", "byte x, y, f;\n"
      "proctype R() { byte t; t = x; t = y; t = f }\n"
      "active proctype T1() { x = 1 }\nactive proctype T2() { y = 1 }\n"
      "active proctype T3() { f = 1 }\n"
      "active proctype T4() { f == 1; x = 2 }\n",
      { 35, 35, 30, 30, 30, 30, 30 } },
    { "E6", "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
      "active proctype T1() { x = 1 }\n"
      "active proctype T2() { x == 0; y = 1 }\n",
      { 9, 9, 8, 8, 8, 8, 8 } },
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
      { 14, 14, 14, 14, 13, 13, 14 } },
    { "cycle", "byte x, y;\n"
      "active proctype T1() { end: do :: x = 1; x = 0 od }\n"
      "active proctype T2() { x == 1; y = 1 }\n"
      "active proctype T3() { y == 1 -> assert(x == 1) }\n",
      { 14, 14, 14, 14, 14, 14, 14 } },
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

static unsigned kinds(const search_result *r)
{
    unsigned k = 0;

    for (size_t i = 0; i < r->nerrors; i++)
        k |= 1u << r->errors[i].kind;
    return k;
}

static int same_ends(const search_result *a, const search_result *b)
{
    if (a->nend_states != b->nend_states)
        return 0;
    for (size_t i = 0; i < a->nend_states; i++)
        if (strcmp(a->end_states[i], b->end_states[i]) != 0)
            return 0;
    return 1;
}

/* Every mode under o against none (run under the default order); when
 * counts is set, the stored counts must equal the table.  Returns the
 * number of disagreements (and reports them). */
static int check_model(size_t mi, const search_options *o, int counts)
{
    model          m;
    search_options no;
    search_result  full;
    int            bad = 0;

    CU_ASSERT_FATAL(model_open(&m, models[mi].text) == 0);
    base_options(&no);
    CU_ASSERT_FATAL(search_dfs(m.t, &no, &full) == 0);
    if (counts)
        CU_ASSERT_EQUAL(full.stats.stored, models[mi].stored[0]);
    for (int mode = 0; mode < SEARCH_POR_NMODES; mode++) {
        search_options mo = *o;
        search_result  r;

        mo.por = mode;
        CU_ASSERT_FATAL(search_dfs(m.t, &mo, &r) == 0);
        if (!o->stateless || r.verdict != SEARCH_INCOMPLETE) {
            if (r.verdict != full.verdict || kinds(&r) != kinds(&full)
                || !same_ends(&r, &full)) {
                fprintf(stderr, "\n%s --por=%s%s: disagrees with none\n",
                        models[mi].name, search_por_get(mode)->name,
                        o->stateless ? " --stateless" : "");
                bad++;
            }
        }
        if (counts && r.stats.stored != models[mi].stored[mode]) {
            fprintf(stderr, "\n%s --por=%s: %zu states, expected %zu\n",
                    models[mi].name, search_por_get(mode)->name,
                    r.stats.stored, models[mi].stored[mode]);
            bad++;
        }
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

static CU_TestInfo por_tests[] = {
    { "counts_and_agreement", test_counts },
    { "orders", test_orders },
    { "stateless", test_stateless },
    { "fixes_fire", test_fixes_fire },
    { "end_states", test_end_states },
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
