/* fuzz_record: arbitrary bytes through the record interface as the tools
 * use it: the format recognised from the content (and each format forced),
 * every game replayed by the one replay walk under the format's rules
 * (each in its own notation: its Notation tag, or its moves' shape),
 * then written in every format, a listing in both layouts (clean and
 * Parmen's), and read back in that format, which must
 * give the same number of games and, for a game that replayed, the same
 * main-line moves replaying to the same end. */
#include "cvkit.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cv_variant *chess;

typedef struct seen {
    int plies, bad, mate;
    char final[2048];
} seen;

/* The rules of a format's games, looked up once: the rules of a format
 * whose engine has no spec in the tree would be looked up again (and
 * fail with a message) for every game. */
static const cv_variant *rules(const cv_record_format *f)
{
    static const cv_record_format *fmt[8];
    static const cv_variant *v[8];
    static int n;
    for (int i = 0; i < n; i++)
        if (fmt[i] == f) return v[i];
    const cv_variant *r = cv_record_variant(f, chess);
    if (n < 8) fmt[n] = f, v[n++] = r;
    return r;
}

static void replay(const cv_record_format *f, const cv_record *g, char **texts, seen *out)
{
    static cv_replayer *rp;
    if (!rp) rp = cv_replayer_new();
    const cv_variant *v, *deflt = rules(f);
    static cv_apos start, final;
    char why[300];
    long line, col;
    memset(out, 0, sizeof *out);
    out->bad = -1;
    if (!deflt || cv_replay_start(g, deflt, &v, &start, why, sizeof why, &line, &col) < 0) return;
    /* the game's own notation: its Notation tag, or its moves' shape */
    int nt = cv_replay_notation(g, v, NULL, why, sizeof why, &line, &col);
    if (nt < 0) return;
    cv_replayer_set_notation(rp, nt);
    cv_replayer_set_marks(rp, f->marks_warn ? CV_MARKS_WARN : CV_MARKS_IGNORE);
    cv_replayer_set_numbers(rp, f->numbered);
    cv_replay_result res;
    out->bad = cv_replay(rp, g, &start, NULL, NULL, &res, &final);
    out->plies = res.plies;
    out->mate = res.mate;
    if (res.mainline_complete) cv_any_write(&final, 0, out->final, sizeof out->final);
    (void)texts;
}

static void each(const uint8_t *data, size_t size, const cv_record_format *force)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f) return;
    cv_record_reader *r = cv_record_open(f, "fuzz", NULL, CV_RECORD_KEEP_RAW, force, 0, NULL);
    if (!r) abort();
    const cv_record_format *fin = cv_record_reader_format(r);
    if (force && fin != force) abort();
    cv_record g;
    long n = 0;
    while (cv_record_next(r, &g) == 1) {
        if (g.number != ++n || (size_t)n > size + 1) abort();
        for (size_t i = 0; i < g.nmainline; i++)
            if (g.mainline[i] >= g.ntokens) abort();
        seen a;
        replay(fin, &g, NULL, &a);
        if (a.bad != 0 || g.errors) continue;
        /* a game that replayed: written in every format (a listing in
         * both layouts), read back the same */
        static const char *const outs[] = { "pgn", "gamelist", "gclog", "gamelist" };
        for (size_t k = 0; k < sizeof outs / sizeof *outs; k++) {
            const cv_record_format *fo = cv_record_format_find(outs[k]);
            if (fo->engine && strcmp(rules(fin)->engine->name, fo->engine)) continue;
            char *out = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&out, &len);
            cv_record_meta meta = { .variant = rules(fin), .layout = k == 3 ? CV_LAYOUT_PARMEN : CV_LAYOUT_CLEAN };
            if (fo->write(m, &g, NULL, &meta) != 0) abort();
            fclose(m);
            if (meta.dropped) {
                free(out);
                continue;   /* variations a listing cannot hold: not the same game */
            }
            FILE *in = fmemopen(out, len ? len : 1, "r");
            cv_record_reader *r2 = in ? cv_record_open(in, "back", NULL, 0, fo, 0, NULL) : NULL;
            cv_record g2;
            if (!r2 || cv_record_next(r2, &g2) != 1) abort();
            seen b;
            replay(fo, &g2, NULL, &b);
            if (g2.nmainline != g.nmainline || b.plies != a.plies || b.mate != a.mate || strcmp(a.final, b.final))
                abort();
            cv_record_close(r2);
            fclose(in);
            free(out);
        }
    }
    cv_record_close(r);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!chess && !(chess = cv_variant_cached("chess", NULL))) abort();
    each(data, size, NULL);
    each(data, size, cv_record_format_find("pgn"));
    each(data, size, cv_record_format_find("gamelist"));
    each(data, size, cv_record_format_find("gclog"));
    return 0;
}
