/* lines: the line reader of the tools that read one position or command a
 * line (cv-check, cv-legal, cv-perft --suite, cv-board), and of the
 * Game Courier log reader (lib/record/gclog.c).
 *
 * Every line is bounded (CV_LINE_MAX bytes, or the reader's own `max`: a
 * longer one is consumed, not kept, and named with its line number), a
 * NUL byte is named at its column, a CR before the line end is dropped,
 * and a read error ends the input with `error` set, so no tool takes a
 * cut line or a failed read for data.  Memory stays at one line (and, read
 * from a source, one block of 64 KiB).  What ended the line (`cr`, `lf`)
 * is told, so a caller that keeps the input's bytes as read can put them
 * back together. */
#ifndef CV_LINES_H
#define CV_LINES_H
#include <stddef.h>
#include <stdio.h>
#include "source.h"

#define CV_LINE_MAX (1u << 20)

enum { CV_LINE_OK = 0, CV_LINE_NUL, CV_LINE_LONG };

typedef struct cv_lines {
    FILE *f;
    cv_source *src;     /* read instead of f when set (source.h) */
    unsigned char *in;  /* its bytes read, not yet taken */
    size_t ipos, iend;
    long lineno;        /* of the line returned last */
    int bad;            /* CV_LINE_*: why the last line cannot be used */
    long col;           /* ... and where (1-based) */
    int error;          /* errno of a read error, 0 when none */
    char *buf;
    size_t cap;
    size_t max;         /* longest line kept; 0 (cv_lines_init): CV_LINE_MAX */
    int cr, lf;         /* the last line ended in a CR that was dropped, in a
                           LF (0 at the end of the input) */
    int lone_cr;        /* set by the caller: a CR not followed by a LF ends a
                           line too (cr 1, lf 0), for a reader of files from
                           systems that end lines so (a Game Courier log) */
    char why[48];       /* the message of a line too long */
} cv_lines;

void cv_lines_init(cv_lines *L, FILE *f);
/* The same on src, read in blocks (a FILE is read a byte at a time, so a
 * tool reading a terminal answers each line as it comes). */
void cv_lines_init_source(cv_lines *L, cv_source *src);
/* 1 and the line (NUL-terminated, without its end) in *line with its
 * length, 0 at the end of the input or on a read error.  A line that
 * cannot be used is still returned (1) with `bad` set: the caller names
 * it (cv_lines_why) and goes on. */
int cv_lines_next(cv_lines *L, char **line, size_t *len);
/* "NUL byte in the line", "line longer than 1048576 bytes" (the max) */
const char *cv_lines_why(const cv_lines *L);
void cv_lines_free(cv_lines *L);

#endif
