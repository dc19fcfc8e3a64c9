/* gclogwrite: a record game written as a Game Courier log (gclog.h).
 *
 * Whatever format the game was read from, what a log cannot hold goes
 * (and is counted), what it implies is not repeated, and the rest is
 * written in the one layout the reader takes back unchanged. */
#include "gclog.h"
#include "pgnwrite.h"
#include <string.h>


static int space(unsigned char c) { return c <= ' ' || c == 0x7f; }

/* A comment or tag value on one line: a line break or another control
 * character (a PGN comment's) would end or break the line, so a run of
 * blanks holding one is one blank; other runs, tabs among them, stay as
 * they are, so a log's own text comes back unchanged.  A comment's ends
 * are trimmed, as the reader does; a tag value is quoted, so its are
 * kept. */
static void folded(FILE *out, const char *s, size_t n, int quote)
{
    size_t i = 0;
    while (!quote && i < n && space((unsigned char)s[i])) i++;
    while (!quote && n > i && space((unsigned char)s[n - 1])) n--;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (space(c)) {
            size_t j = i;
            int breaks = 0;
            for (; j < n && space((unsigned char)s[j]); j++) breaks |= s[j] != ' ' && s[j] != '\t';
            if (breaks) fputc(' ', out);
            else fwrite(s + i, 1, j - i, out);
            i = j;
            continue;
        }
        if (quote && (c == '"' || c == '\\')) fputc('\\', out);
        fputc(c, out);
        i++;
    }
}

static int has_text(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!space((unsigned char)s[i])) return 1;
    return 0;
}

static void comment_line(FILE *out, const cv_token *t, int after)
{
    fputs(after ? "  //" : "//", out);
    if (has_text(t->text, t->len)) {
        fputc(' ', out);
        folded(out, t->text, t->len, 0);
    }
    fputc('\n', out);
}

/* A tag the log says without it: a placeholder of PGN's roster, a Result
 * its result line gives.  A Variant tag is written even when it names the
 * log's own rules: the log it came from said it, and a log rewritten must
 * keep its lines. */
static int implied(const cv_tag *t, const char *result)
{
    const char *ph = cv_pgn_placeholder(t->name);
    if (ph && !strcmp(ph, t->value)) return 1;
    return !strcmp(t->name, "Result") && result && !strcmp(result, t->value);
}

/* A comment before the game's tags in the input (a title over them):
 * written before them again.  Only a log puts comments there. */
static int before_tags(const cv_record *g, size_t i)
{
    const cv_token *t = &g->tokens[i];
    if (!g->ntags || t->kind != CV_TOKEN_COMMENT) return 0;
    long line, col;
    cv_game_where(g, t->at, &line, &col);
    if (line <= 0 || line >= g->tags[0].line) return 0;
    for (size_t k = 0; k < i; k++)
        if (g->tokens[k].kind != CV_TOKEN_COMMENT) return 0;
    return 1;
}

int cv_gclog_write(FILE *out, const cv_record *g, char *const *texts, cv_record_meta *m)
{
    /* the result line: where the result token stands, else at the end */
    const char *result = g->result ? g->result->text : g->result_text ? g->result_text : m ? m->result : NULL;
    int dropped = 0, open = 0;  /* open: a line waits for its comment or end */
    if (g->number > 1) fputc('\n', out);
    size_t i = 0;
    for (; i < g->ntokens && before_tags(g, i); i++) comment_line(out, &g->tokens[i], 0);
    for (size_t k = 0; k < g->ntags; k++) {
        const cv_tag *t = &g->tags[k];
        if (implied(t, result)) continue;
        fprintf(out, "// [%s \"", t->name);
        folded(out, t->value, strlen(t->value), 1);
        fputs("\"]\n", out);
    }
    int result_written = 0;
    for (; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        if (t->depth > 0 || t->kind == CV_TOKEN_VARIATION_END) continue;
        switch (t->kind) {
        case CV_TOKEN_MOVE: {
            if (open) fputc('\n', out);
            fprintf(out, "%ld%s ", t->number, t->color == 'b' ? "..." : ".");
            if (texts && texts[i]) {
                fputs(texts[i], out);
            } else {
                fputs(t->text, out);
                /* the check mark stays; "!?" is a NAG a log cannot hold */
                for (const char *s = t->suffix; *s; s++)
                    if (*s == '+' || *s == '#') fputc(*s, out);
                dropped += t->nag != 0;
            }
            open = 1;
            break;
        }
        case CV_TOKEN_RESULT:
            if (open) fputc('\n', out);
            fputs(t->text, out);
            open = 1;
            result_written = 1;
            break;
        case CV_TOKEN_COMMENT:
            if (open) fputc('\n', out);
            comment_line(out, t, 0);
            open = 0;
            break;
        case CV_TOKEN_LINE_COMMENT:
            comment_line(out, t, open);
            open = 0;
            break;
        case CV_TOKEN_VARIATION_START:
        case CV_TOKEN_NAG:
        case CV_TOKEN_NULL_MOVE:
        case CV_TOKEN_ESCAPE:
            dropped++;
            break;
        default:
            break;  /* MOVE_NUMBER: written with its move */
        }
    }
    if (open) fputc('\n', out);
    if (!result_written && result) fprintf(out, "%s\n", result);
    if (m) m->dropped = dropped;
    return ferror(out) ? -1 : 0;
}
