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

#endif /* SPORE_UTIL_TEXT_H */
