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

/* 0 when written; else nothing is written and the reason is returned:
 * CV_RAW_LONG or CV_RAW_NOMEM (game.h). */
int cv_record_write_as_read(FILE *out, const cv_record_format *f, const cv_record *g);

#endif
