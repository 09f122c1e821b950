/*
 * engine/model/ts.h -- the transition system: the search's one door to the model.
 *
 * The search and the partial order reductions see the model only through
 * this interface: an initial state, and for any state its successors,
 * each labelled with the process ("thread") that moved, the transition
 * taken, its static facts (bc_reads/bc_writes of the program) and its
 * dynamic facts (the concrete shared objects it read and wrote).  The VM
 * stays behind it.
 *
 * Promela's global rules are applied here, so that a successor list is a
 * function of the state alone:
 *   - atomic: when the vector's atomic owner can move, only it moves;
 *   - else: enabled iff no other transition of the same location is;
 *   - timeout: true only when no process can move otherwise;
 *   - rendezvous: a send on a [0] channel executes together with one
 *     matching receive of another process, as one successor (one for each
 *     receiver that can take it);
 *   - process death: the DIE transition of the last process;
 *   - a never claim (bc_program.has_claim) moves in lock step: each
 *     successor is a pair (a move of the claim, evaluated on src, and a
 *     system step; the claim alone when the system has none), none when
 *     the claim has no move, and a move into the claim's closing brace
 *     is the TS_CLAIM_END finding; while an atomic sequence runs the
 *     claim waits (ts.c says why, with pan's counts).
 * A process may have several enabled transitions (nondeterminism inside a
 * process); "expanding a thread" means taking all of them.
 */
#ifndef SPORE_ENGINE_TS_H
#define SPORE_ENGINE_TS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/model/bc.h"

typedef struct ts ts;               /* opaque: a program and its VM */

#define TS_NONE UINT32_MAX

/* A concrete shared object touched by an executed step. */
typedef enum ts_obj_kind {
    TS_OBJ_GLOBAL,      /* id: byte offset in G; width: bytes */
    TS_OBJ_CHAN,        /* id: channel id */
    TS_OBJ_NRPR,        /* the set of processes */
    TS_OBJ_TIMEOUT,     /* the "no one can move" condition */
    TS_OBJ_GATE         /* whether a blocked atomic owner can move on
                           (bc.h, BC_OBJ_GATE): in a model with a gate,
                           every step reads it and the steps of
                           BC_TR_GATE transitions write it */
} ts_obj_kind;

typedef struct ts_access {
    uint8_t  kind;      /* ts_obj_kind */
    uint8_t  write;     /* 1: written (a write also counts as a read) */
    uint16_t width;
    uint32_t id;
} ts_access;

/* Findings a transition can raise. */
typedef enum ts_finding {
    TS_OK = 0,
    TS_ASSERT,          /* assertion violated (the successor exists) */
    TS_BOUNDS,          /* array index out of bounds (no successor) */
    TS_DIVZERO,         /* division by zero (no successor) */
    TS_BADCHAN,         /* use of an uninitialised channel (no successor) */
    TS_DSTEP_BLOCK,     /* d_step blocked after its first statement */
    TS_OVERFLOW,        /* state vector too large / too many channels */
    TS_RV_DSTEP,        /* rendezvous send inside a d_step (pan:
                           "rv-attempt in d_step"; no successor) */
    TS_BADMSG,          /* a send or receive whose number of fields is
                           not the channel's (a channel the compiler
                           could not follow; no successor) */
    TS_CLAIM_END        /* the never claim reached its closing brace (a
                           safety property violated; no successor) */
} ts_finding;

/* One successor. */
typedef struct ts_succ {
    uint32_t pid;       /* the process that moved (the sender in a
                           rendezvous) */
    uint32_t trans;     /* its transition (index into prog->trans) */
    uint32_t pid2;      /* rendezvous receiver, or TS_NONE */
    uint32_t trans2;    /* its transition, or TS_NONE */
    uint32_t finding;   /* ts_finding */
    uint32_t floc;      /* location id of the finding */
    uint32_t dst_off;   /* successor vector: vecs + dst_off, dst_len bytes;
                           dst_len is 0 when a finding left no successor */
    uint32_t dst_len;
    uint32_t acc_off;   /* dynamic facts: accs + acc_off, nacc records */
    uint32_t nacc;
    uint32_t ctrans;    /* with a never claim: the claim's transition
                           taken with this step (ts.c); else TS_NONE */
} ts_succ;

/* A successor list.  Owned by the caller (ts_succs_init / _fini), filled
 * by ts_successors(); reusable. */
typedef struct ts_succs {
    ts_succ   *v;
    size_t     n, cap;
    uint8_t   *vecs;
    size_t     vecs_len, vecs_cap;
    ts_access *accs;
    size_t     naccs, accs_cap;
    int        timeout;     /* 1: the list was made in timeout mode */
    int        atomic;      /* 1: only the atomic owner moved */
} ts_succs;

void ts_succs_init(ts_succs *s);
void ts_succs_fini(ts_succs *s);

/* Create a transition system over prog (borrowed; must outlive it).
 * Returns NULL when out of memory. */
ts  *ts_new(const bc_program *prog);
void ts_free(ts *t);

const bc_program *ts_program(const ts *t);

/* Build the initial state.  Returns the vector (borrowed, valid until the
 * next call on t) and its length; NULL with *finding set when building it
 * failed (e.g. an assertion or bad index in a global initialiser). */
const uint8_t *ts_initial(ts *t, size_t *len, ts_finding *finding,
                          uint32_t *floc);

/* All successors of the state src (len bytes), sorted by pid then
 * transition (with a never claim: so for each claim move in the claim's
 * order, ts_succ.ctrans).  Returns the number of successors (0: no
 * process can move).  out is reset first. */
size_t ts_successors(ts *t, const uint8_t *src, size_t len, ts_succs *out);

/* A state with no successor: is it a valid end state?  (Every process is
 * at a location with BC_L_END; with require_empty_chans, every channel
 * is also empty, as SPIN's -q.) */
int  ts_valid_end(const ts *t, const uint8_t *src, size_t len,
                  int require_empty_chans);

/* Decoding a state for printing. */
uint32_t ts_nprocs(const uint8_t *src);
/* proctype and pc of process pid; returns 0, or -1 if no such pid. */
int  ts_proc_info(const ts *t, const uint8_t *src, size_t len, uint32_t pid,
                  uint32_t *proctype, uint32_t *pc);
/* The control location of every process of src, as an index into
 * prog->pclocs (procs[proctype].loc0 + pc), in pid order.  Fills at most
 * max entries of locs and returns the number of processes. */
size_t ts_proc_locs(const ts *t, const uint8_t *src, size_t len,
                    uint32_t *locs, size_t max);
/* Print the variables of a state ("name = value" lines; globals, then
 * each process's locals, then channel contents).  When prev is not NULL,
 * print only what differs from prev ("x: 0 -> 1"). */
void ts_print_state(const ts *t, const uint8_t *src, size_t len,
                    const uint8_t *prev, size_t prev_len, FILE *out);

/* Channels of a state, for the replay views (message sequence charts).
 * ts_nchans: the number of channels of src (ids 1..n).  ts_chan_len: the
 * number of messages channel chan holds, its capacity in *cap when cap
 * is not NULL (0: rendezvous); -1 when src has no such channel.
 * ts_print_msg: message k (0: the oldest) of channel chan as "f1,f2"
 * (mtype values by name); 0, or -1 when there is no such message. */
uint32_t ts_nchans(const uint8_t *src);
int  ts_chan_len(const ts *t, const uint8_t *src, size_t len, uint32_t chan,
                 uint32_t *cap);
int  ts_print_msg(const ts *t, const uint8_t *src, size_t len,
                  uint32_t chan, uint32_t k, FILE *out);

/* The value of element elem of the global variable v (an entry of
 * prog->globals) in the state src (len bytes), as ts_print_state reads
 * it; 0 when elem or the variable lies outside the vector.  For
 * --outcomes (engine/out/outcome.c). */
int32_t ts_global_value(const uint8_t *src, size_t len, const bc_var *v,
                        uint32_t elem);
/* Print the value v of a variable with BC_V_* flags as ts_print_state
 * does (an mtype name for BC_V_MTYPE, else decimal). */
void ts_put_value(const bc_program *p, int32_t v, unsigned flags, FILE *out);

/* Simulation and replay: where model printf/printm output goes (NULL: it
 * is discarded, the default during a search). */
void ts_set_output(ts *t, FILE *out);

/* Whether successors carry their dynamic facts (on, the default).  A
 * search that never reads ts_succ.acc_off/nacc (e.g. --por=none) may
 * turn them off: every later successor then has nacc == 0, and the VM
 * records nothing (about 4% fewer instructions per state on
 * beem/peterson.4).  Static facts (bc_reads/bc_writes) are unaffected. */
void ts_set_facts(ts *t, int on);

/* Execute one chosen transition of the state src, as a successor of
 * ts_successors() would (same else / timeout / atomic rules), with model
 * output going to the stream given to ts_set_output().  For replay and
 * simulation.  trans2 is the receiver's transition of a rendezvous (its
 * process is the lowest pid that can take it; see ts_fire_pair), or
 * TS_NONE.  Returns 0 and fills out with that single successor, or -1
 * (out is then unspecified) if the transition is not enabled in src. */
int  ts_fire(ts *t, const uint8_t *src, size_t len, uint32_t pid,
             uint32_t trans, uint32_t trans2, ts_succs *out);

/* As ts_fire, naming the rendezvous receiver's pid too (pid2, or
 * TS_NONE for "any"), so that replay is exact when several instances of
 * one proctype could take the message. */
int  ts_fire_pair(ts *t, const uint8_t *src, size_t len, uint32_t pid,
                  uint32_t trans, uint32_t pid2, uint32_t trans2,
                  ts_succs *out);

/* ------------------------------------------- for the search and the
 * reductions: what they may know of a vector and of the program's
 * locations, so that nothing outside engine/model reads the vector
 * header (BC_HDR_*), prog->trans or prog->pclocs. */

/* The atomic owner of state src: pid + 1 of the process whose atomic
 * sequence the last move left unfinished, 0 when none.  A successor with
 * an owner is a move inside an atomic sequence (the search does not
 * store it while the owner can go on). */
static inline uint32_t ts_atomic_owner(const uint8_t *src)
{
    return src[BC_HDR_ATOMIC];
}

/* Clear the atomic owner of src in place: the owner is blocked, so every
 * process may move, and the state is stored as pan stores it (without
 * an owner). */
static inline void ts_atomic_release(uint8_t *src)
{
    src[BC_HDR_ATOMIC] = 0;
    src[BC_HDR_TIMEOUT] = 0;
}

/* For an invalid end state: the location id (prog->locs) of the first
 * process, in pid order, that is not at a valid end location (BC_L_END);
 * TS_NONE when every process is (e.g. -q and a channel not empty). */
uint32_t ts_blocked_loc(const ts *t, const uint8_t *src, size_t len);

/* The control locations of the program (prog->pclocs), numbered
 * 0..ts_nlocs()-1: the numbers ts_proc_locs() gives. */
uint32_t ts_nlocs(const ts *t);
/* From now on, set reached[loc] to 1 for the location of every process
 * ts_successors() looks at (every process of the state, or the atomic
 * owner alone when it can move): the locations the search reached, for
 * pan's "unreached in proctype" (engine/out/unreached.c).  reached has
 * ts_nlocs() bytes and is borrowed until the next call; NULL stops. */
void     ts_track_locs(ts *t, uint8_t *reached);
/* The location a transition starts from (procs[proc].loc0 + src). */
uint32_t ts_trans_loc(const ts *t, uint32_t trans);
/* The location it leads to (procs[proc].loc0 + dst; for a death, its
 * own), TS_NONE when that is not a location of its proctype. */
uint32_t ts_trans_dst(const ts *t, uint32_t trans);
/* The location's record: its flags (BC_L_*), its location id and its
 * transitions (first, ntrans into prog->trans). */
const bc_pcloc *ts_loc(const ts *t, uint32_t loc);

/* Liveness (issue 12).  ts_accepting: is src an accepting state: with
 * a never claim, the claim at a location with an accept label; without
 * one, some process at such a location.  ts_progress: is some process
 * of src at a location with a progress label (pan's np_ is its
 * negation)? */
int  ts_accepting(const ts *t, const uint8_t *src, size_t len);
/* The location id (prog->locs) of the accept label that makes src
 * accepting, TS_NONE when src is not accepting. */
uint32_t ts_accept_loc(const ts *t, const uint8_t *src, size_t len);
int  ts_progress(const ts *t, const uint8_t *src, size_t len);

/* _nr_pr counts the claims as processes, as pan does: the never claim
 * (always, from ts_new on) and, after ts_set_np_claim(t, 1), the
 * non-progress claim pan adds under -l (pan -DNP).  A search for
 * non-progress cycles turns it on before its first successor (and leaves
 * it on for its trail), and so does the replay of its trail: otherwise
 * `_nr_pr == 1' means something else to spore than to pan
 * (tests/live/nrpr_np.pml). */
void ts_set_np_claim(ts *t, int on);

/* ------------------------------------- static facts per location
 * For the partial order reductions (engine/model/facts.c): what each
 * control location's transitions may read and write, from the static
 * sets of frontend/deps.c (bc_reads/bc_writes), so that engine/por
 * reads them here instead of walking prog->trans and prog->pclocs.
 * Locations are numbered as ts_proc_locs() and ts_nlocs() number them;
 * transitions as ts_succ.trans.  A static set is nwords uint64_t words
 * (bit b: object b, the numbering of bc.h: global bytes, then the
 * BC_OBJ_* pseudo-objects); a per-location set of location li is at
 * [li * nwords].  Every array has at least one element. */
typedef struct ts_facts {
    uint32_t  nlocs;        /* locations: ts_nlocs() */
    uint32_t  ntrans;       /* transitions */
    uint32_t  nwords;       /* words of one static set */
    uint64_t *loc_rd;       /* union of the reads of li's transitions */
    uint64_t *loc_wr;       /* ... and of their writes */
    uint8_t  *loc_invis;    /* li has a transition, and each is
                               invisible (bc_trans_invisible) and none
                               is atomic, a timeout or a death */
    uint32_t *loc_first;    /* li's transitions: loc_first[li] .. */
    uint32_t *loc_ntrans;   /* ... loc_first[li] + loc_ntrans[li] - 1 */
    uint32_t *trans_loc;    /* per transition: its location */
    /* F-STACK-STATIC: the union over every location li's proctype can
     * reach from li (li included), whether a `run' is reachable, and
     * the facts of every proctype some `run' can start */
    uint64_t *reach_rd;
    uint64_t *reach_wr;
    uint8_t  *reach_run;
    uint64_t *spawn_rd;     /* one set */
    uint64_t *spawn_wr;
    int       has_run;      /* some transition runs a process */
    int       uses_timeout; /* some transition uses timeout */
    /* races that cannot happen (DL, DE: engine/por/por_dl.c gives the
     * argument) */
    uint8_t  *nrpr_max;     /* per location: the largest _nr_pr with
                               which some transition there can be taken
                               (255: no bound) */
    uint8_t  *die_only;     /* per location: it has a transition, and
                               each is a death */
    uint8_t  *gate_live;    /* per location: an atomic owner can be, or
                               come to be, blocked half way there (a
                               location from which the proctype can
                               reach the target of an atomic transition
                               whose every transition may block) */
    int       gate_model;   /* some transition writes the atomic gate
                               (BC_TR_GATE) */
    int       spawn_gate;   /* some `run' starts a proctype whose start
                               is gate_live */
} ts_facts;

/* The static facts of prog, computed once (a fixpoint over each
 * proctype's control flow: linear in the program times its longest
 * path).  Owned by the caller; ts_facts_free() frees (NULL: no-op).
 * Exits (xalloc) when out of memory, as the program's own tables. */
ts_facts *ts_facts_new(const bc_program *prog);
void      ts_facts_free(ts_facts *f);

/* Words of one static set of prog (bc_reads/bc_writes). */
static inline uint32_t ts_set_words(const bc_program *prog)
{
    return prog->nwords;
}

/* The bits [*lo, *hi) of prog's static sets that stand for the object
 * the dynamic access x touched (a global's bytes, or the pseudo-object
 * of its kind), cut at the number of objects: how a dynamic label is
 * compared with static facts (engine/por, F-NONDET and the pending
 * conflicts). */
static inline void ts_access_bits(const bc_program *prog,
                                  const ts_access *x, uint32_t *lo,
                                  uint32_t *hi)
{
    uint32_t g = prog->globals_size;

    switch (x->kind) {
    case TS_OBJ_GLOBAL:
        *lo = x->id;
        *hi = x->id + x->width;
        break;
    case TS_OBJ_CHAN:    *lo = g + BC_OBJ_CHANS; *hi = *lo + 1; break;
    case TS_OBJ_NRPR:    *lo = g + BC_OBJ_NRPR; *hi = *lo + 1; break;
    case TS_OBJ_GATE:    *lo = g + BC_OBJ_GATE; *hi = *lo + 1; break;
    default:             *lo = g + BC_OBJ_TIMEOUT; *hi = *lo + 1; break;
    }
    if (*hi > prog->nobjects)
        *hi = prog->nobjects;
}

#endif /* SPORE_ENGINE_TS_H */
