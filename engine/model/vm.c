/*
 * engine/model/vm.c -- the bytecode interpreter (see engine/model/vm.h).
 *
 * A stack machine over the instructions of engine/model/opcodes.def,
 * dispatched through a table of label addresses under GCC/Clang
 * (computed goto: one indirect jump per instruction, each with its own
 * branch-predictor entry) and through a switch elsewhere (or with
 * -DVM_SWITCH).  Values are int32; arithmetic wraps (computed in
 * uint32_t so that overflow is defined); stores truncate to the type of
 * the slot as SPIN does (bit/bool keep v & 1, byte v & 255, short the low
 * 16 bits as signed).  Every shared object touched is recorded in m->acc
 * (appended as touched, merged by a linear scan when the transition
 * completes: a transition touches few objects).
 *
 * The hot path is vm_run() and the loop in exec(), which reads the
 * source vector in place and copies it only at the first write (see
 * "interpreter" below).  Nothing is allocated unless a vector or the
 * access list grows past what an earlier run needed.  With VM_CHECK
 * (sanitizer builds) each instruction's stack use is checked against
 * bc_opinfos, and the operands of loads and stores against the vector.
 *
 * Why one file of ~1,300 lines (a source file over ~1,000 lines says
 * why): exec() is one dispatch loop whose labels must live in one
 * function, and the static helpers around it (channel operations,
 * printf, decode) are inlined into it or kept out of line on purpose,
 * which only one translation unit can decide; splitting them across
 * files would cost calls on the hot path.  Rare opcodes take their
 * bodies out of exec() (NOINLINE ch_* functions): inline, they cost
 * exec its registers (+8%).
 */
#include "config.h"

#include "engine/model/vm.h"

#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

void vm_init(vm *m, const bc_program *prog)
{
    memset(m, 0, sizeof *m);
    m->prog = prog;
    m->pid = TS_NONE;
    m->nrpr_claims = prog->has_claim ? 1 : 0;
    m->cap = 256;
    m->vec = xmalloc(m->cap);
    m->acc_cap = 16;
    m->acc = xmalloc(m->acc_cap * sizeof *m->acc);
}

void vm_fini(vm *m)
{
    free(m->vec);
    free(m->acc);
    m->vec = NULL;
    m->acc = NULL;
}

/* ------------------------------------------------------------ values */

static inline int32_t load_t(const uint8_t *p, unsigned t)
{
    uint32_t u;

    switch (t) {
    case BC_T_SHORT:
        return (int16_t)(uint16_t)(p[0] | (p[1] << 8));
    case BC_T_INT:
        u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
            | (uint32_t)p[3] << 24;
        return (int32_t)u;
    default:
        return p[0];
    }
}

static inline void store_t(uint8_t *p, unsigned t, int32_t v)
{
    uint32_t u = (uint32_t)v;

    switch (t) {
    case BC_T_BIT:
        p[0] = (uint8_t)(u & 1u);   /* SPIN: bit b = 2 gives 0 */
        break;
    case BC_T_SHORT:
        p[0] = (uint8_t)u;
        p[1] = (uint8_t)(u >> 8);
        break;
    case BC_T_INT:
        p[0] = (uint8_t)u;
        p[1] = (uint8_t)(u >> 8);
        p[2] = (uint8_t)(u >> 16);
        p[3] = (uint8_t)(u >> 24);
        break;
    default:
        p[0] = (uint8_t)u;
        break;
    }
}

/* ---------------------------------------------------- dynamic facts */

#if defined(__GNUC__)
#define VM_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define VM_UNLIKELY(x) (x)
#endif

/* Make room for more access records. */
static void acc_grow(vm *m)
{
    xgrow((void **)&m->acc, &m->acc_cap, m->nacc + 1, sizeof *m->acc);
}

/* Record an access.  Records are appended as they happen (a blocked
 * transition, the most common outcome, then costs only the appends) and
 * merged by acc_dedup() when the transition completes. */
static inline void note(vm *m, unsigned kind, uint32_t id, unsigned width,
                        unsigned write)
{
    ts_access *a;

    if (m->nofacts)
        return;
    if (VM_UNLIKELY(m->nacc == m->acc_cap))
        acc_grow(m);
    a = &m->acc[m->nacc++];
    a->kind = (uint8_t)kind;
    a->write = (uint8_t)write;
    a->width = (uint16_t)width;
    a->id = id;
}

/* Merge the records of equal objects (kind, id, width), keeping the
 * first one's place and or-ing the write bits: one record per object, in
 * order of first access. */
static void acc_dedup(vm *m)
{
    size_t n = 0;
    size_t i;
    size_t j;

    for (i = 0; i < m->nacc; i++) {
        const ts_access *a = &m->acc[i];

        for (j = 0; j < n; j++) {
            ts_access *b = &m->acc[j];

            if (b->id == a->id && b->kind == a->kind
                && b->width == a->width) {
                b->write |= a->write;
                break;
            }
        }
        if (j == n)
            m->acc[n++] = *a;
    }
    m->nacc = n;
}

/* ----------------------------------------------------------- layout */

int vm_decode(const bc_program *prog, const uint8_t *src, size_t len,
              vm_layout *lay)
{
    size_t off = BC_HDR_SIZE + prog->globals_size;
    uint32_t np = 0;
    uint32_t nc = 0;
    uint32_t pending = prog->nglobal_chans;
    unsigned tag;

    while (off < len) {
        tag = src[off];
        if (bc_seg_is_chan(prog, src + off, &pending)) {
            if (!(tag & BC_CHAN_TAG) || (tag & 0x7fu) >= prog->nchantypes
                || nc >= BC_MAX_CHANS)
                return -1;
            lay->coff[++nc] = (uint32_t)off;
            off += bc_chan_seg_size(bc_seg_chantype(prog, src + off));
        } else {
            if (tag >= prog->nprocs || np >= BC_MAX_PROCS)
                return -1;
            lay->poff[np++] = (uint32_t)off;
            off += BC_PROC_HDR + prog->procs[tag].frame_size;
        }
    }
    lay->nprocs = np;
    lay->nchans = nc;
    if (off != len || np != src[BC_HDR_NPROCS] || nc != src[BC_HDR_NCHANS])
        return -1;
    return 0;
}

/* Make room for need bytes in the work vector. */
static int grow_vec(vm *m, size_t need)
{
    if (need > VM_MAX_VECTOR)
        return -1;
    if (need > m->cap) {
        size_t cap = m->cap;

        xgrow((void **)&m->vec, &cap, need, 1);
        m->cap = cap;
    }
    return 0;
}

/* ---------------------------------------------------------- printf */

/* Print one number conversion with flags "-" / "0" and a width. */
static void put_padded(FILE *o, const char *body, int left, int zero,
                       int width)
{
    int n = (int)strlen(body);
    int pad = width > n ? width - n : 0;

    if (left) {
        fputs(body, o);
        while (pad-- > 0)
            putc(' ', o);
        return;
    }
    if (zero && (body[0] == '-' || body[0] == '+')) {
        putc(body[0], o);
        body++;
    }
    while (pad-- > 0)
        putc(zero ? '0' : ' ', o);
    fputs(body, o);
}

static const char *mtype_name(const bc_program *p, int32_t v)
{
    if (v > 0 && (uint32_t)v < p->nmtypes && p->mtypes[v])
        return p->mtypes[v];
    return NULL;
}

/* SPIN's printf conversions: %d %i %u %x %X %o %c %e (mtype name) %%.
 * The format arrives with escapes already resolved by the front end. */
static void do_printf(const vm *m, const char *fmt, const int32_t *args,
                      unsigned nargs)
{
    FILE *o = m->out;
    unsigned k = 0;
    char body[64];

    for (; *fmt; fmt++) {
        const char *spec = fmt;
        int left = 0;
        int zero = 0;
        int width = 0;
        int32_t v;

        if (*fmt != '%') {
            putc(*fmt, o);
            continue;
        }
        fmt++;
        if (*fmt == '%') {
            putc('%', o);
            continue;
        }
        for (; *fmt == '-' || *fmt == '0' || *fmt == '+' || *fmt == ' ';
             fmt++) {
            left |= *fmt == '-';
            zero |= *fmt == '0';
        }
        for (; *fmt >= '0' && *fmt <= '9'; fmt++)
            width = width * 10 + (*fmt - '0');
        while (*fmt == 'l' || *fmt == 'h')
            fmt++;
        if (!*fmt || !strchr("diuxXoce", *fmt) || k >= nargs) {
            fwrite(spec, 1, (size_t)(fmt - spec) + (*fmt != 0), o);
            if (!*fmt)
                break;
            continue;
        }
        v = args[k++];
        switch (*fmt) {
        case 'u':
            snprintf(body, sizeof body, "%u", (unsigned)v);
            break;
        case 'x':
            snprintf(body, sizeof body, "%x", (unsigned)v);
            break;
        case 'X':
            snprintf(body, sizeof body, "%X", (unsigned)v);
            break;
        case 'o':
            snprintf(body, sizeof body, "%o", (unsigned)v);
            break;
        case 'c':
            body[0] = (char)v;
            body[1] = 0;
            break;
        case 'e':
            if (mtype_name(m->prog, v)) {
                put_padded(o, mtype_name(m->prog, v), left, 0, width);
                continue;
            }
            snprintf(body, sizeof body, "%d", (int)v);
            break;
        default:
            snprintf(body, sizeof body, "%d", (int)v);
            break;
        }
        put_padded(o, body, left, zero && !left, width);
    }
}

/* ------------------------------------------------------ interpreter */

/*
 * The source vector is copied into the work vector lazily: the code
 * reads through v, which points at the source until the first
 * instruction that writes (a store, SEND, RDONE, RUN, CNEW, DIE, GOTO)
 * copies it (WRITABLE) and moves v to the copy.  A guard that blocks --
 * most transitions tried -- so never copies the vector at all.
 *
 * The per-instruction checks (stack depth against bc_opinfos, operands
 * against the vector) cost more than the instructions they check, so
 * they run only when VM_CHECK is defined: in sanitizer builds
 * (__SANITIZE_ADDRESS__, as --enable-sanitizers gives) or on request
 * (-DVM_CHECK).  Plain assert()s outside the dispatch loop stay.
 */
#if defined(__SANITIZE_ADDRESS__) && !defined(VM_CHECK)
#define VM_CHECK 1
#endif
#ifdef VM_CHECK
#define VM_ASSERT(x) assert(x)
#else
#define VM_ASSERT(x) ((void)0)
#endif

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

#if defined(__GNUC__) && !defined(VM_SWITCH)
#define VM_THREADED 1
#else
#define VM_THREADED 0
#endif

#define POP()       (*--sp)
#define PUSH(x)     (*sp++ = (x))
#define TOP()       (sp[-1])
#define G           (v + BC_HDR_SIZE)
#define FAIL(k, l)  do { fail_kind = (k); fail_loc = (l); goto fail; } \
                    while (0)
#define BINOP(expr) do { uint32_t y_ = (uint32_t)POP();                  \
                         uint32_t x_ = (uint32_t)TOP();                  \
                         (void)x_; (void)y_;                             \
                         TOP() = (int32_t)(expr); } while (0)
#define CMPOP(op)   do { int32_t y_ = POP();                             \
                         TOP() = TOP() op y_; } while (0)
/* Make v the work vector (a copy of the source) before writing:
 * returns m->vec, filled from v the first time. */
static inline uint8_t *vec_writable(vm *m, uint8_t *v)
{
    if (v != m->vec) {
        memcpy(m->vec, v, m->len);
        v = m->vec;
    }
    return v;
}
#define WRITABLE()  (v = vec_writable(m, v))

/* Check the channel id popped by a channel instruction. */
#define CHAN_OK(ch) ((ch) > 0 && (uint32_t)(ch) <= m->lay->nchans)
/* A channel operation on a bad id still reads that id: a channel made
 * later (run) or deleted earlier (death) under the same id decides
 * whether the operation fails (doc/soundness.md, channel identity).
 * Returns the failure's kind. */
static unsigned bad_chan(vm *m, int32_t ch)
{
    if (ch > 0 && ch <= BC_MAX_CHANS)
        note(m, TS_OBJ_CHAN, (uint32_t)ch, 0, 1);
    return TS_BADCHAN;
}
#define BADCHAN(ch, l)  FAIL(bad_chan(m, (ch)), (l))

/* The number of bits set in x (the match mask of RSEL, POLL, RPOLL). */
static unsigned nbits(uint32_t x)
{
    unsigned n = 0;

    for (; x != 0; x &= x - 1)
        n++;
    return n;
}

#ifdef VM_CHECK
static void check_insn(const vm *m, const uint8_t *v, const bc_insn *i,
                       const int32_t *sp)
{
    const bc_opinfo *oi;
    ptrdiff_t depth = sp - m->stack;
    int pops;

    assert(i >= m->prog->code && i < m->prog->code + m->prog->ncode);
    assert(i->op < BC_NUM_OPCODES);
    oi = &bc_opinfos[i->op];
    pops = oi->pops;
    if (pops < 0)
        pops = i->op == BC_SEND ? i->a + 1 : i->op == BC_RUN ? i->b
               : i->op == BC_RSEL || i->op == BC_POLL || i->op == BC_RPOLL
               ? (int)nbits((uint32_t)i->b) + 1 : i->a;
    assert(depth >= pops);
    assert(depth - pops + oi->pushes <= VM_STACK_MAX);
    if (i->op == BC_LOADL || i->op == BC_STOREL || i->op == BC_LOADLX
        || i->op == BC_STORELX || i->op == BC_PID)
        assert(m->pid != TS_NONE);
    if (i->op == BC_LOADL || i->op == BC_STOREL) {
        const uint8_t *seg = v + m->lay->poff[m->pid];

        assert(i->b >= 0 && (uint32_t)i->b + bc_type_size(i->t)
               <= m->prog->procs[seg[0]].frame_size);
        (void)seg;
    }
    if (i->op == BC_LOADG || i->op == BC_STOREG)
        assert(i->b >= 0 && (uint32_t)i->b + bc_type_size(i->t)
               <= m->prog->globals_size);
    (void)depth;
}
#define CHECK_INSN() check_insn(m, v, i, sp)
#else
#define CHECK_INSN() ((void)0)
#endif

#if VM_THREADED
#define CASE(name)  L_##name:
#define NEXT        do { i = &code[pc++]; CHECK_INSN();                   \
                         goto *labels[i->op]; } while (0)
#else
#define CASE(name)  case BC_##name:
#define NEXT        break
#endif

/* Does message x come before message y in a sorted channel (pan: the
 * fields compared in order, the first difference decides)? */
static int msg_before(const bc_chantype *ct, const uint8_t *x,
                      const uint8_t *y)
{
    uint32_t f;

    for (f = 0; f < ct->nfields; f++) {
        int32_t a = load_t(x + ct->foffsets[f], ct->ftypes[f]);
        int32_t b = load_t(y + ct->foffsets[f], ct->ftypes[f]);

        if (a != b)
            return a < b;
    }
    return 0;
}

static void reverse_bytes(uint8_t *p, size_t n)
{
    size_t k;

    for (k = 0; k < n / 2; k++) {
        uint8_t t = p[k];

        p[k] = p[n - 1 - k];
        p[n - 1 - k] = t;
    }
}

/* Does message msg match the values vals of the fields in mask? */
static int msg_matches(const bc_chantype *ct, const uint8_t *msg,
                       uint32_t mask, const int32_t *vals)
{
    uint32_t f;

    for (f = 0; f < ct->nfields && f < 32; f++)
        if (mask >> f & 1u) {
            if (load_t(msg + ct->foffsets[f], ct->ftypes[f]) != *vals)
                return 0;
            vals++;
        }
    return 1;
}

/* Does a live process other than pid claim channel ch with a mode in
 * the mask mode (1 xr, 2 xs: its xr or xs declarations, bc_xclaim)? */
static int claimed_by_other(const vm *m, const uint8_t *v, int32_t ch,
                            uint32_t mode, uint32_t pid)
{
    uint32_t q, k;

    for (q = 0; q < m->lay->nprocs; q++) {
        const uint8_t *seg = v + m->lay->poff[q];
        const bc_proctype *pt = &m->prog->procs[seg[0]];

        if (q == pid)
            continue;
        for (k = 0; k < pt->nxclaims; k++)
            if ((pt->xclaims[k].mode & mode) != 0
                && seg[BC_PROC_HDR + pt->xclaims[k].offset] == (uint32_t)ch)
                return 1;
    }
    return 0;
}

/* The segment of process p when it runs and is a proctype pt, else NULL:
 * a remote reference to it then reads 0, as pan's (which reads a zeroed
 * process for a pid that is not running). */
static const uint8_t *remote_seg(const vm *m, const uint8_t *v, int32_t p,
                                 uint32_t pt)
{
    const uint8_t *seg;

    if (p < 0 || (uint32_t)p >= m->lay->nprocs)
        return NULL;
    seg = v + m->lay->poff[p];
    return seg[0] == pt ? seg : NULL;
}

/* Store the fields of a message popped from the stack into slot s. */
static int32_t *pop_message(int32_t *sp, uint8_t *s, const bc_chantype *ct,
                            unsigned nf)
{
    unsigned f = nf;

    while (f-- > 0) {
        int32_t x = *--sp;

        if (f < ct->nfields)
            store_t(s + ct->foffsets[f], ct->ftypes[f], x);
    }
    return sp;
}

/* The out-of-line channel operations of exec.  Each takes exec's vector
 * v (the source, or m->vec once written) and returns it (m->vec when it
 * wrote), or NULL (or -1) with the failure's kind in *fk. */

/* c!!e: SEND appended the message to channel ch; move it to its place
 * (before the first message it sorts before). */
static NOINLINE uint8_t *ch_sort(vm *m, uint8_t *v, int32_t ch,
                                 unsigned *fk)
{
    uint8_t *cs;
    const bc_chantype *ct;
    size_t ms, h, n, k;

    if (!CHAN_OK(ch)) {
        *fk = bad_chan(m, ch);
        return NULL;
    }
    note(m, TS_OBJ_CHAN, (uint32_t)ch, 0, 1);
    v = vec_writable(m, v);
    cs = v + m->lay->coff[ch];
    ct = bc_seg_chantype(m->prog, cs);
    ms = ct->msg_size;
    h = bc_chan_hdr(ct);
    n = bc_chan_len(ct, cs);
    for (k = 0; k + 1 < n; k++)
        if (msg_before(ct, cs + h + (n - 1) * ms, cs + h + k * ms))
            break;
    if (k + 1 < n) {            /* rotate messages k .. n-1 right by one */
        uint8_t *base = cs + h + k * ms;
        size_t len = (n - k) * ms;

        reverse_bytes(base, len);
        reverse_bytes(base, ms);
        reverse_bytes(base + ms, len - ms);
    }
    return v;
}

/* RSEL, POLL, RPOLL: is there a message in channel vals[-1] whose fields
 * in the mask i->b equal vals (POLL: the first message only)?  RSEL
 * remembers the message for RDEL.  -1 on failure. */
static NOINLINE int ch_select(vm *m, const uint8_t *v, const bc_insn *i,
                              const int32_t *vals, unsigned *fk)
{
    uint32_t mask = (uint32_t)i->b;
    int32_t ch = vals[-1];
    const uint8_t *cs;
    const bc_chantype *ct;
    uint32_t n, k;
    int found = 0;

    if (!CHAN_OK(ch)) {
        *fk = bad_chan(m, ch);
        return -1;
    }
    note(m, TS_OBJ_CHAN, (uint32_t)ch, 0, 0);
    cs = v + m->lay->coff[ch];
    ct = bc_seg_chantype(m->prog, cs);
    n = bc_chan_len(ct, cs);
    if (i->op != BC_RSEL) {
        if (ct->cap == 0)       /* pan: a rendezvous poll is false */
            n = 0;
        else if (i->op == BC_POLL && n > 1)
            n = 1;
    } else if ((m->hs_chan && m->hs_chan != (uint32_t)ch)
               || (ct->cap == 0 && !m->hs_chan)) {
        n = 0;                  /* as in RECV */
    }
    if (n > 0 && (i->op == BC_RSEL ? i->a != ct->nfields
                  : i->a > ct->nfields)) {    /* a poll may give fewer */
        *fk = TS_BADMSG;                      /* (SPIN) */
        return -1;
    }
    for (k = 0; k < n && !found; k++) {
        size_t off = m->lay->coff[ch] + bc_chan_hdr(ct)
                     + (size_t)k * ct->msg_size;

        found = msg_matches(ct, v + off, mask, vals);
        if (found && i->op == BC_RSEL) {
            m->m_ct = ct;
            m->m_chan = (uint32_t)ch;
            m->m_off = (uint32_t)off;
        }
    }
    return found;
}

/* RDEL: remove the message RSEL found. */
static NOINLINE uint8_t *ch_delete(vm *m, uint8_t *v)
{
    uint8_t *cs;
    size_t ms = m->m_ct->msg_size;
    size_t n, h, k;

    note(m, TS_OBJ_CHAN, m->m_chan, 0, 1);
    v = vec_writable(m, v);
    cs = v + m->lay->coff[m->m_chan];
    n = bc_chan_len(m->m_ct, cs);
    h = bc_chan_hdr(m->m_ct);
    k = (m->m_off - m->lay->coff[m->m_chan] - h) / ms;
    VM_ASSERT(k < n);
    memmove(cs + h + k * ms, cs + h + (k + 1) * ms, (n - 1 - k) * ms);
    memset(cs + h + (n - 1) * ms, 0, ms);
    bc_chan_set_len(m->m_ct, cs, (uint32_t)(n - 1));
    if (m->m_chan == m->hs_chan)
        m->hs_done = 1;
    return v;
}

/* xr / xs (spore-lang(7)): a process claims a channel at its creation;
 * another process's receive (xr) or send (xs) on it is an error, as
 * pan's "xr assertion violated".  XCLAIM records the claim of channel
 * ch in the local i->b. */
static NOINLINE uint8_t *ch_xclaim(vm *m, uint8_t *v, const bc_insn *i,
                                   int32_t ch, unsigned *fk)
{
    const bc_chantype *ct;

    if (!CHAN_OK(ch)) {
        *fk = bad_chan(m, ch);
        return NULL;
    }
    note(m, TS_OBJ_NRPR, 0, 0, 0);
    ct = bc_seg_chantype(m->prog, v + m->lay->coff[ch]);
    if (ct->cap == 0           /* pan: "xr chans cannot be used for rv" */
        || claimed_by_other(m, v, ch, (uint32_t)i->a, m->pid)) {
        *fk = TS_ASSERT;
        return NULL;
    }
    v = vec_writable(m, v);
    v[m->lbase + (uint32_t)i->b] = (uint8_t)ch;
    return v;
}

/* XCHK: does another process hold channel ch in the mode i->a? */
static NOINLINE int ch_xcheck(vm *m, const uint8_t *v, const bc_insn *i,
                              int32_t ch)
{
    note(m, TS_OBJ_NRPR, 0, 0, 0);
    return CHAN_OK(ch) && claimed_by_other(m, v, ch, (uint32_t)i->a,
                                           m->pid);
}

/* Run from pc on the source vector src (m->len bytes; the work vector
 * m->vec has room for them).  On VM_OK and VM_RET the result is in
 * m->vec. */
static vm_status exec(vm *m, uint32_t pc, const uint8_t *src)
{
    const bc_program *prog = m->prog;
    const bc_insn *code = prog->code;
    const bc_insn *i;
    int32_t *sp = m->stack;
    uint8_t *v = (uint8_t *)(uintptr_t)src;   /* written only once it
                                                  is m->vec */
    unsigned fail_kind;
    uint32_t fail_loc;
#if VM_THREADED
    static const void *const labels[BC_NUM_OPCODES] = {
#define OP(name, operands, pops, pushes, flags) &&L_##name,
#include "engine/model/opcodes.def"
#undef OP
    };

    NEXT;
#else
    for (;;) {
        i = &code[pc++];
        CHECK_INSN();
        switch ((bc_opcode)i->op) {
#endif
        CASE(NOP)
            NEXT;
        CASE(PUSHK)
            PUSH(i->b);
            NEXT;
        CASE(POP)
            sp--;
            NEXT;
        CASE(POP2)
            sp -= 2;
            NEXT;
        CASE(DUP)
            sp[0] = sp[-1];
            sp++;
            NEXT;

        CASE(LOADG)
            note(m, TS_OBJ_GLOBAL, (uint32_t)i->b, bc_type_size(i->t), 0);
            PUSH(load_t(G + i->b, i->t));
            NEXT;
        CASE(STOREG)
            note(m, TS_OBJ_GLOBAL, (uint32_t)i->b, bc_type_size(i->t), 1);
            WRITABLE();
            store_t(G + i->b, i->t, POP());
            NEXT;
        CASE(LOADGX) {
            uint32_t off = (uint32_t)i->b + (uint32_t)TOP();

            VM_ASSERT(off + bc_type_size(i->t) <= prog->globals_size);
            note(m, TS_OBJ_GLOBAL, off, bc_type_size(i->t), 0);
            TOP() = load_t(G + off, i->t);
            NEXT;
        }
        CASE(STOREGX) {
            int32_t x = POP();
            uint32_t off = (uint32_t)i->b + (uint32_t)POP();

            VM_ASSERT(off + bc_type_size(i->t) <= prog->globals_size);
            note(m, TS_OBJ_GLOBAL, off, bc_type_size(i->t), 1);
            WRITABLE();
            store_t(G + off, i->t, x);
            NEXT;
        }
        CASE(LOADL)
            PUSH(load_t(v + m->lbase + i->b, i->t));
            NEXT;
        CASE(STOREL)
            WRITABLE();
            store_t(v + m->lbase + i->b, i->t, POP());
            NEXT;
        CASE(LOADLX)
            TOP() = load_t(v + m->lbase + i->b + TOP(), i->t);
            NEXT;
        CASE(STORELX) {
            int32_t x = POP();
            int32_t o = POP();

            WRITABLE();
            store_t(v + m->lbase + i->b + o, i->t, x);
            NEXT;
        }
        CASE(INDEX) {
            int32_t x = TOP();

            if (x < 0 || x >= i->b)
                FAIL(TS_BOUNDS, (uint32_t)i->c);
            TOP() = x * (int32_t)i->a;
            NEXT;
        }

        CASE(ADD)
            BINOP(x_ + y_);
            NEXT;
        CASE(SUB)
            BINOP(x_ - y_);
            NEXT;
        CASE(MUL)
            BINOP(x_ * y_);
            NEXT;
        CASE(DIV)
        CASE(MOD) {
            int32_t y = POP();
            int32_t x = TOP();

            if (y == 0)
                FAIL(TS_DIVZERO, (uint32_t)i->c);
            if (y == -1)        /* INT_MIN / -1 overflows in C */
                TOP() = i->op == BC_DIV ? (int32_t)(0u - (uint32_t)x) : 0;
            else
                TOP() = i->op == BC_DIV ? x / y : x % y;
            NEXT;
        }
        CASE(NEG)
            TOP() = (int32_t)(0u - (uint32_t)TOP());
            NEXT;
        CASE(NOT)
            TOP() = !TOP();
            NEXT;
        CASE(BNOT)
            TOP() = ~TOP();
            NEXT;
        CASE(BAND)
            BINOP(x_ & y_);
            NEXT;
        CASE(BOR)
            BINOP(x_ | y_);
            NEXT;
        CASE(BXOR)
            BINOP(x_ ^ y_);
            NEXT;
        CASE(SHL)
            BINOP(x_ << (y_ & 31u));
            NEXT;
        CASE(SHR) {
            int32_t y = POP();

            TOP() = TOP() >> (y & 31);
            NEXT;
        }
        CASE(EQ)
            CMPOP(==);
            NEXT;
        CASE(NE)
            CMPOP(!=);
            NEXT;
        CASE(LT)
            CMPOP(<);
            NEXT;
        CASE(LE)
            CMPOP(<=);
            NEXT;
        CASE(GT)
            CMPOP(>);
            NEXT;
        CASE(GE)
            CMPOP(>=);
            NEXT;

        CASE(JMP)
            pc = (uint32_t)i->b;
            NEXT;
        CASE(JMPF)
            if (POP() == 0)
                pc = (uint32_t)i->b;
            NEXT;
        CASE(JMPT)
            if (POP() != 0)
                pc = (uint32_t)i->b;
            NEXT;

        CASE(PID)
            PUSH((int32_t)m->pid);
            NEXT;
        CASE(NRPR)
            note(m, TS_OBJ_NRPR, 0, 0, 0);
            PUSH((int32_t)(v[BC_HDR_NPROCS] + m->nrpr_claims));
            NEXT;
        CASE(TIMEOUT)
            note(m, TS_OBJ_TIMEOUT, 0, 0, 0);
            PUSH(m->timeout);
            NEXT;

        CASE(CLEN)
        CASE(CFULL) {
            int32_t ch = TOP();
            const uint8_t *cs;
            const bc_chantype *ct;

            if (!CHAN_OK(ch))
                BADCHAN(ch, (uint32_t)i->c);
            note(m, TS_OBJ_CHAN, (uint32_t)ch, 0, 0);
            cs = v + m->lay->coff[ch];
            ct = bc_seg_chantype(prog, cs);
            if (i->op == BC_CLEN)
                TOP() = (int32_t)bc_chan_len(ct, cs);
            else                /* a rendezvous is full only mid-handshake */
                TOP() = bc_chan_len(ct, cs) >= (ct->cap ? ct->cap : 1);
            NEXT;
        }
        CASE(SEND) {
            int32_t ch = sp[-1 - (int)i->a];
            uint8_t *cs;
            const bc_chantype *ct;
            uint32_t n;

            if (!CHAN_OK(ch))
                BADCHAN(ch, (uint32_t)i->c);
            note(m, TS_OBJ_CHAN, (uint32_t)ch, 0, 1);
            cs = v + m->lay->coff[ch];
            ct = bc_seg_chantype(prog, cs);
            /* the compiler rejects a wrong field count when it knows
             * the channel; through a struct field or an int it may
             * not (pan: "too few parameters in send stmnt") */
            if (i->a != ct->nfields)
                FAIL(TS_BADMSG, (uint32_t)i->c);
            if (ct->cap == 0) {
                /* a d_step cannot wait for a receiver (pan's error; the
                 * front end reports it when the channel is known) */
                if (m->tflags & BC_TR_DSTEP)
                    FAIL(TS_RV_DSTEP, (uint32_t)i->c);
                /* rendezvous: park the message; ts.c pairs it with a
                 * receiver.  Only receives run in handshake mode. */
                if (m->hs_chan || m->rv_chan || cs[1] != 0)
                    goto blocked;
                m->rv_chan = (uint32_t)ch;
            } else if (bc_chan_len(ct, cs) >= ct->cap) {
                goto blocked;
            }
            WRITABLE();
            cs = v + m->lay->coff[ch];
            n = bc_chan_len(ct, cs);
            sp = pop_message(sp, cs + bc_chan_hdr(ct)
                             + (size_t)n * ct->msg_size, ct, i->a);
            sp--;
            bc_chan_set_len(ct, cs, n + 1);
            NEXT;
        }
        CASE(RECV) {
            int32_t ch = POP();
            const uint8_t *cs;

            if (!CHAN_OK(ch))
                BADCHAN(ch, (uint32_t)i->c);
            note(m, TS_OBJ_CHAN, (uint32_t)ch, 0, 0);
            if (m->hs_chan != (uint32_t)ch && m->hs_chan)
                goto blocked;
            cs = v + m->lay->coff[ch];
            m->m_ct = bc_seg_chantype(prog, cs);
            if (bc_chan_len(m->m_ct, cs) == 0)
                goto blocked;
            if (i->a != m->m_ct->nfields)
                FAIL(TS_BADMSG, (uint32_t)i->c);   /* as in SEND */
            if (m->m_ct->cap == 0 && !m->hs_chan)
                goto blocked;   /* only a handshake empties a [0] slot */
            m->m_chan = (uint32_t)ch;
            m->m_off = m->lay->coff[ch] + bc_chan_hdr(m->m_ct);
            NEXT;
        }
        CASE(RMATCH) {
            int32_t x = POP();

            VM_ASSERT(i->a < m->m_ct->nfields);
            if (load_t(v + m->m_off + m->m_ct->foffsets[i->a],
                       m->m_ct->ftypes[i->a]) != x)
                goto blocked;
            NEXT;
        }
        CASE(RFIELD)
            VM_ASSERT(i->a < m->m_ct->nfields);
            PUSH(load_t(v + m->m_off + m->m_ct->foffsets[i->a],
                        m->m_ct->ftypes[i->a]));
            NEXT;
        CASE(RDONE) {
            uint8_t *cs;
            size_t ms = m->m_ct->msg_size;
            size_t n;
            size_t h;

            note(m, TS_OBJ_CHAN, m->m_chan, 0, 1);
            WRITABLE();
            cs = v + m->lay->coff[m->m_chan];
            n = bc_chan_len(m->m_ct, cs);
            h = bc_chan_hdr(m->m_ct);
            memmove(cs + h, cs + h + ms, (n - 1) * ms);
            memset(cs + h + (n - 1) * ms, 0, ms);
            bc_chan_set_len(m->m_ct, cs, (uint32_t)(n - 1));
            if (m->m_chan == m->hs_chan)
                m->hs_done = 1;
            NEXT;
        }

        CASE(RUN) {
            const bc_proctype *pt = &prog->procs[i->a];
            uint32_t np = m->lay->nprocs;
            size_t off = m->len;
            uint8_t *seg;
            uint32_t k;

            if (np >= BC_MAX_PROCS)     /* pan: "too many processes" */
                FAIL(TS_OVERFLOW, (uint32_t)i->c);
            WRITABLE();
            if (m->ncall >= VM_CALL_MAX
                || grow_vec(m, off + BC_PROC_HDR + pt->frame_size) < 0)
                FAIL(TS_OVERFLOW, (uint32_t)i->c);
            v = m->vec;                         /* it may have moved */
            note(m, TS_OBJ_NRPR, 0, 0, 1);
            m->len = off + BC_PROC_HDR + pt->frame_size;
            seg = v + off;
            memset(seg, 0, BC_PROC_HDR + pt->frame_size);
            seg[0] = (uint8_t)i->a;
            seg[1] = (uint8_t)pt->start;
            seg[2] = (uint8_t)(pt->start >> 8);
            sp -= i->b;
            for (k = 0; k < (uint32_t)i->b && k < pt->nparams; k++)
                store_t(seg + BC_PROC_HDR + pt->params[k].offset,
                        pt->params[k].type, sp[k]);
            m->lay->poff[np] = (uint32_t)off;
            m->lay->nprocs = np + 1;
            v[BC_HDR_NPROCS] = (uint8_t)(np + 1);
            m->call[m->ncall].ret = pc;
            m->call[m->ncall].pid = m->pid;
            m->call[m->ncall].newpid = np;
            m->ncall++;
            m->pid = np;
            m->lbase = (uint32_t)off + BC_PROC_HDR;
            pc = pt->init_code;
            NEXT;
        }
        CASE(CNEW) {
            const bc_chantype *ct = &prog->chantypes[i->a];
            uint32_t nc = m->lay->nchans;
            size_t off = m->len;
            size_t sz = bc_chan_seg_size(ct);

            WRITABLE();
            if (nc >= BC_MAX_CHANS || grow_vec(m, off + sz) < 0)
                FAIL(TS_OVERFLOW, m->tloc);
            v = m->vec;                         /* it may have moved */
            memset(v + off, 0, sz);
            v[off] = (uint8_t)(BC_CHAN_TAG | i->a);
            note(m, TS_OBJ_CHAN, nc + 1, 0, 1);
            m->len = off + sz;
            m->lay->coff[nc + 1] = (uint32_t)off;
            m->lay->nchans = nc + 1;
            v[BC_HDR_NCHANS] = (uint8_t)(nc + 1);
            PUSH((int32_t)(nc + 1));
            NEXT;
        }
        CASE(DIE) {
            vm_layout *lay = m->lay;
            uint32_t off;
            uint32_t nc = lay->nchans;

            if (m->hs_chan || m->pid + 1 != lay->nprocs)
                goto blocked;
            WRITABLE();
            off = lay->poff[m->pid];
            while (nc > 0 && lay->coff[nc] > off)
                note(m, TS_OBJ_CHAN, nc--, 0, 1);   /* deleted */
            note(m, TS_OBJ_NRPR, 0, 0, 1);
            m->len = off;
            lay->nprocs = m->pid;
            lay->nchans = nc;
            v[BC_HDR_NPROCS] = (uint8_t)m->pid;
            v[BC_HDR_NCHANS] = (uint8_t)nc;
            v[BC_HDR_ATOMIC] = 0;
            acc_dedup(m);
            return VM_OK;
        }
        CASE(GOTO) {
            uint8_t *seg;

            if (m->hs_chan && !m->hs_done)
                goto blocked;
            WRITABLE();
            seg = v + m->lay->poff[m->pid];
            VM_ASSERT((uint32_t)i->b < prog->procs[seg[0]].nlocs);
            seg[1] = (uint8_t)i->b;
            seg[2] = (uint8_t)((uint32_t)i->b >> 8);
            /* the owner rule is per transition (bc.h, BC_TR_ATOMIC) */
            v[BC_HDR_ATOMIC] = (m->tflags & BC_TR_ATOMIC)
                               ? (uint8_t)(m->pid + 1) : 0;
            acc_dedup(m);
            return VM_OK;
        }
        CASE(RET)
            if (m->ncall == 0) {
                WRITABLE();
                acc_dedup(m);
                return VM_RET;
            }
            m->ncall--;
            pc = m->call[m->ncall].ret;
            m->pid = m->call[m->ncall].pid;
            m->lbase = m->pid == TS_NONE ? 0
                       : m->lay->poff[m->pid] + BC_PROC_HDR;
            PUSH((int32_t)m->call[m->ncall].newpid);
            NEXT;

        CASE(GUARD)
            if (POP() == 0)
                goto blocked;
            NEXT;
        CASE(ASSERT)
            if (POP() == 0 && m->finding == TS_OK) {
                m->finding = TS_ASSERT;
                m->floc = (uint32_t)i->c;
            }
            NEXT;
        CASE(DCOMMIT)
            m->dcommit = 1;
            NEXT;
        CASE(PRINTF)
            sp -= i->a;
            if (m->out) {
                assert((uint32_t)i->b < prog->nstrings);
                do_printf(m, prog->strings[i->b], sp, i->a);
            }
            NEXT;
        CASE(PRINTM) {
            int32_t x = POP();

            if (m->out) {
                if (mtype_name(prog, x))
                    fputs(mtype_name(prog, x), m->out);
                else
                    fprintf(m->out, "%d", (int)x);
            }
            NEXT;
        }

        /* the channel operations below are rare: their bodies are out
         * of line (ch_*), which keeps exec's registers for the hot
         * instructions (callgrind: +8% on peterson.4 when inline) */
        CASE(SORT) {            /* c!!e: SEND appended the message */
            unsigned fk_ = TS_OK;

            v = ch_sort(m, v, POP(), &fk_);
            if (v == NULL)
                FAIL(fk_, (uint32_t)i->c);
            NEXT;
        }
        CASE(RSEL)
        CASE(POLL)
        CASE(RPOLL) {
            int32_t *vals = sp - nbits((uint32_t)i->b);
            unsigned fk_ = TS_OK;
            int found = ch_select(m, v, i, vals, &fk_);

            sp = vals - 1;
            if (found < 0)
                FAIL(fk_, (uint32_t)i->c);
            PUSH(found);
            NEXT;
        }
        CASE(RDEL)
            v = ch_delete(m, v);
            NEXT;
        CASE(XCLAIM) {
            unsigned fk_ = TS_OK;

            v = ch_xclaim(m, v, i, POP(), &fk_);
            if (v == NULL)
                FAIL(fk_, (uint32_t)i->c);
            NEXT;
        }
        CASE(XCHK)
            if (ch_xcheck(m, v, i, TOP()))
                FAIL(TS_ASSERT, (uint32_t)i->c);
            NEXT;
        CASE(RFIRST) {
            int32_t q = -1;

            note(m, TS_OBJ_NRPR, 0, 0, 0);
            for (uint32_t k = 0; k < m->lay->nprocs && q < 0; k++)
                if (v[m->lay->poff[k]] == i->a)
                    q = (int32_t)k;
            PUSH(q);
            NEXT;
        }
        CASE(RPC) {
            const uint8_t *seg = remote_seg(m, v, TOP(), i->a);

            note(m, TS_OBJ_NRPR, 0, 0, 0);
            TOP() = seg != NULL && (seg[1] | seg[2] << 8) == i->b;
            NEXT;
        }
        CASE(RLOAD) {
            int32_t o = POP();
            const uint8_t *seg = remote_seg(m, v, TOP(), i->a);

            note(m, TS_OBJ_NRPR, 0, 0, 0);
            VM_ASSERT(seg == NULL || (uint32_t)i->b + (uint32_t)o
                      + bc_type_size(i->t) <= prog->procs[i->a].frame_size);
            TOP() = seg != NULL ? load_t(seg + BC_PROC_HDR + i->b + o, i->t)
                                : 0;
            NEXT;
        }
        CASE(RMARK)
            note(m, TS_OBJ_GLOBAL,
                 (uint32_t)i->b + (uint32_t)TOP() % (uint32_t)i->c, 1, 0);
            NEXT;
        CASE(RTOUCH)
            note(m, TS_OBJ_GLOBAL,
                 (uint32_t)i->b + m->pid % (uint32_t)i->c, 1, 1);
            NEXT;
        /* priorities: the first byte of a process's frame (frontend/
         * lower.c); the accesses are covered by the byte every step of
         * such a model reads and writes */
        CASE(GETPRIO) {
            int32_t p = TOP();

            TOP() = p >= 0 && (uint32_t)p < m->lay->nprocs
                    ? v[m->lay->poff[p] + BC_PROC_HDR] : 0;
            NEXT;
        }
        CASE(SETPRIO) {
            int32_t x = POP();
            int32_t p = POP();

            if (p < 0 || (uint32_t)p >= m->lay->nprocs)
                NEXT;                   /* pan: no such process, no-op */
            if (x < 1 || x > 255) {     /* pan: "priority is out of range" */
                if (m->finding == TS_OK) {
                    m->finding = TS_ASSERT;
                    m->floc = (uint32_t)i->c;
                }
                NEXT;
            }
            WRITABLE();
            v[m->lay->poff[p] + BC_PROC_HDR] = (uint8_t)x;
            NEXT;
        }
#if !VM_THREADED
        default:
            assert(!"unknown opcode");
            abort();
        }
    }
#endif

blocked:
    /* a transition tried as the partner of a rendezvous and refused is
     * simply not that partner, even inside a d_step */
    if (!m->dcommit || (m->hs_chan && !m->hs_done))
        return VM_BLOCKED;
    fail_kind = TS_DSTEP_BLOCK;
    fail_loc = m->tloc;
fail:
    if (m->finding == TS_OK) {
        m->finding = fail_kind;
        m->floc = fail_loc;
    }
    acc_dedup(m);
    return VM_FAIL;
}

vm_status vm_run(vm *m, vm_layout *lay, const uint8_t *src, size_t len,
                 uint32_t pid, uint32_t trans, uint32_t hs_chan)
{
    const bc_trans *tr = &m->prog->trans[trans];
    uint32_t np = lay->nprocs;
    uint32_t nc = lay->nchans;
    vm_status st;

    VM_ASSERT(pid < lay->nprocs);
    VM_ASSERT(src != m->vec);
    if (len > m->cap && grow_vec(m, len) < 0)
        return VM_BLOCKED;
    m->len = len;
    m->lay = lay;
    m->pid = pid;
    m->lbase = lay->poff[pid] + BC_PROC_HDR;
    m->hs_chan = hs_chan;
    m->hs_done = 0;
    m->rv_chan = 0;
    m->dcommit = 0;
    m->tloc = tr->loc;
    m->tflags = tr->flags;
    m->finding = TS_OK;
    m->floc = 0;
    m->nacc = 0;
    m->ncall = 0;
    st = exec(m, tr->code, src);
    lay->nprocs = np;
    lay->nchans = nc;
    VM_ASSERT(st != VM_RET);
    return st;
}

vm_status vm_run_init(vm *m, vm_layout *lay, const uint8_t *src,
                      size_t len, uint32_t pc)
{
    uint32_t np = lay->nprocs;
    uint32_t nc = lay->nchans;
    vm_status st;

    if (len > m->cap && grow_vec(m, len) < 0)
        return VM_BLOCKED;
    m->len = len;
    m->lay = lay;
    m->pid = TS_NONE;
    m->lbase = 0;
    m->hs_chan = 0;
    m->hs_done = 0;
    m->rv_chan = 0;
    m->dcommit = 0;
    m->tloc = 0;
    m->tflags = 0;
    m->finding = TS_OK;
    m->floc = 0;
    m->nacc = 0;
    m->ncall = 0;
    st = exec(m, pc, src);
    lay->nprocs = np;
    lay->nchans = nc;
    return st;
}
