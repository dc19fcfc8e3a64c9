/* pgn: streaming PGN reader.  See pgn.h for what it promises.
 *
 * Shape of the scanner: one input buffer refilled in CHUNK-sized reads.
 * Short tokens (moves, numbers, results, NAGs) are scanned in place after
 * making sure LOOK bytes are buffered, so their inner loops never test for
 * the end of the buffer; a NUL sentinel at the end of the data stops every
 * scan.  Text of unbounded length (comments, tag values, ';' and '%'
 * lines) is scanned in runs and copied to the arena run by run, so it may
 * span any number of refills.  Strings go to one arena per game, referred
 * to by offset while the game is read (the arena may move when it grows)
 * and turned into pointers when the game is complete. */
#include "pgn.h"
#include "scaffold.h"
#include "where.h"
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    CHUNK = 64 * 1024,
    LOOK = 1024,      /* bytes buffered ahead of a short token */
    PAD = 16,         /* zeroed slack after the buffer for short lookahead */
    MAX_TOKEN = 255,  /* longest move, number or tag name */
    ARENA_KEEP = 1 << 20,   /* capacities kept between games; anything */
    TOK_KEEP = 1 << 14,     /* bigger is given back after a large game */
    TAG_KEEP = 1 << 10
};

#include "pgn_cls.h"
#include "shapes.h"

/* ---- the reader --------------------------------------------------------- */

struct cv_pgn_reader {
    cv_source *src;
    cv_file_source file;       /* the source when opened on a FILE */
    const char *fname;
    cv_diag *diag;
    unsigned flags;
    cv_pgn_limits lim;

    unsigned char *buf;
    size_t bufsize;            /* data capacity; PAD more bytes allocated */
    unsigned char *p, *end;    /* scan position; end of data (*end == 0) */
    long long base;            /* file offset of buf[0] */
    long long lstart;          /* file offset of the current line (columns) */
    long long lbase;           /* where the line-length count starts */
    long line;
    int eof, ioerr, io_reported, bom_checked, crlf_seen, cr_seen;
    int nonblank;              /* the current line has had a token */
    int blank_since_token;     /* a blank line since the last token */
    int after_skip;            /* the previous game ended by skipping */

    cv_arena ar;               /* the game's strings (scaffold.h) */
    cv_token *tok;
    size_t ntok, tokcap;
    cv_tag *tags;
    size_t ntags, tagcap;
    size_t *thash;             /* the tags by name: index + 1, 0 empty */
    uint64_t tkeys;            /* the tags' name_key bits (few tags: no hash) */
    size_t thcap;              /* a power of two, at least twice ntags */
    size_t *ml;
    size_t mlcap;
    cv_issue *iss;
    size_t niss, isscap;
    cv_issue pend[4];      /* file-level notes waiting for a game */
    int npend;
    long long *cur, *prev;     /* per depth: next ply, ply of the last move */
    int depthcap;

    long long raw_mark;        /* first input byte not yet in raw */
    char *raw;
    size_t rawlen, rawcap;
    int raw_trunc;

    long games;
    int game_open, movetext, force_break, skip, done, skipped, full, novar_told;
    int tok_blank;             /* a blank line came before this token */
    int depth;
    long long deep;            /* LEAN: levels of a variation passed over
                                  beyond max_depth (0: none) */
    int deep_told;             /* the game has been told of one */
    long gline, gcol;
    long var_line, var_col;    /* the outermost open '(' */
    /* Just after the last token: last_at, settled into last_line and
     * last_col when its line ends (LLONG_MIN once settled), as only a game
     * without its result reports it. */
    long long last_at;
    long last_line, last_col;
    cv_line_table lines;        /* the game's lines with tokens (where.h) */
    int line_noted;            /* the current line is in lines */
    long errors, warnings;
    long result_idx;
    long long result_end;      /* where the last result that ended a game ends */
    long ncom_line, ncom_col;  /* a '{' inside the last comment, if any */
    long com_line, com_col;    /* that comment's opening */
    size_t peak;
};

typedef struct cv_pgn_reader R;

cv_pgn_limits cv_pgn_default_limits(void)
{
    cv_pgn_limits l;
    l.max_comment = 1u << 20;
    l.max_depth = 50;
    l.max_line = 1u << 20;
    l.max_tokens = 1u << 20;
    l.max_game_bytes = cv_reader_env_game_bytes(64u << 20);
    l.max_issues = 100;
    return l;
}

static int alloc_limits(R *r)
{
    int dc = r->lim.max_depth + 2;
    long long *c = realloc(r->cur, (size_t)dc * sizeof *c);
    if (!c) return 0;
    r->cur = c;
    long long *p = realloc(r->prev, (size_t)dc * sizeof *p);
    if (!p) return 0;
    r->prev = p;
    r->depthcap = dc;
    size_t ic = r->lim.max_issues + 1;
    cv_issue *is = realloc(r->iss, ic * sizeof *is);
    if (!is) return 0;
    r->iss = is;
    r->isscap = ic;
    return 1;
}

void cv_pgn_set_limits(cv_pgn_reader *r, const cv_pgn_limits *lim)
{
    cv_pgn_limits old = r->lim;
    r->lim = *lim;
    if (r->lim.max_depth < 1) r->lim.max_depth = 1;
    if (r->lim.max_depth > 100000) r->lim.max_depth = 100000;
    if (r->lim.max_issues < 1) r->lim.max_issues = 1;
    if (r->lim.max_line < 16) r->lim.max_line = 16;
    if (!alloc_limits(r)) r->lim = old;
}

static R *open_on(cv_source *src, const char *filename, cv_diag *diag, unsigned flags)
{
    R *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->src = src;
    r->fname = filename ? filename : "-";
    r->diag = diag;
    r->flags = flags;
    r->lim = cv_pgn_default_limits();
    r->bufsize = CHUNK + LOOK;
    /* calloc so that lookahead past the data never reads indeterminate bytes */
    r->buf = calloc(1, r->bufsize + PAD);
    if (!r->buf || !alloc_limits(r)) {
        cv_pgn_close(r);
        return NULL;
    }
    r->p = r->end = r->buf;
    r->line = 1;
    r->last_at = LLONG_MIN;
    r->result_idx = -1;
    r->result_end = -1;
    return r;
}

cv_pgn_reader *cv_pgn_open(FILE *f, const char *filename, cv_diag *diag, unsigned flags)
{
    R *r = open_on(NULL, filename, diag, flags);
    if (r) r->src = cv_file_source_init(&r->file, f);
    return r;
}

cv_pgn_reader *cv_pgn_resume(cv_source *src, const char *filename, cv_diag *diag, unsigned flags,
                             const cv_pgn_mark *at)
{
    cv_pgn_reader *r = open_on(src, filename, diag, flags);
    if (!r || !at) return r;
    r->line = at->line;
    r->lstart = -(long long)at->col;
    r->lbase = -(long long)at->count;
    r->games = at->games;
    r->crlf_seen = !!(at->bits & CV_PGN_AT_CRLF);
    r->cr_seen = !!(at->bits & CV_PGN_AT_CR);
    r->nonblank = !!(at->bits & CV_PGN_AT_TOKEN);
    r->blank_since_token = !!(at->bits & CV_PGN_AT_BLANK);
    r->after_skip = !!(at->bits & CV_PGN_AT_SKIPPED);
    r->bom_checked = !!(at->bits & CV_PGN_AT_INSIDE);
    return r;
}

int cv_pgn_mark_here(const cv_pgn_reader *r, cv_pgn_mark *m, const char **rest, size_t *nrest)
{
    long long here = r->base + (r->p - r->buf);
    m->line = r->line;
    m->col = (long)(here - r->lstart);
    m->count = (long)(here - r->lbase);
    m->games = r->games;
    m->bits = (r->crlf_seen ? CV_PGN_AT_CRLF : 0) | (r->cr_seen ? CV_PGN_AT_CR : 0) |
              (r->nonblank ? CV_PGN_AT_TOKEN : 0) | (r->blank_since_token ? CV_PGN_AT_BLANK : 0) |
              (r->after_skip ? CV_PGN_AT_SKIPPED : 0) | (r->bom_checked ? CV_PGN_AT_INSIDE : 0);
    *rest = (const char *)r->p;
    *nrest = (size_t)(r->end - r->p);
    return r->games > 0 && r->result_end == here && !r->ioerr && !r->npend;
}

void cv_pgn_close(cv_pgn_reader *r)
{
    if (!r) return;
    free(r->buf);
    cv_arena_free(&r->ar);
    free(r->tok);
    free(r->tags);
    free(r->thash);
    free(r->ml);
    free(r->iss);
    free(r->cur);
    free(r->prev);
    free(r->raw);
    cv_line_table_free(&r->lines);
    free(r);
}

int cv_pgn_io_error(const cv_pgn_reader *r)
{
    return r ? r->ioerr != 0 : 0;
}

static size_t heap_bytes(const R *r)
{
    return sizeof *r + r->bufsize + PAD + r->ar.cap + r->tokcap * sizeof *r->tok +
           r->tagcap * sizeof *r->tags + r->mlcap * sizeof *r->ml +
           r->isscap * sizeof *r->iss + 2 * (size_t)r->depthcap * sizeof *r->cur + r->rawcap +
           r->lines.cap * sizeof *r->lines.v + r->thcap * sizeof *r->thash;
}

void cv_pgn_stats_get(const cv_pgn_reader *r, cv_pgn_stats *st)
{
    memset(st, 0, sizeof *st);
    st->buffer_bytes = r->bufsize + PAD;
    st->arena_bytes = r->ar.cap;
    st->table_bytes = r->tokcap * sizeof *r->tok + r->tagcap * sizeof *r->tags +
                      r->mlcap * sizeof *r->ml + r->isscap * sizeof *r->iss +
                      2 * (size_t)r->depthcap * sizeof *r->cur + r->lines.cap * sizeof *r->lines.v;
    st->total_bytes = heap_bytes(r);
    st->peak_bytes = r->peak > st->total_bytes ? r->peak : st->total_bytes;
    st->games = r->games;
}

/* ---- positions and input ---------------------------------------------- */

static inline long long apos(const R *r, const unsigned char *p)
{
    return r->base + (long long)(p - r->buf);
}

/* The column of a position on the current line. */
static inline long colat(const R *r, long long at)
{
    return (long)(at - r->lstart + 1);
}

static inline long colof(const R *r, const unsigned char *p)
{
    return colat(r, apos(r, p));
}

/* The current line is ending: if the last token ended on it, its place
 * becomes a line and column. */
static inline void settle_last(R *r)
{
    if (r->last_at >= r->lstart) {
        r->last_line = r->line;
        r->last_col = colat(r, r->last_at);
        r->last_at = LLONG_MIN;
    }
}

/* Keeps [p, end) and reads more after it.  Every pointer into the buffer
 * other than r->p is invalid afterwards. */
/* Adds the input bytes from raw_mark up to p to the game's raw text. */
static void raw_take(R *r, const unsigned char *p)
{
    if (!(r->flags & CV_PGN_KEEP_RAW)) return;
    long long from = r->raw_mark - r->base;
    if (from < 0) from = 0;
    size_t n = p > r->buf + from ? (size_t)(p - (r->buf + from)) : 0;
    r->raw_mark = r->base + (p - r->buf);
    /* once a piece is missing, nothing after it is kept: a raw text is
     * whole or a prefix, never one with a hole in it */
    if (!n || r->raw_trunc) return;
    if (r->rawlen + n > r->lim.max_game_bytes) {
        r->raw_trunc = CV_RAW_LONG;
        return;
    }
    if (r->rawlen + n > r->rawcap) {
        size_t cap = r->rawcap ? r->rawcap : 4096;
        while (cap < r->rawlen + n) cap *= 2;
        char *nr = realloc(r->raw, cap);
        if (!nr) {
            r->raw_trunc = CV_RAW_NOMEM;
            return;
        }
        r->raw = nr;
        r->rawcap = cap;
    }
    memcpy(r->raw + r->rawlen, r->buf + from, n);
    r->rawlen += n;
}

static void refill(R *r)
{
    if (r->eof) return;
    size_t keep = (size_t)(r->end - r->p);
    raw_take(r, r->p);
    if (r->p > r->buf) {
        memmove(r->buf, r->p, keep);
        r->base += r->p - r->buf;
        r->p = r->buf;
        r->end = r->buf + keep;
    }
    size_t space = r->bufsize - keep;
    if (space) {
        size_t n = cv_source_read(r->src, r->end, space);
        r->end += n;
        if (n < space) {
            if (r->src->err) r->ioerr = r->src->err;
            r->eof = 1;
        }
    }
    *r->end = 0;
}

/* ---- problems ----------------------------------------------------------- */

static void open_game(R *r, long line, long col)
{
    if (r->game_open) return;
    r->game_open = 1;
    r->gline = line;
    r->gcol = col;
    r->last_at = LLONG_MIN;
    r->last_line = line;
    r->last_col = col;
    r->after_skip = 0;
    for (int i = 0; i < r->npend && r->niss < r->isscap; i++) {
        r->iss[r->niss++] = r->pend[i];
        if (r->pend[i].level == CV_ERROR) r->errors++;
        else r->warnings++;
    }
    r->npend = 0;
}

/* ERR: an error.  TOL: a tolerated deviation, a warning but with
 * CV_PGN_STRICT.  NOTE: a warning in any mode (a limit of the reader). */
enum { TOL = 1, ERR = 0, NOTE = 2 };

static void vissue(R *r, int tolerated, int pending_ok, long line, long col,
                   const char *fmt, va_list ap)
{
    cv_issue *is;
    cv_level lv = tolerated == NOTE || (tolerated && !(r->flags & CV_PGN_STRICT)) ? CV_WARNING : CV_ERROR;
    if (!r->game_open && pending_ok) {
        if (r->npend >= (int)(sizeof r->pend / sizeof r->pend[0])) return;
        is = &r->pend[r->npend++];
        is->level = lv;
        is->line = line;
        is->col = col;
        vsnprintf(is->msg, sizeof is->msg, fmt, ap);
        return;
    }
    open_game(r, line, col);
    if (r->full) return;
    is = &r->iss[r->niss++];
    is->line = line;
    is->col = col;
    if (r->niss == r->isscap) {
        /* The last slot says why the rest of the game is not examined. */
        is->level = CV_ERROR;
        snprintf(is->msg, sizeof is->msg,
                 "more than %zu problems in this game; skipping to the next game",
                 r->lim.max_issues);
        r->errors++;
        r->full = 1;
        r->skip = 1;
        return;
    }
    is->level = lv;
    vsnprintf(is->msg, sizeof is->msg, fmt, ap);
    if (lv == CV_ERROR) r->errors++;
    else r->warnings++;
}

__attribute__((format(printf, 5, 6)))
static void issue(R *r, int tolerated, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vissue(r, tolerated, 0, line, col, fmt, ap);
    va_end(ap);
}

/* A problem at position at of the current line: the line and column are
 * worked out here, for the problems alone. */
__attribute__((format(printf, 4, 5)))
static void issue_at(R *r, int tolerated, long long at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vissue(r, tolerated, 0, r->line, colat(r, at), fmt, ap);
    va_end(ap);
}

__attribute__((format(printf, 5, 6)))
static void file_note(R *r, int tolerated, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vissue(r, tolerated, 1, line, col, fmt, ap);
    va_end(ap);
}

/* Quotes at most 40 bytes of s for a message, marking a cut. */
static const char *clip(char *dst, size_t cap, const void *s, size_t n)
{
    size_t m = n > 40 ? 40 : n;
    if (m > cap - 4) m = cap - 4;
    memcpy(dst, s, m);
    if (m < n) memcpy(dst + m, "...", 4);
    else dst[m] = 0;
    return dst;
}

/* ---- storage ------------------------------------------------------------ */

/* A move or a move number is a few bytes: one 16-byte copy costs less
 * than the call to memcpy.  The source lies in the input buffer, which
 * has PAD zeroed bytes after its end, and the destination has SLACK bytes
 * reserved beyond what is kept (the excess is overwritten or unused). */
enum { SLACK = 16 };
_Static_assert((int)PAD >= (int)SLACK, "copy_small reads SLACK bytes from anywhere before the buffer's end");
static inline void copy_small(char *d, const void *s, size_t n)
{
    if (n <= SLACK) memcpy(d, s, SLACK);
    else memcpy(d, s, n);
}

static int arena_grow(R *r, size_t n);

static void note_peak(R *r)
{
    if (heap_bytes(r) > r->peak) r->peak = heap_bytes(r);
}

/* A table could not grow: the game is skipped from here, and says so. */
static int out_of_memory(R *r, long line, long col)
{
    issue(r, ERR, line, col, "out of memory; skipping to the next game");
    r->skip = 1;
    return 0;
}

/* Room for n more bytes; the common case (there is room) is inline. */
static inline int arena_reserve(R *r, size_t n)
{
    return r->ar.len + n <= r->ar.cap || arena_grow(r, n);
}

/* Growing does not depend on skipping: whether a token begun before a
 * skip is kept must not depend on what earlier games left in the arena
 * (a reader resumed between games, chunks.h, starts with none). */
static int arena_grow(R *r, size_t n)
{
    if (r->ar.len + n > r->lim.max_game_bytes) {
        issue(r, ERR, r->line, colof(r, r->p),
              "game text longer than %zu bytes; skipping to the next game",
              r->lim.max_game_bytes);
        r->skip = 1;
        return 0;
    }
    if (cv_arena_grow(&r->ar, n) < 0) return out_of_memory(r, r->line, colof(r, r->p));
    note_peak(r);
    return 1;
}

/* Appends n bytes and a NUL; returns the offset or (size_t)-1. */
static size_t arena_put(R *r, const void *s, size_t n)
{
    if (!arena_reserve(r, n + 1)) return (size_t)-1;
    return cv_arena_put(&r->ar, s, n);
}

static int too_many_items(R *r);

static inline int room_for_item(R *r)
{
    return r->ntok + r->ntags < r->lim.max_tokens || too_many_items(r);
}

static int too_many_items(R *r)
{
    if (!r->skip) {
        issue(r, ERR, r->line, colof(r, r->p),
              "game has more than %zu tokens; skipping to the next game", r->lim.max_tokens);
        r->skip = 1;
    }
    return 0;
}

static int grow_tokens(R *r, long long at)
{
    size_t cap = r->tokcap ? r->tokcap * 2 : 256;
    cv_token *t = realloc(r->tok, cap * sizeof *t);
    if (!t) return out_of_memory(r, r->line, colat(r, at));
    r->tok = t;
    r->tokcap = cap;
    note_peak(r);
    return 1;
}

/* The first token of a line enters the line in the game's table. */
static int note_line(R *r, long long at)
{
    size_t cap = r->lines.cap;
    if (cv_line_table_add(&r->lines, r->line, r->lstart) < 0) return out_of_memory(r, r->line, colat(r, at));
    if (r->lines.cap != cap) note_peak(r);
    r->line_noted = 1;
    return 1;
}

/* A token starting at position at, on the current line. */
static cv_token *push_token(R *r, cv_token_kind kind, long long at)
{
    if (r->skip || !room_for_item(r)) return NULL;
    if (r->ntok == r->tokcap && !grow_tokens(r, at)) return NULL;
    if (!r->line_noted && !note_line(r, at)) return NULL;
    cv_token *t = &r->tok[r->ntok++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->at = at;
    t->depth = r->depth;
    return t;
}

/* Sets a token's text (and norm/suffix to the same or empty). */
static int token_text(R *r, cv_token *t, const void *s, size_t n)
{
    size_t off = arena_put(r, s, n);
    if (off == (size_t)-1) {
        r->ntok--;
        return 0;
    }
    t->text_off = off;
    t->norm_off = off;
    t->suffix_off = off + n;  /* the NUL: an empty string */
    t->len = n;
    return 1;
}

static const char *tag_value_off(const R *r, const char *name)
{
    for (size_t i = 0; i < r->ntags; i++)
        if (strcmp(r->ar.b + r->tags[i].name_off, name) == 0)
            return r->ar.b + r->tags[i].value_off;
    return NULL;
}

/* ---- line ends ---------------------------------------------------------- */

static void line_too_long(R *r)
{
    issue(r, ERR, r->line, (long)(r->lbase - r->lstart + 1),
          "line longer than %zu bytes; skipping to the next game", r->lim.max_line);
    r->skip = 1;
}

/* p is at '\n' or '\r'; consumes the line end (CR LF, LF or a lone CR) and
 * returns the position after it.  EOL_MOVETEXT applies the line-length
 * limit and tracks blank lines; inside comments and while skipping
 * neither applies. */
enum { EOL_QUIET = 0, EOL_MOVETEXT = 1, EOL_SKIPPED = 2 };
static unsigned char *take_eol(R *r, unsigned char *p, int mode)
{
    if (*p == '\r') {
        if (p + 1 == r->end && !r->eof) {
            r->p = p;
            refill(r);
            p = r->p;
        }
        /* skipped text is not the file's own: its line ends say nothing
         * about how the file was written */
        if (p[1] == '\n') {
            if (!r->crlf_seen && mode != EOL_SKIPPED) {
                r->crlf_seen = 1;
                file_note(r, TOL, r->line, colof(r, p),
                          "CR LF line end (reported once per file)");
            }
            p += 2;
        } else {
            if (!r->cr_seen && mode != EOL_SKIPPED) {
                r->cr_seen = 1;
                file_note(r, TOL, r->line, colof(r, p),
                          "CR line end without LF (reported once per file)");
            }
            p += 1;
        }
    } else {
        p += 1;
    }
    long long a = apos(r, p);
    if (mode == EOL_MOVETEXT) {
        if (a - 1 - r->lbase > (long long)r->lim.max_line && !r->skip) line_too_long(r);
        if (!r->nonblank) r->blank_since_token = 1;
        r->nonblank = 0;
    }
    settle_last(r);
    r->line_noted = 0;
    r->line++;
    r->lstart = r->lbase = a;
    return p;
}

/* Leaves r->p at the '[' of the next line whose first non-blank byte is
 * '[', or at the end of the input. */
static void skip_to_next_game(R *r)
{
    unsigned char *p = r->p;
    int at_start = apos(r, p) == r->lstart;
    for (;;) {
        if (!at_start) {
            for (;;) {
                while (!(cls[*p] & K_LSTOP)) p++;
                if (*p == '\n' || *p == '\r') {
                    p = take_eol(r, p, EOL_SKIPPED);
                    break;
                }
                if (p < r->end) {  /* a NUL byte in the data */
                    p++;
                    continue;
                }
                r->p = p;
                if (r->eof) return;
                refill(r);
                p = r->p;
            }
        }
        at_start = 0;
        for (;;) {
            while (*p == ' ' || *p == '\t') p++;
            if (p < r->end || r->eof) break;
            r->p = p;
            refill(r);
            p = r->p;
        }
        r->p = p;
        if (*p == '[' || (p == r->end && r->eof)) return;
    }
}

/* ---- game boundaries ---------------------------------------------------- */

static void start_movetext(R *r)
{
    if (r->movetext) return;
    r->movetext = 1;
    /* Numbering starts from the FEN tag's side to move and move number,
     * so "1... e5" after a Black-to-move FEN lines up. */
    long long ply = 0;
    const char *fen = tag_value_off(r, "FEN");
    if (fen) {
        const char *s = fen;
        int field = 0;
        char side = 'w';
        long full = 1;
        while (*s) {
            while (*s == ' ') s++;
            if (!*s) break;
            field++;
            if (field == 2) side = *s;
            if (field == 6) {
                char *e;
                long v = strtol(s, &e, 10);
                if (e != s && v > 0 && v < 1000000000) full = v;
            }
            while (*s && *s != ' ') s++;
        }
        ply = 2LL * (full - 1) + (side == 'b');
    }
    r->cur[0] = ply;
    r->prev[0] = -1;
}

/* The game ends without its result (end of input or the next game's tags). */
static void end_unfinished(R *r)
{
    if (r->depth > 0)
        issue(r, ERR, r->var_line, r->var_col, "unclosed variation (opened here)");
    settle_last(r);
    issue(r, TOL, r->last_line, r->last_col, "missing result; '*' assumed");
    r->done = 1;
}

/* ---- tokens ------------------------------------------------------------- */

static void binary_data(R *r, unsigned char *p)
{
    issue(r, ERR, r->line, colof(r, p), "binary data (byte 0x%02X); skipping to the next game", *p);
    r->p = p;
    r->skip = 1;
}

static void unexpected(R *r, long line, long col)
{
    unsigned char *p = r->p;
    unsigned c = *p;
    if (c < 0x80) {
        if (c == '%')
            issue(r, ERR, line, col, "unexpected '%%' (escape lines start in column 1)");
        else if (c == '"' || c == '\'')
            issue(r, ERR, line, col, "unexpected character %c%c%c", c == '"' ? '\'' : '"', c, c == '"' ? '\'' : '"');
        else
            issue(r, ERR, line, col, "unexpected character '%c'", c);
        r->p = p + 1;
        return;
    }
    int n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    unsigned long cp = n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
    int ok = n > 0;
    for (int i = 1; ok && i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) ok = 0;  /* the sentinel stops this */
        else cp = cp << 6 | (p[i] & 0x3F);
    }
    if (ok && ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
               (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
        ok = 0;
    if (ok) {
        issue(r, ERR, line, col, "unexpected character '%.*s' (U+%04lX)", n, (const char *)p, cp);
        r->p = p + n;
    } else {
        issue(r, ERR, line, col, "unexpected byte 0x%02X (not UTF-8)", c);
        r->p = p + 1;
    }
}

static int is_result_tok(const char *s)
{
    return !strcmp(s, "1-0") || !strcmp(s, "0-1") || !strcmp(s, "1/2-1/2") || !strcmp(s, "*");
}

static void lex_result(R *r, long long at, size_t n)
{
    start_movetext(r);
    cv_token *t = push_token(r, CV_TOKEN_RESULT, at);
    unsigned char *p = r->p;
    r->p = p + n;
    if (!t || !token_text(r, t, p, n)) return;
    if (r->depth > 0) {
        issue(r, ERR, r->var_line, r->var_col, "unclosed variation (opened here)");
        r->depth = 0;
    }
    r->result_idx = (long)(t - r->tok);
    const char *tag = tag_value_off(r, "Result");
    const char *txt = r->ar.b + t->text_off;
    if (tag && is_result_tok(tag) && strcmp(tag, txt) != 0)
        issue_at(r, TOL, at, "result '%s' differs from Result tag '%s'", txt, tag);
    r->done = 1;
    r->result_end = apos(r, r->p);
}

/* NAG meaning of the "!"/"?" part of an annotation; -1 when unknown. */
static int ann_nag(const unsigned char *s, size_t n)
{
    char b[3];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '!' || s[i] == '?') {
            if (m == 2) return -1;
            b[m++] = (char)s[i];
        }
    if (m == 0) return 0;
    if (m == 1) return b[0] == '!' ? 1 : 2;
    if (b[0] == '!' && b[1] == '!') return 3;
    if (b[0] == '?' && b[1] == '?') return 4;
    if (b[0] == '!' && b[1] == '?') return 5;
    return 6;
}

static void note_move(R *r, cv_token *t)
{
    int d = r->depth;
    long long ply = r->cur[d];
    t->number = (long)(ply / 2 + 1);
    t->color = (ply & 1) ? 'b' : 'w';
    r->prev[d] = ply;
    r->cur[d] = ply + 1;
}

static int is_castling(const unsigned char *s, size_t n, int *zeros)
{
    size_t i = cv_shape_level_prefix(s, n);
    int parts = 0;
    *zeros = 0;
    for (;;) {
        if (i >= n) return 0;
        if (s[i] == '0') *zeros = 1;
        else if (s[i] != 'O' && s[i] != 'o') return 0;
        i++;
        parts++;
        if (i == n) return parts >= 2 && parts <= CV_SHAPE_CASTLING_PARTS;
        if (s[i] != '-') return 0;
        i++;
    }
}

static int has_square(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] >= 'a' && s[i] <= 'z' && (cls[s[i + 1]] & K_DIGIT)) return 1;
    return 0;
}

static void lex_symbol(R *r, long long at)
{
    unsigned char *p = r->p, *q = p;
    char qb[48];
    for (;;) {
        while (cls[*q] & K_SYM) q++;
        size_t lv = q > p ? cv_shape_level(q) : 0;
        if (lv) {
            q += lv;
            continue;
        }
        break;
    }
    size_t n = (size_t)(q - p);
    if (n > MAX_TOKEN) {
        issue_at(r, ERR, at, "token longer than %d bytes: '%s'", MAX_TOKEN, clip(qb, sizeof qb, p, n));
        r->p = q;
        for (;;) {  /* the rest of it, across refills */
            while (cls[*r->p] & K_SYM) r->p++;
            if (r->p < r->end || r->eof) break;
            refill(r);
        }
        return;
    }
    /* "exd6e.p." and "exd6 e.p.": kept in the suffix */
    int ep = 0;
    unsigned char *sym_end = q, *after;
    if (n > 1 && q[-1] == 'e' && q[0] == '.' && q[1] == 'p' && q[2] == '.') {
        sym_end = q - 1;
        n--;
        ep = 1;
    }
    unsigned char *core_end = sym_end;
    while (core_end > p && (core_end[-1] == '+' || core_end[-1] == '#')) core_end--;
    size_t cn = (size_t)(core_end - p);
    unsigned char *a = sym_end;
    if (ep) {
        after = sym_end + 4;
    } else {
        while (cls[*a] & K_ANN) a++;
        if (*a == '*' && cv_shape_parmen_star(p, (size_t)(sym_end - p))) {
            a++;
            while (cls[*a] & K_ANN) a++;
        }
        after = a;
        if (a[0] == ' ' && a[1] == 'e' && a[2] == '.' && a[3] == 'p' && a[4] == '.') {
            ep = 1;
            after = a + 5;
        }
    }
    if (cn == 0) {
        issue_at(r, ERR, at, "unrecognized token '%s'", clip(qb, sizeof qb, p, n));
        r->p = after;
        return;
    }
    const unsigned char *sfx = core_end;
    size_t sn = (size_t)(a - core_end);

    cv_token_kind kind;
    char norm[MAX_TOKEN + 2];
    size_t nn = 0;
    int zeros = 0, changed = 0, promo = 0;
    if ((cn == 2 && ((p[0] == '-' && p[1] == '-') || (p[0] == 'Z' && p[1] == '0'))) ||
        (cn == 4 && !memcmp(p, "0000", 4))) {
        kind = CV_TOKEN_NULL_MOVE;
        memcpy(norm, "--", 2);
        nn = 2;
        changed = p[0] != '-';
    } else if (is_castling(p, cn, &zeros)) {
        kind = CV_TOKEN_MOVE;
        size_t lp = cv_shape_level_prefix(p, cn);
        for (size_t i = 0; i < cn; i++) {
            char c = (char)((p[i] == '0' || p[i] == 'o') && i >= lp ? 'O' : p[i]);
            changed |= c != (char)p[i];
            norm[nn++] = c;
        }
    } else if (has_square(p, cn) || cv_shape_board_move(p, cn)) {
        kind = CV_TOKEN_MOVE;
        nn = cn;
        /* "e8Q": a pawn move ending in a rank digit and a piece letter */
        if (cn >= 3 && p[0] >= 'a' && p[0] <= 'z' && (cls[p[cn - 2]] & K_DIGIT) &&
            (p[cn - 1] == 'Q' || p[cn - 1] == 'R' || p[cn - 1] == 'B' || p[cn - 1] == 'N' ||
             p[cn - 1] == 'K') && !memchr(p, '=', cn)) {
            memcpy(norm, p, cn);
            norm[cn - 1] = '=';
            norm[cn] = (char)p[cn - 1];
            nn = cn + 1;
            changed = promo = 1;
        }
    } else {
        issue_at(r, ERR, at, "unrecognized token '%s'", clip(qb, sizeof qb, p, n));
        r->p = after;
        return;
    }
    start_movetext(r);
    cv_token *t = push_token(r, kind, at);
    r->p = after;
    if (!t) return;
    /* text, then suffix, then norm, all in the arena */
    size_t need = cn + 1 + sn + 5 + nn + 1 + SLACK;
    if (!arena_reserve(r, need)) {
        r->ntok--;
        return;
    }
    char *ar = r->ar.b;
    size_t off = r->ar.len;
    copy_small(ar + off, p, cn);
    ar[off + cn] = 0;
    t->text_off = off;
    t->len = cn;
    off += cn + 1;
    t->suffix_off = off;
    copy_small(ar + off, sfx, sn);
    off += sn;
    if (ep) {
        memcpy(ar + off, "e.p.", 4);
        off += 4;
    }
    ar[off++] = 0;
    if (!changed) {
        t->norm_off = t->text_off;
    } else {
        t->norm_off = off;
        memcpy(ar + off, norm, nn);
        ar[off + nn] = 0;
        off += nn + 1;
        t->normalized = 1;
    }
    r->ar.len = off;
    note_move(r, t);

    int nag = ann_nag(sfx, sn);
    if (nag < 0) {
        issue_at(r, TOL, at + (long long)cn, "unknown annotation '%.*s'", (int)sn, (const char *)sfx);
        nag = 0;
    }
    t->nag = nag;
    if (zeros) {
        issue_at(r, TOL, at, "castling written with zeros '%.*s'; read as '%.*s'",
              (int)cn, r->ar.b + t->text_off, (int)nn, r->ar.b + t->norm_off);
    } else if (promo) {
        issue_at(r, TOL, at, "promotion without '=' in '%s'; read as '%s'",
              r->ar.b + t->text_off, r->ar.b + t->norm_off);
    }
}

static void lex_number(R *r, long long at)
{
    unsigned char *p = r->p, *q = p;
    while (cls[*q] & K_DIGIT) q++;
    size_t nd = (size_t)(q - p);
    unsigned char *d = q;
    while (*q == '.') q++;
    size_t dots = (size_t)(q - d);
    if (dots == 0 && (cls[*q] & K_SYM)) {  /* 0-0, 1e2-1e4, 0000 ... */
        lex_symbol(r, at);
        return;
    }
    if (nd > 9) {
        char qb[48];
        issue_at(r, ERR, at, "move number too large: '%s'", clip(qb, sizeof qb, p, nd));
        r->p = q;
        return;
    }
    long num = 0;
    for (unsigned char *s = p; s < d; s++) num = num * 10 + (*s - '0');
    if (num == 1 && dots == 1 && r->depth == 0 && r->prev[0] >= 0 && r->tok_blank) {
        /* "1." after a blank line in a game that has moves: the previous
         * game lost its result and this is a game without tags. */
        r->blank_since_token = 1;
        end_unfinished(r);
        return;
    }
    if (nd == 4 && dots == 0 && num == 0) {  /* UCI null move "0000" */
        lex_symbol(r, at);
        return;
    }
    start_movetext(r);
    cv_token *t = push_token(r, CV_TOKEN_MOVE_NUMBER, at);
    r->p = q;
    if (!t) return;
    char norm[24];
    int black = dots >= 2;
    int changed = (dots != 1 && dots != 3) || p[0] == '0';
    if (num == 0) {
        issue_at(r, ERR, at, "move number 0");
        num = 1;
    }
    int nn = 0;
    if (!changed) {  /* the text is already "12." or "12..." */
        copy_small(norm, p, (size_t)(q - p));
        nn = (int)(q - p);
    } else {
        char digits[12];
        int k = 0;
        for (long v = num; v; v /= 10) digits[k++] = (char)('0' + v % 10);
        while (k) norm[nn++] = digits[--k];
        memcpy(norm + nn, black ? "..." : ".", black ? 3 : 1);
        nn += black ? 3 : 1;
    }
    norm[nn] = 0;
    size_t need = (size_t)(q - p) + 1 + (size_t)nn + 1 + SLACK;
    if (!arena_reserve(r, need)) {
        r->ntok--;
        return;
    }
    t->text_off = r->ar.len;
    t->len = (size_t)(q - p);
    copy_small(r->ar.b + r->ar.len, p, t->len);
    r->ar.b[r->ar.len + t->len] = 0;
    r->ar.len += t->len + 1;
    t->suffix_off = t->text_off + t->len;
    if (!changed) {
        t->norm_off = t->text_off;
    } else {
        t->norm_off = r->ar.len;
        memcpy(r->ar.b + r->ar.len, norm, (size_t)nn + 1);
        r->ar.len += (size_t)nn + 1;
        t->normalized = 1;
    }
    t->number = num;
    t->color = black ? 'b' : 'w';
    long long want = r->cur[r->depth];
    /* Many writers (cutechess, fastchess) number a game from a FEN from 1
     * whatever the FEN's move number: before the first main-line move only
     * the colour has to agree. */
    int as_black = black;
    if (dots == 1) {  /* "1. ... e5": the dots that follow make it Black's */
        const unsigned char *s = q;
        while (*s == ' ' || *s == '\t') s++;
        as_black = s[0] == '.' && s[1] == '.';
    }
    int bad = dots ? want != 2LL * (num - 1) + as_black : want / 2 + 1 != num;
    if (r->depth == 0 && r->prev[0] < 0) bad = dots && (want & 1) != as_black;
    if (bad)
        issue_at(r, TOL, at, "move number '%s' where '%lld%s' was expected", norm, want / 2 + 1,
              (want & 1) ? "..." : ".");
    r->cur[r->depth] = 2LL * (num - 1) + black;
    if (dots == 2 || dots > 3)
        issue_at(r, TOL, at, "move number '%.*s' has %zu dots; read as '%s'",
              (int)t->len, r->ar.b + t->text_off, dots, norm);
}

/* A run of dots: "1. ... e5" when it follows a White move number. */
static void lex_dots(R *r, long long at)
{
    unsigned char *p = r->p, *q = p;
    while (*q == '.') q++;
    r->p = q;
    cv_token *t = r->ntok ? &r->tok[r->ntok - 1] : NULL;
    if (q - p >= 2 && t && t->kind == CV_TOKEN_MOVE_NUMBER && t->color == 'w' &&
        t->depth == r->depth && r->cur[r->depth] == 2LL * (t->number - 1)) {
        char norm[24];
        int nn = snprintf(norm, sizeof norm, "%ld...", t->number);
        size_t off = arena_put(r, norm, (size_t)nn);
        if (off == (size_t)-1) return;
        t->norm_off = off;
        t->normalized = 1;
        t->color = 'b';
        r->cur[r->depth]++;
        issue_at(r, TOL, at, "'%s %.*s' written apart; read as '%s'",
              r->ar.b + t->text_off, (int)(q - p), (const char *)p, norm);
        return;
    }
    issue_at(r, ERR, at, "unexpected '%.*s'", (int)(q - p > 10 ? 10 : q - p), (const char *)p);
}

static void lex_nag(R *r, long long at)
{
    unsigned char *p = r->p, *q = p + 1;
    while (cls[*q] & K_DIGIT) q++;
    size_t nd = (size_t)(q - p - 1);
    r->p = q;
    if (nd == 0) {
        issue_at(r, ERR, at, "'$' without a number");
        return;
    }
    long v = 0;
    for (unsigned char *s = p + 1; s < q && v < 1000; s++) v = v * 10 + (*s - '0');
    if (nd > 3 || v > 255) {
        char qb[48];
        issue_at(r, ERR, at, "NAG '%s' out of range 0-255", clip(qb, sizeof qb, p, (size_t)(q - p)));
        return;
    }
    start_movetext(r);
    if (r->prev[r->depth] < 0)
        issue_at(r, TOL, at, "NAG '%.*s' does not follow a move", (int)(q - p), (const char *)p);
    cv_token *t = push_token(r, CV_TOKEN_NAG, at);
    if (!t || !token_text(r, t, p, (size_t)(q - p))) return;
    t->nag = (int)v;
}

static void lex_annotation(R *r, long long at)
{
    unsigned char *p = r->p, *q = p;
    while (*q == '!' || *q == '?') q++;
    r->p = q;
    int nag = ann_nag(p, (size_t)(q - p));
    if (nag <= 0) {
        issue_at(r, TOL, at, "unknown annotation '%.*s'", (int)(q - p > 10 ? 10 : q - p), (const char *)p);
        return;
    }
    start_movetext(r);
    if (r->prev[r->depth] < 0)
        issue_at(r, TOL, at, "NAG '%.*s' does not follow a move", (int)(q - p), (const char *)p);
    cv_token *t = push_token(r, CV_TOKEN_NAG, at);
    if (!t || !token_text(r, t, p, (size_t)(q - p))) return;
    t->nag = nag;
}

static void lex_open(R *r, long long at)
{
    r->p++;
    start_movetext(r);
    int d = r->depth;
    if (d >= r->lim.max_depth) {
        if (r->flags & CV_PGN_LEAN) {  /* passed over: see skim() */
            if (!r->deep_told) {
                r->deep_told = 1;
                issue_at(r, NOTE, at,
                      "variation nested deeper than %d passed over: its moves are not read "
                      "(reported once per game)", r->lim.max_depth);
            }
            r->deep = 1;
            return;
        }
        issue_at(r, ERR, at, "variations nested deeper than %d; skipping to the next game",
              r->lim.max_depth);
        r->skip = 1;
        return;
    }
    if (!push_token(r, CV_TOKEN_VARIATION_START, at)) return;
    cv_token *t = &r->tok[r->ntok - 1];
    if (!token_text(r, t, "(", 1)) return;
    if (r->prev[d] < 0 && !r->novar_told) {  /* once: "((((" would flood */
        r->novar_told = 1;
        issue_at(r, ERR, at, "variation '(' with no move before it");
    }
    if (d == 0) {
        r->var_line = r->line;
        r->var_col = colat(r, at);
    }
    /* a variation replaces the move before it */
    r->cur[d + 1] = r->prev[d] >= 0 ? r->prev[d] : r->cur[d];
    r->prev[d + 1] = -1;
    r->depth = d + 1;
}

static void lex_close(R *r, long long at)
{
    r->p++;
    if (r->depth == 0) {
        issue_at(r, ERR, at, "unexpected ')' with no open variation");
        return;
    }
    r->depth--;
    cv_token *t = push_token(r, CV_TOKEN_VARIATION_END, at);
    if (t) token_text(r, t, ")", 1);
}

/* Appends a run of comment text, up to the limit (with CV_PGN_LEAN
 * nothing is stored and there is no limit). */
static void comment_run(R *r, const void *s, size_t n, size_t *stored, int *toolong,
                        long line, long col)
{
    if (r->flags & CV_PGN_LEAN) return;
    if (*stored + n > r->lim.max_comment) {
        if (!*toolong) {
            *toolong = 1;
            issue(r, ERR, line, col, "comment longer than %zu bytes; the rest of it is ignored",
                  r->lim.max_comment);
        }
        n = r->lim.max_comment - *stored;
    }
    if (!n || !arena_reserve(r, n + 1)) return;
    memcpy(r->ar.b + r->ar.len, s, n);
    r->ar.len += n;
    *stored += n;
}

static void lex_comment(R *r, long long at)
{
    long line = r->line, col = colat(r, at);
    /* in a variation passed over (LEAN) the comment is read for its end only */
    int keep = !r->deep;
    cv_token *t = keep ? push_token(r, CV_TOKEN_COMMENT, at) : NULL;
    r->p++;
    if (keep && !t) return;
    size_t idx = keep ? r->ntok - 1 : 0;
    size_t off = r->ar.len, stored = 0;
    int toolong = 0, closed = 0, nul = 0;
    r->ncom_line = 0;
    r->com_line = line;
    r->com_col = col;
    unsigned char *p = r->p;
    for (;;) {
        unsigned char *q = p;
        while (!(cls[*q] & K_CSTOP)) q++;
        int brace = *q == '{';
        if (brace) {  /* remembered to explain a stray '}' later */
            if (!r->ncom_line) {
                r->ncom_line = r->line;
                r->ncom_col = colof(r, q);
            }
            q++;
        }
        if (q > p) comment_run(r, p, (size_t)(q - p), &stored, &toolong, line, col);
        p = q;
        if (brace && !r->skip) continue;
        if (r->skip) break;
        if (*p == '}') {
            p++;
            closed = 1;
            break;
        }
        if (*p == '\n' || *p == '\r') {
            p = take_eol(r, p, EOL_QUIET);
            comment_run(r, "\n", 1, &stored, &toolong, line, col);
            /* A runaway comment must not swallow the games after it: a line
             * opening with [Event " ends it, as no comment writer emits that. */
            if (r->end - p < 8 && !r->eof) {
                r->p = p;
                refill(r);
                p = r->p;
            }
            if (p[0] == '[' && p[1] == 'E' && p[2] == 'v' && p[3] == 'e' && p[4] == 'n' &&
                p[5] == 't' && p[6] == ' ' && p[7] == '"') {
                r->force_break = 1;
                break;
            }
            continue;
        }
        if (p < r->end) {  /* a NUL byte: kept, comments may hold anything */
            /* but said, once, as it ends the text for most programs */
            if (!nul++) issue(r, TOL, r->line, colof(r, p), "NUL byte in a comment; kept");
            comment_run(r, p, 1, &stored, &toolong, line, col);
            p++;
            continue;
        }
        r->p = p;
        if (r->eof) break;
        refill(r);
        p = r->p;
    }
    r->p = p;
    if (r->skip) {
        if (keep) r->ntok = idx;
        return;
    }
    if (keep) {
        if (!arena_reserve(r, 1)) {
            r->ntok = idx;
            return;
        }
        r->ar.b[r->ar.len++] = 0;
        t = &r->tok[idx];
        t->text_off = off;
        t->len = stored;
        t->norm_off = off;
        t->suffix_off = off + stored;
    }
    if (!closed) issue(r, ERR, line, col, "unterminated comment (opened here)");
    r->lbase = apos(r, p);  /* comment text does not count toward the line limit */
    r->nonblank = 1;
}

/* ';' comments and '%' escape lines: the rest of the line.  Quiet (a ';'
 * comment with CV_PGN_LEAN, anything in a variation passed over): the
 * text is not stored and max_line does not count it. */
static void lex_rest_of_line(R *r, cv_token_kind kind, long long at)
{
    unsigned char *p = r->p + 1;
    int keep = !r->deep;
    int quiet = r->deep || (kind == CV_TOKEN_LINE_COMMENT && (r->flags & CV_PGN_LEAN));
    cv_token *t = keep ? push_token(r, kind, at) : NULL;
    if (keep && !t) {
        r->p = p;
        return;
    }
    size_t idx = keep ? r->ntok - 1 : 0, off = r->ar.len, n = 0;
    int nul = 0;
    for (;;) {
        unsigned char *q = p;
        while (!(cls[*q] & K_LSTOP)) q++;
        if (q > p && !quiet) {
            if (!arena_reserve(r, (size_t)(q - p) + 1)) break;
            memcpy(r->ar.b + r->ar.len, p, (size_t)(q - p));
            r->ar.len += (size_t)(q - p);
            n += (size_t)(q - p);
        }
        p = q;
        if (!quiet && apos(r, p) - r->lbase > (long long)r->lim.max_line) {
            r->p = p;
            line_too_long(r);
            break;
        }
        if (*p == '\n' || *p == '\r') break;
        if (p < r->end) {
            if (keep && !nul++)
                issue(r, TOL, r->line, colof(r, p), "NUL byte in %s; kept",
                      kind == CV_TOKEN_LINE_COMMENT ? "a comment" : "a '%' line");
            if (!quiet) {
                if (!arena_reserve(r, 2)) break;
                r->ar.b[r->ar.len++] = 0;  /* NUL byte kept, as in comments */
                n++;
            }
            p++;
            continue;
        }
        r->p = p;
        if (r->eof) break;
        refill(r);
        p = r->p;
    }
    r->p = p;
    if (quiet) r->lbase = apos(r, p);  /* the line limit does not count it */
    if (!keep) return;
    if (r->skip || !arena_reserve(r, 1)) {
        r->ntok = idx;
        return;
    }
    r->ar.b[r->ar.len++] = 0;
    t = &r->tok[idx];
    t->text_off = off;
    t->norm_off = off;
    t->suffix_off = off + n;
    t->len = n;
}

/* ---- tags --------------------------------------------------------------- */

static int looks_like_tag(const unsigned char *p)
{
    p++;
    while (*p == ' ' || *p == '\t') p++;
    return (cls[*p] & K_SYM) && *p != '-' && *p != '+' && *p != '#' && *p != '=';
}

/* Skips past the next ']' on this line, or to the line end. */
static void skip_tag_rest(R *r)
{
    for (;;) {
        unsigned char *p = r->p;
        while (*p != ']' && !(cls[*p] & K_LSTOP)) p++;
        r->p = p;
        if (*p == ']') {
            r->p++;
            return;
        }
        if (*p == '\n' || *p == '\r' || p < r->end || r->eof) return;
        refill(r);
    }
}

/* ---- the game's tags by name: a repeat found in constant time, as a
 * hostile game has hundreds of thousands of tags; a real game's few tags
 * are looked at one by one, which costs less than hashing them ---- */

enum { TAGS_LINEAR = 16 };  /* up to this many tags there is no hash */

static size_t name_hash(const void *s, size_t n)
{
    const unsigned char *p = s;
    size_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

/* A bit for a name's first two bytes: most tags of a game differ in it,
 * so a new name is usually known new without a comparison. */
static uint64_t name_key(const char *s, size_t n)
{
    return (uint64_t)1 << (((unsigned char)s[0] + 3u * (n > 1 ? (unsigned char)s[1] : 0u)) & 63u);
}

/* The index of the game's first tag called s[0, n), or -1. */
static long tag_find(const R *r, const void *s, size_t n)
{
    if (r->ntags <= TAGS_LINEAR) {
        const char *c = s;
        if (!n || !(r->tkeys & name_key(c, n))) return -1;
        for (size_t k = 0; k < r->ntags; k++) {
            const char *name = r->ar.b + r->tags[k].name_off;
            if (name[0] == c[0] && !memcmp(name, s, n) && !name[n]) return (long)k;
        }
        return -1;
    }
    for (size_t h = name_hash(s, n) & (r->thcap - 1);; h = (h + 1) & (r->thcap - 1)) {
        size_t k = r->thash[h];
        if (!k) return -1;
        const char *name = r->ar.b + r->tags[k - 1].name_off;
        if (!memcmp(name, s, n) && !name[n]) return (long)(k - 1);
    }
}

static void thash_put(R *r, size_t i)
{
    const char *name = r->ar.b + r->tags[i].name_off;
    size_t h = name_hash(name, strlen(name)) & (r->thcap - 1);
    while (r->thash[h]) h = (h + 1) & (r->thcap - 1);
    r->thash[h] = i + 1;
}

/* Tag i (the last) joins the index, unless its name is there already;
 * past TAGS_LINEAR tags the index is made of them all.  0 when out of
 * memory. */
static int tag_index(R *r, size_t i)
{
    if (i < TAGS_LINEAR) return 1;
    if (i == TAGS_LINEAR || 2 * (i + 1) > r->thcap) {
        if (2 * (i + 1) > r->thcap) {
            size_t cap = r->thcap ? 2 * r->thcap : 64;
            size_t *t = calloc(cap, sizeof *t);
            if (!t) return 0;
            free(r->thash);
            r->thash = t;
            r->thcap = cap;
        }
        for (size_t k = 0; k < i; k++) {
            const char *name = r->ar.b + r->tags[k].name_off;
            if (tag_find(r, name, strlen(name)) < 0) thash_put(r, k);
        }
    }
    const char *name = r->ar.b + r->tags[i].name_off;
    if (tag_find(r, name, strlen(name)) < 0) thash_put(r, i);
    note_peak(r);
    return 1;
}

/* A tag section with no movetext can only be followed by another game's
 * tags; they show by repeating a name the game already has after a blank
 * line.  Without one it is the same tag section, and a repeated name (even
 * Event) is a duplicate tag of this game (lex_tag). */
static int repeats_tag(const R *r)
{
    if (!r->blank_since_token) return 0;
    const unsigned char *p = r->p + 1;
    while (*p == ' ' || *p == '\t') p++;
    const unsigned char *s = p;
    while (cls[*p] & K_SYM) p++;
    return tag_find(r, s, (size_t)(p - s)) >= 0;
}

static void lex_tag(R *r, long long at)
{
    long line = r->line, col = colat(r, at);
    if (r->game_open && (r->movetext || r->force_break || (r->ntags && repeats_tag(r)))) {
        if (!looks_like_tag(r->p)) {
            r->blank_since_token = 0;
            r->nonblank = 1;
            unexpected(r, line, col);
            return;
        }
        /* the next game's tags: this game ends here, unfinished */
        if (r->force_break) r->after_skip = 1;  /* its blank lines went into the comment */
        end_unfinished(r);
        return;
    }
    int blank = r->blank_since_token;
    r->blank_since_token = 0;
    r->nonblank = 1;
    if (!r->game_open && r->games > 0 && !blank && !r->after_skip) {
        open_game(r, line, col);
        issue(r, TOL, line, col, "no blank line between this game and the previous one");
    }
    open_game(r, line, col);
    if (!room_for_item(r)) return;
    unsigned char *p = r->p + 1;
    while (*p == ' ' || *p == '\t') p++;
    unsigned char *name = p;
    while (cls[*p] & K_SYM) p++;
    size_t nlen = (size_t)(p - name);
    char qb[48];
    if (nlen == 0 || !looks_like_tag(r->p)) {
        r->p = p;
        issue(r, ERR, line, col, "malformed tag: no name after '['");
        skip_tag_rest(r);
        return;
    }
    if (nlen > MAX_TOKEN) {
        r->p = p;
        issue(r, ERR, line, col, "tag name longer than %d bytes: '%s'", MAX_TOKEN,
              clip(qb, sizeof qb, name, nlen));
        skip_tag_rest(r);
        return;
    }
    size_t name_off = arena_put(r, name, nlen);
    if (name_off == (size_t)-1) return;
    while (*p == ' ' || *p == '\t') p++;
    if (*p != '"') {
        r->p = p;
        if (*p == ']')
            issue(r, ERR, line, col, "tag '%s' has no value", r->ar.b + name_off);
        else
            issue(r, ERR, line, col, "malformed tag '%s': the value must be in double quotes",
                  r->ar.b + name_off);
        skip_tag_rest(r);
        return;
    }
    long qline = r->line, qcol = colof(r, p);
    r->p = p + 1;
    size_t voff = r->ar.len, vlen = 0;
    long long escq = -1;  /* value index of the last '"' that came from \" */
    int closed = 0, warned = 0;
    for (;;) {
        p = r->p;
        unsigned char *q = p;
        while (!(cls[*q] & K_VSTOP)) q++;
        if (q > p) {
            if (!arena_reserve(r, (size_t)(q - p) + 1)) return;
            memcpy(r->ar.b + r->ar.len, p, (size_t)(q - p));
            r->ar.len += (size_t)(q - p);
            vlen += (size_t)(q - p);
        }
        r->p = p = q;
        if (apos(r, p) - r->lbase > (long long)r->lim.max_line) {
            line_too_long(r);
            return;
        }
        unsigned c = *p;
        if (c == '"') {
            /* The closing quote is the one followed by ']' (or the line
             * end); any other quote was meant as part of the value. */
            unsigned char *s = p + 1;
            while (*s == ' ' || *s == '\t') s++;
            if (s == r->end && !r->eof && p > r->buf) {
                refill(r);
                continue;
            }
            if (*s == ']' || *s == '\n' || *s == '\r' || *s == '[' || s == r->end) {
                r->p = p + 1;
                closed = 1;
                break;
            }
            if (!warned) {
                warned = 1;
                issue(r, TOL, r->line, colof(r, p), "unescaped '\"' inside tag value; read as part of the value");
            }
            if (!arena_reserve(r, 2)) return;
            r->ar.b[r->ar.len++] = '"';
            vlen++;
            r->p = p + 1;
            continue;
        }
        if (c == '\\') {
            if (p + 1 == r->end && !r->eof) {
                refill(r);
                continue;
            }
            if (!arena_reserve(r, 2)) return;
            if (p[1] == '"' || p[1] == '\\') {
                if (p[1] == '"') escq = (long long)vlen;
                r->ar.b[r->ar.len++] = (char)p[1];
                r->p = p + 2;
            } else {
                r->ar.b[r->ar.len++] = '\\';
                r->p = p + 1;
            }
            vlen++;
            continue;
        }
        if (c == '\n' || c == '\r' || (p == r->end && r->eof)) break;
        if (p == r->end) {
            refill(r);
            continue;
        }
        binary_data(r, p);
        return;
    }
    if (!arena_reserve(r, 1)) return;
    char *v = r->ar.b + voff;
    if (!closed) {
        issue(r, TOL, qline, qcol, "missing closing quote in tag value");
        while (vlen && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t')) vlen--;
        if (vlen && v[vlen - 1] == ']') {
            vlen--;
            /* [Event "A \"] was meant as a value ending in a backslash */
            if (vlen && escq == (long long)vlen - 1) v[vlen - 1] = '\\';
        }
        r->ar.len = voff + vlen;
    } else {
        p = r->p;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == ']') {
            r->p = p + 1;
        } else {
            r->p = p;
            issue(r, TOL, r->line, colof(r, p), "missing ']' at the end of tag '%s'", r->ar.b + name_off);
        }
    }
    r->ar.b[r->ar.len++] = 0;
    if (r->ntags == r->tagcap) {
        size_t cap = r->tagcap ? r->tagcap * 2 : 32;
        cv_tag *t = realloc(r->tags, cap * sizeof *t);
        if (!t) {
            out_of_memory(r, line, col);
            return;
        }
        r->tags = t;
        r->tagcap = cap;
    }
    long first = tag_find(r, r->ar.b + name_off, nlen);
    cv_tag *tg = &r->tags[r->ntags++];
    tg->name_off = name_off;
    r->tkeys |= name_key(r->ar.b + name_off, nlen);
    tg->value_off = voff;
    tg->line = line;
    tg->col = col;
    if (first >= 0)
        issue(r, TOL, line, col, "duplicate tag '%s' (first at line %ld); the first value is the game's",
              r->ar.b + name_off, r->tags[first].line);
    /* a repeat too: past TAGS_LINEAR tags, the index is made of them all */
    if (!tag_index(r, r->ntags - 1)) out_of_memory(r, line, col);
}

/* ---- variations passed over (CV_PGN_LEAN) -------------------------------- */

/* One step through a variation nested deeper than max_depth: its text is
 * passed over, only its parentheses counted, so any nesting streams.
 * Comments are read to their end (a ')' in them does not count), a result
 * ends the game as it does anywhere (with "unclosed variation"), the next
 * game's tags end it (lex_tag, before this), binary data is an error. */
static void skim(R *r, long long at)
{
    unsigned char *p = r->p;
    unsigned c = *p;
    switch (c) {
    case '(': r->deep++; r->p = p + 1; return;
    case ')': r->deep--; r->p = p + 1; return;
    case '{': lex_comment(r, at); return;
    case ';': lex_rest_of_line(r, CV_TOKEN_LINE_COMMENT, at); return;
    case '%':
        if (at == r->lstart) lex_rest_of_line(r, CV_TOKEN_ESCAPE, at);
        else r->p = p + 1;
        return;
    case '*': r->deep = 0; lex_result(r, at, 1); return;
    default: break;
    }
    if (cls[c] & K_DIGIT) {
        size_t n = pgn_result_len(p);
        if (n) {
            r->deep = 0;
            lex_result(r, at, n);
            return;
        }
    }
    if (cls[c] & K_SYM) {
        /* a token with the game shapes lex_symbol reads (shapes.h), so
         * that a level's parentheses are not counted and Parmen's '*' is
         * no result */
        unsigned char *q = p;
        int letters = 0;  /* a move number ("12(") is not a move */
        for (;;) {
            for (; cls[*q] & K_SYM; q++)
                if (!(cls[*q] & K_DIGIT)) letters = 1;
            size_t lv = letters ? cv_shape_level(q) : 0;
            if (lv) {
                q += lv;
                continue;
            }
            break;
        }
        unsigned char *a = q;
        while (cls[*a] & K_ANN) a++;
        if (*a == '*' && cv_shape_parmen_star(p, (size_t)(q - p))) q = a + 1;
        r->p = q;
        for (;;) {  /* an overlong one, across refills */
            while (cls[*r->p] & K_SYM) r->p++;
            if (r->p < r->end || r->eof) break;
            refill(r);
        }
        return;
    }
    if (cls[c] & K_BIN) {
        binary_data(r, p);
        return;
    }
    r->p = p + 1;  /* anything else is passed over unexamined */
}

/* ---- the game loop ------------------------------------------------------ */

static void dispatch(R *r)
{
    unsigned char *p = r->p;
    unsigned c = *p;
    long long at = apos(r, p);
    /* it may belong to the next game: lex_tag decides (in a variation
     * passed over, only a tag ends it) */
    if (c == '[' && (!r->deep || looks_like_tag(p))) {
        lex_tag(r, at);
        return;
    }
    r->tok_blank = r->blank_since_token;
    r->blank_since_token = 0;
    r->nonblank = 1;
    if (!r->game_open) open_game(r, r->line, colat(r, at));
    if (r->deep) {
        skim(r, at);
        return;
    }
    switch (c) {
    case '{': lex_comment(r, at); return;
    case ';': lex_rest_of_line(r, CV_TOKEN_LINE_COMMENT, at); return;
    case '%':
        if (at == r->lstart) lex_rest_of_line(r, CV_TOKEN_ESCAPE, at);
        else unexpected(r, r->line, colat(r, at));
        return;
    case '(': lex_open(r, at); return;
    case ')': lex_close(r, at); return;
    case '$': lex_nag(r, at); return;
    case '!': case '?': lex_annotation(r, at); return;
    case '.': lex_dots(r, at); return;
    case '*': lex_result(r, at, 1); return;
    case '}':
        if (r->ncom_line)
            issue_at(r, ERR, at,
                  "unexpected '}' with no open comment (comments do not nest: the '{' at %ld:%ld "
                  "is inside the comment opened at %ld:%ld)",
                  r->ncom_line, r->ncom_col, r->com_line, r->com_col);
        else
            issue_at(r, ERR, at, "unexpected '}' with no open comment");
        r->ncom_line = 0;
        r->p++;
        return;
    case ']': issue_at(r, ERR, at, "unexpected ']'"); r->p++; return;
    default: break;
    }
    if (cls[c] & K_DIGIT) {
        size_t n = pgn_result_len(p);
        if (n) lex_result(r, at, n);
        else lex_number(r, at);
        return;
    }
    if (cls[c] & K_SYM) {
        lex_symbol(r, at);
        return;
    }
    if (cls[c] & K_BIN) {
        binary_data(r, p);
        return;
    }
    unexpected(r, r->line, colat(r, at));
}

static void reset_game(R *r)
{
    /* Give back what one unusually large game made us allocate. */
    cv_arena_clear(&r->ar, ARENA_KEEP);
    if (r->tokcap > TOK_KEEP) {
        free(r->tok);
        r->tok = NULL;
        r->tokcap = 0;
    }
    if (r->mlcap > TOK_KEEP) {
        free(r->ml);
        r->ml = NULL;
        r->mlcap = 0;
    }
    if (r->tagcap > TAG_KEEP) {
        free(r->tags);
        r->tags = NULL;
        r->tagcap = 0;
    }
    if (r->thcap > 2 * TAG_KEEP) {
        free(r->thash);
        r->thash = NULL;
        r->thcap = 0;
    } else if (r->ntags > TAGS_LINEAR && r->thcap) {
        memset(r->thash, 0, r->thcap * sizeof *r->thash);
    }
    if (r->lines.cap > TOK_KEEP) cv_line_table_free(&r->lines);
    cv_line_table_clear(&r->lines);
    r->line_noted = 0;
    r->ntok = r->ntags = r->niss = 0;
    r->tkeys = 0;
    r->errors = r->warnings = 0;
    r->game_open = r->movetext = r->force_break = r->skip = r->done = r->skipped = r->full = 0;
    r->novar_told = 0;
    r->depth = 0;
    r->deep = 0;
    r->deep_told = 0;
    r->result_idx = -1;
    r->ncom_line = 0;
    r->cur[0] = 0;
    r->prev[0] = -1;
}

static void finish(R *r, cv_game *g)
{
    /* one pass: offsets become pointers, and the main line's moves are
     * indexed on the way */
    size_t nml = 0;
    int ml_ok = 1;
    for (size_t i = 0; i < r->ntok; i++) {
        cv_token *t = &r->tok[i];
        size_t a = t->text_off, b = t->suffix_off, c = t->norm_off;
        t->text = r->ar.b + a;
        t->suffix = r->ar.b + b;
        t->norm = r->ar.b + c;
        if (t->depth != 0 || (t->kind != CV_TOKEN_MOVE && t->kind != CV_TOKEN_NULL_MOVE)) continue;
        if (ml_ok && nml == r->mlcap) {
            size_t cap = r->mlcap ? r->mlcap * 2 : 256;
            size_t *m = realloc(r->ml, cap * sizeof *m);
            if (m) {
                r->ml = m;
                r->mlcap = cap;
            } else {
                ml_ok = 0;  /* the tokens are all there; only the index is lost */
            }
        }
        if (ml_ok) r->ml[nml] = i;
        nml++;
    }
    if (!ml_ok) nml = 0;
    for (size_t i = 0; i < r->ntags; i++) {
        cv_tag *t = &r->tags[i];
        size_t a = t->name_off, b = t->value_off;
        t->name = r->ar.b + a;
        t->value = r->ar.b + b;
    }
    r->games++;
    note_peak(r);

    memset(g, 0, sizeof *g);
    g->number = r->games;
    g->line = r->gline;
    g->col = r->gcol;
    g->tags = r->tags;
    g->ntags = r->ntags;
    g->tokens = r->tok;
    g->ntokens = r->ntok;
    g->lines = r->lines.v;
    g->nlines = r->lines.n;
    g->result = r->result_idx >= 0 ? &r->tok[r->result_idx] : NULL;
    g->result_text = g->result ? g->result->text : "*";
    g->mainline = r->ml;
    g->nmainline = nml;
    g->strings = r->ar.b;
    g->strings_len = r->ar.len;
    g->issues = r->iss;
    g->nissues = r->niss;
    g->errors = r->errors;
    g->warnings = r->warnings;
    g->skipped = r->skipped;
    raw_take(r, r->p);
    g->raw = r->raw ? r->raw : "";
    g->rawlen = r->rawlen;
    g->raw_truncated = r->raw_trunc;
    cv_issues_report(r->iss, r->niss, r->diag, r->fname, g->number);
}

int cv_pgn_next(cv_pgn_reader *r, cv_game *g)
{
    if (!r) return 0;
    reset_game(r);
    r->rawlen = 0;
    r->raw_trunc = 0;
    if (r->rawcap > ARENA_KEEP) {  /* give back what one huge game took */
        free(r->raw);
        r->raw = NULL;
        r->rawcap = 0;
    }
    if (!r->bom_checked) {
        r->bom_checked = 1;
        refill(r);
        if (r->end - r->p >= 3 && r->p[0] == 0xEF && r->p[1] == 0xBB && r->p[2] == 0xBF) {
            r->p += 3;
            r->lstart = r->lbase = 3;
            file_note(r, TOL, 1, 1, "UTF-8 byte-order mark at the start of the file");
        }
    }
    for (;;) {
        if (r->done) {
            r->skip = 0;  /* the game has ended anyway; nothing to skip */
            break;
        }
        if (r->skip) {
            skip_to_next_game(r);
            r->skip = 0;
            r->skipped = 1;
            r->after_skip = 1;
            break;
        }
        unsigned char *p = r->p;
        for (;;) {
            unsigned c = *p;
            if (c == ' ' || c == '\t') {
                p++;
            } else if (c == '\n') {
                p++;
                long long a = apos(r, p);
                if (a - 1 - r->lbase > (long long)r->lim.max_line) {
                    r->p = p - 1;
                    line_too_long(r);
                    r->p = p;
                }
                settle_last(r);
                r->line_noted = 0;
                r->line++;
                r->lstart = r->lbase = a;
                if (!r->nonblank) r->blank_since_token = 1;
                r->nonblank = 0;
                if (r->skip) break;
            } else if (c == '\r') {
                p = take_eol(r, p, EOL_MOVETEXT);
                if (r->skip) break;
            } else if (c == '\f' || c == '\v') {
                p++;
            } else {
                break;
            }
        }
        r->p = p;
        if (r->skip) continue;
        if (p == r->end) {
            if (!r->eof) {
                refill(r);
                continue;
            }
            if (r->ioerr && !r->io_reported) {
                r->io_reported = 1;
                issue(r, ERR, r->line, colof(r, p), "read error: %s", strerror(r->ioerr));
            }
            if (!r->game_open) {
                for (int i = 0; i < r->npend; i++)  /* notes with no game to go with */
                    if (r->diag)
                        cv_report(r->diag, r->pend[i].level, r->fname, r->pend[i].line,
                                  r->pend[i].col, "%s", r->pend[i].msg);
                r->npend = 0;
                return 0;
            }
            /* after a read error the result may simply not have been read */
            if (!r->skipped && !r->done && !r->ioerr) end_unfinished(r);
            break;
        }
        if (r->end - p < LOOK && !r->eof) {
            refill(r);
            continue;
        }
        if (apos(r, p) - r->lbase > (long long)r->lim.max_line) {
            open_game(r, r->line, colof(r, p));
            line_too_long(r);
            continue;
        }
        dispatch(r);
        if (!r->done) r->last_at = apos(r, r->p);
    }
    finish(r, g);
    return 1;
}

