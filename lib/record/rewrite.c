/* rewrite: a played game in a record format (rewrite.h). */
#include "rewrite.h"
#include <stdlib.h>
#include <string.h>

/* g's tags with its Notation tag saying notation nt of v, or gone; NULL
 * when out of memory.  Where the record had none, a needed one comes
 * last. */
static cv_tag *notation_tags(const cv_record *g, const cv_variant *v, int nt, size_t *n)
{
    cv_tag *t = malloc((g->ntags + 1) * sizeof *t);
    if (!t) return NULL;
    const char *name = v && cv_any_notation_apart(v, nt) ? cv_any_notation_name(v, nt) : NULL;
    size_t k = 0;
    for (size_t i = 0; i < g->ntags; i++) {
        if (strcmp(g->tags[i].name, "Notation")) t[k++] = g->tags[i];
        else if (name) {
            t[k] = g->tags[i];
            t[k++].value = name;
            name = NULL;
        }
    }
    if (name) t[k++] = (cv_tag){ .name = "Notation", .value = name };
    *n = k;
    return t;
}

int cv_record_rewrite_as(FILE *out, const cv_record_format *f, const cv_record *g, char *const *texts,
                         const cv_variant *v, const cv_replay_result *res, const cv_rewrite_opts *o, int *dropped)
{
    cv_record_meta meta = { .variant = v, .result = cv_replay_implied_result(res), .layout = o ? o->layout : 0 };
    cv_record copy;
    cv_tag *tags = NULL;
    if (o && o->notation >= 0) {
        size_t n;
        if (!(tags = notation_tags(g, v, o->notation, &n))) return -1;
        copy = *g;
        copy.tags = tags;
        copy.ntags = n;
        g = &copy;
    }
    int rc = f->write(out, g, texts, &meta);
    free(tags);
    if (dropped) *dropped = meta.dropped;
    return rc;
}

int cv_record_rewrite(FILE *out, const cv_record_format *f, const cv_record *g, char *const *texts,
                      const cv_variant *v, const cv_replay_result *res, int *dropped)
{
    return cv_record_rewrite_as(out, f, g, texts, v, res, NULL, dropped);
}
