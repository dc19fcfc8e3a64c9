/* scaffold: the parts every record reader is built of (scaffold.h). */
#include "scaffold.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

cv_reader_limits cv_reader_default_limits(void)
{
    cv_reader_limits l = { 4096, 100000, 4u << 20, 100, 64u << 20 };
    return l;
}

cv_reader_limits cv_reader_limits_or_default(const cv_reader_limits *lim)
{
    cv_reader_limits d = cv_reader_default_limits(), l = *lim;
    if (!l.max_line) l.max_line = d.max_line;
    if (!l.max_items) l.max_items = d.max_items;
    if (!l.max_text) l.max_text = d.max_text;
    if (!l.max_issues) l.max_issues = d.max_issues;
    if (!l.max_raw) l.max_raw = d.max_raw;
    return l;
}

size_t cv_reader_env_game_bytes(size_t dflt)
{
    const char *env = getenv("CVKIT_MAX_GAME_BYTES");
    if (env && *env) {
        char *e;
        unsigned long long v = strtoull(env, &e, 10);
        if (!*e && v > 0 && v <= SIZE_MAX) return (size_t)v;
    }
    return dflt;
}

int cv_table_grow(void **p, size_t *cap, size_t need, size_t elem, size_t first)
{
    if (need <= *cap) return 0;
    size_t c = *cap ? *cap : first;
    while (c < need) c *= 2;
    void *n = realloc(*p, c * elem);
    if (!n) return -1;
    *p = n;
    *cap = c;
    return 0;
}

void cv_table_shrink(void **p, size_t *cap, size_t used, size_t keep, size_t elem)
{
    if (*cap <= keep || used > keep) return;
    void *n = realloc(*p, keep * elem);
    if (n || !keep) {
        *p = n;
        *cap = keep;
    }
}

int cv_arena_grow(cv_arena *a, size_t n)
{
    size_t cap = a->cap ? a->cap : 4096;
    while (cap < a->len + n) cap *= 2;
    char *b = realloc(a->b, cap);
    if (!b) return -1;
    a->b = b;
    a->cap = cap;
    return 0;
}

void cv_arena_clear(cv_arena *a, size_t keep)
{
    if (a->cap > keep) cv_arena_free(a);
    a->len = 0;
}

void cv_arena_keep_from(cv_arena *a, size_t from, size_t keep)
{
    size_t n = a->len - from;
    if (n && from) memmove(a->b, a->b + from, n);
    a->len = n;
    cv_table_shrink((void **)&a->b, &a->cap, n, keep, 1);
}

void cv_arena_free(cv_arena *a)
{
    free(a->b);
    a->b = NULL;
    a->len = a->cap = 0;
}

void cv_issue_list_clear(cv_issue_list *p)
{
    p->n = 0;
    p->errors = p->warnings = 0;
    p->skipping = p->skipped = 0;
}

/* Room for one more: the list grows to max and one, the problem that says
 * why no more follow, and past that only by the few forced ones. */
static int room(cv_issue_list *p)
{
    if (p->n < p->cap) return 1;
    size_t cap = p->cap ? p->cap * 2 : 8;
    if (cap > p->max + 1) cap = p->max + 1;
    if (cap <= p->n) cap = p->n + 1;
    cv_issue *v = realloc(p->v, cap * sizeof *v);
    if (!v) return 0;
    p->v = v;
    p->cap = cap;
    return 1;
}

static void put(cv_issue_list *p, cv_level lv, long line, long col, const char *fmt, va_list ap)
{
    if (!room(p)) return;
    cv_issue *is = &p->v[p->n++];
    is->level = lv;
    is->line = line;
    is->col = col;
    vsnprintf(is->msg, sizeof is->msg, fmt, ap);
    if (lv == CV_ERROR) p->errors++;
    else p->warnings++;
}

static void put_f(cv_issue_list *p, cv_level lv, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void put_f(cv_issue_list *p, cv_level lv, long line, long col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put(p, lv, line, col, fmt, ap);
    va_end(ap);
}

void cv_issue_list_vadd(cv_issue_list *p, cv_level lv, long line, long col, const char *fmt, va_list ap)
{
    if (p->skipping) return;
    put(p, lv, line, col, fmt, ap);
    if (p->n >= p->max) {
        put_f(p, CV_ERROR, line, col, "too many problems; the rest of the %s is skipped", p->unit);
        cv_issue_list_skip(p);
    }
}

void cv_issue_list_force(cv_issue_list *p, long line, long col, const char *msg)
{
    put_f(p, CV_ERROR, line, col, "%s", msg);
}

void cv_issue_list_skip(cv_issue_list *p)
{
    p->skipping = 1;
    p->skipped = 1;
}

void cv_issue_list_hand_out(const cv_issue_list *p, const cv_issue **v, size_t *n, long *errors, long *warnings,
                            int *skipped)
{
    *v = p->v;
    *n = p->n;
    *errors = p->errors;
    *warnings = p->warnings;
    *skipped = p->skipped;
}

void cv_issue_list_report(const cv_issue_list *p, cv_diag *d, const char *fname, long number)
{
    cv_issues_report(p->v, p->n, d, fname, number);
}

void cv_issue_list_free(cv_issue_list *p)
{
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
}

void cv_issues_report(const cv_issue *v, size_t n, cv_diag *d, const char *fname, long number)
{
    if (!d) return;
    for (size_t i = 0; i < n; i++)
        cv_report(d, v[i].level, fname, v[i].line, v[i].col, "game %ld: %s", number, v[i].msg);
}

void cv_raw_add(cv_raw_text *t, const char *s, size_t n, size_t room)
{
    if (!t->on || t->lost || !n) return;
    size_t loose = t->len - t->kept;
    if (loose > room || n > room - loose || cv_table_grow((void **)&t->v, &t->cap, t->len + n, 1, 16) < 0) {
        t->lost = 1;
        t->len = t->kept;
        return;
    }
    memcpy(t->v + t->len, s, n);
    t->len += n;
}

void cv_raw_commit(cv_raw_text *t, size_t max)
{
    if (!t->on) return;
    if (t->trunc || t->lost || t->len > max) {
        t->trunc = 1;
        t->len = t->kept;
    } else {
        t->kept = t->len;
    }
    t->lost = 0;
}

void cv_raw_restart(cv_raw_text *t, size_t keep)
{
    if (!t->on) return;
    size_t loose = t->len - t->kept;
    if (loose) memmove(t->v, t->v + t->kept, loose);
    t->len = loose;
    t->kept = 0;
    t->trunc = t->lost;
    t->lost = 0;
    cv_table_shrink((void **)&t->v, &t->cap, t->len, keep, 1);
}

void cv_raw_hand_out(const cv_raw_text *t, const char **raw, size_t *len, int *truncated)
{
    if (!t->on) return;
    *raw = t->v ? t->v : "";
    *len = t->kept;
    *truncated = t->trunc;
}

void cv_raw_free(cv_raw_text *t)
{
    free(t->v);
    t->v = NULL;
    t->len = t->cap = t->kept = 0;
}

const char *cv_clip(char *out, size_t size, const char *s, size_t n)
{
    const size_t max = 40;
    if (n > max) snprintf(out, size, "%.*s...", (int)max, s);
    else snprintf(out, size, "%.*s", (int)n, s);
    return out;
}
