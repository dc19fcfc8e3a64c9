/* t_trid: Star Trek Tri-Dimensional chess (lib/trid.h) under both rule
 * sets of docs/rules/trid.md (in full, docs/cvkit-variants.7, STAR TREK TRI-D).
 *
 * Every assertion is an exact value: perft counts from the "Numbers
 * to meet" of docs/rules/trid.md, the sorted list of legal moves (Parmen notation) of a
 * hand-made position for one rule or option, a TD-FEN after some moves,
 * an error's column and text, or the reason a move is refused.  Last, the
 * two sample games of Parmen's readme (corpus/trid/) are replayed move by move (every printed
 * check and mate recomputed), and a seeded random walk compares the fast
 * legal generator with playing every move, and round-trips TD-FEN and
 * both notations on every position it visits. */
#include "trid.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef TRID_DATA
#define TRID_DATA "tests/data/trid/"
#endif

static cv_trid_opts std_o, tour_o;

/* ---- helpers ---- */

static const cv_trid_opts *rules(int rs) { return rs == CV_TRID_TOURNAMENT ? &tour_o : &std_o; }

/* Reads a test position; it must read without any problem. */
static int setpos(const cv_trid_opts *o, const char *fen, cv_trid_pos *p)
{
    static cv_trid_errors e;
    int rc = cv_trid_fen_read(fen, o, p, &e);
    TAP_OK(rc == 0 && e.n == 0, "position reads cleanly (%s): %s", cv_trid_ruleset_name(o->ruleset), fen);
    for (int i = 0; i < e.n; i++) printf("#   column %d: %s\n", e.e[i].col, e.e[i].msg);
    return rc;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Legal moves whose text starts with prefix, sorted, joined by spaces. */
static const char *moves(const cv_trid_pos *p, const char *prefix)
{
    static char out[16384];
    static char txt[CV_TRID_MAX_MOVES][40];
    static char *ptr[CV_TRID_MAX_MOVES];
    static cv_trid_movelist ml;
    cv_trid_gen_legal(p, &ml);
    int n = 0;
    for (int i = 0; i < ml.n; i++) {
        cv_trid_move_format(p, &ml, ml.m[i], CV_TRID_NOTE_PARMEN, txt[n], sizeof txt[n]);
        if (strncmp(txt[n], prefix, strlen(prefix)) == 0) ptr[n] = txt[n], n++;
    }
    qsort(ptr, (size_t)n, sizeof *ptr, cmp_str);
    size_t k = 0;
    out[0] = 0;
    for (int i = 0; i < n; i++) k += (size_t)snprintf(out + k, sizeof out - k, "%s%s", i ? " " : "", ptr[i]);
    return out;
}

static const char *list_of(const cv_trid_opts *o, const char *fen, const char *prefix)
{
    static cv_trid_pos p;
    if (setpos(o, fen, &p) < 0) return "(bad position)";
    return moves(&p, prefix);
}

/* Plays the moves (space separated); returns 0, or -1 with a failed test. */
static int play(cv_trid_pos *p, const char *line)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        cv_trid_parse r;
        if (cv_trid_move_read(p, NULL, tok, CV_TRID_NOTE_AUTO, &r) != CV_TRID_MOVE_OK) {
            TAP_OK(0, "move %s plays: %s", tok, r.why);
            return -1;
        }
        cv_trid_make(p, r.move);
    }
    return 0;
}

/* Field by field: struct padding is not compared. */
static int opts_eq(const cv_trid_opts *a, const cv_trid_opts *b)
{
    return a->ruleset == b->ruleset && a->block == b->block && a->void_passes == b->void_passes && a->load == b->load &&
           a->backward == b->backward && memcmp(a->adj, b->adj, sizeof a->adj) == 0 && a->promo == b->promo &&
           a->promo_types == b->promo_types && a->castle == b->castle && a->ep == b->ep && a->inversion == b->inversion;
}

static int pos_eq(const cv_trid_pos *a, const cv_trid_pos *b)
{
    int boards = 1;
    for (int i = 0; i < CV_TRID_BOARDS; i++)
        boards &= a->board[i].pin == b->board[i].pin && a->board[i].inverted == b->board[i].inverted &&
                  a->board[i].ctrl == b->board[i].ctrl;
    return boards && opts_eq(&a->o, &b->o) && memcmp(a->pc, b->pc, sizeof a->pc) == 0 &&
           memcmp(a->exist, b->exist, sizeof a->exist) == 0 && memcmp(a->occ, b->occ, sizeof a->occ) == 0 &&
           a->cells[0] == b->cells[0] && a->cells[1] == b->cells[1] && memcmp(a->pinboard, b->pinboard, sizeof a->pinboard) == 0 &&
           a->king[0] == b->king[0] && a->king[1] == b->king[1] && a->side == b->side && a->castling == b->castling &&
           a->ep == b->ep && a->halfmove == b->halfmove && a->fullmove == b->fullmove;
}

static const char *fen_of(const cv_trid_pos *p)
{
    static char buf[400];
    cv_trid_fen_write(p, buf, sizeof buf);
    return buf;
}

/* "status: reason" of reading text in p. */
static const char *refusal(const cv_trid_pos *p, const char *text)
{
    static char out[400];
    static const char *const st[] = { "ok", "syntax", "illegal", "ambiguous" };
    cv_trid_parse r;
    cv_trid_move_read(p, NULL, text, CV_TRID_NOTE_AUTO, &r);
    snprintf(out, sizeof out, "%s: %s", st[r.status], r.why);
    return out;
}

/* The problems of a TD-FEN as "col kind: message" lines joined by " | ". */
static const char *problems(const cv_trid_opts *o, const char *fen)
{
    static char out[4096];
    static cv_trid_errors e;
    cv_trid_pos p;
    int rc = cv_trid_fen_read(fen, o, &p, &e);
    size_t k = (size_t)snprintf(out, sizeof out, "%s", rc < 0 ? "unusable" : "usable");
    static const char *const kind[] = { "syntax", "lax", "position" };
    for (int i = 0; i < e.n; i++)
        k += (size_t)snprintf(out + k, sizeof out - k, " | %d %s: %s", e.e[i].col, kind[e.e[i].kind], e.e[i].msg);
    return out;
}

/* ---- perft ---- */

static void test_perft(void)
{
    static const uint64_t want[2][4] = { { 21, 441, 10088, 230320 }, { 20, 400, 9128, 207888 } };
    for (int rs = 0; rs < 2; rs++) {
        cv_trid_pos p;
        cv_trid_start(&p, rules(rs));
        for (int d = 1; d <= 4; d++) {
            clock_t t0 = clock();
            uint64_t n = cv_trid_perft(&p, d);
            double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
            TAP_IS_INT(n, want[rs][d - 1], "%s start perft(%d)", cv_trid_ruleset_name(rs), d);
            if (d == 4) printf("# %s perft(4) %.3f s, %.1f M nodes/s\n", cv_trid_ruleset_name(rs), s, s > 0 ? (double)n / s / 1e6 : 0.0);
        }
    }
    /* The 21st standard move is castling: the king and rook swap. */
    cv_trid_pos p;
    cv_trid_start(&p, &std_o);
    TAP_IS_STR(moves(&p, "o"), "o-o", "standard start: castling is the 21st move");
    cv_trid_start(&p, &tour_o);
    TAP_IS_STR(moves(&p, "o"), "", "tournament start: no castling at fullmove 1");
    TAP_IS_STR(moves(&p, ""),
               "Nb1-c3(2) Nb1-c3(4) Ne1-d3(2) Ne1-d3(4) Pb2-b3(2) Pb2-b3(4) Pb2-b4(2) Pb2-b4(4) Pc2-c3(2) "
               "Pc2-c3(4) Pc2-c4(2) Pc2-c4(4) Pd2-d3(2) Pd2-d3(4) Pd2-d4(2) Pd2-d4(4) Pe2-e3(2) Pe2-e3(4) "
               "Pe2-e4(2) Pe2-e4(4)",
               "tournament start: the 20 moves");
}

/* ---- TD-FEN ---- */

static const char start[] =
    "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1";

static void test_fen(void)
{
    cv_trid_pos p, q;
    for (int rs = 0; rs < 2; rs++) {
        cv_trid_start(&p, rules(rs));
        TAP_IS_STR(fen_of(&p), start, "%s start position written", cv_trid_ruleset_name(rs));
        TAP_IS_STR(cv_trid_start_fen(rs), start, "%s start TD-FEN", cv_trid_ruleset_name(rs));
        if (setpos(rules(rs), start, &q) == 0) {
            TAP_IS_STR(fen_of(&q), start, "start TD-FEN round trip");
            TAP_OK(pos_eq(&p, &q), "start TD-FEN reads to the start position");
        }
    }
    /* Writing after moves: a board that changed hands keeps its name. */
    cv_trid_start(&p, &std_o);
    play(&p, "Pc2-c4(2) Pd7-d5(6)");
    TAP_IS_STR(fen_of(&p),
               "nbbn/pp1p/4/2p1|4/4/4/4|1P2/4/P1PP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq d5(6) 0 2",
               "en passant field names the pawn that double-stepped");

    /* syntax, each at its column */
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBX QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "unusable | 35 syntax: 'X' is not a piece letter or a digit (in rank 4 of White's board)", "bad piece letter");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBB QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "unusable | 35 syntax: rank 4 of White's board has 3 squares, 4 needed", "short rank");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4 QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "unusable | 22 syntax: 2 main boards, 3 needed (Black's|Neutral|White's)", "missing main board");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL7:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "unusable | 37 syntax: 'QL7' does not start with a pin name (QL1 .. KL6)", "bad pin");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:x:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "unusable | 41 syntax: controller 'w' or 'b' expected", "bad controller");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq c4 0 1"),
               "unusable | 92 syntax: en passant must be a square such as c4(2), or '-', not 'c4'", "en passant without level");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN  QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w qkQK - 0 1"),
               "usable | 36 lax: more than one space between fields | 89 lax: castling letters are written in the order KQkq",
               "lax deviations");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w"),
               "usable | 86 lax: castling field is missing (taken as '-')", "missing trailing fields");

    /* validation problems */
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:2/pp w KQ - 0 1"),
               "usable | 1 position: no black king", "no king");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KK,QL6:b:rq/pp,KL6:b:kr/pp w Qkq - 0 1"),
               "usable | 59 position: more than one white king", "two kings");
    TAP_IS_STR(problems(&std_o, "Pbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "usable | 1 position: white pawn on b8(6), where it would have promoted", "pawn on its last rank (standard)");
    TAP_IS_STR(problems(&tour_o, "Pbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "usable", "b8(6) under an attack board is not the last rank (tournament)");
    TAP_IS_STR(problems(&tour_o, "1k2/4/4/4|4/4/4/4|4/4/4/1K2 P1/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1"),
               "unusable | 29 syntax: 'P1/' does not start with a pin name (QL1 .. KL6)", "attack boards field");
    TAP_IS_STR(problems(&tour_o, "1k2/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/P1,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1"),
               "usable | 37 position: white pawn on a0(3), behind its own first rank (only a board moving backward could carry it there)",
               "pawn behind its first rank (tournament)");
    TAP_IS_STR(problems(&std_o, "1k2/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/P1,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1"), "usable",
               "a white pawn on rank 0 can be carried there in standard");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,QL1:w:2/2,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "usable | 49 position: two boards on pin QL1",
               "two boards on one pin");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,KL3=QLB:b:2/2,KL6:b:kr/pp w KQk - 0 1"),
               "usable | 61 position: QLB stands on KL3, on the wrong side (boards never cross in trid-standard)",
               "board on the wrong side (standard)");
    TAP_IS_STR(problems(&tour_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,KL3=QLB:b:2/2,KL6:b:kr/pp w KQk - 0 1"),
               "usable", "a QL board on a KL pin is fine in tournament");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1=QLW:b:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "usable | 45 position: board on QL1 is marked controlled by black, but only white pieces stand on it",
               "controller letter contradicting the occupants");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:b:PP/RQ,KL1:w:PP/KR,QL6=QLB:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "usable | 37 position: a QL board controlled by black is taken to be QLB, which is already placed (write QL1=QLW) | "
               "37 position: attack board QLW is missing | 92 position: castling right 'Q' but no white rook on a0(3)",
               "a board name given twice");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/1Q,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1"),
               "usable | 88 position: castling right 'Q' but no white rook on a0(3)", "castling right without its rook");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp b KQkq c2(2) 0 1"),
               "usable | 92 position: en passant: a white pawn on rank 2 cannot have just double-stepped", "impossible en passant");
    TAP_IS_STR(problems(&std_o, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1i:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w Kkq - 0 1"),
               "usable | 37 position: QLW on QL1 is inverted; inverted boards are not played", "inverted board (reserved)");
    TAP_IS_STR(problems(&std_o, "1k2/4/4/4|4/4/4/4|4/4/4/1R1K QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1"),
               "usable | 70 position: the side not to move (black) is in check", "side not to move in check");

    /* A piece on a square that does not exist (set through the struct). */
    cv_trid_errors e;
    if (setpos(&std_o, "1k2/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1", &p) == 0) {
        p.pc[3 * 6 + 0][5] = CV_TRID_PIECE(CV_TRID_KNIGHT, 0); /* a3(5): QL3 holds no board */
        memset(&e, 0, sizeof e);
        cv_trid_validate(&p, &e);
        TAP_IS_INT(e.n, 1, "one problem");
        TAP_IS_STR(e.n ? e.e[0].msg : "", "white knight on a3(5), a square that does not exist with the boards as they stand",
                   "piece on a square that does not exist");
    }
    TAP_IS_INT(cv_trid_put(&p, CV_TRID_SQ(0, 3, 5), CV_TRID_PIECE(CV_TRID_ROOK, 0)), -1, "put refuses a square that does not exist");
}

/* ---- blocking ---- */

static void test_blocking(void)
{
    cv_trid_opts any_empty = std_o, void_pass = std_o, void_block = tour_o;
    any_empty.block = CV_TRID_BLOCK_ANY_EMPTY;
    void_pass.void_passes = 1;
    void_block.void_passes = 0;
    cv_trid_pos p;

    /* The pinned rook of Parmen's sample listing: Black king f9(7), White queen d7(6), Black
     * rook e8(7) shields the king although e8(6) is empty. */
    const char *pin = "4/2Q1/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/r1 b - - 0 1";
    if (setpos(&std_o, pin, &p) == 0) {
        TAP_IS_INT(cv_trid_in_check(&p), 0, "standard: rook on e8(7) shields f9(7) from d7(6)");
        TAP_IS_STR(moves(&p, ""), "Kf9-e9(7) Kf9-f8(7) QLB-b6(4)", "standard: the rook is pinned");
        TAP_IS_STR(refusal(&p, "Re8-e4(4)"), "illegal: the black king on f9(7) would be attacked by the queen on d7(6)",
                   "moving the pinned rook is refused");
    }
    if (setpos(&tour_o, pin, &p) == 0) {
        TAP_IS_INT(cv_trid_in_check(&p), 0, "tournament: the rook shields too (any piece blocks)");
        TAP_IS_STR(moves(&p, ""), "Kf9-e9(7) Kf9-f8(7) QLB-b5(6) QLB-b6(4)", "tournament: pinned rook, two board moves");
    }
    if (setpos(&any_empty, pin, &p) == 0)
        TAP_IS_INT(cv_trid_in_check(&p), 1, "option any-empty: e8(6) is empty, so the king is in check");
    const char *under = "3r/2Q1/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/2 b - - 0 1";
    if (setpos(&std_o, under, &p) == 0)
        TAP_IS_INT(cv_trid_in_check(&p), 1, "standard: a rook on e8(6) does not shield f9(7)");
    if (setpos(&tour_o, under, &p) == 0)
        TAP_IS_INT(cv_trid_in_check(&p), 0, "tournament: a rook on e8(6) shields f9(7)");

    /* A rook up the c-file past a knight on c4(4): under the level rule
     * c4 stops it toward level 4 only. */
    const char *cfile = "4/4/4/4|k3/4/1n2/4|4/4/3K/1R2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, cfile, "R"),
               "Rc1-a1(3) Rc1-b1(2)+ Rc1-b1(3)+ Rc1-c2(2) Rc1-c3(2) Rc1-c3(4) Rc1-c4(2) Rc1-c5(6) Rc1-c6(6)+ "
               "Rc1-c7(6) Rc1-c8(6) Rc1-d1(2) Rc1-e1(2) Rc1-e1(3) Rc1-f1(3) Rc1xc4(4)",
               "standard: level blocking on the c-file");
    TAP_IS_STR(list_of(&tour_o, cfile, "R"),
               "Rc1-a1(3) Rc1-b1(2)+ Rc1-b1(3)+ Rc1-c2(2) Rc1-c3(2) Rc1-c3(4) Rc1-c4(2) Rc1-d1(2) Rc1-e1(2) Rc1-e1(3) "
               "Rc1-f1(3) Rc1xc4(4)",
               "tournament: the knight blocks every level");
    if (setpos(&std_o, cfile, &p) == 0) {
        TAP_IS_STR(refusal(&p, "Rc1-c5(4)"),
                   "illegal: the rook's path from c1(2) to c5(4) is blocked: c4(4) holds a black knight (toward level L a cell "
                   "blocks when its square on L is occupied or, lacking one, when all its squares are)",
                   "standard refusal names the blocking square");
    }

    /* Void cells: docs/rules/trid.md's rook on f0(3) and a pawn on f8(7). */
    const char *vd = "1k2/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/1R,QL6:b:2/2,KL6:b:2/1p w - - 0 1";
    TAP_IS_STR(list_of(&std_o, vd, "R"), "Rf0-e0(3) Rf0-f1(3)", "standard: void cells block");
    TAP_IS_STR(list_of(&tour_o, vd, "R"), "Rf0-a0(3) Rf0-b0(3) Rf0-e0(3) Rf0-f1(3) Rf0xf8(7)+*", "tournament: void cells pass");
    TAP_IS_STR(list_of(&void_pass, vd, "R"), "Rf0-a0(3) Rf0-b0(3) Rf0-e0(3) Rf0-f1(3) Rf0xf8(7)+*", "standard, option void passes");
    TAP_IS_STR(list_of(&void_block, vd, "R"), "Rf0-e0(3) Rf0-f1(3)", "tournament, option void blocks");

    /* Single steps and leaps are never blocked. */
    const char *step = "4/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:kr/pp b - - 0 1";
    TAP_IS_STR(list_of(&std_o, step, "K"), "Ke9-d8(6) Ke9-e8(6)", "a king steps to the level below its own pieces");
}

/* ---- pawns ---- */

static void test_pawns(void)
{
    cv_trid_pos p;
    /* Double steps: standard passes b3 toward level 2 (b3(2) empty)
     * but not toward level 4 (b3(4) occupied); tournament not at all. */
    const char *dbl = "4/1k2/4/4|4/4/4/n3|4/4/P3/3K QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, dbl, "P"), "Pb2-b3(2) Pb2-b4(2)", "standard: double step by the level rule");
    TAP_IS_STR(list_of(&tour_o, dbl, "P"), "Pb2-b3(2)", "tournament: the passed cell must be empty");
    if (setpos(&tour_o, dbl, &p) == 0)
        TAP_IS_STR(refusal(&p, "Pb2-b4(2)"),
                   "illegal: the double step from b2(2) to b4(2) is blocked: b3(4) holds a black knight (any piece in a cell on the "
                   "way blocks)",
                   "tournament refusal of the double step");
    /* From the attack-board start squares, and never from elsewhere. */
    const char *ab = "4/1k2/4/4|4/4/4/4|4/4/4/1K2 QL1:w:PP/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, ab, "P"), "Pb1-b2(2) Pb1-b3(2) Pb1-b3(4)", "standard: double step from b1(3); a2 is void");
    const char *nd = "4/1k2/4/4|4/4/4/4|4/P3/4/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, nd, "P"), "Pb3-b4(2) Pb3-b4(4)", "no double step off the starting squares");
    if (setpos(&std_o, nd, &p) == 0)
        TAP_IS_STR(refusal(&p, "Pb3-b5(4)"), "illegal: a pawn double-steps only from its side's starting pawn squares, not from b3(2)",
                   "refusal of a double step from b3(2)");

    /* En passant, the double step to level 2 and to level 4, captured by
     * pawns on level 2 and 4; the capturer lands on either square of b3. */
    const char *ep4 = "4/1k2/4/4|4/4/1p2/4|4/4/P3/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 5";
    const char *ep2 = "4/1k2/4/4|4/4/4/4|1p2/4/P3/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 5";
    for (int rs = 0; rs < 2; rs++)
        for (int k = 0; k < 4; k++) {
            if (setpos(rules(rs), k < 2 ? ep4 : ep2, &p) < 0) continue;
            play(&p, k & 1 ? "Pb2-b4(4)" : "Pb2-b4(2)");
            TAP_IS_STR(moves(&p, "Pc4"), "Pc4-c3(2) Pc4-c3(4) Pc4xb3(2) Pc4xb3(4)", "%s: en passant after Pb2-b4(%d), pawn on c4(%d)",
                       cv_trid_ruleset_name(rs), k & 1 ? 4 : 2, k < 2 ? 4 : 2);
            play(&p, k & 1 ? "Pc4xb3(2)" : "Pc4xb3(4)");
            char sq[8];
            cv_trid_sq_name(CV_TRID_SQ(1, 4, k & 1 ? 4 : 2), sq, sizeof sq);
            TAP_IS_INT(cv_trid_at(&p, CV_TRID_SQ(1, 4, k & 1 ? 4 : 2)), 0, "the pawn on %s is taken", sq);
            TAP_IS_INT(cv_trid_at(&p, CV_TRID_SQ(1, 3, k & 1 ? 2 : 4)), CV_TRID_PIECE(CV_TRID_PAWN, 1), "the capturer stands on b3");
        }
    if (setpos(&std_o, ep4, &p) == 0) {
        play(&p, "Pb2-b4(2) Kc7-c6(6) Kc1-d1(2)");
        TAP_IS_STR(moves(&p, "Pc4"), "Pc4-c3(2) Pc4-c3(4)", "en passant only right after the double step");
    }
    cv_trid_opts noep = std_o;
    noep.ep = CV_TRID_EP_NONE;
    if (setpos(&noep, ep4, &p) == 0) {
        play(&p, "Pb2-b4(2)");
        TAP_IS_STR(moves(&p, "Pc4"), "Pc4-c3(2) Pc4-c3(4)", "option: no en passant (Parmen)");
    }
    if (setpos(&std_o, "4/1k2/4/4|4/4/1p2/4|P3/4/4/1K2 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 b - b4(2) 0 5", &p) == 0)
        TAP_IS_STR(moves(&p, "Pc4x"), "Pc4xb3(2) Pc4xb3(4)", "en passant from a TD-FEN");

    /* Two like pieces in one cell: the origin level is written. */
    const char *two = "4/4/4/2p1|4/2p1/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/2 b - - 0 30";
    if (setpos(&std_o, two, &p) == 0) {
        TAP_IS_STR(moves(&p, "P"), "Pd5(4)-d4(2) Pd5(4)-d4(4) Pd5(6)-d4(2) Pd5(6)-d4(4)", "origin level when two pawns share d5");
        TAP_IS_STR(refusal(&p, "Pd5-d4(2)"), "ambiguous: ambiguous: Pd5(4)-d4(2) or Pd5(6)-d4(2)", "ambiguity reported");
    }
}

/* ---- promotion ---- */

static void test_promotion(void)
{
    cv_trid_pos p;
    /* b7(6) to b8 under QLB: standard promotes on the main board only. */
    const char *b7 = "4/P3/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, b7, "P"), "Pb7-b8(6)=B Pb7-b8(6)=N Pb7-b8(6)=Q Pb7-b8(6)=R Pb7-b8(7)*",
               "standard: rank 8 on level 6 promotes even under an attack board");
    TAP_IS_STR(list_of(&tour_o, b7, "P"), "Pb7-b8(6) Pb7-b8(7)*", "tournament: b9 exists, so b8 is not the last rank");
    const char *b7n = "4/P3/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL5:b:2/2,KL6:b:1k/2 w - - 0 1";
    TAP_IS_STR(list_of(&tour_o, b7n, "P"), "Pb7-b8(6)=B Pb7-b8(6)=N Pb7-b8(6)=Q Pb7-b8(6)=R",
               "tournament: with no board on QL6, b8 is the last rank");
    /* A pawn on an attack board at rank 8 steps on to rank 9. */
    const char *b8 = "4/4/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL6=QLB:w:2/1P,KL6:b:1k/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, b8, "P"), "Pb8-b9(7)=B Pb8-b9(7)=N Pb8-b9(7)=Q Pb8-b9(7)=R", "standard: b8(7) to b9(7) promotes");
    TAP_IS_STR(list_of(&tour_o, b8, "P"), "Pb8-b9(7)=B Pb8-b9(7)=N Pb8-b9(7)=Q+ Pb8-b9(7)=R+",
               "tournament: the same (and the new queen sees f9 across the void)");
    /* Tournament: a pawn under an attack board promotes when it leaves,
     * the board's mover choosing the piece. */
    const char *under = "P3/4/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/2 b - - 0 1";
    TAP_IS_STR(list_of(&tour_o, under, "QLB"),
               "QLB-b5(6)=B QLB-b5(6)=N QLB-b5(6)=Q QLB-b5(6)=R QLB-b6(4)=B QLB-b6(4)=N QLB-b6(4)=Q QLB-b6(4)=R",
               "tournament: moving the board off promotes the pawn left on b8(6)");
    if (setpos(&tour_o, under, &p) == 0) {
        play(&p, "QLB-b5(6)=N");
        TAP_IS_STR(fen_of(&p), "N3/4/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL5:b:2/2,KL6:b:1k/2 w - - 0 2", "the pawn became a knight");
        TAP_IS_STR(refusal(&p, "QLB-b6(4)"), "illegal: QLB is controlled by black", "reason given for %s", "QLB-b6(4)");
    }
    /* A board move carrying a pawn to its last rank promotes it. */
    const char *carry = "4/4/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL4=QLB:w:P1/2,KL6:b:1k/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, carry, "QLB"), "QLB-b4(2) QLB-b5(6) QLB-b8(6)=B QLB-b8(6)=N QLB-b8(6)=Q QLB-b8(6)=R",
               "standard: a7(5) carried to a9(7) promotes");
    TAP_IS_STR(list_of(&tour_o, carry, "QLB"), "QLB-b8(6)=B QLB-b8(6)=N QLB-b8(6)=Q+ QLB-b8(6)=R+ QLB-e6(4)",
               "tournament: the same, no backward move, sideways to KL4");
    /* Black on rank 1 of level 2 (49... Pe2-e1(2)Q#) and the readers' forms. */
    const char *e2 = "4/4/4/K3|4/4/4/4|4/4/3p/4 QL1:w:2/2,KL1:w:2/2,QL6:b:1k/2,KL6:b:2/2 b - - 0 1";
    TAP_IS_STR(list_of(&std_o, e2, "P"), "Pe2-e1(2)=B Pe2-e1(2)=N Pe2-e1(2)=Q Pe2-e1(2)=R Pe2-e1(3)*",
               "standard: e1(2) promotes, e1(3) on the attack board does not");
    TAP_IS_STR(list_of(&tour_o, e2, "P"), "Pe2-e1(2) Pe2-e1(3)*", "tournament: e0 exists, so e1 is not the last rank");
    if (setpos(&std_o, e2, &p) == 0) {
        TAP_IS_STR(refusal(&p, "Pe2-e1(2)"), "ambiguous: the promotion piece is missing (=Q, =R, =B or =N)", "promotion piece required");
        TAP_IS_STR(refusal(&p, "Pe2-e1(3)=Q"), "illegal: a pawn does not promote on e1(3)", "no promotion off the last rank");
        TAP_IS_STR(refusal(&p, "Pe2-e1(2)Q"), "ok: ", "Pe2-e1(2)Q read (no '=')");
        TAP_IS_STR(refusal(&p, "Pe2-e1(2)=N"), "ok: ", "knight promotion allowed");
    }
}

/* ---- castling ---- */

static void test_castling(void)
{
    cv_trid_pos p;
    const char *both = "4/1k2/4/4|4/4/4/4|4/4/4/4 QL1:w:2/R1,KL1:w:2/KR,QL6:b:2/2,KL6:b:2/2 w KQ - 0 5";
    TAP_IS_STR(list_of(&std_o, both, "o"), "o-o o-o-o", "both castlings once b0 is empty");
    if (setpos(&std_o, both, &p) == 0) {
        play(&p, "o-o-o");
        TAP_IS_STR(fen_of(&p), "4/1k2/4/4|4/4/4/4|4/4/4/4 QL1:w:2/1K,KL1:w:2/RR,QL6:b:2/2,KL6:b:2/2 b - - 1 5",
                   "queen-side: king to b0, the queen's rook to e0");
    }
    if (setpos(&std_o, both, &p) == 0) {
        play(&p, "O-O");
        TAP_IS_STR(fen_of(&p), "4/1k2/4/4|4/4/4/4|4/4/4/4 QL1:w:2/R1,KL1:w:2/RK,QL6:b:2/2,KL6:b:2/2 b - - 1 5",
                   "king-side: king and rook swap");
    }
    TAP_IS_STR(list_of(&std_o, "4/1k2/4/4|4/4/4/4|4/4/4/4 QL1:w:2/RQ,KL1:w:2/KR,QL6:b:2/2,KL6:b:2/2 w KQ - 0 5", "o"), "o-o",
               "no queen-side castling while the queen is on b0");
    const char *att = "4/1k2/4/4|4/4/4/4|4/4/3n/4 QL1:w:2/R1,KL1:w:2/KR,QL6:b:2/2,KL6:b:2/2 w KQ - 0 5";
    TAP_IS_STR(list_of(&std_o, att, "o"), "o-o-o", "not onto an attacked square (knight e2 sees f0)");
    if (setpos(&std_o, att, &p) == 0)
        TAP_IS_STR(refusal(&p, "o-o"), "illegal: white cannot castle king-side: the king would land on f0(3), which is attacked", "reason given for %s", "o-o");
    const char *chk = "4/1k2/4/4|4/4/4/4|4/4/2n1/4 QL1:w:2/R1,KL1:w:2/KR,QL6:b:2/2,KL6:b:2/2 w KQ - 0 5";
    TAP_IS_STR(list_of(&std_o, chk, "o"), "", "not out of check");
    if (setpos(&std_o, chk, &p) == 0) TAP_IS_STR(refusal(&p, "o-o"), "illegal: white cannot castle out of check", "reason given for %s", "o-o");
    if (setpos(&std_o, both, &p) == 0) {
        play(&p, "Ke0-e1(2) Kc7-c6(6) Ke1-e0(3) Kc6-c7(6)");
        TAP_IS_STR(moves(&p, "o"), "", "no castling after the king moved");
        TAP_IS_STR(refusal(&p, "0-0"), "illegal: white has no right to castle king-side (the king or that rook has moved)", "reason given for %s", "0-0");
    }
    cv_trid_start(&p, &tour_o);
    TAP_IS_STR(refusal(&p, "o-o"), "illegal: no castling while the fullmove number is 1 under trid-tournament", "reason given for %s", "o-o");
    play(&p, "Pc2-c3(2) Pc7-c6(6)");
    TAP_IS_STR(moves(&p, "o"), "o-o", "tournament: castling from fullmove 2");
    play(&p, "Pd2-d3(2)");
    TAP_IS_STR(moves(&p, "o"), "o-o", "tournament: Black too");
}

/* ---- attack boards ---- */

static void test_boards(void)
{
    cv_trid_pos p;
    const char *home = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, home, "Q"), "QLW-b3(4)", "standard: QL1 reaches QL3 only");
    TAP_IS_STR(list_of(&std_o, home, "KL"), "KLW-e3(4)", "standard: KL1 reaches KL3 only");
    TAP_IS_STR(list_of(&tour_o, home, "QL"), "QLW-b3(4) QLW-b4(2)", "tournament: QL1 reaches QL2, QL3 (KL1 is taken)");
    const char *ql2 = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL2:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    const char *ql2o = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 QL2:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(problems(&std_o, ql2o), "usable | 39 lax: attack boards are not in pin order (QL1, KL1, QL2, ... KL6)", "pin order");
    TAP_IS_STR(list_of(&std_o, ql2, "QL"), "QLW-b3(4) QLW-b5(6) QLW-b6(4)", "standard: QL2 adjacency (Roth's map)");
    TAP_IS_STR(list_of(&tour_o, ql2, "QL"), "QLW-b1(2) QLW-b3(4) QLW-b6(4) QLW-e4(2)", "tournament: QL2 adjacency (+-1, +-2, KL2)");
    /* Loads. */
    const char *pawn = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL2:w:2/P1,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, pawn, "QL"), "QLW-b3(4) QLW-b5(6) QLW-b6(4)", "standard: one own pawn, backward allowed");
    TAP_IS_STR(list_of(&tour_o, pawn, "QL"), "QLW-b6(4) QLW-e4(2)", "tournament: loaded, so not backward");
    if (setpos(&tour_o, pawn, &p) == 0)
        TAP_IS_STR(refusal(&p, "QLW-b3(4)"), "illegal: QL2 to QL3 is backward for white, and a loaded board may not move backward", "reason given for %s", "QLW-b3(4)");
    if (setpos(&std_o, pawn, &p) == 0) {
        play(&p, "QLW-b5(6)");
        TAP_IS_STR(fen_of(&p), "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL5:w:2/P1,QL6:b:2/2,KL6:b:2/2 b - - 1 1",
                   "the pawn keeps its place on the board (a4(3) to a4(7))");
    }
    const char *knight = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL2:w:2/N1,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, knight, "QL"), "", "standard: a knight makes the board too heavy");
    TAP_IS_STR(list_of(&tour_o, knight, "QL"), "QLW-b6(4)+ QLW-e4(2)", "tournament: one piece of any kind");
    if (setpos(&std_o, knight, &p) == 0)
        TAP_IS_STR(refusal(&p, "QLW-b6(4)"),
                   "illegal: QLW carries a white knight: a board moves only empty or with one pawn of its controller", "reason given for %s", "QLW-b6(4)");
    const char *enemy = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL2=QLW:b:2/p1,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, enemy, "QLW"), "", "a board holding one black pawn is Black's");
    TAP_IS_STR(list_of(&tour_o, enemy, "QLW"), "", "the same in tournament");
    const char *mixed = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL2:w:2/Pp,QL6:b:2/2,KL6:b:2/2 w - - 0 1";
    TAP_IS_STR(list_of(&tour_o, mixed, "QL"), "", "a rooted board does not move");
    if (setpos(&tour_o, mixed, &p) == 0) TAP_IS_STR(refusal(&p, "QLW-b6(4)"), "illegal: QLW is too heavy to move: it carries 2 pieces", "reason given for %s", "QLW-b6(4)");
    /* Backward for Black is toward higher ranks: QL3 -> QL1 is forward. */
    const char *blk = "4/1k2/4/4|4/4/4/4|4/4/1K2/4 KL1:w:2/2,QL3=QLW:b:p1/2,QL6:b:2/2,KL6:b:2/2 b - - 0 1";
    TAP_IS_STR(list_of(&tour_o, blk, "QLW"), "QLW-b1(2) QLW-e3(4)", "tournament: Black's forward moves of a loaded board");
    TAP_IS_STR(list_of(&std_o, blk, "QLW"), "QLW-b1(2) QLW-b4(2) QLW-b5(6)", "standard: the same board, any adjacent pin");

    /* Takeover: stepping onto an empty enemy board, capturing its sole piece. */
    const char *take = "4/1N2/4/4|4/4/4/4|4/4/1K2/4 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/p1 w - - 0 1";
    TAP_IS_STR(list_of(&std_o, take, "N"),
               "Nc7-a8(7)* Nc7-b5(4) Nc7-b5(6) Nc7-b9(7)* Nc7-d5(4) Nc7-d5(6) Nc7-e6(4) Nc7-e6(6) Nc7-e8(6) Nc7xe8(7)",
               "'*' for stepping onto an empty enemy board");
    if (setpos(&std_o, take, &p) == 0) {
        unsigned ch = 0;
        cv_trid_parse r;
        if (cv_trid_move_read(&p, NULL, "Nc7-a8(7)", CV_TRID_NOTE_PARMEN, &r) == CV_TRID_MOVE_OK) ch = cv_trid_make(&p, r.move);
        TAP_IS_INT(ch, 1u << CV_TRID_QLB, "QLB changed hands");
        TAP_IS_INT(r.star_actual, 1, "the reader recomputes the '*'");
        TAP_IS_STR(fen_of(&p), "4/4/4/4|4/4/4/4|4/4/1K2/4 QL1:w:2/2,KL1:w:2/2,QL6=QLB:w:2/N1,KL6:b:1k/p1 b - - 1 1",
                   "QLB under White's control keeps its name");
    }
    TAP_IS_STR(list_of(&std_o, "1k2/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/1R,QL6:b:2/2,KL6:b:2/1p w - - 0 1", "Rf0x"), "",
               "standard: the rook cannot reach f8(7) across the void");
    TAP_IS_STR(list_of(&tour_o, "1k2/4/4/4|4/4/4/4|4/4/4/1K2 QL1:w:2/2,KL1:w:2/1R,QL6:b:2/2,KL6:b:2/1p w - - 0 1", "Rf0x"),
               "Rf0xf8(7)+*", "'*' for capturing the sole piece");
    /* A rooted board keeps its controller; the last colour standing takes it. */
    const char *root = "4/4/4/4|4/4/4/4|4/4/1K2/4 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6=KLB:w:k1/pN b - - 0 1";
    TAP_IS_STR(list_of(&std_o, root, "Ke9"), "Ke9-d8(6) Ke9-e8(6) Ke9-f9(7) Ke9xf8(7)*", "capturing the last white piece takes it back");

    /* Check by a board move, and a board move that would expose the king:
     * a board on QL2 or QL5 adds an empty square to b4, whose main squares
     * are both occupied, and opens the b-file toward level 6. */
    const char *disc = "4/k3/4/4|4/4/p3/4|P3/4/4/R2K QL3:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 5";
    TAP_IS_STR(problems(&std_o, disc), "usable | 40 lax: attack boards are not in pin order (QL1, KL1, QL2, ... KL6)",
               "boards out of pin order are a lax deviation");
    const char *disc2 = "4/k3/4/4|4/4/p3/4|P3/4/4/R2K KL1:w:2/2,QL3:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 5";
    TAP_IS_STR(list_of(&std_o, disc2, "QLW"), "QLW-b1(2) QLW-b4(2)+ QLW-b5(6)+", "standard: a board move gives check");
    TAP_IS_STR(list_of(&tour_o, disc2, "QLW"), "QLW-b1(2) QLW-b4(2) QLW-b5(6) QLW-b6(4) QLW-e3(4)", "tournament: b4 still blocks");
    const char *expose = "4/K3/4/4|4/4/p3/4|P3/4/4/r2k KL1:w:2/2,QL3:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 5";
    TAP_IS_STR(list_of(&std_o, expose, "QLW"), "QLW-b1(2)", "standard: a board move may not expose the own king");
    if (setpos(&std_o, expose, &p) == 0)
        TAP_IS_STR(refusal(&p, "QLW-b4(2)"), "illegal: the white king on b7(6) would be attacked by the rook on b1(2)", "reason given for %s", "QLW-b4(2)");
    if (setpos(&std_o, home, &p) == 0) {
        TAP_IS_STR(refusal(&p, "QLW-b6(4)"), "illegal: QL4 is not adjacent to QL1 (a board there may move to QL3)", "reason given for %s", "QLW-b6(4)");
        TAP_IS_STR(refusal(&p, "QLW-c3(4)"), "illegal: c3(4) is not a pin: attack boards stem to main-board corners", "reason given for %s", "QLW-c3(4)");
        TAP_IS_STR(refusal(&p, "KLB-e6(4)"), "illegal: KLB is controlled by black", "reason given for %s", "KLB-e6(4)");
    }
}

/* ---- mate and stalemate ---- */

static void test_outcomes(void)
{
    cv_trid_pos p;
    const char *st = "4/3Q/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL6=QLB:w:2/2,KL6:b:1k/2 b - - 0 30";
    if (setpos(&std_o, st, &p) == 0) TAP_IS_INT(cv_trid_outcome(&p), CV_TRID_STALEMATE, "standard: stalemate");
    if (setpos(&tour_o, st, &p) == 0) {
        TAP_IS_INT(cv_trid_outcome(&p), CV_TRID_PLAYING, "tournament: the king rides its board away");
        TAP_IS_STR(moves(&p, ""), "KLB-e5(6)", "the only move");
    }
}

/* ---- notation ---- */

static void test_notation(void)
{
    cv_trid_pos p;
    cv_trid_start(&p, &std_o);
    static const char *const lax[] = { "o-o", "0-0", "O-O", "Pc2-c4(2)+", "c2-c4(2)", "Pc2xc4(2)", "Pc2-c4(2)*" };
    for (size_t i = 0; i < sizeof lax / sizeof lax[0]; i++) {
        cv_trid_parse r;
        cv_trid_move_read(&p, NULL, lax[i], CV_TRID_NOTE_PARMEN, &r);
        TAP_IS_INT(r.status, CV_TRID_MOVE_OK, "'%s' is read", lax[i]);
        TAP_IS_INT(r.lax, i == 0 ? 0 : 1, "'%s' lax flag", lax[i]);
    }
    TAP_IS_STR(refusal(&p, "Pc2-c4"), "ambiguous: ambiguous: Pc2-c4(2) or Pc2-c4(4)", "missing level when two squares are free");
    TAP_IS_STR(refusal(&p, "Pc2-c5(4)"), "illegal: a pawn cannot move from c2 to c5", "reason given for %s", "Pc2-c5(4)");
    TAP_IS_STR(refusal(&p, "Qb0-b3(4)"),
               "illegal: the queen's path from b0(3) to b3(4) is blocked: b1(2) holds a white knight, b1(3) holds a white pawn; "
               "b2(2) holds a white pawn (toward level L a cell blocks when its square on L is occupied or, lacking one, when all "
               "its squares are)",
               "reason given for %s", "Qb0-b3(4)");
    TAP_IS_STR(refusal(&p, "Nb1-c3(3)"), "illegal: there is no square c3(3) with the boards as they stand", "reason given for %s", "Nb1-c3(3)");
    TAP_IS_STR(refusal(&p, "Nb2-c4(2)"), "illegal: no white knight on b2", "reason given for %s", "Nb2-c4(2)");
    TAP_IS_STR(refusal(&p, "Zz9"), "syntax: 'Zz9' is not a move in Parmen or Romulan notation", "reason given for %s", "Zz9");
    TAP_IS_STR(refusal(&p, "Nb1-b1(3)"), "illegal: no move may be purely vertical", "reason given for %s", "Nb1-b1(3)");

    /* Romulan, both ways, with the examples of docs/cvkit-formats.5. */
    static const struct { const char *parmen, *romulan, *before; } rom[] = {
        { "Pc2-c4(2)", "Pb2W-b4W", "" },
        { "Nb8-c6(4)", "Na8B-b6N", "Pc2-c4(2)" },
        { "Pb8-b6(4)", "Pa8QL6-a6N", "Pc2-c4(2) Pb7-b5(6) Pc4-c5(6)" },
        { "o-o", "O-O", "" },
    };
    for (size_t i = 0; i < sizeof rom / sizeof rom[0]; i++) {
        cv_trid_start(&p, &std_o);
        play(&p, rom[i].before);
        cv_trid_parse r;
        cv_trid_move_read(&p, NULL, rom[i].parmen, CV_TRID_NOTE_PARMEN, &r);
        char t[64] = "";
        if (r.status == CV_TRID_MOVE_OK) cv_trid_move_format(&p, NULL, r.move, CV_TRID_NOTE_ROMULAN, t, sizeof t);
        TAP_IS_STR(t, rom[i].romulan, "%s in Romulan", rom[i].parmen);
        cv_trid_parse r2;
        cv_trid_move_read(&p, NULL, rom[i].romulan, CV_TRID_NOTE_ROMULAN, &r2);
        TAP_OK(r2.status == CV_TRID_MOVE_OK && cv_trid_move_eq(r.move, r2.move), "%s read as Romulan", rom[i].romulan);
    }
    if (setpos(&std_o, "4/1k2/4/4|4/4/4/4|4/4/1K2/4 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1", &p) == 0) {
        cv_trid_parse r;
        cv_trid_move_read(&p, NULL, "QL1-QL3", CV_TRID_NOTE_ROMULAN, &r);
        char t[64] = "";
        if (r.status == CV_TRID_MOVE_OK) cv_trid_move_format(&p, NULL, r.move, CV_TRID_NOTE_PARMEN, t, sizeof t);
        TAP_IS_STR(t, "QLW-b3(4)", "Romulan QL1-QL3 is QLW-b3(4)");
    }
}

/* ---- Parmen's sample games (corpus/trid/game*-gamelist.txt) ---- */

static void replay_game(const char *file, int rs, const char *refused_at, const char *reason)
{
    char path[256];
    snprintf(path, sizeof path, "%s%s", TRID_DATA, file);
    FILE *f = fopen(path, "r");
    TAP_OK(f != NULL, "open %s", path);
    if (!f) return;
    cv_trid_pos p;
    cv_trid_start(&p, rules(rs));
    char line[128], last[160] = "";
    int ply = 0, bad_suffix = 0, stopped = 0;
    static char why[400];
    why[0] = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        cv_trid_parse r;
        snprintf(last, sizeof last, "%d%s %s", ply / 2 + 1, ply % 2 ? "..." : ".", line);
        if (cv_trid_move_read(&p, NULL, line, CV_TRID_NOTE_PARMEN, &r) != CV_TRID_MOVE_OK) {
            snprintf(why, sizeof why, "%s", r.why);
            stopped = 1;
            break;
        }
        if (r.check_written != r.check_actual) {
            bad_suffix++;
            printf("#   %s: printed '%c', recomputed '%c'\n", last, r.check_written ? r.check_written : ' ',
                   r.check_actual ? r.check_actual : ' ');
        }
        cv_trid_make(&p, r.move);
        ply++;
    }
    fclose(f);
    const char *rn = cv_trid_ruleset_name(rs);
    if (!refused_at) {
        TAP_OK(!stopped, "%s replays under %s%s%s", file, rn, stopped ? ": refused " : "", stopped ? last : "");
        if (stopped) printf("#   %s\n", why);
        TAP_IS_INT(bad_suffix, 0, "%s: every printed + and # recomputed the same (and none missing)", file);
        TAP_IS_INT(cv_trid_outcome(&p), CV_TRID_CHECKMATE, "%s ends in checkmate", file);
    } else {
        TAP_IS_STR(stopped ? last : "(not refused)", refused_at, "%s refused under %s", file, rn);
        TAP_IS_STR(why, reason, "%s: the reason", file);
    }
}

/* Every move of the games, written in both notations and read back. */
static void roundtrip_game(const char *file)
{
    char path[256];
    snprintf(path, sizeof path, "%s%s", TRID_DATA, file);
    FILE *f = fopen(path, "r");
    if (!f) return;
    cv_trid_pos p;
    cv_trid_start(&p, &std_o);
    char line[128];
    int bad = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        cv_trid_parse r, r2;
        if (cv_trid_move_read(&p, NULL, line, CV_TRID_NOTE_PARMEN, &r) != CV_TRID_MOVE_OK) break;
        for (int nt = 0; nt < 2; nt++) {
            char t[64];
            cv_trid_move_format(&p, NULL, r.move, nt, t, sizeof t);
            if (cv_trid_move_read(&p, NULL, t, nt, &r2) != CV_TRID_MOVE_OK || !cv_trid_move_eq(r.move, r2.move) || r2.lax) bad++;
        }
        cv_trid_make(&p, r.move);
        n++;
    }
    fclose(f);
    TAP_IS_INT(bad, 0, "%s: all %d moves round-trip through Parmen and Romulan", file, n);
}

static void test_games(void)
{
    replay_game("sample-game-1.txt", CV_TRID_STANDARD, NULL, NULL);
    replay_game("sample-game-2.txt", CV_TRID_STANDARD, NULL, NULL);
    replay_game("sample-game-1.txt", CV_TRID_TOURNAMENT, "7... Qb9-b4(2)",
                "the queen's path from b9(7) to b4(2) is blocked: b6(4) holds a black pawn; b5(4) holds a black pawn (any piece in "
                "a cell on the way blocks)");
    replay_game("sample-game-2.txt", CV_TRID_TOURNAMENT, "7... Pb7-b5(6)",
                "the double step from b7(6) to b5(6) is blocked: b6(4) holds a black bishop (any piece in a cell on the way blocks)");
    roundtrip_game("sample-game-1.txt");
    roundtrip_game("sample-game-2.txt");

    /* Key moments of game 1: 21... takes QLW ('*'), 24... promotes by a board move. */
    cv_trid_pos p;
    cv_trid_start(&p, &std_o);
    FILE *f = fopen(TRID_DATA "sample-game-1.txt", "r");
    char line[64], t[64] = "", t2[64] = "";
    for (int ply = 0; f && fgets(line, sizeof line, f); ply++) {
        line[strcspn(line, "\r\n")] = 0;
        cv_trid_parse r;
        if (cv_trid_move_read(&p, NULL, line, CV_TRID_NOTE_PARMEN, &r) != CV_TRID_MOVE_OK) break;
        if (ply == 41) cv_trid_move_format(&p, NULL, r.move, CV_TRID_NOTE_PARMEN, t, sizeof t);
        if (ply == 47) cv_trid_move_format(&p, NULL, r.move, CV_TRID_NOTE_PARMEN, t2, sizeof t2);
        cv_trid_make(&p, r.move);
    }
    if (f) fclose(f);
    TAP_IS_STR(t, "Pb4xa3(5)*", "21... Pb4xa3(5)* takes QLW");
    TAP_IS_STR(t2, "QLW-b1(2)=Q", "24... QLW-b1(2)=Q promotes by a board move");
    TAP_IS_STR(fen_of(&p), "4/4/4/4|4/4/3R/4|4/3p/4/4 QL1=QLW:b:2/2,KL1:w:PP/1K,QL5:b:p1/2,KL6:b:1k/Qp b - - 0 35",
               "game 1 final position");
}

/* ---- options by key ---- */

static void test_options(void)
{
    cv_trid_opts o = std_o;
    char err[160] = "";
    static const char *const kv[][2] = {
        { "blocking", "any-piece" }, { "void-cells", "pass" }, { "board-load", "one-piece" },
        { "board-backward", "empty-only" }, { "board-adjacency", "meder" }, { "promotion", "true-last" },
        { "castling", "not-move-one" }, { "en-passant", "any-free" }, { "promotion-pieces", "QRBN" },
    };
    int bad = 0;
    for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++) bad += cv_trid_opts_set(&o, kv[i][0], kv[i][1], err, sizeof err) != 0;
    TAP_IS_INT(bad, 0, "every option key sets");
    o.ruleset = CV_TRID_TOURNAMENT;
    TAP_OK(opts_eq(&o, &tour_o), "standard with every tournament key set is the tournament rule set");
    cv_trid_opts r = tour_o;
    cv_trid_opts_set(&r, "board-adjacency", "1-3, 3-2 3-5 2-5 2-4 5-4 4-6", err, sizeof err);
    TAP_OK(memcmp(r.adj, std_o.adj, sizeof r.adj) == 0, "Roth's map written as edges");
    cv_trid_opts_set(&r, "board-adjacency", "QL1-QL3 QL1-KL1", err, sizeof err);
    TAP_IS_INT(r.adj[0], (1 << 4) | (1 << 1), "single pin pairs");
    TAP_IS_INT(cv_trid_opts_set(&r, "blocking", "highest", err, sizeof err), -1, "a bad word is refused");
    TAP_IS_STR(err, "blocking: expected one of level, any-piece, any-empty", "with the words allowed");
    TAP_IS_INT(cv_trid_opts_set(&r, "board-adjacency", "1-7", err, sizeof err), -1, "a bad edge is refused");
    TAP_IS_STR(err, "board-adjacency: '1-7' is not an edge (n-m or QLn-KLm)", "with the edge");
    TAP_IS_INT(cv_trid_opts_set(&r, "gravity", "on", err, sizeof err), -1, "an unknown key is refused");
    TAP_IS_STR(err, "unknown Tri-D rule option 'gravity'", "by name");
    cv_trid_opts_set(&r, "promotion-pieces", "QN", err, sizeof err);
    cv_trid_pos p;
    if (setpos(&r, "4/P3/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL5:b:2/2,KL6:b:1k/2 w - - 0 1", &p) == 0)
        TAP_IS_STR(moves(&p, "P"), "Pb7-b8(6)=N Pb7-b8(6)=Q", "promotion-pieces QN");
}

/* ---- corpus/trid/perft.txt: every count up to a few hundred thousand nodes ---- */

static void test_corpus(void)
{
    FILE *f = fopen("corpus/trid/perft.txt", "r");
    TAP_OK(f != NULL, "open corpus/trid/perft.txt");
    if (!f) return;
    char line[1024];
    int rs = CV_TRID_STANDARD, lines = 0, bad = 0, counts = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (strncmp(line, "# variant: ", 11) == 0) {
            rs = cv_trid_ruleset_from_name(line + 11);
            continue;
        }
        if (!line[0] || line[0] == '#') continue;
        char *semi = strchr(line, ';');
        if (!semi) continue;
        *semi = 0;
        for (char *z = semi - 1; z >= line && *z == ' '; z--) *z = 0;
        cv_trid_pos p;
        cv_trid_errors e;
        if (rs < 0 || cv_trid_fen_read(line, rules(rs), &p, &e) < 0 || e.n) {
            TAP_OK(0, "corpus position reads: %s", line);
            continue;
        }
        lines++;
        char *s = semi + 1;
        for (int d = 1; s && *s; d++) {
            unsigned long long want = strtoull(s, NULL, 10);
            if (want > 400000) break;
            uint64_t got = cv_trid_perft(&p, d);
            counts++;
            if (got != want) {
                bad++;
                printf("#   %s depth %d: got %llu, want %llu\n", line, d, (unsigned long long)got, want);
            }
            s = strchr(s, ';');
            if (s) s++;
        }
    }
    fclose(f);
    TAP_OK(lines >= 10 && bad == 0, "corpus perft: %d counts of %d positions", counts, lines);
}

/* ---- random walk: fast legality, TD-FEN and notation round trips ---- */

static void test_random(void)
{
    unsigned long long s = 0x9E3779B97F4A7C15ull;
    long nodes = 0, bad_legal = 0, bad_fen = 0, bad_note = 0, kinds[6] = { 0 };
    for (int rs = 0; rs < 2; rs++)
        for (int g = 0; g < 12; g++) {
            cv_trid_pos p;
            cv_trid_start(&p, rules(rs));
            for (int ply = 0; ply < 300; ply++) {
                cv_trid_movelist ml, ps;
                int n = cv_trid_gen_legal(&p, &ml), ns = 0;
                cv_trid_gen_pseudo(&p, &ps);
                for (int i = 0; i < ps.n; i++) ns += cv_trid_is_safe(&p, ps.m[i]);
                bad_legal += ns != n;
                nodes++;
                char fen[400], fen2[400];
                cv_trid_fen_write(&p, fen, sizeof fen);
                cv_trid_pos q;
                cv_trid_errors e;
                if (cv_trid_fen_read(fen, rules(rs), &q, &e) < 0 || e.n) bad_fen++;
                cv_trid_fen_write(&q, fen2, sizeof fen2);
                bad_fen += strcmp(fen, fen2) != 0;
                for (int i = 0; i < n && ply % 4 == 0; i++)
                    for (int nt = 0; nt < 2; nt++) {
                        char t[64];
                        cv_trid_parse r;
                        cv_trid_move_format(&p, &ml, ml.m[i], nt, t, sizeof t);
                        if (cv_trid_move_read(&p, &ml, t, nt, &r) != CV_TRID_MOVE_OK || !cv_trid_move_eq(r.move, ml.m[i]) || r.lax)
                            bad_note++;
                    }
                if (!n || p.halfmove >= 100) break;
                s ^= s << 13, s ^= s >> 7, s ^= s << 17;
                cv_trid_move m = ml.m[s % (unsigned)n];
                kinds[m.kind]++;
                cv_trid_make(&p, m);
            }
        }
    TAP_IS_INT(bad_legal, 0, "random walk: fast legal list equals playing every move (%ld positions)", nodes);
    TAP_IS_INT(bad_fen, 0, "random walk: TD-FEN written, read cleanly, written again the same");
    TAP_IS_INT(bad_note, 0, "random walk: every legal move round-trips in Parmen and Romulan");
    TAP_OK(kinds[CV_TRID_MK_BOARD] > 0 && kinds[CV_TRID_MK_CASTLE_K] > 0 && kinds[CV_TRID_MK_DOUBLE] > 0,
           "random walk visited board moves (%ld), castlings (%ld), double steps (%ld)", kinds[CV_TRID_MK_BOARD],
           kinds[CV_TRID_MK_CASTLE_K], kinds[CV_TRID_MK_DOUBLE]);
}

int main(void)
{
    cv_trid_opts_default(&std_o, CV_TRID_STANDARD);
    cv_trid_opts_default(&tour_o, CV_TRID_TOURNAMENT);
    TAP_IS_INT(cv_trid_ruleset_from_name("trid-tournament"), CV_TRID_TOURNAMENT, "rule set by name");
    TAP_IS_INT(cv_trid_ruleset_from_name("trid-standard"), CV_TRID_STANDARD, "rule set by name");
    test_perft();
    test_fen();
    test_blocking();
    test_pawns();
    test_promotion();
    test_castling();
    test_boards();
    test_outcomes();
    test_notation();
    test_games();
    test_options();
    test_corpus();
    test_random();
    return tap_done();
}
