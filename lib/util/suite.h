/* suite: one line of a perft suite file (docs/cvkit-formats.5):
 *
 *     FEN ;D1 ;D2 ...      counts at depths 1, 2, ... of the position
 *     # variant: NAME      the variant of the lines that follow
 *     # anything, or blank  nothing
 *
 * Syntax only, so the same reader serves cv-perft and the fuzz target:
 * every count is range-checked (a count that does not fit in 64 bits is
 * an error, not a wrapped number), at most CV_SUITE_MAX_DEPTH of them. */
#ifndef CV_SUITE_H
#define CV_SUITE_H
#include <stdint.h>

#define CV_SUITE_MAX_DEPTH 64

enum { CV_SUITE_NOTHING, CV_SUITE_VARIANT, CV_SUITE_POSITION, CV_SUITE_ERROR };

typedef struct cv_suite_line {
    int kind;                   /* CV_SUITE_* */
    const char *text;           /* VARIANT: the name; POSITION: the FEN (NUL-terminated, in the line) */
    int text_col;               /* its 1-based column */
    int ncounts;
    uint64_t count[CV_SUITE_MAX_DEPTH];
    int count_col[CV_SUITE_MAX_DEPTH];
    const char *why;            /* ERROR, or POSITION whose counts stop at a bad
                                   one (the counts before it stand): the message */
    int col;                    /* ... where */
    char whybuf[64];
} cv_suite_line;

/* Parses line (changed in place: the FEN and the name get their NUL). */
int cv_suite_parse(char *line, cv_suite_line *out);

#endif
