/*
 * tests/unit/test_ss.c -- CUnit tests for statestore/ss.
 *
 * The store is compiled into this program from its source with SS_HASH
 * routed through test_hash(), so that one suite can weaken the hash to a
 * few bits and drive the conflict path (equal hashes, different bytes),
 * which real XXH3 never reaches in a test-sized run.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

#include "tests/unit/unit.h"

#include "statestore/ss.h"

static uint64_t test_hash(const void *v, size_t n);
#define SS_HASH(v, n) test_hash((v), (n))
#include "statestore/ss.c"

/* Bits of the hash kept: 64 normally, a handful in the conflict suite. */
static unsigned hash_bits = 64;

static uint64_t test_hash(const void *v, size_t n)
{
    uint64_t h = XXH3_64bits(v, n);

    return hash_bits >= 64 ? h : h & ((UINT64_C(1) << hash_bits) - 1);
}

/* ---- helpers ---------------------------------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));

    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

#define MAXLEN 120

/* Vector number i: length 4 + i % 97 (so lengths vary), the first four
 * bytes are i (so all are distinct), the rest pseudo-random. */
static size_t make_vec(uint32_t i, uint8_t *buf)
{
    size_t len = 4 + i % 97;
    uint64_t s = i;
    size_t k;

    memcpy(buf, &i, 4);
    for (k = 4; k < len; k++)
        buf[k] = (uint8_t)rng_next(&s);
    return len;
}

/* ---- ss.basic --------------------------------------------------------- */

static void test_new_then_seen(void)
{
    ss_store *ss = ss_new(0, 0);
    uint8_t v[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    ss_ref r1 = SS_NOREF;
    ss_ref r2 = SS_NOREF;
    const uint8_t *got;
    size_t len = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(ss);
    CU_ASSERT_EQUAL(ss_find(ss, v, sizeof v), SS_NOREF);
    CU_ASSERT_EQUAL(ss_find_or_put(ss, v, sizeof v, &r1), SS_NEW);
    CU_ASSERT_EQUAL(r1, 0);
    CU_ASSERT_EQUAL(ss_find_or_put(ss, v, sizeof v, &r2), SS_SEEN);
    CU_ASSERT_EQUAL(r1, r2);
    CU_ASSERT_EQUAL(ss_find(ss, v, sizeof v), r1);
    got = ss_get(ss, r1, &len);
    CU_ASSERT_EQUAL(len, sizeof v);
    CU_ASSERT_EQUAL(memcmp(got, v, sizeof v), 0);
    CU_ASSERT_NOT_EQUAL(got, v);            /* a copy */
    CU_ASSERT_EQUAL(ss_count(ss), 1);
    ss_free(ss);
    ss_free(NULL);
}

/* Prefixes and the empty vector are vectors of their own. */
static void test_lengths_distinguish(void)
{
    static const uint8_t z[4] = { 0, 0, 0, 0 };
    ss_store *ss = ss_new(0, 4);
    ss_ref r[5];
    size_t n;
    size_t len;

    for (n = 0; n <= 4; n++)
        CU_ASSERT_EQUAL(ss_find_or_put(ss, z, n, &r[n]), SS_NEW);
    for (n = 0; n <= 4; n++) {
        ss_ref again;

        CU_ASSERT_EQUAL(ss_find_or_put(ss, z, n, &again), SS_SEEN);
        CU_ASSERT_EQUAL(again, r[n]);
        ss_get(ss, r[n], &len);
        CU_ASSERT_EQUAL(len, n);
    }
    CU_ASSERT_EQUAL(ss_count(ss), 5);
    ss_free(ss);
}

/* Every vector equal to base except in one byte is new. */
static void test_one_byte_differs(void)
{
    ss_store *ss = ss_new(0, 6);
    uint8_t base[50];
    uint8_t v[50];
    ss_ref r;
    size_t pos;
    unsigned delta;
    size_t expect = 1;

    memset(base, 0x5A, sizeof base);
    CU_ASSERT_EQUAL(ss_find_or_put(ss, base, sizeof base, &r), SS_NEW);
    for (pos = 0; pos < sizeof base; pos++) {
        for (delta = 1; delta < 256; delta += 37) {
            memcpy(v, base, sizeof v);
            v[pos] = (uint8_t)(v[pos] ^ delta);
            CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, v, sizeof v, &r),
                                  SS_NEW);
            CU_ASSERT_EQUAL(r, expect);
            expect++;
        }
    }
    CU_ASSERT_EQUAL(ss_find_or_put(ss, base, sizeof base, &r), SS_SEEN);
    CU_ASSERT_EQUAL(r, 0);
    CU_ASSERT_EQUAL(ss_count(ss), expect);
    ss_free(ss);
}

/* 1e5 vectors of many lengths, from a 16-slot table: forces a dozen
 * doublings; ids are dense and in insertion order. */
static void test_many_random(void)
{
    const uint32_t n = 100000;
    ss_store *ss = ss_new(0, 4);
    uint8_t buf[MAXLEN];
    size_t vbytes = 0;
    ss_stats st;
    uint32_t i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(ss);
    for (i = 0; i < n; i++) {
        size_t len = make_vec(i, buf);
        ss_ref r;

        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_NEW);
        CU_ASSERT_EQUAL_FATAL(r, i);
        vbytes += len;                  /* every length differs from its
                                           predecessor's: mixed records */
        vbytes += i % SS_BLOCK != 0 ? prefix_size(len) : 0;
    }
    for (i = 0; i < n; i++) {
        size_t len = make_vec(i, buf);
        size_t glen = 0;
        const uint8_t *g;
        ss_ref r;

        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_SEEN);
        CU_ASSERT_EQUAL_FATAL(r, i);
        g = ss_get(ss, i, &glen);
        CU_ASSERT_EQUAL_FATAL(glen, len);
        CU_ASSERT_EQUAL_FATAL(memcmp(g, buf, len), 0);
    }
    ss_get_stats(ss, &st);
    CU_ASSERT_EQUAL(st.stored, n);
    CU_ASSERT_EQUAL(ss_count(ss), n);
    CU_ASSERT_EQUAL(st.lookups, 2 * (size_t)n);
    CU_ASSERT(st.probes >= st.lookups);
    /* ordered table at load <= 9/10: ~(1 + 1/(1 - load)) / 2 probes */
    CU_ASSERT(st.probes < 6 * st.lookups);
    CU_ASSERT(st.conflicts < 10);               /* 32-bit tags */
    CU_ASSERT_EQUAL(st.vector_bytes, vbytes);
    /* load at most 9/10: at least 10/9 slots of 8 bytes per vector */
    CU_ASSERT(st.table_bytes * 9 >= (size_t)n * 8 * 10);
    CU_ASSERT(st.bytes >= st.vector_bytes + st.table_bytes);
    ss_free(ss);
}

/* Fixed-length runs (no header per vector) across chunk boundaries and
 * blocks, then a block that turns mixed: 600 000 vectors of 40 bytes
 * (more than one 2 MiB chunk), a few of other lengths in between, and
 * every one found again with its length. */
static void test_fixed_runs(void)
{
    const uint32_t n = 600000;
    ss_store *ss = ss_new(0, 4);
    uint8_t buf[MAXLEN];
    ss_stats st;
    size_t fixed = 0;
    uint32_t i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(ss);
    for (i = 0; i < n; i++) {
        size_t len = i % 100003 == 77 ? make_vec(i, buf) : 40;
        ss_ref r;

        if (len == 40) {
            memset(buf, 0, 40);
            memcpy(buf, &i, 4);
            buf[39] = (uint8_t)i;
        }
        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_NEW);
        CU_ASSERT_EQUAL_FATAL(r, i);
        fixed += len == 40;
    }
    for (i = 0; i < n; i++) {
        size_t len = i % 100003 == 77 ? make_vec(i, buf) : 40;
        const uint8_t *g;
        size_t glen = 0;

        if (len == 40) {
            memset(buf, 0, 40);
            memcpy(buf, &i, 4);
            buf[39] = (uint8_t)i;
        }
        CU_ASSERT_EQUAL_FATAL(ss_find(ss, buf, len), i);
        g = ss_get(ss, i, &glen);
        CU_ASSERT_EQUAL_FATAL(glen, len);
        CU_ASSERT_EQUAL_FATAL(memcmp(g, buf, len), 0);
    }
    ss_get_stats(ss, &st);
    /* the 40-byte vectors before the first odd one in each block are
     * kept with no header; the rest of such a block has a 1-byte one */
    CU_ASSERT(st.vector_bytes >= fixed * 40);
    CU_ASSERT(st.vector_bytes < fixed * 40 + 10 * SS_BLOCK * 41);
    ss_free(ss);
}

/* ss_hash, ss_prefetch and ss_find_or_put_hashed agree with the plain
 * calls. */
static void test_hashed_api(void)
{
    ss_store *ss = ss_new(0, 4);
    uint8_t buf[MAXLEN];
    uint32_t i;

    CU_ASSERT_PTR_NOT_NULL_FATAL(ss);
    for (i = 0; i < 5000; i++) {
        size_t len = make_vec(i, buf);
        uint64_t h = ss_hash(buf, len);
        ss_ref r;

        ss_prefetch(ss, h);
        CU_ASSERT_EQUAL_FATAL(ss_find_or_put_hashed(ss, buf, len, h, &r),
                              SS_NEW);
        CU_ASSERT_EQUAL_FATAL(r, i);
    }
    for (i = 0; i < 5000; i++) {
        size_t len = make_vec(i, buf);
        ss_ref r;

        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_SEEN);
        CU_ASSERT_EQUAL_FATAL(r, i);
    }
    ss_free(ss);
}

/* ---- ss.limit --------------------------------------------------------- */

static void test_limit_full(void)
{
    const size_t limit = 300 * 1024;
    ss_store *ss = ss_new(limit, 6);
    uint8_t buf[MAXLEN];
    ss_stats st;
    ss_ref r = 0;
    uint32_t i;
    uint32_t stored;
    ss_result res = SS_NEW;

    CU_ASSERT_PTR_NOT_NULL_FATAL(ss);
    for (i = 0; i < 100000; i++) {
        size_t len = make_vec(i, buf);

        res = ss_find_or_put(ss, buf, len, &r);
        if (res != SS_NEW)
            break;
    }
    CU_ASSERT_EQUAL_FATAL(res, SS_FULL);
    stored = i;
    CU_ASSERT(stored > 1000);
    ss_get_stats(ss, &st);
    CU_ASSERT(st.bytes <= limit);
    CU_ASSERT_EQUAL(st.stored, stored);

    /* Full is sticky for new vectors and changes nothing ... */
    for (i = stored; i < stored + 100; i++) {
        size_t len = make_vec(i, buf);

        r = 12345;
        CU_ASSERT_EQUAL(ss_find_or_put(ss, buf, len, &r), SS_FULL);
        CU_ASSERT_EQUAL(r, 12345);
        CU_ASSERT_EQUAL(ss_find(ss, buf, len), SS_NOREF);
    }
    CU_ASSERT_EQUAL(ss_count(ss), stored);
    /* ... while everything stored is still found. */
    for (i = 0; i < stored; i++) {
        size_t len = make_vec(i, buf);

        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_SEEN);
        CU_ASSERT_EQUAL_FATAL(r, i);
    }
    ss_get_stats(ss, &st);
    CU_ASSERT(st.bytes <= limit);
    ss_free(ss);
}

static void test_limit_too_small(void)
{
    CU_ASSERT_PTR_NULL(ss_new(1000, 10));       /* table alone: 16 KiB */
    CU_ASSERT_PTR_NULL(ss_new(0, 63));
}

/* A vector bigger than a chunk gets its own chunk. */
static void test_huge_vector(void)
{
    size_t n = 3u * 1024 * 1024;
    uint8_t *big = calloc(1, n);
    ss_store *ss = ss_new(0, 0);
    ss_ref r;
    size_t len;

    CU_ASSERT_PTR_NOT_NULL_FATAL(big);
    big[n - 1] = 1;
    CU_ASSERT_EQUAL(ss_find_or_put(ss, "x", 1, &r), SS_NEW);
    CU_ASSERT_EQUAL(ss_find_or_put(ss, big, n, &r), SS_NEW);
    CU_ASSERT_EQUAL(ss_find_or_put(ss, "y", 1, &r), SS_NEW);
    CU_ASSERT_EQUAL(ss_find_or_put(ss, big, n, &r), SS_SEEN);
    CU_ASSERT_EQUAL(r, 1);
    CU_ASSERT_EQUAL(memcmp(ss_get(ss, 1, &len), big, n), 0);
    CU_ASSERT_EQUAL(len, n);
    CU_ASSERT_EQUAL(ss_find(ss, "x", 1), 0);
    CU_ASSERT_EQUAL(ss_find(ss, "y", 1), 2);
    ss_free(ss);
    free(big);
}

/* ---- ss.conflict ------------------------------------------------------ */

/* With a 3-bit hash nearly every new vector shares its hash with one
 * already stored: answers must stay exact and conflicts be counted. */
static void test_weak_hash(void)
{
    const uint32_t n = 2000;
    ss_store *ss;
    uint8_t buf[MAXLEN];
    ss_stats st;
    uint32_t i;

    hash_bits = 3;
    ss = ss_new(0, 4);
    for (i = 0; i < n; i++) {
        size_t len = make_vec(i, buf);
        ss_ref r;

        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_NEW);
        CU_ASSERT_EQUAL_FATAL(r, i);
    }
    for (i = 0; i < n; i++) {
        size_t len = make_vec(i, buf);
        ss_ref r;

        CU_ASSERT_EQUAL_FATAL(ss_find_or_put(ss, buf, len, &r), SS_SEEN);
        CU_ASSERT_EQUAL_FATAL(r, i);
        CU_ASSERT_EQUAL_FATAL(ss_find(ss, buf, len), i);
    }
    ss_get_stats(ss, &st);
    CU_ASSERT(st.conflicts >= n - 8);
    CU_ASSERT(st.conflicts <= n);
    ss_free(ss);
    hash_bits = 64;
}

static CU_TestInfo basic_tests[] = {
    { "new_then_seen", test_new_then_seen },
    { "lengths_distinguish", test_lengths_distinguish },
    { "one_byte_differs", test_one_byte_differs },
    { "many_random", test_many_random },
    { "huge_vector", test_huge_vector },
    { "fixed_runs", test_fixed_runs },
    { "hashed_api", test_hashed_api },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo limit_tests[] = {
    { "full", test_limit_full },
    { "too_small", test_limit_too_small },
    CU_TEST_INFO_NULL,
};

static CU_TestInfo conflict_tests[] = {
    { "weak_hash", test_weak_hash },
    CU_TEST_INFO_NULL,
};

static CU_SuiteInfo suites[] = {
    { .pName = "ss.basic", .pTests = basic_tests },
    { .pName = "ss.limit", .pTests = limit_tests },
    { .pName = "ss.conflict", .pTests = conflict_tests },
    CU_SUITE_INFO_NULL,
};

int main(void)
{
    return unit_run(suites);
}
