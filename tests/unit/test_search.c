/*
 * tests/unit/test_search.c -- the search (engine/search/), end to end on
 * small models given as text (lang_parse_string, no preprocessor).
 *
 * Each test compiles a model, runs search_dfs and checks the verdict,
 * the error found and its statistics; the oracle behind --por-check
 * (por_check.c) on results made by hand and through its hooks (the
 * reductions themselves are held to it in test_por.c).  The trails and
 * reports built from a search are tested in test_out.c.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "engine/search/search.h"
#include "engine/search/por_check.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "util/diag.h"

#include "tests/unit/unit.h"
#include "tests/unit/unit_model.h"


static void quiet_options(search_options *o)
{
    search_options_init(o);
    o->progress_secs = 0;
}

/* Search text under o; returns the verdict (-1 if it did not compile). */
static int check(const char *text, const search_options *o,
                 search_result *r, model *m)
{
    if (model_open(m, text) != 0)
        return -1;
    if (search_dfs(m->t, o, r) != 0)
        return -1;
    return (int)r->verdict;
}

/* ------------------------------------------------------------- tests */

/* --end-states: valid end states only (the deadlock of T1 first is an
 * invalid one), sorted hex vectors, the same under every reduction. */
static void test_end_states(void)
{
    static const char text[] =
        "byte x, y;\nproctype R() { byte t; t = x; t = y }\n"
        "active proctype T1() { x = 1 }\n"
        "active proctype T2() { x == 0; y = 1 }\n";
    search_options o;
    search_result  full;
    model          m;

    quiet_options(&o);
    o.check_end = 0;
    o.collect_end_states = 1;
    CU_ASSERT_EQUAL(check(text, &o, &full, &m), SEARCH_VERIFIED);
    CU_ASSERT_EQUAL(full.nend_states, 1);
    for (int mode = 1; mode < SEARCH_POR_NMODES; mode++) {
        search_result r;

        o.por = mode;
        CU_ASSERT_FATAL(search_dfs(m.t, &o, &r) == 0);
        CU_ASSERT_EQUAL(r.verdict, SEARCH_VERIFIED);
        CU_ASSERT_EQUAL_FATAL(r.nend_states, full.nend_states);
        for (size_t i = 0; i < r.nend_states; i++)
            CU_ASSERT_STRING_EQUAL(r.end_states[i], full.end_states[i]);
        search_result_fini(&r);
    }
    search_result_fini(&full);
    model_close(&m);
}

static void test_verified(void)
{
    search_options o;
    search_result  r;
    model          m;

    quiet_options(&o);
    CU_ASSERT_EQUAL_FATAL(check("byte x;\n"
                                "active [2] proctype P() { x++ }\n",
                                &o, &r, &m), SEARCH_VERIFIED);
    CU_ASSERT_EQUAL(r.nerrors, 0);
    CU_ASSERT(r.stats.stored > 1);
    CU_ASSERT_EQUAL(r.stop, SEARCH_STOP_NONE);
    search_result_fini(&r);
    model_close(&m);
}

static void test_assert(void)
{
    search_options o;
    search_result  r;
    model          m;

    quiet_options(&o);
    CU_ASSERT_EQUAL_FATAL(check("byte x;\n"
                                "active proctype P() {\n"
                                "  x = 1;\n  x = 2;\n  assert(x == 1)\n"
                                "}\n", &o, &r, &m), SEARCH_VIOLATED);
    CU_ASSERT_EQUAL_FATAL(r.nerrors, 1);
    CU_ASSERT_EQUAL(r.errors[0].kind, SEARCH_E_ASSERT);
    CU_ASSERT_EQUAL(r.errors[0].depth, 2);
    CU_ASSERT_EQUAL(r.errors[0].nsteps, 3);
    search_result_fini(&r);
    model_close(&m);
}

static void test_assert_off(void)
{
    search_options o;
    search_result  r;
    model          m;

    quiet_options(&o);
    o.check_assert = 0;
    CU_ASSERT_EQUAL(check("active proctype P() { assert(false) }\n",
                          &o, &r, &m), SEARCH_VERIFIED);
    search_result_fini(&r);
    model_close(&m);
}

static void test_invalid_end(void)
{
    search_options o;
    search_result  r;
    model          m;
    const char    *text = "byte x;\nactive proctype P() { x == 1 }\n";

    quiet_options(&o);
    CU_ASSERT_EQUAL_FATAL(check(text, &o, &r, &m), SEARCH_VIOLATED);
    CU_ASSERT_EQUAL(r.errors[0].kind, SEARCH_E_INVALID_END);
    CU_ASSERT_EQUAL(r.errors[0].nsteps, 0);
    search_result_fini(&r);
    model_close(&m);
    o.check_end = 0;
    CU_ASSERT_EQUAL(check(text, &o, &r, &m), SEARCH_VERIFIED);
    search_result_fini(&r);
    model_close(&m);
}

static void test_depth_limit(void)
{
    search_options o;
    search_result  r;
    model          m;

    quiet_options(&o);
    o.max_depth = 10;
    CU_ASSERT_EQUAL_FATAL(check("byte x;\n"
                                "active proctype P() {\n"
                                "  do :: x < 200 -> x++ od\n}\n",
                                &o, &r, &m), SEARCH_INCOMPLETE);
    CU_ASSERT(r.truncated);
    CU_ASSERT_EQUAL(r.stop, SEARCH_STOP_DEPTH);
    CU_ASSERT(r.stats.max_depth < 10);
    search_result_fini(&r);
    model_close(&m);
}

static void test_all_errors(void)
{
    search_options o;
    search_result  r;
    model          m;

    quiet_options(&o);
    o.max_errors = 0;
    CU_ASSERT_EQUAL_FATAL(check("byte x;\n"
                                "active [2] proctype P() {\n"
                                "  x++; assert(x < 1)\n}\n",
                                &o, &r, &m), SEARCH_VIOLATED);
    CU_ASSERT(r.nerrors >= 2);
    CU_ASSERT_EQUAL(r.stop, SEARCH_STOP_NONE);
    search_result_fini(&r);
    model_close(&m);
}

/* ---------------------------------------------------------- por-check */

static void test_kinds_str(void)
{
    char buf[8];

    CU_ASSERT_STRING_EQUAL(por_check_kinds_str(0, buf), "-");
    CU_ASSERT_STRING_EQUAL(por_check_kinds_str(
        1u << SEARCH_E_INVALID_END | 1u << SEARCH_E_ASSERT, buf), "AE");
    CU_ASSERT_STRING_EQUAL(por_check_kinds_str(
        1u << SEARCH_E_OUTCOME | 1u << SEARCH_E_BOUNDS, buf), "OR");
    CU_ASSERT_STRING_EQUAL(por_check_agree_text(POR_CHECK_NO_ENDS),
                           "NO (ends)");
}

/* The comparison rule on results made by hand: n is none's, r a
 * reduction's. */
static void test_compare(void)
{
    search_error  assert_err = { .kind = SEARCH_E_ASSERT };
    char          end_a[] = "00ff";
    char          end_b[] = "0100";
    char         *ends_a[] = { end_a };
    char         *ends_b[] = { end_b };
    search_result n = { .verdict = SEARCH_VERIFIED };
    search_result r = { .verdict = SEARCH_VERIFIED };

    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_YES);
    n.end_states = ends_a;
    n.nend_states = 1;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_NO_ENDS);
    r.end_states = ends_b;
    r.nend_states = 1;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_NO_ENDS);
    r.end_states = ends_a;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_YES);
    /* a reduction that misses an assertion none found */
    n.verdict = SEARCH_VIOLATED;
    n.errors = &assert_err;
    n.nerrors = 1;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_NO);
    /* ... still wrong when none was cut short after finding it */
    n.stop = SEARCH_STOP_MEMORY;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_NO);
    /* an incomplete none without errors proves nothing */
    n.nerrors = 0;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_UNKNOWN);
    /* nor does an incomplete reduction */
    n.stop = SEARCH_STOP_NONE;
    r.truncated = 1;
    CU_ASSERT_EQUAL(por_check_compare(&n, &r), POR_CHECK_UNKNOWN);
}

typedef struct hook_log {
    int                    resets;      /* the mode being searched + 1 */
    int                    rows[SEARCH_POR_NMODES];
    int                    nrows;
    int                    odd_mode;    /* whose summary differs */
    int                    stop_after;  /* set *stop after this row */
    volatile sig_atomic_t *stop;
} hook_log;

static void log_reset(void *ctx)
{
    ((hook_log *)ctx)->resets++;
}

static char *log_summary(void *ctx)
{
    const hook_log *h = ctx;

    return strdup(h->resets - 1 == h->odd_mode ? "b" : "a");
}

static void log_row(const por_check_table *tab, int m, void *ctx)
{
    hook_log *h = ctx;

    CU_ASSERT_EQUAL(tab->nrows, m + 1);
    h->rows[h->nrows++] = m;
    if (m == h->stop_after)
        *h->stop = 1;
}

/* por_check_run calls its hooks in order, compares the summaries with
 * none's, and stops after the row during which *stop was set. */
static void test_run_hooks(void)
{
    static const char text[] =
        "byte x;\nactive [2] proctype P() { x++ }\n";
    volatile sig_atomic_t stop = 0;
    hook_log              log = { .odd_mode = 2, .stop_after = -1,
                                  .stop = &stop };
    por_check_hooks       h = { log_reset, log_summary, log_row, &log };
    search_options        o;
    por_check_table       tab;
    model                 m;

    CU_ASSERT_FATAL(model_open(&m, text) == 0);
    quiet_options(&o);
    o.stop = &stop;
    CU_ASSERT_EQUAL_FATAL(por_check_run(m.t, &o, &h, &tab), 0);
    CU_ASSERT_EQUAL(tab.nrows, SEARCH_POR_NMODES);
    CU_ASSERT_EQUAL(log.resets, SEARCH_POR_NMODES);
    CU_ASSERT_EQUAL(log.nrows, SEARCH_POR_NMODES);
    for (int i = 0; i < SEARCH_POR_NMODES; i++) {
        CU_ASSERT_EQUAL(log.rows[i], i);
        CU_ASSERT_EQUAL(tab.rows[i].agree, i == 2 ? POR_CHECK_NO_OUTCOMES
                                                  : POR_CHECK_YES);
        CU_ASSERT_EQUAL(tab.rows[i].res.nend_states, 1);
    }
    CU_ASSERT(tab.disagree);
    CU_ASSERT(!tab.interrupted);
    por_check_fini(&tab);

    memset(&log, 0, sizeof log);
    log.odd_mode = -1;
    log.stop_after = 1;
    log.stop = &stop;
    CU_ASSERT_EQUAL_FATAL(por_check_run(m.t, &o, &h, &tab), 0);
    CU_ASSERT_EQUAL(tab.nrows, 2);
    CU_ASSERT(!tab.disagree);
    CU_ASSERT(tab.interrupted);
    por_check_fini(&tab);
    model_close(&m);
}

static CU_TestInfo dfs_tests[] = {
    { "verified", test_verified },
    { "assert", test_assert },
    { "assert_off", test_assert_off },
    { "invalid_end", test_invalid_end },
    { "depth_limit", test_depth_limit },
    { "all_errors", test_all_errors },
    { "end_states", test_end_states },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo por_check_tests[] = {
    { "kinds_str", test_kinds_str },
    { "compare", test_compare },
    { "run_hooks", test_run_hooks },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "search.dfs", .pTests = dfs_tests },
    { .pName = "search.por_check", .pTests = por_check_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
