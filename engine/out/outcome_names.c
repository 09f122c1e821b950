/*
 * engine/out/outcome_names.c -- the variables of an outcome set.
 *
 * Resolves the names of --outcomes, of an expect file's header and of
 * its lines against prog->globals ("x", "a[2]", "s.f[1]", a whole array
 * or structure), with a "did you mean" for a near miss, and enters the
 * leaves (one scalar each) in the set.
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

/* ------------------------------------------------------------ names */

int outcome_is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int outcome_starts_word(const char *s, const char *w)
{
    size_t n = strlen(w);

    return strncmp(s, w, n) == 0;
}

static char *leaf_name(const bc_var *v, uint32_t elem)
{
    size_t n = strlen(v->name) + 16;
    char  *s = xmalloc(n);

    if (!bc_var_is_array(v))
        snprintf(s, n, "%s", v->name);
    else
        snprintf(s, n, "%s[%u]", v->name, (unsigned)elem);
    return s;
}

static const bc_var *find_global(const bc_program *p, const char *name,
                                 size_t n)
{
    for (uint32_t i = 0; i < p->nglobals; i++)
        if (strlen(p->globals[i].name) == n
            && strncmp(p->globals[i].name, name, n) == 0)
            return &p->globals[i];
    return NULL;
}

/* Levenshtein distance of a[0..n) and b, capped at 3. */
static unsigned distance(const char *a, size_t n, const char *b)
{
    size_t   m = strlen(b);
    unsigned row[64];

    if (n >= 63 || m >= 63)
        return 3;
    for (size_t j = 0; j <= m; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= n; i++) {
        unsigned prev = row[0];

        row[0] = (unsigned)i;
        for (size_t j = 1; j <= m; j++) {
            unsigned up = row[j];
            unsigned best = prev + (a[i - 1] != b[j - 1]);

            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            prev = up;
        }
    }
    return row[m] < 3 ? row[m] : 3;
}

/* A global whose name is close to name[0..n), for a "did you mean". */
static const char *close_global(const bc_program *p, const char *name,
                                size_t n)
{
    const char *best = NULL;
    unsigned    bd = n <= 2 ? 1 : 2;

    for (uint32_t i = 0; i < p->nglobals; i++) {
        unsigned dd = distance(name, n, p->globals[i].name);

        if (dd <= bd && (best == NULL || dd < bd)) {
            best = p->globals[i].name;
            bd = dd;
        }
    }
    return best;
}

/* Resolve the item text[0..n) (at pos) into refs (appended to *out,
 * xgrow'n): "x" (every element of x), "a[3]", "a[3].f" / "a.f[3]", or a
 * struct prefix "s" (every leaf "s.*").  Reports and returns -1 on a
 * problem. */
int outcome_resolve(const bc_program *p, const char *text, size_t n,
                    diag *d, diag_pos pos, ref **out, size_t *nout,
                    size_t *cap)
{
    const char   *br = memchr(text, '[', n);
    const bc_var *v;
    const char   *near;

    if (n == 0) {
        diag_error(d, pos, "empty variable name");
        return -1;
    }
    if (br == NULL) {
        size_t found = 0;

        v = find_global(p, text, n);
        for (uint32_t i = 0; i < p->nglobals; i++) {
            const bc_var *g = &p->globals[i];

            if (g != v && !(strncmp(g->name, text, n) == 0
                            && g->name[n] == '.'))
                continue;
            for (uint32_t e = 0; e < g->count; e++) {
                xgrow((void **)out, cap, *nout + 1, sizeof **out);
                (*out)[*nout].v = g;
                (*out)[(*nout)++].elem = e;
            }
            found++;
        }
        if (found > 0)
            return 0;
    } else {
        const char   *q = br + 1;
        const char   *close = memchr(q, ']', n - (size_t)(q - text));
        unsigned long idx = 0;
        char          name[256];
        size_t        bn = (size_t)(br - text);
        size_t        rn;

        if (close == NULL || close == q) {
            diag_error(d, pos, "bad element '%.*s' (expected NAME[INDEX])",
                       (int)n, text);
            return -1;
        }
        for (const char *c = q; c < close; c++) {
            if (!isdigit((unsigned char)*c) || idx > 100000000) {
                diag_error(d, pos, "bad index in '%.*s' (expected a "
                           "number)", (int)n, text);
                return -1;
            }
            idx = idx * 10 + (unsigned long)(*c - '0');
        }
        rn = n - (size_t)(close + 1 - text);
        if (bn + rn >= sizeof name || (rn > 0 && close[1] != '.')) {
            diag_error(d, pos, "bad element '%.*s' (expected NAME[INDEX])",
                       (int)n, text);
            return -1;
        }
        /* a[3].f is the leaf "a.f", element 3 */
        memcpy(name, text, bn);
        memcpy(name + bn, close + 1, rn);
        v = find_global(p, name, bn + rn);
        if (v != NULL) {
            if (!bc_var_is_array(v)) {
                diag_error(d, pos, "'%s' is not an array", v->name);
                return -1;
            }
            if (idx >= v->count) {
                diag_error(d, pos, "index %lu out of range: '%s' has %u "
                           "elements", idx, v->name, (unsigned)v->count);
                return -1;
            }
            xgrow((void **)out, cap, *nout + 1, sizeof **out);
            (*out)[*nout].v = v;
            (*out)[(*nout)++].elem = (uint32_t)idx;
            return 0;
        }
        n = bn + rn;
        text = name;
        near = close_global(p, text, n);
        diag_error(d, pos, "no global variable '%.*s'", (int)n, text);
        if (near != NULL)
            diag_note(d, pos, "did you mean '%s'?", near);
        return -1;
    }
    near = close_global(p, text, n);
    diag_error(d, pos, "no global variable '%.*s'", (int)n, text);
    if (near != NULL)
        diag_note(d, pos, "did you mean '%s'?", near);
    return -1;
}

void outcome_spec_names(const char *spec, char ***names, size_t *n,
                        size_t *cap)
{
    const char *s = spec;

    while (*s != '\0') {
        const char *b;

        while (*s == ',' || isspace((unsigned char)*s))
            s++;
        b = s;
        while (*s != '\0' && *s != '[' && *s != '.' && *s != '='
               && *s != ',' && !isspace((unsigned char)*s))
            s++;
        if (s > b) {
            xgrow((void **)names, cap, *n + 1, sizeof **names);
            (*names)[(*n)++] = xstrndup(b, (size_t)(s - b));
        }
        while (*s != '\0' && *s != ',' && !isspace((unsigned char)*s))
            s++;
    }
}

char *outcome_expect_header(const char *path)
{
    FILE   *f = fopen(path, "r");
    char   *line = NULL;
    size_t  cap = 0;
    char   *spec = NULL;

    if (f == NULL)
        return NULL;
    while (spec == NULL && getline(&line, &cap, f) >= 0) {
        const char *h = line;

        while (outcome_is_space(*h))
            h++;
        if (*h != '#')
            continue;
        h++;
        while (*h == ' ' || *h == '\t')
            h++;
        if (outcome_starts_word(h, "outcomes:"))
            spec = xstrdup(h + strlen("outcomes:"));
    }
    free(line);
    fclose(f);
    return spec;
}

long outcome_find_leaf(const outcome *oc, const bc_var *v, uint32_t elem)
{
    for (size_t i = 0; i < oc->nleaves; i++)
        if (oc->leaves[i].v == v && oc->leaves[i].elem == elem)
            return (long)i;
    return -1;
}

/* Add the comma-separated items of text (line `line` of file id `file`,
 * text starting at column col0) as leaves. */
int outcome_add_list(outcome *oc, const char *text, diag *d, uint32_t file,
                     uint32_t line, uint32_t col0)
{
    const char *s = text;
    ref        *refs = NULL;
    size_t      nrefs = 0;
    size_t      cap = 0;
    int         rc = 0;

    for (;;) {
        const char *b;
        const char *e;
        diag_pos    pos;

        while (outcome_is_space(*s))
            s++;
        b = s;
        while (*s != '\0' && *s != ',')
            s++;
        e = s;
        while (e > b && outcome_is_space(e[-1]))
            e--;
        pos.file = file;
        pos.line = line;
        pos.col = col0 + (uint32_t)(b - text);
        nrefs = 0;
        if (outcome_resolve(oc->prog, b, (size_t)(e - b), d, pos, &refs, &nrefs,
                            &cap) != 0) {
            rc = -1;
        } else {
            for (size_t i = 0; i < nrefs; i++) {
                if (outcome_find_leaf(oc, refs[i].v, refs[i].elem) >= 0) {
                    char *nm = leaf_name(refs[i].v, refs[i].elem);

                    diag_error(d, pos, "'%s' is named twice", nm);
                    free(nm);
                    rc = -1;
                    break;
                }
                xgrow((void **)&oc->leaves, &oc->leaves_cap,
                      oc->nleaves + 1, sizeof *oc->leaves);
                oc->leaves[oc->nleaves].v = refs[i].v;
                oc->leaves[oc->nleaves].elem = refs[i].elem;
                oc->leaves[oc->nleaves++].name =
                    leaf_name(refs[i].v, refs[i].elem);
            }
        }
        if (*s != ',')
            break;
        s++;
    }
    free(refs);
    if (rc == 0) {
        free(oc->key);
        oc->key = xcalloc(oc->nleaves ? oc->nleaves : 1, sizeof *oc->key);
    }
    return rc;
}

int outcome_add_vars(outcome *oc, const char *spec, const char *what,
                     diag *d)
{
    uint32_t id = diag_file_id(d, what);

    diag_set_text(d, id, spec, strlen(spec));
    return outcome_add_list(oc, spec, d, id, 1, 1);
}
