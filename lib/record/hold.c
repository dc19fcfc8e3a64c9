/* hold: a game copied out of its reader, and batches of such games with
 * the reader's diagnostics (hold.h). */
#include "hold.h"
#include "chunks.h"
#include "jobs.h"
#include "reader_int.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN(n) (((n) + 15) & ~(size_t)15)

/* A token's text may hold NUL bytes (a comment): its length is len; the
 * readers' other strings end at their NUL. */
static size_t text_len(const cv_token *t)
{
    return t->len || !t->text ? t->len : strlen(t->text);
}

static char *put(char **at, const char *s, size_t n)
{
    if (!s) return NULL;
    char *d = *at;
    memcpy(d, s, n);
    d[n] = 0;
    *at += n + 1;
    return d;
}

static int in_block(const cv_record *g, const char *s)
{
    return s >= g->strings && s < g->strings + g->strings_len;
}

/* Do all the game's strings lie in its one block (or are NULL, or the
 * static "" of an empty suffix)? */
static int all_in_block(const cv_record *g)
{
    if (!g->strings) return 0;
    for (size_t i = 0; i < g->ntags; i++)
        if (!in_block(g, g->tags[i].name) || !in_block(g, g->tags[i].value)) return 0;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        if ((t->text && !in_block(g, t->text)) || (t->norm && !in_block(g, t->norm)) ||
            (t->suffix && *t->suffix && !in_block(g, t->suffix)))
            return 0;
    }
    return 1;
}

static const char *moved(const cv_record *g, const char *block, const char *s)
{
    return s && in_block(g, s) ? block + (s - g->strings) : s;
}

/* The copy's one allocation: the record, then its arrays, then room for
 * `strings` bytes of text at `at`. */
typedef struct layout {
    cv_record *h;
    cv_tag *tags;
    cv_token *tok;
    cv_game_line *lines;
    size_t *ml;
    cv_issue *iss;
    char *at;
    size_t size;
} layout;

static int lay_out(const cv_record *g, size_t strings, layout *L)
{
    size_t a_tags = ALIGN(sizeof(cv_tag) * g->ntags), a_tok = ALIGN(sizeof(cv_token) * g->ntokens);
    size_t a_ml = ALIGN(sizeof(size_t) * g->nmainline), a_iss = ALIGN(sizeof(cv_issue) * g->nissues);
    size_t a_lines = g->lines ? ALIGN(sizeof(cv_game_line) * g->nlines) : 0;
    L->size = ALIGN(sizeof(cv_record)) + a_tags + a_tok + a_lines + a_ml + a_iss + strings;
    char *block = malloc(L->size);
    if (!block) return -1;
    L->h = (cv_record *)block;
    *L->h = *g;
    char *at = block + ALIGN(sizeof(cv_record));
    L->tags = (cv_tag *)at;
    at += a_tags;
    L->tok = (cv_token *)at;
    at += a_tok;
    L->lines = (cv_game_line *)at;
    at += a_lines;
    L->ml = (size_t *)at;
    at += a_ml;
    L->iss = (cv_issue *)at;
    L->at = at + a_iss;
    return 0;
}

/* What both ways of copying finish alike: the index arrays, the array
 * pointers, the raw text.  Returns the copy. */
static cv_record *finish_copy(const cv_record *g, layout *L, size_t *bytes)
{
    cv_record *h = L->h;
    if (g->nmainline) memcpy(L->ml, g->mainline, sizeof *L->ml * g->nmainline);
    if (g->lines && g->nlines) memcpy(L->lines, g->lines, sizeof *L->lines * g->nlines);
    if (g->nissues) memcpy(L->iss, g->issues, sizeof *L->iss * g->nissues);
    h->tags = g->ntags ? L->tags : NULL;
    h->tokens = g->ntokens ? L->tok : NULL;
    h->lines = g->lines && g->nlines ? L->lines : NULL;
    h->mainline = g->nmainline ? L->ml : NULL;
    h->issues = g->nissues ? L->iss : NULL;
    h->result = g->result ? L->tok + (g->result - g->tokens) : NULL;
    if (g->raw) h->raw = put(&L->at, g->raw, g->rawlen);
    if (bytes) *bytes = L->size;
    return h;
}

/* The result text is the result token's own, or a string of its own. */
static int own_result(const cv_record *g)
{
    return g->result_text && !(g->result && g->result_text == g->result->text);
}

/* The copy when every string lies in the reader's block: the block in one
 * piece, the pointers moved with it (a string at a time costs more than
 * the rest of the copy together). */
static cv_record *hold_block(const cv_record *g, size_t *bytes)
{
    int own = own_result(g) && !in_block(g, g->result_text);
    layout L;
    if (lay_out(g, g->strings_len + (own ? strlen(g->result_text) + 1 : 0) + (g->raw ? g->rawlen + 1 : 0), &L) < 0)
        return NULL;
    char *sb = L.at;
    memcpy(sb, g->strings, g->strings_len);
    L.at += g->strings_len;
    for (size_t i = 0; i < g->ntags; i++) {
        L.tags[i] = g->tags[i];
        L.tags[i].name = moved(g, sb, g->tags[i].name);
        L.tags[i].value = moved(g, sb, g->tags[i].value);
    }
    if (g->ntokens) memcpy(L.tok, g->tokens, sizeof *L.tok * g->ntokens);
    for (size_t i = 0; i < g->ntokens; i++) {
        L.tok[i].text = moved(g, sb, L.tok[i].text);
        L.tok[i].suffix = moved(g, sb, L.tok[i].suffix);
        L.tok[i].norm = moved(g, sb, L.tok[i].norm);
    }
    cv_record *h = finish_copy(g, &L, bytes);
    if (own) h->result_text = put(&L.at, g->result_text, strlen(g->result_text));
    else if (!own_result(g)) h->result_text = g->result_text ? h->result->text : NULL;
    else h->result_text = moved(g, sb, g->result_text);
    h->strings = sb;
    return h;
}

cv_record *cv_record_hold(const cv_record *g, size_t *bytes)
{
    if (all_in_block(g)) return hold_block(g, bytes);
    size_t strings = 0;
    for (size_t i = 0; i < g->ntags; i++)
        strings += strlen(g->tags[i].name) + strlen(g->tags[i].value) + 2;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        strings += text_len(t) + 1;
        if (t->suffix && *t->suffix) strings += strlen(t->suffix) + 1;
        if (t->norm && t->norm != t->text) strings += strlen(t->norm) + 1;
    }
    int own = own_result(g);
    if (own) strings += strlen(g->result_text) + 1;
    if (g->raw) strings += g->rawlen + 1;
    layout L;
    if (lay_out(g, strings, &L) < 0) return NULL;
    L.h->strings = NULL;  /* copied a string at a time: no one block */
    L.h->strings_len = 0;
    for (size_t i = 0; i < g->ntags; i++) {
        L.tags[i] = g->tags[i];
        L.tags[i].name = put(&L.at, g->tags[i].name, strlen(g->tags[i].name));
        L.tags[i].value = put(&L.at, g->tags[i].value, strlen(g->tags[i].value));
    }
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        L.tok[i] = *t;
        L.tok[i].text = put(&L.at, t->text, text_len(t));
        /* most moves have no suffix: the one "" that lives for ever */
        if (t->suffix) L.tok[i].suffix = *t->suffix ? put(&L.at, t->suffix, strlen(t->suffix)) : "";
        L.tok[i].norm = t->norm == t->text ? L.tok[i].text : put(&L.at, t->norm, strlen(t->norm));
    }
    cv_record *h = finish_copy(g, &L, bytes);
    if (own) h->result_text = put(&L.at, g->result_text, strlen(g->result_text));
    else if (g->result_text) h->result_text = h->result->text;
    return h;
}

/* ---- batches ---- */

static int grow(cv_record_batch *b)
{
    size_t cap = b->cap ? b->cap * 2 : 64;
    cv_record **g = realloc(b->games, sizeof *g * cap);
    if (!g) return -1;
    b->games = g;
    size_t *pre = realloc(b->pre, sizeof *pre * (cap + 1));
    if (!pre) return -1;
    b->pre = pre;
    long *w = realloc(b->warnings, sizeof *w * cap);
    if (!w) return -1;
    b->warnings = w;
    b->cap = cap;
    return 0;
}

int cv_record_batch_fill(cv_record_batch *b, cv_record_reader *rd, cv_diag *d, size_t max_bytes)
{
    int k = cv_record__chunk_next(rd, max_bytes, &b->chunk);
    if (k < 0) {
        b->oom = 1;
        return -1;
    }
    if (k == CV_CHUNK_PIECE) {
        b->rd = rd;
        b->quiet = d->quiet_warnings;
        b->end = b->chunk->final;
        return 0;
    }
    if (k == CV_CHUNK_SYNC) {
        b->sync = 1;
        return 0;
    }
    FILE *saved = d->out;
    FILE *cap = open_memstream(&b->text, &b->len);
    if (!cap) return -1;
    d->out = cap;
    int rc = 0;
    if (grow(b) < 0) rc = -1;
    while (!rc) {
        long w0 = d->warnings;
        long at = ftell(cap);
        cv_record g;
        if (cv_record_next(rd, &g) != 1) {
            b->pre[b->n] = (size_t)at;
            b->tail_warnings = d->warnings - w0;
            b->end = 1;
            break;
        }
        size_t size;
        if (b->n == b->cap && grow(b) < 0) rc = -1;
        cv_record *h = rc ? NULL : cv_record_hold(&g, &size);
        if (!h) {
            rc = -1;
            break;
        }
        b->pre[b->n] = (size_t)at;
        b->warnings[b->n] = d->warnings - w0;
        b->games[b->n++] = h;
        b->bytes += size;
        if (b->bytes >= max_bytes) {
            b->pre[b->n] = (size_t)ftell(cap);
            break;
        }
    }
    if (rc) {
        if (b->pre) b->pre[b->n] = (size_t)ftell(cap);
        b->oom = 1;
    }
    d->out = saved;
    if (fclose(cap)) rc = -1;
    return rc;
}

void cv_record_batch_free(cv_record_batch *b)
{
    cv_record__chunk_release(b->chunk);
    for (size_t i = 0; i < b->n; i++) free(b->games[i]);
    free(b->games);
    free(b->pre);
    free(b->warnings);
    free(b->text);
    memset(b, 0, sizeof *b);
}

/* A piece's games pass through here on their way to the tool, to count
 * those with errors for the hint of record.c. */
typedef struct counted {
    int (*game)(void *arg, const cv_record *g);
    void *arg;
    long bad;
} counted;

static int count_game(void *arg, const cv_record *g)
{
    counted *c = arg;
    c->bad += g->errors > 0;
    return c->game(c->arg, g);
}

int cv_record_batch_each(cv_record_batch *b, FILE *err, long *warnings,
                         int (*game)(void *arg, const cv_record *g), void *arg)
{
    if (b->chunk) {
        cv_diag d = { .out = err, .quiet_warnings = b->quiet };
        counted c = { game, arg, 0 };
        int k = cv_record__chunk_read(b->rd, b->chunk, &d, count_game, &c, &b->end_at, &b->clean);
        /* the last piece: the reading thread has read the whole input, so
         * what it saw passing is known (its games with errors: this
         * piece's; an earlier piece's are not known here) */
        if (k == 0 && b->end) cv_record__hint(b->rd, &d, c.bad);
        if (warnings) *warnings += d.warnings;
        if (k < 0) b->oom = 1;
        b->stopped = k > 0;
        return k > 0;
    }
    for (size_t i = 0; i < b->n; i++) {
        fwrite(b->text + b->pre[i], 1, b->pre[i + 1] - b->pre[i], err);
        if (warnings) *warnings += b->warnings[i];
        if (game(arg, b->games[i])) return 1;
    }
    if (b->end) {
        fwrite(b->text + b->pre[b->n], 1, b->len - b->pre[b->n], err);
        if (warnings) *warnings += b->tail_warnings;
    }
    return 0;
}

int cv_record_batch_accept(cv_record_batch *b)
{
    if (!b->chunk) return 1;
    /* a stopped piece was not read to its end, and nothing after it will be */
    return cv_record__chunk_accept(b->rd, b->chunk, &b->end_at, b->clean || b->stopped);
}

int cv_record_batch_run(cv_record_reader *rd, cv_diag *d, size_t max_bytes, struct cv_jobs *J,
                        void *(*new_task)(void *arg, cv_record_batch **b), void *arg)
{
    int rc = 0;
    for (;;) {
        cv_record_batch *b;
        void *t = new_task(arg, &b);
        if (!t) {
            rc = -1;
            break;
        }
        if (cv_record_batch_fill(b, rd, d, max_bytes) < 0) rc = -1;
        int end = b->end || b->oom, sync = b->sync;
        if (cv_jobs_add(J, t) || rc) break;
        /* a piece refused there sends the reader back to its start */
        if ((sync || end) && cv_jobs_wait(J)) break;
        if (end && cv_record_ended(rd)) break;
    }
    cv_jobs_wait(J);
    return rc;
}
