/* trid_search: the Tri-D engine's part of a search (engine.h,
 * cv_engine_search), for both rule sets.
 *
 * A node is the position and each side's material-and-place sum, which
 * a move of a few squares updates; a search step is one legal move of
 * the engine's generator (attack-board moves included), so a whole move
 * is its single step.  The node key covers everything the moves depend on
 * (pieces, boards with their pins and controllers, side, castling, en
 * passant, the tournament rule's first-move ban on castling).  Draws:
 * stalemate, fifty moves without a capture, a pawn move or a promotion,
 * repetition, bare kings.  The evaluation is material with Tri-D values,
 * pawn advance toward a promotion square still reachable, attack boards
 * owned and manned, centralisation in the 6 x 10 projection and the
 * kings' exposure along lines that cross levels; centipawns from the side
 * to move's view, the same every call for the same position. */
#ifndef CV_TRID_SEARCH_H
#define CV_TRID_SEARCH_H
#include "engine.h"
#include "trid.h"

extern const cv_engine_search cv_trid_search;

/* Centipawns a piece type (CV_TRID_PAWN .. CV_TRID_KING) is worth; the
 * king 0 (it is never traded). */
int cv_trid_value(int type);
/* The position's score for the side to move. */
int cv_trid_eval(const cv_trid_pos *p);
/* Kings alone: neither side can ever give check, a dead draw (the
 * engine's outcome calls it insufficient material). */
int cv_trid_bare_kings(const cv_trid_pos *p);

#endif
