/* fuzz_pgn: feeds arbitrary bytes to the PGN reader and checks what it
 * promises about every game it returns.  Each input is read twice: with
 * the default limits, and strict with tiny limits so that the limit and
 * recovery paths are reachable from inputs of a few KiB. */
#include "json.h"
#include "pgn.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *sink;

static void check(const cv_game *g, long expect_number, const cv_pgn_limits *lim)
{
    if (g->number != expect_number || g->line < 1 || g->col < 1) abort();
    for (size_t i = 0; i < g->ntags; i++) {
        if (!g->tags[i].name || !g->tags[i].value || g->tags[i].line < 1) abort();
        cv_json_write_cstring(sink, g->tags[i].value);
    }
    long pl = 0, pc = 0;  /* tokens come in file order */
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        if (!t->text || !t->suffix || !t->norm) abort();
        if (t->depth < 0 || t->depth > lim->max_depth) abort();
        long line, col;
        cv_game_where(g, t->at, &line, &col);
        if (line < 1 || col < 1 || line < pl || (line == pl && col <= pc)) abort();
        pl = line, pc = col;
        if ((unsigned)t->kind > CV_TOKEN_ESCAPE) abort();
        if (t->kind == CV_TOKEN_COMMENT && t->len > lim->max_comment) abort();
        if (t->kind != CV_TOKEN_COMMENT && t->kind != CV_TOKEN_LINE_COMMENT && t->kind != CV_TOKEN_ESCAPE &&
            strlen(t->text) != t->len)
            abort();
        if ((t->kind == CV_TOKEN_MOVE || t->kind == CV_TOKEN_NULL_MOVE) &&
            (t->color != 'w' && t->color != 'b'))
            abort();
        cv_json_write_string(sink, t->text, t->len);
    }
    for (size_t i = 0; i < g->nmainline; i++) {
        if (g->mainline[i] >= g->ntokens) abort();
        if (g->tokens[g->mainline[i]].depth != 0) abort();
    }
    if (g->result && (g->result < g->tokens || g->result >= g->tokens + g->ntokens)) abort();
    if (!g->result_text) abort();
    if (g->nissues > lim->max_issues + 1) abort();
    if ((long)g->nissues != g->errors + g->warnings) abort();
    for (size_t i = 0; i < g->nissues; i++)
        if (!memchr(g->issues[i].msg, 0, sizeof g->issues[i].msg)) abort();
}

static void run(const uint8_t *data, size_t size, unsigned flags, const cv_pgn_limits *lim)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return;
    cv_pgn_reader *r = cv_pgn_open(f, "fuzz.pgn", NULL, flags);
    if (!r) abort();
    cv_pgn_set_limits(r, lim);
    cv_game g;
    long n = 0;
    while (cv_pgn_next(r, &g) == 1) {
        check(&g, ++n, lim);
        /* each game consumes input: there cannot be more games than bytes */
        if ((size_t)n > size + 1) abort();
    }
    if (cv_pgn_next(r, &g) != 0) abort();  /* the end stays the end */
    cv_pgn_close(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;  /* fmemopen refuses empty buffers */
    if (!sink) sink = fopen("/dev/null", "w");
    cv_pgn_limits lim = cv_pgn_default_limits();
    run(data, size, 0, &lim);
    lim.max_comment = 16;
    lim.max_depth = 3;
    lim.max_line = 64;
    lim.max_tokens = 40;
    lim.max_game_bytes = 512;
    lim.max_issues = 5;
    run(data, size, CV_PGN_STRICT, &lim);
    return 0;
}
