/*
 * engine/por/por_live.c -- S-POR under liveness: the ample sets of the
 * nested depth-first search (engine/search/ndfs.c) for -a (a never
 * claim from an ltl block without X, or accept labels without a claim)
 * and -l (non-progress cycles).
 *
 * At a state s the search explores the successors of one process p
 * alone when p is at a location L that is "ample" (ok[L] below), and
 * every successor otherwise.  L is ample when
 *   C1  every transition at L is invisible in S-POR's sense (it touches
 *       no shared object: ts_facts' loc_invis, as in S-POR; none is atomic,
 *       uses timeout or ends the process), so p's steps at L are
 *       independent of every step of every other process and no other
 *       process can enable or disable them: {p's steps} is persistent;
 *       all of p's steps at L are taken (F-NONDET);
 *   C2  none of them is visible to the property: none writes an object
 *       the never claim's expressions read (the static reads of the
 *       claim's locations; an invisible step writes nothing shared, so
 *       this is a second lock), and under -l none enters or leaves a location
 *       with a progress label, under -a without a claim none enters or
 *       leaves one with an accept label (np_ and "some process at an
 *       accept label" are the propositions there);
 *   C3  none of them is a back edge of p's proctype: a depth-first
 *       search of the graph H of each proctype's locations that pass
 *       C1 and C2, with an edge src -> dst per transition leaving one,
 *       classifies H's edges, and H without its back edges is acyclic.
 *       Along a cycle of the reduced state graph made of reduced steps
 *       only, every process would walk a closed path of those edges (a
 *       process's pc moves only by its own transitions, and no reduced
 *       step runs or ends a process), which does not exist: every cycle
 *       of the reduced graph holds a fully expanded state.  This is the
 *       static form of the cycle proviso (Peled's C3), checked on the
 *       system graph, not on the search's stack.  It costs a full
 *       expansion wherever every process that could go alone is at the
 *       back edge of a loop of local steps (pan's stack proviso,
 *       unsound here, reduces more: tests/live/por_reduce.pml).
 * C0 holds as p has a successor.  The choice is the lowest such pid: a
 * pure function of s (of ts_successors(s)), whatever the claim's state,
 * the stack, or which of the two searches asks.  So both searches of
 * the nested DFS explore one reduced graph G' (the second search sees
 * exactly the edges the first one did, as pan arranges), and G' is the
 * product of the claim with one reduced system graph that meets C0-C3.
 * That graph has, for every infinite or deadlocking run of the full
 * one, a run equivalent up to stuttering over the propositions (Peled,
 * "All from one, one for all: on model checking using
 * representatives", 1993; Clarke, Grumberg, Peled, "Model Checking",
 * ch. 10), and the claim's language is closed under stuttering when it
 * is the translation of an LTL formula without X (cli.c refuses a
 * reduction otherwise), as are <>[]np_ (-l) and []<>accept (-a without
 * a claim).  Hence an accepting cycle exists in G' iff it exists in
 * the full product.  Computing the ample set per product state with the
 * stack proviso on the product's stack, the textbook on-the-fly scheme,
 * is not enough (Siegel, "What's wrong with on-the-fly partial order
 * reduction", CAV 2019): the static proviso avoids that question.
 *
 * Not reduced: states inside an atomic sequence (only the owner moves
 * anyway), timeout states, and states where the claim moves alone.
 */
#include "config.h"

#include "engine/por/por.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Why a location is (not) ample. */
enum {
    LOC_VISIBLE,        /* S-POR's test fails: shared objects, atomic... */
    LOC_AMPLE,
    LOC_BACK,           /* invisible, but a back edge (C3) */
    LOC_PROPERTY        /* invisible, but the property sees it (C2) */
};

struct por_live {
    ts               *t;
    uint32_t          nlocs;
    uint8_t          *ok;           /* per location (ts_nlocs()) */
    size_t            reduced, full, full_c3, skipped;
};

/* back[k] = 1 for the transitions that are back edges of a depth-first
 * search of the control-flow graph H: the locations (of every proctype:
 * their graphs are disjoint), and an edge li -> dst per transition at
 * the locations li whose ok[li] is LOC_AMPLE (only those can be reduced
 * steps, so a loop with a visible statement in it needs no back edge
 * among its invisible ones).  Every location is a root once, when
 * nothing before reached it. */
static void find_back_edges(const por_live *l, const ts_facts *fx,
                            uint8_t *back)
{
    uint32_t  n = l->nlocs;
    uint8_t  *color = xcalloc((size_t)n + 1, 1);
    uint32_t *node = xmalloc(((size_t)n + 1) * sizeof *node);
    uint32_t *edge = xmalloc(((size_t)n + 1) * sizeof *edge);

    for (uint32_t root = 0; root < n; root++) {
        size_t sp = 0;

        if (color[root] != 0)
            continue;
        color[root] = 1;                    /* grey: on the DFS stack */
        node[sp] = root;
        edge[sp++] = 0;
        while (sp > 0) {
            uint32_t u = node[sp - 1];

            if (l->ok[u] == LOC_AMPLE && edge[sp - 1] < fx->loc_ntrans[u]) {
                uint32_t tr = fx->loc_first[u] + edge[sp - 1]++;
                uint32_t v = ts_trans_dst(l->t, tr);

                if (v >= n || color[v] == 1) {
                    back[tr] = 1;
                } else if (color[v] == 0) {
                    color[v] = 1;
                    node[sp] = v;
                    edge[sp++] = 0;
                }
            } else {
                color[u] = 2;               /* black: done */
                sp--;
            }
        }
    }
    free(color);
    free(node);
    free(edge);
}

por_live *por_live_new(ts *t, int nonprogress)
{
    const bc_program *p = ts_program(t);
    por_live         *l = calloc(1, sizeof *l);
    ts_facts         *fx;
    uint8_t          *back;
    uint64_t         *claim_rd;
    uint32_t          nw;
    uint32_t          c0 = 0, c1 = 0;   /* the claim's locations */
    uint32_t          vis = nonprogress ? BC_L_PROGRESS
                            : p->has_claim ? 0 : BC_L_ACCEPT;

    if (l == NULL)
        return NULL;
    fx = ts_facts_new(p);               /* loc_invis: S-POR's test */
    nw = fx->nwords;
    l->t = t;
    l->nlocs = fx->nlocs;
    l->ok = xcalloc((size_t)l->nlocs + 1, 1);
    claim_rd = xcalloc((size_t)nw + 1, sizeof *claim_rd);
    if (p->has_claim) {
        c0 = p->procs[p->claim].loc0;
        c1 = c0 + p->procs[p->claim].nlocs;
        for (uint32_t li = c0; li < c1 && li < l->nlocs; li++)
            for (uint32_t w = 0; w < nw; w++)
                claim_rd[w] |= fx->loc_rd[(size_t)li * nw + w];
    }
    for (uint32_t li = 0; li < l->nlocs; li++) {
        uint8_t why = LOC_AMPLE;

        if ((li >= c0 && li < c1) || !fx->loc_invis[li]
            || fx->loc_ntrans[li] == 0) {
            l->ok[li] = LOC_VISIBLE;    /* the claim's, or S-POR says */
            continue;
        }
        if (ts_loc(t, li)->flags & vis)
            why = LOC_PROPERTY;
        for (uint32_t w = 0; w < nw; w++)
            if (fx->loc_wr[(size_t)li * nw + w] & claim_rd[w])
                why = LOC_PROPERTY;
        for (uint32_t k = 0; k < fx->loc_ntrans[li]; k++) {
            uint32_t d = ts_trans_dst(t, fx->loc_first[li] + k);

            if (d == TS_NONE || d >= l->nlocs || (ts_loc(t, d)->flags & vis))
                why = LOC_PROPERTY;
        }
        l->ok[li] = why;
    }
    /* C3: no reduced step is a back edge of H */
    back = xcalloc((size_t)fx->ntrans + 1, 1);
    find_back_edges(l, fx, back);
    for (uint32_t li = 0; li < l->nlocs; li++)
        for (uint32_t k = 0; k < fx->loc_ntrans[li]; k++)
            if (l->ok[li] == LOC_AMPLE && back[fx->loc_first[li] + k])
                l->ok[li] = LOC_BACK;
    free(claim_rd);
    free(back);
    ts_facts_free(fx);
    return l;
}

void por_live_free(por_live *l)
{
    if (l == NULL)
        return;
    free(l->ok);
    free(l);
}

uint32_t por_live_ample(por_live *l, const uint8_t *src, size_t len,
                        const ts_succs *out, int count)
{
    uint64_t seen[4] = { 0, 0, 0, 0 };      /* pids with a successor */
    uint64_t bad[4] = { 0, 0, 0, 0 };       /* ... at a location not ample */
    uint32_t pick = TS_NONE;
    size_t   npids = 0;
    int      back = 0;

    (void)src;
    (void)len;
    if (out->n == 0 || out->atomic || out->timeout) {
        if (count && out->n > 0)
            l->full++;
        return TS_NONE;
    }
    for (size_t i = 0; i < out->n; i++) {
        const ts_succ *s = &out->v[i];
        uint32_t       loc;
        uint8_t        ok;

        if (s->pid == TS_NONE)
            continue;               /* the claim's own: always kept */
        if (s->pid >= 256)
            return TS_NONE;         /* cannot happen (BC_MAX_PROCS) */
        seen[s->pid / 64] |= (uint64_t)1 << (s->pid % 64);
        loc = ts_trans_loc(l->t, s->trans);
        ok = loc < l->nlocs ? l->ok[loc] : LOC_VISIBLE;
        if (ok == LOC_BACK)
            back = 1;
        if (ok != LOC_AMPLE || s->pid2 != TS_NONE)
            bad[s->pid / 64] |= (uint64_t)1 << (s->pid % 64);
    }
    for (uint32_t pid = 0; pid < 256; pid++)
        if (seen[pid / 64] >> (pid % 64) & 1) {
            npids++;
            if (pick == TS_NONE && !(bad[pid / 64] >> (pid % 64) & 1))
                pick = pid;
        }
    if (count) {
        if (pick != TS_NONE) {
            l->reduced++;
            l->skipped += npids - 1;
        } else {
            l->full++;
            l->full_c3 += back;
        }
    }
    return pick;
}

void por_live_stats(const por_live *l, search_por_stats *st)
{
    st->reducible += l->reduced;
    st->irreducible += l->full;
    st->full_c3 += l->full_c3;
    st->threads_skipped += l->skipped;
}
