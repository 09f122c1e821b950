/*
 * engine/out/outcome_print.c -- an outcome set as text and as JSON.
 *
 * The combinations sorted, each with its number of end states, the
 * admitted ones not reached, and, with --outcomes-trail, a witness run
 * to each one.
 */
#include "config.h"

#include "engine/out/outcome_int.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/out/trail.h"
#include "statestore/ss.h"
#include "util/json.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ------------------------------------------------------- reporting */

typedef struct sorted {
    const int32_t *vals;
    size_t         n;
    size_t         index;
} sorted;

static int cmp_sorted(const void *a, const void *b)
{
    const sorted *x = a;
    const sorted *y = b;

    for (size_t i = 0; i < x->n; i++)
        if (x->vals[i] != y->vals[i])
            return x->vals[i] < y->vals[i] ? -1 : 1;
    return 0;
}

/* Every combination (reached or admitted), sorted by value; caller
 * frees. */
static sorted *sort_combos(const outcome *oc)
{
    sorted *s = xcalloc(oc->ncombos ? oc->ncombos : 1, sizeof *s);

    for (size_t i = 0; i < oc->ncombos; i++) {
        s[i].vals = outcome_combo_vals(oc, i);
        s[i].n = oc->nleaves;
        s[i].index = i;
    }
    qsort(s, oc->ncombos, sizeof *s, cmp_sorted);
    return s;
}

static size_t count_not_admitted(const outcome *oc)
{
    size_t n = 0;

    for (size_t i = 0; i < oc->ncombos; i++)
        n += oc->combos[i].count > 0 && !oc->combos[i].admitted;
    return n;
}

static size_t count_not_reached(const outcome *oc)
{
    size_t n = 0;

    for (size_t i = 0; i < oc->ncombos; i++)
        n += oc->combos[i].count == 0 && oc->combos[i].admitted;
    return n;
}

/* Replay the witness of c on t, printing its steps as `spore replay`
 * does (engine/out/trail.h's player, flat style). */
static void print_witness(ts *t, const combo *c, FILE *out)
{
    trail_player *pl = trail_player_new(t, out, TRAIL_FLAT, 0);
    ts_finding    fnd;
    uint32_t      floc;

    if (trail_player_start(pl, &fnd, &floc) == 0) {
        for (size_t no = 1; no <= c->nwit; no++) {
            const search_step *s = &c->wit[no - 1];
            const ts_succs    *succs = trail_player_succs(pl);
            long               idx = -1;

            for (size_t i = 0; i < succs->n && idx < 0; i++)
                if (succs->v[i].pid == s->pid
                    && succs->v[i].trans == s->trans
                    && succs->v[i].pid2 == s->pid2
                    && succs->v[i].trans2 == s->trans2)
                    idx = (long)i;
            if (idx < 0) {
                fprintf(out, "    (step %zu cannot be replayed)\n", no);
                break;
            }
            if (trail_player_fire(pl, no, s, idx) != 0)
                break;
        }
    }
    trail_player_free(pl);
}

void outcome_print(const outcome *oc, FILE *out, ts *t, int complete)
{
    sorted *s = sort_combos(oc);
    size_t  width = 0;
    size_t  nr = count_not_reached(oc);

    for (size_t i = 0; i < oc->ncombos; i++) {
        char  *txt = outcome_combo_str(oc, s[i].vals);
        size_t w = strlen(txt);

        if (w > width)
            width = w;
        free(txt);
    }
    fputs("\noutcomes (", out);
    for (size_t i = 0; i < oc->nleaves; i++)
        fprintf(out, "%s%s", i ? "," : "", oc->leaves[i].name);
    fprintf(out, "): %zu distinct at %zu valid end state%s\n",
            outcome_ncombos(oc), oc->nends, oc->nends == 1 ? "" : "s");
    if (!complete)
        fputs("  (partial: the search did not explore every state, so "
              "other outcomes may exist)\n", out);
    for (size_t k = 0; k < oc->ncombos; k++) {
        const combo *c = &oc->combos[s[k].index];
        char        *txt;

        if (c->count == 0)
            continue;
        txt = outcome_combo_str(oc, s[k].vals);
        fprintf(out, "  %-*s %6zu end state%s%s\n", (int)width, txt,
                c->count, c->count == 1 ? "" : "s",
                c->admitted ? "" : c->count == 1 ? "    NOT ADMITTED"
                                                 : "   NOT ADMITTED");
        free(txt);
        if (c->has_wit && t != NULL) {
            fprintf(out, "    witness (%zu step%s):\n", c->nwit,
                    c->nwit == 1 ? "" : "s");
            print_witness(t, c, out);
        }
    }
    if (oc->expect) {
        size_t na = count_not_admitted(oc);

        if (na > 0)
            fprintf(out, "not admitted by %s: %zu\n", oc->expect_path, na);
        fprintf(out, "admitted but not reached: %zu%s\n", nr,
                nr > 0 && !complete ? " (the search was partial)" : "");
        for (size_t k = 0; k < oc->ncombos; k++) {
            const combo *c = &oc->combos[s[k].index];

            if (c->count > 0 || !c->admitted)
                continue;
            fputs("  ", out);
            outcome_put_combo(oc, s[k].vals, out);
            fputc('\n', out);
        }
    }
    free(s);
}

static void json_trail(FILE *out, const combo *c)
{
    fputs(",\"trail\":[", out);
    for (size_t i = 0; i < c->nwit; i++) {
        const search_step *st = &c->wit[i];

        fprintf(out, "%s{\"pid\":%u,\"trans\":%u", i ? "," : "",
                (unsigned)st->pid, (unsigned)st->trans);
        if (st->pid2 != TS_NONE)
            fprintf(out, ",\"pid2\":%u,\"trans2\":%u", (unsigned)st->pid2,
                    (unsigned)st->trans2);
        fputc('}', out);
    }
    fputc(']', out);
}

void outcome_json(const outcome *oc, FILE *out, int complete)
{
    sorted *s = sort_combos(oc);
    int     first = 1;

    fputs("\"outcomes\":{\"variables\":[", out);
    for (size_t i = 0; i < oc->nleaves; i++) {
        if (i)
            fputc(',', out);
        json_string(out, oc->leaves[i].name);
    }
    fprintf(out, "],\"complete\":%s,\"end_states\":%zu,\"distinct\":%zu,"
            "\"expect\":", complete ? "true" : "false", oc->nends,
            outcome_ncombos(oc));
    json_string(out, oc->expect ? oc->expect_path : NULL);
    fprintf(out, ",\"not_admitted\":%zu,\"admitted_not_reached\":%zu,"
            "\"combinations\":[", count_not_admitted(oc),
            count_not_reached(oc));
    for (size_t k = 0; k < oc->ncombos; k++) {
        const combo *c = &oc->combos[s[k].index];
        char        *txt;

        if (c->count == 0 && !c->admitted)
            continue;
        txt = outcome_combo_str(oc, s[k].vals);
        fputs(first ? "{\"outcome\":" : ",{\"outcome\":", out);
        first = 0;
        json_string(out, txt);
        free(txt);
        fputs(",\"values\":{", out);
        for (size_t i = 0; i < oc->nleaves; i++) {
            if (i)
                fputc(',', out);
            json_string(out, oc->leaves[i].name);
            fprintf(out, ":%d", (int)s[k].vals[i]);
        }
        fprintf(out, "},\"count\":%zu,\"admitted\":%s", c->count,
                !oc->expect ? "null" : c->admitted ? "true" : "false");
        if (c->has_wit)
            json_trail(out, c);
        fputc('}', out);
    }
    fputs("]}", out);
    free(s);
}
