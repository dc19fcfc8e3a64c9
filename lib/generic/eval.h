/* eval: how the generic engine judges a position for its search.
 *
 * Piece values come from the spec (`value:`) or are worked out from how
 * a piece moves on the spec's board; the score adds what a player of any
 * orthodox-like game weighs.  Scores are centipawns from the side to
 * move's view. */
#ifndef CV_GEN_EVAL_H
#define CV_GEN_EVAL_H
#include "pos.h"

/* Centipawns a piece of type t (index into v->pieces) is worth on v's
 * board; a royal piece 0 (it is never traded). */
int cv_gen_value(const cv_variant *v, int t);
/* The position's score for the side to move. */
int cv_gen_eval(const cv_pos *p);

#endif
