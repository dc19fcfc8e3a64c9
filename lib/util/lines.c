#include "lines.h"
#include "stdout.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cv_lines_init(cv_lines *L, FILE *f)
{
    memset(L, 0, sizeof *L);
    L->f = f;
}

void cv_lines_init_source(cv_lines *L, cv_source *src)
{
    memset(L, 0, sizeof *L);
    L->src = src;
}

enum { BLOCK = 64 * 1024 };

static int next_byte(cv_lines *L)
{
    if (!L->src) return getc(L->f);
    if (L->ipos == L->iend) {
        if (!L->in && !(L->in = malloc(BLOCK))) {
            L->src->err = ENOMEM;
            return EOF;
        }
        L->ipos = 0;
        L->iend = cv_source_read(L->src, L->in, BLOCK);
        if (!L->iend) return EOF;
    }
    return L->in[L->ipos++];
}

/* c, the byte just taken, is taken again next */
static void unget_byte(cv_lines *L, int c)
{
    if (L->src) L->ipos--;
    else ungetc(c, L->f);
}

static int read_failed(const cv_lines *L) { return L->src ? L->src->err : ferror(L->f) ? (errno ? errno : EIO) : 0; }

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
    size_t n = 0, max = L->max ? L->max : CV_LINE_MAX;
    int c, any = 0;
    L->bad = CV_LINE_OK;
    L->col = 0;
    L->cr = L->lf = 0;
    cv_stdout_check();  /* before errno is cleared: it may say why output failed */
    errno = 0;
    while ((c = next_byte(L)) != EOF) {
        any = 1;
        if (c == '\n') {
            L->lf = 1;
            break;
        }
        if (c == '\r' && L->lone_cr && L->bad != CV_LINE_LONG) {
            int d = next_byte(L);
            if (d != '\n' && d != EOF) unget_byte(L, d);
            L->cr = 1;
            L->lf = d == '\n';
            break;
        }
        if (n >= max) {
            /* consumed to its end, not kept */
            if (L->bad != CV_LINE_LONG) {
                L->bad = CV_LINE_LONG;
                L->col = (long)max + 1;
                snprintf(L->why, sizeof L->why, "line longer than %zu bytes", max);
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
    if (c == EOF && read_failed(L)) {
        L->error = read_failed(L);
        return 0;
    }
    if (!any) return 0;
    if (put(L, n, 0) < 0) {
        L->error = ENOMEM;
        return 0;
    }
    if (n && L->buf[n - 1] == '\r' && L->bad != CV_LINE_LONG) {
        L->buf[--n] = 0;
        L->cr = 1;
    }
    L->lineno++;
    *line = L->buf;
    *len = n;
    return 1;
}

const char *cv_lines_why(const cv_lines *L)
{
    return L->bad == CV_LINE_NUL ? "NUL byte in the line" : L->bad == CV_LINE_LONG ? L->why : "";
}

void cv_lines_free(cv_lines *L)
{
    free(L->buf);
    free(L->in);
    L->buf = NULL;
    L->in = NULL;
    L->cap = 0;
    L->ipos = L->iend = 0;
}
