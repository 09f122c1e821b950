/*
 * engine/search/por_check.h -- the soundness oracle behind --por-check:
 * one model searched under every reduction of por_modes[] with the same
 * options, each compared with --por=none.
 *
 * A reduction agrees with none when both searches are complete and they
 * give the same verdict, the same kinds of error and the same set of
 * valid end states (and, when the caller compares one, the same summary
 * of what its on_end hook gathered: the --outcomes set).  An incomplete
 * search proves nothing, except that a complete reduced search must
 * have found every kind of error that an incomplete none found.
 *
 * The table is the result; printing it is the caller's (spore.c prints
 * text or JSON; tests/unit/test_por.c reads the rows).
 */
#ifndef SPORE_ENGINE_SEARCH_POR_CHECK_H
#define SPORE_ENGINE_SEARCH_POR_CHECK_H

#include <stddef.h>

#include "engine/model/ts.h"
#include "engine/search/search.h"

/* How a row compares with none's. */
typedef enum por_check_agree {
    POR_CHECK_YES,          /* "yes": both complete, everything equal */
    POR_CHECK_UNKNOWN,      /* "?": one of the two searches incomplete
                               (for none's row: none incomplete) */
    POR_CHECK_NO,           /* "NO": verdict or error kinds differ */
    POR_CHECK_NO_ENDS,      /* "NO (ends)": the end states differ */
    POR_CHECK_NO_OUTCOMES   /* "NO (outcomes)": the summaries differ */
} por_check_agree;

typedef struct por_check_table por_check_table;

/* What the caller adds to the comparison; every member may be NULL. */
typedef struct por_check_hooks {
    /* Before each mode's search (e.g. empty the outcome set that the
     * options' on_end hook fills). */
    void  (*reset)(void *ctx);
    /* After a complete search: a summary of what on_end gathered, as a
     * new string (the oracle frees it), compared byte for byte with
     * none's; NULL when there is none (then nothing is compared, or,
     * for a reduced mode after none gave one, the row disagrees). */
    char *(*summary)(void *ctx);
    /* After each mode's row is decided (rows[0..m] are filled): for
     * printing each row as it comes. */
    void  (*row)(const por_check_table *tab, int m, void *ctx);
    void   *ctx;
} por_check_hooks;

typedef struct por_check_row {
    search_result   res;        /* the mode's search; owned */
    unsigned        kinds;      /* error kinds found, a bit set of
                                   search_err_kind */
    int             complete;   /* no early stop and nothing truncated */
    por_check_agree agree;
} por_check_row;

struct por_check_table {
    por_check_row rows[SEARCH_POR_NMODES];  /* by search_por_mode */
    int           nrows;        /* rows searched: all of them, or up to
                                   the one during which *o->stop was
                                   set */
    int           disagree;     /* some row is one of the POR_CHECK_NO* */
    int           interrupted;  /* *o->stop was set at the end */
};

/* Search t under every mode with the options o (borrowed; its por is
 * ignored, its on_error, max_errors, max_trails and progress_secs are
 * replaced by none, 0, 0 and 0, and end states are collected), in
 * search_por_mode order, none first, and fill *tab (the caller frees it
 * with por_check_fini).  Stops after the row during which *o->stop
 * became non-zero.  Returns 0, or -1 when a search could not start for
 * another reason than memory (the rows before it are filled, the hooks
 * were not called for it; tab must still be freed). */
int         por_check_run(ts *t, const search_options *o,
                          const por_check_hooks *h, por_check_table *tab);

/* Free what the table owns (not the struct). */
void        por_check_fini(por_check_table *tab);

/* How r compares with none's result n: the rule above, without the
 * summaries.  For tests that search none under other options. */
por_check_agree por_check_compare(const search_result *n,
                                  const search_result *r);

/* Error kinds found in r, a bit set of search_err_kind. */
unsigned    por_check_kinds(const search_result *r);

/* The kinds as the table's "errs" column: A (assertion), E (invalid end
 * state), O (outcome not admitted), R (any other run-time error), in
 * that order, "-" for none; into buf (at least 5 bytes). */
const char *por_check_kinds_str(unsigned kinds, char *buf);

/* "yes", "?", "NO", "NO (ends)", "NO (outcomes)". */
const char *por_check_agree_text(por_check_agree a);

#endif /* SPORE_ENGINE_SEARCH_POR_CHECK_H */
