/* diag: diagnostics in one of two shapes, chosen once for the run:
 *  - gnu (the default), as GNU compilers write them:
 *    FILE:LINE:COL: LEVEL: MESSAGE;
 *  - github, GitHub Actions workflow commands that become annotations:
 *    ::error file=FILE,line=LINE,col=COL::MESSAGE (::warning, ::notice
 *    for a note), escaped as GitHub's runner reads them back: in the
 *    message % CR LF as %25 %0D %0A, in a property value also : and , as
 *    %3A and %2C.  A problem with no file of its own (the run's, or of a
 *    name beginning with '-': standard input, --fen, --start) has no
 *    properties; the place it has is kept in front of the message
 *    ("<stdin>:3:5: MESSAGE").
 * Every tool and library module reports through here so that the shape,
 * the "<stdin>" naming and the error/warning counts are the same
 * everywhere.  A message goes out as one write of one line (the github
 * shape has no line break inside: the runner reads a line). */
#ifndef CV_DIAG_H
#define CV_DIAG_H
#include <stdarg.h>
#include <stdio.h>

typedef enum { CV_NOTE, CV_WARNING, CV_ERROR } cv_level;

typedef enum { CV_DIAG_GNU, CV_DIAG_GITHUB } cv_diag_style;

typedef struct cv_diag {
    FILE *out;          /* where messages go; stderr when NULL */
    long errors;        /* counts since the last reset */
    long warnings;
    int quiet_warnings; /* count warnings but do not print them */
} cv_diag;

/* The process-wide default sink (stderr). */
extern cv_diag cv_diag_default;

/* The shape of every message from now on (--diagnostics); set before any
 * thread is started, read by all. */
void cv_diag_set_style(cv_diag_style s);
cv_diag_style cv_diag_get_style(void);
/* "gnu" or "github" to its style; -1 for another word. */
int cv_diag_style_named(const char *name);

/* Prints "FILE:LINE:COL: level: message" (LINE/COL omitted when <= 0,
 * FILE "-" or NULL shown as "<stdin>", FILE "" as the program's name for
 * messages about the whole run), or its github shape, and counts it. */
void cv_report(cv_diag *d, cv_level lv, const char *file, long line, long col,
               const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void cv_vreport(cv_diag *d, cv_level lv, const char *file, long line, long col,
                const char *fmt, va_list ap);

/* The gnu shape of a problem, whatever the run's: "FILE:LINE:COL: LEVEL:
 * MESSAGE" with no newline, as a report quotes it (junit.h). */
void cv_diag_gnu_line(FILE *o, cv_level lv, const char *file, long line, long col, const char *msg);

/* A message about the whole run, not a place in an input: "TOOL: LEVEL:
 * MESSAGE" on stderr, in the same words as cv_report (cli.h gives the
 * tools cv_cli_error and cv_cli_warning over it), or ::LEVEL::MESSAGE.
 * Not counted. */
void cv_vreport_run(const char *tool, cv_level lv, const char *fmt, va_list ap);

/* Display name of an input path: "<stdin>" for NULL or "-". */
const char *cv_display_name(const char *path);

#endif
