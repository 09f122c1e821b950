/*
 * tests/bench/ss_bench.c -- throughput of the state store.
 *
 * Not part of `make check`; build and run with
 *
 *     make tests/bench/ss_bench && tests/bench/ss_bench [N [LEN]]
 *
 * Inserts N (default 5e6) pseudo-random LEN-byte (default 40) vectors,
 * then looks every one up again (all hits), then looks up N vectors that
 * are absent, and prints nanoseconds per operation and bytes per stored
 * state.  Vectors are generated on the fly (storing them up front would
 * double the memory measured); the cost of generating them is measured
 * in a separate pass and subtracted.
 */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "statestore/ss.h"

#define MAXLEN 4096

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* splitmix64 */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));

    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Whole 8-byte words (buf has room for the overhang). */
static void fill(uint8_t *buf, size_t len, uint64_t *s)
{
    size_t k;

    for (k = 0; k < len; k += 8) {
        uint64_t x = rng_next(s);

        memcpy(buf + k, &x, 8);
    }
}

typedef enum pass { GEN_ONLY, INSERT, HIT, MISS } pass;

/* Vectors are made BATCH at a time, then looked up.  Hashing a vector
 * right after writing it would measure store-to-load forwarding stalls
 * (when LEN % 8 != 0 the hash's loads straddle the generator's stores
 * and must wait for them to retire, which serialises lookups) rather
 * than the store. */
#define BATCH 256

/* One pass over n vectors from seed; returns elapsed ns, counts
 * outcomes that did not match the pass's expectation. */
static double run(ss_store *ss, pass p, size_t n, size_t len, uint64_t seed,
                  size_t *bad)
{
    static uint8_t buf[BATCH][MAXLEN + 8];
    uint64_t s = seed;
    volatile uint8_t sink = 0;
    double t0 = now_ns();
    size_t i;
    size_t b;
    ss_ref r;

    for (i = 0; i < n; i += BATCH) {
        size_t m = n - i < BATCH ? n - i : BATCH;

        for (b = 0; b < m; b++)
            fill(buf[b], len, &s);
        for (b = 0; b < m; b++) {
            switch (p) {
            case GEN_ONLY:
                sink = (uint8_t)(sink ^ buf[b][b % len]);
                break;
            case INSERT:
                *bad += ss_find_or_put(ss, buf[b], len, &r) != SS_NEW;
                break;
            case HIT:
                *bad += ss_find_or_put(ss, buf[b], len, &r) != SS_SEEN;
                break;
            case MISS:
                *bad += ss_find(ss, buf[b], len) != SS_NOREF;
                break;
            }
        }
    }
    return now_ns() - t0;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)strtod(argv[1], NULL) : 5000000;
    size_t len = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 40;
    ss_store *ss = ss_new(0, 0);
    size_t bad = 0;
    double gen;
    double ins;
    double hit;
    double miss;
    ss_stats st;

    if (ss == NULL || n == 0 || len == 0 || len > MAXLEN) {
        fprintf(stderr, "usage: ss_bench [N [LEN]] (LEN 1..%d)\n", MAXLEN);
        return 2;
    }
    gen = run(ss, GEN_ONLY, n, len, 1, &bad);
    ins = run(ss, INSERT, n, len, 1, &bad) - gen;
    hit = run(ss, HIT, n, len, 1, &bad) - gen;
    miss = run(ss, MISS, n, len, 2, &bad) - gen;
    ss_get_stats(ss, &st);

    printf("ss_bench: %zu vectors of %zu bytes\n", n, len);
    printf("  generate        %7.1f ns/op (subtracted below)\n", gen / n);
    printf("  insert (new)    %7.1f ns/op\n", ins / n);
    printf("  lookup (hit)    %7.1f ns/op\n", hit / n);
    printf("  lookup (miss)   %7.1f ns/op\n", miss / n);
    printf("  probes/lookup   %7.2f\n", (double)st.probes / st.lookups);
    printf("  bytes/state     %7.1f (vectors %.1f, table %.1f)\n",
           (double)st.bytes / st.stored,
           (double)st.vector_bytes / st.stored,
           (double)st.table_bytes / st.stored);
    printf("  conflicts       %zu\n", st.conflicts);
    ss_free(ss);
    if (bad != 0) {
        fprintf(stderr, "ss_bench: %zu unexpected results\n", bad);
        return 1;
    }
    return 0;
}
