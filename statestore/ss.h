/*
 * statestore/ss.h -- the exact visited-state store.
 *
 * A store keeps byte vectors of any length and gives each distinct vector
 * a dense id (0, 1, 2, ...) that stays valid until ss_free().  Vectors are
 * appended to large chunks (no per-state malloc); runs of vectors of one
 * length are kept with no per-vector header.  An open-addressing table of
 * 64-bit (32-bit XXH3 hash tag, id) slots with linear probing indexes
 * them.  Equality is decided by comparing bytes, so a match is never a
 * hash collision; equal tags of different vectors are counted as "hash
 * conflicts (resolved)".
 *
 * Memory is bounded by the limit given at creation: an insertion that
 * would pass it returns SS_FULL and changes nothing (and from then on
 * every insertion of a new vector does), so the caller can end its
 * search cleanly as incomplete.  The store never interprets the bytes
 * it keeps and never calls exit.
 */
#ifndef SPORE_STATESTORE_SS_H
#define SPORE_STATESTORE_SS_H

#include <stddef.h>
#include <stdint.h>

typedef struct ss_store ss_store;       /* opaque */
typedef uint32_t ss_ref;

#define SS_NOREF UINT32_MAX

typedef enum ss_result {
    SS_NEW,     /* was absent; now inserted, *ref set */
    SS_SEEN,    /* was present; *ref set */
    SS_FULL     /* absent, and storing it would pass the memory limit */
} ss_result;

typedef struct ss_stats {
    size_t stored;          /* distinct vectors */
    size_t lookups;         /* calls to ss_find_or_put() */
    size_t conflicts;       /* new vectors that met an equal 32-bit tag */
    size_t probes;          /* slot probes in total */
    size_t vector_bytes;    /* bytes of vectors kept (with the length
                               prefixes of mixed-length runs) */
    size_t table_bytes;     /* bytes of the index table */
    size_t bytes;           /* all memory held by the store */
} ss_stats;

/* Create an empty store that will hold at most mem_limit bytes in total
 * (0: no limit) and starts with 2^log2_slots index slots (0: a default;
 * at most 2^32; the table grows at 4/5 load).  Returns NULL when even
 * that cannot be had. */
ss_store   *ss_new(size_t mem_limit, unsigned log2_slots);

/* Change the memory limit (0: none), for a caller whose other memory
 * shares one budget with the store.  A limit below what the store
 * already holds makes the next insertion of a new vector return SS_FULL;
 * a store that was full stays full. */
void        ss_set_limit(ss_store *ss, size_t mem_limit);

/* Free the store and every vector in it.  NULL is a no-op. */
void        ss_free(ss_store *ss);

/* Look up the len bytes at vec, inserting a copy when absent.  vec is
 * borrowed.  len must be below 2^32. */
ss_result   ss_find_or_put(ss_store *ss, const void *vec, size_t len,
                           ss_ref *ref);

/* The hash the store uses for the len bytes at vec (for the two calls
 * below; a pure function of the bytes). */
uint64_t    ss_hash(const void *vec, size_t len);

/* A hint, with no effect on any result: a lookup of a vector with hash h
 * will come soon, so start loading the index slots it will read into the
 * cache.  A search that issues it for every successor of a state as
 * soon as they exist overlaps their cache misses (most lookups miss the
 * cache on a large store). */
void        ss_prefetch(const ss_store *ss, uint64_t h);

/* ss_find_or_put() with h == ss_hash(vec, len) already computed. */
ss_result   ss_find_or_put_hashed(ss_store *ss, const void *vec,
                                  size_t len, uint64_t h, ss_ref *ref);

/* Look up only; SS_NOREF when absent. */
ss_ref      ss_find(const ss_store *ss, const void *vec, size_t len);

/* The stored copy of ref and its length; borrowed, valid until
 * ss_free(). */
const uint8_t *ss_get(const ss_store *ss, ss_ref ref, size_t *len);

/* Number of distinct vectors stored. */
size_t      ss_count(const ss_store *ss);

void        ss_get_stats(const ss_store *ss, ss_stats *out);

#endif /* SPORE_STATESTORE_SS_H */
