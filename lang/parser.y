/*
 * lang/parser.y -- the grammar of spore's Promela subset.
 *
 * A pure bison parser that only builds AST nodes (lang/ast.h) in the
 * program's arena: no name lookups, no checks beyond syntax.  Tier-2
 * constructs (language.md) are parsed far enough to be named in an error
 * ("'c_code' is not supported by spore") and then dropped.  Syntax errors
 * are reported through the diag context as
 *
 *     file:line:col: error: expected 'fi', found 'od'
 *
 * and the parser recovers at statement level (the `error` token in
 * sequences, typedef fields and at top level), so one run reports every
 * error it can.  Nodes live in the arena, so nothing leaks when bison
 * discards symbols during recovery.
 *
 * Separators: ';' and '->' are equivalent and may be repeated or trail a
 * sequence (but not lead it: SPIN rejects `{ ; x }`); the scanner inserts
 * the semicolons SPIN implies at line ends and after '}' (lexer.l).  The
 * conditional expression (c -> a : b) exists only in parentheses, where no
 * separator can appear, so '->' is never ambiguous.  A receive `c?x` and a
 * poll `c?[x]` share the prefix `varref '?'` and part at '['.  A remote
 * reference starts with T_PNAME, a proctype's name (lexer.l), which no
 * other rule takes: `P[0]:x` cannot be a label or a conditional's ':'.
 *
 * The grammar has no conflicts (%expect 0).
 *
 * Why one file of ~1,200 lines: bison takes one grammar file, and its
 * rules, their actions and the error-message hooks (yyerror's
 * expected-token list) share one parser state; the helpers the actions
 * call that need no parser state live in lang/ast.c.
 */

%code top {
#include "config.h"
}

%code requires {
#include <stdint.h>

#include "lang/lang_int.h"

typedef void *yyscan_t;

typedef struct lang_elist { ast_expr *head, *tail; } lang_elist;
typedef struct lang_slist { ast_stmt *head, *tail; } lang_slist;
typedef struct lang_dlist { ast_decl *head, *tail; } lang_dlist;
typedef struct lang_vlist { ast_var *head, *tail; } lang_vlist;
typedef struct lang_nlist { ast_name *head, *tail; } lang_nlist;
typedef struct lang_olist { ast_option *head, *tail; } lang_olist;
typedef struct lang_tlist {
    ast_type *v;
    int       n;
    int       cap;
} lang_tlist;
typedef struct lang_active {
    int       on;
    ast_expr *count;
    diag_pos  pos;
} lang_active;
}

%code provides {
int  lang_yylex(LANG_YYSTYPE *lvalp, LANG_YYLTYPE *llocp, yyscan_t scanner);
/* The spelling of token tok for messages: "'od'", "identifier", "';'". */
const char *lang_token_name(int tok);
}

%code {
#include <stdlib.h>
#include <string.h>

#define A (ctx->a)

/* Locations are diag_pos: the first character of a construct. */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                     \
    do {                                                \
        if (N)                                          \
            (Cur) = YYRHSLOC(Rhs, 1);                   \
        else                                            \
            (Cur) = YYRHSLOC(Rhs, 0);                   \
    } while (0)

/* Deeper than this (bison stack entries, a few per nesting level) is
 * "too deeply nested": it keeps the recursive walks over the tree in the
 * later phases well inside the C stack. */
#define YYMAXDEPTH 10000

static void yyerror(LANG_YYLTYPE *loc, yyscan_t scanner, lang_ctx *ctx,
                    const char *msg);
static void unsupported(lang_ctx *ctx, diag_pos pos, const char *what);
static ast_stmt *stmt_new(lang_ctx *ctx, ast_stmt_kind k, diag_pos pos);
static ast_stmt *recv_new(lang_ctx *ctx, diag_pos pos, ast_expr *chan,
                          ast_expr *args, int random, int copy);
static ast_expr *var_new(lang_ctx *ctx, diag_pos pos, const char *name,
                         ast_expr *index);
static void tlist_add(lang_ctx *ctx, lang_tlist *l, ast_type t);
static ast_expr *remote_new(lang_ctx *ctx, diag_pos pos, const char *proc,
                            ast_expr *pid, const char *label,
                            ast_expr *var);

#define LIST_ONE(l, x)          \
    do {                        \
        (l).head = (x);         \
        (l).tail = (x);         \
    } while (0)
#define LIST_ADD(l, x)                          \
    do {                                        \
        if ((x) == NULL) {                      \
        } else if ((l).tail == NULL) {          \
            (l).head = (x);                     \
            (l).tail = (x);                     \
        } else {                                \
            (l).tail->next = (x);               \
            (l).tail = (x);                     \
        }                                       \
    } while (0)
}

%define api.pure full
%define api.prefix {lang_yy}
%define api.location.type {diag_pos}
%define parse.error custom
%define parse.lac full
%locations
%param {yyscan_t scanner}
%parse-param {lang_ctx *ctx}
%expect 0

%union {
    int64_t      ival;
    const char  *str;
    ast_expr    *expr;
    ast_stmt    *stmt;
    ast_decl    *decl;
    ast_type     type;
    ast_var     *var;
    ast_option  *opt;
    lang_elist   elist;
    lang_slist   slist;
    lang_dlist   dlist;
    lang_vlist   vlist;
    lang_nlist   nlist;
    lang_olist   olist;
    lang_tlist   tlist;
    lang_active  active;
}

%token <str>  T_NAME        "identifier"
%token <str>  T_PNAME       "proctype name"
%token <ival> T_NUMBER      "number"
%token <ival> T_CHARLIT     "character constant"
%token <str>  T_STRING      "string"

%token T_ACTIVE     "'active'"
%token T_ASSERT     "'assert'"
%token T_ATOMIC     "'atomic'"
%token T_BIT        "'bit'"
%token T_BOOL       "'bool'"
%token T_BREAK      "'break'"
%token T_BYTE       "'byte'"
%token T_CHAN       "'chan'"
%token T_DSTEP      "'d_step'"
%token T_DO         "'do'"
%token T_ELSE       "'else'"
%token T_EMPTY      "'empty'"
%token T_EVAL       "'eval'"
%token T_FALSE      "'false'"
%token T_FI         "'fi'"
%token T_FOR        "'for'"
%token T_FULL       "'full'"
%token T_GOTO       "'goto'"
%token T_IF         "'if'"
%token T_IN         "'in'"
%token T_INIT       "'init'"
%token T_INLINE     "'inline'"
%token T_INT        "'int'"
%token T_LEN        "'len'"
%token T_MTYPE      "'mtype'"
%token T_NEMPTY     "'nempty'"
%token T_NFULL      "'nfull'"
%token T_OD         "'od'"
%token T_OF         "'of'"
%token T_PID        "'pid'"
%token T_PRINTF     "'printf'"
%token T_PRINTM     "'printm'"
%token T_PROCTYPE   "'proctype'"
%token T_RUN        "'run'"
%token T_SELECT     "'select'"
%token T_SHORT      "'short'"
%token T_SKIP       "'skip'"
%token T_TIMEOUT    "'timeout'"
%token T_TRUE       "'true'"
%token T_TYPEDEF    "'typedef'"
%token T_PIDVAR     "'_pid'"
%token T_NR_PR      "'_nr_pr'"
%token T_UNDERSCORE "'_'"

/* tier 2: parsed only to be named in an error */
%token T_UNLESS     "'unless'"
%token T_PROVIDED   "'provided'"
%token T_PRIORITY   "'priority'"
%token T_GETPRIO    "'get_priority'"
%token T_SETPRIO    "'set_priority'"
%token T_DPROCTYPE  "'D_proctype'"
%token T_UNSIGNED   "'unsigned'"
%token <str> T_XU          "'xr' or 'xs'"
%token <str> T_VIS         "'hidden', 'show' or 'local'"
%token <str> T_UNSUP_NAME  "unsupported name"
%token <str> T_UNSUP_FUNC  "unsupported function"
%token <str> T_UNSUP_BLOCK "unsupported block"
%token T_NEVER      "'never'"
%token <decl> T_LTL "'ltl' block"

%token T_ARROW      "'->'"
%token T_SEP        "'::'"
%token T_DOTDOT     "'..'"
%token T_INCR       "'++'"
%token T_DECR       "'--'"
%token T_EQ         "'=='"
%token T_NE         "'!='"
%token T_LE         "'<='"
%token T_GE         "'>='"
%token T_SHL        "'<<'"
%token T_SHR        "'>>'"
%token T_AND        "'&&'"
%token T_OR         "'||'"
%token T_RRECV      "'??'"
%token T_OSEND      "'!!'"

%left T_OR
%left T_AND
%left '|'
%left '^'
%left '&'
%left T_EQ T_NE
%left '<' '>' T_LE T_GE
%left T_SHL T_SHR
%left '+' '-'
%left '*' '/' '%'
%precedence UNARY

%type <decl>   unit proctype init inline_def typedef_def mtype_def never
%type <decl>   one_decl tdecl param
%type <dlist>  units tdecls params params_opt
%type <active> active_opt
%type <type>   type
%type <tlist>  chan_types
%type <var>    ivar uvar
%type <vlist>  ivars pnames uvars
%type <nlist>  names names_opt
%type <slist>  sequence steps body
%type <stmt>   step stmt
%type <olist>  options
%type <opt>    option
%type <expr>   expr primary varref vref recv_arg const_arg
%type <elist>  expr_list args_opt send_args recv_args recv_list printf_args
%type <elist>  xu_names
%type <expr>   priority_opt provided_opt

%%

program
    : units                 { ctx->decls = $1.head; }
    ;

units
    : %empty                { $$.head = NULL; $$.tail = NULL; }
    | units unit            { $$ = $1; LIST_ADD($$, $2); }
    | units ';'             { $$ = $1; }
    ;

unit
    : proctype
    | init
    | inline_def
    | typedef_def
    | mtype_def
    | one_decl
    | never
    | T_LTL                 { $$ = $1; }
    | T_UNSUP_BLOCK         { unsupported(ctx, @1, $1); $$ = NULL; }
    | error                 { $$ = NULL; }
    ;

/* ------------------------------------------------------- processes */

proctype
    : active_opt proc_kw T_NAME '(' params_opt ')' priority_opt
      provided_opt body
        {
            $$ = ast_decl_new(A, AST_D_PROC, $1.on ? $1.pos : @2);
            $$->u.proc.name = $3;
            $$->u.proc.is_active = $1.on;
            $$->u.proc.active_count = $1.count;
            $$->u.proc.params = $5.head;
            $$->u.proc.body = $9.head;
            $$->u.proc.priority = $7;
            $$->u.proc.provided = $8;
        }
    ;

active_opt
    : %empty                { $$.on = 0; $$.count = NULL; $$.pos = @$; }
    | T_ACTIVE              { $$.on = 1; $$.count = NULL; $$.pos = @1; }
    | T_ACTIVE '[' expr ']' { $$.on = 1; $$.count = $3; $$.pos = @1; }
    ;

proc_kw
    : T_PROCTYPE
    | T_DPROCTYPE           { unsupported(ctx, @1, "D_proctype"); }
    ;

priority_opt
    : %empty                { $$ = NULL; }
    | T_PRIORITY T_NUMBER   { $$ = ast_expr_const(A, @2, $2); }
    ;

provided_opt
    : %empty                { $$ = NULL; }
    | T_PROVIDED '(' expr ')'
                            { $$ = $3; }
    ;

params_opt
    : %empty                { $$.head = NULL; $$.tail = NULL; }
    | params
    ;

params
    : param                 { LIST_ONE($$, $1); }
    | params ';' param      { $$ = $1; LIST_ADD($$, $3); }
    ;

param
    : type pnames
        {
            $$ = ast_decl_new(A, AST_D_VAR, @1);
            $$->u.var.type = $1;
            $$->u.var.vars = $2.head;
        }
    | T_UNSIGNED uvars
        {
            $$ = ast_decl_new(A, AST_D_VAR, @1);
            $$->u.var.type.base = AST_T_UNSIGNED;
            $$->u.var.type.name = NULL;
            $$->u.var.type.pos = @1;
            $$->u.var.vars = $2.head;
        }
    ;

pnames
    : T_NAME                { ast_var *v = ast_var_new(A, $1, @1);
                              LIST_ONE($$, v); }
    | pnames ',' T_NAME     { ast_var *v = ast_var_new(A, $3, @3);
                              $$ = $1; LIST_ADD($$, v); }
    ;

init
    : T_INIT priority_opt body
        {
            $$ = ast_decl_new(A, AST_D_PROC, @1);
            $$->u.proc.name = "init";
            $$->u.proc.is_init = 1;
            $$->u.proc.body = $3.head;
            $$->u.proc.priority = $2;
        }
    ;

never
    : T_NEVER body
        {
            $$ = ast_decl_new(A, AST_D_NEVER, @1);
            $$->u.proc.body = $2.head;
        }
    | T_NEVER T_NAME body
        {
            $$ = ast_decl_new(A, AST_D_NEVER, @1);
            $$->u.proc.name = $2;
            $$->u.proc.body = $3.head;
        }
    ;

inline_def
    : T_INLINE T_NAME '(' names_opt ')' body
        {
            $$ = ast_decl_new(A, AST_D_INLINE, @1);
            $$->u.inl.name = $2;
            $$->u.inl.params = $4.head;
            $$->u.inl.body = $6.head;
        }
    ;

body
    : '{' sequence '}'      { $$ = $2; }
    ;

/* ---------------------------------------------------- declarations */

typedef_def
    : T_TYPEDEF T_NAME '{' tdecls seps_opt '}'
        {
            $$ = ast_decl_new(A, AST_D_TYPEDEF, @1);
            $$->u.tdef.name = $2;
            $$->u.tdef.fields = $4.head;
        }
    ;

tdecls
    : tdecl                 { $$.head = NULL; $$.tail = NULL;
                              LIST_ADD($$, $1); }
    | tdecls seps tdecl     { $$ = $1; LIST_ADD($$, $3); }
    ;

tdecl
    : one_decl
    | error                 { $$ = NULL; }
    ;

mtype_def
    : T_MTYPE '=' '{' names '}'
        {
            $$ = ast_decl_new(A, AST_D_MTYPE, @1);
            $$->u.mtype = $4.head;
        }
    | T_MTYPE '{' names '}'
        {
            $$ = ast_decl_new(A, AST_D_MTYPE, @1);
            $$->u.mtype = $3.head;
        }
    | T_MTYPE ':' T_NAME '=' '{' names '}'
        {
            $$ = ast_decl_new(A, AST_D_MTYPE, @1);
            $$->u.mtype = $6.head;
            $$->mtype_set = $3;
        }
    | T_MTYPE ':' T_NAME '{' names '}'
        {
            $$ = ast_decl_new(A, AST_D_MTYPE, @1);
            $$->u.mtype = $5.head;
            $$->mtype_set = $3;
        }
    ;

names_opt
    : %empty                { $$.head = NULL; $$.tail = NULL; }
    | names
    ;

names
    : T_NAME                { ast_name *n = ast_name_new(A, $1, @1);
                              LIST_ONE($$, n); }
    | names ',' T_NAME      { ast_name *n = ast_name_new(A, $3, @3);
                              $$ = $1; LIST_ADD($$, n); }
    ;

one_decl
    : type ivars
        {
            $$ = ast_decl_new(A, AST_D_VAR, @1);
            $$->u.var.type = $1;
            $$->u.var.vars = $2.head;
        }
    | T_VIS type ivars
        {
            $$ = ast_decl_new(A, AST_D_VAR, @1);
            $$->u.var.type = $2;
            $$->u.var.vars = $3.head;
            $$->u.var.vis = $1;
        }
    | T_UNSIGNED uvars
        {
            $$ = ast_decl_new(A, AST_D_VAR, @1);
            $$->u.var.type.base = AST_T_UNSIGNED;
            $$->u.var.type.name = NULL;
            $$->u.var.type.pos = @1;
            $$->u.var.vars = $2.head;
        }
    ;

uvars
    : uvar                  { LIST_ONE($$, $1); }
    | uvars ',' uvar        { $$ = $1; LIST_ADD($$, $3); }
    ;

uvar
    : T_NAME ':' primary    { $$ = ast_var_new(A, $1, @1); $$->bits = $3; }
    | T_NAME ':' primary '=' expr
        { $$ = ast_var_new(A, $1, @1); $$->bits = $3; $$->init = $5; }
    ;

type
    : T_BIT         { $$.base = AST_T_BIT;   $$.name = NULL; $$.pos = @1; }
    | T_BOOL        { $$.base = AST_T_BOOL;  $$.name = NULL; $$.pos = @1; }
    | T_BYTE        { $$.base = AST_T_BYTE;  $$.name = NULL; $$.pos = @1; }
    | T_SHORT       { $$.base = AST_T_SHORT; $$.name = NULL; $$.pos = @1; }
    | T_INT         { $$.base = AST_T_INT;   $$.name = NULL; $$.pos = @1; }
    | T_PID         { $$.base = AST_T_PID;   $$.name = NULL; $$.pos = @1; }
    | T_MTYPE       { $$.base = AST_T_MTYPE; $$.name = NULL; $$.pos = @1; }
    | T_CHAN        { $$.base = AST_T_CHAN;  $$.name = NULL; $$.pos = @1; }
    | T_NAME        { $$.base = AST_T_NAMED; $$.name = $1;   $$.pos = @1; }
    | T_MTYPE ':' T_NAME
        {
            $$.base = AST_T_MTYPE; $$.name = $3; $$.pos = @1;
        }
    ;

ivars
    : ivar                  { LIST_ONE($$, $1); }
    | ivars ',' ivar        { $$ = $1; LIST_ADD($$, $3); }
    ;

ivar
    : T_NAME                { $$ = ast_var_new(A, $1, @1); }
    | T_NAME '[' expr ']'   { $$ = ast_var_new(A, $1, @1); $$->size = $3; }
    | T_NAME '=' expr       { $$ = ast_var_new(A, $1, @1); $$->init = $3; }
    | T_NAME '[' expr ']' '=' expr
        { $$ = ast_var_new(A, $1, @1); $$->size = $3; $$->init = $6; }
    | T_NAME '[' expr ']' '=' '{' expr_list '}'
        {
            $$ = ast_var_new(A, $1, @1);
            $$->size = $3;
            $$->init = $7.head;
            $$->init_is_list = 1;
        }
    | T_NAME '=' '[' expr ']' T_OF '{' chan_types '}'
        {
            $$ = ast_var_new(A, $1, @1);
            $$->has_chan_init = 1;
            $$->chan_cap = $4;
            $$->chan_fields = $8.v;
            $$->chan_nfields = $8.n;
        }
    | T_NAME '[' expr ']' '=' '[' expr ']' T_OF '{' chan_types '}'
        {
            $$ = ast_var_new(A, $1, @1);
            $$->size = $3;
            $$->has_chan_init = 1;
            $$->chan_cap = $7;
            $$->chan_fields = $11.v;
            $$->chan_nfields = $11.n;
        }
    ;

chan_types
    : type                  { $$.v = NULL; $$.n = 0; $$.cap = 0;
                              tlist_add(ctx, &$$, $1); }
    | chan_types ',' type   { $$ = $1; tlist_add(ctx, &$$, $3); }
    ;

/* ------------------------------------------------------- sequences */

sequence
    : steps
    | steps seps
    ;

steps
    : step                  { $$.head = NULL; $$.tail = NULL;
                              LIST_ADD($$, $1); }
    | steps seps step       { $$ = $1; LIST_ADD($$, $3); }
    ;

seps
    : sep
    | seps sep
    ;

seps_opt
    : %empty
    | seps
    ;

sep
    : ';'
    | T_ARROW
    ;

step
    : stmt
    | stmt T_UNLESS stmt
        {
            if ($1 == NULL || $3 == NULL) {
                $$ = $1;
            } else {
                $$ = stmt_new(ctx, AST_S_UNLESS, @2);
                $$->u.unless.main = $1;
                $$->u.unless.escape = $3;
            }
        }
    | one_decl
        {
            if ($1 == NULL) {
                $$ = NULL;
            } else {
                $$ = stmt_new(ctx, AST_S_DECL, @1);
                $$->u.decl = $1;
            }
        }
    | T_XU xu_names
        {
            $$ = stmt_new(ctx, AST_S_XCLAIM, @1);
            $$->u.io.args = $2.head;
            $$->u.io.xmode = strcmp($1, "xr") == 0 ? 1 : 2;
        }
    | error                 { $$ = NULL; }
    ;

xu_names
    : varref                { LIST_ONE($$, $1); }
    | xu_names ',' varref   { $$ = $1; LIST_ADD($$, $3); }
    ;

options
    : option                { LIST_ONE($$, $1); }
    | options option        { $$ = $1; LIST_ADD($$, $2); }
    ;

option
    : T_SEP sequence        { $$ = ast_option_new(A, $2.head, @1); }
    ;

/* ------------------------------------------------------ statements */

stmt
    : T_IF options T_FI
        { $$ = stmt_new(ctx, AST_S_IF, @1); $$->u.options = $2.head; }
    | T_DO options T_OD
        { $$ = stmt_new(ctx, AST_S_DO, @1); $$->u.options = $2.head; }
    | T_ATOMIC body
        { $$ = stmt_new(ctx, AST_S_ATOMIC, @1); $$->u.body = $2.head; }
    | T_DSTEP body
        { $$ = stmt_new(ctx, AST_S_DSTEP, @1); $$->u.body = $2.head; }
    | body
        { $$ = stmt_new(ctx, AST_S_BLOCK, @1); $$->u.body = $1.head; }
    | T_BREAK               { $$ = stmt_new(ctx, AST_S_BREAK, @1); }
    | T_ELSE                { $$ = stmt_new(ctx, AST_S_ELSE, @1); }
    | T_GOTO T_NAME
        { $$ = stmt_new(ctx, AST_S_GOTO, @1); $$->u.target = $2; }
    | T_NAME ':' stmt
        {
            $$ = stmt_new(ctx, AST_S_LABEL, @1);
            $$->u.label.name = $1;
            $$->u.label.stmt = $3;
        }
    | T_ASSERT expr
        { $$ = stmt_new(ctx, AST_S_ASSERT, @1); $$->u.expr = $2; }
    | T_PRINTF '(' T_STRING printf_args ')'
        {
            $$ = stmt_new(ctx, AST_S_PRINTF, @1);
            $$->u.print.fmt = $3;
            $$->u.print.args = $4.head;
        }
    | T_PRINTM '(' expr ')'
        { $$ = stmt_new(ctx, AST_S_PRINTM, @1); $$->u.expr = $3; }
    | T_NAME '(' args_opt ')'
        {
            $$ = stmt_new(ctx, AST_S_CALL, @1);
            $$->u.call.name = $1;
            $$->u.call.args = $3.head;
        }
    | T_SELECT '(' varref ':' expr T_DOTDOT expr ')'
        {
            $$ = stmt_new(ctx, AST_S_SELECT, @1);
            $$->u.range.var = $3;
            $$->u.range.lo = $5;
            $$->u.range.hi = $7;
        }
    | T_FOR '(' varref ':' expr T_DOTDOT expr ')' body
        {
            $$ = stmt_new(ctx, AST_S_FOR, @1);
            $$->u.range.var = $3;
            $$->u.range.lo = $5;
            $$->u.range.hi = $7;
            $$->u.range.body = $9.head;
        }
    | T_SETPRIO '(' expr ',' expr ')'
        {
            $$ = stmt_new(ctx, AST_S_SETPRIO, @1);
            $$->u.assign.lhs = $3;
            $$->u.assign.rhs = $5;
        }
    | T_FOR '(' varref T_IN varref ')' body
        {
            $$ = stmt_new(ctx, AST_S_FOR_IN, @1);
            $$->u.range.var = $3;
            $$->u.range.lo = $5;
            $$->u.range.body = $7.head;
        }
    | varref '=' expr
        {
            $$ = stmt_new(ctx, AST_S_ASSIGN, @1);
            $$->u.assign.lhs = $1;
            $$->u.assign.rhs = $3;
        }
    | T_UNDERSCORE '=' expr
        {
            $$ = stmt_new(ctx, AST_S_ASSIGN, @1);
            $$->u.assign.lhs = ast_expr_new(A, AST_E_UNDERSCORE, @1);
            $$->u.assign.rhs = $3;
        }
    | varref T_INCR
        { $$ = stmt_new(ctx, AST_S_INCR, @1); $$->u.assign.lhs = $1; }
    | varref T_DECR
        { $$ = stmt_new(ctx, AST_S_DECR, @1); $$->u.assign.lhs = $1; }
    | varref '!' send_args
        {
            $$ = stmt_new(ctx, AST_S_SEND, @1);
            $$->u.io.chan = $1;
            $$->u.io.args = $3.head;
        }
    | varref T_OSEND send_args
        {
            $$ = stmt_new(ctx, AST_S_SEND, @1);
            $$->u.io.chan = $1;
            $$->u.io.args = $3.head;
            $$->u.io.sorted = 1;
        }
    | varref '?' recv_args
        {
            $$ = stmt_new(ctx, AST_S_RECV, @1);
            $$->u.io.chan = $1;
            $$->u.io.args = $3.head;
        }
    | varref T_RRECV recv_args
        { $$ = recv_new(ctx, @1, $1, $3.head, 1, 0); }
    | varref '?' '<' recv_args '>'
        { $$ = recv_new(ctx, @1, $1, $4.head, 0, 1); }
    | varref T_RRECV '<' recv_args '>'
        { $$ = recv_new(ctx, @1, $1, $4.head, 1, 1); }
    | expr
        {
            if ($1 == ctx->last_skip && $1 != NULL) {
                $$ = stmt_new(ctx, AST_S_SKIP, @1);
            } else {
                $$ = stmt_new(ctx, AST_S_EXPR, @1);
                $$->u.expr = $1;
            }
        }
    ;

printf_args
    : %empty                { $$.head = NULL; $$.tail = NULL; }
    | ',' expr_list         { $$ = $2; }
    ;

args_opt
    : %empty                { $$.head = NULL; $$.tail = NULL; }
    | expr_list
    ;

expr_list
    : expr                  { LIST_ONE($$, $1); }
    | expr_list ',' expr    { $$ = $1; LIST_ADD($$, $3); }
    ;

/* c!a(b,c) sends the fields a, b, c */
send_args
    : expr_list
    | expr '(' expr_list ')'
        { $$.head = $1; $1->next = $3.head; $$.tail = $3.tail; }
    ;

recv_args
    : recv_list
    | recv_arg '(' recv_list ')'
        { $$.head = $1; $1->next = $3.head; $$.tail = $3.tail; }
    ;

recv_list
    : recv_arg              { LIST_ONE($$, $1); }
    | recv_list ',' recv_arg
                            { $$ = $1; LIST_ADD($$, $3); }
    ;

recv_arg
    : varref
    | const_arg
    | '-' const_arg
        {
            $$ = $2;
            $$->u.ival = -$$->u.ival;
            $$->pos = @1;
        }
    | T_UNDERSCORE          { $$ = ast_expr_new(A, AST_E_UNDERSCORE, @1); }
    | T_EVAL '(' expr ')'
        { $$ = ast_expr_new(A, AST_E_EVAL, @1); $$->u.op.a = $3; }
    ;

const_arg
    : T_NUMBER              { $$ = ast_expr_const(A, @1, $1); }
    | T_CHARLIT             { $$ = ast_expr_const(A, @1, $1); }
    | T_TRUE                { $$ = ast_expr_const(A, @1, 1); }
    | T_FALSE               { $$ = ast_expr_const(A, @1, 0); }
    ;

/* ----------------------------------------------------- expressions */

expr
    : primary
    | '-' expr %prec UNARY  { $$ = ast_expr_unop(A, @1, AST_OP_NEG, $2); }
    | '!' expr %prec UNARY  { $$ = ast_expr_unop(A, @1, AST_OP_NOT, $2); }
    | '~' expr %prec UNARY  { $$ = ast_expr_unop(A, @1, AST_OP_BNOT, $2); }
    | expr '*' expr     { $$ = ast_expr_binop(A, @1, AST_OP_MUL, $1, $3); }
    | expr '/' expr     { $$ = ast_expr_binop(A, @1, AST_OP_DIV, $1, $3); }
    | expr '%' expr     { $$ = ast_expr_binop(A, @1, AST_OP_MOD, $1, $3); }
    | expr '+' expr     { $$ = ast_expr_binop(A, @1, AST_OP_ADD, $1, $3); }
    | expr '-' expr     { $$ = ast_expr_binop(A, @1, AST_OP_SUB, $1, $3); }
    | expr T_SHL expr   { $$ = ast_expr_binop(A, @1, AST_OP_SHL, $1, $3); }
    | expr T_SHR expr   { $$ = ast_expr_binop(A, @1, AST_OP_SHR, $1, $3); }
    | expr '<' expr     { $$ = ast_expr_binop(A, @1, AST_OP_LT, $1, $3); }
    | expr '>' expr     { $$ = ast_expr_binop(A, @1, AST_OP_GT, $1, $3); }
    | expr T_LE expr    { $$ = ast_expr_binop(A, @1, AST_OP_LE, $1, $3); }
    | expr T_GE expr    { $$ = ast_expr_binop(A, @1, AST_OP_GE, $1, $3); }
    | expr T_EQ expr    { $$ = ast_expr_binop(A, @1, AST_OP_EQ, $1, $3); }
    | expr T_NE expr    { $$ = ast_expr_binop(A, @1, AST_OP_NE, $1, $3); }
    | expr '&' expr     { $$ = ast_expr_binop(A, @1, AST_OP_BAND, $1, $3); }
    | expr '^' expr     { $$ = ast_expr_binop(A, @1, AST_OP_BXOR, $1, $3); }
    | expr '|' expr     { $$ = ast_expr_binop(A, @1, AST_OP_BOR, $1, $3); }
    | expr T_AND expr   { $$ = ast_expr_binop(A, @1, AST_OP_AND, $1, $3); }
    | expr T_OR expr    { $$ = ast_expr_binop(A, @1, AST_OP_OR, $1, $3); }
    ;

primary
    : T_NUMBER              { $$ = ast_expr_const(A, @1, $1); }
    | T_CHARLIT             { $$ = ast_expr_const(A, @1, $1); }
    | T_TRUE                { $$ = ast_expr_const(A, @1, 1); }
    | T_FALSE               { $$ = ast_expr_const(A, @1, 0); }
    | T_SKIP                { $$ = ast_expr_const(A, @1, 1);
                              ctx->last_skip = $$; }
    | varref
    | '(' expr ')'          { $$ = $2; }
    | '(' expr T_ARROW expr ':' expr ')'
        {
            $$ = ast_expr_new(A, AST_E_COND, @1);
            $$->u.op.a = $2;
            $$->u.op.b = $4;
            $$->u.op.c = $6;
        }
    | T_LEN '(' varref ')'
        { $$ = ast_expr_new(A, AST_E_LEN, @1); $$->u.op.a = $3; }
    | T_EMPTY '(' varref ')'
        { $$ = ast_expr_new(A, AST_E_EMPTY, @1); $$->u.op.a = $3; }
    | T_NEMPTY '(' varref ')'
        { $$ = ast_expr_new(A, AST_E_NEMPTY, @1); $$->u.op.a = $3; }
    | T_FULL '(' varref ')'
        { $$ = ast_expr_new(A, AST_E_FULL, @1); $$->u.op.a = $3; }
    | T_NFULL '(' varref ')'
        { $$ = ast_expr_new(A, AST_E_NFULL, @1); $$->u.op.a = $3; }
    | T_RUN T_NAME '(' args_opt ')' priority_opt
        {
            $$ = ast_expr_new(A, AST_E_RUN, @1);
            $$->u.run.name = $2;
            $$->u.run.args = $4.head;
            $$->u.run.priority = $6;
        }
    | T_PIDVAR              { $$ = ast_expr_new(A, AST_E_PID, @1); }
    | T_NR_PR               { $$ = ast_expr_new(A, AST_E_NR_PR, @1); }
    | T_TIMEOUT             { $$ = ast_expr_new(A, AST_E_TIMEOUT, @1); }
    | varref '?' '[' recv_args ']'
        {
            $$ = ast_expr_new(A, AST_E_POLL, @1);
            $$->u.op.a = $1;
            $$->u.op.b = $4.head;
        }
    | varref T_RRECV '[' recv_args ']'
        {
            $$ = ast_expr_new(A, AST_E_RPOLL, @1);
            $$->u.op.a = $1;
            $$->u.op.b = $4.head;
        }
    | T_PNAME '[' expr ']' '@' T_NAME
        { $$ = remote_new(ctx, @1, $1, $3, $6, NULL); }
    | T_PNAME '@' T_NAME
        { $$ = remote_new(ctx, @1, $1, NULL, $3, NULL); }
    | T_PNAME '[' expr ']' ':' vref
        { $$ = remote_new(ctx, @1, $1, $3, NULL, $6); }
    | T_PNAME ':' vref
        { $$ = remote_new(ctx, @1, $1, NULL, NULL, $3); }
    | T_GETPRIO '(' expr ')'
        { $$ = ast_expr_new(A, AST_E_GETPRIO, @1); $$->u.op.a = $3; }
    | T_UNSUP_FUNC '(' args_opt ')'
        { unsupported(ctx, @1, $1); $$ = ast_expr_const(A, @1, 0); }
    | T_UNSUP_BLOCK
        { unsupported(ctx, @1, $1); $$ = ast_expr_const(A, @1, 0); }
    ;

/* name[index].field[index]... : the field chain hangs off u.var.field */
varref
    : vref
    | vref '.' varref       { $$ = $1; $$->u.var.field = $3; }
    ;

vref
    : T_NAME                { $$ = var_new(ctx, @1, $1, NULL); }
    | T_NAME '[' expr ']'   { $$ = var_new(ctx, @1, $1, $3); }
    | T_UNSUP_NAME          { unsupported(ctx, @1, $1);
                              $$ = var_new(ctx, @1, $1, NULL); }
    ;

%%

static void unsupported(lang_ctx *ctx, diag_pos pos, const char *what)
{
    diag_error(ctx->d, pos, "'%s' is not supported by spore", what);
}

static ast_stmt *stmt_new(lang_ctx *ctx, ast_stmt_kind k, diag_pos pos)
{
    return ast_stmt_new(ctx->a, k, pos);
}

/* A receive statement: c?args, c??args, c?<args>, c??<args>. */
static ast_stmt *recv_new(lang_ctx *ctx, diag_pos pos, ast_expr *chan,
                          ast_expr *args, int random, int copy)
{
    ast_stmt *s = stmt_new(ctx, AST_S_RECV, pos);

    s->u.io.chan = chan;
    s->u.io.args = args;
    s->u.io.random = random;
    s->u.io.copy = copy;
    return s;
}

static ast_expr *var_new(lang_ctx *ctx, diag_pos pos, const char *name,
                         ast_expr *index)
{
    ast_expr *e = ast_expr_new(ctx->a, AST_E_VAR, pos);

    e->u.var.name = name;
    e->u.var.index = index;
    return e;
}

/* A remote reference proc[pid]@label or proc[pid]:var (pid NULL for
 * proc@label, proc:var), kept in the program's list of them too. */
static ast_expr *remote_new(lang_ctx *ctx, diag_pos pos, const char *proc,
                            ast_expr *pid, const char *label,
                            ast_expr *var)
{
    ast_expr *e = ast_expr_new(ctx->a, AST_E_REMOTE, pos);

    e->u.remote.proc = proc;
    e->u.remote.pid = pid;
    e->u.remote.label = label;
    e->u.remote.var = var;
    e->u.remote.all_next = ctx->remotes;
    ctx->remotes = e;
    return e;
}

/* Chan field lists are short: the array doubles in the arena and the old
 * copies stay there until the arena is freed. */
static void tlist_add(lang_ctx *ctx, lang_tlist *l, ast_type t)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 4;
        ast_type *v = arena_alloc(ctx->a, (size_t)cap * sizeof *v);

        if (l->n)
            memcpy(v, l->v, (size_t)l->n * sizeof *v);
        l->v = v;
        l->cap = cap;
    }
    l->v[l->n++] = t;
}

const char *lang_token_name(int tok)
{
    return yysymbol_name(YYTRANSLATE(tok));
}

/* A growing message buffer; truncates silently. */
typedef struct msgbuf {
    char   s[512];
    size_t n;
} msgbuf;

static void msg_add(msgbuf *m, const char *s)
{
    size_t k = strlen(s);

    if (k > sizeof m->s - 1 - m->n)
        k = sizeof m->s - 1 - m->n;
    memcpy(m->s + m->n, s, k);
    m->n += k;
    m->s[m->n] = '\0';
}

/* Describe the lookahead token as the user wrote it. */
static void describe(msgbuf *m, const lang_ctx *ctx, yysymbol_kind_t la)
{
    char num[32];

    if (ctx->implied == 1) {
        msg_add(m, "end of line");
        return;
    }
    if (ctx->implied == 2)
        la = YYTRANSLATE(ctx->held_tok);
    switch (la) {
    case YYSYMBOL_YYEOF:
        msg_add(m, "end of file");
        break;
    case YYSYMBOL_T_NAME:
        msg_add(m, "identifier '");
        msg_add(m, ctx->tok_text ? ctx->tok_text : "?");
        msg_add(m, "'");
        break;
    case YYSYMBOL_T_NUMBER:
        snprintf(num, sizeof num, "number %lld", (long long)ctx->tok_ival);
        msg_add(m, num);
        break;
    case YYSYMBOL_T_PNAME:
        msg_add(m, "proctype name '");
        msg_add(m, ctx->tok_text ? ctx->tok_text : "?");
        msg_add(m, "'");
        break;
    case YYSYMBOL_T_UNSUP_NAME:
    case YYSYMBOL_T_UNSUP_FUNC:
    case YYSYMBOL_T_UNSUP_BLOCK:
    case YYSYMBOL_T_XU:
    case YYSYMBOL_T_VIS:
        msg_add(m, "'");
        msg_add(m, ctx->tok_text ? ctx->tok_text : "?");
        msg_add(m, "'");
        break;
    default:
        msg_add(m, yysymbol_name(la));
        break;
    }
    if (ctx->implied == 2)
        msg_add(m, ctx->prev_raw_else ? " (a ';' is implied after 'else')"
                                      : " (a ';' is implied after '}')");
}

/* Tokens that only continue an expression or a variable reference:
 * listing them after every complete expression would drown the useful
 * ones ("expected ';', '->' or '}'"). */
static int is_continuation(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_T_OR: case YYSYMBOL_T_AND: case YYSYMBOL_T_EQ:
    case YYSYMBOL_T_NE: case YYSYMBOL_T_LE: case YYSYMBOL_T_GE:
    case YYSYMBOL_T_SHL: case YYSYMBOL_T_SHR: case YYSYMBOL_T_UNLESS:
    case YYSYMBOL_T_RRECV:
        return 1;
    default:
        break;
    }
    if (k >= YYNTOKENS)
        return 0;
    {
        const char *n = yysymbol_name(k);

        return n[0] == '\'' && n[1] != '\0' && n[2] == '\'' && n[3] == '\0'
               && strchr("|^&<>+-*/%[.?@", n[1]) != NULL;
    }
}

/* Is k the character token 'c'? */
static int is_char(yysymbol_kind_t k, char c)
{
    const char *n;

    if (k >= YYNTOKENS)
        return 0;
    n = yysymbol_name(k);
    return n[0] == '\'' && n[1] == c && n[2] == '\'' && n[3] == '\0';
}

/* Tokens that can start an expression. */
static int starts_expr(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_T_NAME: case YYSYMBOL_T_NUMBER: case YYSYMBOL_T_CHARLIT:
    case YYSYMBOL_T_EMPTY: case YYSYMBOL_T_FALSE: case YYSYMBOL_T_FULL:
    case YYSYMBOL_T_LEN: case YYSYMBOL_T_NEMPTY: case YYSYMBOL_T_NFULL:
    case YYSYMBOL_T_RUN: case YYSYMBOL_T_SKIP: case YYSYMBOL_T_TIMEOUT:
    case YYSYMBOL_T_TRUE: case YYSYMBOL_T_PIDVAR: case YYSYMBOL_T_NR_PR:
    case YYSYMBOL_T_PNAME:
    case YYSYMBOL_T_UNSUP_NAME: case YYSYMBOL_T_UNSUP_FUNC:
    case YYSYMBOL_T_UNSUP_BLOCK: case YYSYMBOL_T_GETPRIO:
        return 1;
    default:
        return is_char(k, '(') || is_char(k, '-') || is_char(k, '!')
               || is_char(k, '~');
    }
}

/* Tokens that can start a statement but not an expression. */
static int starts_stmt(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_T_IF: case YYSYMBOL_T_DO: case YYSYMBOL_T_ATOMIC:
    case YYSYMBOL_T_DSTEP: case YYSYMBOL_T_BREAK:
    case YYSYMBOL_T_ELSE: case YYSYMBOL_T_GOTO: case YYSYMBOL_T_ASSERT:
    case YYSYMBOL_T_PRINTF: case YYSYMBOL_T_PRINTM: case YYSYMBOL_T_SELECT:
    case YYSYMBOL_T_FOR: case YYSYMBOL_T_UNDERSCORE: case YYSYMBOL_T_XU:
    case YYSYMBOL_T_VIS: case YYSYMBOL_T_UNSIGNED: case YYSYMBOL_T_SETPRIO:
        return 1;
    default:
        return is_char(k, '{');
    }
}

static int is_type(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_T_BIT: case YYSYMBOL_T_BOOL: case YYSYMBOL_T_BYTE:
    case YYSYMBOL_T_SHORT: case YYSYMBOL_T_INT: case YYSYMBOL_T_PID:
    case YYSYMBOL_T_MTYPE: case YYSYMBOL_T_CHAN:
        return 1;
    default:
        return 0;
    }
}

static int has(const yysymbol_kind_t *v, int n, yysymbol_kind_t k)
{
    int i;

    for (i = 0; i < n; i++)
        if (v[i] == k)
            return 1;
    return 0;
}

/* "expected X, Y or Z, found W": the expected tokens, with statement,
 * expression and type starts summed up as "a statement", "an expression"
 * and "a type", and expression continuations left out. */
static int yyreport_syntax_error(const yypcontext_t *yyctx,
                                 yyscan_t scanner, lang_ctx *ctx)
{
    enum { MAXSHOW = 6 };
    yysymbol_kind_t exp[YYNTOKENS];
    const char *show[MAXSHOW + 1];
    int n = yypcontext_expected_tokens(yyctx, exp, YYNTOKENS);
    int nshow = 0;
    int stmt;
    int expr;
    int type;
    int i;
    msgbuf m;

    (void)scanner;
    m.n = 0;
    m.s[0] = '\0';
    if (n < 0)
        return n;
    stmt = has(exp, n, YYSYMBOL_T_IF);
    expr = !stmt && has(exp, n, YYSYMBOL_T_NUMBER);
    type = !stmt && has(exp, n, YYSYMBOL_T_BYTE);
    if (stmt)
        show[nshow++] = "a statement";
    if (expr)
        show[nshow++] = "an expression";
    if (type)
        show[nshow++] = "a type";
    for (i = 0; i < n && nshow <= MAXSHOW; i++) {
        yysymbol_kind_t k = exp[i];

        if ((stmt && (starts_stmt(k) || starts_expr(k) || is_type(k)))
            || (expr && starts_expr(k))
            || (type && is_type(k))
            || (n > 3 && is_continuation(k)))
            continue;
        show[nshow++] = yysymbol_name(k);
    }
    if (nshow == 0 || nshow > MAXSHOW) {
        msg_add(&m, "unexpected ");
        describe(&m, ctx, yyctx->yytoken);
    } else {
        msg_add(&m, "expected ");
        for (i = 0; i < nshow; i++) {
            if (i > 0)
                msg_add(&m, i == nshow - 1 ? " or " : ", ");
            msg_add(&m, show[i]);
        }
        msg_add(&m, ", found ");
        describe(&m, ctx, yyctx->yytoken);
    }
    /* an unexpected ':' is most often SPIN's remote variable reference
     * to a name that is no proctype declared so far (the scanner makes
     * a proctype's name a T_PNAME) */
    if (strcmp(yysymbol_name(yyctx->yytoken), "':'") == 0)
        msg_add(&m, " (a remote reference proc[pid]:var? proc must be a "
                "proctype declared before it)");
    if (strcmp(yysymbol_name(yyctx->yytoken), "'@'") == 0)
        msg_add(&m, " (a remote reference proc[pid]@label? proc must be "
                "a proctype declared before it)");
    diag_error(ctx->d, *yyctx->yylloc, "%s", m.s);
    return 0;
}

static void yyerror(LANG_YYLTYPE *loc, yyscan_t scanner, lang_ctx *ctx,
                    const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)
        diag_error(ctx->d, *loc, "too deeply nested");
    else
        diag_error(ctx->d, *loc, "%s", msg);
}
