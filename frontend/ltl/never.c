/*
 * frontend/ltl/never.c -- a Büchi automaton printed as a Promela never
 * claim (ltl_print_never, ltl.h).
 *
 * The claim moves in lock step with the system, one edge per system
 * step, reading the system's state before the step; a state without an
 * executable option blocks, which loses that run.  The universal
 * accepting state, if any, is printed last as `accept_all: skip' so that
 * reaching it ends the claim, which pan reports at once.
 */
#include "config.h"

#include "frontend/ltl/ltl.h"


static void print_label(const ltl_ba *ba, uint32_t s, uint32_t uni,
                        FILE *out)
{
    if (s == uni)
        fputs("accept_all", out);
    else if (s == ba->init)
        fputs("T0_init", out);
    else
        fprintf(out, "%s_S%u", ba->accepting[s] ? "accept" : "T0",
                (unsigned)s);
}

static void print_guard(ltl_guard g, const char *const *props, FILE *out)
{
    int i, n = 0;

    if (g.pos == 0 && g.neg == 0) {
        fputs("(1)", out);
        return;
    }
    fputc('(', out);
    for (i = 0; i < LTL_MAX_PROPS; i++) {
        uint64_t m = (uint64_t)1 << i;

        if (!((g.pos | g.neg) & m))
            continue;
        if (n++ > 0)
            fputs(" && ", out);
        fprintf(out, "%s(%s)", (g.neg & m) ? "!" : "", props[i]);
    }
    fputc(')', out);
}

static void print_state(const ltl_ba *ba, uint32_t s, uint32_t uni,
                        const char *const *props, FILE *out)
{
    size_t i;

    if (s == ba->init && ba->accepting[s])
        fputs("accept_init:\n", out);
    print_label(ba, s, uni, out);
    fputs(":\n\tif\n", out);
    for (i = 0; i < ba->nedges; i++) {
        const ltl_edge *e = &ba->edges[i];

        if (e->src != s)
            continue;
        fputs("\t:: ", out);
        print_guard(e->guard, props, out);
        fputs(" -> goto ", out);
        print_label(ba, e->dst, uni, out);
        fputc('\n', out);
    }
    fputs("\tfi;\n", out);
}

void ltl_print_never(const ltl_ba *ba, const char *const *props,
                     const char *comment, FILE *out)
{
    uint32_t s, uni = UINT32_MAX;

    fputs("never  {", out);
    if (comment != NULL) {
        const char *c;

        fputs("    /* ", out);
        for (c = comment; *c != '\0'; c++) {
            fputc(*c == '\n' ? ' ' : *c, out);
            if (c[0] == '*' && c[1] == '/')
                fputc(' ', out);
        }
        fputs(" */", out);
    }
    fputc('\n', out);
    for (s = 0; s < ba->nstates; s++) {
        if (ltl_ba_is_universal(ba, s))
            uni = s;
    }
    if (ba->nedges == 0 && uni == UINT32_MAX) {
        fputs("T0_init:\n\tfalse;\n}\n", out);
        return;
    }
    for (s = 0; s < ba->nstates; s++) {
        if (s != uni)
            print_state(ba, s, uni, props, out);
    }
    if (uni != UINT32_MAX) {
        if (uni == ba->init)
            fputs("accept_init:\nT0_init:\n", out);
        fputs("accept_all:\n\tskip\n", out);
    }
    fputs("}\n", out);
}
