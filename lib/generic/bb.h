/* bb: the bitboard fast path of the generic engine.
 *
 * A variant on a rectangular board of at most 128 cells, whose pieces
 * move by atoms alone, is compiled (on first use) into per-cell tables:
 * step and leap atoms become attack sets, rides become ray lookups, pawn
 * atoms become push, double-step and capture sets.  Legal moves are then
 * found with check and pin masks and the set of cells the royal may not
 * enter; only en passant and castling are tested by replaying them on
 * sets.  Boards up to 64 cells use one 64-bit word per set, larger ones a
 * 128-bit integer; nothing in it is written for one variant.
 *
 * Promises: for every position it accepts, cv_gen_bb_gen_legal gives the same
 * moves as cv_gen_legal (as a set; the order may differ) and cv_gen_bb_perft
 * the same count as the mailbox perft.  The mailbox path stays the
 * reference and is used when CVKIT_MAILBOX is set in the environment. */
#ifndef CV_BB_H
#define CV_BB_H
#include "movegen.h"
#include <stdint.h>

/* CVKIT_MAILBOX is read at the first use; a program that sets or unsets
 * it afterwards (a test) calls this to have it read again. */
void cv_gen_bb_env_changed(void);

/* Does the variant have a bitboard form?  (Compiles it on first call;
 * thread-safe.)  0 when CVKIT_MAILBOX is set and nonzero. */
int cv_gen_bb_usable(const cv_variant *v);

/* Perft through bitboards; UINT64_MAX when the variant or this position
 * (not exactly one royal per side) cannot take the fast path. */
uint64_t cv_gen_bb_perft(const cv_pos *p, int depth);

/* Legal moves through bitboards, in the mailbox's cv_move form; -1 when
 * the fast path does not apply. */
int cv_gen_bb_gen_legal(const cv_pos *p, cv_movelist *ml);

/* The number of legal moves (cv_gen_count_legal); -1 when the fast path does
 * not apply. */
int cv_gen_bb_count_legal(const cv_pos *p);

/* cv_gen_attacked by ray sets, the cell gone (or -1) taken as empty: 0 or 1;
 * -1 when the variant has no bitboard form (the caller walks). */
int cv_gen_bb_attacked(const cv_pos *p, int cell, int by, int gone);

/* The cells from which a piece of the given type of the side to move
 * reaches `to` in one move, capturing or not, pins aside, in ascending
 * order, into out (room for CV_MAX_CELLS); -1 when the variant has no
 * bitboard form, or the type rides a limited or one-way line, or it is a
 * pawn and the move is not a capture (the caller walks the type's atoms
 * back from `to`).  A pawn's captures include en passant's geometry. */
int cv_gen_bb_origins(const cv_pos *p, int type, int to, int capture, int16_t *out);

/* Whether the side to move is in check when the last move was a plain
 * one (no castling, no en passant) from `from` to `to`, made in a
 * position whose side not to move was not in check: only the piece on
 * `to`, or a rider behind `from` on a line through the royal, can give
 * it.  -1 when the variant has no bitboard form or the answer needs the
 * full test. */
int cv_gen_bb_check_after(const cv_pos *p, int from, int to);

#endif
