/* where: the line table a reader builds (where.h). */
#include "where.h"
#include <stdlib.h>

void cv_line_table_clear(cv_line_table *t)
{
    t->n = 0;
    t->next = 0;
}

int cv_line_table_reserve(cv_line_table *t, size_t n)
{
    if (n <= t->cap) return 0;
    size_t cap = t->cap ? t->cap : 64;
    while (cap < n) cap *= 2;
    cv_game_line *v = realloc(t->v, cap * sizeof *v);
    if (!v) return -1;
    t->v = v;
    t->cap = cap;
    return 0;
}

int cv_line_table_add(cv_line_table *t, long line, long long start)
{
    if (t->n == t->cap && cv_line_table_reserve(t, t->n + 1) < 0) return -1;
    t->v[t->n++] = (cv_game_line){ line, start };
    return 0;
}

long long cv_line_table_at(cv_line_table *t, long line, long col)
{
    if (col < 1) col = 1;
    if ((!t->n || t->v[t->n - 1].line != line) && cv_line_table_add(t, line, t->next) < 0) return -1;
    long long at = t->v[t->n - 1].start + col - 1;
    if (at >= t->next) t->next = at + 1;
    return at;
}

void cv_line_table_free(cv_line_table *t)
{
    free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}
