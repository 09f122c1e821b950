/*
 * engine/out/dot.c -- the state graph in Graphviz DOT (engine/out/dot.h).
 *
 * The recorder keeps its own store of the vectors it is shown, so that
 * states of two searches (--dot-full) can be matched by vector, and
 * arrays indexed by the search's state ids.  Everything is sized for
 * pictures (a few thousand states), not for speed.
 */
#include "config.h"

#include "engine/out/dot.h"

#include <stdlib.h>
#include <string.h>

#include "engine/model/bc.h"
#include "statestore/ss.h"
#include "util/xalloc.h"

#define NOID UINT32_MAX

typedef struct dstate {
    uint32_t ref;           /* in r->vs */
    int      seen;          /* stored by the search */
    int      closed;
    unsigned flags;         /* SEARCH_OBS_* */
    uint64_t enabled, safe, todo, done, taken;
    uint32_t ehead;         /* first edge leaving it */
} dstate;

typedef struct dedge {
    uint32_t src, dst;      /* search ids; dst NOID: an error move */
    uint32_t step0, nsteps; /* in r->steps */
    uint32_t finding;
    uint32_t next;          /* next edge of src */
} dedge;

typedef struct dpruned {
    uint32_t    src;
    search_step step;
    uint32_t    finding;
    int         covered;    /* thread counted as taken (O3) */
    uint32_t    dst;        /* search id when resolved, else NOID */
    size_t      vec_off, vec_len;
} dpruned;

struct dot_rec {
    const ts         *t;
    const bc_program *prog;
    size_t            limit;
    int               overflow;
    ss_store         *vs;
    uint32_t         *id_of;    /* r->vs ref -> search id */
    size_t            nids, ids_cap;
    dstate           *st;       /* by search id */
    size_t            nst, st_cap;
    dedge            *e;
    size_t            ne, e_cap;
    search_step      *steps;
    size_t            nsteps, steps_cap;
    dpruned          *p;
    size_t            np, p_cap;
    uint8_t          *pool;
    size_t            npool, pool_cap;
};

/* ------------------------------------------------------------ record */

dot_rec *dot_rec_new(const ts *t, size_t limit)
{
    dot_rec *r = xcalloc(1, sizeof *r);

    r->t = t;
    r->prog = ts_program(t);
    r->limit = limit;
    r->vs = ss_new(0, 0);
    return r;
}

void dot_rec_free(dot_rec *r)
{
    if (r == NULL)
        return;
    ss_free(r->vs);
    free(r->id_of);
    free(r->st);
    free(r->e);
    free(r->steps);
    free(r->p);
    free(r->pool);
    free(r);
}

int dot_rec_overflow(const dot_rec *r)
{
    return r->overflow;
}

static dstate *state_at(dot_rec *r, uint32_t id)
{
    if (id >= r->nst) {
        xgrow((void **)&r->st, &r->st_cap, (size_t)id + 1, sizeof *r->st);
        for (size_t i = r->nst; i <= id; i++) {
            memset(&r->st[i], 0, sizeof r->st[i]);
            r->st[i].ref = NOID;
            r->st[i].ehead = NOID;
        }
        r->nst = (size_t)id + 1;
    }
    return &r->st[id];
}

static void on_state(void *ctx, uint32_t id, const uint8_t *vec, size_t len,
                     size_t depth)
{
    dot_rec *r = ctx;
    ss_ref   ref;
    dstate  *s;

    (void)depth;
    if (r->overflow)
        return;
    if (id >= r->limit) {
        r->overflow = 1;
        return;
    }
    if (ss_find_or_put(r->vs, vec, len, &ref) == SS_FULL) {
        r->overflow = 1;
        return;
    }
    xgrow((void **)&r->id_of, &r->ids_cap, (size_t)ref + 1,
          sizeof *r->id_of);
    r->id_of[ref] = id;
    if ((size_t)ref + 1 > r->nids)
        r->nids = (size_t)ref + 1;
    s = state_at(r, id);
    s->ref = ref;
    s->seen = 1;
}

static void on_edge(void *ctx, uint32_t src, uint32_t dst,
                    const search_step *steps, size_t nsteps,
                    uint32_t finding, int is_new)
{
    dot_rec *r = ctx;
    dedge   *e;
    dstate  *s;

    (void)is_new;
    if (r->overflow || src >= r->limit || (dst != TS_NONE
                                           && dst >= r->limit))
        return;
    xgrow((void **)&r->e, &r->e_cap, r->ne + 1, sizeof *r->e);
    xgrow((void **)&r->steps, &r->steps_cap, r->nsteps + nsteps,
          sizeof *r->steps);
    memcpy(r->steps + r->nsteps, steps, nsteps * sizeof *steps);
    s = state_at(r, src);
    e = &r->e[r->ne];
    e->src = src;
    e->dst = dst == TS_NONE ? NOID : dst;
    e->step0 = (uint32_t)r->nsteps;
    e->nsteps = (uint32_t)nsteps;
    e->finding = finding;
    e->next = s->ehead;
    s->ehead = (uint32_t)r->ne++;
    r->nsteps += nsteps;
}

static int same_step(const search_step *a, const search_step *b)
{
    return a->pid == b->pid && a->trans == b->trans && a->pid2 == b->pid2
           && a->trans2 == b->trans2;
}

/* Was a move of step s explored from src (its own move, not an error
 * move)? */
static int explored(const dot_rec *r, uint32_t src, const search_step *s)
{
    if (src >= r->nst)
        return 0;
    for (uint32_t i = r->st[src].ehead; i != NOID; i = r->e[i].next)
        if (r->e[i].dst != NOID && same_step(&r->steps[r->e[i].step0], s))
            return 1;
    return 0;
}

static void on_closed(void *ctx, const search_obs_state *c)
{
    dot_rec *r = ctx;
    dstate  *s;

    if (r->overflow || c->id >= r->limit)
        return;
    s = state_at(r, c->id);
    s->closed = 1;
    s->flags = c->flags;
    s->enabled = c->enabled;
    s->safe = c->safe;
    s->todo = c->todo;
    s->done = c->done;
    s->taken = c->taken;
    for (size_t i = 0; i < c->nsucc; i++) {
        const search_obs_succ *o = &c->succs[i];
        dpruned               *p;

        if (o->vec == NULL || explored(r, c->id, &o->step))
            continue;
        xgrow((void **)&r->p, &r->p_cap, r->np + 1, sizeof *r->p);
        xgrow((void **)&r->pool, &r->pool_cap, r->npool + o->vec_len, 1);
        p = &r->p[r->np++];
        p->src = c->id;
        p->step = o->step;
        p->finding = o->finding;
        p->covered = o->taken;
        p->dst = NOID;
        p->vec_off = r->npool;
        p->vec_len = o->vec_len;
        memcpy(r->pool + r->npool, o->vec, o->vec_len);
        r->npool += o->vec_len;
    }
}

void dot_rec_observe(dot_rec *r, search_observer *obs)
{
    obs->ctx = r;
    obs->state = on_state;
    obs->edge = on_edge;
    obs->closed = on_closed;
}

/* Search id of the state with this vector in r, or NOID. */
static uint32_t find_vec(const dot_rec *r, const uint8_t *vec, size_t len)
{
    ss_ref ref = ss_find(r->vs, vec, len);

    return ref == SS_NOREF || ref >= r->nids ? NOID : r->id_of[ref];
}

static const uint8_t *vec_of(const dot_rec *r, uint32_t id, size_t *len)
{
    return ss_get(r->vs, r->st[id].ref, len);
}

/* ------------------------------------------------------------ output */

/* Print s as the inside of a DOT string. */
static void put_esc(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        if (*s == '\n' || *s == '\t')
            fputc(' ', out);
        else
            fputc(*s, out);
    }
}

static void put_set(FILE *out, uint64_t s)
{
    int first = 1;

    fputc('{', out);
    for (unsigned p = 0; p < 64; p++)
        if (s & ((uint64_t)1 << p)) {
            fprintf(out, first ? "%u" : ",%u", p);
            first = 0;
        }
    fputc('}', out);
}

/* "PID:LINE STATEMENT" of one transition. */
static void put_trans(FILE *out, const bc_program *p, uint32_t pid,
                      uint32_t trans)
{
    const char *text;
    uint32_t    line;

    if (trans >= p->ntrans) {
        fprintf(out, "%u:?", (unsigned)pid);
        return;
    }
    text = bc_trans_text(p, trans, &line);
    fprintf(out, "%u:%u ", (unsigned)pid, (unsigned)line);
    put_esc(out, text);
}

static void put_step(FILE *out, const bc_program *p, const search_step *s)
{
    put_trans(out, p, s->pid, s->trans);
    if (s->pid2 != TS_NONE) {
        fputs(" / ", out);
        put_trans(out, p, s->pid2, s->trans2);
    }
}

static void put_label(FILE *out, const dot_rec *r, const search_step *s,
                      uint32_t n)
{
    fputs("label=\"", out);
    put_step(out, r->prog, s);
    if (n > 1)
        fprintf(out, " (+%u atomic)", (unsigned)(n - 1));
    fputc('"', out);
}

/* The reduction's words and sets for state s, as label lines. */
static void put_por(FILE *out, const dstate *s, int none)
{
    if (none || !s->closed)
        return;
    if (s->flags & SEARCH_OBS_DEAD) {
        fputs("\\nend", out);
        return;
    }
    if (s->flags & SEARCH_OBS_REDUCIBLE) {
        fputs(" reducible\\nsafe ", out);
        put_set(out, s->safe);
        return;
    }
    fputs(" irreducible", out);
    if (s->flags & SEARCH_OBS_FORCED)
        fputs(" (forced full)", out);
    else if (s->flags & SEARCH_OBS_FULL)
        fputs(" (full: proviso)", out);
    fputs("\\nsafe ", out);
    put_set(out, s->safe);
    if (s->flags & SEARCH_OBS_IRRED) {
        fputs("\\nbacktrack ", out);
        put_set(out, s->todo);
        fputs("\\ndone ", out);
        put_set(out, s->done);
    }
}

/* Variable values of state id, one "\l"-ended line each. */
static void put_values(FILE *out, const dot_rec *r, uint32_t id)
{
    char          *buf = NULL;
    size_t         size = 0;
    size_t         len;
    const uint8_t *vec = vec_of(r, id, &len);
    FILE          *mem = open_memstream(&buf, &size);

    if (mem == NULL)
        return;
    ts_print_state(r->t, vec, len, NULL, 0, mem);
    fclose(mem);
    fputs("\\n", out);
    for (char *line = buf; line != NULL && *line != '\0';) {
        char *nl = strchr(line, '\n');

        if (nl != NULL)
            *nl = '\0';
        put_esc(out, line);
        fputs("\\l", out);
        line = nl != NULL ? nl + 1 : NULL;
    }
    free(buf);
}

static const char *fill_of(const dstate *s, int none)
{
    if (none || !s->closed)
        return "white";
    if (s->flags & SEARCH_OBS_DEAD)
        return "#e8e8e8";
    if (s->flags & SEARCH_OBS_REDUCIBLE)
        return "#d9f0d3";
    return "#fde0c5";
}

static const char *class_of(const dstate *s, int none)
{
    if (none || !s->closed)
        return "state";
    if (s->flags & SEARCH_OBS_DEAD)
        return "end";
    if (s->flags & SEARCH_OBS_REDUCIBLE)
        return "reducible";
    return "irreducible";
}

/* Mark the moves (and the last state) of the first error's trail in r:
 * ebold[i] for edge i; returns the state the trail ends in, or NOID. */
static uint32_t mark_trail(const dot_rec *r, const search_result *res,
                           uint8_t *ebold, uint8_t *sbold)
{
    const search_error *err;
    uint32_t            cur = 0;
    size_t              pos = 0;

    if (res == NULL || res->nerrors == 0 || r->nst == 0)
        return NOID;
    err = &res->errors[0];
    if (err->steps == NULL)
        return NOID;
    sbold[0] = 1;
    while (pos < err->nsteps) {
        uint32_t hit = NOID;

        for (uint32_t i = r->st[cur].ehead; i != NOID && hit == NOID;
             i = r->e[i].next) {
            const dedge *e = &r->e[i];

            if (e->nsteps > err->nsteps - pos)
                continue;
            if ((e->dst == NOID) != (pos + e->nsteps == err->nsteps
                                     && err->kind != SEARCH_E_INVALID_END))
                continue;
            hit = i;
            for (uint32_t k = 0; k < e->nsteps && hit != NOID; k++)
                if (!same_step(&r->steps[e->step0 + k],
                               &err->steps[pos + k]))
                    hit = NOID;
        }
        if (hit == NOID)
            return NOID;
        ebold[hit] = 1;
        pos += r->e[hit].nsteps;
        if (r->e[hit].dst == NOID)
            return NOID;
        cur = r->e[hit].dst;
        if (cur >= r->nst)
            return NOID;
        sbold[cur] = 1;
    }
    return cur;
}

static void put_header(FILE *out, const dot_options *o, const char *what)
{
    fprintf(out, "digraph spore {\n");
    fprintf(out, "  // spore %s: ", what);
    put_esc(out, o->model ? o->model : "?");
    fprintf(out, ", por=%s\n", o->por ? o->por : "?");
    fprintf(out, "  graph [labelloc=t, fontname=\"Helvetica\", "
            "fontsize=12];\n");
    fprintf(out, "  node [shape=box, style=\"rounded,filled\", "
            "fillcolor=white, fontname=\"Helvetica\", fontsize=10];\n");
    fprintf(out, "  edge [fontname=\"Helvetica\", fontsize=9];\n");
    fprintf(out, "  init [shape=point, class=\"start\"];\n");
}

static void put_error_node(FILE *out, const dot_rec *r, size_t i,
                           const char *color)
{
    int kind = search_err_from_finding(r->e[i].finding);

    fprintf(out, "  e%zu [shape=octagon, fillcolor=\"%s\", label=\"%s\", "
            "class=\"error\"];\n", i, color,
            search_err_text(kind < 0 ? SEARCH_E_OVERFLOW : kind));
}

int dot_write(FILE *out, const dot_rec *r, const search_result *res,
              const dot_options *o)
{
    int      none = o->por != NULL && strcmp(o->por, "none") == 0;
    uint8_t *ebold = xcalloc(r->ne + 1, 1);
    uint8_t *sbold = xcalloc(r->nst + 1, 1);
    uint32_t last = mark_trail(r, res, ebold, sbold);
    size_t   nexp = 1;
    size_t   npruned = 0;
    size_t   nstates = 0;

    for (size_t i = 0; i < r->ne; i++)
        nexp += r->e[i].dst != NOID;
    for (size_t i = 0; i < r->np; i++)
        npruned += !r->p[i].covered;
    for (size_t i = 0; i < r->nst; i++)
        nstates += r->st[i].seen;
    put_header(out, o, "--dot");
    fprintf(out, "  // %zu states, %zu explored edges (= stored + matched, "
            "the start arrow included), %zu pruned\n", nstates, nexp,
            npruned);
    fprintf(out, "  graph [label=\"");
    put_esc(out, o->model ? o->model : "?");
    fprintf(out, ", --por=%s: %zu states, %zu explored edges, %zu pruned "
            "(dashed)\"];\n", o->por ? o->por : "?", nstates, nexp,
            npruned);
    fprintf(out, "  init -> s0 [class=\"explored\"];\n");
    for (uint32_t id = 0; id < r->nst; id++) {
        const dstate *s = &r->st[id];

        if (!s->seen)
            continue;
        fprintf(out, "  s%u [label=\"%u", (unsigned)id, (unsigned)id);
        put_por(out, s, none);
        if (o->values)
            put_values(out, r, id);
        fprintf(out, "\", fillcolor=\"%s\", class=\"%s\"%s%s];\n",
                fill_of(s, none), class_of(s, none),
                sbold[id] ? ", penwidth=2" : "",
                id == last ? ", color=red, penwidth=3" : "");
    }
    for (size_t i = 0; i < r->ne; i++) {
        const dedge *e = &r->e[i];

        if (e->dst == NOID)
            put_error_node(out, r, i, "#f4cccc");
        fprintf(out, "  s%u -> ", (unsigned)e->src);
        if (e->dst == NOID)
            fprintf(out, "e%zu [", i);
        else
            fprintf(out, "s%u [", (unsigned)e->dst);
        put_label(out, r, &r->steps[e->step0], e->nsteps);
        fprintf(out, ", class=\"%s\"%s];\n",
                e->dst == NOID ? "error\", color=\"red" : "explored",
                ebold[i] ? ", penwidth=3, color=\"#c00000\", style=bold"
                         : "");
    }
    for (size_t i = 0; i < r->np; i++) {
        const dpruned *p = &r->p[i];
        uint32_t       dst = find_vec(r, r->pool + p->vec_off, p->vec_len);

        if (dst == NOID)
            fprintf(out, "  p%zu [label=\"not visited\", style=\"rounded,"
                    "dashed\", color=gray50, fontcolor=gray50, "
                    "class=\"unvisited\"];\n  s%u -> p%zu [", i,
                    (unsigned)p->src, i);
        else
            fprintf(out, "  s%u -> s%u [", (unsigned)p->src,
                    (unsigned)dst);
        put_label(out, r, &p->step, 1);
        fprintf(out, ", style=%s, color=gray50, fontcolor=gray50, "
                "class=\"%s\"];\n", p->covered ? "dotted" : "dashed",
                p->covered ? "covered" : "pruned");
    }
    fprintf(out, "}\n");
    free(ebold);
    free(sbold);
    return ferror(out) ? -1 : 0;
}

/* The edge of red from rsrc with first step s to rdst, or NOID. */
static uint32_t red_edge(const dot_rec *red, uint32_t rsrc, uint32_t rdst,
                         const search_step *s)
{
    if (rsrc == NOID || rsrc >= red->nst)
        return NOID;
    for (uint32_t i = red->st[rsrc].ehead; i != NOID; i = red->e[i].next)
        if (red->e[i].dst == rdst && same_step(&red->steps[red->e[i].step0],
                                               s))
            return i;
    return NOID;
}

int dot_write_full(FILE *out, const dot_rec *full, const dot_rec *red,
                   const search_result *res, const dot_options *o)
{
    uint32_t *rid = xcalloc(full->nst + 1, sizeof *rid);
    uint8_t  *ebold = xcalloc(full->ne + 1, 1);
    uint8_t  *sbold = xcalloc(full->nst + 1, 1);
    uint32_t  last = mark_trail(full, res, ebold, sbold);
    size_t    nred = 0;
    size_t    nredges = 1;
    size_t    nstates = 0;
    size_t    nedges = 1;

    for (uint32_t id = 0; id < full->nst; id++) {
        size_t         len;
        const uint8_t *vec;

        rid[id] = NOID;
        if (!full->st[id].seen)
            continue;
        nstates++;
        vec = vec_of(full, id, &len);
        rid[id] = find_vec(red, vec, len);
        nred += rid[id] != NOID;
    }
    for (size_t i = 0; i < full->ne; i++) {
        const dedge *e = &full->e[i];

        if (e->dst == NOID)
            continue;
        nedges++;
        if (red_edge(red, rid[e->src], rid[e->dst],
                     &full->steps[e->step0]) != NOID)
            nredges++;
    }
    put_header(out, o, "--dot-full");
    fprintf(out, "  // full: %zu states, %zu edges (the start arrow "
            "included); reduced (class \"reduced\"): %zu states, %zu "
            "edges\n", nstates, nedges, nred, nredges);
    fprintf(out, "  graph [label=\"");
    put_esc(out, o->model ? o->model : "?");
    fprintf(out, ": the full graph (%zu states, %zu edges); bold: what "
            "--por=%s explores (%zu states, %zu edges)\"];\n", nstates,
            nedges, o->por ? o->por : "?", nred, nredges);
    fprintf(out, "  init -> s0 [penwidth=2, class=\"reduced\"];\n");
    for (uint32_t id = 0; id < full->nst; id++) {
        const dstate *s = &full->st[id];

        if (!s->seen)
            continue;
        fprintf(out, "  s%u [label=\"%u", (unsigned)id, (unsigned)id);
        if (rid[id] != NOID) {
            const dstate *q = &red->st[rid[id]];

            fprintf(out, " (R%u)", (unsigned)rid[id]);
            put_por(out, q, 0);
            if (o->values)
                put_values(out, full, id);
            fprintf(out, "\", fillcolor=\"%s\", penwidth=2, "
                    "class=\"reduced %s\"%s];\n", fill_of(q, 0),
                    class_of(q, 0),
                    id == last ? ", color=red, penwidth=3" : "");
        } else {
            if (o->values)
                put_values(out, full, id);
            fprintf(out, "\", fillcolor=\"#f2f2f2\", color=gray60, "
                    "fontcolor=gray45, class=\"full\"];\n");
        }
    }
    for (size_t i = 0; i < full->ne; i++) {
        const dedge *e = &full->e[i];
        int          in_red;

        if (e->dst == NOID) {
            put_error_node(out, full, i,
                           rid[e->src] != NOID ? "#f4cccc" : "#f2f2f2");
            fprintf(out, "  s%u -> e%zu [", (unsigned)e->src, i);
            put_label(out, full, &full->steps[e->step0], e->nsteps);
            fprintf(out, ", color=red, class=\"error\"%s];\n",
                    ebold[i] ? ", penwidth=3, style=bold" : "");
            continue;
        }
        in_red = red_edge(red, rid[e->src], rid[e->dst],
                          &full->steps[e->step0]) != NOID;
        fprintf(out, "  s%u -> s%u [", (unsigned)e->src, (unsigned)e->dst);
        put_label(out, full, &full->steps[e->step0], e->nsteps);
        if (ebold[i])
            fprintf(out, ", penwidth=3, color=\"#c00000\", style=bold");
        else if (in_red)
            fprintf(out, ", penwidth=2");
        else if (rid[e->src] != NOID)
            fprintf(out, ", style=dashed, color=gray40, fontcolor=gray40");
        else
            fprintf(out, ", color=gray70, fontcolor=gray60");
        fprintf(out, ", class=\"%s\"];\n", in_red ? "reduced"
                : rid[e->src] != NOID ? "pruned" : "full");
    }
    fprintf(out, "}\n");
    free(rid);
    free(ebold);
    free(sbold);
    return ferror(out) ? -1 : 0;
}
