/*
 * tests/fuzz/fuzz_lang.c -- libFuzzer harness for the scanner and parser.
 *
 * Feeds arbitrary bytes to lang_parse_string() (no preprocessor) and, when
 * something parsed, dumps the tree, so that every path of lexer.l,
 * parser.y and ast.c runs under the sanitizers.  Diagnostics go to
 * /dev/null.  Not built by make; build and run by hand:
 *
 *   bison -d -o parser.c lang/parser.y && flex lang/lexer.l  (lex.yy.c)
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -I. -I<gen dir> \
 *       tests/fuzz/fuzz_lang.c <gen dir>/parser.c <gen dir>/lex.yy.c \
 *       lang/ast.c lang/cpp.c util/diag.c util/xalloc.c -o fuzz_lang
 *   ./fuzz_lang -max_total_time=300 CORPUS_DIR SEED_DIR
 *
 * A seed directory of real models (../corpus/) finds deep paths fast.
 */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lang/lang.h"

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    diag *d = diag_new(null_sink);
    lang_program *p = lang_parse_string("fuzz.pml", (const char *)data,
                                        size, d);

    if (p != NULL && null_sink != NULL)
        lang_dump_ast(p, null_sink);
    lang_program_free(p);
    diag_free(d);
    return 0;
}
