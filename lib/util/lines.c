#include "lines.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cv_lines_init(cv_lines *L, FILE *f)
{
    memset(L, 0, sizeof *L);
    L->f = f;
}

static int put(cv_lines *L, size_t n, int c)
{
    if (n + 2 > L->cap) {
        size_t cap = L->cap ? L->cap * 2 : 256;
        char *b = realloc(L->buf, cap);
        if (!b) return -1;
        L->buf = b;
        L->cap = cap;
    }
    L->buf[n] = (char)c;
    return 0;
}

int cv_lines_next(cv_lines *L, char **line, size_t *len)
{
    size_t n = 0;
    int c, any = 0;
    L->bad = CV_LINE_OK;
    L->col = 0;
    errno = 0;
    while ((c = getc(L->f)) != EOF) {
        any = 1;
        if (c == '\n') break;
        if (n >= CV_LINE_MAX) {
            /* consumed to its end, not kept */
            if (L->bad != CV_LINE_LONG) {
                L->bad = CV_LINE_LONG;
                L->col = (long)CV_LINE_MAX + 1;
            }
            continue;
        }
        if (c == 0 && L->bad == CV_LINE_OK) {
            L->bad = CV_LINE_NUL;
            L->col = (long)n + 1;
        }
        if (put(L, n++, c) < 0) {
            L->error = ENOMEM;
            return 0;
        }
    }
    if (c == EOF && ferror(L->f)) {
        L->error = errno ? errno : EIO;
        return 0;
    }
    if (!any) return 0;
    if (put(L, n, 0) < 0) {
        L->error = ENOMEM;
        return 0;
    }
    if (n && L->buf[n - 1] == '\r' && L->bad != CV_LINE_LONG) L->buf[--n] = 0;
    L->lineno++;
    *line = L->buf;
    *len = n;
    return 1;
}

const char *cv_lines_why(const cv_lines *L)
{
    return L->bad == CV_LINE_NUL ? "NUL byte in the line" : L->bad == CV_LINE_LONG ? "line longer than 1048576 bytes" : "";
}

void cv_lines_free(cv_lines *L)
{
    free(L->buf);
    L->buf = NULL;
    L->cap = 0;
}
