/*
 * tools/clientgen/clientgen.c -- spore-clientgen: bounded clients of the
 * concurrent data-structure models, with their admitted outcomes.
 *
 * The shape is the benchmark of the paper spore implements (Cirisci,
 * Enea, Farzan, Mutluergil, "A Pragmatic Approach to Stateful Partial
 * Order Reduction", VMCAI 2023, section 4.1) and of Violat (Emmi and
 * Enea, CAV 2019):
 * a client is T threads, each with 1..K calls of the data structure's
 * methods, arguments from a domain 1..D whose size sets the contention.
 * The generator writes
 *   PREFIX.pml       the data-structure fragment (tools/clientgen/ds/
 *                    NAME.pml, pasted in, so the model is self-contained)
 *                    and the client: one proctype per thread, which keeps
 *                    each call's result in a local and copies them to the
 *                    global r[] when it ends; init builds the empty
 *                    structure, starts the threads, waits for them and
 *                    stores the abstract contents in fin[];
 *   PREFIX.outcomes  the expect file of `spore --expect': every
 *                    combination of r[] and fin[] that the sequential
 *                    specification of the abstract data type (set, map,
 *                    queue, stack) admits for some interleaving of the
 *                    calls that keeps each thread's program order.
 * A correct data structure can only end in admitted outcomes (it is
 * sequentially consistent; the clients have no other shared state); a
 * buggy method (OP_bug in the fragment) can produce others.  --bug picks
 * which invocations of the methods listed in the fragment's `bug='
 * use the buggy version: none, one, half (rounded up) or all of them.
 *
 * The enumeration of interleavings is a depth-first search over
 * (position of each thread, abstract state, results so far), memoised
 * on that whole tuple, so interleavings that meet again are merged:
 * 3 threads of 5 calls take milliseconds.
 *
 * Fragments carry metadata lines `clientgen: key=value ...' (adt, ops,
 * alloc, bug, dmax, base); see spore-clientgen(1) for the contract.
 * Nothing here knows a data structure's code: a new one is a new
 * fragment file.
 *
 * Why one file of some 1,200 lines (issue 10 asks for a reason past
 * about 1,000): this is a separate program with no interface; its
 * stages are the sections below, in the order they run (helpers,
 * fragments, the client, the specification, the output, main), and
 * they all speak of the same few types (options, ds_desc, client).
 * Split into files, each stage would need those types in a shared
 * header and could still not be used alone; read top to bottom, the
 * file is the program's whole story.  A stage that grows a second
 * user, or past about 400 lines, moves to its own file then.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef CLIENTGEN_DATADIR
#define CLIENTGEN_DATADIR ""
#endif
#ifndef CLIENTGEN_SRCDIR
#define CLIENTGEN_SRCDIR ""
#endif

#define MAX_THREADS 8
#define MAX_CALLS   8           /* per thread */
#define MAX_OPS     8
#define MAX_DOMAIN  16
#define NAME_LEN    48
#define ABS_LEN     (1 + MAX_THREADS * MAX_CALLS)   /* abstract state */
#define MAX_RES     (MAX_THREADS * MAX_CALLS)

/* ------------------------------------------------------------ types */

typedef enum adt_kind { ADT_SET, ADT_MAP, ADT_QUEUE, ADT_STACK } adt_kind;

/* what an operation does in the sequential specification */
typedef enum op_sem {
    SEM_ADD, SEM_REMOVE, SEM_CONTAINS,              /* set */
    SEM_PUT, SEM_GET, SEM_MREMOVE, SEM_PUTIFABSENT, /* map */
    SEM_ENQUEUE, SEM_DEQUEUE,                       /* queue */
    SEM_PUSH, SEM_POP                               /* stack */
} op_sem;

typedef struct op_desc {
    char   name[NAME_LEN];      /* the inline's name in the fragment */
    op_sem sem;
    bool   alloc;               /* may allocate a node: needs `mine' */
    bool   bug;                 /* NAME_bug exists */
} op_desc;

typedef struct ds_desc {
    char     name[NAME_LEN];
    adt_kind adt;
    op_desc  ops[MAX_OPS];
    int      nops;
    int      dmax;
    char    *text;              /* the fragment, base first; owned */
} ds_desc;

typedef struct call {
    int  op;                    /* index into ds_desc.ops */
    int  key;                   /* 1..D, or 0 if the op takes none */
    int  val;                   /* 1..D, or 0 if the op takes none */
    bool buggy;
    int  res;                   /* index into r[], or -1 */
} call;

typedef struct client {
    int  nthreads;
    int  ncalls[MAX_THREADS];
    call calls[MAX_THREADS][MAX_CALLS];
    int  domain;
    int  nres;                  /* calls with a result */
    int  nalloc;                /* calls that may allocate a node */
    int  nbuggy;
    int  nfin;                  /* outcome variables fin[...] listed */
    int  fin_lo;                /* first fin index listed */
} client;

typedef struct options {
    const char *ds;
    const char *prefix;
    const char *ds_dir;
    int         threads;
    int         calls;
    int         domain;
    uint64_t    seed;
    int         bug;            /* 0 none, 1 one, 2 half, 3 all */
    bool        verbose;
    bool        list;
    bool        check;          /* --assert */
} options;

/* ------------------------------------------------------------ helpers */

static void die(const char *fmt, ...)
{
    va_list ap;

    fputs("spore-clientgen: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static void *xmalloc_cg(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (p == NULL) {
        fprintf(stderr, "spore-clientgen: out of memory (%zu bytes)\n", n);
        exit(5);
    }
    return p;
}

static void *xcalloc_cg(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);

    if (p == NULL) {
        fprintf(stderr, "spore-clientgen: out of memory\n");
        exit(5);
    }
    return p;
}

/* splitmix64: small, seedable, the same on every platform */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* uniform in 0..n-1 (n small: the modulo bias is negligible) */
static int rng_below(uint64_t *s, int n)
{
    return (int)(rng_next(s) % (uint64_t)n);
}

static bool is_dir(const char *path)
{
    struct stat st;

    return path[0] != '\0' && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ------------------------------------------------------------ fragments */

static char *read_file(const char *path)
{
    FILE *fp = fopen(path, "r");
    char *buf;
    long len;

    if (fp == NULL)
        return NULL;
    if (fseek(fp, 0, SEEK_END) != 0 || (len = ftell(fp)) < 0 ||
        fseek(fp, 0, SEEK_SET) != 0) {
        fclose(fp);
        return NULL;
    }
    buf = xmalloc_cg((size_t)len + 1);
    if (fread(buf, 1, (size_t)len, fp) != (size_t)len) {
        fclose(fp);
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    fclose(fp);
    return buf;
}

/* The fragment folder: --ds-dir, $SPORE_CLIENTGEN_DS, the installed
 * data folder, the source tree this program was built from. */
static const char *ds_folder(const options *o)
{
    const char *env = getenv("SPORE_CLIENTGEN_DS");

    if (o->ds_dir != NULL)
        return o->ds_dir;
    if (env != NULL && env[0] != '\0')
        return env;
    if (is_dir(CLIENTGEN_DATADIR))
        return CLIENTGEN_DATADIR;
    if (is_dir(CLIENTGEN_SRCDIR))
        return CLIENTGEN_SRCDIR;
    die("no fragment folder (tried %s and %s); use --ds-dir",
        CLIENTGEN_DATADIR, CLIENTGEN_SRCDIR);
    return NULL;
}

static char *load_fragment(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 8;
    char *path = xmalloc_cg(n);
    char *text;

    snprintf(path, n, "%s/%s.pml", dir, name);
    text = read_file(path);
    if (text == NULL)
        die("cannot read %s: %s", path, strerror(errno));
    free(path);
    return text;
}

static bool sem_of(adt_kind adt, const char *s, op_sem *out)
{
    static const struct { adt_kind adt; const char *name; op_sem sem; }
    table[] = {
        { ADT_SET, "add", SEM_ADD },
        { ADT_SET, "remove", SEM_REMOVE },
        { ADT_SET, "contains", SEM_CONTAINS },
        { ADT_MAP, "put", SEM_PUT },
        { ADT_MAP, "get", SEM_GET },
        { ADT_MAP, "remove", SEM_MREMOVE },
        { ADT_MAP, "putIfAbsent", SEM_PUTIFABSENT },
        { ADT_QUEUE, "enqueue", SEM_ENQUEUE },
        { ADT_QUEUE, "dequeue", SEM_DEQUEUE },
        { ADT_STACK, "push", SEM_PUSH },
        { ADT_STACK, "pop", SEM_POP },
    };
    size_t i;

    for (i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].adt == adt && strcmp(table[i].name, s) == 0) {
            *out = table[i].sem;
            return true;
        }
    }
    return false;
}

static op_desc *find_op(ds_desc *ds, const char *name)
{
    int i;

    for (i = 0; i < ds->nops; i++)
        if (strcmp(ds->ops[i].name, name) == 0)
            return &ds->ops[i];
    return NULL;
}

/* Copy the value of `key=' in line (up to blank) into out; false if
 * absent. */
static bool meta_get(const char *line, const char *key, char *out,
                     size_t outlen)
{
    size_t klen = strlen(key);
    const char *p = line;
    size_t n = 0;

    while ((p = strstr(p, key)) != NULL) {
        if ((p == line || p[-1] == ' ') && p[klen] == '=')
            break;
        p += klen;
    }
    if (p == NULL)
        return false;
    p += klen + 1;
    while (*p != '\0' && *p != ' ' && *p != '\n' && *p != '\t' &&
           n + 1 < outlen)
        out[n++] = *p++;
    out[n] = '\0';
    return true;
}

/* ops=a,b=sem,c : each name, with its specification name after '=' */
static void parse_ops(ds_desc *ds, const char *list, const char *frag)
{
    char buf[256];
    char *tok;
    char *save = NULL;

    snprintf(buf, sizeof buf, "%s", list);
    for (tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        const char *sem = tok;
        op_desc *op;

        if (ds->nops == MAX_OPS)
            die("%s: too many ops", frag);
        if (eq != NULL) {
            *eq = '\0';
            sem = eq + 1;
        }
        op = &ds->ops[ds->nops++];
        snprintf(op->name, sizeof op->name, "%s", tok);
        if (!sem_of(ds->adt, sem, &op->sem))
            die("%s: `%s' is not an operation of this adt", frag, sem);
    }
}

static void mark_ops(ds_desc *ds, const char *list, bool alloc,
                     const char *frag)
{
    char buf[256];
    char *tok;
    char *save = NULL;

    snprintf(buf, sizeof buf, "%s", list);
    for (tok = strtok_r(buf, ",", &save); tok != NULL;
         tok = strtok_r(NULL, ",", &save)) {
        op_desc *op = find_op(ds, tok);

        if (op == NULL)
            die("%s: `%s' is not in ops=", frag, tok);
        if (alloc)
            op->alloc = true;
        else
            op->bug = true;
    }
}

/* Read the `clientgen:' lines of a fragment into ds (ops, bug, ...).
 * Returns the base fragment's name in base ("" if none). */
static void parse_meta(ds_desc *ds, const char *text, const char *frag,
                       char *base, size_t baselen)
{
    const char *p = strstr(text, "clientgen:");
    char line[1024];
    char val[256];
    size_t n = 0;

    if (p == NULL)
        die("%s: no `clientgen:' line", frag);
    /* every `clientgen:' line, joined */
    for (; p != NULL; p = strstr(p, "clientgen:")) {
        p += strlen("clientgen:");
        while (*p != '\0' && *p != '\n' && n + 2 < sizeof line)
            line[n++] = *p++;
        line[n++] = ' ';
    }
    line[n] = '\0';
    if (!meta_get(line, "adt", val, sizeof val))
        die("%s: no adt=", frag);
    if (strcmp(val, "set") == 0)
        ds->adt = ADT_SET;
    else if (strcmp(val, "map") == 0)
        ds->adt = ADT_MAP;
    else if (strcmp(val, "queue") == 0)
        ds->adt = ADT_QUEUE;
    else if (strcmp(val, "stack") == 0)
        ds->adt = ADT_STACK;
    else
        die("%s: unknown adt `%s'", frag, val);
    if (!meta_get(line, "ops", val, sizeof val))
        die("%s: no ops=", frag);
    parse_ops(ds, val, frag);
    if (meta_get(line, "alloc", val, sizeof val))
        mark_ops(ds, val, true, frag);
    if (meta_get(line, "bug", val, sizeof val))
        mark_ops(ds, val, false, frag);
    ds->dmax = MAX_DOMAIN;
    if (meta_get(line, "dmax", val, sizeof val))
        ds->dmax = atoi(val);
    if (ds->dmax < 1 || ds->dmax > MAX_DOMAIN)
        die("%s: dmax out of range", frag);
    base[0] = '\0';
    if (meta_get(line, "base", val, sizeof val))
        snprintf(base, baselen, "%.*s", (int)baselen - 1, val);
}

static void load_ds(ds_desc *ds, const options *o)
{
    const char *dir = ds_folder(o);
    char base[NAME_LEN];
    char *text = load_fragment(dir, o->ds);

    memset(ds, 0, sizeof *ds);
    snprintf(ds->name, sizeof ds->name, "%s", o->ds);
    parse_meta(ds, text, o->ds, base, sizeof base);
    if (base[0] != '\0') {
        char *btext = load_fragment(dir, base);
        size_t n = strlen(btext) + strlen(text) + 2;

        ds->text = xmalloc_cg(n);
        snprintf(ds->text, n, "%s\n%s", btext, text);
        free(btext);
        free(text);
    } else {
        ds->text = text;
    }
}

/* ------------------------------------------------------------ the client */

static uint64_t fnv(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    size_t i;

    for (i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

static bool sem_has_key(op_sem s)
{
    return s != SEM_ENQUEUE && s != SEM_DEQUEUE && s != SEM_PUSH &&
           s != SEM_POP;
}

static bool sem_has_val(op_sem s)
{
    return s == SEM_PUT || s == SEM_PUTIFABSENT || s == SEM_ENQUEUE ||
           s == SEM_PUSH;
}

static bool sem_has_res(op_sem s)
{
    return s != SEM_ENQUEUE && s != SEM_PUSH;
}

/* Make `nbug' of the bug-capable invocations buggy, chosen by the seed.
 * With none there and a bug wanted, one call is turned into one. */
static void choose_bugs(client *c, const ds_desc *ds, const options *o,
                        uint64_t *rng)
{
    call *cand[MAX_RES];
    int n = 0;
    int want;
    int t;
    int i;

    for (t = 0; t < c->nthreads; t++)
        for (i = 0; i < c->ncalls[t]; i++)
            if (ds->ops[c->calls[t][i].op].bug)
                cand[n++] = &c->calls[t][i];
    if (o->bug == 0)
        return;
    if (n == 0) {
        int op = 0;
        call *k;

        while (!ds->ops[op].bug)
            op++;                   /* exists: checked by the caller */
        t = rng_below(rng, c->nthreads);
        k = &c->calls[t][rng_below(rng, c->ncalls[t])];
        k->op = op;
        k->key = sem_has_key(ds->ops[op].sem) ? 1 + rng_below(rng,
                                                    c->domain) : 0;
        k->val = sem_has_val(ds->ops[op].sem) ? 1 + rng_below(rng,
                                                    c->domain) : 0;
        cand[n++] = k;
    }
    want = o->bug == 1 ? 1 : o->bug == 2 ? (n + 1) / 2 : n;
    /* a partial Fisher-Yates shuffle picks `want' of the n */
    for (i = 0; i < want; i++) {
        int j = i + rng_below(rng, n - i);
        call *tmp = cand[i];

        cand[i] = cand[j];
        cand[j] = tmp;
        cand[i]->buggy = true;
    }
    c->nbuggy = want;
}

static void make_client(client *c, const ds_desc *ds, const options *o)
{
    /* the name is mixed in so that one seed gives different clients of
       different data structures */
    uint64_t rng = o->seed ^ fnv((const uint8_t *)ds->name,
                                 strlen(ds->name));
    int t;
    int i;

    memset(c, 0, sizeof *c);
    c->nthreads = o->threads;
    c->domain = o->domain;
    for (t = 0; t < c->nthreads; t++) {
        c->ncalls[t] = 1 + rng_below(&rng, o->calls);
        for (i = 0; i < c->ncalls[t]; i++) {
            call *k = &c->calls[t][i];
            op_sem s;

            k->op = rng_below(&rng, ds->nops);
            s = ds->ops[k->op].sem;
            k->key = sem_has_key(s) ? 1 + rng_below(&rng, c->domain) : 0;
            k->val = sem_has_val(s) ? 1 + rng_below(&rng, c->domain) : 0;
        }
    }
    choose_bugs(c, ds, o, &rng);
    for (t = 0; t < c->nthreads; t++) {
        for (i = 0; i < c->ncalls[t]; i++) {
            call *k = &c->calls[t][i];

            k->res = sem_has_res(ds->ops[k->op].sem) ? c->nres++ : -1;
            c->nalloc += ds->ops[k->op].alloc;
        }
    }
    if (ds->adt == ADT_SET || ds->adt == ADT_MAP) {
        c->fin_lo = 1;              /* fin[k], k = 1..D */
        c->nfin = c->domain;
    } else {
        c->fin_lo = 0;              /* the contents, one slot spare */
        c->nfin = c->nalloc + 1;
    }
}

/* ------------------------------------------------------------ specification */

/* The abstract state: set: a[k] = 1 if k is in; map: a[k] = k's value
 * or 0; queue and stack: a[0] = length, a[1..] the items (queue: front
 * first; stack: bottom first). */
typedef struct abs_state {
    uint8_t a[ABS_LEN];
} abs_state;

/* Apply one call; returns its result (0 for calls without one). */
static int spec_apply(abs_state *s, op_sem sem, int key, int val)
{
    uint8_t *a = s->a;
    int old;
    int i;

    switch (sem) {
    case SEM_ADD:
        old = a[key];
        a[key] = 1;
        return !old;
    case SEM_REMOVE:
        old = a[key];
        a[key] = 0;
        return old;
    case SEM_CONTAINS:
        return a[key];
    case SEM_PUT:
        old = a[key];
        a[key] = (uint8_t)val;
        return old;
    case SEM_GET:
        return a[key];
    case SEM_MREMOVE:
        old = a[key];
        a[key] = 0;
        return old;
    case SEM_PUTIFABSENT:
        if (a[key] != 0)
            return 0;
        a[key] = (uint8_t)val;
        return 1;
    case SEM_ENQUEUE:
    case SEM_PUSH:
        a[1 + a[0]] = (uint8_t)val;
        a[0]++;
        return 0;
    case SEM_DEQUEUE:
        if (a[0] == 0)
            return 0;
        old = a[1];
        for (i = 1; i < a[0]; i++)
            a[i] = a[i + 1];
        a[a[0]] = 0;
        a[0]--;
        return old;
    case SEM_POP:
        if (a[0] == 0)
            return 0;
        old = a[a[0]];
        a[a[0]] = 0;
        a[0]--;
        return old;
    }
    return 0;
}

/* fin[] as the model's ds_abstract() computes it for state s */
static void spec_fin(const abs_state *s, adt_kind adt, const client *c,
                     uint8_t *fin)
{
    int i;

    for (i = 0; i < c->nfin; i++) {
        if (adt == ADT_SET || adt == ADT_MAP)
            fin[i] = s->a[c->fin_lo + i];
        else if (i >= s->a[0])
            fin[i] = 0;
        else if (adt == ADT_QUEUE)
            fin[i] = s->a[1 + i];
        else
            fin[i] = s->a[s->a[0] - i];
    }
}

/* A set of fixed-length byte strings: open addressing, FNV-1a. */
typedef struct bset {
    size_t   len;               /* bytes per element */
    size_t   cap;               /* slots, a power of 2 */
    size_t   count;
    uint8_t *keys;              /* cap * len bytes */
    uint8_t *used;              /* cap flags */
} bset;

static void bset_init(bset *b, size_t len)
{
    b->len = len ? len : 1;
    b->cap = 1024;
    b->count = 0;
    b->keys = xcalloc_cg(b->cap, b->len);
    b->used = xcalloc_cg(b->cap, 1);
}

static void bset_fini(bset *b)
{
    free(b->keys);
    free(b->used);
}

static bool bset_put_raw(bset *b, const uint8_t *key)
{
    size_t i = (size_t)fnv(key, b->len) & (b->cap - 1);

    while (b->used[i]) {
        if (memcmp(b->keys + i * b->len, key, b->len) == 0)
            return false;
        i = (i + 1) & (b->cap - 1);
    }
    b->used[i] = 1;
    memcpy(b->keys + i * b->len, key, b->len);
    b->count++;
    return true;
}

/* Insert key; returns true if it was new. */
static bool bset_put(bset *b, const uint8_t *key)
{
    if (2 * (b->count + 1) > b->cap) {
        bset old = *b;
        size_t i;

        b->cap *= 2;
        b->count = 0;
        b->keys = xcalloc_cg(b->cap, b->len);
        b->used = xcalloc_cg(b->cap, 1);
        for (i = 0; i < old.cap; i++)
            if (old.used[i])
                bset_put_raw(b, old.keys + i * old.len);
        bset_fini(&old);
    }
    return bset_put_raw(b, key);
}

typedef struct spec_ctx {
    const client *c;
    const ds_desc *ds;
    bset seen;                  /* (positions, state, results) visited */
    bset outcomes;              /* (results, fin) reached */
    size_t keylen;
} spec_ctx;

/* Depth-first over the interleavings: pos[] the next call of each
 * thread, s the abstract state, res[] the results so far. */
static void spec_dfs(spec_ctx *x, uint8_t *pos, const abs_state *s,
                     uint8_t *res)
{
    const client *c = x->c;
    uint8_t key[MAX_THREADS + ABS_LEN + MAX_RES];
    bool done = true;
    int t;

    memcpy(key, pos, (size_t)c->nthreads);
    memcpy(key + c->nthreads, s->a, ABS_LEN);
    memcpy(key + c->nthreads + ABS_LEN, res, (size_t)c->nres);
    if (!bset_put(&x->seen, key))
        return;
    for (t = 0; t < c->nthreads; t++) {
        const call *k;
        abs_state next;
        int r;

        if (pos[t] == c->ncalls[t])
            continue;
        done = false;
        k = &c->calls[t][pos[t]];
        next = *s;
        r = spec_apply(&next, x->ds->ops[k->op].sem, k->key, k->val);
        if (k->res >= 0)
            res[k->res] = (uint8_t)r;
        pos[t]++;
        spec_dfs(x, pos, &next, res);
        pos[t]--;
        if (k->res >= 0)
            res[k->res] = 0;
    }
    if (done) {
        uint8_t out[MAX_RES + ABS_LEN];

        memcpy(out, res, (size_t)c->nres);
        spec_fin(s, x->ds->adt, c, out + c->nres);
        bset_put(&x->outcomes, out);
    }
}

/* Sort n rows of len bytes (merge sort through tmp, n * len bytes). */
static void sort_rows(uint8_t *rows, uint8_t *tmp, size_t n, size_t len)
{
    size_t width;

    for (width = 1; width < n; width *= 2) {
        size_t lo;

        for (lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n;
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t a = lo;
            size_t b = mid;
            size_t k = lo;

            while (a < mid || b < hi) {
                bool left = b >= hi || (a < mid && memcmp(rows + a * len,
                                            rows + b * len, len) <= 0);
                size_t from = left ? a++ : b++;

                memcpy(tmp + (k++) * len, rows + from * len, len);
            }
        }
        memcpy(rows, tmp, n * len);
    }
}

/* Enumerate the admitted outcomes; returns them sorted in a new array
 * of *n rows of (nres + nfin) bytes.  *visited: search nodes. */
static uint8_t *spec_outcomes(const client *c, const ds_desc *ds,
                              size_t *n, size_t *visited)
{
    spec_ctx x;
    uint8_t pos[MAX_THREADS] = { 0 };
    uint8_t res[MAX_RES] = { 0 };
    abs_state s0;
    size_t row = (size_t)(c->nres + c->nfin);
    uint8_t *rows;
    uint8_t *tmp;
    size_t i;
    size_t k = 0;

    memset(&s0, 0, sizeof s0);
    x.c = c;
    x.ds = ds;
    bset_init(&x.seen, (size_t)c->nthreads + ABS_LEN + (size_t)c->nres);
    bset_init(&x.outcomes, row);
    spec_dfs(&x, pos, &s0, res);
    rows = xmalloc_cg(x.outcomes.count * row + 1);
    for (i = 0; i < x.outcomes.cap; i++)
        if (x.outcomes.used[i])
            memcpy(rows + (k++) * row, x.outcomes.keys + i * row, row);
    tmp = xmalloc_cg(k * row + 1);
    sort_rows(rows, tmp, k, row);
    free(tmp);
    *n = k;
    *visited = x.seen.count;
    bset_fini(&x.seen);
    bset_fini(&x.outcomes);
    return rows;
}

/* ------------------------------------------------------------ output */

static const char *const bug_names[] = { "none", "one", "half", "all" };

static void print_call(FILE *fp, const ds_desc *ds, const call *k)
{
    const op_desc *op = &ds->ops[k->op];

    fprintf(fp, "%s%s(", op->name, k->buggy ? "_bug" : "");
    if (k->key)
        fprintf(fp, "%d", k->key);
    if (k->key && k->val)
        fputs(", ", fp);
    if (k->val)
        fprintf(fp, "%d", k->val);
    fputc(')', fp);
}

static void write_header(FILE *fp, const client *c, const ds_desc *ds,
                         const options *o, const char *base)
{
    int t;
    int i;

    fprintf(fp, "/*\n * %s.pml -- a bounded client of %s, generated by\n"
            " * spore-clientgen %s:\n *   spore-clientgen --ds=%s -T %d"
            " -K %d -D %d --seed=%llu --bug=%s\n *\n",
            base, ds->name, PACKAGE_VERSION, ds->name, o->threads,
            o->calls, o->domain, (unsigned long long)o->seed,
            bug_names[o->bug]);
    fprintf(fp, " * Threads (r[i]: the result of a call; _bug: the "
            "buggy method):\n");
    for (t = 0; t < c->nthreads; t++) {
        fprintf(fp, " *   t%d:", t);
        for (i = 0; i < c->ncalls[t]; i++) {
            const call *k = &c->calls[t][i];

            fputc(' ', fp);
            if (k->res >= 0)
                fprintf(fp, "r[%d]=", k->res);
            print_call(fp, ds, k);
            fputc(i + 1 < c->ncalls[t] ? ';' : '\n', fp);
        }
    }
    fprintf(fp, " * Buggy invocations: %d.  fin[] holds the abstract "
            "contents at the end\n * (%s).\n", c->nbuggy,
            ds->adt == ADT_SET ? "fin[k]: how often k is in the set" :
            ds->adt == ADT_MAP ? "fin[k]: k's value, 0 absent, 255 twice" :
            ds->adt == ADT_QUEUE ? "fin[0..]: the values from the front" :
            "fin[0..]: the values from the top");
    fprintf(fp, " * Check: spore --expect=%s.outcomes %s.pml\n */\n\n",
            base, base);
}

static void write_thread(FILE *fp, const client *c, const ds_desc *ds,
                         int t, int alloc_before)
{
    int nres = 0;
    int nalloc = 0;
    int first = -1;
    int i;

    for (i = 0; i < c->ncalls[t]; i++) {
        const call *k = &c->calls[t][i];

        nalloc += ds->ops[k->op].alloc;
        if (k->res >= 0 && nres++ == 0)
            first = k->res;
    }
    fprintf(fp, "proctype t%d()\n{\n    DS_LOCALS;\n", t);
    if (nalloc > 0)
        fprintf(fp, "    byte mine = FIRST_NODE + %d;\n", alloc_before);
    if (nres > 0)
        fprintf(fp, "    byte lr[%d];\n", nres);
    fputc('\n', fp);
    for (i = 0; i < c->ncalls[t]; i++) {
        const call *k = &c->calls[t][i];
        const op_desc *op = &ds->ops[k->op];

        fprintf(fp, "%s    %s%s(", i ? ";\n" : "", op->name,
                k->buggy ? "_bug" : "");
        if (k->key)
            fprintf(fp, "%d", k->key);
        if (k->val)
            fprintf(fp, "%s%d", k->key ? ", " : "", k->val);
        if (k->res >= 0)
            fprintf(fp, "%slr[%d]", k->key || k->val ? ", " : "",
                    k->res - first);
        fputc(')', fp);
    }
    fputs(nres > 0 ? ";\n" : "\n", fp);
    if (nres > 0) {
        /* atomic, not d_step: a method that ends in a loop ends with a
           break to here, and SPIN rejects a jump into a d_step */
        fputs("    atomic {", fp);
        for (i = 0; i < nres; i++)
            fprintf(fp, "%s r[%d] = lr[%d]", i ? ";" : "", first + i, i);
        fputs(" }\n", fp);
    }
    fputs("}\n\n", fp);
}

/* --assert: after ds_abstract(), an `if' with one option per admitted
 * outcome; any other outcome fails the assertion. */
static void write_check(FILE *fp, const client *c, const uint8_t *rows,
                        size_t n)
{
    size_t row = (size_t)(c->nres + c->nfin);
    size_t i;
    int j;

    fputs(";\n    d_step {                    /* admitted outcomes */\n"
          "        if\n", fp);
    for (i = 0; i < n; i++) {
        const uint8_t *p = rows + i * row;

        fputs("        ::", fp);
        for (j = 0; j < c->nres; j++)
            fprintf(fp, "%s r[%d] == %d", j ? " &&" : "", j, p[j]);
        for (j = 0; j < c->nfin; j++)
            fprintf(fp, "%s fin[%d] == %d", c->nres + j ? " &&" : "",
                    c->fin_lo + j, p[c->nres + j]);
        fputs(" -> skip\n", fp);
    }
    fputs("        :: else -> assert(false)  /* not admitted */\n"
          "        fi\n    }\n", fp);
}

static void write_model(FILE *fp, const client *c, const ds_desc *ds,
                        const options *o, const char *base,
                        const uint8_t *rows, size_t n)
{
    int before = 0;
    int t;
    int i;

    write_header(fp, c, ds, o, base);
    /* arrays of at least 2: spore takes `byte a[1]' for a scalar, and
       then `--expect' cannot name a[0] */
    fprintf(fp, "#define KMAX    %d\n#define NALLOC  %d\n"
            "#define NFIN    %d\n\n", c->domain, c->nalloc,
            c->fin_lo + c->nfin < 2 ? 2 : c->fin_lo + c->nfin);
    fprintf(fp, "byte r[%d];\t\t/* the results of the calls */\n",
            c->nres < 2 ? 2 : c->nres);
    fputs("byte fin[NFIN];\t\t/* the abstract contents at the end */\n\n",
          fp);
    fprintf(fp, "/* ---- the data structure (fragment %s.pml) ---- */\n\n",
            ds->name);
    fputs(ds->text, fp);
    fputs("\n/* ---- the client ---- */\n\n", fp);
    for (t = 0; t < c->nthreads; t++) {
        write_thread(fp, c, ds, t, before);
        for (i = 0; i < c->ncalls[t]; i++)
            before += ds->ops[c->calls[t][i].op].alloc;
    }
    fputs("init\n{\n    DS_INIT_LOCALS;\n\n    d_step { ds_init() }\n"
          "    atomic {\n", fp);
    for (t = 0; t < c->nthreads; t++)
        fprintf(fp, "        run t%d()%s\n", t,
                t + 1 < c->nthreads ? ";" : "");
    fputs("    }\n    (_nr_pr == 1);              /* join */\n"
          "    d_step { ds_abstract() }", fp);
    if (o->check)
        write_check(fp, c, rows, n);
    else
        fputc('\n', fp);
    fputs("}\n", fp);
}

static void write_outcomes(FILE *fp, const client *c, const ds_desc *ds,
                           const options *o, const uint8_t *rows, size_t n)
{
    size_t row = (size_t)(c->nres + c->nfin);
    size_t i;
    int j;

    fprintf(fp, "# admitted outcomes of a client of %s: spore-clientgen"
            " --ds=%s -T %d -K %d -D %d --seed=%llu --bug=%s\n"
            "# (%zu combinations; every interleaving of the calls that "
            "keeps each\n# thread's order, against the sequential %s)\n",
            ds->name, ds->name, o->threads, o->calls, o->domain,
            (unsigned long long)o->seed, bug_names[o->bug], n,
            ds->adt == ADT_SET ? "set" : ds->adt == ADT_MAP ? "map" :
            ds->adt == ADT_QUEUE ? "queue" : "stack");
    fputs("# outcomes: ", fp);
    for (j = 0; j < c->nres; j++)
        fprintf(fp, "%sr[%d]", j ? "," : "", j);
    for (j = 0; j < c->nfin; j++)
        fprintf(fp, "%sfin[%d]", c->nres + j ? "," : "", c->fin_lo + j);
    fputc('\n', fp);
    for (i = 0; i < n; i++) {
        const uint8_t *p = rows + i * row;

        for (j = 0; j < c->nres; j++)
            fprintf(fp, "%sr[%d]=%d", j ? " " : "", j, p[j]);
        for (j = 0; j < c->nfin; j++)
            fprintf(fp, "%sfin[%d]=%d", c->nres + j ? " " : "",
                    c->fin_lo + j, p[c->nres + j]);
        fputc('\n', fp);
    }
}

static void write_file(const char *prefix, const char *ext,
                       void (*fn)(FILE *, void *), void *arg)
{
    size_t n = strlen(prefix) + strlen(ext) + 1;
    char *path = xmalloc_cg(n);
    FILE *fp;

    snprintf(path, n, "%s%s", prefix, ext);
    fp = fopen(path, "w");
    if (fp == NULL)
        die("cannot write %s: %s", path, strerror(errno));
    fn(fp, arg);
    if (fclose(fp) != 0)
        die("cannot write %s: %s", path, strerror(errno));
    free(path);
}

/* ------------------------------------------------------------ main */

typedef struct job {
    const client  *c;
    const ds_desc *ds;
    const options *o;
    const char    *base;
    const uint8_t *rows;
    size_t         nrows;
} job;

static void emit_model(FILE *fp, void *arg)
{
    const job *j = arg;

    write_model(fp, j->c, j->ds, j->o, j->base, j->rows, j->nrows);
}

static void emit_outcomes(FILE *fp, void *arg)
{
    const job *j = arg;

    write_outcomes(fp, j->c, j->ds, j->o, j->rows, j->nrows);
}

static void usage(FILE *fp)
{
    fputs("usage: spore-clientgen --ds=NAME [-T THREADS] [-K CALLS] "
          "[-D DOMAIN]\n"
          "                       [--seed=S] [--bug=none|one|half|all] "
          "-o PREFIX\n\n"
          "Write PREFIX.pml, a bounded client of a data-structure model,"
          " and\nPREFIX.outcomes, the outcomes its abstract data type "
          "admits.\n\n"
          "  --ds=NAME        data structure (a fragment NAME.pml in the "
          "fragment folder)\n"
          "  -T, --threads=N  client threads (default 3)\n"
          "  -K, --calls=N    at most N calls per thread; each thread "
          "gets 1..N (default 5)\n"
          "  -D, --domain=N   keys and values are 1..N (default 3)\n"
          "  --seed=S         random seed (default 1)\n"
          "  --bug=CLASS      buggy invocations: none, one, half, all "
          "(default none)\n"
          "  -o PREFIX        output file prefix (required)\n"
          "  --ds-dir=DIR     the fragment folder (default: "
          "$SPORE_CLIENTGEN_DS, then\n"
          "                   the installed one)\n"
          "  --assert         also check the outcome with an assertion in "
          "the model\n"
          "                   (for SPIN, or spore without --expect)\n"
          "  --list           list the data structures and exit\n"
          "  -v, --verbose    print a summary line\n"
          "  -h, --help       this help\n", fp);
}

static int parse_int(const char *s, int lo, int hi, const char *what)
{
    char *end;
    long v = strtol(s, &end, 10);

    if (*s == '\0' || *end != '\0' || v < lo || v > hi)
        die("%s must be a number in %d..%d", what, lo, hi);
    return (int)v;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Print the fragments of the fragment folder, one name a line, sorted. */
static void list_ds(const options *o)
{
    const char *dir = ds_folder(o);
    DIR *d = opendir(dir);
    struct dirent *e;
    char *names[256];
    size_t n = 0;
    size_t i;

    if (d == NULL)
        die("cannot read %s: %s", dir, strerror(errno));
    while ((e = readdir(d)) != NULL && n < 256) {
        size_t len = strlen(e->d_name);

        if (len > 4 && strcmp(e->d_name + len - 4, ".pml") == 0) {
            names[n] = xmalloc_cg(len - 3);
            snprintf(names[n++], len - 3, "%s", e->d_name);
        }
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_names);
    for (i = 0; i < n; i++) {
        puts(names[i]);
        free(names[i]);
    }
}

static void parse_args(options *o, int argc, char **argv)
{
    static const struct option longopts[] = {
        { "ds", required_argument, NULL, 'd' },
        { "threads", required_argument, NULL, 'T' },
        { "calls", required_argument, NULL, 'K' },
        { "domain", required_argument, NULL, 'D' },
        { "seed", required_argument, NULL, 's' },
        { "bug", required_argument, NULL, 'b' },
        { "ds-dir", required_argument, NULL, 'r' },
        { "list", no_argument, NULL, 'l' },
        { "assert", no_argument, NULL, 'a' },
        { "verbose", no_argument, NULL, 'v' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 }
    };
    int ch;

    memset(o, 0, sizeof *o);
    o->threads = 3;
    o->calls = 5;
    o->domain = 3;
    o->seed = 1;
    while ((ch = getopt_long(argc, argv, "T:K:D:o:vh", longopts, NULL))
           != -1) {
        switch (ch) {
        case 'd': o->ds = optarg; break;
        case 'T': o->threads = parse_int(optarg, 1, MAX_THREADS, "-T");
                  break;
        case 'K': o->calls = parse_int(optarg, 1, MAX_CALLS, "-K"); break;
        case 'D': o->domain = parse_int(optarg, 1, MAX_DOMAIN, "-D");
                  break;
        case 's': {
            char *end;

            errno = 0;
            o->seed = strtoull(optarg, &end, 10);
            if (*optarg == '\0' || *end != '\0' || errno != 0)
                die("--seed must be a number");
            break;
        }
        case 'b':
            for (o->bug = 0; o->bug < 4; o->bug++)
                if (strcmp(optarg, bug_names[o->bug]) == 0)
                    break;
            if (o->bug == 4)
                die("--bug must be none, one, half or all");
            break;
        case 'r': o->ds_dir = optarg; break;
        case 'o': o->prefix = optarg; break;
        case 'l': o->list = true; break;
        case 'a': o->check = true; break;
        case 'v': o->verbose = true; break;
        case 'h': usage(stdout); exit(0);
        default: usage(stderr); exit(2);
        }
    }
    if (optind < argc)
        die("unexpected argument `%s'", argv[optind]);
    if (o->list) {
        list_ds(o);
        exit(0);
    }
    if (o->ds == NULL || o->prefix == NULL) {
        usage(stderr);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    options o;
    ds_desc ds;
    client c;
    job j;
    const char *slash;
    size_t visited;
    int i;

    parse_args(&o, argc, argv);
    load_ds(&ds, &o);
    if (o.domain > ds.dmax)
        die("%s takes -D up to %d", ds.name, ds.dmax);
    for (i = 0; i < ds.nops && !ds.ops[i].bug; i++)
        ;
    if (o.bug != 0 && i == ds.nops)
        die("%s has no buggy method", ds.name);
    make_client(&c, &ds, &o);
    slash = strrchr(o.prefix, '/');
    j.c = &c;
    j.ds = &ds;
    j.o = &o;
    j.base = slash ? slash + 1 : o.prefix;
    j.rows = spec_outcomes(&c, &ds, &j.nrows, &visited);
    write_file(o.prefix, ".pml", emit_model, &j);
    write_file(o.prefix, ".outcomes", emit_outcomes, &j);
    if (o.verbose) {
        printf("%s: %s calls", o.prefix, ds.name);
        for (i = 0; i < c.nthreads; i++)
            printf("%s%d", i ? "," : " ", c.ncalls[i]);
        printf(" buggy %d outcomes %zu (%zu interleaving nodes)\n",
               c.nbuggy, j.nrows, visited);
    }
    free((void *)j.rows);
    free(ds.text);
    return 0;
}
