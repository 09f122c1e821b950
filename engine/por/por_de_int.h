/*
 * engine/por/por_de_int.h -- what the files of DE-S-POR and DE-JPF share
 * (private to engine/por/).
 *
 *   por_de.c       the strategy's state and the por_algo hooks: a step
 *                  taken (NOTE-DEP, then a walk when it leads to a
 *                  visited state), a state pushed (F-BLOCK), a thread
 *                  started or done, a state popped
 *   por_de_note.c  NOTE-DEP against the stack: the visible steps of the
 *                  current execution on the per-cell read and write
 *                  lists, the frames that can still learn, F-NONDET's
 *                  ps frames, the cycle fixes, and the races that cannot
 *                  happen applied per cell
 *   por_de_walk.c  the walks below a visited state: RETRAVERSE-ONCE
 *                  with its per-cell summary of what the walk met, the
 *                  summaries of closed states, and RETRAVERSE-PATHS
 *
 * por_de.c's header says how the strategy works.
 */
#ifndef SPORE_ENGINE_POR_DE_INT_H
#define SPORE_ENGINE_POR_DE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/por/por.h"
#include "engine/por/por_sum.h"

typedef struct vis {
    uint32_t from;      /* frame the step was taken from */
    uint32_t anc;       /* the stored frame it leaves; UINT32_MAX: a
                           replayed step (paths mode) */
    uint32_t label;
    uint8_t  pid, pid2;
} vis;

typedef struct clist {
    uint32_t *v;        /* vis indices, increasing */
    uint32_t  n, cap;
} clist;

typedef struct psent {  /* an irreducible frame whose current thread has
                           a disabled transition at its location
                           (F-NONDET): compared by its static facts with
                           every later step */
    uint32_t        fi;
    uint32_t        pid;
    const uint64_t *rd, *wr;
} psent;

typedef struct de {
    vis      *v;
    size_t    n, cap;
    clist    *rl, *wl;  /* per cell */
    uint32_t  g;        /* globals_size */
    size_t    ncells;
    psent    *ps;
    size_t    nps, ps_cap;
    /* a walk's summary: distinct labels met (with the threads that
     * made them), distinct locations with pending threads, then per
     * cell the threads reading / writing it */
    uint32_t *lep;      /* per label: walk epoch when met */
    por_set  *ltids;
    size_t    lcap;     /* of lep */
    size_t    ltids_cap;
    uint32_t *ltouch;
    size_t    nlt, lt_cap;
    uint32_t *locep;    /* per location */
    por_set  *lpids;
    uint32_t *loctouch;
    size_t    nloct, loct_cap;
    uint32_t *cep;      /* per cell */
    por_set  *crt, *cwt;
    uint32_t *ctouch;
    size_t    nct, ct_cap;
    uint32_t  epoch;
    /* per stored state: pending threads and their locations, cached
     * (offset + 1 into pool: count, then pid, loc pairs; 0: not yet) */
    uint32_t *pl;
    size_t    pl_cap;
    uint32_t *pool;
    size_t    npool, pool_cap;
    /* paths mode: the replay path */
    uint32_t *path;
    size_t    path_cap;
    por_mem  *mem;      /* the search's budget (c->mem): every array
                           above that grows with the search is counted */
    /* races that cannot happen (por.h, por_dl.c): the model's facts
     * (c->facts), the gate's state per frame (cached with the frame's
     * store id + 1: a function of the state), labels without the gate /
     * without _nr_pr (id + 1, 0: not made yet), and per walk the bound
     * tmax[r] under which a step of thread r met through _nr_pr can race
     * (255: any) */
    const ts_facts *fa;
    uint32_t *gdref;
    uint8_t  *gdval;
    size_t    gd_cap, gdv_cap;
    uint32_t *lstrip;   /* 3 per label: de_strip()'s */
    size_t    ls_cap;
    ts_access *abuf;
    size_t    abuf_cap;
    uint8_t   tmax[64];
    uint8_t  *lnr;      /* per label: 0 not known, 1 no _nr_pr access,
                           2 one */
    size_t    lnr_cap;
    uint16_t *etm;      /* per graph edge: its tmax bound + 1, 0: not
                           known (an edge never changes) */
    size_t    etm_cap;
    /* summaries of closed states (por_sum.c): a walk takes a closed
     * state's summary instead of walking below it; sep: per summary,
     * the walk epoch that took it already */
    por_sums *sums;
    uint32_t *sep;
    size_t    sep_cap;
    /* per summary: what a walk that met only it leaves in the cells
     * and tmax (offset + 1 into scpool, 0: not kept); a function of the
     * summary alone, so final */
    uint32_t *scoff;
    size_t    scoff_cap;
    uint64_t *scpool;
    size_t    nscpool, scpool_cap;
} de;

/* Cells: global bytes [0, g), then these (the first four are the static
 * pseudo-objects, g + BC_OBJ_*), then one per channel. */
#define C_CHSTATIC(x)  ((x)->g + 0u)    /* static facts: any channel */
#define C_NRPR(x)      ((x)->g + 1u)
#define C_TIMEOUT(x)   ((x)->g + 2u)
#define C_GATE(x)      ((x)->g + 3u)    /* the atomic gate */
#define C_CHANY(x)     ((x)->g + 4u)    /* dynamic: some channel */
#define C_CHAN(x, k)   ((x)->g + 5u + (k))

static inline por_set tids_of(uint32_t pid, uint32_t pid2)
{
    por_set t = por_bit(pid);

    if (pid2 != TS_NONE && pid2 != POR_NOPID2)
        t |= por_bit(pid2);
    return t;
}

static inline por_set vis_tids(const vis *t)
{
    return tids_of(t->pid, t->pid2);
}

/* Cell kinds (races that cannot happen: por_de_note.c). */
#define K_CELL 0        /* an ordinary cell */
#define K_GATE 1
#define K_NRPR 2

/* ------------------------------------------------ por_de_note.c */

/* Is the gate dead at the state of stack frame fi? */
int      de_gdead(de *x, por_ctx *c, uint32_t fi);
/* Label a without its gate accesses (which = 0), without its gate and
 * _nr_pr accesses (1) or without its _nr_pr accesses (2); interned once
 * per label. */
uint32_t de_strip(de *x, por_ctx *c, uint32_t a, int which);
/* Can frame fi still learn (see por_de_note.c)? */
int      de_learner(const por_ctx *c, uint32_t fi);
/* dep(s_anc, its current thread) |= add; from: the frame of the earlier
 * step (for --explain), how/u: where the later one was found. */
void     de_note(por_ctx *c, uint32_t anc, por_set add, uint32_t from,
                 int how, uint32_t u);
/* The cells of one dynamic access: [*lo, *hi), plus *extra (or
 * UINT32_MAX) for a channel's "some channel" cell. */
void     de_acc_cells(const de *x, const ts_access *a, uint32_t *lo,
                      uint32_t *hi, uint32_t *extra);
/* Push a visible step (taken from frame `from', leaving stored frame
 * anc; UINT32_MAX, UINT32_MAX: a replayed one) on the lists of its
 * label's cells / drop the entries from m up. */
void     de_vis_push(de *x, por_ctx *c, uint32_t from, uint32_t anc,
                     uint32_t pid, uint32_t pid2, uint32_t label);
void     de_vis_trunc(de *x, por_ctx *c, size_t m);
/* NOTE-DEP of a step (threads tt, label) of thread r from location li
 * (UINT32_MAX: not known) against every dependent stack step. */
void     de_note_all(de *x, por_ctx *c, por_set tt, uint32_t label,
                     int how, uint32_t u, uint32_t r, uint32_t li);
/* The same for a pending action with static facts rd/wr of thread
 * pid at location li (UINT32_MAX: not known). */
void     de_note_all_static(de *x, por_ctx *c, const uint64_t *rd,
                            const uint64_t *wr, uint32_t pid, uint32_t u,
                            uint32_t li);
/* Drop the ps frames from fi up. */
void     de_ps_trunc(de *x, uint32_t fi);
/* A step (tids tt, label; thread r from location li, UINT32_MAX: not
 * known) against the disabled siblings of the ps frames. */
void     de_ps_note(de *x, por_ctx *c, por_set tt, uint32_t label,
                    uint32_t from, uint32_t r, uint32_t li);
/* The cycle fix for the irreducible frames in [j, k). */
void     de_stack_fix(por_ctx *c, uint32_t j, uint32_t k);

/* ------------------------------------------------ por_de_walk.c */

/* The pending threads of stored state u with their locations: a cached
 * list (count, then pid, loc pairs). */
const uint32_t *de_pend_locs_fill(de *x, por_ctx *c, uint32_t u)
    __attribute__((noinline));

static inline const uint32_t *de_pend_locs(de *x, por_ctx *c, uint32_t u)
{
    if (u < x->pl_cap && x->pl[u] != 0)     /* the walks' common case */
        return x->pool + x->pl[u] - 1;
    return de_pend_locs_fill(x, c, u);
}

/* How many entries of list l of cell sc can learn (the gate's cell: up
 * to the first whose state has a dead gate). */
uint32_t de_gate_live_end(de *x, por_ctx *c, uint32_t sc, const clist *l);
/* RETRAVERSE-ONCE(u0) against every visible stack step. */
void     de_retraverse(de *x, por_ctx *c, uint32_t u0);
/* RETRAVERSE-PATHS(u0); -1 when a path meets the stack or repeats a
 * state (a cycle). */
int      de_retraverse_paths(de *x, por_ctx *c, uint32_t u0);

#endif /* SPORE_ENGINE_POR_DE_INT_H */
