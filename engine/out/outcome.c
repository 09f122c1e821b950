/*
 * engine/out/outcome.c -- outcome sets (--outcomes, --outcomes-trail,
 * --expect): the combinations of chosen globals at valid end states.
 *
 * Leaves are resolved once against prog->globals (bc_var: name, offset,
 * count, stride, type), so reading a combination out of a state is one
 * ts_global_value() per leaf.  Combinations are interned in an open-
 * addressing table over their values (int32 per leaf, kept in one array
 * in the order first seen); admitted combinations read from an expect
 * file are entered with count 0 before the search, so a reached one is
 * found, not inserted.  Distinct end states are counted through a store
 * of the end-state vectors (statestore/ss.h), which makes the count
 * independent of how often the search meets a state.
 *
 * This file holds the set, its table and the search's hook; the names
 * are in outcome_names.c, expect files in outcome_expect.c, output in
 * outcome_print.c (shared declarations: outcome_int.h).
 */
#include "config.h"

#include "engine/out/outcome.h"

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

#include "engine/out/outcome_int.h"

outcome *outcome_new(const bc_program *prog)
{
    outcome *oc = xcalloc(1, sizeof *oc);

    oc->prog = prog;
    return oc;
}

void outcome_free(outcome *oc)
{
    if (oc == NULL)
        return;
    for (size_t i = 0; i < oc->nleaves; i++)
        free(oc->leaves[i].name);
    for (size_t i = 0; i < oc->ncombos; i++)
        free(oc->combos[i].wit);
    free(oc->leaves);
    free(oc->combos);
    free(oc->vals);
    free(oc->slots);
    free(oc->key);
    free(oc->expect_path);
    free(oc->detail);
    ss_free(oc->ends);
    free(oc);
}

size_t outcome_nleaves(const outcome *oc)
{
    return oc->nleaves;
}

size_t outcome_ncombos(const outcome *oc)
{
    size_t n = 0;

    for (size_t i = 0; i < oc->ncombos; i++)
        n += oc->combos[i].count > 0;
    return n;
}

size_t outcome_nends(const outcome *oc)
{
    return oc->nends;
}

void outcome_keep_witnesses(outcome *oc, int on)
{
    oc->witnesses = on;
}

/* ------------------------------------------------------- the table */

static uint64_t hash_key(const int32_t *k, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;

    for (size_t i = 0; i < n; i++) {
        h ^= (uint32_t)k[i];
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    return h;
}

const int32_t *outcome_combo_vals(const outcome *oc, size_t i)
{
    return oc->vals + i * oc->nleaves;
}

static void rehash(outcome *oc)
{
    size_t n = oc->nslots ? oc->nslots * 2 : 64;

    while (n < 2 * (oc->ncombos + 1))
        n *= 2;
    free(oc->slots);
    oc->slots = xcalloc(n, sizeof *oc->slots);
    oc->nslots = n;
    for (size_t i = 0; i < oc->ncombos; i++) {
        size_t h = (size_t)hash_key(outcome_combo_vals(oc, i), oc->nleaves)
                   & (n - 1);

        while (oc->slots[h] != 0)
            h = (h + 1) & (n - 1);
        oc->slots[h] = (uint32_t)i + 1;
    }
}

/* The combination key: its index; *fresh tells whether it was added. */
size_t outcome_intern(outcome *oc, const int32_t *key, int *fresh)
{
    size_t h;
    size_t i;

    if (2 * (oc->ncombos + 1) > oc->nslots)
        rehash(oc);
    h = (size_t)hash_key(key, oc->nleaves) & (oc->nslots - 1);
    while (oc->slots[h] != 0) {
        i = oc->slots[h] - 1;
        if (memcmp(outcome_combo_vals(oc, i), key,
                   oc->nleaves * sizeof *key) == 0) {
            *fresh = 0;
            return i;
        }
        h = (h + 1) & (oc->nslots - 1);
    }
    i = oc->ncombos;
    xgrow((void **)&oc->combos, &oc->combos_cap, i + 1, sizeof *oc->combos);
    xgrow((void **)&oc->vals, &oc->vals_cap, (i + 1) * oc->nleaves + 1,
          sizeof *oc->vals);
    memset(&oc->combos[i], 0, sizeof oc->combos[i]);
    oc->combos[i].admitted = !oc->expect;
    memcpy(oc->vals + i * oc->nleaves, key, oc->nleaves * sizeof *key);
    oc->slots[h] = (uint32_t)i + 1;
    oc->ncombos++;
    *fresh = 1;
    return i;
}

/* ------------------------------------------------------- the search */

/* Print the combination vals as "x=1 y=0". */
void outcome_put_combo(const outcome *oc, const int32_t *vals, FILE *out)
{
    for (size_t i = 0; i < oc->nleaves; i++) {
        const leaf *lf = &oc->leaves[i];

        fprintf(out, "%s%s=", i ? " " : "", lf->name);
        ts_put_value(oc->prog, vals[i], lf->v->flags, out);
    }
}

typedef struct combo_arg {
    const outcome *oc;
    const int32_t *vals;
} combo_arg;

static void put_combo_arg(const void *arg, FILE *out)
{
    const combo_arg *ca = arg;

    outcome_put_combo(ca->oc, ca->vals, out);
}

/* The combination as a new string (caller frees). */
char *outcome_combo_str(const outcome *oc, const int32_t *vals)
{
    combo_arg ca = { oc, vals };
    char     *s = text_capture(put_combo_arg, &ca);

    return s != NULL ? s : xstrdup("?");
}

int outcome_on_end(void *ctx, const uint8_t *vec, size_t len,
                   const search_step *steps, size_t nsteps,
                   const char **detail)
{
    outcome *oc = ctx;
    combo   *c;
    ss_ref   r;
    size_t   i;
    int      fresh;

    if (oc->ends == NULL)
        oc->ends = ss_new(0, 0);
    if (oc->ends == NULL || ss_find_or_put(oc->ends, vec, len, &r) != SS_NEW)
        return 0;
    oc->nends++;
    for (size_t k = 0; k < oc->nleaves; k++)
        oc->key[k] = ts_global_value(vec, len, oc->leaves[k].v,
                                     oc->leaves[k].elem);
    i = outcome_intern(oc, oc->key, &fresh);
    c = &oc->combos[i];
    c->count++;
    if (oc->witnesses && !c->has_wit && (steps != NULL || nsteps == 0)) {
        c->wit = xmalloc((nsteps ? nsteps : 1) * sizeof *c->wit);
        if (nsteps)
            memcpy(c->wit, steps, nsteps * sizeof *c->wit);
        c->nwit = nsteps;
        c->has_wit = 1;
    }
    if (c->admitted || c->reported)
        return 0;
    c->reported = 1;
    free(oc->detail);
    oc->detail = outcome_combo_str(oc, outcome_combo_vals(oc, i));
    *detail = oc->detail;
    return 1;
}

void outcome_reset(outcome *oc)
{
    size_t n = 0;

    for (size_t i = 0; i < oc->ncombos; i++) {
        combo *c = &oc->combos[i];

        free(c->wit);
        if (c->line == 0)
            continue;           /* found by the search: forget it */
        oc->combos[n] = *c;
        oc->combos[n].count = 0;
        oc->combos[n].reported = 0;
        oc->combos[n].wit = NULL;
        oc->combos[n].nwit = 0;
        oc->combos[n].has_wit = 0;
        memmove(oc->vals + n * oc->nleaves, outcome_combo_vals(oc, i),
                oc->nleaves * sizeof *oc->vals);
        n++;
    }
    oc->ncombos = n;
    free(oc->slots);
    oc->slots = NULL;
    oc->nslots = 0;
    rehash(oc);
    ss_free(oc->ends);
    oc->ends = NULL;
    oc->nends = 0;
}
