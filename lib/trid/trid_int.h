/* trid_int.h: what trid.c shares with the set-based generator
 * (trid_fast.c) and its cell tables (trid_lines.c).  Not part of the
 * library's interface: nothing outside lib/trid/ includes it. */
#ifndef CV_TRID_INT_H
#define CV_TRID_INT_H
#include "trid.h"

/* Levels toward which a ride may pass cell c: bit L set when a piece
 * heading for a square on level L gets through.  The whole blocking rule
 * of each rule set is this function; both generators call it, so they
 * cannot disagree on what blocks. */
static inline unsigned cv_trid__pass(const cv_trid_opts *o, unsigned ex, unsigned oc)
{
    if (!ex) return o->void_passes ? CV_TRID_LEVELS : 0;
    switch (o->block) {
    case CV_TRID_BLOCK_LEVEL: {
        unsigned fr = ex & ~oc;
        return fr ? (fr | (CV_TRID_LEVELS & ~ex)) : 0;
    }
    case CV_TRID_BLOCK_ANY_PIECE: return oc ? 0 : CV_TRID_LEVELS;
    default: return (ex & ~oc) ? CV_TRID_LEVELS : 0;
    }
}

static inline unsigned cv_trid__passmask(const cv_trid_pos *p, int c)
{
    return cv_trid__pass(&p->o, p->exist[c], (unsigned)(p->occ[0][c] | p->occ[1][c]));
}

static inline void cv_trid__push(cv_trid_movelist *ml, int from, int to, int kind, int promo)
{
    if (ml->n >= CV_TRID_MAX_MOVES) return;
    cv_trid_move *m = &ml->m[ml->n++];
    m->from = (int16_t)from;
    m->to = (int16_t)to;
    m->kind = (uint8_t)kind;
    m->promo = (uint8_t)promo;
    m->promo2 = 0;
    m->board = 0;
}

/* Lowest cell of the 2 x 2 a board on pin covers (its others are +1, +6
 * and +7). */
int cv_trid__pin_cell0(int pin);

/* The reference generator's parts that the set-based one reuses as they
 * are (they are not where the time goes). */
void cv_trid__gen_pawn(const cv_trid_pos *p, cv_trid_movelist *ml, int c, int l, int us);
void cv_trid__gen_ep(const cv_trid_pos *p, cv_trid_movelist *ml, int us);
/* The castlings open to us but for the attack on the king's new square:
 * bit 0 king side (the king to the king's rook's square), bit 1 queen
 * side (to the queen's square).  check as for gen_castles. */
unsigned cv_trid__castles(const cv_trid_pos *p, int us, int check);
/* The castling squares: the king's and the rooks' home squares, and
 * the queen's, where the king goes on the queen side. */
#define CV_TRID_K_SQ(c)  ((c) ? CV_TRID_SQ(4, 9, 7) : CV_TRID_SQ(4, 0, 3))
#define CV_TRID_KR_SQ(c) ((c) ? CV_TRID_SQ(5, 9, 7) : CV_TRID_SQ(5, 0, 3))
#define CV_TRID_QR_SQ(c) ((c) ? CV_TRID_SQ(0, 9, 7) : CV_TRID_SQ(0, 0, 3))
#define CV_TRID_Q_SQ(c)  ((c) ? CV_TRID_SQ(1, 9, 7) : CV_TRID_SQ(1, 0, 3))
void cv_trid__gen_castles(const cv_trid_pos *p, cv_trid_movelist *ml, int us, int check);
void cv_trid__gen_boards(const cv_trid_pos *p, cv_trid_movelist *ml, int us);
/* The reference legal generator: pseudo-legal moves by coordinate walks,
 * legality by playing a copy and scanning for attacks. */
int cv_trid__gen_legal_ref(const cv_trid_pos *p, cv_trid_movelist *ml);
/* The set-based legal generator (trid_fast.c). */
int cv_trid__gen_legal_fast(const cv_trid_pos *p, cv_trid_movelist *ml);
/* Its count alone, without listing the moves known legal unseen. */
int cv_trid__count_legal_fast(const cv_trid_pos *p);
/* The set-based answers to cv_trid_attacked() and cv_trid_is_safe(). */
int cv_trid__attacked_fast(const cv_trid_pos *p, int sq, int by);
int cv_trid__is_safe_fast(const cv_trid_pos *p, cv_trid_move m);
/* Whether the reference code answers (cv_trid_use_reference()). */
int cv_trid__ref(void);

/* Cell tables of the 6 x 10 projection, filled once (trid_lines.c).
 * Directions d as the king steps: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W,
 * 7 NW (N is rank + 1, E is file + 1); the cell index grows along
 * 0, 1, 2 and 7 and falls along the others. */
typedef struct cv_trid_lines {
    uint8_t line[CV_TRID_CELLS][8][10]; /* cells met going d from c, nearest first */
    uint8_t len[CV_TRID_CELLS][8];
    uint64_t ray[CV_TRID_CELLS][8];     /* the same cells as a set */
    uint64_t star[CV_TRID_CELLS];       /* the eight rays' cells together */
    uint64_t orth[CV_TRID_CELLS];       /* the rays along ranks and files (d even) */
    uint64_t diag[CV_TRID_CELLS];       /* the diagonal rays (d odd) */
    uint8_t dir[CV_TRID_CELLS][64];     /* [c][c2]: the direction from c whose ray holds c2 */
    uint8_t knight[CV_TRID_CELLS][8];   /* knight targets, knight_n of them */
    uint8_t knight_n[CV_TRID_CELLS];
    uint8_t king[CV_TRID_CELLS][8];
    uint8_t king_n[CV_TRID_CELLS];
    uint64_t knight_set[CV_TRID_CELLS];
    uint64_t king_set[CV_TRID_CELLS];
    uint64_t pawn_from[2][CV_TRID_CELLS]; /* cells whence a pawn of colour attacks c */
    uint64_t pawn_to[2][CV_TRID_CELLS];   /* cells a pawn of colour on c attacks */
    uint8_t pawn_start[2][CV_TRID_CELLS]; /* levels of the cell a pawn of colour double-steps from */
} cv_trid_lines;

const cv_trid_lines *cv_trid__lines(void);

#endif
