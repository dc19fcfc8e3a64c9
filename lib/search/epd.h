/* epd: a position line with EPD operations, as test suites are written.
 *
 * "POSITION bm Qg6; am Rxe1; id "WAC.001";": the operations follow the
 * position text, each an opcode, its operands and ';'.  A line without a
 * ';' is a position alone.  The position text is the variant's own; EPD
 * leaves out the move counters, so a reader that refuses the text alone
 * is given it again with " 0 1" after it (cv_epd_position).  The moves of
 * bm and am are read by the caller in any notation the engine reads. */
#ifndef CV_EPD_H
#define CV_EPD_H
#include "engine.h"
#include <stddef.h>

#define CV_EPD_MAX_MOVES 8

typedef struct cv_epd {
    char pos[1024];             /* the position text */
    int pos_len;
    int ops;                    /* any operation seen */
    char bm[CV_EPD_MAX_MOVES][64];
    int nbm;
    char am[CV_EPD_MAX_MOVES][64];
    int nam;
    char id[128];
} cv_epd;

/* Splits line; -1 with why when an operation is not closed by ';' or a
 * field is too long. */
int cv_epd_parse(const char *line, cv_epd *e, char *why, size_t whysize);

/* Reads the position of e as cv_any_read_position does (with " 0 1"
 * when the text alone is refused and e has operations). */
int cv_epd_position(const cv_variant *v, const cv_epd *e, unsigned flags, cv_apos *a, cv_fen_errors *errs);

/* Is move m of position a one of the moves listed (read in any notation
 * the engine reads)? */
int cv_epd_listed(cv_apos *a, const cv_amove *m, char (*list)[64], int n);

#endif
