/*
 * tests/gen/genmodel.c -- seeded random generator of small tier-1 Promela
 * models, for the differential tests (tests/diff/spin-diff.sh compares
 * spore with SPIN, tests/diff/por-diff.sh compares every --por mode with
 * --por=none).
 *
 * Usage: genmodel --seed N [--procs K] [--size S] [--classes]
 *
 * Prints one model on stdout.  The same seed and options always give the
 * same text.  Every model is meant to be accepted by SPIN 6.5.2 (spin -a)
 * and by spore, and to have a small state space (normally at most a few
 * thousand states): every variable keeps a bounded value domain, because
 * each assignment is reduced modulo the domain size (x = (x + 1) % 3).
 *
 * What a model may contain: byte, bool, bit and short globals, a byte
 * array indexed by _pid, a buffered channel and a rendezvous channel;
 * 2-4 proctypes (K with --procs), active ones (some active [2]) and
 * ones run from init with a parameter; locals (some declared in mid-body,
 * which SPIN makes a step); do loops with bounded counters and unbounded
 * ones (some without a break, so a process spins on local steps for
 * ever), if with else, guards that block, atomic sequences that may block
 * half way, d_step, labels and goto (backward jumps make cycles), end
 * labels, assertions (reachable or not), timeout, _nr_pr, send and
 * receive (variables, constants, _, eval), len/full/empty/nfull/nempty,
 * select, printf.  S (default 3) scales the number of statements.
 *
 * --classes adds the shapes behind the missed violations of issue 9, as
 * probabilistic features (without it no random number is drawn for
 * them, so every old seed gives the same model as before):
 *   - the forced sends and receives of c and r sit at the start of an
 *     atomic sequence (`atomic { r?x; stmt }'), are reached by a local
 *     step first (`skip; atomic { ... }'), or end or interrupt one that
 *     then blocks half way (`atomic { stmt; r!e }');
 *   - an atomic chain through two rendezvous: the receiver of r relays,
 *     `atomic { r?x; r2!e }', to an `atomic { r2?y; stmt }' elsewhere;
 *   - a chain of dependency through several objects and processes:
 *     `k = ..' (maybe from another global), `ka[k] = 1' and
 *     `assert(ka[1] == 0)' in three processes, k also in a[k];
 *   - a witness byte w: the statements in those atomic sequences write
 *     w = the process's tag or assert w != another's (or W's: an active
 *     process doing only w = 7, sometimes there), so an order of two
 *     writes a reduction loses shows as an assertion or outcome;
 *   - local channels passed on (`chan gc = [1] of { chan }'): O, run
 *     from init, sends its local channel and dies; U uses it (send,
 *     receive, len); L, run after O, may get the same channel id;
 *   - `end_stop: stop' at the end of every process (no deaths);
 *   - half of the models are pure: no random statements besides those
 *     shapes (noise makes everything dependent and hides the bugs).
 * With --classes S defaults to 2, processes are not copied and there are
 * 2 or 3 of them (plus W, or U, O and L): the spaces stay at a few
 * hundred states (at most a few thousand, mostly).
 *
 * Exit status: 0, or 2 on a usage error.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- random numbers (splitmix64) ------------------------------------- */

static uint64_t
rnd64(gen *g)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A number in 0 .. n-1 (n > 0). */
static int
rnd(gen *g, int n)
{
    return (int)(rnd64(g) % (uint64_t)n);
}

/* True with probability pct percent. */
static int
chance(gen *g, int pct)
{
    return rnd(g, 100) < pct;
}

/* ---- output ------------------------------------------------------------ */

static void
line(gen *g, const char *fmt, ...)
{
    va_list ap;

    fprintf(g->out, "%*s", 4 * g->indent, "");
    va_start(ap, fmt);
    vfprintf(g->out, fmt, ap);
    va_end(ap);
    fputc('\n', g->out);
}

/* Append printf-style text to buf (size EXPR_LEN), truncating safely. */
static void
cat(char *buf, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;

    if (n + 1 >= EXPR_LEN)
        return;
    va_start(ap, fmt);
    vsnprintf(buf + n, EXPR_LEN - n, fmt, ap);
    va_end(ap);
}

/* ---- variables ----------------------------------------------------------- */

static void
add_var(var *tab, int *n, const char *name, int dom, int is_bool,
        int readonly)
{
    var *v;

    if (*n >= MAX_VARS)
        return;
    v = &tab[(*n)++];
    snprintf(v->name, sizeof v->name, "%s", name);
    v->dom = dom;
    v->is_bool = is_bool;
    v->readonly = readonly;
}

/* A variable to read: a global, a local or an array element.  Writes its
 * name into buf; returns its domain. */
static int
pick_read(gen *g, char *buf)
{
    int total = g->nglob + g->nloc + (g->arr_len ? 1 : 0);
    int k = rnd(g, total);

    if (k < g->nglob) {
        cat(buf, "%s", g->glob[k].name);
        return g->glob[k].dom;
    }
    k -= g->nglob;
    if (k < g->nloc) {
        cat(buf, "%s", g->loc[k].name);
        return g->loc[k].dom;
    }
    if (g->has_k && chance(g, 35))
        cat(buf, "a[k]");   /* k < 2 <= arr_len */
    else if (chance(g, 60))
        cat(buf, "a[_pid]");
    else if (chance(g, 50))
        cat(buf, "a[(_pid + 1) %% %d]", g->arr_len);
    else
        cat(buf, "a[%d]", rnd(g, g->arr_len));
    return 2;
}

/* ---- expressions --------------------------------------------------------- */

static void arith(gen *g, char *buf, int depth);
static void cond(gen *g, char *buf, int depth);

/* An integer expression (int-valued; may be negative). */
static void
arith(gen *g, char *buf, int depth)
{
    int k = depth <= 0 ? rnd(g, 4) : rnd(g, 13);

    switch (k) {
    case 0:
    case 1:
    case 2:
        pick_read(g, buf);
        break;
    case 3:
        cat(buf, "%d", rnd(g, 3));
        break;
    case 4:
    case 5:
        cat(buf, "(");
        arith(g, buf, depth - 1);
        cat(buf, " + ");
        arith(g, buf, depth - 1);
        cat(buf, ")");
        break;
    case 6:
        cat(buf, "(");
        arith(g, buf, depth - 1);
        cat(buf, " - ");
        arith(g, buf, depth - 1);
        cat(buf, ")");
        break;
    case 7:
        cat(buf, "(");
        arith(g, buf, depth - 1);
        cat(buf, " * ");
        arith(g, buf, depth - 1);
        cat(buf, ")");
        break;
    case 8:
        cat(buf, "(");
        cond(g, buf, depth - 1);
        cat(buf, " -> ");
        arith(g, buf, depth - 1);
        cat(buf, " : ");
        arith(g, buf, depth - 1);
        cat(buf, ")");
        break;
    case 9: {
        static const char *const ops[] = { "&", "|", "^" };
        cat(buf, "(");
        arith(g, buf, depth - 1);
        cat(buf, " %s ", ops[rnd(g, 3)]);
        arith(g, buf, depth - 1);
        cat(buf, ")");
        break;
    }
    case 10:
        cat(buf, "(");
        arith(g, buf, depth - 1);
        cat(buf, rnd(g, 2) ? " >> 1)" : " << 1)");
        break;
    case 11:
        if (g->chan_cap) {
            cat(buf, "len(c)");
            break;
        }
        /* fall through */
    default:
        if (chance(g, 30))
            cat(buf, "_nr_pr");
        else
            pick_read(g, buf);
        break;
    }
}

/* A condition (0 or 1). */
static void
cond(gen *g, char *buf, int depth)
{
    static const char *const rel[] = { "==", "!=", "<", "<=", ">", ">=" };
    int k = depth <= 0 ? rnd(g, 2) : rnd(g, 6);

    switch (k) {
    case 0:
    case 1:
    case 2: {
        int d;
        d = pick_read(g, buf);
        cat(buf, " %s %d", rel[rnd(g, 6)], rnd(g, d + 1));
        break;
    }
    case 3:
        arith(g, buf, depth - 1);
        cat(buf, " %s ", rel[rnd(g, 6)]);
        arith(g, buf, depth - 1);
        break;
    case 4:
        cat(buf, "(");
        cond(g, buf, depth - 1);
        cat(buf, rnd(g, 2) ? " && " : " || ");
        cond(g, buf, depth - 1);
        cat(buf, ")");
        break;
    default:
        cat(buf, "!(");
        cond(g, buf, depth - 1);
        cat(buf, ")");
        break;
    }
}

/* ---- simple statements ------------------------------------------------- */

/* An assignment to an index variable (--classes' k): its value stays in
 * 0 .. dom-1, maybe taken from another global (a chain of dependency
 * through several objects). */
static void
index_assign(gen *g, char *buf, const var *v)
{
    int k, n = 0, idx[MAX_VARS];

    for (k = 0; k < g->nglob; k++)
        if (g->glob[k].name[0] == 'g')      /* bytes: never negative */
            idx[n++] = k;
    switch (rnd(g, 4)) {
    case 0:
        cat(buf, "%s = (%s + 1) %% %d", v->name, v->name, v->dom);
        break;
    case 1:
        cat(buf, "%s = %d", v->name, 1 + rnd(g, v->dom - 1));
        break;
    case 2:
        if (n > 0) {
            cat(buf, "%s = %s %% %d", v->name, g->glob[idx[rnd(g, n)]].name,
                v->dom);
            break;
        }
        /* fall through */
    default:
        cat(buf, "%s = (", v->name);
        cond(g, buf, 1);
        cat(buf, " -> 1 : 0)");
        break;
    }
}

/* An assignment to a writable variable, bounded by its domain. */
static void
assign(gen *g, char *buf)
{
    int nw = 0, idx[2 * MAX_VARS + 1], k;
    const var *v;

    for (k = 0; k < g->nglob; k++)
        idx[nw++] = k;
    for (k = 0; k < g->nloc; k++)
        if (!g->loc[k].readonly)
            idx[nw++] = MAX_VARS + k;
    if (g->arr_len)
        idx[nw++] = 2 * MAX_VARS;
    k = idx[rnd(g, nw)];
    if (k == 2 * MAX_VARS) {
        const char *ix;
        int r;
        if (g->has_k && chance(g, 40))
            ix = "k";           /* k < 2 <= arr_len */
        else
            ix = chance(g, 70) ? "_pid" : "0";
        r = rnd(g, 3);
        if (r == 0)
            cat(buf, "a[%s] = (a[%s] + 1) %% 2", ix, ix);
        else if (r == 1)
            cat(buf, "a[%s] = %d", ix, rnd(g, 2));
        else {
            cat(buf, "a[%s] = (", ix);
            arith(g, buf, 1);
            cat(buf, ") %% 2");
        }
        return;
    }
    v = k >= MAX_VARS ? &g->loc[k - MAX_VARS] : &g->glob[k];
    if (v->is_index) {
        index_assign(g, buf, v);
        return;
    }
    if (v->is_bool) {
        if (chance(g, 40)) {
            cat(buf, "%s = !%s", v->name, v->name);
        } else {
            cat(buf, "%s = (", v->name);
            cond(g, buf, 1);
            cat(buf, ")");
        }
        return;
    }
    switch (rnd(g, 5)) {
    case 0:
    case 1:
        cat(buf, "%s = (%s + 1) %% %d", v->name, v->name, v->dom);
        break;
    case 2:
        cat(buf, "%s = %d", v->name, rnd(g, v->dom));
        break;
    default:
        cat(buf, "%s = (", v->name);
        arith(g, buf, 2);
        cat(buf, ") %% %d", v->dom);
        break;
    }
}

/* A writable byte variable for a receive; writes its name. */
static void
recv_target(gen *g, char *buf)
{
    int k, n = 0, idx[2 * MAX_VARS];

    for (k = 0; k < g->nloc; k++)
        if (!g->loc[k].readonly && !g->loc[k].is_bool &&
            g->loc[k].dom >= 2)
            idx[n++] = MAX_VARS + k;
    for (k = 0; k < g->nglob; k++)
        if (!g->glob[k].is_bool && !g->glob[k].is_index
            && strcmp(g->glob[k].name, "s") != 0)
            idx[n++] = k;
    if (n == 0) {
        cat(buf, "_");
        return;
    }
    k = idx[rnd(g, n)];
    cat(buf, "%s",
        k >= MAX_VARS ? g->loc[k - MAX_VARS].name : g->glob[k].name);
}

/* A send on channel ch of a value 0 or 1 (as a byte). */
static void
send_on(gen *g, char *buf, const char *ch)
{
    cat(buf, "%s!", ch);
    if (chance(g, 50))
        cat(buf, "%d", rnd(g, 2));
    else {
        cat(buf, "((");
        arith(g, buf, 1);
        cat(buf, ") %% 2)");
    }
}

static void
send_stmt(gen *g, char *buf, int rv)
{
    send_on(g, buf, rv ? "r" : "c");
}

static void
recv_on(gen *g, char *buf, const char *ch)
{
    cat(buf, "%s?", ch);
    switch (rnd(g, 6)) {
    case 0:
        cat(buf, "_");
        break;
    case 1:
        cat(buf, "%d", rnd(g, 2));
        break;
    case 2:
        cat(buf, "eval(");
        pick_read(g, buf);
        cat(buf, ")");
        break;
    default:
        recv_target(g, buf);
        break;
    }
}

static void
recv_stmt(gen *g, char *buf, int rv)
{
    recv_on(g, buf, rv ? "r" : "c");
}

/* A statement that never blocks and does not jump (d_step bodies). */
static void
calm_stmt(gen *g, char *buf)
{
    int k = rnd(g, 10);

    if (k < 7)
        assign(g, buf);
    else if (k < 8) {
        cat(buf, "assert(");
        cond(g, buf, 1);
        cat(buf, ")");
    } else if (k < 9)
        cat(buf, "skip");
    else
        cat(buf, "printf(\"%%d\\n\", %s)", g->nglob ? g->glob[0].name : "0");
}

/* A guard: a statement that may block.  allow_rv: rendezvous operations
 * allowed; ctx: where it is. */
static void
guard(gen *g, char *buf, unsigned ctx)
{
    int k = rnd(g, 20);

    if (ctx & CTX_NOIO)
        ctx |= CTX_DSTEP;       /* the same restriction, for this guard */
    if (k < 9) {
        cond(g, buf, 1);
    } else if (k < 11 && g->chan_cap && !(ctx & CTX_DSTEP)) {
        recv_stmt(g, buf, 0);
    } else if (k < 12 && g->chan_cap && !(ctx & CTX_DSTEP)) {
        send_stmt(g, buf, 0);
    } else if (k < 13 && g->chan_cap && !(ctx & CTX_DSTEP)) {
        static const char *const f[] = {
            "full(c)", "nfull(c)", "empty(c)", "nempty(c)", "len(c) > 0"
        };
        cat(buf, "%s", f[rnd(g, 5)]);
    } else if (k < 14 && g->has_rv && !(ctx & CTX_DSTEP)) {
        if (rnd(g, 2))
            send_stmt(g, buf, 1);
        else
            recv_stmt(g, buf, 1);
    } else if (k < 15 && !(ctx & CTX_DSTEP)) {
        cat(buf, "timeout");
    } else if (k < 16) {
        cat(buf, "_nr_pr %s %d", chance(g, 50) ? "<=" : "==",
            1 + rnd(g, g->npids));
    } else {
        assign(g, buf);
    }
}

/* ---- compound statements ---------------------------------------------- */

static void seq(gen *g, int n, int depth, unsigned ctx);
static void stmt(gen *g, int depth, unsigned ctx);

/* One option ":: guard; stmts" of an if or do. */
static void
option(gen *g, int depth, unsigned ctx, int is_else)
{
    char buf[EXPR_LEN] = "";
    int n;

    if (is_else)
        cat(buf, "else");
    else
        guard(g, buf, ctx);
    ctx &= ~CTX_NOIO;
    n = rnd(g, 2 + (g->size > 3));
    line(g, ":: %s%s", buf, n ? " ->" : ";");
    g->prev_simple = 1;
    g->indent++;
    seq(g, n, depth + 1, ctx);
    g->indent--;
}

static void
if_stmt(gen *g, int depth, unsigned ctx)
{
    int n = 1 + rnd(g, 3), k, has_else = chance(g, 40);

    if (ctx & CTX_DSTEP)
        has_else = 1;
    line(g, "if");
    for (k = 0; k < n; k++)
        option(g, depth, ctx | (has_else ? CTX_NOIO : 0), 0);
    if (has_else)
        option(g, depth, ctx, 1);
    line(g, "fi;");
}

/* do loops: bounded with a counter, or unbounded (maybe without break). */
static void
do_stmt(gen *g, int depth, unsigned ctx)
{
    int n, k;
    char buf[EXPR_LEN] = "";

    if ((chance(g, 45) || (ctx & CTX_ATOMIC)) && g->ncounters < 4 &&
        g->nloc < MAX_VARS) {
        /* bounded: i = 0; do :: i < K -> body; i++ :: else -> break od */
        char ctr[16];
        int bound = 1 + rnd(g, 2);
        snprintf(ctr, sizeof ctr, "i%d", g->ncounters++);
        add_var(g->loc, &g->nloc, ctr, bound + 1, 0, 1);
        line(g, "%s = 0;", ctr);
        line(g, "do");
        line(g, ":: %s < %d ->", ctr, bound);
        g->indent++;
        seq(g, 1 + rnd(g, 2), depth + 1, ctx | CTX_LOOP);
        line(g, "%s++;", ctr);
        g->indent--;
        if (chance(g, 50))
            line(g, ":: else -> break;");
        else
            line(g, ":: %s >= %d -> break;", ctr, bound);
        line(g, "od;");
        return;
    }
    if (ctx & CTX_ATOMIC) {
        /* no unbounded loops in atomic: pan would unroll them for ever */
        if_stmt(g, depth, ctx);
        return;
    }
    line(g, "do");
    n = 1 + rnd(g, 2);
    for (k = 0; k < n; k++)
        option(g, depth, ctx | CTX_LOOP, 0);
    if (chance(g, 70)) {
        if (chance(g, 50)) {
            cond(g, buf, 1);
            line(g, ":: %s -> break;", buf);
        } else {
            line(g, ":: break;");
        }
    }
    line(g, "od;");
}

/* A process spinning on local steps, maybe until a condition holds
 * (always with an exit when must_exit). */
static void
spin_local(gen *g, int must_exit)
{
    int k, n = 0, idx[MAX_VARS];
    char buf[EXPR_LEN] = "";

    for (k = 0; k < g->nloc; k++)
        if (!g->loc[k].readonly)
            idx[n++] = k;
    if (n == 0) {
        line(g, "skip;");
        return;
    }
    k = idx[rnd(g, n)];
    line(g, "do");
    if (g->loc[k].is_bool)
        line(g, ":: %s = !%s;", g->loc[k].name, g->loc[k].name);
    else
        line(g, ":: %s = (%s + 1) %% %d;", g->loc[k].name, g->loc[k].name,
             g->loc[k].dom);
    if (chance(g, 60) || must_exit) {
        cond(g, buf, 1);
        line(g, ":: %s -> break;", buf);
    }
    line(g, "od;");
}

static void
atomic_stmt(gen *g, int depth, unsigned ctx)
{
    char buf[EXPR_LEN] = "";
    int n = 1 + rnd(g, 3), k;

    line(g, "atomic {");
    g->indent++;
    guard(g, buf, ctx | CTX_ATOMIC);
    line(g, "%s;", buf);
    g->prev_simple = 1;
    for (k = 0; k < n; k++) {
        buf[0] = '\0';
        if (chance(g, 35)) {
            guard(g, buf, ctx | CTX_ATOMIC);       /* may block half way */
            line(g, "%s;", buf);
            g->prev_simple = 1;
        } else if (chance(g, 20) && depth < 2) {
            stmt(g, depth + 1, (ctx | CTX_ATOMIC | CTX_NOJUMP) & ~CTX_LOOP);
        } else {
            calm_stmt(g, buf);
            line(g, "%s;", buf);
            g->prev_simple = 1;
        }
    }
    g->indent--;
    line(g, "};");
}

static void
dstep_stmt(gen *g, int depth, unsigned ctx)
{
    char buf[EXPR_LEN] = "";
    int n = 1 + rnd(g, 3), k;

    (void)ctx;
    line(g, "d_step {");
    g->indent++;
    if (chance(g, 50)) {
        cond(g, buf, 1);
        line(g, "%s;", buf);
    }
    for (k = 0; k < n; k++) {
        buf[0] = '\0';
        if (chance(g, 20) && depth < 2) {
            if_stmt(g, depth + 1, CTX_DSTEP | CTX_NOJUMP);
        } else {
            calm_stmt(g, buf);
            line(g, "%s;", buf);
        }
    }
    g->indent--;
    line(g, "};");
}

/* A label for a goto from the current top-level statement, or -1.  Not
 * the label of this statement or of the one before it: pan rejects a
 * one-step loop such as `L: skip; goto L' ("unconditional self-loop").
 * Draws no random number (the same answer on every call). */
static int
goto_target(const gen *g)
{
    int ok[MAX_LABELS], n = 0, k;

    for (k = 0; k < g->nlabels; k++)
        if (g->labels[k] < g->cur_top - 1 || g->labels[k] > g->cur_top)
            ok[n++] = g->labels[k];
    if (n == 0)
        return -1;
    return ok[(g->cur_top * 7 + g->nmid) % n];
}

/* One statement (possibly compound) followed by ';'. */
static void
stmt(gen *g, int depth, unsigned ctx)
{
    char buf[EXPR_LEN] = "";
    int k = rnd(g, 100);
    unsigned sub = ctx & ~CTX_LABEL;    /* for nested statements */

    if (ctx & CTX_DSTEP) {
        if (depth < 3 && chance(g, 15)) {
            if_stmt(g, depth, ctx);
        } else {
            calm_stmt(g, buf);
            line(g, "%s;", buf);
        }
        return;
    }
    if (depth >= 2 && k >= 55)
        k = rnd(g, 55);
    if (k < 22) {
        assign(g, buf);
    } else if (k < 36) {
        guard(g, buf, ctx);
    } else if (k < 41) {
        cat(buf, "assert(");
        cond(g, buf, 1);
        cat(buf, ")");
    } else if (k < 43) {
        calm_stmt(g, buf);
    } else if (k < 47 && !(ctx & (CTX_NOJUMP | CTX_LABEL)) &&
               goto_target(g) >= 0) {
        cat(buf, "goto L%d", goto_target(g));
    } else if (k < 50 && (ctx & CTX_LOOP)) {
        cat(buf, "break");
    } else if (k < 52 && g->nloc > 0) {
        int v = rnd(g, g->nloc);
        if (g->loc[v].readonly || g->loc[v].is_bool || g->loc[v].dom > 3) {
            assign(g, buf);
        } else {
            cat(buf, "select (%s : 0 .. %d)", g->loc[v].name,
                g->loc[v].dom - 1);
        }
    } else if (k < 55) {
        cat(buf, "printf(\"p%%d\\n\", _pid)");
    } else if (k < 68) {
        if_stmt(g, depth, sub);
        g->prev_simple = 0;
        return;
    } else if (k < 80) {
        do_stmt(g, depth, sub);
        g->prev_simple = 0;
        return;
    } else if (k < 84 && !(ctx & CTX_ATOMIC)) {
        spin_local(g, chance(g, 50));
        g->prev_simple = 0;
        return;
    } else if (k < 93 || (ctx & CTX_LABEL) || !g->prev_simple) {
        atomic_stmt(g, depth, sub);
        g->prev_simple = 0;
        return;
    } else {
        dstep_stmt(g, depth, sub);
        g->prev_simple = 0;
        return;
    }
    line(g, "%s;", buf);
    g->prev_simple = 1;
}

static void
seq(gen *g, int n, int depth, unsigned ctx)
{
    int k;

    for (k = 0; k < n; k++)
        stmt(g, depth, ctx);
}

/* ---- processes ------------------------------------------------------- */

/* The statement in a --classes wrapper: a witness write w = tag, an
 * assertion that the last write to w was not another process's (it
 * fails only when that write came last: an order a reduction must not
 * lose), or a random assertion or assignment. */
static void
wrap_filler(gen *g, int after)
{
    char buf[EXPR_LEN] = "";
    int k = rnd(g, 10);

    /* before the op mostly writes, after it mostly asserts: the shape
     * of class 1 (x = 1; c!1 | c?v; assert(x != 7) | x = 7) */
    if (after)
        k = (k + 4) % 10;
    if (k < 5) {
        line(g, "w = %d;", g->cur_tag);
        return;
    }
    if (k < 8) {
        int n = g->nprocs - 1 + g->has_wi, t = rnd(g, n > 0 ? n : 1) + 1;
        if (t >= g->cur_tag)
            t++;                /* another process's tag ... */
        if (t > g->nprocs || (g->has_wi && chance(g, 40)))
            t = 7;              /* ... or W's */
        line(g, "assert(w != %d);", t);
        return;
    }
    if (chance(g, 50)) {
        cat(buf, "assert(");
        cond(g, buf, 1);
        cat(buf, ")");
    } else {
        assign(g, buf);
    }
    line(g, "%s;", buf);
}

/* Print the send or receive op in the shape wrap (WRAP_*): a partner at
 * the start of an atomic sequence, reached by a local step, or an atomic
 * sequence that blocks half way at op. */
static void
wrapped_op(gen *g, const char *op, int wrap)
{
    if (wrap == WRAP_NONE) {
        line(g, "%s;", op);
        return;
    }
    if (wrap == WRAP_LOCAL_HEAD)
        line(g, "skip;");
    line(g, "atomic {");
    g->indent++;
    if (wrap == WRAP_TAIL || wrap == WRAP_MIDDLE)
        wrap_filler(g, 0);
    line(g, "%s;", op);
    if (wrap != WRAP_TAIL)
        wrap_filler(g, 1);
    g->indent--;
    line(g, "};");
}

/* One forced channel operation (send when is_send) on ch, wrapped. */
static void
forced_op(gen *g, const char *ch, int is_send, int wrap)
{
    char buf[EXPR_LEN] = "";

    if (is_send)
        send_on(g, buf, ch);
    else
        recv_on(g, buf, ch);
    wrapped_op(g, buf, wrap);
}

/* --classes: the links of p in the chains (k = ..; ka[k] = ..; a read of
 * ka[..]) and the relay of a rendezvous chain.  Returns how many. */
static int
forced_links(gen *g, const proc *p)
{
    char buf[EXPR_LEN] = "";
    char snd[EXPR_LEN] = "";
    int n = 0;

    if (p->do_k) {
        index_assign(g, buf, &g->glob[g->kvar]);
        line(g, "%s;", buf);
        n++;
    }
    if (p->do_ak) {
        line(g, "%s", chance(g, 60) ? "ka[k] = 1;"
                                    : "ka[k] = (ka[k] + 1) % 2;");
        n++;
    }
    if (p->do_read_a) {
        line(g, "assert(ka[%d] == 0);", chance(g, 75) ? 1 : 0);
        n++;
    }
    if (p->do_relay) {
        /* the chain passes control on through r2 */
        buf[0] = '\0';
        recv_on(g, buf, "r");
        send_on(g, snd, "r2");
        line(g, "atomic {");
        line(g, "    %s;", buf);
        line(g, "    %s;", snd);
        line(g, "};");
        n++;
    }
    if (p->do_recv_r2) {
        forced_op(g, "r2", 0, chance(g, 50) ? WRAP_HEAD : WRAP_LOCAL_HEAD);
        n++;
    }
    return n;
}

/* Print the channel operations p must contain; when it printed any, sets
 * prev_simple (d_step may follow a simple statement only). */
static void
forced_ops(gen *g, const proc *p)
{
    char buf[EXPR_LEN];
    int n = p->do_send_c + p->do_recv_c + p->do_send_r + p->do_recv_r;

    if (g->classes) {
        if (p->do_send_c)
            forced_op(g, "c", 1, p->wrap_c);
        if (p->do_recv_c)
            forced_op(g, "c", 0, p->wrap_c);
        if (p->do_send_r)
            forced_op(g, "r", 1, p->wrap_r);
        if (p->do_recv_r)
            forced_op(g, "r", 0, p->wrap_r);
        n += forced_links(g, p);
        if (n > 0)
            g->prev_simple = 0;
        return;
    }
    if (p->do_send_c) {
        buf[0] = '\0';
        send_stmt(g, buf, 0);
        line(g, "%s;", buf);
    }
    if (p->do_recv_c) {
        buf[0] = '\0';
        recv_stmt(g, buf, 0);
        line(g, "%s;", buf);
    }
    if (p->do_send_r) {
        buf[0] = '\0';
        send_stmt(g, buf, 1);
        line(g, "%s;", buf);
    }
    if (p->do_recv_r) {
        buf[0] = '\0';
        recv_stmt(g, buf, 1);
        line(g, "%s;", buf);
    }
    if (n > 0)
        g->prev_simple = 1;
}

static void
gen_proc(gen *g, const proc *p)
{
    int n = 1 + rnd(g, g->size), k, forced_at = rnd(g, n + 1);
    int labelled[MAX_LABELS], end_at = -1, server = chance(g, 25);
    int nlocals, ch;
    FILE *decl_out, *body;

    if (g->pure) {
        /* --classes, pure: the shapes without the noise around them */
        n = p->do_send_c + p->do_recv_c + p->do_send_r + p->do_recv_r
            + p->do_k + p->do_ak + p->do_read_a + p->do_relay
            + p->do_recv_r2 > 0 ? 0 : 1;
        forced_at = n;
        server = 0;
    }
    g->nloc = 0;
    g->ncounters = 0;
    g->nmid = 0;
    g->nlabels = 0;
    g->nend = 0;
    if (p->active && p->copies > 1)
        fprintf(g->out, "active [%d] proctype %s(", p->copies, p->name);
    else if (p->active)
        fprintf(g->out, "active proctype %s(", p->name);
    else
        fprintf(g->out, "proctype %s(", p->name);
    if (p->has_param) {
        fprintf(g->out, "byte p");
        add_var(g->loc, &g->nloc, "p", 2, 0, 1);
    }
    fprintf(g->out, ")\n{\n");
    g->indent = 1;
    nlocals = rnd(g, 3);
    for (k = 0; k < nlocals; k++) {
        char nm[8];
        int dom = 2 + rnd(g, 2), is_bool = chance(g, 20);
        snprintf(nm, sizeof nm, "l%d", k);
        if (is_bool) {
            line(g, "bool %s;", nm);
            dom = 2;
        } else if (chance(g, 30)) {
            line(g, "byte %s = %d;", nm, rnd(g, dom));
        } else {
            line(g, "byte %s;", nm);
        }
        add_var(g->loc, &g->nloc, nm, dom, is_bool, 0);
    }
    /* the body goes to a scratch file first: the loop counters it uses
     * must be declared before it */
    decl_out = g->out;
    body = tmpfile();
    if (body == NULL) {
        perror("genmodel: tmpfile");
        exit(1);
    }
    g->out = body;
    /* labels at top level, decided in advance so gotos can use them */
    for (k = 0; k < n && k < MAX_LABELS; k++) {
        labelled[k] = chance(g, 25);
        if (labelled[k])
            g->labels[g->nlabels++] = k;
    }
    if (n > 0 && chance(g, 30))
        end_at = rnd(g, n);
    if (server)
        line(g, "end_srv:");
    if (server) {
        line(g, "do");
        line(g, ":: true ->");
        g->indent++;
    }
    g->prev_simple = 1;
    for (k = 0; k < n; k++) {
        g->cur_top = k;
        if (k == forced_at)
            forced_ops(g, p);
        if (!server && (k > 0 || k == forced_at) && chance(g, 8) &&
            g->nmid < 2) {
            char nm[16], buf[EXPR_LEN] = "";
            snprintf(nm, sizeof nm, "t%d", g->nmid++);
            arith(g, buf, 1);
            line(g, "byte %s = (%s) %% 2;", nm, buf);
            add_var(g->loc, &g->nloc, nm, 2, 0, 0);
            g->prev_simple = 1;
        }
        if (k < MAX_LABELS && labelled[k])
            fprintf(g->out, "L%d:\n", k);
        if (k == end_at)
            fprintf(g->out, "end_%d:\n", g->nend++);
        if (g->ncounters >= 4) {
            char buf[EXPR_LEN] = "";
            assign(g, buf);
            line(g, "%s;", buf);
            continue;
        }
        stmt(g, 0, (server ? CTX_LOOP : 0) |
             (k < MAX_LABELS && labelled[k] ? CTX_LABEL : 0));
    }
    if (forced_at == n)
        forced_ops(g, p);
    if (server) {
        g->indent--;
        line(g, "od;");
    } else if (chance(g, 15)) {
        spin_local(g, 0);
    }
    if (g->has_stop && !server) {
        /* kept alive: no process death to make everything dependent */
        fprintf(g->out, "end_stop:\n");
        line(g, "stop;");
    }
    g->out = decl_out;
    for (k = 0; k < g->ncounters; k++)
        line(g, "byte i%d;", k);
    rewind(body);
    while ((ch = getc(body)) != EOF)
        putc(ch, g->out);
    fclose(body);
    g->indent = 0;
    fprintf(g->out, "}\n\n");
}

/* --classes, has_gc: the owner O of a local channel, which passes it on
 * through gc and ends; U, which takes it and uses it (maybe after O
 * died); L, run after O, whose local channel may get O's channel's id. */
static void
gen_gc_procs(gen *g)
{
    static const char *const own_tail[] = { NULL, "lc!1", "lc?_" };
    char buf[EXPR_LEN] = "";
    const char *gl = g->glob[0].name;   /* g0: a byte, domain >= 2 */
    int dom = g->glob[0].dom;

    g->nloc = 0;
    g->indent = 1;
    fprintf(g->out, "proctype O()\n{\n");
    line(g, "chan lc = [1] of { byte };");
    line(g, "gc!lc;");
    if (own_tail[g->own_tail] != NULL)
        line(g, "%s;", own_tail[g->own_tail]);
    fprintf(g->out, "}\n\nactive proctype U()\n{\n");
    line(g, "chan h;");
    line(g, "gc?h;");
    switch (g->gc_use) {
    case 0:
        line(g, "h!1;");
        break;
    case 1:
        recv_target(g, buf);
        line(g, "h?%s;", buf);
        break;
    case 2:
        line(g, "%s = len(h) %% %d;", gl, dom);
        break;
    default:
        line(g, "atomic {");
        line(g, "    h!1;");
        buf[0] = '\0';
        assign(g, buf);
        line(g, "    %s;", buf);
        line(g, "};");
        break;
    }
    fprintf(g->out, "}\n\nproctype L()\n{\n");
    line(g, "chan lm = [1] of { byte };");
    switch (g->late_tail) {
    case 0:
        line(g, "lm!1;");
        break;
    case 1:
        buf[0] = '\0';
        recv_target(g, buf);
        line(g, "lm?%s;", buf);
        break;
    case 2:
        line(g, "skip;");
        break;
    default:
        line(g, "%s = len(lm) %% %d;", gl, dom);
        break;
    }
    g->indent = 0;
    fprintf(g->out, "}\n\n");
}

static void
gen_init(gen *g)
{
    int k, c, use_atomic = chance(g, 50);
    char buf[EXPR_LEN];

    fprintf(g->out, "init\n{\n");
    g->indent = 1;
    g->nloc = 0;
    g->nlabels = 0;
    for (k = 0; k < g->nprocs && g->procs[k].active; k++)
        ;
    if (k == g->nprocs && g->has_gc)
        use_atomic = 0;         /* only O and L to run: no empty atomic */
    if (use_atomic) {
        line(g, "atomic {");
        g->indent++;
    }
    for (k = 0; k < g->nprocs; k++) {
        const proc *p = &g->procs[k];
        if (p->active)
            continue;
        for (c = 0; c < p->copies; c++) {
            if (p->has_param)
                line(g, "run %s(%d);", p->name, rnd(g, 2));
            else
                line(g, "run %s();", p->name);
        }
        if (!use_atomic && chance(g, 30)) {
            buf[0] = '\0';
            assign(g, buf);
            line(g, "%s;", buf);
        }
    }
    if (use_atomic) {
        g->indent--;
        line(g, "};");
    }
    if (g->has_gc) {
        /* L after O: O may be gone, and its channel id free again */
        line(g, "run O();");
        if (chance(g, 50))
            line(g, "_nr_pr < %d;", g->npids - 1);
        line(g, "run L();");
    }
    switch (rnd(g, 4)) {
    case 0:
        line(g, "_nr_pr == 1;");
        buf[0] = '\0';
        cat(buf, "assert(");
        cond(g, buf, 1);
        cat(buf, ")");
        line(g, "%s;", buf);
        break;
    case 1:
        line(g, "timeout;");
        buf[0] = '\0';
        assign(g, buf);
        line(g, "%s;", buf);
        break;
    case 2:
        buf[0] = '\0';
        guard(g, buf, 0);
        line(g, "%s;", buf);
        break;
    default:
        break;
    }
    g->indent = 0;
    fprintf(g->out, "}\n");
}

/* --classes: the shape of a forced channel operation; rarely none */
static int
pick_wrap(gen *g)
{
    return chance(g, 15) ? WRAP_NONE : 1 + rnd(g, WRAP_N - 1);
}

/* --classes: the three processes of a chain (distinct when there are
 * three) */
static void
plan_chain(gen *g)
{
    int first = rnd(g, g->nprocs);

    g->procs[first].do_k = 1;
    g->procs[(first + 1) % g->nprocs].do_ak = 1;
    g->procs[(first + 2) % g->nprocs].do_read_a = 1;
    /* k: an index into ka, written by another process than ka[k]'s */
    g->has_k = 1;
    g->kvar = g->nglob;
    add_var(g->glob, &g->nglob, "k", 2, 0, 0);
    g->glob[g->kvar].is_index = 1;
}

/* --classes: decide the new shapes, after the channels and the array.
 * sr, rr: the sender and the receiver of r (or -1). */
static void
plan_classes(gen *g, int sr, int rr)
{
    int k;

    if (chance(g, 60))
        plan_chain(g);
    for (k = 0; k < g->nprocs; k++) {
        g->procs[k].wrap_c = g->chan_cap ? pick_wrap(g) : 0;
        g->procs[k].wrap_r = g->has_rv ? pick_wrap(g) : 0;
    }
    if (g->has_rv && chance(g, 60)) {
        /* class 1 proper: the sender's atomic sequence ends at r!, the
         * receiver's starts at r? (maybe after a local step) */
        g->procs[sr].wrap_r = chance(g, 70) ? WRAP_TAIL : WRAP_MIDDLE;
        g->procs[rr].wrap_r = chance(g, 50) ? WRAP_HEAD : WRAP_LOCAL_HEAD;
    }
    if (g->has_rv && chance(g, 40)) {
        /* a chain of atomic sequences: sender -> rr (relay) -> final */
        int fin = (rr + 1 + rnd(g, g->nprocs - 1)) % g->nprocs;
        g->has_r2 = 1;
        g->procs[rr].do_recv_r = 0;
        g->procs[rr].do_relay = 1;
        g->procs[fin].do_recv_r2 = 1;
    }
    if (g->has_gc) {
        g->gc_use = rnd(g, 4);
        g->own_tail = rnd(g, 3);
        g->late_tail = rnd(g, 4);
    }
}

static void
gen_model(gen *g, long seed, int nprocs)
{
    int k, nb, runs = 0;
    int sc = -1, rc = -1, sr = -1, rr = -1;

    if (g->classes) {
        /* the shapes add processes: keep the spaces small */
        g->has_gc = chance(g, 30);
        if (g->has_gc && nprocs == 0)
            nprocs = 2;         /* U, O and L come on top */
        else if (nprocs == 0)
            nprocs = 2 + rnd(g, 2);
        g->has_wi = !g->has_gc && chance(g, 50);
        g->has_stop = chance(g, 50);
        g->pure = chance(g, 50);
    }
    /* processes first: the array length needs the number of pids */
    g->nprocs = nprocs > 0 ? nprocs : 2 + rnd(g, 3);
    if (g->nprocs > MAX_PROCS)
        g->nprocs = MAX_PROCS;
    g->npids = 0;
    for (k = 0; k < g->nprocs; k++) {
        proc *p = &g->procs[k];
        snprintf(p->name, sizeof p->name, "P%d", k);
        p->active = chance(g, 60);
        /* at most 4 process instances besides init: small spaces */
        p->copies = (g->npids + (g->nprocs - k) < 4 && chance(g, 25))
                    ? 2 : 1;
        if (g->classes)
            p->copies = 1;
        p->has_param = !p->active && chance(g, 70);
        p->do_send_c = p->do_recv_c = p->do_send_r = p->do_recv_r = 0;
        g->npids += p->copies;
        if (!p->active)
            runs++;
    }
    g->has_init = runs > 0 || g->has_gc;
    if (g->has_init)
        g->npids++;
    if (g->has_gc)
        g->npids += 3;          /* U, O, L */
    g->npids += g->has_wi;

    /* globals */
    g->nglob = 0;
    nb = 1 + rnd(g, 3);
    for (k = 0; k < nb; k++) {
        char nm[8];
        snprintf(nm, sizeof nm, "g%d", k);
        add_var(g->glob, &g->nglob, nm, 2 + rnd(g, 2), 0, 0);
    }
    if (chance(g, 40))
        add_var(g->glob, &g->nglob, "f", 2, 1, 0);
    if (chance(g, 15))
        add_var(g->glob, &g->nglob, "s", 3, 0, 0);
    if (chance(g, 10))
        add_var(g->glob, &g->nglob, "bt", 2, 1, 0);
    g->arr_len = chance(g, 40) ? g->npids : 0;
    g->chan_cap = chance(g, 40) ? 1 + rnd(g, 2) : 0;
    g->has_rv = chance(g, 30);
    if (g->classes) {
        /* the classes need rendezvous and arrays more often */
        if (!g->has_rv)
            g->has_rv = chance(g, 50);
        if (!g->arr_len && chance(g, 40))
            g->arr_len = g->npids;
    }

    /* make channels usable: a sender and a receiver in two processes */
    if (g->chan_cap) {
        sc = rnd(g, g->nprocs);
        rc = rnd(g, g->nprocs);
        g->procs[sc].do_send_c = 1;
        g->procs[rc].do_recv_c = 1;
    }
    if (g->has_rv) {
        sr = rnd(g, g->nprocs);
        rr = (sr + 1 + rnd(g, g->nprocs - 1)) % g->nprocs;
        g->procs[sr].do_send_r = 1;
        g->procs[rr].do_recv_r = 1;
    }
    if (g->classes)
        plan_classes(g, sr, rr);

    fprintf(g->out, "/* genmodel --seed %ld --procs %d --size %d%s */\n",
            seed, g->nprocs, g->size, g->classes ? " --classes" : "");
    for (k = 0; k < g->nglob; k++) {
        const var *v = &g->glob[k];
        if (strcmp(v->name, "f") == 0)
            fprintf(g->out, "bool f;\n");
        else if (strcmp(v->name, "s") == 0)
            fprintf(g->out, "short s;\n");
        else if (strcmp(v->name, "bt") == 0)
            fprintf(g->out, "bit bt;\n");
        else if (chance(g, 25))
            fprintf(g->out, "byte %s = %d;\n", v->name, rnd(g, v->dom));
        else
            fprintf(g->out, "byte %s;\n", v->name);
    }
    if (g->arr_len)
        fprintf(g->out, "byte a[%d];\n", g->arr_len);
    if (g->chan_cap)
        fprintf(g->out, "chan c = [%d] of { byte };\n", g->chan_cap);
    if (g->has_rv)
        fprintf(g->out, "chan r = [0] of { byte };\n");
    if (g->classes)
        fprintf(g->out, "byte w;\n");
    if (g->has_stop)
        fprintf(g->out, "byte stop;\n");
    if (g->has_k)
        fprintf(g->out, "byte ka[2];\n");
    if (g->has_r2)
        fprintf(g->out, "chan r2 = [0] of { byte };\n");
    if (g->has_gc)
        fprintf(g->out, "chan gc = [1] of { chan };\n");
    fprintf(g->out, "\n");
    for (k = 0; k < g->nprocs; k++) {
        g->cur_tag = k + 1;
        gen_proc(g, &g->procs[k]);
    }
    if (g->has_wi)
        fprintf(g->out, "active proctype W()\n{\n    w = 7;\n}\n\n");
    if (g->has_gc)
        gen_gc_procs(g);
    if (g->has_init)
        gen_init(g);
}

static void
usage(FILE *f)
{
    fprintf(f, "usage: genmodel --seed N [--procs K] [--size S] "
               "[--classes]\n"
               "Print a random tier-1 Promela model (K: 2-4 processes, "
               "default random;\nS: statements per process, default 3, "
               "2 with --classes: the shapes of issue 9 too).\n");
}

static int
parse_num(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v;

    if (s == NULL || *s == '\0')
        return -1;
    v = strtol(s, &end, 10);
    if (*end != '\0' || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int
main(int argc, char **argv)
{
    gen g;
    long seed = -1, procs = 0, size = -1;
    int k;

    memset(&g, 0, sizeof g);
    for (k = 1; k < argc; k++) {
        const char *a = argv[k];
        const char *val = k + 1 < argc ? argv[k + 1] : NULL;
        long *dst;
        long lo, hi;
        if (strcmp(a, "--classes") == 0) {
            g.classes = 1;
            continue;
        }
        if (strcmp(a, "--seed") == 0) {
            dst = &seed, lo = 0, hi = 2147483647L;
        } else if (strcmp(a, "--procs") == 0) {
            dst = &procs, lo = 2, hi = MAX_PROCS;
        } else if (strcmp(a, "--size") == 0) {
            dst = &size, lo = 1, hi = 12;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
        if (parse_num(val, lo, hi, dst) != 0) {
            fprintf(stderr, "genmodel: bad value for %s\n", a);
            return 2;
        }
        k++;
    }
    if (seed < 0) {
        usage(stderr);
        return 2;
    }
    g.rng = (uint64_t)seed * 0x2545f4914f6cdd1dull + 1;
    rnd64(&g);
    g.out = stdout;
    if (size < 0)
        size = g.classes ? 2 : 3;   /* --classes: less noise around the
                                       shapes */
    g.size = (int)size;
    gen_model(&g, seed, (int)procs);
    return 0;
}
