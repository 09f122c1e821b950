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
 * The options (their table, --help, the parsing and the checks of which
 * go together) are cli.c's; it returns statuses and messages, and this
 * file prints the usage errors and exits.  The modes other than the
 * search (--por-check's table, simulate, replay) and the exit codes'
 * names are modes.c's and modes.h's; this file keeps the search mode
 * (trails, --dot/--explain, the report), the compilation, the checks of
 * the model file and the outputs, and main.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "modes.h"
#include "engine/model/bc.h"
#include "engine/out/dot.h"
#include "engine/por/explain.h"
#include "engine/out/outcome.h"
#include "engine/out/report.h"
#include "engine/search/search.h"
#include "engine/out/trail.h"
#include "engine/out/unreached.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "frontend/ltl/ltl.h"
#include "lang/lang.h"
#include "util/diag.h"
#include "util/json.h"
#include "util/xalloc.h"

/* Counterexamples longer than this are not printed after a search (the
 * trail file has them; `spore replay` prints them). */
#define PRINT_TRAIL_MAX 1000

/* The interrupt flag polled by the search and the simulation: 0, or
 * the number of the signal that asked them to stop. */
static volatile sig_atomic_t interrupted;

static void json_failure(const cli *c, const diag *d, int code,
                         const char *msg);
static void usage_error(const cli *c) __attribute__((noreturn));

/* Say what is wrong with the command line (c->err, cli.h) on stderr and
 * exit 2; with --json anywhere on it (cli_parse looks for it before
 * anything else), the JSON error object goes to stdout too. */
static void usage_error(const cli *c)
{
    fprintf(stderr, "spore: %s\n", c->err);
    cli_usage_synopsis(stderr);
    fprintf(stderr, "Try 'spore --help' for the options.\n");
    if (c->json)
        json_failure(c, NULL, EXIT_USAGE, c->err);
    fflush(stdout);
    exit(EXIT_USAGE);
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

/* The name --ltl-formula's property goes by (the file name in messages
 * about the formula, the property in reports and trails): no ltl or
 * never block of a model can have it. */
#define FORMULA_NAME "--ltl-formula"

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
    fo.ltl_name = rc->c->ltl_formula != NULL ? FORMULA_NAME
                  : rc->c->ltl_name;    /* the same claim */
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
    if (cli_check_viz(c) != CLI_OK)
        usage_error(c);
    if (c->dot == NULL && !c->explain)
        return 0;
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
    code = modes_exit_code(&r);
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

/* Liveness (issue 12): the options' checks once the program is known
 * (cli_check_liveness).  A refusal goes to stderr, or as JSON with
 * --json.  Returns 0 or EXIT_USAGE. */
static int liveness_setup(cli *c, const bc_program *prog)
{
    if (cli_check_liveness(c, prog) == CLI_OK)
        return 0;
    if (c->json)
        json_failure(c, NULL, EXIT_USAGE, c->err);
    else
        fprintf(stderr, "spore: %s\n", c->err);
    return EXIT_USAGE;
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
    if (c->mode == CLI_MODE_CHECK) {
        fprintf(stderr, "spore: %s: no errors\n", c->model);
        if (c->json)            /* verdict "ok", with the warnings */
            json_failure(c, c->lp_diag, EXIT_VERIFIED, NULL);
        return EXIT_VERIFIED;
    }
    if (c->mode == CLI_MODE_DUMP_BC) {
        bc_disasm(prog, stdout);
        return EXIT_VERIFIED;
    }
    t = ts_new(prog);
    if (t == NULL) {
        fprintf(stderr, "spore: out of memory\n");
        return EXIT_INTERNAL;
    }
    if (c->mode != CLI_MODE_REPLAY)         /* these poll `interrupted` */
        catch_signals(1, !(c->mode == CLI_MODE_SIMULATE && c->interactive));
    if (c->mode == CLI_MODE_REPLAY)
        code = modes_replay(c, t, prog, trail_base(c));
    else if (c->mode == CLI_MODE_SIMULATE)
        code = modes_simulate(c, t, prog, &interrupted);
    else if (c->mode == CLI_MODE_POR_CHECK)
        code = modes_por_check(c, t, &interrupted);
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
    } else if (c->mode == CLI_MODE_REPLAY) {
        char   err[256];
        char  *def = trail_default_name(trail_base(c), 0);
        trail *tr;

        tr = trail_read(c->trail_path != NULL ? c->trail_path : def, err,
                        sizeof err);
        if (tr != NULL && tr->detail != NULL)
            outcome_spec_names(tr->detail, &names, &n, &cap);
        if (tr != NULL && tr->property != NULL)  /* the claim it checked */
            prop = xstrdup(tr->property);
        if (prop != NULL && strcmp(prop, FORMULA_NAME) == 0
            && c->ltl_formula == NULL) {
            diag_pos at = { diag_file_id(d, c->model), 0, 0 };

            diag_error(d, at, "the trail checked a --ltl-formula: replay "
                       "it with the same --ltl-formula");
            free(prop);
            trail_free(tr);
            free(def);
            for (size_t i = 0; i < n; i++)
                free(names[i]);
            free(names);
            return NULL;
        }
        trail_free(tr);
        free(def);
    }
    memset(&fo, 0, sizeof fo);
    fo.keep = (const char *const *)names;
    fo.nkeep = n;
    fo.keep_all = c->mode == CLI_MODE_REPLAY || c->mode == CLI_MODE_SIMULATE;
    fo.ltl_name = c->ltl_formula != NULL ? FORMULA_NAME
                  : c->ltl_name != NULL ? c->ltl_name : prop;
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

/* --ltl-formula and --print-never without a model: print the claim that
 * checks the formula (its negation translated, as for an ltl block: the
 * claim `spin -f '!(FORMULA)'' prints).  A wrong formula is a model
 * error (exit 3) at --ltl-formula:1:COL. */
static int print_formula_never(const cli *c)
{
    diag        *d = diag_new(NULL);
    size_t       n = strlen(c->ltl_formula);
    char        *neg = xmalloc(n + 4);
    diag_pos     at;
    ltl_formula *f;
    ltl_ba      *ba = NULL;
    int          code = EXIT_MODEL;

    snprintf(neg, n + 4, "!(%s)", c->ltl_formula);
    at.file = diag_file_id(d, FORMULA_NAME);
    diag_set_text(d, at.file, neg, n + 3);
    at.line = 1;
    at.col = 1;
    f = ltl_parse(neg, d, at);
    if (f != NULL)
        ba = ltl_to_ba(f, d);
    if (ba != NULL && diag_count(d) == 0) {
        ltl_print_never(ba, f->props, neg, stdout);
        code = EXIT_VERIFIED;
    }
    ltl_ba_free(ba);
    ltl_formula_free(f);
    free(neg);
    diag_free(d);
    return code;
}

/* --ltl-formula with a model: add the formula to the model as one more
 * ltl block, named FORMULA_NAME (picked by that name), so that it takes
 * the road of the model's own ltl blocks (frontend/claim.c).  Returns 0,
 * or -1 with the errors reported to d. */
static int add_formula(const cli *c, lang_program *lp, diag *d)
{
    static const char head[] = "ltl {";
    size_t        n = strlen(c->ltl_formula);
    char         *text = xmalloc(n + sizeof head + 3);
    lang_program *fp;
    ast_decl     *x, **tail;
    int           rc = -1;

    snprintf(text, n + sizeof head + 3, "%s%s\n}\n", head, c->ltl_formula);
    fp = lang_parse_string(FORMULA_NAME, text, strlen(text), d);
    if (fp != NULL && diag_count(d) == 0 && fp->decls != NULL
        && fp->decls->kind == AST_D_LTL && fp->decls->next == NULL) {
        x = arena_alloc(lp->arena, sizeof *x);
        *x = *fp->decls;
        x->next = NULL;
        x->u.ltl.name = FORMULA_NAME;
        x->u.ltl.text = arena_strdup(lp->arena, fp->decls->u.ltl.text);
        /* messages about the formula show it alone, from column 1 */
        x->u.ltl.text_pos.line = 1;
        x->u.ltl.text_pos.col = 1;
        diag_set_text(d, x->u.ltl.text_pos.file, c->ltl_formula, n);
        for (tail = &lp->decls; *tail != NULL; tail = &(*tail)->next)
            ;
        *tail = x;
        rc = 0;
    } else if (fp != NULL && diag_count(d) == 0) {
        diag_pos at = { diag_file_id(d, FORMULA_NAME), 1, 1 };

        diag_error(d, at, "not one ltl formula (a '}' in it?)");
    }
    lang_program_free(fp);
    free(text);
    return rc;
}

static int run(cli *c)
{
    diag         *d = diag_new(NULL);
    lang_options  lo;
    lang_program *lp;
    bc_program   *prog = NULL;
    int           code = EXIT_MODEL;
    char          msg[1024];

    if (c->model == NULL) {             /* --ltl-formula --print-never */
        diag_free(d);
        return print_formula_never(c);
    }
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
    if (lp != NULL && diag_count(d) == 0 && c->ltl_formula != NULL)
        add_formula(c, lp, d);
    if (lp != NULL && diag_count(d) == 0) {
        if (c->mode == CLI_MODE_DUMP_AST) {
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

    cli_init(&c);
    code = cli_parse(&c, argc, argv);
    if (code == CLI_ERROR)
        usage_error(&c);
    if (code == CLI_DONE) {
        cli_fini(&c);
        exit(EXIT_VERIFIED);
    }
    catch_signals(0, 1);
    code = run(&c);
    cli_fini(&c);
    fflush(stdout);
    if (ferror(stdout) && code == EXIT_VERIFIED)
        code = EXIT_INTERNAL;
    exit(code);
}
