/*
 * engine/model/vm.h -- the bytecode interpreter: runs ONE transition.
 *
 * The VM executes the code of one transition (or an initialisation
 * sequence) of one process on a private copy of a state vector.  It never
 * chooses between transitions and knows nothing of atomic priorities,
 * else, timeout modes or rendezvous pairing: engine/model/ts.c does that and is
 * the only user of this header (the search sees only engine/model/ts.h).
 *
 * Invariants:
 *   - the source vector is never written; the work copy (vm.vec) holds the
 *     successor after VM_OK;
 *   - a vm_layout describes where each process and channel segment of a
 *     vector starts; RUN/CNEW/DIE change it while a transition runs and
 *     vm_run() restores the counts before returning, so one decoded layout
 *     serves every transition of a state;
 *   - at most one finding per run is kept (the first).
 */
#ifndef SPORE_ENGINE_VM_H
#define SPORE_ENGINE_VM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/model/bc.h"
#include "engine/model/ts.h"

/* Largest state vector the VM builds; beyond it RUN/CNEW report
 * TS_OVERFLOW. */
#define VM_MAX_VECTOR   BC_MAX_VECTOR
/* Depth of the value stack and of nested RUN initialisations. */
#define VM_STACK_MAX    512
#define VM_CALL_MAX     16

typedef enum vm_status {
    VM_OK,          /* the transition ended (GOTO/DIE); successor in vec */
    VM_BLOCKED,     /* not executable; vec is garbage */
    VM_FAIL,        /* a finding left no successor (vm.finding) */
    VM_RET          /* an initialisation sequence ended (RET) */
} vm_status;

/* Segment offsets of one vector.  poff[pid] is the offset of the process
 * segment of pid; coff[id] that of channel id (coff[0] unused). */
typedef struct vm_layout {
    uint32_t nprocs;
    uint32_t nchans;
    uint32_t poff[BC_MAX_PROCS + 1];
    uint32_t coff[BC_MAX_CHANS + 2];
} vm_layout;

typedef struct vm_frame {           /* a RUN waiting for its init code */
    uint32_t ret;                   /* code index after the RUN */
    uint32_t pid;                   /* the caller */
    uint32_t newpid;
} vm_frame;

typedef struct vm {
    const bc_program *prog;
    uint8_t   *vec;                 /* work vector, cap bytes */
    size_t     len;
    size_t     cap;
    vm_layout *lay;
    uint32_t   pid;                 /* running process, TS_NONE in init */
    uint32_t   lbase;               /* vector offset of its frame */
    int        timeout;             /* TIMEOUT pushes this */
    uint32_t   nrpr_claims;         /* claims that NRPR counts as
                                       processes, as pan does: the never
                                       claim, -l's np_ claim (vm_init: 1
                                       with a never claim, else 0) */
    uint32_t   hs_chan;             /* handshake mode: receive on this
                                       rendezvous channel only; 0: off */
    int        hs_done;             /* the handshake message was taken */
    uint32_t   rv_chan;             /* set by a SEND on a rendezvous
                                       channel: the handshake to make */
    int        dcommit;             /* DCOMMIT seen */
    uint32_t   tloc;                /* location id of the transition */
    uint32_t   tflags;              /* BC_TR_* of the transition */
    uint32_t   finding;             /* ts_finding; TS_OK if none */
    uint32_t   floc;
    FILE      *out;                 /* printf/printm; NULL: silent */
    int        nofacts;             /* 1: record no accesses (acc stays
                                       empty); 0 by default */
    ts_access *acc;                 /* dynamic facts of this run */
    size_t     nacc;
    size_t     acc_cap;
    /* the message register M (RECV) */
    uint32_t   m_chan;
    uint32_t   m_off;               /* vector offset of the head slot */
    const bc_chantype *m_ct;
    uint32_t   ncall;
    vm_frame   call[VM_CALL_MAX];
    int32_t    stack[VM_STACK_MAX];
} vm;

/* Prepare m for prog (borrowed).  vm_fini frees what the VM allocated. */
void vm_init(vm *m, const bc_program *prog);
void vm_fini(vm *m);

/* Decode the segments of vector src (len bytes) into lay.  Returns 0, or
 * -1 if the vector is malformed. */
int  vm_decode(const bc_program *prog, const uint8_t *src, size_t len,
               vm_layout *lay);

/* Run transition trans of process pid on a copy of src (len bytes, laid
 * out as lay says).  hs_chan != 0 runs it in handshake mode: only a
 * receive of the pending message of rendezvous channel hs_chan may
 * complete it.  On VM_OK the successor is m->vec[0 .. m->len), m->rv_chan
 * tells whether a rendezvous send is pending, m->finding / m->floc hold an
 * assertion violation if one happened; on VM_FAIL they hold the finding;
 * m->acc[0 .. m->nacc) are the shared objects touched. */
vm_status vm_run(vm *m, vm_layout *lay, const uint8_t *src, size_t len,
                 uint32_t pid, uint32_t trans, uint32_t hs_chan);

/* Run the code at pc with no running process on a copy of src until RET
 * (the program's init code).  Same results as vm_run. */
vm_status vm_run_init(vm *m, vm_layout *lay, const uint8_t *src,
                      size_t len, uint32_t pc);

#endif /* SPORE_ENGINE_VM_H */
