/*
 * frontend/fe_int.h -- shared by the front end's files only.
 *
 * Types, symbols and scopes (symtab.c) and the compiler state that
 * lower.c threads through its functions.  Nothing here is visible to the
 * engine: the only product of the front end is the bc_program.
 */
#ifndef SPORE_FRONTEND_FE_INT_H
#define SPORE_FRONTEND_FE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model/bc.h"
#include "lang/ast.h"
#include "util/diag.h"
#include "util/xalloc.h"

/* ---------------------------------------------------------------- types */

typedef struct fe_field fe_field;

typedef struct fe_type {
    int            is_struct;   /* 0: a scalar of bctype */
    uint8_t        bctype;      /* bc_type of a scalar */
    uint8_t        vflags;      /* BC_V_MTYPE / BC_V_CHAN */
    uint32_t       size;        /* bytes */
    const char    *name;        /* typedef name, or the base type's */
    fe_field      *fields;      /* struct: its fields */
    uint32_t       nfields;
} fe_type;

struct fe_field {
    const char    *name;
    const fe_type *type;
    uint32_t       offset;      /* within the struct */
    uint32_t       count;       /* array length; 0: not an array */
    const ast_expr *init;       /* default value, or NULL */
};

/* -------------------------------------------------------------- symbols */

typedef enum fe_sym_kind {
    FE_SYM_GLOBAL,
    FE_SYM_LOCAL,
    FE_SYM_MTYPE                /* an mtype constant: value */
} fe_sym_kind;

typedef struct fe_sym {
    const char    *name;
    fe_sym_kind    kind;
    const fe_type *type;        /* element type */
    uint32_t       count;       /* array length; 0: scalar */
    uint32_t       offset;      /* in G or in the frame */
    int32_t        value;       /* FE_SYM_MTYPE */
    const ast_var *decl;        /* the declaration (locals: reuse check) */
    diag_pos       pos;
    int            is_param;
    uint32_t       chantype;    /* declared `= [N] of {...}`: its
                                   chantype + 1; 0: not */
    uint32_t       slot;        /* a chan (or parameter): its slot in
                                   lower.c's channel-type flow + 1 */
    uint32_t       rank;        /* globals: rank of the top-level
                                   declaration among the model's */
    struct fe_sym *next;        /* in its scope's list */
} fe_sym;

/* A scope: a list of symbols (models are small; lookups are linear). */
typedef struct fe_scope {
    fe_sym *syms;
} fe_scope;

fe_sym *fe_scope_find(const fe_scope *s, const char *name);

/* Total bytes of a symbol (count elements, or one). */
static inline uint32_t fe_sym_size(const fe_sym *s)
{
    return s->type->size * (s->count ? s->count : 1);
}

/* Scalar types, shared by every compilation. */
extern const fe_type fe_type_bit, fe_type_bool, fe_type_byte,
    fe_type_short, fe_type_int, fe_type_pid, fe_type_mtype, fe_type_chan;

/* ------------------------------------------------------------ growing */

/* A growable array of T: FE_VEC(T) name; fe_push(&name, value). */
#define FE_VEC(T) struct { T *v; size_t n, cap; }
#define fe_push(vec, x) do {                                             \
        xgrow((void **)&(vec)->v, &(vec)->cap, (vec)->n + 1,              \
              sizeof *(vec)->v);                                          \
        (vec)->v[(vec)->n++] = (x);                                       \
    } while (0)

#endif /* SPORE_FRONTEND_FE_INT_H */
