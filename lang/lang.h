/*
 * lang/lang.h -- reading a model: preprocessor, lexer, parser.
 *
 * lang_parse_file() runs the C preprocessor over the model as SPIN does
 * (`cpp -x c`, with the model's folder on the include path and the
 * caller's -D/-U/-I options), scans and parses the result, and returns
 * the AST.  Line markers from cpp keep every position pointing at the
 * user's own file and line.  Syntax errors (and tier-2 constructs, which
 * are rejected by name) are reported through the diag context; the parser
 * recovers at statement level and keeps going, so one run reports every
 * error it can.
 */
#ifndef SPORE_LANG_LANG_H
#define SPORE_LANG_LANG_H

#include <stddef.h>

#include "lang/ast.h"
#include "util/diag.h"
#include "util/xalloc.h"

typedef struct lang_program {
    arena    *arena;        /* owns every node, string and this struct */
    ast_decl *decls;        /* top-level declarations in source order */
    char     *text;         /* the preprocessed text (arena-owned) */
    size_t    text_len;
    ast_expr *remotes;      /* every remote reference (AST_E_REMOTE)
                               parsed, linked by u.remote.all_next */
    int       uses_priority;    /* the model names priority, _priority,
                                   get_priority or set_priority */
} lang_program;

typedef struct lang_options {
    const char *const *cpp_args;    /* extra "-DX=1", "-Idir", ... */
    size_t             ncpp_args;
    int                no_cpp;      /* 1: read the file as is */
} lang_options;

/* The name messages give the model read from standard input. */
#define LANG_STDIN_NAME "<stdin>"

/* Parse the model in path; the path "-" reads standard input to its end
 * (named LANG_STDIN_NAME in messages, with the current folder on cpp's
 * include path).  Returns the program (free with
 * lang_program_free) even when errors were reported, so that callers can
 * look at what was understood; check diag_count(d).  Returns NULL only
 * when the file cannot be read or preprocessed at all (also reported
 * through d). */
lang_program *lang_parse_file(const char *path, const lang_options *opt,
                              diag *d);

/* Parse text already in memory (no preprocessor), naming it `name` in
 * messages.  Used by tests and the fuzzer. */
lang_program *lang_parse_string(const char *name, const char *text,
                                size_t len, diag *d);

/* As lang_parse_string, with the proctypes of model (borrowed) known
 * from the start, so that `P[i]@label' and `P:x' parse: a remote
 * reference names a proctype declared before it (as in SPIN), and the
 * never claim made from an ltl block is parsed apart from its model. */
lang_program *lang_parse_claim(const char *name, const char *text,
                               size_t len, const lang_program *model,
                               diag *d);

void          lang_program_free(lang_program *p);

/* Print the AST as an indented S-expression-like tree (--dump-ast). */
void          lang_dump_ast(const lang_program *p, FILE *out);

#endif /* SPORE_LANG_LANG_H */
