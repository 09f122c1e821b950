/*
 * lang/lang_int.h -- what the files of lang/ share and nobody else sees.
 *
 * The scanner (lexer.l), the grammar (parser.y), the AST constructors
 * (ast.c) and the preprocessor step (cpp.c) work on one parse context,
 * lang_ctx.  The context lives on the stack of lang_parse_file() /
 * lang_parse_string() for the duration of one parse; everything it
 * allocates for the AST comes from the program's arena, the rest (the
 * brace stack, the column maps) is freed when the parse ends.
 */
#ifndef SPORE_LANG_LANG_INT_H
#define SPORE_LANG_LANG_INT_H

#include <stddef.h>
#include <stdint.h>

#include "lang/ast.h"
#include "lang/lang.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* One open '{' as the scanner sees it (for implied semicolons). */
typedef struct lang_brace {
    uint8_t  seq;           /* 1: a statement or field sequence */
    uint32_t paren;         /* open '(' outside this brace */
} lang_brace;

/* An original source file, kept to map cpp's columns back (cpp.c). */
typedef struct lang_src {
    uint32_t     file;      /* diag file id */
    char        *text;      /* NULL when the file cannot be read */
    size_t       len;
    size_t      *lines;     /* offset of each line start */
    size_t       nlines;
} lang_src;

typedef struct lang_ctx {
    diag          *d;
    arena         *a;

    /* --- scanner position (in the text being scanned) */
    uint32_t       file;        /* current file id (follows # markers) */
    uint32_t       line;        /* line of the next character */
    uint32_t       col;         /* column of the next character */
    size_t         off;         /* offset of the next character */
    size_t         line_off;    /* offset of the current line's start */

    /* --- implied semicolons, as SPIN inserts them (see lexer.l) */
    int            last_raw;    /* last token the raw scanner returned */
    int            hist[3];     /* the three raw tokens before, newest 0 */
    int            prev_tok;    /* last token given to the parser */
    lang_brace    *braces;
    size_t         nbraces;
    size_t         cap_braces;
    uint32_t       paren;       /* open '(' at the current brace level */
    uint32_t       for_paren;   /* paren level of an open `for (`, or 0 */
    int            held;        /* a token is held back behind a ';' */
    int            held_tok;
    void          *held_val;    /* LANG_YYSTYPE *, owned (xmalloc) */
    diag_pos       held_loc;
    int            implied;     /* the last token given was an implied
                                   ';': 1 at a line end, 2 before held_tok */
    int            raw_implied; /* the raw scanner made this ';' at a
                                   line end */

    /* --- skipped blocks (never, ltl, c_code, ...) */
    const char    *skip_name;
    diag_pos       skip_pos;
    int            skip_depth;
    size_t         skip_off;    /* text offset just after the keyword */
    size_t         skip_brace;  /* ltl: offset just after its first '{' */
    diag_pos       skip_bpos;   /* ltl: position of that '{' */

    /* --- text of the last token, for "found ..." in messages */
    const char    *tok_text;    /* identifiers and unsupported names */
    int64_t        tok_ival;    /* numbers */
    int            prev_raw_else;   /* the implied ';' came after 'else' */

    /* --- column repair for cpp output (cpp.c) */
    int            fix_cols;    /* 1: text came from cpp */
    lang_src      *srcs;
    size_t         nsrcs;
    uint32_t      *colmap;      /* for the current output line */
    size_t         colmap_len;
    size_t         cap_colmap;
    size_t         map_off;     /* output line colmap was made for, + 1 */
    const char    *text;        /* the scanned text and its length */
    size_t         text_len;

    /* --- proctype names seen so far: an identifier that names one is
     * a T_PNAME (remote references), except after run and proctype */
    const char   **pnames;      /* xmalloc'd array of arena strings */
    size_t         npnames;
    size_t         cap_pnames;

    /* --- results */
    ast_decl      *decls;
    ast_expr      *remotes;     /* remote references, newest first */
    int            uses_priority;   /* priority, _priority, get_ or
                                       set_priority seen */
    ast_expr      *last_skip;   /* the CONST node made for 'skip' */
} lang_ctx;

/* ------------------------------------------------- AST constructors */
/* All allocate zeroed nodes from a. */
ast_expr   *ast_expr_new(arena *a, ast_expr_kind kind, diag_pos pos);
ast_expr   *ast_expr_const(arena *a, diag_pos pos, int64_t v);
ast_expr   *ast_expr_unop(arena *a, diag_pos pos, ast_op op, ast_expr *x);
ast_expr   *ast_expr_binop(arena *a, diag_pos pos, ast_op op,
                           ast_expr *x, ast_expr *y);
ast_stmt   *ast_stmt_new(arena *a, ast_stmt_kind kind, diag_pos pos);
ast_decl   *ast_decl_new(arena *a, ast_decl_kind kind, diag_pos pos);
ast_var    *ast_var_new(arena *a, const char *name, diag_pos pos);
ast_name   *ast_name_new(arena *a, const char *name, diag_pos pos);
ast_option *ast_option_new(arena *a, ast_stmt *seq, diag_pos pos);

/* ------------------------------------------------------- cpp.c */
/* Read path and, unless opt says no or the text has no '#', run the C
 * preprocessor on it.  On success stores the text (xmalloc'd, NUL
 * terminated, caller frees) in *out and its length in *len, sets
 * *used_cpp, and returns 0.  On failure reports through d and returns -1. */
int         lang_cpp_run(const char *path, const lang_options *opt,
                         diag *d, char **out, size_t *len, int *used_cpp);

/* Column repair: cpp keeps the indentation of a line but squeezes the
 * blanks and comments between tokens.  Returns the column in the user's
 * file of column c->col of the output line starting at c->line_off,
 * which cpp said is line c->line of file c->file; c->col unchanged when
 * the original line cannot be read or matched. */
uint32_t    lang_cpp_fix_col(lang_ctx *c);
/* Free what lang_cpp_fix_col() cached in c. */
void        lang_cpp_fini(lang_ctx *c);

#endif /* SPORE_LANG_LANG_INT_H */
