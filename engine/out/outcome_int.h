/*
 * engine/out/outcome_int.h -- shared by the files of the outcome sets
 * only (outcome.c: the set, its table and the search hook;
 * outcome_names.c: variable names and specs; outcome_expect.c: expect
 * files; outcome_print.c: text and JSON output).
 */
#ifndef SPORE_ENGINE_OUT_OUTCOME_INT_H
#define SPORE_ENGINE_OUT_OUTCOME_INT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/out/outcome.h"
#include "statestore/ss.h"
#include "util/diag.h"

typedef struct leaf {
    const bc_var *v;
    uint32_t      elem;
    char         *name;         /* as printed: "x", "a[2]", "s.f[1]" */
} leaf;

typedef struct combo {
    size_t       count;         /* distinct valid end states */
    uint32_t     line;          /* expect file line, 0: not admitted
                                   there */
    uint8_t      admitted;
    uint8_t      reported;      /* a violation was returned for it */
    search_step *wit;           /* witness path (owned), or NULL */
    size_t       nwit;
    int          has_wit;
} combo;

struct outcome {
    const bc_program *prog;
    leaf             *leaves;
    size_t            nleaves, leaves_cap;
    combo            *combos;
    size_t            ncombos, combos_cap;
    int32_t          *vals;     /* ncombos * nleaves */
    size_t            vals_cap;
    uint32_t         *slots;    /* combo index + 1; 0: empty */
    size_t            nslots;   /* a power of two, or 0 */
    int32_t          *key;      /* scratch: nleaves values */
    int               expect;   /* an expect file was read */
    char             *expect_path;
    size_t            nadmitted;
    int               witnesses;
    ss_store         *ends;
    size_t            nends;
    char             *detail;   /* the last violation's text */
    size_t            detail_size;
};

/* One (variable, element) named by a spec item. */
typedef struct ref {
    const bc_var *v;
    uint32_t      elem;
} ref;

/* outcome.c.  The values of combination i (nleaves of them; borrowed,
 * valid until the next outcome_intern). */
const int32_t *outcome_combo_vals(const outcome *oc, size_t i);
/* The index of the combination key (nleaves values; copied), inserted
 * with count 0 if absent (admitted unless an expect file was read);
 * *fresh tells whether it was inserted. */
size_t outcome_intern(outcome *oc, const int32_t *key, int *fresh);
/* Print a combination as "V1=x V2=y". */
void outcome_put_combo(const outcome *oc, const int32_t *vals, FILE *out);
/* The same as a new string (the caller frees it). */
char *outcome_combo_str(const outcome *oc, const int32_t *vals);

/* outcome_names.c.  Is c a space, tab, CR or LF? */
int outcome_is_space(int c);
/* Does s start with w (a plain prefix test)? */
int outcome_starts_word(const char *s, const char *w);
/* Resolve the item text[0..n) (at pos) into refs appended to *out
 * (xgrow'n; *nout, *cap updated): "x" (every element of x), "a[3]",
 * "a[3].f" / "a.f[3]", or a struct prefix "s" (every leaf "s.*").
 * Reports through d and returns -1 on a problem, else 0. */
int outcome_resolve(const bc_program *p, const char *text, size_t n,
                    diag *d, diag_pos pos, ref **out, size_t *nout,
                    size_t *cap);
/* The index of the leaf (v, elem), or -1. */
long outcome_find_leaf(const outcome *oc, const bc_var *v, uint32_t elem);
/* Add the comma-separated items of text (line `line` of file id `file`,
 * text starting at column col0) as leaves; reports through d and
 * returns -1 on a problem, else 0. */
int outcome_add_list(outcome *oc, const char *text, diag *d, uint32_t file,
                     uint32_t line, uint32_t col0);

#endif /* SPORE_ENGINE_OUT_OUTCOME_INT_H */
