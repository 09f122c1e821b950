/*
 * engine/por/por_modes.c -- the table of reductions: one entry per mode
 * a user can choose with --por=NAME, with what --help, the reports, JSON
 * and the error messages say of it (engine/por/por.h, por_mode).
 *
 * The default reduction is S-POR (POR_MODE_DEFAULT), chosen from `spore
 * --por-check` on the corpus (issue 3's report): on Promela models
 * nearly every process loops for ever, so most irreducible states sit on
 * a cycle through the stack, where F-C3 and F-STACK make DE and DL
 * expand fully, exactly as S-POR does.  DL stored the same states as
 * S-POR on most corpus models, a few percent fewer on some (sched1 25 %
 * of none against 28 %, life) and more on others (p108: 54 % against
 * 47 %), while paying for the visited graph; DE's re-traversals are far
 * too slow on cyclic models; the *-JPF variants store more.  S-POR
 * matches SPIN's -o3 reduction (eratosthenes 2 528 states in both),
 * needs no graph and was never slower.  Use --por=dl on terminating
 * models with many visible, independent steps (the paper's setting: E3,
 * E5 in tests/models).
 */
#include "config.h"

#include "engine/por/por.h"

#include <stdio.h>
#include <string.h>

const por_mode por_modes[POR_NMODES] = {
    [POR_MODE_NONE] = {
        .name = "none", .title = "none", .proviso = "none",
        .algo = &por_algo_none,
    },
    [POR_MODE_SPOR] = {
        .name = "spor", .brief = "S-POR", .title = "S-POR (safe sets)",
        .proviso = "F-C3 stack proviso, F-NONDET",
        .algo = &por_algo_spor,
    },
    [POR_MODE_DE] = {
        .name = "de", .brief = "DE-S-POR",
        .title = "DE-S-POR (eager source sets)",
        .walk = "O1", .walk_paths = "RETRAVERSE-PATHS (acyclic graphs only)",
        .algo = &por_algo_de, .shows = POR_SHOW_GRAPH,
    },
    [POR_MODE_DL] = {
        .name = "dl", .brief = "DL-S-POR",
        .title = "DL-S-POR (lazy source sets)",
        .walk = "O1-O5",
        .algo = &por_algo_dl, .shows = POR_SHOW_GRAPH | POR_SHOW_SHORTCUTS,
    },
    [POR_MODE_DE_JPF] = {
        .name = "de-jpf", .title = "DE-JPF (eager, safe = enabled)",
        .walk = "O1", .walk_paths = "RETRAVERSE-PATHS (acyclic graphs only)",
        .algo = &por_algo_de_jpf, .shows = POR_SHOW_GRAPH,
    },
    [POR_MODE_DL_JPF] = {
        .name = "dl-jpf", .title = "DL-JPF (lazy, safe = enabled)",
        .walk = "O1-O5",
        .algo = &por_algo_dl_jpf,
        .shows = POR_SHOW_GRAPH | POR_SHOW_SHORTCUTS,
    },
    [POR_MODE_ODPOR] = {
        .name = "odpor", .title = "O-DPOR (stateful source-DPOR on S-POR)",
        .walk = "replay of every path below a visited state",
        .algo = &por_algo_odpor, .shows = POR_SHOW_GRAPH | POR_SHOW_RACES,
    },
};

const por_mode *por_mode_get(int m)
{
    return m >= 0 && m < POR_NMODES && por_modes[m].name != NULL
           ? &por_modes[m] : NULL;
}

int por_mode_from_name(const char *name)
{
    for (int m = 0; m < POR_NMODES; m++)
        if (por_modes[m].name != NULL && strcmp(name, por_modes[m].name) == 0)
            return m;
    return -1;
}

int por_mode_takes_cycle_fix(int m)
{
    const por_mode *pm = por_mode_get(m);

    return pm != NULL && pm->proviso == NULL;
}

const char *por_mode_names(char *buf, size_t size, int briefs)
{
    size_t n = 0;

    if (size == 0)
        return buf;
    buf[0] = '\0';
    for (int m = 0; m < POR_NMODES && n < size; m++) {
        const por_mode *pm = &por_modes[m];

        if (pm->name == NULL)
            continue;
        n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "",
                              pm->name);
        if (briefs && pm->brief != NULL && n < size)
            n += (size_t)snprintf(buf + n, size - n, " (%s)", pm->brief);
    }
    return buf;
}

const char *por_mode_proviso(int m, int fix, int de_paths, char *buf,
                             size_t size)
{
    const por_mode *pm = por_mode_get(m);
    const char     *cyc;

    if (pm == NULL) {
        snprintf(buf, size, "?");
        return buf;
    }
    if (pm->proviso != NULL) {
        snprintf(buf, size, "%s", pm->proviso);
        return buf;
    }
    switch (fix) {
    case POR_CYCLE_C3:
        cyc = "F-C3 only (experimental: no F-STACK)";
        break;
    case POR_CYCLE_STATIC:
        cyc = "F-C3, F-STACK-STATIC (experimental)";
        break;
    default:
        cyc = "F-C3, F-STACK";
        break;
    }
    snprintf(buf, size, "%s, F-BLOCK, F-NONDET, %s", cyc,
             de_paths && pm->walk_paths != NULL ? pm->walk_paths : pm->walk);
    return buf;
}
