/*
 * util/diag.c -- collected, GNU-style diagnostics with a source excerpt.
 *
 * Output of one message (see diag.h):
 *
 *     file:line:col: error: message
 *        12 |     turn = 1 - _pid;
 *           |     ^
 *
 * The excerpt is printed only when the line can be found: from text given
 * with diag_set_text(), or else from the file on disk, read once and kept
 * (a failed read is remembered too, so a missing file costs one open).
 * Line starts are indexed lazily, on the first message in a file.
 * Without a line number the message is "file: level: message"; without a
 * column there is no caret.  Tabs before the column are copied into the
 * caret line so that the caret sits under the right character.
 */
#include "config.h"

#include "util/diag.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define DIAG_DEFAULT_LIMIT 50

typedef enum text_state {
    TEXT_UNREAD,            /* not looked for yet */
    TEXT_OK,                /* text/len valid */
    TEXT_NONE               /* file could not be read */
} text_state;

typedef struct diag_file {
    char       *name;
    text_state  state;
    char       *text;       /* owned; NUL-terminated after len bytes */
    size_t      len;
    size_t     *lines;      /* offsets of line starts, or NULL */
    size_t      nlines;
} diag_file;

struct diag {
    FILE       *sink;       /* borrowed */
    diag_file  *files;
    size_t      nfiles;
    size_t      cap;
    size_t      errors;     /* errors reported */
    size_t      limit;      /* errors printed at most; 0 = all */
    int         muted;      /* the limit was hit: print nothing more */
    diag_msg   *msgs;       /* the first DIAG_KEEP messages */
    size_t      nmsgs;
};

diag *diag_new(FILE *sink)
{
    diag *d = xcalloc(1, sizeof *d);

    d->sink = sink != NULL ? sink : stderr;
    d->limit = DIAG_DEFAULT_LIMIT;
    return d;
}

static void file_drop_text(diag_file *f)
{
    free(f->text);
    free(f->lines);
    f->text = NULL;
    f->lines = NULL;
    f->len = 0;
    f->nlines = 0;
}

void diag_free(diag *d)
{
    size_t i;

    if (d == NULL)
        return;
    for (i = 0; i < d->nfiles; i++) {
        file_drop_text(&d->files[i]);
        free(d->files[i].name);
    }
    free(d->files);
    for (i = 0; i < d->nmsgs; i++)
        free(d->msgs[i].text);
    free(d->msgs);
    free(d);
}

uint32_t diag_file_id(diag *d, const char *name)
{
    size_t i;
    diag_file *f;

    for (i = 0; i < d->nfiles; i++)
        if (strcmp(d->files[i].name, name) == 0)
            return (uint32_t)i;
    xgrow((void **)&d->files, &d->cap, d->nfiles + 1, sizeof *d->files);
    f = &d->files[d->nfiles];
    memset(f, 0, sizeof *f);
    f->name = xstrdup(name);
    f->state = TEXT_UNREAD;
    return (uint32_t)d->nfiles++;
}

void diag_set_text(diag *d, uint32_t id, const char *text, size_t len)
{
    diag_file *f;

    if (id >= d->nfiles)
        return;
    f = &d->files[id];
    file_drop_text(f);
    f->text = xmalloc(len + 1);
    memcpy(f->text, text, len);
    f->text[len] = '\0';
    f->len = len;
    f->state = TEXT_OK;
}

const char *diag_file_name(const diag *d, uint32_t id)
{
    if (d == NULL || id >= d->nfiles)
        return "?";
    return d->files[id].name;
}

size_t diag_count(const diag *d)
{
    return d->errors;
}

void diag_set_limit(diag *d, size_t max_errors)
{
    d->limit = max_errors;
}

/* Read the whole file into f->text; remember failure. */
static void file_load(diag_file *f)
{
    FILE *fp = fopen(f->name, "rb");
    char *buf = NULL;
    size_t len = 0;
    size_t cap = 0;
    size_t got;

    f->state = TEXT_NONE;
    if (fp == NULL)
        return;
    do {
        xgrow((void **)&buf, &cap, len + 4096 + 1, 1);
        got = fread(buf + len, 1, cap - len - 1, fp);
        len += got;
    } while (got > 0);
    if (ferror(fp)) {
        free(buf);
        fclose(fp);
        return;
    }
    fclose(fp);
    buf[len] = '\0';
    f->text = buf;
    f->len = len;
    f->state = TEXT_OK;
}

static void file_index_lines(diag_file *f)
{
    size_t cap = 0;
    size_t i;

    f->nlines = 0;
    xgrow((void **)&f->lines, &cap, 1, sizeof *f->lines);
    f->lines[f->nlines++] = 0;
    for (i = 0; i < f->len; i++) {
        if (f->text[i] == '\n' && i + 1 < f->len) {
            xgrow((void **)&f->lines, &cap, f->nlines + 1,
                  sizeof *f->lines);
            f->lines[f->nlines++] = i + 1;
        }
    }
}

/* The text of line (1-based) of file id, without its newline; NULL when
 * not available. */
static const char *source_line(diag *d, uint32_t id, uint32_t line,
                               size_t *len)
{
    diag_file *f;
    const char *s;
    size_t n;

    if (id >= d->nfiles || line == 0)
        return NULL;
    f = &d->files[id];
    if (f->state == TEXT_UNREAD)
        file_load(f);
    if (f->state != TEXT_OK)
        return NULL;
    if (f->lines == NULL)
        file_index_lines(f);
    if (line > f->nlines)
        return NULL;
    s = f->text + f->lines[line - 1];
    n = 0;
    while (s + n < f->text + f->len && s[n] != '\n')
        n++;
    if (n > 0 && s[n - 1] == '\r')
        n--;
    *len = n;
    return s;
}

static void print_excerpt(diag *d, diag_pos pos)
{
    size_t len = 0;
    const char *s = source_line(d, pos.file, pos.line, &len);
    size_t i;

    if (s == NULL)
        return;
    fprintf(d->sink, "%5u | %.*s\n", (unsigned)pos.line, (int)len, s);
    if (pos.col == 0)
        return;
    fputs("      | ", d->sink);
    for (i = 0; i + 1 < pos.col; i++)
        fputc(i < len && s[i] == '\t' ? '\t' : ' ', d->sink);
    fputs("^\n", d->sink);
}

static const char *const level_name[] = {
    [DIAG_ERROR] = "error",
    [DIAG_WARNING] = "warning",
    [DIAG_NOTE] = "note",
};

/* Keep a copy of the message for diag_msg_at. */
static void keep(diag *d, diag_level lvl, diag_pos pos, const char *fmt,
                 va_list ap) __attribute__((format(printf, 4, 0)));

static void keep(diag *d, diag_level lvl, diag_pos pos, const char *fmt,
                 va_list ap)
{
    char   *text;
    int     n;
    va_list aq;

    if (d->nmsgs >= DIAG_KEEP)
        return;
    va_copy(aq, ap);
    n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0)
        return;
    text = xmalloc((size_t)n + 1);
    vsnprintf(text, (size_t)n + 1, fmt, ap);
    if (d->msgs == NULL)
        d->msgs = xmalloc(DIAG_KEEP * sizeof *d->msgs);
    d->msgs[d->nmsgs].level = lvl;
    d->msgs[d->nmsgs].pos = pos;
    d->msgs[d->nmsgs].text = text;
    d->nmsgs++;
}

size_t diag_nmsgs(const diag *d)
{
    return d->nmsgs;
}

const diag_msg *diag_msg_at(const diag *d, size_t i)
{
    return i < d->nmsgs ? &d->msgs[i] : NULL;
}

const char *diag_level_name(diag_level lvl)
{
    return level_name[lvl];
}

void diag_vreport(diag *d, diag_level lvl, diag_pos pos, const char *fmt,
                  va_list ap)
{
    va_list aq;

    va_copy(aq, ap);
    keep(d, lvl, pos, fmt, aq);
    va_end(aq);
    if (lvl == DIAG_ERROR) {
        d->errors++;
        if (d->limit != 0 && d->errors > d->limit && !d->muted) {
            d->muted = 1;
            fprintf(d->sink, "spore: note: too many errors (%zu); "
                    "not printing more\n", d->limit);
        }
    }
    if (d->muted)
        return;

    fputs(diag_file_name(d, pos.file), d->sink);
    if (pos.line != 0) {
        fprintf(d->sink, ":%u", (unsigned)pos.line);
        if (pos.col != 0)
            fprintf(d->sink, ":%u", (unsigned)pos.col);
    }
    fprintf(d->sink, ": %s: ", level_name[lvl]);
    vfprintf(d->sink, fmt, ap);
    fputc('\n', d->sink);
    print_excerpt(d, pos);
    fflush(d->sink);
}

void diag_report(diag *d, diag_level lvl, diag_pos pos, const char *fmt,
                 ...)
{
    va_list ap;

    va_start(ap, fmt);
    diag_vreport(d, lvl, pos, fmt, ap);
    va_end(ap);
}
