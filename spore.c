/*
 * spore.c -- the command: options, wiring, exit codes.
 *
 *   spore [options] model.pml              check the model
 *   spore replay [options] model.pml [trail]
 *   spore simulate [options] model.pml     one random or interactive run
 *
 * Pipeline: parse (lang/) -> compile (frontend/) -> transition system
 * (engine/model/ts.h) -> search (engine/search/search.h) -> report (engine/out/report.h).
 * This is the only file that calls exit() (besides xalloc's out-of-memory
 * exit).  Exit codes are frozen (design/user-needs.md):
 *   0 verified, 1 violation found, 2 usage error, 3 model error,
 *   4 incomplete, 5 internal error.
 * A signal outside a search ends spore with 128 + its number.
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
#include <sys/stat.h>
#include <unistd.h>

#include "engine/model/bc.h"
#include "engine/out/dot.h"
#include "engine/por/explain.h"
#include "engine/out/outcome.h"
#include "engine/out/report.h"
#include "engine/search/search.h"
#include "engine/search/por_check.h"
#include "engine/out/sim.h"
#include "engine/out/trail.h"
#include "engine/out/unreached.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "util/diag.h"
#include "util/json.h"
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
    MODE_POR_CHECK, MODE_SIMULATE
} mode;

typedef struct cli {
    mode            mode;
    const char     *model;          /* as shown; LANG_STDIN_NAME for - */
    int             from_stdin;     /* the model was given as "-" */
    const char     *trail_path;     /* replay: the trail to read */
    search_options  so;
    const char    **cpp_args;
    size_t          ncpp, cpp_cap;
    int             json;
    int             no_trail;
    int             no_unreached;   /* -n */
    int             all_trails;     /* -e */
    int             quiet;
    int             force;
    const char     *end_states;     /* --end-states=FILE, "-": stdout */
    const char     *dot;            /* --dot=FILE */
    int             dot_full;
    int             dot_values;
    size_t          dot_limit;      /* 0: the default */
    int             explain;
    const char     *outcomes;       /* --outcomes=V,...: the spec */
    const char     *expect;         /* --expect=FILE */
    int             outcomes_trail; /* --outcomes-trail */
    outcome        *oc;             /* the outcome set, or NULL */
    int             por_given;      /* --por on the command line */
    int             style;          /* replay/simulate: trail_style */
    uint64_t        seed;           /* simulate: --seed */
    int             have_seed;
    size_t          max_steps;      /* simulate: -u */
    int             interactive;    /* simulate: --interactive */
    const char     *sim_trail;      /* simulate: --trail=FILE */
    const char     *ltl_name;       /* --ltl=NAME */
    int             print_never;    /* --print-never */
    int             accept;         /* -a: acceptance cycles */
    int             nonprogress;    /* -l: non-progress cycles */
    const lang_program *lp;         /* the parsed model, and the diag */
    diag           *lp_diag;        /* it was parsed with (borrowed) */
} cli;

/* The interrupt flag polled by the search and the simulation: 0, or
 * the number of the signal that asked them to stop. */
static volatile sig_atomic_t interrupted;

/* ----------------------------------------------------------- options */

enum {
    OPT_POR = 256, OPT_MEMLIMIT, OPT_TIME, OPT_JSON, OPT_NO_TRAIL,
    OPT_QUIET, OPT_CHECK, OPT_DUMP_AST, OPT_DUMP_BC, OPT_PROGRESS,
    OPT_FORCE, OPT_STATELESS, OPT_ORDER, OPT_NO_PREFER, OPT_END_STATES,
    OPT_POR_CHECK, OPT_SEED, OPT_INTERACTIVE, OPT_SIM_TRAIL, OPT_LANES,
    OPT_MSC
};

/* --outcomes and friends (engine/out/outcome.h) */
enum { OPT_OUTCOMES = 400, OPT_OUTCOMES_TRAIL, OPT_EXPECT };

/* liveness: --ltl, --print-never (issue 12) */
enum { OPT_LTL = 460, OPT_PRINT_NEVER };

/* --cycle-fix and --de-retraverse (engine/por/por.h) */
enum { OPT_CYCLE_FIX = 440, OPT_DE_RETRAVERSE };

/* --dot and --explain (engine/out/dot.h, engine/por/explain.h) */
enum {
    OPT_DOT = 420, OPT_DOT_FULL, OPT_DOT_VALUES, OPT_DOT_LIMIT, OPT_EXPLAIN
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
      "write a trail for every error: MODEL1.spore.trail, "
      "MODEL2.spore.trail, ... (default: only the first, "
      "MODEL.spore.trail)" },
    { "no-unreached", 0, 'n', NULL,
      "do not list the statements never reached, per proctype, after a "
      "complete search (pan's -n) (default: listed)" },
    { "no-end-check", 0, 'E', NULL,
      "do not report invalid end states (default: reported)" },
    { "no-assert",  0, 'A', NULL,
      "do not report assertion violations (default: reported)" },
    { "empty-chans", 0, 'q', NULL,
      "valid end states also need every channel empty (default: off)" },
    { "acceptance", 0, 'a', NULL,
      "look for acceptance cycles (pan's -a): runs that pass an accept "
      "label of the never claim or of a proctype infinitely often; "
      "without it a claim only checks that it cannot reach its end "
      "(default: off)" },
    { "non-progress", 0, 'l', NULL,
      "look for non-progress cycles (pan's -l): runs that pass no "
      "progress label infinitely often (default: off)" },
    { "ltl",        1, OPT_LTL, "NAME",
      "check the ltl property NAME of the model (default: the first "
      "ltl block, as SPIN)" },
    { "print-never", 0, OPT_PRINT_NEVER, NULL,
      "print the never claim in use (an ltl property's translation) "
      "and exit" },
    { "por",        1, OPT_POR, "NAME",
      NULL /* from the table of reductions: por_help() */ },
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
    { "outcomes",   1, OPT_OUTCOMES, "V,...",
      "list every distinct combination of the global variables V (x, "
      "a[2], or a whole array a) at the valid end states, with the "
      "number of end states showing it, after the verdict (default: "
      "off)" },
    { "outcomes-trail", 0, OPT_OUTCOMES_TRAIL, NULL,
      "with --outcomes or --expect: print a witness run to each "
      "outcome (default: off)" },
    { "expect",     1, OPT_EXPECT, "FILE",
      "FILE lists the admitted outcomes, one 'V1=x V2=y' a line (a "
      "'# outcomes: V1,V2' header names the variables when --outcomes "
      "does not); any other outcome is a violation with a trail "
      "(default: off)" },
    { "dot",        1, OPT_DOT, "FILE",
      "write the explored state graph in Graphviz DOT to FILE (- for "
      "stdout): states with the reduction's sets, edges 'PID:LINE "
      "STATEMENT', pruned moves dashed, the first counterexample bold "
      "(default: off)" },
    { "dot-full",   0, OPT_DOT_FULL, NULL,
      "with --dot: draw the full graph (--por=none) with what the "
      "reduction explores highlighted (default: off)" },
    { "dot-values", 0, OPT_DOT_VALUES, NULL,
      "with --dot: print the variables' values in each state "
      "(default: off)" },
    { "dot-limit",  1, OPT_DOT_LIMIT, "N",
      "with --dot: write no picture when the search stores more than N "
      "states (default 2000)" },
    { "explain",    0, OPT_EXPLAIN, NULL,
      "print the reduction's decisions, one 'state N: ...' line each, "
      "as the search makes them (default: off)" },
    { "cycle-fix",  1, OPT_CYCLE_FIX, "FIX",
      "cycle treatment of de, dl, odpor and the -jpf variants: stack "
      "(F-STACK: a state whose dependencies reach the stack is expanded "
      "fully), static (F-STACK-STATIC: its dependencies grow by the "
      "static facts instead; experimental), c3-only (only the stack "
      "proviso; experimental) (default stack)" },
    { "de-retraverse", 1, OPT_DE_RETRAVERSE, "HOW",
      "de, de-jpf: how a step into a visited state walks the graph "
      "below it: once (each state once, all dependent stack steps "
      "learn) or paths (every path, the paper's definition; for "
      "teaching: exponential, stops with an error on a cyclic state "
      "graph) (default once)" },
    { "por-check",  0, OPT_POR_CHECK, NULL,
      "run every reduction on the model, print one table and flag any "
      "disagreement with --por=none (verdicts, error kinds, end states, "
      "--outcomes sets); exit 5 on a disagreement" },
    { "shortest",   0, 'i', NULL,
      "search for a shortest counterexample (pan's -i): after each "
      "error only shorter ones are looked for, and states reached again "
      "by a shorter path are explored again; needs --por=none (the "
      "default reduction is switched off) (default: off)" },
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
      "do not write trail files (default: write MODEL.spore.trail)" },
    { "quiet",      0, OPT_QUIET, NULL,
      "no progress lines and no counterexample listing (default: off)" },
    { "force",      0, OPT_FORCE, NULL,
      "replay: replay a trail made from a different model text" },
    { "lanes",      0, OPT_LANES, NULL,
      "replay, simulate: one column per process, only changed variables "
      "(default: one step a line)" },
    { "msc",        0, OPT_MSC, NULL,
      "replay, simulate: message sequence chart of the sends and "
      "receives, one column per process (default: off)" },
    { "seed",       1, OPT_SEED, "N",
      "simulate: seed of the random choices (default: from the clock, "
      "printed)" },
    { "steps",      1, 'u', "N",
      "simulate: stop after N steps; 0: no limit (default 0)" },
    { "interactive", 0, OPT_INTERACTIVE, NULL,
      "simulate: list the executable steps and read the number of the "
      "one to take from stdin; q or end of input stops (default: off)" },
    { "trail",      1, OPT_SIM_TRAIL, "FILE",
      "simulate: save the run as a trail that 'spore replay' reads "
      "(default: none)" },
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
            "       spore replay [options] model.pml [trail]\n"
            "       spore simulate [options] model.pml\n");
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

/* --por's help: the names in the table of reductions
 * (engine/por/por_modes.c) and the default. */
static const char *por_help(char *buf, size_t size)
{
    char names[256];

    snprintf(buf, size, "partial order reduction: %s (default %s)",
             por_mode_names(names, sizeof names, 1),
             por_mode_get(POR_MODE_DEFAULT)->name);
    return buf;
}

static void help(void)
{
    char por[320];

    usage_synopsis(stdout);
    printf("\nCheck a Promela model by exhaustive stateful search, "
           "replay a trail\n(default trail: model.pml.spore.trail), or "
           "simulate one run.\n\n"
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
        put_wrapped(o->help != NULL ? o->help
                    : por_help(por, sizeof por), 28, 79);
    }
    printf("\nExit status: 0 verified, 1 violation found, 2 usage error, "
           "3 model error,\n4 incomplete (a limit was hit or the search "
           "was interrupted), 5 internal error,\n130 or 143 interrupted "
           "by SIGINT or SIGTERM outside a search.\n");
}

static void json_failure(const cli *c, const diag *d, int code,
                         const char *msg);
static void usage_error(const cli *c, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));

/* Say what is wrong with the command line on stderr and exit 2; with
 * --json anywhere on it (parse_args looks for it before anything else),
 * the JSON error object goes to stdout too. */
static void usage_error(const cli *c, const char *fmt, ...)
{
    va_list ap;
    char    msg[1024];

    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "spore: %s\n", msg);
    usage_synopsis(stderr);
    fprintf(stderr, "Try 'spore --help' for the options.\n");
    if (c->json)
        json_failure(c, NULL, EXIT_USAGE, msg);
    fflush(stdout);
    exit(EXIT_USAGE);
}

static size_t parse_count(const cli *c, const char *s, const char *what)
{
    char              *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || s[0] == '-')
        usage_error(c, "bad %s '%s'", what, s);
    return (size_t)v;
}

/* "512M", "2G", "100000" (bytes), with K/M/G/T binary suffixes and an
 * optional "B" or "iB". */
static size_t parse_size(const cli *c, const char *s)
{
    char              *end;
    unsigned long long v;
    unsigned           shift = 0;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || errno != 0 || s[0] == '-')
        usage_error(c, "bad size '%s' (expected e.g. 512M or 2G)", s);
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
        usage_error(c, "bad size '%s' (expected e.g. 512M or 2G)", s);
    return (size_t)(v << shift);
}

static double parse_seconds(const cli *c, const char *s,
                            const char *what)
{
    char  *end;
    double v = strtod(s, &end);

    if (end == s || *end != '\0' || v < 0)
        usage_error(c, "bad %s '%s'", what, s);
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

static int parse_por(const cli *c, const char *s)
{
    int  m = search_por_from_name(s);
    char names[256];

    if (m < 0)
        usage_error(c, "unknown reduction '%s' (known: %s)", s,
                    por_mode_names(names, sizeof names, 0));
    return m;
}

/* --order=seq[:P,P,...] | random[:SEED] */
static void parse_order(const cli *c, search_options *o,
                        const char *s)
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
                usage_error(c, "bad --order permutation '%s' (expected e.g. "
                            "seq:2,0,1)", s);
            for (size_t i = 0; i < o->nperm; i++)
                if (o->perm[i] == v)
                    usage_error(c, "pid %lu repeated in --order=%s", v, s);
            o->perm[o->nperm++] = (uint8_t)v;
            arg = *end == ',' ? end : NULL;
        }
    } else if (n == 6 && strncmp(s, "random", 6) == 0) {
        o->order = SEARCH_ORDER_RANDOM;
        o->order_seed = arg ? parse_count(c, arg + 1, "random seed") : 1;
    } else {
        usage_error(c, "bad --order '%s' (expected seq[:PERM] or "
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
        usage_error(c, "%s", "--check, --dump-ast, --dump-bytecode, "
                    "--por-check and replay exclude each other");
    c->mode = m;
}

/* Apply one option; 0, or -1 for an unknown one. */
static int apply_long(cli *c, int val, const char *arg)
{
    switch (val) {
    case OPT_POR:
        c->so.por = parse_por(c, arg);
        c->por_given = 1;
        break;
    case OPT_LANES:    c->style = TRAIL_LANES; break;
    case OPT_MSC:      c->style = TRAIL_MSC; break;
    case OPT_SEED:
        c->seed = parse_count(c, arg, "seed");
        c->have_seed = 1;
        break;
    case OPT_INTERACTIVE: c->interactive = 1; break;
    case OPT_SIM_TRAIL: c->sim_trail = arg; break;
    case OPT_MEMLIMIT: c->so.memlimit = parse_size(c, arg); break;
    case OPT_TIME:
        c->so.time_limit = parse_seconds(c, arg, "time limit");
        break;
    case OPT_PROGRESS:
        c->so.progress_secs = parse_seconds(c, arg, "progress period");
        break;
    case OPT_JSON:     c->json = 1; break;
    case OPT_NO_TRAIL: c->no_trail = 1; break;
    case OPT_QUIET:    c->quiet = 1; break;
    case OPT_FORCE:    c->force = 1; break;
    case OPT_STATELESS: c->so.stateless = 1; break;
    case OPT_ORDER:    parse_order(c, &c->so, arg); break;
    case OPT_NO_PREFER: c->so.prefer_visited = 0; break;
    case OPT_END_STATES: c->end_states = arg; break;
    case OPT_CYCLE_FIX:
        if ((c->so.cycle_fix = search_cycle_fix_from_name(arg)) < 0)
            usage_error(c, "unknown --cycle-fix '%s' (known: stack, static, "
                        "c3-only)", arg);
        break;
    case OPT_DE_RETRAVERSE:
        if (strcmp(arg, "once") == 0)
            c->so.de_paths = 0;
        else if (strcmp(arg, "paths") == 0)
            c->so.de_paths = 1;
        else
            usage_error(c, "unknown --de-retraverse '%s' (known: once, "
                        "paths)", arg);
        break;
    case OPT_OUTCOMES: c->outcomes = arg; break;
    case OPT_OUTCOMES_TRAIL: c->outcomes_trail = 1; break;
    case OPT_EXPECT:   c->expect = arg; break;
    case OPT_DOT:      c->dot = arg; break;
    case OPT_DOT_FULL: c->dot_full = 1; break;
    case OPT_DOT_VALUES: c->dot_values = 1; break;
    case OPT_DOT_LIMIT:
        c->dot_limit = parse_count(c, arg, "--dot-limit");
        break;
    case OPT_EXPLAIN:  c->explain = 1; break;
    case OPT_LTL:      c->ltl_name = arg; break;
    case OPT_PRINT_NEVER: c->print_never = 1; break;
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
    case 'm': c->so.max_depth = parse_count(c, arg, "depth"); break;
    case 'c': c->so.max_errors = parse_count(c, arg, "error count"); break;
    case 'e': c->all_trails = 1; break;
    case 'n': c->no_unreached = 1; break;
    case 'i': c->so.shortest = 1; break;
    case 'u': c->max_steps = parse_count(c, arg, "step count"); break;
    case 'E': c->so.check_end = 0; break;
    case 'A': c->so.check_assert = 0; break;
    case 'q': c->so.require_empty = 1; break;
    case 'a': c->accept = 1; break;
    case 'l': c->nonprogress = 1; break;
    case 'D': add_cpp_arg(c, "-D", arg); break;
    case 'U': add_cpp_arg(c, "-U", arg); break;
    case 'I': add_cpp_arg(c, "-I", arg); break;
    case 'V':
        if (c->json)
            printf("{\"schema\":%d,\"tool\":\"spore\",\"version\":"
                   "\"%s\",\"date\":\"%s\"}\n", REPORT_JSON_SCHEMA,
                   PACKAGE_VERSION, SPORE_DATE);
        else
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

/* Options that only make sense together.  -i needs full expansion: a
 * reduction may prune the shorter path to an error state, so an
 * explicit --por other than none is refused, and the default one is
 * switched off (with a note). */
static void check_combinations(cli *c)
{
    if (c->mode != MODE_SIMULATE
        && (c->have_seed || c->max_steps || c->interactive || c->sim_trail))
        usage_error(c, "%s", "--seed, --steps, --interactive and --trail "
                    "are options of 'spore simulate'");
    if (c->json && (c->mode == MODE_SIMULATE || c->mode == MODE_REPLAY))
        usage_error(c, "--json is an option of the search and --por-check, "
                    "not of 'spore %s' (its output is a listing)",
                    c->mode == MODE_SIMULATE ? "simulate" : "replay");
    if (c->json && (c->mode == MODE_DUMP_AST || c->mode == MODE_DUMP_BC))
        usage_error(c, "%s", "--json goes with a search, --por-check or "
                    "--check, not with --dump-ast or --dump-bytecode "
                    "(their output is a listing)");
    if (c->from_stdin && c->interactive)
        usage_error(c, "%s", "--interactive reads its choices from "
                    "standard input, which holds the model ('-'): name "
                    "the model's file");
    if (c->style != TRAIL_FLAT && c->mode != MODE_SIMULATE
        && c->mode != MODE_REPLAY)
        usage_error(c, "%s", "--lanes and --msc are options of 'spore "
                    "replay' and 'spore simulate'");
    if (!c->so.shortest || c->so.por == SEARCH_POR_NONE)
        return;
    if (c->mode == MODE_POR_CHECK)
        usage_error(c, "%s", "-i and --por-check exclude each other");
    if (c->por_given)
        usage_error(c, "-i needs --por=none (a reduction may cut the "
                    "shortest path), not --por=%s",
                    search_por_get(c->so.por)->name);
    fprintf(stderr, "spore: -i: partial order reduction off "
            "(--por=none), to find a shortest counterexample\n");
    c->so.por = SEARCH_POR_NONE;
}

/* --outcomes, --outcomes-trail and --expect: with a search, with
 * --por-check (which then compares the outcome sets too) or with --check
 * (which checks the names and the expect file). */
static void check_outcome_options(const cli *c)
{
    int on = c->outcomes != NULL || c->expect != NULL;

    if (c->outcomes_trail && !on)
        usage_error(c, "%s", "--outcomes-trail needs --outcomes or --expect");
    if (c->outcomes != NULL && c->outcomes[0] == '\0')
        usage_error(c, "%s", "--outcomes needs a variable list, e.g. "
                    "--outcomes=x,y");
    if (on && c->mode != MODE_SEARCH && c->mode != MODE_CHECK
        && c->mode != MODE_POR_CHECK)
        usage_error(c, "%s", "--outcomes and --expect go with a search, "
                    "--por-check or --check, not with replay, simulate or "
                    "the dumps");
}

/* getopt_long's complaint (it prints nothing: opterr is 0) about the
 * argument arg: val is ':' for a missing argument, '?' for an unknown
 * option or an argument given to an option that takes none. */
static void bad_option(const cli *c, int val, const char *arg)
    __attribute__((noreturn));

static void bad_option(const cli *c, int val, const char *arg)
{
    int lng = strncmp(arg, "--", 2) == 0;
    int n = (int)strcspn(arg, "=");

    if (val == ':' && lng)
        usage_error(c, "option '%.*s' needs an argument", n, arg);
    if (val == ':')
        usage_error(c, "option '-%c' needs an argument", optopt);
    if (lng && optopt != 0)
        usage_error(c, "option '%.*s' takes no argument", n, arg);
    if (lng)
        usage_error(c, "unknown or ambiguous option '%.*s'", n, arg);
    usage_error(c, "unknown option '-%c'", optopt);
}

/* A first argument that is no file and looks like a word ("simulat",
 * "check") is a mistyped command, not a model. */
static void check_command(const cli *c, const char *arg)
{
    static const char *const cmds[] = { "replay", "simulate" };
    struct stat st;

    if (strchr(arg, '.') != NULL || strchr(arg, '/') != NULL
        || stat(arg, &st) == 0)
        return;
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strlen(arg) >= 3 && strncmp(arg, cmds[i], 3) == 0)
            usage_error(c, "unknown command '%s' (did you mean '%s'?)", arg,
                        cmds[i]);
    usage_error(c, "unknown command '%s' (the commands are replay and "
                "simulate), and no model file of that name", arg);
}

#define SHORT_OPTS ":m:c:einu:EAqalD:U:I:Vh"

/* 1 when --json (or an abbreviation getopt_long takes for it) is among
 * the options of av: a first pass over the same table, applying nothing
 * and saying nothing, so that a usage error met before --json on the
 * command line is a JSON object too.  It runs on a copy of av, since
 * getopt_long permutes what it scans (a missing argument at the end
 * would otherwise take the model's name in the second pass); getopt's
 * state is reset (optind 0, glibc's full reinitialisation) before and
 * after. */
static int wants_json(int ac, char **av, const struct option *lopts)
{
    char **copy = xcalloc((size_t)ac + 1, sizeof *copy);
    int    val;
    int    json = 0;

    memcpy(copy, av, (size_t)ac * sizeof *copy);
    optind = 0;
    opterr = 0;
    while ((val = getopt_long(ac, copy, SHORT_OPTS, lopts, NULL)) != -1)
        if (val == OPT_JSON)
            json = 1;
    optind = 0;
    free(copy);
    return json;
}

static void parse_args(cli *c, int argc, char **argv)
{
    struct option lopts[NOPTS + 1];
    int           val;
    int           first = 1;
    int           ac;
    char        **av;

    memset(lopts, 0, sizeof lopts);
    for (size_t i = 0; i < NOPTS; i++) {
        lopts[i].name = opt_docs[i].name;
        lopts[i].has_arg = opt_docs[i].has_arg;
        lopts[i].val = opt_docs[i].val;
    }
    if (argc > 1 && strcmp(argv[1], "replay") == 0) {
        c->mode = MODE_REPLAY;
        first = 2;
    } else if (argc > 1 && strcmp(argv[1], "simulate") == 0) {
        c->mode = MODE_SIMULATE;
        first = 2;
    }
    /* the command's options from av[1] on (av[0]: the program or the
     * command), so that both passes can start getopt afresh */
    ac = argc - first + 1;
    av = argv + first - 1;
    c->json = wants_json(ac, av, lopts);
    opterr = 0;                 /* bad_option() says what is wrong */
    while ((val = getopt_long(ac, av, SHORT_OPTS, lopts, NULL)) != -1) {
        if (val == '?' || val == ':' || apply_opt(c, val, optarg) != 0)
            bad_option(c, val, av[optind - 1]);
    }
    if (optind >= ac)
        usage_error(c, "%s", "no model given");
    c->model = av[optind++];
    if (strcmp(c->model, "-") == 0) {
        c->from_stdin = 1;
        c->model = LANG_STDIN_NAME;
    } else if (c->mode == MODE_SEARCH) {
        check_command(c, c->model);
    }
    if (c->mode == MODE_REPLAY && optind < ac)
        c->trail_path = av[optind++];
    if (optind < ac)
        usage_error(c, "unexpected argument '%s'", av[optind]);
    check_combinations(c);
    check_outcome_options(c);
}

/* ----------------------------------------------------------- signals */

static void on_signal(int sig)
{
    interrupted = sig;
}

/* While reading and compiling the model (which poll nothing, and may
 * wait for a FIFO's writer), and during a replay, a signal ends spore at
 * once with status 128 + its number; nothing has been written then. */
static void on_signal_exit(int sig)
{
    static const char msg[] = "spore: interrupted\n";

    (void)!write(STDERR_FILENO, msg, sizeof msg - 1);
    _exit(128 + sig);
}

/* SIGINT and SIGTERM: with polled = 0, on_signal_exit; with polled = 1,
 * the first one asks the search or the simulation to stop (they poll
 * `interrupted`), and a second one kills (SA_RESETHAND restores the
 * default action).  Without restart, a blocking read (the interactive
 * simulation's) returns at the signal instead of waiting on. */
static void catch_signals(int polled, int restart)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = polled ? on_signal : on_signal_exit;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (polled ? SA_RESETHAND : 0) | (restart ? SA_RESTART : 0);
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
    unreached        *unr;          /* the locations reached, or NULL
                                       (-n) */
} run_ctx;

static int is_model(const char *path, const struct stat *model);

/* What trails are named after: the model's file, or "stdin" for a model
 * read from standard input (stdin.spore.trail, spore(1) FILES). */
static const char *trail_base(const cli *c)
{
    return c->from_stdin ? "stdin" : c->model;
}

static char *write_trail(run_ctx *rc, const trail *tr, size_t index)
{
    char       *path;
    struct stat model;

    if (rc->c->no_trail || (index > 1 && !rc->c->all_trails))
        return NULL;
    path = trail_default_name(trail_base(rc->c),
                              rc->c->all_trails ? index : 0);
    if (!rc->c->from_stdin && stat(rc->c->model, &model) == 0
        && is_model(path, &model)) {
        fprintf(stderr, "spore: %s is the model; no trail written\n",
                path);
        free(path);
        return NULL;
    }
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
    if (rc->c->so.shortest)     /* pan's "reducing search depth" */
        fprintf(rc->msg, "spore: -i: looking for a counterexample shorter "
                "than %zu steps\n", e->nsteps);
    xgrow((void **)&rc->paths, &rc->paths_cap, rc->npaths + 1,
          sizeof *rc->paths);
    rc->paths[rc->npaths++] = path;
    if (rc->first == NULL) {
        rc->first = tr;
    } else if (rc->c->so.shortest && tr != NULL) {
        /* -i: each error found is shorter than the last */
        trail_free(rc->first);
        rc->first = tr;
    } else {
        trail_free(tr);
    }
    fflush(rc->msg);
}

/* Replay tr to stdout on a program that keeps every global (as `spore
 * replay` does): the search's program drops the globals no expression
 * reads (SPIN's rule for the state), which printf and the final state
 * would show as 0.  The transitions are the same, so tr fits both. */
static void replay_shown(const run_ctx *rc, ts *t, const trail *tr)
{
    fe_options  fo;
    bc_program *p = NULL;
    ts         *shown = NULL;

    memset(&fo, 0, sizeof fo);
    fo.keep_all = 1;
    fo.ltl_name = rc->c->ltl_name;      /* the same claim */
    if (rc->c->lp != NULL)
        p = fe_compile_opts(rc->c->lp, rc->c->model, &fo, rc->c->lp_diag);
    if (p != NULL)
        shown = ts_new(p);
    if (shown != NULL)
        trail_replay(shown, p, tr, 1, 0, stdout);
    else
        trail_replay(t, rc->prog, tr, 1, 0, stdout);
    ts_free(shown);
    bc_program_free(p);
}

static void print_counterexample(run_ctx *rc, ts *t)
{
    const trail *tr = rc->first;

    if (tr == NULL || rc->c->quiet || rc->c->json)
        return;
    if (tr->nsteps > PRINT_TRAIL_MAX) {
        printf("spore: the counterexample has %zu steps; see it with "
               "'spore replay %s%s%s'\n", tr->nsteps,
               rc->c->from_stdin ? "-" : rc->c->model,
               rc->npaths && rc->paths[0] ? " " : "",
               rc->npaths && rc->paths[0] ? rc->paths[0] : "");
        return;
    }
    printf("\nCounterexample (%zu steps):\n", tr->nsteps);
    replay_shown(rc, t, tr);
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

    memset(&ri, 0, sizeof ri);
    ri.model = rc->c->model;
    ri.version = PACKAGE_VERSION;
    ri.date = SPORE_DATE;
    ri.prog = rc->prog;
    ri.opts = &rc->c->so;
    ri.res = r;
    ri.trail_paths = (const char *const *)rc->paths;
    if (rc->npaths < r->nerrors)
        ri.trail_paths = NULL;
    ri.outcomes = rc->c->oc;
    ri.end_vectors = rc->c->json && rc->c->end_states != NULL
                     && strcmp(rc->c->end_states, "-") == 0;
    /* as pan: only when the search went everywhere (no limit, and no
     * stop at the -c'th error), so that "unreached" means unreachable */
    if (rc->unr != NULL && r->stop == SEARCH_STOP_NONE && !r->truncated
        && (rc->c->so.max_errors == 0
            || r->nerrors < rc->c->so.max_errors))
        ri.unreached = rc->unr;
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

/* ------------------------------------------ --dot, --dot-full, --explain */

#define DOT_LIMIT_DEFAULT 2000

/* What run_search keeps for the pictures and the explanation. */
typedef struct viz {
    search_observer obs;
    dot_rec        *rec;            /* the search's graph, or NULL */
    dot_rec        *full;           /* --dot-full: the none search's */
} viz;

/* Set up the observer of the search (and, for --dot-full, run the full
 * search first).  Returns 0, or an exit code. */
static int viz_begin(cli *c, ts *t, viz *v)
{
    size_t limit = c->dot_limit ? c->dot_limit : DOT_LIMIT_DEFAULT;

    memset(v, 0, sizeof *v);
    if (c->dot == NULL && !c->explain)
        return 0;
    if (c->so.stateless)
        usage_error(c, "%s", "--dot and --explain need state matching (not "
                    "--stateless)");
    if (c->json && c->dot != NULL && strcmp(c->dot, "-") == 0)
        usage_error(c, "%s", "--dot=- and --json both want standard output");
    if (c->explain) {
        /* with --json, stdout holds the one JSON object */
        v->obs.explain = explain_print;
        v->obs.explain_ctx = c->json ? stderr : stdout;
    }
    if (c->dot != NULL) {
        v->rec = dot_rec_new(t, limit);
        dot_rec_observe(v->rec, &v->obs);
    }
    if (c->dot != NULL && c->dot_full) {
        search_options o = c->so;
        search_observer fo;
        search_result  fr;

        memset(&fo, 0, sizeof fo);
        v->full = dot_rec_new(t, limit);
        dot_rec_observe(v->full, &fo);
        o.por = SEARCH_POR_NONE;
        o.max_errors = 0;
        o.max_trails = 0;
        o.on_error = NULL;
        o.on_end = NULL;
        o.collect_end_states = 0;
        o.progress_secs = 0;
        o.prefer_visited = 0;
        o.obs = &fo;
        if (search_dfs(t, &o, &fr) != 0 && fr.stop != SEARCH_STOP_MEMORY)
            return EXIT_INTERNAL;
        search_result_fini(&fr);
    }
    /* under none, keep pan's order (the general path would prefer
     * visited states) */
    if (c->so.por == SEARCH_POR_NONE && c->so.order == SEARCH_ORDER_SEQ
        && c->so.nperm == 0)
        c->so.prefer_visited = 0;
    c->so.obs = &v->obs;
    return 0;
}

/* Write the picture after the search (r).  Returns 0, or an exit code. */
static int viz_end(cli *c, viz *v, const search_result *r)
{
    const search_por *por = search_por_get(c->so.por);
    dot_options       o;
    FILE             *out;
    int               rc;
    size_t            limit = c->dot_limit ? c->dot_limit
                                           : DOT_LIMIT_DEFAULT;

    c->so.obs = NULL;
    if (v->rec == NULL)
        return 0;
    if (dot_rec_overflow(v->rec)
        || (v->full != NULL && dot_rec_overflow(v->full))) {
        fprintf(stderr, "spore: --dot: the %ssearch stored more than %zu "
                "states; no picture written to %s (raise the limit with "
                "--dot-limit=N)\n", v->full != NULL
                && dot_rec_overflow(v->full) ? "full " : "", limit, c->dot);
        rc = 0;
        goto done;
    }
    out = strcmp(c->dot, "-") == 0 ? stdout : fopen(c->dot, "w");
    if (out == NULL) {
        fprintf(stderr, "spore: cannot write %s: %s\n", c->dot,
                strerror(errno));
        rc = EXIT_USAGE;
        goto done;
    }
    o.model = c->model;
    o.por = por != NULL ? por->name : "?";
    o.values = c->dot_values;
    if (v->full != NULL)
        rc = dot_write_full(out, v->full, v->rec, r, &o);
    else
        rc = dot_write(out, v->rec, r, &o);
    if ((out != stdout && fclose(out) != 0) || rc != 0) {
        fprintf(stderr, "spore: cannot write %s: %s\n", c->dot,
                strerror(errno));
        rc = EXIT_USAGE;
    }
done:
    dot_rec_free(v->rec);
    dot_rec_free(v->full);
    v->rec = v->full = NULL;
    return rc;
}

/* The search the options ask for: cycles (-a, -l) by nested DFS, the
 * rest by the safety DFS. */
static int search_run(cli *c, ts *t, search_result *r)
{
    if (c->accept || c->nonprogress)
        return search_ndfs(t, &c->so, c->accept ? SEARCH_CYCLE_ACCEPT
                           : SEARCH_CYCLE_NONPROGRESS, r);
    return search_dfs(t, &c->so, r);
}

static int run_search(cli *c, ts *t, const bc_program *prog)
{
    run_ctx       rc;
    search_result r;
    char          opts[256];
    int           code;
    int           viz_code;
    viz           vz;

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
    if (c->oc != NULL) {
        c->so.on_end = outcome_on_end;
        c->so.on_end_ctx = c->oc;
    }
    if ((code = viz_begin(c, t, &vz)) != 0)
        return code;
    if (!c->no_unreached)       /* after --dot-full's own search */
        rc.unr = unreached_new(t);
    if (search_run(c, t, &r) != 0 && r.stop != SEARCH_STOP_MEMORY) {
        fprintf(stderr, "spore: internal error: the search did not "
                "start\n");
        unreached_free(rc.unr);
        return EXIT_INTERNAL;
    }
    viz_code = viz_end(c, &vz, &r);
    print_counterexample(&rc, t);
    if (c->so.shortest && r.nerrors > 0 && r.errors[0].steps != NULL
        && !c->json)
        printf("spore: shortest counterexample: %zu steps%s\n\n",
               r.errors[0].nsteps, r.stop == SEARCH_STOP_NONE
               && !r.truncated ? "" : " (search incomplete: maybe not "
               "the shortest)");
    report(&rc, &r);
    if (c->oc != NULL && !c->json)
        outcome_print(c->oc, stdout, t, r.stop == SEARCH_STOP_NONE
                      && !r.truncated);
    /* a picture or end-state file that cannot be written is reported
     * on stderr; the verdict's exit status stands (spore(1)) */
    code = exit_code(&r);
    if (c->end_states != NULL   /* with --json, "-" is in the report */
        && !(c->json && strcmp(c->end_states, "-") == 0))
        (void)write_end_states(c, &r);
    if (viz_code == EXIT_INTERNAL)
        code = viz_code;
    search_result_fini(&r);
    unreached_free(rc.unr);
    trail_free(rc.first);
    for (size_t i = 0; i < rc.npaths; i++)
        free(rc.paths[i]);
    free(rc.paths);
    return code;
}

/* --------------------------------------------------------- por-check */

/* The outcome set of the last search as one string (its JSON member),
 * or NULL without --outcomes; caller frees. */
static char *outcomes_str(const cli *c, int complete_search)
{
    char  *buf = NULL;
    size_t size = 0;
    FILE  *mem;

    if (c->oc == NULL || (mem = open_memstream(&buf, &size)) == NULL)
        return NULL;
    outcome_json(c->oc, mem, complete_search);
    fclose(mem);
    return buf;
}

/* por_check_hooks for --outcomes: each mode's set starts empty and is
 * compared whole with none's. */
static void check_reset(void *ctx)
{
    const cli *c = ctx;

    if (c->oc != NULL)
        outcome_reset(c->oc);
}

static char *check_summary(void *ctx)
{
    return outcomes_str(ctx, 1);
}

/* One row of the table, printed as soon as its search ends. */
static void check_row(const por_check_table *tab, int m, void *ctx)
{
    const cli           *c = ctx;
    const por_check_row *row = &tab->rows[m];
    const search_result *r = &row->res;
    const search_result *n = &tab->rows[0].res;
    char                 kinds[8];
    const char          *agree = por_check_agree_text(row->agree);
    double               mib;

    por_check_kinds_str(row->kinds, kinds);
    mib = (double)(r->stats.store_bytes + r->stats.stack_bytes
                   + r->por.graph_bytes) / (1024.0 * 1024.0);
    if (c->json) {
        /* one object per mode: the columns of the table */
        printf("%s{\"mode\":", m ? "," : "");
        json_string(stdout, search_por_get(m)->name);
        fputs(",\"verdict\":", stdout);
        json_string(stdout, report_verdict_name(r->verdict));
        fputs(",\"errors\":", stdout);
        json_string(stdout, kinds);
        printf(",\"complete\":%s,\"states_stored\":%zu,"
               "\"states_matched\":%zu,\"transitions\":%zu,"
               "\"transitions_executed\":%zu,\"retraversed\":%zu,"
               "\"end_states\":%zu,\"elapsed_seconds\":%.6f,"
               "\"memory_bytes\":%zu,\"agree\":",
               row->complete ? "true" : "false", r->stats.stored,
               r->stats.matched, r->stats.stored + r->stats.matched,
               r->stats.transitions, r->por.retraversed,
               r->nend_states, r->stats.elapsed,
               r->stats.store_bytes + r->stats.stack_bytes
               + r->por.graph_bytes);
        json_string(stdout, m == 0 ? NULL : agree);
        fputc('}', stdout);
    } else {
        printf("%-7s %-10s %-5s %10zu %10zu %11zu %9.1f%% %6zu %9.3f "
               "%9.3f  %s\n", search_por_get(m)->name,
               report_verdict_name(r->verdict), kinds, r->stats.stored,
               r->stats.stored + r->stats.matched, r->por.retraversed,
               n->stats.stored ? 100.0 * (double)r->stats.stored
                                 / (double)n->stats.stored : 0.0,
               r->nend_states, r->stats.elapsed, mib, agree);
    }
    fflush(stdout);
}

/* Every reduction on one model, one table (engine/search/por_check.c
 * decides; this prints): a disagreement with none on verdict, error
 * kinds or end states (both searches complete) is flagged, and makes
 * the exit status 5. */
static int run_por_check(cli *c, ts *t)
{
    por_check_hooks h = { check_reset, check_summary, check_row, c };
    por_check_table tab;
    int             code;

    c->so.stop = &interrupted;
    if (c->oc != NULL) {
        c->so.on_end = outcome_on_end;
        c->so.on_end_ctx = c->oc;
    } else {
        h.summary = NULL;
    }
    if (c->json) {
        printf("{\"schema\":%d,\"tool\":\"spore\",\"version\":",
               REPORT_JSON_SCHEMA);
        json_string(stdout, PACKAGE_VERSION);
        fputs(",\"model\":", stdout);
        json_string(stdout, c->model);
        fputs(",\"por_check\":[", stdout);
    } else {
        printf("%-7s %-10s %-5s %10s %10s %11s %10s %6s %9s %9s  %s\n",
               "mode", "verdict", "errs", "stored", "transits",
               "retraversed", "vs none", "ends", "time(s)", "MiB",
               "agree");
    }
    if (por_check_run(t, &c->so, &h, &tab) != 0) {
        fprintf(stderr, "spore: internal error: the search did not "
                "start\n");
        por_check_fini(&tab);
        return EXIT_INTERNAL;
    }
    code = exit_code(&tab.rows[0].res);
    if (c->json)
        printf("],\"agree\":%s,\"interrupted\":%s}\n",
               tab.disagree ? "false" : "true",
               tab.interrupted ? "true" : "false");
    if (tab.disagree) {
        fprintf(c->json ? stderr : stdout, "spore: DISAGREEMENT: a "
                "reduction does not agree with --por=none (a soundness "
                "bug; please report it)\n");
        code = EXIT_INTERNAL;
    } else if (!c->json) {
        printf("spore: all reductions agree with --por=none\n");
    }
    por_check_fini(&tab);
    return code;
}

/* ---------------------------------------------------------- simulate */

/* Save the simulated run as a trail ("error none" when it ended
 * without one). */
static int save_sim_trail(const cli *c, const bc_program *prog,
                          const sim_result *r)
{
    search_error e;
    trail       *tr;
    int          rc;

    memset(&e, 0, sizeof e);
    e.kind = r->kind;
    e.loc = r->loc;
    e.steps = r->steps;
    e.nsteps = r->nsteps;
    e.depth = r->kind == SEARCH_E_INVALID_END || r->nsteps == 0
              ? r->nsteps : r->nsteps - 1;
    tr = trail_from_error(prog, &e, PACKAGE_VERSION, "por=none assert=on "
                          "end=on empty-chans=off");
    if (tr == NULL)
        return -1;
    if (c->so.require_empty) {
        free(tr->options);
        tr->options = xstrdup("por=none assert=on end=on empty-chans=on");
    }
    rc = trail_write(tr, c->sim_trail);
    if (rc != 0)
        fprintf(stderr, "spore: cannot write %s: %s\n", c->sim_trail,
                strerror(errno));
    else
        printf("spore: wrote %s\n", c->sim_trail);
    trail_free(tr);
    return rc;
}

/* A clock-based seed when none was given (printed, so that the run can
 * be repeated). */
static uint64_t clock_seed(void)
{
    return (uint64_t)(search_now() * 1e6) % 1000000007u;
}

static int run_simulate(const cli *c, ts *t, const bc_program *prog)
{
    sim_options o;
    sim_result  r;
    int         code;

    memset(&o, 0, sizeof o);
    o.seed = c->have_seed ? c->seed : clock_seed();
    o.max_steps = c->max_steps;
    o.interactive = c->interactive;
    o.in = stdin;
    o.echo = !isatty(STDIN_FILENO);
    o.out = stdout;
    o.style = c->quiet ? TRAIL_QUIET : c->style;
    o.require_empty = c->so.require_empty;
    o.stop = &interrupted;
    if (!c->interactive)
        printf("spore: random simulation, seed %llu\n",
               (unsigned long long)o.seed);
    sim_run(t, &o, &r);
    code = r.end == SIM_ERROR || r.end == SIM_INVALID_END ? EXIT_VIOLATED
                                                          : EXIT_VERIFIED;
    if (r.end == SIM_INTERRUPTED)
        code = 128 + interrupted;
    if (c->sim_trail != NULL)   /* a write error is on stderr */
        (void)save_sim_trail(c, prog, &r);
    sim_result_fini(&r);
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

    if (path == NULL)
        path = def = trail_default_name(trail_base(c), 0);
    tr = trail_read(path, err, sizeof err);
    if (tr == NULL) {
        fprintf(stderr, "%s\n", err);
        if (def != NULL && access(def, F_OK) != 0)
            fprintf(stderr, "spore: spore's trails are named MODEL%s "
                    "(MODEL.trail is pan's, which 'spin -t' replays); "
                    "name the trail to replay after the model\n",
                    TRAIL_SUFFIX);
        free(def);
        return EXIT_USAGE;
    }
    rc = trail_replay_style(t, prog, tr, c->force,
                            c->quiet ? TRAIL_QUIET : c->style, stdout);
    trail_free(tr);
    free(def);
    switch (rc) {
    case TRAIL_REPRODUCED: return EXIT_VIOLATED;
    case TRAIL_COMPLETED:  return EXIT_VERIFIED;
    case TRAIL_FAILED:     return EXIT_INTERNAL;
    default:               return EXIT_USAGE;
    }
}

/* ------------------------------------------------------------- main */

/* --outcomes / --expect: the outcome set of prog into c->oc.  Returns
 * 0, or the exit status after reporting (names and expect lines are the
 * user's input: file:line:col diagnostics, status 3). */
static int make_outcomes(cli *c, const bc_program *prog)
{
    diag *d;
    int   rc = 0;
    char  msg[1024] = "";

    if (c->outcomes == NULL && c->expect == NULL)
        return 0;
    d = diag_new(NULL);
    c->oc = outcome_new(prog);
    if (c->outcomes != NULL
        && outcome_add_vars(c->oc, c->outcomes, "--outcomes", d) != 0)
        rc = EXIT_MODEL;
    if (rc == 0 && c->expect != NULL) {
        switch (outcome_read_expect(c->oc, c->expect, d)) {
        case 0:
            break;
        case -2:
            snprintf(msg, sizeof msg, "cannot read %s: %s", c->expect,
                     strerror(errno));
            fprintf(stderr, "spore: %s\n", msg);
            rc = EXIT_USAGE;
            break;
        default:
            rc = EXIT_MODEL;
            break;
        }
    }
    outcome_keep_witnesses(c->oc, c->outcomes_trail);
    if (rc != 0 && c->json)
        json_failure(c, d, rc, msg[0] ? msg : NULL);
    diag_free(d);
    return rc;
}

/* Liveness (issue 12): with a never claim, -a or -l the search runs
 * without reduction (the reductions are not yet sound for it): the
 * default one is switched off with a note, another one asked for is
 * refused.  A claim also switches off the invalid-end-state check, as
 * in pan (a run that stops is not a violation of a claim). */
/* A usage error of the liveness options: on stderr, and as JSON with
 * --json.  Returns EXIT_USAGE. */
static int liveness_refuse(const cli *c, const char *msg)
{
    if (c->json)
        json_failure(c, NULL, EXIT_USAGE, msg);
    else
        fprintf(stderr, "spore: %s\n", msg);
    return EXIT_USAGE;
}

static int liveness_setup(cli *c, const bc_program *prog)
{
    const char *why = prog->has_claim ? "never claim"
                      : c->accept ? "acceptance cycles"
                      : "non-progress cycles";
    int cycles = c->accept || c->nonprogress;
    char msg[200];

    if (c->accept && c->nonprogress)
        return liveness_refuse(c, "-a and -l exclude each other (as in "
                               "pan): run them one at a time");
    if (c->nonprogress && prog->has_claim)
        return liveness_refuse(c, "-l looks for non-progress cycles with "
                               "a claim of its own: remove the model's "
                               "never claim or ltl property, or use -a");
    if (cycles && c->mode != MODE_SEARCH && c->mode != MODE_REPLAY)
        return liveness_refuse(c, "-a and -l go with a search");
    if (cycles && (c->so.stateless || c->so.shortest || c->dot != NULL
                   || c->explain || c->outcomes != NULL
                   || c->expect != NULL))
        return liveness_refuse(c, "-a and -l do not go with --stateless, "
                               "-i, --dot, --explain, --outcomes or "
                               "--expect yet");
    if ((prog->has_claim || cycles) && c->mode == MODE_POR_CHECK)
        return liveness_refuse(c, "--por-check compares the reductions, "
                               "which are not yet sound with a never "
                               "claim, -a or -l");
    c->so.liveness = c->accept ? 1 + SEARCH_CYCLE_ACCEPT
                     : c->nonprogress ? 1 + SEARCH_CYCLE_NONPROGRESS : 0;
    if (prog->has_claim || cycles)
        c->so.check_end = 0;
    if ((!prog->has_claim && !cycles) || c->so.por == SEARCH_POR_NONE)
        return 0;
    if (c->por_given) {
        snprintf(msg, sizeof msg, "--por=%s is not sound with a %s yet: "
                 "use --por=none (the default there)",
                 search_por_get(c->so.por)->name, why);
        return liveness_refuse(c, msg);
    }
    if (c->mode == MODE_SEARCH && !c->quiet && !c->json)
        fprintf(stderr, "spore: reduction off: %s\n", why);
    c->so.por = SEARCH_POR_NONE;
    return 0;
}

static int after_compile(cli *c, bc_program *prog)
{
    ts  *t;
    int  code;

    if (c->print_never)
        return EXIT_VERIFIED;
    if ((code = liveness_setup(c, prog)) != 0)
        return code;
    if ((code = make_outcomes(c, prog)) != 0)
        return code;
    if (c->mode == MODE_CHECK) {
        fprintf(stderr, "spore: %s: no errors\n", c->model);
        if (c->json)            /* verdict "ok", with the warnings */
            json_failure(c, c->lp_diag, EXIT_VERIFIED, NULL);
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
    if (c->mode != MODE_REPLAY)         /* these poll `interrupted` */
        catch_signals(1, !(c->mode == MODE_SIMULATE && c->interactive));
    if (c->mode == MODE_REPLAY)
        code = run_replay(c, t, prog);
    else if (c->mode == MODE_SIMULATE)
        code = run_simulate(c, t, prog);
    else if (c->mode == MODE_POR_CHECK)
        code = run_por_check(c, t);
    else
        code = run_search(c, t, prog);
    ts_free(t);
    return code;
}

/* Compile lp, keeping in the state the globals that --outcomes or the
 * expect file's header name (the front end drops globals the model
 * never reads), or, for replay, those of the outcome a trail records. */
static bc_program *compile_observed(const cli *c, const lang_program *lp,
                                    diag *d)
{
    fe_options  fo;
    char      **names = NULL;
    size_t      n = 0;
    size_t      cap = 0;
    char       *spec = NULL;
    char       *prop = NULL;        /* replay: the trail's property */
    bc_program *prog;

    if (c->outcomes != NULL) {
        outcome_spec_names(c->outcomes, &names, &n, &cap);
    } else if (c->expect != NULL
               && (spec = outcome_expect_header(c->expect)) != NULL) {
        outcome_spec_names(spec, &names, &n, &cap);
    } else if (c->mode == MODE_REPLAY) {
        char   err[256];
        char  *def = trail_default_name(trail_base(c), 0);
        trail *tr;

        tr = trail_read(c->trail_path != NULL ? c->trail_path : def, err,
                        sizeof err);
        if (tr != NULL && tr->detail != NULL)
            outcome_spec_names(tr->detail, &names, &n, &cap);
        if (tr != NULL && tr->property != NULL)  /* the claim it checked */
            prop = xstrdup(tr->property);
        trail_free(tr);
        free(def);
    }
    memset(&fo, 0, sizeof fo);
    fo.keep = (const char *const *)names;
    fo.nkeep = n;
    fo.keep_all = c->mode == MODE_REPLAY || c->mode == MODE_SIMULATE;
    fo.ltl_name = c->ltl_name != NULL ? c->ltl_name : prop;
    fo.print_never = c->print_never ? stdout : NULL;
    prog = fe_compile_opts(lp, c->model, &fo, d);
    free(prop);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(spec);
    return prog;
}

/* The model must be a readable file (or a FIFO, which is not opened
 * here: that would consume its writer).  Returns 0, or EXIT_USAGE with
 * the reason in msg. */
static int check_model_file(const char *path, char *msg, size_t size)
{
    struct stat st;
    int         err = 0;

    if (stat(path, &st) != 0)
        err = errno;
    else if (S_ISDIR(st.st_mode))
        err = EISDIR;
    else if (access(path, R_OK) != 0)
        err = errno;
    if (err == 0)
        return 0;
    snprintf(msg, size, "cannot read the model %s: %s", path,
             strerror(err));
    return EXIT_USAGE;
}

/* 1 when path names the model's file (same device and inode). */
static int is_model(const char *path, const struct stat *model)
{
    struct stat st;

    return path != NULL && strcmp(path, "-") != 0 && stat(path, &st) == 0
           && st.st_dev == model->st_dev && st.st_ino == model->st_ino;
}

/* No output file may be the model: refuse (status 2) before anything is
 * written.  Returns 0, or EXIT_USAGE with the reason in msg. */
static int check_outputs(const cli *c, char *msg, size_t size)
{
    const struct { const char *opt, *path; } outs[] = {
        { "--dot", c->dot },
        { "--end-states", c->end_states },
        { "--trail", c->sim_trail },
    };
    struct stat model;

    if (c->from_stdin || stat(c->model, &model) != 0)
        return 0;
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        if (is_model(outs[i].path, &model)) {
            snprintf(msg, size, "%s=%s would overwrite the model %s; "
                     "name another file", outs[i].opt, outs[i].path,
                     c->model);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* --json: a run that ends before any search (exit 2 for a usage error,
 * an unreadable model or a refused output file, 3 for errors in the
 * model) still writes one JSON object on stdout: verdict "error", the
 * exit status and the diagnostics: those of d (may be NULL), then msg
 * (may be NULL), a message without a place (file null, line and col 0).
 * The text went to stderr too.  --check's success (code 0) has the same
 * shape, with verdict "ok" and the warnings. */
static void json_failure(const cli *c, const diag *d, int code,
                         const char *msg)
{
    size_t n = d != NULL ? diag_nmsgs(d) : 0;

    printf("{\"schema\":%d,\"tool\":\"spore\",\"version\":",
           REPORT_JSON_SCHEMA);
    json_string(stdout, PACKAGE_VERSION);
    fputs(",\"model\":", stdout);
    json_string(stdout, c->model);
    printf(",\"verdict\":\"%s\",\"exit\":%d,\"diagnostics\":[",
           code == 0 ? "ok" : "error", code);
    for (size_t i = 0; i < n; i++) {
        const diag_msg *m = diag_msg_at(d, i);

        fputs(i ? ",{\"level\":" : "{\"level\":", stdout);
        json_string(stdout, diag_level_name(m->level));
        fputs(",\"file\":", stdout);
        json_string(stdout, diag_file_name(d, m->pos.file));
        printf(",\"line\":%u,\"col\":%u,\"message\":",
               (unsigned)m->pos.line, (unsigned)m->pos.col);
        json_string(stdout, m->text);
        fputc('}', stdout);
    }
    if (msg != NULL) {
        fputs(n ? "," : "", stdout);
        fputs("{\"level\":\"error\",\"file\":null,\"line\":0,\"col\":0,"
              "\"message\":", stdout);
        json_string(stdout, msg);
        fputc('}', stdout);
    }
    fputs("]}\n", stdout);
}

static int run(cli *c)
{
    diag         *d = diag_new(NULL);
    lang_options  lo;
    lang_program *lp;
    bc_program   *prog = NULL;
    int           code = EXIT_MODEL;
    char          msg[1024];

    if ((!c->from_stdin
         && (code = check_model_file(c->model, msg, sizeof msg)) != 0)
        || (code = check_outputs(c, msg, sizeof msg)) != 0) {
        fprintf(stderr, "spore: %s\n", msg);
        if (c->json)
            json_failure(c, NULL, code, msg);
        diag_free(d);
        return code;
    }
    code = EXIT_MODEL;
    memset(&lo, 0, sizeof lo);
    lo.cpp_args = c->cpp_args;
    lo.ncpp_args = c->ncpp;
    lp = lang_parse_file(c->from_stdin ? "-" : c->model, &lo, d);
    if (lp != NULL && diag_count(d) == 0) {
        if (c->mode == MODE_DUMP_AST) {
            lang_dump_ast(lp, stdout);
            code = EXIT_VERIFIED;
        } else {
            prog = compile_observed(c, lp, d);
        }
    }
    c->lp = lp;
    c->lp_diag = d;
    if (prog != NULL)
        code = after_compile(c, prog);
    else if (c->json)
        json_failure(c, d, code, NULL);
    c->lp = NULL;
    outcome_free(c->oc);
    c->oc = NULL;
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
    catch_signals(0, 1);
    code = run(&c);
    for (size_t i = 0; i < c.ncpp; i++)
        free((void *)c.cpp_args[i]);
    free(c.cpp_args);
    fflush(stdout);
    if (ferror(stdout) && code == EXIT_VERIFIED)
        code = EXIT_INTERNAL;
    exit(code);
}
