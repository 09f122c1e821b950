/*
 * engine/model/bc.h -- the compiled model: spore's transition system in bytecode.
 *
 * The front end (frontend/) builds a bc_program; from then on it is
 * immutable and shared read-only by the VM, the search and the trail
 * printer.  It carries everything the engine needs to print
 * file:line:col, so the engine never sees the AST.
 *
 * THE STATE VECTOR (variable length, little-endian):
 *
 *   [0]  u8   number of processes (_nr_pr)
 *   [1]  u8   number of channels
 *   [2]  u8   atomic owner: pid + 1 of the process that is inside an
 *             atomic sequence and may keep the CPU, 0 for none
 *   [3]  u8   1 while an atomic sequence entered under a granted timeout
 *             runs under a never claim (engine/model/ts.c, the carried
 *             timeout); else 0
 *   [4 .. 4 + globals_size)   the globals block G
 *   then segments, in creation order:
 *     process:  [u8 proctype] [u16 pc] [frame: frame_size bytes]
 *     channel:  [u8 0x80 | chantype] [len] [max(cap,1) * msg_size]
 *               len is u8 when cap < 256, u16 from 256 on (as pan's Qlen)
 *
 * Segment order: the global channels first (nglobal_chans), then each
 * process followed by the nchans channels its init code creates.  With
 * at most BC_TAG_PROCS proctypes a proctype byte is below 0x80 and the
 * first byte tells the two kinds apart; with more (up to 256) a process
 * byte may have the top bit set, and the position alone says which
 * segment is a channel (bc_seg_is_chan).  Either way the bytes written
 * are the same.
 *
 * The i-th process segment is the process with pid i; the j-th channel
 * segment is the channel with id j + 1 (0 is "no channel").  Processes are
 * created by RUN and removed by DIE only when they are the last process,
 * so pids are reused in LIFO order as in SPIN.  Channels declared in a
 * proctype are created right after its segment (by its init code) and are
 * removed with it.  Unused message slots and unused bytes are zero, so
 * equal states have equal vectors.
 *
 * Values are stored with the width of their type: bit/bool/byte/mtype/
 * chan/pid one byte (unsigned), short two (signed), int four (signed).
 *
 * TRANSITIONS: each proctype is a control-flow automaton.  Its locations
 * (bc_pcloc) are numbered 0..nlocs-1 within the proctype (this number is
 * the pc stored in the vector); each location has a contiguous run of
 * outgoing transitions (bc_trans).  A transition is one code sequence:
 * it may BLOCK (not executable: the VM discards its work), and it ends in
 * GOTO (new pc) or DIE.  atomic sequences are chains of transitions whose
 * inner locations carry BC_L_ATOMIC; a d_step is one transition.
 */
#ifndef SPORE_ENGINE_BC_H
#define SPORE_ENGINE_BC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------ opcodes */

/* Flags of an opcode (opcodes.def). */
#define BC_F_GREAD    0x001u  /* reads the globals block */
#define BC_F_GWRITE   0x002u  /* writes the globals block */
#define BC_F_RANGE    0x004u  /* indexed: static range [b, b + c) */
#define BC_F_CHAN_R   0x008u  /* reads a channel */
#define BC_F_CHAN_W   0x010u  /* writes a channel (and reads it) */
#define BC_F_NRPR_R   0x020u  /* reads _nr_pr */
#define BC_F_NRPR_W   0x040u  /* changes the set of processes */
#define BC_F_TIMEOUT  0x080u  /* reads the timeout condition */
#define BC_F_JUMP     0x100u  /* b is a code index */
#define BC_F_END      0x200u  /* ends the transition */
#define BC_F_FAIL     0x400u  /* can end in a finding */

typedef enum bc_opcode {
#define OP(name, operands, pops, pushes, flags) BC_##name,
#include "engine/model/opcodes.def"
#undef OP
    BC_NUM_OPCODES
} bc_opcode;

typedef struct bc_opinfo {
    const char *name;
    const char *operands;
    int         pops;       /* -1: depends on the operands */
    int         pushes;
    unsigned    flags;
} bc_opinfo;

/* The table made from opcodes.def, indexed by bc_opcode. */
extern const bc_opinfo bc_opinfos[BC_NUM_OPCODES];

/* Value types (the t operand). */
typedef enum bc_type {
    BC_T_BIT,           /* 1 byte, 0..1 */
    BC_T_BYTE,          /* 1 byte, 0..255 */
    BC_T_SHORT,         /* 2 bytes, signed */
    BC_T_INT            /* 4 bytes, signed */
} bc_type;

/* Bytes taken by a value of type t. */
static inline unsigned bc_type_size(unsigned t)
{
    return t == BC_T_SHORT ? 2u : t == BC_T_INT ? 4u : 1u;
}

/* One instruction; read fields through these names only. */
typedef struct bc_insn {
    uint8_t  op;        /* bc_opcode */
    uint8_t  t;         /* bc_type, or 0 */
    uint16_t a;         /* small operand */
    int32_t  b;         /* constant, offset or jump target */
    int32_t  c;         /* location id, or a third operand */
} bc_insn;              /* 12 bytes */

/* ----------------------------------------------------- the vector */

#define BC_HDR_NPROCS   0
#define BC_HDR_NCHANS   1
#define BC_HDR_ATOMIC   2
#define BC_HDR_TIMEOUT  3
#define BC_HDR_SIZE     4
#define BC_PROC_HDR     3   /* proctype byte + u16 pc */
/* a channel's header: tag byte + length (bc_chan_hdr: 2 or 3 bytes) */
#define BC_CHAN_TAG     0x80
#define BC_TAG_PROCS    128 /* up to this many proctypes, the tag decides */
#define BC_MAX_PROCTYPES 256 /* a proctype is one byte (init included) */
#define BC_MAX_CHANTYPES 128 /* 0x80 | chantype in the tag byte */
#define BC_MAX_CAP      65535u  /* a channel's length is at most a u16 */
#define BC_MAX_PROCS    255
#define BC_MAX_CHANS    255
#define BC_MAX_VECTOR   65535u  /* bytes of a state vector */

/* -------------------------------------------------- the program */

typedef struct bc_srcloc {      /* a source location */
    uint32_t file;              /* index into bc_program.files */
    uint32_t line;
    uint32_t col;
} bc_srcloc;

/* Flags of a transition. */
#define BC_TR_ELSE      0x01    /* 'else': enabled iff no sibling is */
#define BC_TR_DSTEP     0x02    /* a whole d_step */
#define BC_TR_DIE       0x04    /* the process's end: DIE */
#define BC_TR_TIMEOUT   0x08    /* its code uses TIMEOUT */
#define BC_TR_ATOMIC    0x10    /* inside an atomic sequence and not its
                                   exit: after it, the process keeps the
                                   CPU (the vector's atomic owner) */
#define BC_TR_GATE      0x20    /* may change whether an atomic owner
                                   blocked half way can move on (set by
                                   frontend/deps.c: writes BC_OBJ_GATE) */
/* unless: at a location of a main part (BC_L_ESCAPE), the transitions of
 * the escapes' guards come first, in groups in priority order; the first
 * group with an executable transition gives all its successors and no
 * other transition of the process is tried (engine/model/ts.c).  An else
 * in a group is executable whenever its group is tried (pan). */
#define BC_TR_ESCAPE    0x1000  /* a copy of an escape's guard */
#define BC_TR_ESC_HEAD  0x2000  /* ... the first of its group */

typedef struct bc_trans {
    uint32_t code;      /* first instruction (index into code) */
    uint32_t ncode;
    uint32_t proc;      /* owning proctype */
    uint16_t src;       /* source location (pc) within the proctype */
    uint16_t dst;       /* target location (for DIE: src) */
    uint32_t loc;       /* source location id (index into locs) */
    uint32_t text;      /* string id: the statement as written */
    uint32_t flags;     /* BC_TR_* */
} bc_trans;

/* Flags of a control location. */
#define BC_L_END        0x01    /* valid end state (end label or final) */
#define BC_L_ATOMIC     0x02    /* inside an atomic sequence (for
                                   printing; the owner rule uses
                                   BC_TR_ATOMIC on the transition taken) */
#define BC_L_FINAL      0x04    /* the closing brace of the proctype */
#define BC_L_PROGRESS   0x08    /* progress label (tier 2) */
#define BC_L_ACCEPT     0x10    /* accept label (tier 2) */
#define BC_L_ESCAPE     0x100   /* its first transitions are escapes
                                   (BC_TR_ESCAPE) */
#define BC_L_GATE       0x200   /* set by frontend/deps.c: its escapes
                                   hold a send and the model has
                                   rendezvous channels, so whether main's
                                   transitions may move depends on a
                                   partner's readiness, which the atomic
                                   gate (BC_OBJ_GATE) stands for; the
                                   gate is live while a process is here */
#define BC_L_ESC_ENTRY  0x400   /* where an escape starts: left only by
                                   the copies of its transitions at the
                                   locations of main, so no process is
                                   ever here (ts_track_locs counts it as
                                   reached, as pan does) */

typedef struct bc_pcloc {
    uint32_t first;     /* its first transition (index into trans) */
    uint32_t ntrans;
    uint32_t flags;     /* BC_L_* */
    uint32_t loc;       /* source location id of the statement here */
} bc_pcloc;

/* Flags of a variable (for printing and for the static analysis). */
#define BC_V_MTYPE      0x01    /* print values as mtype names */
#define BC_V_CHAN       0x02    /* holds channel ids */
#define BC_V_PARAM      0x04    /* a proctype parameter */
#define BC_V_ARRAY      0x08    /* declared as an array (even of one) */

/* Is v an array (printed and named with an index)? */
#define bc_var_is_array(v) ((v)->count != 1 || ((v)->flags & BC_V_ARRAY))

/* A variable as the user sees it, for printing; typedef'd structs are
 * flattened into their leaves ("s.f", with count and stride covering an
 * array of structs). */
typedef struct bc_var {
    const char *name;       /* e.g. "flag", "q.head", "s.f" */
    uint32_t    offset;     /* of element 0, in G or in the frame */
    uint32_t    count;      /* elements: 1 for a scalar */
    uint32_t    stride;     /* bytes between elements */
    uint8_t     type;       /* bc_type */
    uint8_t     flags;      /* BC_V_* */
} bc_var;

/* An xr or xs declaration of a proctype: the hidden frame byte that holds
 * the id of the channel its process claims (set at creation by XCLAIM;
 * 0 before). */
typedef struct bc_xclaim {
    uint32_t offset;    /* in the frame */
    uint32_t mode;      /* 1: xr (sole reader), 2: xs (sole writer) */
} bc_xclaim;

typedef struct bc_proctype {
    const char *name;
    uint32_t    frame_size; /* bytes of parameters and locals */
    uint32_t    loc0;       /* first location (index into pclocs) */
    uint32_t    nlocs;
    uint32_t    start;      /* the initial pc */
    uint32_t    init_code;  /* code run at creation, after the arguments
                               are stored: initialises locals, creates
                               local channels; ends with RET */
    uint32_t    nparams;
    const bc_var *params;   /* the first nparams entries of vars */
    const bc_var *vars;     /* parameters, then locals */
    uint32_t    nvars;
    int         is_init;
    uint32_t    nchans;     /* channels its init code creates (CNEW):
                               the segments right after its own */
    uint32_t    nxclaims;   /* its xr / xs declarations */
    const bc_xclaim *xclaims;
} bc_proctype;

typedef struct bc_chantype {
    uint32_t        cap;        /* 0: rendezvous */
    uint32_t        nfields;
    const uint8_t  *ftypes;     /* bc_type per field */
    const uint8_t  *fflags;     /* BC_V_MTYPE / BC_V_CHAN per field */
    const uint32_t *foffsets;   /* byte offset of each field in a message */
    uint32_t        msg_size;
} bc_chantype;

/* Pseudo-objects of the static facts, numbered after the global bytes. */
#define BC_OBJ_CHANS    0       /* + globals_size: channels (any) */
#define BC_OBJ_NRPR     1       /* + globals_size: the set of processes */
#define BC_OBJ_TIMEOUT  2       /* + globals_size: "no one can move" */
#define BC_OBJ_GATE     3       /* + globals_size: "can the atomic owner,
                                   blocked half way, move on?"  Written
                                   by BC_TR_GATE transitions, read by
                                   every transition when some transition
                                   writes it (doc/soundness.md) */
#define BC_OBJ_NPSEUDO  4

typedef struct bc_program {
    const char   *model_name;   /* the file as given */
    uint64_t      model_hash;   /* XXH3 of the preprocessed text */

    bc_insn      *code;
    uint32_t      ncode;
    bc_trans     *trans;
    uint32_t      ntrans;
    bc_pcloc     *pclocs;       /* of all proctypes, each a contiguous run */
    uint32_t      npclocs;
    bc_proctype  *procs;
    uint32_t      nprocs;
    bc_chantype  *chantypes;
    uint32_t      nchantypes;

    bc_var       *globals;      /* for printing */
    uint32_t      nglobals;
    uint32_t      globals_size; /* bytes of G */
    uint32_t      init_code;    /* builds the initial state: globals,
                                   global channels, active processes in
                                   SPIN's order; ends with RET */
    uint32_t      nglobal_chans; /* CNEWs of init_code, all before its
                                   first RUN: the first channel segments */

    const char  **strings;      /* printf formats and statement texts */
    uint32_t      nstrings;
    bc_srcloc    *locs;         /* location ids index this */
    uint32_t      nlocs;
    const char  **files;
    uint32_t      nfiles;
    const char  **mtypes;       /* mtype names; value v is mtypes[v], 1.. */
    uint32_t      nmtypes;      /* entries including the unused 0 */

    /* Static facts, computed from the code by frontend/deps.c: for
     * transition i, a read set and a write set of nobjects bits each
     * (nwords uint64_t words), at facts[(2*i) * nwords] and
     * facts[(2*i + 1) * nwords].  Objects: global bytes 0..globals_size-1,
     * then globals_size + BC_OBJ_*. */
    uint32_t      nobjects;
    uint32_t      nwords;
    uint64_t     *facts;

    /* The never claim (issue 12), when has_claim: procs[claim] is its
     * automaton (the last proctype; never a process), whose transitions'
     * code is a side-effect-free guard ending in RET; its pc is the u16
     * at vector offset claim_off (two bytes at the end of the globals
     * block, in no bc_var).  engine/model/ts.c runs it in lock step.
     * claim_name: the name of the ltl property or never claim ("" for
     * an unnamed ltl block), NULL for an unnamed never block. */
    int           has_claim;
    uint32_t      claim;
    uint32_t      claim_off;
    const char   *claim_name;
    /* Whether the claim is the translation of an ltl block (its language
     * is then closed under stuttering when the formula has no X, which
     * the reduction under -a needs: engine/por/por_live.c), and the
     * location id + 1 of the formula's first X (next), 0: none. */
    int           claim_ltl;
    uint32_t      claim_next;

    /* Process priorities (spore-lang(7)): every process keeps its
     * priority in the first byte of its frame; only the processes of the
     * highest priority among those that can move may move (ts.c). */
    int           has_priority;

    struct arena *mem;          /* owns names and strings (util/xalloc.h) */
} bc_program;

/* ------------------------------------------- segments of a vector */

/* Bytes of a channel's length field: one below capacity 256, else two. */
static inline unsigned bc_chan_hdr(const bc_chantype *ct)
{
    return ct->cap > 255 ? 3u : 2u;
}

/* Bytes of a channel segment of type ct. */
static inline size_t bc_chan_seg_size(const bc_chantype *ct)
{
    return bc_chan_hdr(ct) + (size_t)(ct->cap ? ct->cap : 1) * ct->msg_size;
}

/* The number of messages in channel segment seg of type ct. */
static inline uint32_t bc_chan_len(const bc_chantype *ct, const uint8_t *seg)
{
    return ct->cap > 255 ? (uint32_t)seg[1] | (uint32_t)seg[2] << 8
                         : (uint32_t)seg[1];
}

static inline void bc_chan_set_len(const bc_chantype *ct, uint8_t *seg,
                                   uint32_t n)
{
    seg[1] = (uint8_t)n;
    if (ct->cap > 255)
        seg[2] = (uint8_t)(n >> 8);
}

/* Walking the segments of a vector in order: start with *pending =
 * p->nglobal_chans; bc_seg_is_chan() says whether the segment at seg is a
 * channel and updates *pending (the channels still owed to the last
 * process, or to the globals).  It does not check that the segment's
 * proctype or chantype is in range. */
static inline int bc_seg_is_chan(const bc_program *p, const uint8_t *seg,
                                 uint32_t *pending)
{
    int chan = p->nprocs > BC_TAG_PROCS ? *pending > 0
                                        : (seg[0] & BC_CHAN_TAG) != 0;

    if (chan) {
        if (*pending > 0)
            (*pending)--;
    } else {
        *pending = seg[0] < p->nprocs ? p->procs[seg[0]].nchans : 0;
    }
    return chan;
}

/* The chantype of channel segment seg. */
static inline const bc_chantype *bc_seg_chantype(const bc_program *p,
                                                 const uint8_t *seg)
{
    return &p->chantypes[seg[0] & 0x7fu];
}

/* Free a program and everything it owns (every array above is its own
 * malloc'd block; strings and names live in an arena kept by the
 * program).  NULL is a no-op. */
void bc_program_free(bc_program *p);

/* The read / write set of transition i. */
static inline const uint64_t *bc_reads(const bc_program *p, uint32_t i)
{
    return p->facts + (size_t)2 * i * p->nwords;
}
static inline const uint64_t *bc_writes(const bc_program *p, uint32_t i)
{
    return p->facts + ((size_t)2 * i + 1) * p->nwords;
}
/* A transition is invisible when it touches no shared object (reading
 * BC_OBJ_GATE, which every transition does in a model with a gate, does
 * not count). */
int  bc_trans_invisible(const bc_program *p, uint32_t i);

/* Print one instruction ("  12  LOADG  byte 4") / the whole program with
 * its transitions and source locations (--dump-bytecode). */
void bc_disasm_insn(const bc_program *p, uint32_t pc, FILE *out);
void bc_disasm(const bc_program *p, FILE *out);

/* "file:line:col" of location id loc into buf; "?" when loc is not a
 * location id (TS_NONE included).  Returns buf. */
const char *bc_loc_str(const bc_program *p, uint32_t loc, char *buf,
                       size_t size);

/* The statement text of transition trans ("?" when it has none or trans
 * is out of range) and, in *line when line is not NULL, its source line
 * (0 when unknown). */
const char *bc_trans_text(const bc_program *p, uint32_t trans,
                          uint32_t *line);

/* Does transition t's code hold an instruction with opcode op? */
int bc_trans_has_op(const bc_program *p, uint32_t t, int op);

/* Can a process at location li (an index into pclocs) be unable to
 * move?  Every transition there may block (a guard, a channel
 * operation, a run, a death) and none is an else, except an else
 * headed by a `provided' clause's guard.  The atomic gate's locations
 * (frontend/deps.c) and the DL/DE races (facts.c) use this one test. */
int bc_loc_can_block(const bc_program *p, uint32_t li);

/* The program's tables of transitions, locations and code are read
 * through these outside engine/model/ and frontend/ (which builds
 * them): tests/check-layers.sh checks that engine/out/, engine/search/
 * and engine/por/ never index p->trans, p->pclocs or p->code. */

/* Transition trans's record; NULL when trans is out of range. */
static inline const bc_trans *bc_trans_at(const bc_program *p,
                                          uint32_t trans)
{
    return trans < p->ntrans ? &p->trans[trans] : NULL;
}

/* The record of location pc of proctype proc (pc as stored in the
 * vector); NULL when proc or pc is out of range. */
static inline const bc_pcloc *bc_proc_loc(const bc_program *p,
                                          uint32_t proc, uint32_t pc)
{
    if (proc >= p->nprocs || pc >= p->procs[proc].nlocs
        || p->procs[proc].loc0 + pc >= p->npclocs)
        return NULL;
    return &p->pclocs[p->procs[proc].loc0 + pc];
}

#endif /* SPORE_ENGINE_BC_H */
