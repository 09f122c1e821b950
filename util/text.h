/*
 * util/text.h -- small text helpers shared by the printers.
 */
#ifndef SPORE_UTIL_TEXT_H
#define SPORE_UTIL_TEXT_H

#include <stdio.h>

/* Print s in double quotes with C escapes (\n, \t, \r, \", \\, and \xNN
 * for other control characters), so that one string stays on one line.
 * NULL prints as "". */
void text_put_quoted(const char *s, FILE *out);

/* A printer of something (arg, borrowed) on a stream. */
typedef void (*text_print_fn)(const void *arg, FILE *out);

/* Everything fn(arg, stream) prints, as a new NUL-terminated string
 * (the caller frees it), captured through a memory stream; NULL when
 * no memory stream can be had. */
char *text_capture(text_print_fn fn, const void *arg);

#endif /* SPORE_UTIL_TEXT_H */
