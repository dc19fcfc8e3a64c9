/* gclog: the Game Courier log reader.  See gclog.h for what it promises.
 *
 * A line at a time (lines.h, bounded at max_line): each line is
 * classified (blank, comment or tag, move, result, bad) before the game
 * decides what it means where it stands, because the same line may
 * belong to this game or begin the next.  A line that begins the next
 * game stays in the line reader's buffer ("pending") and is taken again
 * by the next call, so the input is never rewound.
 *
 * After a result, comments and blank lines are held: their tokens are
 * stored after the game's (from cut_tok, their strings from cut_text) and
 * their bytes after the game's raw text, but the game is returned without
 * them when the next game begins; the next game then starts from them.
 * At the end of the input they are the last game's.  Strings are stored
 * by offset while a game grows (the arena may move) and become pointers
 * only for the part returned. */
#include "gclog.h"
#include "scaffold.h"
#include "lines.h"
#include "where.h"
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum {
    ARENA_KEEP = 1 << 16,   /* capacities kept between games; more is */
    TABLE_KEEP = 1 << 10,   /* given back after an unusually large one */
    RAW_KEEP = 1 << 16,
    NUMBER_MAX = 999999     /* a larger move number is not a move number */
};

#define NO_SUFFIX ((size_t)-1)

struct cv_gclog_reader {
    cv_lines L;
    const char *fname;
    cv_diag *diag;
    unsigned flags;
    cv_reader_limits lim;
    int pending;            /* L's line begins the next game: */
    const char *pend_s;     /* that line (in L's buffer, untouched till the */
    size_t pend_n;          /* next line is read), without a byte-order mark */
    int done, ioerr;
    long ngames;

    /* the game being read */
    cv_token *tok;
    size_t ntok, tokcap;
    /* each token's line and column, as a line reader knows them; they
     * become positions (where.h) when the game is handed out */
    struct place { long line, col; } *pl;
    size_t plcap;
    cv_line_table lines;
    cv_tag *tags;
    size_t ntags, tagcap;
    size_t *main;
    size_t nmain, maincap;
    cv_issue_list pr;
    cv_arena ar;            /* the game's strings (scaffold.h) */
    long first_line;
    int met_move;           /* a move line belongs to the game (kept or skipped) */
    int ended;              /* its result line was read */
    long result_tok;        /* index of the RESULT token, -1 none */
    size_t cut_tok, cut_text;   /* after a result: where the held comments start */
    size_t peak;

    /* KEEP_RAW: the game's bytes, then the held lines and the current
     * one, not yet anybody's */
    cv_raw_text raw;
};
typedef struct cv_gclog_reader R;

/* ---- small helpers ---- */

static int is_blank(int c) { return c == ' ' || c == '\t'; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    return cv_table_grow(p, cap, need, elem, 16);
}

static void shrink(void **p, size_t *cap, size_t used, size_t keep, size_t elem)
{
    cv_table_shrink(p, cap, used, keep, elem);
}

static size_t mem_now(const R *r)
{
    return sizeof *r + r->L.cap + r->tokcap * sizeof *r->tok + r->tagcap * sizeof *r->tags +
           r->maincap * sizeof *r->main + r->pr.cap * sizeof *r->pr.v + r->ar.cap + r->raw.cap +
           r->plcap * sizeof *r->pl + r->lines.cap * sizeof *r->lines.v;
}

static void note_peak(R *r)
{
    size_t m = mem_now(r);
    if (m > r->peak) r->peak = m;
}

/* ---- problems ---- */

static void skip_rest(R *r) { cv_issue_list_skip(&r->pr); }

/* An error of the game; past max_issues the rest of the game is skipped,
 * and the last problem says so. */
static void issue(R *r, long line, long col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void issue(R *r, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_issue_list_vadd(&r->pr, CV_ERROR, line, col, fmt, ap);
    va_end(ap);
}

/* Problems reported even while skipping: the end of the input, a read
 * error. */
static void force_issue(R *r, long line, long col, const char *msg)
{
    cv_issue_list_force(&r->pr, line, col, msg);
}

/* ---- raw text ---- */

/* The bytes of the line just read (its end included) join those not yet
 * anybody's.  They may all go to the next game, so they are bounded on
 * their own: max_raw and a line. */
static void raw_add(R *r, const char *s, size_t n, int long_line)
{
    cv_raw_add(&r->raw, s, n, long_line ? 0 : r->lim.max_raw + r->lim.max_line + 2);
    note_peak(r);
}

/* ---- the game being read ---- */

static void reset_game(R *r)
{
    /* the comments held after the last game's result come first */
    size_t held = r->ntok - r->cut_tok;
    if (held) {
        memmove(r->tok, r->tok + r->cut_tok, held * sizeof *r->tok);
        memmove(r->pl, r->pl + r->cut_tok, held * sizeof *r->pl);
    }
    for (size_t i = 0; i < held; i++) {
        cv_token *t = &r->tok[i];
        t->text_off -= r->cut_text;
        t->norm_off = t->text_off;
    }
    r->ntok = held;
    r->ntags = r->nmain = 0;
    cv_issue_list_clear(&r->pr);
    cv_arena_keep_from(&r->ar, r->cut_text, ARENA_KEEP);
    shrink((void **)&r->tok, &r->tokcap, r->ntok, TABLE_KEEP, sizeof *r->tok);
    shrink((void **)&r->pl, &r->plcap, r->ntok, TABLE_KEEP, sizeof *r->pl);
    cv_line_table_clear(&r->lines);
    shrink((void **)&r->lines.v, &r->lines.cap, r->ntok, TABLE_KEEP, sizeof *r->lines.v);
    shrink((void **)&r->tags, &r->tagcap, 0, TABLE_KEEP, sizeof *r->tags);
    shrink((void **)&r->main, &r->maincap, 0, TABLE_KEEP, sizeof *r->main);
    r->first_line = held ? r->pl[0].line : 0;
    r->met_move = r->ended = 0;
    r->result_tok = -1;
    r->cut_tok = r->cut_text = 0;
}

/* Room for ntok more tokens (or tags) and nbytes of their text; when the
 * limits refuse it (quiet: say nothing), the rest of the game is skipped. */
static int room(R *r, size_t ntok, size_t nbytes, long line, long col, int quiet)
{
    const char *why = NULL;
    size_t lim = 0;
    if (r->ntok + r->ntags + ntok > r->lim.max_items) why = "moves, comments and tags", lim = r->lim.max_items;
    else if (r->ar.len + nbytes > r->lim.max_text) why = "bytes of moves, comments and tags", lim = r->lim.max_text;
    if (why) {
        if (quiet) return 0;
        issue(r, line, col, "more than %zu %s in one game; the rest of it is skipped", lim, why);
        skip_rest(r);
        return 0;
    }
    if (grow((void **)&r->tok, &r->tokcap, r->ntok + ntok, sizeof *r->tok) < 0 ||
        grow((void **)&r->pl, &r->plcap, r->ntok + ntok, sizeof *r->pl) < 0 ||
        cv_line_table_reserve(&r->lines, r->ntok + ntok) < 0 ||
        grow((void **)&r->tags, &r->tagcap, r->ntags + 1, sizeof *r->tags) < 0 ||
        grow((void **)&r->main, &r->maincap, r->nmain + 1, sizeof *r->main) < 0 ||
        cv_arena_room(&r->ar, nbytes) < 0) {
        if (quiet) return 0;
        issue(r, line, col, "out of memory; the rest of the game is skipped");
        skip_rest(r);
        return 0;
    }
    note_peak(r);
    return 1;
}

/* s[0..n) into the arena (room made before); its offset. */
static size_t keep(R *r, const char *s, size_t n)
{
    return cv_arena_put(&r->ar, s, n);
}

static cv_token *add_token(R *r, cv_token_kind kind, long line, long col, const char *s, size_t n)
{
    cv_token *t = &r->tok[r->ntok++];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    r->pl[t - r->tok] = (struct place){ line, col };
    t->len = n;
    t->text_off = keep(r, s, n);
    t->norm_off = t->text_off;
    t->suffix_off = NO_SUFFIX;
    if (!r->first_line) r->first_line = line;
    return t;
}

/* ---- lines ---- */

typedef enum { L_BLANK, L_COMMENT, L_MOVE, L_RESULT, L_BAD } line_kind;

typedef struct {
    line_kind kind;
    long col;               /* of the line's first word (BAD: of the fault) */
    char msg[160];          /* BAD: what is wrong */
    /* MOVE */
    long number;
    char color;
    const char *move;       /* the move with its mark */
    size_t move_len;
    long move_col;
    /* RESULT */
    const char *result;
    size_t result_len;
    /* the comment: the whole line's (COMMENT), or the one after the move or
     * the result; text without its blanks, tag: it has a tag's shape */
    int has_comment, tag;
    const char *comment;
    size_t comment_len;
    long comment_col;
} line_t;

static int is_result(const char *s, size_t n)
{
    static const char *const res[] = { "1-0", "0-1", "1/2-1/2", "*" };
    for (size_t i = 0; i < sizeof res / sizeof *res; i++)
        if (n == strlen(res[i]) && !memcmp(s, res[i], n)) return 1;
    return 0;
}

/* `[Name "value"]`: a name of letters, digits and '_', a quoted value. */
static int tag_shaped(const char *s, size_t n)
{
    if (n < 5 || s[0] != '[' || s[n - 1] != ']' || s[n - 2] != '"') return 0;
    size_t i = 1;
    while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') || is_digit(s[i]) || s[i] == '_')) i++;
    return i > 1 && i + 3 < n && s[i] == ' ' && s[i + 1] == '"';
}

static void bad(line_t *ln, long col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void bad(line_t *ln, long col, const char *fmt, ...)
{
    ln->kind = L_BAD;
    ln->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ln->msg, sizeof ln->msg, fmt, ap);
    va_end(ap);
}

/* What the line s[0..n) is, wherever it stands. */
static void classify(const R *r, const char *s, size_t n, line_t *ln)
{
    char q[64];
    memset(ln, 0, sizeof *ln);
    if (r->L.bad == CV_LINE_LONG) {
        bad(ln, 1, "line longer than %zu bytes; skipped", r->lim.max_line);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            bad(ln, (long)i + 1, "control character 0x%02X; line skipped", c);
            return;
        }
    }
    size_t i = 0;
    while (i < n && is_blank(s[i])) i++;
    if (i == n) {
        ln->kind = L_BLANK;
        return;
    }
    ln->col = (long)i + 1;
    /* the comment, if any, is everything after the first "//" */
    const char *cs = NULL;
    for (size_t k = i; k + 1 < n && !cs; k++)
        if (s[k] == '/' && s[k + 1] == '/') cs = s + k;
    size_t end = cs ? (size_t)(cs - s) : n;
    if (cs) {
        const char *c = cs + 2;
        size_t cn = n - end - 2;
        while (cn && is_blank(*c)) c++, cn--;
        while (cn && is_blank(c[cn - 1])) cn--;
        ln->has_comment = 1;
        ln->comment = c;
        ln->comment_len = cn;
        ln->comment_col = (long)end + 1;
    }
    while (end > i && is_blank(s[end - 1])) end--;
    if (end == i) {
        ln->kind = L_COMMENT;
        ln->tag = tag_shaped(ln->comment, ln->comment_len);
        return;
    }
    const char *w = s + i;
    size_t wn = end - i;
    if (is_result(w, wn)) {
        ln->kind = L_RESULT;
        ln->result = w;
        ln->result_len = wn;
        return;
    }
    size_t d = 0;
    while (d < wn && is_digit(w[d])) d++;
    size_t dots = 0;
    while (d + dots < wn && w[d + dots] == '.') dots++;
    if (d == 0 || dots == 0) {
        bad(ln, ln->col, "unrecognized line: '%s'", cv_clip(q, sizeof q, w, wn));
        return;
    }
    long num = 0;
    for (size_t k = 0; k < d && num <= NUMBER_MAX; k++) num = num * 10 + (w[k] - '0');
    if ((dots != 1 && dots != 3) || num < 1 || num > NUMBER_MAX) {
        bad(ln, ln->col, "bad move number '%s'", cv_clip(q, sizeof q, w, d + dots));
        return;
    }
    size_t m = d + dots;
    if (m < wn && !is_blank(w[m])) {
        bad(ln, ln->col + (long)m, "no blank after the move number '%s'", cv_clip(q, sizeof q, w, m));
        return;
    }
    while (m < wn && is_blank(w[m])) m++;
    if (m == wn) {
        bad(ln, ln->col, "move number '%s' without a move", cv_clip(q, sizeof q, w, d + dots));
        return;
    }
    ln->kind = L_MOVE;
    ln->number = num;
    ln->color = dots == 3 ? 'b' : 'w';
    ln->move = w + m;
    ln->move_len = wn - m;
    ln->move_col = ln->col + (long)m;
}

/* ---- what a line does where it stands ---- */

enum { KEPT, HELD, NEXT_GAME };

static void add_comment(R *r, const line_t *ln, int own)
{
    /* LEAN: not kept (a tag line is no comment: add_tag keeps it) */
    size_t n = r->flags & CV_RECORD_LEAN ? 0 : ln->comment_len;
    if (own) {
        add_token(r, CV_TOKEN_COMMENT, r->L.lineno, ln->comment_col, ln->comment, n);
        return;
    }
    /* "// note" after a move is PGN's "; note": the blank kept */
    cv_token *t = add_token(r, CV_TOKEN_LINE_COMMENT, r->L.lineno, ln->comment_col, " ", n ? 1 : 0);
    if (n) {
        r->ar.len--;  /* the text goes on over the NUL */
        keep(r, ln->comment, n);
        t->len = n + 1;
    }
}

/* A tag line's name and value (unescaped) into the arena. */
static void add_tag(R *r, const line_t *ln)
{
    const char *s = ln->comment;
    size_t n = ln->comment_len, i = 1;
    while (s[i] != ' ') i++;
    cv_tag *t = &r->tags[r->ntags++];
    t->line = r->L.lineno;
    t->col = ln->comment_col;
    t->name_off = keep(r, s + 1, i - 1);
    t->value_off = r->ar.len;
    for (size_t j = i + 2; j < n - 2; j++) {
        if (s[j] == '\\' && j + 1 < n - 2) j++;
        r->ar.b[r->ar.len++] = s[j];
    }
    r->ar.b[r->ar.len++] = 0;
    if (!r->first_line) r->first_line = t->line;
}

static void add_move(R *r, const line_t *ln)
{
    char num[32];
    int k = snprintf(num, sizeof num, "%ld%s", ln->number, ln->color == 'b' ? "..." : ".");
    size_t n = ln->move_len;
    /* the mark apart from the move, as the PGN reader keeps it */
    while (n > 1 && (ln->move[n - 1] == '+' || ln->move[n - 1] == '#')) n--;
    size_t c = ln->has_comment ? ln->comment_len + 2 : 0;
    if (!room(r, 2 + ln->has_comment, (size_t)k + ln->move_len + 3 + c, r->L.lineno, ln->move_col, 0)) return;
    cv_token *t = add_token(r, CV_TOKEN_MOVE_NUMBER, r->L.lineno, ln->col, num, (size_t)k);
    t->number = ln->number;
    t->color = ln->color;
    r->main[r->nmain++] = r->ntok;
    t = add_token(r, CV_TOKEN_MOVE, r->L.lineno, ln->move_col, ln->move, n);
    t->number = ln->number;
    t->color = ln->color;
    t->suffix_off = keep(r, ln->move + n, ln->move_len - n);
    if (ln->has_comment) add_comment(r, ln, 0);
}

static void add_result(R *r, const line_t *ln)
{
    size_t c = ln->has_comment ? ln->comment_len + 2 : 0;
    if (!room(r, 1 + ln->has_comment, ln->result_len + 1 + c, r->L.lineno, ln->col, 0)) return;
    r->result_tok = (long)r->ntok;
    add_token(r, CV_TOKEN_RESULT, r->L.lineno, ln->col, ln->result, ln->result_len);
    if (ln->has_comment) add_comment(r, ln, 0);
}

/* Takes the line into the game, or says it is held or begins the next. */
static int take(R *r, const line_t *ln)
{
    long lineno = r->L.lineno;
    if (r->ended) {
        /* after the result: blank lines and comments wait, the rest is the
         * next game's */
        if (ln->kind == L_BLANK) return HELD;
        if (ln->kind != L_COMMENT || ln->tag) return NEXT_GAME;
        if (r->pr.skipping || !room(r, 1, ln->comment_len + 1, lineno, ln->col, 1)) return NEXT_GAME;
        add_comment(r, ln, 1);
        return HELD;
    }
    switch (ln->kind) {
    case L_BLANK:
        return KEPT;
    case L_COMMENT:
        if (ln->tag && r->met_move) return NEXT_GAME;
        if (r->pr.skipping) return KEPT;
        if (ln->tag) {
            if (room(r, 1, ln->comment_len + 2, lineno, ln->comment_col, 0)) add_tag(r, ln);
        } else if (room(r, 1, ln->comment_len + 1, lineno, ln->comment_col, 0)) {
            add_comment(r, ln, 1);
        }
        return KEPT;
    case L_MOVE:
        if (r->met_move && ln->number == 1 && ln->color == 'w') return NEXT_GAME;
        r->met_move = 1;
        if (!r->first_line) r->first_line = lineno;
        if (!r->pr.skipping) add_move(r, ln);
        return KEPT;
    case L_RESULT:
        r->ended = 1;
        if (!r->first_line) r->first_line = lineno;
        if (!r->pr.skipping) add_result(r, ln);
        r->cut_tok = r->ntok;
        r->cut_text = r->ar.len;
        return KEPT;
    case L_BAD:
        if (!r->first_line) r->first_line = lineno;
        issue(r, lineno, ln->col, "%s", ln->msg);
        return KEPT;
    }
    return KEPT;
}

/* ---- the reader ---- */

cv_gclog_reader *cv_gclog_open(FILE *f, const char *filename, cv_diag *diag, unsigned flags)
{
    R *r = cv_gclog_open_source(NULL, filename, diag, flags);
    if (r) r->L.f = f;
    return r;
}

cv_gclog_reader *cv_gclog_open_source(cv_source *src, const char *filename, cv_diag *diag, unsigned flags)
{
    R *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    cv_lines_init_source(&r->L, src);
    r->L.lone_cr = 1;
    r->fname = filename;
    r->diag = diag;
    r->flags = flags;
    r->raw.on = (flags & CV_RECORD_KEEP_RAW) != 0;
    r->lim = cv_reader_default_limits();
    r->pr.max = r->lim.max_issues;
    r->pr.unit = "game";
    r->L.max = r->lim.max_line;
    r->result_tok = -1;
    note_peak(r);
    return r;
}

void cv_gclog_set_limits(cv_gclog_reader *r, const cv_reader_limits *lim)
{
    r->lim = cv_reader_limits_or_default(lim);
    r->pr.max = r->lim.max_issues;
    r->L.max = r->lim.max_line;
}

/* Reads the next line into L; 0 at the end of the input or on a read
 * error (recorded).  Its bytes as read join the raw text. */
static int next_line(R *r, const char **s, size_t *n)
{
    char *line;
    size_t len;
    if (!cv_lines_next(&r->L, &line, &len)) {
        if (r->L.error) r->ioerr = r->L.error;
        return 0;
    }
    raw_add(r, line, len, r->L.bad == CV_LINE_LONG);
    if (r->L.cr) raw_add(r, "\r", 1, 0);
    if (r->L.lf) raw_add(r, "\n", 1, 0);
    note_peak(r);
    /* the byte-order mark is no part of the first line */
    if (r->L.lineno == 1 && len >= 3 && !memcmp(line, "\xEF\xBB\xBF", 3)) line += 3, len -= 3;
    *s = line;
    *n = len;
    return 1;
}

int cv_gclog_next(cv_gclog_reader *r, cv_record *g)
{
    memset(g, 0, sizeof *g);
    if (r->done) return 0;
    reset_game(r);
    cv_raw_restart(&r->raw, RAW_KEEP);
    int more = 0;
    for (;;) {
        const char *s;
        size_t n;
        if (r->pending) {
            s = r->pend_s;
            n = r->pend_n;
            r->pending = 0;
        } else if (!next_line(r, &s, &n)) {
            break;
        }
        line_t ln;
        classify(r, s, n, &ln);
        int what = take(r, &ln);
        if (what == NEXT_GAME) {
            more = r->pending = 1;
            r->pend_s = s;
            r->pend_n = n;
            break;
        }
        if (what == KEPT) cv_raw_commit(&r->raw, r->lim.max_raw);
    }
    if (!r->ended || !more) {
        /* the whole game is returned: at the end of the input, what the
         * result left waiting is the last game's too */
        r->cut_tok = r->ntok;
        r->cut_text = r->ar.len;
    }
    if (!more) {
        r->done = 1;
        cv_raw_commit(&r->raw, r->lim.max_raw);
        if (r->ioerr)
            force_issue(r, r->L.lineno + 1, 1, r->ioerr == ENOMEM ? "out of memory reading a line" : "read error");
        int empty = !r->met_move && !r->ended && !r->ntags;
        if (r->ngames > 0 && empty && !r->ntok && !r->pr.n) return 0;
        if (r->ngames == 0 && empty)
            force_issue(r, 1, 1, "no game in the input: no move, tag or result line");
    }

    cv_line_table_clear(&r->lines);
    for (size_t i = 0; i < r->cut_tok; i++) {
        cv_token *t = &r->tok[i];
        size_t so = t->suffix_off;
        t->at = cv_line_table_at(&r->lines, r->pl[i].line, r->pl[i].col);  /* room reserved */
        t->text = r->ar.b + t->text_off;
        t->norm = t->text;
        t->suffix = so == NO_SUFFIX ? "" : r->ar.b + so;
    }
    for (size_t i = 0; i < r->ntags; i++) {
        r->tags[i].name = r->ar.b + r->tags[i].name_off;
        r->tags[i].value = r->ar.b + r->tags[i].value_off;
    }
    g->number = ++r->ngames;
    g->line = r->first_line ? r->first_line : 1;
    g->col = 1;
    g->tags = r->tags;
    g->ntags = r->ntags;
    g->tokens = r->tok;
    g->ntokens = r->cut_tok;
    g->lines = r->lines.v;
    g->nlines = r->lines.n;
    if (r->result_tok >= 0) {
        g->result = &r->tok[r->result_tok];
        g->result_text = g->result->text;
    }
    g->mainline = r->main;
    g->nmainline = r->nmain;
    cv_issue_list_hand_out(&r->pr, &g->issues, &g->nissues, &g->errors, &g->warnings, &g->skipped);
    cv_raw_hand_out(&r->raw, &g->raw, &g->rawlen, &g->raw_truncated);
    cv_issue_list_report(&r->pr, r->diag, r->fname, g->number);
    return 1;
}

int cv_gclog_io_error(const cv_gclog_reader *r) { return r->ioerr != 0; }

void cv_gclog_memory(const cv_gclog_reader *r, size_t *now, size_t *peak)
{
    if (now) *now = mem_now(r);
    if (peak) *peak = r->peak;
}

void cv_gclog_close(cv_gclog_reader *r)
{
    if (!r) return;
    cv_lines_free(&r->L);
    free(r->tok);
    free(r->pl);
    cv_line_table_free(&r->lines);
    free(r->tags);
    free(r->main);
    cv_issue_list_free(&r->pr);
    cv_arena_free(&r->ar);
    cv_raw_free(&r->raw);
    free(r);
}
