/*
 * frontend/symtab.c -- scalar types and scope lookup.
 *
 * Promela has two scopes that matter: the globals and the locals of one
 * proctype (SPIN hoists every local declaration to the proctype, wherever
 * it appears in the body; since SPIN 6.4 one declared in a block is
 * visible only to the end of the block, fe_scope_close).  A scope is a
 * list, newest first, whose head the lowering moves back for a while to
 * hide later declarations; a hash index on the names (open addressing,
 * each slot the newest symbol of one name, older ones chained through
 * `shadow`) keeps lookups constant in generated models with tens of
 * thousands of globals.  A symbol is visible when it was added no later
 * than the current head and its block is not closed.
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/fe_int.h"

const fe_type fe_type_bit = { 0, BC_T_BIT, 0, 1, "bit", NULL, 0, 0 };
const fe_type fe_type_bool = { 0, BC_T_BIT, 0, 1, "bool", NULL, 0, 0 };
const fe_type fe_type_byte = { 0, BC_T_BYTE, 0, 1, "byte", NULL, 0, 0 };
const fe_type fe_type_short = { 0, BC_T_SHORT, 0, 2, "short", NULL, 0, 0 };
const fe_type fe_type_int = { 0, BC_T_INT, 0, 4, "int", NULL, 0, 0 };
const fe_type fe_type_pid = { 0, BC_T_BYTE, 0, 1, "pid", NULL, 0, 0 };
const fe_type fe_type_mtype = { 0, BC_T_BYTE, BC_V_MTYPE, 1, "mtype", NULL, 0,
                                0 };
const fe_type fe_type_chan = { 0, BC_T_BYTE, BC_V_CHAN, 1, "chan", NULL, 0, 0 };

static size_t name_hash(const char *name)
{
    uint64_t h = 14695981039346656037u;         /* FNV-1a */

    while (*name != '\0')
        h = (h ^ (unsigned char)*name++) * 1099511628211u;
    return (size_t)(h ^ (h >> 32));
}

/* The slot of name in s->tab: its symbol, or the empty slot where it
 * would go.  s->cap > 0. */
static fe_sym **slot_of(const fe_scope *s, const char *name)
{
    size_t mask = s->cap - 1;
    size_t i = name_hash(name) & mask;

    while (s->tab[i] != NULL && strcmp(s->tab[i]->name, name) != 0)
        i = (i + 1) & mask;
    return &s->tab[i];
}

fe_sym *fe_scope_find(const fe_scope *s, const char *name)
{
    fe_sym *y;

    if (s->syms == NULL || s->cap == 0)
        return NULL;
    for (y = *slot_of(s, name); y != NULL; y = y->shadow)
        if (y->seq <= s->syms->seq && !y->gone)
            return y;
    return NULL;
}

static void grow(fe_scope *s)
{
    fe_sym **old = s->tab;
    size_t   ocap = s->cap, i;

    s->cap = ocap ? 2 * ocap : 64;
    s->tab = xcalloc(s->cap, sizeof *s->tab);
    for (i = 0; i < ocap; i++)
        if (old[i] != NULL)
            *slot_of(s, old[i]->name) = old[i];
    free(old);
}

void fe_scope_add(fe_scope *s, fe_sym *y)
{
    fe_sym **slot;

    assert(s->syms == NULL ? s->nadded == 0 : s->syms->seq == s->nadded);
    if (2 * (s->n + 1) > s->cap)
        grow(s);
    slot = slot_of(s, y->name);
    if (*slot == NULL)
        s->n++;
    y->shadow = *slot;
    *slot = y;
    y->seq = ++s->nadded;
    y->next = s->syms;
    s->syms = y;
}

void fe_scope_close(fe_scope *s, uint32_t mark)
{
    fe_sym *y;

    for (y = s->syms; y != NULL && y->seq > mark; y = y->next)
        y->gone = 1;
}

void fe_scope_clear(fe_scope *s)
{
    if (s->tab != NULL)
        memset(s->tab, 0, s->cap * sizeof *s->tab);
    s->n = 0;
    s->nadded = 0;
    s->syms = NULL;
}

void fe_scope_fini(fe_scope *s)
{
    free(s->tab);
    memset(s, 0, sizeof *s);
}
