/* t_gen_eval: the generic engine's piece values and evaluation.
 *
 * Derived values of the orthodox pieces in their usual ranges on 8 x 8,
 * 10 x 8 and 16 x 8, of the Capablanca compounds and a few fairy pieces
 * (tests/data/eval/fairy-pieces.yaml); the spec's `value:` winning over
 * them; the evaluation's symmetry (every position of the chess, Double
 * Chess and 10 x 8 perft suites scores exactly what its colour-mirrored
 * twin scores), the start positions near 0, and a handful of positions
 * whose order of scores any player agrees on. */
#include "cvkit.h"
#include "eval.h"
#include "fen.h"
#include "tap.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static cv_variant *load_spec(const char *path)
{
    cv_diag d = { .out = stderr };
    cv_variant *v = cv_variant_load(path, &d);
    TAP_OK(v != NULL, "spec %s loads", path);
    return v;
}

static cv_variant *find_spec(const char *name)
{
    cv_diag d = { .out = stderr };
    cv_variant *v = cv_variant_find(name, &d);
    TAP_OK(v != NULL, "spec %s found", name);
    return v;
}

static int type_of(const cv_variant *v, char letter)
{
    return v->by_letter[(int)letter];
}

static int eval_of(const cv_variant *v, const char *fen, int *score);

/* ---- values ---- */

typedef struct { char letter; int lo, hi; } range;

static void values_in_range(const cv_variant *v, const range *r, int n)
{
    for (int i = 0; i < n; i++) {
        int t = type_of(v, r[i].letter);
        int got = t >= 0 ? cv_gen_value(v, t) : -1;
        TAP_OK(got >= r[i].lo && got <= r[i].hi, "%s: %c is worth %d (%d..%d)", v->name, r[i].letter, got, r[i].lo,
               r[i].hi);
    }
}

/* The usual chess values, within 15%: P 100, N 300-330, B 320-350,
 * R 500, Q 900-1000; the royal 0. */
static const range orthodox[] = {
    { 'K', 0, 0 }, { 'P', 100, 100 }, { 'N', 255, 380 }, { 'B', 272, 403 }, { 'R', 425, 575 }, { 'Q', 765, 1150 },
};

/* H. G. Muller's Capablanca values (archbishop about 875, chancellor
 * 875-900) within 20%; the fairy ones ordered by what they do. */
static const range fairy[] = {
    { 'A', 700, 1050 }, { 'C', 720, 1080 }, { 'M', 330, 500 }, { 'W', 120, 250 },
    { 'F', 100, 220 },  { 'L', 180, 330 },  { 'Z', 400, 650 },
};

/* The values cvkit-variants(7) quotes, exactly. */
static void documented_values(const char *spec, int by_name, const char *letters, const int *want)
{
    cv_variant *v = by_name ? find_spec(spec) : load_spec(spec);
    if (!v) return;
    for (int i = 0; letters[i]; i++)
        TAP_IS_INT(cv_gen_value(v, type_of(v, letters[i])), want[i], "%s: %c as cvkit-variants(7) says", v->name,
                   letters[i]);
    cv_variant_free(v);
}

static void test_values(void)
{
    documented_values("chess", 1, "NBRQ", (const int[]){ 322, 330, 492, 962 });
    documented_values("doublechess", 1, "NBRQ", (const int[]){ 313, 338, 483, 962 });
    documented_values("tests/data/eval/fairy-pieces.yaml", 0, "AC", (const int[]){ 769, 922 });
    const char *names[] = { "chess", "doublechess" };
    for (int i = 0; i < 2; i++) {
        cv_variant *v = find_spec(names[i]);
        if (!v) continue;
        values_in_range(v, orthodox, (int)(sizeof orthodox / sizeof *orthodox));
        cv_variant_free(v);
    }
    cv_variant *v = load_spec("corpus/chess10x8/orthodox10x8.yaml");
    if (v) values_in_range(v, orthodox, (int)(sizeof orthodox / sizeof *orthodox));
    cv_variant_free(v);

    v = load_spec("tests/data/eval/fairy-pieces.yaml");
    if (v) {
        values_in_range(v, orthodox, (int)(sizeof orthodox / sizeof *orthodox));
        values_in_range(v, fairy, (int)(sizeof fairy / sizeof *fairy));
        int val[128] = { 0 };
        for (const char *s = "QRBNACMWFLZ"; *s; s++) val[(int)*s] = cv_gen_value(v, type_of(v, *s));
        TAP_OK(val['Q'] > val['C'] && val['C'] > val['A'] && val['A'] > val['R'], "Q %d > C %d > A %d > R %d",
               val['Q'], val['C'], val['A'], val['R']);
        TAP_OK(val['W'] > val['F'], "a wazir (%d) is worth more than a ferz (%d), who sees half the board", val['W'],
               val['F']);
        TAP_OK(val['Z'] > val['N'] && val['M'] > val['N'], "nightrider %d and commoner %d beat the knight %d",
               val['Z'], val['M'], val['N']);
    }
    cv_variant_free(v);

    /* The same piece values whatever the board's size: a rook is a rook. */
    cv_variant *a = find_spec("chess"), *b = find_spec("doublechess");
    if (a && b)
        for (const char *s = "QRBN"; *s; s++) {
            int x = cv_gen_value(a, type_of(a, *s)), y = cv_gen_value(b, type_of(b, *s));
            TAP_OK(abs(x - y) * 100 <= 5 * x, "%c on 8 x 8 (%d) and on 16 x 8 (%d) within 5%%", *s, x, y);
        }
    cv_variant_free(a);
    cv_variant_free(b);

    v = load_spec("tests/data/eval/given-values.yaml");
    if (v) {
        TAP_IS_INT(cv_gen_value(v, type_of(v, 'N')), 777, "given-values: the spec's knight value");
        TAP_IS_INT(cv_gen_value(v, type_of(v, 'P')), 120, "given-values: the spec's pawn value");
        TAP_IS_INT(cv_gen_value(v, type_of(v, 'K')), 0, "given-values: the royal is worth 0");
        int s;
        if (eval_of(v, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", &s) == 0)
            TAP_IS_INT(s, CV_GEN_EVAL_MAX, "given-values: a queen of 100000 is a score at the bound");
        if (eval_of(v, "4k3/8/8/8/8/8/8/Q3K3 b - - 0 1", &s) == 0)
            TAP_IS_INT(s, -CV_GEN_EVAL_MAX, "given-values: and against it, the bound's negative");
        cv_variant *c = find_spec("chess");
        if (c) TAP_IS_INT(cv_gen_value(v, type_of(v, 'R')), cv_gen_value(c, type_of(c, 'R')),
                          "given-values: a rook not given is the derived chess rook");
        cv_variant_free(c);
    }
    cv_variant_free(v);
}

/* ---- evaluation ---- */

static int read_pos(const cv_variant *v, const char *fen, cv_pos *p)
{
    cv_fen_errors e;
    int rc = cv_gen_fen_read(v, fen, 0, p, &e);
    if (rc < 0 || e.n) {
        TAP_OK(0, "%s: position reads: %s", v->name, fen);
        for (int i = 0; i < e.n; i++) printf("#   column %d: %s\n", e.e[i].col, e.e[i].msg);
        return -1;
    }
    return 0;
}

static int eval_of(const cv_variant *v, const char *fen, int *score)
{
    cv_pos p;
    if (read_pos(v, fen, &p) < 0) return -1;
    *score = cv_gen_eval(&p);
    return 0;
}

/* A FEN with its ranks mirrored and colours swapped: the rank fields in
 * reverse order with letters' case swapped, the other side to move,
 * the castling letters' case swapped (White's first again), the en
 * passant cell on the mirrored rank. */
static int mirror_fen(const cv_variant *v, const char *fen, char *out, size_t size)
{
    char f[6][256] = { { 0 } };
    int n = sscanf(fen, "%255s %255s %255s %255s %255s %255s", f[0], f[1], f[2], f[3], f[4], f[5]);
    if (n < 4) return -1;
    char *ranks[CV_MAX_RANKS];
    int nr = 0;
    for (char *s = strtok(f[0], "/"); s && nr < CV_MAX_RANKS; s = strtok(NULL, "/")) ranks[nr++] = s;
    size_t k = 0;
    for (int i = nr - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            if (isalpha((unsigned char)*c)) *c = isupper((unsigned char)*c) ? (char)tolower(*c) : (char)toupper(*c);
        k += (size_t)snprintf(out + k, size - k, "%s%s", ranks[i], i ? "/" : "");
    }
    char castle[64] = "";
    if (strcmp(f[2], "-")) {
        size_t m = 0;
        for (const char *c = f[2]; *c; c++)
            if (islower((unsigned char)*c)) castle[m++] = (char)toupper(*c);
        for (const char *c = f[2]; *c; c++)
            if (isupper((unsigned char)*c)) castle[m++] = (char)tolower(*c);
        castle[m] = 0;
    } else snprintf(castle, sizeof castle, "-");
    char ep[16] = "-";
    if (strcmp(f[3], "-")) snprintf(ep, sizeof ep, "%c%d", f[3][0], v->geom.ranks + 1 - atoi(f[3] + 1));
    snprintf(out + k, size - k, " %s %s %s %s %s", f[1][0] == 'w' ? "b" : "w", castle, ep, n > 4 ? f[4] : "0",
             n > 5 ? f[5] : "1");
    return 0;
}

/* Does the FEN read as a position of v without a complaint? */
static int reads_as(const cv_variant *v, const char *fen)
{
    cv_pos p;
    cv_fen_errors e;
    return v && cv_gen_fen_read(v, fen, 0, &p, &e) == 0 && e.n == 0;
}

/* Every position of a perft suite (FEN ; D1 ; ...) or a list of final
 * positions (FILE TAB GAME TAB FEN) scores what its mirror scores; a
 * position v does not read (Chess960 castling letters
 * in the chess suite) is taken as one of alt. */
static void test_symmetry(const cv_variant *v0, const cv_variant *alt, const char *suite)
{
    FILE *f = fopen(suite, "r");
    TAP_OK(f != NULL, "%s opens", suite);
    if (!f) return;
    char line[2048];
    int n = 0, same = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *semi = strchr(line, ';'), *tab = strrchr(line, '\t');
        if (semi) *semi = 0;
        if (tab) memmove(line, tab + 1, strlen(tab + 1) + 1);
        size_t len = strlen(line);
        while (len && isspace((unsigned char)line[len - 1])) line[--len] = 0;
        const cv_variant *v = reads_as(v0, line) || !alt ? v0 : alt;
        char mir[2048];
        int a, b;
        if (mirror_fen(v, line, mir, sizeof mir) < 0 || eval_of(v, line, &a) < 0 || eval_of(v, mir, &b) < 0) {
            TAP_OK(0, "%s: mirrored: %s", suite, line);
            continue;
        }
        n++;
        if (a == b) same++;
        else printf("# %s: %d, mirrored %s: %d\n", line, a, mir, b);
    }
    fclose(f);
    TAP_OK(n > 0 && same == n, "%s: %d of %d positions score the same mirrored", suite, same, n);
}

static void test_start(const cv_variant *v)
{
    cv_pos p;
    if (read_pos(v, v->setup, &p) < 0) return;
    int s = cv_gen_eval(&p);
    TAP_OK(abs(s) < 50, "%s: the start scores %d (|score| < 50)", v->name, s);
}

/* Pairs of positions of the same side to move, the first better for it. */
typedef struct { const char *better, *worse, *why; } pair;

static const pair chess_pairs[] = {
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", "the start against a queen down" },
    { "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two centre pawns forward" },
    { "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1", "a knight in the centre, not the corner" },
    { "8/4P3/8/8/8/1k6/8/4K3 w - - 0 1", "8/8/8/8/8/1k6/4P3/4K3 w - - 0 1", "a pawn near promotion" },
    { "4k3/8/8/8/8/8/2P5/4K3 w - - 0 1", "4k3/2p5/8/8/8/8/2P5/4K3 w - - 0 1", "a passed pawn (the other side's gone)" },
    { "3q2k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "3q2k1/5ppp/8/8/8/8/PPP5/6K1 w - - 0 1", "pawns in front of the king" },
    { "8/8/8/4k3/8/8/8/K7 b - - 0 1", "k7/8/8/8/8/8/8/4K3 b - - 0 1", "the king in the centre when the pieces are gone" },
    { "8/1k6/6P1/5K2/8/8/8/8 w - - 0 1", "6k1/8/6P1/8/8/8/1K6/8 w - - 0 1", "a passed pawn its king escorts, the other far" },
    { "4k3/8/8/8/8/8/P1P5/4K3 w - - 0 1", "4k3/8/8/8/8/8/P7/P3K3 w - - 0 1", "doubled pawns are weaker" },
    { "4k3/8/8/8/8/3B4/8/2B1K3 w - - 0 1", "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", "bishops on both colours (the pair)" },
    { "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/4R1K1 w - - 0 1", "4k3/pppp1ppp/8/8/8/8/PPPP1PPP/3R2K1 w - - 0 1",
      "a rook on the open file" },
    { "7k/8/5K2/8/8/8/8/Q7 w - - 0 1", "8/8/8/4k3/8/8/8/Q1K5 w - - 0 1", "a lone king driven to the corner" },
};

static void test_pairs(const cv_variant *v)
{
    for (size_t i = 0; i < sizeof chess_pairs / sizeof *chess_pairs; i++) {
        int a, b;
        if (eval_of(v, chess_pairs[i].better, &a) < 0 || eval_of(v, chess_pairs[i].worse, &b) < 0) continue;
        TAP_OK(a > b, "chess: %s (%d > %d)", chess_pairs[i].why, a, b);
    }
    int s;
    if (eval_of(v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", &s) == 0)
        TAP_OK(s < -700, "chess: a queen down scores %d (< -700)", s);
    if (eval_of(v, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &s) == 0)
        TAP_OK(s > 700, "chess: a queen up scores %d (> 700)", s);
    /* the same position with the other side to move: the score's sign
     * turns, and the tempo goes with the turn */
    /* a bishop up, or the exchange, and no pawn: a small score */
    if (eval_of(v, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", &s) == 0) TAP_OK(s > 0 && s < 120, "chess: K+B v K scores %d (0..120)", s);
    if (eval_of(v, "4k3/8/8/3b4/8/8/8/R3K3 w - - 0 1", &s) == 0) TAP_OK(s > 0 && s < 100, "chess: K+R v K+B scores %d (0..100)", s);
    if (eval_of(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &s) == 0) TAP_OK(s > 450, "chess: K+R v K scores %d (> 450)", s);
    int w, b;
    if (eval_of(v, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", &w) == 0 &&
        eval_of(v, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4", &b) == 0)
        TAP_IS_INT(w - CV_GEN_TEMPO, -(b - CV_GEN_TEMPO), "chess: the turn changes the sign and the tempo only");
}

int main(void)
{
    if (!getenv("CVKIT_SPECS")) setenv("CVKIT_SPECS", "specs", 1);
    test_values();

    cv_variant *chess = find_spec("chess"), *dc = find_spec("doublechess");
    cv_variant *c960 = find_spec("chess960");
    cv_variant *o108 = load_spec("corpus/chess10x8/orthodox10x8.yaml");
    if (chess) {
        test_symmetry(chess, c960, "corpus/chess/perft.txt");
        test_symmetry(chess, c960, "corpus/chess/perft-cpw.txt");
        test_symmetry(chess, c960, "corpus/chess/final-fens.txt");
        test_start(chess);
        test_pairs(chess);
    }
    if (dc) {
        test_symmetry(dc, NULL, "corpus/doublechess/perft.txt");
        test_start(dc);
    }
    if (o108) {
        test_symmetry(o108, NULL, "corpus/chess10x8/perft.txt");
        test_start(o108);
    }
    cv_variant_free(chess);
    cv_variant_free(c960);
    cv_variant_free(dc);
    cv_variant_free(o108);
    return tap_done();
}
