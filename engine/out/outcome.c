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
 */
#include "config.h"

#include "engine/out/outcome.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/out/report.h"
#include "engine/out/trail.h"
#include "statestore/ss.h"
#include "util/xalloc.h"

typedef struct leaf {
    const bc_var *v;
    uint32_t      elem;
    char         *name;         /* as printed: "x", "a[2]", "s.f[1]" */
} leaf;

typedef struct combo {
    size_t       count;         /* distinct valid end states */
    uint32_t     line;          /* expect file line, 0: not admitted
                                   there */
    uint8_t      admitted;
    uint8_t      reported;      /* a violation was returned for it */
    search_step *wit;           /* witness path (owned), or NULL */
    size_t       nwit;
    int          has_wit;
} combo;

struct outcome {
    const bc_program *prog;
    leaf             *leaves;
    size_t            nleaves, leaves_cap;
    combo            *combos;
    size_t            ncombos, combos_cap;
    int32_t          *vals;     /* ncombos * nleaves */
    size_t            vals_cap;
    uint32_t         *slots;    /* combo index + 1; 0: empty */
    size_t            nslots;   /* a power of two, or 0 */
    int32_t          *key;      /* scratch: nleaves values */
    int               expect;   /* an expect file was read */
    char             *expect_path;
    size_t            nadmitted;
    int               witnesses;
    ss_store         *ends;
    size_t            nends;
    char             *detail;   /* the last violation's text */
    size_t            detail_size;
};

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

/* ------------------------------------------------------------ names */

static int is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int starts_word(const char *s, const char *w)
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

/* One (variable, element) named by a spec item. */
typedef struct ref {
    const bc_var *v;
    uint32_t      elem;
} ref;

/* Resolve the item text[0..n) (at pos) into refs (appended to *out,
 * xgrow'n): "x" (every element of x), "a[3]", "a[3].f" / "a.f[3]", or a
 * struct prefix "s" (every leaf "s.*").  Reports and returns -1 on a
 * problem. */
static int resolve(const bc_program *p, const char *text, size_t n,
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

        while (is_space(*h))
            h++;
        if (*h != '#')
            continue;
        h++;
        while (*h == ' ' || *h == '\t')
            h++;
        if (starts_word(h, "outcomes:"))
            spec = xstrdup(h + strlen("outcomes:"));
    }
    free(line);
    fclose(f);
    return spec;
}

static long find_leaf(const outcome *oc, const bc_var *v, uint32_t elem)
{
    for (size_t i = 0; i < oc->nleaves; i++)
        if (oc->leaves[i].v == v && oc->leaves[i].elem == elem)
            return (long)i;
    return -1;
}

/* Add the comma-separated items of text (line `line` of file id `file`,
 * text starting at column col0) as leaves. */
static int add_list(outcome *oc, const char *text, diag *d, uint32_t file,
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

        while (is_space(*s))
            s++;
        b = s;
        while (*s != '\0' && *s != ',')
            s++;
        e = s;
        while (e > b && is_space(e[-1]))
            e--;
        pos.file = file;
        pos.line = line;
        pos.col = col0 + (uint32_t)(b - text);
        nrefs = 0;
        if (resolve(oc->prog, b, (size_t)(e - b), d, pos, &refs, &nrefs,
                    &cap) != 0) {
            rc = -1;
        } else {
            for (size_t i = 0; i < nrefs; i++) {
                if (find_leaf(oc, refs[i].v, refs[i].elem) >= 0) {
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
    return add_list(oc, spec, d, id, 1, 1);
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

static const int32_t *combo_vals(const outcome *oc, size_t i)
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
        size_t h = (size_t)hash_key(combo_vals(oc, i), oc->nleaves)
                   & (n - 1);

        while (oc->slots[h] != 0)
            h = (h + 1) & (n - 1);
        oc->slots[h] = (uint32_t)i + 1;
    }
}

/* The combination key: its index; *fresh tells whether it was added. */
static size_t intern(outcome *oc, const int32_t *key, int *fresh)
{
    size_t h;
    size_t i;

    if (2 * (oc->ncombos + 1) > oc->nslots)
        rehash(oc);
    h = (size_t)hash_key(key, oc->nleaves) & (oc->nslots - 1);
    while (oc->slots[h] != 0) {
        i = oc->slots[h] - 1;
        if (memcmp(combo_vals(oc, i), key,
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

/* ------------------------------------------------------ expect file */

/* The value text v[0..n) for leaf lf; reports and returns -1 when bad. */
static int parse_value(const outcome *oc, const leaf *lf, const char *v,
                       size_t n, diag *d, diag_pos pos, int32_t *out)
{
    const bc_program *p = oc->prog;
    long long         x = 0;
    long long         lo;
    long long         hi;
    size_t            i = 0;
    int               neg = 0;

    switch (lf->v->type) {
    case BC_T_BIT:   lo = 0; hi = 1; break;
    case BC_T_SHORT: lo = -32768; hi = 32767; break;
    case BC_T_INT:   lo = INT32_MIN; hi = INT32_MAX; break;
    default:         lo = 0; hi = 255; break;
    }
    if (n == 0) {
        diag_error(d, pos, "missing value for '%s'", lf->name);
        return -1;
    }
    if (n == 4 && strncmp(v, "true", 4) == 0) {
        *out = 1;
        return 0;
    }
    if (n == 5 && strncmp(v, "false", 5) == 0) {
        *out = 0;
        return 0;
    }
    if (isalpha((unsigned char)v[0]) || v[0] == '_') {
        for (uint32_t m = 1; m < p->nmtypes; m++)
            if (p->mtypes[m] != NULL && strlen(p->mtypes[m]) == n
                && strncmp(p->mtypes[m], v, n) == 0) {
                *out = (int32_t)m;
                return 0;
            }
        diag_error(d, pos, "bad value '%.*s' for '%s' (expected a number%s)",
                   (int)n, v, lf->name,
                   p->nmtypes > 1 ? " or an mtype name" : "");
        return -1;
    }
    if (v[0] == '-' || v[0] == '+') {
        neg = v[0] == '-';
        i = 1;
    }
    if (i == n) {
        diag_error(d, pos, "bad value '%.*s' for '%s' (expected a number)",
                   (int)n, v, lf->name);
        return -1;
    }
    for (; i < n; i++) {
        if (!isdigit((unsigned char)v[i])) {
            diag_error(d, pos, "bad value '%.*s' for '%s' (expected a "
                       "number)", (int)n, v, lf->name);
            return -1;
        }
        if (x < 10000000000ll)
            x = x * 10 + (v[i] - '0');
    }
    if (neg)
        x = -x;
    if (x < lo || x > hi) {
        diag_error(d, pos, "value %.*s out of range for '%s' (%lld..%lld)",
                   (int)n, v, lf->name, lo, hi);
        return -1;
    }
    *out = (int32_t)x;
    return 0;
}

/* The leaf named name[0..n) in an expect line; reports and returns -1
 * when it is not one. */
static long line_leaf(const outcome *oc, const char *name, size_t n,
                      diag *d, diag_pos pos)
{
    ref    *refs = NULL;
    size_t  nrefs = 0;
    size_t  cap = 0;
    long    li = -1;

    if (resolve(oc->prog, name, n, d, pos, &refs, &nrefs, &cap) != 0)
        return -1;
    if (nrefs == 1)
        li = find_leaf(oc, refs[0].v, refs[0].elem);
    if (nrefs != 1) {
        diag_error(d, pos, "'%.*s' names %zu values; give each one "
                   "(e.g. %s[0]=...)", (int)n, name, nrefs, refs[0].v->name);
    } else if (li < 0) {
        char   list[256];
        size_t k = 0;

        diag_error(d, pos, "'%.*s' is not an outcome variable", (int)n,
                   name);
        list[0] = '\0';
        for (size_t i = 0; i < oc->nleaves && i <= 8 && k < sizeof list;
             i++)
            k += (size_t)snprintf(list + k, sizeof list - k, "%s%s",
                                  i ? ", " : "",
                                  i < 8 ? oc->leaves[i].name : "...");
        diag_note(d, pos, "the outcome variables are %s", list);
    }
    free(refs);
    return li;
}

/* One combination line (1-based line number ln); reports and returns -1
 * when it is bad. */
static int expect_line(outcome *oc, const char *text, uint32_t file,
                       uint32_t ln, diag *d)
{
    const char *s = text;
    uint32_t   *col = xcalloc(oc->nleaves, sizeof *col);
    diag_pos    pos;
    int         rc = 0;

    pos.file = file;
    pos.line = ln;
    for (;;) {
        const char *nb;
        const char *ne;
        const char *vb;
        long        li;

        while (is_space(*s))
            s++;
        if (*s == '\0' || *s == '#')
            break;
        nb = s;
        while (*s != '\0' && *s != '=' && !is_space(*s))
            s++;
        ne = s;
        while (is_space(*s))
            s++;
        pos.col = (uint32_t)(nb - text) + 1;
        if (*s != '=') {
            pos.col = (uint32_t)(s - text) + 1;
            diag_error(d, pos, "expected '=' after '%.*s'", (int)(ne - nb),
                       nb);
            rc = -1;
            break;
        }
        s++;
        while (*s == ' ' || *s == '\t')
            s++;
        vb = s;
        while (*s != '\0' && !is_space(*s) && *s != '#')
            s++;
        li = line_leaf(oc, nb, (size_t)(ne - nb), d, pos);
        if (li < 0) {
            rc = -1;
            continue;
        }
        if (col[li] != 0) {
            diag_error(d, pos, "'%s' is given twice", oc->leaves[li].name);
            pos.col = col[li];
            diag_note(d, pos, "first given here");
            rc = -1;
            continue;
        }
        col[li] = (uint32_t)(nb - text) + 1;
        pos.col = (uint32_t)(vb - text) + 1;
        if (parse_value(oc, &oc->leaves[li], vb, (size_t)(s - vb), d, pos,
                        &oc->key[li]) != 0)
            rc = -1;
    }
    if (rc == 0) {
        size_t end = strlen(text);

        while (end > 0 && is_space(text[end - 1]))
            end--;
        pos.col = (uint32_t)end + 1;
        for (size_t i = 0; i < oc->nleaves; i++)
            if (col[i] == 0) {
                diag_error(d, pos, "missing '%s' (every outcome variable "
                           "must be given)", oc->leaves[i].name);
                rc = -1;
            }
    }
    if (rc == 0) {
        int    fresh;
        size_t i = intern(oc, oc->key, &fresh);

        if (!fresh) {
            pos.col = 1;
            diag_error(d, pos, "combination repeated");
            pos.line = oc->combos[i].line;
            diag_note(d, pos, "first given here");
            rc = -1;
        } else {
            oc->combos[i].admitted = 1;
            oc->combos[i].line = ln;
            oc->nadmitted++;
        }
    }
    free(col);
    return rc;
}

/* A directory opens for reading but yields no lines: it is no expect
 * file (a pipe or /dev/stdin is fine). */
static int not_a_file(FILE *f)
{
    struct stat st;

    return fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
}

int outcome_read_expect(outcome *oc, const char *path, diag *d)
{
    FILE    *f = fopen(path, "r");
    char    *line = NULL;
    size_t   cap = 0;
    ssize_t  n;
    uint32_t ln = 0;
    uint32_t id;
    int      rc = 0;
    int      had_vars = oc->nleaves > 0;
    diag_pos pos;

    if (f == NULL)
        return -2;
    if (not_a_file(f)) {
        fclose(f);
        errno = EISDIR;
        return -2;
    }
    id = diag_file_id(d, path);
    oc->expect = 1;
    free(oc->expect_path);
    oc->expect_path = xstrdup(path);
    while ((n = getline(&line, &cap, f)) >= 0) {
        const char *s = line;

        ln++;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        while (is_space(*s))
            s++;
        if (*s == '\0')
            continue;
        if (*s == '#') {
            const char *h = s + 1;

            while (*h == ' ' || *h == '\t')
                h++;
            if (!starts_word(h, "outcomes:"))
                continue;
            h += strlen("outcomes:");
            if (had_vars)
                continue;       /* --outcomes given: it wins */
            if (oc->nleaves > 0 || oc->ncombos > 0) {
                pos.file = id;
                pos.line = ln;
                pos.col = (uint32_t)(s - line) + 1;
                diag_error(d, pos, "a second '# outcomes:' header");
                rc = -1;
                continue;
            }
            if (add_list(oc, h, d, id, ln, (uint32_t)(h - line) + 1) != 0) {
                rc = -1;
                break;
            }
            continue;
        }
        if (oc->nleaves == 0) {
            pos.file = id;
            pos.line = ln;
            pos.col = (uint32_t)(s - line) + 1;
            diag_error(d, pos, "no outcome variables: give --outcomes=V,... "
                       "or a '# outcomes: V,...' header first");
            rc = -1;
            break;
        }
        if (expect_line(oc, line, id, ln, d) != 0)
            rc = -1;
    }
    free(line);
    if (ferror(f)) {                    /* a read error is no input */
        int e = errno;

        fclose(f);
        errno = e;
        return -2;
    }
    fclose(f);
    if (rc == 0 && oc->nleaves == 0) {
        pos.file = id;
        pos.line = 0;
        pos.col = 0;
        diag_error(d, pos, "no outcome variables: give --outcomes=V,... "
                   "or a '# outcomes: V,...' header");
        rc = -1;
    }
    return rc;
}

/* ------------------------------------------------------- the search */

/* Print the combination vals as "x=1 y=0". */
static void put_combo(const outcome *oc, const int32_t *vals, FILE *out)
{
    for (size_t i = 0; i < oc->nleaves; i++) {
        const leaf *lf = &oc->leaves[i];

        fprintf(out, "%s%s=", i ? " " : "", lf->name);
        ts_put_value(oc->prog, vals[i], lf->v->flags, out);
    }
}

/* The combination as a new string (caller frees). */
static char *combo_str(const outcome *oc, const int32_t *vals)
{
    char  *buf = NULL;
    size_t size = 0;
    FILE  *mem = open_memstream(&buf, &size);

    if (mem == NULL)
        return xstrdup("?");
    put_combo(oc, vals, mem);
    fclose(mem);
    return buf != NULL ? buf : xstrdup("?");
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
    i = intern(oc, oc->key, &fresh);
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
    oc->detail = combo_str(oc, combo_vals(oc, i));
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
        memmove(oc->vals + n * oc->nleaves, combo_vals(oc, i),
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
        s[i].vals = combo_vals(oc, i);
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
        char  *txt = combo_str(oc, s[i].vals);
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
        txt = combo_str(oc, s[k].vals);
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
            put_combo(oc, s[k].vals, out);
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
        report_json_string(out, oc->leaves[i].name);
    }
    fprintf(out, "],\"complete\":%s,\"end_states\":%zu,\"distinct\":%zu,"
            "\"expect\":", complete ? "true" : "false", oc->nends,
            outcome_ncombos(oc));
    report_json_string(out, oc->expect ? oc->expect_path : NULL);
    fprintf(out, ",\"not_admitted\":%zu,\"admitted_not_reached\":%zu,"
            "\"combinations\":[", count_not_admitted(oc),
            count_not_reached(oc));
    for (size_t k = 0; k < oc->ncombos; k++) {
        const combo *c = &oc->combos[s[k].index];
        char        *txt;

        if (c->count == 0 && !c->admitted)
            continue;
        txt = combo_str(oc, s[k].vals);
        fputs(first ? "{\"outcome\":" : ",{\"outcome\":", out);
        first = 0;
        report_json_string(out, txt);
        free(txt);
        fputs(",\"values\":{", out);
        for (size_t i = 0; i < oc->nleaves; i++) {
            if (i)
                fputc(',', out);
            report_json_string(out, oc->leaves[i].name);
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
