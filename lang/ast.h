/*
 * lang/ast.h -- the abstract syntax tree of a Promela model.
 *
 * The tree is what the parser saw, with source positions and nothing
 * resolved: names are strings, mtype constants and inline calls are not
 * told apart from variables and ordinary statements yet (the front end
 * does that).  Every node lives in the arena of its lang_program and is
 * freed with it; nodes are never freed one by one.
 *
 * Lists are singly linked through `next` in source order.
 *
 * The tree is deliberately not opaque: frontend/ walks it.
 */
#ifndef SPORE_LANG_AST_H
#define SPORE_LANG_AST_H

#include <stdint.h>

#include "util/diag.h"

/* ---------------------------------------------------------------- types */

typedef enum ast_basetype {
    AST_T_BIT,
    AST_T_BOOL,
    AST_T_BYTE,
    AST_T_SHORT,
    AST_T_INT,
    AST_T_PID,          /* 'pid' variables: a byte in SPIN */
    AST_T_MTYPE,        /* mtype (a byte) */
    AST_T_CHAN,         /* a channel id */
    AST_T_NAMED,        /* a typedef name: ast_type.name */
    AST_T_UNSIGNED      /* `unsigned x : bits`: each ast_var's bits */
} ast_basetype;

typedef struct ast_type {
    ast_basetype base;
    const char  *name;  /* AST_T_NAMED: the typedef's name; AST_T_MTYPE:
                           the set of `mtype:name`, NULL for mtype */
    diag_pos     pos;
} ast_type;

/* ---------------------------------------------------------- expressions */

typedef enum ast_expr_kind {
    AST_E_CONST,        /* ival: integer, character, true/false */
    AST_E_VAR,          /* name [index] [. field ...]; see ast_expr.var */
    AST_E_UNOP,         /* op a */
    AST_E_BINOP,        /* a op b */
    AST_E_COND,         /* (a -> b : c) */
    AST_E_LEN,          /* len(a) */
    AST_E_EMPTY,        /* empty(a) */
    AST_E_NEMPTY,       /* nempty(a) */
    AST_E_FULL,         /* full(a) */
    AST_E_NFULL,        /* nfull(a) */
    AST_E_RUN,          /* run name(args) */
    AST_E_PID,          /* _pid */
    AST_E_NR_PR,        /* _nr_pr */
    AST_E_TIMEOUT,      /* timeout */
    AST_E_UNDERSCORE,   /* _  (receive argument; lhs of `_ = e`) */
    AST_E_EVAL,         /* eval(a)  (receive argument only) */
    AST_E_POLL,         /* a?[b]: 1 if the receive a?b could run now
                           (u.op.a the channel, u.op.b the argument
                           list); no side effect */
    AST_E_RPOLL,        /* a??[b]: the same for a random receive */
    AST_E_GETPRIO,      /* get_priority(a): u.op.a the pid */
    AST_E_REMOTE        /* a remote reference: proc[pid]@label,
                           proc[pid]:var, proc@label, proc:var
                           (u.remote) */
} ast_expr_kind;

typedef enum ast_op {
    /* unary */
    AST_OP_NEG,         /* -a */
    AST_OP_NOT,         /* !a */
    AST_OP_BNOT,        /* ~a */
    /* binary */
    AST_OP_ADD, AST_OP_SUB, AST_OP_MUL, AST_OP_DIV, AST_OP_MOD,
    AST_OP_BAND, AST_OP_BOR, AST_OP_BXOR, AST_OP_SHL, AST_OP_SHR,
    AST_OP_EQ, AST_OP_NE, AST_OP_LT, AST_OP_LE, AST_OP_GT, AST_OP_GE,
    AST_OP_AND, AST_OP_OR
} ast_op;

typedef struct ast_expr ast_expr;

struct ast_expr {
    ast_expr_kind kind;
    diag_pos      pos;
    ast_expr     *next;         /* next in an argument list */
    union {
        int64_t ival;           /* AST_E_CONST */
        struct {                /* AST_E_VAR: name[index].field */
            const char *name;
            ast_expr   *index;  /* NULL when not subscripted */
            ast_expr   *field;  /* NULL, or an AST_E_VAR for .field... */
            int         bound;  /* set by the front end on the copy of
                                   an inline argument: the name is the
                                   caller's, never an inline parameter
                                   of the body it is used in */
        } var;
        struct {                /* UNOP, BINOP, COND, LEN..NFULL, EVAL */
            ast_op    op;
            ast_expr *a;
            ast_expr *b;
            ast_expr *c;
        } op;
        struct {                /* AST_E_RUN */
            const char *name;
            ast_expr   *args;   /* list */
            ast_expr   *priority;   /* run P() priority N, or NULL */
        } run;
        struct {                /* AST_E_REMOTE */
            const char *proc;   /* the proctype's name */
            ast_expr   *pid;    /* the pid in proc[pid]; NULL in
                                   proc@label and proc:var (the
                                   running instance with the lowest
                                   pid, as pan) */
            const char *label;  /* @label, or NULL */
            ast_expr   *var;    /* :var, an AST_E_VAR (name or
                                   name[index], no field), or NULL */
            ast_expr   *all_next;   /* the next remote reference of the
                                       program (lang_program.remotes) */
        } remote;
    } u;
};

/* ----------------------------------------------------------- statements */

typedef enum ast_stmt_kind {
    AST_S_EXPR,         /* an expression as a condition: expr */
    AST_S_ASSIGN,       /* lhs = rhs */
    AST_S_INCR,         /* lhs++ */
    AST_S_DECR,         /* lhs-- */
    AST_S_SEND,         /* chan ! args */
    AST_S_RECV,         /* chan ? args */
    AST_S_IF,           /* if :: seq ... fi     (options) */
    AST_S_DO,           /* do :: seq ... od     (options) */
    AST_S_ATOMIC,       /* atomic { body } */
    AST_S_DSTEP,        /* d_step { body } */
    AST_S_BLOCK,        /* { body } */
    AST_S_BREAK,
    AST_S_GOTO,         /* goto label */
    AST_S_SKIP,
    AST_S_ELSE,         /* else (as the first statement of an option) */
    AST_S_LABEL,        /* label: body (one statement) */
    AST_S_ASSERT,       /* assert(expr) */
    AST_S_PRINTF,       /* printf(fmt, args) */
    AST_S_PRINTM,       /* printm(expr) */
    AST_S_DECL,         /* a local declaration among the statements */
    AST_S_CALL,         /* name(args): an inline call */
    AST_S_SELECT,       /* select (var : lo .. hi) */
    AST_S_FOR,          /* for (var : lo .. hi) { body } */
    AST_S_XCLAIM,       /* xr c, d / xs c (u.io.args, u.io.xmode) */
    AST_S_FOR_IN,       /* for (var in lo) { body }: lo the array or
                           channel (u.range; hi NULL) */
    AST_S_SETPRIO,      /* set_priority(lhs, rhs): u.assign, lhs the
                           pid, rhs the priority */
    AST_S_UNLESS        /* { main } unless { escape } (u.unless) */
} ast_stmt_kind;

typedef struct ast_stmt ast_stmt;
typedef struct ast_decl ast_decl;

/* One '::' option of an if/do: a statement sequence. */
typedef struct ast_option {
    ast_stmt          *seq;
    diag_pos           pos;
    struct ast_option *next;
} ast_option;

struct ast_stmt {
    ast_stmt_kind kind;
    diag_pos      pos;
    ast_stmt     *next;         /* next in the sequence */
    union {
        ast_expr *expr;         /* EXPR, ASSERT, PRINTM */
        struct {                /* ASSIGN, INCR, DECR (rhs NULL) */
            ast_expr *lhs;
            ast_expr *rhs;
        } assign;
        struct {                /* SEND, RECV */
            ast_expr *chan;
            ast_expr *args;     /* list; RECV args may be _, eval(e),
                                   constants or variables */
            int       sorted;   /* SEND: c!!e (insert in order) */
            int       random;   /* RECV: c??e (first matching message) */
            int       copy;     /* RECV: c?<e> (leave the message) */
            int       xmode;    /* XCLAIM: 1 xr, 2 xs (args: the
                                   channel varrefs) */
        } io;
        ast_option *options;    /* IF, DO */
        ast_stmt   *body;       /* ATOMIC, DSTEP, BLOCK */
        const char *target;     /* GOTO */
        struct {                /* LABEL */
            const char *name;
            ast_stmt   *stmt;
        } label;
        struct {                /* PRINTF */
            const char *fmt;    /* unescaped, without quotes */
            ast_expr   *args;
        } print;
        ast_decl *decl;         /* DECL: one declaration (list of vars) */
        struct {                /* CALL */
            const char *name;
            ast_expr   *args;
        } call;
        struct {                /* SELECT, FOR, FOR_IN (body NULL for
                                   SELECT; FOR_IN: lo the collection) */
            ast_expr *var;
            ast_expr *lo;
            ast_expr *hi;
            ast_stmt *body;
        } range;
        struct {                /* UNLESS: while control is inside main,
                                   escape's first statement (its guard)
                                   is tried first, and taking it leaves
                                   main */
            ast_stmt *main;
            ast_stmt *escape;
        } unless;
    } u;
};

/* --------------------------------------------------------- declarations */

typedef enum ast_decl_kind {
    AST_D_VAR,          /* variable(s) of one type */
    AST_D_PROC,         /* proctype or init */
    AST_D_MTYPE,        /* mtype = { a, b, c } */
    AST_D_TYPEDEF,      /* typedef name { fields } */
    AST_D_INLINE,       /* inline name(params) { body } */
    AST_D_NEVER,        /* never [name] { body }: uses u.proc (name
                           NULL when none; not active, no parameters) */
    AST_D_LTL           /* ltl [name] { formula }: u.ltl */
} ast_decl_kind;

/* One declared variable: `name[size] = init` or a channel. */
typedef struct ast_var {
    const char     *name;
    diag_pos        pos;
    ast_expr       *size;       /* array size; NULL if not an array */
    ast_expr       *init;       /* initial value; NULL if none */
    ast_expr       *bits;       /* AST_T_UNSIGNED: the width in bits */
    int             init_is_list;   /* `= { e1, e2, ... }`: init is the
                                       list of element values */
    /* channels: `= [cap] of { types }` */
    int             has_chan_init;
    ast_expr       *chan_cap;
    ast_type       *chan_fields;    /* array of chan_nfields */
    int             chan_nfields;
    struct ast_var *next;
} ast_var;

typedef struct ast_name {       /* a list of names (mtype, inline params) */
    const char      *name;
    diag_pos         pos;
    struct ast_name *next;
} ast_name;

struct ast_decl {
    ast_decl_kind kind;
    diag_pos      pos;
    ast_decl     *next;
    const char   *mtype_set;    /* AST_D_MTYPE: the set's name of
                                   `mtype:name = {...}`, NULL for the
                                   plain mtype */
    union {
        struct {                /* AST_D_VAR */
            ast_type type;
            ast_var *vars;      /* list: byte a, b[3], c = 1 */
            const char *vis;    /* "hidden", "show" or "local" written
                                   before the type, or NULL */
        } var;
        struct {                /* AST_D_PROC */
            const char *name;   /* "init" for init */
            int         is_init;
            int         is_active;
            ast_expr   *active_count;   /* active [N]; NULL means 1 */
            ast_decl   *params;         /* list of AST_D_VAR */
            ast_stmt   *body;
            ast_expr   *priority;       /* `priority N' (a constant),
                                           or NULL */
            ast_expr   *provided;       /* `provided (e)', or NULL */
        } proc;
        ast_name *mtype;        /* AST_D_MTYPE: the names, in order */
        struct {                /* AST_D_TYPEDEF */
            const char *name;
            ast_decl   *fields; /* list of AST_D_VAR */
        } tdef;
        struct {                /* AST_D_INLINE */
            const char *name;
            ast_name   *params;
            ast_stmt   *body;
        } inl;
        struct {                /* AST_D_LTL */
            const char *name;   /* NULL when the block has none */
            const char *text;   /* the formula between the braces, as
                                   written (frontend/ltl parses it) */
            diag_pos    text_pos;   /* where text[0] is */
        } ltl;
    } u;
};

#endif /* SPORE_LANG_AST_H */
