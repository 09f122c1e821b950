/*
 * tests/ltl/ltl2never.c -- test driver of the LTL translator
 * (frontend/ltl/ltl.h); built by `make check', not installed.
 *
 *   ltl2never 'FORMULA'      print the never claim accepting exactly the
 *                            words that satisfy FORMULA (what `spin -f'
 *                            prints for FORMULA)
 *   ltl2never -p 'FORMULA'   print the parsed formula, fully
 *                            parenthesised as SPIN echoes an ltl block
 *   ltl2never -s 'FORMULA'   print the automaton's size: states, edges,
 *                            accepting states
 *
 * Exit status: 0 done, 2 a bad formula (the error, located by column in
 * "formula", goes to stderr), 1 a usage error.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "frontend/ltl/ltl.h"
#include "util/diag.h"

int main(int argc, char **argv)
{
    diag *d;
    diag_pos at = { 0, 1, 1 };
    ltl_formula *f;
    ltl_ba *ba;
    const char *mode = "";
    const char *text;
    int rc = 0;

    if (argc == 3 && (strcmp(argv[1], "-p") == 0
                      || strcmp(argv[1], "-s") == 0)) {
        mode = argv[1];
        text = argv[2];
    } else if (argc == 2 && argv[1][0] != '-') {
        text = argv[1];
    } else {
        fputs("usage: ltl2never [-p|-s] 'FORMULA'\n", stderr);
        return 1;
    }
    d = diag_new(stderr);
    at.file = diag_file_id(d, "formula");
    diag_set_text(d, at.file, text, strlen(text));
    f = ltl_parse(text, d, at);
    if (f == NULL) {
        diag_free(d);
        return 2;
    }
    if (strcmp(mode, "-p") == 0) {
        ltl_print_formula(f, stdout);
        putchar('\n');
    } else {
        ba = ltl_to_ba(f, d);
        if (ba == NULL) {
            rc = 2;
        } else if (strcmp(mode, "-s") == 0) {
            uint32_t s, acc = 0;

            for (s = 0; s < ba->nstates; s++)
                acc += ba->accepting[s];
            printf("states %u edges %zu accepting %u\n",
                   (unsigned)ba->nstates, ba->nedges, (unsigned)acc);
        } else {
            ltl_print_never(ba, f->props, text, stdout);
        }
        ltl_ba_free(ba);
    }
    ltl_formula_free(f);
    diag_free(d);
    return rc;
}
