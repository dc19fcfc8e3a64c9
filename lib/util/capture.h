/* capture: what a worker would have written to standard output and
 * standard error, kept in memory piece by piece (a piece: one game), to
 * be written later in the order one thread would have written it.
 *
 * What it promises:
 *  - cv_capture_open gives two streams (out, err) that a worker writes
 *    as it would write stdout and stderr; cv_capture_mark ends a piece.
 *  - cv_capture_write writes the pieces in order, each piece's standard
 *    error before its standard output, which is how one thread's writes
 *    reach a terminal (diagnostics as the game is read and played, its
 *    line of output after them); on files and pipes each stream gets
 *    exactly its own bytes in order either way.
 *  - Memory: the bytes written and two offsets a piece.
 */
#ifndef CV_CAPTURE_H
#define CV_CAPTURE_H
#include <stddef.h>
#include <stdio.h>

typedef struct cv_capture {
    FILE *out, *err;        /* open between cv_capture_open and _close */
    char *obuf, *ebuf;
    size_t olen, elen;
    size_t *oend, *eend;    /* where each piece ends */
    size_t n, cap;
    int failed;             /* out of memory: what is kept is incomplete */
} cv_capture;

/* 0, or -1 when out of memory.  c must be zeroed. */
int cv_capture_open(cv_capture *c);
void cv_capture_mark(cv_capture *c);
/* Ends the last piece and closes the streams. */
void cv_capture_close(cv_capture *c);
void cv_capture_write(const cv_capture *c, FILE *out, FILE *err);
void cv_capture_free(cv_capture *c);

#endif
