/*
 * engine/model/ts_int.h -- private to engine/model/: the transition
 * system's state (struct ts), shared by ts.c (the system's successors,
 * firing, queries, printing) and ts_claim.c (the never claim, accept
 * and progress).  Nothing outside engine/model/ includes it
 * (tests/check-layers.sh).
 */
#ifndef SPORE_ENGINE_TS_INT_H
#define SPORE_ENGINE_TS_INT_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/model/ts.h"
#include "engine/model/vm.h"

struct ts {
    const bc_program *prog;
    vm         vm;
    vm_layout  lay;             /* of the source state */
    vm_layout  hlay;            /* of a rendezvous intermediate state */
    uint8_t   *mid;             /* the intermediate vector */
    size_t     mid_len;
    size_t     mid_cap;
    ts_access *sacc;            /* the sender's facts during a handshake */
    size_t     nsacc;
    size_t     sacc_cap;
    uint8_t   *init;            /* ts_initial's result */
    size_t     init_cap;
    int        has_timeout;     /* some code uses TIMEOUT */
    int        has_gate;        /* some transition has BC_TR_GATE */
    int        claimed;         /* a claim runs (the model's never claim
                                   or -l's) and some code uses TIMEOUT:
                                   a granted timeout is carried through
                                   its atomic sequence (carry_timeout) */
    FILE      *out;
    struct qguard *qg;          /* per transition: its leading guard */
    /* the never claim (ts_claim.c): the system's own successors,
     * a stutter vector, and "give the system's successors only" */
    ts_succs   sys;
    uint8_t   *cvec;
    size_t     cvec_cap;
    int        sys_only;
    uint32_t   ctrans;          /* the claim move being paired, or
                                   TS_NONE (ts_succ.ctrans) */
    uint8_t   *reached;         /* ts_track_locs's array, or NULL */
};

/* Checks of the bytecode's own invariants in the hot loop: only in
 * sanitizer builds or with -DVM_CHECK (as the VM's, engine/model/vm.c). */
#if defined(__SANITIZE_ADDRESS__) || defined(VM_CHECK)
#define TS_CHECK(x) assert(x)
#else
#define TS_CHECK(x) ((void)0)
#endif

/* Append one successor entry to out (ts.c's push_succ: vec may be NULL
 * with len 0 for a finding without successor, acc2 the receiver's facts
 * or NULL); the entry's ctrans is t->ctrans. */
void ts_push_succ(const ts *t, ts_succs *out, uint32_t pid, uint32_t trans,
                  uint32_t pid2, uint32_t trans2, uint32_t finding,
                  uint32_t floc, const uint8_t *vec, size_t len,
                  const ts_access *acc1, size_t n1,
                  const ts_access *acc2, size_t n2);

/* Empty out, keeping its buffers. */
void ts_succs_reset(ts_succs *s);

/* ts_successors with a never claim (ts_claim.c): each claim move
 * enabled in src paired with each of the system's successors (got by
 * ts_successors with t->sys_only set, into t->sys), or the claim's
 * stutter when the system has none.  Leaves src decoded in t->lay. */
size_t ts_claim_successors(ts *t, const uint8_t *src, size_t len,
                           ts_succs *out);

#endif /* SPORE_ENGINE_TS_INT_H */
