/*
 * engine/out/trail_player.c -- the player: the current state of a run,
 * executing its steps and printing them (flat here; lanes and charts in
 * trail_views.c), the error at its end and the final state.
 *
 * Replay (trail_replay.c) is the one routine that prints a
 * counterexample: after a search (spore.c builds a trail from the search
 * error and replays it) and for `spore replay`; it drives a
 * trail_player, which `spore simulate` (engine/out/sim.c) and the
 * outcome witnesses (outcome_print.c) drive too, so all print steps the
 * same way.  Each step is executed again with ts_fire_pair so that the
 * model's printf output appears in order.
 */
#include "config.h"

#include "engine/out/trail_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* ----------------------------------------------------------- helpers */

const char *trail_str_at(const bc_program *p, uint32_t id)
{
    return id < p->nstrings && p->strings[id] != NULL ? p->strings[id] : "";
}

const char *trail_trans_text(const bc_program *p, uint32_t trans)
{
    const bc_trans *t = bc_trans_at(p, trans);

    return t != NULL ? trail_str_at(p, t->text) : "";
}

/* ------------------------------------------------------------ player */

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

void trail_put_text(const char *s, FILE *out)
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

char *trail_capture(const trail_player *pl, trail_print_fn fn,
                    const void *arg)
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
    const bc_trans   *tr = bc_trans_at(p, trans);
    const char       *pname = tr->proc < p->nprocs
                              ? p->procs[tr->proc].name : "?";
    const char       *file = "?";
    uint32_t          line = 0;

    if (tr->loc < p->nlocs) {
        const bc_srcloc *l = &p->locs[tr->loc];

        file = l->file < p->nfiles ? p->files[l->file] : "?";
        line = l->line;
    }
    if (pid == TS_NONE)         /* the never claim's own step (ts.c) */
        fprintf(out, "proc - (%s) %s:%" PRIu32 "  ", pname, file, line);
    else
        fprintf(out, "proc %" PRIu32 " (%s:%" PRIu32 ") %s:%" PRIu32 "  ",
                pid, pname, instance_of(pl, pid, tr->proc), file, line);
    trail_put_text(trail_str_at(p, tr->text), out);
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

void trail_changes_fn(const trail_player *pl, const void *arg, FILE *out)
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
    text = trail_capture(pl, trail_changes_fn, NULL);
    pl->prev = prev;
    put_indented(pl->out, text);
    free(text);
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
        const char *text = trail_trans_text(prog, trans);

        if (starts_assert(text))
            return strip_assert(text, buf, size);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < prog->ntrans; i++) {
            const bc_trans *tr = bc_trans_at(prog, i);
            const char     *text = trail_str_at(prog, tr->text);

            if (!starts_assert(text))
                continue;
            if (pass == 0 ? tr->loc == loc : same_line(prog, tr->loc, loc))
                return strip_assert(text, buf, size);
        }
    }
    return NULL;
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
    pl->last_ctrans = TS_NONE;
    if (init == NULL)
        return -1;
    set_vec(&pl->cur, &pl->cur_len, &pl->cur_cap, init, len);
    note_procs(pl);
    if (pl->style == TRAIL_LANES || pl->style == TRAIL_MSC)
        trail_lanes_header(pl, pl->maxprocs);
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
        && pl->fired.n > 0 && !pl->prog->has_claim) {
        /* with a never claim, entry idx (the claim's move the replay
         * chose, trail_replay.c) and not the first that fits: the
         * system's step, and so its output, is the same */
        from = &pl->fired;
        c = &pl->fired.v[0];
    }
    ts_set_output(pl->t, NULL);
    pl->last_finding = c->finding;
    pl->last_floc = c->floc;
    pl->last_trans = s->trans;
    pl->last_ctrans = c->ctrans;
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
        if (pl->last_ctrans != TS_NONE)     /* the claim's move, as pan */
            print_move(pl, 0, TS_NONE, pl->last_ctrans);
        print_changes(pl, 0);
        return 0;
    case TRAIL_LANES:
    case TRAIL_MSC:
        output = trail_capture(pl, exec_fn, &a);
        if (a.rc == 0)
            trail_lanes_header(pl, ts_nprocs(pl->cur) > top
                                   ? ts_nprocs(pl->cur) : top + 1);
        if (pl->style == TRAIL_LANES)
            trail_lanes_step(pl, no, s, output); /* no state: cur == prev */
        else if (a.rc == 0)
            trail_msc_step(pl, no, s, output);
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
    if (loc == TS_NONE && strcmp(where, "?") == 0)
        where[0] = '\0';               /* a non-progress cycle */
    fprintf(pl->out != NULL ? pl->out : stdout,
            "spore: %s%s%s%s%s (after %zu steps)\n",
            search_err_text(kind), atext != NULL ? " " : "",
            atext != NULL ? atext : "", where[0] != '\0' ? " at " : "",
            where, nsteps);
}

void trail_player_final(trail_player *pl)
{
    if (pl->style == TRAIL_QUIET || pl->cur_len == 0)
        return;
    fprintf(pl->out, "final state:\n");
    print_changes(pl, 1);
}
