/* json: writing JSON (and JSON Lines) to a FILE, for every tool's --json.
 *
 * What it promises:
 *  - Strings are always valid JSON and valid UTF-8: '"', '\\' and control
 *    bytes are escaped; well-formed UTF-8 passes through unchanged; a byte
 *    that is not part of well-formed UTF-8 is read as Latin-1 (the PGN
 *    standard's character set) and written as \u00XX.
 *  - The cv_json writer places commas and colons itself, so callers only
 *    say what comes next.  It keeps its state and an output buffer in the
 *    struct and allocates nothing; nesting deeper than CV_JSON_MAX_DEPTH is
 *    written balanced but its commas are not guaranteed.  Output reaches
 *    the FILE at cv_json_end_line, cv_json_flush, or when the buffer fills
 *    (the writer does its own buffering: one stdio call per 16 KiB rather
 *    than several per value, which is most of the cost of a --json run).
 */
#ifndef CV_JSON_H
#define CV_JSON_H
#include <stddef.h>
#include <stdio.h>

/* Writes s (n bytes, may hold NULs) as a quoted JSON string. */
void cv_json_write_string(FILE *out, const char *s, size_t n);

/* The same for a NUL-terminated string; NULL is written as null. */
void cv_json_write_cstring(FILE *out, const char *s);

#define CV_JSON_MAX_DEPTH 1024
#define CV_JSON_BUFSIZE 16384

typedef struct cv_json {
    FILE *out;
    int depth;
    int after_key;                             /* a value is due */
    unsigned char has_items[CV_JSON_MAX_DEPTH];  /* per open level */
    size_t n;                                  /* bytes waiting in buf */
    char buf[CV_JSON_BUFSIZE];
} cv_json;

void cv_json_init(cv_json *j, FILE *out);

void cv_json_begin_object(cv_json *j);
void cv_json_end_object(cv_json *j);
void cv_json_begin_array(cv_json *j);
void cv_json_end_array(cv_json *j);

/* An object member's name; the next call writes its value. */
void cv_json_key(cv_json *j, const char *key);

void cv_json_str(cv_json *j, const char *s);            /* NULL: null */
void cv_json_strn(cv_json *j, const char *s, size_t n);
void cv_json_int(cv_json *j, long long v);
void cv_json_bool(cv_json *j, int v);
void cv_json_null(cv_json *j);
/* A value written as given: a number already formatted ("0.125"). */
void cv_json_raw(cv_json *j, const char *text);

/* Ends a JSON Lines record: writes '\n', resets and flushes. */
void cv_json_end_line(cv_json *j);

/* Hands the buffered output to the FILE. */
void cv_json_flush(cv_json *j);

/* ---- the shared shapes of every tool's --json (docs/cvkit-formats.5,
 * JSON OUTPUT) ---- */

/* A place: "file" (<stdin> for "-"), "line" and, when col > 0, "col",
 * as members of the object being written. */
void cv_json_place(cv_json *j, const char *file, long line, long col);

/* A problem: {"level":"error"|"warning","kind":KIND,"line":L,"col":C,
 * "message":M}; line and col are left out when <= 0. */
void cv_json_problem(cv_json *j, int is_error, const char *kind, long line, long col, const char *msg);

/* The problems of one record (a game, a position, a command), gathered
 * while it is read and played, written as the "problems" array.  Messages
 * are copied; the list is reused from record to record. */
typedef struct cv_problem {
    int is_error;
    const char *kind;       /* a string constant */
    long line, col;
    char *msg;
} cv_problem;

typedef struct cv_problems {
    cv_problem *p;
    size_t n, cap;
} cv_problems;

void cv_problems_add(cv_problems *ps, int is_error, const char *kind, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
void cv_problems_clear(cv_problems *ps);
void cv_problems_free(cv_problems *ps);
/* Writes "problems":[...] as a member of the object being written. */
void cv_json_problems(cv_json *j, const cv_problems *ps);

/* The run's summary object, a line of its own:
 * {"files":N,"games":N,"valid":N,"invalid":N,"warnings":N}. */
void cv_json_summary(cv_json *j, long files, long games, long valid, long invalid, long warnings);

#endif
