/* movegen: legal moves of a position.
 *
 * Pieces move by their spec atoms along the geometry's neighbour tables.
 * When the variant has one royal per side (fast_legal), legality is decided
 * without playing most moves: the royal's own moves are tested against the
 * board with the royal lifted, and only moves of pinned pieces, moves made
 * in check, en passant and castling are played and tested.  Otherwise every
 * pseudo-legal move is played and tested.  Both paths give the same list;
 * the tests compare them by perft. */
#ifndef CV_MOVEGEN_H
#define CV_MOVEGEN_H
#include "pos.h"

#define CV_MAX_MOVES 1024

typedef struct cv_movelist {
    int n;
    cv_move m[CV_MAX_MOVES];
} cv_movelist;

/* All legal moves; returns their number. */
int cv_gen_legal(cv_pos *p, cv_movelist *ml);
/* The same by playing and testing every pseudo-legal move (reference). */
int cv_gen_legal_slow(cv_pos *p, cv_movelist *ml);
/* Pseudo-legal moves: as legal, but the mover's royal may be left attacked
 * (used to explain why a move is illegal). */
int cv_gen_pseudo(cv_pos *p, cv_movelist *ml);
/* Legal moves other than castling that end on cell to, of piece type
 * type (-1: any).  Much cheaper than the full list when the target is
 * known (reading SAN, disambiguating). */
int cv_gen_to(cv_pos *p, int to, int type, cv_movelist *ml);
/* Number of legal moves (perft leaves). */
int cv_gen_count_legal(cv_pos *p);
/* Does the move leave the mover's royal safe?  (Plays and takes it back.) */
int cv_gen_leaves_royal_safe(cv_pos *p, cv_move m);
/* The same for a move that is not the royal's, not en passant and not
 * castling, made while the royal is not in check (fast_legal variants
 * with a line table): decided without playing the move. */
int cv_gen_safe_unless_pinned(cv_pos *p, cv_move m);

#endif
