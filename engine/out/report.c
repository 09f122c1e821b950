/*
 * engine/out/report.c -- the text summary (pan's layout), the verdict line
 * and the JSON report.
 *
 * Every figure printed comes from search_result; the words follow pan's
 * summary where the meaning is the same, so that users and scripts that
 * know pan can read spore's.  JSON strings are escaped by util/json.c
 * (RFC 8259; invalid UTF-8 becomes U+FFFD).
 */
#include "config.h"

#include "engine/out/report.h"

#include <inttypes.h>
#include <string.h>

#include "engine/out/outcome.h"
#include "engine/out/trail.h"
#include "engine/out/unreached.h"
#include "util/json.h"

#define MIB (1024.0 * 1024.0)

/* ------------------------------------------------------------ errors */

const char *report_error_text(const bc_program *prog, const search_error *e,
                              char *buf, size_t size)
{
    char        text[512];
    const char *at = NULL;

    if (e->kind == SEARCH_E_ASSERT) {
        uint32_t trans = e->steps != NULL && e->nsteps > 0
                         ? e->steps[e->nsteps - 1].trans : TS_NONE;

        at = trail_assert_text(prog, trans, e->loc, text, sizeof text);
    }
    if (e->kind == SEARCH_E_OUTCOME && e->detail != NULL) {
        snprintf(buf, size, "%s (%s)", search_err_text(e->kind), e->detail);
        return buf;
    }
    snprintf(buf, size, "%s%s%s", search_err_text(e->kind),
             at != NULL ? " " : "", at != NULL ? at : "");
    return buf;
}

void report_error_line(FILE *out, const bc_program *prog,
                       const search_error *e)
{
    char text[600];
    char where[256];

    if (e->loc == TS_NONE) {    /* an outcome, a non-progress cycle */
        fprintf(out, "spore:%zu: %s (at depth %zu)\n", e->index,
                report_error_text(prog, e, text, sizeof text), e->depth);
        return;
    }
    fprintf(out, "spore:%zu: %s at %s (at depth %zu)\n", e->index,
            report_error_text(prog, e, text, sizeof text),
            bc_loc_str(prog, e->loc, where, sizeof where), e->depth);
}

/* ----------------------------------------------------------- verdict */

const char *report_verdict_name(int verdict)
{
    switch (verdict) {
    case SEARCH_VERIFIED: return "verified";
    case SEARCH_VIOLATED: return "violated";
    default:              return "incomplete";
    }
}

const char *report_incomplete_reason(const report_info *ri, char *buf,
                                     size_t size)
{
    const search_result *r = ri->res;

    switch (r->stop) {
    case SEARCH_STOP_MEMORY:
        snprintf(buf, size, "out of memory");
        break;
    case SEARCH_STOP_TIME:
        snprintf(buf, size, "time limit");
        break;
    case SEARCH_STOP_INTERRUPT:
        snprintf(buf, size, "interrupted");
        break;
    case SEARCH_STOP_DEPTH:
        snprintf(buf, size, "depth limit %zu reached", ri->opts->max_depth);
        break;
    case SEARCH_STOP_CYCLE:
        snprintf(buf, size, "cycle (--de-retraverse=paths)");
        break;
    case SEARCH_STOP_LIMIT: {
        char where[256];

        snprintf(buf, size, "state vector limit (%u bytes), channel "
                 "limit (%u) or process limit (%u) reached at %s",
                 BC_MAX_VECTOR, BC_MAX_CHANS, BC_MAX_PROCS,
                 bc_loc_str(ri->prog, r->limit_loc, where, sizeof where));
        break;
    }
    default:
        if (r->truncated)
            snprintf(buf, size, "depth limit %zu reached",
                     ri->opts->max_depth);
        else
            buf[0] = '\0';
        break;
    }
    return buf;
}

void report_verdict(FILE *out, const report_info *ri)
{
    const search_result *r = ri->res;
    char                 text[600];
    char                 where[256];

    if (r->verdict == SEARCH_VERIFIED) {
        fprintf(out, "VERIFIED\n");
    } else if (r->verdict == SEARCH_VIOLATED && r->nerrors > 0) {
        const search_error *e = &r->errors[0];

        if (e->loc == TS_NONE)
            fprintf(out, "VIOLATED: %s",
                    report_error_text(ri->prog, e, text, sizeof text));
        else
            fprintf(out, "VIOLATED: %s at %s",
                    report_error_text(ri->prog, e, text, sizeof text),
                    bc_loc_str(ri->prog, e->loc, where, sizeof where));
        if (r->nerrors > 1)
            fprintf(out, " (and %zu more error%s)", r->nerrors - 1,
                    r->nerrors > 2 ? "s" : "");
        fputc('\n', out);
    } else {
        fprintf(out, "INCOMPLETE: %s\n",
                report_incomplete_reason(ri, text, sizeof text));
    }
}

/* -------------------------------------------------------------- text */

/* "seq", "seq:2,0,1", "random:7" into buf. */
static const char *order_str(const search_options *o, char *buf,
                             size_t size)
{
    size_t n;

    if (o->order == SEARCH_ORDER_RANDOM) {
        snprintf(buf, size, "random:%llu",
                 (unsigned long long)o->order_seed);
        return buf;
    }
    n = (size_t)snprintf(buf, size, "seq");
    for (size_t i = 0; i < o->nperm && n + 5 < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%c%u", i ? ',' : ':',
                              (unsigned)o->perm[i]);
    return buf;
}

static void text_properties(FILE *out, const search_options *o,
                            const bc_program *prog)
{
    const search_por *por = search_por_get(o->por);
    char              ord[300];
    char              prov[200];

    fprintf(out, "\t+ Partial Order Reduction: %s\n",
            por != NULL ? por->title : "?");
    if (por != NULL && o->por != SEARCH_POR_NONE)
        fprintf(out, "\t  proviso and fixes: %s\n",
                search_por_proviso(o, prov, sizeof prov));
    if (o->stateless)
        fprintf(out, "\t+ stateless search (no state matching)\n");
    if (o->por != SEARCH_POR_NONE || o->order != SEARCH_ORDER_SEQ
        || o->nperm > 0)
        fprintf(out, "\t  order: %s%s\n", order_str(o, ord, sizeof ord),
                o->prefer_visited && !o->stateless
                ? ", visited first" : "");
    fputc('\n', out);
    fprintf(out, "Full statespace search for:\n");
    if (prog != NULL && prog->has_claim && prog->claim_name != NULL)
        fprintf(out, "\tnever claim         \t+ (%s)\n",
                prog->claim_name[0] ? prog->claim_name : "ltl");
    else if (prog != NULL && prog->has_claim)
        fprintf(out, "\tnever claim         \t+ (never)\n");
    else
        fprintf(out, "\tnever claim         \t- (none specified)\n");
    fprintf(out, "\tassertion violations\t%s\n",
            o->check_assert ? "+" : "- (disabled by -A flag)");
    fprintf(out, "\tcycle checks       \t%s%s\n",
            o->liveness == 1 + SEARCH_CYCLE_ACCEPT
            ? "+ (acceptance cycles, -a"
            : o->liveness == 1 + SEARCH_CYCLE_NONPROGRESS
            ? "+ (non-progress cycles, -l" : "- (not selected)",
            !o->liveness ? "" : o->fair ? ", weak fairness -f)" : ")");
    fprintf(out, "\tinvalid end states\t%s\n",
            prog != NULL && prog->has_claim
            ? "- (disabled by never claim)"
            : o->liveness ? "- (disabled by -a or -l)"
            : !o->check_end ? "- (disabled by -E flag)"
            : o->require_empty ? "+ (with empty channels, -q)" : "+");
    fputc('\n', out);
}

static void text_counts(FILE *out, const search_result *r)
{
    const search_stats *s = &r->stats;

    fprintf(out, "State-vector %zu byte, depth reached %zu, errors: %zu\n",
            s->max_vector, s->max_depth, r->nerrors);
    if (s->visited > s->stored)         /* -a, -l: as pan */
        fprintf(out, "%9zu states, stored (%zu visited)\n", s->stored,
                s->visited);
    else
        fprintf(out, "%9zu states, stored\n", s->stored);
    fprintf(out, "%9zu states, matched\n", s->matched);
    if (s->visited > s->stored)
        fprintf(out, "%9zu transitions (= visited+matched)\n",
                s->visited + s->matched);
    else
        fprintf(out, "%9zu transitions (= stored+matched)\n",
                s->stored + s->matched);
    fprintf(out, "%9zu atomic steps\n", s->atomic_steps);
    fprintf(out, "hash conflicts: %9zu (resolved)\n", s->conflicts);
    if (s->transitions != s->stored + s->matched
        && s->transitions != s->visited + s->matched)
        fprintf(out, "%9zu transitions executed\n", s->transitions);
    if (s->truncated)
        fprintf(out, "%9zu transitions cut by the depth limit\n",
                s->truncated);
    if (s->reexplored)
        fprintf(out, "%9zu states explored again (-i: reached by a "
                "shorter path)\n", s->reexplored);
    fputc('\n', out);
}

static void text_por(FILE *out, const report_info *ri)
{
    const search_por_stats *p = &ri->res->por;
    const search_por       *por = search_por_get(ri->opts->por);
    unsigned                shows = por != NULL ? por->shows : 0;

    if (ri->opts->por == SEARCH_POR_NONE)
        return;
    fprintf(out, "Partial order reduction:\n");
    fprintf(out, "%9zu states reducible (one invisible thread)\n",
            p->reducible);
    fprintf(out, "%9zu states irreducible\n", p->irreducible);
    if (ri->opts->liveness)         /* engine/por/por_live.c */
        fprintf(out, "%9zu states fully expanded by the static cycle "
                "proviso\n", p->full_c3);
    else
        fprintf(out, "%9zu states fully expanded by the stack proviso "
                "(F-C3)\n", p->full_c3);
    if (shows & POR_SHOW_GRAPH) {
        fprintf(out, "%9zu states fully expanded by F-STACK\n",
                p->full_stack);
        fprintf(out, "%9zu states fully expanded (timeout, rendezvous, "
                ">62 processes)\n", p->full_other);
    }
    if (p->full_procs)
        fprintf(out, "%9zu states expanded fully: more than 63 processes, "
                "the reduction is off there (thread sets are 64-bit "
                "masks)\n", p->full_procs);
    fprintf(out, "%9zu threads denied reducibility (F-NONDET)\n",
            p->nondet_denied);
    fprintf(out, "%9zu enabled threads never expanded\n",
            p->threads_skipped);
    if (shows & POR_SHOW_GRAPH) {
        fprintf(out, "%9zu graph edges stored\n", p->edges);
        fprintf(out, "%9zu re-traversals, %zu edges re-traversed\n",
                p->retraversals, p->retraversed);
        if (p->walks_cut)
            fprintf(out, "%9zu re-traversals cut short (nothing left to "
                    "learn)\n", p->walks_cut);
        if (p->static_deps)
            fprintf(out, "%9zu dep sets grown by F-STACK-STATIC\n",
                    p->static_deps);
        if (shows & POR_SHOW_RACES)
            fprintf(out, "%9zu races, %zu threads added by them, %zu "
                    "replays over budget\n", p->races, p->race_adds,
                    p->replays_cut);
        fprintf(out, "%9zu backtrack updates: %zu conservative (a), "
                "%zu early stops (b)\n", p->bt_updates, p->case_a,
                p->case_b);
        if (shows & POR_SHOW_SHORTCUTS)
            fprintf(out, "%9s short-cuts: O2 %zu, O3 %zu, O4 %zu, "
                    "O5 %zu\n", "", p->o2, p->o3, p->o4, p->o5);
        fprintf(out, "%9.3f\tMB of graph and per-state arrays\n",
                (double)p->graph_bytes / MIB);
        fprintf(out, "%9.3f\tMB of per-stack POR records (peak)\n",
                (double)p->por_bytes / MIB);
    }
    fputc('\n', out);
}

static void text_memory(FILE *out, const report_info *ri)
{
    const search_stats *s = &ri->res->stats;
    double              equiv = (double)s->store_vec_bytes;
    double              states = (double)(s->store_bytes
                                          - s->store_table_bytes);

    fprintf(out, "Stats on memory usage (in Megabytes):\n");
    fprintf(out, "%9.3f\tequivalent memory usage for states "
            "(stored*(State-vector + overhead))\n", equiv / MIB);
    fprintf(out, "%9.3f\tactual memory usage for states\n", states / MIB);
    fprintf(out, "%9.3f\tmemory used for hash table\n",
            (double)s->store_table_bytes / MIB);
    fprintf(out, "%9.3f\tmemory used for DFS stack (-m%zu)\n",
            (double)s->stack_bytes / MIB, ri->opts->max_depth);
    fprintf(out, "%9.3f\ttotal actual memory usage\n",
            (double)(s->store_bytes + s->stack_bytes) / MIB);
    fputc('\n', out);
}

static void text_limits(FILE *out, const report_info *ri)
{
    const search_result *r = ri->res;
    double used = (double)(r->stats.store_bytes + r->stats.stack_bytes);

    if (r->truncated)
        fprintf(out, "error: max search depth too small (-m%zu)\n"
                "hint: raise it with -m N or --depth=N\n",
                ri->opts->max_depth);
    if (r->stop == SEARCH_STOP_MEMORY) {
        fprintf(out, "spore: out of memory: %.3f MiB used", used / MIB);
        if (ri->opts->memlimit)
            fprintf(out, ", limit %.3f MiB",
                    (double)ri->opts->memlimit / MIB);
        fprintf(out, "\nhint: raise --memlimit=SIZE, or lower the model's "
                "bounds (channel sizes, process counts, value ranges)\n");
    }
    if (r->stop == SEARCH_STOP_TIME)
        fprintf(out, "spore: time limit of %g seconds reached\n",
                ri->opts->time_limit);
    if (r->stop == SEARCH_STOP_INTERRUPT)
        fprintf(out, "spore: interrupted\n");
    if (r->stop == SEARCH_STOP_CYCLE)
        fprintf(out, "spore: --de-retraverse=paths met a cycle in the "
                "state graph; it needs an acyclic model (use the default "
                "--de-retraverse=once)\n");
    if (r->stop == SEARCH_STOP_LIMIT) {
        char where[256];

        fprintf(out, "spore: a step at %s needs more than spore's limits "
                "allow: a state of at most %u bytes, at most %u "
                "channels and at most %u processes; the states beyond it "
                "were not explored\n",
                bc_loc_str(ri->prog, r->limit_loc, where, sizeof where),
                BC_MAX_VECTOR, BC_MAX_CHANS, BC_MAX_PROCS);
    }
}

void report_text(FILE *out, const report_info *ri)
{
    const search_result *r = ri->res;
    double               t = r->stats.elapsed;

    text_limits(out, ri);
    fprintf(out, "(spore %s -- %s)\n", ri->version, ri->date);
    if (r->stop != SEARCH_STOP_NONE || r->truncated)
        fprintf(out, "Warning: Search not completed\n");
    text_properties(out, ri->opts, ri->prog);
    text_counts(out, r);
    text_por(out, ri);
    text_memory(out, ri);
    if (ri->unreached != NULL)
        unreached_text(out, ri->unreached);
    fprintf(out, "spore: elapsed time %.3f seconds\n", t);
    if (t >= 0.001)
        fprintf(out, "spore: rate %.0f states/second\n",
                (double)r->stats.stored / t);
    report_verdict(out, ri);
}

/* -------------------------------------------------------------- JSON */

void report_json_string(FILE *out, const char *s)
{
    json_string(out, s);
}

static void json_violation(FILE *out, const report_info *ri, size_t i)
{
    const search_error *e = &ri->res->errors[i];
    char                text[600];
    char                where[256];
    const char         *path = ri->trail_paths != NULL
                               ? ri->trail_paths[i] : NULL;

    fputs("{\"kind\":", out);
    json_string(out, search_err_name(e->kind));
    fputs(",\"location\":", out);
    json_string(out, e->loc == TS_NONE ? NULL
                : bc_loc_str(ri->prog, e->loc, where, sizeof where));
    fputs(",\"text\":", out);
    json_string(out, report_error_text(ri->prog, e, text, sizeof text));
    fprintf(out, ",\"depth\":%zu,\"steps\":%zu,\"trail\":", e->depth,
            e->nsteps);
    json_string(out, path);
    /* a lasso (issue 12): the step after which the cycle starts */
    if (e->kind == SEARCH_E_ACCEPT || e->kind == SEARCH_E_NONPROGRESS)
        fprintf(out, ",\"cycle_start\":%zu", e->cycle_at);
    fputc('}', out);
}

/* "transitions" is pan's figure (stored + matched), which the model
 * regressions compare with SPIN; the transitions actually executed are
 * "transitions_executed". */
static void json_stats(FILE *out, const search_stats *s)
{
    fprintf(out, "\"stats\":{\"states_stored\":%zu,\"states_matched\":%zu,"
            "\"transitions\":%zu,\"transitions_executed\":%zu,"
            "\"atomic_steps\":%zu,\"truncated\":%zu,\"depth\":%zu,"
            "\"state_vector_bytes\":%zu,\"hash_conflicts\":%zu,"
            "\"memory_bytes\":%zu,\"store_bytes\":%zu,\"stack_bytes\":%zu,"
            "\"elapsed_seconds\":%.6f",
            s->stored, s->matched, s->stored + s->matched, s->transitions,
            s->atomic_steps, s->truncated, s->max_depth, s->max_vector,
            s->conflicts, s->store_bytes + s->stack_bytes, s->store_bytes,
            s->stack_bytes, s->elapsed);
    if (s->reexplored)      /* -i only */
        fprintf(out, ",\"states_reexplored\":%zu", s->reexplored);
    fputc('}', out);
}

static void json_por(FILE *out, const search_por_stats *p)
{
    fprintf(out, "\"por_stats\":{\"reducible\":%zu,\"irreducible\":%zu,"
            "\"full_c3\":%zu,\"full_stack\":%zu,\"full_other\":%zu,"
            "\"nondet_denied\":%zu,\"threads_skipped\":%zu,"
            "\"edges\":%zu,\"retraversals\":%zu,\"retraversed\":%zu,"
            "\"bt_updates\":%zu,\"case_a\":%zu,\"case_b\":%zu,"
            "\"o2\":%zu,\"o3\":%zu,\"o4\":%zu,\"o5\":%zu,"
            "\"walks_cut\":%zu,\"static_deps\":%zu,\"races\":%zu,"
            "\"race_adds\":%zu,\"replays_cut\":%zu,"
            "\"graph_bytes\":%zu,\"por_bytes\":%zu",
            p->reducible, p->irreducible, p->full_c3, p->full_stack,
            p->full_other, p->nondet_denied, p->threads_skipped, p->edges,
            p->retraversals, p->retraversed, p->bt_updates, p->case_a,
            p->case_b, p->o2, p->o3, p->o4, p->o5, p->walks_cut,
            p->static_deps, p->races, p->race_adds, p->replays_cut,
            p->graph_bytes,
            p->por_bytes);
    if (p->full_procs)      /* the reduction was off somewhere */
        fprintf(out, ",\"full_procs\":%zu,\"note\":\"reduction off in "
                "%zu states: more than 63 processes\"", p->full_procs,
                p->full_procs);
    fputc('}', out);
}

static void json_options(FILE *out, const search_options *o)
{
    const search_por *por = search_por_get(o->por);
    char              ord[300];
    char              prov[200];

    fputs("\"options\":{\"por\":", out);
    json_string(out, por != NULL ? por->name : NULL);
    fputs(",\"proviso\":", out);
    json_string(out, por != NULL
                     ? search_por_proviso(o, prov, sizeof prov)
                     : NULL);
    if (por_mode_takes_cycle_fix(o->por)) {
        fputs(",\"cycle_fix\":", out);
        json_string(out, search_cycle_fix_name(o->cycle_fix));
    }
    fputs(",\"order\":", out);
    json_string(out, order_str(o, ord, sizeof ord));
    fputs(",\"cycles\":", out);
    json_string(out, o->liveness == 1 + SEARCH_CYCLE_ACCEPT ? "acceptance"
                     : o->liveness == 1 + SEARCH_CYCLE_NONPROGRESS
                     ? "non-progress" : NULL);
    fprintf(out, ",\"fair\":%s", o->liveness && o->fair ? "true" : "false");
    fprintf(out, ",\"prefer_visited\":%s,\"stateless\":%s",
            o->prefer_visited ? "true" : "false",
            o->stateless ? "true" : "false");
    fprintf(out, ",\"max_depth\":%zu,\"max_errors\":%zu,"
            "\"assertions\":%s,\"invalid_end_states\":%s,"
            "\"require_empty_channels\":%s,\"memlimit_bytes\":%zu,"
            "\"time_limit_seconds\":%g}",
            o->max_depth, o->max_errors, o->check_assert ? "true" : "false",
            o->check_end ? "true" : "false",
            o->require_empty ? "true" : "false", o->memlimit,
            o->time_limit);
}

void report_json(FILE *out, const report_info *ri)
{
    const search_result *r = ri->res;
    char                 reason[128];

    fprintf(out, "{\"schema\":%d,\"tool\":\"spore\",\"version\":",
            REPORT_JSON_SCHEMA);
    json_string(out, ri->version);
    fputs(",\"model\":", out);
    json_string(out, ri->model);
    fprintf(out, ",\"model_hash\":\"%016" PRIx64 "\",",
            ri->prog->model_hash);
    if (ri->prog->has_claim) {      /* issue 12: the property checked */
        fputs("\"property\":", out);
        json_string(out, ri->prog->claim_name != NULL
                    ? ri->prog->claim_name : "never");
        fputc(',', out);
    }
    fputs("\"verdict\":", out);
    json_string(out, report_verdict_name(r->verdict));
    fputs(",\"complete\":", out);
    fputs(r->stop == SEARCH_STOP_NONE && !r->truncated ? "true" : "false",
          out);
    fputs(",\"incomplete_reason\":", out);
    report_incomplete_reason(ri, reason, sizeof reason);
    json_string(out, reason[0] ? reason : NULL);
    fputs(",\"violations\":[", out);
    for (size_t i = 0; i < r->nerrors; i++) {
        if (i > 0)
            fputc(',', out);
        json_violation(out, ri, i);
    }
    fputs("],", out);
    json_stats(out, &r->stats);
    fputc(',', out);
    json_por(out, &r->por);
    fputc(',', out);
    json_options(out, ri->opts);
    if (ri->outcomes != NULL) {
        fputc(',', out);
        outcome_json(ri->outcomes, out,
                     r->stop == SEARCH_STOP_NONE && !r->truncated);
    }
    if (ri->unreached != NULL) {
        fputs(",\"unreached\":", out);
        unreached_json(out, ri->unreached);
    }
    if (ri->end_vectors) {
        fputs(",\"end_state_vectors\":[", out);
        for (size_t i = 0; i < r->nend_states; i++) {
            fputs(i ? "," : "", out);
            json_string(out, r->end_states[i]);
        }
        fputc(']', out);
    }
    fputs("}\n", out);
}
