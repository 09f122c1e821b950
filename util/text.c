/*
 * util/text.c -- small text helpers shared by the printers.
 */
#include "config.h"

#include "util/text.h"

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
