/*
 * engine/model/ts.c -- the transition system over the VM (see engine/model/ts.h).
 *
 * ts_successors() is the checker's hot loop.  Per call it decodes the
 * source vector once (segment offsets of every process and channel), then
 * asks the VM to run each transition leaving each process's location on a
 * copy of the source; a transition that BLOCKs leaves nothing.  Promela's
 * global rules live here, not in the VM:
 *
 *   atomic     the vector's owner byte (pid + 1) is set by the VM after a
 *              move into a BC_L_ATOMIC location; if the owner has an
 *              enabled transition, only its transitions are successors.
 *   else       tried only when no other transition of the location gave a
 *              successor (in the same timeout mode).
 *   timeout    a first pass runs TIMEOUT as 0; only when it finds no
 *              successor at all (and the program uses TIMEOUT) a second
 *              pass runs it as 1.
 *   rendezvous a SEND on a [0] channel parks the message in the channel's
 *              one slot and ends its transition; the resulting vector is
 *              decoded and every transition of every other process is run
 *              on it in handshake mode (only a RECV + RDONE of that very
 *              message completes a transition).  Each receiver gives one
 *              successor; none means the send is not executable.  As in
 *              SPIN's pan, the atomic owner after the pair is decided by
 *              the receiver's new location (control passes to it).
 *
 * Successor vectors, facts and entries are appended to the caller's
 * ts_succs, whose buffers only grow, so a search allocates nothing per
 * state once the buffers are warm.
 *
 * The never claim (pairing each claim move with the system's steps)
 * and the accept and progress tests are in ts_claim.c; the two files
 * share struct ts through the private header ts_int.h.
 */
#include "config.h"

#include "engine/model/ts.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model/ts_int.h"
#include "engine/model/vm.h"
#include "util/xalloc.h"

/* struct ts and TS_CHECK are in engine/model/ts_int.h, shared with
 * ts_claim.c (the never claim). */

/* ------------------------------------------------------ quick guards */

/*
 * Most transitions tried in a state are not executable, and most of
 * those are refused by a guard at the very start of their code: a
 * variable compared with a constant ("x == 3", "turn != 1"), or a
 * variable used as a boolean, either alone before GUARD or as the first
 * conjunct of an && whose false exit is "PUSHK 0; GUARD".  ts_new()
 * recognises that prefix once per transition; try_trans() evaluates it
 * on the source vector and skips the VM when it is false.  This is
 * exact: the VM would read the same bytes and BLOCK at that GUARD
 * before any write, finding or d_step commit, and a blocked
 * transition leaves no successor and no facts.
 */
enum { QG_NONE, QG_GLOBAL, QG_LOCAL };

typedef struct qguard {
    uint8_t  where;     /* QG_NONE: no quick guard */
    uint8_t  type;      /* bc_type of the variable */
    uint8_t  op;        /* bc_opcode of the comparison; BC_NOP: != 0 */
    uint8_t  recv;      /* its code receives (RECV, RSEL): it may be a
                           rendezvous partner (handshake) */
    uint32_t off;       /* offset in G or in the frame */
    int32_t  k;         /* the constant */
} qguard;

/* Does the code at index x refuse at once ("PUSHK 0; GUARD")? */
static int false_exit(const bc_program *p, uint32_t x)
{
    return x + 1 < p->ncode && p->code[x].op == BC_PUSHK
           && p->code[x].b == 0 && p->code[x + 1].op == BC_GUARD;
}

static void qguard_make(const bc_program *p, uint32_t tr, qguard *q)
{
    const bc_insn *c = &p->code[p->trans[tr].code];
    uint32_t n = p->trans[tr].ncode;
    uint32_t k = 1;

    memset(q, 0, sizeof *q);
    for (uint32_t i = 0; i < n; i++)
        if (c[i].op == BC_RECV || c[i].op == BC_RSEL)
            q->recv = 1;
    if (p->trans[tr].flags & BC_TR_ELSE || n < 2
        || (c[0].op != BC_LOADG && c[0].op != BC_LOADL) || c[0].b < 0)
        return;
    q->type = c[0].t;
    q->off = (uint32_t)c[0].b;
    q->op = BC_NOP;
    if (n >= 4 && c[1].op == BC_PUSHK
        && (c[2].op == BC_EQ || c[2].op == BC_NE || c[2].op == BC_LT
            || c[2].op == BC_LE || c[2].op == BC_GT || c[2].op == BC_GE)) {
        q->op = c[2].op;
        q->k = c[1].b;
        k = 3;
    }
    if (k < n && (c[k].op == BC_GUARD
                  || (c[k].op == BC_JMPF && c[k].b >= 0
                      && false_exit(p, (uint32_t)c[k].b))))
        q->where = c[0].op == BC_LOADG ? QG_GLOBAL : QG_LOCAL;
}

static inline int32_t qload(const uint8_t *p, unsigned t)
{
    switch (t) {
    case BC_T_SHORT:
        return (int16_t)(uint16_t)(p[0] | (p[1] << 8));
    case BC_T_INT:
        return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8
                         | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
    default:
        return p[0];
    }
}

/* Is transition tr of pid refused by its leading guard in src (laid
 * out as lay says)?  0 also when it has no quick guard. */
static inline int qguard_refuses(const ts *t, const uint8_t *src,
                                 const vm_layout *lay, uint32_t pid,
                                 uint32_t tr)
{
    const qguard *q = &t->qg[tr];
    int32_t x;

    if (q->where == QG_NONE)
        return 0;
    x = qload(src + q->off + (q->where == QG_GLOBAL
                              ? BC_HDR_SIZE
                              : lay->poff[pid] + BC_PROC_HDR), q->type);
    switch (q->op) {
    case BC_EQ:
        return !(x == q->k);
    case BC_NE:
        return !(x != q->k);
    case BC_LT:
        return !(x < q->k);
    case BC_LE:
        return !(x <= q->k);
    case BC_GT:
        return !(x > q->k);
    case BC_GE:
        return !(x >= q->k);
    default:
        return x == 0;
    }
}

/* ------------------------------------------------------ ts_succs */

void ts_succs_init(ts_succs *s)
{
    memset(s, 0, sizeof *s);
}

void ts_succs_fini(ts_succs *s)
{
    free(s->v);
    free(s->vecs);
    free(s->accs);
    memset(s, 0, sizeof *s);
}

static void succs_reset(ts_succs *s)
{
    s->n = 0;
    s->vecs_len = 0;
    s->naccs = 0;
    s->timeout = 0;
    s->atomic = 0;
}

static void append_accs(ts_succs *out, const ts_access *a, size_t n)
{
    if (n == 0)
        return;
    if (out->naccs + n > out->accs_cap)
        xgrow((void **)&out->accs, &out->accs_cap, out->naccs + n,
              sizeof *out->accs);
    memcpy(out->accs + out->naccs, a, n * sizeof *a);
    out->naccs += n;
}

/* Add a receiver's facts to a sender's, merging equal objects. */
static void merge_accs(ts_succs *out, size_t first, const ts_access *a,
                       size_t n)
{
    size_t k;
    size_t j;

    for (k = 0; k < n; k++) {
        for (j = first; j < out->naccs; j++) {
            ts_access *b = &out->accs[j];

            if (b->kind == a[k].kind && b->id == a[k].id
                && b->width == a[k].width) {
                b->write |= a[k].write;
                break;
            }
        }
        if (j == out->naccs)
            append_accs(out, &a[k], 1);
    }
}

/* Append one successor entry; vec may be NULL (len 0) for a finding
 * without successor.  acc2 (the receiver's facts) may be NULL.  In a
 * model with an atomic gate (bc.h, BC_OBJ_GATE) every step reads the
 * gate and a step of a BC_TR_GATE transition writes it. */
static void push_succ(const ts *t, ts_succs *out, uint32_t pid,
                      uint32_t trans,
                      uint32_t pid2, uint32_t trans2, uint32_t finding,
                      uint32_t floc, const uint8_t *vec, size_t len,
                      const ts_access *acc1, size_t n1,
                      const ts_access *acc2, size_t n2)
{
    ts_succ *s;

    if (out->n == out->cap)
        xgrow((void **)&out->v, &out->cap, out->n + 1, sizeof *out->v);
    if (out->vecs_len + len > out->vecs_cap)
        xgrow((void **)&out->vecs, &out->vecs_cap, out->vecs_len + len, 1);
    s = &out->v[out->n++];
    s->pid = pid;
    s->trans = trans;
    s->pid2 = pid2;
    s->trans2 = trans2;
    s->finding = finding;
    s->floc = finding == TS_OK ? 0 : floc;
    s->dst_off = (uint32_t)out->vecs_len;
    s->dst_len = (uint32_t)len;
    if (len)
        memcpy(out->vecs + out->vecs_len, vec, len);
    out->vecs_len += len;
    s->acc_off = (uint32_t)out->naccs;
    s->ctrans = t->ctrans;
    append_accs(out, acc1, n1);
    if (n2)
        merge_accs(out, s->acc_off, acc2, n2);
    if (t->has_gate && !t->vm.nofacts) {
        ts_access g = { TS_OBJ_GATE, 0, 0, 0 };
        uint32_t  fl = t->prog->trans[trans].flags;

        if (trans2 != TS_NONE)
            fl |= t->prog->trans[trans2].flags;
        g.write = (fl & BC_TR_GATE) != 0;
        append_accs(out, &g, 1);
    }
    s->nacc = (uint32_t)(out->naccs - s->acc_off);
}

/* push_succ and succs_reset for ts_claim.c (ts_int.h).  The static
 * versions above stay: ts_successors' paths call them as before. */
void ts_push_succ(const ts *t, ts_succs *out, uint32_t pid, uint32_t trans,
                  uint32_t pid2, uint32_t trans2, uint32_t finding,
                  uint32_t floc, const uint8_t *vec, size_t len,
                  const ts_access *acc1, size_t n1,
                  const ts_access *acc2, size_t n2)
{
    push_succ(t, out, pid, trans, pid2, trans2, finding, floc, vec, len,
              acc1, n1, acc2, n2);
}

void ts_succs_reset(ts_succs *s)
{
    succs_reset(s);
}

/* ------------------------------------------------------ lifetime */

ts *ts_new(const bc_program *prog)
{
    ts *t = xcalloc(1, sizeof *t);
    uint32_t k;

    t->prog = prog;
    vm_init(&t->vm, prog);
    for (k = 0; k < prog->ncode; k++)
        if (prog->code[k].op == BC_TIMEOUT)
            t->has_timeout = 1;
    for (k = 0; k < prog->ntrans; k++)
        if (prog->trans[k].flags & BC_TR_GATE)
            t->has_gate = 1;
    t->qg = xcalloc(prog->ntrans ? prog->ntrans : 1, sizeof *t->qg);
    for (k = 0; k < prog->ntrans; k++)
        qguard_make(prog, k, &t->qg[k]);
    t->claimed = prog->has_claim && t->has_timeout;
    ts_succs_init(&t->sys);
    t->ctrans = TS_NONE;
    return t;
}

void ts_free(ts *t)
{
    if (!t)
        return;
    vm_fini(&t->vm);
    free(t->mid);
    free(t->sacc);
    free(t->init);
    free(t->qg);
    ts_succs_fini(&t->sys);
    free(t->cvec);
    free(t);
}

const bc_program *ts_program(const ts *t)
{
    return t->prog;
}

void ts_set_output(ts *t, FILE *out)
{
    t->out = out;
}

void ts_set_facts(ts *t, int on)
{
    t->vm.nofacts = !on;
}

void ts_set_np_claim(ts *t, int on)
{
    t->vm.nrpr_claims = (t->prog->has_claim ? 1u : 0u) + (on ? 1u : 0u);
    t->claimed = (t->prog->has_claim || on) && t->has_timeout;
}

uint32_t ts_nprocs(const uint8_t *src)
{
    return src[BC_HDR_NPROCS];
}

/* ------------------------------------------------------- initial */

const uint8_t *ts_initial(ts *t, size_t *len, ts_finding *finding,
                          uint32_t *floc)
{
    const bc_program *p = t->prog;
    size_t n = BC_HDR_SIZE + p->globals_size;
    vm *m = &t->vm;
    vm_status st;

    if (n > t->init_cap)
        xgrow((void **)&t->init, &t->init_cap, n, 1);
    memset(t->init, 0, n);
    t->lay.nprocs = 0;
    t->lay.nchans = 0;
    st = vm_run_init(m, &t->lay, t->init, n, p->init_code);
    if (st != VM_RET || m->finding != TS_OK) {
        *finding = m->finding != TS_OK ? (ts_finding)m->finding
                                        : TS_OVERFLOW;
        *floc = m->floc;
        *len = 0;
        return NULL;
    }
    if (m->len > t->init_cap)
        xgrow((void **)&t->init, &t->init_cap, m->len, 1);
    memcpy(t->init, m->vec, m->len);
    t->init[BC_HDR_ATOMIC] = 0;
    *len = m->len;
    *finding = TS_OK;
    *floc = 0;
    return t->init;
}

/* --------------------------------------------------- successors */

static inline const bc_pcloc *proc_loc(const bc_program *p,
                                       const uint8_t *src,
                                       const vm_layout *lay, uint32_t pid)
{
    const uint8_t *seg = src + lay->poff[pid];
    uint32_t pc = (uint32_t)seg[1] | (uint32_t)seg[2] << 8;

    TS_CHECK(seg[0] < p->nprocs && pc < p->procs[seg[0]].nlocs);
    return &p->pclocs[p->procs[seg[0]].loc0 + pc];
}

/* The sender's transition left a message in a rendezvous channel (the
 * VM's work vector): pair it with every receiver that can take it. */
static size_t handshake(ts *t, uint32_t pid, uint32_t tr, ts_succs *out)
{
    const bc_program *p = t->prog;
    vm *m = &t->vm;
    uint32_t ch = m->rv_chan;
    uint32_t sfind = m->finding;
    uint32_t sfloc = m->floc;
    size_t n = 0;
    size_t nq;
    uint32_t q;

    if (m->len > t->mid_cap)
        xgrow((void **)&t->mid, &t->mid_cap, m->len, 1);
    memcpy(t->mid, m->vec, m->len);
    t->mid_len = m->len;
    if (m->nacc > t->sacc_cap)
        xgrow((void **)&t->sacc, &t->sacc_cap, m->nacc, sizeof *t->sacc);
    if (m->nacc > 0)        /* acc may be NULL with facts off */
        memcpy(t->sacc, m->acc, m->nacc * sizeof *m->acc);
    t->nsacc = m->nacc;
    if (vm_decode(p, t->mid, t->mid_len, &t->hlay) < 0) {
        assert(!"bad intermediate vector");
        return 0;
    }
    for (q = 0; q < t->hlay.nprocs; q++) {
        const bc_pcloc *l;
        uint32_t k;

        if (q == pid)
            continue;
        l = proc_loc(p, t->mid, &t->hlay, q);
        nq = n;
        for (k = l->first; k < l->first + l->ntrans; k++) {
            vm_status st;
            uint32_t f;
            uint32_t fl;

            /* unless: a receive of an escape's guard that takes the
             * message comes before the rest (pan: in the handshake only
             * receives can move, so a guard that is no receive never
             * stops main's) */
            if ((l->flags & BC_L_ESCAPE) && n > nq
                && ((p->trans[k].flags & BC_TR_ESC_HEAD)
                    || ((p->trans[k - 1].flags & BC_TR_ESCAPE)
                        && !(p->trans[k].flags & BC_TR_ESCAPE))))
                break;
            /* only a receive can be the partner (pan: every other
             * statement is "not blocked" only outside a handshake), so
             * no other is run: one that failed half way, a division by
             * zero say, would give a finding of a step never taken */
            if (!t->qg[k].recv || p->trans[k].flags & BC_TR_ELSE
                || qguard_refuses(t, t->mid, &t->hlay, q, k))
                continue;
            st = vm_run(m, &t->hlay, t->mid, t->mid_len, q, k, ch);
            if (st == VM_BLOCKED)
                continue;
            f = sfind != TS_OK ? sfind : m->finding;
            fl = sfind != TS_OK ? sfloc : m->floc;
            push_succ(t, out, pid, tr, q, k, f, fl,
                      st == VM_OK ? m->vec : NULL,
                      st == VM_OK ? m->len : 0,
                      t->sacc, t->nsacc, m->acc, m->nacc);
            n++;
        }
    }
    return n;
}

/* Run transition tr of pid on src; append what it gives.  Returns the
 * number of successor entries added.  Forced inline: once the claim code
 * below called push_succ too, gcc -O2 stopped inlining it into
 * expand_proc, and --por=none on models/protocols/peterson-n.pml cost
 * 6.6% more instructions than at 046b1e6 (callgrind; 2.8% with it). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline size_t try_trans(ts *t, const uint8_t *src, size_t len,
                               uint32_t pid, uint32_t tr, ts_succs *out)
{
    vm *m = &t->vm;
    vm_status st;

    if (qguard_refuses(t, src, &t->lay, pid, tr))
        return 0;
    st = vm_run(m, &t->lay, src, len, pid, tr, 0);
    switch (st) {
    case VM_BLOCKED:
        return 0;
    case VM_FAIL:
        push_succ(t, out, pid, tr, TS_NONE, TS_NONE, m->finding, m->floc,
                  NULL, 0, m->acc, m->nacc, NULL, 0);
        return 1;
    default:
        if (m->rv_chan)
            return handshake(t, pid, tr, out);
        push_succ(t, out, pid, tr, TS_NONE, TS_NONE, m->finding, m->floc,
                  m->vec, m->len, m->acc, m->nacc, NULL, 0);
        return 1;
    }
}

/* An unlikely branch (only models with unless take it): the hint keeps
 * the common path as it was (callgrind, -O2, --por=none on
 * models/protocols/peterson-n.pml: 0.3% more instructions than without
 * unless, 1.0% without the hint and with a second start index). */
#if defined(__GNUC__)
#define TS_RARE(x) __builtin_expect((x) != 0, 0)
#else
#define TS_RARE(x) ((x) != 0)
#endif

/* The escapes at the front of location l (unless; bc.h, BC_L_ESCAPE),
 * group by group: the first group with a successor gives all of its
 * successors, and then nothing else of the process is tried (pan: after
 * an escape moved, "exploring all transitions from a single escape state
 * suffices").  An else in a group is tried like the others, so it is
 * executable whenever its group is reached: pan puts an if's else last
 * and prepends the escape's transitions one by one, so the else comes
 * first, when nothing has moved yet.  *k is set to the first transition
 * after the escapes.  Out of line: only models with unless get here. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t expand_escapes(ts *t, const uint8_t *src, size_t len,
                             uint32_t pid, const bc_pcloc *l, uint32_t *k,
                             ts_succs *out)
{
    const bc_program *p = t->prog;
    uint32_t end = l->first + l->ntrans;
    size_t n = 0;
    uint32_t i;

    for (i = l->first; i < end && (p->trans[i].flags & BC_TR_ESCAPE); i++) {
        if ((p->trans[i].flags & BC_TR_ESC_HEAD) && n > 0)
            return n;
        n += try_trans(t, src, len, pid, i, out);
    }
    *k = i;
    return n;
}

/* All successors of one process (escapes first, else after its
 * siblings). */
static size_t expand_proc(ts *t, const uint8_t *src, size_t len,
                          uint32_t pid, ts_succs *out)
{
    const bc_program *p = t->prog;
    const bc_pcloc *l = proc_loc(p, src, &t->lay, pid);
    uint32_t end = l->first + l->ntrans;
    size_t n = 0;
    int has_else = 0;
    uint32_t k = l->first;

    if (t->reached != NULL)     /* ts_track_locs: one store per process */
        t->reached[l - p->pclocs] = 1;
    if (TS_RARE(l->flags & BC_L_ESCAPE)) {
        n = expand_escapes(t, src, len, pid, l, &k, out);
        if (n > 0)
            return n;
    }
    for (; k < end; k++) {
        if (p->trans[k].flags & BC_TR_ELSE)
            has_else = 1;
        else
            n += try_trans(t, src, len, pid, k, out);
    }
    if (n == 0 && has_else)     /* an escape's else here would have
                                   moved with its group (or cannot move:
                                   a false provided clause) */
        for (k = l->first; k < end; k++)
            if (p->trans[k].flags & BC_TR_ELSE)
                n += try_trans(t, src, len, pid, k, out);
    return n;
}

/* The carried timeout.  pan, under a claim, keeps a granted timeout for
 * the rest of the atomic sequence the timeout step entered ("if claim
 * allowed timeout, so does the next program-step"): a `timeout' inside
 * it is executable at once, and no other process gets in
 * (tests/models/timeout_claim_atomic.pml).  Without a claim pan does not,
 * and neither does spore.  The vector's header byte BC_HDR_TIMEOUT holds
 * it: set on a successor of a step taken under the timeout that leaves
 * an atomic owner, cleared on every other; ts_atomic_release() clears it
 * with the owner. */
static void carry_timeout(ts_succs *out, size_t from, int held)
{
    for (size_t i = from; i < out->n; i++) {
        const ts_succ *s = &out->v[i];
        uint8_t *v = out->vecs + s->dst_off;

        if (s->dst_len > 0)
            v[BC_HDR_TIMEOUT] = (uint8_t)(held && v[BC_HDR_ATOMIC] != 0);
    }
}

/* The successors in a model with process priorities (bc.h,
 * has_priority), as pan 6.5.2 computes them in verification
 * (highest_priority()): a process may move only when no other process
 * of a higher priority can move (in the same pass: without, then with
 * the timeout); an atomic owner keeps the CPU when it may move.  So in
 * each pass every process is expanded, and the successors of those of
 * the highest priority among the ones that can move are kept.  The
 * priority is the first byte of a process's frame.  Out of line: only
 * such models get here (pan refuses rendezvous with them). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t prio_successors(ts *t, const uint8_t *src, size_t len,
                              uint32_t owner, ts_succs *out)
{
    uint32_t np = t->lay.nprocs;
    int mode;

    for (mode = 0; mode <= t->has_timeout; mode++) {
        unsigned best = 0;
        size_t i, j;

        t->vm.timeout = mode;
        out->timeout = mode;
        for (uint32_t pid = 0; pid < np; pid++) {
            unsigned pr = src[t->lay.poff[pid] + BC_PROC_HDR];

            if (expand_proc(t, src, len, pid, out) > 0 && pr > best)
                best = pr;
        }
        if (out->n == 0)
            continue;
        /* the owner keeps the CPU if it is among the highest */
        if (mode == 0 && owner && owner <= np
            && src[t->lay.poff[owner - 1] + BC_PROC_HDR] == best) {
            for (i = j = 0; i < out->n; i++)
                if (out->v[i].pid == owner - 1)
                    out->v[j++] = out->v[i];
            if (j > 0) {
                out->n = j;
                out->atomic = 1;
                return j;
            }
        }
        for (i = j = 0; i < out->n; i++)
            if (src[t->lay.poff[out->v[i].pid] + BC_PROC_HDR] == best)
                out->v[j++] = out->v[i];
        out->n = j;
        return j;
    }
    out->timeout = 0;
    return 0;
}

size_t ts_successors(ts *t, const uint8_t *src, size_t len, ts_succs *out)
{
    uint32_t owner = src[BC_HDR_ATOMIC];
    uint32_t np;
    uint32_t pid;
    int mode;
    int held;

    if (t->prog->has_claim && !t->sys_only)
        return ts_claim_successors(t, src, len, out);
    succs_reset(out);
    t->vm.out = NULL;
    if (vm_decode(t->prog, src, len, &t->lay) < 0) {
        assert(!"malformed state vector");
        return 0;
    }
    np = t->lay.nprocs;
    if (t->prog->has_priority)
        return prio_successors(t, src, len, owner, out);
    held = t->claimed && owner && src[BC_HDR_TIMEOUT];
    for (mode = 0; mode <= t->has_timeout; mode++) {
        t->vm.timeout = mode | held;
        out->timeout = mode | held;
        /* the atomic owner keeps the CPU only while it can move without
         * the timeout (or with the carried one): a timeout means everyone
         * was blocked, the owner included, so (as in pan) the state is
         * stored and every process may take a timeout step */
        if (mode == 0 && owner && owner <= np
            && expand_proc(t, src, len, owner - 1, out) > 0) {
            out->atomic = 1;
            if (t->claimed)
                carry_timeout(out, 0, held);
            return out->n;
        }
        t->vm.timeout = mode;
        out->timeout = mode;
        for (pid = 0; pid < np; pid++)
            if (mode == 1 || pid + 1 != owner)
                expand_proc(t, src, len, pid, out);
        if (out->n) {
            if (t->claimed)
                carry_timeout(out, 0, mode);
            return out->n;
        }
    }
    out->timeout = 0;
    return 0;
}

/* Re-run a chosen successor with output on, so printf/printm print once
 * and only for the transition actually taken. */
static void replay_output(ts *t, const uint8_t *src, size_t len,
                          const ts_succ *s, int mode)
{
    vm *m = &t->vm;
    vm_status st;

    if (s->pid == TS_NONE)              /* the never claim's own step */
        return;
    m->out = t->out;
    m->timeout = mode;
    st = vm_run(m, &t->lay, src, len, s->pid, s->trans, 0);
    if (st == VM_OK && m->rv_chan && s->pid2 != TS_NONE) {
        uint32_t ch = m->rv_chan;

        if (m->len > t->mid_cap)
            xgrow((void **)&t->mid, &t->mid_cap, m->len, 1);
        memcpy(t->mid, m->vec, m->len);
        t->mid_len = m->len;
        if (vm_decode(t->prog, t->mid, t->mid_len, &t->hlay) == 0)
            vm_run(m, &t->hlay, t->mid, t->mid_len, s->pid2, s->trans2,
                   ch);
    }
    m->out = NULL;
    if (t->out)
        fflush(t->out);
}

int ts_fire_pair(ts *t, const uint8_t *src, size_t len, uint32_t pid,
                 uint32_t trans, uint32_t pid2, uint32_t trans2,
                 ts_succs *out)
{
    size_t n = ts_successors(t, src, len, out);
    ts_succ s;
    size_t k;

    for (k = 0; k < n; k++) {
        const ts_succ *e = &out->v[k];

        if (e->pid == pid && e->trans == trans && e->trans2 == trans2
            && (pid2 == TS_NONE || e->pid2 == pid2))
            break;
    }
    if (k == n)
        return -1;
    s = out->v[k];
    if (t->out)
        replay_output(t, src, len, &s, out->timeout);
    /* keep only entry k: move its vector and facts to the front */
    if (s.dst_len > 0)
        memmove(out->vecs, out->vecs + s.dst_off, s.dst_len);
    if (s.nacc > 0)
        memmove(out->accs, out->accs + s.acc_off,
                s.nacc * sizeof *out->accs);
    s.dst_off = 0;
    s.acc_off = 0;
    out->v[0] = s;
    out->n = 1;
    out->vecs_len = s.dst_len;
    out->naccs = s.nacc;
    return 0;
}

int ts_fire(ts *t, const uint8_t *src, size_t len, uint32_t pid,
            uint32_t trans, uint32_t trans2, ts_succs *out)
{
    return ts_fire_pair(t, src, len, pid, trans, TS_NONE, trans2, out);
}

/* ------------------------------------------------------- queries */

int ts_valid_end(const ts *t, const uint8_t *src, size_t len,
                 int require_empty_chans)
{
    const bc_program *p = t->prog;
    size_t off = BC_HDR_SIZE + p->globals_size;
    uint32_t pending = p->nglobal_chans;

    while (off < len) {
        unsigned tag = src[off];

        if (bc_seg_is_chan(p, src + off, &pending)) {
            const bc_chantype *ct = bc_seg_chantype(p, src + off);

            if (require_empty_chans && bc_chan_len(ct, src + off) != 0)
                return 0;
            off += bc_chan_seg_size(ct);
        } else {
            const bc_proctype *pt = &p->procs[tag];
            uint32_t pc = (uint32_t)src[off + 1]
                          | (uint32_t)src[off + 2] << 8;

            if (!(p->pclocs[pt->loc0 + pc].flags & BC_L_END))
                return 0;
            off += BC_PROC_HDR + pt->frame_size;
        }
    }
    return 1;
}

/* Offset of the segment of process pid (or channel id, chan != 0), or 0
 * when there is none. */
static size_t find_seg(const bc_program *p, const uint8_t *src, size_t len,
                       uint32_t want, int chan)
{
    size_t off = BC_HDR_SIZE + p->globals_size;
    uint32_t np = 0;
    uint32_t nc = 0;
    uint32_t pending = p->nglobal_chans;

    while (off < len) {
        unsigned tag = src[off];

        if (bc_seg_is_chan(p, src + off, &pending)) {
            if (chan && ++nc == want)
                return off;
            off += bc_chan_seg_size(bc_seg_chantype(p, src + off));
        } else {
            if (!chan && np++ == want)
                return off;
            off += BC_PROC_HDR + p->procs[tag].frame_size;
        }
    }
    return 0;
}

int ts_proc_info(const ts *t, const uint8_t *src, size_t len, uint32_t pid,
                 uint32_t *proctype, uint32_t *pc)
{
    size_t off = find_seg(t->prog, src, len, pid, 0);

    if (!off)
        return -1;
    *proctype = src[off];
    *pc = (uint32_t)src[off + 1] | (uint32_t)src[off + 2] << 8;
    return 0;
}

size_t ts_proc_locs(const ts *t, const uint8_t *src, size_t len,
                    uint32_t *locs, size_t max)
{
    const bc_program *p = t->prog;
    size_t            off = BC_HDR_SIZE + p->globals_size;
    size_t            np = 0;
    uint32_t          pending = p->nglobal_chans;

    while (off < len) {
        unsigned tag = src[off];

        if (bc_seg_is_chan(p, src + off, &pending)) {
            off += bc_chan_seg_size(bc_seg_chantype(p, src + off));
            continue;
        }
        if (tag >= p->nprocs)
            break;
        if (np < max)
            locs[np] = p->procs[tag].loc0
                       + ((uint32_t)src[off + 1] | (uint32_t)src[off + 2] << 8);
        np++;
        off += BC_PROC_HDR + p->procs[tag].frame_size;
    }
    return np;
}

/* ------------------------------------------------------- printing */

static int32_t load_val(const uint8_t *p, unsigned t)
{
    switch (t) {
    case BC_T_SHORT:
        return (int16_t)(uint16_t)(p[0] | (p[1] << 8));
    case BC_T_INT:
        return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8
                         | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
    default:
        return p[0];
    }
}

static void put_value(const bc_program *p, int32_t v, unsigned flags,
                      FILE *out)
{
    if ((flags & BC_V_MTYPE) && v > 0 && (uint32_t)v < p->nmtypes
        && p->mtypes[v])
        fputs(p->mtypes[v], out);
    else
        fprintf(out, "%d", (int)v);
}

int32_t ts_global_value(const uint8_t *src, size_t len, const bc_var *v,
                        uint32_t elem)
{
    size_t o = BC_HDR_SIZE + v->offset + (size_t)elem * v->stride;

    if (elem >= v->count || o + bc_type_size(v->type) > len)
        return 0;
    return load_val(src + o, v->type);
}

void ts_put_value(const bc_program *p, int32_t v, unsigned flags, FILE *out)
{
    put_value(p, v, flags, out);
}

/* Print the variables of one block (globals or a frame).  pbase, when
 * not NULL, is the same block in the previous state: only changes are
 * printed. */
static void print_vars(const bc_program *p, const char *prefix,
                       const bc_var *vars, uint32_t nv,
                       const uint8_t *base, const uint8_t *pbase,
                       FILE *out)
{
    uint32_t k;
    uint32_t e;

    for (k = 0; k < nv; k++) {
        const bc_var *v = &vars[k];

        for (e = 0; e < v->count; e++) {
            size_t o = v->offset + (size_t)e * v->stride;
            int32_t x = load_val(base + o, v->type);
            int32_t y = pbase ? load_val(pbase + o, v->type) : 0;

            if (pbase && x == y)
                continue;
            fprintf(out, "%s%s", prefix, v->name);
            if (bc_var_is_array(v))
                fprintf(out, "[%u]", (unsigned)e);
            if (pbase) {
                fputs(": ", out);
                put_value(p, y, v->flags, out);
                fputs(" -> ", out);
            } else {
                fputs(" = ", out);
            }
            put_value(p, x, v->flags, out);
            putc('\n', out);
        }
    }
}

/* Channel contents as "[f1,f2][f1,f2]", or "[]" when empty. */
static void put_chan(const bc_program *p, const uint8_t *seg, FILE *out)
{
    const bc_chantype *ct = bc_seg_chantype(p, seg);
    uint32_t n = bc_chan_len(ct, seg);
    uint32_t k;
    uint32_t f;

    if (n == 0)
        fputs("[]", out);
    for (k = 0; k < n; k++) {
        const uint8_t *msg = seg + bc_chan_hdr(ct)
                             + (size_t)k * ct->msg_size;

        putc('[', out);
        for (f = 0; f < ct->nfields; f++) {
            if (f)
                putc(',', out);
            put_value(p, load_val(msg + ct->foffsets[f], ct->ftypes[f]),
                      ct->fflags ? ct->fflags[f] : 0, out);
        }
        putc(']', out);
    }
}

static int chan_differs(const bc_program *p, const uint8_t *a,
                        const uint8_t *b)
{
    const bc_chantype *ct = bc_seg_chantype(p, a);

    return a[0] != b[0] || bc_chan_len(ct, a) != bc_chan_len(ct, b)
           || memcmp(a + bc_chan_hdr(ct), b + bc_chan_hdr(ct),
                     (size_t)bc_chan_len(ct, a) * ct->msg_size) != 0;
}

void ts_print_state(const ts *t, const uint8_t *src, size_t len,
                    const uint8_t *prev, size_t prev_len, FILE *out)
{
    const bc_program *p = t->prog;
    uint32_t np = src[BC_HDR_NPROCS];
    uint32_t nc = src[BC_HDR_NCHANS];
    uint32_t k;
    char prefix[64];

    print_vars(p, "", p->globals, p->nglobals, src + BC_HDR_SIZE,
               prev ? prev + BC_HDR_SIZE : NULL, out);
    for (k = 0; k < np; k++) {
        size_t off = find_seg(p, src, len, k, 0);
        size_t poff = prev ? find_seg(p, prev, prev_len, k, 0) : 0;
        const bc_proctype *pt = &p->procs[src[off]];
        const uint8_t *pbase = NULL;

        if (prev && poff && prev[poff] == src[off])
            pbase = prev + poff + BC_PROC_HDR;
        snprintf(prefix, sizeof prefix, "%s(%u):",
                 pt->name ? pt->name : "?", (unsigned)k);
        print_vars(p, prefix, pt->vars, pt->nvars, src + off + BC_PROC_HDR,
                   pbase, out);
    }
    for (k = 1; k <= nc; k++) {
        size_t off = find_seg(p, src, len, k, 1);
        size_t poff = prev ? find_seg(p, prev, prev_len, k, 1) : 0;

        if (prev && poff && !chan_differs(p, src + off, prev + poff))
            continue;
        fprintf(out, "q[%u]", (unsigned)k);
        if (prev && poff) {
            fputs(": ", out);
            put_chan(p, prev + poff, out);
            fputs(" -> ", out);
        } else {
            fputs(" = ", out);
        }
        put_chan(p, src + off, out);
        putc('\n', out);
    }
}

/* ------------------------------------------ channels, for replay views */

uint32_t ts_nchans(const uint8_t *src)
{
    return src[BC_HDR_NCHANS];
}

int ts_chan_len(const ts *t, const uint8_t *src, size_t len, uint32_t chan,
                uint32_t *cap)
{
    size_t off;

    if (chan == 0 || chan > src[BC_HDR_NCHANS])
        return -1;
    off = find_seg(t->prog, src, len, chan, 1);
    if (off == 0)
        return -1;
    if (cap != NULL)
        *cap = bc_seg_chantype(t->prog, src + off)->cap;
    return (int)bc_chan_len(bc_seg_chantype(t->prog, src + off), src + off);
}

int ts_print_msg(const ts *t, const uint8_t *src, size_t len, uint32_t chan,
                 uint32_t k, FILE *out)
{
    const bc_program  *p = t->prog;
    const bc_chantype *ct;
    const uint8_t     *msg;
    size_t             off;

    if (chan == 0 || chan > src[BC_HDR_NCHANS])
        return -1;
    off = find_seg(p, src, len, chan, 1);
    if (off == 0)
        return -1;
    ct = bc_seg_chantype(p, src + off);
    if (k >= bc_chan_len(ct, src + off))
        return -1;
    msg = src + off + bc_chan_hdr(ct) + (size_t)k * ct->msg_size;
    for (uint32_t f = 0; f < ct->nfields; f++) {
        if (f)
            putc(',', out);
        put_value(p, load_val(msg + ct->foffsets[f], ct->ftypes[f]),
                  ct->fflags ? ct->fflags[f] : 0, out);
    }
    return 0;
}

/* ------------------------------------ accessors for search and reductions */

uint32_t ts_blocked_loc(const ts *t, const uint8_t *src, size_t len)
{
    const bc_program *p = t->prog;
    uint32_t          n = ts_nprocs(src);

    for (uint32_t pid = 0; pid < n; pid++) {
        uint32_t        pt;
        uint32_t        pc;
        const bc_pcloc *l;

        if (ts_proc_info(t, src, len, pid, &pt, &pc) != 0
            || pt >= p->nprocs)
            continue;
        l = &p->pclocs[p->procs[pt].loc0 + pc];
        if (!(l->flags & BC_L_END))
            return l->loc;
    }
    return TS_NONE;
}

void ts_track_locs(ts *t, uint8_t *reached)
{
    t->reached = reached;
    for (uint32_t k = 0; reached != NULL && k < t->prog->npclocs; k++)
        if (t->prog->pclocs[k].flags & BC_L_ESC_ENTRY)
            reached[k] = 1;
}

uint32_t ts_nlocs(const ts *t)
{
    return t->prog->npclocs;
}

uint32_t ts_trans_loc(const ts *t, uint32_t trans)
{
    const bc_trans *tr = &t->prog->trans[trans];

    return t->prog->procs[tr->proc].loc0 + tr->src;
}

uint32_t ts_trans_dst(const ts *t, uint32_t trans)
{
    const bc_trans *tr = &t->prog->trans[trans];

    if (tr->dst >= t->prog->procs[tr->proc].nlocs)
        return TS_NONE;
    return t->prog->procs[tr->proc].loc0 + tr->dst;
}

const bc_pcloc *ts_loc(const ts *t, uint32_t loc)
{
    return &t->prog->pclocs[loc];
}
