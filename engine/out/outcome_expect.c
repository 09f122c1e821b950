/*
 * engine/out/outcome_expect.c -- expect files (--expect).
 *
 * Reads the admitted combinations, one "V1=x V2=y" a line (values as
 * spore prints them: numbers, mtype names), and enters each in the
 * set's table with count 0 before the search, so that a reached one is
 * found there, not inserted.
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

    if (outcome_resolve(oc->prog, name, n, d, pos, &refs, &nrefs, &cap) != 0)
        return -1;
    if (nrefs == 1)
        li = outcome_find_leaf(oc, refs[0].v, refs[0].elem);
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

        while (outcome_is_space(*s))
            s++;
        if (*s == '\0' || *s == '#')
            break;
        nb = s;
        while (*s != '\0' && *s != '=' && !outcome_is_space(*s))
            s++;
        ne = s;
        while (outcome_is_space(*s))
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
        while (*s != '\0' && !outcome_is_space(*s) && *s != '#')
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

        while (end > 0 && outcome_is_space(text[end - 1]))
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
        size_t i = outcome_intern(oc, oc->key, &fresh);

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
        while (outcome_is_space(*s))
            s++;
        if (*s == '\0')
            continue;
        if (*s == '#') {
            const char *h = s + 1;

            while (*h == ' ' || *h == '\t')
                h++;
            if (!outcome_starts_word(h, "outcomes:"))
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
            if (outcome_add_list(oc, h, d, id, ln,
                                 (uint32_t)(h - line) + 1) != 0) {
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
