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
 * caller finds out by comparing marks, so nothing here has to be sure.
 * Nor does the end of the buffer need care: a cut needs a line end after
 * its result inside the data, so whatever is misread at the very end (a
 * CR whose LF is not read yet, a result cut short) has no cut after it,
 * and the scan of the next, longer buffer starts again at the last cut. */
#include "pgn.h"
#include "pgn_cls.h"
#include <string.h>

/* The bytes each scan stops at; every other byte is passed over unread.
 * At the top level: line ends, the openings of comments, tags, ';' and
 * '%' lines, and the first bytes of results.  0 stops every scan: it is
 * the sentinel after the data (and, inside it, looked at and passed). */
enum { S_TOP = 1, S_COMMENT = 2, S_LINE = 4 };
#define ST(c) (unsigned char)(((c) == 0 || (c) == '\n' || (c) == '\r' ? S_TOP | S_COMMENT | S_LINE : 0) | \
                              ((c) == '{' || (c) == '[' || (c) == ';' || (c) == '%' || (c) == '*' || \
                               (c) == '0' || (c) == '1' ? S_TOP : 0) | ((c) == '}' ? S_COMMENT : 0))
#define ST4(c) ST(c), ST((c) + 1), ST((c) + 2), ST((c) + 3)
#define ST16(c) ST4(c), ST4((c) + 4), ST4((c) + 8), ST4((c) + 12)
#define ST64(c) ST16(c), ST16((c) + 16), ST16((c) + 32), ST16((c) + 48)
static const unsigned char stop[256] = { ST64(0), ST64(64), ST64(128), ST64(192) };

/* Past the line end at p ('\n', CR LF or a lone CR), noting in *bits
 * which kind it was. */
static const unsigned char *eol(const unsigned char *p, unsigned *bits)
{
    if (*p == '\r') {
        if (p[1] == '\n') {
            *bits |= CV_PGN_AT_CRLF;
            return p + 2;
        }
        *bits |= CV_PGN_AT_CR;
    }
    return p + 1;
}

/* Is there anything but white space in [from, to)? */
static int has_token(const unsigned char *from, const unsigned char *to)
{
    for (; from < to; from++)
        if (*from != ' ' && *from != '\t' && *from != '\n' && *from != '\r' && *from != '\f' && *from != '\v')
            return 1;
    return 0;
}

size_t cv_pgn_split(const char *buf, size_t n, size_t min, cv_pgn_mark *m)
{
    const unsigned char *b = (const unsigned char *)buf, *p = b, *end = b + n;
    long line = m->line, games = m->games;
    unsigned bits = m->bits;
    long long lstart = -(long long)m->col;  /* offset of the line's first byte */
    long long lbase = -(long long)m->count; /* where the line-length count starts */
    if (!(bits & CV_PGN_AT_INSIDE) && n >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) {
        p += 3;
        lstart = lbase = 3;
    }
    /* Movetext since the last game ended makes a tag start the next game.
     * Only comments and ';' or '%' lines are not movetext: quiet is where
     * text not yet judged begins. */
    int movetext = 0;
    const unsigned char *quiet = p;
    size_t cut = 0;
    cv_pgn_mark at = *m;
    for (;;) {
        /* four bytes a step: most bytes are passed over */
        while (!((stop[p[0]] | stop[p[1]] | stop[p[2]] | stop[p[3]]) & S_TOP)) p += 4;
        while (!(stop[*p] & S_TOP)) p++;
        if (p >= end) break;
        unsigned c = *p;
        if (c == '\n' || c == '\r') {
            p = eol(p, &bits);
            line++;
            lstart = lbase = p - b;
            continue;
        }
        if (c == 0) {  /* a NUL in the data */
            p++;
            continue;
        }
        if (c == '{' || c == ';' || c == '[' || (c == '%' && p - b == lstart)) {
            movetext = movetext || has_token(quiet, p);
            if (c == '[' && movetext) {
                games++;   /* the next game's tags end one without a result */
                movetext = 0;
            }
            if (c == '{') {
                /* to the closing brace; line ends inside are still counted */
                for (p++;;) {
                    while (!(stop[*p] & S_COMMENT)) p++;
                    if (p >= end || *p == '}') break;
                    if (!*p) {  /* a NUL in the data */
                        p++;
                        continue;
                    }
                    p = eol(p, &bits);
                    line++;
                    lstart = p - b;
                }
                if (p >= end) break;
                p++;
                lbase = p - b;  /* comment text does not count toward the line limit */
            } else {
                do p++;  /* to the line end; a NUL in the data does not end it */
                while (!(stop[*p] & S_LINE) || (!*p && p < end));
            }
            quiet = p;
            continue;
        }
        /* '%' not at a line's start, '*', or a digit: a result only at a token's start */
        if (c == '%' || (c != '*' && p > b && (cls[p[-1]] & K_SYM))) {
            p++;
            continue;
        }
        size_t k = c == '*' ? 1 : pgn_result_len(p);
        if (k == 0) {
            p++;
            continue;
        }
        games++;
        movetext = 0;
        p += k;
        quiet = p;
        if (p < end && (*p == '\n' || *p == '\r')) {
            cut = (size_t)(p - b);
            at.line = line;
            at.col = (long)(cut - lstart);
            at.count = (long)(cut - lbase);
            at.games = games;
            at.bits = (bits & (CV_PGN_AT_CRLF | CV_PGN_AT_CR)) | CV_PGN_AT_TOKEN | CV_PGN_AT_INSIDE;
            if (cut >= min) break;
        }
    }
    if (cut < min || !cut) return 0;
    *m = at;
    return cut;
}
