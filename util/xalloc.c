/*
 * util/xalloc.c -- checked allocation and a bump arena.
 *
 * Every function here either succeeds or prints
 * "spore: out of memory (N bytes)" and exits with status 5 (internal
 * error); callers never check for NULL.  The state store and the search
 * stack must not use these (see xalloc.h).
 *
 * The arena is a singly linked list of big blocks.  Allocations are
 * carved from the newest ordinary block; a request too big for a block
 * gets a block of its own, linked *behind* the current one so that the
 * space left in the current block is not wasted.
 */
#include "config.h"

#include "util/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t n) __attribute__((noreturn));

static void out_of_memory(size_t n)
{
    fprintf(stderr, "spore: out of memory (%zu bytes)\n", n);
    exit(5);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (p == NULL)
        out_of_memory(n);
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p;

    if (size != 0 && count > SIZE_MAX / size)
        out_of_memory(SIZE_MAX);
    p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL)
        out_of_memory(count * size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    /* realloc(p, 0) may free p and return NULL; never ask for 0 bytes. */
    void *q = realloc(p, n ? n : 1);

    if (q == NULL)
        out_of_memory(n);
    return q;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *d = xmalloc(len + 1);

    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

void xgrow(void **p, size_t *cap, size_t need, size_t elem)
{
    size_t c = *cap;

    if (need <= c)
        return;
    if (c < 8)
        c = 8;
    while (c < need) {
        if (c > SIZE_MAX / 2)
            out_of_memory(SIZE_MAX);
        c *= 2;
    }
    if (elem != 0 && c > SIZE_MAX / elem)
        out_of_memory(SIZE_MAX);
    *p = xrealloc(*p, c * elem);
    *cap = c;
}

/* ---- arena ----------------------------------------------------------- */

#define ARENA_ALIGN 16
#define ARENA_BLOCK (64u * 1024u)       /* ordinary block payload */
#define ARENA_BIG   (ARENA_BLOCK / 4)   /* larger requests: own block */

typedef struct arena_block {
    struct arena_block *next;
    size_t size;                        /* payload bytes from data */
    size_t used;
    unsigned char *data;                /* 16-byte aligned */
} arena_block;

struct arena {
    arena_block *head;                  /* current ordinary block */
};

static size_t round_up(size_t n)
{
    if (n > SIZE_MAX - (ARENA_ALIGN - 1))
        out_of_memory(SIZE_MAX);
    return (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
}

/* A zeroed block whose payload of at least size bytes is 16-aligned. */
static arena_block *block_new(size_t size)
{
    size_t hdr = round_up(sizeof(arena_block));
    size_t total;
    arena_block *b;
    uintptr_t addr;

    if (size > SIZE_MAX - hdr - ARENA_ALIGN)
        out_of_memory(SIZE_MAX);
    total = hdr + size + ARENA_ALIGN;
    b = xcalloc(1, total);
    addr = ((uintptr_t)b + hdr + ARENA_ALIGN - 1)
           & ~(uintptr_t)(ARENA_ALIGN - 1);
    b->data = (unsigned char *)addr;
    b->size = size;
    b->used = 0;
    b->next = NULL;
    return b;
}

arena *arena_new(void)
{
    arena *a = xmalloc(sizeof *a);

    a->head = NULL;
    return a;
}

void arena_free(arena *a)
{
    arena_block *b;
    arena_block *next;

    if (a == NULL)
        return;
    for (b = a->head; b != NULL; b = next) {
        next = b->next;
        free(b);
    }
    free(a);
}

void *arena_alloc(arena *a, size_t n)
{
    size_t need = round_up(n ? n : 1);
    arena_block *b = a->head;
    void *p;

    if (need > ARENA_BIG) {
        arena_block *big = block_new(need);

        if (b == NULL) {
            a->head = big;
        } else {
            big->next = b->next;
            b->next = big;
        }
        /* A lone big block as head is full: the next small request
         * starts a fresh ordinary block. */
        big->used = need;
        return big->data;
    }
    if (b == NULL || b->size - b->used < need) {
        b = block_new(ARENA_BLOCK);
        b->next = a->head;
        a->head = b;
    }
    p = b->data + b->used;
    b->used += need;
    return p;
}

char *arena_strdup(arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *d = arena_alloc(a, len + 1);

    memcpy(d, s, len);          /* arena memory is zeroed: NUL is there */
    return d;
}
