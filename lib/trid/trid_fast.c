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
 * a slider of the right kind stands on it.  Out of check, only a piece
 * standing between the king and an enemy slider needs a look, and only
 * when the line opens with it gone; its moves are then judged by walking
 * that one line with the move applied.  King steps, moves in check and
 * castling and en passant are judged by attack tests with the move's few
 * changes applied; only board moves are still played on a copy.  At
 * perft's last ply the moves of pieces that need no look are counted, not
 * listed.
 *
 * The two generators must give the same moves in the same order:
 * tests/unit/t_tridgen.c checks it on the perft corpus and on random
 * games. */
#include "trid_int.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* -1 until the environment has been read.  Atomic because the tools may
 * count from several threads; relaxed loads cost what plain ones do. */
static _Atomic int use_ref = -1;

int cv_trid_use_reference(int on)
{
    int was = atomic_load_explicit(&use_ref, memory_order_relaxed);
    if (was < 0) {
        const char *e = getenv("CVKIT_TRID_GEN");
        was = e && strcmp(e, "reference") == 0;
    }
    atomic_store_explicit(&use_ref, on >= 0 ? on != 0 : was, memory_order_relaxed);
    return was;
}

static inline int reference(void)
{
    int r = atomic_load_explicit(&use_ref, memory_order_relaxed);
    return r >= 0 ? r : cv_trid_use_reference(-1);
}

int cv_trid_gen_legal(const cv_trid_pos *p, cv_trid_movelist *ml)
{
    return reference() ? cv_trid__gen_legal_ref(p, ml) : cv_trid__gen_legal_fast(p, ml);
}

int cv_trid_count_legal(const cv_trid_pos *p)
{
    if (!reference()) return cv_trid__count_legal_fast(p);
    cv_trid_movelist ml;
    return cv_trid__gen_legal_ref(p, &ml);
}

/* ---- targets ----
 * Each generator below either pushes its moves (list) or, for a piece
 * whose every pseudo-legal move is known to be legal, only counts them
 * (counting; perft's last ply needs no more).  ALWAYS_INLINE makes the
 * compiler build one copy per mode, so neither pays for the other. */
#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Levels are 8-bit sets; the build targets no particular processor, so
 * __builtin_popcount would be a library call: a table instead. */
#define POP2(n) n, n + 1, n + 1, n + 2
#define POP4(n) POP2(n), POP2(n + 1), POP2(n + 1), POP2(n + 2)
#define POP6(n) POP4(n), POP4(n + 1), POP4(n + 1), POP4(n + 2)
static const uint8_t pop8_table[256] = { POP6(0), POP6(1), POP6(1), POP6(2) };
static inline int pop8(unsigned x) { return pop8_table[x & 0xFFu]; }

ALWAYS_INLINE int emit(cv_trid_movelist *ml, int from, int cc, unsigned m, int kind, int count)
{
    if (count) return pop8(m);
    for (; m; m &= m - 1) cv_trid__push(ml, from, cc * 8 + __builtin_ctz(m), kind, 0);
    return 0;
}

ALWAYS_INLINE int gen_steps(const cv_trid_pos *p, cv_trid_movelist *ml, int from, const uint8_t *to, int n, int us,
                            int count)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int cc = to[i];
        k += emit(ml, from, cc, p->exist[cc] & ~(unsigned)p->occ[us][cc], CV_TRID_MK_NORMAL, count);
    }
    return k;
}

/* reach: the levels every cell passed so far lets through; the first cell
 * is a single step and always reached. */
ALWAYS_INLINE int gen_rides(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int c, int from,
                            int us, int d0, int dstep, int count)
{
    int k = 0;
    for (int d = d0; d < 8; d += dstep) {
        const uint8_t *ln = t->line[c][d];
        unsigned reach = CV_TRID_LEVELS;
        for (int i = 0, n = t->len[c][d]; i < n; i++) {
            int cc = ln[i];
            k += emit(ml, from, cc, p->exist[cc] & reach & ~(unsigned)p->occ[us][cc], CV_TRID_MK_NORMAL, count);
            reach &= cv_trid__passmask(p, cc);
            if (!reach) break;
        }
    }
    return k;
}

/* Levels of cell cc on which a pawn of colour us promotes, as
 * promo_sq_pins() in trid.c decides: fixed ranks (rank 8 only on level 6,
 * Black's rank 1 only on level 2), or the file's true last rank with the
 * boards as they stand. */
static inline unsigned promo_levels(const cv_trid_pos *p, int us, int cc)
{
    int r = cc / 6;
    if (us ? r > 1 : r < 8) return 0;
    if (p->o.promo == CV_TRID_PROMO_FIXED) {
        if (us ? r == 0 : r == 9) return CV_TRID_LEVELS;
        return 1u << (us ? 2 : 6);
    }
    int f = cc % 6, last;
    if (f == 2 || f == 3) last = us ? 1 : 8;
    else if (f == 0 || f == 5) last = us ? 0 : 9;
    else {
        int covered = p->pinboard[us ? (f == 4) : 10 + (f == 4)] >= 0;
        last = us ? (covered ? 0 : 1) : (covered ? 9 : 8);
    }
    return (us ? r <= last : r >= last) ? CV_TRID_LEVELS : 0;
}

static const uint8_t promo_order[4] = { CV_TRID_QUEEN, CV_TRID_ROOK, CV_TRID_BISHOP, CV_TRID_KNIGHT };

ALWAYS_INLINE int emit_pawn(const cv_trid_pos *p, cv_trid_movelist *ml, int from, int cc, unsigned m, int us, int count)
{
    unsigned pm = m ? promo_levels(p, us, cc) : 0;
    if (count) {
        if (!pm) return pop8(m);
        int kinds = pop8(p->o.promo_types & (1u << CV_TRID_KNIGHT | 1u << CV_TRID_BISHOP | 1u << CV_TRID_ROOK |
                                             1u << CV_TRID_QUEEN));
        return pop8(m & ~pm) + kinds * pop8(m & pm);
    }
    for (; m; m &= m - 1) {
        int l = __builtin_ctz(m), to = cc * 8 + l;
        if (!(pm >> l & 1)) {
            cv_trid__push(ml, from, to, CV_TRID_MK_NORMAL, 0);
            continue;
        }
        for (int i = 0; i < 4; i++)
            if (p->o.promo_types >> promo_order[i] & 1) cv_trid__push(ml, from, to, CV_TRID_MK_NORMAL, promo_order[i]);
    }
    return 0;
}

/* The reference's order: straight ahead, the capture toward file a, the
 * one toward file f, the double step. */
ALWAYS_INLINE int gen_pawn(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int c, int l, int us,
                           int count)
{
    int ahead = us ? 4 : 0, from = c * 8 + l, k = 0;
    if (!t->len[c][ahead]) return 0;
    int c1 = t->line[c][ahead][0];
    unsigned all1 = (unsigned)(p->occ[0][c1] | p->occ[1][c1]);
    k += emit_pawn(p, ml, from, c1, p->exist[c1] & ~all1, us, count);
    static const int8_t capture_dir[2][2] = { { 7, 1 }, { 5, 3 } };
    for (int i = 0; i < 2; i++) {
        int d = capture_dir[us][i];
        if (!t->len[c][d]) continue;
        int cc = t->line[c][d][0];
        k += emit_pawn(p, ml, from, cc, p->occ[!us][cc], us, count);
    }
    if ((t->pawn_start[us][c] >> l & 1) && t->len[c][ahead] >= 2) {
        int c2 = t->line[c][ahead][1];
        unsigned free2 = p->exist[c2] & ~(unsigned)(p->occ[0][c2] | p->occ[1][c2]);
        k += emit(ml, from, c2, free2 & cv_trid__passmask(p, c1), CV_TRID_MK_DOUBLE, count);
    }
    return k;
}

/* One piece's pseudo-legal moves: pushed, or counted when count. */
ALWAYS_INLINE int gen_piece(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int c, int l, int us,
                            int count)
{
    int from = c * 8 + l;
    switch (CV_TRID_TYPE(p->pc[c][l])) {
    case CV_TRID_PAWN: return gen_pawn(p, t, ml, c, l, us, count);
    case CV_TRID_KNIGHT: return gen_steps(p, ml, from, t->knight[c], t->knight_n[c], us, count);
    case CV_TRID_BISHOP: return gen_rides(p, t, ml, c, from, us, 1, 2, count);
    case CV_TRID_ROOK: return gen_rides(p, t, ml, c, from, us, 0, 2, count);
    case CV_TRID_QUEEN: return gen_rides(p, t, ml, c, from, us, 0, 1, count);
    case CV_TRID_KING: return gen_steps(p, ml, from, t->king[c], t->king_n[c], us, count);
    }
    return 0;
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

/* The levels of cell c on which a square would be attacked by colour by,
 * (xc, xl) taken as empty: attacked() for all seven levels in one pass,
 * each line's walk keeping the levels it still reaches, as a ride does. */
static unsigned attacked_levels(const cv_trid_pos *p, const cv_trid_lines *t, int c, int by, int xc, int xl)
{
    const uint64_t *tc = p->tcells[by];
    if ((t->pawn_from[by][c] & tc[CV_TRID_PAWN]) | (t->knight_set[c] & tc[CV_TRID_KNIGHT]) |
        (t->king_set[c] & tc[CV_TRID_KING]))
        return CV_TRID_LEVELS;
    uint64_t rq = tc[CV_TRID_ROOK] | tc[CV_TRID_QUEEN], bq = tc[CV_TRID_BISHOP] | tc[CV_TRID_QUEEN];
    unsigned hit = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t sl = (d & 1) ? bq : rq;
        if (!(t->ray[c][d] & sl)) continue;
        const uint8_t *ln = t->line[c][d];
        unsigned reach = CV_TRID_LEVELS;
        for (int i = 0, n = t->len[c][d]; i < n; i++) {
            int cc = ln[i];
            if (sl >> cc & 1) {
                hit |= reach;
                break;
            }
            unsigned oc = (unsigned)(p->occ[0][cc] | p->occ[1][cc]);
            if (cc == xc) oc &= ~(1u << xl);
            reach &= cv_trid__pass(&p->o, p->exist[cc], oc);
            if (!reach) break;
        }
    }
    return hit;
}

/* Out of check, a plain move by a piece other than the king from cell fc
 * (level fl) to tc (tl) can only uncover the king's line d through fc.
 * Walks that line with the move applied: the mover gone from fc, a piece
 * on tc's square, the piece taken there (if any) gone.  tc = -1 asks
 * about the mover gone and nothing else. */
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

/* Is the king on k attacked once a move of a piece other than the king
 * goes from (fc, fl) to (tc, tl), taking the enemy piece on (ec, el) if
 * any ((tc, tl) itself for a plain move, the pawn passed for en passant)?
 * Such a move changes only those cells' occupancy and takes at most that
 * piece: the position's attack test with those changes, without playing
 * the move on a copy. */
static int attacked_after(const cv_trid_pos *p, const cv_trid_lines *t, int k, int fc, int fl, int tc, int tl,
                          int ec, int el)
{
    int them = !p->side, c = k >> 3;
    unsigned L = (unsigned)k & 7;
    uint64_t tcs[8];
    memcpy(tcs, p->tcells[them], sizeof tcs);
    uint8_t taken = p->pc[ec][el];
    if (taken) {
        /* The taken piece's type leaves ec unless another level holds one. */
        int ty = CV_TRID_TYPE(taken), other = 0;
        for (unsigned m = p->occ[them][ec] & ~(1u << el); m; m &= m - 1)
            other |= CV_TRID_TYPE(p->pc[ec][__builtin_ctz(m)]) == ty;
        if (!other) tcs[ty] &= ~(1ull << ec);
    }
    if ((t->pawn_from[them][c] & tcs[CV_TRID_PAWN]) | (t->knight_set[c] & tcs[CV_TRID_KNIGHT]) |
        (t->king_set[c] & tcs[CV_TRID_KING]))
        return 1;
    uint64_t rq = tcs[CV_TRID_ROOK] | tcs[CV_TRID_QUEEN], bq = tcs[CV_TRID_BISHOP] | tcs[CV_TRID_QUEEN];
    for (int d = 0; d < 8; d++) {
        uint64_t sl = (d & 1) ? bq : rq;
        if (!(t->ray[c][d] & sl)) continue;
        const uint8_t *ln = t->line[c][d];
        for (int i = 0, n = t->len[c][d]; i < n; i++) {
            int cc = ln[i];
            if (sl >> cc & 1) return 1;
            unsigned oc = (unsigned)(p->occ[0][cc] | p->occ[1][cc]);
            if (cc == fc) oc &= ~(1u << fl);
            if (cc == ec) oc &= ~(1u << el);
            if (cc == tc) oc |= 1u << tl;
            if (!(cv_trid__pass(&p->o, p->exist[cc], oc) >> L & 1)) break;
        }
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

/* Keeps the legal ones of the moves ml->m[start..]: a king step (should
 * one come here; gen_king() handles them) by an attack test with the
 * king's square taken as empty; a plain move in
 * check by the attack test with the move's changes applied; out of check,
 * a plain move from a cell on the king's line d (d >= 0: the caller found
 * the piece shields the king) by walking that line; castling by an attack
 * test on the king's new square; en passant by the attack test with its
 * three squares changed; board moves by playing them on a copy. */
static void filter(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int start, int k, int check, int d)
{
    int them = !p->side, kc = k >> 3, kl = k & 7, n = start;
    for (int i = start; i < ml->n; i++) {
        cv_trid_move m = ml->m[i];
        int ok;
        if (m.kind == CV_TRID_MK_NORMAL || m.kind == CV_TRID_MK_DOUBLE) {
            if (m.from == k) ok = !attacked(p, t, m.to, them, kc, kl);
            else if (check)
                ok = !attacked_after(p, t, k, m.from >> 3, m.from & 7, m.to >> 3, m.to & 7, m.to >> 3, m.to & 7);
            else if (d < 0) ok = 1;
            else ok = !uncovers(p, t, k, d, m.from >> 3, m.from & 7, m.to >> 3, m.to & 7);
        } else if (m.kind == CV_TRID_MK_CASTLE_K || m.kind == CV_TRID_MK_CASTLE_Q) {
            /* Castling leaves every cell as full as it was, but for the
             * queen's rook's corner cell, which ends the line west of the
             * king's new square: only that square needs a look. */
            ok = !attacked(p, t, m.to, them, -1, 0);
        } else if (m.kind == CV_TRID_MK_EP) {
            ok = !attacked_after(p, t, k, m.from >> 3, m.from & 7, m.to >> 3, m.to & 7, p->ep >> 3, p->ep & 7);
        } else {
            ok = safe_by_copy(p, t, m);  /* a board move changes which squares exist */
        }
        if (ok) ml->m[n++] = m;
    }
    ml->n = n;
}

/* The king's legal steps, in gen_steps()'s order: per target cell, the
 * levels no enemy attacks once the king has left its square. */
ALWAYS_INLINE int gen_king(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int c, int l, int us,
                           int count)
{
    int from = c * 8 + l, k = 0;
    for (int i = 0, n = t->king_n[c]; i < n; i++) {
        int cc = t->king[c][i];
        unsigned m = p->exist[cc] & ~(unsigned)p->occ[us][cc];
        if (m) m &= ~attacked_levels(p, t, cc, !us, c, l);
        k += emit(ml, from, cc, m, CV_TRID_MK_NORMAL, count);
    }
    return k;
}

/* Legal moves in the reference's order (list), or only their number
 * (count; ml is then scratch).  A piece other than the king, out of check
 * and off every cell between the king and an enemy slider of the line's
 * kind, cannot expose its king: its moves are all legal unseen. */
ALWAYS_INLINE int gen_legal(const cv_trid_pos *p, cv_trid_movelist *ml, int count)
{
    const cv_trid_lines *t = cv_trid__lines();
    int us = p->side, them = !us, k = p->king[us];
    ml->n = 0;
    if (k < 0) {
        /* No king (or several): every pseudo-legal move stands. */
        for (uint64_t cs = p->cells[us]; cs; cs &= cs - 1) {
            int c = __builtin_ctzll(cs);
            for (unsigned m = p->occ[us][c]; m; m &= m - 1) gen_piece(p, t, ml, c, __builtin_ctz(m), us, 0);
        }
        cv_trid__gen_ep(p, ml, us);
        cv_trid__gen_castles(p, ml, us, -1);
        cv_trid__gen_boards(p, ml, us);
        return ml->n;
    }
    int kc = k >> 3, check = attacked(p, t, k, them, -1, 0);
    const uint64_t *tcs = p->tcells[them];
    uint64_t rq = tcs[CV_TRID_ROOK] | tcs[CV_TRID_QUEEN], bq = tcs[CV_TRID_BISHOP] | tcs[CV_TRID_QUEEN];
    uint64_t danger = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t s = t->ray[kc][d] & ((d & 1) ? bq : rq);
        if (!s) continue;
        int far = (d <= 2 || d == 7) ? 63 - __builtin_clzll(s) : __builtin_ctzll(s);
        danger |= t->ray[kc][d] & ~t->ray[far][d] & ~(1ull << far);
    }
    /* Cells whose pieces need a closer look: all in check, else the
     * king's and the danger cells. */
    uint64_t doubtful = check ? ~0ull : danger | 1ull << kc;
    int counted = 0;
    for (uint64_t cs = p->cells[us]; cs; cs &= cs - 1) {
        int c = __builtin_ctzll(cs);
        for (unsigned m = p->occ[us][c]; m; m &= m - 1) {
            int l = __builtin_ctz(m), d = -1;
            if (!(doubtful >> c & 1)) {
                counted += gen_piece(p, t, ml, c, l, us, count);
                continue;
            }
            if (c * 8 + l == k) {
                counted += gen_king(p, t, ml, c, l, us, count);
                continue;
            }
            int shields = 0;
            if (!check && c != kc) {
                /* A piece on a danger cell that does not shield the king
                 * (the line stays shut with it gone) may go anywhere: its
                 * target only fills a cell, and a piece taken there is
                 * replaced by it. */
                for (d = 0; !(t->ray[kc][d] >> c & 1); d++) {}
                shields = uncovers(p, t, k, d, c, l, -1, 0);
            }
            if (!check && !shields && c * 8 + l != k) {
                /* Unshielding, or in the king's cell (shielding nothing). */
                counted += gen_piece(p, t, ml, c, l, us, count);
                continue;
            }
            int start = ml->n;
            gen_piece(p, t, ml, c, l, us, 0);
            filter(p, t, ml, start, k, check, d);
        }
    }
    int start = ml->n;
    cv_trid__gen_ep(p, ml, us);
    cv_trid__gen_castles(p, ml, us, check);
    cv_trid__gen_boards(p, ml, us);
    filter(p, t, ml, start, k, check, -1);
    return ml->n + counted;
}

int cv_trid__gen_legal_fast(const cv_trid_pos *p, cv_trid_movelist *ml) { return gen_legal(p, ml, 0); }

int cv_trid__count_legal_fast(const cv_trid_pos *p)
{
    cv_trid_movelist ml;
    return gen_legal(p, &ml, 1);
}
