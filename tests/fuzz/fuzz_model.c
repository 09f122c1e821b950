/*
 * tests/fuzz/fuzz_model.c -- libFuzzer harness for the whole pipeline.
 *
 * Arbitrary bytes go through the parser and, when they parse, the front
 * end; a program that compiles is then explored breadth-first for at most
 * a few hundred states, so that the VM and the transition system run on
 * every strange program the fuzzer can build (deep expressions, odd
 * channel types, bad indices, process creation in loops...).  The
 * property checked is the non-negotiable one: no crash, no hang, no
 * sanitizer report, whatever the input.  Built and run by
 * tests/fuzz/run-fuzz.sh (not part of make check).
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "statestore/ss.h"

#define MAX_STATES 300

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static FILE *null_sink;     /* the harness's one global: opened once */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    null_sink = fopen("/dev/null", "w");
    return 0;
}

/* Breadth-first over at most MAX_STATES states. */
static void explore(const bc_program *p)
{
    ts            *t = ts_new(p);
    ss_store      *ss = ss_new(64u << 20, 10);
    ts_succs       out;
    const uint8_t *init;
    size_t         len, next = 0, i;
    ts_finding     f;
    uint32_t       floc;
    ss_ref         ref;

    ts_succs_init(&out);
    if (!t || !ss)
        goto done;
    init = ts_initial(t, &len, &f, &floc);
    if (!init || ss_find_or_put(ss, init, len, &ref) == SS_FULL)
        goto done;
    while (next < ss_count(ss) && next < MAX_STATES) {
        const uint8_t *src = ss_get(ss, (ss_ref)next++, &len);
        size_t         n = ts_successors(t, src, len, &out);
        if (n == 0)
            (void)ts_valid_end(t, src, len, 1);
        for (i = 0; i < out.n; i++) {
            const ts_succ *s = &out.v[i];
            if (s->dst_len == 0)
                continue;
            if (ss_find_or_put(ss, out.vecs + s->dst_off, s->dst_len, &ref)
                == SS_FULL)
                goto done;
        }
    }
done:
    ts_succs_fini(&out);
    ss_free(ss);
    ts_free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    diag         *d = diag_new(null_sink);
    lang_program *lp = lang_parse_string("fuzz.pml", (const char *)data,
                                         size, d);
    bc_program   *p = NULL;

    if (lp && diag_count(d) == 0)
        p = fe_compile(lp, "fuzz.pml", d);
    if (p) {
        bc_disasm(p, null_sink);
        explore(p);
    }
    bc_program_free(p);
    lang_program_free(lp);
    diag_free(d);
    return 0;
}
