/*
 * engine/out/report.h -- what a search says: error lines, the summary, the
 * verdict and the JSON report.
 *
 * The text summary follows the layout of SPIN's pan (users and scripts
 * know it by heart; see design/user-needs.md "SPIN pan output layout"),
 * with spore's words where the meaning differs, and ends with a one-line
 * verdict: VERIFIED, VIOLATED: ..., or INCOMPLETE: <reason>.  The JSON
 * report is one object (schema 1) carrying the same facts for scripts.
 * Nothing here decides anything: the verdict comes from search_result.
 */
#ifndef SPORE_ENGINE_REPORT_H
#define SPORE_ENGINE_REPORT_H

#include <stdio.h>

#include "engine/model/bc.h"
#include "engine/search/search.h"

#define REPORT_JSON_SCHEMA 1

/* Everything a report is made from; all borrowed. */
typedef struct report_info {
    const char           *model;        /* the model file as given */
    const char           *version;      /* "0.1.0" */
    const char           *date;         /* release date for the banner */
    const bc_program     *prog;
    const search_options *opts;
    const search_result  *res;
    const char *const    *trail_paths;  /* per error (res->nerrors
                                           entries, entries may be NULL),
                                           or NULL */
    const struct outcome *outcomes;     /* --outcomes: the outcome set
                                           (engine/out/outcome.h) put in the
                                           JSON report, or NULL */
    const struct unreached *unreached;  /* the locations the search
                                           reached (engine/out/
                                           unreached.h): pan's section
                                           after the memory figures and
                                           "unreached" in JSON, or NULL */
    int                   end_vectors;  /* 1: the JSON report lists
                                           res->end_states as
                                           "end_state_vectors" (--json
                                           with --end-states=-) */
} report_info;

/* "spore:1: assertion violated (x == 1) (at depth 12)" and a newline,
 * as an error is found. */
void report_error_line(FILE *out, const bc_program *prog,
                       const search_error *e);

/* Describe error e ("assertion violated (x == 1)") into buf. */
const char *report_error_text(const bc_program *prog, const search_error *e,
                              char *buf, size_t size);

/* The pan-style summary, ending with the verdict line. */
void report_text(FILE *out, const report_info *ri);

/* Only the verdict line ("VERIFIED", "VIOLATED: ...", "INCOMPLETE: ...")
 * and a newline. */
void report_verdict(FILE *out, const report_info *ri);

/* "verified" / "violated" / "incomplete". */
const char *report_verdict_name(int verdict);
/* Why a search is incomplete, for people ("depth limit 10000 reached"),
 * into buf; "" when it is not. */
const char *report_incomplete_reason(const report_info *ri, char *buf,
                                     size_t size);

/* The JSON report: one object and a newline. */
void report_json(FILE *out, const report_info *ri);

/* s as a JSON string literal, quotes included (NULL prints null): the
 * same as json_string (util/json.h), which new code should call. */
void report_json_string(FILE *out, const char *s);

#endif /* SPORE_ENGINE_REPORT_H */
