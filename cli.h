/*
 * cli.h -- spore's command line: the option table, --help, the parsing
 * of the arguments and the checks of which options go together.
 *
 * One table (cli.c) is the source of both getopt_long's table and the
 * text of --help, so every option is documented with its default.
 *
 * Nothing here ends the program: every function returns a status, and
 * a usage error leaves its message (without the "spore: " prefix) in
 * cli.err for spore.c to print (spore.c alone calls exit()).  A check
 * stops at the first error it finds, before anything after it is
 * applied or printed, so the caller prints exactly what an immediate
 * exit at that point would have left.
 */
#ifndef SPORE_CLI_H
#define SPORE_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/out/outcome.h"
#include "engine/search/search.h"
#include "lang/lang.h"
#include "util/diag.h"

/* The release date --version and the reports print. */
#define SPORE_DATE "22 November 2026"

/* Room for a usage error's message. */
#define CLI_ERR_MAX 1024

typedef enum cli_mode {
    CLI_MODE_SEARCH, CLI_MODE_REPLAY, CLI_MODE_CHECK, CLI_MODE_DUMP_AST,
    CLI_MODE_DUMP_BC, CLI_MODE_POR_CHECK, CLI_MODE_SIMULATE
} cli_mode;

/* What cli_parse() and the checks return. */
typedef enum cli_status {
    CLI_OK = 0,         /* go on */
    CLI_DONE = 1,       /* --help or --version printed: exit 0 */
    CLI_ERROR = -1      /* a usage error, its message in cli.err: exit 2 */
} cli_status;

typedef struct cli {
    cli_mode        mode;
    const char     *model;          /* as shown; LANG_STDIN_NAME for - */
    int             from_stdin;     /* the model was given as "-" */
    const char     *trail_path;     /* replay: the trail to read */
    search_options  so;
    const char    **cpp_args;       /* -D, -U, -I for cpp (owned) */
    size_t          ncpp, cpp_cap;
    int             json;
    int             no_trail;
    int             no_unreached;   /* -n */
    int             all_trails;     /* -e */
    int             quiet;
    int             force;
    const char     *end_states;     /* --end-states=FILE, "-": stdout */
    const char     *dot;            /* --dot=FILE */
    int             dot_full;
    int             dot_values;
    size_t          dot_limit;      /* 0: the default */
    int             explain;
    const char     *outcomes;       /* --outcomes=V,...: the spec */
    const char     *expect;         /* --expect=FILE */
    int             outcomes_trail; /* --outcomes-trail */
    int             por_given;      /* --por on the command line */
    int             style;          /* replay/simulate: trail_style */
    uint64_t        seed;           /* simulate: --seed */
    int             have_seed;
    size_t          max_steps;      /* simulate: -u */
    int             interactive;    /* simulate: --interactive */
    const char     *sim_trail;      /* simulate: --trail=FILE */
    const char     *ltl_name;       /* --ltl=NAME */
    int             print_never;    /* --print-never */
    const char     *ltl_formula;    /* --ltl-formula=FORMULA: checked
                                       instead of the model's claims
                                       (the property "--ltl-formula");
                                       with --print-never the model may
                                       be left out (model is NULL) */
    int             accept;         /* -a: acceptance cycles */
    int             nonprogress;    /* -l: non-progress cycles */
    char            err[CLI_ERR_MAX];   /* the usage error, or "" */

    /* The run's state, kept here for spore.c (cli.c never sets it). */
    outcome        *oc;             /* the outcome set, or NULL */
    const lang_program *lp;         /* the parsed model, and the diag */
    diag           *lp_diag;        /* it was parsed with (borrowed) */
} cli;

/* Every option at its default: a search with the default reduction,
 * --memlimit half of the physical memory. */
void        cli_init(cli *c);

/* Free what cli_parse() allocated (the cpp arguments).  c stays valid
 * for cli_init(). */
void        cli_fini(cli *c);

/* Parse argv (argv[1] may be the command "replay" or "simulate") into
 * c, which cli_init() has set, and check the options that only make
 * sense together.  --help and --version print on stdout and return
 * CLI_DONE at once.  Returns CLI_OK, CLI_DONE or CLI_ERROR (c->err set;
 * c->json says whether --json was anywhere on the line, so that the
 * error can be a JSON object too).  May print a note on stderr (-i
 * switching the default reduction off).  Uses getopt_long's global
 * state. */
cli_status  cli_parse(cli *c, int argc, char **argv);

/* The checks of --dot and --explain made when the search starts (after
 * the model compiled).  Returns CLI_OK or CLI_ERROR (c->err set). */
cli_status  cli_check_viz(cli *c);

/* The checks of the liveness options (issue 12) once the program is
 * known (prog: its never claim or ltl property, if any): -a and -l
 * exclude each other and several options.  With a claim, -a or -l only
 * S-POR may reduce, and only under -a or -l with a property closed
 * under stuttering (an ltl property without X, or no claim); elsewhere
 * the search runs without reduction: the default one is switched off
 * (with a note on stderr unless quiet or --json), another one asked for
 * is refused with the reason and the modes that work.  A claim, -a or
 * -l also switch off the invalid-end-state check, as in pan.  Sets
 * c->so.liveness.  Returns CLI_OK or CLI_ERROR (c->err set). */
cli_status  cli_check_liveness(cli *c, const bc_program *prog);

/* The three usage lines, on out. */
void        cli_usage_synopsis(FILE *out);

#endif
