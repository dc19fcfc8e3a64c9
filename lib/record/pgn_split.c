/* pgn_split: where a PGN input may be cut into pieces that readers on
 * other threads read on their own (pgn.h, cv_pgn_split).
 *
 * A cut is just after a result token that a line end follows: there the
 * reader ends the game whatever comes next, and what comes next starts
 * with a line end, which neither reader looks past.  The scan follows the
 * reader only as far as it must to find results: comments, ';' and '%'
 * lines, and tag lines are passed over, and a run of symbol bytes is one
 * token.  Its count of games is what a reader of well-formed text would
 * count; where the text is malformed the count may be wrong, which the
 * caller finds out by comparing marks, so nothing here has to be sure. */
#include "pgn.h"
#include "pgn_cls.h"
#include <string.h>

/* The length of the result token at p (n bytes left), 0 when p is not one;
 * -1 when the buffer ends before it can be told. */
static int result_at(const unsigned char *p, size_t n)
{
    static const char *const res[] = { "1/2-1/2", "1-0", "0-1" };
    for (int i = 0; i < 3; i++) {
        size_t k = strlen(res[i]);
        size_t m = n < k ? n : k;
        if (memcmp(p, res[i], m)) continue;
        if (n <= k) return -1;  /* the byte after it decides */
        return cls[p[k]] & K_SYM ? 0 : (int)k;
    }
    return 0;
}

size_t cv_pgn_split(const char *buf, size_t n, size_t min, cv_pgn_mark *m)
{
    const unsigned char *b = (const unsigned char *)buf, *p = b, *end = b + n;
    long line = m->line, games = m->games;
    unsigned bits = m->bits;
    const unsigned char *lstart = p - m->col;   /* only ever compared and subtracted */
    if (!(bits & CV_PGN_AT_INSIDE) && n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) {
        p += 3;
        lstart = p;
    }
    int movetext = 0;   /* a token since the last game ended */
    size_t cut = 0;
    cv_pgn_mark at = *m;
    while (p < end) {
        unsigned c = *p;
        if (c == '\n' || c == '\r') {
            if (c == '\r') {
                if (p + 1 == end) break;   /* CR LF or a lone CR: the next read says */
                if (p[1] == '\n') {
                    bits |= CV_PGN_AT_CRLF;
                    p++;
                } else {
                    bits |= CV_PGN_AT_CR;
                }
            }
            p++;
            line++;
            lstart = p;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
            p++;
            continue;
        }
        if (c == '{') {
            /* to the closing brace; line ends inside are still counted */
            for (p++; p < end && *p != '}'; p++) {
                if (*p == '\n' || (*p == '\r' && p + 1 < end && p[1] != '\n')) {
                    if (*p == '\r') bits |= CV_PGN_AT_CR;
                    line++;
                    lstart = p + 1;
                } else if (*p == '\r') {
                    if (p + 1 == end) break;
                    bits |= CV_PGN_AT_CRLF;
                }
            }
            if (p == end) break;
            p++;
            continue;
        }
        if (c == ';' || c == '[' || (c == '%' && p == lstart)) {
            if (c == '[' && movetext) {
                games++;   /* the next game's tags end one without a result */
                movetext = 0;
            }
            while (p < end && *p != '\n' && *p != '\r') p++;
            continue;
        }
        int k = c == '*' ? 1 : (cls[c] & K_DIGIT) ? result_at(p, (size_t)(end - p)) : 0;
        if (k < 0) break;
        if (k > 0) {
            games++;
            movetext = 0;
            p += k;
            if (p < end && (*p == '\n' || *p == '\r')) {
                cut = (size_t)(p - b);
                at.line = line;
                at.col = (long)(p - lstart);
                at.games = games;
                at.bits = (bits & (CV_PGN_AT_CRLF | CV_PGN_AT_CR)) | CV_PGN_AT_TOKEN | CV_PGN_AT_INSIDE;
                if (cut >= min) break;
            }
            continue;
        }
        movetext = 1;
        if (cls[c] & K_SYM) {
            while (p < end && (cls[*p] & K_SYM)) p++;
        } else {
            p++;
        }
    }
    if (cut < min || !cut) return 0;
    *m = at;
    return cut;
}
