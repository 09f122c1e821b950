/*
 * statestore/ss.c -- the exact visited-state store (see ss.h).
 *
 * Layout (conventions R11, made denser: 8-byte slots holding a 32-bit
 * tag instead of 16-byte slots with the full hash, and no per-vector
 * length word; see tests/bench/full for the bytes per state):
 *
 *   table    n + SS_PAD slots of 64 bits: the high 32 bits of the
 *            vector's XXH3 hash (its "tag") above id + 1; 0 is an empty
 *            slot, so a zeroed table is empty.  A tag's home slot is
 *            (tag * n) >> 32, which grows with the tag, and the table is
 *            kept ORDERED (Amble and Knuth's ordered hash table, a
 *            Robin Hood variant): every entry sits at or after its home
 *            and the occupied slots, read left to right, have
 *            nondecreasing tags.  Nothing wraps around (the last
 *            SS_PAD slots take what runs past slot n - 1; the very
 *            last one stays empty, so every scan ends inside the
 *            table).  So a search stops at the first empty slot OR the
 *            first larger tag: a
 *            miss costs about what a hit does, ~(1 + 1 / (1 - load)) / 2
 *            slots, instead of linear probing's (1 + 1 / (1 - load)^2) /
 *            2 -- which is what allows a 9/10 load.  An insertion shifts
 *            the rest of its run one slot right (a memmove of a few
 *            slots).  n need not be a power of two, so a large table
 *            grows by a quarter, not double; growing never touches a
 *            vector (the home is a function of the tag) and, the table
 *            being sorted, is one sequential pass that appends each
 *            entry at max(its home, the previous entry's slot + 1).
 *   blocks   ids are grouped in blocks of SS_BLOCK consecutive ids.  A
 *            block whose vectors all have one length (the usual case:
 *            most models never change their vector length) keeps them
 *            back to back with NO per-vector header: vector i of the
 *            block is at base + i * len (or, past a chunk boundary,
 *            base2 + (i - split) * len).  From the first vector of
 *            another length on, the rest of the block is "mixed": each
 *            record is a length prefix (1 byte below 255, else 0xff and
 *            a u32) and the bytes, found through a per-block array of
 *            record addresses.
 *   chunks   records are appended to SS_CHUNK blocks of malloc'd memory
 *            (a larger one for a record that needs it); nothing moves
 *            once written, so ss_get() addresses stay valid.
 *
 * So a stored state costs its vector plus 8 / load bytes of table
 * (load between 0.72 and 0.9 once the table is large) plus about 0.1
 * byte of block table, against vector + 4-byte length word + padding +
 * 16-byte slot at load <= 3/4 + 8-byte id index before.
 *
 * A lookup hashes once, probes, and reads a vector only when a tag
 * matches; equality is always a full byte comparison (never hash-only).
 * A tag match with different bytes is a conflict; each new vector that
 * meets one counts once.  The tag is 32 bits and slots near each other
 * have tags near each other, so conflicts are more frequent than with a
 * full 64-bit hash (ss_bench: 2975 in 5e6 insertions) -- each costs one
 * extra vector fetch, never a wrong answer.
 *
 * The table is 2 MiB aligned and advised as huge pages where the system
 * has them: every lookup is a random access into it.  Chunks are plain
 * malloc (huge-page faults on memory written in order cost more than
 * they save).
 *
 * Memory accounting: bytes = struct + table + block table + chunk array
 * + chunk sizes + mixed-record address arrays.  An insertion first works
 * out every growth it needs and returns SS_FULL, changing nothing, if the
 * sum would pass the limit; near the limit a new chunk takes only half of
 * the room left (or just enough for the record).  A failing malloc is
 * treated like the limit.  Plain malloc only: this module never exits.
 */
#include "config.h"

#include "statestore/ss.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define XXH_INLINE_ALL          /* the hash is most of a miss: inline it */
#include <xxhash.h>

/* Tests may replace the hash (to force conflicts) by defining SS_HASH
 * before including this file. */
#ifndef SS_HASH
#define SS_HASH(v, n) XXH3_64bits((v), (n))
#endif

#define SS_LOG2_DEFAULT   14
#define SS_LOG2_MIN       4
#define SS_LOG2_MAX       32            /* (tag * n) >> 32 needs n <= 2^32 */
#define SS_MAX_SLOTS      ((uint64_t)1 << SS_LOG2_MAX)
#define SS_BLOCK_BITS     9
#define SS_BLOCK          ((size_t)1 << SS_BLOCK_BITS)
#define SS_CHUNK          ((size_t)2 << 20)     /* 2 MiB */
#define SS_FIXED_MAX      (SS_CHUNK / SS_BLOCK) /* longer: mixed records */
#define SS_MAX_IDS        (UINT32_MAX - 1u)     /* id + 1 must fit */
#define SS_HUGE           ((size_t)2 << 20)     /* huge page size */
#define SS_NOSPLIT        UINT32_MAX
#define SS_PAD            ((size_t)1024)        /* overflow slots */
/* Grow when count would pass n * LOAD_NUM / LOAD_DEN; grow by doubling
 * while small, by n / SS_GROW_DIV once the table passes SS_GROW_SLOW
 * slots.  (Measured on tests/bench/full's models: linear probing at 4/5
 * load with 1.5x growth gave 33.7 B/state on bench-10-bakery, this
 * ordered table at 9/10 with 1.25x gives 29.9 with fewer probes per
 * lookup.) */
#ifndef SS_LOAD_NUM
#define SS_LOAD_NUM       9
#define SS_LOAD_DEN       10
#endif
#ifndef SS_GROW_SLOW
#define SS_GROW_SLOW      ((size_t)1 << 20)
#endif
#ifndef SS_GROW_DIV
#define SS_GROW_DIV       4
#endif

#if defined(__GNUC__)
#define SS_LIKELY(x)   __builtin_expect(!!(x), 1)
#define SS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SS_LIKELY(x)   (x)
#define SS_UNLIKELY(x) (x)
#endif

typedef struct ss_block {
    uint8_t   *base;        /* fixed records 0 .. split-1 */
    uint8_t   *base2;       /* fixed records split .. nfixed-1 */
    uint8_t  **recs;        /* records nfixed.. (mixed); NULL: none yet */
    uint32_t   len;         /* length of the fixed records */
    uint32_t   nfixed;
    uint32_t   split;       /* SS_NOSPLIT: all fixed records at base */
} ss_block;

struct ss_store {
    uint64_t  *table;       /* nslots + SS_PAD slots */
    size_t     nslots;      /* home slots */
    size_t     grow_at;     /* grow when count would exceed this */
    ss_block  *blocks;
    size_t     blocks_cap;
    uint8_t  **chunks;
    size_t     nchunks;
    size_t     chunks_cap;
    uint8_t   *cur;         /* next free byte of the newest chunk */
    size_t     room;        /* free bytes at cur */
    size_t     chunk_bytes; /* sum of chunk sizes */
    size_t     recs_bytes;  /* sum of mixed-record address arrays */
    size_t     count;
    size_t     vector_bytes;
    size_t     limit;       /* 0: none */
    int        full;        /* an insertion hit the limit: all will */
    size_t     lookups;
    size_t     probes;
    size_t     conflicts;
};

/* A zeroed table of n bytes: 2 MiB aligned and advised as huge pages
 * when it is at least that big. */
static void *table_alloc(size_t n)
{
    void *p = NULL;

    if (n < SS_HUGE)
        return calloc(1, n);
    if (posix_memalign(&p, SS_HUGE, n) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    (void)madvise(p, n, MADV_HUGEPAGE);   /* advice only: ignore failure */
#endif
    memset(p, 0, n);
    return p;
}

static size_t load_limit(size_t slots)
{
    return (size_t)((uint64_t)slots * SS_LOAD_NUM / SS_LOAD_DEN);
}

static size_t next_slots(size_t slots)
{
    size_t n = slots < SS_GROW_SLOW ? slots * 2
                                      : slots + slots / SS_GROW_DIV;

    return n > SS_MAX_SLOTS ? (size_t)SS_MAX_SLOTS : n;
}

static size_t total_bytes(const ss_store *ss)
{
    return sizeof *ss + (ss->nslots + SS_PAD) * sizeof(uint64_t)
           + ss->blocks_cap * sizeof(ss_block)
           + ss->chunks_cap * sizeof(uint8_t *) + ss->chunk_bytes
           + ss->recs_bytes;
}

static inline size_t home(uint32_t tag, size_t n)
{
    return (size_t)(((uint64_t)tag * n) >> 32);
}

ss_store *ss_new(size_t mem_limit, unsigned log2_slots)
{
    ss_store *ss;
    size_t slots;

    if (log2_slots == 0)
        log2_slots = SS_LOG2_DEFAULT;
    if (log2_slots < SS_LOG2_MIN)
        log2_slots = SS_LOG2_MIN;
    if (log2_slots > SS_LOG2_MAX || log2_slots >= sizeof(size_t) * 8 - 4)
        return NULL;
    slots = (size_t)1 << log2_slots;
    if (mem_limit != 0
        && sizeof *ss + (slots + SS_PAD) * sizeof(uint64_t) > mem_limit)
        return NULL;
    ss = calloc(1, sizeof *ss);
    if (ss == NULL)
        return NULL;
    ss->table = table_alloc((slots + SS_PAD) * sizeof(uint64_t));
    if (ss->table == NULL) {
        free(ss);
        return NULL;
    }
    ss->nslots = slots;
    ss->grow_at = load_limit(slots);
    ss->limit = mem_limit;
    return ss;
}

void ss_set_limit(ss_store *ss, size_t mem_limit)
{
    ss->limit = mem_limit;
}

void ss_free(ss_store *ss)
{
    size_t i;

    if (ss == NULL)
        return;
    for (i = 0; i < ss->nchunks; i++)
        free(ss->chunks[i]);
    for (i = 0; i < ss->blocks_cap; i++)       /* unused ones: NULL */
        free(ss->blocks[i].recs);
    free(ss->chunks);
    free(ss->blocks);
    free(ss->table);
    free(ss);
}

/* ------------------------------------------------------------ records */

/* Bytes of the length prefix of a mixed record of len bytes. */
static inline size_t prefix_size(size_t len)
{
    return len < 255 ? 1 : 5;
}

/* The vector of a mixed record at p, its length in *len. */
static inline const uint8_t *rec_decode(const uint8_t *p, size_t *len)
{
    uint32_t l;

    if (SS_LIKELY(p[0] != 255)) {
        *len = p[0];
        return p + 1;
    }
    memcpy(&l, p + 1, sizeof l);
    *len = l;
    return p + 5;
}

/* The stored vector with dense id id, its length in *len. */
static inline const uint8_t *vec_of(const ss_store *ss, size_t id,
                                    size_t *len)
{
    const ss_block *b = &ss->blocks[id >> SS_BLOCK_BITS];
    uint32_t i = (uint32_t)(id & (SS_BLOCK - 1));

    if (SS_LIKELY(i < b->nfixed)) {
        *len = b->len;
        if (SS_LIKELY(i < b->split))
            return b->base + (size_t)i * b->len;
        return b->base2 + (size_t)(i - b->split) * b->len;
    }
    return rec_decode(b->recs[i], len);
}

/* Is the stored vector id (whose tag matched) equal to vec? */
static inline int id_equal(const ss_store *ss, size_t id, const void *vec,
                           size_t len)
{
    size_t l;
    const uint8_t *p = vec_of(ss, id, &l);

    return l == len && memcmp(p, vec, len) == 0;
}

/* ------------------------------------------------------------- table */

/* Move every slot into a table of new_slots home slots.  The table is
 * sorted, so each entry goes to max(its home, the previous one's slot +
 * 1).  The old table is freed only once the new one exists, so failure
 * leaves the store as it was.  -1 also when the new table would
 * overflow its pad (only a degenerate hash can do that). */
static int table_grow(ss_store *ss, size_t new_slots)
{
    size_t old_end = ss->nslots + SS_PAD;
    size_t new_end = new_slots + SS_PAD;
    uint64_t *nt = table_alloc(new_end * sizeof(uint64_t));
    size_t next = 0;                /* first slot not yet taken */
    size_t i;

    if (nt == NULL)
        return -1;
    for (i = 0; i < old_end; i++) {
        uint64_t s = ss->table[i];
        size_t j;

        if (s == 0)
            continue;
        j = home((uint32_t)(s >> 32), new_slots);
        if (j < next)
            j = next;
        if (j >= new_end - 1) {         /* the last slot stays empty */
            free(nt);
            return -1;
        }
        nt[j] = s;
        next = j + 1;
    }
    free(ss->table);
    ss->table = nt;
    ss->nslots = new_slots;
    ss->grow_at = load_limit(new_slots);
    return 0;
}

/* The first empty slot at or after i; the last slot (kept empty, so
 * every search ends inside the table) when none. */
static inline size_t first_empty(const ss_store *ss, size_t i)
{
    size_t end = ss->nslots + SS_PAD - 1;

    while (i < end && ss->table[i] != 0)
        i++;
    return i;
}

/* Where an absent tag goes: the first slot at or after its home that is
 * empty or holds a larger tag. */
static size_t insert_pos(const ss_store *ss, uint32_t tag)
{
    size_t i = home(tag, ss->nslots);

    for (;;) {
        uint64_t s = ss->table[i];

        if (s == 0 || (uint32_t)(s >> 32) > tag)
            return i;
        i++;
    }
}

/* --------------------------------------------------------- insertion */

/* What one insertion needs, worked out before anything changes. */
typedef struct plan {
    size_t new_slots;       /* 0: the table stays */
    size_t new_bcap;        /* == blocks_cap: the block table stays */
    int    open_block;      /* the id starts a new block */
    int    fixed;           /* appended as a fixed record */
    int    new_recs;        /* the block needs its record-address array */
    size_t rec;             /* bytes the record takes */
    size_t chunk;           /* bytes of a new chunk; 0: none */
    int    split;           /* a fixed record that starts the block's
                               second run, in the new chunk */
} plan;

/* Work out p for inserting a vector of len bytes as id ss->count (and
 * growing the table if force_grow); -1 when it would pass the limit. */
static int make_plan(const ss_store *ss, size_t len, int force_grow,
                     plan *p)
{
    size_t id = ss->count;
    size_t bi = id >> SS_BLOCK_BITS;
    uint32_t i = (uint32_t)(id & (SS_BLOCK - 1));
    const ss_block *b = bi < ss->blocks_cap ? &ss->blocks[bi] : NULL;
    size_t extra = 0;

    memset(p, 0, sizeof *p);
    p->new_bcap = ss->blocks_cap;
    if (force_grow || ss->count + 1 > ss->grow_at) {
        p->new_slots = next_slots(ss->nslots);
        if (p->new_slots <= ss->nslots)
            return -1;                          /* at the largest table */
        extra += (p->new_slots - ss->nslots) * sizeof(uint64_t);
    }
    p->open_block = i == 0;
    if (p->open_block && bi >= ss->blocks_cap) {
        p->new_bcap = ss->blocks_cap ? ss->blocks_cap * 2 : 16;
        extra += (p->new_bcap - ss->blocks_cap) * sizeof(ss_block);
    }
    /* fixed: the block is (or starts) all one length, and the record
     * continues its current run or starts its second one */
    if (len <= SS_FIXED_MAX
        && (p->open_block || (b->recs == NULL && b->nfixed == i
                              && b->len == len))) {
        p->fixed = 1;
        p->rec = len;
        if (p->rec > ss->room || ss->nchunks == 0) {
            if (p->open_block || b->split == SS_NOSPLIT)
                p->split = !p->open_block;
            else
                p->fixed = 0;                   /* a third run: mixed */
        }
    }
    if (!p->fixed) {
        p->rec = prefix_size(len) + len;
        if (p->open_block || ss->blocks[bi].recs == NULL) {
            p->new_recs = 1;
            extra += SS_BLOCK * sizeof(uint8_t *);
        }
    }
    if (p->rec > ss->room || ss->nchunks == 0) {
        p->chunk = p->rec > SS_CHUNK ? p->rec : SS_CHUNK;
        if (ss->nchunks + 1 > ss->chunks_cap)
            extra += (ss->chunks_cap ? ss->chunks_cap : 16)
                     * sizeof(uint8_t *);
    }
    if (ss->limit != 0) {
        size_t used = total_bytes(ss) + extra;

        if (used > ss->limit)
            return -1;
        if (p->chunk != 0) {
            size_t room = ss->limit - used;

            if (room < p->rec)
                return -1;
            /* Near the limit take half of what is left, so the table
             * and block table can still grow a while. */
            if (p->chunk > room)
                p->chunk = room / 2 > p->rec ? room / 2 : p->rec;
        }
    }
    return 0;
}

/* Carry out the allocations of p; -1 (nothing visible changed) when
 * malloc fails. */
static int grow_for(ss_store *ss, const plan *p)
{
    uint8_t *c = NULL;
    uint8_t **recs = NULL;

    if (p->new_bcap != ss->blocks_cap) {
        ss_block *nb = realloc(ss->blocks, p->new_bcap * sizeof *nb);

        if (nb == NULL)
            return -1;
        memset(nb + ss->blocks_cap, 0,
               (p->new_bcap - ss->blocks_cap) * sizeof *nb);
        ss->blocks = nb;
        ss->blocks_cap = p->new_bcap;
    }
    if (p->chunk != 0 && ss->nchunks + 1 > ss->chunks_cap) {
        size_t ncap = ss->chunks_cap ? ss->chunks_cap * 2 : 16;
        uint8_t **nc = realloc(ss->chunks, ncap * sizeof *nc);

        if (nc == NULL)
            return -1;
        ss->chunks = nc;
        ss->chunks_cap = ncap;
    }
    if (p->new_slots != 0 && table_grow(ss, p->new_slots) != 0)
        return -1;
    if (p->new_recs) {
        recs = malloc(SS_BLOCK * sizeof *recs);
        if (recs == NULL)
            return -1;
    }
    if (p->chunk != 0) {
        c = malloc(p->chunk);
        if (c == NULL) {
            free(recs);
            return -1;
        }
        ss->chunks[ss->nchunks++] = c;
        ss->chunk_bytes += p->chunk;
        ss->cur = c;
        ss->room = p->chunk;
    }
    if (recs != NULL) {
        ss->blocks[ss->count >> SS_BLOCK_BITS].recs = recs;
        ss->recs_bytes += SS_BLOCK * sizeof *recs;
    }
    return 0;
}

/* The slow half of ss_find_or_put: vec (tag tag) is absent and would go
 * to slot pos of the current table. */
static ss_result insert(ss_store *ss, const void *vec, size_t len,
                        uint32_t tag, size_t pos, ss_ref *ref)
{
    size_t id = ss->count;
    uint32_t i = (uint32_t)(id & (SS_BLOCK - 1));
    size_t old_slots = ss->nslots;
    size_t empty = first_empty(ss, pos);
    ss_block *b;
    uint8_t *p;
    plan pl;

    if (ss->full || id >= SS_MAX_IDS
        || make_plan(ss, len, empty == ss->nslots + SS_PAD - 1, &pl) != 0
        || grow_for(ss, &pl) != 0) {
        ss->full = 1;
        return SS_FULL;
    }
    if (ss->nslots != old_slots) {              /* the table grew */
        pos = insert_pos(ss, tag);
        empty = first_empty(ss, pos);
        if (empty == ss->nslots + SS_PAD - 1) { /* degenerate hash */
            ss->full = 1;
            return SS_FULL;
        }
    }
    b = &ss->blocks[id >> SS_BLOCK_BITS];
    p = ss->cur;
    if (pl.open_block) {
        uint8_t **recs = b->recs;       /* set by grow_for when mixed */

        memset(b, 0, sizeof *b);
        b->recs = recs;
        b->split = SS_NOSPLIT;
        b->len = (uint32_t)(pl.fixed ? len : 0);
        b->base = p;
    }
    if (pl.fixed) {
        if (pl.split) {
            b->split = i;
            b->base2 = p;
        }
        memcpy(p, vec, len);
        b->nfixed = i + 1;
    } else {
        uint32_t len32 = (uint32_t)len;

        if (len < 255) {
            p[0] = (uint8_t)len;
            memcpy(p + 1, vec, len);
        } else {
            p[0] = 255;
            memcpy(p + 1, &len32, sizeof len32);
            memcpy(p + 5, vec, len);
        }
        b->recs[i] = p;
    }
    ss->cur += pl.rec;
    ss->room -= pl.rec;
    ss->vector_bytes += pl.rec;
    if (empty > pos)
        memmove(&ss->table[pos + 1], &ss->table[pos],
                (empty - pos) * sizeof(uint64_t));
    ss->table[pos] = (uint64_t)tag << 32 | (uint64_t)(id + 1);
    *ref = (ss_ref)id;
    ss->count++;
    return SS_NEW;
}

uint64_t ss_hash(const void *vec, size_t len)
{
    return SS_HASH(vec, len);
}

void ss_prefetch(const ss_store *ss, uint64_t h)
{
#if defined(__GNUC__)
    const uint64_t *s = &ss->table[home((uint32_t)(h >> 32), ss->nslots)];

    __builtin_prefetch(s, 0, 1);
#else
    (void)ss;
    (void)h;
#endif
}

ss_result ss_find_or_put(ss_store *ss, const void *vec, size_t len,
                         ss_ref *ref)
{
    return ss_find_or_put_hashed(ss, vec, len, SS_HASH(vec, len), ref);
}

ss_result ss_find_or_put_hashed(ss_store *ss, const void *vec, size_t len,
                                uint64_t h, ss_ref *ref)
{
    uint32_t tag = (uint32_t)(h >> 32);
    const uint64_t *table = ss->table;
    size_t i = home(tag, ss->nslots);
    size_t probes = 1;
    int conflict = 0;
    ss_result r;

    assert(len < UINT32_MAX);
    for (;; i++, probes++) {
        uint64_t s = table[i];
        uint32_t t = (uint32_t)(s >> 32);

        if (s == 0 || t > tag)
            break;
        if (SS_UNLIKELY(t == tag)) {
            size_t id = (size_t)(uint32_t)s - 1;

            if (SS_LIKELY(id_equal(ss, id, vec, len))) {
                ss->lookups++;
                ss->probes += probes;
                *ref = (ss_ref)id;
                return SS_SEEN;
            }
            conflict = 1;
        }
    }
    ss->lookups++;
    ss->probes += probes;
    r = insert(ss, vec, len, tag, i, ref);
    if (r == SS_NEW && conflict)
        ss->conflicts++;
    return r;
}

ss_ref ss_find(const ss_store *ss, const void *vec, size_t len)
{
    uint32_t tag = (uint32_t)(SS_HASH(vec, len) >> 32);
    size_t i = home(tag, ss->nslots);

    for (;; i++) {
        uint64_t s = ss->table[i];
        uint32_t t = (uint32_t)(s >> 32);

        if (s == 0 || t > tag)
            return SS_NOREF;
        if (t == tag && id_equal(ss, (size_t)(uint32_t)s - 1, vec, len))
            return (ss_ref)((uint32_t)s - 1);
    }
}

const uint8_t *ss_get(const ss_store *ss, ss_ref ref, size_t *len)
{
    size_t l;
    const uint8_t *p;

    assert(ref < ss->count);
    p = vec_of(ss, ref, &l);
    if (len != NULL)
        *len = l;
    return p;
}

size_t ss_count(const ss_store *ss)
{
    return ss->count;
}

void ss_get_stats(const ss_store *ss, ss_stats *out)
{
    memset(out, 0, sizeof *out);
    out->stored = ss->count;
    out->lookups = ss->lookups;
    out->conflicts = ss->conflicts;
    out->probes = ss->probes;
    out->vector_bytes = ss->vector_bytes;
    out->table_bytes = (ss->nslots + SS_PAD) * sizeof(uint64_t);
    out->bytes = total_bytes(ss);
}
