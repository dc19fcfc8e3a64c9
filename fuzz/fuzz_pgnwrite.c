/* fuzz_pgnwrite: PGN read through the record interface (the "pgn" format
 * forced), each game replayed by the replay walk (chess unless its Variant
 * tag says otherwise), and a game that reads and replays without errors
 * written by the format's writer and read back.  Promises checked (abort()
 * when broken):
 *  - the written text is one game, read without errors, that replays
 *    without bad moves to the same number of plies;
 *  - its main line (depth 0) holds as many tokens of each kind as the
 *    game read (move numbers apart, which the writer makes from the
 *    moves; a move's "!?" suffix counts as the NAG it is written as, a
 *    missing result as the '*' written for it);
 *  - the same main-line moves (normalised text, colour, number), the same
 *    result;
 *  - the written text, read and written again, is byte-identical (fixed
 *    point). */
#include "cvkit.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const cv_variant *chess;
static const cv_record_format *pgn;
static cv_replayer *rp;

#define NKINDS 10

typedef struct summary {
    long kinds[NKINDS];
    size_t nmoves;
    char **moves;               /* "w 12 Nf3" for each main-line move */
    char *result;
    int plies;
} summary;

static void summary_free(summary *s)
{
    for (size_t i = 0; i < s->nmoves; i++) free(s->moves[i]);
    free(s->moves);
    free(s->result);
    memset(s, 0, sizeof *s);
}

static void summarise(const cv_record *g, summary *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        if (t->depth != 0 || (unsigned)t->kind >= NKINDS) continue;
        if (t->kind == CV_TOKEN_MOVE_NUMBER) continue;
        s->kinds[t->kind]++;
        if ((t->kind == CV_TOKEN_MOVE || t->kind == CV_TOKEN_NULL_MOVE) && t->nag) s->kinds[CV_TOKEN_NAG]++;
    }
    /* a missing result is written as the one assumed ('*') */
    if (!g->result) s->kinds[CV_TOKEN_RESULT]++;
    s->moves = calloc(g->nmainline + 1, sizeof *s->moves);
    if (!s->moves) abort();
    s->nmoves = g->nmainline;
    for (size_t i = 0; i < g->nmainline; i++) {
        const cv_token *t = &g->tokens[g->mainline[i]];
        size_t n = strlen(t->norm) + 32;
        s->moves[i] = malloc(n);
        if (!s->moves[i]) abort();
        snprintf(s->moves[i], n, "%c %ld %s", t->color, t->number, t->norm);
    }
    s->result = strdup(g->result_text ? g->result_text : "(none)");
    if (!s->result) abort();
}

/* 0 when the game replays with no bad move, its variant in *v. */
static int replay(const cv_record *g, const cv_variant **v, int *plies)
{
    static cv_apos start, final;
    char why[300];
    long line, col;
    if (cv_replay_start(g, chess, v, &start, why, sizeof why, &line, &col) < 0) return -1;
    cv_replay_result res;
    int bad = cv_replay(rp, g, &start, NULL, NULL, &res, &final);
    if (bad || !res.mainline_complete) return -1;
    *plies = res.plies;
    return 0;
}

static char *write_game(const cv_record *g, const cv_variant *v, size_t *len)
{
    char *out = NULL;
    FILE *m = open_memstream(&out, len);
    if (!m) abort();
    cv_record_meta meta = { .variant = v };
    if (pgn->write(m, g, NULL, &meta) != 0) abort();
    fclose(m);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!chess) {
        if (!(chess = cv_variant_cached("chess", NULL)) || !(pgn = cv_record_format_find("pgn"))) abort();
        if (!(rp = cv_replayer_new())) abort();
    }
    if (size > 65536) return 0;
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    if (!f) return 0;
    if (!size) {
        fclose(f);
        return 0;
    }
    cv_record_reader *r = cv_record_open(f, "fuzz", NULL, 0, pgn, 0, NULL);
    if (!r) abort();
    cv_record g;
    while (cv_record_next(r, &g) == 1) {
        const cv_variant *v;
        summary a, b;
        if (g.errors || replay(&g, &v, &a.plies) < 0) continue;
        int plies = a.plies;
        summarise(&g, &a);
        a.plies = plies;

        size_t len1, len2;
        char *out1 = write_game(&g, v, &len1);
        FILE *in = fmemopen(out1, len1 ? len1 : 1, "r");
        cv_record_reader *r2 = in ? cv_record_open(in, "written", NULL, 0, pgn, 0, NULL) : NULL;
        cv_record g2;
        if (!r2 || cv_record_next(r2, &g2) != 1) abort();
        if (g2.errors) abort();
        const cv_variant *v2;
        if (replay(&g2, &v2, &plies) < 0 || v2 != v) abort();
        summarise(&g2, &b);
        b.plies = plies;
        if (a.plies != b.plies || a.nmoves != b.nmoves || strcmp(a.result, b.result)) abort();
        for (int k = 0; k < NKINDS; k++)
            if (a.kinds[k] != b.kinds[k]) abort();
        for (size_t i = 0; i < a.nmoves; i++)
            if (strcmp(a.moves[i], b.moves[i])) abort();
        char *out2 = write_game(&g2, v2, &len2);
        if (len1 != len2 || memcmp(out1, out2, len1)) abort();
        cv_record g3;
        if (cv_record_next(r2, &g3) != 0) abort();     /* one game written, one read */
        free(out2);
        summary_free(&a);
        summary_free(&b);
        cv_record_close(r2);
        fclose(in);
        free(out1);
    }
    cv_record_close(r);
    fclose(f);
    return 0;
}
