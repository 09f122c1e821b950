/*
 * engine/model/bc.c -- the compiled program: opcode table, freeing, static-fact
 * queries and the disassembler (--dump-bytecode, the VM trace, and the
 * golden files under tests/bytecode/).
 *
 * The disassembly is meant to be diffed: one instruction per line, fixed
 * columns, nothing that depends on addresses or the build.  Format of an
 * instruction line:
 *
 *     <index>  <OPNAME>  <operands>        ; <note>
 *
 * where operands follow the letters of opcodes.def (t as a type name, a,
 * b, c as numbers) and the note gives the source location of a failing
 * instruction, the string of a PRINTF, the proctype of a RUN.
 */
#include "config.h"

#include "engine/model/bc.h"

#include <stdlib.h>
#include <string.h>

#include "util/text.h"
#include "util/xalloc.h"

const bc_opinfo bc_opinfos[BC_NUM_OPCODES] = {
#define OP(name, operands, pops, pushes, flags) \
    { #name, operands, pops, pushes, flags },
#include "engine/model/opcodes.def"
#undef OP
};

/* Nested arrays of procs[] (vars, params) and chantypes[] (ftypes,
 * fflags, foffsets) are const views into the arena (p->mem) and die with
 * it; only the top-level arrays of bc_program are separate blocks. */
void bc_program_free(bc_program *p)
{
    if (!p)
        return;
    free(p->code);
    free(p->trans);
    free(p->pclocs);
    free(p->procs);
    free(p->chantypes);
    free(p->globals);
    free((void *)p->strings);
    free(p->locs);
    free((void *)p->files);
    free((void *)p->mtypes);
    free(p->facts);
    arena_free(p->mem);
    free(p);
}

int bc_trans_invisible(const bc_program *p, uint32_t i)
{
    const uint64_t *r;
    const uint64_t *w;
    uint32_t k;

    if (!p->facts || i >= p->ntrans)
        return 0;               /* no facts: assume it is visible */
    r = bc_reads(p, i);
    w = bc_writes(p, i);
    for (k = 0; k < p->nwords; k++) {
        uint64_t rk = r[k];

        if (k == (p->globals_size + BC_OBJ_GATE) / 64)
            rk &= ~((uint64_t)1 << ((p->globals_size + BC_OBJ_GATE) % 64));
        if (rk | w[k])
            return 0;
    }
    return 1;
}

const char *bc_loc_str(const bc_program *p, uint32_t loc, char *buf,
                       size_t size)
{
    const bc_srcloc *l;
    const char *file = "?";

    if (loc >= p->nlocs) {
        snprintf(buf, size, "?");
        return buf;
    }
    l = &p->locs[loc];
    if (l->file < p->nfiles && p->files[l->file])
        file = p->files[l->file];
    snprintf(buf, size, "%s:%u:%u", file, (unsigned)l->line,
             (unsigned)l->col);
    return buf;
}

const char *bc_trans_text(const bc_program *p, uint32_t trans,
                          uint32_t *line)
{
    const bc_trans *t;

    if (line != NULL)
        *line = 0;
    if (trans >= p->ntrans)
        return "?";
    t = &p->trans[trans];
    if (line != NULL && t->loc < p->nlocs)
        *line = p->locs[t->loc].line;
    return t->text < p->nstrings && p->strings[t->text] != NULL
           ? p->strings[t->text] : "?";
}

int bc_trans_has_op(const bc_program *p, uint32_t t, int op)
{
    const bc_trans *tr = &p->trans[t];

    for (uint32_t pc = tr->code; pc < tr->code + tr->ncode && pc < p->ncode;
         pc++)
        if (p->code[pc].op == op)
            return 1;
    return 0;
}

/* Can transition t be not executable? */
static int trans_can_block(const bc_program *p, uint32_t t)
{
    const bc_trans *tr = &p->trans[t];

    if (tr->flags & BC_TR_DIE)
        return 1;
    for (uint32_t pc = tr->code; pc < tr->code + tr->ncode && pc < p->ncode;
         pc++)
        switch (p->code[pc].op) {
        case BC_GUARD: case BC_SEND: case BC_RECV: case BC_RMATCH:
        case BC_RUN: case BC_DIE:
            return 1;
        default:
            break;
        }
    return 0;
}

int bc_loc_can_block(const bc_program *p, uint32_t li)
{
    const bc_pcloc *l = &p->pclocs[li];

    if (l->ntrans == 0)
        return 0;
    for (uint32_t k = l->first; k < l->first + l->ntrans; k++)
        if (((p->trans[k].flags & BC_TR_ELSE)
             && !bc_trans_has_op(p, k, BC_GUARD))
            || !trans_can_block(p, k))
            return 0;
    return 1;
}

/* ---------------------------------------------------- disassembler */

static const char *type_name(unsigned t)
{
    static const char *const names[] = { "bit", "byte", "short", "int" };

    return t < 4 ? names[t] : "?";
}

static const char *string_at(const bc_program *p, uint32_t id)
{
    return id < p->nstrings && p->strings[id] ? p->strings[id] : "";
}

/* Does operand c of this instruction name a source location? */
static int c_is_loc(unsigned op)
{
    return op == BC_ASSERT
           || ((bc_opinfos[op].flags & BC_F_FAIL) && op != BC_LOADGX
               && op != BC_STOREGX);
}

void bc_disasm_insn(const bc_program *p, uint32_t pc, FILE *out)
{
    const bc_insn *i;
    const bc_opinfo *oi;
    const char *o;
    char buf[256];
    int col;

    if (pc >= p->ncode) {
        fprintf(out, "%6u  ??\n", (unsigned)pc);
        return;
    }
    i = &p->code[pc];
    if (i->op >= BC_NUM_OPCODES) {
        fprintf(out, "%6u  BAD(%u)\n", (unsigned)pc, (unsigned)i->op);
        return;
    }
    oi = &bc_opinfos[i->op];
    col = fprintf(out, *oi->operands ? "%6u  %-8s" : "%6u  %s",
                  (unsigned)pc, oi->name);
    for (o = oi->operands; *o; o++) {
        switch (*o) {
        case 't':
            col += fprintf(out, " %s", type_name(i->t));
            break;
        case 'a':
            col += fprintf(out, " %u", (unsigned)i->a);
            break;
        case 'b':
            col += fprintf(out, " %d", (int)i->b);
            break;
        default:
            col += fprintf(out, " %d", (int)i->c);
            break;
        }
    }
    if (c_is_loc(i->op) || i->op == BC_PRINTF || i->op == BC_RUN) {
        fprintf(out, "%*s; ", col < 36 ? 36 - col : 1, "");
        if (i->op == BC_PRINTF)
            text_put_quoted(string_at(p, (uint32_t)i->b), out);
        else if (i->op == BC_RUN && i->a < p->nprocs)
            fprintf(out, "run %s at %s", p->procs[i->a].name,
                    bc_loc_str(p, (uint32_t)i->c, buf, sizeof buf));
        else
            fputs(bc_loc_str(p, (uint32_t)i->c, buf, sizeof buf), out);
    }
    putc('\n', out);
}

/* Print an initialisation sequence: from pc to its RET (the last RET
 * that no jump skips over). */
static void disasm_init(const bc_program *p, uint32_t pc, FILE *out)
{
    uint32_t reach = pc;

    for (; pc < p->ncode; pc++) {
        const bc_insn *i = &p->code[pc];

        bc_disasm_insn(p, pc, out);
        if (i->op < BC_NUM_OPCODES && (bc_opinfos[i->op].flags & BC_F_JUMP)
            && i->b >= 0 && (uint32_t)i->b > reach)
            reach = (uint32_t)i->b;
        if (i->op == BC_RET && pc >= reach)
            break;
    }
}

static void disasm_vars(const bc_program *p, const bc_var *v, uint32_t n,
                        FILE *out)
{
    uint32_t k;

    for (k = 0; k < n; k++, v++) {
        int w = fprintf(out, "    %s", v->name ? v->name : "?");

        if (bc_var_is_array(v))
            w += fprintf(out, "[%u]", (unsigned)v->count);
        fprintf(out, "%*s %-5s offset %u", w < 24 ? 24 - w : 1, "",
                type_name(v->type), (unsigned)v->offset);
        if (bc_var_is_array(v))
            fprintf(out, " stride %u", (unsigned)v->stride);
        if (v->flags & BC_V_MTYPE)
            fputs(" mtype", out);
        if (v->flags & BC_V_CHAN)
            fputs(" chan", out);
        if (v->flags & BC_V_PARAM)
            fputs(" param", out);
        putc('\n', out);
    }
    (void)p;
}

static void disasm_loc_flags(uint32_t f, FILE *out)
{
    static const char *const names[] = {
        "end", "atomic", "final", "progress", "accept"
    };
    unsigned k;

    for (k = 0; k < 5; k++)
        if (f & (1u << k))
            fprintf(out, " %s", names[k]);
}

static void disasm_trans(const bc_program *p, uint32_t t, FILE *out)
{
    const bc_trans *tr = &p->trans[t];
    char buf[256];
    uint32_t pc;

    fprintf(out, "    trans %u: %u -> %u  %s  ", (unsigned)t,
            (unsigned)tr->src, (unsigned)tr->dst,
            bc_loc_str(p, tr->loc, buf, sizeof buf));
    text_put_quoted(string_at(p, tr->text), out);
    if (tr->flags & BC_TR_ELSE)
        fputs(" else", out);
    if (tr->flags & BC_TR_DSTEP)
        fputs(" d_step", out);
    if (tr->flags & BC_TR_DIE)
        fputs(" die", out);
    if (tr->flags & BC_TR_TIMEOUT)
        fputs(" timeout", out);
    if (tr->flags & BC_TR_ATOMIC)
        fputs(" atomic", out);
    if (p->facts && bc_trans_invisible(p, t))
        fputs(" invisible", out);
    putc('\n', out);
    for (pc = tr->code; pc < tr->code + tr->ncode; pc++) {
        fputs("    ", out);
        bc_disasm_insn(p, pc, out);
    }
}

static void disasm_proc(const bc_program *p, uint32_t k, FILE *out)
{
    const bc_proctype *pt = &p->procs[k];
    char buf[256];
    uint32_t l;
    uint32_t t;

    fprintf(out, "\nproctype %u %s%s: frame %u bytes, start %u\n",
            (unsigned)k, pt->name ? pt->name : "?",
            pt->is_init ? " (init)" : "", (unsigned)pt->frame_size,
            (unsigned)pt->start);
    disasm_vars(p, pt->vars, pt->nvars, out);
    fputs("  init code:\n", out);
    disasm_init(p, pt->init_code, out);
    for (l = 0; l < pt->nlocs; l++) {
        const bc_pcloc *pl = &p->pclocs[pt->loc0 + l];

        fprintf(out, "  location %u  %s", (unsigned)l,
                bc_loc_str(p, pl->loc, buf, sizeof buf));
        disasm_loc_flags(pl->flags, out);
        putc('\n', out);
        for (t = pl->first; t < pl->first + pl->ntrans; t++)
            disasm_trans(p, t, out);
    }
}

void bc_disasm(const bc_program *p, FILE *out)
{
    uint32_t k;
    uint32_t f;

    fprintf(out, "program %s: globals %u bytes, %u proctypes, "
            "%u transitions, %u instructions\n",
            p->model_name ? p->model_name : "?",
            (unsigned)p->globals_size, (unsigned)p->nprocs,
            (unsigned)p->ntrans, (unsigned)p->ncode);
    fputs("globals:\n", out);
    disasm_vars(p, p->globals, p->nglobals, out);
    for (k = 1; k < p->nmtypes; k++)
        fprintf(out, "mtype %u = %s\n", (unsigned)k,
                p->mtypes[k] ? p->mtypes[k] : "?");
    for (k = 0; k < p->nchantypes; k++) {
        const bc_chantype *ct = &p->chantypes[k];

        fprintf(out, "chantype %u: [%u] of {", (unsigned)k,
                (unsigned)ct->cap);
        for (f = 0; f < ct->nfields; f++)
            fprintf(out, "%s%s%s@%u", f ? ", " : "",
                    ct->fflags && (ct->fflags[f] & BC_V_MTYPE) ? "mtype:"
                    : ct->fflags && (ct->fflags[f] & BC_V_CHAN) ? "chan:"
                    : "", type_name(ct->ftypes[f]),
                    (unsigned)ct->foffsets[f]);
        fprintf(out, "}, message %u bytes\n", (unsigned)ct->msg_size);
    }
    fputs("init code:\n", out);
    disasm_init(p, p->init_code, out);
    for (k = 0; k < p->nprocs; k++)
        disasm_proc(p, k, out);
}
