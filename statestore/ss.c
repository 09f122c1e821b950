/*
 * statestore/ss.c -- the exact visited-state store (see ss.h).
 *
 * Layout (conventions R11):
 *
 *   chunks   4 MiB blocks; vectors are appended back to back, each as a
 *            u32 length word followed by its bytes, padded to 4 bytes.
 *            A vector larger than a chunk gets a chunk of its own.
 *   vecs     id -> address of the length word (dense ids are indices);
 *            written once per insertion, read by ss_get().
 *   table    2^k slots of {64-bit XXH3 hash, id + 1, location}; linear
 *            probing; id + 1 == 0 marks an empty slot, so a zeroed table
 *            is empty.  Doubled when an insertion would take the load
 *            past 3/4; the stored hash makes rehashing one pass over the
 *            slots that never touches a vector.
 *
 * "location" packs (chunk index, offset / 4) into 32 bits so that a hit
 * goes slot -> vector with no stop in vecs[]: on a large store each of
 * those is a cache miss, so this saves a third of the misses of a hit.
 * It covers the first 4094 chunks (16 GiB of vectors); later vectors are
 * reached through vecs[] (SS_LOC_NONE).
 *
 * A lookup hashes once, probes, and reads a vector only when the stored
 * 64-bit hash matches; a 64-bit match with different bytes (or length) is
 * a conflict, and each new vector that meets one counts once.
 *
 * The table is 2 MiB aligned and advised as huge pages where the system
 * has them: every lookup is a random access into it.  (Measured with
 * tests/bench/ss_bench, 5e6 states: lookups ~5% faster and insertions
 * ~25% faster than without.  Advising the chunks as well made insertion
 * slower -- huge-page faults cost more than they save on memory that is
 * written in order -- so chunks are plain malloc.)
 *
 * Memory accounting: bytes = struct + table + vecs capacity + chunk array
 * + chunk sizes.  An insertion first works out every growth it needs
 * (table, vecs, chunk) and returns SS_FULL, changing nothing, if the sum
 * would pass the limit; near the limit a new chunk takes only half of the
 * room left (or just enough for the vector).  A failing malloc is treated like the
 * limit.  Plain malloc only: this module never exits.
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
#define SS_LOG2_MAX       40
#define SS_CHUNK_BITS     22
#define SS_CHUNK          ((size_t)1 << SS_CHUNK_BITS)  /* 4 MiB */
#define SS_LEN_WORD       sizeof(uint32_t)
#define SS_MAX_IDS        (UINT32_MAX - 1u)     /* id + 1 must fit */
#define SS_OFF_BITS       (SS_CHUNK_BITS - 2)   /* offset / 4 */
#define SS_LOC_NONE       UINT32_MAX
#define SS_LOC_CHUNKS     ((UINT32_C(1) << (32 - SS_OFF_BITS)) - 1)
#define SS_HUGE           ((size_t)2 << 20)     /* huge page size */

#if defined(__GNUC__)
#define SS_LIKELY(x)   __builtin_expect(!!(x), 1)
#define SS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SS_LIKELY(x)   (x)
#define SS_UNLIKELY(x) (x)
#endif

typedef struct ss_slot {
    uint64_t hash;
    uint32_t id1;           /* id + 1; 0 = empty */
    uint32_t loc;           /* chunk << SS_OFF_BITS | offset / 4 */
} ss_slot;

struct ss_store {
    ss_slot   *table;
    size_t     mask;        /* slots - 1 */
    size_t     grow_at;     /* grow when count would exceed this */
    uint8_t  **chunks;      /* chunk index -> base */
    uint8_t  **vecs;        /* id -> length word */
    size_t     count;
    size_t     vecs_cap;
    size_t     cur_used;    /* bytes used in the newest chunk */
    size_t     cur_size;
    size_t     nchunks;
    size_t     chunks_cap;
    size_t     chunk_bytes; /* sum of chunk sizes */
    size_t     vector_bytes;
    size_t     limit;       /* 0: none */
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
    return slots / 4 * 3;
}

static size_t table_bytes(const ss_store *ss)
{
    return (ss->mask + 1) * sizeof(ss_slot);
}

static size_t total_bytes(const ss_store *ss)
{
    return sizeof *ss + table_bytes(ss) + ss->vecs_cap * sizeof(uint8_t *)
           + ss->chunks_cap * sizeof(uint8_t *) + ss->chunk_bytes;
}

ss_store *ss_new(size_t mem_limit, unsigned log2_slots)
{
    ss_store *ss;
    size_t slots;

    if (log2_slots == 0)
        log2_slots = SS_LOG2_DEFAULT;
    if (log2_slots < SS_LOG2_MIN)
        log2_slots = SS_LOG2_MIN;
    if (log2_slots > SS_LOG2_MAX || log2_slots >= sizeof(size_t) * 8 - 5)
        return NULL;
    slots = (size_t)1 << log2_slots;
    if (mem_limit != 0 && sizeof *ss + slots * sizeof(ss_slot) > mem_limit)
        return NULL;
    ss = calloc(1, sizeof *ss);
    if (ss == NULL)
        return NULL;
    ss->table = table_alloc(slots * sizeof(ss_slot));
    if (ss->table == NULL) {
        free(ss);
        return NULL;
    }
    ss->mask = slots - 1;
    ss->grow_at = load_limit(slots);
    ss->limit = mem_limit;
    return ss;
}

void ss_free(ss_store *ss)
{
    size_t i;

    if (ss == NULL)
        return;
    for (i = 0; i < ss->nchunks; i++)
        free(ss->chunks[i]);
    free(ss->chunks);
    free(ss->vecs);
    free(ss->table);
    free(ss);
}

/* The length word of the vector in slot s. */
static inline const uint8_t *slot_vec(const ss_store *ss, const ss_slot *s)
{
    if (SS_LIKELY(s->loc != SS_LOC_NONE))
        return ss->chunks[s->loc >> SS_OFF_BITS]
               + ((size_t)(s->loc & ((UINT32_C(1) << SS_OFF_BITS) - 1))
                  << 2);
    return ss->vecs[s->id1 - 1];
}

/* Does the vector in slot s (whose hash matched) equal vec? */
static inline int slot_equal(const ss_store *ss, const ss_slot *s,
                             const void *vec, size_t len)
{
    const uint8_t *p = slot_vec(ss, s);
    uint32_t l;

    memcpy(&l, p, SS_LEN_WORD);
    return l == len && memcmp(p + SS_LEN_WORD, vec, len) == 0;
}

/* Move every slot into a table twice the size.  The old table is freed
 * only once the new one exists, so failure leaves the store as it was. */
static int table_grow(ss_store *ss)
{
    size_t old_slots = ss->mask + 1;
    size_t new_slots = old_slots * 2;
    size_t new_mask = new_slots - 1;
    ss_slot *nt = table_alloc(new_slots * sizeof(ss_slot));
    size_t i;

    if (nt == NULL)
        return -1;
    for (i = 0; i < old_slots; i++) {
        const ss_slot *s = &ss->table[i];
        size_t j;

        if (s->id1 == 0)
            continue;
        j = (size_t)s->hash & new_mask;
        while (nt[j].id1 != 0)
            j = (j + 1) & new_mask;
        nt[j] = *s;
    }
    free(ss->table);
    ss->table = nt;
    ss->mask = new_mask;
    ss->grow_at = load_limit(new_slots);
    return 0;
}

/* Make room for one more entry of need bytes (length word and padding
 * included): table, id array and chunk, all or nothing with respect to
 * the limit. */
static int make_room(ss_store *ss, size_t need)
{
    int grow_table = ss->count + 1 > ss->grow_at;
    size_t extra = 0;
    size_t chunk = 0;
    size_t new_vcap = ss->vecs_cap;
    size_t new_ccap = ss->chunks_cap;

    if (grow_table)
        extra += table_bytes(ss);               /* doubling adds as much */
    if (ss->count + 1 > ss->vecs_cap) {
        new_vcap = ss->vecs_cap ? ss->vecs_cap * 2 : 1024;
        extra += (new_vcap - ss->vecs_cap) * sizeof(uint8_t *);
    }
    if (need > ss->cur_size - ss->cur_used) {
        chunk = need > SS_CHUNK ? need : SS_CHUNK;
        if (ss->nchunks + 1 > ss->chunks_cap) {
            new_ccap = ss->chunks_cap ? ss->chunks_cap * 2 : 16;
            extra += (new_ccap - ss->chunks_cap) * sizeof(uint8_t *);
        }
    }
    if (ss->limit != 0) {
        size_t used = total_bytes(ss) + extra;

        if (used > ss->limit)
            return -1;
        if (chunk != 0) {
            size_t room = ss->limit - used;

            if (room < need)
                return -1;
            /* Near the limit take half of what is left, so the table
             * and vecs can still grow a while. */
            if (chunk > room) {
                chunk = (room / 2 > need ? room / 2 : need);
                chunk = (chunk + 3) & ~(size_t)3;
            }
        }
    }

    if (new_vcap != ss->vecs_cap) {
        uint8_t **v = realloc(ss->vecs, new_vcap * sizeof *v);

        if (v == NULL)
            return -1;
        ss->vecs = v;
        ss->vecs_cap = new_vcap;
    }
    if (new_ccap != ss->chunks_cap) {
        uint8_t **c = realloc(ss->chunks, new_ccap * sizeof *c);

        if (c == NULL)
            return -1;
        ss->chunks = c;
        ss->chunks_cap = new_ccap;
    }
    if (chunk != 0) {
        uint8_t *c = malloc(chunk);

        if (c == NULL)
            return -1;
        ss->chunks[ss->nchunks++] = c;
        ss->chunk_bytes += chunk;
        ss->cur_size = chunk;
        ss->cur_used = 0;
    }
    if (grow_table && table_grow(ss) != 0)
        return -1;
    return 0;
}

/* The slow half of ss_find_or_put: vec is absent and slot would be its
 * place in the current table. */
static ss_result insert(ss_store *ss, const void *vec, size_t len,
                        uint64_t h, size_t slot, ss_ref *ref)
{
    size_t need = (SS_LEN_WORD + len + 3) & ~(size_t)3;
    uint32_t len32 = (uint32_t)len;
    size_t old_mask = ss->mask;
    size_t chunk;
    uint8_t *p;
    ss_slot *s;

    if (ss->count >= SS_MAX_IDS || make_room(ss, need) != 0)
        return SS_FULL;
    if (ss->mask != old_mask) {                 /* the table was doubled */
        slot = (size_t)h & ss->mask;
        while (ss->table[slot].id1 != 0)
            slot = (slot + 1) & ss->mask;
    }
    chunk = ss->nchunks - 1;
    p = ss->chunks[chunk] + ss->cur_used;
    memcpy(p, &len32, SS_LEN_WORD);
    memcpy(p + SS_LEN_WORD, vec, len);
    s = &ss->table[slot];
    s->hash = h;
    s->id1 = (uint32_t)ss->count + 1;
    s->loc = chunk < SS_LOC_CHUNKS
             ? (uint32_t)(chunk << SS_OFF_BITS | ss->cur_used >> 2)
             : SS_LOC_NONE;
    ss->cur_used += need;
    ss->vector_bytes += need;
    ss->vecs[ss->count] = p;
    *ref = (ss_ref)ss->count;
    ss->count++;
    return SS_NEW;
}

ss_result ss_find_or_put(ss_store *ss, const void *vec, size_t len,
                         ss_ref *ref)
{
    uint64_t h = SS_HASH(vec, len);
    size_t mask = ss->mask;
    size_t i = (size_t)h & mask;
    const ss_slot *table = ss->table;
    size_t probes = 1;
    int conflict = 0;
    ss_result r;

    assert(len < UINT32_MAX);
    for (;; i = (i + 1) & mask, probes++) {
        const ss_slot *s = &table[i];

        if (s->id1 == 0)
            break;
        if (SS_UNLIKELY(s->hash == h)) {
            if (SS_LIKELY(slot_equal(ss, s, vec, len))) {
                ss->lookups++;
                ss->probes += probes;
                *ref = s->id1 - 1;
                return SS_SEEN;
            }
            conflict = 1;
        }
    }
    ss->lookups++;
    ss->probes += probes;
    r = insert(ss, vec, len, h, i, ref);
    if (r == SS_NEW && conflict)
        ss->conflicts++;
    return r;
}

ss_ref ss_find(const ss_store *ss, const void *vec, size_t len)
{
    uint64_t h = SS_HASH(vec, len);
    size_t mask = ss->mask;
    size_t i = (size_t)h & mask;

    for (;; i = (i + 1) & mask) {
        const ss_slot *s = &ss->table[i];

        if (s->id1 == 0)
            return SS_NOREF;
        if (s->hash == h && slot_equal(ss, s, vec, len))
            return s->id1 - 1;
    }
}

const uint8_t *ss_get(const ss_store *ss, ss_ref ref, size_t *len)
{
    uint32_t l;

    assert(ref < ss->count);
    memcpy(&l, ss->vecs[ref], SS_LEN_WORD);
    if (len != NULL)
        *len = l;
    return ss->vecs[ref] + SS_LEN_WORD;
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
    out->table_bytes = table_bytes(ss);
    out->bytes = total_bytes(ss);
}
