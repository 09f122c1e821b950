/*
 * tests/unit/unit_model.h -- a model compiled from a string, for the unit
 * tests of the search and the reductions: parse, compile, make the
 * transition system; model_close() frees it all.
 */
#ifndef SPORE_TESTS_UNIT_UNIT_MODEL_H
#define SPORE_TESTS_UNIT_UNIT_MODEL_H

#include <string.h>

#include "engine/model/bc.h"
#include "engine/model/ts.h"
#include "frontend/fe.h"
#include "lang/lang.h"
#include "util/diag.h"

typedef struct model {
    diag         *d;
    lang_program *lp;
    bc_program   *prog;
    ts           *t;
} model;

static inline int model_open(model *m, const char *text)
{
    memset(m, 0, sizeof *m);
    m->d = diag_new(stderr);
    m->lp = lang_parse_string("test.pml", text, strlen(text), m->d);
    if (m->lp == NULL || diag_count(m->d) > 0)
        return -1;
    m->prog = fe_compile(m->lp, "test.pml", m->d);
    if (m->prog == NULL)
        return -1;
    m->t = ts_new(m->prog);
    return m->t != NULL ? 0 : -1;
}

static inline void model_close(model *m)
{
    ts_free(m->t);
    bc_program_free(m->prog);
    lang_program_free(m->lp);
    diag_free(m->d);
}

#endif /* SPORE_TESTS_UNIT_UNIT_MODEL_H */
