/* fopencookie: the sniffed bytes are handed back to the reader in front
 * of the rest of the stream, which a pipe cannot seek back to. */
#define _GNU_SOURCE
#include "record.h"
#include "chunks.h"
#include "gamelist.h"
#include "reader_int.h"
#include "engine.h"
#include "json.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The formats; a new one is a line here. */
extern const cv_record_format cv_pgn_format;
extern const cv_record_format cv_gamelist_format;
extern const cv_record_format cv_gclog_format;

static const cv_record_format *const formats[] = { &cv_pgn_format, &cv_gamelist_format, &cv_gclog_format };
#define NFORMATS (sizeof formats / sizeof formats[0])

const cv_record_format *cv_record_format_find(const char *name)
{
    for (size_t i = 0; i < NFORMATS; i++)
        if (!strcmp(formats[i]->name, name)) return formats[i];
    return NULL;
}

const char *cv_record_format_names(void)
{
    static char buf[128];
    if (!buf[0])
        for (size_t i = 0, n = 0; i < NFORMATS && n < sizeof buf; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? ", " : "", formats[i]->name);
    return buf;
}

/* " .pgn .txt": each suffix once, as formats may share one. */
static void add_suffix(char *buf, size_t size, const char *s)
{
    size_t k = strlen(s), n = strlen(buf);
    for (const char *p = buf; (p = strstr(p, s)); p += k)
        if ((p == buf || p[-1] == ' ') && (p[k] == ' ' || !p[k])) return;
    snprintf(buf + n, size - n, " %s", s);
}

const char *cv_record_suffixes(void)
{
    static char buf[128];
    if (!buf[0]) {
        for (size_t i = 0; i < NFORMATS; i++) {
            add_suffix(buf, sizeof buf, formats[i]->suffixes);
            if (formats[i]->own_suffix) add_suffix(buf, sizeof buf, formats[i]->own_suffix);
        }
    }
    return buf + 1;
}

const cv_record_format *cv_record_sniff(const char *buf, size_t n)
{
    const cv_record_format *best = NULL;
    int score = 0;
    for (size_t i = 0; i < NFORMATS; i++) {
        int s = formats[i]->sniff(buf, n);
        if (s > score) {
            score = s;
            best = formats[i];
        }
    }
    return best;
}

const cv_variant *cv_record_variant(const cv_record_format *f, const cv_variant *chosen)
{
    if (cv_record_format_fits(f, chosen)) return chosen;
    return cv_variant_cached(f->default_variant, NULL);
}

static int ends_in(const char *path, const char *suffix)
{
    size_t n = strlen(path), k = suffix ? strlen(suffix) : 0;
    return k && n >= k && !strcasecmp(path + n - k, suffix);
}

/* The format a walked file's name and first bytes say: its own suffix,
 * else a suffix of one format, else the first format sharing the suffix
 * whose content it surely is.  *shared: the name has a common suffix. */
static const cv_record_format *by_suffix(const char *path, const char *peek, size_t npeek, int *shared)
{
    *shared = 0;
    for (size_t i = 0; i < NFORMATS; i++)
        if (ends_in(path, formats[i]->own_suffix) || (ends_in(path, formats[i]->suffixes) && !formats[i]->suffix_shared))
            return formats[i];
    for (size_t i = 0; i < NFORMATS; i++) {
        if (!ends_in(path, formats[i]->suffixes)) continue;
        *shared = 1;
        if (formats[i]->sniff(peek, npeek) >= 3) return formats[i];
    }
    return NULL;
}

int cv_record_format_fits(const cv_record_format *f, const cv_variant *v)
{
    const char *const *only = v && v->engine ? v->engine->record_formats : NULL;
    if (only) {
        for (int i = 0; only[i]; i++)
            if (!strcmp(only[i], f->name)) return 1;
        return 0;
    }
    return !f->engine || (v && v->engine && !strcmp(v->engine->name, f->engine));
}

void cv_record_json_place(cv_json *j, const char *path, const cv_record *g)
{
    cv_json_key(j, "file");
    cv_json_str(j, cv_display_name(path));
    cv_json_key(j, "game");
    cv_json_int(j, g->number);
    cv_json_key(j, "line");
    cv_json_int(j, g->line);
    cv_json_key(j, "col");
    cv_json_int(j, g->col);
}

/* A tag's name and index, sorted to find repeats without a quadratic
 * search by name. */
typedef struct named {
    const char *name;
    size_t i;
} named;

static int by_name(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* repeat[i]: tag i has a name an earlier tag has; NULL when out of memory,
 * and then the caller asks cv_game_tag_value (slow but right). */
static unsigned char *repeats_of(const cv_record *g)
{
    named *v = malloc(sizeof *v * (g->ntags ? g->ntags : 1));
    unsigned char *rep = calloc(g->ntags ? g->ntags : 1, 1);
    if (!v || !rep) {
        free(v);
        free(rep);
        return NULL;
    }
    for (size_t i = 0; i < g->ntags; i++) v[i] = (named){ g->tags[i].name, i };
    qsort(v, g->ntags, sizeof *v, by_name);
    for (size_t k = 1; k < g->ntags; k++)
        if (!strcmp(v[k - 1].name, v[k].name)) rep[v[k].i] = 1;
    free(v);
    return rep;
}

void cv_record_json_tags(cv_json *j, const cv_record *g, int repeats)
{
    unsigned char *rep = repeats_of(g);
    size_t dups = 0;
    cv_json_key(j, "tags");
    cv_json_begin_object(j);
    for (size_t i = 0; i < g->ntags; i++) {
        int r = rep ? rep[i] : cv_game_tag_value(g, g->tags[i].name) != g->tags[i].value;
        dups += r;
        if (r) continue;
        cv_json_key(j, g->tags[i].name);
        cv_json_str(j, g->tags[i].value);
    }
    cv_json_end_object(j);
    if (repeats && dups) {
        cv_json_key(j, "duplicate_tags");
        cv_json_begin_array(j);
        for (size_t i = 0; i < g->ntags; i++) {
            if (rep ? !rep[i] : cv_game_tag_value(g, g->tags[i].name) == g->tags[i].value) continue;
            cv_json_begin_array(j);
            cv_json_str(j, g->tags[i].name);
            cv_json_str(j, g->tags[i].value);
            cv_json_end_array(j);
        }
        cv_json_end_array(j);
    }
    free(rep);
}

/* ---- the reader ---- */

/* The lines of buf as they pass: is one a listing's header?  Only a line's
 * first bytes are kept, as a header is short. */
static void scan_lines(cv_record_reader *r, const char *buf, size_t n)
{
    const char *p = buf, *end = buf + n;
    while (p < end && !r->saw_header) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        size_t k = (size_t)(e - p);
        if (r->nline < sizeof r->line) {
            size_t room = sizeof r->line - r->nline;
            memcpy(r->line + r->nline, p, k < room ? k : room);
        }
        r->nline += k;
        if (!nl) break;
        size_t len = r->nline;
        if (len && len <= sizeof r->line && r->line[len - 1] == '\r') len--;
        if (len <= sizeof r->line && cv_gamelist_header_line(r->line, len)) r->saw_header = 1;
        r->nline = 0;
        p = nl + 1;
    }
}

static ssize_t cookie_read(void *c, char *buf, size_t size)
{
    cv_record_reader *r = c;
    size_t k;
    if (r->off < r->npeek) {
        k = r->npeek - r->off < size ? r->npeek - r->off : size;
        memcpy(buf, r->peek + r->off, k);
        r->off += k;
    } else {
        k = fread(buf, 1, size, r->under);
        if (k == 0 && ferror(r->under)) return -1;
    }
    if (r->scan) scan_lines(r, buf, k);
    return (ssize_t)k;
}

cv_record_reader *cv_record_open(FILE *f, const char *path, cv_diag *d, unsigned flags, const cv_record_format *fmt,
                                 int skip_unknown, int *unknown)
{
    if (unknown) *unknown = 0;
    cv_record_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->under = f;
    r->in = f;
    if (!fmt) {
        while (r->npeek < PEEK) {
            size_t k = fread(r->peek + r->npeek, 1, PEEK - r->npeek, f);
            if (k == 0) break;
            r->npeek += k;
        }
        int shared = 0;
        const cv_record_format *by_name = skip_unknown && path ? by_suffix(path, r->peek, r->npeek, &shared) : NULL;
        if (!by_name && shared) {
            if (unknown) *unknown = 1;
            free(r);
            return NULL;
        }
        fmt = by_name ? by_name : cv_record_sniff(r->peek, r->npeek);
        if (!fmt) fmt = formats[0];
        r->scan = fmt == &cv_pgn_format;
        cookie_io_functions_t io = { .read = cookie_read };
        if (!(r->in = fopencookie(r, "r", io))) {
            free(r);
            return NULL;
        }
    }
    r->f = fmt;
    r->path = path;
    r->d = d;
    r->flags = flags;
    if (!(r->rd = fmt->open(r->in, path, d, flags))) {
        if (r->in != f) fclose(r->in);
        free(r);
        return NULL;
    }
    return r;
}

const cv_record_format *cv_record_reader_format(const cv_record_reader *r) { return r->f; }

int cv_record_next(cv_record_reader *r, cv_record *g)
{
    r->served = 1;
    int k = r->broken ? 0 : r->f->next(r->rd, g);
    if (k) {
        r->bad += g->errors > 0;
    } else if (!r->ended) {
        r->ended = 1;
        /* games read as PGN with errors, and a listing's header in the
         * text (a manual with its sample games): the format was surely
         * guessed wrong, and the user may not know of --input.  (A
         * listing's moves are no PGN error to a reader that leaves them
         * to the replay, so one game with errors is enough.) */
        cv_record__hint(r, r->d, r->bad);
    }
    return k;
}

void cv_record__hint(cv_record_reader *r, cv_diag *d, long bad)
{
    if (!r->scan || !r->saw_header || !bad || r->hinted) return;
    r->hinted = 1;
    cv_report(d, CV_NOTE, r->path, 0, 0,
              "read as PGN, with errors; a line is a Parmen listing's WHITE/BLACK header: try --input gamelist");
}

int cv_record_io_error(const cv_record_reader *r) { return r->f->io_error(r->rd) || ferror(r->under); }
int cv_record_ended(const cv_record_reader *r) { return r->ended; }

void cv_record_close(cv_record_reader *r)
{
    if (!r) return;
    cv_record__splitter_free(r);
    r->f->close(r->rd);
    if (r->in != r->under) fclose(r->in);
    free(r);
}
