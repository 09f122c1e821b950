/*
 * lang/cpp.c -- the C preprocessor step, and mapping its columns back.
 *
 * SPIN runs every model through `gcc -std=gnu99 -E -x c` before parsing;
 * spore runs `cpp -std=gnu99 -x c` the same way (without -P, so that the
 * line markers `# N "file"` stay and the scanner can name the user's file
 * and line), with the model's folder on the include path and the caller's
 * extra -D/-U/-I arguments (a model that is not a regular file, e.g. a
 * FIFO, is read once and given to cpp on its standard input, after a
 * #line naming it).  cpp's standard output is read through a pipe,
 * its standard error into a temporary file; on failure every "error:" line
 * cpp printed is reported as a diagnostic at the position cpp gave.
 * The predefined macros are therefore gcc's under -std=gnu99, as for
 * SPIN (which adds none of its own): `unix`, `linux`, `__LINE__`,
 * `__GNUC__`, ...  A model that cannot be changed by cpp -- no '#', no
 * backslash-newline, no "__" and no word `unix` or `linux` -- is read as
 * it is when the caller passes no -D/-U/-I (comments are the scanner's
 * job then), which also keeps its columns exact.
 *
 * Columns: cpp keeps the indentation of each line but squeezes runs of
 * blanks and comments between tokens to one space, and replaces macros by
 * their expansions.  lang_cpp_fix_col() therefore aligns each output line
 * with the user's line: forward from the start and backward from the end,
 * treating blanks and comments as gaps; output columns in between (macro
 * expansions) map to where the first macro starts in the user's line.
 */
#include "config.h"

#include "lang/lang_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define CPP_PROGRAM "cpp"

/* ------------------------------------------------------------ files */

/* Read all of fp into a NUL-terminated heap buffer.  Returns -1 on a
 * read error. */
static int read_all(FILE *fp, char **out, size_t *len)
{
    size_t cap = 8192;
    size_t n = 0;
    char *buf = xmalloc(cap);
    size_t got;

    for (;;) {
        if (n + 1 >= cap) {
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
        got = fread(buf + n, 1, cap - n - 1, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        free(buf);
        return -1;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

/* 1 when path is a regular file (not a FIFO, a device, ...): one that
 * can be read again. */
static int regular_file(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The model's text: the file path, or standard input for "-". */
static int read_file(const char *path, char **out, size_t *len)
{
    FILE *fp;
    int rc;

    if (strcmp(path, "-") == 0)
        return read_all(stdin, out, len);
    fp = fopen(path, "rb");
    if (fp == NULL)
        return -1;
    rc = read_all(fp, out, len);
    fclose(fp);
    return rc;
}

/* ------------------------------------------------------ running cpp */

/* Report cpp's complaints: each line "file:line:col: ... error: msg"
 * becomes a diagnostic there; if there is none, the first line of its
 * output (or a generic message) is reported at the model. */
static void report_cpp_errors(diag *d, uint32_t model, const char *err,
                              int status)
{
    const char *p = err;
    int reported = 0;

    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char *line = xstrndup(p, n);
        char *e = strstr(line, "error: ");

        if (e != NULL) {
            char *c1 = strchr(line, ':');
            diag_pos pos = { model, 0, 0 };

            if (c1 != NULL && c1 < e) {
                unsigned long ln = 0;
                unsigned long col = 0;

                *c1 = '\0';
                if (sscanf(c1 + 1, "%lu:%lu", &ln, &col) >= 1) {
                    pos.file = diag_file_id(d, line);
                    pos.line = (uint32_t)ln;
                    pos.col = (uint32_t)col;
                }
            }
            diag_error(d, pos, "preprocessor: %s", e + 7);
            reported++;
        }
        free(line);
        p += n;
        if (*p == '\n')
            p++;
    }
    if (reported == 0) {
        diag_pos pos = { model, 0, 0 };
        size_t n = strcspn(err, "\n");

        if (n > 0)
            diag_error(d, pos, "the C preprocessor failed: %.*s", (int)n,
                       err);
        else
            diag_error(d, pos, "the C preprocessor failed (status %d)",
                       status);
    }
}

/* The folder of path, for -I ("." when it has none). */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');

    if (slash == NULL)
        return xstrdup(".");
    if (slash == path)
        return xstrdup("/");
    return xstrndup(path, (size_t)(slash - path));
}

/* A temporary file holding text, its lines numbered as those of path
 * (a #line directive first), rewound for cpp's standard input; NULL when
 * it cannot be made. */
static FILE *text_as_input(const char *path, const char *text, size_t n)
{
    FILE *f = tmpfile();

    if (f == NULL)
        return NULL;
    fputs("#line 1 \"", f);
    for (const char *p = path; *p; p++) {
        if (*p == '"' || *p == '\\')
            fputc('\\', f);
        fputc(*p, f);
    }
    fputs("\"\n", f);
    if (fwrite(text, 1, n, f) != n || fflush(f) != 0
        || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    return f;
}

/* Run cpp on path; its output in *out.  When in is not NULL, cpp reads
 * the model from it (standard input) instead of opening path: a FIFO
 * cannot be read twice.  Returns 0, or -1 after reporting. */
static int run_cpp(const char *path, FILE *in, const lang_options *opt,
                   diag *d, uint32_t model, char **out, size_t *len)
{
    size_t nextra = opt ? opt->ncpp_args : 0;
    const char **argv = xcalloc(nextra + 8, sizeof *argv);
    char *dir = folder_of(path);
    FILE *errf = tmpfile();
    int fds[2];
    pid_t pid;
    size_t k = 0;
    size_t i;
    int status = 0;
    int rc = -1;
    diag_pos pos = { model, 0, 0 };

    argv[k++] = CPP_PROGRAM;
    argv[k++] = "-std=gnu99";
    argv[k++] = "-x";
    argv[k++] = "c";
    argv[k++] = "-I";
    argv[k++] = dir;
    for (i = 0; i < nextra; i++)
        argv[k++] = opt->cpp_args[i];
    argv[k++] = in != NULL ? "-" : path;
    argv[k] = NULL;

    if (errf == NULL || pipe(fds) != 0) {
        diag_error(d, pos, "cannot run the C preprocessor: %s",
                   strerror(errno));
        goto out;
    }
    fflush(NULL);
    pid = fork();
    if (pid < 0) {
        diag_error(d, pos, "cannot run the C preprocessor: %s",
                   strerror(errno));
        close(fds[0]);
        close(fds[1]);
        goto out;
    }
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 1);
        dup2(fileno(errf), 2);
        if (in != NULL)
            dup2(fileno(in), 0);
        close(fds[1]);
        execvp(argv[0], (char *const *)argv);
        fprintf(stderr, "cannot run '%s': %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(fds[1]);
    {
        FILE *from = fdopen(fds[0], "rb");
        int rd = from ? read_all(from, out, len) : -1;

        if (from != NULL)
            fclose(from);
        else
            close(fds[0]);
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            continue;
        if (rd != 0) {
            diag_error(d, pos, "cannot read the preprocessor's output");
            goto out;
        }
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char *err = NULL;
        size_t errlen = 0;

        rewind(errf);
        if (read_all(errf, &err, &errlen) != 0)
            err = xstrdup("");
        report_cpp_errors(d, model, err,
                          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        free(err);
        free(*out);
        *out = NULL;
        goto out;
    }
    rc = 0;
out:
    if (errf != NULL)
        fclose(errf);
    free(dir);
    free(argv);
    return rc;
}

static int ident_char(char ch)
{
    return ch == '_' || (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z')
           || (ch >= 'A' && ch <= 'Z');
}

/* 1 when word (a C identifier) occurs in text[0..n) as a whole
 * identifier. */
static int has_word(const char *text, size_t n, const char *word)
{
    size_t wl = strlen(word);

    for (size_t i = 0; i + wl <= n; i++) {
        if (memcmp(text + i, word, wl) != 0)
            continue;
        if ((i == 0 || !ident_char(text[i - 1]))
            && (i + wl == n || !ident_char(text[i + wl])))
            return 1;
    }
    return 0;
}

/* 1 when cpp may change text: a directive, a line continuation, or a
 * name that gcc predefines (every predefined macro but `unix` and
 * `linux` contains "__"). */
static int needs_cpp(const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '#')
            return 1;
        if (text[i] == '\\' && i + 1 < n
            && (text[i + 1] == '\n' || text[i + 1] == '\r'))
            return 1;
        if (text[i] == '_' && i + 1 < n && text[i + 1] == '_')
            return 1;
    }
    return has_word(text, n, "unix") || has_word(text, n, "linux");
}

int lang_cpp_run(const char *path, const lang_options *opt, diag *d,
                 char **out, size_t *len, int *used_cpp)
{
    int from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? LANG_STDIN_NAME : path;
    uint32_t model = diag_file_id(d, name);
    char *text;
    size_t n;
    FILE *in = NULL;
    int rc;

    *out = NULL;
    *len = 0;
    *used_cpp = 0;
    if (read_file(path, &text, &n) != 0) {
        diag_pos pos = { model, 0, 0 };

        diag_error(d, pos, "cannot read the model: %s", strerror(errno));
        return -1;
    }
    if ((opt != NULL && opt->no_cpp)
        || ((opt == NULL || opt->ncpp_args == 0) && !needs_cpp(text, n))) {
        *out = text;
        *len = n;
        return 0;
    }
    /* the diagnostics show lines of this text, not of a second read */
    diag_set_text(d, model, text, n);
    if (from_stdin || !regular_file(path)) {
        in = text_as_input(name, text, n);
        if (in == NULL) {
            diag_pos pos = { model, 0, 0 };

            diag_error(d, pos, "cannot run the C preprocessor: %s",
                       strerror(errno));
            free(text);
            return -1;
        }
    }
    free(text);
    rc = run_cpp(name, in, opt, d, model, out, len);
    if (in != NULL)
        fclose(in);
    if (rc != 0)
        return -1;
    *used_cpp = 1;
    return 0;
}

/* --------------------------------------------------- column repair */

static lang_src *source(lang_ctx *c, uint32_t file)
{
    lang_src *s;
    size_t i;
    size_t cap;

    for (i = 0; i < c->nsrcs; i++)
        if (c->srcs[i].file == file)
            return &c->srcs[i];
    c->srcs = xrealloc(c->srcs, (c->nsrcs + 1) * sizeof *c->srcs);
    s = &c->srcs[c->nsrcs++];
    memset(s, 0, sizeof *s);
    s->file = file;
    if (!regular_file(diag_file_name(c->d, file))
        || read_file(diag_file_name(c->d, file), &s->text, &s->len) != 0) {
        s->text = NULL;
        return s;
    }
    cap = 0;
    xgrow((void **)&s->lines, &cap, 1, sizeof *s->lines);
    s->lines[s->nlines++] = 0;
    for (i = 0; i < s->len; i++) {
        if (s->text[i] == '\n') {
            xgrow((void **)&s->lines, &cap, s->nlines + 1,
                  sizeof *s->lines);
            s->lines[s->nlines++] = i + 1;
        }
    }
    return s;
}

static int blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f'
           || ch == '\v';
}

/* gap[k] = 1 where s[k] is a blank or part of a comment (not inside a
 * string or character literal). */
static void mark_gaps(const char *s, size_t n, unsigned char *gap)
{
    size_t k = 0;

    memset(gap, 0, n);
    while (k < n) {
        if (s[k] == '/' && k + 1 < n && s[k + 1] == '*') {
            gap[k++] = 1;
            gap[k++] = 1;
            while (k < n && !(s[k] == '*' && k + 1 < n && s[k + 1] == '/'))
                gap[k++] = 1;
            if (k < n) {
                gap[k++] = 1;
                gap[k++] = 1;
            }
        } else if (s[k] == '/' && k + 1 < n && s[k + 1] == '/') {
            while (k < n)
                gap[k++] = 1;
        } else if (s[k] == '"' || s[k] == '\'') {
            char q = s[k++];

            while (k < n && s[k] != q) {
                if (s[k] == '\\' && k + 1 < n)
                    k++;
                k++;
            }
            if (k < n)
                k++;
        } else {
            gap[k] = (unsigned char)blank(s[k]);
            k++;
        }
    }
}

/* Fill map[0..on] (0-based user columns) for output line o. */
static void align(const char *o, size_t on, const char *s, size_t sn,
                  uint32_t *map)
{
    unsigned char *gap = xmalloc(sn + 1);
    size_t i = 0;
    size_t j = 0;
    size_t pi;
    size_t pj;

    mark_gaps(s, sn, gap);
    /* forward */
    while (j < on) {
        if (i < sn && !gap[i] && o[j] == s[i]) {
            map[j++] = (uint32_t)i++;
        } else if (blank(o[j])) {
            while (i < sn && gap[i])
                i++;
            map[j++] = (uint32_t)i;
        } else if (i < sn && gap[i]) {
            while (i < sn && gap[i])
                i++;
        } else {
            break;
        }
    }
    pi = i;
    pj = j;
    while (pi < sn && gap[pi])
        pi++;
    map[on] = (uint32_t)sn;
    if (pj == on) {
        free(gap);
        return;
    }
    /* backward */
    i = sn;
    j = on;
    while (j > pj) {
        if (i > pi && !gap[i - 1] && o[j - 1] == s[i - 1]) {
            map[--j] = (uint32_t)--i;
        } else if (blank(o[j - 1])) {
            while (i > pi && gap[i - 1])
                i--;
            map[--j] = (uint32_t)i;
        } else if (i > pi && gap[i - 1]) {
            while (i > pi && gap[i - 1])
                i--;
        } else {
            break;
        }
    }
    /* the middle: macro expansions */
    while (j > pj)
        map[--j] = (uint32_t)pi;
    free(gap);
}

uint32_t lang_cpp_fix_col(lang_ctx *c)
{
    const char *o = c->text + c->line_off;
    const char *end = c->text + c->text_len;
    size_t on;
    lang_src *src;
    const char *s;
    size_t sn;

    if (c->map_off != c->line_off + 1) {
        c->map_off = c->line_off + 1;
        c->colmap_len = 0;
        src = source(c, c->file);
        if (src->text == NULL || c->line == 0 || c->line > src->nlines)
            return c->col;
        s = src->text + src->lines[c->line - 1];
        sn = 0;
        while (s + sn < src->text + src->len && s[sn] != '\n')
            sn++;
        on = 0;
        while (o + on < end && o[on] != '\n')
            on++;
        xgrow((void **)&c->colmap, &c->cap_colmap, on + 1,
              sizeof *c->colmap);
        align(o, on, s, sn, c->colmap);
        c->colmap_len = on + 1;
    }
    if (c->col == 0 || c->col > c->colmap_len)
        return c->col;
    return c->colmap[c->col - 1] + 1;
}

void lang_cpp_fini(lang_ctx *c)
{
    size_t i;

    for (i = 0; i < c->nsrcs; i++) {
        free(c->srcs[i].text);
        free(c->srcs[i].lines);
    }
    free(c->srcs);
    free(c->colmap);
    c->srcs = NULL;
    c->nsrcs = 0;
    c->colmap = NULL;
}
