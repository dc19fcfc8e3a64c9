/* Parmen's gamelist.txt behind the record interface (record.h).
 *
 * Read: each listing becomes a record whose tokens are the listing's
 * moves (with "N." / "N..." numbers as PGN has them) and comments: a
 * comment on a line of its own is a {comment}, one after the moves of
 * its line a ;comment, so each goes back where it stood.  Own-line
 * comments of the shape `[Name "value"]` before the first move are the
 * record's tags.
 *
 * Write: the main line and its comments; the tags as `// [Name "value"]`
 * lines after the header, except those the listing implies (placeholders
 * of the PGN roster, the Variant of its default rules, the Result its
 * moves imply), so that listing -> PGN -> listing and PGN -> listing ->
 * PGN give back what they started from.  Variations, NAGs and '%' lines
 * a listing cannot hold are dropped and counted in meta->dropped.  The
 * layout is meta->layout's: the clean one (cv_gamelist_write) or Parmen's
 * own (cv_gamelist_write_parmen).
 *
 * Flags: CV_RECORD_KEEP_RAW keeps each listing's bytes as read (raw,
 * rawlen, raw_truncated of the record: CV_GAMELIST_KEEP_RAW), so a
 * listing that cannot be converted can go out byte for byte, skipped
 * lines and all; CV_RECORD_LEAN keeps no comment text but what may be a
 * tag (CV_GAMELIST_LEAN). */
#include "record.h"
#include "gamelist.h"
#include "scaffold.h"
#include "pgnwrite.h"
#include "where.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- sniffing: a header word (WHITE, BLACK) or a '//' comment ---- */

static int word_at(const char *b, size_t n, size_t i, const char *w)
{
    size_t k = strlen(w);
    return i + k <= n && !memcmp(b + i, w, k) && (i + k == n || !isalnum((unsigned char)b[i + k]));
}

static int sniff(const char *b, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(b, "\xEF\xBB\xBF", 3)) i = 3;
    while (i < n) {
        while (i < n && isspace((unsigned char)b[i])) i++;
        if (i == n) return 0;
        size_t e = i;
        while (e < n && b[e] != '\n') e++;
        if (b[i] == '[') return 0;
        if (i + 1 < n && b[i] == '/' && b[i + 1] == '/') {
            i = e;
            continue;   /* a comment: the header may follow */
        }
        /* the header word, also glued after stray text on its line */
        for (size_t k = i; k < e; k++)
            if ((k == i || !isalnum((unsigned char)b[k - 1])) && (word_at(b, e, k, "WHITE") || word_at(b, e, k, "BLACK")))
                return 3;
        return 0;
    }
    return 0;
}

/* ---- reading ---- */

typedef struct rd {
    cv_gamelist_reader *r;
    cv_token *tok;
    size_t captok;
    cv_tag *tags;
    size_t captags;
    size_t *main;
    size_t capmain;
    cv_issue *iss;
    size_t capiss;
    cv_arena ar;    /* the game's strings, room made for all of them at once */
    cv_line_table lines;
} rd;

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    return cv_table_grow(p, cap, need, elem, 16);
}

static void *open_gl(cv_source *src, const char *path, cv_diag *d, unsigned flags)
{
    rd *x = calloc(1, sizeof *x);
    if (!x) return NULL;
    unsigned gf = (flags & CV_RECORD_STRICT ? 0 : CV_GAMELIST_LENIENT) |
                  (flags & CV_RECORD_KEEP_RAW ? CV_GAMELIST_KEEP_RAW : 0) | (flags & CV_RECORD_LEAN ? CV_GAMELIST_LEAN : 0);
    if (!(x->r = cv_gamelist_open_source(src, path, d, gf))) {
        free(x);
        return NULL;
    }
    return x;
}

static char *keep(rd *x, const char *s, size_t n)
{
    return x->ar.b + cv_arena_put(&x->ar, s, n);
}

/* `[Name "value"]` with a plain name; the value unescaped into the arena. */
static int as_tag(rd *x, const char *s, const char **name, const char **value)
{
    size_t n = strlen(s);
    if (n < 5 || s[0] != '[' || s[n - 1] != ']') return 0;
    size_t i = 1;
    while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_')) i++;
    if (i == 1 || s[i] != ' ' || s[i + 1] != '"' || s[n - 2] != '"' || i + 2 > n - 2) return 0;
    *name = keep(x, s + 1, i - 1);
    char *v = x->ar.b + x->ar.len;
    size_t k = 0;
    for (size_t j = i + 2; j < n - 2; j++) {
        if (s[j] == '\\' && j + 1 < n - 2) j++;
        v[k++] = s[j];
    }
    v[k] = 0;
    x->ar.len += k + 1;
    *value = v;
    return 1;
}

static int next(void *p, cv_record *g)
{
    rd *x = p;
    cv_gamelist gl;
    int rc = cv_gamelist_next(x->r, &gl);
    if (rc != 1) return rc;
    size_t need = 64;
    for (size_t i = 0; i < gl.nitems; i++) need += 2 * gl.items[i].len + 48;
    x->ar.len = 0;
    if (cv_arena_room(&x->ar, need) < 0 ||
        grow((void **)&x->tok, &x->captok, 2 * gl.nitems + 1, sizeof *x->tok) < 0 ||
        grow((void **)&x->tags, &x->captags, gl.nitems + 1, sizeof *x->tags) < 0 ||
        grow((void **)&x->main, &x->capmain, gl.nmoves + 1, sizeof *x->main) < 0 ||
        grow((void **)&x->iss, &x->capiss, gl.nissues + 1, sizeof *x->iss) < 0 ||
        cv_line_table_reserve(&x->lines, 2 * gl.nitems + 1) < 0)
        return -1;
    cv_line_table_clear(&x->lines);
    size_t nt = 0, ntags = 0, nmain = 0;
    long open_white = 0;    /* number of the White move just before, 0 none */
    for (size_t i = 0; i < gl.nitems; i++) {
        const cv_gamelist_item *it = &gl.items[i];
        cv_token *t = &x->tok[nt];
        memset(t, 0, sizeof *t);
        if (it->kind == CV_GAMELIST_COMMENT) {
            t->at = cv_line_table_at(&x->lines, it->line, it->col);  /* room reserved */
            const char *name, *value;
            if (it->own_line && it->before == 0 && as_tag(x, it->text, &name, &value)) {
                x->tags[ntags++] = (cv_tag){ .name = name, .value = value, .line = it->line, .col = it->col };
                continue;
            }
            t->kind = it->own_line ? CV_TOKEN_COMMENT : CV_TOKEN_LINE_COMMENT;
            if (it->own_line || !it->len) {
                t->text = keep(x, it->text, it->len);
                t->len = it->len;
            } else {
                /* "// note" after a move is "; note" in PGN: the blank kept */
                char *k = keep(x, " ", 1);
                x->ar.len--;
                keep(x, it->text, it->len);
                t->text = k;
                t->len = it->len + 1;
            }
            t->norm = t->text;
            t->suffix = "";
            nt++;
            open_white = 0;
            continue;
        }
        if (it->color == 'w' || open_white != it->number) {
            char num[32];
            int k = snprintf(num, sizeof num, "%ld%s", it->number, it->color == 'w' ? "." : "...");
            t->kind = CV_TOKEN_MOVE_NUMBER;
            t->number = it->number;
            t->color = it->color;
            t->text = t->norm = keep(x, num, (size_t)k);
            t->suffix = "";
            t->len = (size_t)k;
            /* at the number as written, so a problem with it is placed there;
             * one the listing leaves out stands where its move does */
            t->at = it->num_line ? cv_line_table_at(&x->lines, it->num_line, it->num_col)
                                 : cv_line_table_at(&x->lines, it->line, it->col);
            t = &x->tok[++nt];
            memset(t, 0, sizeof *t);
        }
        t->at = cv_line_table_at(&x->lines, it->line, it->col);
        /* the marks apart from the move, as the PGN reader keeps them */
        size_t n = it->len;
        while (n > 1 && strchr("+#*!?", it->text[n - 1])) n--;
        t->kind = CV_TOKEN_MOVE;
        t->number = it->number;
        t->color = it->color;
        t->text = t->norm = keep(x, it->text, n);
        t->suffix = keep(x, it->text + n, it->len - n);
        t->len = n;
        x->main[nmain++] = nt++;
        open_white = it->color == 'w' ? it->number : 0;
    }
    if (gl.nissues) memcpy(x->iss, gl.issues, gl.nissues * sizeof *x->iss);  /* the listing's problems are the game's */
    memset(g, 0, sizeof *g);
    g->number = gl.number;
    g->line = gl.line;
    g->col = 1;
    g->tags = x->tags;
    g->ntags = ntags;
    g->tokens = x->tok;
    g->ntokens = nt;
    g->lines = x->lines.v;
    g->nlines = x->lines.n;
    g->mainline = x->main;
    g->nmainline = nmain;
    g->issues = x->iss;
    g->nissues = gl.nissues;
    g->errors = gl.errors;
    g->warnings = gl.warnings;
    g->skipped = gl.skipped;
    /* CV_RECORD_KEEP_RAW: the listing's bytes as read (NULL without) */
    g->raw = gl.raw;
    g->rawlen = gl.rawlen;
    g->raw_truncated = gl.raw_truncated;
    return 1;
}

static int io_error(void *p) { return cv_gamelist_io_error(((rd *)p)->r); }

static void close_gl(void *p)
{
    rd *x = p;
    if (!x) return;
    cv_gamelist_close(x->r);
    free(x->tok);
    free(x->tags);
    free(x->main);
    free(x->iss);
    cv_arena_free(&x->ar);
    cv_line_table_free(&x->lines);
    free(x);
}

/* ---- writing ---- */

extern const cv_record_format cv_gamelist_format;

static int implied(const cv_tag *t, const cv_record_meta *m)
{
    const char *ph = cv_pgn_placeholder(t->name);
    if (ph && !strcmp(ph, t->value)) return 1;
    if (!strcmp(t->name, "Variant") && m && m->variant && cv_variant_is(m->variant, cv_gamelist_format.default_variant) &&
        cv_variant_is(m->variant, t->value))
        return 1;
    if (!strcmp(t->name, "Result") && m && m->result && !strcmp(m->result, t->value)) return 1;
    return 0;
}

static int write_gl(FILE *out, const cv_record *g, char *const *texts, cv_record_meta *m)
{
    size_t cap = g->ntags + g->ntokens + 1;
    cv_gamelist_item *items = calloc(cap, sizeof *items);
    size_t *moves = calloc(cap, sizeof *moves);
    char **owned = calloc(cap, sizeof *owned);
    int rc = -1;
    if (!items || !moves || !owned) goto done;
    size_t ni = 0, nm = 0, no = 0;
    for (size_t i = 0; i < g->ntags; i++) {
        const cv_tag *t = &g->tags[i];
        if (implied(t, m)) continue;
        size_t len = strlen(t->name) + 2 * strlen(t->value) + 6;
        char *s = owned[no++] = malloc(len);
        if (!s) goto done;
        size_t k = (size_t)snprintf(s, len, "[%s \"", t->name);
        for (const char *v = t->value; *v; v++) {
            if (*v == '"' || *v == '\\') s[k++] = '\\';
            s[k++] = *v;
        }
        memcpy(s + k, "\"]", 3);
        items[ni++] = (cv_gamelist_item){ .kind = CV_GAMELIST_COMMENT, .own_line = 1, .len = k + 2, .text = s };
    }
    int dropped = 0;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        if (t->depth > 0 || t->kind == CV_TOKEN_VARIATION_START || t->kind == CV_TOKEN_VARIATION_END) {
            dropped += t->kind == CV_TOKEN_VARIATION_START && t->depth == 0;
            continue;
        }
        if (t->kind == CV_TOKEN_MOVE) {
            char *s;
            if (texts && texts[i]) s = owned[no++] = strdup(texts[i]);
            else {
                size_t len = strlen(t->text) + strlen(t->suffix) + 1;
                if ((s = owned[no++] = malloc(len))) snprintf(s, len, "%s%s", t->text, t->suffix);
            }
            if (!s) goto done;
            moves[nm] = ni;
            items[ni++] = (cv_gamelist_item){ .kind = CV_GAMELIST_MOVE, .number = t->number, .color = t->color,
                                              .before = nm, .len = strlen(s), .text = s };
            nm++;
        } else if (t->kind == CV_TOKEN_COMMENT || t->kind == CV_TOKEN_LINE_COMMENT) {
            /* a listing's comment is one line, without blanks around it */
            char *s = owned[no++] = malloc(t->len + 1);
            if (!s) goto done;
            size_t k = 0;
            for (size_t j = 0; j < t->len; j++) {
                char c = t->text[j] == '\n' || t->text[j] == '\r' || t->text[j] == '\t' ? ' ' : t->text[j];
                if (c == ' ' && (k == 0 || s[k - 1] == ' ')) continue;
                s[k++] = c;
            }
            while (k && s[k - 1] == ' ') k--;
            s[k] = 0;
            items[ni++] = (cv_gamelist_item){ .kind = CV_GAMELIST_COMMENT, .own_line = t->kind == CV_TOKEN_COMMENT,
                                              .before = nm, .len = k, .text = s };
        } else if (t->kind == CV_TOKEN_NAG || t->kind == CV_TOKEN_ESCAPE || t->kind == CV_TOKEN_NULL_MOVE) {
            dropped++;
        }
    }
    if (m) m->dropped = dropped;
    cv_gamelist gl = { .number = g->number, .items = items, .nitems = ni, .moves = moves, .nmoves = nm };
    if (m && m->layout == CV_LAYOUT_PARMEN) {
        /* its blocks end in blank lines: the next header follows */
        rc = cv_gamelist_write_parmen(out, &gl);
        goto done;
    }
    /* listings one after another, a blank line between them */
    if (g->number > 1) fputc('\n', out);
    rc = cv_gamelist_write(out, &gl, NULL, 0);
done:
    for (size_t i = 0; owned && i < cap; i++) free(owned[i]);
    free(owned);
    free(items);
    free(moves);
    return rc;
}

static size_t ident(const cv_record *g, char *buf, size_t size)
{
    return (size_t)snprintf(buf, size, "game %ld", g->number);
}

const cv_record_format cv_gamelist_format = {
    .name = "gamelist",
    .suffixes = ".txt",
    .suffix_shared = 1,
    .engine = "trid",
    .default_variant = "trid-standard",
    .numbered = 1,
    .marks_warn = 1,
    .sniff = sniff,
    .open = open_gl,
    .next = next,
    .io_error = io_error,
    .close = close_gl,
    .write = write_gl,
    .ident = ident,
};
