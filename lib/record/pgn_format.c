/* PGN behind the record interface (record.h): the streaming reader of
 * pgn.c and the export-format writer of pgnwrite.c. */
#include "record.h"
#include "pgnwrite.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A tag pair first is PGN beyond doubt; movetext, a comment or an escape
 * line may be; anything else is not for this reader to claim. */
static int sniff(const char *b, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(b, "\xEF\xBB\xBF", 3)) i = 3;
    while (i < n && isspace((unsigned char)b[i])) i++;
    if (i == n) return 0;
    if (b[i] == '[') return 3;
    if (b[i] == '{' || b[i] == ';' || b[i] == '%') return 1;
    if (isdigit((unsigned char)b[i])) {
        while (i < n && isdigit((unsigned char)b[i])) i++;
        return i < n && b[i] == '.' ? 1 : 0;
    }
    return 0;
}

static void *resume(cv_source *src, const char *path, cv_diag *d, unsigned flags, const cv_record_mark *at)
{
    return cv_pgn_resume(src, path, d,
                         (flags & CV_RECORD_STRICT ? CV_PGN_STRICT : 0) |
                             (flags & CV_RECORD_KEEP_RAW ? CV_PGN_KEEP_RAW : 0) |
                             (flags & CV_RECORD_LEAN ? CV_PGN_LEAN : 0),
                         at);
}

static void *open_pgn(cv_source *src, const char *path, cv_diag *d, unsigned flags)
{
    return resume(src, path, d, flags, NULL);
}

static int mark(void *rd, cv_record_mark *m, const char **rest, size_t *n)
{
    return cv_pgn_mark_here(rd, m, rest, n);
}

static int next(void *rd, cv_record *g) { return cv_pgn_next(rd, g); }
static int io_error(void *rd) { return cv_pgn_io_error(rd); }
static void close_pgn(void *rd) { cv_pgn_close(rd); }

extern const cv_record_format cv_pgn_format;

/* A game from a format without tags or results gets what PGN needs to be
 * read back the same: the Variant tag when it is not chess, the result
 * its moves imply. */
static int write_pgn(FILE *out, const cv_record *g, char *const *texts, cv_record_meta *m)
{
    cv_record copy = *g;
    cv_tag *tags = NULL;
    const cv_variant *v = m ? m->variant : NULL;
    if (v && !cv_variant_is(v, cv_pgn_format.default_variant) && !cv_game_tag_value(g, "Variant")) {
        tags = malloc(sizeof *tags * (g->ntags + 1));
        if (!tags) return -1;
        if (g->ntags) memcpy(tags, g->tags, sizeof *tags * g->ntags);
        tags[g->ntags] = (cv_tag){ .name = "Variant", .value = v->name, .line = g->line, .col = g->col };
        copy.tags = tags;
        copy.ntags++;
    }
    if (!copy.result_text) {
        const char *rt = cv_game_tag_value(g, "Result");
        copy.result_text = rt ? rt : m && m->result ? m->result : "*";
    }
    cv_pgn_write(out, &copy, texts, 0);
    free(tags);
    return ferror(out) ? -1 : 0;
}

static size_t ident(const cv_record *g, char *buf, size_t size)
{
    const char *w = cv_game_tag_value(g, "White"), *b = cv_game_tag_value(g, "Black");
    const char *r = cv_game_tag_value(g, "Round");
    int n = snprintf(buf, size, "game %ld (%.120s - %.120s", g->number, w ? w : "?", b ? b : "?");
    if (r && *r && strcmp(r, "?") && strcmp(r, "-")) n += snprintf(buf + n, size - (size_t)n, ", round %.40s", r);
    n += snprintf(buf + n, size - (size_t)n, ")");
    return (size_t)n;
}

const cv_record_format cv_pgn_format = {
    .name = "pgn",
    .suffixes = ".pgn",
    .default_variant = "chess",     /* a game without a Variant tag */
    .sniff = sniff,
    .open = open_pgn,
    .next = next,
    .io_error = io_error,
    .close = close_pgn,
    .split = cv_pgn_split,
    .resume = resume,
    .mark = mark,
    .write = write_pgn,
    .ident = ident,
};
