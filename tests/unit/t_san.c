/* t_san: the fast reader of plain SAN (lib/generic/san.c) against the
 * PCRE2 reader it stands in front of (cv_gen_move_read_general), over every
 * move of every PGN file of the corpus (corpus/, the real games of other
 * projects among them: a missing one fails), made-up texts at some of those
 * positions (wrong pieces, empty targets, needless or missing
 * disambiguation: the refusals), and the fuzz inputs of fuzz_move.
 *
 * For each text: what the fast reader accepts the general reader reads as
 * the same move, in SAN, without tolerance; and cv_gen_move_read, fast reader
 * first, answers exactly as the general reader (status, move, candidates,
 * reason).  Run from the top of the tree with CVKIT_SPECS=$PWD/specs. */
#include "cvkit.h"
#include "fen.h"
#include "notation.h"
#include "san.h"
#include "tap.h"
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct tally {
    long texts, fast, diff;
} tally;

static int same(const cv_move_parse *a, const cv_move_parse *b)
{
    if (a->status != b->status || a->lax != b->lax || a->form != b->form || a->ncand != b->ncand) return 0;
    if (strcmp(a->why, b->why)) return 0;
    if (a->status == CV_MOVE_OK && !cv_move_eq(a->move, b->move)) return 0;
    for (int i = 0; i < a->ncand && i < 8; i++)
        if (!cv_move_eq(a->cand[i], b->cand[i])) return 0;
    return 1;
}

/* Both readers on one text at p; a difference is printed (the first few). */
static void compare(cv_pos *p, const char *text, tally *t, const char *where)
{
    cv_move_parse a, b;
    cv_move m;
    t->texts++;
    int fast = cv_gen_san_fast(p, text, &m);
    cv_gen_move_read_general(p, NULL, text, &b);
    cv_gen_move_read(p, NULL, text, &a);
    int bad = !same(&a, &b);
    if (fast) {
        t->fast++;
        bad |= b.status != CV_MOVE_OK || !cv_move_eq(m, b.move) || b.form != CV_SAN || b.lax;
    }
    if (bad && t->diff++ < 10) {
        char fen[256];
        cv_gen_fen_write(p, 0, fen, sizeof fen);
        printf("# %s: '%s' at %s: fast %s; general %d '%s'; combined %d '%s'\n", where, text, fen,
               fast ? "took it" : "declined", b.status, b.why, a.status, a.why);
    }
}

/* Texts a careless or hostile file might hold at p: every piece letter to
 * every cell, with and without 'x', pawns from the next files and with
 * promotions, and each legal move with every disambiguation. */
static void made_up(cv_pos *p, tally *t, const char *where)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    char s[32];
    for (int c = 0; c < g->ncells; c++) {
        const char *sq = g->name[c];
        for (int k = 0; k < v->npieces; k++) {
            if (v->pieces[k].pawn) continue;
            snprintf(s, sizeof s, "%c%s", v->pieces[k].letter, sq);
            compare(p, s, t, where);
            snprintf(s, sizeof s, "%cx%s", v->pieces[k].letter, sq);
            compare(p, s, t, where);
        }
        compare(p, sq, t, where);
        snprintf(s, sizeof s, "%s=Q", sq);
        compare(p, s, t, where);
        for (int df = -1; df <= 1; df += 2) {
            int f = g->file[c] + df;
            if (f < 0 || f >= g->files) continue;
            snprintf(s, sizeof s, "%cx%s", 'a' + f, sq);
            compare(p, s, t, where);
            snprintf(s, sizeof s, "%cx%s=N", 'a' + f, sq);
            compare(p, s, t, where);
        }
    }
    cv_movelist *ml = malloc(sizeof *ml);
    if (!ml) return;
    cv_gen_legal(p, ml);
    for (int i = 0; i < ml->n; i++) {
        cv_move m = ml->m[i];
        cv_gen_move_format(p, ml, m, CV_SAN, s, sizeof s);
        compare(p, s, t, where);
        if (m.kind == CV_MK_CASTLE || v->pieces[CV_TYPE(p->board[m.from])].pawn) continue;
        char L = v->pieces[CV_TYPE(p->board[m.from])].letter;
        const char *x = cv_is_capture(p, m) ? "x" : "";
        snprintf(s, sizeof s, "%c%c%s%s", L, 'a' + g->file[m.from], x, g->name[m.to]);
        compare(p, s, t, where);
        snprintf(s, sizeof s, "%c%d%s%s", L, g->rank[m.from] + 1, x, g->name[m.to]);
        compare(p, s, t, where);
        snprintf(s, sizeof s, "%c%s%s%s+", L, g->name[m.from], x, g->name[m.to]);
        compare(p, s, t, where);
    }
    free(ml);
}

typedef struct walk {
    tally t, made;          /* the record's own texts; made-up ones */
    long plies;
    const char *path;
} walk;

static void at(walk *w, const cv_replay_ev *e)
{
    if (e->t->kind != CV_PGN_MOVE || !e->before || strcmp(e->before->e->name, "generic")) return;
    cv_apos copy;
    cv_apos_copy(&copy, e->before);
    cv_pos *p = (cv_pos *)copy.s.b;
    compare(p, e->t->norm, &w->t, w->path);
    /* the same with the check mark as written */
    if (e->t->suffix && e->t->suffix[0]) {
        char s[96];
        snprintf(s, sizeof s, "%s%s", e->t->norm, e->t->suffix);
        compare(p, s, &w->t, w->path);
    }
    if (w->plies++ % 150 == 0) made_up(p, &w->made, w->path);
}

static void on_move(void *arg, const cv_replay_ev *e) { at(arg, e); }
static void on_bad(void *arg, const cv_replay_ev *e)
{
    if (!e->mark_only) at(arg, e);
}

static void one_file(const char *path, const cv_variant *chess, cv_replayer *rp, tally *all)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        TAP_OK(0, "%s: cannot be opened", path);
        return;
    }
    FILE *null = fopen("/dev/null", "w");
    cv_diag d = { .out = null, .quiet_warnings = 1 };
    int unknown;
    cv_record_reader *rd = cv_record_open(f, path, &d, 0, NULL, 0, &unknown);
    walk w = { { 0, 0, 0 }, { 0, 0, 0 }, 0, path };
    cv_record g;
    cv_apos *start = malloc(sizeof *start);
    cv_replay_hooks h = { on_move, on_bad };
    while (rd && start && cv_record_next(rd, &g) == 1) {
        const cv_variant *v;
        char why[300];
        long line, col;
        cv_replay_result res;
        if (cv_replay_start(&g, chess, &v, start, why, sizeof why, &line, &col) < 0) continue;
        cv_replay(rp, &g, start, &h, &w, &res, NULL);
    }
    free(start);
    if (rd) cv_record_close(rd);
    fclose(f);
    if (null) fclose(null);
    TAP_IS_INT(w.t.diff + w.made.diff, 0, "%s: %ld moves (%ld read fast) and %ld made-up texts (%ld), both readers agree",
               path, w.t.texts, w.t.fast, w.made.texts, w.made.fast);
    all[0].texts += w.t.texts;
    all[0].fast += w.t.fast;
    all[0].diff += w.t.diff;
    all[1].texts += w.made.texts;
    all[1].fast += w.made.fast;
    all[1].diff += w.made.diff;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every .pgn file under dir, in name order; the number of files, -1 if dir
 * cannot be read. */
static int each_pgn(const char *dir, const cv_variant *chess, cv_replayer *rp, tally *all)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int files = 0;
    struct dirent *de;
    char **names = NULL;
    size_t n = 0;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.') continue;
        char **nn = realloc(names, (n + 1) * sizeof *names);
        if (!nn) break;
        names = nn;
        size_t len = strlen(dir) + strlen(de->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n]) break;
        snprintf(names[n++], len, "%s/%s", dir, de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        size_t len = strlen(names[i]);
        if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            int sub = each_pgn(names[i], chess, rp, all);
            if (sub > 0) files += sub;
        } else if (len > 4 && !strcmp(names[i] + len - 4, ".pgn")) {
            one_file(names[i], chess, rp, all);
            files++;
        }
        free(names[i]);
    }
    free(names);
    return files;
}

/* fuzz_move's inputs: the first byte picks one of its positions, the rest
 * is the text. */
static const char *const fuzz_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

static void fuzz_dir(const char *dir, const cv_variant *chess, tally *t)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.') continue;
        char path[1024], text[260];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        unsigned char data[258];
        size_t n = fread(data, 1, sizeof data, f);
        fclose(f);
        if (n < 1 || n > 256) continue;
        memcpy(text, data + 1, n - 1);
        text[n - 1] = 0;
        /* every position, not only the one the first byte picks */
        for (int k = 0; k < 4; k++) {
            cv_pos p;
            if (cv_gen_fen_read(chess, fuzz_fens[k], 0, &p, NULL) != 0) continue;
            compare(&p, text, t, path);
        }
    }
    closedir(d);
}

int main(void)
{
    cv_variant *chess = cv_variant_find("chess", NULL);
    TAP_OK(chess != NULL, "chess spec found");
    if (!chess) return tap_done();
    cv_replayer *rp = cv_replayer_new();
    tally all[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
    TAP_OK(each_pgn("corpus", chess, rp, all) > 0, "corpus/ holds PGN files");
    /* The real games of other projects (corpus/chess/SOURCES): the walk
     * above read each one; a missing one must fail, not go unnoticed. */
    static const char *const real[] = {
        "corpus/chess/pgn/cl_basic.pgn", "corpus/chess/pgn/cl_fishtest-fastchess.pgn",
        "corpus/chess/pgn/cl_magnus-grischuk.pgn", "corpus/chess/pgn/cl_multiple.pgn",
        "corpus/chess/pgn/pc_kasparov-deep-blue-1997.pgn", "corpus/chess/pgn/pc_molinari-bordais-1979.pgn",
        "corpus/chess/pgn/pc_nepomniachtchi-liren-game1.pgn", "corpus/chess/pgn/pc_stockfish-learning.pgn",
        "corpus/chess/pgn/pe_bots.pgn", "corpus/chess/pgn/pe_fischer.pgn", "corpus/chess/pgn/pe_najdorf.pgn",
        "corpus/chess/pgn/pe_petrosian.pgn", "corpus/chess/pgn/pe_test-hash.pgn",
        "corpus/chess/malformed/pc_anastasian-lewis.pgn",
    };
    for (size_t i = 0; i < sizeof real / sizeof *real; i++) {
        struct stat st;
        TAP_OK(stat(real[i], &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0, "%s is there", real[i]);
    }
    TAP_IS_INT(all[0].diff, 0, "corpus: %ld move texts, %ld read by the fast reader, no difference", all[0].texts,
               all[0].fast);
    TAP_IS_INT(all[1].diff, 0, "corpus: %ld made-up texts, %ld read by the fast reader, no difference", all[1].texts,
               all[1].fast);
    /* real files are nearly all plain SAN: most of their moves go fast */
    TAP_OK(all[0].fast * 10 > all[0].texts * 8, "the fast reader takes over 80%% of the record's moves");

    tally fz = { 0, 0, 0 };
    fuzz_dir("fuzz/seeds/fuzz_move", chess, &fz);
    fuzz_dir("fuzz/corpus/fuzz_move", chess, &fz);
    TAP_IS_INT(fz.diff, 0, "fuzz_move inputs: %ld texts, %ld read fast, no difference", fz.texts, fz.fast);

    /* the forms the fast reader must take and those it must leave */
    static const struct { const char *fen, *text; int fast; } cases[] = {
        { NULL, "e4", 1 }, { NULL, "Nf3", 1 }, { NULL, "Nf3+", 1 }, { NULL, "Nf3+!", 0 },
        { NULL, "e2e4", 0 }, { NULL, "e2-e4", 0 }, { NULL, "Ng1f3", 1 }, { NULL, "Nh3", 1 },
        { NULL, "Nd2", 0 }, { NULL, "Ke2", 0 }, { NULL, "O-O", 0 }, { NULL, "0-0", 0 },
        { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", 1 },
        { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", 1 },
        { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "o-o", 0 },
        { "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q", 1 },
        { "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", 0 },
        { "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", 0 },
        { "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=K", 0 },
        { "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "exf6", 1 },
        { "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "ef6", 1 },
        { "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "Rd1", 1 },      /* the h1 rook is blocked */
        { "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "Rf1", 1 },
        { "4k3/8/8/8/8/8/8/R2RK3 w - - 0 1", "Rb1", 0 },      /* ambiguous */
        { "4k3/8/8/8/8/8/8/R2RK3 w - - 0 1", "Rab1", 1 },
        { "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "Nf4", 0 },    /* pinned */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cv_pos p;
        const char *fen = cases[i].fen ? cases[i].fen : chess->setup;
        if (cv_gen_fen_read(chess, fen, 0, &p, NULL) != 0) {
            TAP_OK(0, "case %zu: FEN read", i);
            continue;
        }
        cv_move m;
        tally t = { 0, 0, 0 };
        TAP_IS_INT(cv_gen_san_fast(&p, cases[i].text, &m), cases[i].fast, "'%s' at %s: %s", cases[i].text, fen,
                   cases[i].fast ? "read fast" : "left to the general reader");
        compare(&p, cases[i].text, &t, "cases");
        TAP_IS_INT(t.diff, 0, "'%s': same answer from both readers", cases[i].text);
    }
    cv_replayer_free(rp);
    cv_variant_free(chess);
    return tap_done();
}
