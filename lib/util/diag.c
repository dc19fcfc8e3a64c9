#include "diag.h"
#include <string.h>

extern char *program_invocation_short_name; /* glibc */

cv_diag cv_diag_default;

const char *cv_display_name(const char *path)
{
    return (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
}

/* The one writer of every message's tail, ": LEVEL: MESSAGE\n", after
 * its place (FILE:LINE:COL) or the tool's name. */
static void say(FILE *o, const char *level, const char *fmt, va_list ap)
{
    fprintf(o, ": %s: ", level);
    vfprintf(o, fmt, ap);
    fputc('\n', o);
}

void cv_vreport(cv_diag *d, cv_level lv, const char *file, long line, long col,
                const char *fmt, va_list ap)
{
    static const char *names[] = { "note", "warning", "error" };
    if (!d) d = &cv_diag_default;
    if (lv == CV_ERROR) d->errors++;
    if (lv == CV_WARNING) {
        d->warnings++;
        if (d->quiet_warnings) return;
    }
    FILE *o = d->out ? d->out : stderr;
    /* Standard output is block-buffered on a pipe: what the tool wrote
     * before this message must go first, or `tool 2>&1 | cat` shows every
     * diagnostic ahead of the lines they belong to.  Only here, so a run
     * without diagnostics keeps its full buffering. */
    if (o != stdout) fflush(stdout);
    /* "" means no place: the message is about the run, so the program
     * names itself, as GNU tools do */
    if (file && !*file) fputs(program_invocation_short_name, o);
    else fputs(cv_display_name(file), o);
    if (line > 0) {
        fprintf(o, ":%ld", line);
        if (col > 0) fprintf(o, ":%ld", col);
    }
    say(o, names[lv], fmt, ap);
}

void cv_vreport_run(const char *tool, cv_level lv, const char *fmt, va_list ap)
{
    static const char *names[] = { "note", "warning", "error" };
    fputs(tool, stderr);
    say(stderr, names[lv], fmt, ap);
}

void cv_report(cv_diag *d, cv_level lv, const char *file, long line, long col,
               const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_vreport(d, lv, file, line, col, fmt, ap);
    va_end(ap);
}
