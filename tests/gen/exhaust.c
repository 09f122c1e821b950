/*
 * tests/gen/exhaust.c -- small-scope exhaustive generator of Promela
 * programs for the differential test of the partial order reductions
 * (tests/diff/exhaust-diff.sh runs every --por mode against --por=none
 * on a range of them).
 *
 * Usage: exhaust --count
 *        exhaust --ranges
 *        exhaust --index N
 *        exhaust --range N1 N2 [--step S] [--dir DIR]
 *        (each may add --all-orders)
 *
 *   --count       print how many programs there are
 *   --ranges      print each family's name and its first and last index
 *   --index N     print program N (0 is the first)
 *   --range N1 N2 print programs N1..N2 (inclusive), or with --dir write
 *                 each to DIR/eN.pml; with --step S only N1, N1+S, ...
 *   --all-orders  number every distinct order of a program's processes
 *                 (their pids) as a program of its own; without it a
 *                 program's processes come in one canonical order
 *
 * Where random models (tests/gen/genmodel) sample big shapes, this walks
 * every program up to a small bound (the small-scope hypothesis: most
 * bugs of a reduction show on some tiny program).  The programs come in
 * four families, each over a fixed menu of statements chosen after the
 * four classes of issue 9 (missed violations of the reductions) and one
 * found since:
 *
 * sync (classes 1 and 2: rendezvous and atomicity).  Globals
 *   `chan c = [C] of { byte }; byte x;', C = 0 or 1 (rendezvous or
 *   buffered).  Menu: skip, x = 1, x = 2, assert(x == 1) (fails when no
 *   write came first or x = 2 came last), c!1, c?v (v a local).  Three
 *   active processes, each of one shape: `a', `a; b', `atomic { a; b }'
 *   (a sequence that may block half way, or pass control through a
 *   rendezvous) or `skip; atomic { a; b }' with a a send or a receive
 *   (a partner that reaches the rendezvous by a local step).  Cuts: b is
 *   never skip; a program has a send, a receive and an assert, and at
 *   most SYNC_MAX0 (C = 0) or SYNC_MAX1 (C = 1) statements, the skip in
 *   front counted.  (7 statements hold a chain through two rendezvous
 *   with a partner that gets ready by a local step: `atomic { c!1;
 *   x = 1 } | atomic { c?v; c!1 } | skip; atomic { c?v; x = 2 }'.)
 * index (class 3: chains of dependency through several objects).
 *   Globals `byte x, k; byte a[2];'.  Menu: x = 1, k = 1, k = x,
 *   a[k] = 1, x = a[1], assert(a[1] == 0), assert(x == 0).  Three
 *   active processes of shape `a', `a; b' or `atomic { a; b }', all
 *   ending in `end: stop' (kept alive; stop is a global 0) or none of
 *   them.  Cuts: a program writes a[k] and k and has an assert, at most
 *   INDEX_MAX statements.
 * dyn (class 4: local channels passed through channels and used after
 *   their owner dies; channel ids reused by a later run).  Globals
 *   `chan g = [1] of { chan }; byte x, stop;'.  Q (active) takes a
 *   channel from g and uses it (c!7, c?x, x = len(c), or c!7; c?x),
 *   plainly or in one atomic, then ends or waits at `end: stop'; P (run
 *   from init) declares `chan loc = [1] of { byte }', sends it on g,
 *   then nothing, loc!1, loc?v, end: stop or x = len(loc); R (run from
 *   init) declares `chan mine = [1] of { byte }' and then waits, or does
 *   mine?x, mine!1 then waits, x = len(mine), or R is not there; init
 *   runs P then R, the two in one atomic, P then R once P is gone
 *   (_nr_pr == 2), or R then P.
 * guard (atomic sequences that continue with a guard; added after the
 *   issue 9 fixes, whose O-DPOR missed `atomic { k = 1; k < 2 } |
 *   assert(k == 0); skip').  Global `byte x;'.  Menu: skip, x = 1,
 *   x = 2, x != 2 (a guard: blocks after x = 2), assert(x != 1).  Three
 *   active processes of shape `a', `a; b' or `atomic { a; b }'.  Cuts:
 *   a program has a guard and an assert, at most GUARD_MAX statements.
 *   Numbered after the others, so their numbers did not change.
 *
 * In a family, processes are a multiset: a program lists them in
 * ascending menu order, so `P0 | P1' and `P1 | P0' are one program
 * unless --all-orders.  With the bounds above the totals are: sync
 * 35032 (21055 with C = 0, then 13977 with C = 1), index 21128, dyn
 * 1600, guard 2887, in all 60647 programs (352216 with --all-orders).
 * The numbering is stable as long as the menus and cuts above do not
 * change (a new family goes last).
 * The first line of each program names its index and family, the second
 * lists its global variables (`outcomes: x,k,a') for --outcomes.  Every
 * program is meant to be accepted by SPIN (spin -a) and by spore, and has
 * a state space of a few dozen states.
 *
 * Exit status: 0, or 2 on a usage error or an index out of range.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NPROC    3      /* processes of a sync or index program */
#define SYNC_MAX0 7     /* statements in a sync program, C = 0 */
#define SYNC_MAX1 6     /* statements in a sync program, C = 1 */
#define INDEX_MAX 5     /* statements in an index program */
#define GUARD_MAX 5     /* statements in a guard program */

/* shapes of a process of the menu families */
enum { SH_ONE, SH_SEQ, SH_ATOMIC, SH_SKIP_ATOMIC };

typedef struct family family;

/* One program: a family, a family-wide variant and the choices. */
typedef struct prog {
    const family *fam;
    int variant;        /* sync: channel capacity; index: end: stop */
    int opt[NPROC];     /* menu families: each process's option */
    int dyn;            /* dyn: the number of the combination */
} prog;

struct family {
    const char *name;
    const char *const *atom;    /* the menu (NULL: dyn) */
    int natom;
    int nshape;                 /* SH_ONE .. nshape-1 */
    int nvariant;
    int max_stmts[2];           /* statements in all, by variant */
    int (*ok)(const prog *);    /* the cuts */
    void (*emit)(const prog *, FILE *);
};

/* A process option of a menu family, decoded. */
typedef struct pshape {
    int shape;
    int a, b;           /* menu indices; b = -1 for SH_ONE */
} pshape;

/* ---- the sync family --------------------------------------------- */

enum { S_SKIP, S_X1, S_X2, S_ASSERT, S_SEND, S_RECV, S_N };

static const char *const sync_atom[S_N] = {
    "skip", "x = 1", "x = 2", "assert(x == 1)", "c!1", "c?v"
};

/* ---- the index family -------------------------------------------- */

enum { I_X1, I_K1, I_KX, I_AK, I_XA, I_ASSERT_A, I_ASSERT_X, I_N };

static const char *const index_atom[I_N] = {
    "x = 1", "k = 1", "k = x", "a[k] = 1", "x = a[1]",
    "assert(a[1] == 0)", "assert(x == 0)"
};

/* ---- the guard family -------------------------------------------- */

enum { G_SKIP, G_X1, G_X2, G_GUARD, G_ASSERT, G_N };

static const char *const guard_atom[G_N] = {
    "skip", "x = 1", "x = 2", "x != 2", "assert(x != 1)"
};

/* ---- process options ----------------------------------------------- */

/* The number of process options of a menu family: SH_ONE: natom;
 * SH_SEQ and SH_ATOMIC: natom * natom; SH_SKIP_ATOMIC: 2 * natom (a is
 * S_SEND or S_RECV). */
static int
nopts(const family *f)
{
    int n = f->natom;

    if (f->nshape > SH_SEQ)
        n += f->natom * f->natom;
    if (f->nshape > SH_ATOMIC)
        n += f->natom * f->natom;
    if (f->nshape > SH_SKIP_ATOMIC)
        n += 2 * f->natom;
    return n;
}

static pshape
decode(const family *f, int o)
{
    pshape s;
    int n = f->natom;

    if (o < n) {
        s.shape = SH_ONE;
        s.a = o;
        s.b = -1;
        return s;
    }
    o -= n;
    if (o < 2 * n * n) {
        s.shape = o < n * n ? SH_SEQ : SH_ATOMIC;
        o %= n * n;
        s.a = o / n;
        s.b = o % n;
        return s;
    }
    o -= 2 * n * n;
    s.shape = SH_SKIP_ATOMIC;
    s.a = o / n == 0 ? S_SEND : S_RECV;
    s.b = o % n;
    return s;
}

/* Statements of a process option (the skip in front counted). */
static int
nstmts(const pshape *s)
{
    switch (s->shape) {
    case SH_ONE:
        return 1;
    case SH_SKIP_ATOMIC:
        return 3;
    default:
        return 2;
    }
}

/* Does the program use menu item atom somewhere? */
static int
uses(const prog *p, int atom)
{
    int k;

    for (k = 0; k < NPROC; k++) {
        pshape s = decode(p->fam, p->opt[k]);
        if (s.a == atom || s.b == atom)
            return 1;
    }
    return 0;
}

/* The cuts both menu families share: no b = skip (sync: menu item 0),
 * at most max_stmts statements. */
static int
common_ok(const prog *p, int no_skip_b)
{
    int k, total = 0;

    for (k = 0; k < NPROC; k++) {
        pshape s = decode(p->fam, p->opt[k]);
        if (no_skip_b && s.b == S_SKIP)
            return 0;
        total += nstmts(&s);
    }
    return total <= p->fam->max_stmts[p->variant];
}

static int
sync_ok(const prog *p)
{
    return common_ok(p, 1) && uses(p, S_SEND) && uses(p, S_RECV)
           && uses(p, S_ASSERT);
}

static int
guard_ok(const prog *p)
{
    return common_ok(p, 0) && uses(p, G_GUARD) && uses(p, G_ASSERT);
}

static int
index_ok(const prog *p)
{
    return common_ok(p, 0) && uses(p, I_AK)
           && (uses(p, I_K1) || uses(p, I_KX))
           && (uses(p, I_ASSERT_A) || uses(p, I_ASSERT_X));
}

/* Print one process of a menu family, one statement a line (the layout
 * tests/diff/minimise.sh expects). */
static void
emit_proc(const prog *p, int k, const char *tail, FILE *out)
{
    const family *f = p->fam;
    pshape s = decode(f, p->opt[k]);
    const char *in = "    ";

    fprintf(out, "active proctype P%d()\n{\n", k);
    if (f->atom == sync_atom && (s.a == S_RECV || s.b == S_RECV))
        fprintf(out, "    byte v;\n");
    if (s.shape == SH_SKIP_ATOMIC)
        fprintf(out, "    skip;\n");
    if (s.shape == SH_ATOMIC || s.shape == SH_SKIP_ATOMIC) {
        fprintf(out, "    atomic {\n");
        in = "        ";
    }
    fprintf(out, "%s%s;\n", in, f->atom[s.a]);
    if (s.b >= 0)
        fprintf(out, "%s%s;\n", in, f->atom[s.b]);
    if (s.shape == SH_ATOMIC || s.shape == SH_SKIP_ATOMIC)
        fprintf(out, "    };\n");
    if (tail != NULL)
        fprintf(out, "    %s\n", tail);
    fprintf(out, "}\n\n");
}

static void
sync_emit(const prog *p, FILE *out)
{
    int k;

    fprintf(out, "/* outcomes: x */\n");
    fprintf(out, "chan c = [%d] of { byte };\n", p->variant);
    fprintf(out, "byte x;\n\n");
    for (k = 0; k < NPROC; k++)
        emit_proc(p, k, NULL, out);
}

static void
index_emit(const prog *p, FILE *out)
{
    int k;

    fprintf(out, "/* outcomes: x,k,a%s */\n", p->variant ? ",stop" : "");
    fprintf(out, "byte x, k;\n");
    fprintf(out, "byte a[2];\n");
    if (p->variant)
        fprintf(out, "byte stop;\n");
    fprintf(out, "\n");
    for (k = 0; k < NPROC; k++)
        emit_proc(p, k, p->variant ? "end: stop" : NULL, out);
}

static void
guard_emit(const prog *p, FILE *out)
{
    int k;

    fprintf(out, "/* outcomes: x */\n");
    fprintf(out, "byte x;\n\n");
    for (k = 0; k < NPROC; k++)
        emit_proc(p, k, NULL, out);
}

/* ---- the dyn family ------------------------------------------------ */

/* The choices of a dyn program, in mixed radix (first fastest). */
enum {
    DQ_USE = 4, DQ_WRAP = 2, DQ_TAIL = 2, DP_TAIL = 5, DR_TAIL = 5,
    DI_SHAPE = 4,
    DYN_N = DQ_USE * DQ_WRAP * DQ_TAIL * DP_TAIL * DR_TAIL * DI_SHAPE
};

static const char *const dq_use[DQ_USE][2] = {
    { "c!7", NULL }, { "c?x", NULL }, { "x = len(c)", NULL },
    { "c!7", "c?x" }
};
static const char *const dp_tail[DP_TAIL] = {
    NULL, "loc!1", "loc?v", "end: stop", "x = len(loc)"
};
static const char *const dr_tail[DR_TAIL][2] = {
    { "end: stop", NULL }, { "mine?x", NULL }, { "mine!1", "end: stop" },
    { "x = len(mine)", NULL }, { NULL, NULL }   /* the last: no R */
};

static int
dyn_ok(const prog *p)
{
    (void)p;
    return 1;
}

static void
dyn_q(int use, int wrap, int tail, FILE *out)
{
    const char *in = wrap ? "        " : "    ";

    fprintf(out, "active proctype Q()\n{\n    chan c;\n");
    if (wrap)
        fprintf(out, "    atomic {\n");
    fprintf(out, "%sg?c;\n", in);
    fprintf(out, "%s%s;\n", in, dq_use[use][0]);
    if (dq_use[use][1] != NULL)
        fprintf(out, "%s%s;\n", in, dq_use[use][1]);
    if (wrap)
        fprintf(out, "    };\n");
    if (tail)
        fprintf(out, "    end: stop\n");
    fprintf(out, "}\n\n");
}

static void
dyn_init(int shape, int has_r, FILE *out)
{
    fprintf(out, "init\n{\n");
    if (!has_r) {
        fprintf(out, "    run P()\n}\n");
        return;
    }
    switch (shape) {
    case 0:
        fprintf(out, "    run P();\n    run R()\n");
        break;
    case 1:
        fprintf(out, "    atomic {\n        run P();\n        run R()\n"
                     "    }\n");
        break;
    case 2:
        fprintf(out, "    run P();\n    _nr_pr == 2;\n    run R()\n");
        break;
    default:
        fprintf(out, "    run R();\n    run P()\n");
        break;
    }
    fprintf(out, "}\n");
}

static void
dyn_emit(const prog *p, FILE *out)
{
    int d = p->dyn;
    int use = d % DQ_USE;
    int wrap = (d /= DQ_USE) % DQ_WRAP;
    int qtail = (d /= DQ_WRAP) % DQ_TAIL;
    int ptail = (d /= DQ_TAIL) % DP_TAIL;
    int rtail = (d /= DP_TAIL) % DR_TAIL;
    int shape = (d /= DR_TAIL) % DI_SHAPE;

    fprintf(out, "/* outcomes: x,stop */\n");
    fprintf(out, "chan g = [1] of { chan };\n");
    fprintf(out, "byte x, stop;\n\n");
    dyn_q(use, wrap, qtail, out);
    fprintf(out, "proctype P()\n{\n    chan loc = [1] of { byte };\n");
    if (ptail == 2)
        fprintf(out, "    byte v;\n");
    fprintf(out, "    g!loc;\n");
    if (dp_tail[ptail] != NULL)
        fprintf(out, "    %s;\n", dp_tail[ptail]);
    fprintf(out, "}\n\n");
    if (dr_tail[rtail][0] != NULL) {
        fprintf(out, "proctype R()\n{\n    chan mine = [1] of { byte };\n");
        fprintf(out, "    %s;\n", dr_tail[rtail][0]);
        if (dr_tail[rtail][1] != NULL)
            fprintf(out, "    %s;\n", dr_tail[rtail][1]);
        fprintf(out, "}\n\n");
    }
    dyn_init(shape, dr_tail[rtail][0] != NULL, out);
}

/* ---- the families, in numbering order ------------------------------- */

static const family families[] = {
    { "sync", sync_atom, S_N, SH_SKIP_ATOMIC + 1, 2,
      { SYNC_MAX0, SYNC_MAX1 }, sync_ok, sync_emit },
    { "index", index_atom, I_N, SH_ATOMIC + 1, 2,
      { INDEX_MAX, INDEX_MAX }, index_ok, index_emit },
    { "dyn", NULL, 0, 0, 1, { 0, 0 }, dyn_ok, dyn_emit },
    { "guard", guard_atom, G_N, SH_ATOMIC + 1, 1,
      { GUARD_MAX, GUARD_MAX }, guard_ok, guard_emit },
};

#define NFAM (sizeof families / sizeof families[0])

/* ---- the walk ---------------------------------------------------------- */

typedef struct walker {
    int all_orders;
    long lo, hi;        /* visit programs lo..hi */
    long step;          /* every step-th of them */
    long n;             /* programs numbered so far */
    const char *dir;    /* --dir, or NULL: stdout */
    int count_only;
    long fam_first[NFAM];
} walker;

static int
write_prog(walker *w, const prog *p)
{
    FILE *out = stdout;
    char path[4096];

    if (w->dir != NULL) {
        snprintf(path, sizeof path, "%s/e%ld.pml", w->dir, w->n);
        out = fopen(path, "w");
        if (out == NULL) {
            fprintf(stderr, "exhaust: %s: %s\n", path, strerror(errno));
            return -1;
        }
    }
    fprintf(out, "/* exhaust --index %ld%s: family %s */\n", w->n,
            w->all_orders ? " --all-orders" : "", p->fam->name);
    p->fam->emit(p, out);
    if (w->dir != NULL)
        fclose(out);
    else if (w->n < w->hi)
        fputc('\n', out);
    return 0;
}

/* Number one program (and print it when in range); returns -1 on an
 * error, 1 when past the range, else 0. */
static int
visit(walker *w, const prog *p)
{
    if (!w->count_only && w->n >= w->lo && w->n <= w->hi
        && (w->n - w->lo) % w->step == 0 && write_prog(w, p) != 0)
        return -1;
    w->n++;
    return !w->count_only && w->n > w->hi;
}

/* Visit the distinct orders of p->opt (ascending on entry): one without
 * --all-orders. */
static int
visit_orders(walker *w, prog *p)
{
    static const int perm[6][NPROC] = {
        { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
        { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
    };
    int base[NPROC];
    int seen[6][NPROC];
    int nseen = 0;
    int r = 0;

    if (!w->all_orders)
        return visit(w, p);
    memcpy(base, p->opt, sizeof base);
    for (int i = 0; i < 6 && r == 0; i++) {
        int dup = 0;
        for (int k = 0; k < NPROC; k++)
            p->opt[k] = base[perm[i][k]];
        for (int j = 0; j < nseen; j++)
            dup |= memcmp(seen[j], p->opt, sizeof base) == 0;
        if (dup)
            continue;
        memcpy(seen[nseen++], p->opt, sizeof base);
        r = visit(w, p);
    }
    memcpy(p->opt, base, sizeof base);
    return r;
}

static int
walk_family(walker *w, const family *f)
{
    prog p;
    int n = nopts(f);
    int r = 0;

    memset(&p, 0, sizeof p);
    p.fam = f;
    if (f->atom == NULL) {
        for (p.dyn = 0; p.dyn < DYN_N && r == 0; p.dyn++)
            r = visit(w, &p);
        return r;
    }
    for (p.variant = 0; p.variant < f->nvariant; p.variant++)
        for (int i = 0; i < n; i++)
            for (int j = i; j < n; j++)
                for (int k = j; k < n; k++) {
                    p.opt[0] = i;
                    p.opt[1] = j;
                    p.opt[2] = k;
                    if (f->ok(&p) && (r = visit_orders(w, &p)) != 0)
                        return r;
                }
    return 0;
}

/* Number every program, printing those in w->lo..w->hi; returns -1 on
 * an error, else 0. */
static int
walk(walker *w)
{
    for (size_t f = 0; f < NFAM; f++) {
        int r;
        w->fam_first[f] = w->n;
        r = walk_family(w, &families[f]);
        if (r != 0)
            return r < 0 ? -1 : 0;
    }
    return 0;
}

/* ---- main ---------------------------------------------------------------- */

static void
usage(FILE *f)
{
    fprintf(f, "usage: exhaust --count | --ranges | --index N\n"
               "       exhaust --range N1 N2 [--step S] [--dir DIR]\n"
               "       (each may add --all-orders)\n"
               "Enumerate the small-scope programs of the POR "
               "differential test.\n");
}

static int
parse_index(const char *s, long *out)
{
    char *end;
    long v;

    if (s == NULL || *s == '\0')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end != '\0' || v < 0 || errno != 0)
        return -1;
    *out = v;
    return 0;
}

int
main(int argc, char **argv)
{
    walker w;
    int mode = 0;       /* 'c' count, 'r' ranges, 'i' index, 'R' range */

    memset(&w, 0, sizeof w);
    w.step = 1;
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        if (strcmp(a, "--count") == 0) {
            mode = 'c';
        } else if (strcmp(a, "--ranges") == 0) {
            mode = 'r';
        } else if (strcmp(a, "--all-orders") == 0) {
            w.all_orders = 1;
        } else if (strcmp(a, "--index") == 0) {
            mode = 'i';
            if (k + 1 >= argc || parse_index(argv[++k], &w.lo) != 0)
                goto bad;
            w.hi = w.lo;
        } else if (strcmp(a, "--range") == 0) {
            mode = 'R';
            if (k + 2 >= argc || parse_index(argv[k + 1], &w.lo) != 0
                || parse_index(argv[k + 2], &w.hi) != 0 || w.hi < w.lo)
                goto bad;
            k += 2;
        } else if (strcmp(a, "--step") == 0) {
            if (k + 1 >= argc || parse_index(argv[++k], &w.step) != 0
                || w.step < 1)
                goto bad;
        } else if (strcmp(a, "--dir") == 0 && k + 1 < argc) {
            w.dir = argv[++k];
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            goto bad;
        }
    }
    if (mode == 0)
        goto bad;
    w.count_only = mode == 'c' || mode == 'r';
    if (walk(&w) != 0)
        return 2;
    if (mode == 'c') {
        printf("%ld\n", w.n);
    } else if (mode == 'r') {
        for (size_t f = 0; f < NFAM; f++)
            printf("%s %ld %ld\n", families[f].name, w.fam_first[f],
                   (f + 1 < NFAM ? w.fam_first[f + 1] : w.n) - 1);
    } else if (w.n <= w.hi) {
        fprintf(stderr, "exhaust: no program %ld (there are %ld)\n",
                w.n <= w.lo ? w.lo : w.hi, w.n);
        return 2;
    }
    return 0;
bad:
    usage(stderr);
    return 2;
}
