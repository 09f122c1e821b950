/*
 * engine/out/trail_int.h -- shared by the files of the trails only:
 * trail.c (the file format: build, write, read), trail_player.c (the
 * player: the current state of a run, executing and printing steps),
 * trail_views.c (the lanes and message-chart layouts of a step) and
 * trail_replay.c (a trail run on a player).  Nothing outside
 * engine/out/trail*.c includes it (tests/check-layers.sh).
 *
 * The player's struct is here because the views lay their rows out in
 * its buffers and replay reads the processes it saw (count_lanes).
 */
#ifndef SPORE_ENGINE_OUT_TRAIL_INT_H
#define SPORE_ENGINE_OUT_TRAIL_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/out/trail.h"

/*
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
    uint32_t          last_ctrans;  /* the never claim's move paired with
                                       the last step, or TS_NONE */
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

/* ---- trail_player.c */

/* String id of prog's string table, "" when out of range or absent. */
const char *trail_str_at(const bc_program *p, uint32_t id);

/* Statement text of transition trans (bc_trans_at), "" when trans is
 * out of range or has none. */
const char *trail_trans_text(const bc_program *p, uint32_t trans);

/* Statement text on one line: control characters (a printf's "\n") are
 * shown escaped, as written in the model. */
void        trail_put_text(const char *s, FILE *out);

/* Everything fn printed on a stream, as one string (the caller frees
 * it; "" when no memory stream can be opened); the stream is a memory
 * stream given to fn. */
typedef void (*trail_print_fn)(const trail_player *pl, const void *arg,
                               FILE *out);
char       *trail_capture(const trail_player *pl, trail_print_fn fn,
                          const void *arg);

/* A trail_print_fn: the variables that changed from pl->prev to
 * pl->cur, one a line (pl->prev NULL: the whole state); arg unused. */
void        trail_changes_fn(const trail_player *pl, const void *arg,
                             FILE *out);

/* ---- trail_views.c (TRAIL_LANES and TRAIL_MSC) */

/* Print the header row ("step" and proctype(pid) of every lane) when
 * want lanes are more than the last header drew (at most LANE_MAX). */
void        trail_lanes_header(trail_player *pl, uint32_t want);

/* Step no (s), already executed (pl->prev before it, pl->cur after),
 * with the model output it printed, as a lanes row: its statement text
 * in its process's lane, the changed variables at the end, the output
 * as "> text" rows. */
void        trail_lanes_step(trail_player *pl, size_t no,
                             const search_step *s, const char *output);

/* The same step as chart rows: only its sends and receives (a
 * rendezvous one arrow), then the output. */
void        trail_msc_step(trail_player *pl, size_t no,
                           const search_step *s, const char *output);

#endif /* SPORE_ENGINE_OUT_TRAIL_INT_H */
