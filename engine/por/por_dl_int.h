/*
 * engine/por/por_dl_int.h -- what the files of DL-S-POR and DL-JPF share
 * (private to engine/por/).
 *
 *   por_dl.c       the strategy: UPDATE, the walks of DEPS(s, p), the
 *                  short-cuts O2-O5, the cycle fixes, the por_algo
 *                  hooks, and the races that cannot happen
 *                  (por_gate_dead, with the soundness argument)
 *   por_dl_memo.c  the walk memo: what a walk asks of a state, an edge
 *                  and a closed state's summary, memoised per walk and
 *                  across walks, and --explain's account of a summary
 *
 * The memo changes no answer, only how often the same static test is
 * evaluated (por_dl_memo.c says why each kept answer is final).
 */
#ifndef SPORE_ENGINE_POR_DL_INT_H
#define SPORE_ENGINE_POR_DL_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/por/por.h"
#include "engine/por/por_sum.h"

/* The answers of the walk memo (por_dl_memo.c). */
#define M_REACH   0x1u  /* a location's reachable facts conflict */
#define M_PEND    0x2u  /* a location's own facts conflict (F-BLOCK) */
#define M_PENDN   0x4u  /* ... only through _nr_pr (see "races that
                           cannot happen" in por_dl.c) */
#define M_LAB     0x1u  /* a label conflicts with the step */
#define M_LABN    0x2u  /* ... only through _nr_pr */

typedef struct dl_memo_ent {
    uint32_t stamp;
    uint32_t bits;
} dl_memo_ent;

/* Answers across walks: the static facts of a location and the accesses
 * of an interned label never change, so the answer for (step label a,
 * location sli whose facts are srd/swr or none, location or label x) is
 * final once computed; this table keeps them for good. */
typedef struct dl_fact {
    uint64_t key;       /* a << 32 | (sli + 1), 0 for no srd */
    uint32_t x;         /* location, or label | DL_LABEL */
    uint32_t bits;      /* M_* | DL_FULL */
} dl_fact;

#define DL_LABEL 0x80000000u
#define DL_FULL  0x80000000u    /* the slot holds an answer */

/* A state's locations, interned: most states share them with many
 * others, and what a walk asks of a state depends only on them (and on
 * the state's F-BLOCK mask, applied after).  tup[u] is final: a stored
 * state's vector never changes and store ids are not reused while the
 * search (and this memo, made and freed with it) lives. */
typedef struct dl_tuple {
    uint32_t off;       /* first location in tpool */
    uint32_t np;        /* processes */
    uint64_t hash;
    uint32_t stamp;     /* the walk that filled r, q */
    por_set  r;         /* dl_memo_state's reach */
    por_set  q;         /* threads whose location has M_PEND */
} dl_tuple;

/* dl_memo_state's answers across walks: (step label a, location sli, thread
 * except, tuple) -> (r, q), final for the same reason as dl_fact.  The
 * table stops growing at DL_TMEMO_MAX entries or when the memory budget
 * would be passed (it is a cache: a missing entry is recomputed). */
typedef struct dl_tmemo {
    uint64_t key;       /* dl_memo.key */
    uint32_t tid;       /* tuple id, 0: empty slot */
    uint32_t pid;       /* the walk's thread */
    por_set  r;
    por_set  q;
} dl_tmemo;

#define DL_TMEMO_MAX ((size_t)1 << 21)

/* dl_sum_eval's answers across walks: (the walk's key, summary, thread)
 * -> the threads the summary adds (see "summaries of closed states" in
 * por_dl.c). */
typedef struct dl_sres {
    uint64_t key;       /* the walk's dl_memo.key */
    uint32_t sid1;      /* summary id + 1; 0: empty slot */
    uint32_t pid;
    por_set  res;
} dl_sres;

#define DL_SRES_MAX ((size_t)1 << 20)

typedef struct dl_memo {
    dl_tmemo    *tm;        /* open addressing, power-of-two capacity */
    size_t       ntm, tm_cap;
    uint32_t    *tup;       /* per stored state: tuple id + 1, 0: not
                               yet interned (or could not be) */
    size_t       tup_cap;
    dl_tuple    *tuples;    /* id 0 unused */
    size_t       ntuples, tuples_cap;
    uint32_t    *tpool;
    size_t       ntpool, tpool_cap;
    por_slots    tslots;    /* tuple ids */
    dl_fact     *facts;     /* open addressing, power-of-two capacity */
    size_t       nfacts, facts_cap;
    uint64_t     key;       /* the current walk's */
    dl_memo_ent *loc;       /* per location index (por_thread_loc) */
    size_t       loc_cap;
    dl_memo_ent *lab;       /* per label id */
    size_t       lab_cap;
    uint32_t     stamp;     /* the current walk's */
    /* the current walk's step */
    uint32_t        a;
    const uint64_t *srd;
    const uint64_t *swr;
    int             spawn;  /* a `run' could start a conflicting
                               process (-1: not computed yet) */
    /* the step as the walk compares it: a1, srd1/swr1 without the gate
     * when the gate is dead at the walk's root; a2, srd2/swr2 also
     * without _nr_pr (see "races that cannot happen") */
    uint32_t        a1, a2;
    const uint64_t *srd1, *swr1, *srd2, *swr2;
    uint64_t       *sbuf;   /* 4 * nwords: the stripped copies */
    ts_access      *abuf;
    size_t          abuf_cap;
    por_sums       *sums;   /* summaries of closed states */
    uint32_t       *sstamp; /* per summary: the walk that computed sres */
    por_set        *sres;
    size_t          sst_cap, sres_cap;
    dl_sres        *rm;     /* dl_sum_eval's answers across walks */
    size_t          nrm, rm_cap;
} dl_memo;

/* A new memo (and summaries) for the search of c; dl_memo_free frees
 * (NULL: no-op).  Exits (xalloc) when even that cannot be had. */
dl_memo *dl_memo_new(por_ctx *c);
void     dl_memo_free(dl_memo *m);

/* Start a walk comparing with step a (and srd/swr of location sli, or
 * NULL); gdead: the gate is dead at the walk's root. */
void     dl_memo_begin(por_ctx *c, dl_memo *m, uint32_t a, size_t sli,
                       const uint64_t *srd, const uint64_t *swr,
                       int gdead);
/* At stored state u, for the current walk (step a of thread except):
 * *reach := por_reach_conflicts(c, u, a, srd, swr, except) and *pend :=
 * por_pending_conflicts2(c, u, c->pend[u], a, srd, swr, except), from
 * one reading of u's locations. */
void     dl_memo_state(por_ctx *c, dl_memo *m, uint32_t u, uint32_t except,
                       por_set *reach, por_set *pend);
/* The M_LAB/M_LABN bits of label x for the current walk. */
uint32_t dl_memo_lab(por_ctx *c, dl_memo *m, uint32_t x);
/* Can the step of edge x (at stored state u) happen before the walk's
 * thread p takes its step (see "races that cannot happen" in
 * por_dl.c)?  1 when not known. */
int      dl_edge_can_race(por_ctx *c, const dl_memo *m, uint32_t u,
                          const por_edge *x, uint32_t p);
/* The threads that the items of summary sid add to the current walk's
 * dep set (thread pid, bit pb). */
por_set  dl_sum_eval(por_ctx *c, dl_memo *m, uint32_t sid, uint32_t pid,
                     por_set pb);
/* --explain: the items of summary sid that add threads outside D to
 * dep(pid), each told as the walk would tell it (the edge or pending
 * thread of a state that has it), after a line naming the summary. */
void     dl_explain_sum(por_ctx *c, dl_memo *m, const por_frame *f,
                        uint32_t slot, uint32_t e, uint32_t u,
                        uint32_t sid, uint32_t pid, por_set D);

#endif /* SPORE_ENGINE_POR_DL_INT_H */
