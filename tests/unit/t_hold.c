/* t_hold: a held game (hold.h) equals the reader's in every field a
 * caller reads, whether its strings were copied as one block (a PGN
 * reader's arena) or one at a time (any other reader, or a game whose
 * strings do not all lie in the block).
 *
 * Every game of the chess PGN corpus, the Tri-D listings and the Panoply
 * logs is held both ways and compared field by field, texts by content
 * and the pointer relations the promise names by identity. */
#include "cvkit.h"
#include "hold.h"
#include "record.h"
#include "tap.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static int same_str(const char *a, const char *b) { return (!a && !b) || (a && b && !strcmp(a, b)); }

/* What differs between the reader's game g and its copy h, or NULL. */
static const char *differ(const cv_record *g, const cv_record *h)
{
    if (h->number != g->number || h->line != g->line || h->col != g->col) return "number or place";
    if (h->ntags != g->ntags || h->ntokens != g->ntokens || h->nmainline != g->nmainline || h->nissues != g->nissues)
        return "counts";
    if (h->errors != g->errors || h->warnings != g->warnings || h->skipped != g->skipped) return "problem counts";
    for (size_t i = 0; i < g->ntags; i++) {
        if (!same_str(h->tags[i].name, g->tags[i].name) || !same_str(h->tags[i].value, g->tags[i].value))
            return "a tag";
        if (h->tags[i].value == g->tags[i].value) return "a tag value still the reader's";
    }
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *a = &g->tokens[i], *b = &h->tokens[i];
        if (a->kind != b->kind || a->depth != b->depth || a->nag != b->nag || a->color != b->color ||
            a->at != b->at || a->number != b->number || a->len != b->len || a->normalized != b->normalized)
            return "a token's fields";
        long al, ac, bl, bc;
        cv_game_where(g, a->at, &al, &ac);
        cv_game_where(h, b->at, &bl, &bc);
        if (al != bl || ac != bc) return "a token's line or column";
        if ((a->text == NULL) != (b->text == NULL) || (a->text && memcmp(a->text, b->text, a->len + 1)))
            return "a token's text";
        if (a->text && a->text == b->text) return "a token's text still the reader's";
        if (!same_str(a->suffix, b->suffix) || !same_str(a->norm, b->norm)) return "a suffix or norm";
        if ((a->norm == a->text) != (b->norm == b->text)) return "norm no longer the text itself";
    }
    if (h->nlines != g->nlines || (g->nlines && h->lines == g->lines)) return "the lines table not copied";
    for (size_t i = 0; i < g->nmainline; i++)
        if (h->mainline[i] != g->mainline[i]) return "the main line";
    if ((g->result == NULL) != (h->result == NULL) || (g->result && h->result - h->tokens != g->result - g->tokens))
        return "the result token";
    if (!same_str(h->result_text, g->result_text)) return "the result text";
    if (g->result && g->result_text == g->result->text && h->result_text != h->result->text)
        return "the result text not the result token's";
    for (size_t i = 0; i < g->nissues; i++)
        if (h->issues[i].line != g->issues[i].line || strcmp(h->issues[i].msg, g->issues[i].msg)) return "an issue";
    if (h->rawlen != g->rawlen || (g->raw && memcmp(h->raw, g->raw, g->rawlen))) return "the raw text";
    return NULL;
}

typedef struct tally {
    long games, block, apart, bad;
    char first[300];
} tally;

static void check_file(const char *path, const char *format, tally *t)
{
    FILE *f = fopen(path, "r");
    if (!f) return;
    FILE *sink = fopen("/dev/null", "w");
    cv_diag quiet = { .out = sink, .quiet_warnings = 1 };    /* the malformed files' errors */
    cv_record_reader *r = cv_record_open(f, path, &quiet, CV_RECORD_KEEP_RAW, cv_record_format_find(format), 0, NULL);
    cv_record g;
    while (r && cv_record_next(r, &g) == 1) {
        t->games++;
        for (int way = 0; way < 2; way++) {
            cv_record in = g;
            if (way) in.strings = NULL;     /* one string at a time */
            size_t bytes = 0;
            cv_record *h = cv_record_hold(&in, &bytes);
            const char *why = h ? differ(&g, h) : "out of memory";
            if (h && bytes == 0) why = "no size";
            if (h && h->strings) t->block++;
            else if (h) t->apart++;
            if (why && !t->bad++) snprintf(t->first, sizeof t->first, "%.200s game %ld (%s): %s", path, g.number,
                                           way ? "apart" : "as it comes", why);
            free(h);
        }
    }
    if (r) cv_record_close(r);
    fclose(f);
    if (sink) fclose(sink);
}

/* The files of dir ending in suffix whose names hold `part` ("" any). */
static void check_dir(const char *dir, const char *suffix, const char *part, const char *format, tally *t)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name), k = strlen(suffix);
        if (n <= k || strcmp(e->d_name + n - k, suffix) || !strstr(e->d_name, part)) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        check_file(path, format, t);
    }
    closedir(d);
}

int main(void)
{
    tally pgn = { 0 }, other = { 0 };
    check_dir("corpus/chess/pgn", ".pgn", "", "pgn", &pgn);
    check_dir("corpus/chess/malformed", ".pgn", "", "pgn", &pgn);
    TAP_OK(pgn.games >= 100 && pgn.bad == 0, "PGN: %ld games held both ways equal the reader's", pgn.games);
    if (pgn.bad) printf("#   %ld differ, first %s\n", pgn.bad, pgn.first);
    /* a PGN game's strings all lie in the reader's arena: copied whole */
    TAP_IS_INT(pgn.block, pgn.games, "PGN: every game's strings copied as one block");
    TAP_IS_INT(pgn.apart, pgn.games, "PGN: and every game copied a string at a time when told");

    check_dir("corpus/trid", ".txt", "gamelist", "gamelist", &other);
    check_dir("corpus/panoply", ".txt", "game", "gclog", &other);
    check_dir("corpus/panoply", ".txt", "sample", "gclog", &other);
    TAP_OK(other.games >= 3 && other.bad == 0, "listings and logs: %ld games held equal the reader's", other.games);
    if (other.bad) printf("#   %ld differ, first %s\n", other.bad, other.first);
    TAP_IS_INT(other.block, 0L, "listings and logs: their strings copied one at a time");
    return tap_done();
}
