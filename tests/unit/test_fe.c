/*
 * tests/unit/test_fe.c -- the front end: lowering and static facts.
 *
 * Models are parsed from strings, compiled, and the automaton is checked
 * against what `spin -o3` builds for the same text (its location and
 * transition counts, read off `pan -d`), plus the static read/write sets.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "tests/unit/unit.h"

#include "engine/model/bc.h"
#include "frontend/fe.h"
#include "frontend/fe_int.h"
#include "lang/lang.h"
#include "util/diag.h"

typedef struct compiled {
    diag         *d;
    lang_program *lp;
    bc_program   *p;
} compiled;

static compiled compile(const char *text)
{
    compiled c;
    FILE    *sink = fopen("/dev/null", "w");

    c.d = diag_new(sink);
    c.lp = lang_parse_string("t.pml", text, strlen(text), c.d);
    c.p = NULL;
    if (c.lp && diag_count(c.d) == 0)
        c.p = fe_compile(c.lp, "t.pml", c.d);
    return c;
}

static void release(compiled *c)
{
    bc_program_free(c->p);
    lang_program_free(c->lp);
    diag_free(c->d);
}

static uint32_t proc_index(const bc_program *p, const char *name)
{
    uint32_t i;

    for (i = 0; i < p->nprocs; i++)
        if (strcmp(p->procs[i].name, name) == 0)
            return i;
    return UINT32_MAX;
}

static uint32_t ntrans_of(const bc_program *p, uint32_t pt)
{
    uint32_t i, n = 0;

    for (i = 0; i < p->procs[pt].nlocs; i++)
        n += p->pclocs[p->procs[pt].loc0 + i].ntrans;
    return n;
}

/* `x < 3 -> x++` is two transitions; break and goto are folded away;
 * the end is one DIE transition: spin -o3 gives 4 locations and 5
 * transitions (incl. -end-) for this body. */
static void test_jumps_folded(void)
{
    compiled c = compile(
        "byte x;\n"
        "active proctype P() {\n"
        "  do\n"
        "  :: x < 2 -> x++\n"
        "  :: x == 2 -> goto done\n"
        "  od;\n"
        "done: skip\n"
        "}\n");
    uint32_t pt;

    CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
    pt = proc_index(c.p, "P");
    CU_ASSERT_EQUAL(c.p->procs[pt].nlocs, 4);
    CU_ASSERT_EQUAL(ntrans_of(c.p, pt), 5);
    release(&c);
}

static void test_else_break(void)
{
    compiled c = compile(
        "byte x;\n"
        "active proctype P() {\n"
        "L: do\n"
        "  :: x < 3 -> x++\n"
        "  :: else -> break\n"
        "  od;\n"
        "  x = 0;\n"
        "  goto L\n"
        "}\n");
    uint32_t pt, i, nelse = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
    pt = proc_index(c.p, "P");
    /* do, x++, x = 0, and the final location (unreachable here) */
    CU_ASSERT_EQUAL(c.p->procs[pt].nlocs, 4);
    for (i = 0; i < c.p->ntrans; i++)
        nelse += (c.p->trans[i].flags & BC_TR_ELSE) != 0;
    CU_ASSERT_EQUAL(nelse, 1);
    release(&c);
}

static void test_mtype_numbering(void)
{
    compiled c = compile(
        "mtype = { a, b };\n"
        "mtype = { c };\n"
        "active proctype P() { skip }\n");

    CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
    CU_ASSERT_EQUAL(c.p->nmtypes, 4);
    CU_ASSERT_STRING_EQUAL(c.p->mtypes[1], "b");
    CU_ASSERT_STRING_EQUAL(c.p->mtypes[2], "a");
    CU_ASSERT_STRING_EQUAL(c.p->mtypes[3], "c");
    release(&c);
}

static void test_static_facts(void)
{
    compiled c = compile(
        "byte g; byte arr[4]; int h;\n"
        "active proctype P() {\n"
        "  byte l;\n"
        "  l = 1;\n"
        "  g = l;\n"
        "  arr[l] = h;\n"
        "  assert(g + arr[0] >= 0)\n"     /* g and arr are read */
        "}\n");
    uint32_t i, n = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
    CU_ASSERT_EQUAL(c.p->globals_size, 1 + 4 + 4);
    for (i = 0; i < c.p->ntrans; i++) {
        const char *txt = c.p->strings[c.p->trans[i].text];
        const uint64_t *rd = bc_reads(c.p, i), *wr = bc_writes(c.p, i);
        if (strcmp(txt, "l = 1") == 0) {
            CU_ASSERT_TRUE(bc_trans_invisible(c.p, i));
            n++;
        } else if (strcmp(txt, "g = l") == 0) {
            CU_ASSERT_EQUAL(wr[0], 1u);             /* byte 0 */
            CU_ASSERT_EQUAL(rd[0], 0u);
            n++;
        } else if (strcmp(txt, "arr[l] = h") == 0) {
            CU_ASSERT_EQUAL(wr[0], 0x1eu);          /* bytes 1..4 */
            CU_ASSERT_EQUAL(rd[0], 0x1e0u);         /* bytes 5..8 */
            n++;
        }
    }
    CU_ASSERT_EQUAL(n, 3);
    release(&c);
}

static void test_atomic_flags(void)
{
    compiled c = compile(
        "byte x;\n"
        "active proctype P() {\n"
        "  x = 1;\n"
        "  atomic { x = 2; x = 3; x = 4 };\n"
        "  x = 5\n"
        "}\n");
    uint32_t i, natomic = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
    for (i = 0; i < c.p->ntrans; i++)
        if (c.p->trans[i].flags & BC_TR_ATOMIC)
            natomic++;
    /* x = 2 and x = 3 keep the CPU; x = 4 leaves the sequence */
    CU_ASSERT_EQUAL(natomic, 2);
    release(&c);
}

static void test_dstep_one_transition(void)
{
    compiled c = compile(
        "byte x;\n"
        "active proctype P() {\n"
        "  d_step { x = 1; if :: x == 1 -> x = 2 :: else -> x = 3 fi }\n"
        "}\n");
    uint32_t pt;

    CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
    pt = proc_index(c.p, "P");
    CU_ASSERT_EQUAL(ntrans_of(c.p, pt), 2);         /* d_step, -end- */
    release(&c);
}

static void test_errors(void)
{
    static const char *const bad[] = {
        "active proctype P() { y = 1 }\n",
        "active proctype P() { goto nowhere }\n",
        "active proctype P() { break }\n",
        "proctype Q(byte a) { skip }\n"
        "init { run Q() }\n",
        "active proctype P() { byte a; a[1] = 0 }\n",
        "typedef T { byte f }; T t;\n"
        "active proctype P() { t.g = 1 }\n",
        "active proctype P() { foo(1) }\n",
    };
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        compiled c = compile(bad[i]);
        CU_ASSERT_PTR_NULL(c.p);
        CU_ASSERT_TRUE(diag_count(c.d) > 0);
        release(&c);
    }
}

/* Scopes: the newest symbol of a name wins; moving the head back hides
 * the later ones; clearing forgets all; many names stay findable. */
static void test_scope(void)
{
    fe_scope s;
    fe_sym   y[3000];
    char     names[3000][8];
    fe_sym  *head = NULL;
    int      i;

    memset(&s, 0, sizeof s);
    memset(y, 0, sizeof y);
    CU_ASSERT_PTR_NULL(fe_scope_find(&s, "a"));
    for (i = 0; i < 3000; i++) {
        snprintf(names[i], sizeof names[i], "v%d", i % 2000);
        y[i].name = names[i];
        fe_scope_add(&s, &y[i]);
        if (i == 1500)
            head = s.syms;
    }
    CU_ASSERT_PTR_EQUAL(fe_scope_find(&s, "v5"), &y[2005]);
    CU_ASSERT_PTR_EQUAL(fe_scope_find(&s, "v1999"), &y[1999]);
    CU_ASSERT_PTR_NULL(fe_scope_find(&s, "v2000"));
    CU_ASSERT_PTR_EQUAL(s.syms, &y[2999]);
    CU_ASSERT_PTR_EQUAL(y[2999].next, &y[2998]);
    s.syms = head;                      /* only y[0 .. 1500] visible */
    CU_ASSERT_PTR_EQUAL(fe_scope_find(&s, "v5"), &y[5]);
    CU_ASSERT_PTR_EQUAL(fe_scope_find(&s, "v1500"), &y[1500]);
    CU_ASSERT_PTR_NULL(fe_scope_find(&s, "v1501"));
    s.syms = NULL;
    CU_ASSERT_PTR_NULL(fe_scope_find(&s, "v5"));
    s.syms = &y[2999];
    fe_scope_clear(&s);
    CU_ASSERT_PTR_NULL(fe_scope_find(&s, "v5"));
    fe_scope_add(&s, &y[7]);
    CU_ASSERT_PTR_EQUAL(fe_scope_find(&s, "v7"), &y[7]);
    CU_ASSERT_PTR_NULL(fe_scope_find(&s, "v8"));
    CU_ASSERT_PTR_NULL(y[7].next);
    fe_scope_fini(&s);
}

/* Labels: a goto finds the first definition of its label; a label
 * defined three times gives one error per later definition. */
static void test_labels(void)
{
    compiled c = compile("byte x;\n"
                         "active proctype p() {\n"
                         "L: x = 1; M: x = 2; L: x = 3; L: x = 4;\n"
                         "goto L }\n");

    CU_ASSERT_PTR_NULL(c.p);
    CU_ASSERT_EQUAL(diag_count(c.d), 2);
    release(&c);
    c = compile("byte x;\n"
                "active proctype p() {\n"
                "do :: x < 3 -> x++; goto B :: else -> break od;\n"
                "B: x = 5; A: goto B }\n");
    CU_ASSERT_PTR_NOT_NULL(c.p);
    release(&c);
}

static CU_TestInfo symtab_tests[] = {
    { "scope", test_scope },
    { "labels", test_labels },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo lower_tests[] = {
    { "jumps_folded", test_jumps_folded },
    { "else_break", test_else_break },
    { "mtype_numbering", test_mtype_numbering },
    { "atomic_flags", test_atomic_flags },
    { "dstep_one_transition", test_dstep_one_transition },
    { "errors", test_errors },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo deps_tests[] = {
    { "static_facts", test_static_facts },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "fe.lower", .pTests = lower_tests },
    { .pName = "fe.deps", .pTests = deps_tests },
    { .pName = "fe.symtab", .pTests = symtab_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
