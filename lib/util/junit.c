/* junit: the report of a run as JUnit XML (junit.h). */
#include "junit.h"
#include "cli.h"
#include "diag.h"
#include "json.h"
#include "outfile.h"
#include "record.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct suite {
    char *name;
    long tests, failures;
    long from, to;          /* its cases in the spool */
} suite;

struct cv_junit {
    const char *tool, *path;
    cv_outfile *o;
    FILE *spool;            /* the cases, until the end */
    long from;              /* where the input being read starts there */
    suite *s;
    size_t n, cap;
    int oom;
};

/* The length of the well-formed UTF-8 character at s (n bytes left), or
 * 0: a stray byte, an overlong form, a surrogate, a code point past
 * U+10FFFF.  *forbidden: a character XML 1.0 has no place for (a control
 * but tab, LF and CR; U+FFFE, U+FFFF). */
static size_t utf8_char(const unsigned char *s, size_t n, int *forbidden)
{
    unsigned c = s[0];
    *forbidden = 0;
    if (c < 0x80) {
        *forbidden = c < 0x20 && c != '\t' && c != '\n' && c != '\r';
        return 1;
    }
    size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!len || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (c == 0xE0 && s[1] < 0xA0) return 0;
    if (c == 0xED && s[1] >= 0xA0) return 0;
    if (c == 0xF0 && s[1] < 0x90) return 0;
    if (c == 0xF4 && s[1] >= 0x90) return 0;
    *forbidden = c == 0xEF && s[1] == 0xBF && (s[2] == 0xBE || s[2] == 0xBF);
    return len;
}

/* s as XML character data; attr: inside a quoted attribute, where a
 * parser would turn tab, LF and CR into spaces unless referenced. */
static void xml_text(FILE *o, const char *str, int attr)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t n = strlen(str);
    for (size_t i = 0; i < n;) {
        int forbidden;
        size_t k = utf8_char(s + i, n - i, &forbidden);
        if (forbidden) {
            for (size_t b = 0; b < k; b++) fprintf(o, "\\x%02x", s[i + b]);
            i += k;
            continue;
        }
        if (!k) {
            /* read as Latin-1, PGN's own character set, as --json does */
            fputc(0xC0 | (s[i] >> 6), o);
            fputc(0x80 | (s[i] & 0x3F), o);
            i++;
            continue;
        }
        switch (s[i]) {
        case '&': fputs("&amp;", o); break;
        case '<': fputs("&lt;", o); break;
        case '>': fputs("&gt;", o); break;
        case '"': fputs(attr ? "&quot;" : "\"", o); break;
        case '\r': fputs("&#13;", o); break;
        case '\t': fputs(attr ? "&#9;" : "\t", o); break;
        case '\n': fputs(attr ? "&#10;" : "\n", o); break;
        default: fwrite(s + i, 1, k, o);
        }
        i += k;
    }
}

cv_junit *cv_junit_open(const char *tool, const char *path, char **inputs, int ninputs)
{
    if (cv_cli_check_output(tool, path, inputs, ninputs)) return NULL;
    cv_junit *J = calloc(1, sizeof *J);
    if (!J) {
        cv_cli_error(tool, "out of memory");
        return NULL;
    }
    J->tool = tool;
    J->path = path;
    if (!(J->o = cv_cli_replace_open(tool, "--junit", path))) {
        free(J);
        return NULL;
    }
    if (!(J->spool = tmpfile())) {
        cv_cli_error(tool, "--junit %s: a temporary file: %s", path, strerror(errno));
        cv_outfile_close(J->o, 0);
        free(J);
        return NULL;
    }
    return J;
}

void cv_junit_suite_begin(cv_junit *J) { J->from = ftell(J->spool); }

FILE *cv_junit_stream(cv_junit *J) { return J->spool; }

void cv_junit_write(cv_junit *J, const char *buf, size_t n) { fwrite(buf, 1, n, J->spool); }

void cv_junit_suite_end(cv_junit *J, const char *path, long tests, long failures)
{
    if (J->n == J->cap) {
        size_t cap = J->cap ? 2 * J->cap : 16;
        suite *s = realloc(J->s, cap * sizeof *s);
        if (!s) {
            J->oom = 1;
            return;
        }
        J->s = s;
        J->cap = cap;
    }
    char *name = strdup(cv_display_name(path));
    if (!name) {
        J->oom = 1;
        return;
    }
    J->s[J->n++] = (suite){ name, tests, failures, J->from, ftell(J->spool) };
}

/* The message of p as standard error gives it after its place. */
static void problem_line(FILE *out, const char *path, const char *prefix, const cv_problem *p)
{
    char *msg = NULL;
    size_t len = 0;
    FILE *m = prefix ? open_memstream(&msg, &len) : NULL;
    if (m) {
        fprintf(m, "%s: %s", prefix, p->msg);
        if (fclose(m)) {
            free(msg);
            msg = NULL;
        }
    }
    char *line = NULL;
    len = 0;
    FILE *l = open_memstream(&line, &len);
    if (l) {
        cv_diag_gnu_line(l, p->is_error ? CV_ERROR : CV_WARNING, path, p->line, p->col, msg ? msg : p->msg);
        if (fclose(l) == 0) xml_text(out, line, 0);
    }
    fputc('\n', out);
    free(line);
    free(msg);
}

/* A case whose problems of kind "record" (the reader's) are said under
 * rprefix, as the reader says them, and the others under prefix. */
static void write_case(FILE *out, const char *path, const char *name, const char *rprefix, const char *prefix,
                       const cv_problems *ps, int failed)
{
    const cv_problem *first = NULL;
    for (size_t i = 0; i < ps->n && !first; i++)
        if (ps->p[i].is_error) first = &ps->p[i];
    failed = failed || first;
    fputs("    <testcase name=\"", out);
    xml_text(out, name, 1);
    fputs("\" classname=\"", out);
    xml_text(out, cv_display_name(path), 1);
    if (!ps->n && !failed) {
        fputs("\"/>\n", out);
        return;
    }
    fputs("\">\n", out);
    if (failed) {
        fputs("      <failure message=\"", out);
        xml_text(out, first ? first->msg : "invalid", 1);
        fputs("\" type=\"error\">", out);
    } else {
        fputs("      <system-err>", out);
    }
    for (size_t i = 0; i < ps->n; i++)
        problem_line(out, path, strcmp(ps->p[i].kind, "record") ? prefix : rprefix, &ps->p[i]);
    fputs(failed ? "</failure>\n" : "</system-err>\n", out);
    fputs("    </testcase>\n", out);
}

void cv_junit_case(FILE *out, const char *path, const char *name, const char *prefix, const cv_problems *ps,
                   int failed)
{
    write_case(out, path, name, prefix, prefix, ps, failed);
}

void cv_junit_game(FILE *out, const char *path, const cv_record_format *fmt, const cv_record *g, const cv_problems *ps,
                   int failed)
{
    char ident[512], name[800];
    fmt->ident(g, ident, sizeof ident);
    /* the event too, where the format has one: games of a corpus are
     * told apart by it */
    const char *ev = cv_game_tag_value(g, "Event");
    if (ev && *ev && strcmp(ev, "?")) snprintf(name, sizeof name, "%s [%.200s]", ident, ev);
    else snprintf(name, sizeof name, "%s", ident);
    char number[32];
    snprintf(number, sizeof number, "game %ld", g->number);
    write_case(out, path, name, number, ident, ps, failed);
}

/* The spool's bytes [from, to) to out. */
static void copy(FILE *spool, long from, long to, FILE *out)
{
    char buf[65536];
    if (fseek(spool, from, SEEK_SET) != 0) return;
    while (from < to) {
        size_t want = (size_t)(to - from) < sizeof buf ? (size_t)(to - from) : sizeof buf;
        size_t got = fread(buf, 1, want, spool);
        if (!got) return;
        fwrite(buf, 1, got, out);
        from += (long)got;
    }
}

int cv_junit_close(cv_junit *J)
{
    if (!J) return 0;
    long tests = 0, failures = 0;
    for (size_t i = 0; i < J->n; i++) {
        tests += J->s[i].tests;
        failures += J->s[i].failures;
    }
    int spool_bad = J->oom || fflush(J->spool) != 0 || ferror(J->spool);
    int rc = 0;
    FILE *f = spool_bad ? NULL : cv_cli_replace_stream(J->tool, "--junit", J->path, J->o);
    if (spool_bad) {
        cv_cli_error(J->tool, "--junit %s: %s", J->path, J->oom ? "out of memory" : "write error on the temporary file");
        rc = CV_EXIT_USAGE;
    }
    if (f) {
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
        fprintf(f, "<testsuites name=\"%s\" tests=\"%ld\" failures=\"%ld\" errors=\"0\">\n", J->tool, tests, failures);
        for (size_t i = 0; i < J->n; i++) {
            const suite *s = &J->s[i];
            fputs("  <testsuite name=\"", f);
            xml_text(f, s->name, 1);
            fprintf(f, "\" tests=\"%ld\" failures=\"%ld\" errors=\"0\"", s->tests, s->failures);
            if (s->from == s->to) {
                fputs("/>\n", f);
                continue;
            }
            fputs(">\n", f);
            copy(J->spool, s->from, s->to, f);
            fputs("  </testsuite>\n", f);
        }
        fputs("</testsuites>\n", f);
        if (ferror(J->spool)) {
            cv_cli_error(J->tool, "--junit %s: read error on the temporary file", J->path);
            rc = CV_EXIT_USAGE;
        }
    } else {
        rc = CV_EXIT_USAGE;
    }
    if (cv_cli_replace_close(J->tool, "--junit", J->path, J->o, f && !rc)) rc = CV_EXIT_USAGE;
    fclose(J->spool);
    for (size_t i = 0; i < J->n; i++) free(J->s[i].name);
    free(J->s);
    free(J);
    return rc;
}
