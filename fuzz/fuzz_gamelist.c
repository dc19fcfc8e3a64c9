/* fuzz_gamelist: feeds arbitrary bytes to the game-listing reader and
 * checks what gamelist.h promises about every listing it returns, then
 * that the writer's output reads back to the same items and is a fixed
 * point (written again, byte for byte the same).  (Replaying listings is
 * fuzz_record's: through the record interface, as the tools do.)  Each input is read
 * twice: default limits, and lenient with tiny limits so the limit paths
 * are reachable from small inputs. */
#include "gamelist.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static void check(const cv_gamelist *gl, long expect_number, const cv_reader_limits *lim)
{
    if (gl->number != expect_number || gl->line < 1) abort();
    if (gl->nmoves > gl->nitems || gl->nitems > lim->max_items) abort();
    size_t m = 0;
    for (size_t i = 0; i < gl->nitems; i++) {
        const cv_gamelist_item *it = &gl->items[i];
        if (!it->text || strlen(it->text) != it->len || it->line < 1 || it->col < 1) abort();
        if (it->before != m) abort();
        if (it->kind == CV_GAMELIST_MOVE) {
            if (gl->moves[m] != i || (it->color != 'w' && it->color != 'b') || it->number < 1) abort();
            if (it->len == 0 || it->len > CV_GAMELIST_MOVE_MAX || strpbrk(it->text, " \t/")) abort();
            m++;
        } else if (it->kind == CV_GAMELIST_COMMENT) {
            if (m && (it->number != gl->items[gl->moves[m - 1]].number)) abort();
            if (!m && (it->number || it->color)) abort();
        } else {
            abort();
        }
    }
    if (m != gl->nmoves) abort();
    /* max_issues, the issue saying the rest is skipped, and the forced ones
     * (empty input, read error) */
    if (gl->nissues > lim->max_issues + 3) abort();
    if ((long)gl->nissues != gl->errors + gl->warnings) abort();
    for (size_t i = 0; i < gl->nissues; i++)
        if (!memchr(gl->issues[i].msg, 0, sizeof gl->issues[i].msg) || gl->issues[i].line < 1 ||
            gl->issues[i].col < 1)
            abort();
}

static char *write_listing(const cv_gamelist *gl, const char *const *texts, size_t n, size_t *len)
{
    char *out = NULL;
    FILE *m = open_memstream(&out, len);
    if (!m) abort();
    if (cv_gamelist_write(m, gl, texts, n) != 0) abort();
    fclose(m);
    return out;
}

/* The items of a and b are the same (b read from a's written text). */
static void same_items(const cv_gamelist *a, const cv_gamelist *b, const char *const *texts, size_t ntexts)
{
    if (a->nitems != b->nitems || a->nmoves != b->nmoves) abort();
    for (size_t i = 0; i < a->nitems; i++) {
        const cv_gamelist_item *x = &a->items[i], *y = &b->items[i];
        if (x->kind != y->kind || x->number != y->number || x->color != y->color || x->before != y->before) abort();
        const char *want = x->text;
        if (x->kind == CV_GAMELIST_MOVE && x->before < ntexts && texts[x->before]) want = texts[x->before];
        if (strcmp(want, y->text)) abort();
        if (x->kind == CV_GAMELIST_COMMENT && x->own_line != y->own_line) abort();
    }
}

/* Reads text (one listing expected) into a fresh reader; the caller closes. */
static cv_gamelist_reader *reread(const char *text, size_t len, FILE **f, cv_gamelist *gl)
{
    *f = fmemopen((void *)text, len, "r");
    if (!*f) abort();
    cv_gamelist_reader *r = cv_gamelist_open(*f, "re.txt", NULL, 0);
    if (!r) abort();
    /* a comment that filled an input line is written after "// " */
    cv_reader_limits lim = { .max_line = 1 << 16 };
    cv_gamelist_set_limits(r, &lim);
    if (cv_gamelist_next(r, gl) != 1) abort();
    return r;
}

static void roundtrip(const cv_gamelist *gl)
{
    size_t n1, n2;
    char *w1 = write_listing(gl, NULL, 0, &n1);
    FILE *f;
    cv_gamelist g2;
    cv_gamelist_reader *r = reread(w1, n1, &f, &g2);
    same_items(gl, &g2, NULL, 0);
    if (g2.white_line != 1 || g2.black_line != 1) abort();
    char *w2 = write_listing(&g2, NULL, 0, &n2);
    if (n1 != n2 || memcmp(w1, w2, n1)) abort();
    cv_gamelist tmp;
    if (cv_gamelist_next(r, &tmp) != 0) abort();
    cv_gamelist_close(r);
    fclose(f);
    free(w2);

    free(w1);
}

static void run(const uint8_t *data, size_t size, unsigned flags, const cv_reader_limits *lim, int deep)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return;
    cv_gamelist_reader *r = cv_gamelist_open(f, "fuzz.txt", NULL, flags);
    if (!r) abort();
    cv_gamelist_set_limits(r, lim);
    cv_gamelist gl;
    long n = 0;
    while (cv_gamelist_next(r, &gl) == 1) {
        check(&gl, ++n, lim);
        if ((size_t)n > size + 1) abort();  /* every listing consumes input */
        if (deep) roundtrip(&gl);
    }
    if (cv_gamelist_next(r, &gl) != 0) abort();  /* the end stays the end */
    cv_gamelist_close(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;  /* fmemopen refuses empty buffers */
    cv_reader_limits lim = cv_reader_default_limits();
    run(data, size, 0, &lim, 1);
    lim.max_line = 24;
    lim.max_items = 6;
    lim.max_text = 40;
    lim.max_issues = 3;
    run(data, size, CV_GAMELIST_LENIENT, &lim, 1);
    return 0;
}
