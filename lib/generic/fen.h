/* fen: reading, checking and writing positions in FEN (and the wide FEN of
 * larger rectangular boards: empty runs may then take two digits).
 *
 * The reader is strict by default (PGN standard 16.1) and names each
 * deviation; CV_FEN_LENIENT accepts the dialect of the ProChess board
 * (empty or short ranks, castling letters in any order, missing trailing
 * fields, fullmove 0) but still rejects what cannot be meant. */
#ifndef CV_FEN_H
#define CV_FEN_H
#include "engine.h"
#include "pos.h"
#include <stddef.h>

/* Reads fen into p.  Deviations a strict reader refuses are recorded as
 * CV_FE_LAX only when reading strictly; syntax errors as CV_FE_SYNTAX.
 * Returns -1 when the position is unusable (a syntax error), else 0. */
int cv_gen_fen_read(const cv_variant *v, const char *fen, unsigned flags, cv_pos *p, cv_fen_errors *errs);

/* Appends the position problems (no white king, opposite check, ...) to
 * errs, each at the column of the field it concerns; returns how many.
 * cols: column of each of the six fields (from cv_gen_fen_read), may be NULL. */
int cv_gen_pos_validate(cv_pos *p, cv_fen_errors *errs);
/* The same, flags CV_FEN_PLAYABLE: only what makes the position unplayable. */
int cv_gen_pos_validate_as(cv_pos *p, cv_fen_errors *errs, unsigned flags);

/* Writes the canonical FEN; returns its length. */
size_t cv_gen_fen_write(const cv_pos *p, unsigned flags, char *buf, size_t size);

/* Is an en passant capture legal in p? */
int cv_gen_ep_capturable(cv_pos *p);

/* The variant's start position. */
int cv_gen_pos_start(const cv_variant *v, cv_pos *p);

#endif

