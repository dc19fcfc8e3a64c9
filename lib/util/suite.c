#include "suite.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int fail(cv_suite_line *o, const char *why, int col)
{
    o->kind = CV_SUITE_ERROR;
    o->why = why;
    o->col = col;
    return o->kind;
}

/* A bad count ends the line's counts; those before it stand. */
static int bad_count(cv_suite_line *o, const char *what, int col)
{
    snprintf(o->whybuf, sizeof o->whybuf, "depth %d: %s", o->ncounts + 1, what);
    o->why = o->whybuf;
    o->col = col;
    return o->kind;
}

int cv_suite_parse(char *line, cv_suite_line *o)
{
    memset(o, 0, sizeof *o);
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (!strncmp(s, "# variant:", 10)) {
        char *n = s + 10;
        while (*n == ' ' || *n == '\t') n++;
        char *e = n;
        while (*e && !isspace((unsigned char)*e)) e++;
        if (e == n) return o->kind = CV_SUITE_NOTHING;
        *e = 0;
        o->text = n;
        o->text_col = (int)(n - line) + 1;
        return o->kind = CV_SUITE_VARIANT;
    }
    if (!*s || *s == '#') return o->kind = CV_SUITE_NOTHING;
    char *semi = strchr(s, ';');
    if (!semi) return fail(o, "expected 'FEN ;D1 ;D2 ...'", 1);
    *semi = 0;
    for (char *end = semi; end > s && (end[-1] == ' ' || end[-1] == '\t');) *--end = 0;
    o->text = s;
    o->text_col = (int)(s - line) + 1;
    o->kind = CV_SUITE_POSITION;
    char *q = semi + 1;
    for (;;) {
        if (o->ncounts == CV_SUITE_MAX_DEPTH) return fail(o, "more than 64 depths", (int)(q - line) + 1);
        char *next = strchr(q, ';');
        if (next) *next = 0;
        char *p = q;
        while (*p == ' ' || *p == '\t') p++;
        uint64_t v = 0;
        int digits = 0;
        for (; isdigit((unsigned char)*p); p++, digits++) {
            unsigned d = (unsigned)(*p - '0');
                if (v > (UINT64_MAX - d) / 10) return bad_count(o, "out of range (more than 2^64 - 1)", (int)(q - line) + 1);
            v = v * 10 + d;
        }
        while (*p == ' ' || *p == '\t') p++;
        if (!digits || *p) return bad_count(o, "expected a count", (int)(q - line) + 1);
        o->count_col[o->ncounts] = (int)(q - line) + 1;
        o->count[o->ncounts++] = v;
        if (!next) break;
        q = next + 1;
    }
    return o->kind;
}
