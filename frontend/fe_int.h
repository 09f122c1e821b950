/*
 * frontend/fe_int.h -- shared by the front end's files only.
 *
 * Types, symbols and scopes (symtab.c) and the compiler state that
 * the lowering (lower.c and its stage files) threads through its
 * functions.  Nothing here is visible to the
 * engine: the only product of the front end is the bc_program.
 */
#ifndef SPORE_FRONTEND_FE_INT_H
#define SPORE_FRONTEND_FE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model/bc.h"
#include "frontend/fe.h"
#include "lang/ast.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* ---------------------------------------------------------------- types */

typedef struct fe_field fe_field;

typedef struct fe_type {
    int            is_struct;   /* 0: a scalar of bctype */
    uint8_t        bctype;      /* bc_type of a scalar */
    uint8_t        vflags;      /* BC_V_MTYPE / BC_V_CHAN */
    uint32_t       size;        /* bytes */
    const char    *name;        /* typedef name, or the base type's */
    fe_field      *fields;      /* struct: its fields */
    uint32_t       nfields;
    uint8_t        bits;        /* `unsigned x : bits` (1..31): a store
                                   keeps the low bits only; 0: none */
} fe_type;

struct fe_field {
    const char    *name;
    const fe_type *type;
    uint32_t       offset;      /* within the struct */
    uint32_t       count;       /* array length; 0: not an array */
    const ast_expr *init;       /* default value, or NULL */
};

/* -------------------------------------------------------------- symbols */

typedef enum fe_sym_kind {
    FE_SYM_GLOBAL,
    FE_SYM_LOCAL,
    FE_SYM_MTYPE                /* an mtype constant: value */
} fe_sym_kind;

typedef struct fe_sym {
    const char    *name;
    fe_sym_kind    kind;
    const fe_type *type;        /* element type */
    uint32_t       count;       /* array length; 0: scalar */
    uint32_t       offset;      /* in G or in the frame */
    int32_t        value;       /* FE_SYM_MTYPE */
    const ast_var *decl;        /* the declaration (locals: reuse check) */
    diag_pos       pos;
    int            is_param;
    uint32_t       chantype;    /* declared `= [N] of {...}`: its
                                   chantype + 1; 0: not */
    uint32_t       slot;        /* a chan (or parameter): its slot in
                                   lower.c's channel-type flow + 1 */
    uint32_t       rank;        /* globals: rank of the top-level
                                   declaration among the model's */
    struct fe_sym *next;        /* in its scope's list */
    /* set by fe_scope_add: */
    uint32_t       seq;         /* 1, 2, ... in the order added */
    struct fe_sym *shadow;      /* the symbol of the same name added
                                   before it to the scope, or NULL */
    int            gone;        /* declared in a block that is closed:
                                   no longer visible (fe_scope_close) */
} fe_sym;

/* A scope: a list of symbols, newest first, and a hash index on their
 * names.  syms is the head of the visible list: code may set it for a
 * while to an older symbol of the list (or NULL) so that only the
 * symbols added up to that one are seen (a declaration's initial value
 * sees only the names declared before it), and must put it back before
 * adding.  Zero-initialised is empty. */
typedef struct fe_scope {
    fe_sym  *syms;
    fe_sym **tab;               /* per name, its newest symbol */
    size_t   cap, n;            /* tab slots (a power of two), names */
    uint32_t nadded;
} fe_scope;

/* The visible symbol called name (the newest if several are), or NULL.
 * Time: constant on average. */
fe_sym *fe_scope_find(const fe_scope *s, const char *name);
/* Add y (borrowed; must outlive the scope's use) in front of the list:
 * sets y->next, y->seq, y->shadow.  s->syms must be the newest symbol. */
void    fe_scope_add(fe_scope *s, fe_sym *y);
/* Close a block: every symbol added after the first `mark` ones
 * (s->nadded when the block opened) becomes invisible for good. */
void    fe_scope_close(fe_scope *s, uint32_t mark);
/* Forget every symbol (the scope stays usable). */
void    fe_scope_clear(fe_scope *s);
/* Free the index (the symbols belong to the caller). */
void    fe_scope_fini(fe_scope *s);

/* Total bytes of a symbol (count elements, or one). */
static inline uint32_t fe_sym_size(const fe_sym *s)
{
    return s->type->size * (s->count ? s->count : 1);
}

/* Scalar types, shared by every compilation. */
extern const fe_type fe_type_bit, fe_type_bool, fe_type_byte,
    fe_type_short, fe_type_int, fe_type_pid, fe_type_mtype, fe_type_chan;

/* ------------------------------------------------------------ growing */

/* A growable array of T: FE_VEC(T) name; fe_push(&name, value). */
#define FE_VEC(T) struct { T *v; size_t n, cap; }
#define fe_push(vec, x) do {                                             \
        xgrow((void **)&(vec)->v, &(vec)->cap, (vec)->n + 1,              \
              sizeof *(vec)->v);                                          \
        (vec)->v[(vec)->n++] = (x);                                       \
    } while (0)

/* ------------------------------------------------- the lowering's state */

/* What the files of the lowering share (lower.c and the stage files it
 * names): the compiler state cstate, threaded through every function,
 * and the functions one stage calls in another. */

#define NOLOC UINT32_MAX

/* While compiling, a load whose value is not a "use" in SPIN's sense
 * (the load of x in x++, the arguments of printf) carries this bit in its
 * type operand; drop_unread_globals() reads it and clears it. */
#define FE_T_NOUSE 0x80

#define NOPOS ((diag_pos){ 0, 0, 0 })
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
    uint32_t    esc;            /* the innermost unless whose main holds
                                   this edge: index + 1 into cstate.escs;
                                   0: none (automaton.c, lower_unless) */
} edge;

/* An unless of the proctype being lowered (automaton.c, finish.c): the
 * location its escape starts from (its transitions are copied, with
 * priority, to every location of the main part) and the unless around
 * this one. */
typedef struct fe_escape {
    uint32_t entry;             /* automaton location */
    uint32_t parent;            /* index + 1 into cstate.escs; 0: none */
    uint32_t atomic;            /* the atomic context of the unless */
} fe_escape;

typedef struct label {
    const char *name;
    uint32_t    loc;            /* automaton location */
    diag_pos    pos;
} label;

/* Remote references (frontend/remote.c). */
typedef struct rr_label {       /* a label of a lowered proctype */
    uint32_t    proc;           /* its index in procs */
    const char *name;
    uint32_t    pc;             /* its location, numbered */
} rr_label;

typedef struct rr_fix {         /* a reference to patch once every
                                   proctype is lowered */
    uint32_t        proc;       /* the proctype referred to */
    uint32_t        insn;       /* RPC (label) or RLOAD (variable) */
    uint32_t        index;      /* INDEX of proc[pid]:v[i], or NOLOC */
    const ast_expr *e;          /* the AST_E_REMOTE */
} rr_fix;

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

typedef struct mtype_set {      /* a named set of `mtype:name` */
    const char  *name;
    uint32_t     n;             /* names declared so far: 1 .. n */
    fe_type     *type;          /* the type of its variables */
    const char **names;         /* names[v]: the name of value v, 1 .. n
                                   (malloc'd; NULL for a clash) */
} mtype_set;

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
#define FE_MAX_CHANTYPES BC_MAX_CHANTYPES /* the vector's tag byte: 0x80 |
                                           chantype (engine/model/bc.h) */
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
    int             poll;       /* 1: a copy receive, 2: a poll (an
                                   error on a rendezvous channel) */
} chuse;

typedef struct xclaim_note {   /* an xr / xs of the proctype lowered */
    const ast_expr *chan;
    uint32_t        mode;       /* 1 xr, 2 xs */
    fe_sym         *scope;      /* the local scope where it stands */
    diag_pos        pos;
} xclaim_note;

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
    FE_VEC(mtype_set)   msets;          /* the named sets, mtype:name */
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
    FE_VEC(fe_escape)   escs;           /* the unless statements */
    uint32_t            cur_esc;        /* innermost unless being lowered
                                           (index + 1 into escs), 0: none */
    FE_VEC(subst)       substs;
    uint32_t            break_to;       /* NOLOC outside do */
    uint32_t            atomic_ctx;     /* 0 outside atomic */
    int                 inline_depth;
    int                 block_depth;    /* open scoping blocks ({ },
                                           atomic, d_step, inline and
                                           for bodies; fe_block_open) */
    const ast_decl     *inline_stack[MAX_INLINE_DEPTH]; /* the inlines
                                           being expanded, outermost
                                           first: [0, inline_depth) */
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
    FE_VEC(dlabel)      inner_labels;   /* every label inside a d_step of
                                           the proctype (.at unused): a
                                           goto from outside names why */
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
    int                 fatal;          /* a limit was passed that makes
                                           going on pointless (and
                                           slow): lowering stops */

    /* channel-type flow; static limits */
    FE_VEC(uint32_t)    ct_fslot0;      /* per chantype: the slot of its
                                           first message field */
    FE_VEC(chset)       cslots;
    FE_VEC(cflow)       cflows;
    FE_VEC(chuse)       chuses;
    FE_VEC(xclaim_note) xclaims;        /* xr / xs of this proctype */
    int                 has_xclaims;    /* the model has xr or xs: every
                                           send and receive checks them */
    uint32_t            init_chans;     /* channels created by the init
                                           code being emitted ... */
    uint64_t            init_bytes;     /* ... and their vector bytes */
    diag_pos            over_pos;       /* the global channel that takes
                                           the initial state over a
                                           limit */

    /* the proctype's `provided (e)' clause, or NULL: every transition
     * of the proctype starts with e's guard (fe_begin_trans) */
    const ast_expr     *prov;
    /* process priorities used (lang_program.uses_priority): every
     * process has `_priority' at frame offset 0, and every step reads
     * and writes the global byte prio_tok (fe_emit_provided) */
    int                 prio;
    uint32_t            prio_tok;

    /* the never claim (frontend/claim.c) */
    int                 in_claim;       /* lowering the claim */
    lang_program       *claim_lp;       /* the parsed claim of an ltl
                                           block; owned, fe_claim_fini */
    const char         *claim_name;     /* the ltl block's name, "" when
                                           it has none; NULL: no ltl */
    int                 claim_ltl;      /* the claim is an ltl block's */
    uint32_t            claim_next;     /* location id + 1 of its first
                                           X (next), 0: none */

    /* remote references (frontend/remote.c) */
    uint8_t            *rr_observed;    /* per proctype: some reference
                                           names it (NULL: none does) */
    uint8_t            *rr_varobs;      /* per proctype: some reference
                                           reads one of its variables */
    int                 rr_vars;        /* some reference reads a
                                           variable: no dead-variable
                                           reset (pan's REM_VARS) */
    uint32_t            rr_off;         /* the bytes RMARK and RTOUCH
                                           name, in G */
    int                 rr_touch;       /* the proctype being lowered is
                                           observed: its steps RTOUCH */
    FE_VEC(rr_label)    rr_labels;
    FE_VEC(rr_label)    rr_named;       /* the labels references name
                                           (.pc unused) */
    FE_VEC(rr_fix)      rr_fixes;
} cstate;

/* The index of the next instruction to emit. */
#define HERE ((uint32_t)cs->code.n)

/* A growing string (fe_sb_add). */
typedef struct sbuf {
    char  *s;
    size_t n, cap;
} sbuf;

/* An entry of a sorted index of names (fe_name_index): element k of the
 * indexed array is called name.  Sorted by name, then k. */
typedef struct name_ix {
    const char *name;
    uint32_t    k;
} name_ix;

/* ----------------------------------------- functions shared by stages */

/* frontend/codegen.c.  fe_emit appends one instruction and returns its
 * index; fe_add_string / fe_add_loc / fe_file_index intern a string, a
 * source position, a file and return its id; fe_cexpr emits the code
 * that pushes e's value; fe_cbasic the code of a one-transition
 * statement; fe_find_proc gives a proctype's index or NOLOC.  Strings
 * returned by fe_pfx_strdup live in the program's arena. */
int fe_starts_with(const char *s, const char *p);
const char *fe_pfx_strdup(cstate *cs, const char *s);
uint32_t fe_add_string(cstate *cs, const char *s);
uint32_t fe_file_index(cstate *cs, uint32_t fid);
uint32_t fe_add_loc(cstate *cs, diag_pos pos);
uint32_t fe_emit(cstate *cs, bc_opcode op, unsigned t, unsigned a,
                 int32_t b, int32_t c);
uint32_t fe_find_proc(cstate *cs, const char *name);
void fe_cexpr(cstate *cs, const ast_expr *e);
void fe_cbasic(cstate *cs, const ast_stmt *s);

/* frontend/text.c.  fe_stmt_text returns the string id of s as SPIN
 * prints it; fe_expr_text and fe_sb_add append to b (b->s malloc'd,
 * the caller frees it). */
void fe_sb_add(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void fe_expr_text(sbuf *b, const ast_expr *e);
uint32_t fe_stmt_text(cstate *cs, const ast_stmt *s);

/* frontend/names.c.  fe_lookup finds a name (locals first, in a
 * proctype) or returns NULL; fe_resolve_subst replaces an inline
 * parameter by its argument (fe_resolve_quiet: without errors);
 * fe_const_value folds e into *out and returns 1 when e is constant;
 * fe_const_expr the same, reporting an error naming `what` when not;
 * fe_declare_* register declarations, reporting SPIN's errors;
 * fe_name_index sorts the names at base + k * stride + off (the caller
 * frees the result) and fe_name_index_find returns the lowest k called
 * name, or NOLOC. */
fe_sym *fe_lookup(cstate *cs, const char *name);
const ast_expr *fe_resolve_subst(cstate *cs, const ast_expr *e);
const ast_expr *fe_resolve_quiet(cstate *cs, const ast_expr *e);
/* The argument e of an inline call as its body sees it: a copy (in the
 * arena) where the caller's inline parameters are replaced by their
 * arguments and every name is marked bound, so that no parameter of the
 * inline called captures it (SPIN substitutes the argument's text: with
 * `inline signal(s) { s++ }`, signal(s[i]) increments the global s[i]). */
ast_expr *fe_bind_arg(cstate *cs, const ast_expr *e);
int fe_const_value(cstate *cs, const ast_expr *e, int64_t *out);
int64_t fe_const_expr(cstate *cs, const ast_expr *e, const char *what);
const fe_type *fe_resolve_type(cstate *cs, const ast_type *t);
/* The type of variable v of a declaration of type t: t, or for
 * `unsigned v : bits` an unsigned type of that width. */
const fe_type *fe_var_type(cstate *cs, const fe_type *t, const ast_var *v);
/* Emit the mask that keeps the low t->bits bits of the value on top of
 * the stack, when t is an unsigned bit field (before its store). */
void fe_mask_bits(cstate *cs, const fe_type *t);
/* The named mtype set called name, made (empty) when new;
 * fe_mtype_set_of the set whose variables have type t, or NULL. */
mtype_set *fe_mtype_set(cstate *cs, const char *name);
const mtype_set *fe_mtype_set_of(const cstate *cs, const fe_type *t);
void fe_declare_typedef(cstate *cs, const ast_decl *dcl);
void fe_declare_mtypes(cstate *cs, const ast_decl *dcl);
void fe_check_assigned(cstate *cs, const fe_sym *lhs, const ast_expr *e);
void fe_declare_vars(cstate *cs, const ast_decl *dcl, int local,
                     int is_param);
name_ix *fe_name_index(const void *base, size_t n, size_t stride,
                       size_t off);
/* SPIN 6.4+: a { } block, atomic, d_step, the body of an inline call
 * and of a for open a scope: what is declared in it is invisible after
 * it, so the name can be declared again (a new variable).
 * fe_block_open returns the mark fe_block_close takes. */
uint32_t fe_block_open(cstate *cs);
void fe_block_close(cstate *cs, uint32_t mark);
uint32_t fe_name_index_find(const name_ix *ix, size_t n,
                            const char *name);

/* frontend/chanflow.c.  Facts of the channel-type flow are recorded
 * while lowering (fe_add_flow, fe_flow_into, fe_chan_use; slots from
 * fe_new_slot, fe_chan_slot, fe_chan_src) and checked at the end by
 * fe_chan_flow_check, which reports the errors it finds. */
int fe_is_chan_sym(const fe_sym *y);
uint32_t fe_new_slot(cstate *cs);
void fe_add_flow(cstate *cs, cflow_kind k, uint32_t a, uint32_t b,
                 uint32_t c);
uint32_t fe_chan_slot(cstate *cs, const ast_expr *e);
uint32_t fe_chan_src(cstate *cs, const ast_expr *e);
void fe_flow_into(cstate *cs, uint32_t dst, const ast_expr *e);
uint32_t fe_intern_chantype(cstate *cs, const ast_var *v);
void fe_chan_flow_check(cstate *cs);
void fe_chan_use(cstate *cs, const ast_stmt *s, int send, uint32_t nargs);
/* Record the xr / xs statement s of the proctype being lowered (its
 * claims are made by the process's creation code). */
void fe_xclaim_note(cstate *cs, const ast_stmt *s);
/* A poll c?[args] or c??[args] (e) of nargs fields: checked as a
 * receive, and an error on a channel that is always a rendezvous. */
void fe_chan_poll_use(cstate *cs, const ast_expr *e, uint32_t nargs);

/* frontend/automaton.c.  fe_lower_seq_ex adds the edges that run the
 * statement list s from location `from` to `to`; fe_new_loc makes a
 * location; fe_begin_trans / fe_end_trans bracket the code of one
 * transition and add its edge; the rest are helpers d_step shares. */
uint32_t fe_new_loc(cstate *cs);
uint32_t fe_begin_trans(cstate *cs, diag_pos pos);
/* Emit the prologue of every transition of a process: the guard of the
 * proctype's provided clause (so a process whose clause is false cannot
 * move, its else and its end included, and the read sets (deps.c) and
 * the dynamic labels include what it reads), and in a model with
 * priorities a read and write of the byte prio_tok (every step then
 * depends on every other: whether a process may move depends on what
 * every process of higher priority can do).  Nothing without either.
 * fe_check_provided reports what SPIN's clause may not use. */
void fe_emit_provided(cstate *cs);
/* A priority tag's value, checked to be a constant in 1 .. 255. */
int32_t fe_prio_value(cstate *cs, const ast_expr *e);
void fe_check_provided(cstate *cs, const ast_expr *e);
void fe_end_trans(cstate *cs, uint32_t start, uint32_t from, uint32_t to,
                  diag_pos pos, uint32_t text, uint32_t flags);
ast_stmt *fe_expand_range(cstate *cs, const ast_stmt *s);
ast_decl *fe_find_inline(cstate *cs, const char *name);
int fe_bind_inline(cstate *cs, const ast_stmt *s, const ast_decl *inl);
/* The call s of an inline, in the automaton and in d_step alike: find
 * the inline (an error when undeclared), bind its parameters
 * (fe_bind_inline) and set *body; returns how many were bound, or -1
 * after an error (nothing bound).  fe_inline_end(cs, n) unbinds after
 * the body is lowered. */
int fe_inline_begin(cstate *cs, const ast_stmt *s, ast_stmt **body);
void fe_inline_end(cstate *cs, int nbound);
void fe_check_label(cstate *cs, const ast_stmt *s);
/* fe_decl_code emits the assignments of the declaration s (of its
 * variable `only` when not NULL), fe_decl_step makes them a step;
 * fe_decl_has_code tells whether v gets one (not a chan, a struct). */
int fe_decl_has_code(cstate *cs, const ast_var *v);
void fe_decl_code(cstate *cs, const ast_stmt *s, fe_sym *scope0,
                  sbuf *b, const ast_var *only);
void fe_decl_step(cstate *cs, const ast_stmt *s, uint32_t from,
                  uint32_t to, fe_sym *scope0, const ast_var *only);
void fe_lower_seq_ex(cstate *cs, ast_stmt *s, uint32_t from, uint32_t to,
                     int nested);

/* frontend/dstep.c.  fe_lower_dstep adds the one transition of the
 * d_step s from `from` to `to`. */
void fe_lower_dstep(cstate *cs, const ast_stmt *s, uint32_t from,
                    uint32_t to);

/* frontend/finish.c.  fe_finish_proc resolves the labels and jumps of
 * the proctype just lowered (its automaton in cs), folds jumps, numbers
 * its locations into pt and appends them and their transitions to the
 * program, then adds the dead-variable reset. */
void fe_finish_proc(cstate *cs, bc_proctype *pt, uint32_t start,
                    uint32_t final);

/* frontend/claim.c.  fe_claim_pick returns the claim the model uses
 * (its never block, or the ltl block fe_options.ltl_name names, else the
 * first, translated to a never claim), NULL when it has none or after an
 * error; fe_claim_check reports the statements a claim may not have;
 * fe_claim_code rewrites the code of the claim's transitions (those from
 * first_trans on) to end in RET, for engine/model/ts.c; fe_claim_fini
 * frees what fe_claim_pick kept. */
ast_decl *fe_claim_pick(cstate *cs);
void fe_claim_check(cstate *cs, const ast_decl *claim);
void fe_claim_code(cstate *cs, const bc_proctype *pt, uint32_t first_trans);
void fe_claim_fini(cstate *cs);

/* frontend/remote.c: remote references P[i]@label, P[i]:x.
 * fe_remote_scan (after the claim is picked, before lowering) finds
 * the proctypes the model's references name and places the bytes
 * that stand for their processes' state in G; fe_remote_begin_proc
 * sets cs->rr_touch for proctype k; fe_remote_touch emits the RTOUCH
 * a step of an observed proctype ends with (before its GOTO);
 * fe_remote_label records a label of the proctype being finished and
 * its pc (numbered location); fe_cremote emits a reference's
 * value; fe_remote_finish patches the references once every proctype
 * is lowered, reporting unknown labels and variables; fe_remote_fini
 * frees. */
void fe_remote_scan(cstate *cs);
void fe_remote_begin_proc(cstate *cs, uint32_t k);
void fe_remote_touch(cstate *cs);
/* Does a remote reference name the label `name` of the proctype being
 * lowered?  (SPIN then keeps `name: goto L' as a step of its own,
 * "(1)", so that a process can be seen there.) */
int fe_remote_named(const cstate *cs, const char *name);
/* After the transitions of the proctype being finished are numbered
 * (from first_tr on) and before the dead-variable reset: when only its
 * labels are referenced, its steps that neither leave nor enter a
 * location a reference names lose their RTOUCH (made a NOP). */
void fe_remote_prune(cstate *cs, uint32_t first_tr);
void fe_remote_label(cstate *cs, const char *name, uint32_t pc);
void fe_cremote(cstate *cs, const ast_expr *e);
void fe_remote_finish(cstate *cs);
void fe_remote_fini(cstate *cs);

#endif /* SPORE_FRONTEND_FE_INT_H */
