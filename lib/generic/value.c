#include "value.h"
#include <string.h>

/* How much of the next cell of a ride counts: in the middle of a game
 * about a third of the cells are taken, so each further cell is reached
 * less often.  With this decay and the curve below the orthodox pieces
 * come out within a few per cent of their usual values; the constants
 * were fitted on them once (N, B, R, Q on 8 x 8) and are not tuned per
 * game. */
#define DECAY 0.65
/* value = SCALE * (mobility / board factor) ^ 1.2 */
#define SCALE 44.0
/* an atom that only moves or only captures: half of one that does both */
#define HALF_MODE 0.5
/* a piece shut out of part of the board keeps 90% plus 10% of the share
 * it reaches (a bishop, half the board: 95%) */
#define REACH_BASE 0.9

static double mode_weight(int mode) { return mode == CV_MODE_BOTH ? 1.0 : HALF_MODE; }

static int atom_applies(const cv_variant *v, const cv_atom *a, int cell, int c)
{
    if (!a->first) return 1;
    int r = v->geom.rank[cell];
    if (c) r = v->geom.ranks - 1 - r;
    return r < 32 && (a->first_ranks >> r & 1u);
}

double cv_gen_cell_mobility(const cv_variant *v, int t, int c, int cell)
{
    const cv_piece *pc = &v->pieces[t];
    double m = 0;
    for (int i = 0; i < pc->natoms[c]; i++) {
        const cv_atom *a = &pc->atoms[c][i];
        if (!atom_applies(v, a, cell, c)) continue;
        double w = mode_weight(a->mode);
        int limit = a->range ? a->range : CV_MAX_CELLS;
        int x = cell;
        for (int k = 1; k <= limit; k++) {
            x = cv_geom_next(&v->geom, a->dir, x);
            if (x < 0) break;
            if (k >= a->min) m += w;
            w *= DECAY;
        }
    }
    return m;
}

double cv_gen_mean_mobility(const cv_variant *v, int t, int c)
{
    int n = v->geom.ncells;
    if (n <= 0) return 0;
    double s = 0;
    for (int cell = 0; cell < n; cell++) s += cv_gen_cell_mobility(v, t, c, cell);
    return s / n;
}

/* The share of the board the piece can ever get to from a cell, averaged
 * over the cells: a ride reaches what its first step reaches again and
 * again, so every atom is an edge of its shortest hop. */
static double reach_share(const cv_variant *v, int t)
{
    const cv_piece *pc = &v->pieces[t];
    int n = v->geom.ncells;
    int16_t queue[CV_MAX_CELLS];
    uint8_t seen[CV_MAX_CELLS];
    long total = 0;
    for (int start = 0; start < n; start++) {
        memset(seen, 0, (size_t)n);
        int head = 0, tail = 0;
        queue[tail++] = (int16_t)start;
        seen[start] = 1;
        while (head < tail) {
            int cell = queue[head++];
            for (int i = 0; i < pc->natoms[0]; i++) {
                const cv_atom *a = &pc->atoms[0][i];
                if (!atom_applies(v, a, cell, 0)) continue;
                int x = cell;
                for (int k = 0; k < a->min && x >= 0; k++) x = cv_geom_next(&v->geom, a->dir, x);
                if (x >= 0 && !seen[x]) {
                    seen[x] = 1;
                    queue[tail++] = (int16_t)x;
                }
            }
        }
        total += tail;
    }
    return n ? (double)total / ((double)n * n) : 0;
}

/* A queen's mobility on a grid (the board factor): riding every line
 * of the geometry, the rectangle's eight, the hexagon's six edges and
 * six diagonals.  at: the grid's cells (NULL: every place is one). */
static double queen_mobility(cv_geom_kind kind, int files, int ranks, const int16_t *at)
{
    static const int rect[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };
    static const int hex[12][2] = { { 0, 1 }, { -1, 1 }, { 1, 0 }, { -1, 0 }, { 0, -1 }, { 1, -1 },
                                    { 1, 1 }, { -1, -1 }, { 2, -1 }, { -2, 1 }, { 1, -2 }, { -1, 2 } };
    const int (*d)[2] = kind == CV_GEOM_HEX ? hex : rect;
    int nd = kind == CV_GEOM_HEX ? 12 : 8;
    double s = 0;
    int cells = 0;
#define IN(f, r) ((f) >= 0 && (r) >= 0 && (f) < files && (r) < ranks && (!at || at[(r) * files + (f)] >= 0))
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++) {
            if (!IN(f, r)) continue;
            cells++;
            for (int i = 0; i < nd; i++) {
                double w = 1;
                for (int x = f + d[i][0], y = r + d[i][1]; IN(x, y); x += d[i][0], y += d[i][1]) {
                    s += w;
                    w *= DECAY;
                }
            }
        }
#undef IN
    return cells ? s / cells : 0;
}

/* x ^ 1.2 for x > 0, without libm: x times the fifth root of x, found
 * by Newton's method (the same steps everywhere, so the same value). */
static double pow_1_2(double x)
{
    if (x <= 0) return 0;
    double y = x > 1 ? x / 5 + 0.8 : 1;
    for (int i = 0; i < 60; i++) {
        double y4 = y * y * y * y;
        double next = y - (y4 * y - x) / (5 * y4);
        if (next == y) break;
        y = next;
    }
    return x * y;
}

int cv_gen_derived_value(const cv_variant *v, int t)
{
    const cv_piece *pc = &v->pieces[t];
    if (pc->royal) return 0;
    if (pc->pawn) return 100;
    double board = queen_mobility(v->geom.kind, v->geom.files, v->geom.ranks, v->geom.at);
    double chess = queen_mobility(CV_GEOM_RECT, 8, 8, NULL);
    double m = cv_gen_mean_mobility(v, t, 0);
    if (board > 0) m *= chess / board;
    double val = SCALE * pow_1_2(m) * (REACH_BASE + (1 - REACH_BASE) * reach_share(v, t));
    int cp = (int)(val + 0.5);
    /* a piece with few or no moves of its own (a module's special piece)
     * is still a piece on the board: never less than a pawn */
    return cp < 100 ? 100 : cp;
}
