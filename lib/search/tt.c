#include "tt.h"
#include <stdlib.h>
#include <string.h>

int cv_tt_init(cv_tt *t, size_t mb)
{
    memset(t, 0, sizeof *t);
    if (mb == 0) return 0;
    size_t want = mb * 1024 * 1024 / sizeof(cv_tt_entry), n = 1;
    while (n * 2 <= want) n *= 2;
    t->e = calloc(n, sizeof *t->e);
    if (!t->e) return -1;
    t->mask = n - 1;
    return 0;
}

void cv_tt_free(cv_tt *t)
{
    free(t->e);
    t->e = NULL;
}

void cv_tt_clear(cv_tt *t)
{
    if (t->e) memset(t->e, 0, (t->mask + 1) * sizeof *t->e);
    t->age = 0;
}

void cv_tt_age(cv_tt *t) { t->age = (uint8_t)((t->age + 1) & 63); }

int cv_tt_probe(const cv_tt *t, uint64_t key, cv_tt_entry *out)
{
    if (!t->e) return 0;
    const cv_tt_entry *e = &t->e[key & t->mask];
    if (e->key != key || !e->bound) return 0;
    *out = *e;
    out->bound &= 3;
    return 1;
}

void cv_tt_store(cv_tt *t, uint64_t key, int depth, int score, int bound, uint32_t move)
{
    if (!t->e) return;
    cv_tt_entry *e = &t->e[key & t->mask];
    if (e->bound && e->key != key && (e->bound >> 2) == t->age && e->depth > depth) return;
    if (e->key == key && !move) move = e->move;
    e->key = key;
    e->move = move;
    e->score = (int16_t)score;
    e->depth = (int8_t)(depth > 127 ? 127 : depth);
    e->bound = (uint8_t)(bound | (t->age << 2));
}
