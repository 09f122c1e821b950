/*
 * util/xalloc.h -- checked allocation for small, bounded structures.
 *
 * The parser, the compiler and small tables allocate through these; on
 * failure they print "spore: out of memory (N bytes)" and exit(5) -- the
 * only place besides main() allowed to exit.  The state store and the
 * search stack do NOT use these: they use plain malloc and report failure
 * upwards, so that running out of memory ends a search as incomplete.
 *
 * Also: a bump arena for objects that die together (the AST).
 */
#ifndef SPORE_UTIL_XALLOC_H
#define SPORE_UTIL_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grow *p (an array of elem-byte items with capacity *cap) so that it can
 * hold at least need items.  Doubles; never shrinks. */
void  xgrow(void **p, size_t *cap, size_t need, size_t elem);

typedef struct arena arena;             /* opaque */

arena *arena_new(void);
/* Free the arena and everything allocated from it.  NULL is a no-op. */
void   arena_free(arena *a);
/* Zeroed, 16-byte-aligned memory living as long as the arena. */
void  *arena_alloc(arena *a, size_t n);
char  *arena_strdup(arena *a, const char *s);
char  *arena_strndup(arena *a, const char *s, size_t n);

#endif /* SPORE_UTIL_XALLOC_H */
