/*
 * engine/out/trail.c -- trails: the text format, reading it back, and replay.
 *
 * Replay is the one routine that prints a counterexample: after a search
 * (spore.c builds a trail from the search error and replays it) and for
 * `spore replay`; it drives a trail_player, which `spore simulate`
 * (engine/out/sim.c) drives too, so both print steps the same way (flat,
 * lanes or message sequence chart).  Each step is checked against the successor list of
 * the current state (ts_successors, the same function the search uses, so
 * Promela's global rules -- atomic, else, timeout, rendezvous -- apply
 * exactly as during the search), then executed again with ts_fire_pair
 * so that the model's printf output appears in order.
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
    free(tr->detail);
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

/* ------------------------------------------------------------ player */

/*
 * A player holds the current state of a run and prints each step it
 * executes in one of the styles of trail.h.  Replay and simulation
 * (engine/out/sim.c) both drive one, so a simulated run and the replay of
 * its trail print the same lines.
 *
 * Lanes and charts lay a row out in a character buffer: a 6-column step
 * number, then one LANE_W-wide lane per process, each starting with its
 * lifeline '|'; trailing blanks are cut before printing.
 */

#define LANE_W      22      /* width of one lane (process column) */
#define LANE_MAX    32      /* lanes drawn; higher pids share the last */
#define LANE_X0     6       /* the first lane starts here */

typedef struct sent_msg {       /* a message in a buffered channel */
    uint32_t chan;
    uint32_t pid;               /* its sender */
    size_t   step;              /* the step that sent it */
} sent_msg;

struct trail_player {
    ts               *t;
    const bc_program *prog;
    FILE             *out;
    int               style;
    ts_succs          succs;        /* successors of cur, when have_succs */
    int               have_succs;
    ts_succs          fired;
    uint8_t          *cur, *prev;
    size_t            cur_len, prev_len, cur_cap, prev_cap;
    uint32_t          last_finding, last_floc, last_trans;
    uint32_t          ncols;        /* lanes of the last header, 0: none */
    uint32_t          maxprocs;     /* most processes seen at once */
    uint32_t          lane_pt[LANE_MAX];  /* proctype first seen with
                                       each pid, TS_NONE: not yet */
    sent_msg         *sent;         /* charts: messages in flight, in
                                       the order they were sent */
    size_t            nsent, sent_cap;
    char             *row;          /* the row being laid out */
    size_t            row_len, row_cap;
};

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
static uint32_t instance_of(const trail_player *pl, uint32_t pid,
                            uint32_t pt)
{
    uint32_t k = 1;

    for (uint32_t q = 0; q < pid; q++) {
        uint32_t qt;
        uint32_t pc;

        if (ts_proc_info(pl->t, pl->cur, pl->cur_len, q, &qt, &pc) == 0
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

/* Everything a function printed on a stream, as one string (caller
 * frees); the stream is a memory stream given to fn. */
typedef void (*print_fn)(const trail_player *pl, const void *arg,
                         FILE *out);

static char *capture(const trail_player *pl, print_fn fn, const void *arg)
{
    char  *buf = NULL;
    size_t size = 0;
    FILE  *mem = open_memstream(&buf, &size);

    if (mem == NULL)
        return xstrdup("");
    fn(pl, arg, mem);
    fclose(mem);
    return buf != NULL ? buf : xstrdup("");
}

static void put_move(const trail_player *pl, uint32_t pid, uint32_t trans,
                     FILE *out)
{
    const bc_program *p = pl->prog;
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
    fprintf(out, "proc %" PRIu32 " (%s:%" PRIu32 ") %s:%" PRIu32 "  ",
            pid, pname, instance_of(pl, pid, tr->proc), file, line);
    put_text(str_at(p, tr->text), out);
}

static void print_move(const trail_player *pl, size_t no, uint32_t pid,
                       uint32_t trans)
{
    if (no > 0)
        fprintf(pl->out, "%4zu: ", no);
    else
        fprintf(pl->out, "      ");
    put_move(pl, pid, trans, pl->out);
    fputc('\n', pl->out);
}

void trail_player_print_succ(const trail_player *pl, const ts_succ *c,
                             FILE *out)
{
    put_move(pl, c->pid, c->trans, out);
    if (c->pid2 != TS_NONE && c->trans2 < pl->prog->ntrans) {
        fputs("  with  ", out);
        put_move(pl, c->pid2, c->trans2, out);
    }
    fputc('\n', out);
}

/* What changed from prev to cur (prev NULL: the whole state). */
static void state_fn(const trail_player *pl, const void *arg, FILE *out)
{
    (void)arg;
    ts_print_state(pl->t, pl->cur, pl->cur_len, pl->prev,
                   pl->prev != NULL ? pl->prev_len : 0, out);
}

/* The lines of text, each indented under its step. */
static void put_indented(FILE *out, const char *text)
{
    for (const char *line = text; *line != '\0';) {
        const char *nl = strchr(line, '\n');
        int         n = nl != NULL ? (int)(nl - line) : (int)strlen(line);

        fprintf(out, "        %.*s\n", n, line);
        line = nl != NULL ? nl + 1 : line + n;
    }
}

static void print_changes(trail_player *pl, int whole)
{
    uint8_t *prev = pl->prev;
    char    *text;

    if (whole)
        pl->prev = NULL;
    text = capture(pl, state_fn, NULL);
    pl->prev = prev;
    put_indented(pl->out, text);
    free(text);
}

/* ------------------------------------------------------------ lanes */

static uint32_t lane_of(uint32_t pid)
{
    return pid < LANE_MAX ? pid : LANE_MAX - 1;
}

static size_t lane_x(uint32_t lane)
{
    return LANE_X0 + (size_t)lane * LANE_W;
}

/* Start a row: step number (0: none) and the lifelines. */
static void row_start(trail_player *pl, size_t no)
{
    size_t w = lane_x(pl->ncols) + 1;

    if (pl->row_cap < w + 1) {
        pl->row_cap = w + 64;
        pl->row = xrealloc(pl->row, pl->row_cap);
    }
    memset(pl->row, ' ', w);
    pl->row[w] = '\0';
    pl->row_len = w;
    if (no > 0) {
        char num[32];
        int  n = snprintf(num, sizeof num, "%5zu", no);

        memcpy(pl->row, num, (size_t)n < LANE_X0 ? (size_t)n : LANE_X0);
    }
    for (uint32_t c = 0; c < pl->ncols; c++)
        pl->row[lane_x(c)] = '|';
}

/* Write text at column x, at most max characters (a cut is marked
 * with '~'). */
static void row_put(trail_player *pl, size_t x, const char *text,
                    size_t max)
{
    size_t n = strlen(text);

    if (n > max) {
        memcpy(pl->row + x, text, max - 1);
        pl->row[x + max - 1] = '~';
        return;
    }
    memcpy(pl->row + x, text, n);
}

/* Text in the lane of pid, after its lifeline. */
static void row_lane(trail_player *pl, uint32_t pid, const char *text)
{
    row_put(pl, lane_x(lane_of(pid)) + 2, text, LANE_W - 3);
}

/* Print the row, then tail (may be NULL), without trailing blanks. */
static void row_end(trail_player *pl, const char *tail)
{
    size_t n = pl->row_len;

    while (n > 0 && pl->row[n - 1] == ' ')
        n--;
    fprintf(pl->out, "%.*s", (int)n, pl->row);
    if (tail != NULL && *tail != '\0')
        fprintf(pl->out, "%*s%s", n < lane_x(pl->ncols) + 1
                ? (int)(lane_x(pl->ncols) + 1 - n) : 1, "", tail);
    fputc('\n', pl->out);
}

/* The header: "step" and proctype(pid) of every lane; printed again
 * when a process appears that has no lane yet. */
static void lanes_header(trail_player *pl, uint32_t want)
{
    uint32_t n = want < LANE_MAX ? want : LANE_MAX;

    if (n <= pl->ncols)
        return;
    pl->ncols = n;
    row_start(pl, 0);
    memcpy(pl->row + 1, "step", 4);
    for (uint32_t pid = 0; pid < n; pid++) {
        uint32_t pt = pl->lane_pt[pid];
        char     name[64];

        if (pt >= pl->prog->nprocs)
            snprintf(name, sizeof name, "(%" PRIu32 ")", pid);
        else
            snprintf(name, sizeof name, "%s(%" PRIu32 ")",
                     pl->prog->procs[pt].name, pid);
        row_lane(pl, pid, pid + 1 == LANE_MAX && n == LANE_MAX
                 ? "(higher pids)" : name);
    }
    row_end(pl, NULL);
}

/* Statement text of trans, escaped, into a new string. */
static void text_fn(const trail_player *pl, const void *arg, FILE *out)
{
    put_text(str_at(pl->prog, pl->prog->trans[*(const uint32_t *)arg].text),
             out);
}

static void put_lane_text(trail_player *pl, uint32_t pid, uint32_t trans)
{
    char *text;

    if (pid == TS_NONE || trans >= pl->prog->ntrans)
        return;
    text = capture(pl, text_fn, &trans);
    row_lane(pl, pid, text);
    free(text);
}

/* Model output of a step, each line in the lane of its process. */
static void lanes_output(trail_player *pl, uint32_t pid, const char *text)
{
    for (const char *line = text; *line != '\0';) {
        const char *nl = strchr(line, '\n');
        size_t      n = nl != NULL ? (size_t)(nl - line) : strlen(line);
        char        buf[LANE_W * 4];

        snprintf(buf, sizeof buf, "> %.*s",
                 (int)(n < sizeof buf - 3 ? n : sizeof buf - 3), line);
        row_start(pl, 0);
        row_lane(pl, pid, buf);
        row_end(pl, NULL);
        line = nl != NULL ? nl + 1 : line + n;
    }
}

/* Changed variables joined on one line: "x: 0 -> 1, P(0):i: 1 -> 2". */
static char *changes_line(trail_player *pl)
{
    char  *text = capture(pl, state_fn, NULL);
    char  *line = xmalloc(2 * strlen(text) + 1);
    char  *q = line;

    for (const char *p = text; *p; p++) {
        if (*p != '\n') {
            *q++ = *p;
        } else if (p[1] != '\0') {
            *q++ = ',';
            *q++ = ' ';
        }
    }
    *q = '\0';
    free(text);
    return line;
}

static void lanes_step(trail_player *pl, size_t no, const search_step *s,
                       const char *output)
{
    char *tail = changes_line(pl);

    row_start(pl, no);
    put_lane_text(pl, s->pid, s->trans);
    put_lane_text(pl, s->pid2, s->trans2);
    row_end(pl, tail);
    free(tail);
    lanes_output(pl, s->pid, output);
}

/* ----------------------------------------------------- message charts */

/* The channel's name as the statement writes it ("toR" of "toR!x,y"),
 * or "q[ID]" when the text does not start with a plain name. */
static void chan_name(const trail_player *pl, uint32_t trans, uint32_t chan,
                      char *buf, size_t size)
{
    const char *text = trans < pl->prog->ntrans
                       ? str_at(pl->prog, pl->prog->trans[trans].text) : "";
    size_t      n = strcspn(text, "!?");

    for (size_t i = 0; i < n; i++)
        if (!(text[i] == '_' || text[i] == '[' || text[i] == ']'
              || text[i] == '.' || (text[i] >= '0' && text[i] <= '9')
              || ((text[i] | 0x20) >= 'a' && (text[i] | 0x20) <= 'z')))
            n = 0;
    if (n == 0 || text[n] == '\0' || n >= size)
        snprintf(buf, size, "q[%" PRIu32 "]", chan);
    else
        snprintf(buf, size, "%.*s", (int)n, text);
}

typedef struct msg_ref {
    const uint8_t *vec;
    size_t         len;
    uint32_t       chan, k;
} msg_ref;

static void msg_fn(const trail_player *pl, const void *arg, FILE *out)
{
    const msg_ref *m = arg;

    ts_print_msg(pl->t, m->vec, m->len, m->chan, m->k, out);
}

static char *msg_str(const trail_player *pl, const uint8_t *vec, size_t len,
                     uint32_t chan, uint32_t k)
{
    msg_ref m = { vec, len, chan, k };

    return capture(pl, msg_fn, &m);
}

/* An arrow from the lane of pid a to the lane of pid b, label in it. */
static void row_arrow(trail_player *pl, uint32_t a, uint32_t b,
                      const char *label)
{
    uint32_t la = lane_of(a);
    uint32_t lb = lane_of(b);
    size_t   from = lane_x(la < lb ? la : lb) + 1;
    size_t   to = lane_x(la < lb ? lb : la);     /* exclusive */
    size_t   n = strlen(label);
    size_t   room = to - from;

    if (la == lb) {
        row_lane(pl, a, label);
        return;
    }
    memset(pl->row + from, '-', room);
    if (la < lb)
        pl->row[to - 1] = '>';
    else
        pl->row[from] = '<';
    if (room >= 8) {
        size_t max = room - 6;
        size_t w = n < max ? n : max;
        size_t x = from + (room - w - 2) / 2;

        pl->row[x] = ' ';
        row_put(pl, x + 1, label, max);
        pl->row[x + 1 + w] = ' ';
    }
}

/* Remove the i-th message in flight on chan; returns it (pid TS_NONE
 * when none is known). */
static sent_msg take_sent(trail_player *pl, uint32_t chan, uint32_t i)
{
    sent_msg none = { chan, TS_NONE, 0 };

    for (size_t k = 0; k < pl->nsent; k++) {
        if (pl->sent[k].chan != chan || i-- > 0)
            continue;
        none = pl->sent[k];
        memmove(pl->sent + k, pl->sent + k + 1,
                (pl->nsent - k - 1) * sizeof *pl->sent);
        pl->nsent--;
        break;
    }
    return none;
}

/* Which message a receive took: the first whose text changed, else the
 * last (FIFO receives take the first; random receives any). */
static uint32_t removed_index(const trail_player *pl, uint32_t chan,
                              int after)
{
    uint32_t i = 0;

    for (; i < (uint32_t)after; i++) {
        char *a = msg_str(pl, pl->prev, pl->prev_len, chan, i);
        char *b = msg_str(pl, pl->cur, pl->cur_len, chan, i);
        int   same = strcmp(a, b) == 0;

        free(a);
        free(b);
        if (!same)
            break;
    }
    return i;
}

static void msc_send(trail_player *pl, size_t no, const search_step *s,
                     uint32_t chan, uint32_t k, int after)
{
    char  name[64];
    char  label[LANE_W * 4];
    char  tail[96];
    char *val = msg_str(pl, pl->cur, pl->cur_len, chan, k);

    chan_name(pl, s->trans, chan, name, sizeof name);
    snprintf(label, sizeof label, "%s!%s =>", name, val);
    snprintf(tail, sizeof tail, "(queued in %s: %d)", name, after);
    free(val);
    xgrow((void **)&pl->sent, &pl->sent_cap, pl->nsent + 1,
          sizeof *pl->sent);
    pl->sent[pl->nsent].chan = chan;
    pl->sent[pl->nsent].pid = s->pid;
    pl->sent[pl->nsent].step = no;
    pl->nsent++;
    row_start(pl, no);
    row_lane(pl, s->pid, label);
    row_end(pl, tail);
}

static void msc_recv(trail_player *pl, size_t no, const search_step *s,
                     uint32_t chan, int after)
{
    uint32_t i = removed_index(pl, chan, after);
    char    *val = msg_str(pl, pl->prev, pl->prev_len, chan, i);
    sent_msg m = take_sent(pl, chan, i);
    char     name[64];
    char     label[LANE_W * 4];
    char     tail[64];

    chan_name(pl, s->trans, chan, name, sizeof name);
    row_start(pl, no);
    if (m.pid == TS_NONE) {
        snprintf(label, sizeof label, "=> %s?%s", name, val);
        row_lane(pl, s->pid, label);
        row_end(pl, NULL);
    } else {
        snprintf(label, sizeof label, "%s!%s", name, val);
        row_arrow(pl, m.pid, s->pid, label);
        snprintf(tail, sizeof tail, "(sent at step %zu)", m.step);
        row_end(pl, tail);
    }
    free(val);
}

/* Sends and receives of a step: a rendezvous is one arrow; on a
 * buffered channel the send is drawn where it happens (NAME!V =>) and
 * the receive as an arrow from the sender's lane. */
static void msc_step(trail_player *pl, size_t no, const search_step *s,
                     const char *output)
{
    uint32_t nc = ts_nchans(pl->cur);

    if (s->pid2 != TS_NONE && s->trans2 < pl->prog->ntrans) {
        char *text = capture(pl, text_fn, &s->trans);

        row_start(pl, no);
        row_arrow(pl, s->pid, s->pid2, text);
        row_end(pl, "(rendezvous)");
        free(text);
    }
    for (uint32_t chan = 1; chan <= nc; chan++) {
        int before = ts_chan_len(pl->t, pl->prev, pl->prev_len, chan, NULL);
        int after = ts_chan_len(pl->t, pl->cur, pl->cur_len, chan, NULL);

        if (before < 0)
            before = 0;
        for (int k = before; k < after; k++)
            msc_send(pl, no, s, chan, (uint32_t)k, k + 1);
        for (int k = after; k < before; k++)
            msc_recv(pl, no, s, chan, after);
    }
    lanes_output(pl, s->pid, output);
}

/* ------------------------------------------------------------ firing */

/* cur changed: its successors are not known; note its processes. */
static void note_procs(trail_player *pl)
{
    uint32_t np = ts_nprocs(pl->cur);

    pl->have_succs = 0;
    if (np > pl->maxprocs)
        pl->maxprocs = np;
    for (uint32_t pid = 0; pid < np && pid < LANE_MAX; pid++) {
        uint32_t pc;

        if (pl->lane_pt[pid] == TS_NONE
            && ts_proc_info(pl->t, pl->cur, pl->cur_len, pid,
                            &pl->lane_pt[pid], &pc) != 0)
            pl->lane_pt[pid] = TS_NONE;
    }
}

trail_player *trail_player_new(ts *t, FILE *out, int style, uint32_t ncols)
{
    trail_player *pl = xcalloc(1, sizeof *pl);

    pl->t = t;
    pl->prog = ts_program(t);
    pl->out = out;
    pl->style = out != NULL ? style : TRAIL_QUIET;
    pl->maxprocs = ncols;
    for (uint32_t i = 0; i < LANE_MAX; i++)
        pl->lane_pt[i] = TS_NONE;
    ts_succs_init(&pl->succs);
    ts_succs_init(&pl->fired);
    return pl;
}

void trail_player_free(trail_player *pl)
{
    if (pl == NULL)
        return;
    ts_succs_fini(&pl->succs);
    ts_succs_fini(&pl->fired);
    free(pl->cur);
    free(pl->prev);
    free(pl->sent);
    free(pl->row);
    free(pl);
}

int trail_player_start(trail_player *pl, ts_finding *finding,
                       uint32_t *floc)
{
    size_t         len;
    const uint8_t *init;

    *finding = TS_OK;
    *floc = TS_NONE;
    init = ts_initial(pl->t, &len, finding, floc);
    pl->last_finding = *finding;
    pl->last_floc = *floc;
    pl->last_trans = TS_NONE;
    if (init == NULL)
        return -1;
    set_vec(&pl->cur, &pl->cur_len, &pl->cur_cap, init, len);
    note_procs(pl);
    if (pl->style == TRAIL_LANES || pl->style == TRAIL_MSC)
        lanes_header(pl, pl->maxprocs);
    return 0;
}

const ts_succs *trail_player_succs(trail_player *pl)
{
    if (!pl->have_succs) {
        ts_successors(pl->t, pl->cur, pl->cur_len, &pl->succs);
        pl->have_succs = 1;
    }
    return &pl->succs;
}

const uint8_t *trail_player_state(const trail_player *pl, size_t *len)
{
    *len = pl->cur_len;
    return pl->cur;
}

uint32_t trail_player_finding(const trail_player *pl, uint32_t *floc,
                              uint32_t *trans)
{
    if (floc != NULL)
        *floc = pl->last_floc;
    if (trans != NULL)
        *trans = pl->last_trans;
    return pl->last_finding;
}

uint32_t trail_player_maxprocs(const trail_player *pl)
{
    return pl->maxprocs;
}

/* Execute step s (successor idx of the current state) with the model's
 * output going to mout; the result (from ts_fire_pair when it agrees,
 * else from the successor list) becomes cur.  0, or -1 when the step
 * leaves no state. */
static int execute(trail_player *pl, const search_step *s, long idx,
                   FILE *mout)
{
    const ts_succ  *c = &trail_player_succs(pl)->v[idx];
    const ts_succs *from = &pl->succs;

    ts_set_output(pl->t, mout);
    if (ts_fire_pair(pl->t, pl->cur, pl->cur_len, s->pid, s->trans,
                     s->pid2, s->trans2, &pl->fired) == 0
        && pl->fired.n > 0) {
        from = &pl->fired;
        c = &pl->fired.v[0];
    }
    ts_set_output(pl->t, NULL);
    pl->last_finding = c->finding;
    pl->last_floc = c->floc;
    pl->last_trans = s->trans;
    set_vec(&pl->prev, &pl->prev_len, &pl->prev_cap, pl->cur, pl->cur_len);
    if (c->dst_len == 0)
        return -1;
    set_vec(&pl->cur, &pl->cur_len, &pl->cur_cap, from->vecs + c->dst_off,
            c->dst_len);
    note_procs(pl);
    return 0;
}

typedef struct exec_arg {
    const search_step *s;
    long               idx;
    int                rc;
} exec_arg;

static void exec_fn(const trail_player *pl, const void *arg, FILE *out)
{
    exec_arg *a = (exec_arg *)arg;

    a->rc = execute((trail_player *)pl, a->s, a->idx, out);
}

int trail_player_fire(trail_player *pl, size_t no, const search_step *s,
                      long idx)
{
    exec_arg a = { s, idx, 0 };
    char    *output;
    uint32_t top = s->pid2 != TS_NONE && s->pid2 > s->pid ? s->pid2
                                                          : s->pid;

    switch (pl->style) {
    case TRAIL_FLAT:
        print_move(pl, no, s->pid, s->trans);
        if (s->pid2 != TS_NONE && s->trans2 < pl->prog->ntrans)
            print_move(pl, 0, s->pid2, s->trans2);
        if (execute(pl, s, idx, pl->out) != 0)
            return -1;
        print_changes(pl, 0);
        return 0;
    case TRAIL_LANES:
    case TRAIL_MSC:
        output = capture(pl, exec_fn, &a);
        if (a.rc == 0)
            lanes_header(pl, ts_nprocs(pl->cur) > top ? ts_nprocs(pl->cur)
                                                      : top + 1);
        if (pl->style == TRAIL_LANES)
            lanes_step(pl, no, s, output);   /* no state: cur == prev */
        else if (a.rc == 0)
            msc_step(pl, no, s, output);
        free(output);
        return a.rc;
    default:
        return execute(pl, s, idx, NULL);
    }
}

void trail_player_error(trail_player *pl, int kind, uint32_t loc,
                        const char *where_text, size_t nsteps)
{
    char        where[256];
    char        text[512];
    const char *atext = NULL;

    if (kind == SEARCH_E_ASSERT)
        atext = trail_assert_text(pl->prog, pl->last_trans, loc, text,
                                  sizeof text);
    if (kind == SEARCH_E_OUTCOME) {         /* where_text: the outcome */
        fprintf(pl->out != NULL ? pl->out : stdout,
                "spore: %s (%s) (after %zu steps)\n", search_err_text(kind),
                where_text != NULL ? where_text : "?", nsteps);
        return;
    }
    bc_loc_str(pl->prog, loc, where, sizeof where);
    if (loc == TS_NONE && where_text != NULL)
        snprintf(where, sizeof where, "%s", where_text);
    fprintf(pl->out != NULL ? pl->out : stdout,
            "spore: %s%s%s at %s (after %zu steps)\n",
            search_err_text(kind), atext != NULL ? " " : "",
            atext != NULL ? atext : "", where, nsteps);
}

void trail_player_final(trail_player *pl)
{
    if (pl->style == TRAIL_QUIET || pl->cur_len == 0)
        return;
    fprintf(pl->out, "final state:\n");
    print_changes(pl, 1);
}

/* ------------------------------------------------------------ replay */

/* Index in succs of step s, or -1. */
static long find_succ(const ts_succs *succs, const search_step *s)
{
    for (size_t i = 0; i < succs->n; i++) {
        const ts_succ *c = &succs->v[i];

        if (c->pid == s->pid && c->trans == s->trans && c->pid2 == s->pid2
            && c->trans2 == s->trans2)
            return (long)i;
    }
    return -1;
}

static void explain_not_enabled(const bc_program *prog,
                                const ts_succs *succs, size_t no,
                                const search_step *s)
{
    FILE *out = stderr;

    fprintf(out, "spore: trail step %zu: process %" PRIu32
            " transition %" PRIu32, no, s->pid, s->trans);
    if (s->pid2 != TS_NONE)
        fprintf(out, " with process %" PRIu32 " transition %" PRIu32,
                s->pid2, s->trans2);
    if (s->trans >= prog->ntrans) {
        fprintf(out, " does not exist in this model\n");
        return;
    }
    fprintf(out, " (%s) is not enabled here; enabled:%s\n",
            str_at(prog, prog->trans[s->trans].text),
            succs->n ? "" : " nothing");
    for (size_t i = 0; i < succs->n; i++) {
        const ts_succ *c = &succs->v[i];

        fprintf(out, "    process %" PRIu32 " transition %" PRIu32 "  %s\n",
                c->pid, c->trans,
                c->trans < prog->ntrans
                ? str_at(prog, prog->trans[c->trans].text) : "?");
    }
}

/* Run every step of tr on pl; 0, or a trail_status. */
static int replay_steps(trail_player *pl, const trail *tr)
{
    ts_finding fnd;
    uint32_t   floc;

    if (trail_player_start(pl, &fnd, &floc) != 0)
        return fnd != TS_OK && tr->nsteps == 0 ? 0 : TRAIL_FAILED;
    for (size_t no = 1; no <= tr->nsteps; no++) {
        const search_step *s = &tr->steps[no - 1];
        const ts_succs    *succs = trail_player_succs(pl);
        long               idx = find_succ(succs, s);

        if (idx < 0) {
            explain_not_enabled(pl->prog, succs, no, s);
            return TRAIL_NOT_ENABLED;
        }
        if (trail_player_fire(pl, no, s, idx) != 0 && no < tr->nsteps) {
            fprintf(stderr, "spore: trail step %zu leaves no state, but "
                    "the trail goes on\n", no);
            return TRAIL_NOT_ENABLED;
        }
    }
    return 0;
}

static int check_hash(const bc_program *prog, const trail *tr, int force)
{
    if (tr->hash == prog->model_hash)
        return 0;
    fprintf(stderr, "spore: %s: the trail was made from a different model "
            "(hash %016" PRIx64 ", this model %016" PRIx64 ")%s\n",
            tr->model != NULL ? tr->model : "?", tr->hash,
            prog->model_hash, force ? "; replaying anyway (--force)" : "");
    return force ? 0 : TRAIL_MISMATCH;
}

/* The error that the replay ended in, if any, as a search_err_kind. */
static int observed_error(trail_player *pl, const trail *tr,
                          int require_empty)
{
    /* an outcome not admitted (--expect): the trail must end in a valid
     * end state; whether its outcome is admitted depends on the expect
     * file, which replay does not read */
    if (tr->kind == SEARCH_E_OUTCOME) {
        if (trail_player_succs(pl)->n == 0
            && ts_valid_end(pl->t, pl->cur, pl->cur_len, require_empty))
            return SEARCH_E_OUTCOME;
        return -1;
    }
    if (tr->kind == SEARCH_E_INVALID_END) {
        if (trail_player_succs(pl)->n == 0
            && !ts_valid_end(pl->t, pl->cur, pl->cur_len, require_empty))
            return SEARCH_E_INVALID_END;
        return -1;
    }
    return search_err_from_finding(pl->last_finding);
}

/* The lanes of a replay, known before it starts: a silent run of tr
 * counts the processes and names them into pl. */
static void count_lanes(trail_player *pl, const trail *tr)
{
    trail_player *dry = trail_player_new(pl->t, NULL, TRAIL_QUIET, 0);

    replay_steps(dry, tr);
    pl->maxprocs = dry->maxprocs;
    memcpy(pl->lane_pt, dry->lane_pt, sizeof pl->lane_pt);
    trail_player_free(dry);
}

int trail_replay_style(ts *t, const bc_program *prog, const trail *tr,
                       int force, int style, FILE *out)
{
    trail_player *pl;
    int           rc;
    int           kind;
    int           empty = tr->options != NULL
                          && strstr(tr->options, "empty-chans=on") != NULL;

    if ((rc = check_hash(prog, tr, force)) != 0)
        return rc;
    pl = trail_player_new(t, out, style, 0);
    if (style == TRAIL_LANES || style == TRAIL_MSC)
        count_lanes(pl, tr);
    rc = replay_steps(pl, tr);
    if (rc == 0) {
        kind = observed_error(pl, tr, empty);
        if (kind >= 0) {
            trail_player_error(pl, kind, kind == SEARCH_E_INVALID_END
                               ? tr->loc : pl->last_floc,
                               kind == SEARCH_E_OUTCOME ? tr->detail
                               : tr->where, tr->nsteps);
            rc = kind == tr->kind ? TRAIL_REPRODUCED : TRAIL_NO_ERROR;
        } else if (tr->kind < 0) {
            fprintf(out, "spore: trail ends after %zu steps (it records "
                    "no error)\n", tr->nsteps);
            rc = TRAIL_COMPLETED;
        } else {
            fprintf(stderr, "spore: trail ends after %zu steps without the "
                    "recorded error (%s)\n", tr->nsteps,
                    search_err_text(tr->kind));
            rc = TRAIL_NO_ERROR;
        }
        trail_player_final(pl);
    }
    trail_player_free(pl);
    return rc;
}

int trail_replay(ts *t, const bc_program *prog, const trail *tr,
                 int force, int quiet, FILE *out)
{
    return trail_replay_style(t, prog, tr, force,
                              quiet ? TRAIL_QUIET : TRAIL_FLAT, out);
}
