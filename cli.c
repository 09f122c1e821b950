/*
 * cli.c -- spore's command line: the option table (the one source of
 * getopt_long's table and of --help), the help text, the parsing of the
 * arguments and the checks of the options that only make sense
 * together.  The contract is in cli.h.
 *
 * No function here exits: a usage error is written into c->err by
 * usage_error() and returned as CLI_ERROR up to cli_parse()'s caller,
 * every caller returning at once, so nothing after the first error is
 * applied or printed (spore.c then prints it and exits 2, exactly as an
 * immediate exit would have).
 */
#include "config.h"

#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/out/report.h"
#include "engine/out/trail.h"
#include "engine/por/por.h"
#include "util/xalloc.h"

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
enum { OPT_LTL = 460, OPT_PRINT_NEVER, OPT_LTL_FORMULA };

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
    { "fair",       0, 'f', NULL,
      "with -a or -l: weak fairness (pan's -f): only cycles in which "
      "every process moves or is blocked infinitely often count; "
      "no reduction (default: off)" },
    { "ltl",        1, OPT_LTL, "NAME",
      "check the ltl property NAME of the model (default: the first "
      "ltl block, as SPIN)" },
    { "ltl-formula", 1, OPT_LTL_FORMULA, "FORMULA",
      "check the model against FORMULA (SPIN's ltl syntax, over the "
      "model's globals) instead of its own ltl and never blocks; with "
      "--print-never and no model, print its claim (default: off)" },
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

void cli_usage_synopsis(FILE *out)
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

    cli_usage_synopsis(stdout);
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

static void version(const cli *c)
{
    if (c->json)
        printf("{\"schema\":%d,\"tool\":\"spore\",\"version\":"
               "\"%s\",\"date\":\"%s\"}\n", REPORT_JSON_SCHEMA,
               PACKAGE_VERSION, SPORE_DATE);
    else
        printf("spore %s (%s)\n", PACKAGE_VERSION, SPORE_DATE);
}

static cli_status usage_error(cli *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Keep what is wrong with the command line in c->err (the first error
 * only: the callers return at once).  Returns CLI_ERROR. */
static cli_status usage_error(cli *c, const char *fmt, ...)
{
    va_list ap;

    if (c->err[0] != '\0')
        return CLI_ERROR;
    va_start(ap, fmt);
    vsnprintf(c->err, sizeof c->err, fmt, ap);
    va_end(ap);
    return CLI_ERROR;
}

static cli_status parse_count(cli *c, const char *s, const char *what,
                              size_t *out)
{
    char              *end;
    unsigned long long v;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || s[0] == '-')
        return usage_error(c, "bad %s '%s'", what, s);
    *out = (size_t)v;
    return CLI_OK;
}

/* "512M", "2G", "100000" (bytes), with K/M/G/T binary suffixes and an
 * optional "B" or "iB". */
static cli_status parse_size(cli *c, const char *s, size_t *out)
{
    char              *end;
    unsigned long long v;
    unsigned           shift = 0;

    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || errno != 0 || s[0] == '-')
        return usage_error(c, "bad size '%s' (expected e.g. 512M or 2G)",
                           s);
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
        return usage_error(c, "bad size '%s' (expected e.g. 512M or 2G)",
                           s);
    *out = (size_t)(v << shift);
    return CLI_OK;
}

static cli_status parse_seconds(cli *c, const char *s, const char *what,
                                double *out)
{
    char  *end;
    double v = strtod(s, &end);

    if (end == s || *end != '\0' || v < 0)
        return usage_error(c, "bad %s '%s'", what, s);
    *out = v;
    return CLI_OK;
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

static cli_status parse_por(cli *c, const char *s)
{
    int  m = search_por_from_name(s);
    char names[256];

    if (m < 0)
        return usage_error(c, "unknown reduction '%s' (known: %s)", s,
                           por_mode_names(names, sizeof names, 0));
    c->so.por = m;
    c->por_given = 1;
    return CLI_OK;
}

/* --order=seq[:P,P,...] | random[:SEED] */
static cli_status parse_order(cli *c, search_options *o, const char *s)
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
                return usage_error(c, "bad --order permutation '%s' "
                                   "(expected e.g. seq:2,0,1)", s);
            for (size_t i = 0; i < o->nperm; i++)
                if (o->perm[i] == v)
                    return usage_error(c, "pid %lu repeated in --order=%s",
                                       v, s);
            o->perm[o->nperm++] = (uint8_t)v;
            arg = *end == ',' ? end : NULL;
        }
    } else if (n == 6 && strncmp(s, "random", 6) == 0) {
        size_t seed = 1;

        o->order = SEARCH_ORDER_RANDOM;
        if (arg != NULL
            && parse_count(c, arg + 1, "random seed", &seed) != CLI_OK)
            return CLI_ERROR;
        o->order_seed = seed;
    } else {
        return usage_error(c, "bad --order '%s' (expected seq[:PERM] or "
                           "random[:SEED])", s);
    }
    return CLI_OK;
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

static cli_status set_mode(cli *c, cli_mode m)
{
    if (c->mode != CLI_MODE_SEARCH && c->mode != m)
        return usage_error(c, "%s", "--check, --dump-ast, --dump-bytecode, "
                           "--por-check and replay exclude each other");
    c->mode = m;
    return CLI_OK;
}

/* What apply_opt() returns for an option it does not know (besides the
 * cli_status values). */
enum { OPT_UNKNOWN = 2 };

/* Apply one long option: CLI_OK, CLI_ERROR, or OPT_UNKNOWN. */
static int apply_long(cli *c, int val, const char *arg)
{
    size_t n;

    switch (val) {
    case OPT_POR:      return parse_por(c, arg);
    case OPT_LANES:    c->style = TRAIL_LANES; break;
    case OPT_MSC:      c->style = TRAIL_MSC; break;
    case OPT_SEED:
        if (parse_count(c, arg, "seed", &n) != CLI_OK)
            return CLI_ERROR;
        c->seed = n;
        c->have_seed = 1;
        break;
    case OPT_INTERACTIVE: c->interactive = 1; break;
    case OPT_SIM_TRAIL: c->sim_trail = arg; break;
    case OPT_MEMLIMIT: return parse_size(c, arg, &c->so.memlimit);
    case OPT_TIME:
        return parse_seconds(c, arg, "time limit", &c->so.time_limit);
    case OPT_PROGRESS:
        return parse_seconds(c, arg, "progress period",
                             &c->so.progress_secs);
    case OPT_JSON:     c->json = 1; break;
    case OPT_NO_TRAIL: c->no_trail = 1; break;
    case OPT_QUIET:    c->quiet = 1; break;
    case OPT_FORCE:    c->force = 1; break;
    case OPT_STATELESS: c->so.stateless = 1; break;
    case OPT_ORDER:    return parse_order(c, &c->so, arg);
    case OPT_NO_PREFER: c->so.prefer_visited = 0; break;
    case OPT_END_STATES: c->end_states = arg; break;
    case OPT_CYCLE_FIX:
        if ((c->so.cycle_fix = search_cycle_fix_from_name(arg)) < 0)
            return usage_error(c, "unknown --cycle-fix '%s' (known: stack, "
                               "static, c3-only)", arg);
        break;
    case OPT_DE_RETRAVERSE:
        if (strcmp(arg, "once") == 0)
            c->so.de_paths = 0;
        else if (strcmp(arg, "paths") == 0)
            c->so.de_paths = 1;
        else
            return usage_error(c, "unknown --de-retraverse '%s' (known: "
                               "once, paths)", arg);
        break;
    case OPT_OUTCOMES: c->outcomes = arg; break;
    case OPT_OUTCOMES_TRAIL: c->outcomes_trail = 1; break;
    case OPT_EXPECT:   c->expect = arg; break;
    case OPT_DOT:      c->dot = arg; break;
    case OPT_DOT_FULL: c->dot_full = 1; break;
    case OPT_DOT_VALUES: c->dot_values = 1; break;
    case OPT_DOT_LIMIT:
        return parse_count(c, arg, "--dot-limit", &c->dot_limit);
    case OPT_EXPLAIN:  c->explain = 1; break;
    case OPT_LTL:
        if (c->ltl_formula != NULL)
            return usage_error(c, "%s", "--ltl and --ltl-formula exclude "
                               "each other: the formula is the property");
        c->ltl_name = arg;
        break;
    case OPT_LTL_FORMULA:
        if (c->ltl_name != NULL)
            return usage_error(c, "%s", "--ltl and --ltl-formula exclude "
                               "each other: the formula is the property");
        if (arg[strspn(arg, " \t\n")] == '\0')
            return usage_error(c, "%s", "--ltl-formula: empty formula");
        c->ltl_formula = arg;
        break;
    case OPT_PRINT_NEVER: c->print_never = 1; break;
    case OPT_POR_CHECK: return set_mode(c, CLI_MODE_POR_CHECK);
    case OPT_CHECK:    return set_mode(c, CLI_MODE_CHECK);
    case OPT_DUMP_AST: return set_mode(c, CLI_MODE_DUMP_AST);
    case OPT_DUMP_BC:  return set_mode(c, CLI_MODE_DUMP_BC);
    default:           return OPT_UNKNOWN;
    }
    return CLI_OK;
}

/* Apply one option: CLI_OK, CLI_DONE (--help, --version: printed),
 * CLI_ERROR, or OPT_UNKNOWN. */
static int apply_opt(cli *c, int val, const char *arg)
{
    switch (val) {
    case 'm': return parse_count(c, arg, "depth", &c->so.max_depth);
    case 'c': return parse_count(c, arg, "error count", &c->so.max_errors);
    case 'e': c->all_trails = 1; break;
    case 'n': c->no_unreached = 1; break;
    case 'i': c->so.shortest = 1; break;
    case 'u': return parse_count(c, arg, "step count", &c->max_steps);
    case 'E': c->so.check_end = 0; break;
    case 'A': c->so.check_assert = 0; break;
    case 'q': c->so.require_empty = 1; break;
    case 'a': c->accept = 1; break;
    case 'l': c->nonprogress = 1; break;
    case 'f': c->so.fair = 1; break;
    case 'D': add_cpp_arg(c, "-D", arg); break;
    case 'U': add_cpp_arg(c, "-U", arg); break;
    case 'I': add_cpp_arg(c, "-I", arg); break;
    case 'V':
        version(c);
        return CLI_DONE;
    case 'h':
        help();
        return CLI_DONE;
    default:
        return apply_long(c, val, arg);
    }
    return CLI_OK;
}

/* Options that only make sense together.  -i needs full expansion: a
 * reduction may prune the shorter path to an error state, so an
 * explicit --por other than none is refused, and the default one is
 * switched off (with a note). */
static cli_status check_combinations(cli *c)
{
    if (c->mode != CLI_MODE_SIMULATE
        && (c->have_seed || c->max_steps || c->interactive || c->sim_trail))
        return usage_error(c, "%s", "--seed, --steps, --interactive and "
                           "--trail are options of 'spore simulate'");
    if (c->json
        && (c->mode == CLI_MODE_SIMULATE || c->mode == CLI_MODE_REPLAY))
        return usage_error(c, "--json is an option of the search and "
                           "--por-check, not of 'spore %s' (its output is "
                           "a listing)", c->mode == CLI_MODE_SIMULATE
                           ? "simulate" : "replay");
    if (c->json
        && (c->mode == CLI_MODE_DUMP_AST || c->mode == CLI_MODE_DUMP_BC))
        return usage_error(c, "%s", "--json goes with a search, --por-check "
                           "or --check, not with --dump-ast or "
                           "--dump-bytecode (their output is a listing)");
    if (c->from_stdin && c->interactive)
        return usage_error(c, "%s", "--interactive reads its choices from "
                           "standard input, which holds the model ('-'): "
                           "name the model's file");
    if (c->style != TRAIL_FLAT && c->mode != CLI_MODE_SIMULATE
        && c->mode != CLI_MODE_REPLAY)
        return usage_error(c, "%s", "--lanes and --msc are options of "
                           "'spore replay' and 'spore simulate'");
    if (!c->so.shortest || c->so.por == SEARCH_POR_NONE)
        return CLI_OK;
    if (c->mode == CLI_MODE_POR_CHECK)
        return usage_error(c, "%s", "-i and --por-check exclude each other");
    if (c->por_given)
        return usage_error(c, "-i needs --por=none (a reduction may cut the "
                           "shortest path), not --por=%s",
                           search_por_get(c->so.por)->name);
    fprintf(stderr, "spore: -i: partial order reduction off "
            "(--por=none), to find a shortest counterexample\n");
    c->so.por = SEARCH_POR_NONE;
    return CLI_OK;
}

/* --outcomes, --outcomes-trail and --expect: with a search, with
 * --por-check (which then compares the outcome sets too) or with --check
 * (which checks the names and the expect file). */
static cli_status check_outcome_options(cli *c)
{
    int on = c->outcomes != NULL || c->expect != NULL;

    if (c->outcomes_trail && !on)
        return usage_error(c, "%s", "--outcomes-trail needs --outcomes or "
                           "--expect");
    if (c->outcomes != NULL && c->outcomes[0] == '\0')
        return usage_error(c, "%s", "--outcomes needs a variable list, e.g. "
                           "--outcomes=x,y");
    if (on && c->mode != CLI_MODE_SEARCH && c->mode != CLI_MODE_CHECK
        && c->mode != CLI_MODE_POR_CHECK)
        return usage_error(c, "%s", "--outcomes and --expect go with a "
                           "search, --por-check or --check, not with "
                           "replay, simulate or the dumps");
    return CLI_OK;
}

/* getopt_long's complaint (it prints nothing: opterr is 0) about the
 * argument arg: val is ':' for a missing argument, '?' for an unknown
 * option or an argument given to an option that takes none. */
static cli_status bad_option(cli *c, int val, const char *arg)
{
    int lng = strncmp(arg, "--", 2) == 0;
    int n = (int)strcspn(arg, "=");

    if (val == ':' && lng)
        return usage_error(c, "option '%.*s' needs an argument", n, arg);
    if (val == ':')
        return usage_error(c, "option '-%c' needs an argument", optopt);
    if (lng && optopt != 0)
        return usage_error(c, "option '%.*s' takes no argument", n, arg);
    if (lng)
        return usage_error(c, "unknown or ambiguous option '%.*s'", n, arg);
    return usage_error(c, "unknown option '-%c'", optopt);
}

/* A first argument that is no file and looks like a word ("simulat",
 * "check") is a mistyped command, not a model. */
static cli_status check_command(cli *c, const char *arg)
{
    static const char *const cmds[] = { "replay", "simulate" };
    struct stat st;

    if (strchr(arg, '.') != NULL || strchr(arg, '/') != NULL
        || stat(arg, &st) == 0)
        return CLI_OK;
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (strlen(arg) >= 3 && strncmp(arg, cmds[i], 3) == 0)
            return usage_error(c, "unknown command '%s' (did you mean "
                               "'%s'?)", arg, cmds[i]);
    return usage_error(c, "unknown command '%s' (the commands are replay "
                       "and simulate), and no model file of that name",
                       arg);
}

#define SHORT_OPTS ":m:c:einu:EAqalfD:U:I:Vh"

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

void cli_init(cli *c)
{
    memset(c, 0, sizeof *c);
    search_options_init(&c->so);
    c->so.por = SEARCH_POR_DEFAULT;
    c->so.memlimit = default_memlimit();
}

void cli_fini(cli *c)
{
    for (size_t i = 0; i < c->ncpp; i++)
        free((void *)c->cpp_args[i]);
    free(c->cpp_args);
    c->cpp_args = NULL;
    c->ncpp = c->cpp_cap = 0;
}

cli_status cli_parse(cli *c, int argc, char **argv)
{
    struct option lopts[NOPTS + 1];
    int           val;
    int           first = 1;
    int           ac;
    int           st;
    char        **av;

    memset(lopts, 0, sizeof lopts);
    for (size_t i = 0; i < NOPTS; i++) {
        lopts[i].name = opt_docs[i].name;
        lopts[i].has_arg = opt_docs[i].has_arg;
        lopts[i].val = opt_docs[i].val;
    }
    if (argc > 1 && strcmp(argv[1], "replay") == 0) {
        c->mode = CLI_MODE_REPLAY;
        first = 2;
    } else if (argc > 1 && strcmp(argv[1], "simulate") == 0) {
        c->mode = CLI_MODE_SIMULATE;
        first = 2;
    }
    /* the command's options from av[1] on (av[0]: the program or the
     * command), so that both passes can start getopt afresh */
    ac = argc - first + 1;
    av = argv + first - 1;
    c->json = wants_json(ac, av, lopts);
    opterr = 0;                 /* bad_option() says what is wrong */
    while ((val = getopt_long(ac, av, SHORT_OPTS, lopts, NULL)) != -1) {
        if (val == '?' || val == ':')
            return bad_option(c, val, av[optind - 1]);
        st = apply_opt(c, val, optarg);
        if (st == OPT_UNKNOWN)
            return bad_option(c, val, av[optind - 1]);
        if (st != CLI_OK)
            return (cli_status)st;
    }
    if (optind >= ac && c->ltl_formula != NULL && c->print_never
        && c->mode == CLI_MODE_SEARCH)
        return CLI_OK;      /* print the formula's claim (spore.c) */
    if (optind >= ac)
        return usage_error(c, "%s", "no model given");
    c->model = av[optind++];
    if (strcmp(c->model, "-") == 0) {
        c->from_stdin = 1;
        c->model = LANG_STDIN_NAME;
    } else if (c->mode == CLI_MODE_SEARCH
               && check_command(c, c->model) != CLI_OK) {
        return CLI_ERROR;
    }
    if (c->mode == CLI_MODE_REPLAY && optind < ac)
        c->trail_path = av[optind++];
    if (optind < ac)
        return usage_error(c, "unexpected argument '%s'", av[optind]);
    if (check_combinations(c) != CLI_OK)
        return CLI_ERROR;
    return check_outcome_options(c);
}

cli_status cli_check_viz(cli *c)
{
    if (c->dot == NULL && !c->explain)
        return CLI_OK;
    if (c->so.stateless)
        return usage_error(c, "%s", "--dot and --explain need state "
                           "matching (not --stateless)");
    if (c->json && c->dot != NULL && strcmp(c->dot, "-") == 0)
        return usage_error(c, "%s", "--dot=- and --json both want standard "
                           "output");
    return CLI_OK;
}

cli_status cli_check_liveness(cli *c, const bc_program *prog)
{
    int has_claim = prog->has_claim;
    int cycles = c->accept || c->nonprogress;
    const char *no = NULL;      /* why S-POR cannot run here */
    char where[128];

    if (c->accept && c->nonprogress)
        return usage_error(c, "%s", "-a and -l exclude each other (as in "
                           "pan): run them one at a time");
    if (c->nonprogress && has_claim)
        return usage_error(c, "%s", "-l looks for non-progress cycles with "
                           "a claim of its own: remove the model's never "
                           "claim or ltl property, or use -a");
    if (cycles && c->mode != CLI_MODE_SEARCH && c->mode != CLI_MODE_REPLAY)
        return usage_error(c, "%s", "-a and -l go with a search");
    if (c->so.fair && !cycles)
        return usage_error(c, "%s", "-f (weak fairness) goes with -a or "
                           "-l");
    if (cycles && (c->so.stateless || c->so.shortest || c->dot != NULL
                   || c->explain || c->outcomes != NULL
                   || c->expect != NULL))
        return usage_error(c, "%s", "-a and -l do not go with --stateless, "
                           "-i, --dot, --explain, --outcomes or --expect "
                           "yet");
    if ((has_claim || cycles) && c->mode == CLI_MODE_POR_CHECK)
        return usage_error(c, "%s", "--por-check compares the reductions, "
                           "which are not yet sound with a never claim, -a "
                           "or -l");
    c->so.liveness = c->accept ? 1 + SEARCH_CYCLE_ACCEPT
                     : c->nonprogress ? 1 + SEARCH_CYCLE_NONPROGRESS : 0;
    if (has_claim || cycles)
        c->so.check_end = 0;
    if ((!has_claim && !cycles) || c->so.por == SEARCH_POR_NONE)
        return CLI_OK;
    /* S-POR runs under -a and -l (engine/por/por_live.c says why it is
     * sound there), and is the default as pan reduces by default; the
     * property must be closed under stuttering: an ltl block without X,
     * pan's -l claim, or accept labels without a claim */
    if (!cycles)
        no = "a never claim without -a";
    else if (has_claim && !prog->claim_ltl)
        no = "the model's own never claim";
    else if (has_claim && prog->claim_next != 0)
        no = "X (next) in the ltl property";
    /* weak fairness: no reduction is argued for it yet */
    if (c->so.fair)
        no = "-f (weak fairness)";
    if (c->so.por == SEARCH_POR_SPOR && no == NULL)
        return CLI_OK;
    if (c->por_given) {
        if (no == NULL)
            return usage_error(c, "--por=%s is not sound with %s yet: use "
                               "--por=spor (the default there) or "
                               "--por=none",
                               search_por_get(c->so.por)->name,
                               c->accept ? "-a" : "-l");
        if (has_claim && cycles && prog->claim_ltl && prog->claim_next != 0)
            return usage_error(c, "--por=%s: the ltl property uses X "
                               "(next) at %s, and a reduction keeps only "
                               "properties without X: use --por=none",
                               search_por_get(c->so.por)->name,
                               bc_loc_str(prog, prog->claim_next - 1,
                                          where, sizeof where));
        return usage_error(c, "--por=%s is not sound with %s: use "
                           "--por=none (spore reduces under -a with an ltl "
                           "property without X or with no claim, and "
                           "under -l)", search_por_get(c->so.por)->name,
                           no);
    }
    if (no == NULL)
        no = c->accept ? "-a" : "-l";  /* a default other than spor */
    if (c->mode == CLI_MODE_SEARCH && !c->quiet && !c->json)
        fprintf(stderr, "spore: reduction off: %s\n", no);
    c->so.por = SEARCH_POR_NONE;
    return CLI_OK;
}
