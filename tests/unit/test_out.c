/*
 * tests/unit/test_out.c -- the outputs (engine/out/) on small models
 * given as text.
 *
 * Outcome sets (outcome.h): naming variables, reading expect files,
 * counting distinct end states through the search's on_end hook, and the
 * SEARCH_E_OUTCOME error.  Trails (trail.h): the trail of a search's
 * error is written to a temporary file, read back and replayed, which
 * must reproduce the error (the "every trail replays" rule of
 * design/user-needs.md); a trail of another model is refused.  Reports
 * (report.h): JSON strings.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <CUnit/Basic.h>

#include "engine/out/outcome.h"
#include "engine/out/report.h"
#include "engine/out/trail.h"
#include "engine/search/search.h"
#include "engine/model/ts.h"
#include "util/diag.h"

#include "tests/unit/unit.h"
#include "tests/unit/unit_model.h"

/* Two unsynchronised increments (x is read, so the front end keeps it):
 * the outcomes are x=1 (lost update) and x=2. */
static const char race[] =
    "byte x; byte a[3];\n"
    "active [2] proctype P() { byte t; t = x; x = t + 1; a[_pid] = x }\n";

static void quiet_options(search_options *o, outcome *oc)
{
    search_options_init(o);
    o->progress_secs = 0;
    o->on_end = outcome_on_end;
    o->on_end_ctx = oc;
}

/* A new file holding text; the caller unlinks and frees the name. */
static char *temp_file(const char *text)
{
    char *name = strdup("/tmp/spore-test-outcome.XXXXXX");
    int   fd = mkstemp(name);

    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT_FATAL(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    return name;
}

/* The JSON member of oc as a string (caller frees). */
static char *json_of(const outcome *oc)
{
    char  *buf = NULL;
    size_t size = 0;
    FILE  *mem = open_memstream(&buf, &size);

    outcome_json(oc, mem, 1);
    fclose(mem);
    return buf;
}

/* ------------------------------------------------------------- tests */

static void test_names(void)
{
    model    m;
    outcome *oc;
    diag    *d = diag_new(fopen("/dev/null", "w"));

    CU_ASSERT_FATAL(model_open(&m, race) == 0);
    oc = outcome_new(m.prog);
    CU_ASSERT_EQUAL(outcome_add_vars(oc, "x, a", "--outcomes", d), 0);
    CU_ASSERT_EQUAL(outcome_nleaves(oc), 4);            /* x a[0..2] */
    CU_ASSERT_EQUAL(diag_count(d), 0);
    outcome_free(oc);
    oc = outcome_new(m.prog);
    CU_ASSERT_EQUAL(outcome_add_vars(oc, "a[2]", "--outcomes", d), 0);
    CU_ASSERT_EQUAL(outcome_nleaves(oc), 1);
    CU_ASSERT_EQUAL(outcome_add_vars(oc, "a[3]", "--outcomes", d), -1);
    CU_ASSERT_EQUAL(outcome_add_vars(oc, "nosuch", "--outcomes", d), -1);
    CU_ASSERT_EQUAL(outcome_add_vars(oc, "x[0]", "--outcomes", d), -1);
    CU_ASSERT_EQUAL(outcome_add_vars(oc, "a[2]", "--outcomes", d), -1);
    CU_ASSERT_EQUAL(diag_count(d), 4);
    outcome_free(oc);
    diag_free(d);
    model_close(&m);
}

static void test_spec_names(void)
{
    char  **names = NULL;
    size_t  n = 0;
    size_t  cap = 0;

    outcome_spec_names("x, a[2],s.f", &names, &n, &cap);
    outcome_spec_names("y=1 b[0]=mt", &names, &n, &cap);
    CU_ASSERT_EQUAL_FATAL(n, 5);
    CU_ASSERT_STRING_EQUAL(names[0], "x");
    CU_ASSERT_STRING_EQUAL(names[1], "a");
    CU_ASSERT_STRING_EQUAL(names[2], "s");
    CU_ASSERT_STRING_EQUAL(names[3], "y");
    CU_ASSERT_STRING_EQUAL(names[4], "b");
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* Distinct end states, one per combination here; a state met again is
 * not counted again. */
static void test_count(void)
{
    model          m;
    outcome       *oc;
    search_options o;
    search_result  r;
    diag          *d = diag_new(NULL);
    size_t         len;
    ts_finding     f;
    uint32_t       floc;
    const uint8_t *init;
    uint8_t       *copy;
    const char    *detail = NULL;

    CU_ASSERT_FATAL(model_open(&m, race) == 0);
    oc = outcome_new(m.prog);
    CU_ASSERT_FATAL(outcome_add_vars(oc, "x", "--outcomes", d) == 0);
    quiet_options(&o, oc);
    CU_ASSERT_EQUAL(search_dfs(m.t, &o, &r), 0);
    CU_ASSERT_EQUAL(r.verdict, SEARCH_VERIFIED);
    CU_ASSERT_EQUAL(outcome_ncombos(oc), 2);
    CU_ASSERT_EQUAL(outcome_nends(oc), 2);
    search_result_fini(&r);
    /* the initial state, twice: one more end state, counted once */
    init = ts_initial(m.t, &len, &f, &floc);
    copy = malloc(len);
    memcpy(copy, init, len);
    CU_ASSERT_EQUAL(outcome_on_end(oc, copy, len, NULL, 0, &detail), 0);
    CU_ASSERT_EQUAL(outcome_on_end(oc, copy, len, NULL, 0, &detail), 0);
    CU_ASSERT_EQUAL(outcome_nends(oc), 3);
    CU_ASSERT_EQUAL(outcome_ncombos(oc), 3);
    free(copy);
    outcome_free(oc);
    diag_free(d);
    model_close(&m);
}

/* --expect admitting x=2 only: x=1 is one SEARCH_E_OUTCOME error with a
 * trail and the outcome as detail, also under -c0 (once). */
static void test_expect(void)
{
    model          m;
    outcome       *oc;
    search_options o;
    search_result  r;
    diag          *d = diag_new(NULL);
    char          *path = temp_file("# outcomes: x\n# comment\n\nx=2\n");

    CU_ASSERT_FATAL(model_open(&m, race) == 0);
    oc = outcome_new(m.prog);
    CU_ASSERT_EQUAL_FATAL(outcome_read_expect(oc, path, d), 0);
    CU_ASSERT_EQUAL(outcome_nleaves(oc), 1);
    quiet_options(&o, oc);
    o.max_errors = 0;
    CU_ASSERT_EQUAL(search_dfs(m.t, &o, &r), 0);
    CU_ASSERT_EQUAL(r.verdict, SEARCH_VIOLATED);
    CU_ASSERT_EQUAL_FATAL(r.nerrors, 1);
    CU_ASSERT_EQUAL(r.errors[0].kind, SEARCH_E_OUTCOME);
    CU_ASSERT_PTR_NOT_NULL(r.errors[0].steps);
    CU_ASSERT_EQUAL(r.errors[0].nsteps, r.errors[0].depth);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.errors[0].detail);
    CU_ASSERT_STRING_EQUAL(r.errors[0].detail, "x=1");
    CU_ASSERT_STRING_EQUAL(search_err_name(SEARCH_E_OUTCOME),
                           "outcome not admitted");
    search_result_fini(&r);
    outcome_free(oc);
    unlink(path);
    free(path);
    diag_free(d);
    model_close(&m);
}

/* Expect files with mistakes are refused with diagnostics. */
static void test_expect_errors(void)
{
    static const char *const bad[] = {
        "x=2\n",                        /* no variables */
        "# outcomes: x\nx=2\nx=2\n",    /* repeated */
        "# outcomes: x\nx=256\n",       /* out of range */
        "# outcomes: x\nx=1 x=2\n",     /* twice */
        "# outcomes: x\ny=1\n",         /* unknown */
        "# outcomes: x,a\nx=1\n",       /* missing */
        "# outcomes: x\nx 1\n",         /* no '=' */
    };
    model m;
    diag *d = diag_new(fopen("/dev/null", "w"));

    CU_ASSERT_FATAL(model_open(&m, race) == 0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        outcome *oc = outcome_new(m.prog);
        char    *path = temp_file(bad[i]);
        size_t   before = diag_count(d);

        CU_ASSERT_EQUAL(outcome_read_expect(oc, path, d), -1);
        CU_ASSERT(diag_count(d) > before);
        unlink(path);
        free(path);
        outcome_free(oc);
    }
    model_close(&m);
    diag_free(d);
}

/* The same outcome set, counts included, under every reduction. */
static void test_por_identity(void)
{
    model m;
    char *base = NULL;
    diag *d = diag_new(NULL);

    CU_ASSERT_FATAL(model_open(&m, race) == 0);
    for (int mode = 0; mode < SEARCH_POR_NMODES; mode++) {
        outcome       *oc = outcome_new(m.prog);
        search_options o;
        search_result  r;
        char          *js;

        CU_ASSERT_FATAL(outcome_add_vars(oc, "x,a", "--outcomes", d) == 0);
        quiet_options(&o, oc);
        o.por = mode;
        CU_ASSERT_EQUAL(search_dfs(m.t, &o, &r), 0);
        js = json_of(oc);
        if (base == NULL)
            base = js;
        else {
            CU_ASSERT_STRING_EQUAL(js, base);
            free(js);
        }
        search_result_fini(&r);
        outcome_free(oc);
    }
    free(base);
    diag_free(d);
    model_close(&m);
}

/* ------------------------------------------------------------ trails */

/* Search text under o (plain options: no outcome set); returns the
 * verdict (-1 if it did not compile). */
static int check(const char *text, const search_options *o,
                 search_result *r, model *m)
{
    if (model_open(m, text) != 0)
        return -1;
    if (search_dfs(m->t, o, r) != 0)
        return -1;
    return (int)r->verdict;
}

static void plain_options(search_options *o)
{
    search_options_init(o);
    o->progress_secs = 0;
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

    plain_options(&o);
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

    plain_options(&o);
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

/* ----------------------------------------------------------- reports */

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

/* The one-line text of an assertion violation names the assertion. */
static void test_error_text(void)
{
    search_options o;
    search_result  r;
    model          m;
    char           buf[256];

    plain_options(&o);
    CU_ASSERT_EQUAL_FATAL(check("byte x;\n"
                                "active proctype P() {\n"
                                "  x = 1;\n  x = 2;\n  assert(x == 1)\n"
                                "}\n", &o, &r, &m), SEARCH_VIOLATED);
    CU_ASSERT_EQUAL_FATAL(r.nerrors, 1);
    report_error_text(m.prog, &r.errors[0], buf, sizeof buf);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "assertion violated"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "x"));
    search_result_fini(&r);
    model_close(&m);
}

static CU_TestInfo outcome_tests[] = {
    { "names", test_names },
    { "spec_names", test_spec_names },
    { "count", test_count },
    { "expect", test_expect },
    { "expect_errors", test_expect_errors },
    { "por_identity", test_por_identity },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo trail_tests[] = {
    { "roundtrip", test_trail_roundtrip },
    { "mismatch", test_trail_mismatch },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo report_tests[] = {
    { "json_string", test_json_string },
    { "error_text", test_error_text },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "out.outcome", .pTests = outcome_tests },
    { .pName = "out.trail", .pTests = trail_tests },
    { .pName = "out.report", .pTests = report_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
