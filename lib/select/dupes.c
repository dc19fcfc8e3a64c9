/* dupes: duplicate games by the hashes of their moves (dupes.h). */
#include "dupes.h"
#include <stdlib.h>
#include <string.h>

typedef struct entry {
    uint64_t h;             /* the whole sequence's hash */
    int32_t of;             /* the first game with the same sequence, -1 none */
    int32_t start_of;       /* prefix: the first game it begins, -1 none */
    int32_t file, col;
    int64_t line, game;
    int32_t compared;       /* it has hashes */
} entry;

struct cv_dupes {
    int prefix;
    entry *e;
    size_t n, cap;
    uint32_t *slot;         /* open addressing: game + 1 of the first with a hash, 0 empty */
    size_t nslots, used;
    char **files;
    int nfiles;
};

cv_dupes *cv_dupes_new(int prefix)
{
    cv_dupes *D = calloc(1, sizeof *D);
    if (D) D->prefix = prefix;
    return D;
}

void cv_dupes_free(cv_dupes *D)
{
    if (!D) return;
    free(D->e);
    free(D->slot);
    for (int i = 0; i < D->nfiles; i++) free(D->files[i]);
    free(D->files);
    free(D);
}

/* The first game whose whole sequence hashes to h, -1 none. */
static long find(const cv_dupes *D, uint64_t h)
{
    if (!D->nslots) return -1;
    for (size_t i = (size_t)h & (D->nslots - 1);; i = (i + 1) & (D->nslots - 1)) {
        uint32_t s = D->slot[i];
        if (!s) return -1;
        if (D->e[s - 1].h == h) return (long)s - 1;
    }
}

static int grow(cv_dupes *D)
{
    size_t n = D->nslots ? D->nslots * 2 : 1024;
    uint32_t *s = calloc(n, sizeof *s);
    if (!s) return -1;
    for (size_t i = 0; i < D->nslots; i++) {
        uint32_t g = D->slot[i];
        if (!g) continue;
        size_t j = (size_t)D->e[g - 1].h & (n - 1);
        while (s[j]) j = (j + 1) & (n - 1);
        s[j] = g;
    }
    free(D->slot);
    D->slot = s;
    D->nslots = n;
    return 0;
}

static int insert(cv_dupes *D, long g)
{
    if ((D->used + 1) * 2 > D->nslots && grow(D) < 0) return -1;
    size_t j = (size_t)D->e[g].h & (D->nslots - 1);
    while (D->slot[j]) j = (j + 1) & (D->nslots - 1);
    D->slot[j] = (uint32_t)g + 1;
    D->used++;
    return 0;
}

/* Every earlier-known game whose sequence is h[k] for a k before the
 * last: it begins game g. */
static void mark_starts(cv_dupes *D, long g, const uint64_t *h, int n)
{
    for (int k = 0; k + 1 < n; k++) {
        long x = find(D, h[k]);
        if (x >= 0 && x != g && (D->e[x].start_of < 0 || D->e[x].start_of > g)) D->e[x].start_of = (int32_t)g;
    }
}

long cv_dupes_add(cv_dupes *D, const uint64_t *h, int n, const char *path, long game, long line, long col)
{
    if (D->n >= INT32_MAX - 1) return -1;
    if (D->n == D->cap) {
        size_t cap = D->cap ? D->cap * 2 : 1024;
        entry *e = realloc(D->e, sizeof *e * cap);
        if (!e) return -1;
        D->e = e;
        D->cap = cap;
    }
    if (!D->nfiles || strcmp(D->files[D->nfiles - 1], path)) {
        char **f = realloc(D->files, sizeof *f * (size_t)(D->nfiles + 1));
        if (!f) return -1;
        D->files = f;
        if (!(f[D->nfiles] = strdup(path))) return -1;
        D->nfiles++;
    }
    long g = (long)D->n;
    entry *e = &D->e[g];
    memset(e, 0, sizeof *e);
    e->of = e->start_of = -1;
    e->file = D->nfiles - 1;
    e->line = line;
    e->col = (int32_t)col;
    e->game = game;
    D->n++;
    if (!n) return g;
    e->compared = 1;
    e->h = h[n - 1];
    long first = find(D, e->h);
    if (first >= 0) e->of = (int32_t)first;
    else if (insert(D, g) < 0) return -1;
    if (D->prefix) mark_starts(D, g, h, n);
    return g;
}

cv_dupe cv_dupes_verdict(cv_dupes *D, long i, const uint64_t *h, int n)
{
    cv_dupe v = { CV_DUPE_NONE, -1 };
    if (i < 0 || (size_t)i >= D->n || !D->e[i].compared) return v;
    /* the second pass: the games this one begins, wherever they are */
    if (D->prefix) mark_starts(D, i, h, n);
    const entry *e = &D->e[i];
    if (e->of >= 0) v = (cv_dupe){ CV_DUPE_SAME, e->of };
    else if (e->start_of >= 0) v = (cv_dupe){ CV_DUPE_START, e->start_of };
    return v;
}

void cv_dupes_place(const cv_dupes *D, long i, const char **path, long *game, long *line, long *col)
{
    const entry *e = &D->e[i];
    *path = D->files[e->file];
    *game = (long)e->game;
    *line = (long)e->line;
    *col = e->col;
}

long cv_dupes_count(const cv_dupes *D) { return (long)D->n; }
