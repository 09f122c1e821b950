/*
 * tests/unit/test_search.c -- the search, trails and reports, end to end
 * on small models given as text (lang_parse_string, no preprocessor).
 *
 * Each test compiles a model, runs search_dfs and checks the verdict,
 * the error found and its trail; the trail tests write the trail to a
 * temporary file, read it back and replay it, which must reproduce the
 * error (the "every trail replays" rule of design/user-needs.md).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <CUnit/Basic.h>

#include "engine/out/report.h"
#include "engine/search/search.h"
#include "engine/out/trail.h"
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
    char           buf[256];

    quiet_options(&o);
    CU_ASSERT_EQUAL_FATAL(check("byte x;\n"
                                "active proctype P() {\n"
                                "  x = 1;\n  x = 2;\n  assert(x == 1)\n"
                                "}\n", &o, &r, &m), SEARCH_VIOLATED);
    CU_ASSERT_EQUAL_FATAL(r.nerrors, 1);
    CU_ASSERT_EQUAL(r.errors[0].kind, SEARCH_E_ASSERT);
    CU_ASSERT_EQUAL(r.errors[0].depth, 2);
    CU_ASSERT_EQUAL(r.errors[0].nsteps, 3);
    report_error_text(m.prog, &r.errors[0], buf, sizeof buf);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "assertion violated"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "x"));
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
                                "active proctype P() { do :: x < 200 -> x++ od }\n",
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

/* Write, read back and replay the trail of the first error. */
static void roundtrip(const char *text, const search_options *o)
{
    search_result r;
    model         m;
    char          path[] = "/tmp/spore-test-XXXXXX";
    char          err[256];
    char         *buf = NULL;
    size_t        len = 0;
    FILE         *out = open_memstream(&buf, &len);
    int           fd = mkstemp(path);
    trail        *tr;
    trail        *back;

    CU_ASSERT_FATAL(fd >= 0 && out != NULL);
    close(fd);
    CU_ASSERT_EQUAL_FATAL(check(text, o, &r, &m), SEARCH_VIOLATED);
    tr = trail_from_error(m.prog, &r.errors[0], "test", "por=none");
    CU_ASSERT_PTR_NOT_NULL_FATAL(tr);
    CU_ASSERT_EQUAL(trail_write(tr, path), 0);
    back = trail_read(path, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT_EQUAL(back->nsteps, tr->nsteps);
    CU_ASSERT_EQUAL(back->hash, m.prog->model_hash);
    CU_ASSERT_EQUAL(trail_replay(m.t, m.prog, back, 0, 0, out),
                    TRAIL_REPRODUCED);
    fclose(out);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, r.errors[0].kind == SEARCH_E_ASSERT
                                       ? "assertion violated"
                                       : "invalid end state"));
    free(buf);
    unlink(path);
    trail_free(tr);
    trail_free(back);
    search_result_fini(&r);
    model_close(&m);
}

static void test_trail_roundtrip(void)
{
    search_options o;

    quiet_options(&o);
    roundtrip("byte x;\nactive [2] proctype P() {\n"
              "  byte t = x; x = t + 1\n}\n"
              "active proctype Q() { (x == 1) -> assert(false) }\n", &o);
    roundtrip("chan c = [0] of { byte };\nbyte y;\n"
              "active proctype S() { c!1; c!2 }\n"
              "active proctype R() { c?y; y == 5 }\n", &o);
}

static void test_trail_mismatch(void)
{
    search_options o;
    search_result  r;
    model          m;
    trail         *tr;
    FILE          *out = fopen("/dev/null", "w");

    quiet_options(&o);
    CU_ASSERT_EQUAL_FATAL(check("active proctype P() { assert(false) }\n",
                                &o, &r, &m), SEARCH_VIOLATED);
    tr = trail_from_error(m.prog, &r.errors[0], "test", NULL);
    tr->hash ^= 1;
    CU_ASSERT_EQUAL(trail_replay(m.t, m.prog, tr, 0, 1, out),
                    TRAIL_MISMATCH);
    CU_ASSERT_EQUAL(trail_replay(m.t, m.prog, tr, 1, 1, out),
                    TRAIL_REPRODUCED);
    tr->steps[0].trans += 1000;
    CU_ASSERT_EQUAL(trail_replay(m.t, m.prog, tr, 1, 1, out),
                    TRAIL_NOT_ENABLED);
    fclose(out);
    trail_free(tr);
    search_result_fini(&r);
    model_close(&m);
}

static void test_json_string(void)
{
    char  *buf = NULL;
    size_t len = 0;
    FILE  *out = open_memstream(&buf, &len);

    report_json_string(out, "a\"b\\c\nd\x01");
    fclose(out);
    CU_ASSERT_STRING_EQUAL(buf, "\"a\\\"b\\\\c\\nd\\u0001\"");
    free(buf);
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

static CU_TestInfo trail_tests[] = {
    { "roundtrip", test_trail_roundtrip },
    { "mismatch", test_trail_mismatch },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo report_tests[] = {
    { "json_string", test_json_string },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "search.dfs", .pTests = dfs_tests },
    { .pName = "search.trail", .pTests = trail_tests },
    { .pName = "search.report", .pTests = report_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
