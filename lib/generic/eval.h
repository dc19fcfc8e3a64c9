/* eval: how the generic engine judges a position for its search.
 *
 * Piece values come from the spec (`value:`) or are worked out from how
 * a piece moves on the spec's board (value.h).  The score adds what a
 * player of any orthodox-like game weighs, every term computed from the
 * board's geometry and the pieces' atoms, never from a game's name:
 * material; a piece's place (the mobility it has from that cell on the
 * empty board against its average: a knight in the corner is worth
 * less); the royal's place (at home behind its pawns while the
 * opponent has pieces, in the centre when they are gone); pawns nearer
 * promotion, passed (more with the enemy royal far from where they
 * promote and ours near), doubled or isolated; two colour-bound pieces of a
 * kind on both colours (the bishop pair); a file rider (a rook) on a
 * file without pawns; mobility (the cells each piece reaches now); pawns sheltering the royal while the opponent has a
 * queen-class piece (700 cp or more); a side a rook or more ahead, the
 * other without pawns, driving the other royal to the edge with its own
 * royal near (how a lone king is mated); a lead of less than a rook
 * without pawns counted a quarter (rarely enough to win); and a tempo
 * for the side to move.
 * Middle-game and end-game weights are blended by the material on the
 * board against the setup's.
 *
 * The tables are compiled once per variant on first use (thread-safe;
 * the variant is otherwise read-only).  The score is deterministic and
 * symmetric: a position and its colour-mirrored twin (ranks mirrored,
 * colours and the side to move swapped) score the same. */
#ifndef CV_GEN_EVAL_H
#define CV_GEN_EVAL_H
#include "pos.h"

/* Centipawns a piece of type t (index into v->pieces) is worth on v's
 * board: the spec's `value:` when given, else worked out from how it
 * moves.  A royal piece: 0 (it is never traded). */
int cv_gen_value(const cv_variant *v, int t);
/* The position's score for the side to move, in centipawns, within
 * +-CV_GEN_EVAL_MAX (a search's mate scores lie beyond). */
int cv_gen_eval(const cv_pos *p);
#define CV_GEN_EVAL_MAX 20000

/* Bonus of the side to move (centipawns), a constant of the score: a
 * position's score minus it is the position's worth with the turn
 * given to neither side. */
#define CV_GEN_TEMPO 10

#endif
