/* cond: the conditions of a selection, parsed once, tested per game
 * (cond.h). */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "cond.h"
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pcre2.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { OP_EQ, OP_NE, OP_PREFIX, OP_SUB, OP_RE, OP_LT, OP_LE, OP_GT, OP_GE } op_t;

/* What a test looks at besides a named tag. */
enum { ON_TAG, ON_PLAYER, ON_RESULT, ON_VARIANT };

typedef struct test {
    int on;                 /* ON_* */
    char *name;             /* the tag (ON_TAG) */
    op_t op;
    char *value;
    pcre2_code *re;         /* OP_RE */
    int is_date;            /* a comparison of dates, else of numbers */
    double num;
    long lo, hi;            /* the date as an interval, yyyymmdd */
    int group;              /* tests of one group: any of them holds */
} test;

struct cv_select {
    test *t;
    int n, cap, groups;
    int has_plies;
    long plies_lo, plies_hi;
    int has_ending, ending;
    char *pos[CV_SELECT_MAX_POSITIONS];
    int npos;
    int negate;
};

cv_select *cv_select_new(void) { return calloc(1, sizeof(cv_select)); }

static void test_free(test *t)
{
    free(t->name);
    free(t->value);
    if (t->re) pcre2_code_free(t->re);
}

void cv_select_free(cv_select *s)
{
    if (!s) return;
    for (int i = 0; i < s->n; i++) test_free(&s->t[i]);
    free(s->t);
    for (int i = 0; i < s->npos; i++) free(s->pos[i]);
    free(s);
}

/* A date's text as the interval of days it can be: "1962.??.??" is the
 * whole year.  -1 when it is no date or its year is unknown. */
static int date_range(const char *s, long *lo, long *hi)
{
    int part[3] = { 0, 0, 0 }, known[3] = { 0, 0, 0 }, n = 0;
    const char *p = s;
    for (;;) {
        int width = n == 0 ? 4 : 2;
        if (!strncmp(p, "????", (size_t)width)) {
            known[n] = 0;
        } else {
            for (int i = 0; i < width; i++)
                if (!isdigit((unsigned char)p[i])) return -1;
            known[n] = 1;
            for (int i = 0; i < width; i++) part[n] = part[n] * 10 + (p[i] - '0');
        }
        p += width;
        n++;
        if (!*p) break;
        if (*p != '.' || n == 3) return -1;
        p++;
    }
    if (!known[0]) return -1;
    int mlo = known[1] ? part[1] : 1, mhi = known[1] ? part[1] : 12;
    int dlo = n > 2 && known[2] ? part[2] : 1, dhi = n > 2 && known[2] ? part[2] : 31;
    if (n < 2) mlo = 1, mhi = 12;
    if (mlo < 1 || mhi > 12 || dlo < 1 || dhi > 31) return -1;
    *lo = part[0] * 10000L + mlo * 100L + dlo;
    *hi = part[0] * 10000L + mhi * 100L + dhi;
    return 0;
}

static int number(const char *s, double *x)
{
    char *end;
    if (!*s || isspace((unsigned char)*s)) return -1;
    *x = strtod(s, &end);
    return *end || !isfinite(*x) ? -1 : 0;
}

/* Tags whose values are dates: Date, EventDate, UTCDate ... */
static int date_tag(const char *name)
{
    size_t n = strlen(name);
    return n >= 4 && !strcasecmp(name + n - 4, "date");
}

static int add(cv_select *s, test *t)
{
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        test *n = realloc(s->t, sizeof *n * (size_t)cap);
        if (!n) return -2;
        s->t = n;
        s->cap = cap;
    }
    /* the text tests of one tag are one condition, as in pgn-extract */
    t->group = -1;
    int text = t->op == OP_EQ || t->op == OP_PREFIX || t->op == OP_SUB || t->op == OP_RE;
    for (int i = 0; text && i < s->n; i++) {
        const test *o = &s->t[i];
        int otext = o->op == OP_EQ || o->op == OP_PREFIX || o->op == OP_SUB || o->op == OP_RE;
        if (otext && o->on == t->on && (t->on != ON_TAG || !strcmp(o->name, t->name))) t->group = o->group;
    }
    if (t->group < 0) t->group = s->groups++;
    s->t[s->n++] = *t;
    return 0;
}

/* Reads "NAME OP VALUE" into t. */
static int parse_tag(const char *expr, test *t, char *why, size_t size)
{
    memset(t, 0, sizeof *t);
    size_t n = 0;
    while (isalnum((unsigned char)expr[n]) || expr[n] == '_') n++;
    const char *o = expr + n;
    static const struct { const char *text; op_t op; } ops[] = {
        { "!=", OP_NE }, { "^=", OP_PREFIX }, { "*=", OP_SUB }, { "<=", OP_LE }, { ">=", OP_GE },
        { "=", OP_EQ }, { "~", OP_RE }, { "<", OP_LT }, { ">", OP_GT } };
    size_t k;
    for (k = 0; k < sizeof ops / sizeof ops[0]; k++)
        if (!strncmp(o, ops[k].text, strlen(ops[k].text))) break;
    if (k == sizeof ops / sizeof ops[0]) {
        if (!n) snprintf(why, size, "not NAME=VALUE (or NAME!=, ^=, *=, ~, <, <=, >, >=)");
        else snprintf(why, size, "no operator after the tag name '%.*s' (=, !=, ^=, *=, ~, <, <=, >, >=)", (int)n, expr);
        return -1;
    }
    if (!n) {
        snprintf(why, size, "no tag name before '%s'", ops[k].text);
        return -1;
    }
    t->on = ON_TAG;
    t->op = ops[k].op;
    const char *value = o + strlen(ops[k].text);
    t->name = strndup(expr, n);
    t->value = strdup(value);
    if (!t->name || !t->value) return -2;
    if (t->op == OP_RE) {
        int err;
        PCRE2_SIZE off;
        t->re = pcre2_compile((PCRE2_SPTR)value, PCRE2_ZERO_TERMINATED, 0, &err, &off, NULL);
        if (!t->re) {
            char msg[200];
            pcre2_get_error_message(err, (PCRE2_UCHAR *)msg, sizeof msg);
            snprintf(why, size, "bad regular expression at offset %zu: %s", (size_t)off, msg);
            return -1;
        }
        return 0;
    }
    if (t->op >= OP_LT) {
        if ((t->is_date = date_tag(t->name))) {
            if (date_range(value, &t->lo, &t->hi) < 0) {
                snprintf(why, size, "'%s' is not a date (YYYY, YYYY.MM or YYYY.MM.DD)", value);
                return -1;
            }
        } else if (number(value, &t->num) < 0) {
            snprintf(why, size, "'%s' is not a number (a comparison of %s compares numbers)", value, t->name);
            return -1;
        }
    }
    return 0;
}

/* Does one value satisfy test t? */
static int holds(const test *t, const char *value)
{
    if (!value) return t->op == OP_NE;
    switch (t->op) {
    case OP_EQ: return !strcmp(value, t->value);
    case OP_NE: return strcmp(value, t->value) != 0;
    case OP_PREFIX: return !strncmp(value, t->value, strlen(t->value));
    case OP_SUB: return strstr(value, t->value) != NULL;
    case OP_RE: {
        pcre2_match_data *md = pcre2_match_data_create_from_pattern(t->re, NULL);
        if (!md) return 0;
        int rc = pcre2_match(t->re, (PCRE2_SPTR)value, strlen(value), 0, 0, md, NULL);
        pcre2_match_data_free(md);
        return rc >= 0;
    }
    default: break;
    }
    if (t->is_date) {
        long lo, hi;
        if (date_range(value, &lo, &hi) < 0) return 0;
        switch (t->op) {
        case OP_LT: return hi < t->lo;
        case OP_LE: return hi <= t->hi;
        case OP_GT: return lo > t->hi;
        default: return lo >= t->lo;
        }
    }
    double x;
    if (number(value, &x) < 0) return 0;
    switch (t->op) {
    case OP_LT: return x < t->num;
    case OP_LE: return x <= t->num;
    case OP_GT: return x > t->num;
    default: return x >= t->num;
    }
}

int cv_select_tag(cv_select *s, const char *expr, char *why, size_t size)
{
    test t;
    int rc = parse_tag(expr, &t, why, size);
    if (!rc) rc = add(s, &t);
    if (rc) test_free(&t);
    return rc;
}

static int add_simple(cv_select *s, int on, op_t op, const char *value)
{
    test t = { .on = on, .op = op, .value = strdup(value) };
    if (!t.value) return -2;
    int rc = add(s, &t);
    if (rc) free(t.value);
    return rc;
}

int cv_select_player(cv_select *s, const char *name, char *why, size_t size)
{
    return add_simple(s, ON_PLAYER, OP_SUB, name);
}

int cv_select_event(cv_select *s, const char *text, char *why, size_t size)
{
    test t = { .on = ON_TAG, .op = OP_SUB, .name = strdup("Event"), .value = strdup(text) };
    int rc = t.name && t.value ? add(s, &t) : -2;
    if (rc) test_free(&t);
    return rc;
}

int cv_select_result(cv_select *s, const char *r, char *why, size_t size)
{
    static const char *const ok[] = { "1-0", "0-1", "1/2-1/2", "*" };
    if (!strcmp(r, "1/2")) r = "1/2-1/2";
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (!strcmp(r, ok[i])) return add_simple(s, ON_RESULT, OP_EQ, r);
    snprintf(why, size, "not a result (1-0, 0-1, 1/2-1/2 or *)");
    return -1;
}

int cv_select_variant(cv_select *s, const char *name, char *why, size_t size)
{
    if (!*name) {
        snprintf(why, size, "no variant name");
        return -1;
    }
    return add_simple(s, ON_VARIANT, OP_EQ, name);
}

/* A whole number of plies, all of text. */
static int plies_number(const char *text, long *n)
{
    if (!isdigit((unsigned char)*text)) return -1;
    char *end;
    errno = 0;
    *n = strtol(text, &end, 10);
    return *end || errno || *n > 100000000 ? -1 : 0;
}

int cv_select_plies(cv_select *s, const char *expr, char *why, size_t size)
{
    long lo = 0, hi = LONG_MAX, a, b;
    const char *dots = strstr(expr, "..");
    int bad = 0;
    if (dots) {
        char first[32];
        size_t n = (size_t)(dots - expr);
        if (n >= sizeof first) bad = 1;
        else {
            memcpy(first, expr, n);
            first[n] = 0;
            bad = plies_number(first, &a) < 0 || plies_number(dots + 2, &b) < 0;
            if (!bad) lo = a, hi = b;
        }
    } else if (!strncmp(expr, ">=", 2)) {
        bad = plies_number(expr + 2, &lo) < 0;
    } else if (!strncmp(expr, "<=", 2)) {
        bad = plies_number(expr + 2, &hi) < 0;
    } else if (*expr == '>') {
        if (!(bad = plies_number(expr + 1, &a) < 0)) lo = a + 1;
    } else if (*expr == '<') {
        if (!(bad = plies_number(expr + 1, &a) < 0 || a == 0)) hi = a - 1;
    } else {
        if (!(bad = plies_number(expr + (*expr == '='), &a) < 0)) lo = hi = a;
    }
    if (bad) {
        snprintf(why, size, "not N, =N, <N, <=N, >N, >=N or A..B (whole numbers of plies)");
        return -1;
    }
    /* each --plies must hold: their ranges meet */
    if (!s->has_plies) s->plies_lo = 0, s->plies_hi = LONG_MAX;
    s->has_plies = 1;
    if (lo > s->plies_lo) s->plies_lo = lo;
    if (hi < s->plies_hi) s->plies_hi = hi;
    return 0;
}

static const struct { const char *name; int bit; } endings[] = {
    { "mate", CV_END_MATE }, { "stalemate", CV_END_STALEMATE }, { "king-captured", CV_END_KING_CAPTURED },
    { "resignation", CV_END_RESIGNATION }, { "draw", CV_END_DRAW }, { "unfinished", CV_END_UNFINISHED } };

int cv_select_ending(cv_select *s, const char *list, char *why, size_t size)
{
    int mask = 0;
    const char *p = list;
    for (;;) {
        size_t n = strcspn(p, ",");
        size_t i;
        for (i = 0; i < sizeof endings / sizeof endings[0]; i++)
            if (strlen(endings[i].name) == n && !strncmp(endings[i].name, p, n)) break;
        if (i == sizeof endings / sizeof endings[0]) {
            snprintf(why, size, "'%.*s' is not one of mate, stalemate, king-captured, resignation, draw, unfinished",
                     (int)n, p);
            return -1;
        }
        mask |= endings[i].bit;
        if (!p[n]) break;
        p += n + 1;
    }
    /* a game ends one way: every --ending must name it */
    s->ending = s->has_ending ? s->ending & mask : mask;
    s->has_ending = 1;
    return 0;
}

const char *cv_select_ending_name(int ending)
{
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++)
        if (endings[i].bit == ending) return endings[i].name;
    return NULL;
}

int cv_select_position(cv_select *s, const char *text, char *why, size_t size)
{
    if (s->npos == CV_SELECT_MAX_POSITIONS) {
        snprintf(why, size, "more than %d --position conditions", CV_SELECT_MAX_POSITIONS);
        return -1;
    }
    if (!(s->pos[s->npos] = strdup(text))) return -2;
    s->npos++;
    return 0;
}

void cv_select_negate(cv_select *s) { s->negate = !s->negate; }
int cv_select_npositions(const cv_select *s) { return s->npos; }
const char *cv_select_position_text(const cv_select *s, int i) { return s->pos[i]; }

static int test_game(const test *t, const cv_record *g, const cv_select_facts *f)
{
    switch (t->on) {
    case ON_PLAYER: return holds(t, cv_game_tag_value(g, "White")) || holds(t, cv_game_tag_value(g, "Black"));
    case ON_RESULT: return holds(t, f->result);
    case ON_VARIANT: return f->v && cv_variant_is(f->v, t->value);
    default: return holds(t, cv_game_tag_value(g, t->name));
    }
}

static int match(const cv_select *s, const cv_record *g, const cv_select_facts *f)
{
    /* each group: one of its tests; groups are few, tests fewer */
    for (int grp = 0; grp < s->groups; grp++) {
        int any = 0;
        for (int i = 0; !any && i < s->n; i++)
            if (s->t[i].group == grp) any = test_game(&s->t[i], g, f);
        if (!any) return 0;
    }
    if (s->has_plies && (!f->replayed || f->plies < s->plies_lo || f->plies > s->plies_hi)) return 0;
    if (s->has_ending && (!f->replayed || !(f->ending & s->ending))) return 0;
    if (s->npos) {
        unsigned all = s->npos == 32 ? 0xffffffffu : (1u << s->npos) - 1;
        if (!f->replayed || (f->positions & all) != all) return 0;
    }
    return 1;
}

int cv_select_match(const cv_select *s, const cv_record *g, const cv_select_facts *f)
{
    return match(s, g, f) != s->negate;
}

int cv_select_tag_test(const char *expr, const char *name, const char *value)
{
    test t;
    char why[300];
    if (parse_tag(expr, &t, why, sizeof why)) {
        test_free(&t);
        return -1;
    }
    int r = !strcmp(t.name, name) && holds(&t, value);
    test_free(&t);
    return r;
}
