/* asread: a game written out as it was read, byte for byte, for the tools
 * that pass games through (cv-convert's unconverted games, cv-select's
 * chosen ones).
 *
 * The game's raw bytes (a reader opened with CV_RECORD_KEEP_RAW) go out
 * as they are, with a newline added when the input's last game ended
 * without one, so the games written one after another stay apart.  A
 * format that keeps no bytes writes the game as its reader understood
 * it.  A game whose bytes were kept only in part is not written at all:
 * part of a game would pass for the game. */
#ifndef CV_RECORD_ASREAD_H
#define CV_RECORD_ASREAD_H
#include "record.h"
#include <stdio.h>

/* Flags of cv_record_write_as_read. */
enum {
    /* A game's bytes begin where the game before it ended; where a
     * format ends a game at its last token (PGN's result), they start
     * with the line break that ends that game's last line.  Left out
     * (when the game's own bytes do not end with a line break), every
     * game of a file written this way, one after another, is the file
     * itself but for what follows the last game. */
    CV_ASREAD_JOIN = 1,
};

/* 0 when written; else nothing is written and the reason is returned:
 * CV_RAW_LONG or CV_RAW_NOMEM (game.h). */
int cv_record_write_as_read(FILE *out, const cv_record_format *f, const cv_record *g, unsigned flags);

#endif
