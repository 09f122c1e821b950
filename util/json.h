/*
 * util/json.h -- the JSON writer's one hard part: strings.
 *
 * spore's JSON documents are printed with fprintf, key by key; every
 * string in them (model and file names, statement texts, variable
 * names) goes through json_string, which makes the output valid JSON
 * whatever bytes the string holds.
 */
#ifndef SPORE_UTIL_JSON_H
#define SPORE_UTIL_JSON_H

#include <stdio.h>

/* Print s (borrowed) to out as a JSON string: in double quotes, with
 * '"' and '\' escaped, \n \r \t \b \f for those control characters and
 * \u00XX for the other ones below 0x20.  Valid UTF-8 is copied as it
 * is; each byte that does not belong to a valid UTF-8 sequence (a stray
 * continuation byte, a truncated, overlong or surrogate sequence, a
 * code point above U+10FFFF) is printed as \ufffd, the replacement
 * character.  NULL prints `null`. */
void json_string(FILE *out, const char *s);

#endif /* SPORE_UTIL_JSON_H */
