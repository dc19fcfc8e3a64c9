/* trid_fast: the set-based legal move generator, and the switch between
 * it and the reference one (trid.c).
 *
 * Where the reference spends its instructions: working out coordinates at
 * every step of a line, scanning the king's eight lines piece by piece to
 * see which moves might uncover it, and playing every doubtful move on a
 * copy of the position before scanning again for attacks.  Here lines and
 * steps come from per-cell tables (trid_lines.c); the position keeps, per
 * colour and piece type, the set of cells holding one (tcells), and per
 * level the cells that have a square there and those occupied (lexist,
 * locc), so an attack test is set intersections and, per line with a
 * slider of its kind, one cut at the nearest cell that holds it or stops
 * a ride toward the target's level.  Out of check, only a piece standing
 * between the king and an enemy slider needs a look, and only when the
 * line opens with it gone.  Every doubtful move (king steps, moves in
 * check, castling, en passant, board moves) is judged by an attack test
 * with the move's few changes applied; no position is copied.  At perft's
 * last ply the moves of pieces that need no look are counted, not listed,
 * by type and cell (count_plain()).
 * Pieces' own rides still walk their lines: docs/trid-movegen.md has the
 * measurement that kept them.
 *
 * The two generators must give the same moves in the same order, and the
 * count the list's length: tests/unit/t_tridgen.c checks both on the perft
 * corpus and on random games. */
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

int cv_trid__ref(void) { return reference(); }

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
 * is a single step and always reached.  dead: cells that neither hold a
 * target nor let a ride through (see gen_legal()), so a line that starts
 * on one gives nothing. */
ALWAYS_INLINE int gen_rides(const cv_trid_pos *p, const cv_trid_lines *t, cv_trid_movelist *ml, int c, int from,
                            int us, int d0, int dstep, uint64_t dead, int count)
{
    int k = 0;
    if (!(t->king_set[c] & ~dead)) return 0;
    for (int d = d0; d < 8; d += dstep) {
        const uint8_t *ln = t->line[c][d];
        if (!t->len[c][d] || (dead >> ln[0] & 1)) continue;
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
    /* Most pawns have nothing to take: one intersection says so. */
    for (int i = 0; i < 2 && (t->pawn_to[us][c] & p->cells[!us]); i++) {
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
                            uint64_t dead, int count)
{
    int from = c * 8 + l;
    switch (CV_TRID_TYPE(p->pc[c][l])) {
    case CV_TRID_PAWN: return gen_pawn(p, t, ml, c, l, us, count);
    case CV_TRID_KNIGHT:
        if (!(t->knight_set[c] & ~dead)) return 0;
        return gen_steps(p, ml, from, t->knight[c], t->knight_n[c], us, count);
    case CV_TRID_BISHOP: return gen_rides(p, t, ml, c, from, us, 1, 2, dead, count);
    case CV_TRID_ROOK: return gen_rides(p, t, ml, c, from, us, 0, 2, dead, count);
    case CV_TRID_QUEEN: return gen_rides(p, t, ml, c, from, us, 0, 1, dead, count);
    case CV_TRID_KING: return gen_steps(p, ml, from, t->king[c], t->king_n[c], us, count);
    }
    return 0;
}

/* ---- attacks ----
 * A Tri-D attack does not care about the attacker's level: every piece of
 * a cell acts from that cell, and a line is judged toward the level of the
 * square attacked.  So a test is the leapers' cell sets against per-cell
 * tables, then, per line holding a slider of the line's kind, the nearest
 * cell that holds one or stops a ride toward that level: the line attacks
 * when that cell holds the slider.  No line is walked. */

/* The blocking rule for every cell at once, from the per-level existence
 * and occupancy sets, in two steps: sums over the levels, then the cells
 * that pass toward one level.  cv_trid__pass() is the same rule for one
 * cell; t_tridgen holds the two forms to the same moves under every
 * option. */
typedef struct level_sums {
    uint64_t fr;    /* cells with an empty square */
    uint64_t open;  /* cells with squares and no piece */
    uint64_t vd;    /* cells without squares, when they let a ride through */
} level_sums;

static inline void sum_levels(const cv_trid_opts *o, const uint64_t ex[8], const uint64_t oc0[8],
                              const uint64_t oc1[8], level_sums *s)
{
    uint64_t any = 0, full = 0, fr = 0;
    for (int L = 1; L <= 7; L++) {
        uint64_t oc = oc0[L] | oc1[L];
        any |= ex[L];
        full |= oc;
        fr |= ex[L] & ~oc;
    }
    s->fr = fr;
    s->open = any & ~full;
    /* Cells beyond the 60 are in no line, so ~any may keep them. */
    s->vd = o->void_passes ? ~any : 0;
}

/* Cells through which a ride heading for level L passes, given that
 * level's existence and occupancy (both colours). */
static inline uint64_t level_pass(const cv_trid_opts *o, const level_sums *s, uint64_t exL, uint64_t ocL)
{
    switch (o->block) {
    case CV_TRID_BLOCK_LEVEL: return (exL & ~ocL) | (~exL & s->fr) | s->vd;
    case CV_TRID_BLOCK_ANY_PIECE: return s->open | s->vd;
    default: return s->fr | s->vd;
    }
}

/* What the tests below share for one position. */
typedef struct ctx {
    const cv_trid_pos *p;
    const cv_trid_lines *t;
} ctx;

/* The level sums of the position as it stands: the position keeps them
 * per cell (cell_sums() in trid.c), so they cost a few operations. */
static inline void pos_sums(const cv_trid_pos *p, level_sums *s)
{
    s->fr = p->cfree;
    s->open = p->cany & ~(p->cells[0] | p->cells[1]);
    s->vd = p->o.void_passes ? ~p->cany : 0;
}

static inline uint64_t pass_toward(ctx *x, unsigned L)
{
    const cv_trid_pos *p = x->p;
    level_sums s;
    pos_sums(p, &s);
    return level_pass(&p->o, &s, p->lexist[L], p->locc[0][L] | p->locc[1][L]);
}

/* pass toward level L with cell c's occupancy changed: the levels of
 * clear emptied, those of set filled. */
static inline uint64_t repass(const cv_trid_pos *p, uint64_t pass, unsigned L, int c, unsigned clear, unsigned set)
{
    unsigned oc = ((unsigned)(p->occ[0][c] | p->occ[1][c]) & ~clear) | set;
    return (pass & ~(1ull << c)) | (uint64_t)(cv_trid__pass(&p->o, p->exist[c], oc) >> L & 1) << c;
}

static inline int ray_hits(const cv_trid_lines *t, int c, int d, uint64_t sl, uint64_t pass)
{
    uint64_t stop = t->ray[c][d] & (sl | ~pass);
    if (!stop) return 0;
    uint64_t near = (d <= 2 || d == 7) ? stop & (0 - stop) : 1ull << (63 - __builtin_clzll(stop));
    return (sl & near) != 0;
}

static inline int leapers_hit(const cv_trid_lines *t, int c, const uint64_t tc[8], int by)
{
    return ((t->pawn_from[by][c] & tc[CV_TRID_PAWN]) | (t->knight_set[c] & tc[CV_TRID_KNIGHT]) |
            (t->king_set[c] & tc[CV_TRID_KING])) != 0;
}

/* The cells of tc's rooks, bishops and queens on a line through cell c
 * of their kind.  When there is none, no pass set is needed. */
static inline uint64_t sliders_on(const cv_trid_lines *t, int c, const uint64_t tc[8])
{
    return (t->orth[c] & (tc[CV_TRID_ROOK] | tc[CV_TRID_QUEEN])) |
           (t->diag[c] & (tc[CV_TRID_BISHOP] | tc[CV_TRID_QUEEN]));
}

/* Only the rays holding one of those sliders are looked at, each once. */
static inline int sliders_hit(const cv_trid_lines *t, int c, const uint64_t tc[8], uint64_t pass)
{
    uint64_t rq = tc[CV_TRID_ROOK] | tc[CV_TRID_QUEEN], bq = tc[CV_TRID_BISHOP] | tc[CV_TRID_QUEEN];
    for (uint64_t on = (t->orth[c] & rq) | (t->diag[c] & bq); on;) {
        int d = t->dir[c][__builtin_ctzll(on)];
        if (ray_hits(t, c, d, (d & 1) ? bq : rq, pass)) return 1;
        on &= ~t->ray[c][d];
    }
    return 0;
}

/* The attackers' type sets tcs once the piece on (c, l) is taken: its type
 * leaves cell c unless another level of c holds one. */
static inline void take(const cv_trid_pos *p, uint64_t tcs[8], int c, int l)
{
    uint8_t taken = p->pc[c][l];
    if (!taken) return;
    int ty = CV_TRID_TYPE(taken);
    for (unsigned m = p->occ[CV_TRID_COLOR(taken)][c] & ~(1u << l); m; m &= m - 1)
        if (CV_TRID_TYPE(p->pc[c][__builtin_ctz(m)]) == ty) return;
    tcs[ty] &= ~(1ull << c);
}

/* Is the square sq attacked by colour by, with the square (xc, xl) taken
 * as empty (the king leaving it; xc = -1 for none)? */
static int attacked(ctx *x, int sq, int by, int xc, int xl)
{
    const cv_trid_pos *p = x->p;
    int c = sq >> 3;
    unsigned L = (unsigned)sq & 7;
    const uint64_t *tc = p->tcells[by];
    if (leapers_hit(x->t, c, tc, by)) return 1;
    if (!sliders_on(x->t, c, tc)) return 0;
    uint64_t pass = pass_toward(x, L);
    if (xc >= 0) pass = repass(p, pass, L, xc, 1u << xl, 0);
    return sliders_hit(x->t, c, tc, pass);
}

/* Those of the levels want of cell c on which a square would be attacked
 * by colour by, (xc, xl) taken as empty. */
static unsigned attacked_levels(ctx *x, int c, int by, int xc, int xl, unsigned want)
{
    const uint64_t *tc = x->p->tcells[by];
    if (leapers_hit(x->t, c, tc, by)) return want;
    if (!sliders_on(x->t, c, tc)) return 0;
    unsigned hit = 0;
    for (; want; want &= want - 1) {
        unsigned L = (unsigned)__builtin_ctz(want);
        if (sliders_hit(x->t, c, tc, repass(x->p, pass_toward(x, L), L, xc, 1u << xl, 0))) hit |= 1u << L;
    }
    return hit;
}

/* Out of check, a plain move by a piece other than the king from cell fc
 * (level fl) to tc (tl) can only uncover the king's line d through fc.
 * Tests that line with the move applied: the mover gone from fc, a piece
 * on tc's square, the piece taken there (if any) gone.  tc = -1 asks
 * about the mover gone and nothing else. */
static int uncovers(ctx *x, int k, int d, int fc, int fl, int tc, int tl)
{
    const cv_trid_pos *p = x->p;
    int them = !p->side, ty = (d & 1) ? CV_TRID_BISHOP : CV_TRID_ROOK;
    unsigned L = (unsigned)k & 7;
    uint64_t pass = repass(p, pass_toward(x, L), L, fc, 1u << fl, 0), sl;
    if (tc >= 0) {
        pass = repass(p, pass, L, tc, 0, 1u << tl);
        uint64_t tcs[8];
        memcpy(tcs, p->tcells[them], sizeof tcs);
        take(p, tcs, tc, tl);
        sl = tcs[ty] | tcs[CV_TRID_QUEEN];
    } else {
        sl = p->tcells[them][ty] | p->tcells[them][CV_TRID_QUEEN];
    }
    return ray_hits(x->t, k >> 3, d, sl, pass);
}

/* Is the king on k attacked once a move of a piece other than the king
 * goes from (fc, fl) to (tc, tl), taking the enemy piece on (ec, el) if
 * any ((tc, tl) itself for a plain move, the pawn passed for en passant)?
 * Such a move changes only those cells' occupancy and takes at most that
 * piece: the position's attack test with those changes. */
static int attacked_after(ctx *x, int k, int fc, int fl, int tc, int tl, int ec, int el)
{
    const cv_trid_pos *p = x->p;
    int them = !p->side, c = k >> 3;
    unsigned L = (unsigned)k & 7;
    uint64_t tcs[8];
    memcpy(tcs, p->tcells[them], sizeof tcs);
    take(p, tcs, ec, el);
    if (leapers_hit(x->t, c, tcs, them)) return 1;
    uint64_t pass = repass(p, pass_toward(x, L), L, fc, 1u << fl, 0);
    if (ec != tc) pass = repass(p, pass, L, ec, 1u << el, 0);
    pass = repass(p, pass, L, tc, 0, 1u << tl);
    return sliders_hit(x->t, c, tcs, pass);
}

/* Does board move m leave its mover's king unattacked?  A board carries
 * at most one piece, and under every load rule it is the mover's; the
 * move changes which squares exist on the two places, where that piece
 * stands, and the type of a pawn it promotes, carried or left on the
 * corner.  The attack test runs on the level sets with those changes
 * (written for a carried piece of either colour, should a load rule ever
 * allow one). */
static int board_move_safe(const ctx *x, cv_trid_move m)
{
    static const int8_t off[4] = { 0, 1, 6, 7 };
    const cv_trid_pos *p = x->p;
    int us = p->side, them = !us, inv = p->board[m.board].inverted, k = p->king[us];
    int l0 = cv_trid_pin_level(m.from, inv), l1 = cv_trid_pin_level(m.to, inv);
    int c0 = cv_trid__pin_cell0(m.from), c1 = cv_trid__pin_cell0(m.to);
    uint64_t ex[8], oc[2][8], tcs[8];
    memcpy(ex, p->lexist, sizeof ex);
    memcpy(oc, p->locc, sizeof oc);
    memcpy(tcs, p->tcells[them], sizeof tcs);
    ex[l0] &= ~(0x3ull << c0 | 0x3ull << (c0 + 6));
    ex[l1] |= 0x3ull << c1 | 0x3ull << (c1 + 6);
    for (int i = 0; i < 4; i++) {
        uint8_t pc = p->pc[c0 + off[i]][l0];
        if (!pc) continue;
        int col = CV_TRID_COLOR(pc), ty = CV_TRID_TYPE(pc), to = c1 + off[i];
        if (ty == CV_TRID_PAWN && m.promo) ty = m.promo;
        oc[col][l0] &= ~(1ull << (c0 + off[i]));
        oc[col][l1] |= 1ull << to;
        if (col == us && ty == CV_TRID_KING) k = to * 8 + l1;
        if (col == them) {
            take(p, tcs, c0 + off[i], l0);
            tcs[ty] |= 1ull << to;
        }
    }
    if (m.promo2) {
        int corner = cv_trid_pin_corner(m.from) * 8 + cv_trid_pin_main_level(m.from);
        uint8_t pc = cv_trid_at(p, corner);
        if (pc == CV_TRID_PIECE(CV_TRID_PAWN, them)) {
            take(p, tcs, corner >> 3, corner & 7);
            tcs[m.promo2] |= 1ull << (corner >> 3);
        }
    }
    int c = k >> 3, L = k & 7;
    if (leapers_hit(x->t, c, tcs, them)) return 0;
    level_sums s;
    sum_levels(&p->o, ex, oc[0], oc[1], &s);
    return !sliders_hit(x->t, c, tcs, level_pass(&p->o, &s, ex[L], oc[0][L] | oc[1][L]));
}

/* ---- counting the pieces that need no look ----
 * A piece's moves do not depend on its level (every line, step and leap
 * starts from its cell, and no target lies in its own cell), but for a
 * pawn's double step, which only its starting squares have.  So at
 * perft's last ply the pieces off the doubtful cells are counted by type:
 * per cell holding one, the count of one piece times the pieces of that
 * type there (most often one).  Set tests first drop the pieces that
 * cannot move at all, which in the opening are most of them. */

/* Cells of the 6 x 10 projection on file a and on file f. */
#define FILE_A 0x041041041041041ull
#define FILE_F (FILE_A << 5)

/* How many of the pieces of colour us in cell c are of type ty. */
static inline int pieces_of(const cv_trid_pos *p, int c, int us, int ty)
{
    unsigned lv = p->occ[us][c];
    if (!(lv & (lv - 1))) return 1;
    int n = 0;
    for (; lv; lv &= lv - 1) n += CV_TRID_TYPE(p->pc[c][__builtin_ctz(lv)]) == ty;
    return n;
}

/* The targets of a step or leap from a cell: its cells that are not dead
 * (a dead cell holds no target). */
static inline int count_steps(const cv_trid_pos *p, uint64_t to, int us)
{
    int k = 0;
    for (; to; to &= to - 1) {
        int cc = __builtin_ctzll(to);
        k += pop8(p->exist[cc] & ~(unsigned)p->occ[us][cc]);
    }
    return k;
}

/* The ride targets from cell c along the lines starting at the cells of
 * first (gen_rides()'s walk, in another order). */
static inline int count_rides(const cv_trid_pos *p, const cv_trid_lines *t, int c, int us, uint64_t first)
{
    int k = 0;
    for (; first; first &= first - 1) {
        int d = t->dir[c][__builtin_ctzll(first)];
        const uint8_t *ln = t->line[c][d];
        unsigned reach = CV_TRID_LEVELS;
        for (int i = 0, n = t->len[c][d]; i < n; i++) {
            int cc = ln[i];
            k += pop8(p->exist[cc] & reach & ~(unsigned)p->occ[us][cc]);
            reach &= cv_trid__passmask(p, cc);
            if (!reach) break;
        }
    }
    return k;
}

/* A pawn's targets m in cell cc, a promotion counting once per piece it
 * may become (kinds). */
static inline int pawn_targets(const cv_trid_pos *p, int us, int cc, unsigned m, int kinds)
{
    if (us ? cc >= 12 : cc < 48) return pop8(m);
    unsigned pm = promo_levels(p, us, cc);
    return pop8(m & ~pm) + kinds * pop8(m & pm);
}

/* The moves of all the pawns of colour us in cell c (gen_pawn()'s, in
 * another order): the same single steps and captures for each, the
 * double step for those on a starting square. */
static inline int count_pawns(const cv_trid_pos *p, const cv_trid_lines *t, int c, int us, int kinds)
{
    unsigned lv = p->occ[us][c], pawns = lv;
    if (lv & (lv - 1)) {
        pawns = 0;
        for (; lv; lv &= lv - 1)
            if (CV_TRID_TYPE(p->pc[c][__builtin_ctz(lv)]) == CV_TRID_PAWN) pawns |= 1u << __builtin_ctz(lv);
    }
    int each = 0, twice = 0, step = us ? -6 : 6;
    if (us ? c >= 6 : c < 54) {
        int c1 = c + step;
        unsigned fr1 = p->exist[c1] & ~(unsigned)(p->occ[0][c1] | p->occ[1][c1]);
        if (fr1) each += pawn_targets(p, us, c1, fr1, kinds);
        unsigned start = t->pawn_start[us][c] & pawns;
        if (start) {
            int c2 = c1 + step;
            unsigned fr2 = p->exist[c2] & ~(unsigned)(p->occ[0][c2] | p->occ[1][c2]);
            if (fr2) twice = pop8(start) * pop8(fr2 & cv_trid__passmask(p, c1));
        }
    }
    for (uint64_t to = t->pawn_to[us][c] & p->cells[!us]; to; to &= to - 1) {
        int cc = __builtin_ctzll(to);
        each += pawn_targets(p, us, cc, p->occ[!us][cc], kinds);
    }
    return each * pop8(pawns) + twice;
}

/* The same under a blocking rule that does not look at the target's
 * level (any-piece, any-empty): a cell lets a ride through toward every
 * level or toward none, so a line's targets are the cells up to its
 * first one that stops a ride (pass: the cells that do not), and only
 * those with a square free of our pieces (copen) are looked at. */
static inline int count_rides_flat(const cv_trid_pos *p, const cv_trid_lines *t, int c, int us, uint64_t first,
                                   uint64_t pass)
{
    int k = 0;
    for (; first; first &= first - 1) {
        int d = t->dir[c][__builtin_ctzll(first)];
        uint64_t ray = t->ray[c][d], stop = ray & ~pass, reached = ray;
        if (stop) {
            if (d <= 2 || d == 7) reached &= ((stop & (0 - stop)) << 1) - 1;
            else reached &= ~((1ull << (63 - __builtin_clzll(stop))) - 1);
        }
        for (reached &= p->copen[us]; reached; reached &= reached - 1) {
            int cc = __builtin_ctzll(reached);
            k += pop8(p->exist[cc] & ~(unsigned)p->occ[us][cc]);
        }
    }
    return k;
}

static int count_plain(const cv_trid_pos *p, const cv_trid_lines *t, int us, uint64_t plain, uint64_t dead)
{
    const uint64_t *tc = p->tcells[us];
    int k = 0;
    /* Pawns: one with neither a cell ahead that has an empty square or
     * lets a ride through (void) nor an enemy piece to take has no move. */
    uint64_t ahead = p->cfree | (p->o.void_passes ? ~p->cany : 0), enemy = p->cells[!us], cand;
    if (us)
        cand = (ahead << 6) | ((enemy << 7) & ~FILE_A) | ((enemy << 5) & ~FILE_F);
    else
        cand = (ahead >> 6) | ((enemy >> 5) & ~FILE_A) | ((enemy >> 7) & ~FILE_F);
    if (tc[CV_TRID_PAWN] & plain & cand) {
        int kinds = pop8(p->o.promo_types &
                         (1u << CV_TRID_KNIGHT | 1u << CV_TRID_BISHOP | 1u << CV_TRID_ROOK | 1u << CV_TRID_QUEEN));
        for (uint64_t cs = tc[CV_TRID_PAWN] & plain & cand; cs; cs &= cs - 1)
            k += count_pawns(p, t, __builtin_ctzll(cs), us, kinds);
    }
    for (uint64_t cs = tc[CV_TRID_KNIGHT] & plain; cs; cs &= cs - 1) {
        int c = __builtin_ctzll(cs), n = count_steps(p, t->knight_set[c] & ~dead, us);
        if (n) k += n * pieces_of(p, c, us, CV_TRID_KNIGHT);
    }
    /* Sliders: only the lines whose first cell is not dead are walked. */
    int flat = p->o.block != CV_TRID_BLOCK_LEVEL;
    uint64_t pass = 0;
    if (flat) {
        level_sums ls;
        pos_sums(p, &ls);
        pass = level_pass(&p->o, &ls, 0, 0);
    }
    for (int ty = CV_TRID_BISHOP; ty <= CV_TRID_QUEEN; ty++) {
        for (uint64_t cs = tc[ty] & plain; cs; cs &= cs - 1) {
            int c = __builtin_ctzll(cs);
            uint64_t lines = ty == CV_TRID_BISHOP ? t->diag[c] : ty == CV_TRID_ROOK ? t->orth[c] : ~0ull;
            uint64_t first = t->king_set[c] & ~dead & lines;
            if (!first) continue;
            int n = flat ? count_rides_flat(p, t, c, us, first, pass) : count_rides(p, t, c, us, first);
            if (n) k += n * pieces_of(p, c, us, ty);
        }
    }
    return k;
}

/* ---- legal moves ---- */

/* Does move m leave the king on k unattacked?  A king step: the attack
 * test on its target with the king's square taken as empty.  A plain move
 * of another piece: in check (or when check is -1: nothing known, the
 * single question), the attack test with the move's changes applied; out
 * of check, legal unless it comes from a cell on the king's line d
 * (d >= 0: the caller found the piece shields the king), then that line
 * tested with the move applied.  Castling: an attack test on the king's
 * new square (it leaves every cell as full as it was, but for the queen's
 * rook's corner cell, which ends the line west of that square).  En
 * passant: the attack test with its three squares changed.  A board
 * move: the attack test on the level sets as the move leaves them. */
static int move_safe(ctx *x, cv_trid_move m, int k, int check, int d)
{
    const cv_trid_pos *p = x->p;
    int them = !p->side;
    switch (m.kind) {
    case CV_TRID_MK_BOARD: return board_move_safe(x, m);
    case CV_TRID_MK_CASTLE_K:
    case CV_TRID_MK_CASTLE_Q: return !attacked(x, m.to, them, -1, 0);
    case CV_TRID_MK_EP:
        return !attacked_after(x, k, m.from >> 3, m.from & 7, m.to >> 3, m.to & 7, p->ep >> 3, p->ep & 7);
    default:
        if (m.from == k) return !attacked(x, m.to, them, k >> 3, k & 7);
        if (check) return !attacked_after(x, k, m.from >> 3, m.from & 7, m.to >> 3, m.to & 7, m.to >> 3, m.to & 7);
        return d < 0 || !uncovers(x, k, d, m.from >> 3, m.from & 7, m.to >> 3, m.to & 7);
    }
}

/* Keeps the legal ones of the moves ml->m[start..] (move_safe()). */
static void filter(ctx *x, cv_trid_movelist *ml, int start, int k, int check, int d)
{
    int n = start;
    for (int i = start; i < ml->n; i++)
        if (move_safe(x, ml->m[i], k, check, d)) ml->m[n++] = ml->m[i];
    ml->n = n;
}

/* The king's legal steps, in gen_steps()'s order: per target cell, the
 * levels no enemy attacks once the king has left its square. */
ALWAYS_INLINE int gen_king(ctx *x, cv_trid_movelist *ml, int c, int l, int us, int count)
{
    const cv_trid_pos *p = x->p;
    const cv_trid_lines *t = x->t;
    int from = c * 8 + l, k = 0;
    for (int i = 0, n = t->king_n[c]; i < n; i++) {
        int cc = t->king[c][i];
        unsigned m = p->exist[cc] & ~(unsigned)p->occ[us][cc];
        if (m) m &= ~attacked_levels(x, cc, !us, c, l, m);
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
            for (unsigned m = p->occ[us][c]; m; m &= m - 1) gen_piece(p, t, ml, c, __builtin_ctz(m), us, 0, 0);
        }
        cv_trid__gen_ep(p, ml, us);
        cv_trid__gen_castles(p, ml, us, -1);
        cv_trid__gen_boards(p, ml, us);
        return ml->n;
    }
    ctx x = { .p = p, .t = t };
    int kc = k >> 3, check = attacked(&x, k, them, -1, 0);
    const uint64_t *tcs = p->tcells[them];
    uint64_t rq = tcs[CV_TRID_ROOK] | tcs[CV_TRID_QUEEN], bq = tcs[CV_TRID_BISHOP] | tcs[CV_TRID_QUEEN];
    uint64_t danger = 0;
    for (uint64_t on = (t->orth[kc] & rq) | (t->diag[kc] & bq); on;) {
        int d = t->dir[kc][__builtin_ctzll(on)];
        uint64_t s = t->ray[kc][d] & ((d & 1) ? bq : rq);
        int far = (d <= 2 || d == 7) ? 63 - __builtin_clzll(s) : __builtin_ctzll(s);
        danger |= t->ray[kc][d] & ~t->ray[far][d] & ~(1ull << far);
        on &= ~s;
    }
    /* Dead cells: every square there (if any) holds a piece of ours, and
     * under every blocking rule such a cell stops a ride toward every
     * level (a cell without squares only when void cells block).  A
     * knight whose targets are all dead, or a line that starts on one,
     * gives no move. */
    uint64_t dead = ~p->copen[us] & (p->o.void_passes ? p->cany : ~0ull);
    /* Cells whose pieces need a closer look: all in check, else the
     * king's and the danger cells. */
    uint64_t doubtful = check ? ~0ull : danger | 1ull << kc;
    int counted = 0;
    uint64_t look = p->cells[us];
    if (count) {
        counted = count_plain(p, t, us, ~doubtful, dead);
        look &= doubtful;
    }
    for (uint64_t cs = look; cs; cs &= cs - 1) {
        int c = __builtin_ctzll(cs);
        for (unsigned m = p->occ[us][c]; m; m &= m - 1) {
            int l = __builtin_ctz(m), d = -1;
            if (!(doubtful >> c & 1)) {
                counted += gen_piece(p, t, ml, c, l, us, dead, count);
                continue;
            }
            if (c * 8 + l == k) {
                counted += gen_king(&x, ml, c, l, us, count);
                continue;
            }
            int shields = 0;
            if (!check && c != kc) {
                /* A piece on a danger cell that does not shield the king
                 * (the line stays shut with it gone) may go anywhere: its
                 * target only fills a cell, and a piece taken there is
                 * replaced by it. */
                for (d = 0; !(t->ray[kc][d] >> c & 1); d++) {}
                shields = uncovers(&x, k, d, c, l, -1, 0);
            }
            if (!check && !shields && c * 8 + l != k) {
                /* Unshielding, or in the king's cell (shielding nothing). */
                counted += gen_piece(p, t, ml, c, l, us, dead, count);
                continue;
            }
            int start = ml->n;
            gen_piece(p, t, ml, c, l, us, dead, 0);
            filter(&x, ml, start, k, check, d);
        }
    }
    int start = ml->n;
    cv_trid__gen_ep(p, ml, us);
    if (count) {
        unsigned ways = cv_trid__castles(p, us, check);
        counted += (ways & 1) && !attacked(&x, CV_TRID_KR_SQ(us), them, -1, 0);
        counted += (ways & 2) && !attacked(&x, CV_TRID_Q_SQ(us), them, -1, 0);
    } else {
        cv_trid__gen_castles(p, ml, us, check);
    }
    cv_trid__gen_boards(p, ml, us);
    filter(&x, ml, start, k, check, -1);
    return ml->n + counted;
}

int cv_trid__gen_legal_fast(const cv_trid_pos *p, cv_trid_movelist *ml) { return gen_legal(p, ml, 0); }

int cv_trid__count_legal_fast(const cv_trid_pos *p)
{
    cv_trid_movelist ml;
    return gen_legal(p, &ml, 1);
}

int cv_trid__attacked_fast(const cv_trid_pos *p, int sq, int by)
{
    ctx x = { .p = p, .t = cv_trid__lines() };
    return attacked(&x, sq, by, -1, 0);
}

int cv_trid__is_safe_fast(const cv_trid_pos *p, cv_trid_move m)
{
    int k = p->king[p->side];
    if (k < 0) return 1;
    ctx x = { .p = p, .t = cv_trid__lines() };
    return move_safe(&x, m, k, -1, -1);
}
