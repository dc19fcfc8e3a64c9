/* pgnwrite: PGN export format (PGN standard section 8) for a parsed game.
 *
 * The seven-tag roster comes first in its order (with the standard's
 * placeholders for missing ones), then the other tags as they were read;
 * movetext lines are at most 80 columns; moves get their numbers ("12."
 * for White, "12..." for Black after a comment or variation); suffix
 * annotations become NAGs; ';' comments and '%' lines keep their line
 * form.  Every tag, comment, NAG and variation of the game is written. */
#ifndef CV_PGNWRITE_H
#define CV_PGNWRITE_H
#include "game.h"
#include <stdio.h>

/* Writes g.  move_text, when not NULL, gives for each token index the
 * text to write instead of a MOVE token's own (NULL entries: as read);
 * keep_suffix: keep "+", "#" and "!?" suffixes as read (else the text
 * given carries its check mark and annotations are written as NAGs). */
void cv_pgn_write(FILE *out, const cv_game *g, char *const *move_text, int keep_suffix);

/* What the export format writes for a missing seven-tag-roster tag
 * ("?", "????.??.??", "*"); NULL for any other tag. */
const char *cv_pgn_placeholder(const char *name);

#endif
