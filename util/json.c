/*
 * util/json.c -- JSON strings (see json.h).
 */
#include "config.h"

#include "util/json.h"

#include <stddef.h>

/* The length of the valid UTF-8 sequence at p (1 to 4), or 0 when the
 * byte at p does not start one.  Reads no further than the sequence's
 * own bytes, stopping at a NUL (which is not a continuation byte). */
static size_t utf8_len(const unsigned char *p)
{
    unsigned char lo = 0x80, hi = 0xbf;
    size_t        n, i;

    if (p[0] < 0x80)
        return 1;
    if (p[0] >= 0xc2 && p[0] <= 0xdf)
        n = 2;
    else if (p[0] >= 0xe0 && p[0] <= 0xef)
        n = 3;
    else if (p[0] >= 0xf0 && p[0] <= 0xf4)
        n = 4;
    else
        return 0;                       /* continuation, C0, C1, F5.. */
    if (p[0] == 0xe0)
        lo = 0xa0;                      /* overlong */
    else if (p[0] == 0xed)
        hi = 0x9f;                      /* surrogates */
    else if (p[0] == 0xf0)
        lo = 0x90;                      /* overlong */
    else if (p[0] == 0xf4)
        hi = 0x8f;                      /* above U+10FFFF */
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return n;
}

void json_string(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    if (s == NULL) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    while (*p != '\0') {
        size_t n;

        switch (*p) {
        case '"':  fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out);  break;
        case '\r': fputs("\\r", out);  break;
        case '\t': fputs("\\t", out);  break;
        case '\b': fputs("\\b", out);  break;
        case '\f': fputs("\\f", out);  break;
        default:
            if (*p < 0x20) {
                fprintf(out, "\\u%04x", *p);
            } else if ((n = utf8_len(p)) == 0) {
                fputs("\\ufffd", out);
            } else {
                fwrite(p, 1, n, out);
                p += n;
                continue;
            }
        }
        p++;
    }
    fputc('"', out);
}
