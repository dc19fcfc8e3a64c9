#include "diag.h"
#include <stdlib.h>
#include <string.h>

extern char *program_invocation_short_name; /* glibc */

cv_diag cv_diag_default;

static const char *const gnu_names[] = { "note", "warning", "error" };
/* GitHub's three annotation levels; a note is its notice */
static const char *const github_names[] = { "notice", "warning", "error" };

static cv_diag_style style = CV_DIAG_GNU;

void cv_diag_set_style(cv_diag_style s) { style = s; }
cv_diag_style cv_diag_get_style(void) { return style; }

int cv_diag_style_named(const char *name)
{
    if (!strcmp(name, "gnu")) return CV_DIAG_GNU;
    if (!strcmp(name, "github")) return CV_DIAG_GITHUB;
    return -1;
}

const char *cv_display_name(const char *path)
{
    return (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
}

/* The one writer of every gnu message's tail, ": LEVEL: MESSAGE\n", after
 * its place (FILE:LINE:COL) or the tool's name. */
static void say(FILE *o, const char *level, const char *fmt, va_list ap)
{
    fprintf(o, ": %s: ", level);
    vfprintf(o, fmt, ap);
    fputc('\n', o);
}

/* s escaped for a workflow command: the message's three characters, and
 * in a property value (prop) the two that end a property. */
static void github_escaped(FILE *o, const char *s, int prop)
{
    for (; *s; s++) {
        switch (*s) {
        case '%': fputs("%25", o); break;
        case '\r': fputs("%0D", o); break;
        case '\n': fputs("%0A", o); break;
        case ':': if (prop) fputs("%3A", o); else fputc(':', o); break;
        case ',': if (prop) fputs("%2C", o); else fputc(',', o); break;
        default: fputc(*s, o);
        }
    }
}

/* The message formatted whole, however long; NULL when out of memory. */
static char *format(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *msg = n < 0 ? NULL : malloc((size_t)n + 1);
    if (msg) vsnprintf(msg, (size_t)n + 1, fmt, again);
    va_end(again);
    return msg;
}

/* ::LEVEL file=F,line=L,col=C::MESSAGE, built in memory and written at
 * once: a worker's capture and a terminal get the line whole. */
static void github_line(FILE *o, cv_level lv, const char *file, long line, long col, const char *fmt, va_list ap)
{
    char *msg = format(fmt, ap);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    FILE *w = m ? m : o;
    fprintf(w, "::%s", github_names[lv]);
    /* a name beginning with '-' is no file of the repository: standard
     * input, --fen, --start; "" is the run itself */
    int own = file && *file && *file != '-';
    if (own) {
        fputs(" file=", w);
        github_escaped(w, file, 1);
        if (line > 0) fprintf(w, ",line=%ld", line);
        if (line > 0 && col > 0) fprintf(w, ",col=%ld", col);
    }
    fputs("::", w);
    if (!own && (!file || *file)) {
        github_escaped(w, cv_display_name(file), 0);
        if (line > 0) fprintf(w, ":%ld", line);
        if (line > 0 && col > 0) fprintf(w, ":%ld", col);
        fputs(": ", w);
    }
    github_escaped(w, msg ? msg : "out of memory formatting a message", 0);
    fputc('\n', w);
    if (m && fclose(m) == 0) fwrite(buf, 1, len, o);
    free(buf);
    free(msg);
}

void cv_vreport(cv_diag *d, cv_level lv, const char *file, long line, long col,
                const char *fmt, va_list ap)
{
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
    if (style == CV_DIAG_GITHUB) {
        github_line(o, lv, file, line, col, fmt, ap);
        return;
    }
    /* "" means no place: the message is about the run, so the program
     * names itself, as GNU tools do */
    if (file && !*file) fputs(program_invocation_short_name, o);
    else fputs(cv_display_name(file), o);
    if (line > 0) {
        fprintf(o, ":%ld", line);
        if (col > 0) fprintf(o, ":%ld", col);
    }
    say(o, gnu_names[lv], fmt, ap);
}

void cv_diag_gnu_line(FILE *o, cv_level lv, const char *file, long line, long col, const char *msg)
{
    if (file && !*file) fputs(program_invocation_short_name, o);
    else fputs(cv_display_name(file), o);
    if (line > 0) {
        fprintf(o, ":%ld", line);
        if (col > 0) fprintf(o, ":%ld", col);
    }
    fprintf(o, ": %s: %s", gnu_names[lv], msg);
}

void cv_vreport_run(const char *tool, cv_level lv, const char *fmt, va_list ap)
{
    if (style == CV_DIAG_GITHUB) {
        github_line(stderr, lv, "", 0, 0, fmt, ap);
        return;
    }
    fputs(tool, stderr);
    say(stderr, gnu_names[lv], fmt, ap);
}

void cv_report(cv_diag *d, cv_level lv, const char *file, long line, long col,
               const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_vreport(d, lv, file, line, col, fmt, ap);
    va_end(ap);
}
