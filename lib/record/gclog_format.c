/* The Game Courier log behind the record interface (record.h): the reader
 * and writer of gclog.h, and how a log is told from PGN and a Parmen
 * listing by its first move line. */
#include "record.h"
#include "gclog.h"
#include <string.h>

/* ---- sniffing ----
 *
 * `//` lines (comments, tags) may come first; the first other line must
 * be a numbered move whose text is Game Courier's notation throughout.
 * A piece label before a cell ("1. P e5-e9") or sub-moves joined by ';'
 * are Game Courier's alone: sure.  "1. e2-e4" alone could be long
 * algebraic PGN as well: maybe (PGN, earlier in the table, keeps it
 * then).  PGN's "1. e4 e5" or "1. Nf3" and a listing's "1.  Pc2-c4(2)"
 * are no log. */

static int lower(int c) { return c >= 'a' && c <= 'z'; }
static int alpha(int c) { return lower(c) || (c >= 'A' && c <= 'Z'); }
static int digit(int c) { return c >= '0' && c <= '9'; }
static int blank(int c) { return c == ' ' || c == '\t'; }

/* A cell, "e5" or "e13", at s[*i], ending the word or before a '-'. */
static int cell(const char *s, size_t n, size_t *i)
{
    size_t k = *i;
    if (k >= n || !lower(s[k])) return 0;
    size_t d = ++k;
    while (k < n && digit(s[k]) && k - d < 3) k++;
    if (k == d || (k < n && (alpha(s[k]) || digit(s[k])))) return 0;
    *i = k;
    return 1;
}

/* A piece label, "P" or "B1", at s[*i]. */
static int label(const char *s, size_t n, size_t *i)
{
    size_t k = *i;
    if (k >= n || !alpha(s[k])) return 0;
    while (k < n && (alpha(s[k]) || digit(s[k])) && k - *i < 8) k++;
    *i = k;
    return 1;
}

/* One sub-move at s[*i]: "P e5-e9" (labelled), "e5-e9" (plain), "d6-",
 * "R-e13" or "@-e4". */
static int sub_move(const char *s, size_t n, size_t *i, int *labelled, int *plain)
{
    size_t t = *i, u;
    if (label(s, n, &t) && t < n && s[t] == ' ' && (++t, cell(s, n, &t)) && t < n && s[t] == '-') {
        u = ++t;
        if (cell(s, n, &u)) t = u;
        *labelled = 1;
        *i = t;
        return 1;
    }
    t = *i;
    if (cell(s, n, &t) && t < n && s[t] == '-') {
        u = ++t;
        if (cell(s, n, &u)) {
            t = u;
            *plain = 1;
        }
        *i = t;
        return 1;
    }
    t = *i;
    if (t < n && s[t] == '@') t++;
    else if (!label(s, n, &t)) return 0;
    if (t < n && s[t] == '-' && (++t, cell(s, n, &t))) {
        *i = t;
        return 1;
    }
    return 0;
}

/* How surely the move s[0..n) (its marks taken off) is Game Courier's. */
static int move_score(const char *s, size_t n)
{
    size_t i = 0;
    int subs = 0, labelled = 0, plain = 0;
    for (;;) {
        if (!sub_move(s, n, &i, &labelled, &plain)) return 0;
        subs++;
        while (i < n && s[i] == ' ') i++;
        if (i == n) break;
        if (s[i++] != ';') return 0;
        while (i < n && s[i] == ' ') i++;
    }
    return subs > 1 || labelled ? 3 : subs == 1 && plain ? 1 : 0;
}

/* "N. MOVE" or "N... MOVE", perhaps with a comment after it. */
static int line_score(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && digit(s[i])) i++;
    size_t dots = i;
    while (i < n && s[i] == '.') i++;
    if (dots == 0 || (i - dots != 1 && i - dots != 3) || i == n || !blank(s[i])) return 0;
    while (i < n && blank(s[i])) i++;
    size_t e = i;
    while (e < n && !(s[e] == '/' && e + 1 < n && s[e + 1] == '/')) e++;
    while (e > i && (blank(s[e - 1]) || s[e - 1] == '\r')) e--;
    while (e > i + 1 && (s[e - 1] == '+' || s[e - 1] == '#')) e--;
    return move_score(s + i, e - i);
}

static int sniff(const char *b, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(b, "\xEF\xBB\xBF", 3)) i = 3;
    while (i < n) {
        size_t e = i;
        /* a line ends at LF, CR LF or a lone CR (old Mac files) */
        while (e < n && b[e] != '\n' && b[e] != '\r') e++;
        size_t k = i;
        while (k < e && blank(b[k])) k++;
        if (k < e && !(k + 1 < e && b[k] == '/' && b[k + 1] == '/')) return line_score(b + k, e - k);
        i = e + 1;  /* a blank line or a comment: the first move may follow */
    }
    return 0;
}

/* ---- the interface ---- */

static void *open_gc(cv_source *src, const char *path, cv_diag *d, unsigned flags)
{
    return cv_gclog_open_source(src, path, d, flags);
}
static int next(void *rd, cv_record *g) { return cv_gclog_next(rd, g); }
static int io_error(void *rd) { return cv_gclog_io_error(rd); }
static void close_gc(void *rd) { cv_gclog_close(rd); }

/* "game 2", or "game 2 (Alice - Bob)" when the log names its players. */
static size_t ident(const cv_record *g, char *buf, size_t size)
{
    const char *w = cv_game_tag_value(g, "White"), *b = cv_game_tag_value(g, "Black");
    int n = w || b ? snprintf(buf, size, "game %ld (%.120s - %.120s)", g->number, w ? w : "?", b ? b : "?")
                   : snprintf(buf, size, "game %ld", g->number);
    return n < 0 ? 0 : (size_t)n;
}

const cv_record_format cv_gclog_format = {
    .name = "gclog",
    .suffixes = ".txt",
    .suffix_shared = 1,
    .own_suffix = ".gc",
    .engine = "panoply",
    .default_variant = "panoply",
    .numbered = 1,
    /* Game Courier writes no check marks: a mark missing is no fault,
     * so marks are not checked but under --strict (as PGN's) */
    .marks_warn = 0,
    .sniff = sniff,
    .open = open_gc,
    .next = next,
    .io_error = io_error,
    .close = close_gc,
    .write = cv_gclog_write,
    .ident = ident,
};
