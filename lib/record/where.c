/* where: positions to lines and columns (where.h, cv_pgn_where in pgn.h). */
#include "where.h"
#include <stdlib.h>

void cv_pgn_where(const cv_pgn_game *g, long long at, long *line, long *col)
{
    const cv_pgn_line *v = g->lines;
    size_t lo = 0, hi = g->nlines;
    if (!v || !hi || at < v[0].start) {
        *line = *col = 0;
        return;
    }
    /* the last line that starts at or before at */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].start <= at) lo = mid;
        else hi = mid;
    }
    *line = v[lo].line;
    *col = (long)(at - v[lo].start + 1);
}

void cv_pgn_lines_clear(cv_pgn_lines *t)
{
    t->n = 0;
    t->next = 0;
}

int cv_pgn_lines_reserve(cv_pgn_lines *t, size_t n)
{
    if (n <= t->cap) return 0;
    size_t cap = t->cap ? t->cap : 64;
    while (cap < n) cap *= 2;
    cv_pgn_line *v = realloc(t->v, cap * sizeof *v);
    if (!v) return -1;
    t->v = v;
    t->cap = cap;
    return 0;
}

int cv_pgn_lines_add(cv_pgn_lines *t, long line, long long start)
{
    if (t->n == t->cap && cv_pgn_lines_reserve(t, t->n + 1) < 0) return -1;
    t->v[t->n++] = (cv_pgn_line){ line, start };
    return 0;
}

long long cv_pgn_lines_at(cv_pgn_lines *t, long line, long col)
{
    if (col < 1) col = 1;
    if ((!t->n || t->v[t->n - 1].line != line) && cv_pgn_lines_add(t, line, t->next) < 0) return -1;
    long long at = t->v[t->n - 1].start + col - 1;
    if (at >= t->next) t->next = at + 1;
    return at;
}

void cv_pgn_lines_free(cv_pgn_lines *t)
{
    free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}
