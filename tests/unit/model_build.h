/*
 * tests/unit/model_build.h -- what the two files of tests/unit/test_model
 * share: a tiny builder (pb_*) that makes bc_programs without the front
 * end (globals of a given size, proctypes with locations and
 * transitions, code emitted instruction by instruction), and a fixture
 * (fx_*) that walks one program's states with ts_initial and
 * ts_successors.  Test helpers: a failed check is a CUnit failure
 * (CU_ASSERT_FATAL ends the test).
 */
#ifndef SPORE_TESTS_UNIT_MODEL_BUILD_H
#define SPORE_TESTS_UNIT_MODEL_BUILD_H

#include <stddef.h>
#include <stdint.h>

#include <CUnit/Basic.h>

#include "engine/model/bc.h"
#include "engine/model/ts.h"

/* ------------------------------------------------------------ builder */

/* Room in a program made by pb_new (it does not grow). */
enum { PB_CODE = 1024, PB_TRANS = 128, PB_LOCS = 128, PB_PROCS = 8,
       PB_CTYPES = 4, PB_STRINGS = 16 };

/* A program with globals_size bytes of globals, no proctype yet, four
 * source locations test.pml:1..4 and one string "stmt"; free with
 * pb_free. */
bc_program *pb_new(uint32_t globals_size);

/* Append one instruction; returns its index. */
uint32_t    pb_emit(bc_program *p, unsigned op, unsigned t, unsigned a,
                    int32_t b, int32_t c);

#define E(p, op, t, a, b, c)  pb_emit((p), BC_##op, (t), (a), (b), (c))
#define K(p, v)               E(p, PUSHK, 0, 0, (v), 0)
#define LG(p, off)            E(p, LOADG, BC_T_BYTE, 0, (off), 0)
#define SG(p, off)            E(p, STOREG, BC_T_BYTE, 0, (off), 0)
#define GO(p, loc)            E(p, GOTO, 0, 0, (loc), 0)

/* A proctype with nlocs locations; its init code is a bare RET. */
uint32_t    pb_proc(bc_program *p, const char *name, uint32_t frame,
                    uint32_t nlocs);
void        pb_flags(bc_program *p, uint32_t proc, uint32_t loc,
                     uint32_t flags);
/* Begin a transition; emit its code next, then pb_end().  Transitions of
 * one location must be added together. */
uint32_t    pb_trans(bc_program *p, uint32_t proc, uint32_t src,
                     uint32_t dst, uint32_t flags);
void        pb_end(bc_program *p, uint32_t tr);
/* A location that is a valid end: the process's DIE. */
void        pb_die(bc_program *p, uint32_t proc, uint32_t loc);
/* A channel type of nf fields of the given types (borrowed). */
uint32_t    pb_chantype(bc_program *p, uint32_t cap, uint32_t nf,
                        const uint8_t *types);
void        pb_free(bc_program *p);
/* BC_TR_ATOMIC on every transition into a location with BC_L_ATOMIC
 * (what the front end computes); fx_start calls it. */
void        pb_atomic_flags(bc_program *p);
/* The init code: "run" each of the first n proctypes in order, dropping
 * the pids. */
void        pb_init_runs(bc_program *p, uint32_t n);

/* Rendezvous: S (pid 0) sends c!5, inside atomic if satomic; nrecv
 * receivers R (atomic receive if ratomic) take it into G[1 + k]. */
bc_program *pb_rv_model(int satomic, int ratomic, int nrecv);

/* ------------------------------------------------------------ fixture */

typedef struct fx {
    bc_program    *p;
    ts            *t;
    ts_succs       s;
    const uint8_t *v0;
    size_t         len0;
    uint8_t        cur[1024];
    size_t         curlen;
} fx;

/* Take p (freed by fx_stop), make its transition system and start in
 * its initial state. */
void             fx_start(fx *f, bc_program *p);
/* The successors of the current state, into f->s; returns how many. */
size_t           fx_succ(fx *f);
/* The vector of successor k. */
const uint8_t   *fx_dst(const fx *f, size_t k);
/* Move to successor k. */
void             fx_take(fx *f, size_t k);
void             fx_stop(fx *f);
/* The access of successor k to object id of the given kind, or NULL. */
const ts_access *fx_find_acc(const fx *f, size_t k, unsigned kind,
                             uint32_t id);

#define G0 BC_HDR_SIZE          /* offset of G in a vector */

/* The suites of model_ts.c (ts.rules and ts.io), run by test_model.c. */
extern CU_TestInfo model_ts_rules_tests[];
extern CU_TestInfo model_ts_io_tests[];

#endif /* SPORE_TESTS_UNIT_MODEL_BUILD_H */
