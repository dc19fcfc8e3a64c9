/* trid_lines: per-cell tables of the 6 x 10 projection (lines, knight and
 * king steps, pawn attacks), so the set-based generator reads where a
 * piece can go instead of working out coordinates at every step.  The
 * projection never changes (attack boards only change which levels a cell
 * has), so the tables are filled once. */
#include "trid_int.h"
#include <pthread.h>

static cv_trid_lines tables;
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static const int8_t king_df[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t king_dr[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int8_t knight_df[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
static const int8_t knight_dr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

static int cell_at(int f, int r) { return (unsigned)f < 6 && (unsigned)r < 10 ? r * 6 + f : -1; }

static void fill(void)
{
    cv_trid_lines *t = &tables;
    for (int c = 0; c < CV_TRID_CELLS; c++) {
        int f = c % 6, r = c / 6;
        for (int d = 0; d < 8; d++) {
            int n = 0, cc;
            for (int k = 1; (cc = cell_at(f + k * king_df[d], r + k * king_dr[d])) >= 0; k++) {
                t->line[c][d][n++] = (uint8_t)cc;
                t->ray[c][d] |= 1ull << cc;
                t->star[c] |= 1ull << cc;
                if (d & 1) t->diag[c] |= 1ull << cc;
                else t->orth[c] |= 1ull << cc;
                t->dir[c][cc] = (uint8_t)d;
            }
            t->len[c][d] = (uint8_t)n;
            if ((cc = cell_at(f + king_df[d], r + king_dr[d])) >= 0) {
                t->king[c][t->king_n[c]++] = (uint8_t)cc;
                t->king_set[c] |= 1ull << cc;
            }
            if ((cc = cell_at(f + knight_df[d], r + knight_dr[d])) >= 0) {
                t->knight[c][t->knight_n[c]++] = (uint8_t)cc;
                t->knight_set[c] |= 1ull << cc;
            }
        }
        /* A pawn captures one rank toward the enemy: White's stand a rank
         * below the cell they attack, Black's a rank above. */
        for (int by = 0; by < 2; by++)
            for (int df = -1; df <= 1; df += 2) {
                int cc = cell_at(f + df, r + (by ? 1 : -1));
                if (cc >= 0) {
                    t->pawn_from[by][c] |= 1ull << cc;
                    t->pawn_to[by][cc] |= 1ull << c;
                }
            }
        /* The eight starting squares of each side's pawns (Black's are
         * White's with ranks mirrored and four levels up). */
        for (int by = 0; by < 2; by++) {
            int rr = by ? 9 - r : r;
            if (rr == 1 && (f <= 1 || f >= 4)) t->pawn_start[by][c] |= (uint8_t)(1u << (by ? 7 : 3));
            if (rr == 2 && f >= 1 && f <= 4) t->pawn_start[by][c] |= (uint8_t)(1u << (by ? 6 : 2));
        }
    }
}

const cv_trid_lines *cv_trid__lines(void)
{
    pthread_once(&tables_once, fill);
    return &tables;
}
