/* record: the format table and the reader every tool opens (record.h).
 * The bytes looked at to know the format are handed back to the format's
 * reader in front of the rest of the stream (source.h), as a pipe cannot
 * seek back to them. */
#include "record.h"
#include "chunks.h"
#include "decompress.h"
#include "gamelist.h"
#include "reader_int.h"
#include "stdout.h"
#include "engine.h"
#include "json.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

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

/* A compressed file's name is that of its text with the compression's
 * suffix after it ("x.pgn.gz"). */
static int ends_in(const char *path, const char *suffix)
{
    size_t n = strlen(path) - cv_compression_suffix(path), k = suffix ? strlen(suffix) : 0;
    return k && n >= k && !strncasecmp(path + n - k, suffix, k);
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

/* Could the line starting at s be a listing's header?  Its first byte
 * tells for nearly every line of a PGN file, cheaply. */
static int may_be_header(unsigned char c)
{
    return c == 'W' || c == 'w' || c == 'B' || c == 'b' || c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

/* The line s[0, n) as the header check takes it: a line longer than max
 * (its CR counted) is none, and a CR before its end is dropped. */
static int header_line(const char *s, size_t n, size_t max)
{
    if (n > max) return 0;
    if (n && s[n - 1] == '\r') n--;
    return cv_gamelist_header_line(s, n);
}

/* The lines of buf as they pass: is one a listing's header?  A line
 * within buf is looked at where it stands; only a line cut by the end of
 * buf has its first bytes kept, as a header is short. */
static void scan_lines(cv_record_reader *r, const char *buf, size_t n)
{
    const char *p = buf, *end = buf + n;
    while (p < end && !r->saw_header) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        size_t k = (size_t)(e - p);
        if (r->nline || !nl) {
            if (r->nline < sizeof r->line) {
                size_t room = sizeof r->line - r->nline;
                memcpy(r->line + r->nline, p, k < room ? k : room);
            }
            r->nline += k;
            if (!nl) break;
            if (header_line(r->line, r->nline, sizeof r->line)) r->saw_header = 1;
            r->nline = 0;
        } else if (k && may_be_header((unsigned char)*p) && header_line(p, k, sizeof r->line)) {
            r->saw_header = 1;
        }
        p = nl + 1;
    }
}

static size_t scan_read(cv_source *s, char *buf, size_t n)
{
    cv_record_reader *r = (cv_record_reader *)(void *)((char *)s - offsetof(cv_record_reader, scan_src));
    size_t k = cv_source_read(&r->sniffed.s, buf, n);
    s->err = r->sniffed.s.err;
    scan_lines(r, buf, k);
    return k;
}

/* The offset of a regular file's stream, or -1: a pipe is read once. */
static long long seekable_at(FILE *f)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    off_t at = ftello(f);
    return at < 0 ? -1 : (long long)at;
}

/* The lines of a file read again from where the reader started, for the
 * hint at the end: a clean file is not looked at at all.  The stream is
 * left at the end, its error flag as it was. */
static void scan_again(cv_record_reader *r)
{
    FILE *f = r->under;
    int had_error = ferror(f);
    char buf[1 << 14];
    size_t k;
    if (fseeko(f, (off_t)r->scan_from, SEEK_SET) != 0) return;
    r->nline = 0;
    while (!r->saw_header && (k = fread(buf, 1, sizeof buf, f)) > 0) scan_lines(r, buf, k);
    if (!had_error) clearerr(f);
    fseeko(f, 0, SEEK_END);
    r->scan_from = -1;  /* once */
}

cv_record_reader *cv_record_open(FILE *f, const char *path, cv_diag *d, unsigned flags, const cv_record_format *fmt,
                                 int skip_unknown, int *unknown)
{
    if (unknown) *unknown = 0;
    cv_record_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->scan_from = fmt ? -1 : seekable_at(f);
    r->under = f;
    r->in = cv_file_source_init(&r->file, f);
    if (!fmt) {
        r->npeek = cv_source_read(r->in, r->peek, PEEK);
        int shared = 0;
        const cv_record_format *by_name = skip_unknown && path ? by_suffix(path, r->peek, r->npeek, &shared) : NULL;
        if (!by_name && shared) {
            if (unknown) *unknown = 1;
            free(r);
            return NULL;
        }
        fmt = by_name ? by_name : cv_record_sniff(r->peek, r->npeek);
        if (!fmt) fmt = formats[0];
        r->in = cv_mem_source_init(&r->sniffed, r->peek, r->npeek, &r->file.s);
        /* a text taken for PGN may be a listing's manual: see the hint */
        r->scan = fmt == &cv_pgn_format;
        if (r->scan && r->scan_from < 0) {
            r->scan_src = (cv_source){ .read = scan_read };
            r->in = &r->scan_src;
        }
    }
    r->f = fmt;
    r->path = path;
    r->d = d;
    r->flags = flags;
    if (!(r->rd = fmt->open(r->in, path, d, flags))) {
        free(r);
        return NULL;
    }
    return r;
}

const cv_record_format *cv_record_reader_format(const cv_record_reader *r) { return r->f; }

int cv_record_next(cv_record_reader *r, cv_record *g)
{
    cv_stdout_check();
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
    if (!r->scan || !bad || r->hinted) return;
    if (!r->saw_header && r->scan_from >= 0) scan_again(r);
    if (!r->saw_header) return;
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
    free(r);
}

static const char *const layouts[] = { "clean", "parmen", NULL };

int cv_record_layout_find(const char *name)
{
    for (int i = 0; layouts[i]; i++)
        if (!strcmp(layouts[i], name)) return i;
    return -1;
}

const char *cv_record_layout_names(void) { return "clean, parmen"; }
