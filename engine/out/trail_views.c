/*
 * engine/out/trail_views.c -- the lanes and message-chart layouts of the
 * player's steps (TRAIL_LANES, TRAIL_MSC of trail.h): one column per
 * process, a row per step laid out in the player's row buffer
 * (trail_int.h gives the widths), and for charts the messages in flight
 * on buffered channels, so that a receive is drawn as an arrow from the
 * lane of the process that sent it.
 */
#include "config.h"

#include "engine/out/trail_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

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
void trail_lanes_header(trail_player *pl, uint32_t want)
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
    uint32_t trans = *(const uint32_t *)arg;

    trail_put_text(trail_trans_text(pl->prog, trans), out);
}

static void put_lane_text(trail_player *pl, uint32_t pid, uint32_t trans)
{
    char *text;

    if (pid == TS_NONE || trans >= pl->prog->ntrans)
        return;
    text = trail_capture(pl, text_fn, &trans);
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
    char  *text = trail_capture(pl, trail_changes_fn, NULL);
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

void trail_lanes_step(trail_player *pl, size_t no, const search_step *s,
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
                       ? trail_trans_text(pl->prog, trans)
                       : "";
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

    return trail_capture(pl, msg_fn, &m);
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
void trail_msc_step(trail_player *pl, size_t no, const search_step *s,
                    const char *output)
{
    uint32_t nc = ts_nchans(pl->cur);

    if (s->pid2 != TS_NONE && s->trans2 < pl->prog->ntrans) {
        char *text = trail_capture(pl, text_fn, &s->trans);

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
