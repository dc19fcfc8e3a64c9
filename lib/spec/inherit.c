/* inherit: merges a spec's parents into its YAML document (inherit.h).
 *
 * The merge works on documents, not on loaded variants, so that every
 * inherited node keeps its own line and column and the one reader of
 * spec.c reads the child whole, in the child's context (an inherited
 * promotion is checked against the pieces the child has). */
#define _XOPEN_SOURCE 700       /* realpath */
#include "inherit.h"
#include "variant.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cv_inherit {
    const yaml_document_t *doc;
    size_t own;                 /* nodes [0, own) are the child's */
    size_t n;                   /* nodes of the merged document */
    unsigned char *from;        /* node own + i came from files[from[i]] */
    int nfiles;
    char *files[CV_INHERIT_MAX_DEPTH];
};

/* Set once, before loading, by a program that reads untrusted text. */
static int paths_allowed = 1;

void cv_inherit_allow_paths(int allow) { paths_allowed = allow; }

/* The files from the loaded spec down to the one being merged; a file is
 * known by device and inode, so two paths to one file are one file. */
typedef struct chain {
    int n;
    const char *path[CV_INHERIT_MAX_DEPTH + 1];
    int known[CV_INHERIT_MAX_DEPTH + 1];
    dev_t dev[CV_INHERIT_MAX_DEPTH + 1];
    ino_t ino[CV_INHERIT_MAX_DEPTH + 1];
} chain;

static void say(cv_diag *d, const char *file, const yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void say(cv_diag *d, const char *file, const yaml_node_t *n, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    cv_report(d, CV_ERROR, file, (long)n->start_mark.line + 1, (long)n->start_mark.column + 1, "inherits: %s", msg);
}

static size_t nnodes(const yaml_document_t *doc) { return (size_t)(doc->nodes.top - doc->nodes.start); }

static yaml_node_t *lookup(yaml_document_t *doc, const char *key)
{
    yaml_node_t *root = yaml_document_get_root_node(doc);
    if (!root || root->type != YAML_MAPPING_NODE) return NULL;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(doc, p->key);
        if (k && k->type == YAML_SCALAR_NODE && !strcmp((const char *)k->data.scalar.value, key))
            return yaml_document_get_node(doc, p->value);
    }
    return NULL;
}

/* Opens a parent only if it is a regular file: O_NONBLOCK keeps a FIFO
 * named *.yaml from blocking the open, and the type check keeps a device
 * from being read at all.  NULL with why filled otherwise. */
static FILE *open_regular(const char *path, struct stat *st, char *why, size_t whysize)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, whysize, "%s", strerror(errno));
        return NULL;
    }
    if (fstat(fd, st) < 0 || !S_ISREG(st->st_mode)) {
        snprintf(why, whysize, "not a regular file");
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        snprintf(why, whysize, "%s", strerror(errno));
        close(fd);
    }
    return f;
}

/* Does the document at path claim name by its own variant or aliases?
 * Only the document is read: names are never inherited, so this needs no
 * parent and cannot recurse.  The limits of cv_variant_find's view of a
 * spec apply (63 characters, CV_MAX_ALIASES aliases). */
static int claims(const char *path, const char *name, cv_diag *quiet)
{
    struct stat st;
    char why[128];
    FILE *f = open_regular(path, &st, why, sizeof why);
    if (!f) return 0;
    yaml_document_t doc;
    int rc = cv_spec_read_doc(f, path, quiet, &doc);
    fclose(f);
    if (rc < 0) return 0;
    int found = 0;
    char s[64];
    yaml_node_t *x = lookup(&doc, "variant");
    if (x && x->type == YAML_SCALAR_NODE) {
        snprintf(s, sizeof s, "%s", (const char *)x->data.scalar.value);
        found = cv_spec_same_name(s, name);
    }
    x = lookup(&doc, "aliases");
    if (!found && x && x->type == YAML_SEQUENCE_NODE) {
        int i = 0;
        for (yaml_node_item_t *it = x->data.sequence.items.start; !found && it < x->data.sequence.items.top; it++) {
            yaml_node_t *a = yaml_document_get_node(&doc, *it);
            if (!a || a->type != YAML_SCALAR_NODE || i++ >= CV_MAX_ALIASES) continue;
            snprintf(s, sizeof s, "%s", (const char *)a->data.scalar.value);
            found = cv_spec_same_name(s, name);
        }
    }
    yaml_document_delete(&doc);
    return found;
}

/* Is path a file directly in a directory of the spec search path? */
static int in_search_path(const char *path)
{
    char dirs[8][512], *real = realpath(path, NULL);
    if (!real) return 0;
    char *slash = strrchr(real, '/');
    int nd = cv_spec_dirs(dirs, 8), found = 0;
    *slash = 0;
    for (int k = 0; k < nd && !found; k++) {
        char *rd = realpath(dirs[k], NULL);
        found = rd && !strcmp(rd, *real ? real : "/");
        free(rd);
    }
    free(real);
    return found;
}

/* The parent's path (malloc'd), or NULL after reporting at n. */
static char *resolve(const char *name, const char *file, const yaml_node_t *n, cv_diag *d)
{
    size_t len = strlen(name);
    char *out = NULL;
    if (len >= 5 && !strcmp(name + len - 5, ".yaml")) {
        const char *slash = strrchr(file, '/');
        size_t dirlen = name[0] == '/' || !slash ? 0 : (size_t)(slash - file) + 1;
        out = malloc(dirlen + len + 1);
        if (out) {
            memcpy(out, file, dirlen);
            memcpy(out + dirlen, name, len + 1);
        }
        if (out && !paths_allowed && !in_search_path(out)) {
            say(d, file, n, "'%s': only a spec of the search path is read here", name);
            free(out);
            return NULL;
        }
        return out;
    }
    /* as cv_variant_find: NAME.yaml (lower case) first, in every
     * directory, then the first spec in directory order claiming it */
    char dirs[8][512], lower[128], path[1024];
    int nd = cv_spec_dirs(dirs, 8);
    size_t i;
    for (i = 0; name[i] && i < sizeof lower - 1; i++) lower[i] = (char)tolower((unsigned char)name[i]);
    lower[i] = 0;
    for (int k = 0; k < nd && !strchr(lower, '/'); k++) {
        snprintf(path, sizeof path, "%.500s/%.120s.yaml", dirs[k], lower);
        if (access(path, R_OK) == 0) return strdup(path);
    }
    cv_diag quiet = { .out = fopen("/dev/null", "w") };
    for (int k = 0; k < nd && !out; k++) {
        struct dirent **names = NULL;
        int nn = scandir(dirs[k], &names, NULL, alphasort);
        for (int j = 0; j < nn; j++) {
            size_t m = strlen(names[j]->d_name);
            if (!out && m >= 6 && !strcmp(names[j]->d_name + m - 5, ".yaml")) {
                snprintf(path, sizeof path, "%.500s/%.255s", dirs[k], names[j]->d_name);
                if (claims(path, name, &quiet)) out = strdup(path);
            }
            free(names[j]);
        }
        free(names);
    }
    if (quiet.out) fclose(quiet.out);
    if (!out) say(d, file, n, "no spec has the name or alias '%s' (the search path of -V)", name);
    return out;
}

/* "a.yaml -> b.yaml -> ... -> last" into buf. */
static void chain_text(const chain *c, const char *last, char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = 0;
    for (int i = 0; i < c->n && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s -> ", c->path[i]);
    if (at < size) snprintf(buf + at, size - at, "%s", last);
}

typedef struct copier {
    yaml_document_t *dst, *src;
    int *map;                   /* source id - 1 -> copy's id, 0 = none yet */
    int *work;                  /* containers copied but not yet filled */
    size_t nwork;
    cv_inherit *h;              /* the copies' origins go to h->from */
    const cv_inherit *ph;       /* the source's own origins */
} copier;

/* Makes the copy of source node id unless there is one: with the source's
 * marks, and its origin (the parent itself, or where the parent had it
 * from).  A container is queued to be filled.  -1 when out of memory. */
static int copy_one(copier *k, int id)
{
    if (k->map[id - 1]) return 0;
    yaml_node_t *sn = yaml_document_get_node(k->src, id);
    int made = 0;
    if (sn->type == YAML_SCALAR_NODE)
        made = yaml_document_add_scalar(k->dst, sn->tag, sn->data.scalar.value, (int)sn->data.scalar.length,
                                        sn->data.scalar.style);
    else if (sn->type == YAML_SEQUENCE_NODE)
        made = yaml_document_add_sequence(k->dst, sn->tag, sn->data.sequence.style);
    else if (sn->type == YAML_MAPPING_NODE)
        made = yaml_document_add_mapping(k->dst, sn->tag, sn->data.mapping.style);
    if (!made) return -1;
    yaml_node_t *mn = yaml_document_get_node(k->dst, made);
    mn->start_mark = sn->start_mark;
    mn->end_mark = sn->end_mark;
    size_t si = (size_t)id - 1;
    const cv_inherit *ph = k->ph;
    k->h->from[(size_t)made - 1 - k->h->own] =
        ph && ph->from && si >= ph->own ? (unsigned char)(1 + ph->from[si - ph->own]) : 0;
    k->map[si] = made;
    if (sn->type != YAML_SCALAR_NODE) k->work[k->nwork++] = id;
    return 0;
}

/* Copies node id and all it reaches, each node once: shared nodes (YAML
 * aliases) stay shared and a node that reaches itself ends.  A queue
 * rather than recursion, whose depth aliases could make unbounded.
 * Returns the copy's id, 0 when out of memory. */
static int copy_node(copier *k, int id)
{
    size_t head = 0;
    k->nwork = 0;
    if (copy_one(k, id) < 0) return 0;
    while (head < k->nwork) {
        int s = k->work[head++];
        yaml_node_t *sn = yaml_document_get_node(k->src, s);
        int to = k->map[s - 1];
        if (sn->type == YAML_SEQUENCE_NODE)
            for (yaml_node_item_t *it = sn->data.sequence.items.start; it < sn->data.sequence.items.top; it++) {
                if (copy_one(k, *it) < 0 || !yaml_document_append_sequence_item(k->dst, to, k->map[*it - 1]))
                    return 0;
            }
        else
            for (yaml_node_pair_t *p = sn->data.mapping.pairs.start; p < sn->data.mapping.pairs.top; p++) {
                if (copy_one(k, p->key) < 0 || copy_one(k, p->value) < 0 ||
                    !yaml_document_append_mapping_pair(k->dst, to, k->map[p->key - 1], k->map[p->value - 1]))
                    return 0;
            }
    }
    return k->map[id - 1];
}

/* Appends to doc's root the parent's top-level keys doc does not have.
 * Takes ppath, and ph's file names, into *out.  -1 when out of memory. */
static int copy_keys(yaml_document_t *doc, yaml_document_t *pdoc, cv_inherit *ph, char *ppath, cv_inherit **out)
{
    cv_inherit *h = calloc(1, sizeof *h);
    if (!h) { free(ppath); return -1; }
    *out = h;
    h->doc = doc;
    h->own = h->n = nnodes(doc);
    h->files[h->nfiles++] = ppath;
    for (int i = 0; ph && i < ph->nfiles && h->nfiles < CV_INHERIT_MAX_DEPTH; i++) {
        h->files[h->nfiles++] = ph->files[i];
        ph->files[i] = NULL;
    }
    yaml_node_t *proot = yaml_document_get_root_node(pdoc);
    /* a parent that is not a mapping gives nothing; loading it on its own
     * (cv_inherit_apply) says what is wrong with it */
    if (!proot || proot->type != YAML_MAPPING_NODE) return 0;
    size_t pn = nnodes(pdoc);
    copier cp = { .dst = doc, .src = pdoc, .map = calloc(pn, sizeof(int)), .work = malloc(pn * sizeof(int)),
                 .h = h, .ph = ph };
    h->from = malloc(pn);
    int rc = cp.map && cp.work && h->from ? 0 : -1;
    for (yaml_node_pair_t *p = proot->data.mapping.pairs.start; !rc && p < proot->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(pdoc, p->key);
        const char *ks = k && k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : NULL;
        if (!ks || !strcmp(ks, "variant") || !strcmp(ks, "aliases") || !strcmp(ks, "inherits") || lookup(doc, ks))
            continue;
        int nk = copy_node(&cp, p->key);
        int nv = nk ? copy_node(&cp, p->value) : 0;
        if (!nv || !yaml_document_append_mapping_pair(doc, 1, nk, nv)) rc = -1;
    }
    h->n = nnodes(doc);
    free(cp.map);
    free(cp.work);
    return rc;
}

/* Merges into doc (read from file, the last of c) its parent, with the
 * parent's own parents merged first. */
static int merge(yaml_document_t *doc, const char *file, chain *c, cv_diag *d, cv_inherit **out)
{
    *out = NULL;
    yaml_node_t *in = lookup(doc, "inherits");
    if (!in) return 0;
    if (in->type != YAML_SCALAR_NODE) {
        say(d, file, in, "expected a string, found a %s", in->type == YAML_SEQUENCE_NODE ? "list" : "mapping");
        return -1;
    }
    char *ppath = resolve((const char *)in->data.scalar.value, file, in, d);
    if (!ppath) return -1;
    struct stat st;
    char why[1024];
    FILE *f = open_regular(ppath, &st, why, sizeof why);
    if (!f) {
        say(d, file, in, "cannot read '%s': %s", ppath, why);
        free(ppath);
        return -1;
    }
    int bad = 0;
    for (int i = 0; i < c->n && !bad; i++)
        if (c->known[i] && c->dev[i] == st.st_dev && c->ino[i] == st.st_ino) bad = 1;
    if (bad || c->n > CV_INHERIT_MAX_DEPTH) {
        chain_text(c, ppath, why, sizeof why);
        if (bad) say(d, file, in, "a cycle: %s", why);
        else say(d, file, in, "more than %d parents in a chain: %s", CV_INHERIT_MAX_DEPTH, why);
        fclose(f);
        free(ppath);
        return -1;
    }
    yaml_document_t pdoc;
    int rc = cv_spec_read_doc(f, ppath, d, &pdoc);
    fclose(f);
    if (rc < 0) {
        free(ppath);
        return -1;
    }
    c->path[c->n] = ppath;
    c->known[c->n] = 1;
    c->dev[c->n] = st.st_dev;
    c->ino[c->n] = st.st_ino;
    c->n++;
    cv_inherit *ph = NULL;
    rc = merge(&pdoc, ppath, c, d, &ph);
    c->n--;
    if (rc == 0 && copy_keys(doc, &pdoc, ph, ppath, out) < 0) {
        cv_report(d, CV_ERROR, file, 0, 0, "inherits: out of memory");
        rc = -1;
    } else if (rc < 0) {
        free(ppath);
    }
    cv_inherit_free(ph);
    yaml_document_delete(&pdoc);
    return rc;
}

int cv_inherit_apply(yaml_document_t *doc, const char *file, cv_diag *d, cv_inherit **out)
{
    chain c = { .n = 1, .path = { file } };
    struct stat st;
    /* a spec read from a stream may have a name that is no file */
    if (stat(file, &st) == 0) {
        c.known[0] = 1;
        c.dev[0] = st.st_dev;
        c.ino[0] = st.st_ino;
    }
    if (merge(doc, file, &c, d, out) < 0) {
        cv_inherit_free(*out);
        *out = NULL;
        return -1;
    }
    if (!*out) return 0;
    /* The parent must be a spec of its own: loading it reports its own
     * mistakes under its name (each ancestor in turn, through its own
     * load), where the child alone would miss those in keys it replaces.
     * The chain is known to be short and without a cycle by now. */
    const char *ppath = (*out)->files[0];
    char why[256];
    FILE *f = open_regular(ppath, &st, why, sizeof why);
    cv_variant *v = f ? cv_variant_load_stream(f, ppath, d) : NULL;
    if (f) fclose(f);
    else cv_report(d, CV_ERROR, "", 0, 0, "%s: cannot open spec: %s", ppath, why);
    if (!v) {
        cv_inherit_free(*out);
        *out = NULL;
        return -1;
    }
    cv_variant_free(v);
    return 0;
}

const char *cv_inherit_file(const cv_inherit *h, const yaml_node_t *n)
{
    if (!h || !n || !h->from) return NULL;
    if (n < h->doc->nodes.start) return NULL;
    size_t i = (size_t)(n - h->doc->nodes.start);
    if (i < h->own || i >= h->n) return NULL;
    return h->files[h->from[i - h->own]];
}

int cv_inherit_inherited(const cv_inherit *h, const yaml_node_t *n)
{
    return cv_inherit_file(h, n) != NULL;
}

void cv_inherit_free(cv_inherit *h)
{
    if (!h) return;
    for (int i = 0; i < h->nfiles; i++) free(h->files[i]);
    free(h->from);
    free(h);
}
