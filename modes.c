/*
 * modes.c -- spore's modes other than the search (see modes.h): the
 * --por-check table (engine/search/por_check.c runs the searches and
 * decides; this prints each row), `spore simulate' (engine/out/sim.c
 * runs; this seeds it and saves its trail) and `spore replay'
 * (engine/out/trail_replay.c).  Split from spore.c (issue 10), which
 * keeps the options' wiring, the search mode and the exit.
 */
#include "config.h"

#include "modes.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/out/outcome.h"
#include "engine/out/report.h"
#include "engine/out/sim.h"
#include "engine/out/trail.h"
#include "engine/search/por_check.h"
#include "util/json.h"
#include "util/xalloc.h"

int modes_exit_code(const search_result *r)
{
    switch (r->verdict) {
    case SEARCH_VERIFIED: return EXIT_VERIFIED;
    case SEARCH_VIOLATED: return EXIT_VIOLATED;
    default:              return EXIT_INCOMPLETE;
    }
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
int modes_por_check(cli *c, ts *t, volatile sig_atomic_t *stop)
{
    por_check_hooks h = { check_reset, check_summary, check_row, c };
    por_check_table tab;
    int             code;

    c->so.stop = stop;
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
    code = modes_exit_code(&tab.rows[0].res);
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

int modes_simulate(const cli *c, ts *t, const bc_program *prog,
                   volatile sig_atomic_t *stop)
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
    o.stop = stop;
    if (!c->interactive)
        printf("spore: random simulation, seed %llu\n",
               (unsigned long long)o.seed);
    sim_run(t, &o, &r);
    code = r.end == SIM_ERROR || r.end == SIM_INVALID_END ? EXIT_VIOLATED
                                                          : EXIT_VERIFIED;
    if (r.end == SIM_INTERRUPTED)
        code = 128 + *stop;
    if (c->sim_trail != NULL)   /* a write error is on stderr */
        (void)save_sim_trail(c, prog, &r);
    sim_result_fini(&r);
    return code;
}

/* ------------------------------------------------------------ replay */

int modes_replay(const cli *c, ts *t, const bc_program *prog,
                 const char *base)
{
    char   *def = NULL;
    char    err[512];
    trail  *tr;
    int     rc;
    const char *path = c->trail_path;

    if (path == NULL)
        path = def = trail_default_name(base, 0);
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
