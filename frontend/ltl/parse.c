/*
 * frontend/ltl/parse.c -- the LTL formula parser and printer (ltl.h).
 *
 * A hand-written lexer and recursive-descent parser, one function per
 * precedence level (ltl.h lists them).  Propositions that are Promela
 * expressions are not parsed: the lexer only recognises their tokens so
 * that the parser can find where an expression ends, and the text
 * between is kept.  A parenthesised formula that turns out to be a
 * single proposition followed by an expression operator, as in
 * `(x + 1) > 3', is re-read as one expression from its `('.
 */
#include "config.h"

#include "frontend/ltl/ltl.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

typedef enum tok_kind {
    T_END,
    T_LPAREN,
    T_RPAREN,
    T_BRACE,            /* { ... }: a whole proposition */
    T_NOT,
    T_ALWAYS,
    T_EVENTUALLY,
    T_NEXT,
    T_AND,
    T_OR,
    T_IMPLIES,
    T_EQUIV,
    T_UNTIL,
    T_WEAK_UNTIL,
    T_RELEASE,
    T_TRUE,
    T_FALSE,
    T_IDENT,
    T_NUMBER,
    T_EXPR_OP,          /* a Promela binary operator: == < + ... */
    T_PREFIX_OP,        /* - or ~ (inside an expression) */
    T_BAD
} tok_kind;

typedef struct tok {
    tok_kind kind;
    size_t   start;     /* offset of the first character */
    size_t   end;       /* offset past the last character */
} tok;

typedef struct parser {
    const char  *text;
    size_t       len;
    diag        *d;
    diag_pos     at;        /* position of text[0] */
    tok          cur;
    ltl_formula *f;
    char       **props;     /* growing table (xgrow), moved to f->mem */
    size_t       nprops;
    size_t       cap;
    int          failed;
} parser;

static const struct {
    const char *word;
    tok_kind    kind;
} ltl_words[] = {
    { "U", T_UNTIL }, { "V", T_RELEASE }, { "R", T_RELEASE },
    { "W", T_WEAK_UNTIL }, { "X", T_NEXT },
    { "until", T_UNTIL }, { "stronguntil", T_UNTIL },
    { "weakuntil", T_WEAK_UNTIL }, { "release", T_RELEASE },
    { "always", T_ALWAYS }, { "eventually", T_EVENTUALLY },
    { "implies", T_IMPLIES }, { "equivalent", T_EQUIV },
    { "true", T_TRUE }, { "false", T_FALSE },
};

/* The position of offset off in the text. */
static diag_pos pos_of(const parser *p, size_t off)
{
    diag_pos pos = p->at;
    size_t i;

    for (i = 0; i < off && i < p->len; i++) {
        if (p->text[i] == '\n') {
            pos.line++;
            pos.col = 1;
        } else {
            pos.col++;
        }
    }
    return pos;
}

static void error_at(parser *p, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void error_at(parser *p, size_t off, const char *fmt, ...)
{
    va_list ap;

    if (p->failed)
        return;                 /* one error per formula */
    p->failed = 1;
    va_start(ap, fmt);
    diag_vreport(p->d, DIAG_ERROR, pos_of(p, off), fmt, ap);
    va_end(ap);
}

/* Skip a balanced group opened at text[i] (one of ( [ {); returns the
 * offset past its closer, or 0 if it is not closed. */
static size_t skip_group(const parser *p, size_t i)
{
    int depth = 0;

    for (; i < p->len; i++) {
        char c = p->text[i];

        if (c == '(' || c == '[' || c == '{')
            depth++;
        else if (c == ')' || c == ']' || c == '}') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return 0;
}

static int is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* Read the token at offset i into p->cur. */
static void lex_at(parser *p, size_t i)
{
    const char *s = p->text;
    tok t;
    size_t k;

    while (i < p->len && isspace((unsigned char)s[i]))
        i++;
    t.start = i;
    t.end = i + 1;
    if (i >= p->len) {
        t.kind = T_END;
        t.end = i;
        p->cur = t;
        return;
    }
#define AT(str) (strncmp(s + i, (str), strlen(str)) == 0)
    if (AT("<->")) {
        t.kind = T_EQUIV;
        t.end = i + 3;
    } else if (AT("[]")) {
        t.kind = T_ALWAYS;
        t.end = i + 2;
    } else if (AT("<>")) {
        t.kind = T_EVENTUALLY;
        t.end = i + 2;
    } else if (AT("->")) {
        t.kind = T_IMPLIES;
        t.end = i + 2;
    } else if (AT("&&")) {
        t.kind = T_AND;
        t.end = i + 2;
    } else if (AT("||")) {
        t.kind = T_OR;
        t.end = i + 2;
    } else if (AT("==") || AT("!=") || AT("<=") || AT(">=") || AT("<<")
               || AT(">>")) {
        t.kind = T_EXPR_OP;
        t.end = i + 2;
    } else if (strchr("<>+*/%&|^", s[i]) != NULL) {
        t.kind = T_EXPR_OP;
    } else if (s[i] == '-' || s[i] == '~') {
        t.kind = T_PREFIX_OP;
    } else if (s[i] == '!') {
        t.kind = T_NOT;
    } else if (s[i] == '(') {
        t.kind = T_LPAREN;
    } else if (s[i] == ')') {
        t.kind = T_RPAREN;
    } else if (s[i] == '{') {
        t.kind = T_BRACE;
        t.end = skip_group(p, i);
        if (t.end == 0) {
            t.kind = T_BAD;
            t.end = p->len;
        }
    } else if (isdigit((unsigned char)s[i])) {
        t.kind = T_NUMBER;
        for (k = i; k < p->len && is_ident_char(s[k]); k++)
            ;
        t.end = k;
    } else if (is_ident_char(s[i])) {
        t.kind = T_IDENT;
        for (k = i; k < p->len && is_ident_char(s[k]); k++)
            ;
        t.end = k;
        for (k = 0; k < sizeof ltl_words / sizeof ltl_words[0]; k++) {
            const char *w = ltl_words[k].word;

            if (strlen(w) == t.end - t.start
                && strncmp(s + t.start, w, t.end - t.start) == 0) {
                t.kind = ltl_words[k].kind;
                break;
            }
        }
    } else {
        t.kind = T_BAD;
    }
#undef AT
    p->cur = t;
}

static void next(parser *p)
{
    lex_at(p, p->cur.end);
}

/* A printable name of the current token, for messages. */
static const char *tok_text(parser *p, char *buf, size_t size)
{
    size_t n = p->cur.end - p->cur.start;

    if (p->cur.kind == T_END)
        return "the end of the formula";
    if (n > size - 3)
        n = size - 3;
    buf[0] = '\'';
    memcpy(buf + 1, p->text + p->cur.start, n);
    buf[n + 1] = '\'';
    buf[n + 2] = '\0';
    return buf;
}

static ltl_node *node(parser *p, ltl_kind kind, size_t off)
{
    ltl_node *n = arena_alloc(p->f->mem, sizeof *n);

    n->kind = kind;
    n->pos = pos_of(p, off);
    return n;
}

/* The proposition with text s..e (trimmed), added if new. */
static ltl_node *prop(parser *p, size_t s, size_t e, size_t off)
{
    ltl_node *n = node(p, LTL_PROP, off);
    size_t i;

    while (s < e && isspace((unsigned char)p->text[s]))
        s++;
    while (e > s && isspace((unsigned char)p->text[e - 1]))
        e--;
    for (i = 0; i < p->nprops; i++) {
        if (strlen(p->props[i]) == e - s
            && strncmp(p->props[i], p->text + s, e - s) == 0)
            break;
    }
    if (i == p->nprops) {
        xgrow((void **)&p->props, &p->cap, p->nprops + 1,
              sizeof p->props[0]);
        p->props[p->nprops++] = arena_strndup(p->f->mem, p->text + s, e - s);
    }
    n->prop = (uint32_t)i;
    return n;
}

/* One operand of an expression at the current token: prefix operators,
 * then a number, an identifier with suffixes, or a parenthesised
 * expression.  Returns 0 (with an error) if there is none. */
static int expr_operand(parser *p)
{
    char buf[40];
    size_t e;

    while (p->cur.kind == T_PREFIX_OP)
        next(p);
    switch (p->cur.kind) {
    case T_NUMBER:
    case T_TRUE:                /* the Promela constants, in x == true */
    case T_FALSE:
        next(p);
        return 1;
    case T_LPAREN:
        e = skip_group(p, p->cur.start);
        if (e == 0) {
            error_at(p, p->cur.start, "%s is not closed", "'('");
            return 0;
        }
        lex_at(p, e);
        return 1;
    case T_IDENT:
        e = p->cur.end;
        {
            /* a call: len(q), empty(q), nfull(q), ... (an identifier is
             * never followed by '(' otherwise) */
            size_t k = e;

            while (k < p->len && (p->text[k] == ' ' || p->text[k] == '\t'))
                k++;
            if (k < p->len && p->text[k] == '(') {
                size_t c = skip_group(p, k);

                if (c == 0) {
                    error_at(p, k, "%s is not closed", "'('");
                    return 0;
                }
                lex_at(p, c);
                return 1;
            }
        }
        for (;;) {
            if (e < p->len && p->text[e] == '[') {
                size_t c = skip_group(p, e);

                if (c == 0) {
                    error_at(p, e, "%s is not closed", "'['");
                    return 0;
                }
                e = c;
            } else if (e + 1 < p->len && p->text[e] == '?'
                       && (p->text[e + 1] == '['
                           || (e + 2 < p->len && p->text[e + 1] == '?'
                               && p->text[e + 2] == '['))) {
                /* a poll: q?[m] or q??[m] (spore-lang(7), Channels) */
                size_t c = skip_group(p, p->text[e + 1] == '[' ? e + 1
                                                              : e + 2);

                if (c == 0) {
                    error_at(p, e, "%s is not closed", "'['");
                    return 0;
                }
                e = c;
            } else if (e + 1 < p->len && strchr(".@:", p->text[e]) != NULL
                       && is_ident_char(p->text[e + 1])) {
                for (e++; e < p->len && is_ident_char(p->text[e]); e++)
                    ;
            } else {
                break;
            }
        }
        lex_at(p, e);
        return 1;
    default:
        error_at(p, p->cur.start, "expected an operand, found %s",
                 tok_text(p, buf, sizeof buf));
        return 0;
    }
}

/* The rest of an expression whose first operand ended at the current
 * token: (operator operand)*.  Returns the offset past its end. */
static size_t expr_rest(parser *p)
{
    size_t end = p->cur.start;

    while (p->cur.kind == T_EXPR_OP || p->cur.kind == T_PREFIX_OP) {
        if (p->cur.kind == T_PREFIX_OP && p->text[p->cur.start] == '~')
            break;                              /* ~ is unary only */
        next(p);
        if (!expr_operand(p))
            return end;
        end = p->cur.start;
    }
    return end;
}

static const ltl_node *parse_formula(parser *p);
static const ltl_node *parse_unary(parser *p);

static const ltl_node *parse_primary(parser *p)
{
    char buf[40];
    size_t start = p->cur.start, e;
    const ltl_node *n;
    ltl_node *m;

    switch (p->cur.kind) {
    case T_TRUE:
    case T_FALSE:
        m = node(p, p->cur.kind == T_TRUE ? LTL_TRUE : LTL_FALSE, start);
        next(p);
        return m;
    case T_BRACE:
        for (e = p->cur.start + 1; e < p->cur.end - 1; e++) {
            if (!isspace((unsigned char)p->text[e]))
                break;
        }
        if (e == p->cur.end - 1) {
            error_at(p, start, "%s", "empty braces: a proposition is "
                     "missing");
            return NULL;
        }
        m = prop(p, p->cur.start + 1, p->cur.end - 1, start);
        next(p);
        return m;
    case T_LPAREN:
        next(p);
        n = parse_formula(p);
        if (n == NULL)
            return NULL;
        if (p->cur.kind != T_RPAREN) {
            error_at(p, p->cur.start, "expected ')', found %s",
                     tok_text(p, buf, sizeof buf));
            return NULL;
        }
        next(p);
        if (p->cur.kind == T_EXPR_OP
            || (p->cur.kind == T_PREFIX_OP && p->text[p->cur.start] == '-')) {
            if (n->kind != LTL_PROP) {
                error_at(p, p->cur.start, "expression operator %s after "
                         "a temporal formula",
                         tok_text(p, buf, sizeof buf));
                return NULL;
            }
            return prop(p, start, expr_rest(p), start);
        }
        return n;
    case T_IDENT:
    case T_NUMBER:
    case T_PREFIX_OP:
        if (!expr_operand(p))
            return NULL;
        return prop(p, start, expr_rest(p), start);
    case T_BAD:
        if (p->text[p->cur.start] == '{')
            error_at(p, p->cur.start, "%s is not closed", "'{'");
        else
            error_at(p, p->cur.start, "unexpected character %s",
                     tok_text(p, buf, sizeof buf));
        return NULL;
    default:
        error_at(p, p->cur.start, "expected a formula, found %s",
                 tok_text(p, buf, sizeof buf));
        return NULL;
    }
}

static const ltl_node *parse_unary(parser *p)
{
    ltl_kind kind;
    size_t start = p->cur.start;
    ltl_node *n;

    switch (p->cur.kind) {
    case T_NOT:
        kind = LTL_NOT;
        break;
    case T_ALWAYS:
        kind = LTL_ALWAYS;
        break;
    case T_EVENTUALLY:
        kind = LTL_EVENTUALLY;
        break;
    case T_NEXT:
        kind = LTL_NEXT;
        break;
    default:
        return parse_primary(p);
    }
    next(p);
    n = node(p, kind, start);
    n->l = parse_unary(p);
    return n->l != NULL ? n : NULL;
}

/* The binary levels, loosest first: level i accepts the tokens of
 * level_ops[i] and reads its operands at level i + 1. */
static ltl_kind binary_kind(tok_kind t, int level)
{
    switch (level) {
    case 0:
        return t == T_IMPLIES ? LTL_IMPLIES : t == T_EQUIV ? LTL_EQUIV
                                                           : LTL_TRUE;
    case 1:
        return t == T_OR ? LTL_OR : LTL_TRUE;
    case 2:
        return t == T_AND ? LTL_AND : LTL_TRUE;
    default:
        return t == T_UNTIL ? LTL_UNTIL : t == T_WEAK_UNTIL ? LTL_WEAK_UNTIL
             : t == T_RELEASE ? LTL_RELEASE : LTL_TRUE;
    }
}

static const ltl_node *parse_level(parser *p, int level)
{
    const ltl_node *l;
    ltl_kind kind;

    l = level == 3 ? parse_unary(p) : parse_level(p, level + 1);
    while (l != NULL
           && (kind = binary_kind(p->cur.kind, level)) != LTL_TRUE) {
        ltl_node *n = node(p, kind, p->cur.start);

        next(p);
        n->l = l;
        n->r = level == 3 ? parse_unary(p) : parse_level(p, level + 1);
        l = n->r != NULL ? n : NULL;
    }
    return l;
}

static const ltl_node *parse_formula(parser *p)
{
    return parse_level(p, 0);
}

ltl_formula *ltl_parse(const char *text, diag *d, diag_pos at)
{
    parser p;
    const char **props;
    size_t i;

    memset(&p, 0, sizeof p);
    p.text = text;
    p.len = strlen(text);
    p.d = d;
    p.at = at;
    if (p.at.line == 0)
        p.at.line = 1;
    if (p.at.col == 0)
        p.at.col = 1;
    p.f = xcalloc(1, sizeof *p.f);
    p.f->mem = arena_new();
    lex_at(&p, 0);
    p.f->root = parse_formula(&p);
    if (p.f->root != NULL && p.cur.kind != T_END) {
        char buf[40];

        error_at(&p, p.cur.start, "unexpected %s after the formula",
                 tok_text(&p, buf, sizeof buf));
    }
    props = arena_alloc(p.f->mem, (p.nprops + 1) * sizeof *props);
    for (i = 0; i < p.nprops; i++)
        props[i] = p.props[i];
    free(p.props);
    p.f->props = props;
    p.f->nprops = p.nprops;
    if (p.failed || p.f->root == NULL) {
        ltl_formula_free(p.f);
        return NULL;
    }
    return p.f;
}

void ltl_formula_free(ltl_formula *f)
{
    if (f == NULL)
        return;
    arena_free(f->mem);
    free(f);
}

static void print_node(const ltl_formula *f, const ltl_node *n, FILE *out);

static void print_paren(const ltl_formula *f, const ltl_node *n, FILE *out)
{
    fputc('(', out);
    print_node(f, n, out);
    fputc(')', out);
}

static void print_node(const ltl_formula *f, const ltl_node *n, FILE *out)
{
    static const char *const binop[] = {
        [LTL_AND] = "&&", [LTL_OR] = "||", [LTL_EQUIV] = "<->",
        [LTL_UNTIL] = "U", [LTL_RELEASE] = "V",
    };

    switch (n->kind) {
    case LTL_TRUE:
        fputs("1", out);
        break;
    case LTL_FALSE:
        fputs("0", out);
        break;
    case LTL_PROP:
        fputs(f->props[n->prop], out);
        break;
    case LTL_NOT:
    case LTL_NEXT:
    case LTL_ALWAYS:
    case LTL_EVENTUALLY:
        fputs(n->kind == LTL_NOT ? "! " : n->kind == LTL_NEXT ? "X "
              : n->kind == LTL_ALWAYS ? "[] " : "<> ", out);
        print_paren(f, n->l, out);
        break;
    case LTL_IMPLIES:
        fputs("(! ", out);
        print_paren(f, n->l, out);
        fputs(") || ", out);
        print_paren(f, n->r, out);
        break;
    case LTL_WEAK_UNTIL:
        fputs("([] ", out);
        print_paren(f, n->l, out);
        fputs(") || (", out);
        print_paren(f, n->l, out);
        fputs(" U ", out);
        print_paren(f, n->r, out);
        fputs(")", out);
        break;
    default:
        print_paren(f, n->l, out);
        fprintf(out, " %s ", binop[n->kind]);
        print_paren(f, n->r, out);
        break;
    }
}

void ltl_print_formula(const ltl_formula *f, FILE *out)
{
    print_node(f, f->root, out);
}
