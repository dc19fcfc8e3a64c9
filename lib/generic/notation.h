/* notation: moves as text.  SAN (PGN 8.2.3), LAN (e2-e4, Ng1-f3, e7xd8=Q)
 * and UCI (e2e4, e7e8q).  Writers emit one clean form; the reader accepts
 * any of the three and the common variations of real files (0-0, o-o, a
 * missing '=', e.p., check and annotation suffixes), and resolves the text
 * against the legal moves, so ambiguity is reported, never guessed. */
#ifndef CV_NOTATION_H
#define CV_NOTATION_H
#include "engine.h"
#include "movegen.h"
#include <stddef.h>

typedef enum { CV_SAN, CV_LAN, CV_UCI } cv_notation;

/* Writes move m of position p.  legal: p's legal moves when the caller
 * has them (for disambiguation), or NULL.  Returns the length. */
size_t cv_gen_move_format(cv_pos *p, const cv_movelist *legal, cv_move m, cv_notation n,
                      char *buf, size_t size);

typedef struct cv_move_parse {
    cv_move_status status;
    cv_move move;           /* the move when status is CV_MOVE_OK */
    int ncand;              /* matching moves (ambiguity) */
    cv_move cand[8];
    char why[256];          /* reason when not OK */
    int lax;                /* read only thanks to tolerance (0-0, missing '=') */
    cv_notation form;       /* the notation the text was written in */
} cv_move_parse;

/* Resolves text against p's legal moves (legal may be NULL). */
cv_move_status cv_gen_move_read(cv_pos *p, const cv_movelist *legal, const char *text, cv_move_parse *r);
/* The same without the fast reader of plain SAN (san.h): the PCRE2
 * reading of every form.  cv_gen_move_read gives its answer for every text;
 * the tests compare the two. */
cv_move_status cv_gen_move_read_general(cv_pos *p, const cv_movelist *legal, const char *text, cv_move_parse *r);

/* Move m as pbmserv's reading (letters in either case) takes it for m
 * alone: its SAN when that reads so ("Nl3"); else, for a piece, its SAN
 * with the from-file, the from-rank or the from-square added ("Bexc4",
 * as "bexc4" is no pawn move); else long algebraic ("b3xc4"), which is
 * exact.  An ambiguous pbm move's message names these for both moves. */
size_t cv_gen_move_format_pbm(cv_pos *p, const cv_movelist *legal, cv_move m, char *buf, size_t size);

cv_move_status cv_gen_move_read_as(cv_pos *p, const cv_movelist *legal, const char *text, unsigned flags,
                               cv_move_parse *r);

#endif
