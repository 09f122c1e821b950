/*
 * engine/out/trail.c -- trails: the text format (trail.h draws it),
 * building a trail from a search error, writing it and reading it back.
 *
 * The other stages are apart: trail_player.c (the player: executing and
 * printing steps), trail_views.c (lanes and message charts),
 * trail_replay.c (a trail run on a player); trail_int.h is what they
 * share.
 */
#include "config.h"

#include "engine/out/trail.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/xalloc.h"

/* ----------------------------------------------------------- helpers */

static char *dup_or_null(const char *s)
{
    return s != NULL ? xstrdup(s) : NULL;
}

void trail_free(trail *tr)
{
    if (tr == NULL)
        return;
    free(tr->model);
    free(tr->version);
    free(tr->options);
    free(tr->where);
    free(tr->detail);
    free(tr->property);
    free(tr->steps);
    free(tr);
}

trail *trail_from_error(const bc_program *prog, const search_error *e,
                        const char *version, const char *opts)
{
    trail *tr;
    char   buf[256];

    if (e->steps == NULL && e->nsteps > 0)
        return NULL;
    tr = xcalloc(1, sizeof *tr);
    tr->model = dup_or_null(prog->model_name);
    tr->hash = prog->model_hash;
    tr->version = dup_or_null(version);
    tr->options = dup_or_null(opts);
    tr->kind = e->kind;
    tr->loc = e->loc;
    tr->where = xstrdup(bc_loc_str(prog, e->loc, buf, sizeof buf));
    tr->detail = dup_or_null(e->detail);
    tr->depth = e->depth;
    tr->property = prog->has_claim && prog->claim_name != NULL
                   && prog->claim_name[0] != '\0'
                   ? xstrdup(prog->claim_name) : NULL;
    tr->has_cycle = e->kind == SEARCH_E_ACCEPT
                    || e->kind == SEARCH_E_NONPROGRESS;
    tr->cycle_at = tr->has_cycle ? e->cycle_at : 0;
    tr->nsteps = e->nsteps;
    tr->steps = xmalloc((e->nsteps ? e->nsteps : 1) * sizeof *tr->steps);
    if (e->nsteps)
        memcpy(tr->steps, e->steps, e->nsteps * sizeof *tr->steps);
    return tr;
}

const char *trail_options_str(const search_options *o, char *buf,
                              size_t size)
{
    const search_por *por = search_por_get(o->por);

    snprintf(buf, size, "por=%s assert=%s end=%s empty-chans=%s",
             por != NULL ? por->name : "?",
             o->check_assert ? "on" : "off", o->check_end ? "on" : "off",
             o->require_empty ? "on" : "off");
    return buf;
}

/* ----------------------------------------------------------- writing */

int trail_fprint(const trail *tr, FILE *out)
{
    const char *kind = search_err_name(tr->kind);

    fprintf(out, "spore-trail %d\n", TRAIL_FORMAT);
    fprintf(out, "model %s\n", tr->model != NULL ? tr->model : "?");
    fprintf(out, "hash %016" PRIx64 "\n", tr->hash);
    if (tr->version != NULL)
        fprintf(out, "version %s\n", tr->version);
    if (tr->options != NULL)
        fprintf(out, "options %s\n", tr->options);
    fprintf(out, "error %s\n", kind != NULL ? kind
                                : tr->kind < 0 ? "none" : "unknown");
    fprintf(out, "where %s\n", tr->where != NULL ? tr->where : "?");
    if (tr->detail != NULL)
        fprintf(out, "outcome %s\n", tr->detail);
    if (tr->loc != TS_NONE)
        fprintf(out, "location-id %" PRIu32 "\n", tr->loc);
    fprintf(out, "depth %zu\n", tr->depth);
    if (tr->property != NULL)
        fprintf(out, "property %s\n", tr->property);
    if (tr->has_cycle)
        fprintf(out, "cycle %zu\n", tr->cycle_at);
    fprintf(out, "steps %zu\n", tr->nsteps);
    for (size_t i = 0; i < tr->nsteps; i++) {
        const search_step *s = &tr->steps[i];

        if (s->pid2 == TS_NONE)
            fprintf(out, "%" PRIu32 " %" PRIu32 "\n", s->pid, s->trans);
        else
            fprintf(out, "%" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu32
                    "\n", s->pid, s->trans, s->pid2, s->trans2);
    }
    fprintf(out, "end\n");
    return ferror(out) ? -1 : 0;
}

int trail_write(const trail *tr, const char *path)
{
    FILE *f = fopen(path, "w");
    int   rc;

    if (f == NULL)
        return -1;
    rc = trail_fprint(tr, f);
    if (fclose(f) != 0)
        rc = -1;
    return rc;
}

char *trail_default_name(const char *model, size_t index)
{
    size_t n = strlen(model) + sizeof TRAIL_SUFFIX + 24;
    char  *s = xmalloc(n);

    if (index > 0)
        snprintf(s, n, "%s%zu%s", model, index, TRAIL_SUFFIX);
    else
        snprintf(s, n, "%s%s", model, TRAIL_SUFFIX);
    return s;
}

/* ----------------------------------------------------------- reading */

typedef struct reader {
    FILE       *f;
    const char *path;
    char       *line;
    size_t      cap;
    size_t      lineno;
    char       *err;
    size_t      errsize;
} reader;

static void rd_error(reader *rd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void rd_error(reader *rd, const char *fmt, ...)
{
    va_list ap;
    int     n = snprintf(rd->err, rd->errsize, "%s:%zu: error: bad trail: ",
                         rd->path, rd->lineno);

    if (n < 0 || (size_t)n >= rd->errsize)
        return;
    va_start(ap, fmt);
    vsnprintf(rd->err + n, rd->errsize - (size_t)n, fmt, ap);
    va_end(ap);
}

/* The next line that is not empty or a comment, without its newline;
 * NULL at the end of the file. */
static char *rd_line(reader *rd)
{
    ssize_t n;

    while ((n = getline(&rd->line, &rd->cap, rd->f)) >= 0) {
        rd->lineno++;
        while (n > 0 && (rd->line[n - 1] == '\n' || rd->line[n - 1] == '\r'))
            rd->line[--n] = '\0';
        if (n > 0 && rd->line[0] != '#')
            return rd->line;
    }
    return NULL;
}

/* Split "key value..." in place; returns the value ("" when none). */
static char *split_key(char *line)
{
    char *sp = strchr(line, ' ');

    if (sp == NULL)
        return line + strlen(line);
    *sp++ = '\0';
    while (*sp == ' ')
        sp++;
    return sp;
}

static int read_header_line(reader *rd, trail *tr, char *key, char *val)
{
    if (strcmp(key, "model") == 0) {
        free(tr->model);
        tr->model = xstrdup(val);
    } else if (strcmp(key, "hash") == 0) {
        tr->hash = strtoull(val, NULL, 16);
    } else if (strcmp(key, "version") == 0) {
        free(tr->version);
        tr->version = xstrdup(val);
    } else if (strcmp(key, "options") == 0) {
        free(tr->options);
        tr->options = xstrdup(val);
    } else if (strcmp(key, "error") == 0) {
        tr->kind = search_err_from_name(val);
    } else if (strcmp(key, "where") == 0) {
        free(tr->where);
        tr->where = xstrdup(val);
    } else if (strcmp(key, "outcome") == 0) {
        free(tr->detail);
        tr->detail = xstrdup(val);
    } else if (strcmp(key, "location-id") == 0) {
        tr->loc = (uint32_t)strtoul(val, NULL, 10);
    } else if (strcmp(key, "depth") == 0) {
        tr->depth = (size_t)strtoull(val, NULL, 10);
    } else if (strcmp(key, "property") == 0) {
        free(tr->property);
        tr->property = xstrdup(val);
    } else if (strcmp(key, "cycle") == 0) {
        tr->has_cycle = 1;
        tr->cycle_at = (size_t)strtoull(val, NULL, 10);
    } else if (strcmp(key, "spore-trail") == 0) {
        rd_error(rd, "repeated 'spore-trail' line");
        return -1;
    }
    return 0;
}

/* "pid trans" or "pid trans pid2 trans2" into *s. */
static int parse_step(const char *line, search_step *s)
{
    unsigned long v[4];
    char         *end;
    const char   *p = line;
    int           n = 0;

    while (n < 4) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        errno = 0;
        v[n] = strtoul(p, &end, 10);
        if (end == p || errno != 0 || v[n] > UINT32_MAX)
            return -1;
        p = end;
        n++;
    }
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '\0' || (n != 2 && n != 4))
        return -1;
    s->pid = (uint32_t)v[0];
    s->trans = (uint32_t)v[1];
    s->pid2 = n == 4 ? (uint32_t)v[2] : TS_NONE;
    s->trans2 = n == 4 ? (uint32_t)v[3] : TS_NONE;
    return 0;
}

/* The most steps the rest of a regular file can hold (a step line has
 * at least 4 bytes: "0 0\n"); SIZE_MAX when the file is not regular. */
static size_t room_for_steps(reader *rd)
{
    struct stat st;
    long        pos = ftell(rd->f);

    if (fstat(fileno(rd->f), &st) != 0 || !S_ISREG(st.st_mode) || pos < 0)
        return SIZE_MAX;
    if ((uint64_t)st.st_size <= (uint64_t)pos)
        return 0;
    return (size_t)(((uint64_t)st.st_size - (uint64_t)pos) / 4);
}

/* The step count is checked against what the file can hold, and the
 * steps array grows as lines are read: a header never decides an
 * allocation. */
static int read_steps(reader *rd, trail *tr, const char *count)
{
    char  *end;
    size_t n;
    size_t room = room_for_steps(rd);
    size_t cap = 0;
    char  *line;

    errno = 0;
    n = (size_t)strtoull(count, &end, 10);
    if (end == count || *end != '\0' || count[0] == '-' || errno != 0) {
        rd_error(rd, "bad step count '%s'", count);
        return -1;
    }
    if (n > room) {
        rd_error(rd, "%zu steps announced, but the rest of the file holds "
                 "at most %zu", n, room);
        return -1;
    }
    xgrow((void **)&tr->steps, &cap, 1, sizeof *tr->steps);
    for (size_t i = 0; i < n; i++) {
        if ((line = rd_line(rd)) == NULL) {
            rd_error(rd, "the trail ends after %zu of %zu steps", i, n);
            return -1;
        }
        xgrow((void **)&tr->steps, &cap, i + 1, sizeof *tr->steps);
        if (parse_step(line, &tr->steps[i]) != 0) {
            rd_error(rd, "expected 'pid trans [pid2 trans2]', found '%s'",
                     line);
            return -1;
        }
    }
    tr->nsteps = n;
    line = rd_line(rd);
    if (line == NULL || strcmp(line, "end") != 0) {
        rd_error(rd, "expected 'end' after %zu steps", n);
        return -1;
    }
    return 0;
}

/* A line of pan's trail format: "N:N:N" (numbers, possibly negative). */
static int spin_trail_line(const char *line)
{
    const char *p = line;

    for (int field = 0; field < 3; field++) {
        if (*p == '-')
            p++;
        if (*p < '0' || *p > '9')
            return 0;
        while (*p >= '0' && *p <= '9')
            p++;
        if (field < 2 && *p++ != ':')
            return 0;
    }
    return *p == '\0';
}

static int read_body(reader *rd, trail *tr)
{
    char *line = rd_line(rd);
    char *val;

    if (line != NULL && spin_trail_line(line)) {
        rd_error(rd, "this is a SPIN trail (pan writes MODEL.trail; "
                 "replay it with 'spin -t'), not a spore trail "
                 "(MODEL.spore.trail)");
        return -1;
    }
    if (line == NULL || strncmp(line, "spore-trail ", 12) != 0) {
        rd_error(rd, "not a spore trail (no 'spore-trail' line)");
        return -1;
    }
    if (atoi(line + 12) != TRAIL_FORMAT) {
        rd_error(rd, "trail format %s is not supported (this spore reads "
                 "format %d)", line + 12, TRAIL_FORMAT);
        return -1;
    }
    while ((line = rd_line(rd)) != NULL) {
        val = split_key(line);
        if (strcmp(line, "steps") == 0)
            return read_steps(rd, tr, val);
        if (read_header_line(rd, tr, line, val) != 0)
            return -1;
    }
    rd_error(rd, "no 'steps' line");
    return -1;
}

trail *trail_read(const char *path, char *err, size_t errsize)
{
    reader rd;
    trail *tr;
    int    rc;

    memset(&rd, 0, sizeof rd);
    rd.err = err;
    rd.errsize = errsize;
    rd.path = path;
    rd.f = fopen(path, "r");
    if (rd.f == NULL) {
        snprintf(err, errsize, "%s: error: cannot read the trail: %s", path,
                 strerror(errno));
        return NULL;
    }
    tr = xcalloc(1, sizeof *tr);
    tr->kind = -1;
    tr->loc = TS_NONE;
    rc = read_body(&rd, tr);
    free(rd.line);
    fclose(rd.f);
    if (rc != 0) {
        trail_free(tr);
        return NULL;
    }
    return tr;
}
