/* catalog: the variants of the spec search path, as -V finds them
 * (variant.h, cv_variant_each), for listings such as the tools'
 * --names variants and the shell completion built on it. */
/* realpath is XSI, beyond the POSIX base the build asks for */
#define _XOPEN_SOURCE 700
#include "variant.h"
#include "inherit.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* The stems already given: a NAME.yaml of a later directory is the one
 * -V NAME never reaches. */
typedef struct seen {
    char **v;
    size_t n, cap;
} seen;

static int seen_has(const seen *s, const char *stem)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], stem)) return 1;
    return 0;
}

static int seen_add(seen *s, const char *stem)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        char **v = realloc(s->v, cap * sizeof *v);
        if (!v) return -1;
        s->v = v;
        s->cap = cap;
    }
    if (!(s->v[s->n] = strdup(stem))) return -1;
    s->n++;
    return 0;
}

int cv_variant_each(int (*fn)(void *arg, const char *path, const char *stem, const cv_variant *v), void *arg,
                    cv_diag *d)
{
    char dirs[8][512], *real[8];
    int nd = cv_spec_dirs(dirs, 8), nreal = 0, bad = 0, stop = 0;
    seen s = { 0 };
    for (int k = 0; k < nd && !stop; k++) {
        /* a directory reached twice (CVKIT_SPECS naming the installed
         * one) is listed once */
        char *r = realpath(dirs[k], NULL);
        int again = !r;
        for (int i = 0; r && i < nreal && !again; i++) again = !strcmp(real[i], r);
        if (again) {
            free(r);
            continue;
        }
        real[nreal++] = r;
        struct dirent **ents = NULL;
        int ne = scandir(dirs[k], &ents, NULL, alphasort);
        for (int i = 0; i < ne; i++) {
            const char *fname = ents[i]->d_name;
            size_t len = strlen(fname);
            if (!stop && len > 5 && !strcmp(fname + len - 5, ".yaml")) {
                char stem[256], path[1024];
                snprintf(stem, sizeof stem, "%.*s", (int)(len - 5 < 255 ? len - 5 : 255), fname);
                snprintf(path, sizeof path, "%.500s/%.255s", dirs[k], fname);
                if (!seen_has(&s, stem)) {
                    if (seen_add(&s, stem) < 0) {
                        cv_report(d, CV_ERROR, "", 0, 0, "out of memory");
                        bad++;
                        stop = 1;
                    } else {
                        cv_variant *v = cv_variant_load(path, d);
                        if (!v) bad++;
                        else stop = fn(arg, path, stem, v);
                        cv_variant_free(v);
                    }
                }
            }
            free(ents[i]);
        }
        free(ents);
    }
    for (size_t i = 0; i < s.n; i++) free(s.v[i]);
    free(s.v);
    for (int i = 0; i < nreal; i++) free(real[i]);
    return bad;
}
