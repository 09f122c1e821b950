/*
 * tests/gen/genmodel.c -- seeded random generator of small tier-1 Promela
 * models, for the differential tests (tests/diff/spin-diff.sh compares
 * spore with SPIN, tests/diff/por-diff.sh compares every --por mode with
 * --por=none).
 *
 * Usage: genmodel --seed N [--procs K] [--size S] [--classes] [--ltl]
 *                 [--chanops]
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
 * --ltl (tests/diff/ltl-diff.sh) appends one `ltl prop { ... }' block
 * over the global scalars, in one of the shapes []p, <>p, []<>p, <>[]p,
 * p U q, [](p -> <>q) (p, q: comparisons of globals, maybe negated or
 * joined by && / ||), and names about half of the labelled top-level
 * statements `progress_K' too (for -l).  The random numbers of the
 * property are drawn after the whole model is written and the progress
 * labels draw none, so the model text before the block is the model of
 * the same seed without --ltl plus those labels; without --ltl every
 * seed gives the same text as before.
 *
 * --chanops (issue 13) makes some sends of c and r sorted (c!!e), some
 * receives random (c??e), copies (c?<e>, c??<e>: c only, never the
 * rendezvous r) and some channel tests polls (c?[e], c??[e]).  Without
 * it no random number is drawn for them: every seed gives the same
 * model as before.
 *
 * Exit status: 0, or 2 on a usage error.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/gen/gen_int.h"

/* The statements, expressions and the random stream are in gen_stmt.c;
 * the types shared with it in gen_int.h. */

/* ---- processes ------------------------------------------------------- */

/* The statement in a --classes wrapper: a witness write w = tag, an
 * assertion that the last write to w was not another process's (it
 * fails only when that write came last: an order a reduction must not
 * lose), or a random assertion or assignment. */
static void
wrap_filler(gen *g, int after)
{
    char buf[EXPR_LEN] = "";
    int k = gen_rnd(g, 10);

    /* before the op mostly writes, after it mostly asserts: the shape
     * of class 1 (x = 1; c!1 | c?v; assert(x != 7) | x = 7) */
    if (after)
        k = (k + 4) % 10;
    if (k < 5) {
        gen_line(g, "w = %d;", g->cur_tag);
        return;
    }
    if (k < 8) {
        int n = g->nprocs - 1 + g->has_wi, t = gen_rnd(g, n > 0 ? n : 1) + 1;
        if (t >= g->cur_tag)
            t++;                /* another process's tag ... */
        if (t > g->nprocs || (g->has_wi && gen_chance(g, 40)))
            t = 7;              /* ... or W's */
        gen_line(g, "assert(w != %d);", t);
        return;
    }
    if (gen_chance(g, 50)) {
        gen_cat(buf, "assert(");
        gen_cond(g, buf, 1);
        gen_cat(buf, ")");
    } else {
        gen_assign(g, buf);
    }
    gen_line(g, "%s;", buf);
}

/* Print the send or receive op in the shape wrap (WRAP_*): a partner at
 * the start of an atomic sequence, reached by a local step, or an atomic
 * sequence that blocks half way at op. */
static void
wrapped_op(gen *g, const char *op, int wrap)
{
    if (wrap == WRAP_NONE) {
        gen_line(g, "%s;", op);
        return;
    }
    if (wrap == WRAP_LOCAL_HEAD)
        gen_line(g, "skip;");
    gen_line(g, "atomic {");
    g->indent++;
    if (wrap == WRAP_TAIL || wrap == WRAP_MIDDLE)
        wrap_filler(g, 0);
    gen_line(g, "%s;", op);
    if (wrap != WRAP_TAIL)
        wrap_filler(g, 1);
    g->indent--;
    gen_line(g, "};");
}

/* One forced channel operation (send when is_send) on ch, wrapped. */
static void
forced_op(gen *g, const char *ch, int is_send, int wrap)
{
    char buf[EXPR_LEN] = "";

    if (is_send)
        gen_send_on(g, buf, ch);
    else
        gen_recv_on(g, buf, ch);
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
        gen_index_assign(g, buf, &g->glob[g->kvar]);
        gen_line(g, "%s;", buf);
        n++;
    }
    if (p->do_ak) {
        gen_line(g, "%s", gen_chance(g, 60) ? "ka[k] = 1;"
                                    : "ka[k] = (ka[k] + 1) % 2;");
        n++;
    }
    if (p->do_read_a) {
        gen_line(g, "assert(ka[%d] == 0);", gen_chance(g, 75) ? 1 : 0);
        n++;
    }
    if (p->do_relay) {
        /* the chain passes control on through r2 */
        buf[0] = '\0';
        gen_recv_on(g, buf, "r");
        gen_send_on(g, snd, "r2");
        gen_line(g, "atomic {");
        gen_line(g, "    %s;", buf);
        gen_line(g, "    %s;", snd);
        gen_line(g, "};");
        n++;
    }
    if (p->do_recv_r2) {
        forced_op(g, "r2", 0, gen_chance(g, 50) ? WRAP_HEAD : WRAP_LOCAL_HEAD);
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
        gen_send_stmt(g, buf, 0);
        gen_line(g, "%s;", buf);
    }
    if (p->do_recv_c) {
        buf[0] = '\0';
        gen_recv_stmt(g, buf, 0);
        gen_line(g, "%s;", buf);
    }
    if (p->do_send_r) {
        buf[0] = '\0';
        gen_send_stmt(g, buf, 1);
        gen_line(g, "%s;", buf);
    }
    if (p->do_recv_r) {
        buf[0] = '\0';
        gen_recv_stmt(g, buf, 1);
        gen_line(g, "%s;", buf);
    }
    if (n > 0)
        g->prev_simple = 1;
}

static void
gen_proc(gen *g, const proc *p)
{
    int n = 1 + gen_rnd(g, g->size), k, forced_at = gen_rnd(g, n + 1);
    int labelled[MAX_LABELS], end_at = -1, server = gen_chance(g, 25);
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
        gen_add_var(g->loc, &g->nloc, "p", 2, 0, 1);
    }
    fprintf(g->out, ")\n{\n");
    g->indent = 1;
    nlocals = gen_rnd(g, 3);
    for (k = 0; k < nlocals; k++) {
        char nm[16];
        int dom = 2 + gen_rnd(g, 2), is_bool = gen_chance(g, 20);
        snprintf(nm, sizeof nm, "l%d", k);
        if (is_bool) {
            gen_line(g, "bool %s;", nm);
            dom = 2;
        } else if (gen_chance(g, 30)) {
            gen_line(g, "byte %s = %d;", nm, gen_rnd(g, dom));
        } else {
            gen_line(g, "byte %s;", nm);
        }
        gen_add_var(g->loc, &g->nloc, nm, dom, is_bool, 0);
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
        labelled[k] = gen_chance(g, 25);
        if (labelled[k])
            g->labels[g->nlabels++] = k;
    }
    if (n > 0 && gen_chance(g, 30))
        end_at = gen_rnd(g, n);
    if (server)
        gen_line(g, "end_srv:");
    if (server) {
        gen_line(g, "do");
        gen_line(g, ":: true ->");
        g->indent++;
    }
    g->prev_simple = 1;
    for (k = 0; k < n; k++) {
        g->cur_top = k;
        if (k == forced_at)
            forced_ops(g, p);
        if (!server && (k > 0 || k == forced_at) && gen_chance(g, 8) &&
            g->nmid < 2) {
            char nm[16], buf[EXPR_LEN] = "";
            snprintf(nm, sizeof nm, "t%d", g->nmid++);
            gen_arith(g, buf, 1);
            gen_line(g, "byte %s = (%s) %% 2;", nm, buf);
            gen_add_var(g->loc, &g->nloc, nm, 2, 0, 0);
            g->prev_simple = 1;
        }
        if (k < MAX_LABELS && labelled[k])
            fprintf(g->out, "L%d:\n", k);
        /* --ltl: a progress label, decided without a random draw */
        if (g->ltl && k < MAX_LABELS && labelled[k] &&
            (g->seed + g->cur_tag * 3 + k) % 2 == 0)
            fprintf(g->out, "progress_%d:\n", k);
        if (k == end_at)
            fprintf(g->out, "end_%d:\n", g->nend++);
        if (g->ncounters >= 4) {
            char buf[EXPR_LEN] = "";
            gen_assign(g, buf);
            gen_line(g, "%s;", buf);
            continue;
        }
        gen_stmt(g, 0, (server ? CTX_LOOP : 0) |
             (k < MAX_LABELS && labelled[k] ? CTX_LABEL : 0));
    }
    if (forced_at == n)
        forced_ops(g, p);
    if (server) {
        g->indent--;
        gen_line(g, "od;");
    } else if (gen_chance(g, 15)) {
        gen_spin_local(g, 0);
    }
    if (g->has_stop && !server) {
        /* kept alive: no process death to make everything dependent */
        fprintf(g->out, "end_stop:\n");
        gen_line(g, "stop;");
    }
    g->out = decl_out;
    for (k = 0; k < g->ncounters; k++)
        gen_line(g, "byte i%d;", k);
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
    gen_line(g, "chan lc = [1] of { byte };");
    gen_line(g, "gc!lc;");
    if (own_tail[g->own_tail] != NULL)
        gen_line(g, "%s;", own_tail[g->own_tail]);
    fprintf(g->out, "}\n\nactive proctype U()\n{\n");
    gen_line(g, "chan h;");
    gen_line(g, "gc?h;");
    switch (g->gc_use) {
    case 0:
        gen_line(g, "h!1;");
        break;
    case 1:
        gen_recv_target(g, buf);
        gen_line(g, "h?%s;", buf);
        break;
    case 2:
        gen_line(g, "%s = len(h) %% %d;", gl, dom);
        break;
    default:
        gen_line(g, "atomic {");
        gen_line(g, "    h!1;");
        buf[0] = '\0';
        gen_assign(g, buf);
        gen_line(g, "    %s;", buf);
        gen_line(g, "};");
        break;
    }
    fprintf(g->out, "}\n\nproctype L()\n{\n");
    gen_line(g, "chan lm = [1] of { byte };");
    switch (g->late_tail) {
    case 0:
        gen_line(g, "lm!1;");
        break;
    case 1:
        buf[0] = '\0';
        gen_recv_target(g, buf);
        gen_line(g, "lm?%s;", buf);
        break;
    case 2:
        gen_line(g, "skip;");
        break;
    default:
        gen_line(g, "%s = len(lm) %% %d;", gl, dom);
        break;
    }
    g->indent = 0;
    fprintf(g->out, "}\n\n");
}

static void
gen_init(gen *g)
{
    int k, c, use_atomic = gen_chance(g, 50);
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
        gen_line(g, "atomic {");
        g->indent++;
    }
    for (k = 0; k < g->nprocs; k++) {
        const proc *p = &g->procs[k];
        if (p->active)
            continue;
        for (c = 0; c < p->copies; c++) {
            if (p->has_param)
                gen_line(g, "run %s(%d);", p->name, gen_rnd(g, 2));
            else
                gen_line(g, "run %s();", p->name);
        }
        if (!use_atomic && gen_chance(g, 30)) {
            buf[0] = '\0';
            gen_assign(g, buf);
            gen_line(g, "%s;", buf);
        }
    }
    if (use_atomic) {
        g->indent--;
        gen_line(g, "};");
    }
    if (g->has_gc) {
        /* L after O: O may be gone, and its channel id free again */
        gen_line(g, "run O();");
        if (gen_chance(g, 50))
            gen_line(g, "_nr_pr < %d;", g->npids - 1);
        gen_line(g, "run L();");
    }
    switch (gen_rnd(g, 4)) {
    case 0:
        gen_line(g, "_nr_pr == 1;");
        buf[0] = '\0';
        gen_cat(buf, "assert(");
        gen_cond(g, buf, 1);
        gen_cat(buf, ")");
        gen_line(g, "%s;", buf);
        break;
    case 1:
        gen_line(g, "timeout;");
        buf[0] = '\0';
        gen_assign(g, buf);
        gen_line(g, "%s;", buf);
        break;
    case 2:
        buf[0] = '\0';
        gen_guard(g, buf, 0);
        gen_line(g, "%s;", buf);
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
    return gen_chance(g, 15) ? WRAP_NONE : 1 + gen_rnd(g, WRAP_N - 1);
}

/* --classes: the three processes of a chain (distinct when there are
 * three) */
static void
plan_chain(gen *g)
{
    int first = gen_rnd(g, g->nprocs);

    g->procs[first].do_k = 1;
    g->procs[(first + 1) % g->nprocs].do_ak = 1;
    g->procs[(first + 2) % g->nprocs].do_read_a = 1;
    /* k: an index into ka, written by another process than ka[k]'s */
    g->has_k = 1;
    g->kvar = g->nglob;
    gen_add_var(g->glob, &g->nglob, "k", 2, 0, 0);
    g->glob[g->kvar].is_index = 1;
}

/* --classes: decide the new shapes, after the channels and the array.
 * sr, rr: the sender and the receiver of r (or -1). */
static void
plan_classes(gen *g, int sr, int rr)
{
    int k;

    if (gen_chance(g, 60))
        plan_chain(g);
    for (k = 0; k < g->nprocs; k++) {
        g->procs[k].wrap_c = g->chan_cap ? pick_wrap(g) : 0;
        g->procs[k].wrap_r = g->has_rv ? pick_wrap(g) : 0;
    }
    if (g->has_rv && gen_chance(g, 60)) {
        /* class 1 proper: the sender's atomic sequence ends at r!, the
         * receiver's starts at r? (maybe after a local step) */
        g->procs[sr].wrap_r = gen_chance(g, 70) ? WRAP_TAIL : WRAP_MIDDLE;
        g->procs[rr].wrap_r = gen_chance(g, 50) ? WRAP_HEAD : WRAP_LOCAL_HEAD;
    }
    if (g->has_rv && gen_chance(g, 40)) {
        /* a chain of atomic sequences: sender -> rr (relay) -> final */
        int fin = (rr + 1 + gen_rnd(g, g->nprocs - 1)) % g->nprocs;
        g->has_r2 = 1;
        g->procs[rr].do_recv_r = 0;
        g->procs[rr].do_relay = 1;
        g->procs[fin].do_recv_r2 = 1;
    }
    if (g->has_gc) {
        g->gc_use = gen_rnd(g, 4);
        g->own_tail = gen_rnd(g, 3);
        g->late_tail = gen_rnd(g, 4);
    }
}

static void gen_ltl(gen *g);

static void
gen_model(gen *g, long seed, int nprocs)
{
    int k, nb, runs = 0;
    int sc = -1, rc = -1, sr = -1, rr = -1;

    if (g->classes) {
        /* the shapes add processes: keep the spaces small */
        g->has_gc = gen_chance(g, 30);
        if (g->has_gc && nprocs == 0)
            nprocs = 2;         /* U, O and L come on top */
        else if (nprocs == 0)
            nprocs = 2 + gen_rnd(g, 2);
        g->has_wi = !g->has_gc && gen_chance(g, 50);
        g->has_stop = gen_chance(g, 50);
        g->pure = gen_chance(g, 50);
    }
    /* processes first: the array length needs the number of pids */
    g->nprocs = nprocs > 0 ? nprocs : 2 + gen_rnd(g, 3);
    if (g->nprocs > MAX_PROCS)
        g->nprocs = MAX_PROCS;
    g->npids = 0;
    for (k = 0; k < g->nprocs; k++) {
        proc *p = &g->procs[k];
        snprintf(p->name, sizeof p->name, "P%d", k);
        p->active = gen_chance(g, 60);
        /* at most 4 process instances besides init: small spaces */
        p->copies = (g->npids + (g->nprocs - k) < 4 && gen_chance(g, 25))
                    ? 2 : 1;
        if (g->classes)
            p->copies = 1;
        p->has_param = !p->active && gen_chance(g, 70);
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
    nb = 1 + gen_rnd(g, 3);
    for (k = 0; k < nb; k++) {
        char nm[16];
        snprintf(nm, sizeof nm, "g%d", k);
        gen_add_var(g->glob, &g->nglob, nm, 2 + gen_rnd(g, 2), 0, 0);
    }
    if (gen_chance(g, 40))
        gen_add_var(g->glob, &g->nglob, "f", 2, 1, 0);
    if (gen_chance(g, 15))
        gen_add_var(g->glob, &g->nglob, "s", 3, 0, 0);
    if (gen_chance(g, 10))
        gen_add_var(g->glob, &g->nglob, "bt", 2, 1, 0);
    g->arr_len = gen_chance(g, 40) ? g->npids : 0;
    g->chan_cap = gen_chance(g, 40) ? 1 + gen_rnd(g, 2) : 0;
    g->has_rv = gen_chance(g, 30);
    if (g->classes) {
        /* the classes need rendezvous and arrays more often */
        if (!g->has_rv)
            g->has_rv = gen_chance(g, 50);
        if (!g->arr_len && gen_chance(g, 40))
            g->arr_len = g->npids;
    }

    /* make channels usable: a sender and a receiver in two processes */
    if (g->chan_cap) {
        sc = gen_rnd(g, g->nprocs);
        rc = gen_rnd(g, g->nprocs);
        g->procs[sc].do_send_c = 1;
        g->procs[rc].do_recv_c = 1;
    }
    if (g->has_rv) {
        sr = gen_rnd(g, g->nprocs);
        rr = (sr + 1 + gen_rnd(g, g->nprocs - 1)) % g->nprocs;
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
        else if (gen_chance(g, 25))
            fprintf(g->out, "byte %s = %d;\n", v->name, gen_rnd(g, v->dom));
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
    if (g->ltl)
        gen_ltl(g);
}

/* --ltl: a proposition over the global scalars, into buf: a comparison
 * `x == v', `x != v', `x < v' or `x > v' (v in the variable's domain),
 * sometimes negated or joined with a second one. */
static void
ltl_prop(gen *g, char *buf, int depth)
{
    static const char *const ops[] = { "==", "!=", "<", ">" };
    const var *v = &g->glob[gen_rnd(g, g->nglob)];
    int r = gen_rnd(g, 100);

    if (depth == 0 && r < 15) {
        gen_cat(buf, "(");
        ltl_prop(g, buf, 1);
        gen_cat(buf, r < 8 ? " && " : " || ");
        ltl_prop(g, buf, 1);
        gen_cat(buf, ")");
        return;
    }
    gen_cat(buf, "%s(%s %s %d)", r >= 90 ? "!" : "", v->name,
            ops[gen_rnd(g, 4)], gen_rnd(g, v->dom));
}

/* --ltl: the ltl block at the end of the model (see the top comment). */
static void
gen_ltl(gen *g)
{
    char p[EXPR_LEN] = "", q[EXPR_LEN] = "";
    int shape = gen_rnd(g, 6);

    ltl_prop(g, p, 0);
    ltl_prop(g, q, 0);
    fprintf(g->out, "ltl prop { ");
    switch (shape) {
    case 0: fprintf(g->out, "[] %s", p); break;
    case 1: fprintf(g->out, "<> %s", p); break;
    case 2: fprintf(g->out, "[] <> %s", p); break;
    case 3: fprintf(g->out, "<> [] %s", p); break;
    case 4: fprintf(g->out, "%s U %s", p, q); break;
    default: fprintf(g->out, "[] (%s -> <> %s)", p, q); break;
    }
    fprintf(g->out, " }\n");
}

static void
usage(FILE *f)
{
    fprintf(f, "usage: genmodel --seed N [--procs K] [--size S] "
               "[--classes] [--ltl] [--chanops]\n"
               "Print a random tier-1 Promela model (K: 2-4 processes, "
               "default random;\nS: statements per process, default 3, "
               "2 with --classes: the shapes of issue 9 too;\n"
               "--ltl: an ltl block and progress labels too;\n"
               "--chanops: sorted send, random and copy receive, polls "
               "too).\n");
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
        if (strcmp(a, "--ltl") == 0) {
            g.ltl = 1;
            continue;
        }
        if (strcmp(a, "--chanops") == 0) {
            g.chanops = 1;
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
    g.seed = seed;
    g.rng = (uint64_t)seed * 0x2545f4914f6cdd1dull + 1;
    gen_rnd64(&g);
    g.out = stdout;
    if (size < 0)
        size = g.classes ? 2 : 3;   /* --classes: less noise around the
                                       shapes */
    g.size = (int)size;
    gen_model(&g, seed, (int)procs);
    return 0;
}
