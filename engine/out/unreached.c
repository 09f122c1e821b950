/*
 * engine/out/unreached.c -- the "unreached in proctype" section (see
 * unreached.h).
 *
 * One byte per control location of the program (ts_nlocs), set by the
 * transition system when a search expands a state with a process there
 * (ts_track_locs): one store per process per state, so the search keeps
 * pan's compact path (an observer, engine/por/por.h, would cost 20-40%
 * of the user time of --por=none on peterson-n N=4).
 * A never claim (bc_program.has_claim) is no process: its moves are not
 * steps, so it has no section (pan's "unreached in claim" is not given).
 */
#include "config.h"

#include "engine/out/unreached.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/xalloc.h"

struct unreached {
    ts               *t;
    const bc_program *prog;
    uint8_t          *seen;         /* per location: reached */
};

unreached *unreached_new(ts *t)
{
    unreached *u = xcalloc(1, sizeof *u);

    u->t = t;
    u->prog = ts_program(t);
    u->seen = xcalloc(ts_nlocs(t) ? ts_nlocs(t) : 1, 1);
    ts_track_locs(t, u->seen);
    return u;
}

void unreached_free(unreached *u)
{
    if (u == NULL)
        return;
    ts_track_locs(u->t, NULL);
    free(u->seen);
    free(u);
}

/* The statement at location l of a proctype: its first transition's
 * text ("-end-" at the closing brace). */
static const char *loc_text(const unreached *u, const bc_pcloc *l)
{
    const bc_trans *t = bc_trans_at(u->prog, l->first);

    if (l->ntrans == 0 || t == NULL)
        return "-end-";
    return u->prog->strings[t->text];
}

void unreached_text(FILE *out, const unreached *u)
{
    const bc_program *p = u->prog;

    for (uint32_t k = 0; k < p->nprocs; k++) {
        const bc_proctype *pt = &p->procs[k];
        uint32_t           missed = 0;

        if (p->has_claim && k == p->claim)
            continue;
        if (pt->is_init)
            fprintf(out, "unreached in init\n");
        else
            fprintf(out, "unreached in proctype %s\n", pt->name);
        for (uint32_t pc = 0; pc < pt->nlocs; pc++) {
            const bc_pcloc  *l = bc_proc_loc(p, k, pc);
            const bc_srcloc *s = l->loc < p->nlocs ? &p->locs[l->loc]
                                                   : NULL;

            if (u->seen[pt->loc0 + pc])
                continue;
            missed++;
            fprintf(out, "\t%s:%u, state %u, \"%s\"\n",
                    s != NULL && s->file < p->nfiles ? p->files[s->file]
                                                     : "?",
                    s != NULL ? (unsigned)s->line : 0u, (unsigned)pc,
                    loc_text(u, l));
        }
        fprintf(out, "\t(%u of %u states)\n", (unsigned)missed,
                (unsigned)pt->nlocs);
    }
    fputc('\n', out);
}

void unreached_json(FILE *out, const unreached *u)
{
    const bc_program *p = u->prog;
    char              where[256];

    fputc('[', out);
    for (uint32_t k = 0; k < p->nprocs; k++) {
        const bc_proctype *pt = &p->procs[k];
        int                first = 1;

        if (p->has_claim && k == p->claim)
            continue;
        fputs(k ? ",{\"proctype\":" : "{\"proctype\":", out);
        json_string(out, pt->is_init ? "init" : pt->name);
        fprintf(out, ",\"states\":%u,\"unreached\":[", (unsigned)pt->nlocs);
        for (uint32_t pc = 0; pc < pt->nlocs; pc++) {
            const bc_pcloc *l = bc_proc_loc(p, k, pc);

            if (u->seen[pt->loc0 + pc])
                continue;
            fputs(first ? "{\"location\":" : ",{\"location\":", out);
            first = 0;
            json_string(out, bc_loc_str(p, l->loc, where, sizeof where));
            fprintf(out, ",\"state\":%u,\"text\":", (unsigned)pc);
            json_string(out, loc_text(u, l));
            fputc('}', out);
        }
        fputs("]}", out);
    }
    fputc(']', out);
}
