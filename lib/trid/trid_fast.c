/* trid_fast: the set-based legal move generator, and the switch between
 * it and the reference one (trid.c).
 *
 * Where the reference spends its instructions: working out coordinates at
 * every step of a line, scanning the king's eight lines piece by piece to
 * see which moves might uncover it, and playing every doubtful move on a
 * copy of the position before scanning again for attacks.  Here lines and
 * steps come from per-cell tables (trid_lines.c); the position keeps, per
 * colour and piece type, the set of cells holding one (tcells), so an
 * attack test is a few set intersections, and a line is walked only when
 * a slider of the right kind stands on it.  A plain move out of check
 * that uncovers a line to the king is judged by walking that one line with
 * the move applied to the two cells it touches; only king-less, board,
 * en passant and castling moves, and every move in check, are still
 * played on a copy (the copy is then judged by the set-based attack test).
 *
 * The two generators must give the same moves in the same order:
 * tests/unit/t_tridgen.c checks it on the perft corpus and on random
 * games. */
#include "trid_int.h"
#include <stdlib.h>
#include <string.h>

/* -1 until the environment has been read. */
static int use_ref = -1;

int cv_trid_use_reference(int on)
{
    if (use_ref < 0) {
        const char *e = getenv("CVKIT_TRID_GEN");
        use_ref = e && strcmp(e, "reference") == 0;
    }
    int was = use_ref;
    if (on >= 0) use_ref = on != 0;
    return was;
}

int cv_trid_gen_legal(const cv_trid_pos *p, cv_trid_movelist *ml)
{
    if (use_ref < 0) cv_trid_use_reference(-1);
    return use_ref ? cv_trid__gen_legal_ref(p, ml) : cv_trid__gen_legal_fast(p, ml);
}

/* ---- pseudo-legal moves ---- */

static inline void gen_steps(const cv_trid_pos *p, cv_trid_movelist *ml, int from, const uint8_t *to, int n, int us)
{
    for (int i = 0; i < n; i++) {
        int cc = to[i];
        for (unsigned m = p->exist[cc] & ~(unsigned)p->occ[us][cc]; m; m &= m - 1)
            cv_trid__push(ml, from, cc * 8 + __builtin_ctz(m), CV_TRID_MK_NORMAL, 0);
    }
}

/* reach: the levels every cell passed so far lets through; the first cell
 * is a single step and always reached. */
static inline void gen_rides(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int c, int from,
                             int us, int d0, int dstep)
{
    for (int d = d0; d < 8; d += dstep) {
        const uint8_t *ln = t->line[c][d];
        unsigned reach = CV_TRID_LEVELS;
        for (int i = 0, n = t->len[c][d]; i < n; i++) {
            int cc = ln[i];
            for (unsigned m = p->exist[cc] & reach & ~(unsigned)p->occ[us][cc]; m; m &= m - 1)
                cv_trid__push(ml, from, cc * 8 + __builtin_ctz(m), CV_TRID_MK_NORMAL, 0);
            reach &= cv_trid__passmask(p, cc);
            if (!reach) break;
        }
    }
}

/* The reference generator's order: cells upward, levels upward, then en
 * passant, castling and board moves. */
static void gen_pseudo(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int check)
{
    int us = p->side;
    ml->n = 0;
    for (uint64_t cs = p->cells[us]; cs; cs &= cs - 1) {
        int c = __builtin_ctzll(cs);
        for (unsigned m = p->occ[us][c]; m; m &= m - 1) {
            int l = __builtin_ctz(m), from = c * 8 + l;
            switch (CV_TRID_TYPE(p->pc[c][l])) {
            case CV_TRID_PAWN: cv_trid__gen_pawn(p, ml, c, l, us); break;
            case CV_TRID_KNIGHT: gen_steps(p, ml, from, t->knight[c], t->knight_n[c], us); break;
            case CV_TRID_BISHOP: gen_rides(p, t, ml, c, from, us, 1, 2); break;
            case CV_TRID_ROOK: gen_rides(p, t, ml, c, from, us, 0, 2); break;
            case CV_TRID_QUEEN: gen_rides(p, t, ml, c, from, us, 0, 1); break;
            case CV_TRID_KING: gen_steps(p, ml, from, t->king[c], t->king_n[c], us); break;
            }
        }
    }
    cv_trid__gen_ep(p, ml, us);
    cv_trid__gen_castles(p, ml, us, check);
    cv_trid__gen_boards(p, ml, us);
}

/* ---- attacks ---- */

/* Is the square sq attacked by colour by, with the square (xc, xl) taken
 * as empty (the king leaving it; xc = -1 for none)?  As in the reference,
 * every piece of a cell acts from that cell whatever its level, and a
 * line is judged toward sq's level. */
static int attacked(const cv_trid_pos *p, const cv_trid_lines *t, int sq, int by, int xc, int xl)
{
    int c = sq >> 3;
    unsigned L = (unsigned)sq & 7;
    const uint64_t *tc = p->tcells[by];
    if ((t->pawn_from[by][c] & tc[CV_TRID_PAWN]) | (t->knight_set[c] & tc[CV_TRID_KNIGHT]) |
        (t->king_set[c] & tc[CV_TRID_KING]))
        return 1;
    uint64_t rq = tc[CV_TRID_ROOK] | tc[CV_TRID_QUEEN], bq = tc[CV_TRID_BISHOP] | tc[CV_TRID_QUEEN];
    for (int d = 0; d < 8; d++) {
        uint64_t sl = (d & 1) ? bq : rq;
        if (!(t->ray[c][d] & sl)) continue;
        const uint8_t *ln = t->line[c][d];
        for (int i = 0, n = t->len[c][d]; i < n; i++) {
            int cc = ln[i];
            if (sl >> cc & 1) return 1;
            unsigned oc = (unsigned)(p->occ[0][cc] | p->occ[1][cc]);
            if (cc == xc) oc &= ~(1u << xl);
            if (!(cv_trid__pass(&p->o, p->exist[cc], oc) >> L & 1)) break;
        }
    }
    return 0;
}

/* Out of check, a plain move by a piece other than the king from cell fc
 * (level fl) to tc (tl) can only uncover the king's line d through fc.
 * Walks that line with the move applied: the mover gone from fc, a piece
 * on tc's square, the piece taken there (if any) gone. */
static int uncovers(const cv_trid_pos *p, const cv_trid_lines *t, int k, int d, int fc, int fl, int tc, int tl)
{
    int them = !p->side, kc = k >> 3;
    unsigned L = (unsigned)k & 7;
    const uint64_t *tcs = p->tcells[them];
    uint64_t sl = tcs[(d & 1) ? CV_TRID_BISHOP : CV_TRID_ROOK] | tcs[CV_TRID_QUEEN];
    int line_type = (d & 1) ? CV_TRID_BISHOP : CV_TRID_ROOK;
    const uint8_t *ln = t->line[kc][d];
    for (int i = 0, n = t->len[kc][d]; i < n; i++) {
        int cc = ln[i];
        if (sl >> cc & 1) {
            if (cc != tc) return 1;
            /* The taken piece no longer attacks; another of the cell may. */
            for (unsigned m = p->occ[them][cc] & ~(1u << tl); m; m &= m - 1) {
                int ty = CV_TRID_TYPE(p->pc[cc][__builtin_ctz(m)]);
                if (ty == CV_TRID_QUEEN || ty == line_type) return 1;
            }
        }
        unsigned oc = (unsigned)(p->occ[0][cc] | p->occ[1][cc]);
        if (cc == fc) oc &= ~(1u << fl);
        if (cc == tc) oc |= 1u << tl;
        if (!(cv_trid__pass(&p->o, p->exist[cc], oc) >> L & 1)) return 0;
    }
    return 0;
}

static int safe_by_copy(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_move m)
{
    cv_trid_pos q = *p;
    cv_trid_make(&q, m);
    int k = q.king[p->side];
    return k < 0 || !attacked(&q, t, k, !p->side, -1, 0);
}

/* ---- legal moves ---- */

int cv_trid__gen_legal_fast(const cv_trid_pos *p, cv_trid_movelist *ml)
{
    const cv_trid_lines *t = cv_trid__lines();
    int k = p->king[p->side];
    if (k < 0) {
        gen_pseudo(p, t, ml, -1);
        return ml->n;
    }
    int them = !p->side, kc = k >> 3, kl = k & 7;
    int check = attacked(p, t, k, them, -1, 0);
    gen_pseudo(p, t, ml, check);
    /* Cells lying between the king and the farthest enemy slider of a
     * line's kind: only a move from one of them can uncover the king. */
    const uint64_t *tcs = p->tcells[them];
    uint64_t rq = tcs[CV_TRID_ROOK] | tcs[CV_TRID_QUEEN], bq = tcs[CV_TRID_BISHOP] | tcs[CV_TRID_QUEEN];
    uint64_t danger = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t s = t->ray[kc][d] & ((d & 1) ? bq : rq);
        if (!s) continue;
        int far = (d <= 2 || d == 7) ? 63 - __builtin_clzll(s) : __builtin_ctzll(s);
        danger |= t->ray[kc][d] & ~t->ray[far][d] & ~(1ull << far);
    }
    int n = 0;
    for (int i = 0; i < ml->n; i++) {
        cv_trid_move m = ml->m[i];
        int ok;
        if (m.kind == CV_TRID_MK_NORMAL || m.kind == CV_TRID_MK_DOUBLE) {
            int fc = m.from >> 3;
            if (m.from == k) {
                ok = !attacked(p, t, m.to, them, kc, kl);
            } else if (check) {
                ok = safe_by_copy(p, t, m);
            } else if (!(danger >> fc & 1)) {
                ok = 1;
            } else {
                int d = 0;
                while (!(t->ray[kc][d] >> fc & 1)) d++;
                ok = !uncovers(p, t, k, d, fc, m.from & 7, m.to >> 3, m.to & 7);
            }
        } else {
            ok = safe_by_copy(p, t, m);
        }
        if (ok) ml->m[n++] = m;
    }
    ml->n = n;
    return n;
}
