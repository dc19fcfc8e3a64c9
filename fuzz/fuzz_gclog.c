/* fuzz_gclog: arbitrary bytes to the Game Courier log reader, checking
 * what gclog.h promises about every game it returns (the tokens, the
 * problems, the raw texts that put together are the input, the memory
 * bound), then that each game written reads back to the same tags and
 * tokens and is written again byte for byte the same.  (Replaying is
 * fuzz_record's.)  Each input is read twice: default limits with
 * KEEP_RAW, and LEAN with tiny limits so the limit paths are reachable
 * from small inputs. */
#include "gclog.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check(const cv_record *g, long number, const cv_reader_limits *lim)
{
    if (g->number != number || g->line < 1 || g->col != 1) abort();
    if (g->ntokens + g->ntags > lim->max_items) abort();
    size_t m = 0;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        if (!t->text || !t->suffix || t->norm != t->text || strlen(t->text) != t->len) abort();
        long line, col;
        cv_game_where(g, t->at, &line, &col);
        if (line < 1 || col < 1 || t->depth || strpbrk(t->text, "\n\r")) abort();
        switch (t->kind) {
        case CV_TOKEN_MOVE_NUMBER:
            if (i + 1 >= g->ntokens || g->tokens[i + 1].kind != CV_TOKEN_MOVE) abort();
            break;
        case CV_TOKEN_MOVE:
            if (m >= g->nmainline || g->mainline[m++] != i || !t->len || t->number < 1) abort();
            if ((t->color != 'w' && t->color != 'b') || strstr(t->text, "//")) abort();
            if (i == 0 || g->tokens[i - 1].kind != CV_TOKEN_MOVE_NUMBER || g->tokens[i - 1].number != t->number) abort();
            break;
        case CV_TOKEN_RESULT:
            if (g->result != t || g->result_text != t->text) abort();
            break;
        case CV_TOKEN_COMMENT:
        case CV_TOKEN_LINE_COMMENT:
            break;
        default:
            abort();
        }
    }
    if (m != g->nmainline || (!g->result) != (!g->result_text)) abort();
    for (size_t i = 0; i < g->ntags; i++)
        if (!g->tags[i].name[0] || strpbrk(g->tags[i].name, " \"") || g->tags[i].line < 1) abort();
    /* max_issues, the one saying the rest is skipped, and the forced ones */
    if (g->nissues > lim->max_issues + 3 || (long)g->nissues != g->errors || g->warnings) abort();
    for (size_t i = 0; i < g->nissues; i++)
        if (!memchr(g->issues[i].msg, 0, sizeof g->issues[i].msg) || g->issues[i].line < 1 || g->issues[i].col < 1)
            abort();
}

static char *written(const cv_record *g, size_t *len)
{
    char *out = NULL;
    FILE *m = open_memstream(&out, len);
    if (!m) abort();
    cv_record_meta meta = { 0 };
    if (cv_gclog_write(m, g, NULL, &meta) != 0 || meta.dropped) abort();
    fclose(m);
    return out;
}

/* The game written reads back as one game with the same tags and tokens
 * (a written line may be a few bytes longer than the line read: "// "
 * for "//"), and that game written is the same text. */
static void roundtrip(const cv_record *g)
{
    size_t n1, n2;
    char *w1 = written(g, &n1);
    FILE *f = n1 ? fmemopen(w1, n1, "r") : tmpfile();
    if (!f) abort();
    cv_gclog_reader *r = cv_gclog_open(f, "back", NULL, 0);
    cv_reader_limits lim = { .max_line = 1 << 16 };
    cv_gclog_set_limits(r, &lim);
    cv_record b;
    if (cv_gclog_next(r, &b) != 1) abort();
    if (b.ntags != g->ntags || b.ntokens != g->ntokens || b.nmainline != g->nmainline) abort();
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(b.tags[i].name, g->tags[i].name) || strcmp(b.tags[i].value, g->tags[i].value)) abort();
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *x = &g->tokens[i], *y = &b.tokens[i];
        if (x->kind != y->kind || strcmp(x->text, y->text) || strcmp(x->suffix, y->suffix)) abort();
        if (x->number != y->number || x->color != y->color) abort();
    }
    /* errors come back only for a game with no move, tag or result */
    if (b.errors && (g->nmainline || g->ntags || g->result)) abort();
    cv_record again = b;
    again.number = g->number;
    char *w2 = written(&again, &n2);
    if (n1 != n2 || memcmp(w1, w2, n1)) abort();
    if (cv_gclog_next(r, &b) != 0) abort();
    cv_gclog_close(r);
    fclose(f);
    free(w1);
    free(w2);
}

static void run(const uint8_t *data, size_t size, unsigned flags, const cv_reader_limits *lim)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return;
    cv_gclog_reader *r = cv_gclog_open(f, "fuzz.txt", NULL, flags);
    if (!r) abort();
    cv_gclog_set_limits(r, lim);
    cv_record g;
    long n = 0;
    size_t rawlen = 0;
    int whole = 1;
    char *raw = malloc(size + 1);
    if (!raw) abort();
    while (cv_gclog_next(r, &g) == 1) {
        check(&g, ++n, lim);
        if ((size_t)n > size + 1) abort();  /* every game takes some input */
        if (flags & CV_RECORD_KEEP_RAW) {
            if (!g.raw || rawlen + g.rawlen > size) abort();
            memcpy(raw + rawlen, g.raw, g.rawlen);
            rawlen += g.rawlen;
            whole &= !g.raw_truncated;
        } else if (g.raw) {
            abort();
        }
        if (!(flags & CV_RECORD_LEAN)) roundtrip(&g);
    }
    if (cv_gclog_next(r, &g) != 0) abort();  /* the end stays the end */
    if ((flags & CV_RECORD_KEEP_RAW) && whole && (rawlen != size || memcmp(raw, data, size))) abort();
    size_t peak;
    cv_gclog_memory(r, NULL, &peak);
    if (peak > 2 * lim->max_raw + 64 * lim->max_line + 1024 * 1024) abort();
    free(raw);
    cv_gclog_close(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;  /* fmemopen refuses empty buffers */
    cv_reader_limits lim = cv_reader_default_limits();
    run(data, size, CV_RECORD_KEEP_RAW, &lim);
    lim = (cv_reader_limits){ .max_line = 24, .max_items = 6, .max_text = 40, .max_issues = 3, .max_raw = 64 };
    run(data, size, CV_RECORD_LEAN | CV_RECORD_KEEP_RAW, &lim);
    return 0;
}
