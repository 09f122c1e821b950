/*
 * statestore/ss.h -- the exact visited-state store.
 *
 * A store keeps byte vectors of any length and gives each distinct vector
 * a dense id (0, 1, 2, ...) that stays valid until ss_free().  Vectors are
 * appended to large chunks (no per-state malloc), each preceded by its
 * length; an open-addressing table of (XXH3 64-bit hash, id) slots with
 * linear probing indexes them.  Equality is decided by comparing bytes, so
 * a match is never a hash collision; collisions of the full 64-bit hash
 * are counted as "hash conflicts (resolved)".
 *
 * Memory is bounded by the limit given at creation: an insertion that
 * would pass it returns SS_FULL and changes nothing, so the caller can end
 * its search cleanly as incomplete.  The store never interprets the bytes
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
    size_t conflicts;       /* equal 64-bit hashes of different vectors */
    size_t probes;          /* slot probes in total */
    size_t vector_bytes;    /* bytes of vectors kept (with length words) */
    size_t table_bytes;     /* bytes of the index table */
    size_t bytes;           /* all memory held by the store */
} ss_stats;

/* Create an empty store that will hold at most mem_limit bytes in total
 * (0: no limit) and starts with 2^log2_slots index slots (0: a default;
 * the table doubles at 3/4 load).  Returns NULL when even that cannot be
 * had. */
ss_store   *ss_new(size_t mem_limit, unsigned log2_slots);

/* Free the store and every vector in it.  NULL is a no-op. */
void        ss_free(ss_store *ss);

/* Look up the len bytes at vec, inserting a copy when absent.  vec is
 * borrowed.  len must be below 2^32. */
ss_result   ss_find_or_put(ss_store *ss, const void *vec, size_t len,
                           ss_ref *ref);

/* Look up only; SS_NOREF when absent. */
ss_ref      ss_find(const ss_store *ss, const void *vec, size_t len);

/* The stored copy of ref and its length; borrowed, valid until
 * ss_free(). */
const uint8_t *ss_get(const ss_store *ss, ss_ref ref, size_t *len);

/* Number of distinct vectors stored. */
size_t      ss_count(const ss_store *ss);

void        ss_get_stats(const ss_store *ss, ss_stats *out);

#endif /* SPORE_STATESTORE_SS_H */
