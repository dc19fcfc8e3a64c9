#include "json.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void cv_json_flush(cv_json *j)
{
    if (j->n) fwrite(j->buf, 1, j->n, j->out);
    j->n = 0;
}

static void put(cv_json *j, const void *s, size_t n)
{
    if (j->n + n > sizeof j->buf) {
        cv_json_flush(j);
        if (n > sizeof j->buf) {
            fwrite(s, 1, n, j->out);
            return;
        }
    }
    memcpy(j->buf + j->n, s, n);
    j->n += n;
}

static void putch(cv_json *j, char c)
{
    if (j->n == sizeof j->buf) cv_json_flush(j);
    j->buf[j->n++] = c;
}

/* Length of the well-formed UTF-8 sequence at s (of at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len;
    unsigned long cp;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) len = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, cp = c & 0x07;
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) return 0;
    if (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) return 0;
    return len;
}

static void put_u00(cv_json *j, unsigned c)
{
    static const char hex[] = "0123456789abcdef";
    char b[6] = { '\\', 'u', '0', '0', hex[(c >> 4) & 15], hex[c & 15] };
    put(j, b, 6);
}

static void put_string(cv_json *j, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, run = 0;
    putch(j, '"');
    while (i < n) {
        unsigned c = s[i];
        /* Plain ASCII is copied in runs, not byte by byte. */
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            continue;
        }
        if (i > run) put(j, s + run, i - run);
        if (c >= 0x80) {
            size_t len = utf8_len(s + i, n - i);
            if (len) {
                put(j, s + i, len);
                i += len;
            } else {
                put_u00(j, c);  /* read as Latin-1 */
                i++;
            }
        } else {
            switch (c) {
            case '"': put(j, "\\\"", 2); break;
            case '\\': put(j, "\\\\", 2); break;
            case '\n': put(j, "\\n", 2); break;
            case '\t': put(j, "\\t", 2); break;
            case '\r': put(j, "\\r", 2); break;
            case '\b': put(j, "\\b", 2); break;
            case '\f': put(j, "\\f", 2); break;
            default: put_u00(j, c); break;
            }
            i++;
        }
        run = i;
    }
    if (i > run) put(j, s + run, i - run);
    putch(j, '"');
}

void cv_json_write_string(FILE *out, const char *s, size_t n)
{
    cv_json j;
    cv_json_init(&j, out);
    put_string(&j, s, n);
    cv_json_flush(&j);
}

void cv_json_write_cstring(FILE *out, const char *s)
{
    if (!s) fputs("null", out);
    else cv_json_write_string(out, s, strlen(s));
}

void cv_json_init(cv_json *j, FILE *out)
{
    j->out = out;
    j->depth = 0;
    j->after_key = 0;
    j->has_items[0] = 0;
    j->n = 0;
}

/* Writes the comma due before a new value or key at the current level. */
static void sep(cv_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth > 0 && j->depth < CV_JSON_MAX_DEPTH) {
        if (j->has_items[j->depth]) putch(j, ',');
        j->has_items[j->depth] = 1;
    }
}

static void open_level(cv_json *j, char ch)
{
    sep(j);
    putch(j, ch);
    j->depth++;
    if (j->depth < CV_JSON_MAX_DEPTH) j->has_items[j->depth] = 0;
}

static void close_level(cv_json *j, char ch)
{
    putch(j, ch);
    if (j->depth > 0) j->depth--;
    j->after_key = 0;
}

void cv_json_begin_object(cv_json *j) { open_level(j, '{'); }
void cv_json_end_object(cv_json *j) { close_level(j, '}'); }
void cv_json_begin_array(cv_json *j) { open_level(j, '['); }
void cv_json_end_array(cv_json *j) { close_level(j, ']'); }

void cv_json_key(cv_json *j, const char *key)
{
    sep(j);
    put_string(j, key, strlen(key));
    putch(j, ':');
    j->after_key = 1;
}

void cv_json_str(cv_json *j, const char *s)
{
    sep(j);
    if (s) put_string(j, s, strlen(s));
    else put(j, "null", 4);
}

void cv_json_strn(cv_json *j, const char *s, size_t n)
{
    sep(j);
    put_string(j, s, n);
}

void cv_json_int(cv_json *j, long long v)
{
    char b[24];
    int k = sizeof b;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do b[--k] = (char)('0' + u % 10); while (u /= 10);
    if (v < 0) b[--k] = '-';
    sep(j);
    put(j, b + k, sizeof b - (size_t)k);
}

void cv_json_bool(cv_json *j, int v)
{
    sep(j);
    if (v) put(j, "true", 4);
    else put(j, "false", 5);
}

void cv_json_null(cv_json *j)
{
    sep(j);
    put(j, "null", 4);
}

void cv_json_raw(cv_json *j, const char *text)
{
    sep(j);
    put(j, text, strlen(text));
}

void cv_json_end_line(cv_json *j)
{
    putch(j, '\n');
    j->depth = 0;
    j->after_key = 0;
    j->has_items[0] = 0;
    cv_json_flush(j);
}

/* ---- the shared shapes ---- */

void cv_json_place(cv_json *j, const char *file, long line, long col)
{
    cv_json_key(j, "file");
    cv_json_str(j, !file || !strcmp(file, "-") ? "<stdin>" : file);
    cv_json_key(j, "line");
    cv_json_int(j, line);
    if (col > 0) {
        cv_json_key(j, "col");
        cv_json_int(j, col);
    }
}

void cv_json_problem(cv_json *j, int is_error, const char *kind, long line, long col, const char *msg)
{
    cv_json_begin_object(j);
    cv_json_key(j, "level");
    cv_json_str(j, is_error ? "error" : "warning");
    cv_json_key(j, "kind");
    cv_json_str(j, kind);
    if (line > 0) {
        cv_json_key(j, "line");
        cv_json_int(j, line);
    }
    if (col > 0) {
        cv_json_key(j, "col");
        cv_json_int(j, col);
    }
    cv_json_key(j, "message");
    cv_json_str(j, msg);
    cv_json_end_object(j);
}

void cv_problems_add(cv_problems *ps, int is_error, const char *kind, long line, long col, const char *fmt, ...)
{
    if (ps->n == ps->cap) {
        size_t cap = ps->cap ? ps->cap * 2 : 8;
        cv_problem *p = realloc(ps->p, cap * sizeof *p);
        if (!p) return;     /* out of memory: the problem is still said on stderr */
        ps->p = p;
        ps->cap = cap;
    }
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *msg = strdup(buf);
    if (!msg) return;
    ps->p[ps->n++] = (cv_problem){ is_error, kind, line, col, msg };
}

void cv_problems_clear(cv_problems *ps)
{
    for (size_t i = 0; i < ps->n; i++) free(ps->p[i].msg);
    ps->n = 0;
}

void cv_problems_free(cv_problems *ps)
{
    cv_problems_clear(ps);
    free(ps->p);
    ps->p = NULL;
    ps->cap = 0;
}

void cv_json_problems(cv_json *j, const cv_problems *ps)
{
    cv_json_key(j, "problems");
    cv_json_begin_array(j);
    for (size_t i = 0; i < ps->n; i++) {
        const cv_problem *p = &ps->p[i];
        cv_json_problem(j, p->is_error, p->kind, p->line, p->col, p->msg);
    }
    cv_json_end_array(j);
}

void cv_json_summary(cv_json *j, long files, long games, long valid, long invalid, long warnings)
{
    cv_json_begin_object(j);
    cv_json_key(j, "files");
    cv_json_int(j, files);
    cv_json_key(j, "games");
    cv_json_int(j, games);
    cv_json_key(j, "valid");
    cv_json_int(j, valid);
    cv_json_key(j, "invalid");
    cv_json_int(j, invalid);
    cv_json_key(j, "warnings");
    cv_json_int(j, warnings);
    cv_json_end_object(j);
    cv_json_end_line(j);
}
