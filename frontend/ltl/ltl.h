/*
 * frontend/ltl/ltl.h -- linear temporal logic: formulas, their
 * translation to Büchi automata, and never claims.
 *
 * A room of its own (it uses util/ only), so that the model's front end,
 * the search and the test programs can all reach it.  Three steps:
 *
 *   ltl_parse()        text in SPIN's formula syntax -> ltl_formula
 *   ltl_to_ba()        formula -> Büchi automaton accepting exactly the
 *                      infinite words (sequences of states) satisfying it
 *   ltl_print_never()  automaton -> a Promela `never { ... }' claim
 *
 * Syntax (the precedence of SPIN's `ltl { }' blocks, loosest first; every
 * binary operator is left-associative):
 *
 *   ->  <->  implies  equivalent
 *   ||
 *   &&
 *   U  V  W  R  until  stronguntil  weakuntil  release
 *   !  []  <>  X  always  eventually       (prefix)
 *
 * Operands: `true', `false', a parenthesised formula, a Promela expression
 * in braces `{ ... }' (kept as opaque text), or an expression made of
 * identifiers (with `[..]', `.f', `@l', `:x' suffixes), calls (`len(q)',
 * `empty(q)', ...: an identifier and a parenthesised group), numbers and the
 * Promela operators that bind tighter than `U' (== != < > <= >= + - * / %
 * & | ^ << >> ~), also kept as text: `x > 3 U q' is `(x > 3) U q'.  The
 * operator words above and `U', `V', `W', `R', `X' are reserved.
 * Propositions with the same text are the same proposition.
 */
#ifndef SPORE_FRONTEND_LTL_LTL_H
#define SPORE_FRONTEND_LTL_LTL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util/diag.h"

typedef enum ltl_kind {
    LTL_TRUE,
    LTL_FALSE,
    LTL_PROP,           /* prop: index into ltl_formula.props */
    LTL_NOT,            /* unary operators use l */
    LTL_AND,
    LTL_OR,
    LTL_IMPLIES,
    LTL_EQUIV,
    LTL_NEXT,
    LTL_ALWAYS,
    LTL_EVENTUALLY,
    LTL_UNTIL,          /* l U r (strong) */
    LTL_WEAK_UNTIL,     /* l W r = (l U r) || [] l */
    LTL_RELEASE         /* l V r = l R r = !(!l U !r) */
} ltl_kind;

typedef struct ltl_node {
    ltl_kind               kind;
    uint32_t               prop;   /* LTL_PROP only */
    diag_pos               pos;    /* where the operator or operand is */
    const struct ltl_node *l;      /* operand of unary, left of binary */
    const struct ltl_node *r;      /* right operand of binary, else NULL */
} ltl_node;

typedef struct ltl_formula {
    const ltl_node     *root;
    size_t              nprops;
    const char *const  *props;     /* proposition texts, as written
                                    * (without the braces), trimmed */
    struct arena       *mem;       /* private: owns all of the above */
} ltl_formula;

/* Parse text (NUL-terminated) as one formula.  at is the position of
 * text[0] in its file (line and col are advanced over the text, so a
 * formula inside a model is located in the model); errors are reported
 * to d with that position and NULL is returned.  The result is owned by
 * the caller (ltl_formula_free); text is not kept. */
ltl_formula *ltl_parse(const char *text, diag *d, diag_pos at);
/* Free a formula.  NULL is a no-op. */
void         ltl_formula_free(ltl_formula *f);

/* Print the formula fully parenthesised the way SPIN echoes an `ltl'
 * block: a binary operator as `(L) op (R)', a prefix one as `op (A)',
 * `->' as `(! (L)) || (R)', `W' as `([] (L)) || ((L) U (R))', `R' as `V',
 * `true'/`false' as 1/0, the word forms as symbols.  No newline. */
void         ltl_print_formula(const ltl_formula *f, FILE *out);

/* A guard: the conjunction of the propositions in pos and of the
 * negations of those in neg (bit i = proposition i).  {0, 0} is true. */
typedef struct ltl_guard {
    uint64_t pos;
    uint64_t neg;
} ltl_guard;

typedef struct ltl_edge {
    uint32_t  src;
    uint32_t  dst;
    ltl_guard guard;
} ltl_edge;

/* A Büchi automaton over the valuations of the propositions.  A run
 * starts in init before the first state of the word; an edge is taken
 * when the word's current state satisfies its guard; a run is accepted
 * when it visits an accepting state infinitely often.  A state with no
 * edge that fits blocks (the run is lost).  An automaton whose language
 * is empty has exactly one state, init, with no edges, not accepting.
 * States are numbered 0..nstates-1 in breadth-first order from init
 * (init is 0); edges are sorted by src, then dst. */
typedef struct ltl_ba {
    uint32_t  nstates;
    uint32_t  init;
    uint8_t  *accepting;           /* nstates flags (0/1) */
    ltl_edge *edges;
    size_t    nedges;
} ltl_ba;

/* Largest number of propositions ltl_to_ba accepts. */
#define LTL_MAX_PROPS 64

/* Translate f to a Büchi automaton accepting exactly the words that
 * satisfy f: negation normal form, rewriting simplifications, a tableau
 * to a transition-based generalized Büchi automaton (one acceptance set
 * per `U' subformula), degeneralisation, then the removal of states that
 * are unreachable or cannot reach an accepting cycle, bisimulation
 * merging and guard simplification.  Reports to d (at the formula's
 * position) and returns NULL when f has more than LTL_MAX_PROPS
 * propositions or more than 64 `U' subformulas in negation normal form,
 * or the automaton grows past an internal bound.  The result is owned by
 * the caller (ltl_ba_free). */
ltl_ba *ltl_to_ba(const ltl_formula *f, diag *d);
/* Free an automaton.  NULL is a no-op. */
void    ltl_ba_free(ltl_ba *ba);

/* Does state s of ba accept every word (accepting, and its only edge a
 * self-loop guarded by true)? */
int     ltl_ba_is_universal(const ltl_ba *ba, uint32_t s);

/* Print ba as a Promela never claim in SPIN's style: `never  {' with
 * comment (if not NULL; `*' `/' in it are broken up) as a C comment,
 * then per state a label (T0_init, or accept_init for an accepting
 * initial state; T0_S<n> or accept_S<n> for the others) and
 * `if :: (guard) -> goto LABEL ... fi;'.  A universal accepting state is
 * printed last as `accept_all: skip', so that the claim ends there; an
 * empty language prints as a claim whose only statement is `false'.
 * Guards print as `(1)', or `((a) && !(b))' with props[i] the text of
 * proposition i (borrowed). */
void    ltl_print_never(const ltl_ba *ba, const char *const *props,
                        const char *comment, FILE *out);

#endif /* SPORE_FRONTEND_LTL_LTL_H */
