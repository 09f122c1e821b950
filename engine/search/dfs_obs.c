/*
 * engine/search/dfs_obs.c -- the depth-first search's observer: what
 * --dot and --explain see of the search as it runs (search_observer,
 * engine/por/por.h).
 *
 * The core calls these only when d->o->obs is set (or d->pc.xp for the
 * explain-only lines), so a search without an observer pays nothing; a
 * search with one never takes pan's compact layout (dfs_int.h), so every
 * frame carries its threads and sets.
 */
#include "config.h"

#include "engine/search/search.h"

#include "engine/search/dfs_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/por/explain.h"
#include "util/xalloc.h"

void dfs_obs_state(dfs *d, ss_ref ref, const uint8_t *vec, size_t len)
{
    if (d->o->obs->state != NULL)
        d->o->obs->state(d->o->obs->ctx, ref, vec, len, d->depth - 1);
}

/* "thread P" / "threads {..}" for explain lines. */
static const char *obs_threads(por_set s, char *buf, size_t size)
{
    char set[256];

    if (s != 0 && (s & (s - 1)) == 0 && s != POR_SET_OTHER) {
        uint32_t p = 0;

        while (!(s & por_bit(p)))
            p++;
        snprintf(buf, size, "thread %u", (unsigned)p);
    } else {
        snprintf(buf, size, "threads %s", explain_set(s, set, sizeof set));
    }
    return buf;
}

/* The decision made when a stored state is entered. */
void dfs_obs_enter(dfs *d, const por_frame *f)
{
    por_ctx *c = &d->pc;
    char     en[256];
    char     sf[256];
    char     th[300];

    if (f->ref == SS_NOREF)
        return;
    explain_set(f->enabled, en, sizeof en);
    if (f->flags & POR_F_REDUCIBLE)
        explain_line(c, f->ref, "reducible: %s is invisible (safe set %s); "
                     "explore %s alone",
                     obs_threads(f->safe, th, sizeof th),
                     explain_set(f->safe, sf, sizeof sf), th);
    else if (f->flags & POR_F_FORCED)
        explain_line(c, f->ref, "enabled %s; expanding fully (%s)", en,
                     d->out.timeout ? "timeout"
                     : (f->enabled & POR_SET_OTHER) ? "more than 62 processes"
                     : "rendezvous or timeout in the model");
    else if (f->flags & POR_F_IRRED)
        explain_line(c, f->ref, "irreducible; enabled %s; explore %s", en,
                     obs_threads(f->todo, th, sizeof th));
    else if (d->algo == &por_algo_none)
        explain_line(c, f->ref, "enabled %s; explore all (no reduction)",
                     en);
    else if (f->flags & POR_F_FULL)
        explain_line(c, f->ref, "enabled %s; explore all (proviso)", en);
    else
        explain_line(c, f->ref, "irreducible; enabled %s; explore all", en);
}

/* A thread started after the first at an irreducible state. */
void dfs_obs_pick(dfs *d, const por_frame *f, int32_t slot)
{
    char bt[256];

    if (f->taken == 0 || !(f->flags & POR_F_IRRED) || f->ref == SS_NOREF)
        return;
    explain_line(&d->pc, f->ref, "explore thread %u (backtrack %s)",
                 (unsigned)d->thr[f->thr0 + (uint32_t)slot].pid,
                 explain_set(f->todo, bt, sizeof bt));
}

/* A move from stored state src (the steps of frames anc..top: an atomic
 * chain through unstored states) to dst, or an error move (dst ==
 * TS_NONE, finding set). */
void dfs_obs_edge(dfs *d, const search_succ *s, uint32_t src,
                  uint32_t dst, int is_new, int stk)
{
    const search_observer *ob = d->o->obs;
    size_t                 anc = d->frames[d->depth - 1].anc;
    size_t                 n = d->depth - anc;
    search_step           *steps = xmalloc(n * sizeof *steps);
    char                   text[1024];
    size_t                 k = 0;

    for (size_t i = anc; i + 1 < d->depth; i++)
        steps[i - anc] = dfs_frame_step(d, i);
    steps[n - 1] = s->step;
    if (ob->edge != NULL)
        ob->edge(ob->ctx, src, dst, steps, n,
                 dst == TS_NONE ? s->finding : TS_OK, is_new);
    if (d->pc.xp != NULL) {
        for (size_t i = 0; i < n && k < sizeof text - 8; i++) {
            if (i > 0)
                k += (size_t)snprintf(text + k, sizeof text - k, "; ");
            explain_step(d->pc.prog, &steps[i], text + k, sizeof text - k);
            k += strlen(text + k);
        }
        if (dst == TS_NONE)
            explain_line(&d->pc, src, "step %s -> %s", text,
                         search_err_text(search_err_from_finding(
                             s->finding)));
        else
            explain_line(&d->pc, src, "step %s -> state %u (%s)", text,
                         (unsigned)dst, is_new ? "new"
                         : stk ? "on the stack" : "seen");
    }
    free(steps);
}

/* A stored state closes: its sets and successors to the observer. */
void dfs_obs_closed(dfs *d, const por_frame *f)
{
    const search_observer *ob = d->o->obs;
    search_obs_state       st;
    search_obs_succ       *v;
    por_set                skipped = f->enabled & ~f->taken;
    char                   sk[256];

    if (f->ref == SS_NOREF || (f->flags & POR_F_ATOMIC))
        return;
    if (d->pc.xp != NULL && skipped != 0)
        explain_line(&d->pc, f->ref, "closed; threads %s not explored",
                     explain_set(skipped, sk, sizeof sk));
    if (ob->closed == NULL)
        return;
    v = xcalloc(f->nsucc ? f->nsucc : 1, sizeof *v);
    for (uint32_t k = 0; k < f->nthr; k++) {
        const por_thread *th = &d->thr[f->thr0 + k];

        for (uint32_t i = 0; i < th->n; i++) {
            const search_succ *s = &d->succs[f->succ0 + th->first + i];
            search_obs_succ   *o = &v[th->first + i];

            o->step = s->step;
            o->finding = s->finding;
            o->taken = (th->flags & POR_T_TAKEN) != 0;
            o->vec = s->vec_len ? d->vecs + f->vec0 + s->vec_off : NULL;
            o->vec_len = s->vec_len;
        }
    }
    memset(&st, 0, sizeof st);
    st.id = f->ref;
    st.flags = (f->flags & POR_F_REDUCIBLE ? SEARCH_OBS_REDUCIBLE : 0u)
               | (f->flags & POR_F_IRRED ? SEARCH_OBS_IRRED : 0u)
               | (f->flags & POR_F_FULL ? SEARCH_OBS_FULL : 0u)
               | (f->flags & POR_F_FORCED ? SEARCH_OBS_FORCED : 0u)
               | (f->nsucc == 0 ? SEARCH_OBS_DEAD : 0u);
    st.enabled = f->enabled;
    st.safe = f->safe;
    st.todo = f->todo;
    st.done = f->done;
    st.taken = f->taken;
    st.nsucc = f->nsucc;
    st.succs = v;
    ob->closed(ob->ctx, &st);
    free(v);
}

