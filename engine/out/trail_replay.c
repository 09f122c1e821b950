/*
 * engine/out/trail_replay.c -- replay: a trail run on a player
 * (trail_player.c), step by step, each checked against the successor
 * list of the current state (ts_successors, the same function the
 * search uses, so Promela's global rules -- atomic, else, timeout,
 * rendezvous -- apply exactly as during the search); then the error the
 * run ended in, compared with the one the trail records.
 */
#include "config.h"

#include "engine/out/trail_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Is successor c the step s? */
static int find_succ_one(const ts_succ *c, const search_step *s)
{
    return c->pid == s->pid && c->trans == s->trans && c->pid2 == s->pid2
           && c->trans2 == s->trans2;
}

/* Index in succs of step s, or -1. */
static long find_succ(const ts_succs *succs, const search_step *s)
{
    for (size_t i = 0; i < succs->n; i++)
        if (find_succ_one(&succs->v[i], s))
            return (long)i;
    return -1;
}

/* ------------------------------------------------------ never claims */

/*
 * With a never claim each step of the search is a pair (engine/model/
 * ts.c): a move of the claim and a step of the system; a trail names the
 * system's step only (search_step has no room for the claim's move).
 * The claim's moves are found again before the replay: from each state
 * every successor that fits the trail's step is followed -- they differ
 * only in the claim's location, so a layer holds at most one state per
 * location of the claim -- and a path that ends in the recorded error is
 * picked: the error's finding on the last step (the claim's end, an
 * assertion), or for a lasso the state at the cycle's start reached
 * again.  The result is the successor index to take at each step.
 */
typedef struct cnode {
    size_t   off;       /* the vector, in clayers.vecs */
    size_t   len;       /* 0: a finding without successor */
    size_t   parent;    /* node index in the previous layer */
    long     idx;       /* the successor of the parent it is */
    uint32_t finding;
    int      acc;       /* an accepting state on its path (a lasso's
                           cycle must have one) */
} cnode;

typedef struct clayers {
    cnode   *nodes;
    size_t   n, cap;
    size_t  *start;     /* start[k]: first node of layer k; k <= nlayers */
    size_t   nlayers;
    uint8_t *vecs;
    size_t   nvecs, cap_vecs;
} clayers;

static int same_vec(const clayers *L, const cnode *a, const uint8_t *v,
                    size_t len)
{
    return a->len == len && memcmp(L->vecs + a->off, v, len) == 0;
}

static void add_node(clayers *L, const uint8_t *v, size_t len,
                     size_t parent, long idx, uint32_t finding, int acc)
{
    cnode *c;

    for (size_t i = L->start[L->nlayers - 1]; i < L->n; i++)
        if (same_vec(L, &L->nodes[i], v, len)
            && L->nodes[i].finding == finding && L->nodes[i].acc == acc)
            return;
    if (L->n == L->cap)
        xgrow((void **)&L->nodes, &L->cap, L->n + 1, sizeof *L->nodes);
    if (L->nvecs + len > L->cap_vecs)
        xgrow((void **)&L->vecs, &L->cap_vecs, L->nvecs + len, 1);
    c = &L->nodes[L->n++];
    c->off = L->nvecs;
    c->len = len;
    c->parent = parent;
    c->idx = idx;
    c->finding = finding;
    c->acc = acc;
    if (len > 0)
        memcpy(L->vecs + L->nvecs, v, len);
    L->nvecs += len;
}

/* Layers of steps[from, to) from the single state root (len bytes). */
static void grow_layers(ts *t, const trail *tr, clayers *L,
                        const uint8_t *root, size_t len, size_t from,
                        size_t to, ts_succs *out)
{
    L->n = L->nvecs = 0;
    L->start = xrealloc(L->start, (to - from + 2) * sizeof *L->start);
    L->start[0] = 0;
    L->nlayers = 1;
    add_node(L, root, len, 0, -1, TS_OK, ts_accepting(t, root, len));
    for (size_t k = from; k < to; k++) {
        size_t a = L->start[L->nlayers - 1], b = L->n;

        L->start[L->nlayers++] = b;
        for (size_t i = a; i < b; i++) {
            size_t m;
            uint8_t *v;

            if (L->nodes[i].len == 0)
                continue;
            /* copy: the layer buffer may move while it grows */
            v = xmalloc(L->nodes[i].len);
            memcpy(v, L->vecs + L->nodes[i].off, L->nodes[i].len);
            m = ts_successors(t, v, L->nodes[i].len, out);
            for (size_t j = 0; j < m; j++) {
                const ts_succ *c = &out->v[j];

                if (find_succ_one(c, &tr->steps[k]))
                    add_node(L, out->vecs + c->dst_off, c->dst_len, i,
                             (long)j, c->finding, L->nodes[i].acc
                             || (c->dst_len > 0
                                 && ts_accepting(t, out->vecs + c->dst_off,
                                                 c->dst_len)));
            }
            free(v);
        }
    }
    L->start[L->nlayers] = L->n;
}

/* Write the indices of the path ending at node i of L into idx[base..). */
static void path_of(const clayers *L, size_t i, long *idx, size_t base)
{
    for (size_t k = L->nlayers - 1; k > 0; k--) {
        idx[base + k - 1] = L->nodes[i].idx;
        i = L->nodes[i].parent;
    }
}

static long *resolve_claim(ts *t, const trail *tr)
{
    clayers  pre, cyc;
    ts_succs out;
    const uint8_t *init;
    size_t   len;
    ts_finding fnd;
    uint32_t floc;
    long    *idx = NULL;
    uint8_t *root;
    size_t   cut;

    if (!ts_program(t)->has_claim || tr->nsteps == 0
        || (tr->has_cycle && tr->cycle_at >= tr->nsteps))
        return NULL;
    init = ts_initial(t, &len, &fnd, &floc);
    if (init == NULL)
        return NULL;
    root = xmalloc(len);
    memcpy(root, init, len);
    memset(&pre, 0, sizeof pre);
    memset(&cyc, 0, sizeof cyc);
    ts_succs_init(&out);
    cut = tr->has_cycle ? tr->cycle_at : tr->nsteps;
    grow_layers(t, tr, &pre, root, len, 0, cut, &out);
    for (size_t i = pre.start[pre.nlayers - 1]; i < pre.n && !idx; i++) {
        const cnode *c = &pre.nodes[i];
        size_t e;

        if (!tr->has_cycle) {
            if (tr->kind >= 0 && search_err_from_finding(c->finding)
                                 != tr->kind)
                continue;
            idx = xmalloc(tr->nsteps * sizeof *idx);
            path_of(&pre, i, idx, 0);
            break;
        }
        if (c->len == 0)
            continue;
        grow_layers(t, tr, &cyc, pre.vecs + c->off, c->len, cut,
                    tr->nsteps, &out);
        for (e = cyc.start[cyc.nlayers - 1]; e < cyc.n; e++)
            if (same_vec(&cyc, &cyc.nodes[e], pre.vecs + c->off, c->len)
                && (cyc.nodes[e].acc || tr->kind != SEARCH_E_ACCEPT))
                break;
        if (e == cyc.n)
            continue;
        idx = xmalloc(tr->nsteps * sizeof *idx);
        path_of(&pre, i, idx, 0);
        path_of(&cyc, e, idx, cut);
    }
    ts_succs_fini(&out);
    free(root);
    free(pre.nodes); free(pre.start); free(pre.vecs);
    free(cyc.nodes); free(cyc.start); free(cyc.vecs);
    return idx;
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
            trail_trans_text(prog, s->trans),
            succs->n ? "" : " nothing");
    for (size_t i = 0; i < succs->n; i++) {
        const ts_succ *c = &succs->v[i];

        fprintf(out, "    process %" PRIu32 " transition %" PRIu32 "  %s\n",
                c->pid, c->trans,
                c->trans < prog->ntrans
                ? trail_trans_text(prog, c->trans) : "?");
    }
}

/* A lasso (tr->has_cycle): at the cycle's start keep the state in
 * *loop (malloc'd, the caller frees it) and mark it as pan does. */
static void cycle_start(trail_player *pl, uint8_t **loop, size_t *loop_len)
{
    free(*loop);
    *loop = xmalloc(pl->cur_len ? pl->cur_len : 1);
    memcpy(*loop, pl->cur, pl->cur_len);
    *loop_len = pl->cur_len;
    if (pl->out != NULL && pl->style != TRAIL_QUIET)
        fprintf(pl->out, "  <<<<<START OF CYCLE>>>>>\n");
}

/* Run every step of tr on pl; 0, or a trail_status.  For a lasso,
 * *closed tells whether the last step came back to the cycle's start. */
static int replay_steps(trail_player *pl, const trail *tr, int *closed)
{
    ts_finding fnd;
    uint32_t   floc;
    uint8_t   *loop = NULL;
    size_t     loop_len = 0;
    long      *claim = resolve_claim(pl->t, tr);   /* NULL: no claim */

    *closed = 0;
    if (trail_player_start(pl, &fnd, &floc) != 0) {
        free(claim);
        return fnd != TS_OK && tr->nsteps == 0 ? 0 : TRAIL_FAILED;
    }
    for (size_t no = 1; no <= tr->nsteps; no++) {
        const search_step *s = &tr->steps[no - 1];
        const ts_succs    *succs = trail_player_succs(pl);
        long               idx = find_succ(succs, s);

        if (claim != NULL && claim[no - 1] >= 0
            && (size_t)claim[no - 1] < succs->n
            && find_succ_one(&succs->v[claim[no - 1]], s))
            idx = claim[no - 1];

        if (tr->has_cycle && no - 1 == tr->cycle_at)
            cycle_start(pl, &loop, &loop_len);

        if (idx < 0) {
            explain_not_enabled(pl->prog, succs, no, s);
            free(loop);
            free(claim);
            return TRAIL_NOT_ENABLED;
        }
        if (trail_player_fire(pl, no, s, idx) != 0 && no < tr->nsteps) {
            fprintf(stderr, "spore: trail step %zu leaves no state, but "
                    "the trail goes on\n", no);
            free(loop);
            free(claim);
            return TRAIL_NOT_ENABLED;
        }
    }
    *closed = loop != NULL && loop_len == pl->cur_len
              && memcmp(loop, pl->cur, loop_len) == 0;
    free(loop);
    free(claim);
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
                          int require_empty, int closed)
{
    /* a cycle: the run came back to the state at the cycle's start */
    if (tr->has_cycle)
        return closed ? tr->kind : -1;
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
    int           closed;

    replay_steps(dry, tr, &closed);
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
    int           closed;
    int           empty = tr->options != NULL
                          && strstr(tr->options, "empty-chans=on") != NULL;

    if ((rc = check_hash(prog, tr, force)) != 0)
        return rc;
    /* as the search that wrote it: -l's claim counts in _nr_pr */
    ts_set_np_claim(t, tr->kind == SEARCH_E_NONPROGRESS);
    pl = trail_player_new(t, out, style, 0);
    if (style == TRAIL_LANES || style == TRAIL_MSC)
        count_lanes(pl, tr);
    rc = replay_steps(pl, tr, &closed);
    if (rc == 0) {
        kind = observed_error(pl, tr, empty, closed);
        if (kind >= 0) {
            trail_player_error(pl, kind, kind == SEARCH_E_INVALID_END
                               || tr->has_cycle ? tr->loc : pl->last_floc,
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
