/*
 * spore.c -- the command: options, wiring, exit codes.
 *
 *   spore [options] model.pml              check the model
 *   spore replay [options] model.pml [trail]
 *
 * Pipeline: parse (lang/) -> compile (frontend/) -> transition system
 * (engine/ts.h) -> search (engine/search.h) -> report (engine/report.h).
 * This is the only file that calls exit() (besides xalloc's out-of-memory
 * exit).  Exit codes are frozen (design/user-needs.md):
 *   0 verified, 1 violation found, 2 usage error, 3 model error,
 *   4 incomplete, 5 internal error.
 *
 * The option table below is the one source of both getopt_long's table
 * and --help, so every option is documented with its default.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/bc.h"
#include "engine/report.h"
#include "engine/search.h"
#include "engine/trail.h"
#include "engine/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "util/diag.h"
#include "util/xalloc.h"

#define SPORE_DATE "22 November 2026"

enum {
    EXIT_VERIFIED = 0,
    EXIT_VIOLATED = 1,
    EXIT_USAGE = 2,
    EXIT_MODEL = 3,
    EXIT_INCOMPLETE = 4,
    EXIT_INTERNAL = 5
};

/* Counterexamples longer than this are not printed after a search (the
 * trail file has them; `spore replay` prints them). */
#define PRINT_TRAIL_MAX 1000

typedef enum mode {
    MODE_SEARCH, MODE_REPLAY, MODE_CHECK, MODE_DUMP_AST, MODE_DUMP_BC,
    MODE_POR_CHECK
} mode;

typedef struct cli {
    mode            mode;
    const char     *model;
    const char     *trail_path;     /* replay: the trail to read */
    search_options  so;
    const char    **cpp_args;
    size_t          ncpp, cpp_cap;
    int             json;
    int             no_trail;
    int             all_trails;     /* -e */
    int             quiet;
    int             force;
    const char     *end_states;     /* --end-states=FILE, "-": stdout */
} cli;

/* The interrupt flag polled by the search. */
static volatile sig_atomic_t interrupted;

/* ----------------------------------------------------------- options */

enum {
    OPT_POR = 256, OPT_MEMLIMIT, OPT_TIME, OPT_JSON, OPT_NO_TRAIL,
    OPT_QUIET, OPT_CHECK, OPT_DUMP_AST, OPT_DUMP_BC, OPT_PROGRESS,
    OPT_FORCE, OPT_STATELESS, OPT_ORDER, OPT_NO_PREFER, OPT_END_STATES,
    OPT_POR_CHECK
};

typedef struct opt_doc {
    const char *name;       /* long name */
    int         has_arg;
    int         val;        /* short letter or OPT_* */
    const char *arg;        /* argument name for --help */
    const char *help;       /* ends with the default */
} opt_doc;

static const opt_doc opt_docs[] = {
    { "depth",      1, 'm', "N",
      "maximum search depth; deeper states are cut and the verdict is "
      "INCOMPLETE (default 1000000)" },
    { "errors",     1, 'c', "N",
      "stop at the N-th error; 0: never stop (default 1)" },
    { "all-trails", 0, 'e', NULL,
      "write a trail for every error: MODEL1.trail, MODEL2.trail, ... "
      "(default: only the first, MODEL.trail)" },
    { "no-end-check", 0, 'E', NULL,
      "do not report invalid end states (default: reported)" },
    { "no-assert",  0, 'A', NULL,
      "do not report assertion violations (default: reported)" },
    { "empty-chans", 0, 'q', NULL,
      "valid end states also need every channel empty (default: off)" },
    { "por",        1, OPT_POR, "NAME",
      "partial order reduction: none, spor (S-POR), de (DE-S-POR), dl "
      "(DL-S-POR), de-jpf, dl-jpf, odpor (default spor)" },
    { "stateless",  0, OPT_STATELESS, NULL,
      "no state matching: every state reached is new; needs a small "
      "-m on cyclic models (default: off)" },
    { "order",      1, OPT_ORDER, "SEQ|RANDOM",
      "thread enumeration order: seq[:P1,P2,...] tries the listed pids "
      "first, then the others highest pid first; random[:SEED] picks "
      "uniformly (default seq, pan's order)" },
    { "no-prefer-visited", 0, OPT_NO_PREFER, NULL,
      "do not try first a thread that leads to a visited state "
      "(default: prefer it, except under --por=none)" },
    { "end-states", 1, OPT_END_STATES, "FILE",
      "write every reachable valid end state (no successor) as the hex "
      "of its vector, sorted, one a line; - for stdout after the report "
      "(default: off)" },
    { "por-check",  0, OPT_POR_CHECK, NULL,
      "run every reduction on the model, print one table and flag any "
      "disagreement with --por=none (verdicts, error kinds, end states); "
      "exit 5 on a disagreement" },
    { "memlimit",   1, OPT_MEMLIMIT, "SIZE",
      "memory for states and stack, with K/M/G suffix (default: half "
      "of physical memory)" },
    { "time-limit", 1, OPT_TIME, "SECS",
      "stop after SECS seconds, verdict INCOMPLETE (default: none)" },
    { "progress",   1, OPT_PROGRESS, "SECS",
      "progress line on stderr every SECS seconds; 0: off (default 5)" },
    { "json",       0, OPT_JSON, NULL,
      "print one JSON object on stdout instead of the text report" },
    { "no-trail",   0, OPT_NO_TRAIL, NULL,
      "do not write trail files (default: write MODEL.trail)" },
    { "quiet",      0, OPT_QUIET, NULL,
      "no progress lines and no counterexample listing (default: off)" },
    { "force",      0, OPT_FORCE, NULL,
      "replay: replay a trail made from a different model text" },
    { "check",      0, OPT_CHECK, NULL,
      "parse and compile only, report model errors" },
    { "dump-ast",   0, OPT_DUMP_AST, NULL, "print the syntax tree" },
    { "dump-bytecode", 0, OPT_DUMP_BC, NULL,
      "print the compiled transitions and bytecode" },
    { "define",     1, 'D', "NAME[=V]",
      "define a preprocessor macro (passed to cpp)" },
    { "undef",      1, 'U', "NAME", "undefine a preprocessor macro" },
    { "include",    1, 'I', "DIR", "add DIR to cpp's include path" },
    { "version",    0, 'V', NULL, "print the version and exit" },
    { "help",       0, 'h', NULL, "print this help and exit" },
};

#define NOPTS (sizeof opt_docs / sizeof opt_docs[0])

static void usage_synopsis(FILE *out)
{
    fprintf(out,
            "usage: spore [options] model.pml\n"
            "       spore replay [options] model.pml [trail]\n");
}

/* Print the words of text, each after a space, from column `indent`
 * (the cursor is there), starting a new line before column `width`. */
static void put_wrapped(const char *text, int indent, int width)
{
    int col = indent;

    while (*text) {
        const char *sp = strchr(text, ' ');
        int         n = sp ? (int)(sp - text) : (int)strlen(text);

        if (col > indent && col + 1 + n > width) {
            printf("\n%*s", indent, "");
            col = indent;
        }
        printf(" %.*s", n, text);
        col += n + 1;
        text += n;
        while (*text == ' ')
            text++;
    }
    putchar('\n');
}

static void help(void)
{
    usage_synopsis(stdout);
    printf("\nCheck a Promela model by exhaustive stateful search, or "
           "replay a trail\n(default trail: model.pml.trail).\n\n"
           "Options:\n");
    for (size_t i = 0; i < NOPTS; i++) {
        const opt_doc *o = &opt_docs[i];
        char           left[64];
        int            n = 0;

        if (o->val < 256)
            n = snprintf(left, sizeof left, "-%c, ", o->val);
        else
            n = snprintf(left, sizeof left, "    ");
        snprintf(left + n, sizeof left - (size_t)n, "--%s%s%s", o->name,
                 o->arg ? "=" : "", o->arg ? o->arg : "");
        printf("  %-26s", left);
        put_wrapped(o->help, 28, 79);
    }
    printf("\nExit status: 0 verified, 1 violation found, 2 usage error, "
           "3 model error,\n4 incomplete (a limit was hit or the search "
           "was interrupted), 5 internal error.\n");
}

static void usage_error(const char *fmt, ...)
    __attribute__((noreturn, format(printf, 1, 2)));

static void usage_error(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "spore: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    usage_synopsis(stderr);
    fprintf(stderr, "Try 'spore --help' for the options.\n");
    exit(EXIT_USAGE);
}

static size_t parse_count(const char *s, const char *what)
{
    char              *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || s[0] == '-')
        usage_error("bad %s '%s'", what, s);
    return (size_t)v;
}

/* "512M", "2G", "100000" (bytes), with K/M/G/T binary suffixes and an
 * optional "B" or "iB". */
static size_t parse_size(const char *s)
{
    char              *end;
    unsigned long long v;
    unsigned           shift = 0;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || errno != 0 || s[0] == '-')
        usage_error("bad size '%s' (expected e.g. 512M or 2G)", s);
    switch (*end) {
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: break;
    }
    if (shift && (strcmp(end, "iB") == 0 || strcmp(end, "B") == 0))
        end += strlen(end);
    if (*end != '\0' || (shift && v > (SIZE_MAX >> shift)))
        usage_error("bad size '%s' (expected e.g. 512M or 2G)", s);
    return (size_t)(v << shift);
}

static double parse_seconds(const char *s, const char *what)
{
    char  *end;
    double v = strtod(s, &end);

    if (end == s || *end != '\0' || v < 0)
        usage_error("bad %s '%s'", what, s);
    return v;
}

/* Half of the physical memory, as the default --memlimit. */
static size_t default_memlimit(void)
{
    long pages = sysconf(_SC_PHYS_PAGES);
    long psize = sysconf(_SC_PAGESIZE);

    if (pages <= 0 || psize <= 0)
        return (size_t)1 << 30;
    return (size_t)pages / 2 * (size_t)psize;
}

static int parse_por(const char *s)
{
    int m = search_por_from_name(s);

    if (m < 0)
        usage_error("unknown reduction '%s' (known: none, spor, de, dl, "
                    "de-jpf, dl-jpf, odpor)", s);
    return m;
}

/* --order=seq[:P,P,...] | random[:SEED] */
static void parse_order(search_options *o, const char *s)
{
    const char *arg = strchr(s, ':');
    size_t      n = arg ? (size_t)(arg - s) : strlen(s);

    if (n == 3 && strncmp(s, "seq", 3) == 0) {
        o->order = SEARCH_ORDER_SEQ;
        o->nperm = 0;
        while (arg != NULL && arg[1] != '\0') {
            char         *end;
            unsigned long v;

            errno = 0;
            v = strtoul(arg + 1, &end, 10);
            if (end == arg + 1 || errno != 0 || v > 254
                || (*end != ',' && *end != '\0')
                || o->nperm >= SEARCH_MAX_PERM)
                usage_error("bad --order permutation '%s' (expected e.g. "
                            "seq:2,0,1)", s);
            for (size_t i = 0; i < o->nperm; i++)
                if (o->perm[i] == v)
                    usage_error("pid %lu repeated in --order=%s", v, s);
            o->perm[o->nperm++] = (uint8_t)v;
            arg = *end == ',' ? end : NULL;
        }
    } else if (n == 6 && strncmp(s, "random", 6) == 0) {
        o->order = SEARCH_ORDER_RANDOM;
        o->order_seed = arg ? parse_count(arg + 1, "random seed") : 1;
    } else {
        usage_error("bad --order '%s' (expected seq[:PERM] or "
                    "random[:SEED])", s);
    }
}

static void add_cpp_arg(cli *c, const char *flag, const char *val)
{
    size_t n = strlen(flag) + strlen(val) + 1;
    char  *s = xmalloc(n);

    snprintf(s, n, "%s%s", flag, val);
    xgrow((void **)&c->cpp_args, &c->cpp_cap, c->ncpp + 1,
          sizeof *c->cpp_args);
    c->cpp_args[c->ncpp++] = s;
}

static void set_mode(cli *c, mode m)
{
    if (c->mode != MODE_SEARCH && c->mode != m)
        usage_error("%s", "--check, --dump-ast, --dump-bytecode, "
                    "--por-check and replay exclude each other");
    c->mode = m;
}

/* Apply one option; 0, or -1 for an unknown one. */
static int apply_long(cli *c, int val, const char *arg)
{
    switch (val) {
    case OPT_POR:      c->so.por = parse_por(arg); break;
    case OPT_MEMLIMIT: c->so.memlimit = parse_size(arg); break;
    case OPT_TIME:
        c->so.time_limit = parse_seconds(arg, "time limit");
        break;
    case OPT_PROGRESS:
        c->so.progress_secs = parse_seconds(arg, "progress period");
        break;
    case OPT_JSON:     c->json = 1; break;
    case OPT_NO_TRAIL: c->no_trail = 1; break;
    case OPT_QUIET:    c->quiet = 1; break;
    case OPT_FORCE:    c->force = 1; break;
    case OPT_STATELESS: c->so.stateless = 1; break;
    case OPT_ORDER:    parse_order(&c->so, arg); break;
    case OPT_NO_PREFER: c->so.prefer_visited = 0; break;
    case OPT_END_STATES: c->end_states = arg; break;
    case OPT_POR_CHECK: set_mode(c, MODE_POR_CHECK); break;
    case OPT_CHECK:    set_mode(c, MODE_CHECK); break;
    case OPT_DUMP_AST: set_mode(c, MODE_DUMP_AST); break;
    case OPT_DUMP_BC:  set_mode(c, MODE_DUMP_BC); break;
    default:           return -1;
    }
    return 0;
}

static int apply_opt(cli *c, int val, const char *arg)
{
    switch (val) {
    case 'm': c->so.max_depth = parse_count(arg, "depth"); break;
    case 'c': c->so.max_errors = parse_count(arg, "error count"); break;
    case 'e': c->all_trails = 1; break;
    case 'E': c->so.check_end = 0; break;
    case 'A': c->so.check_assert = 0; break;
    case 'q': c->so.require_empty = 1; break;
    case 'D': add_cpp_arg(c, "-D", arg); break;
    case 'U': add_cpp_arg(c, "-U", arg); break;
    case 'I': add_cpp_arg(c, "-I", arg); break;
    case 'V':
        printf("spore %s (%s)\n", PACKAGE_VERSION, SPORE_DATE);
        exit(EXIT_VERIFIED);
    case 'h':
        help();
        exit(EXIT_VERIFIED);
    default:
        return apply_long(c, val, arg);
    }
    return 0;
}

static void parse_args(cli *c, int argc, char **argv)
{
    struct option lopts[NOPTS + 1];
    int           val;
    int           first = 1;

    memset(lopts, 0, sizeof lopts);
    for (size_t i = 0; i < NOPTS; i++) {
        lopts[i].name = opt_docs[i].name;
        lopts[i].has_arg = opt_docs[i].has_arg;
        lopts[i].val = opt_docs[i].val;
    }
    if (argc > 1 && strcmp(argv[1], "replay") == 0) {
        c->mode = MODE_REPLAY;
        first = 2;
    }
    optind = first;
    while ((val = getopt_long(argc, argv, "m:c:eEAqD:U:I:Vh", lopts,
                              NULL)) != -1) {
        if (val == '?' || apply_opt(c, val, optarg) != 0) {
            /* getopt_long has said what is wrong */
            fprintf(stderr, "Try 'spore --help' for the options.\n");
            exit(EXIT_USAGE);
        }
    }
    if (optind >= argc)
        usage_error("%s", "no model given");
    c->model = argv[optind++];
    if (c->mode == MODE_REPLAY && optind < argc)
        c->trail_path = argv[optind++];
    if (optind < argc)
        usage_error("unexpected argument '%s'", argv[optind]);
}

/* ----------------------------------------------------------- signals */

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* The first SIGINT/SIGTERM asks the search to stop; a second one kills
 * (SA_RESETHAND restores the default action). */
static void catch_signals(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND | SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* ------------------------------------------------------------ search */

/* What the error callback keeps while the search runs. */
typedef struct run_ctx {
    const cli        *c;
    const bc_program *prog;
    FILE             *msg;          /* error lines: stdout, or stderr */
    char             *opts;         /* trail options string */
    trail            *first;        /* first error's trail */
    char            **paths;        /* trail written per error, or NULL */
    size_t            npaths, paths_cap;
} run_ctx;

static char *trail_name(const cli *c, size_t index)
{
    size_t n = strlen(c->model) + 32;
    char  *s = xmalloc(n);

    if (c->all_trails)
        snprintf(s, n, "%s%zu.trail", c->model, index);
    else
        snprintf(s, n, "%s.trail", c->model);
    return s;
}

static char *write_trail(run_ctx *rc, const trail *tr, size_t index)
{
    char *path;

    if (rc->c->no_trail || (index > 1 && !rc->c->all_trails))
        return NULL;
    path = trail_name(rc->c, index);
    if (trail_write(tr, path) != 0) {
        fprintf(stderr, "spore: cannot write %s: %s\n", path,
                strerror(errno));
        free(path);
        return NULL;
    }
    fprintf(rc->msg, "spore: wrote %s\n", path);
    return path;
}

static void on_error(void *ctx, const search_error *e)
{
    run_ctx *rc = ctx;
    trail   *tr;
    char    *path = NULL;

    report_error_line(rc->msg, rc->prog, e);
    tr = trail_from_error(rc->prog, e, PACKAGE_VERSION, rc->opts);
    if (tr != NULL)
        path = write_trail(rc, tr, e->index);
    xgrow((void **)&rc->paths, &rc->paths_cap, rc->npaths + 1,
          sizeof *rc->paths);
    rc->paths[rc->npaths++] = path;
    if (rc->first == NULL)
        rc->first = tr;
    else
        trail_free(tr);
    fflush(rc->msg);
}

static void print_counterexample(run_ctx *rc, ts *t)
{
    const trail *tr = rc->first;

    if (tr == NULL || rc->c->quiet || rc->c->json)
        return;
    if (tr->nsteps > PRINT_TRAIL_MAX) {
        printf("spore: the counterexample has %zu steps; see it with "
               "'spore replay %s%s%s'\n", tr->nsteps, rc->c->model,
               rc->npaths && rc->paths[0] ? " " : "",
               rc->npaths && rc->paths[0] ? rc->paths[0] : "");
        return;
    }
    printf("\nCounterexample (%zu steps):\n", tr->nsteps);
    trail_replay(t, rc->prog, tr, 1, 0, stdout);
    printf("\n");
}

static int exit_code(const search_result *r)
{
    switch (r->verdict) {
    case SEARCH_VERIFIED: return EXIT_VERIFIED;
    case SEARCH_VIOLATED: return EXIT_VIOLATED;
    default:              return EXIT_INCOMPLETE;
    }
}

static void report(const run_ctx *rc, const search_result *r)
{
    report_info ri;

    ri.model = rc->c->model;
    ri.version = PACKAGE_VERSION;
    ri.date = SPORE_DATE;
    ri.prog = rc->prog;
    ri.opts = &rc->c->so;
    ri.res = r;
    ri.trail_paths = (const char *const *)rc->paths;
    if (rc->npaths < r->nerrors)
        ri.trail_paths = NULL;
    if (rc->c->json)
        report_json(stdout, &ri);
    else
        report_text(stdout, &ri);
}

/* --end-states: the sorted hex vectors, one a line. */
static int write_end_states(const cli *c, const search_result *r)
{
    FILE *out = stdout;

    if (strcmp(c->end_states, "-") != 0) {
        out = fopen(c->end_states, "w");
        if (out == NULL) {
            fprintf(stderr, "spore: cannot write %s: %s\n", c->end_states,
                    strerror(errno));
            return -1;
        }
    }
    for (size_t i = 0; i < r->nend_states; i++)
        fprintf(out, "%s\n", r->end_states[i]);
    if (out != stdout && fclose(out) != 0) {
        fprintf(stderr, "spore: cannot write %s: %s\n", c->end_states,
                strerror(errno));
        return -1;
    }
    return 0;
}

static int run_search(cli *c, ts *t, const bc_program *prog)
{
    run_ctx       rc;
    search_result r;
    char          opts[256];
    int           code;

    memset(&rc, 0, sizeof rc);
    rc.c = c;
    rc.prog = prog;
    rc.msg = c->json ? stderr : stdout;
    rc.opts = (char *)trail_options_str(&c->so, opts, sizeof opts);
    c->so.stop = &interrupted;
    c->so.on_error = on_error;
    c->so.on_error_ctx = &rc;
    if (c->quiet)
        c->so.progress_secs = 0;
    if (c->end_states != NULL)
        c->so.collect_end_states = 1;
    if (search_dfs(t, &c->so, &r) != 0 && r.stop != SEARCH_STOP_MEMORY) {
        fprintf(stderr, "spore: internal error: the search did not "
                "start\n");
        return EXIT_INTERNAL;
    }
    print_counterexample(&rc, t);
    report(&rc, &r);
    code = exit_code(&r);
    if (c->end_states != NULL && write_end_states(c, &r) != 0)
        code = EXIT_USAGE;
    search_result_fini(&r);
    trail_free(rc.first);
    for (size_t i = 0; i < rc.npaths; i++)
        free(rc.paths[i]);
    free(rc.paths);
    return code;
}

/* --------------------------------------------------------- por-check */

/* Error kinds found, as a bit set of search_err_kind. */
static unsigned kinds_of(const search_result *r)
{
    unsigned k = 0;

    for (size_t i = 0; i < r->nerrors; i++)
        k |= 1u << r->errors[i].kind;
    return k;
}

static void put_kinds(unsigned k, char *buf)
{
    char *p = buf;

    if (k & (1u << SEARCH_E_ASSERT))
        *p++ = 'A';
    if (k & (1u << SEARCH_E_INVALID_END))
        *p++ = 'E';
    if (k & ~((1u << SEARCH_E_ASSERT) | (1u << SEARCH_E_INVALID_END)))
        *p++ = 'R';
    if (p == buf)
        *p++ = '-';
    *p = '\0';
}

static int same_ends(const search_result *a, const search_result *b)
{
    if (a->nend_states != b->nend_states)
        return 0;
    for (size_t i = 0; i < a->nend_states; i++)
        if (strcmp(a->end_states[i], b->end_states[i]) != 0)
            return 0;
    return 1;
}

static int complete(const search_result *r)
{
    return r->stop == SEARCH_STOP_NONE && !r->truncated;
}

/* Every reduction on one model, one table; a disagreement with none on
 * verdict, error kinds or end states (both searches complete) is
 * flagged, and makes the exit status 5. */
static int run_por_check(cli *c, ts *t)
{
    search_result res[SEARCH_POR_NMODES];
    int           bad = 0;
    int           code;

    memset(res, 0, sizeof res);
    c->so.stop = &interrupted;
    c->so.on_error = NULL;
    c->so.max_errors = 0;
    c->so.max_trails = 0;
    c->so.progress_secs = 0;
    c->so.collect_end_states = 1;
    printf("%-7s %-10s %-5s %10s %10s %11s %10s %6s %9s %9s  %s\n",
           "mode", "verdict", "errs", "stored", "transits", "retraversed",
           "vs none", "ends", "time(s)", "MiB", "agree");
    for (int m = 0; m < SEARCH_POR_NMODES; m++) {
        search_options o = c->so;
        search_result *r = &res[m];
        const search_result *n = &res[0];
        char           kinds[8];
        const char    *agree = "yes";
        double         mib;

        o.por = m;
        if (search_dfs(t, &o, r) != 0 && r->stop != SEARCH_STOP_MEMORY) {
            fprintf(stderr, "spore: internal error: the search did not "
                    "start\n");
            return EXIT_INTERNAL;
        }
        if (m > 0) {
            /* an incomplete search proves nothing, except that a
             * complete reduced search must have found every kind of
             * error that none found */
            if (!complete(r))
                agree = "?";
            else if (!complete(n))
                agree = kinds_of(n) & ~kinds_of(r) ? "NO" : "?";
            else if (r->verdict != n->verdict
                     || kinds_of(r) != kinds_of(n))
                agree = "NO";
            else if (!same_ends(r, n))
                agree = "NO (ends)";
            if (agree[0] == 'N')
                bad = 1;
        } else if (!complete(r)) {
            agree = "?";
        }
        put_kinds(kinds_of(r), kinds);
        mib = (double)(r->stats.store_bytes + r->stats.stack_bytes
                       + r->por.graph_bytes) / (1024.0 * 1024.0);
        printf("%-7s %-10s %-5s %10zu %10zu %11zu %9.1f%% %6zu %9.3f "
               "%9.3f  %s\n", search_por_get(m)->name,
               report_verdict_name(r->verdict), kinds, r->stats.stored,
               r->stats.transitions, r->por.retraversed,
               n->stats.stored ? 100.0 * (double)r->stats.stored
                                 / (double)n->stats.stored : 0.0,
               r->nend_states, r->stats.elapsed, mib, agree);
        fflush(stdout);
        if (interrupted)
            break;
    }
    code = exit_code(&res[0]);
    if (bad) {
        printf("spore: DISAGREEMENT: a reduction does not agree with "
               "--por=none (a soundness bug; please report it)\n");
        code = EXIT_INTERNAL;
    } else {
        printf("spore: all reductions agree with --por=none\n");
    }
    for (int m = 0; m < SEARCH_POR_NMODES; m++)
        search_result_fini(&res[m]);
    return code;
}

/* ------------------------------------------------------------ replay */

static int run_replay(const cli *c, ts *t, const bc_program *prog)
{
    char   *def = NULL;
    char    err[512];
    trail  *tr;
    int     rc;
    const char *path = c->trail_path;

    if (path == NULL) {
        size_t n = strlen(c->model) + 7;

        def = xmalloc(n);
        snprintf(def, n, "%s.trail", c->model);
        path = def;
    }
    tr = trail_read(path, err, sizeof err);
    if (tr == NULL) {
        fprintf(stderr, "spore: %s: %s\n", path, err);
        free(def);
        return EXIT_USAGE;
    }
    rc = trail_replay(t, prog, tr, c->force, c->quiet, stdout);
    trail_free(tr);
    free(def);
    switch (rc) {
    case TRAIL_REPRODUCED: return EXIT_VIOLATED;
    case TRAIL_FAILED:     return EXIT_INTERNAL;
    default:               return EXIT_USAGE;
    }
}

/* ------------------------------------------------------------- main */

static int after_compile(cli *c, bc_program *prog)
{
    ts  *t;
    int  code;

    if (c->mode == MODE_CHECK) {
        fprintf(stderr, "spore: %s: no errors\n", c->model);
        return EXIT_VERIFIED;
    }
    if (c->mode == MODE_DUMP_BC) {
        bc_disasm(prog, stdout);
        return EXIT_VERIFIED;
    }
    t = ts_new(prog);
    if (t == NULL) {
        fprintf(stderr, "spore: out of memory\n");
        return EXIT_INTERNAL;
    }
    if (c->mode == MODE_REPLAY)
        code = run_replay(c, t, prog);
    else if (c->mode == MODE_POR_CHECK)
        code = run_por_check(c, t);
    else
        code = run_search(c, t, prog);
    ts_free(t);
    return code;
}

static int run(cli *c)
{
    diag         *d = diag_new(NULL);
    lang_options  lo;
    lang_program *lp;
    bc_program   *prog = NULL;
    int           code = EXIT_MODEL;

    memset(&lo, 0, sizeof lo);
    lo.cpp_args = c->cpp_args;
    lo.ncpp_args = c->ncpp;
    lp = lang_parse_file(c->model, &lo, d);
    if (lp != NULL && diag_count(d) == 0) {
        if (c->mode == MODE_DUMP_AST) {
            lang_dump_ast(lp, stdout);
            code = EXIT_VERIFIED;
        } else {
            prog = fe_compile(lp, c->model, d);
        }
    }
    if (prog != NULL)
        code = after_compile(c, prog);
    bc_program_free(prog);
    lang_program_free(lp);
    diag_free(d);
    return code;
}

int main(int argc, char **argv)
{
    cli c;
    int code;

    memset(&c, 0, sizeof c);
    search_options_init(&c.so);
    c.so.por = SEARCH_POR_DEFAULT;
    c.so.memlimit = default_memlimit();
    parse_args(&c, argc, argv);
    catch_signals();
    code = run(&c);
    for (size_t i = 0; i < c.ncpp; i++)
        free((void *)c.cpp_args[i]);
    free(c.cpp_args);
    fflush(stdout);
    if (ferror(stdout) && code == EXIT_VERIFIED)
        code = EXIT_INTERNAL;
    exit(code);
}
