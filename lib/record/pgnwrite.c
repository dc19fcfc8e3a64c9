#include "pgnwrite.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct wr {
    FILE *out;
    int col;            /* characters on the current line */
    int glue;           /* the next word follows without a space: "(e4" */
} wr;

static void newline(wr *w)
{
    if (w->col) fputc('\n', w->out);
    w->col = 0;
}

/* One unbreakable word, on a new line when it would pass column 80: pre
 * (a character or 0), the n bytes of s, each blank among them written as a
 * space (a comment's command), and post (or 0).  Nothing is allocated, so
 * no text of any length is lost for want of memory. */
static void word_of(wr *w, char pre, const char *s, size_t n, char post)
{
    size_t len = n + (pre != 0) + (post != 0);
    int space = w->col && !w->glue;
    if (w->col && (size_t)w->col + (size_t)space + len > 80) {
        newline(w);
        space = 0;
    }
    if (space) {
        fputc(' ', w->out);
        w->col++;
    }
    if (pre) fputc(pre, w->out);
    for (size_t i = 0; i < n;) {
        size_t k = i;
        while (k < n && s[k] != '\n' && s[k] != '\r' && s[k] != '\t') k++;
        fwrite(s + i, 1, k - i, w->out);
        if (k < n) fputc(' ', w->out), k++;
        i = k;
    }
    if (post) fputc(post, w->out);
    w->col = len > (size_t)(INT_MAX - 100) ? INT_MAX - 100 : w->col + (int)len;
    w->glue = 0;
}

static void word(wr *w, const char *s, size_t n)
{
    word_of(w, 0, s, n, 0);
}

static void words(wr *w, const char *s)
{
    word(w, s, strlen(s));
}

/* A comment may hold NUL bytes, so its length is len; a token a program
 * made may leave len 0 for a text that ends at its NUL. */
static size_t text_len(const cv_token *t)
{
    return t->len || !t->text ? t->len : strlen(t->text);
}

static int blank(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/* The end of the word at p: a "[%clk 0:03:00]" command is part of its word
 * whatever blanks it holds, as the programs that read such commands take
 * them from one line.  A command left open runs to the end. */
static const char *word_end(const char *p, const char *end)
{
    while (p < end && !blank(*p)) {
        if (*p == '[' && p + 1 < end && p[1] == '%') {
            const char *q = memchr(p, ']', (size_t)(end - p));
            p = q ? q + 1 : end;
        } else {
            p++;
        }
    }
    return p;
}

/* A brace comment broken at its blanks; a word longer than a line stays
 * whole (PGN has no way to break it).  Its n bytes go out as they are, a
 * NUL among them (the reader warned of it), but for a line break or tab
 * inside a command, which becomes a blank to keep the command on one
 * line. */
static void comment(wr *w, const char *text, size_t n)
{
    const char *p = text, *end = text + n;
    int first = 1;
    for (;;) {
        while (p < end && blank(*p)) p++;
        const char *e = word_end(p, end);
        size_t k = (size_t)(e - p);
        const char *rest = e;
        while (rest < end && blank(*rest)) rest++;
        int last = rest == end;
        word_of(w, first ? '{' : 0, p, k, last ? '}' : 0);
        first = 0;
        if (last) break;
        p = rest;
    }
}

/* ";TEXT" to the end of the line: it moves to a line of its own when it
 * does not fit, and a line break in the text becomes a space. */
static void line_comment(wr *w, const char *text, size_t n)
{
    word_of(w, ';', text, n, 0);
    newline(w);
}

static void tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\') fputc('\\', out);
        fputc(*p, out);
    }
    fputs("\"]\n", out);
}

static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
static const char *const placeholder[7] = { "?", "?", "????.??.??", "?", "?", "?", "*" };

void cv_pgn_write(FILE *out, const cv_game *g, char *const *move_text, int keep_suffix)
{
    const cv_tag *first[7] = { NULL };
    for (size_t i = 0; i < g->ntags; i++)
        for (int k = 0; k < 7; k++)
            if (!first[k] && !strcmp(g->tags[i].name, roster[k])) first[k] = &g->tags[i];
    for (int i = 0; i < 7; i++) {
        const char *v = first[i] ? first[i]->value : NULL;
        if (i == 6 && !v) v = g->result_text;
        tag(out, roster[i], v ? v : placeholder[i]);
    }
    /* every other tag, a repeated roster tag too, in the order read */
    for (size_t i = 0; i < g->ntags; i++) {
        int written = 0;
        for (int k = 0; k < 7; k++) written |= first[k] == &g->tags[i];
        if (!written) tag(out, g->tags[i].name, g->tags[i].value);
    }
    fputc('\n', out);
    wr w = { out, 0, 0 };
    int need_number = 1;    /* the next black move needs "N..." */
    char buf[160];
    int have_result = 0;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        switch (t->kind) {
        case CV_TOKEN_MOVE_NUMBER:
            break;          /* numbers are rewritten from the moves */
        case CV_TOKEN_MOVE:
        case CV_TOKEN_NULL_MOVE: {
            /* the number and its move wrap as one unit */
            size_t n = 0;
            if (t->color == 'w') n = (size_t)snprintf(buf, sizeof buf, "%ld. ", t->number);
            else if (need_number) n = (size_t)snprintf(buf, sizeof buf, "%ld... ", t->number);
            need_number = 0;
            const char *m = move_text && move_text[i] ? move_text[i] : t->norm;
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", m);
            if (keep_suffix) {
                n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", t->suffix);
            } else if (!move_text || !move_text[i]) {
                /* text as read: keep its check mark, turn "!?" into a NAG */
                for (const char *s = t->suffix; *s; s++)
                    if ((*s == '+' || *s == '#') && n + 1 < sizeof buf) buf[n++] = *s, buf[n] = 0;
            }
            word(&w, buf, n < sizeof buf ? n : sizeof buf - 1);
            if (!keep_suffix && t->nag) {
                snprintf(buf, sizeof buf, "$%d", t->nag);
                words(&w, buf);
            }
            break;
        }
        case CV_TOKEN_COMMENT:
            /* a '}' would end a brace comment early: such a text (another
             * format's comment) goes out as a ';' comment, its words kept */
            if (memchr(t->text, '}', text_len(t))) line_comment(&w, t->text, text_len(t));
            else comment(&w, t->text, text_len(t));
            need_number = 1;
            break;
        case CV_TOKEN_LINE_COMMENT:
            line_comment(&w, t->text, text_len(t));
            need_number = 1;
            break;
        case CV_TOKEN_NAG:
            snprintf(buf, sizeof buf, "$%d", t->nag);
            words(&w, buf);
            break;
        case CV_TOKEN_VARIATION_START:
            words(&w, "(");
            w.glue = 1;
            need_number = 1;
            break;
        case CV_TOKEN_VARIATION_END:
            w.glue = 1;
            words(&w, ")");
            need_number = 1;
            break;
        case CV_TOKEN_RESULT:
            words(&w, t->text);
            have_result = 1;
            break;
        case CV_TOKEN_ESCAPE:
            newline(&w);
            fprintf(out, "%%%s\n", t->text);
            break;
        }
    }
    if (!have_result) words(&w, g->result_text ? g->result_text : "*");
    newline(&w);
    fputc('\n', out);
}

const char *cv_pgn_placeholder(const char *name)
{
    for (int k = 0; k < 7; k++)
        if (!strcmp(name, roster[k])) return placeholder[k];
    return NULL;
}
