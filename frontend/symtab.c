/*
 * frontend/symtab.c -- scalar types and scope lookup.
 *
 * Promela has two scopes that matter: the globals and the locals of one
 * proctype (SPIN hoists every local declaration to the proctype, wherever
 * it appears in the body).  Scopes are short lists searched linearly;
 * models declare tens of names, not thousands.
 */
#include "config.h"

#include <string.h>

#include "frontend/fe_int.h"

const fe_type fe_type_bit   = { 0, BC_T_BIT,   0,          1, "bit",   NULL, 0 };
const fe_type fe_type_bool  = { 0, BC_T_BIT,   0,          1, "bool",  NULL, 0 };
const fe_type fe_type_byte  = { 0, BC_T_BYTE,  0,          1, "byte",  NULL, 0 };
const fe_type fe_type_short = { 0, BC_T_SHORT, 0,          2, "short", NULL, 0 };
const fe_type fe_type_int   = { 0, BC_T_INT,   0,          4, "int",   NULL, 0 };
const fe_type fe_type_pid   = { 0, BC_T_BYTE,  0,          1, "pid",   NULL, 0 };
const fe_type fe_type_mtype = { 0, BC_T_BYTE,  BC_V_MTYPE, 1, "mtype", NULL, 0 };
const fe_type fe_type_chan  = { 0, BC_T_BYTE,  BC_V_CHAN,  1, "chan",  NULL, 0 };

fe_sym *fe_scope_find(const fe_scope *s, const char *name)
{
    fe_sym *y;

    for (y = s->syms; y; y = y->next)
        if (strcmp(y->name, name) == 0)
            return y;
    return NULL;
}
