/* san: the fast reader of plain SAN, the form nearly every move of a real
 * PGN file is written in ("e4", "Nbd7", "exd5", "e8=Q", "O-O").
 *
 * It reads the text by hand and resolves it from the pieces that reach the
 * target square, so the common case costs neither a PCRE2 match nor a move
 * list.  It only ever answers "this is the move": anything else (another
 * notation, a tolerated spelling, an unknown letter, an illegal or
 * ambiguous move) is declined, and the PCRE2 reader of notation.c, which
 * explains refusals, reads the text again.  A declined text therefore gets
 * exactly the general reader's answer; tests/unit/t_san.c checks over the
 * corpus and the fuzz inputs that an accepted one does too. */
#ifndef CV_SAN_H
#define CV_SAN_H
#include "pos.h"

/* The move text (with at most one trailing '+' or '#') names in p, as
 * cv_gen_move_read would find it with status CV_MOVE_OK, form SAN and no
 * tolerance used.  Returns 1 with *out set, or 0: declined. */
int cv_gen_san_fast(cv_pos *p, const char *text, cv_move *out);

#endif
