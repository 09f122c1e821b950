/*
 * util/diag.h -- diagnostics about the user's model.
 *
 * Problems in the model are collected, not thrown: every call to
 * diag_error() prints one GNU-style message
 *
 *     file:line:col: error: message
 *        12 |     turn = 1 - _pid;
 *           |     ^
 *
 * to the sink (stderr by default) and counts it; callers stop a phase when
 * diag_count() is non-zero.  Source lines are read back from the named
 * file when the message is printed (files are cached), so positions are
 * plain {file, line, col} triples that cost nothing to carry around.
 *
 * A diag context is an explicit object (no mutable globals).
 */
#ifndef SPORE_UTIL_DIAG_H
#define SPORE_UTIL_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A source position.  file is an index into the context's file table
 * (diag_file_id()); line and col are 1-based; 0 means unknown. */
typedef struct diag_pos {
    uint32_t file;
    uint32_t line;
    uint32_t col;
} diag_pos;

typedef struct diag diag;               /* opaque */

typedef enum diag_level {
    DIAG_ERROR,
    DIAG_WARNING,
    DIAG_NOTE
} diag_level;

/* Create a context printing to sink (borrowed; NULL means stderr). */
diag       *diag_new(FILE *sink);
/* Free the context.  NULL is a no-op. */
void        diag_free(diag *d);

/* Intern a file name; returns its id (stable for the life of d). */
uint32_t    diag_file_id(diag *d, const char *name);
/* Give the text of file id (copied) so that source lines can be shown
 * for text that is not on disk (tests, the fuzzer). */
void        diag_set_text(diag *d, uint32_t id, const char *text, size_t len);
/* The name of file id; borrowed.  "?" for an unknown id. */
const char *diag_file_name(const diag *d, uint32_t id);

/* Print one message at pos with the source line and a caret; errors
 * increment the count.  printf-style. */
void        diag_report(diag *d, diag_level lvl, diag_pos pos,
                        const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void        diag_vreport(diag *d, diag_level lvl, diag_pos pos,
                         const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
#define diag_error(d, pos, ...)   diag_report((d), DIAG_ERROR, (pos), __VA_ARGS__)
#define diag_warning(d, pos, ...) diag_report((d), DIAG_WARNING, (pos), __VA_ARGS__)
#define diag_note(d, pos, ...)    diag_report((d), DIAG_NOTE, (pos), __VA_ARGS__)

/* The messages reported so far, kept for a caller that shows them in
 * another form (spore --json): level, position and the message text
 * (without the file prefix and the excerpt).  The first DIAG_KEEP are
 * kept; later ones are only counted. */
#define DIAG_KEEP 100

typedef struct diag_msg {
    diag_level level;
    diag_pos   pos;
    char      *text;
} diag_msg;

size_t          diag_nmsgs(const diag *d);
/* Message i (i < diag_nmsgs(d)); borrowed, valid until diag_free(). */
const diag_msg *diag_msg_at(const diag *d, size_t i);
/* The name of a level: "error", "warning" or "note". */
const char     *diag_level_name(diag_level lvl);

/* Number of errors reported so far. */
size_t      diag_count(const diag *d);

/* Stop printing after this many errors (0: no limit; default 50); further
 * errors are still counted. */
void        diag_set_limit(diag *d, size_t max_errors);

#endif /* SPORE_UTIL_DIAG_H */
