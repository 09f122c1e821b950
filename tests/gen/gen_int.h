/*
 * tests/gen/gen_int.h -- shared by the two files of tests/gen/genmodel:
 * gen_stmt.c (the random stream, output, variables, expressions and
 * statements) and genmodel.c (processes, the --classes shapes, the
 * whole model, main).  The random stream is one splitmix64 state in
 * gen, so the order of the draws -- and with it the model of every
 * seed -- does not depend on how the code is split.
 */
#ifndef SPORE_TESTS_GEN_GEN_INT_H
#define SPORE_TESTS_GEN_GEN_INT_H

#include <stdint.h>
#include <stdio.h>

#define MAX_VARS   12
#define MAX_PROCS  4
#define MAX_LABELS 16
#define EXPR_LEN   512

/* CTX_* bits: where a statement is being generated */
#define CTX_LOOP   1u   /* inside a do (break allowed) */
#define CTX_ATOMIC 2u   /* inside atomic */
#define CTX_DSTEP  4u   /* inside d_step: no blocking after the first */
#define CTX_NOJUMP 8u   /* no goto (inside atomic or d_step) */
#define CTX_LABEL  16u  /* a labelled statement: no goto (SPIN rejects
                           goto-only cycles), no d_step (no jumps in) */
#define CTX_NOIO   32u  /* guard of an if with else: SPIN rejects channel
                           operations and tests there ("dubious use of
                           'else' combined with i/o") */

typedef struct var {
    char name[16];
    int dom;            /* values are kept in (-dom, dom) before truncation */
    int is_bool;        /* bool or bit: assigned from conditions */
    int readonly;       /* parameters: never assigned */
    int is_index;       /* --classes' k: an array index, kept in 0..dom-1 */
} var;

typedef struct proc {
    char name[8];
    int active;         /* 0: run from init */
    int copies;         /* active [copies], or number of runs */
    int has_param;
    int do_send_c, do_recv_c, do_send_r, do_recv_r;   /* forced ops */
    /* --classes: how the forced channel operations are wrapped (WRAP_*),
     * and the forced links of the chains */
    int wrap_c, wrap_r;
    int do_relay;       /* atomic { r?..; r2!.. } */
    int do_recv_r2;
    int do_k, do_ak, do_read_a;     /* k = ..; ka[k] = ..; assert(ka[..]) */
} proc;

/* --classes: the shapes a forced send or receive is put in */
enum {
    WRAP_NONE,          /* op */
    WRAP_HEAD,          /* atomic { op; stmt } */
    WRAP_LOCAL_HEAD,    /* local step; atomic { op; stmt } */
    WRAP_TAIL,          /* atomic { stmt; op }: blocks half way */
    WRAP_MIDDLE,        /* atomic { stmt; op; stmt } */
    WRAP_N
};

typedef struct gen {
    uint64_t rng;
    FILE *out;
    int indent;
    int size;
    /* globals */
    var glob[MAX_VARS];
    int nglob;
    int arr_len;        /* byte a[arr_len]; 0: no array */
    int chan_cap;       /* chan c = [chan_cap] of { byte }; 0: none */
    int has_rv;         /* chan r = [0] of { byte } */
    int npids;          /* process instances in total (pids 0..npids-1) */
    /* --classes (all 0 without it) */
    int classes;
    int has_k;          /* byte k, ka[2]: ka[k] written, k written by
                           another process, ka[..] read by a third */
    int kvar;           /* k's index in glob */
    int has_wi;         /* W: an active process that only does w = 7 */
    int has_stop;       /* byte stop: the processes end in `stop' (0) */
    int pure;           /* no random statements besides the shapes */
    int cur_tag;        /* the witness value of the process being made:
                           w = tag (its index + 1); the asserts check
                           w != the tag of another process, or 7 */
    int has_r2;         /* chan r2 = [0] of { byte }: a relay r -> r2 */
    int has_gc;         /* chan gc = [1] of { chan }: local channels
                           passed on, used after their owner (O) died;
                           L, run later, may get the same channel id */
    int gc_use, own_tail, late_tail;    /* the statements of U, O, L */
    /* --ltl (0 without it): an ltl block over the globals at the end,
     * and progress labels on some labelled top-level statements; no
     * random number is drawn for them before the model is written */
    int ltl;
    int chanops;        /* --chanops: !!, ??, ?<..>, ??<..>, ?[..], ??[..]
                           now and then (no draw without it) */
    long seed;
    proc procs[MAX_PROCS];
    int nprocs;
    int has_init;
    /* the process being generated */
    var loc[MAX_VARS];
    int nloc;
    int ncounters;      /* counters i0.. declared so far */
    int nmid;           /* mid-body declarations t0.. so far */
    int labels[MAX_LABELS];     /* label numbers usable by goto */
    int nlabels;
    int nend;           /* end labels so far */
    int prev_simple;    /* the last statement of the current sequence was
                           simple: a d_step may follow (SPIN rejects a
                           break or the end of a loop leading into one) */
    int cur_top;        /* index of the top-level statement being made */
} gen;

/* ---- gen_stmt.c ---------------------------------------------------------- */

/* The next 64 random bits (splitmix64). */
uint64_t gen_rnd64(gen *g);
/* A number in 0 .. n-1 (n > 0). */
int gen_rnd(gen *g, int n);
/* True with probability pct percent. */
int gen_chance(gen *g, int pct);
/* One line of the model, indented, printf-style. */
void gen_line(gen *g, const char *fmt, ...);
/* Append printf-style text to buf (size EXPR_LEN), truncating safely. */
void gen_cat(char *buf, const char *fmt, ...);
/* Add a variable to tab (n entries, at most MAX_VARS). */
void gen_add_var(var *tab, int *n, const char *name, int dom, int is_bool,
                 int readonly);
/* An integer expression (int-valued; may be negative), into buf. */
void gen_arith(gen *g, char *buf, int depth);
/* A condition (0 or 1), into buf. */
void gen_cond(gen *g, char *buf, int depth);
/* An assignment to the index variable v (--classes' k), in 0 .. dom-1. */
void gen_index_assign(gen *g, char *buf, const var *v);
/* An assignment to a writable variable, bounded by its domain. */
void gen_assign(gen *g, char *buf);
/* A writable byte variable for a receive; writes its name. */
void gen_recv_target(gen *g, char *buf);
/* A send on channel ch of a value 0 or 1 (as a byte). */
void gen_send_on(gen *g, char *buf, const char *ch);
/* A send on c, or on r when rv. */
void gen_send_stmt(gen *g, char *buf, int rv);
/* A receive on channel ch (variable, constant, _ or eval). */
void gen_recv_on(gen *g, char *buf, const char *ch);
/* A receive on c, or on r when rv. */
void gen_recv_stmt(gen *g, char *buf, int rv);
/* A guard: a statement that may block; ctx: where it is (CTX_*). */
void gen_guard(gen *g, char *buf, unsigned ctx);
/* A process spinning on local steps, maybe until a condition holds
 * (always with an exit when must_exit). */
void gen_spin_local(gen *g, int must_exit);
/* One statement (possibly compound) followed by ';'. */
void gen_stmt(gen *g, int depth, unsigned ctx);

#endif /* SPORE_TESTS_GEN_GEN_INT_H */
