#include "geom.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void name_cell(cv_geom *g, int c)
{
    char *nm = g->name[c];
    int rk = g->rank[c] + 1, k = 0;
    nm[k++] = g->letters[g->file[c]];
    if (rk >= 10) nm[k++] = (char)('0' + rk / 10);
    nm[k++] = (char)('0' + rk % 10);
    nm[k] = 0;
}

/* Numbers the grid places that are cells, rank by rank from a1. */
static int grid(cv_geom *g, cv_geom_kind kind, int files, int ranks, int lo, int hi)
{
    memset(g, 0, sizeof *g);
    if (files < 1 || ranks < 1 || files > CV_MAX_FILES || ranks > CV_MAX_RANKS) return -1;
    g->kind = kind;
    g->files = files;
    g->ranks = ranks;
    for (int f = 0; f < files; f++) g->letters[f] = (char)('a' + f);
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++) {
            int in = kind == CV_GEOM_RECT || (f + r >= lo && f + r <= hi);
            g->at[r * files + f] = (int16_t)(in ? g->ncells : -1);
            if (!in) continue;
            int c = g->ncells++;
            g->file[c] = (int8_t)f;
            g->rank[c] = (int8_t)r;
            name_cell(g, c);
        }
    return 0;
}

int cv_geom_rect(cv_geom *g, int files, int ranks)
{
    return grid(g, CV_GEOM_RECT, files, ranks, 0, 0);
}

int cv_geom_hex(cv_geom *g, int side)
{
    if (side < 2 || side > 8) return -1;
    int n = 2 * side - 1;
    if (grid(g, CV_GEOM_HEX, n, n, side - 1, 3 * (side - 1)) < 0) return -1;
    static const int d[3][2] = { { 0, 1 }, { -1, 1 }, { 1, 0 } };
    for (int i = 0; i < 3; i++) cv_geom_dir(g, d[i][0], d[i][1]);
    return 0;
}

int cv_geom_letters(cv_geom *g, const char *letters)
{
    if ((int)strlen(letters) != g->files) return -1;
    for (int i = 0; i < g->files; i++) {
        if (letters[i] < 'a' || letters[i] > 'z') return -1;
        for (int j = 0; j < i; j++)
            if (letters[j] == letters[i]) return -1;
    }
    memcpy(g->letters, letters, (size_t)g->files);
    for (int c = 0; c < g->ncells; c++) name_cell(g, c);
    return 0;
}

void cv_geom_turn(const cv_geom *g, int *dx, int *dy)
{
    if (g->kind == CV_GEOM_HEX) *dx = -*dx;
    *dy = -*dy;
}

int cv_geom_dir_ok(const cv_geom *g, int dx, int dy)
{
    if (g->kind == CV_GEOM_RECT) return dx || dy;
    /* multiples of (0,1), (1,0) and (1,-1) */
    return (dx || dy) && (dx == 0 || dy == 0 || dx == -dy);
}

static int find_dir(const cv_geom *g, int dx, int dy)
{
    for (int d = 0; d < g->ndirs; d++)
        if (g->dx[d] == dx && g->dy[d] == dy) return d;
    return -1;
}

int cv_geom_dir(cv_geom *g, int dx, int dy)
{
    int d = find_dir(g, dx, dy);
    if (d >= 0) return d;
    if (g->ndirs + 2 > CV_MAX_DIRS || (dx == 0 && dy == 0)) return -1;
    d = g->ndirs++;
    g->dx[d] = (int8_t)dx;
    g->dy[d] = (int8_t)dy;
    int o = g->ndirs++;
    g->dx[o] = (int8_t)-dx;
    g->dy[o] = (int8_t)-dy;
    g->opposite[d] = (uint8_t)o;
    g->opposite[o] = (uint8_t)d;
    return d;
}

int cv_geom_finish(cv_geom *g)
{
    free(g->nb);
    g->nb = malloc(sizeof *g->nb * (size_t)(g->ndirs ? g->ndirs : 1) * (size_t)g->ncells);
    if (!g->nb) return -1;
    for (int d = 0; d < g->ndirs; d++)
        for (int c = 0; c < g->ncells; c++)
            g->nb[d * g->ncells + c] =
                (int16_t)cv_geom_cell(g, g->file[c] + g->dx[d], g->rank[c] + g->dy[d]);
    return 0;
}

void cv_geom_free(cv_geom *g)
{
    free(g->nb);
    g->nb = NULL;
}

int cv_geom_scan_cell(const cv_geom *g, const char *s, int *cell)
{
    const char *fl = s[0] ? memchr(g->letters, s[0], (size_t)g->files) : NULL;
    if (!fl) return 0;
    if (s[1] < '1' || s[1] > '9') return 0;
    int r = s[1] - '0', n = 2;
    /* Take a second digit only when it makes a rank that exists, so that
     * "a1" followed by a digit in "a10" style boards reads greedily. */
    if (s[2] >= '0' && s[2] <= '9' && r * 10 + (s[2] - '0') <= g->ranks) {
        r = r * 10 + (s[2] - '0');
        n = 3;
    }
    if (r > g->ranks) return 0;
    int c = cv_geom_cell(g, (int)(fl - g->letters), r - 1);
    if (c < 0) return 0;
    *cell = c;
    return n;
}

int cv_geom_parse_cell(const cv_geom *g, const char *s, int len)
{
    int c;
    char buf[8];
    if (len <= 0 || len > 3) return -1;
    memcpy(buf, s, (size_t)len);
    buf[len] = 0;
    return cv_geom_scan_cell(g, buf, &c) == len ? c : -1;
}
