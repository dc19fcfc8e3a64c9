/* t_record_scaffold: the parts every record reader is built of
 * (lib/record/scaffold.c): the arena, raw text, the problem list,
 * limits. */
#include "scaffold.h"
#include "tap.h"
#include <stdlib.h>

/* One step on a raw text: add bytes with a room, commit, or restart. */
typedef struct {
    const char *name;   /* the case: its steps run on one raw text */
    char op;            /* 'a' add, 'c' commit (max), 'r' restart; for
                           the first step of a case 'A' (add) when the
                           raw text is off */
    const char *s;      /* 'a': the bytes */
    size_t n;           /* 'a': room; 'c': max */
    const char *kept;   /* after it: the game's bytes */
    size_t len;         /* and all bytes held */
    int lost, trunc;
} raw_step;

static const raw_step raw_steps[] = {
    /* two lines, the second held, then a new game starting with it */
    { "held line", 'a', "1. e4\n", 100, "", 6, 0, 0 },
    { "held line", 'c', NULL, 100, "1. e4\n", 6, 0, 0 },
    { "held line", 'a', "// x\n", 100, "1. e4\n", 11, 0, 0 },
    { "held line", 'r', NULL, 0, "", 5, 0, 0 },
    { "held line", 'c', NULL, 100, "// x\n", 5, 0, 0 },
    /* a game past max keeps its whole lines before it, marked cut */
    { "past max", 'a', "abc\n", 100, "", 4, 0, 0 },
    { "past max", 'c', NULL, 6, "abc\n", 4, 0, 0 },
    { "past max", 'a', "def\n", 100, "abc\n", 8, 0, 0 },
    { "past max", 'c', NULL, 6, "abc\n", 4, 0, 1 },
    { "past max", 'a', "g\n", 100, "abc\n", 6, 0, 1 },
    { "past max", 'c', NULL, 100, "abc\n", 4, 0, 1 },
    { "past max", 'r', NULL, 0, "", 0, 0, 0 },
    /* bytes beyond the room are lost, all of them, held ones too, even
     * when the room is smaller than what is already held (room 0: a
     * reader's "this line is too long") */
    { "lost", 'a', "ab\n", 100, "", 3, 0, 0 },
    { "lost", 'c', NULL, 100, "ab\n", 3, 0, 0 },
    { "lost", 'a', "cd\n", 100, "ab\n", 6, 0, 0 },
    { "lost", 'a', "e\n", 0, "ab\n", 3, 1, 0 },
    { "lost", 'a', "f\n", 100, "ab\n", 3, 1, 0 },
    { "lost", 'c', NULL, 100, "ab\n", 3, 0, 1 },
    { "lost", 'a', "gh\n", 2, "ab\n", 3, 1, 1 },
    { "lost", 'r', NULL, 0, "", 0, 0, 1 },
    /* without KEEP_RAW nothing is kept at all */
    { "off", 'A', "1. e4\n", 100, "", 0, 0, 0 },
    { "off", 'c', NULL, 100, "", 0, 0, 0 },
    { "off", 'a', "abc\n", 0, "", 0, 0, 0 },
    { "off", 'r', NULL, 0, "", 0, 0, 0 },
};

static void test_raw(void)
{
    cv_raw_text t = { 0 };
    size_t n = sizeof raw_steps / sizeof raw_steps[0];
    for (size_t i = 0; i < n; i++) {
        const raw_step *s = &raw_steps[i];
        if (i == 0 || strcmp(s->name, raw_steps[i - 1].name)) {
            cv_raw_free(&t);
            t = (cv_raw_text){ .on = s->op != 'A' };
        }
        if (s->op == 'a' || s->op == 'A') cv_raw_add(&t, s->s, strlen(s->s), s->n);
        else if (s->op == 'c') cv_raw_commit(&t, s->n);
        else cv_raw_restart(&t, 4);
        char got[64], want[64];
        snprintf(got, sizeof got, "%.*s|%zu|%d|%d", (int)t.kept, t.v ? t.v : "", t.len, t.lost, t.trunc);
        snprintf(want, sizeof want, "%s|%zu|%d|%d", s->kept, s->len, s->lost, s->trunc);
        TAP_IS_STR(got, want, "raw %s: step %zu (%c)", s->name, i + 1, s->op);
        static const char unset[] = "unset";
        const char *raw = unset;
        size_t len = 99;
        int trunc = 9;
        cv_raw_hand_out(&t, &raw, &len, &trunc);
        if (raw == unset) snprintf(got, sizeof got, "nothing|%zu|%d", len, trunc);
        else snprintf(got, sizeof got, "%.*s|%zu|%d", (int)len, raw, len, trunc);
        if (t.on) snprintf(want, sizeof want, "%s|%zu|%d", s->kept, strlen(s->kept), s->trunc);
        else snprintf(want, sizeof want, "nothing|99|9");
        TAP_IS_STR(got, want, "raw %s: step %zu handed out", s->name, i + 1);
    }
    cv_raw_free(&t);
}

static void add(cv_issue_list *p, cv_level lv, long line, const char *msg, ...)
{
    va_list ap;
    va_start(ap, msg);
    cv_issue_list_vadd(p, lv, line, 1, msg, ap);
    va_end(ap);
}

static const char *listed(const cv_issue_list *p)
{
    static char b[1024];
    size_t n = 0;
    b[0] = 0;
    for (size_t i = 0; i < p->n; i++)
        n += (size_t)snprintf(b + n, sizeof b - n, "%ld:%ld: %s: %s\n", p->v[i].line, p->v[i].col,
                              p->v[i].level == CV_ERROR ? "error" : "warning", p->v[i].msg);
    return b;
}

static void test_issue_list(void)
{
    cv_issue_list p = { .max = 3, .unit = "listing" };
    add(&p, CV_WARNING, 1, "w %d", 1);
    add(&p, CV_ERROR, 2, "e %d", 2);
    TAP_IS_STR(listed(&p), "1:1: warning: w 1\n2:1: error: e 2\n", "issues: two kept in order");
    add(&p, CV_ERROR, 3, "e %d", 3);
    add(&p, CV_ERROR, 4, "e %d", 4);
    TAP_IS_STR(listed(&p),
               "1:1: warning: w 1\n2:1: error: e 2\n3:1: error: e 3\n"
               "3:1: error: too many problems; the rest of the listing is skipped\n",
               "issues: at max the last one says why, then no more");
    TAP_IS_INT(p.errors * 10 + p.warnings, 31, "issues: 3 errors, 1 warning");
    TAP_IS_INT(p.skipping * 10 + p.skipped, 11, "issues: skipping, skipped");
    const cv_issue *v = NULL;
    size_t n = 0;
    long e = 0, w = 0;
    int sk = 0;
    cv_issue_list_hand_out(&p, &v, &n, &e, &w, &sk);
    TAP_OK(v == p.v && n == 4 && e == 3 && w == 1 && sk == 1, "issues: handed out as they are");
    cv_issue_list_force(&p, 9, 1, "read error");
    TAP_IS_INT(p.n, 5, "issues: a forced one past max and while skipping");
    TAP_IS_STR(p.v[4].msg, "read error", "issues: its text");
    cv_issue_list_clear(&p);
    TAP_IS_INT(p.n + (size_t)p.errors + (size_t)p.warnings + (size_t)p.skipping + (size_t)p.skipped, 0,
               "issues: cleared for the next game");
    cv_issue_list_free(&p);
}

static void test_limits(void)
{
    cv_reader_limits z = { 0, 7, 0, 0, 9 }, l = cv_reader_limits_or_default(&z);
    char b[128];
    snprintf(b, sizeof b, "%zu %zu %zu %zu %zu", l.max_line, l.max_items, l.max_text, l.max_issues, l.max_raw);
    TAP_IS_STR(b, "4096 7 4194304 100 9", "limits: zero fields take the defaults");
    setenv("CVKIT_MAX_GAME_BYTES", "1234", 1);
    TAP_IS_INT(cv_reader_env_game_bytes(5), 1234, "CVKIT_MAX_GAME_BYTES=1234");
    static const char *const bad[] = { "", "0", "12x", " " };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("CVKIT_MAX_GAME_BYTES", bad[i], 1);
        TAP_IS_INT(cv_reader_env_game_bytes(5), 5, "CVKIT_MAX_GAME_BYTES='%s': the default", bad[i]);
    }
    unsetenv("CVKIT_MAX_GAME_BYTES");
    TAP_IS_INT(cv_reader_env_game_bytes(5), 5, "CVKIT_MAX_GAME_BYTES unset: the default");
    char q[64];
    TAP_IS_STR(cv_clip(q, sizeof q, "0123456789012345678901234567890123456789X", 41),
               "0123456789012345678901234567890123456789...", "clip: 40 bytes and ...");
}

/* The arena: strings by offset with their NUL, growth from 4096 by
 * doubling, emptied with what a large game took given back, and the
 * text of the next game kept from an offset on. */
static void test_arena(void)
{
    cv_arena a = { 0 };
    TAP_IS_INT(cv_arena_room(&a, 10), 0, "arena: room for 10");
    TAP_IS_INT((long)a.cap, 4096, "arena: first block 4096");
    size_t o1 = cv_arena_put(&a, "abc", 3), o2 = cv_arena_put(&a, "", 0), o3 = cv_arena_put(&a, "de", 2);
    char b[64];
    snprintf(b, sizeof b, "%zu %zu %zu %zu %s|%s|%s", o1, o2, o3, a.len, a.b + o1, a.b + o2, a.b + o3);
    TAP_IS_STR(b, "0 4 5 8 abc||de", "arena: offsets, length, NUL after each string");
    TAP_IS_INT(cv_arena_room(&a, 10000), 0, "arena: room for 10000 more");
    snprintf(b, sizeof b, "%zu %zu %s", a.cap, a.len, a.b + o3);
    TAP_IS_STR(b, "16384 8 de", "arena: doubled to 16384, contents kept");
    cv_arena_keep_from(&a, o3, 1 << 20);
    snprintf(b, sizeof b, "%zu %zu %s", a.cap, a.len, a.b);
    TAP_IS_STR(b, "16384 3 de", "arena: kept from an offset, moved to the start, room kept under keep");
    cv_arena_keep_from(&a, 0, 4096);
    snprintf(b, sizeof b, "%zu %zu %s", a.cap, a.len, a.b);
    TAP_IS_STR(b, "4096 3 de", "arena: room past keep given back, contents kept");
    cv_arena_clear(&a, 1 << 20);
    snprintf(b, sizeof b, "%zu %zu %d", a.cap, a.len, a.b != NULL);
    TAP_IS_STR(b, "4096 0 1", "arena: cleared under keep: block kept");
    cv_arena_clear(&a, 1024);
    snprintf(b, sizeof b, "%zu %zu %d", a.cap, a.len, a.b != NULL);
    TAP_IS_STR(b, "0 0 0", "arena: cleared past keep: block given back");
    cv_arena_free(&a);
    TAP_OK(a.b == NULL && a.cap == 0, "arena: freed");
}

int main(void)
{
    test_arena();
    test_raw();
    test_issue_list();
    test_limits();
    return tap_done();
}
