/* value: what a piece is worth, worked out from how it moves.
 *
 * A piece's worth is taken from its mobility on the empty board: the
 * cells it reaches from each cell, averaged over the board.  The far
 * cells of a ride count less than the near ones (in play something
 * usually stands between), a move-only or capture-only atom counts
 * half, and a piece that can never reach part of the board (a bishop's
 * other colour, a piece that only goes forward) loses a little.  The
 * mobility is measured against a queen's on the same board, so a rook on
 * 16 x 8 is still worth a rook; the curve from mobility to centipawns is
 * fitted once to the orthodox pieces (it gives N 322, B 330, R 492,
 * Q 962 on 8 x 8).
 * Pawns are worth 100, a royal piece 0.  Everything here is a pure
 * function of the variant: deterministic, no state. */
#ifndef CV_GEN_VALUE_H
#define CV_GEN_VALUE_H
#include "variant.h"

/* Centipawns piece type t is worth on v's board by its moves alone (the
 * spec's `value:` is not looked at); at least 100 for a piece that is
 * neither royal nor a pawn. */
int cv_gen_derived_value(const cv_variant *v, int t);

/* The piece's weighted mobility (as above) from one cell on the empty
 * board, for colour c; 0 where it has no move. */
double cv_gen_cell_mobility(const cv_variant *v, int t, int c, int cell);

/* The same averaged over every cell of the board. */
double cv_gen_mean_mobility(const cv_variant *v, int t, int c);

#endif
