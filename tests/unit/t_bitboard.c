/* t_bitboard: the bitboard path (bb.h) against the mailbox generator.
 *
 * For every rectangular variant that takes the bitboard path (chess,
 * Chess960, Double Chess, the 10 x 8 spec of corpus/chess10x8 and the
 * README's Capablanca), the two must list the same moves, compared as
 * sorted lists of (from, to, promotion, kind, castling): on every position
 * of every perft suite and their children, and on a few thousand positions
 * of seeded random playouts from the start and from the suite positions.
 * Perft counts of depth 2 must agree on the suite positions too (the
 * bitboard path counts the last ply without listing it), and on every one
 * of those positions the attack test by sets (cv_gen_bb_attacked, which
 * cv_gen_attacked takes where it can) must give the walk's answer for every
 * cell and colour, and the origins lookup the move reader takes the
 * pseudo-legal moves' origins for every cell and piece type. */
#include "bb.h"
#include "cvkit.h"
#include "fen.h"
#include "movegen.h"
#include "perft.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static int cmp_move(const void *a, const void *b)
{
    const cv_move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    if (x->promo != y->promo) return x->promo - y->promo;
    if (x->kind != y->kind) return x->kind - y->kind;
    return x->castle - y->castle;
}

typedef struct tally {
    long positions, failures;
    long told;          /* positions whose check was told by the last move */
    char first[512];    /* first position that differed */
} tally;

static void note_failure(tally *t, cv_pos *p, const char *why)
{
    if (t->failures++) return;
    char fen[400];
    cv_gen_fen_write(p, 0, fen, sizeof fen);
    snprintf(t->first, sizeof t->first, "%s: %s", why, fen);
}

/* The mailbox alone (cv_gen_attacked walks too), or the bitboards where the
 * variant has them. */
static void mailbox(int on)
{
    if (on) setenv("CVKIT_MAILBOX", "1", 1);
    else unsetenv("CVKIT_MAILBOX");
    cv_gen_bb_env_changed();
}

/* The attack test by sets against the walk: every cell, both colours,
 * with and without the side to move's royal lifted. */
static void compare_attacks(cv_pos *p, tally *t)
{
    for (int c = 0; c < p->v->geom.ncells; c++)
        for (int by = 0; by < 2; by++)
            for (int g = 0; g < 2; g++) {
                int gone = g ? p->royal[p->side] : -1;
                if (cv_gen_bb_attacked(p, c, by, gone) != cv_gen_attacked_walk(p, c, by, gone)) {
                    char why[80];
                    snprintf(why, sizeof why, "attack test differs on %s by %s%s", p->v->geom.name[c],
                             by ? "black" : "white", g ? ", royal lifted" : "");
                    note_failure(t, p, why);
                    return;
                }
            }
}

/* The origins lookup (cv_gen_bb_origins, the move reader's) against the
 * mailbox's pseudo-legal moves: for every cell and piece type, the cells
 * moves of that type come from, captures onto the other side's pieces and
 * quiet moves onto empty cells (castling aside), as sets. */
static void compare_origins(cv_pos *p, tally *t)
{
    static cv_movelist ml;
    mailbox(1);
    cv_gen_pseudo(p, &ml);
    mailbox(0);
    const int n = p->v->geom.ncells;
    for (int to = 0; to < n; to++) {
        uint8_t q = p->board[to];
        if (q && CV_COLOR(q) == p->side) continue;
        for (int ty = 0; ty < p->v->npieces; ty++) {
            int16_t org[CV_MAX_CELLS];
            int k = cv_gen_bb_origins(p, ty, to, q != 0, org);
            if (k < 0) continue;
            uint8_t want[CV_MAX_CELLS] = { 0 }, got[CV_MAX_CELLS] = { 0 };
            for (int i = 0; i < ml.n; i++)
                if (ml.m[i].to == to && ml.m[i].kind != CV_MK_CASTLE && ml.m[i].kind != CV_MK_EP &&
                    CV_TYPE(p->board[ml.m[i].from]) == ty)
                    want[ml.m[i].from] = 1;
            for (int i = 0; i < k; i++) got[org[i]] = 1;
            if (memcmp(want, got, (size_t)n)) {
                char why[80];
                snprintf(why, sizeof why, "origins of type %d onto %s differ", ty, p->v->geom.name[to]);
                note_failure(t, p, why);
                return;
            }
        }
    }
}

/* Compares the two generators on p; returns the number of legal moves. */
static int compare(cv_pos *p, tally *t, cv_movelist *mb)
{
    static cv_movelist bb;
    mailbox(1);
    cv_gen_legal(p, mb);
    mailbox(0);
    compare_attacks(p, t);
    compare_origins(p, t);
    /* in check as told after the last move against the walk */
    int k = p->royal[p->side];
    if (k >= 0 && cv_gen_in_check(p) != cv_gen_attacked_walk(p, k, p->side ^ 1, -1))
        note_failure(t, p, p->moved_from >= 0 ? "in check after the last move differs" : "in check differs");
    if (p->moved_from >= 0) t->told++;
    t->positions++;
    if (cv_gen_bb_gen_legal(p, &bb) < 0) {
        note_failure(t, p, "bitboard path refused the position");
        return mb->n;
    }
    cv_movelist a = *mb;
    qsort(a.m, (size_t)a.n, sizeof a.m[0], cmp_move);
    qsort(bb.m, (size_t)bb.n, sizeof bb.m[0], cmp_move);
    int same = a.n == bb.n;
    for (int i = 0; same && i < a.n; i++) same = cmp_move(&a.m[i], &bb.m[i]) == 0;
    if (!same) note_failure(t, p, "move lists differ");
    return mb->n;
}

/* The position and each position one move later. */
static void compare_with_children(cv_pos *p, tally *t)
{
    cv_movelist ml;
    compare(p, t, &ml);
    for (int i = 0; i < ml.n; i++) {
        cv_undo u;
        cv_movelist child;
        cv_gen_make(p, ml.m[i], &u);
        compare(p, t, &child);
        cv_gen_unmake(p, ml.m[i], &u);
    }
}

static uint64_t rng = 0x243F6A8885A308D3ull;
static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Plays random legal moves from p (a copy) for at most plies moves. */
static void playout(const cv_pos *start, int plies, tally *t)
{
    cv_pos p = *start;
    cv_movelist ml;
    for (int i = 0; i < plies; i++) {
        if (!compare(&p, t, &ml)) break;
        cv_undo u;
        cv_gen_make(&p, ml.m[next_random() % (uint64_t)ml.n], &u);
    }
}

static uint64_t mailbox_perft(cv_pos *p, int depth)
{
    mailbox(1);
    uint64_t n = cv_gen_perft(p, depth);
    mailbox(0);
    return n;
}

/* Every position of a suite file that belongs to variant v (the suites'
 * "# variant: NAME" lines switch variants). */
static void check_suite(const cv_variant *v, const char *path, const char *first_variant)
{
    FILE *f = fopen(path, "r");
    TAP_OK(f != NULL, "%s: suite %s opens", v->name, path);
    if (!f) return;
    char line[4096], current[64];
    snprintf(current, sizeof current, "%s", first_variant);
    tally t = { 0, 0, 0, "" };
    long perft_bad = 0, npos = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "# variant: %63s", current) == 1) continue;
        if (line[0] == '#' || line[0] == '\n' || !cv_variant_is(v, current)) continue;
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        cv_pos p;
        cv_fen_errors e;
        if (cv_gen_fen_read(v, line, 0, &p, &e) < 0) continue;
        cv_gen_pos_validate(&p, &e);    /* finds the position calm */
        npos++;
        compare_with_children(&p, &t);
        for (int j = 0; j < 4; j++) playout(&p, 60, &t);
        uint64_t fast = cv_gen_perft(&p, 2), slow = mailbox_perft(&p, 2);
        if (fast != slow) {
            perft_bad++;
            printf("# perft 2 %llu (bitboards) vs %llu (mailbox): %s\n", (unsigned long long)fast,
                   (unsigned long long)slow, line);
        }
    }
    fclose(f);
    TAP_OK(npos > 0 && t.failures == 0, "%s: %ld suite positions of %s, their children and playouts, %ld positions compared",
           v->name, npos, path, t.positions);
    if (t.failures) printf("#   %ld differ, first %s\n", t.failures, t.first);
    TAP_IS_INT(perft_bad, 0, "%s: perft 2 agrees on every suite position of %s", v->name, path);
}

static void check_playouts(const cv_variant *v, int games, int plies)
{
    cv_pos start;
    if (cv_gen_pos_start(v, &start) < 0) {
        TAP_OK(0, "%s: start position reads", v->name);
        return;
    }
    tally t = { 0, 0, 0, "" };
    for (int g = 0; g < games; g++) playout(&start, plies, &t);
    TAP_OK(t.positions >= 1000 && t.failures == 0 && t.told * 2 > t.positions,
           "%s: %ld positions of %d random games agree (%ld of them in check or not as told by the last move)",
           v->name, t.positions, games, t.told);
    if (t.failures) printf("#   %ld differ, first %s\n", t.failures, t.first);
}

/* The README's Capablanca spec, cut out of README.md into a file. */
static cv_variant *readme_capablanca(void)
{
    FILE *f = fopen("README.md", "r");
    if (!f) return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *a = strstr(buf, "```yaml\nvariant: capablanca");
    char *b = a ? strstr(a + 7, "```") : NULL;
    if (!b) return NULL;
    char path[] = "/tmp/cvkit-capablanca-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return NULL;
    FILE *o = fdopen(fd, "w");
    fwrite(a + 8, 1, (size_t)(b - a - 8), o);
    fclose(o);
    cv_variant *v = cv_variant_load(path, &cv_diag_default);
    remove(path);
    return v;
}

int main(void)
{
    static const struct { const char *name, *spec, *suite, *suite_variant; } cases[] = {
        { "chess", NULL, "corpus/chess/perft.txt", "chess" },
        { "chess960", NULL, "corpus/chess/perft.txt", "chess" },
        { "doublechess", NULL, "corpus/doublechess/perft.txt", "doublechess" },
        { "orthodox10x8", "corpus/chess10x8/orthodox10x8.yaml", "corpus/chess10x8/perft.txt", "orthodox10x8" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cv_variant *v = cases[i].spec ? cv_variant_load(cases[i].spec, &cv_diag_default)
                                       : cv_variant_find(cases[i].name, &cv_diag_default);
        TAP_OK(v && cv_gen_bb_usable(v), "%s takes the bitboard path", cases[i].name);
        if (!v || !cv_gen_bb_usable(v)) continue;
        check_suite(v, cases[i].suite, cases[i].suite_variant);
        check_playouts(v, 30, 120);
        cv_variant_free(v);
    }
    cv_variant *capa = readme_capablanca();
    TAP_OK(capa && cv_gen_bb_usable(capa), "the README's Capablanca takes the bitboard path");
    if (capa && cv_gen_bb_usable(capa)) check_playouts(capa, 30, 120);
    cv_variant_free(capa);

    /* The switch: with CVKIT_MAILBOX set, nothing takes the fast path. */
    const cv_variant *chess = cv_variant_cached("chess", &cv_diag_default);
    mailbox(1);
    TAP_OK(chess && !cv_gen_bb_usable(chess), "CVKIT_MAILBOX=1 turns the bitboard path off");
    mailbox(0);
    TAP_OK(chess && cv_gen_bb_usable(chess), "without CVKIT_MAILBOX the bitboard path is back");
    return tap_done();
}
