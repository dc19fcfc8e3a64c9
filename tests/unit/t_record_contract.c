/* t_record_contract: the record-format contract (lib/record.h,
 * docs/cvkit-engines.7, RECORD FORMATS), checked the same way for every
 * format in the library's table, through cvkit.h alone.
 *
 * For each format (the table of cases below must name exactly the formats
 * cv_record_format_names() lists, so a new format fails here until it has
 * its case):
 *  1. it is found by its name, and the content of its bundled corpus file
 *     is recognised as it, surely (sniff 3), also when a directory walk
 *     meets the file;
 *  2. that file reads with no problem, the games numbered from 1, the
 *     first game's main line as written (its length, first and last
 *     move), and diagnostics name that game as the format says;
 *  3. kept raw, the games' bytes in order are the input but for what
 *     follows the last game (so a game that cannot be converted is
 *     written out byte for byte, as cv-convert does);
 *  4. its writer's text of the first game reads back in the same format
 *     as the same game (tags, main line, result) and is written again
 *     byte for byte: a round trip is a fixed point (and a corpus file in
 *     the writer's layout comes back as it is);
 *  5. a malformed game is reported as FILE:LINE:COL: error: game N: ...
 *     (exact text), the game is still returned with its errors, and the
 *     next game is read;
 *  6. with CV_RECORD_STRICT, a deviation the reader tolerates becomes an
 *     error at its line and column (a format that tolerates nothing, a
 *     Game Courier log, gives the same error either way);
 *  7. the variants it holds: a game of its own rules fits it, and whether
 *     a chess game does is the format's to say;
 *  8. reading on several threads is offered whole (split, resume and mark
 *     all set) or not at all.
 * Run from the repository root with CVKIT_SPECS=$PWD/specs (as `make
 * check` does). */
#include "cvkit.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *format;     /* its name in the table */
    const char *corpus;     /* its bundled corpus file */
    long games;             /* games in it */
    size_t moves;           /* main-line moves of its first game */
    const char *first, *last;
    const char *ident;      /* how diagnostics name its first game */
    size_t trailer;         /* bytes after its last game (not in any raw text) */
    int keeps_raw;          /* CV_RECORD_KEEP_RAW gives the bytes */
    int chess_fits;         /* a chess game can be written in it */
    int splits;             /* read on several threads */
    int canonical;          /* the corpus file is in the writer's layout */
    /* a malformed first game, then a good one: the diagnostics exactly,
     * as read from a file called "bad" */
    const char *bad, *bad_diag;
    long bad_errors;        /* errors kept in the malformed game */
    /* a tolerated deviation: what is printed without, then with STRICT */
    const char *lax, *lax_warn, *lax_strict;
} record_case;

static const record_case cases[] = {
    { .format = "pgn", .corpus = "corpus/doublechess/short-williams-1999.pgn", .games = 1, .moves = 70,
      .first = "d4", .last = "Qn3", .ident = "game 1 (? - ?)", .trailer = 1, .keeps_raw = 1, .chess_fits = 1,
      .splits = 1, .canonical = 0,
      .bad = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 ) Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n",
      .bad_diag = "bad:3:17: error: game 1: unexpected ')' with no open variation\n", .bad_errors = 1,
      .lax = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n",
      .lax_warn = "lax:3:35: warning: game 1: castling written with zeros '0-0'; read as 'O-O'\n",
      .lax_strict = "lax:3:35: error: game 1: castling written with zeros '0-0'; read as 'O-O'\n" },
    { .format = "gamelist", .corpus = "corpus/trid/game1-gamelist.txt", .games = 1, .moves = 69,
      .first = "Pc2-c4(2)", .last = "Qd7xe8(7)", .ident = "game 1", .trailer = 0, .keeps_raw = 1, .chess_fits = 0,
      .splits = 0, .canonical = 0,
      .bad = "WHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)\n2.  Pc4xd5(6) \x01\n\nWHITE  BLACK\n1.  Pc2-c4(2)\n",
      .bad_diag = "bad:3:15: error: game 1: control character 0x01; line skipped\n", .bad_errors = 1,
      .lax = "WHITE  BLACK\n1.  Pc2-c4(2)  Pd7-d5(6)\n3.  Pc4xd5(6)\n",
      .lax_warn = "lax:3:1: warning: game 1: move number 3. out of sequence: expected 2.\n",
      .lax_strict = "lax:3:1: error: game 1: move number 3. out of sequence: expected 2.\n" },
    /* a Game Courier log tolerates nothing: strict changes nothing */
    { .format = "gclog", .corpus = "corpus/panoply/sample-log.txt", .games = 1, .moves = 5, .first = "P e6-e7",
      .last = "R a7-a10", .ident = "game 1 (White - Black)", .trailer = 0, .keeps_raw = 1, .chess_fits = 0,
      .splits = 0, .canonical = 1,
      .bad = "1. P e6-e7\n1... p e9-e8\nfoo bar\n1/2-1/2\n1. P e6-e7\n1-0\n",
      .bad_diag = "bad:3:1: error: game 1: unrecognized line: 'foo bar'\n", .bad_errors = 1,
      .lax = "1. P e6-e7\n1 p e9-e8\n",
      .lax_warn = "lax:2:1: error: game 1: unrecognized line: '1 p e9-e8'\n",
      .lax_strict = "lax:2:1: error: game 1: unrecognized line: '1 p e9-e8'\n" },
};
#define NCASES (sizeof cases / sizeof cases[0])

/* ---- helpers ---- */

/* The bytes of a file, NUL-terminated (n without it); NULL when it cannot
 * be read. */
static char *slurp(const char *path, size_t *n)
{
    char *buf = NULL;
    FILE *f = fopen(path, "rb"), *m = f ? open_memstream(&buf, n) : NULL;
    for (int c; m && (c = getc(f)) != EOF;) putc(c, m);
    int ok = f && m && !ferror(f);
    if (m) fclose(m);
    if (f) fclose(f);
    if (!ok) free(buf);
    return ok ? buf : NULL;
}

/* What a game is, for comparing two readings of it: its tags, its main
 * line and its result, one per line. */
static void summary(const cv_record *g, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; i < g->ntags && k < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "[%s \"%s\"]\n", g->tags[i].name, g->tags[i].value);
    for (size_t i = 0; i < g->nmainline && k < size; i++)
        k += (size_t)snprintf(buf + k, size - k, "%s%s", i ? " " : "", g->tokens[g->mainline[i]].text);
    if (k < size) snprintf(buf + k, size - k, "\n%s\n", g->result_text ? g->result_text : "(none)");
}

/* Everything one reading gives, copied before the reader moves on. */
typedef struct {
    long games, errors, warnings, numbered;     /* numbered: games numbered 1..N in order */
    char *raw;                                  /* the raw texts joined */
    size_t rawlen;
    int raw_missing;                            /* a game came without its bytes */
    char first_summary[16384];
    size_t moves1;
    char first1[64], last1[64], ident1[128];
    char *written;                              /* the writer's text of game 1 */
    size_t wlen;
    long errors1;                               /* errors kept in game 1 */
    char *diag;                                 /* the diagnostics printed */
    size_t dlen;
    const cv_record_format *fmt;                /* the format the reader read */
    int unknown;
} reading;

static void reading_free(reading *r)
{
    free(r->raw);
    free(r->written);
    free(r->diag);
}

/* Reads text (n bytes) named path, in fmt (NULL: as sniffed), with
 * flags; the first game is also written by the format's writer. */
static int read_all(const char *text, size_t n, const char *path, const cv_record_format *fmt, unsigned flags,
                    int walked, const cv_variant *chess, reading *r)
{
    memset(r, 0, sizeof *r);
    FILE *in = n ? fmemopen((void *)text, n, "r") : tmpfile();
    FILE *raw = open_memstream(&r->raw, &r->rawlen);
    FILE *dout = open_memstream(&r->diag, &r->dlen);
    if (!in || !raw || !dout) return -1;
    cv_diag d = { .out = dout };
    cv_record_reader *rd = cv_record_open(in, path, &d, flags, fmt, walked, &r->unknown);
    r->numbered = 1;
    if (rd) {
        r->fmt = cv_record_reader_format(rd);
        cv_record g;
        while (cv_record_next(rd, &g) == 1) {
            r->games++;
            if (g.number != r->games) r->numbered = 0;
            if (g.raw) fwrite(g.raw, 1, g.rawlen, raw);
            else r->raw_missing = 1;
            if (r->games == 1) {
                summary(&g, r->first_summary, sizeof r->first_summary);
                r->moves1 = g.nmainline;
                r->errors1 = g.errors;
                if (g.nmainline) {
                    snprintf(r->first1, sizeof r->first1, "%s", g.tokens[g.mainline[0]].text);
                    snprintf(r->last1, sizeof r->last1, "%s", g.tokens[g.mainline[g.nmainline - 1]].text);
                }
                r->fmt->ident(&g, r->ident1, sizeof r->ident1);
                FILE *w = open_memstream(&r->written, &r->wlen);
                cv_record_meta meta = { .variant = cv_record_variant(r->fmt, chess) };
                if (!w || r->fmt->write(w, &g, NULL, &meta) != 0) return -1;
                fclose(w);
            }
        }
        cv_record_close(rd);
    }
    r->errors = d.errors;
    r->warnings = d.warnings;
    fclose(in);
    fclose(raw);
    fclose(dout);
    return rd ? 0 : -1;
}

/* ---- the contract, for one format ---- */

static void contract(const record_case *c, const cv_variant *chess)
{
    const char *F = c->format;
    const cv_record_format *fmt = cv_record_format_find(F);
    TAP_OK(fmt != NULL && !strcmp(fmt->name, F), "%s: found by its name", F);
    if (!fmt) return;

    /* 1. recognised from the content, surely */
    size_t n;
    char *text = slurp(c->corpus, &n);
    TAP_OK(text != NULL && n > 0, "%s: read %s", F, c->corpus);
    if (!text) return;
    TAP_IS_INT(fmt->sniff(text, n < 4096 ? n : 4096), 3, "%s: %s: its sniff is sure", F, c->corpus);
    TAP_OK(cv_record_sniff(text, n < 4096 ? n : 4096) == fmt, "%s: %s is recognised as %s", F, c->corpus, F);

    /* 2. the corpus file, as sniffed, kept raw, as a directory walk meets it */
    reading r;
    int rc = read_all(text, n, c->corpus, NULL, CV_RECORD_KEEP_RAW, 1, chess, &r);
    TAP_OK(rc == 0 && r.fmt == fmt && !r.unknown, "%s: %s opened as %s on a directory walk", F, c->corpus, F);
    TAP_IS_INT(r.games, c->games, "%s: %s: games", F, c->corpus);
    TAP_OK(r.numbered, "%s: %s: games numbered 1..%ld in order", F, c->corpus, r.games);
    TAP_IS_INT(r.errors + r.warnings, 0, "%s: %s: no problem", F, c->corpus);
    TAP_IS_STR(r.diag ? r.diag : "", "", "%s: %s: nothing printed", F, c->corpus);
    TAP_IS_INT(r.moves1, c->moves, "%s: %s: main-line moves of game 1", F, c->corpus);
    TAP_IS_STR(r.first1, c->first, "%s: %s: first move of game 1", F, c->corpus);
    TAP_IS_STR(r.last1, c->last, "%s: %s: last move of game 1", F, c->corpus);
    TAP_IS_STR(r.ident1, c->ident, "%s: diagnostics name game 1 so", F);

    /* 3. the raw texts, joined, are the input but its trailer */
    TAP_IS_INT(!r.raw_missing, c->keeps_raw, "%s: every game comes with its bytes", F);
    if (c->keeps_raw) {
        TAP_IS_INT(r.rawlen, n - c->trailer, "%s: raw texts: %zu bytes of %zu", F, r.rawlen, n);
        TAP_OK(r.rawlen <= n && !memcmp(r.raw, text, r.rawlen), "%s: raw texts: the input byte for byte", F);
    }

    /* 4. the writer's text reads back as the same game and is a fixed point
     * (and a file in the writer's layout is written back as it is) */
    TAP_IS_INT(r.wlen == r.rawlen && r.written && r.raw && !memcmp(r.written, r.raw, r.wlen), c->canonical,
               "%s: %s is%s in the writer's layout", F, c->corpus, c->canonical ? "" : " not");
    reading back;
    rc = read_all(r.written, r.wlen, "written", fmt, 0, 0, chess, &back);
    TAP_OK(rc == 0 && back.games == 1 && back.errors + back.warnings == 0, "%s: the written game reads back, no problem",
           F);
    TAP_IS_STR(back.first_summary, r.first_summary, "%s: written and read back: same tags, main line and result", F);
    TAP_OK(back.wlen == r.wlen && back.written && !memcmp(back.written, r.written, r.wlen),
           "%s: written again: the same %zu bytes", F, r.wlen);
    if (back.wlen != r.wlen || !back.written || memcmp(back.written, r.written, r.wlen))
        printf("# first:\n%s# second:\n%s", r.written, back.written ? back.written : "");
    reading_free(&back);
    reading_free(&r);
    free(text);

    /* 5. a malformed game: reported at its place, kept, and reading goes on */
    rc = read_all(c->bad, strlen(c->bad), "bad", fmt, 0, 0, chess, &r);
    TAP_OK(rc == 0, "%s: malformed: read", F);
    TAP_IS_STR(r.diag ? r.diag : "", c->bad_diag, "%s: malformed: FILE:LINE:COL diagnostics", F);
    TAP_IS_INT(r.errors1, c->bad_errors, "%s: malformed: the game is returned with its errors", F);
    TAP_IS_INT(r.games, 2, "%s: malformed: the next game is read", F);
    reading_free(&r);

    /* 6. strict turns a tolerated deviation into an error */
    rc = read_all(c->lax, strlen(c->lax), "lax", fmt, 0, 0, chess, &r);
    TAP_IS_STR(rc == 0 && r.diag ? r.diag : "", c->lax_warn, "%s: tolerated deviation: a warning", F);
    reading_free(&r);
    rc = read_all(c->lax, strlen(c->lax), "lax", fmt, CV_RECORD_STRICT, 0, chess, &r);
    TAP_IS_STR(rc == 0 && r.diag ? r.diag : "", c->lax_strict, "%s: with CV_RECORD_STRICT: an error", F);
    reading_free(&r);

    /* 7. the variants it holds */
    const cv_variant *own = cv_record_variant(fmt, chess);
    TAP_OK(own != NULL && cv_record_format_fits(fmt, own), "%s: holds games of %s", F, own ? own->name : "(none)");
    TAP_IS_INT(cv_record_format_fits(fmt, chess), c->chess_fits, "%s: holds chess games", F);

    /* 8. several threads: all of it or nothing */
    int parts = !!fmt->split + !!fmt->resume + !!fmt->mark;
    TAP_IS_INT(parts, c->splits ? 3 : 0, "%s: split, resume and mark: all set or none", F);
}

int main(void)
{
    cv_variant *chess = cv_variant_find("chess", NULL);
    TAP_OK(chess != NULL, "the chess spec (CVKIT_SPECS)");
    if (!chess) return tap_done();

    /* the cases name the formats of the table, in its order */
    char names[256] = "";
    for (size_t i = 0; i < NCASES; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", cases[i].format);
    TAP_IS_STR(cv_record_format_names(), names, "a case for every record format");

    for (size_t i = 0; i < NCASES; i++) contract(&cases[i], chess);
    cv_variant_free(chess);
    return tap_done();
}
