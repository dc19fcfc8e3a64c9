/* diag: diagnostics in the GNU compiler shape, FILE:LINE:COL: LEVEL: MESSAGE.
 * Every tool and library module reports through here so that the format,
 * the "<stdin>" naming and the error/warning counts are the same everywhere. */
#ifndef CV_DIAG_H
#define CV_DIAG_H
#include <stdarg.h>
#include <stdio.h>

typedef enum { CV_NOTE, CV_WARNING, CV_ERROR } cv_level;

typedef struct cv_diag {
    FILE *out;          /* where messages go; stderr when NULL */
    long errors;        /* counts since the last reset */
    long warnings;
    int quiet_warnings; /* count warnings but do not print them */
} cv_diag;

/* The process-wide default sink (stderr). */
extern cv_diag cv_diag_default;

/* Prints "FILE:LINE:COL: level: message" (LINE/COL omitted when <= 0,
 * FILE "-" or NULL shown as "<stdin>", FILE "" as the program's name for
 * messages about the whole run) and counts it. */
void cv_report(cv_diag *d, cv_level lv, const char *file, long line, long col,
               const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void cv_vreport(cv_diag *d, cv_level lv, const char *file, long line, long col,
                const char *fmt, va_list ap);

/* A message about the whole run, not a place in an input: "TOOL: LEVEL:
 * MESSAGE" on stderr, in the same words as cv_report (cli.h gives the
 * tools cv_cli_error and cv_cli_warning over it).  Not counted. */
void cv_vreport_run(const char *tool, cv_level lv, const char *fmt, va_list ap);

/* Display name of an input path: "<stdin>" for NULL or "-". */
const char *cv_display_name(const char *path);

#endif
