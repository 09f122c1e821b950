/*
 * engine/out/sim.c -- random and interactive simulation (see sim.h).
 *
 * The loop asks the trail_player for the successors of the current
 * state, picks one, and lets the player execute and print it; the
 * checks after each step are the search's (dfs.c): a finding of the
 * step is an error, a state without successors is a valid or an
 * invalid end state.  The random generator is xorshift64* seeded
 * through splitmix64, so seeds 0, 1, 2, ... give unrelated runs and a
 * run depends on nothing but the seed and the model.
 */
#include "config.h"

#include "engine/out/sim.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "engine/out/trail.h"
#include "util/xalloc.h"

typedef struct sim {
    ts                *t;
    const sim_options *o;
    sim_result        *r;
    trail_player      *pl;
    uint64_t           rng;
    size_t             steps_cap;
} sim;

static uint64_t splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static uint64_t rng_next(sim *s)
{
    uint64_t x = s->rng;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    s->rng = x;
    return x * 0x2545f4914f6cdd1dull;
}

static int stopped(const sim *s)
{
    return s->o->stop != NULL && *s->o->stop != 0;
}

/* The menu of the executable steps, numbered from 1. */
static void print_menu(const sim *s, const ts_succs *succs, size_t no)
{
    FILE *out = s->o->out;

    fprintf(out, "choices for step %zu:\n", no);
    for (size_t i = 0; i < succs->n; i++) {
        fprintf(out, "  %3zu  ", i + 1);
        trail_player_print_succ(s->pl, &succs->v[i], out);
    }
}

/* Read a choice: its index, or -1 when the user quits or the input
 * ends.  A line that is not a number in range asks again. */
static long ask(sim *s, const ts_succs *succs, size_t no)
{
    FILE *out = s->o->out;
    char  line[128];

    print_menu(s, succs, no);
    for (;;) {
        char         *end;
        unsigned long v;
        char         *p = line;

        fprintf(out, "select [1-%zu, q to quit]: ", succs->n);
        fflush(out);
        if (fgets(line, sizeof line, s->o->in) == NULL) {
            if (!stopped(s))
                fprintf(out, "\nspore: end of input\n");
            return -1;
        }
        if (s->o->echo)
            fprintf(out, "%.*s\n", (int)strcspn(line, "\r\n"), line);
        while (isspace((unsigned char)*p))
            p++;
        if (*p == 'q' || *p == 'Q')
            return -1;
        v = strtoul(p, &end, 10);
        while (isspace((unsigned char)*end))
            end++;
        if (end != p && *end == '\0' && v >= 1 && v <= succs->n)
            return (long)v - 1;
        if (*p != '\0')
            fprintf(out, "spore: '%.*s' is not a choice; type a number "
                    "from 1 to %zu, or q\n", (int)strcspn(p, "\r\n"), p,
                    succs->n);
    }
}

/* The successor to take next, or -1 to quit.  Interactively, a single
 * choice is taken without asking (atomic sequences would otherwise ask
 * for every statement). */
static long choose(sim *s, const ts_succs *succs, size_t no)
{
    if (!s->o->interactive)
        return (long)(rng_next(s) % succs->n);
    if (succs->n == 1)
        return 0;
    return ask(s, succs, no);
}

static void end_error(sim *s, int kind, uint32_t loc, size_t nsteps)
{
    s->r->end = kind == SEARCH_E_INVALID_END ? SIM_INVALID_END : SIM_ERROR;
    s->r->kind = kind;
    s->r->loc = loc;
    trail_player_error(s->pl, kind, loc, NULL, nsteps);
}

/* No successor after nsteps steps: a valid or an invalid end state. */
static void dead_end(sim *s, size_t nsteps)
{
    size_t         len;
    const uint8_t *vec = trail_player_state(s->pl, &len);

    if (ts_valid_end(s->t, vec, len, s->o->require_empty)) {
        s->r->end = SIM_VALID_END;
        fprintf(s->o->out, "spore: no process can move: valid end state "
                "(after %zu steps)\n", nsteps);
        return;
    }
    end_error(s, SEARCH_E_INVALID_END, search_blocked_loc(s->t, vec, len),
              nsteps);
}

static void add_step(sim *s, const ts_succ *c)
{
    search_step *st;

    xgrow((void **)&s->r->steps, &s->steps_cap, s->r->nsteps + 1,
          sizeof *s->r->steps);
    st = &s->r->steps[s->r->nsteps++];
    st->pid = c->pid;
    st->trans = c->trans;
    st->pid2 = c->pid2;
    st->trans2 = c->trans2;
}

/* Stopped from outside (a signal) after nsteps steps; returns 1. */
static int interrupted_end(sim *s, size_t nsteps)
{
    s->r->end = SIM_INTERRUPTED;
    fprintf(s->o->out, "\nspore: simulation interrupted after %zu steps\n",
            nsteps);
    return 1;
}

/* With a never claim, a system that has no move lets the claim move
 * alone (pan's stutter, engine/model/ts.c): the steps of the claim
 * only, without a finding.  The simulated system has ended there. */
static int only_stutter(const ts_succs *succs)
{
    for (size_t i = 0; i < succs->n; i++)
        if (succs->v[i].pid != TS_NONE || succs->v[i].finding != TS_OK)
            return 0;
    return 1;
}

/* One step; returns 1 when the run is over. */
static int step(sim *s, size_t no)
{
    const ts_succs *succs = trail_player_succs(s->pl);
    long            idx;
    uint32_t        fnd;
    uint32_t        floc;
    int             rc;

    if (stopped(s)) {
        return interrupted_end(s, no - 1);
    }
    if (succs->n == 0 || only_stutter(succs)) {
        dead_end(s, no - 1);
        return 1;
    }
    if (s->o->max_steps > 0 && no > s->o->max_steps) {
        s->r->end = SIM_LIMIT;
        fprintf(s->o->out, "spore: stopped after %zu steps (step limit)\n",
                no - 1);
        return 1;
    }
    idx = choose(s, succs, no);
    if (idx < 0 && stopped(s)) {
        return interrupted_end(s, no - 1);
    }
    if (idx < 0) {
        s->r->end = SIM_QUIT;
        fprintf(s->o->out, "spore: simulation stopped after %zu steps\n",
                no - 1);
        return 1;
    }
    add_step(s, &succs->v[idx]);
    rc = trail_player_fire(s->pl, no, &s->r->steps[no - 1], idx);
    fnd = trail_player_finding(s->pl, &floc, NULL);
    if (fnd != TS_OK) {
        int kind = search_err_from_finding(fnd);

        end_error(s, kind >= 0 ? kind : SEARCH_E_OVERFLOW, floc, no);
        return 1;
    }
    return rc != 0;
}

int sim_run(ts *t, const sim_options *o, sim_result *r)
{
    sim        s;
    ts_finding fnd;
    uint32_t   floc;

    memset(r, 0, sizeof *r);
    r->kind = -1;
    r->loc = TS_NONE;
    memset(&s, 0, sizeof s);
    s.t = t;
    s.o = o;
    s.r = r;
    s.rng = splitmix64(o->seed);
    if (s.rng == 0)
        s.rng = 1;
    s.pl = trail_player_new(t, o->out, o->style, 0);
    if (trail_player_start(s.pl, &fnd, &floc) != 0) {
        int kind = search_err_from_finding(fnd);

        end_error(&s, kind >= 0 ? kind : SEARCH_E_OVERFLOW, floc, 0);
    } else {
        for (size_t no = 1; !step(&s, no); no++)
            ;
        trail_player_final(s.pl);
    }
    trail_player_free(s.pl);
    return 0;
}

void sim_result_fini(sim_result *r)
{
    if (r == NULL)
        return;
    free(r->steps);
    r->steps = NULL;
    r->nsteps = 0;
}
