/*
 * engine/search/por_check.c -- the soundness oracle behind --por-check
 * (por_check.h): every reduction against --por=none on one model.
 *
 * The rule (por_check.h) is the one the CLI has printed since --por-check
 * existed; it moved here from spore.c so that tests/unit/test_por.c
 * checks the reductions with the same code the users run.
 */
#include "config.h"

#include "engine/search/por_check.h"

#include <stdlib.h>
#include <string.h>

unsigned por_check_kinds(const search_result *r)
{
    unsigned k = 0;

    for (size_t i = 0; i < r->nerrors; i++)
        k |= 1u << r->errors[i].kind;
    return k;
}

const char *por_check_kinds_str(unsigned k, char *buf)
{
    char *p = buf;

    if (k & (1u << SEARCH_E_ASSERT))
        *p++ = 'A';
    if (k & (1u << SEARCH_E_INVALID_END))
        *p++ = 'E';
    if (k & (1u << SEARCH_E_OUTCOME))
        *p++ = 'O';
    if (k & ~((1u << SEARCH_E_ASSERT) | (1u << SEARCH_E_INVALID_END)
              | (1u << SEARCH_E_OUTCOME)))
        *p++ = 'R';
    if (p == buf)
        *p++ = '-';
    *p = '\0';
    return buf;
}

const char *por_check_agree_text(por_check_agree a)
{
    switch (a) {
    case POR_CHECK_YES:
        return "yes";
    case POR_CHECK_UNKNOWN:
        return "?";
    case POR_CHECK_NO:
        return "NO";
    case POR_CHECK_NO_ENDS:
        return "NO (ends)";
    case POR_CHECK_NO_OUTCOMES:
        return "NO (outcomes)";
    }
    return "?";
}

/* The end states are sorted and unique (search.h), so equal sets are
 * equal lists. */
static int same_ends(const search_result *a, const search_result *b)
{
    if (a->nend_states != b->nend_states)
        return 0;
    for (size_t i = 0; i < a->nend_states; i++)
        if (strcmp(a->end_states[i], b->end_states[i]) != 0)
            return 0;
    return 1;
}

static int complete(const search_result *r)
{
    return r->stop == SEARCH_STOP_NONE && !r->truncated;
}

por_check_agree por_check_compare(const search_result *n,
                                  const search_result *r)
{
    /* an incomplete search proves nothing, except that a complete
     * reduced search must have found every kind of error that none
     * found */
    if (!complete(r))
        return POR_CHECK_UNKNOWN;
    if (!complete(n))
        return por_check_kinds(n) & ~por_check_kinds(r) ? POR_CHECK_NO
                                                         : POR_CHECK_UNKNOWN;
    if (r->verdict != n->verdict
        || por_check_kinds(r) != por_check_kinds(n))
        return POR_CHECK_NO;
    if (!same_ends(r, n))
        return POR_CHECK_NO_ENDS;
    return POR_CHECK_YES;
}

/* Row m against row 0; none_sum is none's summary (NULL: none). */
static por_check_agree decide(por_check_table *tab, int m,
                              const por_check_hooks *h, const char *none_sum)
{
    por_check_agree a;
    char           *mine;

    if (m == 0)
        return tab->rows[0].complete ? POR_CHECK_YES : POR_CHECK_UNKNOWN;
    a = por_check_compare(&tab->rows[0].res, &tab->rows[m].res);
    if (a == POR_CHECK_YES && none_sum != NULL) {
        /* --outcomes: the same set, counts included */
        mine = h->summary(h->ctx);
        if (mine == NULL || strcmp(mine, none_sum) != 0)
            a = POR_CHECK_NO_OUTCOMES;
        free(mine);
    }
    return a;
}

int por_check_run(ts *t, const search_options *o, const por_check_hooks *h,
                  por_check_table *tab)
{
    static const por_check_hooks no_hooks = { 0 };
    char *none_sum = NULL;          /* the summary under none */
    int   rc = 0;

    if (h == NULL)
        h = &no_hooks;
    memset(tab, 0, sizeof *tab);
    for (int m = 0; m < SEARCH_POR_NMODES; m++) {
        search_options so = *o;
        por_check_row *row = &tab->rows[m];

        so.por = m;
        so.on_error = NULL;
        so.max_errors = 0;
        so.max_trails = 0;
        so.progress_secs = 0;
        so.collect_end_states = 1;
        if (h->reset != NULL)
            h->reset(h->ctx);
        tab->nrows = m + 1;
        if (search_dfs(t, &so, &row->res) != 0
            && row->res.stop != SEARCH_STOP_MEMORY) {
            rc = -1;
            break;
        }
        row->kinds = por_check_kinds(&row->res);
        row->complete = complete(&row->res);
        row->agree = decide(tab, m, h, none_sum);
        if (m == 0 && row->complete && h->summary != NULL)
            none_sum = h->summary(h->ctx);
        if (row->agree != POR_CHECK_YES && row->agree != POR_CHECK_UNKNOWN)
            tab->disagree = 1;
        if (h->row != NULL)
            h->row(tab, m, h->ctx);
        if (o->stop != NULL && *o->stop)
            break;
    }
    tab->interrupted = o->stop != NULL && *o->stop;
    free(none_sum);
    return rc;
}

void por_check_fini(por_check_table *tab)
{
    for (int m = 0; m < tab->nrows; m++)
        search_result_fini(&tab->rows[m].res);
    tab->nrows = 0;
}
