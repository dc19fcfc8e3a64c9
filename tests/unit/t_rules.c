/* t_rules: the rules of chess and Chess960 through the library API.
 *
 * Every position is hand-made for one rule (castling conditions, en
 * passant, promotion, check, mate, stalemate), and every assertion is an
 * exact value: the sorted list of legal moves in SAN, a FEN after some
 * moves, a move's text, or the exact reason a move is refused.  Last, the
 * fast legal generator is compared with the reference one (play every
 * move) on the Chess Programming Wiki perft positions. */
#include "cvkit.h"
#include "diagram.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static cv_variant *chess, *c960;

/* ---- helpers ---- */

/* Reads a test position strictly; a test position must be valid. */
static int setpos(const cv_variant *v, const char *fen, cv_pos *p)
{
    cv_fen_errors e;
    int rc = cv_gen_fen_read(v, fen, 0, p, &e);
    if (rc == 0) cv_gen_pos_validate(p, &e);
    TAP_OK(rc == 0 && e.n == 0, "position reads cleanly: %s", fen);
    for (int i = 0; i < e.n; i++) printf("#   column %d: %s\n", e.e[i].col, e.e[i].msg);
    return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The legal moves, formatted in nt, sorted, joined by single spaces. */
static const char *moves(cv_pos *p, cv_notation nt)
{
    static char out[16384];
    static char txt[CV_MAX_MOVES][32];
    static char *ptr[CV_MAX_MOVES];
    cv_movelist ml;
    cv_gen_legal(p, &ml);
    for (int i = 0; i < ml.n; i++) {
        cv_gen_move_format(p, &ml, ml.m[i], nt, txt[i], sizeof txt[i]);
        ptr[i] = txt[i];
    }
    qsort(ptr, (size_t)ml.n, sizeof *ptr, cmp_str);
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < ml.n; i++) n += (size_t)snprintf(out + n, sizeof out - n, "%s%s", i ? " " : "", ptr[i]);
    return out;
}

static const char *san_list(const cv_variant *v, const char *fen)
{
    static cv_pos p;
    if (setpos(v, fen, &p) < 0) return "(bad position)";
    return moves(&p, CV_SAN);
}

/* Is the SAN text one of the legal moves (as formatted)? */
static int has_san(cv_pos *p, const char *san)
{
    const char *all = moves(p, CV_SAN);
    size_t n = strlen(san);
    for (const char *s = all; (s = strstr(s, san)); s += n)
        if ((s == all || s[-1] == ' ') && (s[n] == ' ' || s[n] == 0)) return 1;
    return 0;
}

/* Plays space-separated moves; returns the FEN reached or "ERROR tok: why". */
static const char *play(const cv_variant *v, const char *fen, const char *list, unsigned wflags)
{
    static char out[512];
    cv_pos p;
    if (setpos(v, fen, &p) < 0) return "(bad position)";
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        cv_move_parse r;
        if (cv_gen_move_read(&p, NULL, tok, &r) != CV_MOVE_OK) {
            snprintf(out, sizeof out, "ERROR %s: %s", tok, r.why);
            return out;
        }
        cv_undo u;
        cv_gen_make(&p, r.move, &u);
    }
    cv_gen_fen_write(&p, wflags, out, sizeof out);
    return out;
}

/* "ambiguous between B, C and A" with the candidates sorted, so that the
 * order in which the generator finds them does not matter. */
static void sort_candidates(char *why)
{
    const char *head = "ambiguous between ";
    size_t h = strlen(head);
    if (strncmp(why, head, h)) return;
    char copy[256], *item[16];
    int n = 0;
    snprintf(copy, sizeof copy, "%s", why + h);
    char *s = copy;
    while (n < 16) {
        item[n++] = s;
        char *comma = strstr(s, ", "), *and = strstr(s, " and ");
        char *cut = comma && (!and || comma < and) ? comma : and;
        if (!cut) break;
        *cut = 0;
        s = cut + (cut == comma ? 2 : 5);
    }
    qsort(item, (size_t)n, sizeof *item, cmp_str);
    size_t len = h;
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(why + len, 256 - len, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", item[i]);
}

/* Reads one move: "OK <san> <uci> lax=N", or "<STATUS>: why" (the
 * candidates of an ambiguous move sorted). */
static const char *readmv(const cv_variant *v, const char *fen, const char *text)
{
    static char out[512];
    cv_pos p;
    if (setpos(v, fen, &p) < 0) return "(bad position)";
    cv_move_parse r;
    cv_move_status st = cv_gen_move_read(&p, NULL, text, &r);
    static const char *const names[] = { "OK", "SYNTAX", "ILLEGAL", "AMBIGUOUS" };
    if (st == CV_MOVE_OK) {
        char san[32], uci[32];
        cv_gen_move_format(&p, NULL, r.move, CV_SAN, san, sizeof san);
        cv_gen_move_format(&p, NULL, r.move, CV_UCI, uci, sizeof uci);
        snprintf(out, sizeof out, "OK %s %s lax=%d", san, uci, r.lax);
    } else {
        sort_candidates(r.why);
        snprintf(out, sizeof out, "%s: %s", names[st], r.why);
    }
    return out;
}

static const char *fmt_move(const cv_variant *v, const char *fen, const char *text, cv_notation nt)
{
    static char out[64];
    cv_pos p;
    if (setpos(v, fen, &p) < 0) return "(bad position)";
    cv_move_parse r;
    if (cv_gen_move_read(&p, NULL, text, &r) != CV_MOVE_OK) return "(not read)";
    cv_gen_move_format(&p, NULL, r.move, nt, out, sizeof out);
    return out;
}

/* ---- fast against reference generator ---- */

static int cmp_move(const void *a, const void *b)
{
    const cv_move *x = a, *y = b;
    if (x->from != y->from) return x->from - y->from;
    if (x->to != y->to) return x->to - y->to;
    if (x->promo != y->promo) return x->promo - y->promo;
    if (x->kind != y->kind) return x->kind - y->kind;
    return x->castle - y->castle;
}

static uint64_t perft_slow(cv_pos *p, int depth)
{
    cv_movelist ml;
    cv_gen_legal_slow(p, &ml);
    if (depth <= 1) return depth <= 0 ? 1 : (uint64_t)ml.n;
    uint64_t n = 0;
    for (int i = 0; i < ml.n; i++) {
        cv_undo u;
        cv_gen_make(p, ml.m[i], &u);
        n += perft_slow(p, depth - 1);
        cv_gen_unmake(p, ml.m[i], &u);
    }
    return n;
}

/* Number of nodes (to depth) where the two generators give different sets. */
static long tree_diff(cv_pos *p, int depth, char *first, size_t size)
{
    cv_movelist a, b;
    cv_gen_legal(p, &a);
    cv_gen_legal_slow(p, &b);
    long bad = 0;
    qsort(a.m, (size_t)a.n, sizeof a.m[0], cmp_move);
    qsort(b.m, (size_t)b.n, sizeof b.m[0], cmp_move);
    if (a.n != b.n || memcmp(a.m, b.m, sizeof a.m[0] * (size_t)a.n)) {
        if (!bad && !first[0]) cv_gen_fen_write(p, CV_FEN_EP_ALWAYS, first, size);
        bad++;
    }
    if (depth > 1)
        for (int i = 0; i < b.n; i++) {
            cv_undo u;
            cv_gen_make(p, b.m[i], &u);
            bad += tree_diff(p, depth - 1, first, size);
            cv_gen_unmake(p, b.m[i], &u);
        }
    return bad;
}

typedef struct { const char *fen; uint64_t n[3]; } perft_case;

static void fast_vs_slow(cv_variant *v, const perft_case *cases, int ncases)
{
    for (int i = 0; i < ncases; i++) {
        cv_pos p;
        if (setpos(v, cases[i].fen, &p) < 0) continue;
        for (int d = 1; d <= 3; d++) {
            TAP_IS_INT(cv_gen_perft(&p, d), cases[i].n[d - 1], "%s perft %d (fast): %s", v->name, d, cases[i].fen);
            TAP_IS_INT(perft_slow(&p, d), cases[i].n[d - 1], "%s perft %d (reference): %s", v->name, d, cases[i].fen);
        }
        char first[256] = "";
        TAP_IS_INT(tree_diff(&p, 3, first, sizeof first), 0, "same move sets at every node to depth 3: %s", cases[i].fen);
        if (first[0]) printf("#   first difference at %s\n", first);
    }
}

/* ---- the rules ---- */

static void castling(void)
{
    const char *both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    cv_pos p;
    setpos(chess, both, &p);
    TAP_IS_INT(cv_gen_count_legal(&p), 26, "castling position: 26 legal moves");
    TAP_OK(has_san(&p, "O-O") && has_san(&p, "O-O-O"), "castling allowed on both sides");

    struct { const char *fen, *why; int k, q; } c[] = {
        { "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1", "f1 occupied", 0, 1 },
        { "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", "g1 occupied", 0, 1 },
        { "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "b1 occupied (king does not cross it, still refused)", 1, 0 },
        { "r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1", "d1 occupied", 1, 0 },
        { "r3k2r/8/8/8/8/8/8/R1B1K2R w KQkq - 0 1", "c1 occupied", 1, 0 },
        { "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "no K right", 0, 1 },
        { "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "no Q right", 1, 0 },
        { "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "king in check from a rook", 0, 0 },
        { "4k3/8/8/8/8/3n4/8/R3K2R w KQ - 0 1", "king in check from a knight", 0, 0 },
        { "4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1", "f1 attacked (king passes it)", 0, 1 },
        { "4k3/8/8/8/3r4/8/8/R3K2R w KQ - 0 1", "d1 attacked (king passes it)", 1, 0 },
        { "4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", "g1 attacked (king lands on it)", 0, 1 },
        { "4k3/8/8/8/2r5/8/8/R3K2R w KQ - 0 1", "c1 attacked (king lands on it)", 1, 0 },
        { "4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1", "d1 and f1 attacked by a knight", 0, 0 },
        { "4k3/8/8/8/8/8/7p/R3K2R w KQ - 0 1", "g1 attacked by a pawn", 0, 1 },
        { "4k3/8/8/8/1r6/8/8/R3K2R w KQ - 0 1", "b1 attacked: queen-side castling still legal", 1, 1 },
        { "4k3/8/8/8/7r/8/8/R3K2R w KQ - 0 1", "h1 rook attacked: king-side castling still legal", 1, 1 },
        { "4k3/8/8/8/r7/8/8/R3K2R w KQ - 0 1", "a1 rook attacked: queen-side castling still legal", 1, 1 },
        { "4k3/8/8/1b6/8/8/8/R3K2R w KQ - 0 1", "f1 attacked by a bishop", 0, 1 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        if (setpos(chess, c[i].fen, &p) < 0) continue;
        TAP_IS_INT(has_san(&p, "O-O"), c[i].k, "O-O %s: %s", c[i].k ? "legal" : "refused", c[i].why);
        TAP_IS_INT(has_san(&p, "O-O-O"), c[i].q, "O-O-O %s: %s", c[i].q ? "legal" : "refused", c[i].why);
    }

    /* the reasons given for a refused castling */
    TAP_IS_STR(readmv(chess, "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O"),
               "ILLEGAL: white has no right to castle king-side (the king or that rook has moved)",
               "O-O without the right: reason");
    TAP_IS_STR(readmv(chess, "4k3/8/8/8/3r4/8/8/R3K2R w KQ - 0 1", "O-O-O"),
               "ILLEGAL: white cannot castle queen-side: the king would pass d1, which is attacked",
               "O-O-O through d1: reason");
    TAP_IS_STR(readmv(chess, "4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", "O-O"),
               "ILLEGAL: white cannot castle king-side: the king would land on g1, which is attacked",
               "O-O onto an attacked g1: reason");
    TAP_IS_STR(readmv(chess, "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "O-O"),
               "ILLEGAL: white cannot castle out of check", "O-O in check: reason");
    TAP_IS_STR(readmv(chess, "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O"),
               "ILLEGAL: white cannot castle queen-side: b1 is occupied", "O-O-O with b1 occupied: reason");
    TAP_IS_STR(readmv(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "O-O"),
               "ILLEGAL: white cannot castle king-side: f1 is occupied", "O-O from the start position: reason");
    TAP_IS_STR(readmv(chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", "O-O-O"),
               "ILLEGAL: black has no right to castle queen-side (the king or that rook has moved)",
               "black O-O-O without the right: reason");

    /* what castling does to the board and the rights */
    TAP_IS_STR(play(chess, both, "O-O", 0), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "O-O moves king and rook, clears KQ");
    TAP_IS_STR(play(chess, both, "O-O-O", 0), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", "O-O-O moves king and rook");
    TAP_IS_STR(play(chess, "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "O-O", 0), "r4rk1/8/8/8/8/8/8/4K3 w - - 1 2",
               "black O-O");
    TAP_IS_STR(play(chess, "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", "e8c8", 0), "2kr3r/8/8/8/8/8/8/4K3 w - - 1 2",
               "black O-O-O read from UCI e8c8");
    TAP_IS_STR(play(chess, both, "Rh2 Rh7 Rh1 Rh8", 0), "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3",
               "a rook that moved and came back has lost its right");
    TAP_IS_STR(play(chess, both, "Rh2 Rh7 Rh1 Rh8 O-O", 0), "ERROR O-O: white has no right to castle king-side (the king or that rook has moved)",
               "O-O after the rook came back is refused");
    TAP_IS_STR(play(chess, both, "Kf1 Kf8 Ke1 Ke8", 0), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3",
               "a king that moved and came back has lost both rights");
    TAP_IS_STR(play(chess, "r3k2r/1b6/8/8/8/8/8/R3K2R b KQkq - 0 1", "Bxh1", 0), "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2",
               "capturing a rook on its square removes that right");
    TAP_IS_STR(play(chess, both, "Rxa8+", 0), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1",
               "a rook capturing the other rook: both queen-side rights go");
}

static void en_passant(void)
{
    const char *ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    TAP_IS_STR(san_list(chess, ep), "Kd1 Kd2 Ke2 Kf1 Kf2 e6 exd6", "en passant: plain capture is listed");
    TAP_IS_STR(play(chess, ep, "exd6", 0), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2", "en passant removes the pawn on d5");
    TAP_IS_STR(readmv(chess, ep, "exd6 e.p."), "OK exd6 e5d6 lax=0", "'exd6 e.p.' is read");
    TAP_IS_STR(readmv(chess, ep, "exd6ep"), "OK exd6 e5d6 lax=0", "'exd6ep' is read");
    TAP_IS_STR(readmv(chess, ep, "ed6"), "OK exd6 e5d6 lax=0", "'ed6' (no x) is read");
    TAP_IS_STR(readmv(chess, ep, "e5d6"), "OK exd6 e5d6 lax=0", "UCI en passant");
    TAP_IS_STR(fmt_move(chess, ep, "exd6", CV_LAN), "e5xd6", "LAN of en passant shows the capture");

    /* the capturing pawn and the captured one both leave the king's rank */
    const char *hpin = "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1";
    TAP_IS_STR(san_list(chess, hpin), "Ka4 Ka6 Kb4 Kb5 Kb6 e6", "en passant illegal: horizontal pin through both pawns");
    TAP_IS_STR(readmv(chess, hpin, "exd6"), "ILLEGAL: would leave the white king in check", "horizontal pin: reason");
    /* the same with the rook on the other side and Black capturing */
    TAP_IS_STR(san_list(chess, "4K3/8/8/8/R2Pp2k/8/8/8 b - d3 0 1"), "Kg3 Kg4 Kg5 Kh3 Kh5 e3",
               "black en passant illegal: horizontal pin");

    /* pinned on a diagonal: capturing off the line is illegal, along it legal */
    TAP_IS_STR(san_list(chess, "1b2k3/8/8/4Pp2/8/8/7K/8 w - f6 0 1"), "Kg1 Kg2 Kg3 Kh1 Kh3",
               "en passant off the pin diagonal is illegal");
    TAP_IS_STR(san_list(chess, "1b2k3/8/8/3pP3/8/8/7K/8 w - d6 0 1"), "Kg1 Kg2 Kg3 Kh1 Kh3 exd6",
               "en passant along the pin diagonal is legal");
    /* the captured pawn shields the king on a diagonal: taking it opens the line */
    TAP_IS_STR(san_list(chess, "4k1b1/8/8/3pP3/8/1K6/8/8 w - d6 0 1"), "Ka2 Ka3 Ka4 Kb2 Kb4 Kc2 Kc3 e6",
               "en passant illegal: the captured pawn shielded the king from a bishop");

    /* the pawn that just moved gives check: en passant removes the checker */
    const char *chk = "4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 1";
    TAP_IS_STR(san_list(chess, chk), "Kd3 Kd4 Ke3 Kf3 Kf4 Kf5 Kxd5 exd6", "en passant captures the checking pawn");
    TAP_IS_STR(readmv(chess, chk, "e6"), "ILLEGAL: does not get the white king out of check", "a push does not answer the check");
    /* the same, but the checking pawn also shields the king from a bishop */
    const char *chk2 = "4k1b1/8/8/3pP3/2K5/8/8/8 w - d6 0 1";
    TAP_IS_STR(san_list(chess, chk2), "Kb3 Kb4 Kb5 Kc3 Kc5 Kd3 Kd4",
               "en passant removes the checker but opens a bishop line: illegal");
    TAP_IS_STR(readmv(chess, chk2, "exd6"), "ILLEGAL: does not get the white king out of check",
               "checker taken en passant, bishop line opened: reason");

    /* en passant uncovers a check on the other king */
    TAP_IS_STR(readmv(chess, "8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", "exd6"), "OK exd6+ e5d6 lax=0",
               "en passant that gives a discovered check is written exd6+");

    /* from a game: the right exists for one move only */
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    TAP_IS_STR(play(chess, start, "e4 a6 e5 d5", 0), "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
               "double step next to a pawn: square written");
    TAP_IS_STR(play(chess, start, "e4 a6 e5 d5 exd6", 0), "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
               "en passant in a game");
    TAP_IS_STR(play(chess, start, "e4 a6 e5 d5 Nf3 a5 exd6", 0), "ERROR exd6: no white pawn can move to d6",
               "en passant one move too late");
    TAP_IS_STR(play(chess, start, "e4 e5", 0), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
               "no capturing pawn: square not written");
    TAP_IS_STR(play(chess, start, "e4 e5", CV_FEN_EP_ALWAYS), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
               "CV_FEN_EP_ALWAYS writes the square after every double step");
}

static void promotion(void)
{
    TAP_IS_STR(san_list(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1"), "Kd1 Kd2 Ke2 Kf1 Kf2 e8=B e8=N e8=Q+ e8=R+",
               "promotion to all four pieces, two give check");
    TAP_IS_STR(san_list(chess, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"),
               "Ke2 Kf1 Kf2 e8=B e8=N e8=Q+ e8=R+ exd8=B exd8=N exd8=Q+ exd8=R+", "promotion with and without capture");
    TAP_IS_STR(san_list(chess, "7k/4P1pp/8/8/8/8/8/4K3 w - - 0 1"), "Kd1 Kd2 Ke2 Kf1 Kf2 e8=B e8=N e8=Q# e8=R#",
               "promotion that mates is written with #");
    TAP_IS_STR(san_list(chess, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1"), "Kd7 Kd8 Ke7 Kf7 Kf8 a1=B a1=N a1=Q+ a1=R+",
               "black promotes on the first rank");
    TAP_IS_STR(play(chess, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=N", 0), "3N3k/8/8/8/8/8/8/4K3 b - - 0 1",
               "under-promotion with capture on the board");
    TAP_IS_STR(readmv(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8Q"), "OK e8=Q+ e7e8q lax=1", "'e8Q' (no '=') is read, lax");
    TAP_IS_STR(readmv(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=Q"), "OK e8=Q+ e7e8q lax=0", "'e8=Q' is read");
    TAP_IS_STR(readmv(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8(Q)"), "OK e8=Q+ e7e8q lax=1", "'e8(Q)' is read, lax");
    TAP_IS_STR(readmv(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8n"), "OK e8=N e7e8n lax=0", "UCI under-promotion");
    TAP_IS_STR(readmv(chess, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7xd8=R"), "OK exd8=R+ e7d8r lax=0", "LAN promotion with capture");
    TAP_IS_STR(fmt_move(chess, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=Q", CV_LAN), "e7xd8=Q+", "LAN of a capturing promotion");
    TAP_IS_STR(fmt_move(chess, "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "exd8=Q", CV_UCI), "e7d8q", "UCI of a capturing promotion");
    TAP_IS_STR(readmv(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8"), "ILLEGAL: a pawn reaching e8 must promote",
               "promotion piece missing: reason");
    TAP_IS_STR(readmv(chess, "7k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8"), "ILLEGAL: a pawn reaching e8 must promote",
               "promotion piece missing in UCI: same reason");
    TAP_IS_STR(readmv(chess, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a1=K"), "ILLEGAL: a pawn cannot promote to a king",
               "promotion to a king: reason");
    TAP_IS_STR(readmv(chess, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1k"), "ILLEGAL: a pawn cannot promote to a king",
               "promotion to a king in UCI: reason");
    TAP_IS_STR(readmv(chess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4=Q"),
               "ILLEGAL: no promotion on e4", "promotion far from the last rank: reason");
}

static void check_mate_stalemate(void)
{
    const char *dbl = "4r1k1/8/8/3N4/Rb6/8/8/4K3 w - - 0 1";
    TAP_IS_STR(san_list(chess, dbl), "Kd1 Kf1 Kf2", "double check: only king moves");
    TAP_IS_STR(readmv(chess, dbl, "Nxb4"), "ILLEGAL: does not get the white king out of check",
               "double check: capturing one checker is not enough");
    TAP_IS_STR(readmv(chess, dbl, "Ne3"), "ILLEGAL: does not get the white king out of check",
               "double check: blocking one line is not enough");

    const char *pin = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    TAP_IS_STR(san_list(chess, pin), "Kd1 Kd2 Kf1 Kf2", "a pinned knight cannot move");
    TAP_IS_STR(readmv(chess, pin, "Nc3"), "ILLEGAL: would leave the white king in check", "pinned knight: reason");
    TAP_IS_STR(readmv(chess, "4k3/8/8/8/4r3/8/8/R3K3 w - - 0 1", "Ra2"),
               "ILLEGAL: does not get the white king out of check", "ignoring a check: reason");
    TAP_IS_STR(san_list(chess, "4k3/8/8/8/4r3/8/8/R3K3 w - - 0 1"), "Kd1 Kd2 Kf1 Kf2",
               "in check: step aside (the rook cannot help)");
    TAP_IS_STR(san_list(chess, "4k3/8/8/8/4r3/R7/8/4K3 w - - 0 1"), "Kd1 Kd2 Kf1 Kf2 Re3",
               "in check: block or step aside");
    TAP_IS_STR(san_list(chess, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"), "Kd1 Kf1 Kxe2",
               "king may capture an unprotected checker");
    TAP_IS_STR(san_list(chess, "4k3/8/8/8/4r3/8/4r3/4K3 w - - 0 1"), "Kd1 Kf1",
               "king may not capture a protected checker (x-ray through the king's square)");
    TAP_IS_STR(san_list(chess, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"), "Kd2 Ke2 Kf2",
               "king may not step back along the checking line");

    cv_pos p;
    setpos(chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &p);
    TAP_IS_INT(cv_gen_count_legal(&p), 0, "stalemate: no legal move");
    TAP_IS_INT(cv_gen_in_check(&p), 0, "stalemate: not in check");
    setpos(chess, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", &p);
    TAP_IS_INT(cv_gen_count_legal(&p), 0, "checkmate: no legal move");
    TAP_IS_INT(cv_gen_in_check(&p), 1, "checkmate: in check");
    const char *before = "7k/Q7/6K1/8/8/8/8/8 w - - 0 1";
    TAP_IS_STR(readmv(chess, before, "Qg7"), "OK Qg7# a7g7 lax=0", "mating move written with #");
    TAP_IS_STR(readmv(chess, before, "Qg7+"), "OK Qg7# a7g7 lax=0", "'+' on a mating move is read");
    TAP_IS_STR(readmv(chess, before, "Qa8"), "OK Qa8# a7a8 lax=0", "mate along the back rank");
    TAP_IS_STR(readmv(chess, before, "Qb7"), "OK Qb7 a7b7 lax=0", "quiet move has no suffix");
    TAP_IS_STR(readmv(chess, before, "Qf7"), "OK Qf7 a7f7 lax=0", "stalemating move has no suffix");
    TAP_IS_STR(readmv(chess, before, "Qb8+"), "OK Qb8# a7b8 lax=0", "check read as mate when it is one");
}

static void disambiguation(void)
{
    const char *files = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    TAP_IS_STR(san_list(chess, files), "Kd1 Kd2 Ke2 Kf2 Na3 Nbd2 Nc3 Ne3 Nfd2 Ng3 Nh2", "disambiguation by file");
    TAP_IS_STR(readmv(chess, files, "Nd2"), "AMBIGUOUS: ambiguous between Nbd2 and Nfd2", "ambiguous knight move: reason");
    TAP_IS_STR(readmv(chess, files, "Nbd2"), "OK Nbd2 b1d2 lax=0", "Nbd2 read");
    TAP_IS_STR(readmv(chess, files, "N1d2"), "AMBIGUOUS: ambiguous between Nbd2 and Nfd2", "rank does not separate them");

    const char *ranks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    TAP_IS_STR(readmv(chess, ranks, "R1a3"), "OK R1a3 a1a3 lax=0", "disambiguation by rank (R1a3)");
    TAP_IS_STR(readmv(chess, ranks, "R5a3"), "OK R5a3 a5a3 lax=0", "disambiguation by rank (R5a3)");
    TAP_IS_STR(readmv(chess, ranks, "Ra3"), "AMBIGUOUS: ambiguous between R1a3 and R5a3", "ambiguous rook move: reason");
    TAP_IS_STR(readmv(chess, ranks, "Rb1"), "OK Rb1 a1b1 lax=0", "only one rook reaches b1: no disambiguation");
    TAP_IS_STR(readmv(chess, ranks, "Raa3"), "AMBIGUOUS: ambiguous between R1a3 and R5a3", "file does not separate them");

    const char *three = "8/7K/8/5k2/8/Q7/8/Q1Q5 w - - 0 1";
    TAP_IS_STR(readmv(chess, three, "Qa1b2"), "OK Qa1b2 a1b2 lax=0", "three queens: file and rank (Qa1b2)");
    TAP_IS_STR(readmv(chess, three, "Q3b2"), "OK Q3b2 a3b2 lax=0", "three queens: rank (Q3b2)");
    TAP_IS_STR(readmv(chess, three, "Qcb2"), "OK Qcb2 c1b2 lax=0", "three queens: file (Qcb2)");
    TAP_IS_STR(readmv(chess, three, "Qa1-b2"), "OK Qa1b2 a1b2 lax=0", "three queens: LAN read");
    TAP_IS_STR(readmv(chess, three, "Qb2"), "AMBIGUOUS: ambiguous between Q3b2, Qa1b2 and Qcb2", "three queens: reason");
    TAP_IS_STR(readmv(chess, three, "Qab2"), "AMBIGUOUS: ambiguous between Q3b2 and Qa1b2", "file a: two queens");
    TAP_IS_STR(readmv(chess, three, "Q1b2"), "AMBIGUOUS: ambiguous between Qa1b2 and Qcb2", "rank 1: two queens");
    TAP_IS_STR(fmt_move(chess, three, "a1b2", CV_LAN), "Qa1-b2", "LAN needs no disambiguation");
    /* a pinned knight does not make the other one ambiguous (PGN 8.2.3.4) */
    const char *pinned = "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1";
    TAP_IS_STR(readmv(chess, pinned, "Ne2"), "OK Ne2 g1e2 lax=0", "pinned knight ignored when disambiguating");
    TAP_IS_STR(readmv(chess, pinned, "Nge2"), "OK Ne2 g1e2 lax=0", "over-disambiguated Nge2 read");
    TAP_IS_STR(readmv(chess, pinned, "Nce2"), "ILLEGAL: would leave the white king in check", "the pinned knight: reason");
}

static void reading(void)
{
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const char *both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    TAP_IS_STR(readmv(chess, both, "O-O"), "OK O-O e1g1 lax=0", "O-O");
    TAP_IS_STR(readmv(chess, both, "0-0"), "OK O-O e1g1 lax=1", "0-0 (zeros) read, lax");
    TAP_IS_STR(readmv(chess, both, "o-o"), "OK O-O e1g1 lax=1", "o-o read, lax");
    TAP_IS_STR(readmv(chess, both, "O-O-O"), "OK O-O-O e1c1 lax=0", "O-O-O");
    TAP_IS_STR(readmv(chess, both, "0-0-0"), "OK O-O-O e1c1 lax=1", "0-0-0 read, lax");
    TAP_IS_STR(readmv(chess, both, "O-O+"), "OK O-O e1g1 lax=0", "O-O+ read (suffix not checked)");
    TAP_IS_STR(readmv(chess, both, "e1g1"), "OK O-O e1g1 lax=0", "UCI castling e1g1");
    TAP_IS_STR(readmv(chess, start, "Nf3!?"), "OK Nf3 g1f3 lax=0", "Nf3!? read");
    TAP_IS_STR(readmv(chess, start, "Nf3!!"), "OK Nf3 g1f3 lax=0", "Nf3!! read");
    TAP_IS_STR(readmv(chess, start, "e2e4"), "OK e4 e2e4 lax=0", "UCI e2e4");
    TAP_IS_STR(readmv(chess, start, "e2-e4"), "OK e4 e2e4 lax=0", "LAN e2-e4");
    TAP_IS_STR(readmv(chess, start, "Ng1-f3"), "OK Nf3 g1f3 lax=0", "LAN Ng1-f3");
    TAP_IS_STR(readmv(chess, start, "Ng1f3"), "OK Nf3 g1f3 lax=0", "over-disambiguated SAN Ng1f3");
    TAP_IS_STR(readmv(chess, start, "e4"), "OK e4 e2e4 lax=0", "SAN e4");
    TAP_IS_STR(readmv(chess, start, "Nf4"), "ILLEGAL: no white knight can move to f4", "illegal knight move: reason");
    TAP_IS_STR(readmv(chess, start, "e5"), "ILLEGAL: no white pawn can move to e5", "illegal pawn move: reason");
    TAP_IS_STR(readmv(chess, start, "Ke2"), "ILLEGAL: no white king can move to e2", "king onto own piece: reason");
    TAP_IS_STR(readmv(chess, start, "Bb5"), "ILLEGAL: the bishop on f1 is blocked by the pawn on e2", "blocked bishop: reason");
    TAP_IS_STR(readmv(chess, start, "e2e5"), "ILLEGAL: the pawn on e2 cannot move to e5", "UCI too far: reason");
    TAP_IS_STR(readmv(chess, start, "e3e4"), "ILLEGAL: no piece on e3", "UCI from an empty square: reason");
    TAP_IS_STR(readmv(chess, start, "e7e5"), "ILLEGAL: the piece on e7 is not white's", "UCI with the other side's pawn: reason");
    TAP_IS_STR(readmv(chess, start, "Bg1-f3"), "ILLEGAL: the piece on g1 is a knight, not a bishop", "LAN wrong piece: reason");
    TAP_IS_STR(readmv(chess, start, "Zf3"), "SYNTAX: unknown piece letter 'Z'", "unknown piece letter: reason");
    TAP_IS_STR(readmv(chess, start, "hello"), "SYNTAX: 'hello' is not a move", "not a move: reason");
    TAP_IS_STR(readmv(chess, start, ""), "SYNTAX: '' is not a move", "empty text: reason");
    TAP_IS_STR(readmv(chess, start, "Ki9"), "SYNTAX: no square i9 on this board", "square off the board: reason");
    TAP_IS_STR(readmv(chess, start, "a2a9"), "SYNTAX: no square a9 on this board", "UCI square off the board: reason");
    TAP_IS_STR(readmv(chess, start, "e4 "), "SYNTAX: 'e4 ' is not a move", "trailing blank is not part of a move");
}

static void chess960(void)
{
    const char *kr = "4k3/8/8/8/8/8/8/6KR w H - 0 1";
    TAP_IS_STR(san_list(c960, kr), "Kf1 Kf2 Kg2 Kh2 O-O Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rh8+",
               "960: king already on g1 may castle (only the rook moves)");
    TAP_IS_STR(play(c960, kr, "O-O", 0), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1", "960: O-O with the king standing still");
    TAP_IS_STR(readmv(c960, kr, "g1h1"), "OK O-O g1h1 lax=0", "960: UCI castling is king takes rook");
    TAP_IS_STR(play(c960, "4k3/8/8/8/8/8/8/R1K5 w A - 0 1", "O-O-O", 0), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
               "960: O-O-O with the king standing still on c1");
    TAP_IS_STR(readmv(c960, "4k3/8/8/8/8/8/8/R1K5 w A - 0 1", "O-O-O"), "OK O-O-O c1a1 lax=0", "960: UCI c1a1");
    TAP_IS_STR(play(c960, "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "O-O", 0), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1",
               "960: king and rook swap squares");
    TAP_IS_STR(readmv(c960, "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1"), "OK O-O f1g1 lax=0",
               "960: f1g1 is castling (king takes rook)");
    /* the castling rook shields the king's target square from a rook on a1 */
    const char *shield = "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1";
    TAP_IS_STR(san_list(c960, shield), "Kc1 Kc2 Kd2 Ke1 Ke2 Rc1 Rxa1",
               "960: castling refused when the (pinned) rook was shielding the king's target");
    TAP_IS_STR(readmv(c960, shield, "O-O-O"), "ILLEGAL: white cannot castle queen-side: the king would be in check",
               "960: shield case reason");
    TAP_IS_STR(san_list(c960, "4k3/8/8/8/8/8/8/1R1K4 w B - 0 1"), "Kc1 Kc2 Kd2 Ke1 Ke2 O-O-O Ra1 Rb2 Rb3 Rb4 Rb5 Rb6 Rb7 Rb8+ Rc1",
               "960: the same castling without the enemy rook is legal");
    TAP_IS_STR(play(c960, "4k3/8/8/8/8/8/8/1R1K4 w B - 0 1", "O-O-O", 0), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1",
               "960: O-O-O with the rook from b1");
    /* king crosses several squares: any attacked one forbids it */
    TAP_IS_STR(readmv(c960, "3r3k/8/8/8/8/8/8/1K4R1 w G - 0 1", "O-O"), "ILLEGAL: white cannot castle king-side: the king would pass d1, which is attacked",
               "960: king path b1-g1 crosses the attacked d1");
    TAP_IS_STR(play(c960, "7k/8/8/8/8/8/8/1K4R1 w G - 0 1", "O-O", 0), "7k/8/8/8/8/8/8/5RK1 b - - 1 1",
               "960: long king walk b1-g1");
    /* X-FEN and Shredder-FEN name the same rights */
    cv_pos p;
    char buf[256];
    setpos(c960, "4k3/8/8/8/8/8/8/rR1K4 w Q - 0 1", &p);
    cv_gen_fen_write(&p, 0, buf, sizeof buf);
    TAP_IS_STR(buf, "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", "960: X-FEN Q read as the b1 rook, written B");
    cv_gen_fen_write(&p, CV_FEN_XFEN, buf, sizeof buf);
    TAP_IS_STR(buf, "4k3/8/8/8/8/8/8/rR1K4 w Q - 0 1", "960: written back as X-FEN Q");
}

int main(void)
{
    if (!getenv("CVKIT_SPECS")) setenv("CVKIT_SPECS", "specs", 1);
    chess = cv_variant_find("chess", NULL);
    c960 = cv_variant_find("chess960", NULL);
    TAP_OK(chess != NULL, "chess spec found");
    TAP_OK(c960 != NULL, "chess960 spec found");
    if (!chess || !c960) return tap_done();

    castling();
    en_passant();
    promotion();
    check_mate_stalemate();
    disambiguation();
    reading();
    chess960();

    static const perft_case cpw[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", { 20, 400, 8902 } },
        { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", { 48, 2039, 97862 } },
        { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", { 14, 191, 2812 } },
        { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", { 6, 264, 9467 } },
        { "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", { 6, 264, 9467 } },
        { "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", { 44, 1486, 62379 } },
        { "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", { 46, 2079, 89890 } },
        /* en passant positions (the square read from the FEN) */
        { "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", { 31, 707, 21637 } },
        { "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", { 6, 96, 656 } },
        { "4k1b1/8/8/3pP3/2K5/8/8/8 w - d6 0 1", { 7, 62, 434 } },
    };
    fast_vs_slow(chess, cpw, (int)(sizeof cpw / sizeof cpw[0]));
    static const perft_case cpw960[] = {
        { "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", { 21, 528, 12189 } },
        { "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 0 9", { 21, 807, 18002 } },
        { "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 0 9", { 20, 479, 10471 } },
        { "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", { 22, 593, 13440 } },
    };
    fast_vs_slow(c960, cpw960, (int)(sizeof cpw960 / sizeof cpw960[0]));

    cv_variant_free(chess);
    cv_variant_free(c960);
    return tap_done();
}
