/*
 * tests/gen/gen_stmt.c -- the statements of tests/gen/genmodel (see
 * genmodel.c for what a model may contain): the random stream, output,
 * variables, expressions, simple and compound statements.
 */
#include "config.h"

#include "tests/gen/gen_int.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random numbers (splitmix64) ------------------------------------- */

uint64_t
gen_rnd64(gen *g)
{
    uint64_t z = (g->rng += 0x9e3779b97f4a7c15ull);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A number in 0 .. n-1 (n > 0). */
int
gen_rnd(gen *g, int n)
{
    return (int)(gen_rnd64(g) % (uint64_t)n);
}

/* True with probability pct percent. */
int
gen_chance(gen *g, int pct)
{
    return gen_rnd(g, 100) < pct;
}

/* ---- output ------------------------------------------------------------ */

void
gen_line(gen *g, const char *fmt, ...)
{
    va_list ap;

    fprintf(g->out, "%*s", 4 * g->indent, "");
    va_start(ap, fmt);
    vfprintf(g->out, fmt, ap);
    va_end(ap);
    fputc('\n', g->out);
}

/* Append printf-style text to buf (size EXPR_LEN), truncating safely. */
void
gen_cat(char *buf, const char *fmt, ...)
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

void
gen_add_var(var *tab, int *n, const char *name, int dom, int is_bool,
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
    int k = gen_rnd(g, total);

    if (k < g->nglob) {
        gen_cat(buf, "%s", g->glob[k].name);
        return g->glob[k].dom;
    }
    k -= g->nglob;
    if (k < g->nloc) {
        gen_cat(buf, "%s", g->loc[k].name);
        return g->loc[k].dom;
    }
    if (g->has_k && gen_chance(g, 35))
        gen_cat(buf, "a[k]");   /* k < 2 <= arr_len */
    else if (gen_chance(g, 60))
        gen_cat(buf, "a[_pid]");
    else if (gen_chance(g, 50))
        gen_cat(buf, "a[(_pid + 1) %% %d]", g->arr_len);
    else
        gen_cat(buf, "a[%d]", gen_rnd(g, g->arr_len));
    return 2;
}

/* ---- expressions --------------------------------------------------------- */


/* An integer expression (int-valued; may be negative). */
void
gen_arith(gen *g, char *buf, int depth)
{
    int k = depth <= 0 ? gen_rnd(g, 4) : gen_rnd(g, 13);

    switch (k) {
    case 0:
    case 1:
    case 2:
        pick_read(g, buf);
        break;
    case 3:
        gen_cat(buf, "%d", gen_rnd(g, 3));
        break;
    case 4:
    case 5:
        gen_cat(buf, "(");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, " + ");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    case 6:
        gen_cat(buf, "(");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, " - ");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    case 7:
        gen_cat(buf, "(");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, " * ");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    case 8:
        gen_cat(buf, "(");
        gen_cond(g, buf, depth - 1);
        gen_cat(buf, " -> ");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, " : ");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    case 9: {
        static const char *const ops[] = { "&", "|", "^" };
        gen_cat(buf, "(");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, " %s ", ops[gen_rnd(g, 3)]);
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    }
    case 10:
        gen_cat(buf, "(");
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, gen_rnd(g, 2) ? " >> 1)" : " << 1)");
        break;
    case 11:
        if (g->chan_cap) {
            gen_cat(buf, "len(c)");
            break;
        }
        /* fall through */
    default:
        if (gen_chance(g, 30))
            gen_cat(buf, "_nr_pr");
        else
            pick_read(g, buf);
        break;
    }
}

/* A condition (0 or 1). */
void
gen_cond(gen *g, char *buf, int depth)
{
    static const char *const rel[] = { "==", "!=", "<", "<=", ">", ">=" };
    int k = depth <= 0 ? gen_rnd(g, 2) : gen_rnd(g, 6);

    switch (k) {
    case 0:
    case 1:
    case 2: {
        int d;
        d = pick_read(g, buf);
        gen_cat(buf, " %s %d", rel[gen_rnd(g, 6)], gen_rnd(g, d + 1));
        break;
    }
    case 3:
        gen_arith(g, buf, depth - 1);
        gen_cat(buf, " %s ", rel[gen_rnd(g, 6)]);
        gen_arith(g, buf, depth - 1);
        break;
    case 4:
        gen_cat(buf, "(");
        gen_cond(g, buf, depth - 1);
        gen_cat(buf, gen_rnd(g, 2) ? " && " : " || ");
        gen_cond(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    default:
        gen_cat(buf, "!(");
        gen_cond(g, buf, depth - 1);
        gen_cat(buf, ")");
        break;
    }
}

/* ---- simple statements ------------------------------------------------- */

/* An assignment to an index variable (--classes' k): its value stays in
 * 0 .. dom-1, maybe taken from another global (a chain of dependency
 * through several objects). */
void
gen_index_assign(gen *g, char *buf, const var *v)
{
    int k, n = 0, idx[MAX_VARS];

    for (k = 0; k < g->nglob; k++)
        if (g->glob[k].name[0] == 'g')      /* bytes: never negative */
            idx[n++] = k;
    switch (gen_rnd(g, 4)) {
    case 0:
        gen_cat(buf, "%s = (%s + 1) %% %d", v->name, v->name, v->dom);
        break;
    case 1:
        gen_cat(buf, "%s = %d", v->name, 1 + gen_rnd(g, v->dom - 1));
        break;
    case 2:
        if (n > 0) {
            gen_cat(buf, "%s = %s %% %d", v->name,
                g->glob[idx[gen_rnd(g, n)]].name, v->dom);
            break;
        }
        /* fall through */
    default:
        gen_cat(buf, "%s = (", v->name);
        gen_cond(g, buf, 1);
        gen_cat(buf, " -> 1 : 0)");
        break;
    }
}

/* An assignment to a writable variable, bounded by its domain. */
void
gen_assign(gen *g, char *buf)
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
    k = idx[gen_rnd(g, nw)];
    if (k == 2 * MAX_VARS) {
        const char *ix;
        int r;
        if (g->has_k && gen_chance(g, 40))
            ix = "k";           /* k < 2 <= arr_len */
        else
            ix = gen_chance(g, 70) ? "_pid" : "0";
        r = gen_rnd(g, 3);
        if (r == 0)
            gen_cat(buf, "a[%s] = (a[%s] + 1) %% 2", ix, ix);
        else if (r == 1)
            gen_cat(buf, "a[%s] = %d", ix, gen_rnd(g, 2));
        else {
            gen_cat(buf, "a[%s] = (", ix);
            gen_arith(g, buf, 1);
            gen_cat(buf, ") %% 2");
        }
        return;
    }
    v = k >= MAX_VARS ? &g->loc[k - MAX_VARS] : &g->glob[k];
    if (v->is_index) {
        gen_index_assign(g, buf, v);
        return;
    }
    if (v->is_bool) {
        if (gen_chance(g, 40)) {
            gen_cat(buf, "%s = !%s", v->name, v->name);
        } else {
            gen_cat(buf, "%s = (", v->name);
            gen_cond(g, buf, 1);
            gen_cat(buf, ")");
        }
        return;
    }
    switch (gen_rnd(g, 5)) {
    case 0:
    case 1:
        gen_cat(buf, "%s = (%s + 1) %% %d", v->name, v->name, v->dom);
        break;
    case 2:
        gen_cat(buf, "%s = %d", v->name, gen_rnd(g, v->dom));
        break;
    default:
        gen_cat(buf, "%s = (", v->name);
        gen_arith(g, buf, 2);
        gen_cat(buf, ") %% %d", v->dom);
        break;
    }
}

/* A writable byte variable for a receive; writes its name. */
void
gen_recv_target(gen *g, char *buf)
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
        gen_cat(buf, "_");
        return;
    }
    k = idx[gen_rnd(g, n)];
    gen_cat(buf, "%s",
        k >= MAX_VARS ? g->loc[k - MAX_VARS].name : g->glob[k].name);
}

/* A send on channel ch of a value 0 or 1 (as a byte). */
void
gen_send_on(gen *g, char *buf, const char *ch)
{
    gen_cat(buf, "%s!", ch);
    if (g->chanops && gen_chance(g, 30))
        gen_cat(buf, "!");      /* c!!e: sorted */
    if (gen_chance(g, 50))
        gen_cat(buf, "%d", gen_rnd(g, 2));
    else {
        gen_cat(buf, "((");
        gen_arith(g, buf, 1);
        gen_cat(buf, ") %% 2)");
    }
}

void
gen_send_stmt(gen *g, char *buf, int rv)
{
    gen_send_on(g, buf, rv ? "r" : "c");
}

void
gen_recv_on(gen *g, char *buf, const char *ch)
{
    int copy = 0;

    gen_cat(buf, "%s?", ch);
    if (g->chanops) {           /* c??e, c?<e>, c??<e> (not on r) */
        int k = gen_rnd(g, 10);
        if (k < 3 || (k < 5 && strcmp(ch, "c") == 0))
            gen_cat(buf, "?");
        if (k >= 3 && k < 6 && strcmp(ch, "c") == 0) {
            gen_cat(buf, "<");
            copy = 1;
        }
    }
    switch (gen_rnd(g, 6)) {
    case 0:
        gen_cat(buf, "_");
        break;
    case 1:
        gen_cat(buf, "%d", gen_rnd(g, 2));
        break;
    case 2:
        gen_cat(buf, "eval(");
        pick_read(g, buf);
        gen_cat(buf, ")");
        break;
    default:
        gen_recv_target(g, buf);
        break;
    }
    if (copy)
        gen_cat(buf, ">");
}

void
gen_recv_stmt(gen *g, char *buf, int rv)
{
    gen_recv_on(g, buf, rv ? "r" : "c");
}

/* A statement that never blocks and does not jump (d_step bodies). */
static void
calm_stmt(gen *g, char *buf)
{
    int k = gen_rnd(g, 10);

    if (k < 7)
        gen_assign(g, buf);
    else if (k < 8) {
        gen_cat(buf, "assert(");
        gen_cond(g, buf, 1);
        gen_cat(buf, ")");
    } else if (k < 9)
        gen_cat(buf, "skip");
    else
        gen_cat(buf, "printf(\"%%d\\n\", %s)",
                g->nglob ? g->glob[0].name : "0");
}

/* A guard: a statement that may block.  allow_rv: rendezvous operations
 * allowed; ctx: where it is. */
void
gen_guard(gen *g, char *buf, unsigned ctx)
{
    int k = gen_rnd(g, 20);

    if (ctx & CTX_NOIO)
        ctx |= CTX_DSTEP;       /* the same restriction, for this guard */
    if (k < 9) {
        gen_cond(g, buf, 1);
    } else if (k < 11 && g->chan_cap && !(ctx & CTX_DSTEP)) {
        gen_recv_stmt(g, buf, 0);
    } else if (k < 12 && g->chan_cap && !(ctx & CTX_DSTEP)) {
        gen_send_stmt(g, buf, 0);
    } else if (k < 13 && g->chan_cap && !(ctx & CTX_DSTEP)) {
        static const char *const f[] = {
            "full(c)", "nfull(c)", "empty(c)", "nempty(c)", "len(c) > 0"
        };
        if (g->chanops && gen_chance(g, 50)) {  /* c?[e], c??[e] */
            gen_cat(buf, "%sc?%s[", gen_chance(g, 25) ? "!" : "",
                    gen_chance(g, 50) ? "?" : "");
            if (gen_chance(g, 25))
                gen_cat(buf, "_]");
            else
                gen_cat(buf, "%d]", gen_rnd(g, 2));
        } else {
            gen_cat(buf, "%s", f[gen_rnd(g, 5)]);
        }
    } else if (k < 14 && g->has_rv && !(ctx & CTX_DSTEP)) {
        if (gen_rnd(g, 2))
            gen_send_stmt(g, buf, 1);
        else
            gen_recv_stmt(g, buf, 1);
    } else if (k < 15 && !(ctx & CTX_DSTEP)) {
        gen_cat(buf, "timeout");
    } else if (k < 16) {
        gen_cat(buf, "_nr_pr %s %d", gen_chance(g, 50) ? "<=" : "==",
            1 + gen_rnd(g, g->npids));
    } else {
        gen_assign(g, buf);
    }
}

/* ---- compound statements ---------------------------------------------- */

static void seq(gen *g, int n, int depth, unsigned ctx);

/* One option ":: guard; stmts" of an if or do. */
static void
option(gen *g, int depth, unsigned ctx, int is_else)
{
    char buf[EXPR_LEN] = "";
    int n;

    if (is_else)
        gen_cat(buf, "else");
    else
        gen_guard(g, buf, ctx);
    ctx &= ~CTX_NOIO;
    n = gen_rnd(g, 2 + (g->size > 3));
    gen_line(g, ":: %s%s", buf, n ? " ->" : ";");
    g->prev_simple = 1;
    g->indent++;
    seq(g, n, depth + 1, ctx);
    g->indent--;
}

static void
if_stmt(gen *g, int depth, unsigned ctx)
{
    int n = 1 + gen_rnd(g, 3), k, has_else = gen_chance(g, 40);

    if (ctx & CTX_DSTEP)
        has_else = 1;
    gen_line(g, "if");
    for (k = 0; k < n; k++)
        option(g, depth, ctx | (has_else ? CTX_NOIO : 0), 0);
    if (has_else)
        option(g, depth, ctx, 1);
    gen_line(g, "fi;");
}

/* do loops: bounded with a counter, or unbounded (maybe without break). */
static void
do_stmt(gen *g, int depth, unsigned ctx)
{
    int n, k;
    char buf[EXPR_LEN] = "";

    if ((gen_chance(g, 45) || (ctx & CTX_ATOMIC)) && g->ncounters < 4 &&
        g->nloc < MAX_VARS) {
        /* bounded: i = 0; do :: i < K -> body; i++ :: else -> break od */
        char ctr[16];
        int bound = 1 + gen_rnd(g, 2);
        snprintf(ctr, sizeof ctr, "i%d", g->ncounters++);
        gen_add_var(g->loc, &g->nloc, ctr, bound + 1, 0, 1);
        gen_line(g, "%s = 0;", ctr);
        gen_line(g, "do");
        gen_line(g, ":: %s < %d ->", ctr, bound);
        g->indent++;
        seq(g, 1 + gen_rnd(g, 2), depth + 1, ctx | CTX_LOOP);
        gen_line(g, "%s++;", ctr);
        g->indent--;
        if (gen_chance(g, 50))
            gen_line(g, ":: else -> break;");
        else
            gen_line(g, ":: %s >= %d -> break;", ctr, bound);
        gen_line(g, "od;");
        return;
    }
    if (ctx & CTX_ATOMIC) {
        /* no unbounded loops in atomic: pan would unroll them for ever */
        if_stmt(g, depth, ctx);
        return;
    }
    gen_line(g, "do");
    n = 1 + gen_rnd(g, 2);
    for (k = 0; k < n; k++)
        option(g, depth, ctx | CTX_LOOP, 0);
    if (gen_chance(g, 70)) {
        if (gen_chance(g, 50)) {
            gen_cond(g, buf, 1);
            gen_line(g, ":: %s -> break;", buf);
        } else {
            gen_line(g, ":: break;");
        }
    }
    gen_line(g, "od;");
}

/* A process spinning on local steps, maybe until a condition holds
 * (always with an exit when must_exit). */
void
gen_spin_local(gen *g, int must_exit)
{
    int k, n = 0, idx[MAX_VARS];
    char buf[EXPR_LEN] = "";

    for (k = 0; k < g->nloc; k++)
        if (!g->loc[k].readonly)
            idx[n++] = k;
    if (n == 0) {
        gen_line(g, "skip;");
        return;
    }
    k = idx[gen_rnd(g, n)];
    gen_line(g, "do");
    if (g->loc[k].is_bool)
        gen_line(g, ":: %s = !%s;", g->loc[k].name, g->loc[k].name);
    else
        gen_line(g, ":: %s = (%s + 1) %% %d;", g->loc[k].name, g->loc[k].name,
             g->loc[k].dom);
    if (gen_chance(g, 60) || must_exit) {
        gen_cond(g, buf, 1);
        gen_line(g, ":: %s -> break;", buf);
    }
    gen_line(g, "od;");
}

static void
atomic_stmt(gen *g, int depth, unsigned ctx)
{
    char buf[EXPR_LEN] = "";
    int n = 1 + gen_rnd(g, 3), k;

    gen_line(g, "atomic {");
    g->indent++;
    gen_guard(g, buf, ctx | CTX_ATOMIC);
    gen_line(g, "%s;", buf);
    g->prev_simple = 1;
    for (k = 0; k < n; k++) {
        buf[0] = '\0';
        if (gen_chance(g, 35)) {
            gen_guard(g, buf, ctx | CTX_ATOMIC);       /* may block half way */
            gen_line(g, "%s;", buf);
            g->prev_simple = 1;
        } else if (gen_chance(g, 20) && depth < 2) {
            gen_stmt(g, depth + 1, (ctx | CTX_ATOMIC | CTX_NOJUMP) & ~CTX_LOOP);
        } else {
            calm_stmt(g, buf);
            gen_line(g, "%s;", buf);
            g->prev_simple = 1;
        }
    }
    g->indent--;
    gen_line(g, "};");
}

static void
dstep_stmt(gen *g, int depth, unsigned ctx)
{
    char buf[EXPR_LEN] = "";
    int n = 1 + gen_rnd(g, 3), k;

    (void)ctx;
    gen_line(g, "d_step {");
    g->indent++;
    if (gen_chance(g, 50)) {
        gen_cond(g, buf, 1);
        gen_line(g, "%s;", buf);
    }
    for (k = 0; k < n; k++) {
        buf[0] = '\0';
        if (gen_chance(g, 20) && depth < 2) {
            if_stmt(g, depth + 1, CTX_DSTEP | CTX_NOJUMP);
        } else {
            calm_stmt(g, buf);
            gen_line(g, "%s;", buf);
        }
    }
    g->indent--;
    gen_line(g, "};");
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
void
gen_stmt(gen *g, int depth, unsigned ctx)
{
    char buf[EXPR_LEN] = "";
    int k = gen_rnd(g, 100);
    unsigned sub = ctx & ~CTX_LABEL;    /* for nested statements */

    if (ctx & CTX_DSTEP) {
        if (depth < 3 && gen_chance(g, 15)) {
            if_stmt(g, depth, ctx);
        } else {
            calm_stmt(g, buf);
            gen_line(g, "%s;", buf);
        }
        return;
    }
    if (depth >= 2 && k >= 55)
        k = gen_rnd(g, 55);
    if (k < 22) {
        gen_assign(g, buf);
    } else if (k < 36) {
        gen_guard(g, buf, ctx);
    } else if (k < 41) {
        gen_cat(buf, "assert(");
        gen_cond(g, buf, 1);
        gen_cat(buf, ")");
    } else if (k < 43) {
        calm_stmt(g, buf);
    } else if (k < 47 && !(ctx & (CTX_NOJUMP | CTX_LABEL)) &&
               goto_target(g) >= 0) {
        gen_cat(buf, "goto L%d", goto_target(g));
    } else if (k < 50 && (ctx & CTX_LOOP)) {
        gen_cat(buf, "break");
    } else if (k < 52 && g->nloc > 0) {
        int v = gen_rnd(g, g->nloc);
        if (g->loc[v].readonly || g->loc[v].is_bool || g->loc[v].dom > 3) {
            gen_assign(g, buf);
        } else {
            gen_cat(buf, "select (%s : 0 .. %d)", g->loc[v].name,
                g->loc[v].dom - 1);
        }
    } else if (k < 55) {
        gen_cat(buf, "printf(\"p%%d\\n\", _pid)");
    } else if (k < 68) {
        if_stmt(g, depth, sub);
        g->prev_simple = 0;
        return;
    } else if (k < 80) {
        do_stmt(g, depth, sub);
        g->prev_simple = 0;
        return;
    } else if (k < 84 && !(ctx & CTX_ATOMIC)) {
        gen_spin_local(g, gen_chance(g, 50));
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
    gen_line(g, "%s;", buf);
    g->prev_simple = 1;
}

static void
seq(gen *g, int n, int depth, unsigned ctx)
{
    int k;

    for (k = 0; k < n; k++)
        gen_stmt(g, depth, ctx);
}
