/*
 * tests/unit/test_util.c -- CUnit tests for util/diag and util/xalloc.
 *
 * Diagnostics are printed to a tmpfile() sink and compared byte for byte
 * with the format promised in util/diag.h.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <CUnit/Basic.h>

#include "tests/unit/unit.h"

#include "util/diag.h"
#include "util/json.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- helpers ---------------------------------------------------------- */

/* Everything written to sink so far, as a malloc'd string. */
static char *sink_text(FILE *sink)
{
    long n;
    char *buf;

    fflush(sink);
    n = ftell(sink);
    buf = xmalloc((size_t)n + 1);
    rewind(sink);
    if (fread(buf, 1, (size_t)n, sink) != (size_t)n)
        n = 0;
    buf[n] = '\0';
    return buf;
}

static diag_pos pos(uint32_t file, uint32_t line, uint32_t col)
{
    diag_pos p = { file, line, col };

    return p;
}

/* Compare got with want; on mismatch also show both texts. */
#define CHECK_OUTPUT(got, want)                                         \
    do {                                                                \
        CU_ASSERT_STRING_EQUAL((got), (want));                          \
        if (strcmp((got), (want)) != 0)                                 \
            fprintf(stderr, "\n--- got:\n%s--- want:\n%s", (got), (want)); \
    } while (0)

static const char model[] =
    "int turns;\n"
    "active proctype p() {\n"
    "    turn = 1 - _pid;\n"
    "\tx = 2\n"
    "}";                                /* no final newline */

/* ---- diag ------------------------------------------------------------- */

static void test_error_format(void)
{
    FILE *sink = tmpfile();
    diag *d = diag_new(sink);
    uint32_t f = diag_file_id(d, "models/mutex.pml");
    char *out;

    diag_set_text(d, f, model, strlen(model));
    diag_error(d, pos(f, 3, 5), "undeclared variable '%s'", "turn");
    out = sink_text(sink);
    CHECK_OUTPUT(out,
        "models/mutex.pml:3:5: error: undeclared variable 'turn'\n"
        "    3 |     turn = 1 - _pid;\n"
        "      |     ^\n");
    CU_ASSERT_EQUAL(diag_count(d), 1);
    free(out);
    diag_free(d);
    fclose(sink);
}

static void test_warning_note_not_counted(void)
{
    FILE *sink = tmpfile();
    diag *d = diag_new(sink);
    uint32_t f = diag_file_id(d, "m.pml");
    char *out;

    diag_set_text(d, f, model, strlen(model));
    diag_warning(d, pos(f, 1, 5), "unused variable");
    diag_note(d, pos(f, 1, 1), "declared here");
    out = sink_text(sink);
    CHECK_OUTPUT(out,
        "m.pml:1:5: warning: unused variable\n"
        "    1 | int turns;\n"
        "      |     ^\n"
        "m.pml:1:1: note: declared here\n"
        "    1 | int turns;\n"
        "      | ^\n");
    CU_ASSERT_EQUAL(diag_count(d), 0);
    free(out);
    diag_free(d);
    fclose(sink);
}

static void test_partial_positions(void)
{
    FILE *sink = tmpfile();
    diag *d = diag_new(sink);
    uint32_t f = diag_file_id(d, "m.pml");
    char *out;

    diag_set_text(d, f, model, strlen(model));
    diag_error(d, pos(f, 0, 0), "cannot read file");
    diag_error(d, pos(f, 2, 0), "no column");
    diag_error(d, pos(f, 99, 3), "past the end");
    diag_error(d, pos(77, 1, 1), "unknown file");
    out = sink_text(sink);
    CHECK_OUTPUT(out,
        "m.pml: error: cannot read file\n"
        "m.pml:2: error: no column\n"
        "    2 | active proctype p() {\n"
        "m.pml:99:3: error: past the end\n"
        "?:1:1: error: unknown file\n");
    CU_ASSERT_EQUAL(diag_count(d), 4);
    free(out);
    diag_free(d);
    fclose(sink);
}

static void test_tabs_last_line_crlf(void)
{
    static const char crlf[] = "a\r\nbb = 1\r\n";
    FILE *sink = tmpfile();
    diag *d = diag_new(sink);
    uint32_t f = diag_file_id(d, "m.pml");
    uint32_t g = diag_file_id(d, "w.pml");
    char *out;

    diag_set_text(d, f, model, strlen(model));
    diag_set_text(d, g, crlf, strlen(crlf));
    diag_error(d, pos(f, 4, 3), "tab");
    diag_error(d, pos(f, 5, 1), "last line");
    diag_error(d, pos(g, 2, 4), "crlf");
    out = sink_text(sink);
    CHECK_OUTPUT(out,
        "m.pml:4:3: error: tab\n"
        "    4 | \tx = 2\n"
        "      | \t ^\n"
        "m.pml:5:1: error: last line\n"
        "    5 | }\n"
        "      | ^\n"
        "w.pml:2:4: error: crlf\n"
        "    2 | bb = 1\n"
        "      |    ^\n");
    free(out);
    diag_free(d);
    fclose(sink);
}

static void test_file_on_disk_is_cached(void)
{
    char path[] = "/tmp/spore-test-diag-XXXXXX";
    int fd = mkstemp(path);
    FILE *fp;
    FILE *sink = tmpfile();
    diag *d;
    uint32_t f;
    char *out;

    CU_ASSERT_FATAL(fd >= 0);
    fp = fdopen(fd, "w");
    fputs("one\ntwo three\n", fp);
    fclose(fp);

    d = diag_new(sink);
    f = diag_file_id(d, path);
    diag_error(d, pos(f, 2, 5), "first");
    fp = fopen(path, "w");              /* change it: the cache wins */
    fputs("changed\nchanged\n", fp);
    fclose(fp);
    diag_error(d, pos(f, 2, 1), "second");
    out = sink_text(sink);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, ":2:5: error: first\n"
                                       "    2 | two three\n"
                                       "      |     ^\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, ":2:1: error: second\n"
                                       "    2 | two three\n"
                                       "      | ^\n"));
    CU_ASSERT_EQUAL(strncmp(out, path, strlen(path)), 0);
    free(out);
    diag_free(d);
    fclose(sink);
    unlink(path);
}

static void test_missing_file(void)
{
    FILE *sink = tmpfile();
    diag *d = diag_new(sink);
    uint32_t f = diag_file_id(d, "/nonexistent/dir/x.pml");
    char *out;

    diag_error(d, pos(f, 1, 1), "boom");
    diag_error(d, pos(f, 2, 1), "again");
    out = sink_text(sink);
    CHECK_OUTPUT(out,
        "/nonexistent/dir/x.pml:1:1: error: boom\n"
        "/nonexistent/dir/x.pml:2:1: error: again\n");
    free(out);
    diag_free(d);
    fclose(sink);
}

static void test_limit(void)
{
    FILE *sink = tmpfile();
    diag *d = diag_new(sink);
    uint32_t f = diag_file_id(d, "m.pml");
    char *out;
    int i;

    diag_set_limit(d, 2);
    for (i = 1; i <= 4; i++)
        diag_error(d, pos(f, 0, 0), "e%d", i);
    diag_note(d, pos(f, 0, 0), "hidden too");
    out = sink_text(sink);
    CHECK_OUTPUT(out,
        "m.pml: error: e1\n"
        "m.pml: error: e2\n"
        "spore: note: too many errors (2); not printing more\n");
    CU_ASSERT_EQUAL(diag_count(d), 4);
    free(out);
    diag_free(d);
    fclose(sink);
}

static void test_file_ids(void)
{
    diag *d = diag_new(NULL);
    uint32_t a = diag_file_id(d, "a.pml");
    uint32_t b = diag_file_id(d, "b.pml");

    CU_ASSERT_NOT_EQUAL(a, b);
    CU_ASSERT_EQUAL(diag_file_id(d, "a.pml"), a);
    CU_ASSERT_STRING_EQUAL(diag_file_name(d, b), "b.pml");
    CU_ASSERT_STRING_EQUAL(diag_file_name(d, 1000), "?");
    CU_ASSERT_EQUAL(diag_count(d), 0);
    diag_free(d);
    diag_free(NULL);
}

/* ---- xalloc ----------------------------------------------------------- */

static void test_xstr_and_grow(void)
{
    char *s = xstrdup("hello");
    char *t = xstrndup("hello", 3);
    int *v = NULL;
    size_t cap = 0;
    size_t i;

    CU_ASSERT_STRING_EQUAL(s, "hello");
    CU_ASSERT_STRING_EQUAL(t, "hel");
    for (i = 0; i < 1000; i++) {
        xgrow((void **)&v, &cap, i + 1, sizeof *v);
        v[i] = (int)i;
    }
    CU_ASSERT(cap >= 1000);
    CU_ASSERT_EQUAL(v[999], 999);
    xgrow((void **)&v, &cap, 10, sizeof *v);    /* never shrinks */
    CU_ASSERT(cap >= 1000);
    free(s);
    free(t);
    free(v);
}

static void test_arena(void)
{
    arena *a = arena_new();
    unsigned char *prev = NULL;
    size_t i;
    size_t j;

    for (i = 0; i < 5000; i++) {
        size_t n = (i * 7919) % 200;
        unsigned char *p = arena_alloc(a, n);

        CU_ASSERT_EQUAL((uintptr_t)p % 16, 0);
        for (j = 0; j < n; j++)
            CU_ASSERT_EQUAL_FATAL(p[j], 0);
        memset(p, 0xAB, n);             /* overlap would show below */
        CU_ASSERT(p != prev);
        prev = p;
    }
    {
        size_t big = 1u << 20;
        unsigned char *p = arena_alloc(a, big);
        unsigned char *q = arena_alloc(a, 8);

        CU_ASSERT_EQUAL((uintptr_t)p % 16, 0);
        CU_ASSERT_EQUAL(p[0], 0);
        CU_ASSERT_EQUAL(p[big - 1], 0);
        memset(p, 1, big);
        CU_ASSERT_EQUAL(q[0], 0);
        CU_ASSERT((q + 8 <= p) || (q >= p + big));
    }
    CU_ASSERT_STRING_EQUAL(arena_strdup(a, "abc"), "abc");
    CU_ASSERT_STRING_EQUAL(arena_strndup(a, "abcdef", 2), "ab");
    CU_ASSERT_STRING_EQUAL(arena_strndup(a, "ab", 10), "ab");
    arena_free(a);
    arena_free(NULL);
}

static void put_json(const void *arg, FILE *out)
{
    json_string(out, arg);
}

/* json_string of s, as a new string. */
static char *json_of(const char *s)
{
    char *r = text_capture(put_json, s);

    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    return r;
}

#define CHECK_JSON(in, want) do {                                       \
        char *got_ = json_of(in);                                       \
        CU_ASSERT_STRING_EQUAL(got_, want);                             \
        free(got_);                                                     \
    } while (0)

/* Escapes, valid UTF-8 kept, each byte of invalid UTF-8 as U+FFFD. */
static void test_json_string(void)
{
    CHECK_JSON(NULL, "null");
    CHECK_JSON("", "\"\"");
    CHECK_JSON("a\"b\\c\nd\x01\t\r\b\f\x1f\x7f",
               "\"a\\\"b\\\\c\\nd\\u0001\\t\\r\\b\\f\\u001f\x7f\"");
    /* valid: 2, 3 and 4 bytes, the limits of each form */
    CHECK_JSON("\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf",
               "\"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf\"");
    CHECK_JSON("\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80",
               "\"\xc2\x80\xdf\xbf\xe0\xa0\x80\xed\x9f\xbf\xee\x80\x80\"");
    /* invalid: stray continuation, C0/C1 overlong leads, F5.., a lone
     * lead at the end or before ASCII, overlong E0/F0, surrogates, above
     * U+10FFFF */
    CHECK_JSON("\x80", "\"\\ufffd\"");
    CHECK_JSON("a\xc0\xaf" "b", "\"a\\ufffd\\ufffdb\"");
    CHECK_JSON("\xf5\x80", "\"\\ufffd\\ufffd\"");
    CHECK_JSON("x\xc3", "\"x\\ufffd\"");
    CHECK_JSON("\xe2\x82z", "\"\\ufffd\\ufffdz\"");
    CHECK_JSON("\xe0\x80\x80", "\"\\ufffd\\ufffd\\ufffd\"");
    CHECK_JSON("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");
    CHECK_JSON("\xf0\x80\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    CHECK_JSON("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
    CHECK_JSON("\xff\xfe", "\"\\ufffd\\ufffd\"");
}

static void put_nothing(const void *arg, FILE *out)
{
    (void)arg;
    (void)out;
}

static void put_two(const void *arg, FILE *out)
{
    fprintf(out, "%s-%s", (const char *)arg, (const char *)arg);
}

static void test_capture(void)
{
    char *s = text_capture(put_nothing, NULL);

    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s, "");
    free(s);
    s = text_capture(put_two, "ab");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_STRING_EQUAL(s, "ab-ab");
    free(s);
}

static CU_TestInfo text_tests[] = {
    { "json_string", test_json_string },
    { "capture", test_capture },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo diag_tests[] = {
    { "error_format", test_error_format },
    { "warning_note_not_counted", test_warning_note_not_counted },
    { "partial_positions", test_partial_positions },
    { "tabs_last_line_crlf", test_tabs_last_line_crlf },
    { "file_on_disk_is_cached", test_file_on_disk_is_cached },
    { "missing_file", test_missing_file },
    { "limit", test_limit },
    { "file_ids", test_file_ids },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo xalloc_tests[] = {
    { "xstr_and_grow", test_xstr_and_grow },
    { "arena", test_arena },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "util.diag", .pTests = diag_tests },
    { .pName = "util.xalloc", .pTests = xalloc_tests },
    { .pName = "util.text", .pTests = text_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
