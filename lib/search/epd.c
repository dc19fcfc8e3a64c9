#include "epd.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* An opcode: a letter, then letters, digits or '_' (EPD's rule). */
static size_t opcode_len(const char *s)
{
    if (!isalpha((unsigned char)*s)) return 0;
    size_t n = 1;
    while (isalnum((unsigned char)s[n]) || s[n] == '_') n++;
    return n;
}

/* Where the operations start: the first word that is an opcode and
 * whose operations run to a ';' (position texts hold no ';'). */
static const char *ops_start(const char *line)
{
    if (!strchr(line, ';')) return NULL;
    static const char *const known[] = { "bm", "am", "id", "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8",
                                         "c9", "ce", "dm", "pv", "acd", "acn", "acs", "fmvn", "hmvc", "sm",
                                         "noop", NULL };
    for (const char *p = line; *p; p++) {
        if (p != line && !isspace((unsigned char)p[-1])) continue;
        size_t n = opcode_len(p);
        if (!n || !(isspace((unsigned char)p[n]) || p[n] == ';')) continue;
        for (int k = 0; known[k]; k++)
            if (strlen(known[k]) == n && !strncmp(p, known[k], n)) return p;
    }
    return NULL;
}

static void put(char *dst, size_t size, const char *s, size_t n)
{
    if (n >= size) n = size - 1;
    memcpy(dst, s, n);
    dst[n] = 0;
}

int cv_epd_parse(const char *line, cv_epd *e, char *why, size_t ws)
{
    memset(e, 0, sizeof *e);
    const char *ops = ops_start(line);
    const char *end = ops ? ops : line + strlen(line);
    while (end > line && isspace((unsigned char)end[-1])) end--;
    if ((size_t)(end - line) >= sizeof e->pos) {
        snprintf(why, ws, "the position is longer than %zu bytes", sizeof e->pos - 1);
        return -1;
    }
    put(e->pos, sizeof e->pos, line, (size_t)(end - line));
    e->pos_len = (int)(end - line);
    for (const char *p = ops; p && *p;) {
        while (isspace((unsigned char)*p)) p++;
        if (!*p) break;
        size_t n = opcode_len(p);
        if (!n) {
            snprintf(why, ws, "column %d: an EPD opcode was expected", (int)(p - line) + 1);
            return -1;
        }
        char op[16];
        put(op, sizeof op, p, n);
        p += n;
        e->ops = 1;
        /* operands up to ';', a quoted one whole */
        for (;;) {
            while (*p == ' ' || *p == '\t') p++;
            if (*p == ';') {
                p++;
                break;
            }
            if (!*p) {
                snprintf(why, ws, "the EPD operation '%s' is not ended by ';'", op);
                return -1;
            }
            const char *a = p;
            if (*p == '"') {
                const char *q = strchr(p + 1, '"');
                if (!q) {
                    snprintf(why, ws, "the EPD operation '%s' has an unclosed string", op);
                    return -1;
                }
                a = p + 1;
                p = q + 1;
                if (!strcmp(op, "id")) put(e->id, sizeof e->id, a, (size_t)(q - a));
                continue;
            }
            while (*p && *p != ';' && !isspace((unsigned char)*p)) p++;
            size_t len = (size_t)(p - a);
            if (!strcmp(op, "bm") && e->nbm < CV_EPD_MAX_MOVES) put(e->bm[e->nbm++], 64, a, len);
            else if (!strcmp(op, "am") && e->nam < CV_EPD_MAX_MOVES) put(e->am[e->nam++], 64, a, len);
            else if (!strcmp(op, "id")) put(e->id, sizeof e->id, a, len);
        }
    }
    return 0;
}

int cv_epd_position(const cv_variant *v, const cv_epd *e, unsigned flags, cv_apos *a, cv_fen_errors *errs)
{
    int rc = cv_any_read_position(v, e->pos, flags, a, errs);
    if ((rc == 0 && errs->n == 0) || !e->ops) return rc;
    char text[sizeof e->pos + 8];
    snprintf(text, sizeof text, "%s 0 1", e->pos);
    cv_fen_errors again;
    if (cv_any_read_position(v, text, flags, a, &again) == 0 && again.n == 0) {
        *errs = again;
        return 0;
    }
    return cv_any_read_position(v, e->pos, flags, a, errs);
}

int cv_epd_listed(cv_apos *a, const cv_amove *m, char (*list)[64], int n)
{
    for (int i = 0; i < n; i++) {
        cv_amove x;
        cv_move_info info;
        for (int nt = 0; cv_any_notation_name(a->v, nt); nt++) {
            if (cv_any_read_move(a, list[i], nt, 0, &x, &info) == CV_MOVE_OK && !memcmp(&x, m, sizeof x))
                return 1;
        }
    }
    return 0;
}
