/* gamelist: Parmen's game listing.  See gamelist.h for what it promises.
 *
 * The reader works a line at a time: a line is read whole (up to
 * max_line bytes) from a chunked input buffer, cut into blank-separated
 * tokens before any "//", and each token is taken as a header word, a
 * move number or a move.  A header line that begins a new listing is kept
 * ("pending") and read again as the first line of the next call, so the
 * input is never rewound.  Strings go to one arena per listing, referred
 * to by offset while the listing grows (the arena may move) and turned
 * into pointers when the listing is complete.
 *
 * Raw text (CV_GAMELIST_KEEP_RAW): read_line appends each line's bytes,
 * line end included, to one buffer after the listing's kept bytes; when
 * the line is done with, they become the listing's (or, past max_raw, are
 * dropped and the listing is marked truncated); a line that begins the
 * next listing stays after them and is moved to the front for the next
 * call.  Such a line is a header, never longer than max_line, so it is
 * always kept whole even in a truncated listing. */
#include "gamelist.h"
#include "scaffold.h"
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum {
    CHUNK = 64 * 1024,
    ARENA_KEEP = 1 << 16,   /* capacities kept between listings; more is */
    ITEMS_KEEP = 1 << 10,   /* given back after an unusually large one */
    RAW_KEEP = 1 << 16,     /* the raw-text buffer likewise */
    NUMBER_MAX = 999999     /* a larger move number is not a move number */
};

typedef cv_gamelist_item item_t;

struct cv_gamelist_reader {
    cv_source *src;
    cv_file_source file;    /* the source when opened on a FILE */
    const char *fname;
    cv_diag *diag;
    unsigned flags;
    cv_reader_limits lim;

    unsigned char *buf;
    size_t bpos, bend;
    int eof, ioerr;

    char *line;             /* the current line, NUL-terminated, max_line bytes */
    size_t llen;
    long lineno;
    int too_long;
    int pending;            /* the current line starts the next listing */
    int done;

    long nlist;             /* listings returned */

    /* the listing being read */
    cv_arena ar;            /* the listing's strings (scaffold.h) */
    item_t *items;
    size_t nitems, icap;
    size_t *moves;
    size_t nmoves, mcap;
    cv_issue_list pr;
    long first_line;
    long wl, wc, bl, bc;    /* header words */
    long ply;               /* moves so far by the numbering: 2 (N - 1) + Black */
    int numbered;           /* a "N." waits for White's move */
    long num_line, num_col; /* where the number waiting for its move is (0: none) */
    long row_col;           /* first column of the current line's words */
    int header_checked;
    size_t peak;

    /* raw text (CV_GAMELIST_KEEP_RAW): the listing's, then the current
     * line's */
    cv_raw_text raw;
};
typedef struct cv_gamelist_reader R;

/* ---- small helpers ---- */

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int upper(int c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

static int word_is(const char *s, size_t n, const char *w)
{
    size_t k = strlen(w);
    if (n != k) return 0;
    for (size_t i = 0; i < n; i++)
        if (upper((unsigned char)s[i]) != w[i]) return 0;
    return 1;
}

static size_t mem_now(const R *r)
{
    return CHUNK + r->lim.max_line + 1 + r->ar.cap + r->icap * sizeof *r->items + r->mcap * sizeof *r->moves +
           r->pr.cap * sizeof *r->pr.v + r->raw.cap + sizeof *r;
}

static void note_peak(R *r)
{
    size_t m = mem_now(r);
    if (m > r->peak) r->peak = m;
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    return cv_table_grow(p, cap, need, elem, 64);
}

/* ---- issues ---- */

static void skip_rest(R *r) { cv_issue_list_skip(&r->pr); }

/* layout: a deviation from the layout, a warning in lenient mode.  The
 * issue past max_issues says why the rest of the listing is missing. */
static void issue(R *r, int layout, long line, long col, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void issue(R *r, int layout, long line, long col, const char *fmt, ...)
{
    cv_level lv = layout && (r->flags & CV_GAMELIST_LENIENT) ? CV_WARNING : CV_ERROR;
    va_list ap;
    va_start(ap, fmt);
    cv_issue_list_vadd(&r->pr, lv, line, col, fmt, ap);
    va_end(ap);
}

/* ---- input ---- */

static int fill(R *r)
{
    if (r->bpos < r->bend) return 1;
    if (r->eof) return 0;
    r->bpos = 0;
    r->bend = cv_source_read(r->src, r->buf, CHUNK);
    if (r->bend == 0) {
        r->eof = 1;
        if (r->src->err) r->ioerr = 1;
        return 0;
    }
    return 1;
}

/* ---- raw text ---- */

/* Appends n bytes of the current line.  They are kept while they fit in
 * what max_raw leaves the listing, and always up to a header's length
 * (max_line and a line end, and the byte-order mark): such a line may
 * begin the next listing. */
static void raw_add(R *r, const unsigned char *s, size_t n)
{
    cv_raw_text *t = &r->raw;
    size_t room = t->trunc || t->kept >= r->lim.max_raw ? 0 : r->lim.max_raw - t->kept;
    if (room < r->lim.max_line + 8) room = r->lim.max_line + 8;
    cv_raw_add(t, (const char *)s, n, room);
    note_peak(r);
}

/* Reads one line without its end (LF, CR LF or CR); 0 at the end.  The
 * bytes read, line end included, go to the raw text. */
static int read_line(R *r)
{
    int any = 0;
    r->llen = 0;
    r->too_long = 0;
    for (;;) {
        if (!fill(r)) break;
        any = 1;
        const unsigned char *s = r->buf + r->bpos, *e = r->buf + r->bend, *q = s;
        while (q < e && *q != '\n' && *q != '\r') q++;
        size_t n = (size_t)(q - s), room = r->lim.max_line - r->llen;
        if (n > room) {
            r->too_long = 1;
            n = room;
        }
        memcpy(r->line + r->llen, s, n);
        r->llen += n;
        size_t used = (size_t)(q - s) + (q < e);
        raw_add(r, s, used);
        r->bpos += used;
        if (q < e) {
            if (*q == '\r' && fill(r) && r->buf[r->bpos] == '\n') {
                raw_add(r, r->buf + r->bpos, 1);
                r->bpos++;
            }
            break;
        }
    }
    if (!any) return 0;
    r->line[r->llen] = 0;
    r->lineno++;
    if (r->lineno == 1 && r->llen >= 3 && !memcmp(r->line, "\xEF\xBB\xBF", 3)) {
        memmove(r->line, r->line + 3, r->llen - 3 + 1);
        r->llen -= 3;
    }
    return 1;
}

/* ---- the listing being read ---- */

static void reset_listing(R *r)
{
    /* Give back what an unusually large listing took. */
    cv_arena_clear(&r->ar, ARENA_KEEP);
    if (r->icap > ITEMS_KEEP) {
        free(r->items);
        free(r->moves);
        r->items = NULL;
        r->moves = NULL;
        r->icap = r->mcap = 0;
    }
    r->nitems = r->nmoves = 0;
    cv_issue_list_clear(&r->pr);
    r->first_line = 0;
    r->wl = r->wc = r->bl = r->bc = 0;
    r->ply = 0;
    r->numbered = 0;
    r->num_line = r->num_col = 0;
    r->header_checked = 0;
}

/* Appends an item whose text is s[0..n); NULL when a limit refuses it. */
static item_t *add_item(R *r, cv_gamelist_kind kind, long line, long col, const char *s, size_t n)
{
    if (r->nitems >= r->lim.max_items) {
        issue(r, 0, line, col, "more than %zu moves and comments in one listing; the rest of it is skipped",
              r->lim.max_items);
        skip_rest(r);
        return NULL;
    }
    if (r->ar.len + n + 1 > r->lim.max_text) {
        issue(r, 0, line, col, "more than %zu bytes of moves and comments in one listing; the rest of it is skipped",
              r->lim.max_text);
        skip_rest(r);
        return NULL;
    }
    if (grow((void **)&r->items, &r->icap, r->nitems + 1, sizeof *r->items) < 0 ||
        cv_arena_room(&r->ar, n + 1) < 0 ||
        (kind == CV_GAMELIST_MOVE && grow((void **)&r->moves, &r->mcap, r->nmoves + 1, sizeof *r->moves) < 0)) {
        issue(r, 0, line, col, "out of memory; the rest of the listing is skipped");
        skip_rest(r);
        return NULL;
    }
    note_peak(r);
    item_t *it = &r->items[r->nitems++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->line = line;
    it->col = col;
    it->len = n;
    it->text_off = cv_arena_put(&r->ar, s, n);
    it->before = r->nmoves;
    return it;
}

static void check_header(R *r, long line, long col)
{
    if (r->header_checked) return;
    r->header_checked = 1;
    if (!r->wl && !r->bl) issue(r, 1, line, col, "no 'WHITE  BLACK' header before the first move");
    else if (!r->bl) issue(r, 1, r->wl, r->wc, "the header has WHITE but no BLACK");
    else if (!r->wl) issue(r, 1, r->bl, r->bc, "the header has BLACK but no WHITE");
}

/* ---- tokens ---- */

static int has_square(const char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        if (((s[i] >= 'a' && s[i] <= 'f') || s[i] == 'z') && is_digit(s[i + 1])) return 1;
        if ((s[i] == 'Q' || s[i] == 'K') && s[i + 1] == 'L' && i + 2 < n && s[i + 2] >= '1' && s[i + 2] <= '6') return 1;
    }
    return 0;
}

/* Shaped like a Parmen or Romulan move (syntax only; the replay judges). */
static int move_shaped(const char *s, size_t n)
{
    if (n == 0 || n > CV_GAMELIST_MOVE_MAX) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        /* (c && ...: strchr finds the terminator too) */
        if (!(is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c && strchr("()=+#*!?-", c)))) return 0;
    }
    while (n && strchr("+#*!?", s[n - 1])) n--;
    /* castling: o-o, O-O-O, 0-0 */
    if (n == 3 || n == 5) {
        int ok = 1;
        for (size_t i = 0; i < n; i++)
            ok &= i % 2 ? s[i] == '-' : (s[i] == 'o' || s[i] == 'O' || s[i] == '0');
        if (ok) return 1;
    }
    return n >= 3 && strchr("PNBRQK", s[0]) && has_square(s + 1, n - 1);
}

static void add_move(R *r, const char *s, size_t n, long col)
{
    long line = r->lineno;
    check_header(r, line, r->row_col);
    if (!(r->ply & 1) && !r->numbered)
        issue(r, 1, line, col, "White's move %ld has no move number", r->ply / 2 + 1);
    item_t *it = add_item(r, CV_GAMELIST_MOVE, line, col, s, n);
    if (!it) return;
    it->number = r->ply / 2 + 1;
    it->color = r->ply & 1 ? 'b' : 'w';
    it->num_line = r->num_line;
    it->num_col = r->num_col;
    r->num_line = r->num_col = 0;
    r->moves[r->nmoves++] = r->nitems - 1;
    r->ply++;
    r->numbered = 0;
}

/* A move number token "N." or "N..." at s (col); returns the bytes it
 * takes (a move may be glued after it), 0 when s is not one. */
static size_t number_token(R *r, const char *s, size_t n, long col)
{
    size_t d = 0;
    while (d < n && is_digit(s[d])) d++;
    if (d == 0 || (d < n && s[d] != '.')) return 0;  /* "0-0" is a move */
    size_t dots = 0;
    while (d + dots < n && s[d + dots] == '.') dots++;
    char q[64];
    long num = 0;
    for (size_t i = 0; i < d && num <= NUMBER_MAX; i++) num = num * 10 + (s[i] - '0');
    if ((dots != 0 && dots != 1 && dots != 3) || num < 1 || num > NUMBER_MAX) {
        issue(r, 1, r->lineno, col, "bad move number '%s'", cv_clip(q, sizeof q, s, d + dots));
        return d + dots;
    }
    /* "12" alone: surely White's number with its '.' forgotten */
    if (dots == 0) issue(r, 1, r->lineno, col, "move number '%s' without '.'", cv_clip(q, sizeof q, s, d));
    int black = dots == 3;
    long want = r->ply / 2 + 1;
    int want_black = (int)(r->ply & 1);
    if (num != want || black != want_black)
        issue(r, 1, r->lineno, col, "move number %ld%s out of sequence: expected %ld%s", num, black ? "..." : ".", want,
              want_black ? "..." : ".");
    r->ply = 2 * (num - 1) + black;
    r->numbered = !black;
    r->num_line = r->lineno;
    r->num_col = col;
    return d + dots;
}

enum { LINE_DONE = 0, LINE_NEW_LISTING = 1 };

/* Header words on the line (tokens tok[0..nt)); returns LINE_NEW_LISTING
 * when they begin the next listing. */
static int header_line(R *r, const char *ln, const size_t (*tok)[2], size_t nt, size_t glue)
{
    /* glue: bytes of stray text before the first word */
    const char *w0 = ln + tok[0][0] + glue;
    int white0 = word_is(w0, 5, "WHITE");
    if (r->pr.skipping || r->nmoves || (white0 && (r->wl || r->bl)) || (!white0 && r->bl)) return LINE_NEW_LISTING;
    if (!r->first_line) r->first_line = r->lineno;
    char q[64];
    if (glue)
        issue(r, 1, r->lineno, (long)tok[0][0] + 1, "stray text before %s: '%s'", white0 ? "WHITE" : "BLACK",
              cv_clip(q, sizeof q, ln + tok[0][0], glue));
    for (size_t i = 0; i < nt; i++) {
        size_t at = tok[i][0] + (i ? 0 : glue);
        long col = (long)at + 1;
        if (word_is(ln + at, 5, "WHITE")) {
            if (r->wl || r->bl) issue(r, 1, r->lineno, col, "unexpected WHITE in the header");
            else r->wl = r->lineno, r->wc = col;
        } else {
            if (r->bl) issue(r, 1, r->lineno, col, "unexpected BLACK in the header");
            else r->bl = r->lineno, r->bc = col;
        }
    }
    return LINE_DONE;
}

/* Problems that are reported even in a listing being skipped (the end of
 * the input, a read error). */
static void force_issue(R *r, long line, long col, const char *msg)
{
    cv_issue_list_force(&r->pr, line, col, msg);
}

/* A comment s[0..n) ("//" at col): own line when no move stands before it
 * on its line. */
static void add_comment(R *r, const char *s, size_t n, long col, int own)
{
    while (n && is_blank((unsigned char)*s)) s++, n--;
    while (n && is_blank((unsigned char)s[n - 1])) n--;
    /* LEAN: not kept, but for what may be a tag (see gamelist.h) */
    if ((r->flags & CV_GAMELIST_LEAN) && !(own && !r->nmoves && n >= 2 && s[0] == '[' && s[n - 1] == ']')) n = 0;
    item_t *it = add_item(r, CV_GAMELIST_COMMENT, r->lineno, col, s, n);
    if (!it) return;
    it->own_line = own;
    if (r->nmoves) {
        const item_t *mv = &r->items[r->moves[r->nmoves - 1]];
        it->number = mv->number;
        it->color = mv->color;
    }
}

static int process_line(R *r)
{
    const char *ln = r->line;
    size_t n = r->llen;
    long lineno = r->lineno;
    char q[64];

    if (r->too_long) {
        issue(r, 0, lineno, 1, "line longer than %zu bytes; skipped", r->lim.max_line);
        return LINE_DONE;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)ln[i];
        if ((c < 0x20 && !is_blank(c)) || c == 0x7f) {
            issue(r, 0, lineno, (long)i + 1, "control character 0x%02X; line skipped", c);
            return LINE_DONE;
        }
    }
    /* The comment, if any, is everything from the first "//". */
    const char *cs = strstr(ln, "//");
    size_t cpos = cs ? (size_t)(cs - ln) : n;

    enum { MAXTOK = 64 };
    size_t tok[MAXTOK][2], nt = 0;
    int many = 0;
    for (size_t i = 0; i < cpos;) {
        while (i < cpos && is_blank((unsigned char)ln[i])) i++;
        if (i >= cpos) break;
        size_t s = i;
        while (i < cpos && !is_blank((unsigned char)ln[i])) i++;
        if (nt < MAXTOK) tok[nt][0] = s, tok[nt][1] = i - s, nt++;
        else many = 1;
    }
    if (nt == 0 && cpos == n) return LINE_DONE;  /* blank */

    size_t moves_before = r->nmoves;
    int header = 0;
    if (nt && !many) {
        /* every word WHITE or BLACK, the first perhaps glued to junk */
        size_t glue = 0, l0 = tok[0][1];
        const char *t0 = ln + tok[0][0];
        header = 1;
        if (word_is(t0, l0, "WHITE") || word_is(t0, l0, "BLACK")) glue = 0;
        else if (l0 > 5 && (word_is(t0 + l0 - 5, 5, "WHITE") || word_is(t0 + l0 - 5, 5, "BLACK"))) glue = l0 - 5;
        else header = 0;
        for (size_t i = 1; header && i < nt; i++)
            header = word_is(ln + tok[i][0], tok[i][1], "WHITE") || word_is(ln + tok[i][0], tok[i][1], "BLACK");
        if (header && header_line(r, ln, (const size_t(*)[2])tok, nt, glue) == LINE_NEW_LISTING)
            return LINE_NEW_LISTING;
    }
    if (r->pr.skipping) return LINE_DONE;
    if (!r->first_line) r->first_line = lineno;
    r->row_col = nt ? (long)tok[0][0] + 1 : 1;

    for (size_t i = 0; !header && i < nt && !r->pr.skipping; i++) {
        const char *t = ln + tok[i][0];
        size_t len = tok[i][1];
        long col = (long)tok[i][0] + 1;
        size_t k = number_token(r, t, len, col);
        if (k == len) continue;
        t += k, len -= k, col += (long)k;  /* a move glued to its number: "1.Pc2-c4(2)" */
        if (move_shaped(t, len)) {
            add_move(r, t, len, col);
            continue;
        }
        if (i == 0 && !k) {
            /* nothing on the line is recognised: skip it whole */
            size_t end = tok[nt - 1][0] + tok[nt - 1][1];
            issue(r, 1, lineno, col, "unrecognized line: '%s'", cv_clip(q, sizeof q, t, end - tok[0][0]));
            return LINE_DONE;
        } else {
            issue(r, 1, lineno, col, "unknown token '%s'", cv_clip(q, sizeof q, t, len));
        }
    }
    if (many) issue(r, 1, lineno, (long)tok[MAXTOK - 1][0] + 1, "more than %d words on one line; the rest skipped", MAXTOK);
    if (cs && !r->pr.skipping) add_comment(r, cs + 2, n - cpos - 2, (long)cpos + 1, r->nmoves == moves_before);
    return LINE_DONE;
}

/* ---- reader ---- */

int cv_gamelist_header_line(const char *s, size_t n)
{
    size_t i = 0, words = 0;
    for (;;) {
        while (i < n && is_blank((unsigned char)s[i])) i++;
        if (i == n) return words > 0;
        size_t k = i;
        while (k < n && !is_blank((unsigned char)s[k])) k++;
        if (!word_is(s + i, k - i, "WHITE") && !word_is(s + i, k - i, "BLACK")) return 0;
        words++;
        i = k;
    }
}

cv_gamelist_reader *cv_gamelist_open(FILE *f, const char *filename, cv_diag *diag, unsigned flags)
{
    R *r = cv_gamelist_open_source(NULL, filename, diag, flags);
    if (r) r->src = cv_file_source_init(&r->file, f);
    return r;
}

cv_gamelist_reader *cv_gamelist_open_source(cv_source *src, const char *filename, cv_diag *diag, unsigned flags)
{
    R *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->src = src;
    r->fname = filename;
    r->diag = diag;
    r->flags = flags;
    r->raw.on = (flags & CV_GAMELIST_KEEP_RAW) != 0;
    r->lim = cv_reader_default_limits();
    r->pr.max = r->lim.max_issues;
    r->pr.unit = "listing";
    r->buf = malloc(CHUNK);
    r->line = malloc(r->lim.max_line + 1);
    if (!r->buf || !r->line) {
        cv_gamelist_close(r);
        return NULL;
    }
    note_peak(r);
    return r;
}

void cv_gamelist_set_limits(cv_gamelist_reader *r, const cv_reader_limits *lim)
{
    size_t old_line = r->lim.max_line;
    r->lim = cv_reader_limits_or_default(lim);
    r->pr.max = r->lim.max_issues;
    if (r->lim.max_line != old_line) {
        char *n = realloc(r->line, r->lim.max_line + 1);
        if (n) r->line = n;
        else r->lim.max_line = old_line;
    }
}

int cv_gamelist_next(cv_gamelist_reader *r, cv_gamelist *gl)
{
    memset(gl, 0, sizeof *gl);
    if (r->done) return 0;
    reset_listing(r);
    cv_raw_restart(&r->raw, RAW_KEEP);
    int more = 0;
    for (;;) {
        if (!r->pending && !read_line(r)) break;
        r->pending = 0;
        if (process_line(r) == LINE_NEW_LISTING) {
            more = r->pending = 1;
            break;
        }
        cv_raw_commit(&r->raw, r->lim.max_raw);
    }
    if (!more) {
        r->done = 1;
        if (r->ioerr) force_issue(r, r->lineno + 1, 1, "read error");
        int empty = !r->wl && !r->bl && !r->nmoves;
        if (r->nlist > 0 && empty && !r->nitems && !r->pr.n) return 0;
        if (r->nlist == 0 && empty)
            force_issue(r, 1, 1, "no game listing in the input: no 'WHITE  BLACK' header and no moves");
    }
    if (!r->nmoves && (r->wl || r->bl)) check_header(r, 0, 0);

    for (size_t i = 0; i < r->nitems; i++) r->items[i].text = r->ar.b + r->items[i].text_off;
    gl->number = ++r->nlist;
    gl->line = r->first_line ? r->first_line : 1;
    gl->white_line = r->wl;
    gl->white_col = r->wc;
    gl->black_line = r->bl;
    gl->black_col = r->bc;
    gl->items = r->items;
    gl->nitems = r->nitems;
    gl->moves = r->moves;
    gl->nmoves = r->nmoves;
    cv_issue_list_hand_out(&r->pr, &gl->issues, &gl->nissues, &gl->errors, &gl->warnings, &gl->skipped);
    cv_raw_hand_out(&r->raw, &gl->raw, &gl->rawlen, &gl->raw_truncated);
    cv_issue_list_report(&r->pr, r->diag, r->fname, gl->number);
    return 1;
}

int cv_gamelist_io_error(const cv_gamelist_reader *r) { return r->ioerr; }

void cv_gamelist_memory(const cv_gamelist_reader *r, size_t *now, size_t *peak)
{
    if (now) *now = mem_now(r);
    if (peak) *peak = r->peak;
}

void cv_gamelist_close(cv_gamelist_reader *r)
{
    if (!r) return;
    free(r->buf);
    free(r->line);
    cv_arena_free(&r->ar);
    free(r->items);
    free(r->moves);
    cv_issue_list_free(&r->pr);
    cv_raw_free(&r->raw);
    free(r);
}

size_t cv_gamelist_move_label(const cv_gamelist_item *mv, char *buf, size_t size)
{
    int n = snprintf(buf, size, "%ld%s %s", mv->number, mv->color == 'b' ? "..." : ".", mv->text ? mv->text : "");
    return n < 0 ? 0 : (size_t)n;
}

/* ---- writer ---- */

typedef struct {
    const char *const *texts;
    size_t n;
} arr_t;

static const char *from_array(void *arg, const cv_gamelist *gl, size_t i, const cv_gamelist_item *mv)
{
    const arr_t *a = arg;
    (void)gl;
    (void)mv;
    return i < a->n ? a->texts[i] : NULL;
}

int cv_gamelist_write(FILE *out, const cv_gamelist *gl, const char *const *texts, size_t ntexts)
{
    arr_t a = { texts, texts ? ntexts : 0 };
    return cv_gamelist_write_fn(out, gl, from_array, &a);
}

static int digits(long v)
{
    int d = 1;
    while (v >= 10) v /= 10, d++;
    return d;
}

int cv_gamelist_write_fn(FILE *out, const cv_gamelist *gl, cv_gamelist_text_fn fn, void *arg)
{
    /* The texts first: the column widths depend on all of them. */
    size_t n = gl->nmoves, cap = 64, len = 0;
    size_t *off = malloc((n ? n : 1) * sizeof *off);
    char *buf = malloc(cap);
    if (!off || !buf) {
        free(off);
        free(buf);
        return -1;
    }
    size_t wmax = 5;
    long maxnum = 1;
    for (size_t i = 0; i < n; i++) {
        const cv_gamelist_item *mv = &gl->items[gl->moves[i]];
        const char *t = fn ? fn(arg, gl, i, mv) : NULL;
        if (!t) t = mv->text;
        size_t k = strlen(t);
        if (len + k + 1 > cap) {
            while (len + k + 1 > cap) cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(off);
                free(buf);
                return -1;
            }
            buf = nb;
        }
        memcpy(buf + len, t, k + 1);
        off[i] = len;
        len += k + 1;
        if (mv->color == 'w' && k > wmax) wmax = k;
        if (mv->number > maxnum) maxnum = mv->number;
    }
    int w = digits(maxnum) + 2 > 4 ? digits(maxnum) + 2 : 4;  /* "1.  ", "10. ", "100. " */
    int bcol = w + (int)wmax + 2;
    fprintf(out, "%*s%-*s%s\n", w, "", bcol - w, "WHITE", "BLACK");

    int cur = -1;           /* length of the line being written, -1 none */
    long open_white = 0;    /* number of a White move ending that line */
    for (size_t i = 0; i < gl->nitems; i++) {
        const cv_gamelist_item *it = &gl->items[i];
        if (it->kind == CV_GAMELIST_MOVE) {
            const char *t = buf + off[it->before];
            char num[32];
            if (it->color == 'b' && open_white == it->number && cur >= 0) {
                fprintf(out, "%*s%s", bcol - cur, "", t);
                cur = -2;  /* open, after Black's move */
                open_white = 0;
                continue;
            }
            if (cur != -1) fputc('\n', out);
            if (it->color == 'b') {
                snprintf(num, sizeof num, "%ld...", it->number);
                fprintf(out, "%-*s%s", bcol, num, t);
                cur = -2;
                open_white = 0;
            } else {
                snprintf(num, sizeof num, "%ld.", it->number);
                fprintf(out, "%-*s%s", w, num, t);
                cur = w + (int)strlen(t);
                open_white = it->number;
            }
            continue;
        }
        if (!it->own_line && cur != -1) {
            fprintf(out, "  //%s%s\n", it->len ? " " : "", it->text);
        } else {
            if (cur != -1) fputc('\n', out);
            fprintf(out, "//%s%s\n", it->len ? " " : "", it->text);
        }
        cur = -1;
        open_white = 0;
    }
    if (cur != -1) fputc('\n', out);
    free(off);
    free(buf);
    return ferror(out) ? -1 : 0;
}

/* ---- Parmen's own layout ---- */

static int castling_text(const char *t)
{
    return (t[0] == 'o' || t[0] == 'O' || t[0] == '0') && t[1] == '-';
}

/* A move as Parmen spells it: no '*' mark, and a promotion's letter
 * straight after the level ("Pc7-c8(6)Q"; Romulan moves, which have no
 * level, keep their '='). */
static void parmen_move(FILE *out, const char *t)
{
    if (castling_text(t)) fputs("   ", out);
    for (const char *c = t; *c; c++) {
        if (*c == '*') continue;
        if (*c == '=' && c > t && c[-1] == ')') continue;
        fputc(*c, out);
    }
}

int cv_gamelist_write_parmen(FILE *out, const cv_gamelist *gl)
{
    fputs("WHITE\n\n\nBLACK\n", out);
    int open = 0;           /* a move's line is not ended yet */
    int castled = 0;        /* that move is White's castling */
    long white = 0;         /* number of the White move of the row, 0 none */
    for (size_t i = 0; i < gl->nitems; i++) {
        const cv_gamelist_item *it = &gl->items[i];
        if (it->kind == CV_GAMELIST_COMMENT && !it->own_line && open) {
            fprintf(out, "  //%s%s", it->len ? " " : "", it->text);
            continue;
        }
        if (open) fputs(castled ? "\n\n" : "\n", out);
        open = castled = 0;
        if (it->kind == CV_GAMELIST_COMMENT) {
            fprintf(out, "//%s%s\n", it->len ? " " : "", it->text);
            continue;
        }
        /* a block (the header, a row) ends with two blank lines */
        int bare_black = it->color == 'b' && white == it->number;
        if (!bare_black) fputs("\n\n", out);
        if (it->color == 'w') {
            char num[32];
            snprintf(num, sizeof num, "%ld.", it->number);
            fprintf(out, "%-4s%s", num, strlen(num) >= 4 ? " " : "");
            castled = castling_text(it->text);
            white = it->number;
        } else {
            if (!bare_black) fprintf(out, "%ld... ", it->number);
            white = 0;
        }
        parmen_move(out, it->text);
        open = 1;
    }
    if (open) fputs(castled ? "\n\n" : "\n", out);
    fputs("\n\n", out);
    return ferror(out) ? -1 : 0;
}
