/*
 * util/text.c -- small text helpers shared by the printers.
 */
#include "config.h"

#include "util/text.h"

#include <stdlib.h>

void text_put_quoted(const char *s, FILE *out)
{
    putc('"', out);
    for (; s && *s; s++) {
        switch (*s) {
        case '\n': fputs("\\n", out);  break;
        case '\t': fputs("\\t", out);  break;
        case '\r': fputs("\\r", out);  break;
        case '"':  fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        default:
            if ((unsigned char)*s < 0x20)
                fprintf(out, "\\x%02x", (unsigned char)*s);
            else
                putc(*s, out);
            break;
        }
    }
    putc('"', out);
}

char *text_capture(text_print_fn fn, const void *arg)
{
    char  *buf = NULL;
    size_t size = 0;
    FILE  *mem = open_memstream(&buf, &size);

    if (mem == NULL)
        return NULL;
    fn(arg, mem);
    if (fclose(mem) != 0 || buf == NULL) {
        free(buf);
        return NULL;
    }
    return buf;
}
