/*
 * frontend/lower.c -- names, types and lowering: AST to bc_program.
 *
 * One pass over the declarations registers mtypes, typedefs, globals,
 * inlines and proctypes; a second pass lowers each proctype body to a
 * control-flow automaton whose edges are transitions, each with its own
 * code sequence ending in GOTO (see engine/model/bc.h).
 *
 * Lowering a statement s "from location A to location B" adds the
 * transitions that take the process from A to B by executing s.  Jumps
 * (goto, break, declarations, the join of an if) become epsilon edges;
 * afterwards a location whose only way out is an epsilon edge is replaced
 * by that edge's target everywhere (SPIN folds jumps the same way, and
 * the state counts agree with `spin -o3` because of it).  An epsilon edge
 * that shares its location with real transitions (`:: break`, `:: goto
 * L`) stays a transition of its own, as in SPIN.
 *
 * Atomic sequences: every transition lowered inside an atomic body whose
 * target is also inside it (or is its entry, for loops) carries
 * BC_TR_ATOMIC.  A d_step is one transition whose code contains its whole
 * control flow, deterministic: the first executable option is taken.
 *
 * Locals: SPIN allocates every local of a proctype when the process is
 * created and runs their initialisers then, whatever their position in
 * the body; so do we (the proctype's init code).
 *
 * Errors: besides names and types, the rules SPIN's front end enforces
 * (a missing array index, channels in computations, run where it cannot
 * go, empty literal ranges, ...), the limits of spore's state vector
 * when the model passes them as written, and, from a flow of channel
 * types through assignments, run arguments and messages, sends and
 * receives with the wrong number of fields and rendezvous sends inside
 * a d_step, which pan finds only when they run.
 */
#include "config.h"

#include "frontend/fe.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "frontend/fe_int.h"

#define NOLOC UINT32_MAX

/* While compiling, a load whose value is not a "use" in SPIN's sense
 * (the load of x in x++, the arguments of printf) carries this bit in its
 * type operand; drop_unread_globals() reads it and clears it. */
#define FE_T_NOUSE 0x80

static const diag_pos NOPOS = { 0, 0, 0 };
#define MAX_INLINE_DEPTH 64

/* An edge of the automaton under construction. */
typedef struct edge {
    uint32_t    from, to;       /* to: NOLOC while `label` is unresolved */
    const char *label;          /* goto target, resolved at the end */
    diag_pos    pos;
    int         eps;            /* 1: a jump, no code of its own;
                                   2: a folded jump; 3: "copy": `from`
                                   gets copies of `to`'s transitions */
    uint32_t    code;           /* first instruction (real edges) */
    uint32_t    ncode;
    uint32_t    text;           /* string id of the statement */
    uint32_t    flags;          /* BC_TR_* (without ATOMIC) */
    uint32_t    atomic;         /* atomic context id, 0: none */
    uint32_t    loc;            /* location id */
    int         keep;           /* a jump that opens an option: a step
                                   of its own even when alone (SPIN) */
    int         jump;           /* a goto or break (for "jump into
                                   d_step", which SPIN rejects) */
    int         guardlike;      /* an expression statement or a receive:
                                   a read of a dead local resets it */
} edge;

typedef struct label {
    const char *name;
    uint32_t    loc;            /* automaton location */
    diag_pos    pos;
} label;

typedef struct subst {          /* an inline parameter bound to an argument */
    const char *name;
    ast_expr   *arg;
} subst;

typedef struct local_init {     /* an initialiser to run at creation */
    fe_sym   *sym;
    ast_var  *var;
    fe_sym   *scope;            /* the names its value may use: those
                                   declared before its declaration */
} local_init;

typedef FE_VEC(local_init) init_vec;
typedef FE_VEC(bc_var) var_vec;

typedef struct typedef_ent {
    const char *name;
    fe_type    *type;
} typedef_ent;

typedef struct proc_ent {
    ast_decl   *decl;
    uint32_t    nparams;
    uint32_t    pslot0;         /* flow slot of its first parameter */
    uint32_t    rank;           /* rank among the top-level declarations */
    uint32_t    init_chans;     /* channels its init code creates */
    uint64_t    init_bytes;     /* and their bytes in the vector */
} proc_ent;

typedef struct dlabel {         /* a label inside a d_step: a code index */
    const char *name;
    uint32_t    at;
} dlabel;

typedef struct dfix {           /* a goto inside a d_step to patch */
    const char *name;
    uint32_t    insn;
    diag_pos    pos;
} dfix;

/*
 * Channel-type flow (chan_flow_check): which channel types a chan
 * variable, a parameter or a message field may hold, so that a send or
 * receive with the wrong number of fields, or a rendezvous send inside a
 * d_step, is an error of the model found at compile time.  Each of those
 * has a slot: a set of chantypes, or "any" (top) once a value of unknown
 * origin may flow in.  Facts are recorded while lowering and solved at
 * the end.
 */
#define FE_CT_WORDS 2                   /* chantypes: at most 128 */
#define FE_MAX_CHANTYPES 128            /* the vector's tag byte: 0x80 |
                                           chantype (engine/model/bc.h) */
#define FE_MAX_PROCTYPES 128            /* proctype byte < 0x80 */
#define FE_MAX_GLOBALS 60000u

typedef struct chset {
    uint64_t w[FE_CT_WORDS];
    int      top;
} chset;

typedef enum cflow_kind {
    CF_TYPE,        /* slot b holds chantype a */
    CF_COPY,        /* slot b holds what slot a holds */
    CF_TOP,         /* slot b may hold any channel */
    CF_SEND,        /* the value of slot c (CF_ANY: anything) is sent as
                       field b on a channel of slot a (CF_ANY: unknown) */
    CF_RECV         /* field b of a message from a channel of slot a
                       (CF_ANY: unknown) is received into slot c */
} cflow_kind;

#define CF_ANY  UINT32_MAX              /* unknown channel / value */
#define CF_NONE (UINT32_MAX - 1)        /* the value 0: no channel */

typedef struct cflow {
    cflow_kind kind;
    uint32_t   a, b, c;
} cflow;

typedef struct chuse {          /* a send or receive to check */
    diag_pos        pos;
    const ast_expr *chan;       /* the channel expression (resolved) */
    uint32_t        slot;       /* its slot, or CF_ANY */
    uint32_t        nargs;
    int             send;
    int             dstep;      /* inside a d_step */
} chuse;

typedef struct cstate {
    diag               *d;
    const fe_options   *fo;     /* may be NULL */
    const lang_program *lp;
    arena              *mem;    /* the program's: names, strings, nodes */

    FE_VEC(bc_insn)     code;
    FE_VEC(bc_srcloc)   locs;
    FE_VEC(const char *) strings;
    FE_VEC(const char *) files;
    FE_VEC(uint32_t)    file_map;       /* diag file id -> files index + 1 */
    var_vec             gvars;
    FE_VEC(bc_chantype) chantypes;
    FE_VEC(bc_proctype) procs;
    FE_VEC(bc_pcloc)    pclocs;
    FE_VEC(bc_trans)    trans;
    FE_VEC(typedef_ent) typedefs;
    FE_VEC(ast_decl *)  inlines;
    FE_VEC(proc_ent)    proclist;
    FE_VEC(const char *) mtypes;
    init_vec            ginits;

    fe_scope            globals;
    uint32_t            gsize;

    /* the proctype being lowered */
    int                 in_proc;
    fe_scope            locals;
    uint32_t            fsize;
    var_vec             lvars;
    init_vec            linits;
    FE_VEC(edge)        edges;
    FE_VEC(uint32_t)    lflags;
    FE_VEC(uint32_t)    latomic;        /* atomic context of each location */
    uint32_t            natomic;        /* atomic contexts so far */
    FE_VEC(label)       labels;
    FE_VEC(subst)       substs;
    uint32_t            break_to;       /* NOLOC outside do */
    uint32_t            atomic_ctx;     /* 0 outside atomic */
    int                 inline_depth;
    int                 expr_depth;     /* guards the VM's value stack */
    int                 body_started;   /* a statement other than a
                                           declaration has been lowered */
    int                 cur_guardlike;
    int                 option_first;   /* the statement being lowered is
                                           the first of an if/do option */
    int                 first_nested;   /* the statement being lowered is
                                           the first of an option, block
                                           or inline body */

    /* the d_step being compiled */
    int                 dstep_committed;
    FE_VEC(uint32_t)    dbreaks;        /* JMPs to patch to the loop end */
    FE_VEC(dlabel)      dlabels;
    FE_VEC(uint32_t)    dstep_entries;  /* locations where a d_step that is
                                           not an option's first statement
                                           starts */
    FE_VEC(dfix)        dfixes;
    uint32_t            cur_loc;        /* location id of the statement */
    uint32_t            cur_flags;      /* BC_TR_* gathered while emitting */
    int                 in_dstep;       /* lowering a d_step's body */
    uint32_t            decl_rank;      /* rank of the top-level
                                           declaration being read */
    uint32_t            proc_rank;      /* that of the proctype being
                                           lowered */
    diag_pos            proc_pos;       /* and its position */

    /* channel-type flow; static limits */
    FE_VEC(uint32_t)    ct_fslot0;      /* per chantype: the slot of its
                                           first message field */
    FE_VEC(chset)       cslots;
    FE_VEC(cflow)       cflows;
    FE_VEC(chuse)       chuses;
    uint32_t            init_chans;     /* channels created by the init
                                           code being emitted ... */
    uint64_t            init_bytes;     /* ... and their vector bytes */
    diag_pos            over_pos;       /* the global channel that takes
                                           the initial state over a
                                           limit */
} cstate;

static void lower_seq(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to);
static void lower_seq_ex(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to,
                         int nested);
static void cexpr(cstate *cs, const ast_expr *e);
static void dstep_seq(cstate *cs, ast_stmt *s);

/* ------------------------------------------------------------- helpers */

static int starts_with(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

static const char *pfx_strdup(cstate *cs, const char *s)
{
    return arena_strdup(cs->mem, s);
}

static uint32_t add_string(cstate *cs, const char *s)
{
    fe_push(&cs->strings, pfx_strdup(cs, s));
    return (uint32_t)cs->strings.n - 1;
}

static uint32_t file_index(cstate *cs, uint32_t fid)
{
    while (cs->file_map.n <= fid)
        fe_push(&cs->file_map, 0u);
    if (cs->file_map.v[fid] == 0) {
        fe_push(&cs->files, pfx_strdup(cs, diag_file_name(cs->d, fid)));
        cs->file_map.v[fid] = (uint32_t)cs->files.n;
    }
    return cs->file_map.v[fid] - 1;
}

static uint32_t add_loc(cstate *cs, diag_pos pos)
{
    bc_srcloc l;

    l.file = file_index(cs, pos.file);
    l.line = pos.line;
    l.col = pos.col;
    if (cs->locs.n > 0) {
        bc_srcloc *p = &cs->locs.v[cs->locs.n - 1];
        if (p->file == l.file && p->line == l.line && p->col == l.col)
            return (uint32_t)cs->locs.n - 1;
    }
    fe_push(&cs->locs, l);
    return (uint32_t)cs->locs.n - 1;
}

static uint32_t emit(cstate *cs, bc_opcode op, unsigned t, unsigned a,
                     int32_t b, int32_t c)
{
    bc_insn i;

    i.op = (uint8_t)op;
    i.t = (uint8_t)t;
    i.a = (uint16_t)a;
    i.b = b;
    i.c = c;
    fe_push(&cs->code, i);
    return (uint32_t)cs->code.n - 1;
}

#define HERE ((uint32_t)cs->code.n)

/* ---------------------------------------------------- statement text */

typedef struct sbuf {
    char  *s;
    size_t n, cap;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void sb_add(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    int     k;

    va_start(ap, fmt);
    k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    xgrow((void **)&b->s, &b->cap, b->n + (size_t)k + 1, 1);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

static const char *op_spelling(ast_op op)
{
    static const char *const names[] = {
        "-", "!", "~", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>",
        "==", "!=", "<", "<=", ">", ">=", "&&", "||"
    };
    return names[op];
}

static void expr_text(sbuf *b, const ast_expr *e);

static void args_text(sbuf *b, const ast_expr *a)
{
    for (; a; a = a->next) {
        expr_text(b, a);
        if (a->next)
            sb_add(b, ",");
    }
}

static void expr_text(sbuf *b, const ast_expr *e)
{
    static const char *const chanfn[] = {
        "len", "empty", "nempty", "full", "nfull"
    };

    switch (e->kind) {
    case AST_E_CONST:
        sb_add(b, "%" PRId64, e->u.ival);
        break;
    case AST_E_VAR:
        sb_add(b, "%s", e->u.var.name);
        if (e->u.var.index) {
            sb_add(b, "[");
            expr_text(b, e->u.var.index);
            sb_add(b, "]");
        }
        if (e->u.var.field) {
            sb_add(b, ".");
            expr_text(b, e->u.var.field);
        }
        break;
    case AST_E_UNOP:
        sb_add(b, "%s", op_spelling(e->u.op.op));
        expr_text(b, e->u.op.a);
        break;
    case AST_E_BINOP:
        sb_add(b, "(");
        expr_text(b, e->u.op.a);
        sb_add(b, "%s", op_spelling(e->u.op.op));
        expr_text(b, e->u.op.b);
        sb_add(b, ")");
        break;
    case AST_E_COND:
        sb_add(b, "(");
        expr_text(b, e->u.op.a);
        sb_add(b, " -> ");
        expr_text(b, e->u.op.b);
        sb_add(b, " : ");
        expr_text(b, e->u.op.c);
        sb_add(b, ")");
        break;
    case AST_E_LEN: case AST_E_EMPTY: case AST_E_NEMPTY:
    case AST_E_FULL: case AST_E_NFULL:
        sb_add(b, "%s(", chanfn[e->kind - AST_E_LEN]);
        expr_text(b, e->u.op.a);
        sb_add(b, ")");
        break;
    case AST_E_RUN:
        sb_add(b, "run %s(", e->u.run.name);
        args_text(b, e->u.run.args);
        sb_add(b, ")");
        break;
    case AST_E_PID:        sb_add(b, "_pid"); break;
    case AST_E_NR_PR:      sb_add(b, "_nr_pr"); break;
    case AST_E_TIMEOUT:    sb_add(b, "timeout"); break;
    case AST_E_UNDERSCORE: sb_add(b, "_"); break;
    case AST_E_EVAL:
        sb_add(b, "eval(");
        expr_text(b, e->u.op.a);
        sb_add(b, ")");
        break;
    }
}

/* The statement as a short text, for trails and --dump-bytecode. */
static uint32_t stmt_text(cstate *cs, const ast_stmt *s)
{
    sbuf     b = { NULL, 0, 0 };
    uint32_t id;

    switch (s->kind) {
    case AST_S_EXPR:
        expr_text(&b, s->u.expr);
        break;
    case AST_S_ASSIGN:
        expr_text(&b, s->u.assign.lhs);
        sb_add(&b, " = ");
        expr_text(&b, s->u.assign.rhs);
        break;
    case AST_S_INCR:
    case AST_S_DECR:
        expr_text(&b, s->u.assign.lhs);
        sb_add(&b, s->kind == AST_S_INCR ? "++" : "--");
        break;
    case AST_S_SEND:
    case AST_S_RECV:
        expr_text(&b, s->u.io.chan);
        sb_add(&b, s->kind == AST_S_SEND ? "!" : "?");
        args_text(&b, s->u.io.args);
        break;
    case AST_S_ASSERT:
        sb_add(&b, "assert(");
        expr_text(&b, s->u.expr);
        sb_add(&b, ")");
        break;
    case AST_S_PRINTF:
        sb_add(&b, "printf(\"%s\"", s->u.print.fmt);
        if (s->u.print.args) {
            sb_add(&b, ",");
            args_text(&b, s->u.print.args);
        }
        sb_add(&b, ")");
        break;
    case AST_S_PRINTM:
        sb_add(&b, "printm(");
        expr_text(&b, s->u.expr);
        sb_add(&b, ")");
        break;
    case AST_S_SKIP:  sb_add(&b, "skip"); break;
    case AST_S_ELSE:  sb_add(&b, "else"); break;
    case AST_S_BREAK: sb_add(&b, "break"); break;
    case AST_S_GOTO:  sb_add(&b, "goto %s", s->u.target); break;
    case AST_S_DSTEP: sb_add(&b, "d_step"); break;
    default:          sb_add(&b, "?"); break;
    }
    id = add_string(cs, b.s ? b.s : "");
    free(b.s);
    return id;
}

/* --------------------------------------------------- constant folding */

static fe_sym *lookup(cstate *cs, const char *name)
{
    fe_sym *s = NULL;

    if (cs->in_proc)
        s = fe_scope_find(&cs->locals, name);
    return s ? s : fe_scope_find(&cs->globals, name);
}

static const subst *find_subst(const cstate *cs, const char *name)
{
    size_t i;

    for (i = cs->substs.n; i-- > 0;)
        if (strcmp(cs->substs.v[i].name, name) == 0)
            return &cs->substs.v[i];
    return NULL;
}

/* Replace an inline parameter by its argument: `p` -> arg, and `p[i].f`
 * -> `a[i].f` when the argument is a plain variable name.  quiet: do
 * not report an argument that cannot be indexed (the checks that look
 * at an expression again, after the code for it was emitted). */
static const ast_expr *resolve_subst_ex(cstate *cs, const ast_expr *e,
                                        int quiet)
{
    const subst *sb;
    ast_expr    *n;
    size_t       depth = 0;

    while (e->kind == AST_E_VAR && (sb = find_subst(cs, e->u.var.name))) {
        if (!e->u.var.index && !e->u.var.field) {
            e = sb->arg;
        } else if (sb->arg->kind == AST_E_VAR && !sb->arg->u.var.index
                   && !sb->arg->u.var.field) {
            n = arena_alloc(cs->mem, sizeof *n);
            *n = *e;
            n->next = NULL;
            n->u.var.name = sb->arg->u.var.name;
            e = n;
        } else {
            if (!quiet)
                diag_error(cs->d, e->pos, "cannot index or select a field "
                           "of inline argument '%s'", e->u.var.name);
            return e;
        }
        if (++depth > MAX_INLINE_DEPTH)
            break;
    }
    return e;
}

static const ast_expr *resolve_subst(cstate *cs, const ast_expr *e)
{
    return resolve_subst_ex(cs, e, 0);
}

static const ast_expr *resolve_quiet(cstate *cs, const ast_expr *e)
{
    return resolve_subst_ex(cs, e, 1);
}

/* Evaluate e at compile time when it is constant. */
static int const_value(cstate *cs, const ast_expr *e, int64_t *out)
{
    int64_t a, b;
    fe_sym *s;

    e = resolve_subst(cs, e);
    switch (e->kind) {
    case AST_E_CONST:
        *out = e->u.ival;
        return 1;
    case AST_E_VAR:
        s = e->u.var.index || e->u.var.field ? NULL
            : lookup(cs, e->u.var.name);
        if (s && s->kind == FE_SYM_MTYPE) {
            *out = s->value;
            return 1;
        }
        return 0;
    case AST_E_UNOP:
        if (!const_value(cs, e->u.op.a, &a))
            return 0;
        *out = e->u.op.op == AST_OP_NEG ? -a
            : e->u.op.op == AST_OP_NOT ? !a : ~a;
        *out = (int32_t)*out;
        return 1;
    case AST_E_BINOP:
        if (!const_value(cs, e->u.op.a, &a) || !const_value(cs, e->u.op.b, &b))
            return 0;
        switch (e->u.op.op) {
        case AST_OP_ADD: *out = a + b; break;
        case AST_OP_SUB: *out = a - b; break;
        case AST_OP_MUL: *out = a * b; break;
        case AST_OP_DIV: if (!b) return 0; *out = a / b; break;
        case AST_OP_MOD: if (!b) return 0; *out = a % b; break;
        case AST_OP_BAND: *out = a & b; break;
        case AST_OP_BOR: *out = a | b; break;
        case AST_OP_BXOR: *out = a ^ b; break;
        case AST_OP_SHL: *out = (int64_t)((uint32_t)a << (b & 31)); break;
        case AST_OP_SHR: *out = (int32_t)a >> (b & 31); break;
        case AST_OP_EQ: *out = a == b; break;
        case AST_OP_NE: *out = a != b; break;
        case AST_OP_LT: *out = a < b; break;
        case AST_OP_LE: *out = a <= b; break;
        case AST_OP_GT: *out = a > b; break;
        case AST_OP_GE: *out = a >= b; break;
        case AST_OP_AND: *out = a && b; break;
        case AST_OP_OR: *out = a || b; break;
        default: return 0;
        }
        *out = (int32_t)*out;
        return 1;
    case AST_E_COND:
        if (!const_value(cs, e->u.op.a, &a))
            return 0;
        return const_value(cs, a ? e->u.op.b : e->u.op.c, out);
    default:
        return 0;
    }
}

static int64_t const_expr(cstate *cs, const ast_expr *e, const char *what)
{
    int64_t v;

    if (!const_value(cs, e, &v)) {
        diag_error(cs->d, e->pos, "%s must be a constant expression", what);
        return 0;
    }
    return v;
}

/* ------------------------------------------------------------- types */

static const fe_type *resolve_type(cstate *cs, const ast_type *t)
{
    size_t i;

    switch (t->base) {
    case AST_T_BIT:   return &fe_type_bit;
    case AST_T_BOOL:  return &fe_type_bool;
    case AST_T_BYTE:  return &fe_type_byte;
    case AST_T_SHORT: return &fe_type_short;
    case AST_T_INT:   return &fe_type_int;
    case AST_T_PID:   return &fe_type_pid;
    case AST_T_MTYPE: return &fe_type_mtype;
    case AST_T_CHAN:  return &fe_type_chan;
    case AST_T_NAMED:
        for (i = 0; i < cs->typedefs.n; i++)
            if (strcmp(cs->typedefs.v[i].name, t->name) == 0)
                return cs->typedefs.v[i].type;
        diag_error(cs->d, t->pos, "unknown type '%s'", t->name);
        return &fe_type_int;
    }
    return &fe_type_int;
}

static uint32_t array_count(cstate *cs, const ast_var *v)
{
    int64_t n;

    if (!v->size)
        return 0;
    n = const_expr(cs, v->size, "an array size");
    if (n < 1 || n > 1000000) {
        diag_error(cs->d, v->size->pos, "array size %" PRId64
                   " of '%s' is out of range", n, v->name);
        return 1;
    }
    return (uint32_t)n;
}

static void declare_typedef(cstate *cs, const ast_decl *dcl)
{
    fe_type      *t = arena_alloc(cs->mem, sizeof *t);
    const ast_decl *f;
    const ast_var  *v;
    uint32_t      n = 0, i = 0, off = 0;
    typedef_ent   ent;

    for (i = 0; i < cs->typedefs.n; i++)
        if (strcmp(cs->typedefs.v[i].name, dcl->u.tdef.name) == 0)
            diag_error(cs->d, dcl->pos, "typedef '%s' is already declared",
                       dcl->u.tdef.name);
    i = 0;
    for (f = dcl->u.tdef.fields; f; f = f->next)
        for (v = f->u.var.vars; v; v = v->next)
            n++;
    t->is_struct = 1;
    t->name = dcl->u.tdef.name;
    t->fields = arena_alloc(cs->mem, sizeof *t->fields * (n ? n : 1));
    for (f = dcl->u.tdef.fields; f; f = f->next) {
        const fe_type *ft = resolve_type(cs, &f->u.var.type);
        for (v = f->u.var.vars; v; v = v->next) {
            fe_field *fd = &t->fields[i++];
            fd->name = v->name;
            fd->type = ft;
            fd->count = array_count(cs, v);
            fd->offset = off;
            fd->init = v->init;
            if (v->has_chan_init)
                diag_error(cs->d, v->pos, "a channel created in a typedef "
                           "('%s') is not supported by spore", v->name);
            off += ft->size * (fd->count ? fd->count : 1);
        }
    }
    t->nfields = n;
    t->size = off ? off : 1;
    ent.name = dcl->u.tdef.name;
    ent.type = t;
    fe_push(&cs->typedefs, ent);
}

static void declare_mtypes(cstate *cs, const ast_decl *dcl)
{
    const ast_name *n;
    uint32_t        k = 0, base, i = 0;
    fe_sym         *s;

    if (cs->mtypes.n == 0)
        fe_push(&cs->mtypes, "");
    base = (uint32_t)cs->mtypes.n - 1;
    for (n = dcl->u.mtype; n; n = n->next)
        k++;
    /* SPIN numbers the names of one declaration in reverse order. */
    for (i = 0; i < k; i++)
        fe_push(&cs->mtypes, "");
    i = 0;
    for (n = dcl->u.mtype; n; n = n->next, i++) {
        uint32_t value = base + k - i;
        if (fe_scope_find(&cs->globals, n->name)) {
            diag_error(cs->d, n->pos, "'%s' is already declared", n->name);
            continue;
        }
        cs->mtypes.v[value] = n->name;
        s = arena_alloc(cs->mem, sizeof *s);
        s->name = n->name;
        s->kind = FE_SYM_MTYPE;
        s->type = &fe_type_mtype;
        s->value = (int32_t)value;
        s->pos = n->pos;
        s->rank = cs->decl_rank;
        s->next = cs->globals.syms;
        cs->globals.syms = s;
    }
    if (cs->mtypes.n > 256)
        diag_error(cs->d, dcl->pos, "more than 255 mtype names");
}

/* The leaves of a variable of type t at offset off, for printing. */
static void add_print_vars(cstate *cs, var_vec *vars, const char *name,
                           const fe_type *t, uint32_t count, uint32_t off,
                           uint8_t extra)
{
    char            buf[512];
    uint32_t        i, e, n = count ? count : 1;

    if (!t->is_struct) {
        bc_var v;
        v.name = pfx_strdup(cs, name);
        v.offset = off;
        v.count = n;
        v.stride = t->size;
        v.type = t->bctype;
        v.flags = (uint8_t)(t->vflags | extra | (count ? BC_V_ARRAY : 0));
        fe_push(vars, v);
        return;
    }
    for (e = 0; e < n; e++)
        for (i = 0; i < t->nfields; i++) {
            const fe_field *f = &t->fields[i];
            if (count)
                snprintf(buf, sizeof buf, "%s[%u].%s", name, e, f->name);
            else
                snprintf(buf, sizeof buf, "%s.%s", name, f->name);
            add_print_vars(cs, vars, buf, f->type, f->count,
                           off + e * t->size + f->offset, extra);
        }
}

/* -------------------------------------------------- channel types */

static int is_chan_sym(const fe_sym *y)
{
    return y->kind != FE_SYM_MTYPE && !y->type->is_struct
        && (y->type->vflags & BC_V_CHAN);
}

static uint32_t new_slot(cstate *cs)
{
    chset z;

    memset(&z, 0, sizeof z);
    fe_push(&cs->cslots, z);
    return (uint32_t)cs->cslots.n - 1;
}

static void add_flow(cstate *cs, cflow_kind k, uint32_t a, uint32_t b,
                     uint32_t c)
{
    cflow f;

    f.kind = k;
    f.a = a;
    f.b = b;
    f.c = c;
    fe_push(&cs->cflows, f);
}

/* The slot of the channel that e names: a chan variable or an element
 * of a chan array (not a structure field); CF_ANY for anything else. */
static uint32_t chan_slot(cstate *cs, const ast_expr *e)
{
    const fe_sym *y;

    e = resolve_quiet(cs, e);
    if (e->kind != AST_E_VAR || e->u.var.field)
        return CF_ANY;
    y = lookup(cs, e->u.var.name);
    if (y == NULL || y->slot == 0 || !is_chan_sym(y))
        return CF_ANY;
    return y->slot - 1;
}

/* Where the channel value e comes from: a slot, CF_NONE for 0 (no
 * channel), CF_ANY when it cannot be told. */
static uint32_t chan_src(cstate *cs, const ast_expr *e)
{
    int64_t v;

    if (const_value(cs, e, &v))
        return v == 0 ? CF_NONE : CF_ANY;
    return chan_slot(cs, e);
}

/* Slot dst receives the channel value e. */
static void flow_into(cstate *cs, uint32_t dst, const ast_expr *e)
{
    uint32_t src = chan_src(cs, e);

    if (src == CF_ANY)
        add_flow(cs, CF_TOP, 0, dst, 0);
    else if (src != CF_NONE)
        add_flow(cs, CF_COPY, src, dst, 0);
}

/* The chantype of a declaration `= [cap] of { types }`: an earlier one
 * with the same capacity and field types, or a new one. */
static uint32_t intern_chantype(cstate *cs, const ast_var *v)
{
    bc_chantype ct;
    uint32_t    f, fo = 0, k;
    uint8_t    *ft, *ff;
    uint32_t   *foff;
    int64_t     cap = const_expr(cs, v->chan_cap, "a channel size");

    if (cap < 0 || cap > 255) {
        diag_error(cs->d, v->chan_cap->pos, "channel capacity %" PRId64
                   " is out of range (spore allows 0 to 255)", cap);
        cap = 0;
    }
    ct.cap = (uint32_t)cap;
    ct.nfields = (uint32_t)v->chan_nfields;
    ft = arena_alloc(cs->mem, ct.nfields + 1);
    ff = arena_alloc(cs->mem, ct.nfields + 1);
    foff = arena_alloc(cs->mem, sizeof *foff * (ct.nfields + 1));
    for (f = 0; f < ct.nfields; f++) {
        const fe_type *x = resolve_type(cs, &v->chan_fields[f]);
        if (x->is_struct) {
            diag_error(cs->d, v->chan_fields[f].pos, "structures in messages "
                       "are not supported");
            x = &fe_type_int;
        }
        ft[f] = x->bctype;
        ff[f] = x->vflags;
        foff[f] = fo;
        fo += x->size;
    }
    ct.ftypes = ft;
    ct.fflags = ff;
    ct.foffsets = foff;
    ct.msg_size = fo;
    for (k = 0; k < cs->chantypes.n; k++) {
        const bc_chantype *o = &cs->chantypes.v[k];
        if (o->cap == ct.cap && o->nfields == ct.nfields
            && memcmp(o->ftypes, ft, ct.nfields) == 0
            && memcmp(o->fflags, ff, ct.nfields) == 0)
            return k;
    }
    if (cs->chantypes.n == FE_MAX_CHANTYPES) {
        diag_error(cs->d, v->pos, "more than %u different channel types "
                   "(capacity and field types): a limit of spore",
                   FE_MAX_CHANTYPES);
    }
    if (cs->chantypes.n >= FE_MAX_CHANTYPES)
        return 0;
    fe_push(&cs->chantypes, ct);
    fe_push(&cs->ct_fslot0, (uint32_t)cs->cslots.n);
    for (f = 0; f < ct.nfields; f++)
        new_slot(cs);
    return (uint32_t)cs->chantypes.n - 1;
}

static int chset_has(const chset *s, uint32_t t)
{
    return (s->w[t / 64] >> (t % 64)) & 1;
}

/* d := d | s; returns 1 when d changed. */
static int chset_join(chset *d, const chset *s)
{
    int      ch = 0;
    uint32_t i;

    if (d->top)
        return 0;
    if (s->top) {
        d->top = 1;
        return 1;
    }
    for (i = 0; i < FE_CT_WORDS; i++)
        if (s->w[i] & ~d->w[i]) {
            d->w[i] |= s->w[i];
            ch = 1;
        }
    return ch;
}

/* Field j of every channel type in chan (every type with such a field
 * when chan is unknown) gets the value src. */
static int flow_send(cstate *cs, const chset *chan, uint32_t j,
                     const chset *src)
{
    uint32_t t;
    int      ch = 0;

    for (t = 0; t < cs->chantypes.n; t++)
        if ((chan == NULL || chan->top || chset_has(chan, t))
            && j < cs->chantypes.v[t].nfields)
            ch |= chset_join(&cs->cslots.v[cs->ct_fslot0.v[t] + j], src);
    return ch;
}

static int flow_recv(cstate *cs, const chset *chan, uint32_t j, chset *dst)
{
    static const chset top = { { 0 }, 1 };
    uint32_t t;
    int      ch = 0;

    if (chan == NULL || chan->top)
        return chset_join(dst, &top);
    for (t = 0; t < cs->chantypes.n; t++)
        if (chset_has(chan, t) && j < cs->chantypes.v[t].nfields)
            ch |= chset_join(dst, &cs->cslots.v[cs->ct_fslot0.v[t] + j]);
    return ch;
}

/* Solve the flow facts: every slot gets the chantypes that reach it. */
static void chan_flow_solve(cstate *cs)
{
    static const chset top = { { 0 }, 1 };
    int    changed = 1;
    size_t i;

    while (changed) {
        changed = 0;
        for (i = 0; i < cs->cflows.n; i++) {
            const cflow *f = &cs->cflows.v[i];
            chset       *sl = cs->cslots.v;
            const chset *chan = NULL;       /* SEND, RECV: the channel */
            chset        one;

            if ((f->kind == CF_SEND || f->kind == CF_RECV) && f->a != CF_ANY)
                chan = &sl[f->a];

            switch (f->kind) {
            case CF_TYPE:
                memset(&one, 0, sizeof one);
                one.w[f->a / 64] = (uint64_t)1 << (f->a % 64);
                changed |= chset_join(&sl[f->b], &one);
                break;
            case CF_TOP:
                changed |= chset_join(&sl[f->b], &top);
                break;
            case CF_COPY:
                changed |= chset_join(&sl[f->b], &sl[f->a]);
                break;
            case CF_SEND:
                if (f->c != CF_NONE)
                    changed |= flow_send(cs, chan, f->b,
                                         f->c == CF_ANY ? &top : &sl[f->c]);
                break;
            case CF_RECV:
                changed |= flow_recv(cs, chan, f->b, &sl[f->c]);
                break;
            }
        }
    }
}

/* Check every send and receive against the channel types its channel
 * may have: an error when none of them has as many fields as the
 * statement (SPIN: "too few parameters in send", "missing pars in
 * receive", found by pan when the step runs), or when every one is a
 * rendezvous and the send is inside a d_step (pan: "rv-attempt in
 * d_step"; with a mix, the VM reports it when it happens).  A send with
 * more fields than any channel type of the model has is refused
 * whatever its channel (SPIN: "too many pars in send"). */
static void chan_flow_check(cstate *cs)
{
    uint32_t maxf = 0, t;
    size_t   i;

    chan_flow_solve(cs);
    for (t = 0; t < cs->chantypes.n; t++)
        if (cs->chantypes.v[t].nfields > maxf)
            maxf = cs->chantypes.v[t].nfields;
    for (i = 0; i < cs->chuses.n; i++) {
        const chuse *u = &cs->chuses.v[i];
        const chset *s = u->slot == CF_ANY ? NULL : &cs->cslots.v[u->slot];
        uint32_t     n = 0, nbad = 0, nrv = 0, bad = 0;
        sbuf         b = { NULL, 0, 0 };

        if (s != NULL && !s->top)
            for (t = 0; t < cs->chantypes.n; t++) {
                if (!chset_has(s, t))
                    continue;
                n++;
                if (cs->chantypes.v[t].nfields != u->nargs) {
                    if (nbad++ == 0)
                        bad = cs->chantypes.v[t].nfields;
                }
                if (cs->chantypes.v[t].cap == 0)
                    nrv++;
            }
        expr_text(&b, u->chan);
        if (n > 0 && nbad == n)
            diag_error(cs->d, u->pos, "wrong number of message fields: "
                       "channel '%s' carries %u, the %s %s %u",
                       b.s ? b.s : "", bad, u->send ? "send" : "receive",
                       u->send ? "gives" : "takes", u->nargs);
        else if (u->send && u->nargs > maxf)
            diag_error(cs->d, u->pos, "too many message fields: the send "
                       "gives %u, no channel of the model carries more "
                       "than %u", u->nargs, maxf);
        else if (n > 0 && nrv == n && u->send && u->dstep)
            diag_error(cs->d, u->pos, "rendezvous send on '%s' inside "
                       "d_step: a d_step cannot wait for a receiver (pan: "
                       "rv-attempt in d_step)", b.s ? b.s : "");
        free(b.s);
    }
}

/* A send (send != 0) or receive of nargs fields on channel e. */
static void chan_use(cstate *cs, const ast_stmt *s, int send, uint32_t nargs)
{
    chuse u;

    u.pos = s->pos;
    u.chan = resolve_quiet(cs, s->u.io.chan);
    u.slot = chan_slot(cs, s->u.io.chan);
    u.nargs = nargs;
    u.send = send;
    u.dstep = cs->in_dstep;
    fe_push(&cs->chuses, u);
}

/* Does e contain a run? */
static int has_run(const ast_expr *e)
{
    if (e == NULL)
        return 0;
    switch (e->kind) {
    case AST_E_RUN:
        return 1;
    case AST_E_VAR:
        return has_run(e->u.var.index) || has_run(e->u.var.field);
    case AST_E_UNOP: case AST_E_BINOP: case AST_E_COND:
    case AST_E_LEN: case AST_E_EMPTY: case AST_E_NEMPTY:
    case AST_E_FULL: case AST_E_NFULL: case AST_E_EVAL:
        return has_run(e->u.op.a) || has_run(e->u.op.b)
            || has_run(e->u.op.c);
    default:
        return 0;
    }
}

/* SPIN's rules for channel names in the value of an assignment or an
 * initialiser: a chan name may be the whole value (`c = d`, `x = c`),
 * an argument of len, empty, nempty, full, nfull or run, or an array
 * index; inside an operator (`c + 1`, `c == d`, `b -> c : d`) it is an
 * error.  nested: e is an operand. */
static void check_chan_value(cstate *cs, const ast_expr *e, int nested)
{
    const fe_sym *y;

    if (e == NULL)
        return;
    e = resolve_quiet(cs, e);
    switch (e->kind) {
    case AST_E_VAR:
        y = lookup(cs, e->u.var.name);
        if (nested && y != NULL && !e->u.var.field && is_chan_sym(y)) {
            diag_error(cs->d, e->pos, "invalid use of chan name '%s': a "
                       "channel can be assigned or passed, not computed "
                       "with", e->u.var.name);
            return;
        }
        check_chan_value(cs, e->u.var.index, 0);
        break;
    case AST_E_UNOP: case AST_E_BINOP: case AST_E_COND:
        check_chan_value(cs, e->u.op.a, 1);
        check_chan_value(cs, e->u.op.b, 1);
        check_chan_value(cs, e->u.op.c, 1);
        break;
    default:
        break;
    }
}

/* The value e assigned to (or initialising) a variable: lhs is its
 * symbol when it is a chan (not a structure field), else NULL. */
static void check_assigned(cstate *cs, const fe_sym *lhs, const ast_expr *e)
{
    const ast_expr *r = resolve_quiet(cs, e);

    if (lhs != NULL && is_chan_sym(lhs) && r->kind == AST_E_CONST) {
        diag_error(cs->d, e->pos, "invalid assignment to chan '%s': a "
                   "channel cannot be set to a constant", lhs->name);
        return;
    }
    check_chan_value(cs, e, 0);
}

/* Declare the variables of one AST_D_VAR; is_param marks parameters. */
static void declare_vars(cstate *cs, const ast_decl *dcl, int local,
                         int is_param)
{
    const fe_type *t = resolve_type(cs, &dcl->u.var.type);
    ast_var       *v;
    /* SPIN resolves the names of an initial value before the declaration
     * is complete: `byte x = 1, y = x` and `byte x = x` are errors */
    fe_sym        *scope0 = local ? cs->locals.syms : cs->globals.syms;

    for (v = dcl->u.var.vars; v; v = v->next) {
        fe_scope  *scope = local ? &cs->locals : &cs->globals;
        fe_sym    *old = fe_scope_find(scope, v->name);
        fe_sym    *s;
        local_init li;
        const ast_expr *x;

        if (old) {
            if (old->decl == v)     /* the same inline body, expanded again */
                continue;
            diag_error(cs->d, v->pos, "'%s' is already declared", v->name);
            continue;
        }
        old = local ? fe_scope_find(&cs->globals, v->name) : NULL;
        if (old != NULL && old->rank < cs->proc_rank) {
            /* SPIN reads a name declared globally before the proctype
             * as that global: a local cannot hide it */
            diag_error(cs->d, v->pos, "'%s' is already declared as %s "
                       "before this proctype (SPIN does not let a local "
                       "hide it)", v->name, old->kind == FE_SYM_MTYPE
                       ? "an mtype name" : "a global variable");
            continue;
        }
        if (v->has_chan_init && dcl->u.var.type.base != AST_T_CHAN) {
            diag_error(cs->d, v->pos, "only a chan can be initialised with "
                       "a channel type");
        }
        for (x = v->init; x != NULL; x = v->init_is_list ? x->next : NULL)
            if (has_run(x)) {
                diag_error(cs->d, x->pos, local ? "cannot use 'run' in the "
                           "initial value of a variable" : "'run' used "
                           "outside a proctype");
                break;
            }
        s = arena_alloc(cs->mem, sizeof *s);
        s->name = v->name;
        s->kind = local ? FE_SYM_LOCAL : FE_SYM_GLOBAL;
        s->type = t;
        s->count = array_count(cs, v);
        s->decl = v;
        s->pos = v->pos;
        s->is_param = is_param;
        s->rank = cs->decl_rank;
        if (is_chan_sym(s) && !is_param)
            s->slot = new_slot(cs) + 1;
        if (v->has_chan_init && is_chan_sym(s)) {
            s->chantype = intern_chantype(cs, v) + 1;
            add_flow(cs, CF_TYPE, s->chantype - 1, s->slot - 1, 0);
        } else if (v->init != NULL && !v->init_is_list) {
            fe_sym *save = scope->syms;
            scope->syms = scope0;
            check_assigned(cs, s, v->init);
            if (s->slot)
                flow_into(cs, s->slot - 1, v->init);
            scope->syms = save;
        }
        if (local) {
            s->offset = cs->fsize;
            cs->fsize += fe_sym_size(s);
            add_print_vars(cs, &cs->lvars, v->name, t, s->count, s->offset,
                           is_param ? BC_V_PARAM : 0);
        } else {
            s->offset = cs->gsize;
            cs->gsize += fe_sym_size(s);
            if (cs->gsize > FE_MAX_GLOBALS
                && cs->gsize - fe_sym_size(s) <= FE_MAX_GLOBALS)
                diag_error(cs->d, v->pos, "with '%s' the global variables "
                           "take %u bytes, more than spore's limit of %u",
                           v->name, cs->gsize, FE_MAX_GLOBALS);
            add_print_vars(cs, &cs->gvars, v->name, t, s->count, s->offset,
                           0);
        }
        s->next = scope->syms;
        scope->syms = s;
        li.sym = s;
        li.var = v;
        li.scope = scope0;
        /* a declaration after the first statement gets its value from
         * its own step (decl_step), not at creation (SPIN); channels are
         * still created with the process */
        if ((v->init || v->has_chan_init || t->is_struct)
            && (!local || !cs->body_started || v->has_chan_init)) {
            init_vec *iv = local ? &cs->linits : &cs->ginits;
            fe_push(iv, li);
        }
    }
}

/* ------------------------------------------------------- expressions */

/* The place of a scalar variable: sym, static offset, dynamic part on the
 * stack or not. */
typedef struct place {
    fe_sym        *sym;
    const fe_type *type;
    uint32_t       off;
    int            dyn;
} place;

/* Emit the code for the dynamic offset of v (if any) and describe it.
 * Returns 0 when v is not a variable (error already reported). */
static int cplace(cstate *cs, const ast_expr *v, place *p, int want_scalar)
{
    const fe_type *t;
    uint32_t       count;
    const ast_expr *cur;

    v = resolve_subst(cs, v);
    if (v->kind != AST_E_VAR) {
        diag_error(cs->d, v->pos, "a variable is needed here");
        return 0;
    }
    p->sym = lookup(cs, v->u.var.name);
    if (!p->sym) {
        diag_error(cs->d, v->pos, "undeclared variable '%s'", v->u.var.name);
        return 0;
    }
    if (p->sym->kind == FE_SYM_MTYPE) {
        diag_error(cs->d, v->pos, "'%s' is an mtype constant, not a variable",
                   v->u.var.name);
        return 0;
    }
    t = p->sym->type;
    count = p->sym->count;
    p->off = p->sym->offset;
    p->dyn = 0;
    for (cur = v;;) {
        if (cur->u.var.index) {
            int64_t k;
            if (!count) {
                diag_error(cs->d, cur->pos, "'%s' is not an array",
                           cur->u.var.name);
                return 0;
            }
            if (const_value(cs, cur->u.var.index, &k) && k >= 0
                && k < count) {
                p->off += (uint32_t)k * t->size;
            } else {
                cexpr(cs, cur->u.var.index);
                emit(cs, BC_INDEX, 0, t->size, (int32_t)count,
                     (int32_t)add_loc(cs, cur->u.var.index->pos));
                if (p->dyn)
                    emit(cs, BC_ADD, 0, 0, 0, 0);
                p->dyn = 1;
            }
        } else if (count) {
            diag_error(cs->d, cur->pos, "missing array index for '%s'",
                       cur->u.var.name);
            return 0;
        }
        if (!cur->u.var.field)
            break;
        if (!t->is_struct) {
            diag_error(cs->d, cur->pos, "'%s' has no fields", cur->u.var.name);
            return 0;
        }
        {
            const ast_expr *f = cur->u.var.field;
            uint32_t i;
            for (i = 0; i < t->nfields; i++)
                if (strcmp(t->fields[i].name, f->u.var.name) == 0)
                    break;
            if (i == t->nfields) {
                diag_error(cs->d, f->pos, "'%s' has no field '%s'",
                           t->name, f->u.var.name);
                return 0;
            }
            p->off += t->fields[i].offset;
            count = t->fields[i].count;
            t = t->fields[i].type;
            cur = f;
        }
    }
    p->type = t;
    if (want_scalar && t->is_struct) {
        diag_error(cs->d, v->pos, "'%s' is a %s structure, not a value",
                   v->u.var.name, t->name);
        return 0;
    }
    if (p->dyn && p->off - p->sym->offset > 65535) {
        diag_error(cs->d, v->pos, "variable '%s' is too large to index",
                   v->u.var.name);
        return 0;
    }
    return 1;
}

/* A load (store == 0) or store of the place p: global or local, by a
 * static offset or by the offset on the stack. */
static void emit_access(cstate *cs, const place *p, int store)
{
    static const bc_opcode ops[2][2][2] = {     /* [store][global][dyn] */
        { { BC_LOADL, BC_LOADLX }, { BC_LOADG, BC_LOADGX } },
        { { BC_STOREL, BC_STORELX }, { BC_STOREG, BC_STOREGX } },
    };
    int       global = p->sym->kind == FE_SYM_GLOBAL;
    bc_opcode op = ops[store][global][p->dyn];

    if (!p->dyn)
        emit(cs, op, p->type->bctype, 0, (int32_t)p->off, 0);
    else
        emit(cs, op, p->type->bctype, p->off - p->sym->offset,
             (int32_t)p->off, (int32_t)fe_sym_size(p->sym));
}

#define emit_load(cs, p)  emit_access((cs), (p), 0)
#define emit_store(cs, p) emit_access((cs), (p), 1)

static const bc_opcode binops[] = {
    [AST_OP_ADD] = BC_ADD, [AST_OP_SUB] = BC_SUB, [AST_OP_MUL] = BC_MUL,
    [AST_OP_DIV] = BC_DIV, [AST_OP_MOD] = BC_MOD, [AST_OP_BAND] = BC_BAND,
    [AST_OP_BOR] = BC_BOR, [AST_OP_BXOR] = BC_BXOR, [AST_OP_SHL] = BC_SHL,
    [AST_OP_SHR] = BC_SHR, [AST_OP_EQ] = BC_EQ, [AST_OP_NE] = BC_NE,
    [AST_OP_LT] = BC_LT, [AST_OP_LE] = BC_LE, [AST_OP_GT] = BC_GT,
    [AST_OP_GE] = BC_GE,
};

static uint32_t find_proc(cstate *cs, const char *name)
{
    size_t i;

    for (i = 0; i < cs->proclist.n; i++)
        if (strcmp(cs->proclist.v[i].decl->u.proc.name, name) == 0)
            return (uint32_t)i;
    return NOLOC;
}

static void crun(cstate *cs, const ast_expr *e)
{
    uint32_t        pt = find_proc(cs, e->u.run.name);
    const ast_expr *a;
    uint32_t        n = 0;

    if (pt == NOLOC) {
        diag_error(cs->d, e->pos, "undeclared proctype '%s'", e->u.run.name);
        return;
    }
    if (cs->proclist.v[pt].decl->u.proc.is_init) {
        diag_error(cs->d, e->pos, "init cannot be started with run");
        return;
    }
    if (cs->in_dstep)
        diag_error(cs->d, e->pos, "'run' inside d_step: a d_step cannot "
                   "start a process (SPIN rejects it; use atomic)");
    for (a = e->u.run.args; a; a = a->next, n++) {
        cexpr(cs, a);
        if (n < cs->proclist.v[pt].nparams)
            flow_into(cs, cs->proclist.v[pt].pslot0 + n, a);
    }
    if (n != cs->proclist.v[pt].nparams)
        diag_error(cs->d, e->pos, "proctype '%s' takes %u argument%s, "
                   "%u given", e->u.run.name, cs->proclist.v[pt].nparams,
                   cs->proclist.v[pt].nparams == 1 ? "" : "s", n);
    emit(cs, BC_RUN, 0, pt, (int32_t)n, (int32_t)add_loc(cs, e->pos));
}

static void cexpr_inner(cstate *cs, const ast_expr *e);

/* Push the value of e.  The VM's value stack holds 512 values, so the
 * depth of an expression is bounded well below that. */
static void cexpr(cstate *cs, const ast_expr *e)
{
    if (cs->expr_depth >= 200) {
        diag_error(cs->d, e->pos, "expression nested too deeply");
        emit(cs, BC_PUSHK, 0, 0, 0, 0);
        return;
    }
    cs->expr_depth++;
    cexpr_inner(cs, e);
    cs->expr_depth--;
}

static void cexpr_inner(cstate *cs, const ast_expr *e)
{
    int64_t  v;
    uint32_t j1, j2;
    place    p;

    e = resolve_subst(cs, e);
    if (const_value(cs, e, &v)) {
        emit(cs, BC_PUSHK, 0, 0, (int32_t)v, 0);
        return;
    }
    switch (e->kind) {
    case AST_E_CONST:
        emit(cs, BC_PUSHK, 0, 0, (int32_t)e->u.ival, 0);
        break;
    case AST_E_VAR:
        if (cplace(cs, e, &p, 1))
            emit_load(cs, &p);
        else
            emit(cs, BC_PUSHK, 0, 0, 0, 0);
        break;
    case AST_E_UNOP:
        cexpr(cs, e->u.op.a);
        emit(cs, e->u.op.op == AST_OP_NEG ? BC_NEG
             : e->u.op.op == AST_OP_NOT ? BC_NOT : BC_BNOT, 0, 0, 0, 0);
        break;
    case AST_E_BINOP:
        if (e->u.op.op == AST_OP_AND || e->u.op.op == AST_OP_OR) {
            bc_opcode jop = e->u.op.op == AST_OP_AND ? BC_JMPF : BC_JMPT;
            cexpr(cs, e->u.op.a);
            j1 = emit(cs, jop, 0, 0, 0, 0);
            cexpr(cs, e->u.op.b);
            j2 = emit(cs, jop, 0, 0, 0, 0);
            emit(cs, BC_PUSHK, 0, 0, e->u.op.op == AST_OP_AND, 0);
            emit(cs, BC_JMP, 0, 0, (int32_t)HERE + 2, 0);
            cs->code.v[j1].b = cs->code.v[j2].b = (int32_t)HERE;
            emit(cs, BC_PUSHK, 0, 0, e->u.op.op != AST_OP_AND, 0);
            break;
        }
        cexpr(cs, e->u.op.a);
        cexpr(cs, e->u.op.b);
        emit(cs, binops[e->u.op.op], 0, 0, 0,
             (int32_t)(e->u.op.op == AST_OP_DIV || e->u.op.op == AST_OP_MOD
                       ? add_loc(cs, e->pos) : 0));
        break;
    case AST_E_COND:
        cexpr(cs, e->u.op.a);
        j1 = emit(cs, BC_JMPF, 0, 0, 0, 0);
        cexpr(cs, e->u.op.b);
        j2 = emit(cs, BC_JMP, 0, 0, 0, 0);
        cs->code.v[j1].b = (int32_t)HERE;
        cexpr(cs, e->u.op.c);
        cs->code.v[j2].b = (int32_t)HERE;
        break;
    case AST_E_LEN:
    case AST_E_EMPTY:
    case AST_E_NEMPTY:
        cexpr(cs, e->u.op.a);
        emit(cs, BC_CLEN, 0, 0, 0, (int32_t)add_loc(cs, e->pos));
        if (e->kind != AST_E_LEN) {
            emit(cs, BC_PUSHK, 0, 0, 0, 0);
            emit(cs, e->kind == AST_E_EMPTY ? BC_EQ : BC_NE, 0, 0, 0, 0);
        }
        break;
    case AST_E_FULL:
    case AST_E_NFULL:
        cexpr(cs, e->u.op.a);
        emit(cs, BC_CFULL, 0, 0, 0, (int32_t)add_loc(cs, e->pos));
        if (e->kind == AST_E_NFULL)
            emit(cs, BC_NOT, 0, 0, 0, 0);
        break;
    case AST_E_RUN:
        crun(cs, e);
        break;
    case AST_E_PID:
        if (!cs->in_proc)
            diag_error(cs->d, e->pos, "_pid outside a proctype");
        emit(cs, BC_PID, 0, 0, 0, 0);
        break;
    case AST_E_NR_PR:
        emit(cs, BC_NRPR, 0, 0, 0, 0);
        break;
    case AST_E_TIMEOUT:
        emit(cs, BC_TIMEOUT, 0, 0, 0, 0);
        cs->cur_flags |= BC_TR_TIMEOUT;
        break;
    case AST_E_UNDERSCORE:
        diag_error(cs->d, e->pos, "'_' can only be a receive argument");
        emit(cs, BC_PUSHK, 0, 0, 0, 0);
        break;
    case AST_E_EVAL:
        diag_error(cs->d, e->pos, "'eval' can only be a receive argument");
        emit(cs, BC_PUSHK, 0, 0, 0, 0);
        break;
    }
}

/* ----------------------------------------------- basic statements */

/* The global loads emitted since code index start are not uses. */
static void mark_nouse(cstate *cs, uint32_t start)
{
    for (; start < HERE; start++)
        if (cs->code.v[start].op == BC_LOADG
            || cs->code.v[start].op == BC_LOADGX)
            cs->code.v[start].t |= FE_T_NOUSE;
}

/* SPIN refuses an assignment to an array element whose index is an
 * element of the same array: `a[a[1]] = 2` (pan could not undo it). */
static void check_self_index(cstate *cs, const ast_expr *lhs)
{
    const ast_expr *x;

    lhs = resolve_quiet(cs, lhs);
    if (lhs->kind != AST_E_VAR || lhs->u.var.index == NULL)
        return;
    x = resolve_quiet(cs, lhs->u.var.index);
    if (x->kind == AST_E_VAR && x->u.var.index != NULL
        && x->u.var.field == NULL
        && strcmp(x->u.var.name, lhs->u.var.name) == 0)
        diag_error(cs->d, x->pos, "'%s' indexed with an element of "
                   "itself on the left of an assignment (SPIN rejects it: "
                   "do not index an array with itself)", lhs->u.var.name);
}

/* SPIN refuses `c?x,x`: one plain variable in two fields of a receive. */
static void check_recv_vars(cstate *cs, const ast_expr *const *args,
                            const int *isvar, uint32_t n)
{
    uint32_t i, j;

    for (i = 0; i < n; i++) {
        const fe_sym *y;
        if (!isvar[i] || args[i]->u.var.index || args[i]->u.var.field)
            continue;
        y = lookup(cs, args[i]->u.var.name);
        if (y == NULL || y->count || y->type->is_struct)
            continue;
        for (j = i + 1; j < n; j++)
            if (isvar[j] && !args[j]->u.var.index && !args[j]->u.var.field
                && lookup(cs, args[j]->u.var.name) == y) {
                diag_error(cs->d, args[j]->pos, "'%s' receives two fields "
                           "of one message (SPIN rejects it: cannot use "
                           "a variable in multiple message fields)",
                           y->name);
                return;
            }
    }
}

/* Emit the code of a statement that is one step (no control flow). */
static void cbasic(cstate *cs, const ast_stmt *s)
{
    place            p;
    const ast_expr  *a;
    uint32_t         n, i, start;
    int64_t          v;

    switch (s->kind) {
    case AST_S_EXPR:
        if (resolve_subst(cs, s->u.expr)->kind == AST_E_RUN) {
            cexpr(cs, s->u.expr);
            emit(cs, BC_POP, 0, 0, 0, 0);
        } else if (!const_value(cs, s->u.expr, &v) || v == 0) {
            cexpr(cs, s->u.expr);
            emit(cs, BC_GUARD, 0, 0, 0, 0);
        }
        break;
    case AST_S_ASSIGN:
        if (s->u.assign.lhs->kind == AST_E_UNDERSCORE) {   /* _ = e */
            cexpr(cs, s->u.assign.rhs);
            emit(cs, BC_POP, 0, 0, 0, 0);
        } else if (cplace(cs, s->u.assign.lhs, &p, 1)) {
            const fe_sym *ch = p.sym->type->is_struct ? NULL : p.sym;
            check_self_index(cs, s->u.assign.lhs);
            check_assigned(cs, ch, s->u.assign.rhs);
            cexpr(cs, s->u.assign.rhs);
            emit_store(cs, &p);
            if (ch != NULL && ch->slot && is_chan_sym(ch))
                flow_into(cs, ch->slot - 1, s->u.assign.rhs);
        }
        break;
    case AST_S_INCR:
    case AST_S_DECR:
        if (cplace(cs, s->u.assign.lhs, &p, 1)) {
            check_self_index(cs, s->u.assign.lhs);
            if (!p.sym->type->is_struct && is_chan_sym(p.sym))
                diag_error(cs->d, s->pos, "arithmetic on chan '%s' (SPIN "
                           "rejects it)", p.sym->name);
            if (p.dyn)
                emit(cs, BC_DUP, 0, 0, 0, 0);
            emit_load(cs, &p);
            cs->code.v[cs->code.n - 1].t |= FE_T_NOUSE;
            emit(cs, BC_PUSHK, 0, 0, 1, 0);
            emit(cs, s->kind == AST_S_INCR ? BC_ADD : BC_SUB, 0, 0, 0, 0);
            emit_store(cs, &p);
        }
        break;
    case AST_S_SEND: {
        uint32_t ch = chan_slot(cs, s->u.io.chan);
        cexpr(cs, s->u.io.chan);
        for (n = 0, a = s->u.io.args; a; a = a->next, n++) {
            cexpr(cs, a);
            add_flow(cs, CF_SEND, ch, n, chan_src(cs, a));
        }
        emit(cs, BC_SEND, 0, n, 0, (int32_t)add_loc(cs, s->pos));
        chan_use(cs, s, 1, n);
        break;
    }
    case AST_S_RECV: {
        const ast_expr *args[64];
        int             isvar[64];
        cexpr(cs, s->u.io.chan);
        for (n = 0, a = s->u.io.args; a && n < 64; a = a->next, n++) {
            const ast_expr *r = resolve_subst(cs, a);
            args[n] = r;
            isvar[n] = r->kind == AST_E_VAR && !const_value(cs, r, &v);
        }
        if (a)
            diag_error(cs->d, s->pos, "too many message fields");
        check_recv_vars(cs, args, isvar, n);
        chan_use(cs, s, 0, n);
        emit(cs, BC_RECV, 0, n, 0, (int32_t)add_loc(cs, s->pos));
        for (i = 0; i < n; i++) {
            if (isvar[i] || args[i]->kind == AST_E_UNDERSCORE)
                continue;
            cexpr(cs, args[i]->kind == AST_E_EVAL ? args[i]->u.op.a
                  : args[i]);
            emit(cs, BC_RMATCH, 0, i, 0, 0);
        }
        for (i = 0; i < n; i++) {
            if (!isvar[i])
                continue;
            if (cplace(cs, args[i], &p, 1)) {
                emit(cs, BC_RFIELD, 0, i, 0, 0);
                emit_store(cs, &p);
                if (!p.sym->type->is_struct && p.sym->slot
                    && is_chan_sym(p.sym))
                    add_flow(cs, CF_RECV, chan_slot(cs, s->u.io.chan), i,
                             p.sym->slot - 1);
            }
        }
        emit(cs, BC_RDONE, 0, 0, 0, 0);
        break;
    }
    case AST_S_ASSERT:
        cexpr(cs, s->u.expr);
        emit(cs, BC_ASSERT, 0, 0, 0, (int32_t)add_loc(cs, s->pos));
        break;
    case AST_S_PRINTF:
        start = HERE;
        for (n = 0, a = s->u.print.args; a; a = a->next, n++)
            cexpr(cs, a);
        mark_nouse(cs, start);
        emit(cs, BC_PRINTF, 0, n, (int32_t)add_string(cs, s->u.print.fmt),
             0);
        break;
    case AST_S_PRINTM:
        start = HERE;
        cexpr(cs, s->u.expr);
        mark_nouse(cs, start);
        emit(cs, BC_PRINTM, 0, 0, 0, 0);
        break;
    case AST_S_SKIP:
    case AST_S_ELSE:
        break;
    default:
        diag_error(cs->d, s->pos, "internal: not a basic statement");
        break;
    }
}

/* ------------------------------------------------------ the automaton */

static uint32_t new_loc(cstate *cs)
{
    fe_push(&cs->lflags, 0u);
    fe_push(&cs->latomic, cs->atomic_ctx);
    return (uint32_t)cs->lflags.n - 1;
}

static void add_eps(cstate *cs, uint32_t from, uint32_t to,
                    const char *target, diag_pos pos, const char *text)
{
    edge e;

    memset(&e, 0, sizeof e);
    e.from = from;
    e.to = to;
    e.label = target;
    e.pos = pos;
    e.eps = 1;
    e.text = add_string(cs, text);
    e.atomic = cs->atomic_ctx;
    e.loc = add_loc(cs, pos);
    fe_push(&cs->edges, e);
}

/* Start a real transition: code emitted from now on belongs to it. */
static uint32_t begin_trans(cstate *cs, diag_pos pos)
{
    cs->cur_flags = 0;
    cs->cur_loc = add_loc(cs, pos);
    return HERE;
}

/* End it: append the GOTO (patched when locations are final). */
static void end_trans(cstate *cs, uint32_t start, uint32_t from, uint32_t to,
                      diag_pos pos, uint32_t text, uint32_t flags)
{
    edge e;

    emit(cs, BC_GOTO, 0, 0, (int32_t)to, 0);
    memset(&e, 0, sizeof e);
    e.from = from;
    e.to = to;
    e.pos = pos;
    e.code = start;
    e.ncode = HERE - start;
    e.text = text;
    e.flags = flags | cs->cur_flags;
    e.atomic = cs->atomic_ctx;
    e.loc = cs->cur_loc;
    e.guardlike = cs->cur_guardlike;
    cs->cur_guardlike = 0;
    fe_push(&cs->edges, e);
}

static void basic_trans(cstate *cs, const ast_stmt *s, uint32_t from,
                        uint32_t to, uint32_t flags)
{
    uint32_t start = begin_trans(cs, s->pos);

    cbasic(cs, s);
    cs->cur_guardlike = s->kind == AST_S_EXPR || s->kind == AST_S_RECV;
    end_trans(cs, start, from, to, s->pos, stmt_text(cs, s), flags);
}

static void lower_dstep(cstate *cs, const ast_stmt *s, uint32_t from,
                        uint32_t to)
{
    uint32_t start = begin_trans(cs, s->pos);
    size_t   i, j;

    cs->dstep_committed = 0;
    cs->dbreaks.n = cs->dlabels.n = cs->dfixes.n = 0;
    cs->in_dstep = 1;
    dstep_seq(cs, s->u.body);
    cs->in_dstep = 0;
    if (cs->dbreaks.n)
        diag_error(cs->d, s->pos, "'break' outside a do loop");
    for (i = 0; i < cs->dfixes.n; i++) {
        for (j = 0; j < cs->dlabels.n; j++)
            if (strcmp(cs->dlabels.v[j].name, cs->dfixes.v[i].name) == 0)
                break;
        if (j == cs->dlabels.n)
            diag_error(cs->d, cs->dfixes.v[i].pos, "goto '%s': the label is "
                       "not inside this d_step (jumping out of a d_step is "
                       "not supported)", cs->dfixes.v[i].name);
        else
            cs->code.v[cs->dfixes.v[i].insn].b = (int32_t)cs->dlabels.v[j].at;
    }
    end_trans(cs, start, from, to, s->pos, stmt_text(cs, s), BC_TR_DSTEP);
}

static ast_stmt *new_stmt(cstate *cs, ast_stmt_kind k, diag_pos pos)
{
    ast_stmt *s = arena_alloc(cs->mem, sizeof *s);

    s->kind = k;
    s->pos = pos;
    return s;
}

static ast_expr *new_expr(cstate *cs, ast_expr_kind k, diag_pos pos)
{
    ast_expr *e = arena_alloc(cs->mem, sizeof *e);

    e->kind = k;
    e->pos = pos;
    return e;
}

static ast_expr *new_binop(cstate *cs, ast_op op, ast_expr *a, ast_expr *b)
{
    ast_expr *e = new_expr(cs, AST_E_BINOP, a->pos);

    e->u.op.op = op;
    e->u.op.a = a;
    e->u.op.b = b;
    return e;
}

static ast_stmt *new_assign(cstate *cs, ast_expr *lhs, ast_expr *rhs)
{
    ast_stmt *s = new_stmt(cs, AST_S_ASSIGN, lhs->pos);

    s->u.assign.lhs = lhs;
    s->u.assign.rhs = rhs;
    return s;
}

/* select (v : lo .. hi) and for (v : lo .. hi) as SPIN expands them.
 * select with constant bounds and at most 33 values: one assignment per
 * value (an if), as SPIN 6.5.2 does;
 * otherwise `v = lo; do :: v < hi -> v++ :: break od`.
 * for: `v = lo; do :: v <= hi -> body; v++ :: else -> break od`. */
static ast_stmt *expand_range(cstate *cs, const ast_stmt *s)
{
    ast_expr   *v = s->u.range.var;
    ast_stmt   *init = new_assign(cs, v, s->u.range.lo);
    ast_stmt   *loop, *g, *inc, *brk;
    ast_option *o1, *o2;
    int64_t     lo, hi;
    const ast_expr *l = resolve_quiet(cs, s->u.range.lo);
    const ast_expr *h = resolve_quiet(cs, s->u.range.hi);

    /* SPIN checks number literals only (its select is expanded from
     * the text; `1 .. N-1` with N = 1 is an empty for, not an error) */
    if (l->kind == AST_E_CONST && h->kind == AST_E_CONST
        && l->u.ival > h->u.ival)
        diag_error(cs->d, s->pos, s->kind == AST_S_SELECT
                   ? "bad range in select: %" PRId64 " .. %" PRId64
                   " is empty" : "empty for: the start value %" PRId64
                   " exceeds the end value %" PRId64 " (SPIN rejects it)",
                   l->u.ival, h->u.ival);
    if (s->kind == AST_S_SELECT && const_value(cs, s->u.range.lo, &lo)
        && const_value(cs, s->u.range.hi, &hi) && hi >= lo
        && hi - lo <= 32) {
        ast_stmt   *ifs = new_stmt(cs, AST_S_IF, s->pos);
        ast_option **tail = &ifs->u.options;
        for (; lo <= hi; lo++) {
            ast_expr *k = new_expr(cs, AST_E_CONST, s->pos);
            k->u.ival = lo;
            *tail = arena_alloc(cs->mem, sizeof **tail);
            (*tail)->seq = new_assign(cs, v, k);
            (*tail)->pos = s->pos;
            tail = &(*tail)->next;
        }
        return ifs;
    }
    loop = new_stmt(cs, AST_S_DO, s->pos);
    g = new_stmt(cs, AST_S_EXPR, s->pos);
    g->u.expr = new_binop(cs, s->kind == AST_S_SELECT ? AST_OP_LT : AST_OP_LE,
                          v, s->u.range.hi);
    inc = new_stmt(cs, AST_S_INCR, s->pos);
    inc->u.assign.lhs = v;
    brk = new_stmt(cs, AST_S_BREAK, s->pos);
    o1 = arena_alloc(cs->mem, sizeof *o1);
    o2 = arena_alloc(cs->mem, sizeof *o2);
    o1->pos = o2->pos = s->pos;
    o1->seq = g;
    if (s->kind == AST_S_FOR) {
        ast_stmt *body = new_stmt(cs, AST_S_BLOCK, s->pos);
        ast_stmt *els = new_stmt(cs, AST_S_ELSE, s->pos);
        body->u.body = s->u.range.body;
        g->next = body;
        body->next = inc;
        els->next = brk;
        o2->seq = els;
    } else {
        g->next = inc;
        o2->seq = brk;
    }
    o1->next = o2;
    loop->u.options = o1;
    init->next = loop;
    return init;
}

static ast_decl *find_inline(cstate *cs, const char *name)
{
    size_t i;

    for (i = 0; i < cs->inlines.n; i++)
        if (strcmp(cs->inlines.v[i]->u.inl.name, name) == 0)
            return cs->inlines.v[i];
    return NULL;
}

/* Bind the parameters of an inline call; returns how many were pushed,
 * or -1 on error. */
static int bind_inline(cstate *cs, const ast_stmt *s, const ast_decl *inl)
{
    const ast_name *pn = inl->u.inl.params;
    ast_expr       *a = s->u.call.args;
    int             n = 0;

    if (cs->inline_depth >= MAX_INLINE_DEPTH) {
        diag_error(cs->d, s->pos, "inline '%s' expands too deeply "
                   "(recursive?)", s->u.call.name);
        return -1;
    }
    for (; pn && a; pn = pn->next, a = a->next, n++) {
        subst sb;
        sb.name = pn->name;
        sb.arg = (ast_expr *)resolve_subst(cs, a);
        fe_push(&cs->substs, sb);
    }
    if (pn || a) {
        diag_error(cs->d, s->pos, "inline '%s' called with the wrong number "
                   "of arguments", s->u.call.name);
        cs->substs.n -= (size_t)n;
        return -1;
    }
    cs->inline_depth++;
    return n;
}

/* accept and progress labels mark acceptance and non-progress cycles,
 * which need a liveness search spore does not have yet: refuse them
 * rather than verify a model whose property is not checked. */
static void check_label(cstate *cs, const ast_stmt *s)
{
    const char   *nm = s->u.label.name;
    const fe_sym *y = lookup(cs, nm);

    /* SPIN: a label cannot have the name of a variable, an mtype name
     * or a proctype ("bad label-name") */
    if (y != NULL || find_proc(cs, nm) != NOLOC)
        diag_error(cs->d, s->pos, "label '%s' has the name of %s (SPIN "
                   "rejects it: bad label-name)", nm, y == NULL
                   ? "a proctype" : y->kind == FE_SYM_MTYPE
                   ? "an mtype constant" : "a variable");
    if (starts_with(nm, "accept"))
        diag_error(cs->d, s->pos, "label '%s': 'accept' labels (acceptance "
                   "cycles) are not supported by spore", nm);
    else if (starts_with(nm, "progress"))
        diag_error(cs->d, s->pos, "label '%s': 'progress' labels "
                   "(non-progress cycles) are not supported by spore", nm);
}

static void lower_options(cstate *cs, const ast_stmt *s, uint32_t from,
                          uint32_t to)
{
    const ast_option *o;
    int               nelse = 0, nio = 0;

    for (o = s->u.options; o; o = o->next)
        if (o->seq && (o->seq->kind == AST_S_SEND
                       || o->seq->kind == AST_S_RECV))
            nio++;
    for (o = s->u.options; o; o = o->next) {
        ast_stmt *first = o->seq;
        if (first && first->kind == AST_S_ELSE) {
            uint32_t mid = first->next ? new_loc(cs) : to;
            if (nelse++)
                diag_error(cs->d, first->pos, "more than one 'else' option");
            if (nio)
                diag_error(cs->d, first->pos, "'else' in an option list "
                           "that also has send or receive options (SPIN "
                           "rejects it as a dubious use of else with i/o)");
            basic_trans(cs, first, from, mid, BC_TR_ELSE);
            if (first->next)
                lower_seq(cs, first->next, mid, to);
        } else {
            cs->option_first = 1;
            lower_seq(cs, first, from, to);
        }
    }
}

/* A declaration after the first statement is a step of its own in SPIN:
 * it assigns the initial value (or 0); until then the variable is 0. */
/* The code of a declaration after the first statement: it assigns the
 * initial values; names in them are those declared before (scope0).
 * Its text goes to b (may be NULL). */
static void decl_code(cstate *cs, const ast_stmt *s, fe_sym *scope0,
                      sbuf *b)
{
    const ast_var *v;

    for (v = s->u.decl->u.var.vars; v; v = v->next) {
        const fe_sym *y = fe_scope_find(&cs->locals, v->name);
        fe_sym       *save = cs->locals.syms;
        uint32_t      k, n;
        if (!y || y->decl != v || y->type->is_struct || v->has_chan_init
            || (y->type->vflags & BC_V_CHAN))
            continue;
        n = y->count ? y->count : 1;
        for (k = 0; k < n; k++) {
            cs->locals.syms = scope0;
            if (v->init && !v->init_is_list)
                cexpr(cs, v->init);
            else
                emit(cs, BC_PUSHK, 0, 0, 0, 0);
            cs->locals.syms = save;
            emit(cs, BC_STOREL, y->type->bctype, 0,
                 (int32_t)(y->offset + k * y->type->size), 0);
        }
        if (b == NULL)
            continue;
        sb_add(b, "%s%s = ", b->n ? "; " : "", v->name);
        if (v->init && !v->init_is_list)
            expr_text(b, v->init);
        else
            sb_add(b, "0");
    }
}

static void decl_step(cstate *cs, const ast_stmt *s, uint32_t from,
                      uint32_t to, fe_sym *scope0)
{
    uint32_t start = begin_trans(cs, s->pos);
    sbuf     b = { NULL, 0, 0 };

    decl_code(cs, s, scope0, &b);
    end_trans(cs, start, from, to, s->pos, add_string(cs, b.s ? b.s : ""),
              0);
    free(b.s);
}

static void lower_stmt(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to)
{
    uint32_t save, head;
    label    lb;
    int      n, nested = cs->first_nested;
    int      opens_option = cs->option_first;

    cs->first_nested = 0;
    cs->option_first = 0;
    if (s->kind != AST_S_DECL && s->kind != AST_S_LABEL)
        cs->body_started = 1;
    switch (s->kind) {
    case AST_S_IF:
        lower_options(cs, s, from, to);
        break;
    case AST_S_DO:
        /* SPIN: a do that opens a nested sequence is entered through
         * the enclosing location (which gets copies of its options), but
         * its iterations return to a head of its own. */
        head = new_loc(cs);
        add_eps(cs, from, head, NULL, s->pos, "do");
        if (nested)
            cs->edges.v[cs->edges.n - 1].eps = 3;
        save = cs->break_to;
        cs->break_to = to;
        lower_options(cs, s, head, head);
        cs->break_to = save;
        break;
    case AST_S_ATOMIC:
        if (cs->atomic_ctx) {
            lower_seq(cs, s->u.body, from, to);
            break;
        }
        cs->atomic_ctx = ++cs->natomic;
        lower_seq(cs, s->u.body, from, to);
        cs->atomic_ctx = 0;
        break;
    case AST_S_DSTEP:
        if (!nested)            /* a statement of its sequence: a jump to
                                   `from` lands inside the d_step */
            fe_push(&cs->dstep_entries, from);
        lower_dstep(cs, s, from, to);
        break;
    case AST_S_BLOCK:
        lower_seq(cs, s->u.body, from, to);
        break;
    case AST_S_BREAK:
        if (cs->break_to == NOLOC) {
            diag_error(cs->d, s->pos, "'break' outside a do loop");
            break;
        }
        add_eps(cs, from, cs->break_to, NULL, s->pos, "break");
        cs->edges.v[cs->edges.n - 1].jump = 1;
        cs->edges.v[cs->edges.n - 1].keep = opens_option;
        break;
    case AST_S_GOTO:
        add_eps(cs, from, NOLOC, s->u.target, s->pos, "goto");
        cs->edges.v[cs->edges.n - 1].text = stmt_text(cs, s);
        cs->edges.v[cs->edges.n - 1].jump = 1;
        cs->edges.v[cs->edges.n - 1].keep = opens_option;
        break;
    case AST_S_LABEL:
        check_label(cs, s);
        lb.name = s->u.label.name;
        lb.loc = from;
        lb.pos = s->pos;
        if (s->u.label.stmt->kind == AST_S_FOR
            || s->u.label.stmt->kind == AST_S_SELECT) {
            /* SPIN labels the loop a for/select expands into, not the
             * assignment of its first value: `L: for (...)` ... `goto L`
             * does not restart the count */
            ast_stmt *x = expand_range(cs, s->u.label.stmt);
            if (x->kind == AST_S_ASSIGN && x->next) {
                uint32_t mid = new_loc(cs);
                lower_stmt(cs, x, from, mid);
                lb.loc = mid;
                fe_push(&cs->labels, lb);
                lower_seq_ex(cs, x->next, mid, to, 0);
                break;
            }
            fe_push(&cs->labels, lb);
            lower_seq_ex(cs, x, from, to, 0);
            break;
        }
        fe_push(&cs->labels, lb);
        cs->first_nested = nested;
        /* a goto or break under an end, progress or accept label is a
         * step of its own in SPIN (the label's mark needs a state of its
         * own: `progress: goto L'); under an ordinary label it is folded */
        cs->option_first = opens_option
            || ((s->u.label.stmt->kind == AST_S_GOTO
                 || s->u.label.stmt->kind == AST_S_BREAK)
                && (starts_with(lb.name, "end")
                    || starts_with(lb.name, "progress")
                    || starts_with(lb.name, "accept")));
        lower_stmt(cs, s->u.label.stmt, from, to);
        break;
    case AST_S_ELSE:
        diag_error(cs->d, s->pos, "'else' must be the first statement of "
                   "an option");
        break;
    case AST_S_DECL: {
        fe_sym *scope0 = cs->locals.syms;
        declare_vars(cs, s->u.decl, 1, 0);
        if (cs->body_started)
            decl_step(cs, s, from, to, scope0);
        else
            add_eps(cs, from, to, NULL, s->pos, "decl");
        break;
    }
    case AST_S_CALL: {
        ast_decl *inl = find_inline(cs, s->u.call.name);
        if (!inl) {
            diag_error(cs->d, s->pos, "undeclared inline '%s'",
                       s->u.call.name);
            break;
        }
        n = bind_inline(cs, s, inl);
        if (n < 0)
            break;
        lower_seq(cs, inl->u.inl.body, from, to);
        cs->substs.n -= (size_t)n;
        cs->inline_depth--;
        break;
    }
    case AST_S_SELECT:
    case AST_S_FOR:
        lower_seq_ex(cs, expand_range(cs, s), from, to, 0);
        break;
    default:
        basic_trans(cs, s, from, to, 0);
        break;
    }
}

static void lower_seq_ex(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to,
                         int nested)
{
    if (!s) {
        add_eps(cs, from, to, NULL, NOPOS, "skip");
        return;
    }
    for (; s; s = s->next) {
        uint32_t mid = s->next ? new_loc(cs) : to;
        cs->first_nested = nested;
        nested = 0;
        lower_stmt(cs, s, from, mid);
        from = mid;
    }
}

/* A nested sequence: an option, a block, an atomic or inline body. */
static void lower_seq(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to)
{
    lower_seq_ex(cs, s, from, to, 1);
}

/* ----------------------------------------------------------- d_step */

static void dcommit(cstate *cs)
{
    if (!cs->dstep_committed) {
        emit(cs, BC_DCOMMIT, 0, 0, 0, 0);
        cs->dstep_committed = 1;
    }
}

/* Options inside a d_step: the first executable one is taken.  Returns
 * with the code positioned after the construct; loop_head is the code
 * index to jump back to after an option (do), or NOLOC (if). */
static void dstep_options(cstate *cs, const ast_stmt *s, uint32_t loop_head)
{
    const ast_option *o, *els = NULL;
    FE_VEC(uint32_t)  ends = { NULL, 0, 0 };
    size_t            i, nbreaks0 = cs->dbreaks.n;
    int64_t           v;

    for (o = s->u.options; o; o = o->next) {
        ast_stmt *first = o->seq;
        uint32_t  skip = NOLOC;
        int       committed = cs->dstep_committed;
        if (first && first->kind == AST_S_ELSE) {
            els = o;
            continue;
        }
        if (first && first->kind == AST_S_EXPR
            && !(const_value(cs, first->u.expr, &v) && v)) {
            cexpr(cs, first->u.expr);
            skip = emit(cs, BC_JMPF, 0, 0, 0, 0);
            dcommit(cs);
            dstep_seq(cs, first->next);
        } else if (first && (first->kind == AST_S_SEND
                             || first->kind == AST_S_RECV)) {
            diag_error(cs->d, first->pos, "a send or receive as the guard of "
                       "an option inside d_step is not supported");
        } else {
            dstep_seq(cs, first);
        }
        fe_push(&ends, emit(cs, BC_JMP, 0, 0, 0, 0));
        if (skip != NOLOC)
            cs->code.v[skip].b = (int32_t)HERE;
        cs->dstep_committed = committed;
    }
    if (els) {
        dcommit(cs);
        dstep_seq(cs, els->seq->next);
        fe_push(&ends, emit(cs, BC_JMP, 0, 0, 0, 0));
    } else {
        emit(cs, BC_PUSHK, 0, 0, 0, 0);
        emit(cs, BC_GUARD, 0, 0, 0, 0);
    }
    cs->dstep_committed = 1;
    for (i = 0; i < ends.n; i++)
        cs->code.v[ends.v[i]].b =
            (int32_t)(loop_head == NOLOC ? HERE : loop_head);
    free(ends.v);
    if (loop_head != NOLOC) {
        for (i = nbreaks0; i < cs->dbreaks.n; i++)
            cs->code.v[cs->dbreaks.v[i]].b = (int32_t)HERE;
        cs->dbreaks.n = nbreaks0;
    }
}

static void dstep_stmt(cstate *cs, ast_stmt *s)
{
    dlabel   dl;
    dfix     fx;
    int      n;
    uint32_t head;

    switch (s->kind) {
    case AST_S_IF:
        dstep_options(cs, s, NOLOC);
        break;
    case AST_S_DO:
        head = HERE;
        dstep_options(cs, s, head);
        break;
    case AST_S_ATOMIC:
    case AST_S_DSTEP:
    case AST_S_BLOCK:
        dstep_seq(cs, s->u.body);
        break;
    case AST_S_BREAK:
        fe_push(&cs->dbreaks, emit(cs, BC_JMP, 0, 0, 0, 0));
        break;
    case AST_S_GOTO:
        fx.name = s->u.target;
        fx.insn = emit(cs, BC_JMP, 0, 0, 0, 0);
        fx.pos = s->pos;
        fe_push(&cs->dfixes, fx);
        break;
    case AST_S_LABEL:
        check_label(cs, s);
        dl.name = s->u.label.name;
        dl.at = HERE;
        fe_push(&cs->dlabels, dl);
        dstep_stmt(cs, s->u.label.stmt);
        break;
    case AST_S_ELSE:
        diag_error(cs->d, s->pos, "'else' must be the first statement of "
                   "an option");
        break;
    case AST_S_DECL: {
        /* the d_step is a statement, so the body has started: the
         * initial value is assigned here (SPIN) */
        fe_sym *scope0 = cs->locals.syms;
        declare_vars(cs, s->u.decl, 1, 0);
        decl_code(cs, s, scope0, NULL);
        break;
    }
    case AST_S_CALL: {
        ast_decl *inl = find_inline(cs, s->u.call.name);
        if (!inl) {
            diag_error(cs->d, s->pos, "undeclared inline '%s'",
                       s->u.call.name);
            break;
        }
        n = bind_inline(cs, s, inl);
        if (n < 0)
            break;
        dstep_seq(cs, inl->u.inl.body);
        cs->substs.n -= (size_t)n;
        cs->inline_depth--;
        break;
    }
    case AST_S_SELECT:
    case AST_S_FOR:
        dstep_seq(cs, expand_range(cs, s));
        break;
    default:
        cbasic(cs, s);
        dcommit(cs);
        break;
    }
}

static void dstep_seq(cstate *cs, ast_stmt *s)
{
    for (; s; s = s->next)
        dstep_stmt(cs, s);
}

/* ------------------------------------------------ finishing a proctype */

/* Follow epsilon aliases with cycle protection. */
static uint32_t resolve_loc(const uint32_t *alias, uint32_t l, uint32_t n)
{
    uint32_t steps = 0;

    while (alias[l] != NOLOC && steps++ < n)
        l = alias[l];
    return l;
}

/* ------------------------------------------- dead-variable reset */

/*
 * SPIN (unless -o1 or -o2) sets a local variable to 0 right after a step
 * when no path from there reads it before writing it again; the state
 * space shrinks because states that differ only in dead values merge.
 * spore does the same, with SPIN's rule (notes/SPIN-COUNTING.md, sect. 6):
 * candidates are scalar locals and parameters (not arrays, channels or
 * structures); a step that writes x (other than `x = 0`) resets it when
 * it is dead afterwards, and so does an expression statement or receive
 * that only reads it.  A revisited location counts as dead.
 */

typedef struct dead_ctx {
    const cstate   *cs;         /* its code grows while resets are added */
    const bc_trans *tr;         /* this proctype's transitions */
    const bc_pcloc *pl;         /* this proctype's locations */
    uint32_t        ntr, nloc, ncand;
    uint32_t        cand_off[64];
    uint8_t         cand_type[64];
    uint64_t       *rd, *wr;    /* per transition: candidate bit sets */
    uint32_t       *mark;       /* per location: query stamp */
    uint32_t       *stack;
    uint32_t        stamp;
} dead_ctx;

static int cand_index(const dead_ctx *dc, uint32_t off, unsigned type)
{
    uint32_t i;

    for (i = 0; i < dc->ncand; i++)
        if (dc->cand_off[i] == off && dc->cand_type[i] == type)
            return (int)i;
    return -1;
}

/* Is candidate bit `x` dead from location l on? */
static int dead_from(dead_ctx *dc, uint32_t l, uint64_t x)
{
    uint32_t sp = 0, i;

    dc->stamp++;
    dc->mark[l] = dc->stamp;
    dc->stack[sp++] = l;
    while (sp > 0) {
        const bc_pcloc *loc = &dc->pl[dc->stack[--sp]];
        for (i = 0; i < loc->ntrans; i++) {
            uint32_t t = loc->first + i;
            uint32_t d = dc->tr[t].dst;
            if (dc->rd[t] & x)
                return 0;
            if ((dc->wr[t] & x) || (dc->tr[t].flags & BC_TR_DIE))
                continue;
            if (dc->mark[d] != dc->stamp) {
                dc->mark[d] = dc->stamp;
                dc->stack[sp++] = d;
            }
        }
    }
    return 1;
}

/* Is transition t exactly `x = 0` for candidate bit x? */
static int is_zero_store(const dead_ctx *dc, uint32_t t)
{
    const bc_insn *c = dc->cs->code.v + dc->tr[t].code;

    return dc->tr[t].ncode == 3 && c[0].op == BC_PUSHK && c[0].b == 0
        && c[1].op == BC_STOREL;
}

/* Copy transition t's code to the end with resets of the candidates in
 * `reset` put before its final GOTO. */
static void append_resets(cstate *cs, dead_ctx *dc, bc_trans *t,
                          uint64_t reset)
{
    uint32_t old = t->code, n = t->ncode, start = HERE, i;
    int32_t  delta = (int32_t)(start - old);

    for (i = 0; i + 1 < n; i++) {
        bc_insn in = cs->code.v[old + i];
        if ((bc_opinfos[in.op].flags & BC_F_JUMP) && in.b >= (int32_t)old
            && in.b < (int32_t)(old + n))
            in.b += delta;
        fe_push(&cs->code, in);
    }
    for (i = 0; i < dc->ncand; i++)
        if (reset & ((uint64_t)1 << i)) {
            emit(cs, BC_PUSHK, 0, 0, 0, 0);
            emit(cs, BC_STOREL, dc->cand_type[i], 0,
                 (int32_t)dc->cand_off[i], 0);
        }
    fe_push(&cs->code, cs->code.v[old + n - 1]);
    t->code = start;
    t->ncode = HERE - start;
}

static void dead_var_reset(cstate *cs, uint32_t first_tr, uint32_t loc0,
                           const uint8_t *guardlike)
{
    dead_ctx      dc;
    const fe_sym *y;
    uint32_t      t, i, k;

    memset(&dc, 0, sizeof dc);
    for (y = cs->locals.syms; y && dc.ncand < 64; y = y->next)
        if (y->kind == FE_SYM_LOCAL && !y->count && !y->type->is_struct
            && !(y->type->vflags & BC_V_CHAN)) {
            dc.cand_off[dc.ncand] = y->offset;
            dc.cand_type[dc.ncand++] = y->type->bctype;
        }
    dc.ntr = (uint32_t)cs->trans.n - first_tr;
    dc.nloc = (uint32_t)cs->pclocs.n - loc0;
    if (dc.ncand == 0 || dc.ntr == 0)
        return;
    dc.cs = cs;
    dc.tr = cs->trans.v + first_tr;
    dc.pl = cs->pclocs.v + loc0;
    dc.rd = xcalloc(dc.ntr, sizeof *dc.rd);
    dc.wr = xcalloc(dc.ntr, sizeof *dc.wr);
    dc.mark = xcalloc(dc.nloc, sizeof *dc.mark);
    dc.stack = xmalloc(sizeof *dc.stack * dc.nloc);
    /* pclocs[].first are absolute; make them relative */
    for (t = 0; t < dc.ntr; t++) {
        const bc_trans *tr = &dc.tr[t];
        for (i = 0; i < tr->ncode; i++) {
            const bc_insn *in = &cs->code.v[tr->code + i];
            int c;
            if (in->op != BC_LOADL && in->op != BC_STOREL)
                continue;
            c = cand_index(&dc, (uint32_t)in->b, in->t & ~FE_T_NOUSE);
            if (c < 0)
                continue;
            if (in->op == BC_LOADL)
                dc.rd[t] |= (uint64_t)1 << c;
            else
                dc.wr[t] |= (uint64_t)1 << c;
        }
    }
    {
        bc_pcloc *rel = xmalloc(sizeof *rel * dc.nloc);
        memcpy(rel, dc.pl, sizeof *rel * dc.nloc);
        for (i = 0; i < dc.nloc; i++)
            rel[i].first -= first_tr;
        dc.pl = rel;
    }
    for (t = 0; t < dc.ntr; t++) {
        uint64_t reset = 0;
        for (k = 0; k < dc.ncand; k++) {
            uint64_t x = (uint64_t)1 << k;
            int      trigger;
            if (dc.tr[t].flags & BC_TR_DSTEP)
                /* SPIN resets nothing after a d_step (measured: a local
                 * written in a d_step and never read keeps its value) */
                trigger = 0;
            else if (dc.wr[t] & x)
                trigger = !is_zero_store(&dc, t);
            else
                trigger = (dc.rd[t] & x) && guardlike[t];
            if (trigger && !(dc.tr[t].flags & BC_TR_DIE)
                && dead_from(&dc, dc.tr[t].dst, x))
                reset |= x;
        }
        if (reset)
            append_resets(cs, &dc, &cs->trans.v[first_tr + t], reset);
    }
    free((void *)dc.pl);
    free(dc.rd);
    free(dc.wr);
    free(dc.mark);
    free(dc.stack);
}

typedef FE_VEC(uint8_t) u8_vec;

typedef struct finish_ctx {
    cstate         *cs;
    const uint32_t *alias, *num;
    uint32_t        n;
    bc_pcloc       *pl;
    u8_vec         *guardlike;
} finish_ctx;

/* Append the transitions leaving automaton location `from` as
 * transitions of location `src` (a copy edge makes src take the
 * transitions of its target too). */
static void emit_loc_trans(finish_ctx *fl, uint32_t src, uint32_t from,
                           int depth)
{
    cstate  *cs = fl->cs;
    size_t   e;
    uint32_t k;

    for (e = 0; e < cs->edges.n; e++) {
        edge    *ed = &cs->edges.v[e];
        bc_trans t;
        uint32_t to;
        if (ed->from != from)
            continue;
        if (ed->eps == 3) {
            if (depth < 8)
                emit_loc_trans(fl, src, resolve_loc(fl->alias, ed->to, fl->n),
                               depth + 1);
            continue;
        }
        if (ed->eps)
            continue;
        to = resolve_loc(fl->alias, ed->to, fl->n);
        t.code = ed->code;
        t.ncode = ed->ncode;
        t.proc = (uint32_t)cs->procs.n;
        t.src = (uint16_t)fl->num[src];
        t.dst = (uint16_t)fl->num[to];
        t.loc = ed->loc;
        t.text = ed->text;
        t.flags = ed->flags;
        /* keeps the CPU when it stays inside the sequence; a step back
         * to the sequence's own entry (an atomic body that is a do
         * option) leaves it, and SPIN stores the state there */
        if (ed->atomic && cs->latomic.v[to] == ed->atomic)
            t.flags |= BC_TR_ATOMIC;
        k = t.code + t.ncode - 1;           /* patch the final GOTO */
        if (cs->code.v[k].op == BC_GOTO)
            cs->code.v[k].b = (int32_t)t.dst;
        if (fl->pl->ntrans == 0)
            fl->pl->loc = t.loc;
        fl->pl->ntrans++;
        fe_push(&cs->trans, t);
        fe_push(fl->guardlike, (uint8_t)ed->guardlike);
    }
}

/* Resolve labels and jumps, number the locations, and append them and
 * their transitions to the program. */
static void finish_proc(cstate *cs, bc_proctype *pt, uint32_t start,
                        uint32_t final)
{
    uint32_t  n = (uint32_t)cs->lflags.n;
    uint32_t *alias = xmalloc(sizeof *alias * n);
    uint32_t *nreal = xcalloc(n, sizeof *nreal);
    uint32_t *neps = xcalloc(n, sizeof *neps);
    uint32_t *num = xmalloc(sizeof *num * n);
    uint32_t  i, j, nl = 0, first_tr;
    size_t    e;
    u8_vec    guardlike = { NULL, 0, 0 };
    finish_ctx fl;

    for (e = 0; e < cs->edges.n; e++) {
        edge *ed = &cs->edges.v[e];
        if (ed->label) {
            for (j = 0; j < cs->labels.n; j++)
                if (strcmp(cs->labels.v[j].name, ed->label) == 0)
                    break;
            if (j == cs->labels.n) {
                diag_error(cs->d, ed->pos, "goto '%s': no such label",
                           ed->label);
                ed->to = ed->from;
            } else {
                ed->to = cs->labels.v[j].loc;
            }
        }
        if (ed->eps == 1 && !ed->keep)
            neps[ed->from]++;
        else
            nreal[ed->from]++;
    }
    for (i = 0; i < cs->labels.n; i++)
        for (j = i + 1; j < cs->labels.n; j++)
            if (strcmp(cs->labels.v[i].name, cs->labels.v[j].name) == 0)
                diag_error(cs->d, cs->labels.v[j].pos, "label '%s' is "
                           "already defined", cs->labels.v[j].name);
    /* A location left only by one jump is that jump's target. */
    for (i = 0; i < n; i++)
        alias[i] = NOLOC;
    for (e = 0; e < cs->edges.n; e++) {
        edge *ed = &cs->edges.v[e];
        if (ed->eps == 1 && !ed->keep && nreal[ed->from] == 0
            && neps[ed->from] == 1 && ed->from != final) {
            alias[ed->from] = ed->to;
            ed->eps = 2;                        /* folded */
        }
    }
    for (i = 0; i < n; i++)                     /* jump cycles: keep one */
        if (alias[i] != NOLOC && resolve_loc(alias, i, n) != NOLOC
            && alias[resolve_loc(alias, i, n)] != NOLOC) {
            uint32_t r = resolve_loc(alias, i, n);
            for (e = 0; e < cs->edges.n; e++)
                if (cs->edges.v[e].eps == 2 && cs->edges.v[e].from == r)
                    cs->edges.v[e].eps = 1;
            alias[r] = NOLOC;
        }
    /* SPIN refuses a goto or break to the first statement of a d_step
     * (but not to an if or do whose option starts with one). */
    for (e = 0; e < cs->edges.n; e++) {
        const edge *ed = &cs->edges.v[e];
        uint32_t    r;
        if (!ed->jump)
            continue;
        r = resolve_loc(alias, ed->to, n);
        for (j = 0; j < cs->dstep_entries.n; j++)
            if (resolve_loc(alias, cs->dstep_entries.v[j], n) == r) {
                diag_error(cs->d, ed->pos, "jump into a d_step sequence "
                           "(SPIN rejects it too)");
                break;
            }
    }
    /* Jumps that remain are transitions of their own ("goto"). */
    for (e = 0; e < cs->edges.n; e++) {
        edge *ed = &cs->edges.v[e];
        if (ed->eps == 1) {
            ed->code = HERE;
            emit(cs, BC_GOTO, 0, 0, 0, 0);
            ed->ncode = 1;
            ed->eps = 0;
        }
    }
    /* Label flags. */
    for (i = 0; i < cs->labels.n; i++) {
        uint32_t l = resolve_loc(alias, cs->labels.v[i].loc, n);
        const char *nm = cs->labels.v[i].name;
        if (starts_with(nm, "end"))
            cs->lflags.v[l] |= BC_L_END;
        if (starts_with(nm, "progress"))
            cs->lflags.v[l] |= BC_L_PROGRESS;
        if (starts_with(nm, "accept"))
            cs->lflags.v[l] |= BC_L_ACCEPT;
    }
    cs->lflags.v[final] |= BC_L_END | BC_L_FINAL;
    /* Number the surviving locations. */
    for (i = 0; i < n; i++)
        num[i] = alias[i] == NOLOC ? nl++ : NOLOC;
    if (nl > 65535)
        diag_error(cs->d, cs->proc_pos, "proctype '%s' has %u control "
                   "locations, more than spore's limit of 65535",
                   pt->name, nl);
    pt->loc0 = (uint32_t)cs->pclocs.n;
    pt->nlocs = nl;
    first_tr = (uint32_t)cs->trans.n;
    pt->start = num[resolve_loc(alias, start, n)];
    for (i = 0; i < n; i++) {
        bc_pcloc pl;
        if (num[i] == NOLOC)
            continue;
        pl.first = (uint32_t)cs->trans.n;
        pl.ntrans = 0;
        pl.flags = cs->lflags.v[i] | (cs->latomic.v[i] ? BC_L_ATOMIC : 0);
        pl.loc = 0;
        fl.cs = cs;
        fl.alias = alias;
        fl.num = num;
        fl.n = n;
        fl.pl = &pl;
        fl.guardlike = &guardlike;
        emit_loc_trans(&fl, i, i, 0);
        fe_push(&cs->pclocs, pl);
    }
    if (cs->fo == NULL || !cs->fo->keep_all)
        dead_var_reset(cs, first_tr, pt->loc0, guardlike.v);
    free(guardlike.v);
    free(alias);
    free(nreal);
    free(neps);
    free(num);
}

static void emit_store_at(cstate *cs, int global, unsigned type, uint32_t o)
{
    emit(cs, global ? BC_STOREG : BC_STOREL, type, 0, (int32_t)o, 0);
}

/* The default values of the fields of a structure at off. */
static void emit_struct_defaults(cstate *cs, int global, const fe_type *t,
                                 uint32_t off)
{
    uint32_t i, k;

    for (i = 0; i < t->nfields; i++) {
        const fe_field *f = &t->fields[i];
        uint32_t        n = f->count ? f->count : 1;
        for (k = 0; k < n; k++) {
            uint32_t o = off + f->offset + k * f->type->size;
            if (f->type->is_struct) {
                emit_struct_defaults(cs, global, f->type, o);
            } else if (f->init) {
                cexpr(cs, f->init);
                emit_store_at(cs, global, f->type->bctype, o);
            }
        }
    }
}

/* Code that initialises one declared variable (every element of an
 * array gets the initial value, as in SPIN). */
static void emit_var_init(cstate *cs, const fe_sym *s, const ast_var *v)
{
    const fe_type *t = s->type;
    uint32_t       n = s->count ? s->count : 1, e, ct = 0;
    int            global = s->kind == FE_SYM_GLOBAL;

    const ast_expr *item = v->init_is_list ? v->init : NULL;

    if (v->has_chan_init && s->chantype) {
        const bc_chantype *c;
        ct = s->chantype - 1;
        c = &cs->chantypes.v[ct];
        cs->init_chans += n;
        cs->init_bytes += (uint64_t)n * (BC_CHAN_HDR + (c->cap ? c->cap : 1)
                               * c->msg_size);
        if (global && cs->over_pos.line == 0
            && (cs->init_chans > BC_MAX_CHANS || BC_HDR_SIZE + cs->gsize
                + cs->init_bytes > BC_MAX_VECTOR))
            cs->over_pos = v->pos;      /* where the globals overflow */
    }
    for (e = 0; e < n; e++) {
        uint32_t o = s->offset + e * t->size;
        if (t->is_struct) {
            emit_struct_defaults(cs, global, t, o);
            continue;
        }
        if (v->has_chan_init) {
            if (!s->chantype)
                continue;
            emit(cs, BC_CNEW, 0, ct, 0, 0);
        } else if (v->init_is_list) {       /* `= { a, b, c }` */
            if (!item)
                continue;
            cexpr(cs, item);
            item = item->next;
        } else if (v->init) {
            cexpr(cs, v->init);
        } else {
            continue;
        }
        emit_store_at(cs, global, t->bctype, o);
    }
}

/* The initialisers of inits, each seeing only the names declared
 * before its declaration; counts the channels they create in
 * cs->init_chans and cs->init_bytes. */
static void emit_inits(cstate *cs, const init_vec *inits, int local)
{
    fe_scope *scope = local ? &cs->locals : &cs->globals;
    fe_sym   *save = scope->syms;
    size_t    i;

    cs->init_chans = cs->init_bytes = 0;
    for (i = 0; i < inits->n; i++) {
        scope->syms = inits->v[i].scope;
        emit_var_init(cs, inits->v[i].sym, inits->v[i].var);
    }
    scope->syms = save;
}

static void lower_proc(cstate *cs, uint32_t index)
{
    const ast_decl *dcl = cs->proclist.v[index].decl;
    const ast_decl *pd;
    bc_proctype     pt;
    uint32_t        start, final, dstart;
    uint32_t        nparam = 0;
    diag_pos        endpos = dcl->pos;

    memset(&pt, 0, sizeof pt);
    pt.name = dcl->u.proc.name;
    pt.is_init = dcl->u.proc.is_init;
    cs->in_proc = 1;
    cs->locals.syms = NULL;
    cs->fsize = 0;
    cs->lvars.n = cs->linits.n = cs->edges.n = cs->lflags.n = 0;
    cs->latomic.n = cs->labels.n = 0;
    cs->natomic = 0;
    cs->dstep_entries.n = 0;
    cs->break_to = NOLOC;
    cs->atomic_ctx = 0;
    cs->body_started = 0;
    cs->in_dstep = 0;
    cs->proc_rank = cs->proclist.v[index].rank;
    cs->proc_pos = dcl->pos;
    for (pd = dcl->u.proc.params; pd; pd = pd->next) {
        const ast_var *v;
        if (pd->u.var.type.base == AST_T_NAMED)
            diag_error(cs->d, pd->pos, "structure parameters are not "
                       "supported");
        for (v = pd->u.var.vars; v; v = v->next)
            if (v->size || v->init)
                diag_error(cs->d, v->pos, "a parameter cannot be an array "
                           "or have an initial value");
        declare_vars(cs, pd, 1, 1);
        for (v = pd->u.var.vars; v; v = v->next) {
            fe_sym *y = fe_scope_find(&cs->locals, v->name);
            if (y != NULL && y->decl == v)  /* run's argument k goes here */
                y->slot = cs->proclist.v[index].pslot0 + nparam + 1;
            nparam++;
        }
    }
    pt.nparams = (uint32_t)cs->lvars.n;
    start = new_loc(cs);
    final = new_loc(cs);
    lower_seq_ex(cs, dcl->u.proc.body, start, final, 0);
    dstart = begin_trans(cs, endpos);
    emit(cs, BC_DIE, 0, 0, 0, 0);
    {
        edge e;
        memset(&e, 0, sizeof e);
        e.from = e.to = final;
        e.code = dstart;
        e.ncode = 1;
        e.text = add_string(cs, "-end-");
        e.flags = BC_TR_DIE;
        e.loc = cs->cur_loc;
        fe_push(&cs->edges, e);
    }
    finish_proc(cs, &pt, start, final);
    pt.init_code = HERE;
    emit_inits(cs, &cs->linits, 1);
    cs->proclist.v[index].init_chans = cs->init_chans;
    cs->proclist.v[index].init_bytes = cs->init_bytes;
    emit(cs, BC_RET, 0, 0, 0, 0);
    pt.frame_size = cs->fsize;
    pt.nvars = (uint32_t)cs->lvars.n;
    if (pt.nvars) {
        bc_var *vars = arena_alloc(cs->mem, sizeof *vars * pt.nvars);
        memcpy(vars, cs->lvars.v, sizeof *vars * pt.nvars);
        pt.vars = vars;
        pt.params = vars;
    }
    cs->in_proc = 0;
    fe_push(&cs->procs, pt);
}

/* ----------------------------------------------------------- program */

static uint32_t count_params(const ast_decl *dcl)
{
    const ast_decl *pd;
    const ast_var  *v;
    uint32_t        n = 0;

    for (pd = dcl->u.proc.params; pd; pd = pd->next)
        for (v = pd->u.var.vars; v; v = v->next)
            n++;
    return n;
}

static void register_decls(cstate *cs)
{
    ast_decl *dcl;
    proc_ent  pe;
    size_t    i;

    for (dcl = cs->lp->decls; dcl; dcl = dcl->next) {
        cs->decl_rank++;
        switch (dcl->kind) {
        case AST_D_MTYPE:
            declare_mtypes(cs, dcl);
            break;
        case AST_D_TYPEDEF:
            declare_typedef(cs, dcl);
            break;
        case AST_D_VAR:
            declare_vars(cs, dcl, 0, 0);
            break;
        case AST_D_INLINE:
            if (find_inline(cs, dcl->u.inl.name))
                diag_error(cs->d, dcl->pos, "inline '%s' is already "
                           "declared", dcl->u.inl.name);
            fe_push(&cs->inlines, dcl);
            break;
        case AST_D_PROC:
            if (find_proc(cs, dcl->u.proc.name) != NOLOC)
                diag_error(cs->d, dcl->pos, "proctype '%s' is already "
                           "declared", dcl->u.proc.name);
            if (cs->proclist.n == FE_MAX_PROCTYPES)
                diag_error(cs->d, dcl->pos, "more than %u proctypes (init "
                           "included): a limit of spore",
                           FE_MAX_PROCTYPES);
            memset(&pe, 0, sizeof pe);
            pe.decl = dcl;
            pe.nparams = count_params(dcl);
            pe.rank = cs->decl_rank;
            pe.pslot0 = (uint32_t)cs->cslots.n;
            for (i = 0; i < pe.nparams; i++)
                new_slot(cs);
            fe_push(&cs->proclist, pe);
            break;
        }
    }
    /* SPIN: a proctype and a global variable cannot share a name */
    for (i = 0; i < cs->proclist.n; i++) {
        const ast_decl *pd = cs->proclist.v[i].decl;
        const fe_sym   *g = fe_scope_find(&cs->globals, pd->u.proc.name);
        if (g != NULL && !pd->u.proc.is_init)
            diag_error(cs->d, pd->pos, "'%s' is both a proctype and %s",
                       pd->u.proc.name, g->kind == FE_SYM_MTYPE
                       ? "an mtype name" : "a global variable");
    }
}

/* The initial state: globals, global channels, then the active processes
 * and init in declaration order (as SPIN numbers them). */
static void emit_program_init(cstate *cs, bc_program *p)
{
    size_t   i;
    uint32_t total = 0;
    uint64_t nchans, bytes;
    int      bad = 0;

    p->init_code = HERE;
    emit_inits(cs, &cs->ginits, 0);
    /* The initial state must fit spore's vector: what the globals, their
     * channels, the active processes and their channels take. */
    nchans = cs->init_chans;
    bytes = BC_HDR_SIZE + (uint64_t)cs->gsize + cs->init_bytes;
    if (cs->gsize > FE_MAX_GLOBALS) {
        bad = 1;                        /* reported (declare_vars) */
    } else if (nchans > BC_MAX_CHANS || bytes > BC_MAX_VECTOR) {
        diag_error(cs->d, cs->over_pos,
                   nchans > BC_MAX_CHANS ? "%" PRIu64 " global channels, "
                   "more than the limit of %u" : "the globals and their "
                   "channels take %" PRIu64 " bytes, more than spore's "
                   "limit of %u for a state", nchans > BC_MAX_CHANS
                   ? nchans : bytes, nchans > BC_MAX_CHANS ? BC_MAX_CHANS
                   : BC_MAX_VECTOR);
        bad = 1;
    }
    for (i = 0; i < cs->proclist.n; i++) {
        const ast_decl *dcl = cs->proclist.v[i].decl;
        const proc_ent *pe = &cs->proclist.v[i];
        int64_t         k = 0, j;
        if (dcl->u.proc.is_init)
            k = 1;
        else if (dcl->u.proc.is_active)
            k = dcl->u.proc.active_count
                ? const_expr(cs, dcl->u.proc.active_count, "active [N]") : 1;
        /* SPIN starts active processes with zero parameters */
        if (k < 0) {
            diag_error(cs->d, dcl->pos, "active [%" PRId64 "]: a negative "
                       "number of processes", k);
            k = 0;
            bad = 1;
        } else if (total + k > BC_MAX_PROCS) {
            diag_error(cs->d, dcl->pos, "too many active processes: %"
                       PRId64 " in all, more than the limit of %u",
                       total + k, BC_MAX_PROCS);
            k = 0;
            bad = 1;
        }
        nchans += (uint64_t)k * pe->init_chans;
        bytes += (uint64_t)k * (BC_PROC_HDR + cs->procs.v[i].frame_size
                                + pe->init_bytes);
        if (!bad && (nchans > BC_MAX_CHANS || bytes > BC_MAX_VECTOR)) {
            diag_error(cs->d, dcl->pos, nchans > BC_MAX_CHANS
                       ? "with the processes of '%s', the initial state "
                       "has %" PRIu64 " channels, more than the limit of %u"
                       : "with the processes of '%s', the initial state "
                       "takes %" PRIu64 " bytes, more than spore's limit "
                       "of %u for a state", dcl->u.proc.name,
                       nchans > BC_MAX_CHANS ? nchans : bytes,
                       nchans > BC_MAX_CHANS ? BC_MAX_CHANS
                       : BC_MAX_VECTOR);
            bad = 1;
        }
        for (j = 0; j < k; j++, total++) {
            uint32_t a;
            for (a = 0; a < cs->proclist.v[i].nparams; a++)
                emit(cs, BC_PUSHK, 0, 0, 0, 0);
            emit(cs, BC_RUN, 0, (uint32_t)i, (int32_t)cs->proclist.v[i].nparams,
                 (int32_t)add_loc(cs, dcl->pos));
            emit(cs, BC_POP, 0, 0, 0, 0);
        }
    }
    if (total == 0 && !bad && cs->proclist.n > 0)
        diag_error(cs->d, cs->proclist.v[0].decl->pos, "no process to "
                   "run: the model has no init and no active proctype "
                   "with at least one instance (SPIN: no runable "
                   "process)");
    emit(cs, BC_RET, 0, 0, 0, 0);
}

/* SPIN leaves out of the state a global that no expression reads (its
 * own x++ and printf arguments do not count; being the target of a
 * receive does): assignments to it have no effect that anyone
 * can see, and keeping it would split states.  Channels and structures
 * are kept.  The variable keeps its initial value (the initialisation
 * code from init_start on is left alone). */
static void drop_unread_globals(cstate *cs, uint32_t init_start)
{
    const fe_sym *y;
    size_t        i;

    if (cs->fo != NULL && cs->fo->keep_all)
        return;
    for (y = cs->globals.syms; y; y = y->next) {
        uint32_t lo = y->offset, hi = y->offset + fe_sym_size(y);
        int      read = 0;
        if (y->kind != FE_SYM_GLOBAL || y->type->is_struct
            || (y->type->vflags & BC_V_CHAN))
            continue;
        /* observed from outside (fe_options.keep: --outcomes) */
        for (i = 0; cs->fo != NULL && i < cs->fo->nkeep && !read; i++)
            read = strcmp(cs->fo->keep[i], y->name) == 0;
        for (i = 0; i < cs->code.n && !read; i++) {
            const bc_insn *in = &cs->code.v[i];
            uint32_t       a, b;
            if (in->t & FE_T_NOUSE)
                continue;
            /* a receive into the variable counts as a use (SPIN keeps
             * such a variable) */
            if (in->op == BC_LOADG || (in->op == BC_STOREG && i > 0
                                       && in[-1].op == BC_RFIELD)) {
                a = (uint32_t)in->b;
                b = a + bc_type_size(in->t);
            } else if (in->op == BC_LOADGX || (in->op == BC_STOREGX && i > 0
                                               && in[-1].op == BC_RFIELD)) {
                a = (uint32_t)in->b - in->a;
                b = a + (uint32_t)in->c;
            } else {
                continue;
            }
            read = a < hi && lo < b;
        }
        if (read)
            continue;
        for (i = 0; i < cs->code.n; i++) {
            bc_insn *in = &cs->code.v[i];
            if (in->op == BC_STOREG && (uint32_t)in->b >= lo
                && (uint32_t)in->b < hi && i < init_start)
                *in = (bc_insn){ BC_POP, 0, 0, 0, 0 };
            else if (in->op == BC_STOREGX && (uint32_t)in->b - in->a == lo
                     && i < init_start)
                *in = (bc_insn){ BC_POP2, 0, 0, 0, 0 };
        }
    }
    for (i = 0; i < cs->code.n; i++)
        cs->code.v[i].t &= (uint8_t)~FE_T_NOUSE;
}

#define TAKE(dst, cnt, vec) do {                                \
        (dst) = (vec).v; (cnt) = (uint32_t)(vec).n;             \
        (vec).v = NULL; (vec).n = (vec).cap = 0;                \
    } while (0)

static void cstate_fini(cstate *cs)
{
    free(cs->code.v); free(cs->locs.v); free(cs->strings.v);
    free(cs->files.v); free(cs->file_map.v); free(cs->gvars.v);
    free(cs->chantypes.v); free(cs->procs.v); free(cs->pclocs.v);
    free(cs->trans.v); free(cs->typedefs.v); free(cs->inlines.v);
    free(cs->proclist.v); free(cs->mtypes.v); free(cs->ginits.v);
    free(cs->lvars.v); free(cs->linits.v); free(cs->edges.v);
    free(cs->lflags.v); free(cs->latomic.v);
    free(cs->labels.v); free(cs->substs.v); free(cs->dbreaks.v);
    free(cs->dlabels.v); free(cs->dfixes.v);
    free(cs->dstep_entries.v);
    free(cs->ct_fslot0.v); free(cs->cslots.v); free(cs->cflows.v);
    free(cs->chuses.v);
}

bc_program *fe_compile(const lang_program *lp, const char *model_name,
                       diag *d)
{
    return fe_compile_opts(lp, model_name, NULL, d);
}

bc_program *fe_compile_opts(const lang_program *lp, const char *model_name,
                            const fe_options *fo, diag *d)
{
    cstate      cs;
    bc_program *p;
    size_t      i;

    memset(&cs, 0, sizeof cs);
    cs.d = d;
    cs.fo = fo;
    cs.lp = lp;
    cs.mem = arena_new();
    p = xcalloc(1, sizeof *p);
    p->mem = cs.mem;
    p->model_name = arena_strdup(cs.mem, model_name);
    p->model_hash = XXH3_64bits(lp->text ? lp->text : "", lp->text_len);
    fe_push(&cs.locs, ((bc_srcloc){0, 0, 0}));
    file_index(&cs, 0);
    register_decls(&cs);
    if (cs.proclist.n == 0)
        diag_error(d, NOPOS, "the model has no proctype and "
                   "no init");
    for (i = 0; i < cs.proclist.n; i++)
        lower_proc(&cs, (uint32_t)i);
    emit_program_init(&cs, p);
    drop_unread_globals(&cs, p->init_code);
    if (diag_count(d) == 0)         /* its facts need sound declarations */
        chan_flow_check(&cs);
    if (diag_count(d) > 0) {
        cstate_fini(&cs);
        p->mem = NULL;
        arena_free(cs.mem);
        free(p);
        return NULL;
    }
    if (cs.mtypes.n == 0)
        fe_push(&cs.mtypes, "");
    TAKE(p->code, p->ncode, cs.code);
    TAKE(p->trans, p->ntrans, cs.trans);
    TAKE(p->pclocs, p->npclocs, cs.pclocs);
    TAKE(p->procs, p->nprocs, cs.procs);
    TAKE(p->chantypes, p->nchantypes, cs.chantypes);
    TAKE(p->globals, p->nglobals, cs.gvars);
    TAKE(p->strings, p->nstrings, cs.strings);
    TAKE(p->locs, p->nlocs, cs.locs);
    TAKE(p->files, p->nfiles, cs.files);
    TAKE(p->mtypes, p->nmtypes, cs.mtypes);
    p->globals_size = cs.gsize;
    cstate_fini(&cs);
    fe_compute_deps(p);
    return p;
}
