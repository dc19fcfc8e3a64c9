/* The Tri-D engine's part of a search; see trid_search.h for what it
 * promises. */
#include "trid_search.h"
#include "trid_int.h"
#include <pthread.h>
#include <string.h>

/* ---- values ----
 * Empty-board mobility of a lone piece averaged over the 64 squares of the
 * start configuration (cv_trid_gen_pseudo): knight 6.5, bishop 9.1, rook
 * 16.3 (tournament 16.8), queen 25.4 (25.9); chess's 8 x 8 gives 5.25,
 * 8.75, 14 and 22.75.  Every ratio is within a quarter of chess's, so the
 * chess scale is kept, but the knight gains most: it lands on any level of
 * its target cell and is never blocked, where a stacked board blocks the
 * riders.  It is raised to the bishop's value. */
static const int16_t value[8] = { 0, 100, 325, 325, 500, 900, 0, 0 };

int cv_trid_value(int type) { return type >= 0 && type < 8 ? value[type] : 0; }

/* A pawn's advance by ranks from its own end (0-9): the promotion ranks
 * are 8 and 9, so the last steps are worth most. */
static const int8_t advance[10] = { 0, 0, 0, 6, 12, 22, 36, 56, 80, 0 };

/* Centralisation in the 6 x 10 projection: 0 at the edge, 12 in the
 * middle four cells (the Neutral board, which every level's lines cross). */
static int centre(int cell)
{
    int f = cell % 6, r = cell / 6;
    int df = 2 * f - 5, dr = 2 * r - 9;
    return (5 - (df < 0 ? -df : df)) + (9 - (dr < 0 ? -dr : dr));
}

static const int8_t centre_weight[8] = { 0, 0, 3, 2, 0, 1, 0, 0 };

enum {
    TEMPO = 10,
    BOARD_OWNED = 15,   /* an attack board the side controls (it alone moves it) */
    BOARD_MANNED = 10,  /* ... with its own pieces alone on it */
    PAWN_STUCK = 12,    /* no square ahead: it moves only by capturing or being carried */
    LINE_ROOK = 14,     /* an enemy rook or queen on one of the king's files or ranks */
    LINE_BISHOP = 10,   /* an enemy bishop or queen on one of its diagonals */
    NEAR_KNIGHT = 10,   /* an enemy knight a leap away */
    NEAR_ENEMY = 6,     /* an enemy piece in a cell next to the king */
    SHELTER = 5,        /* an own piece next to it, at most three counted */
};

/* The sets counted are small (a few cells): a loop beats the library's
 * popcount where the build has no popcount instruction. */
static inline int pop(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* A piece's worth on a cell, its value and place together (a pawn's
 * advance included): filled once. */
static int16_t psq[2][8][CV_TRID_CELLS];
static pthread_once_t psq_once = PTHREAD_ONCE_INIT;

static void fill_psq(void)
{
    for (int c = 0; c < 2; c++)
        for (int cell = 0; cell < CV_TRID_CELLS; cell++) {
            int r = cell / 6, rr = c ? 9 - r : r;
            for (int ty = 1; ty < 8; ty++)
                psq[c][ty][cell] = (int16_t)(value[ty] + centre_weight[ty] * centre(cell) +
                                             (ty == CV_TRID_PAWN ? advance[rr] : 0));
        }
}

/* How exposed the king of colour c is.  Lines are judged in the
 * projection, level aside: a rider reaches every level of a cell it gets
 * through, so a rook two levels up still bears on the king. */
static int exposure(const cv_trid_pos *p, const cv_trid_lines *t, int c)
{
    int k = p->king[c];
    if (k < 0) return 0;
    int kc = k >> 3, them = !c;
    uint64_t rl = t->ray[kc][0] | t->ray[kc][2] | t->ray[kc][4] | t->ray[kc][6];
    uint64_t bl = t->ray[kc][1] | t->ray[kc][3] | t->ray[kc][5] | t->ray[kc][7];
    const uint64_t *tc = p->tcells[them];
    int danger = LINE_ROOK * pop((tc[CV_TRID_ROOK] | tc[CV_TRID_QUEEN]) & rl) +
                 LINE_BISHOP * pop((tc[CV_TRID_BISHOP] | tc[CV_TRID_QUEEN]) & bl) +
                 NEAR_KNIGHT * pop(tc[CV_TRID_KNIGHT] & t->knight_set[kc]) +
                 NEAR_ENEMY * pop(p->cells[them] & t->king_set[kc]);
    /* Without a queen an attack rarely mates: half the weight. */
    if (!tc[CV_TRID_QUEEN]) danger /= 2;
    int guard = pop(p->cells[c] & t->king_set[kc]);
    return danger - SHELTER * (guard < 3 ? guard : 3);
}

/* The value-and-place sum of colour c's pieces, counted from scratch. */
static int psq_sum(const cv_trid_pos *p, int c)
{
    int s = 0;
    for (uint64_t cs = p->cells[c]; cs; cs &= cs - 1) {
        int cell = __builtin_ctzll(cs);
        for (unsigned m = p->occ[c][cell]; m; m &= m - 1) s += psq[c][CV_TRID_TYPE(p->pc[cell][__builtin_ctz(m)])][cell];
    }
    return s;
}

/* The score given each side's value-and-place sum: what changes with
 * the boards (pawns with no square ahead), the kings' exposure, the
 * boards, the move. */
static int score_with(const cv_trid_pos *p, const int32_t sum[2])
{
    const cv_trid_lines *t = cv_trid__lines();
    uint64_t any = 0;
    for (int l = 1; l < 8; l++) any |= p->lexist[l];
    /* cells whose cell ahead has no square: White's ahead is +6, Black's -6 */
    uint64_t stuck[2] = { p->tcells[0][CV_TRID_PAWN] & ~(any >> 6), p->tcells[1][CV_TRID_PAWN] & ~(any << 6) };
    int score[2];
    for (int c = 0; c < 2; c++) {
        int s = sum[c];
        for (uint64_t cs = stuck[c]; cs; cs &= cs - 1) {
            int cell = __builtin_ctzll(cs);
            for (unsigned m = p->occ[c][cell]; m; m &= m - 1)
                if (CV_TRID_TYPE(p->pc[cell][__builtin_ctz(m)]) == CV_TRID_PAWN)
                    s -= psq[c][CV_TRID_PAWN][cell] - value[CV_TRID_PAWN] + PAWN_STUCK;
        }
        score[c] = s - exposure(p, t, c);
    }
    uint64_t all = p->sq64[0] | p->sq64[1];
    for (int b = 0; b < CV_TRID_BOARDS; b++) {
        const cv_trid_board *bd = &p->board[b];
        if (bd->pin < 0 || bd->ctrl < 0) continue;
        /* manned: pieces on it, all of the controller's */
        unsigned on = (unsigned)(all >> (48 + 4 * b)) & 0xF, mine = (unsigned)(p->sq64[bd->ctrl] >> (48 + 4 * b)) & 0xF;
        score[bd->ctrl] += BOARD_OWNED + (on && on == mine ? BOARD_MANNED : 0);
    }
    int us = p->side;
    return score[us] - score[!us] + TEMPO;
}

int cv_trid_eval(const cv_trid_pos *p)
{
    pthread_once(&psq_once, fill_psq);
    int32_t sum[2] = { psq_sum(p, 0), psq_sum(p, 1) };
    return score_with(p, sum);
}

/* ---- the search entries ---- */

static cv_trid_move M(const cv_amove *m)
{
    cv_trid_move x;
    memcpy(&x, m->s.b, sizeof x);
    return x;
}

/* A node is the position and each side's value-and-place sum, kept up
 * to date by the moves that change a few squares (the commonest) and
 * counted again after the others. */
typedef struct tnode {
    cv_trid_pos p;
    int32_t sum[2];
} tnode;

_Static_assert(sizeof(tnode) <= CV_APOS_BYTES, "a node fits a position's place");
_Static_assert(sizeof(tnode) <= CV_AUNDO_BYTES, "the search keeps a copy of a node to undo");

static void recount(tnode *n)
{
    n->sum[0] = psq_sum(&n->p, 0);
    n->sum[1] = psq_sum(&n->p, 1);
}

static void s_enter(const void *pos, void *node)
{
    pthread_once(&psq_once, fill_psq);
    tnode *n = node;
    memcpy(&n->p, pos, sizeof n->p);
    recount(n);
}

static int s_side(const void *node) { return ((const cv_trid_pos *)node)->side; }

static int s_moves(void *node, cv_amove *out, int max)
{
    cv_trid_movelist ml;
    int n = cv_trid_gen_legal(node, &ml);
    for (int i = 0; i < n && i < max; i++) {
        memset(&out[i], 0, sizeof out[i]);
        memcpy(out[i].s.b, &ml.m[i], sizeof ml.m[i]);
    }
    return n;
}

static void s_facts(void *node, const cv_amove *am, cv_move_facts *f)
{
    const cv_trid_pos *p = node;
    cv_trid_move m = M(am);
    f->flags = 0;
    f->victim = f->attacker = 0;
    if (m.promo || m.promo2) f->flags |= CV_MV_PROMO;
    /* a board move and castling take nothing (castling's target holds
     * the mover's own rook) */
    if (m.kind == CV_TRID_MK_BOARD || m.kind == CV_TRID_MK_CASTLE_K || m.kind == CV_TRID_MK_CASTLE_Q) return;
    f->attacker = value[CV_TRID_TYPE(cv_trid_at(p, m.from))];
    uint8_t victim = m.kind == CV_TRID_MK_EP ? CV_TRID_PAWN : CV_TRID_TYPE(cv_trid_at(p, m.to));
    if (victim) {
        f->flags |= CV_MV_CAPTURE;
        f->victim = value[victim];
    }
}

static void s_play(void *node, const cv_amove *am, cv_aundo *u)
{
    (void)u;
    tnode *n = node;
    cv_trid_pos *p = &n->p;
    cv_trid_move m = M(am);
    if (m.kind != CV_TRID_MK_NORMAL && m.kind != CV_TRID_MK_DOUBLE && m.kind != CV_TRID_MK_EP) {
        /* castling and board moves (which carry pieces and promote) */
        cv_trid_make(p, m);
        recount(n);
        return;
    }
    int us = p->side, t = CV_TRID_TYPE(cv_trid_at(p, m.from)), tc = m.to >> 3;
    n->sum[us] += psq[us][m.promo ? m.promo : t][tc] - psq[us][t][m.from >> 3];
    uint8_t victim = cv_trid_at(p, m.to);
    if (m.kind == CV_TRID_MK_EP) n->sum[!us] -= psq[!us][CV_TRID_PAWN][p->ep >> 3];
    else if (victim) n->sum[!us] -= psq[!us][CV_TRID_TYPE(victim)][tc];
    cv_trid_make(p, m);
}

static int s_in_check(void *node) { return cv_trid_in_check(node); }

/* A null move is unsound in zugzwang, which in chess-like games comes
 * with kings and pawns alone: only with a piece besides them. */
static int s_null_ok(void *node)
{
    const cv_trid_pos *p = node;
    int us = p->side;
    uint64_t pieces = p->tcells[us][CV_TRID_KNIGHT] | p->tcells[us][CV_TRID_BISHOP] |
                      p->tcells[us][CV_TRID_ROOK] | p->tcells[us][CV_TRID_QUEEN];
    return pieces && !cv_trid_in_check(p);
}

/* What a null move changes, kept in the undo record. */
typedef struct null_undo {
    int16_t ep;
    int8_t side;
    int halfmove, fullmove;
} null_undo;

static void s_play_null(void *node, cv_aundo *u)
{
    cv_trid_pos *p = node;
    null_undo k = { p->ep, p->side, p->halfmove, p->fullmove };
    memcpy(u->s.b, &k, sizeof k);
    p->ep = -1;
    p->halfmove += p->halfmove < CV_COUNTER_MAX;
    p->fullmove += p->side && p->fullmove < CV_COUNTER_MAX;
    p->side = (int8_t)!p->side;
}

static void s_unplay_null(void *node, const cv_aundo *u)
{
    cv_trid_pos *p = node;
    null_undo k;
    memcpy(&k, u->s.b, sizeof k);
    p->ep = k.ep;
    p->side = k.side;
    p->halfmove = k.halfmove;
    p->fullmove = k.fullmove;
}

/* The position's key (trid.h: the same one a count's table uses). */
static uint64_t s_key(void *node)
{
    return cv_trid_key(node);
}

int cv_trid_bare_kings(const cv_trid_pos *p)
{
    /* one piece a side (a set with one bit), and it is the king */
    uint64_t w = p->sq64[0], b = p->sq64[1];
    return w && !(w & (w - 1)) && b && !(b & (b - 1)) && p->king[0] >= 0 && p->king[1] >= 0;
}

/* Mate outranks the fifty-move rule, as in chess: a claim needs a move
 * to make. */
static int s_judge(void *node, int moves)
{
    cv_trid_pos *p = node;
    if (moves == 0) return cv_trid_in_check(p) ? CV_JUDGE_LOSS : CV_JUDGE_DRAW;
    if (p->halfmove >= 100) {
        if (moves < 0 && cv_trid_in_check(p) && cv_trid_count_legal(p) == 0) return CV_JUDGE_LOSS;
        return CV_JUDGE_DRAW;
    }
    if (cv_trid_bare_kings(p)) return CV_JUDGE_DRAW;
    return CV_JUDGE_PLAY;
}

static int s_eval(void *node)
{
    const tnode *n = node;
    return score_with(&n->p, n->sum);
}

const cv_engine_search cv_trid_search = {
    .node_size = sizeof(tnode),
    .enter = s_enter,
    .side = s_side,
    .moves = s_moves,
    .facts = s_facts,
    .play = s_play,
    .unplay = NULL,     /* the search keeps a copy of the node */
    .null_ok = s_null_ok,
    .play_null = s_play_null,
    .unplay_null = s_unplay_null,
    .key = s_key,
    .in_check = s_in_check,
    .judge = s_judge,
    .eval = s_eval,
    .whole = NULL,      /* a move is one single move */
    .repetition = 1,
};
