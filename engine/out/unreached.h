/*
 * engine/out/unreached.h -- the control locations a search never reached,
 * listed per proctype as pan lists its "unreached in proctype P" section.
 *
 * A recorder asks the transition system to note the control location of
 * every process in every state whose successors it computes
 * (ts_track_locs, engine/model/ts.h): the states the search expands,
 * atomic steps' intermediate states included.  After a complete search,
 * the locations not noted are those no run of the model reaches (under
 * a reduction too: spore(1), "unreached in proctype", says why and how
 * it was checked).  Numbers are spore's own control locations
 * (--dump-bytecode's), not pan's state numbers.
 */
#ifndef SPORE_ENGINE_OUT_UNREACHED_H
#define SPORE_ENGINE_OUT_UNREACHED_H

#include <stdio.h>

#include "engine/model/ts.h"

typedef struct unreached unreached;

/* A recorder for the locations of t's program, noting from now on what
 * searches on t reach; t is borrowed and must outlive it.  Free with
 * unreached_free, which stops the noting. */
unreached *unreached_new(ts *t);

/* NULL is a no-op. */
void unreached_free(unreached *u);

/* pan's section: for each proctype in declaration order,
 * "unreached in proctype P" ("unreached in init" for init), one line
 * "\tFILE:LINE, state PC, \"STATEMENT\"" per location never reached, and
 * "\t(K of N states)"; then an empty line. */
void unreached_text(FILE *out, const unreached *u);

/* The same as a JSON array (no newline): one object per proctype,
 * {"proctype": NAME, "states": N, "unreached": [{"location":
 * "FILE:LINE:COL", "state": PC, "text": STATEMENT}, ...]}. */
void unreached_json(FILE *out, const unreached *u);

#endif /* SPORE_ENGINE_OUT_UNREACHED_H */
