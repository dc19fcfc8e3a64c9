/* t_inherit: the promises of inherit.h, on documents, where the tools
 * cannot look: which nodes a spec inherited and from which file (what
 * err() in spec.c and a module's own_keys ask), through a chain of two,
 * and the untrusted mode of the fuzz target, which reads parents from the
 * spec search path only.  Run from the repository root (CVKIT_SPECS
 * defaults to specs/). */
#include "inherit.h"
#include "tap.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static void put(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* One document loaded and merged as the spec loader does it, with its
 * diagnostics kept for a look. */
typedef struct loaded {
    yaml_document_t doc;
    cv_inherit *h;
    int rc;
    char path[128];
    char *diag;
    size_t diaglen;
} loaded;

static void load(loaded *l, const char *name)
{
    snprintf(l->path, sizeof l->path, "%s/%s", dir, name);
    cv_diag d = { .out = open_memstream(&l->diag, &l->diaglen) };
    FILE *f = fopen(l->path, "rb");
    l->h = NULL;
    l->rc = f ? cv_spec_read_doc(f, l->path, &d, &l->doc) : -1;
    if (f) fclose(f);
    if (l->rc == 0 && cv_inherit_apply(&l->doc, l->path, &d, &l->h) < 0) {
        yaml_document_delete(&l->doc);
        l->rc = -1;
    }
    fclose(d.out);
}

static void unload(loaded *l)
{
    if (l->rc == 0) {
        cv_inherit_free(l->h);
        yaml_document_delete(&l->doc);
    }
    free(l->diag);
}

static yaml_node_t *key(loaded *l, const char *k)
{
    yaml_node_t *root = yaml_document_get_root_node(&l->doc);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *kn = yaml_document_get_node(&l->doc, p->key);
        if (kn->type == YAML_SCALAR_NODE && !strcmp((const char *)kn->data.scalar.value, k))
            return yaml_document_get_node(&l->doc, p->value);
    }
    return NULL;
}

static const char *file_of(loaded *l, const char *k)
{
    const char *f = cv_inherit_file(l->h, key(l, k));
    const char *slash = f ? strrchr(f, '/') : NULL;
    return slash ? slash + 1 : f ? f : "(own)";
}

int main(void)
{
    if (!getenv("CVKIT_SPECS")) setenv("CVKIT_SPECS", "specs", 1);
    snprintf(dir, sizeof dir, "/tmp/t_inherit.XXXXXX");
    if (!mkdtemp(dir)) {
        printf("Bail out! no temporary directory\n");
        return 1;
    }
    put("base.yaml", "variant: base\n"
                     "aliases: [bottom]\n"
                     "description: the base\n"
                     "board: { files: 4, ranks: 4 }\n"
                     "pieces:\n"
                     "  - { letter: K, royal: true, moves: &m [ { step: all } ] }\n"
                     "  - { letter: Q, moves: *m }\n"
                     "setup: kq2/4/4/2QK w - - 0 1\n");
    put("mid.yaml", "variant: mid\n"
                    "inherits: base.yaml\n"
                    "setup: k3/4/4/3K w - - 0 1\n"
                    "rules: { repetition: 2 }\n");
    put("top.yaml", "variant: top\n"
                    "inherits: mid.yaml\n"
                    "rules: { repetition: 4 }\n");

    loaded l;
    load(&l, "mid.yaml");
    TAP_IS_INT(l.rc, 0, "a child of one parent merges");
    TAP_IS_STR(file_of(&l, "setup"), "(own)", "its own setup is its own");
    TAP_OK(!cv_inherit_inherited(l.h, key(&l, "setup")), "its own setup is not inherited");
    TAP_IS_STR(file_of(&l, "board"), "base.yaml", "board comes from the parent");
    TAP_OK(cv_inherit_inherited(l.h, key(&l, "board")), "board is inherited");
    TAP_IS_INT(key(&l, "board")->start_mark.line + 1, 4, "and keeps the parent's line");
    TAP_IS_INT(key(&l, "board")->start_mark.column + 1, 8, "and column");
    TAP_IS_STR(file_of(&l, "description"), "base.yaml", "description is inherited");
    TAP_OK(!key(&l, "aliases"), "aliases are not");
    TAP_IS_STR((const char *)key(&l, "variant")->data.scalar.value, "mid", "variant is the child's");
    yaml_node_t *pieces = key(&l, "pieces");
    yaml_node_t *k0 = yaml_document_get_node(&l.doc, pieces->data.sequence.items.start[0]);
    yaml_node_t *q0 = yaml_document_get_node(&l.doc, pieces->data.sequence.items.start[1]);
    yaml_node_t *km = NULL, *qm = NULL;
    for (yaml_node_pair_t *p = k0->data.mapping.pairs.start; p < k0->data.mapping.pairs.top; p++)
        if (!strcmp((const char *)yaml_document_get_node(&l.doc, p->key)->data.scalar.value, "moves"))
            km = yaml_document_get_node(&l.doc, p->value);
    for (yaml_node_pair_t *p = q0->data.mapping.pairs.start; p < q0->data.mapping.pairs.top; p++)
        if (!strcmp((const char *)yaml_document_get_node(&l.doc, p->key)->data.scalar.value, "moves"))
            qm = yaml_document_get_node(&l.doc, p->value);
    TAP_OK(km && km == qm, "a node the parent shares (a YAML alias) is copied once");
    const char *kf = km ? cv_inherit_file(l.h, km) : NULL;
    TAP_OK(kf && !strcmp(strrchr(kf, '/'), "/base.yaml"), "a node deep in an inherited value names the parent");
    unload(&l);

    load(&l, "top.yaml");
    TAP_IS_INT(l.rc, 0, "a chain of two merges");
    TAP_IS_STR(file_of(&l, "rules"), "(own)", "the child's key wins");
    TAP_IS_STR(file_of(&l, "setup"), "mid.yaml", "the parent's key wins over the grandparent's");
    TAP_IS_STR(file_of(&l, "pieces"), "base.yaml", "the grandparent's key names the grandparent");
    int nin = 0;
    yaml_node_t *root = yaml_document_get_root_node(&l.doc);
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++)
        nin += !strcmp((const char *)yaml_document_get_node(&l.doc, p->key)->data.scalar.value, "inherits");
    TAP_IS_INT(nin, 1, "inherits is never inherited");
    unload(&l);

    /* untrusted text: a parent outside the spec search path is not read */
    cv_inherit_allow_paths(0);
    load(&l, "mid.yaml");
    TAP_IS_INT(l.rc, -1, "untrusted: a parent by path outside the search path is refused");
    char want[256];
    snprintf(want, sizeof want, "%s/mid.yaml:2:11: error: inherits: 'base.yaml': only a spec of the search path is read here\n", dir);
    TAP_IS_STR(l.diag, want, "with that said at the value");
    unload(&l);
    put("named.yaml", "variant: named\ninherits: chess\nsetup: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n");
    load(&l, "named.yaml");
    TAP_IS_INT(l.rc, 0, "untrusted: a parent by name is found");
    TAP_IS_STR(file_of(&l, "pieces"), "chess.yaml", "in the search path");
    unload(&l);
    char specs[512];
    snprintf(specs, sizeof specs, "%s:%s", dir, getenv("CVKIT_SPECS"));
    setenv("CVKIT_SPECS", specs, 1);
    load(&l, "mid.yaml");
    TAP_IS_INT(l.rc, 0, "untrusted: a spec of the search path may name a sibling by path");
    unload(&l);
    cv_inherit_allow_paths(1);

    const char *names[] = { "base.yaml", "mid.yaml", "top.yaml", "named.yaml" };
    for (int i = 0; i < 4; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    return tap_done();
}
