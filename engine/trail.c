/*
 * engine/trail.c -- trails: the text format, reading it back, and replay.
 *
 * Replay is the one routine that prints a counterexample: after a search
 * (spore.c builds a trail from the search error and replays it) and for
 * `spore replay`.  Each step is checked against the successor list of
 * the current state (ts_successors, the same function the search uses, so
 * Promela's global rules -- atomic, else, timeout, rendezvous -- apply
 * exactly as during the search), then executed again with ts_fire_pair
 * so that the model's printf output appears in order.
 */
#include "config.h"

#include "engine/trail.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* ----------------------------------------------------------- helpers */

static char *dup_or_null(const char *s)
{
    return s != NULL ? xstrdup(s) : NULL;
}

/* "file:line:col" of loc, or "?" for an unknown location. */
static const char *loc_str(const bc_program *p, uint32_t loc, char *buf,
                           size_t size)
{
    if (loc == TS_NONE || loc >= p->nlocs) {
        snprintf(buf, size, "?");
        return buf;
    }
    return bc_loc_str(p, loc, buf, size);
}

static const char *str_at(const bc_program *p, uint32_t id)
{
    return id < p->nstrings && p->strings[id] != NULL ? p->strings[id] : "";
}

void trail_free(trail *tr)
{
    if (tr == NULL)
        return;
    free(tr->model);
    free(tr->version);
    free(tr->options);
    free(tr->where);
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
    tr->where = xstrdup(loc_str(prog, e->loc, buf, sizeof buf));
    tr->depth = e->depth;
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
    fprintf(out, "error %s\n", kind != NULL ? kind : "unknown");
    fprintf(out, "where %s\n", tr->where != NULL ? tr->where : "?");
    if (tr->loc != TS_NONE)
        fprintf(out, "location-id %" PRIu32 "\n", tr->loc);
    fprintf(out, "depth %zu\n", tr->depth);
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

/* ----------------------------------------------------------- reading */

typedef struct reader {
    FILE   *f;
    char   *line;
    size_t  cap;
    size_t  lineno;
    char   *err;
    size_t  errsize;
} reader;

static void rd_error(reader *rd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void rd_error(reader *rd, const char *fmt, ...)
{
    va_list ap;
    int     n = snprintf(rd->err, rd->errsize, "line %zu: ", rd->lineno);

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
    } else if (strcmp(key, "location-id") == 0) {
        tr->loc = (uint32_t)strtoul(val, NULL, 10);
    } else if (strcmp(key, "depth") == 0) {
        tr->depth = (size_t)strtoull(val, NULL, 10);
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

static int read_steps(reader *rd, trail *tr, const char *count)
{
    char  *end;
    size_t n = (size_t)strtoull(count, &end, 10);
    char  *line;

    if (end == count || *end != '\0' || n > ((size_t)1 << 40)) {
        rd_error(rd, "bad step count '%s'", count);
        return -1;
    }
    tr->steps = xmalloc((n ? n : 1) * sizeof *tr->steps);
    for (size_t i = 0; i < n; i++) {
        if ((line = rd_line(rd)) == NULL) {
            rd_error(rd, "the trail ends after %zu of %zu steps", i, n);
            return -1;
        }
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

static int read_body(reader *rd, trail *tr)
{
    char *line = rd_line(rd);
    char *val;

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
    rd.f = fopen(path, "r");
    if (rd.f == NULL) {
        snprintf(err, errsize, "cannot open: %s", strerror(errno));
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

/* ----------------------------------------------------- assertion text */

static int starts_assert(const char *s)
{
    return strncmp(s, "assert", 6) == 0
        && (s[6] == '(' || s[6] == ' ' || s[6] == '\t');
}

/* Does the '(' at s[0] close at s[n - 1]? */
static int wrapped(const char *s, size_t n)
{
    int level = 0;

    if (n < 2 || s[0] != '(' || s[n - 1] != ')')
        return 0;
    for (size_t i = 0; i < n; i++) {
        level += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
        if (level == 0 && i < n - 1)
            return 0;
    }
    return 1;
}

/* "assert((x==1))" -> "(x==1)": the argument in one pair of
 * parentheses, as pan prints it. */
static const char *strip_assert(const char *text, char *buf, size_t size)
{
    const char *p = text + 6;
    size_t      n;

    while (*p == ' ' || *p == '\t')
        p++;
    n = strlen(p);
    while (n > 0 && (p[n - 1] == ';' || p[n - 1] == ' '))
        n--;
    while (wrapped(p, n) && wrapped(p + 1, n - 2)) {
        p++;
        n -= 2;
    }
    snprintf(buf, size, "%.*s", (int)n, p);
    return buf;
}

static int same_line(const bc_program *p, uint32_t a, uint32_t b)
{
    return a < p->nlocs && b < p->nlocs && p->locs[a].file == p->locs[b].file
        && p->locs[a].line == p->locs[b].line;
}

const char *trail_assert_text(const bc_program *prog, uint32_t trans,
                              uint32_t loc, char *buf, size_t size)
{
    if (trans < prog->ntrans) {
        const char *text = str_at(prog, prog->trans[trans].text);

        if (starts_assert(text))
            return strip_assert(text, buf, size);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < prog->ntrans; i++) {
            const bc_trans *tr = &prog->trans[i];
            const char     *text = str_at(prog, tr->text);

            if (!starts_assert(text))
                continue;
            if (pass == 0 ? tr->loc == loc : same_line(prog, tr->loc, loc))
                return strip_assert(text, buf, size);
        }
    }
    return NULL;
}

/* ------------------------------------------------------------ replay */

typedef struct replay {
    ts               *t;
    const bc_program *prog;
    const trail      *tr;
    FILE             *out;
    FILE             *err;              /* problems with the trail */
    int               quiet;
    ts_succs          succs;
    ts_succs          fired;
    uint8_t          *cur, *prev;
    size_t            cur_len, prev_len, cur_cap, prev_cap;
    uint32_t          last_finding, last_floc, last_trans;
} replay;

static void set_vec(uint8_t **v, size_t *len, size_t *cap,
                    const uint8_t *src, size_t n)
{
    if (n > *cap) {
        *v = xrealloc(*v, n);
        *cap = n;
    }
    memcpy(*v, src, n);
    *len = n;
}

/* Instance number of pid among the processes of its proctype, counted
 * from 1 in pid order, as SPIN prints it ("(P:2)"). */
static uint32_t instance_of(const replay *rp, uint32_t pid, uint32_t pt)
{
    uint32_t k = 1;

    for (uint32_t q = 0; q < pid; q++) {
        uint32_t qt;
        uint32_t pc;

        if (ts_proc_info(rp->t, rp->cur, rp->cur_len, q, &qt, &pc) == 0
            && qt == pt)
            k++;
    }
    return k;
}

/* Statement text on one line: control characters (a printf's "\n") are
 * shown escaped, as written in the model. */
static void put_text(const char *s, FILE *out)
{
    for (; *s; s++) {
        if (*s == '\n')
            fputs("\\n", out);
        else if (*s == '\t')
            fputs("\\t", out);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\x%02x", (unsigned char)*s);
        else
            fputc(*s, out);
    }
}

static void print_move(const replay *rp, size_t no, uint32_t pid,
                       uint32_t trans)
{
    const bc_program *p = rp->prog;
    const bc_trans   *tr = &p->trans[trans];
    const char       *pname = tr->proc < p->nprocs
                              ? p->procs[tr->proc].name : "?";
    const char       *file = "?";
    uint32_t          line = 0;

    if (tr->loc < p->nlocs) {
        const bc_srcloc *l = &p->locs[tr->loc];

        file = l->file < p->nfiles ? p->files[l->file] : "?";
        line = l->line;
    }
    if (no > 0)
        fprintf(rp->out, "%4zu: ", no);
    else
        fprintf(rp->out, "      ");
    fprintf(rp->out, "proc %" PRIu32 " (%s:%" PRIu32 ") %s:%" PRIu32 "  ",
            pid, pname, instance_of(rp, pid, tr->proc), file, line);
    put_text(str_at(p, tr->text), rp->out);
    fputc('\n', rp->out);
}

/* ts_print_state, each line indented under its step (ts prints flush
 * left; the text goes through a memory stream to be indented). */
static void print_state(const replay *rp, const uint8_t *prev,
                        size_t prev_len)
{
    char  *buf = NULL;
    size_t size = 0;
    FILE  *mem = open_memstream(&buf, &size);

    if (mem == NULL) {
        ts_print_state(rp->t, rp->cur, rp->cur_len, prev, prev_len, rp->out);
        return;
    }
    ts_print_state(rp->t, rp->cur, rp->cur_len, prev, prev_len, mem);
    fclose(mem);
    for (char *line = buf; line != NULL && *line != '\0';) {
        char *nl = strchr(line, '\n');
        int   n = nl != NULL ? (int)(nl - line) : (int)strlen(line);

        fprintf(rp->out, "        %.*s\n", n, line);
        line = nl != NULL ? nl + 1 : NULL;
    }
    free(buf);
}

/* Index in rp->succs of step s, or -1. */
static long find_succ(const replay *rp, const search_step *s)
{
    for (size_t i = 0; i < rp->succs.n; i++) {
        const ts_succ *c = &rp->succs.v[i];

        if (c->pid == s->pid && c->trans == s->trans && c->pid2 == s->pid2
            && c->trans2 == s->trans2)
            return (long)i;
    }
    return -1;
}

static void explain_not_enabled(const replay *rp, size_t no,
                                const search_step *s)
{
    FILE *out = rp->err;

    fprintf(out, "spore: trail step %zu: process %" PRIu32
            " transition %" PRIu32, no, s->pid, s->trans);
    if (s->pid2 != TS_NONE)
        fprintf(out, " with process %" PRIu32 " transition %" PRIu32,
                s->pid2, s->trans2);
    if (s->trans >= rp->prog->ntrans) {
        fprintf(out, " does not exist in this model\n");
        return;
    }
    fprintf(out, " (%s) is not enabled here; enabled:%s\n",
            str_at(rp->prog, rp->prog->trans[s->trans].text),
            rp->succs.n ? "" : " nothing");
    for (size_t i = 0; i < rp->succs.n; i++) {
        const ts_succ *c = &rp->succs.v[i];

        fprintf(out, "    process %" PRIu32 " transition %" PRIu32 "  %s\n",
                c->pid, c->trans,
                c->trans < rp->prog->ntrans
                ? str_at(rp->prog, rp->prog->trans[c->trans].text) : "?");
    }
}

/* Execute s with model output on; the result (from ts_fire when it
 * agrees, else from the checked successor list) becomes rp->cur. */
static int fire_step(replay *rp, const search_step *s, long idx)
{
    const ts_succ *c = &rp->succs.v[idx];
    const ts_succs *from = &rp->succs;

    ts_set_output(rp->t, rp->quiet ? NULL : rp->out);
    if (ts_fire_pair(rp->t, rp->cur, rp->cur_len, s->pid, s->trans,
                     s->pid2, s->trans2, &rp->fired) == 0
        && rp->fired.n > 0) {
        from = &rp->fired;
        c = &rp->fired.v[0];
    }
    ts_set_output(rp->t, NULL);
    rp->last_finding = c->finding;
    rp->last_floc = c->floc;
    rp->last_trans = s->trans;
    set_vec(&rp->prev, &rp->prev_len, &rp->prev_cap, rp->cur, rp->cur_len);
    if (c->dst_len == 0)
        return -1;
    set_vec(&rp->cur, &rp->cur_len, &rp->cur_cap, from->vecs + c->dst_off,
            c->dst_len);
    return 0;
}

/* Run step no (1-based); returns 0, or a trail_status. */
static int run_step(replay *rp, size_t no)
{
    const search_step *s = &rp->tr->steps[no - 1];
    long               idx;

    ts_successors(rp->t, rp->cur, rp->cur_len, &rp->succs);
    idx = find_succ(rp, s);
    if (idx < 0) {
        explain_not_enabled(rp, no, s);
        return TRAIL_NOT_ENABLED;
    }
    if (!rp->quiet) {
        print_move(rp, no, s->pid, s->trans);
        if (s->pid2 != TS_NONE && s->trans2 < rp->prog->ntrans)
            print_move(rp, 0, s->pid2, s->trans2);
    }
    if (fire_step(rp, s, idx) != 0) {
        if (no < rp->tr->nsteps) {
            fprintf(rp->err, "spore: trail step %zu leaves no state, but "
                    "the trail goes on\n", no);
            return TRAIL_NOT_ENABLED;
        }
        return 0;
    }
    if (!rp->quiet)
        print_state(rp, rp->prev, rp->prev_len);
    return 0;
}

static int check_hash(const replay *rp, int force)
{
    if (rp->tr->hash == rp->prog->model_hash)
        return 0;
    fprintf(rp->err, "spore: %s: the trail was made from a different model "
            "(hash %016" PRIx64 ", this model %016" PRIx64 ")%s\n",
            rp->tr->model != NULL ? rp->tr->model : "?", rp->tr->hash,
            rp->prog->model_hash,
            force ? "; replaying anyway (--force)" : "");
    return force ? 0 : TRAIL_MISMATCH;
}

/* The error that the replay ended in, if any, as a search_err_kind. */
static int observed_error(replay *rp, int require_empty)
{
    if (rp->tr->kind == SEARCH_E_INVALID_END) {
        if (ts_successors(rp->t, rp->cur, rp->cur_len, &rp->succs) == 0
            && !ts_valid_end(rp->t, rp->cur, rp->cur_len, require_empty))
            return SEARCH_E_INVALID_END;
        return -1;
    }
    return search_err_from_finding(rp->last_finding);
}

static void print_error(const replay *rp, int kind, size_t nsteps)
{
    char        where[256];
    char        text[512];
    const char *atext = NULL;
    uint32_t    loc = kind == SEARCH_E_INVALID_END ? rp->tr->loc
                                                  : rp->last_floc;

    if (kind == SEARCH_E_ASSERT)
        atext = trail_assert_text(rp->prog, rp->last_trans, loc, text,
                                  sizeof text);
    loc_str(rp->prog, loc, where, sizeof where);
    if (loc == TS_NONE && rp->tr->where != NULL)
        snprintf(where, sizeof where, "%s", rp->tr->where);
    fprintf(rp->out, "spore: %s%s%s at %s (after %zu steps)\n",
            search_err_text(kind), atext != NULL ? " " : "",
            atext != NULL ? atext : "", where, nsteps);
}

static int replay_steps(replay *rp)
{
    size_t         len;
    ts_finding     fnd = TS_OK;
    uint32_t       floc = TS_NONE;
    const uint8_t *init = ts_initial(rp->t, &len, &fnd, &floc);

    if (init == NULL) {
        rp->last_finding = fnd;
        rp->last_floc = floc;
        rp->last_trans = TS_NONE;
        return fnd != TS_OK && rp->tr->nsteps == 0 ? 0 : TRAIL_FAILED;
    }
    set_vec(&rp->cur, &rp->cur_len, &rp->cur_cap, init, len);
    rp->last_finding = TS_OK;
    for (size_t no = 1; no <= rp->tr->nsteps; no++) {
        int rc = run_step(rp, no);

        if (rc != 0)
            return rc;
    }
    return 0;
}

int trail_replay(ts *t, const bc_program *prog, const trail *tr,
                 int force, int quiet, FILE *out)
{
    replay rp;
    int    rc;
    int    kind;
    int    empty = tr->options != NULL
                   && strstr(tr->options, "empty-chans=on") != NULL;

    memset(&rp, 0, sizeof rp);
    rp.t = t;
    rp.prog = prog;
    rp.tr = tr;
    rp.out = out;
    rp.err = stderr;
    rp.quiet = quiet;
    if ((rc = check_hash(&rp, force)) != 0)
        return rc;
    ts_succs_init(&rp.succs);
    ts_succs_init(&rp.fired);
    rc = replay_steps(&rp);
    if (rc == 0) {
        kind = observed_error(&rp, empty);
        if (kind >= 0) {
            print_error(&rp, kind, tr->nsteps);
            rc = kind == tr->kind ? TRAIL_REPRODUCED : TRAIL_NO_ERROR;
        } else {
            fprintf(rp.err, "spore: trail ends after %zu steps without the "
                    "recorded error (%s)\n", tr->nsteps,
                    search_err_text(tr->kind));
            rc = TRAIL_NO_ERROR;
        }
        if (!quiet && rp.cur_len > 0) {
            fprintf(out, "final state:\n");
            print_state(&rp, NULL, 0);
        }
    }
    ts_succs_fini(&rp.succs);
    ts_succs_fini(&rp.fired);
    free(rp.cur);
    free(rp.prev);
    return rc;
}
