/*
 * engine/por/explain.c -- the text of `spore --explain` (engine/por/explain.h).
 *
 * Only called when --explain is on, so clarity beats speed here: the
 * later step of a DL dependency is found by expanding its source state
 * again (the visited graph keeps no transition ids).
 */
#include "config.h"

#include "engine/por/explain.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void explain_print(void *file, const char *line)
{
    fputs(line, file);
    fputc('\n', file);
}

const char *explain_set(por_set s, char *buf, size_t size)
{
    size_t n = 0;
    int    first = 1;

    n += (size_t)snprintf(buf, size, "{");
    for (uint32_t p = 0; p < 64 && n < size; p++) {
        if (!(s & ((por_set)1 << p)))
            continue;
        if (p == 63)
            n += (size_t)snprintf(buf + n, size - n, "%s63+",
                                  first ? "" : ",");
        else
            n += (size_t)snprintf(buf + n, size - n, "%s%u",
                                  first ? "" : ",", (unsigned)p);
        first = 0;
    }
    if (n < size)
        snprintf(buf + n, size - n, "}");
    return buf;
}

/* "pid:text (line L)" of one transition, appended at buf + n. */
static size_t put_trans(const bc_program *p, uint32_t pid, uint32_t trans,
                        char *buf, size_t n, size_t size)
{
    const char *text;
    uint32_t    line;

    if (n >= size)
        return n;
    if (trans >= p->ntrans)
        return n + (size_t)snprintf(buf + n, size - n, "%u:?",
                                    (unsigned)pid);
    text = bc_trans_text(p, trans, &line);
    n += (size_t)snprintf(buf + n, size - n, "%u:", (unsigned)pid);
    for (; *text && n + 3 < size; text++)
        buf[n++] = *text == '\n' || *text == '\t' ? ' ' : *text;
    buf[n < size ? n : size - 1] = '\0';
    if (n < size)
        n += (size_t)snprintf(buf + n, size - n, " (line %u)",
                              (unsigned)line);
    return n;
}

const char *explain_step(const bc_program *p, const search_step *s,
                         char *buf, size_t size)
{
    size_t n = put_trans(p, s->pid, s->trans, buf, 0, size);

    if (s->pid2 != TS_NONE && n < size) {
        n += (size_t)snprintf(buf + n, size - n, " & ");
        put_trans(p, s->pid2, s->trans2, buf, n, size);
    }
    return buf;
}

void explain_line(por_ctx *c, uint32_t id, const char *fmt, ...)
{
    char    line[1024];
    int     n;
    va_list ap;

    if (c->xp == NULL || c->xp->explain == NULL)
        return;
    if (id == TS_NONE)
        n = snprintf(line, sizeof line, "state -: ");
    else
        n = snprintf(line, sizeof line, "state %u: ", (unsigned)id);
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    va_end(ap);
    c->xp->explain(c->xp->explain_ctx, line);
}

/* "thread 2" or "threads {1,2}". */
static const char *threads(por_set s, char *buf, size_t size)
{
    char set[256];

    if (s != 0 && (s & (s - 1)) == 0 && s != POR_SET_OTHER) {
        uint32_t p = 0;

        while (!(s & ((por_set)1 << p)))
            p++;
        snprintf(buf, size, "thread %u", (unsigned)p);
    } else {
        snprintf(buf, size, "threads %s", explain_set(s, set, sizeof set));
    }
    return buf;
}

/* The step of the current thread of frame fi (its last record taken). */
static int current_step(por_ctx *c, uint32_t fi, search_step *out)
{
    const por_frame  *f;
    const por_thread *th;

    if (fi >= c->depth)
        return -1;
    f = &c->frames[fi];
    if (f->cur < 0)
        return -1;
    th = por_thr(c, f, (uint32_t)f->cur);
    if (f->next == 0 || f->next > th->n)
        return -1;
    *out = c->succs[f->succ0 + th->first + f->next - 1].step;
    return 0;
}

/* The transition behind graph edge x leaving stored state u: u is
 * expanded again and the successor of the edge's thread that reaches
 * the edge's target is taken (an atomic chain: its first step, when the
 * thread has only one). */
static int edge_step(por_ctx *c, uint32_t u, uint32_t x, search_step *out)
{
    const por_edge *e = &c->edges[x < c->nedges ? x : 0];
    ts_succs        s;
    const uint8_t  *vec;
    const uint8_t  *dvec;
    size_t          len;
    size_t          dlen;
    int             found = -1;
    size_t          nmine = 0;
    size_t          last = 0;

    if (x >= c->nedges || u >= c->nstates || e->dst >= c->nstates)
        return -1;
    vec = ss_get(c->ss, u, &len);
    dvec = ss_get(c->ss, e->dst, &dlen);
    ts_succs_init(&s);
    ts_successors(c->t, vec, len - c->vec_extra, &s);
    for (size_t i = 0; i < s.n && found < 0; i++) {
        if (s.v[i].pid != e->pid)
            continue;
        nmine++;
        last = i;
        if (s.v[i].dst_len == dlen - c->vec_extra
            && memcmp(s.vecs + s.v[i].dst_off, dvec, s.v[i].dst_len) == 0)
            found = (int)i;
    }
    if (found < 0 && nmine == 1)
        found = (int)last;
    if (found >= 0) {
        out->pid = s.v[found].pid;
        out->trans = s.v[found].trans;
        out->pid2 = s.v[found].pid2;
        out->trans2 = s.v[found].trans2;
    }
    ts_succs_fini(&s);
    return found >= 0 ? 0 : -1;
}

/* The text of the later step of a dependency into buf. */
static void later_text(por_ctx *c, por_set add, int how, uint32_t u,
                       uint32_t x, char *buf, size_t size)
{
    search_step s;
    char        st[512];
    char        th[300];

    switch (how) {
    case EXPLAIN_TOP:
        if (current_step(c, (uint32_t)c->depth - 1, &s) == 0) {
            snprintf(buf, size, "%s",
                     explain_step(c->prog, &s, st, sizeof st));
            return;
        }
        break;
    case EXPLAIN_EDGE:
        if (edge_step(c, u, x, &s) == 0) {
            snprintf(buf, size, "%s at state %u",
                     explain_step(c->prog, &s, st, sizeof st),
                     (unsigned)u);
            return;
        }
        break;
    case EXPLAIN_PENDING: {
        const uint8_t *vec;
        size_t         len;
        uint32_t       locs[POR_MAX_LOCS];
        size_t         np;
        size_t         n = 0;

        if (u >= c->nstates)
            break;
        vec = ss_get(c->ss, u, &len);
        np = ts_proc_locs(c->t, vec, len - c->vec_extra, locs,
                          POR_MAX_LOCS);
        buf[0] = '\0';
        for (uint32_t p = 0; p < np && p < 63 && n < size; p++) {
            const bc_pcloc *l;

            if (!(add & por_bit(p)))
                continue;
            l = ts_loc(c->t, locs[p]);
            n += (size_t)snprintf(buf + n, size - n, "%sthe pending ",
                                  n ? " and " : "");
            if (l->ntrans > 0)
                n = put_trans(c->prog, p, l->first, buf, n, size);
        }
        if (n < size)
            snprintf(buf + n, size - n, " at state %u", (unsigned)u);
        return;
    }
    default:
        break;
    }
    snprintf(buf, size, "a step of %s below state %u",
             threads(add, th, sizeof th), (unsigned)u);
}

void explain_de_dep(por_ctx *c, uint32_t anc, uint32_t from, por_set add,
                    int how, uint32_t u, uint32_t x)
{
    const por_frame  *f;
    const por_thread *th;
    search_step       s;
    char              first[512];
    char              later[1024];
    char              who[300];

    if (anc >= c->depth)
        return;
    f = &c->frames[anc];
    if (!(f->flags & POR_F_IRRED) || f->cur < 0)
        return;
    th = por_thr(c, f, (uint32_t)f->cur);
    add &= ~th->dep & ~por_bit(th->pid);
    if (add == 0 || current_step(c, from, &s) != 0)
        return;
    later_text(c, add, how, u, x, later, sizeof later);
    explain_line(c, f->ref, "dependency of %s with %s adds %s to dep(%u)",
                 explain_step(c->prog, &s, first, sizeof first), later,
                 threads(add, who, sizeof who), (unsigned)th->pid);
}

void explain_dl_dep(por_ctx *c, const por_frame *f, uint32_t slot,
                    uint32_t e, por_set add, int how, uint32_t u,
                    uint32_t x)
{
    const por_thread *th = por_thr(c, f, slot);
    search_step       s = c->succs[f->succ0 + th->first].step;
    char              first[512];
    char              later[1024];
    char              who[300];

    add &= ~por_bit(th->pid);
    if (add == 0)
        return;
    for (uint32_t i = 0; i < th->n; i++)
        if (c->succs[f->succ0 + th->first + i].dst == c->edges[e].dst)
            s = c->succs[f->succ0 + th->first + i].step;
    later_text(c, add, how, u, x, later, sizeof later);
    explain_line(c, f->ref, "dependency of %s with %s adds %s to dep(%u)",
                 explain_step(c->prog, &s, first, sizeof first), later,
                 threads(add, who, sizeof who), (unsigned)th->pid);
}

void explain_backtrack(por_ctx *c, const por_frame *f, uint32_t slot,
                       int which, por_set before)
{
    const por_thread *th = por_thr(c, f, slot);
    char              a[256];
    char              b[256];
    char              d[256];

    switch (which) {
    case 'a':
        explain_line(c, f->ref, "backtrack: dep(%u) = %s has a thread not "
                     "enabled here; backtrack := safe set %s (case a)",
                     (unsigned)th->pid, explain_set(th->dep, d, sizeof d),
                     explain_set(f->safe, a, sizeof a));
        break;
    case 'b':
        explain_line(c, f->ref, "threads %s form a persistent set; stop "
                     "(case b)", explain_set(before, a, sizeof a));
        break;
    default: {
        por_set add = f->done;

        if ((th->dep & ~f->safe) == 0)
            add |= th->dep;
        add &= ~before;
        if (add == 0)
            return;
        explain_line(c, f->ref, "backtrack: dep(%u) = %s adds %s; "
                     "backtrack %s", (unsigned)th->pid,
                     explain_set(th->dep, d, sizeof d),
                     explain_set(add, a, sizeof a),
                     explain_set(before | add, b, sizeof b));
        break;
    }
    }
}

void explain_dep_set(por_ctx *c, const por_frame *f, uint32_t slot)
{
    const por_thread *th = por_thr(c, f, slot);
    char              d[256];

    if (f->flags & POR_F_FULL)
        explain_line(c, f->ref, "thread %u explored; fully expanded, no "
                     "update needed", (unsigned)th->pid);
    else
        explain_line(c, f->ref, "thread %u explored; dep(%u) = %s",
                     (unsigned)th->pid, (unsigned)th->pid,
                     explain_set(th->dep, d, sizeof d));
}
