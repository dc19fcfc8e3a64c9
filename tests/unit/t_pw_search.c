/* t_pw_search: the Parallel Worlds engine's search entries (lib/pw/pw_search.c)
 * and evaluation (lib/pw/pw_eval.c), through the engine interface only.
 *
 * Every assertion is an exact value: the whole turns that walking single
 * steps (END among them) to every change of side makes are exactly the
 * engine's gen list, turn for turn, on positions of corpus/parallelworlds/perft.txt
 * (3,288 from the start); a step and its undo leave the node's bytes as
 * they were; keys tell a turn's middle from its start and agree across
 * orders of the same moves; the facts of a king capture, a promotion and
 * END; the judge of a taken king; and evaluations: the start, positions
 * and their colour mirror image score the same, and kings in danger. */
#include "engine.h"
#include "pw.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

static const cv_variant *V;
static const cv_engine_search *S;

#define MAXT 100000

static int read_pos(const char *fen, cv_apos *a)
{
    cv_fen_errors e = { 0 };
    int rc = cv_any_read_position(V, fen, 0, a, &e);
    if (rc < 0 || e.n) {
        TAP_OK(0, "position reads: %s", fen);
        return -1;
    }
    return 0;
}

static int cmp_move(const void *a, const void *b) { return memcmp(a, b, sizeof(cv_amove)); }

typedef struct walk {
    const unsigned char *root;  /* the node at the turn's start */
    cv_amove *gen;              /* gen's turns, sorted */
    int ngen;
    cv_amove steps[4];
    int depth;
    int turns, found, bad_whole, bad_undo, side0, no_end_first;
} walk;

/* Every sequence of steps to a change of side: its whole turn must be
 * one of gen's; every step undone restores the node byte for byte. */
static void walk_steps(walk *w, void *node)
{
    cv_amove ml[PW_MAX_SINGLE + 1];
    int n = S->moves(node, ml, PW_MAX_SINGLE + 1);
    if (w->depth == 0) {
        cv_move_facts f;
        for (int i = 0; i < n; i++) {
            S->facts(node, &ml[i], &f);
            if (f.flags & CV_MV_END) w->no_end_first = 0;
        }
    }
    unsigned char keep[CV_APOS_BYTES];
    memcpy(keep, node, S->node_size);
    for (int i = 0; i < n; i++) {
        cv_aundo u;
        w->steps[w->depth++] = ml[i];
        S->play(node, &ml[i], &u);
        if (S->side(node) != w->side0) {
            cv_amove whole;
            w->turns++;
            if (S->whole(w->root, w->steps, w->depth, &whole) != 0) w->bad_whole++;
            else if (bsearch(&whole, w->gen, (size_t)w->ngen, sizeof whole, cmp_move)) w->found++;
        } else {
            walk_steps(w, node);
        }
        S->unplay(node, &ml[i], &u);
        if (memcmp(keep, node, S->node_size)) w->bad_undo++;
        w->depth--;
    }
}

static void steps_make_gen(const char *fen, int want)
{
    static cv_amove gen[MAXT];
    static unsigned char root[CV_APOS_BYTES], node[CV_APOS_BYTES];
    cv_apos a;
    if (read_pos(fen, &a) < 0) return;
    int ngen = cv_any_gen(&a, gen, MAXT);
    TAP_IS_INT(ngen, want, "gen: %d turns (%.40s...)", want, fen);
    if (ngen > MAXT) return;
    qsort(gen, (size_t)ngen, sizeof gen[0], cmp_move);
    S->enter(a.s.b, root);
    memcpy(node, root, S->node_size);
    walk w = { .root = root, .gen = gen, .ngen = ngen, .side0 = S->side(root), .no_end_first = 1 };
    walk_steps(&w, node);
    TAP_IS_INT(w.turns, want, "steps to a change of side: %d sequences", want);
    TAP_IS_INT(w.found, want, "each one's whole turn is one of gen's");
    TAP_IS_INT(w.bad_whole, 0, "no sequence refused by whole");
    TAP_IS_INT(w.bad_undo, 0, "every step undone restores the node");
    TAP_OK(w.no_end_first, "no END at a turn's start");
}

/* Plays the steps given as indices into the moves list, in order. */
static void play_idx(void *node, const int *idx, int n)
{
    for (int i = 0; i < n; i++) {
        cv_amove ml[PW_MAX_SINGLE + 1];
        cv_aundo u;
        S->moves(node, ml, PW_MAX_SINGLE + 1);
        S->play(node, &ml[idx[i]], &u);
    }
}

/* Index of the step written as text (the page's notation). */
static int find_step(void *node, const char *text)
{
    cv_amove ml[PW_MAX_SINGLE + 1];
    int n = S->moves(node, ml, PW_MAX_SINGLE + 1);
    for (int i = 0; i < n; i++) {
        cv_move_facts f;
        S->facts(node, &ml[i], &f);
        if (f.flags & CV_MV_END) {
            if (!strcmp(text, "END")) return i;
            continue;
        }
        pw_move m;
        char buf[64];
        memcpy(&m, ml[i].s.b, sizeof m);
        cv_pw_move_format(node, m, buf, sizeof buf);   /* the node starts with its pw_pos */
        if (!strcmp(buf, text)) return i;
    }
    return -1;
}

static void keys(void)
{
    unsigned char start[CV_APOS_BYTES], ab[CV_APOS_BYTES], ba[CV_APOS_BYTES];
    cv_apos a;
    /* Black's turn has three moves, so two leave it open */
    if (read_pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/"
                 "RNBQKBNR b 1KQkq3KQkq - 0 1",
                 &a) < 0)
        return;
    S->enter(a.s.b, start);
    memcpy(ab, start, S->node_size);
    memcpy(ba, start, S->node_size);
    uint64_t k0 = S->key(start);
    int i1 = find_step(ab, "1e7-1e5");
    play_idx(ab, &i1, 1);
    uint64_t k1 = S->key(ab);
    TAP_OK(k1 != k0, "a turn's middle and its start differ in key");
    int i2 = find_step(ab, "N3g8-3f6");
    TAP_OK(i1 >= 0 && i2 >= 0, "steps found");
    if (i1 < 0 || i2 < 0) return;
    play_idx(ab, &i2, 1);
    int j1 = find_step(ba, "N3g8-3f6");
    play_idx(ba, &j1, 1);
    int j2 = find_step(ba, "1e7-1e5");
    play_idx(ba, &j2, 1);
    TAP_OK(S->key(ab) == S->key(ba), "two orders of the same two moves: one key");
    TAP_IS_INT(S->side(ab), 1, "still Black's turn after two of three moves");
    /* closing the turn now meets the turn start of the position it made */
    unsigned char closed[CV_APOS_BYTES], fresh[CV_APOS_BYTES];
    memcpy(closed, ab, S->node_size);
    int e = find_step(closed, "END");
    TAP_OK(e >= 0, "END offered mid-turn");
    if (e < 0) return;
    uint64_t kmid = S->key(closed);
    play_idx(closed, &e, 1);
    TAP_IS_INT(S->side(closed), 0, "END hands the turn to White");
    TAP_OK(S->key(closed) != kmid, "END changes the key");
    cv_apos b = a;
    char canon[256], why[256];
    TAP_IS_INT(cv_any_play(&b, "1e7-1e5,N3g8-3f6", 0, canon, NULL, why, sizeof why), CV_MOVE_OK, "the turn plays");
    S->enter(b.s.b, fresh);
    TAP_OK(S->key(closed) == S->key(fresh), "the closed turn and the position after it: one key");
    TAP_IS_INT(memcmp(closed, fresh, S->node_size), 0, "the closed turn's node is the position's");
}

static void facts_judge(void)
{
    unsigned char node[CV_APOS_BYTES];
    cv_apos a;
    if (read_pos("3k4/8/8/8/8/8/8/3QK3|8/8/8/8/8/8/8/8|4k3/3P4/5N2/8/8/8/8/4K3 w - - 0 5", &a) < 0) return;
    S->enter(a.s.b, node);
    TAP_IS_INT(S->judge(node, -1), CV_JUDGE_PLAY, "judge: play on");
    static const struct {
        const char *step;
        unsigned flags;
        int victim, attacker;
    } cases[] = {
        { "Q1d1x1d8#", CV_MV_CAPTURE, 10000, 900 },
        { "3d7x3e8=Q#", CV_MV_CAPTURE | CV_MV_PROMO, 10000, 100 },
        { "3d7-3d8=N", CV_MV_PROMO, 0, 100 },
        { "K1e1-1f2", 0, 0, 1000 },
        { "N3f6-2f6", 0, 0, 310 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int k = find_step(node, cases[i].step);
        TAP_OK(k >= 0, "step %s offered", cases[i].step);
        if (k < 0) continue;
        cv_amove ml[PW_MAX_SINGLE + 1];
        S->moves(node, ml, PW_MAX_SINGLE + 1);
        cv_move_facts f;
        S->facts(node, &ml[k], &f);
        TAP_IS_INT(f.flags, cases[i].flags, "%s: flags", cases[i].step);
        TAP_IS_INT(f.victim, cases[i].victim, "%s: victim", cases[i].step);
        TAP_IS_INT(f.attacker, cases[i].attacker, "%s: attacker", cases[i].step);
    }
    int k = find_step(node, "N3f6-2f6");
    play_idx(node, &k, 1);
    cv_amove ml[PW_MAX_SINGLE + 1];
    int n = S->moves(node, ml, PW_MAX_SINGLE + 1);
    cv_move_facts f;
    S->facts(node, &ml[n - 1], &f);
    TAP_IS_INT(f.flags, CV_MV_END, "after one move, END is offered (last)");
    TAP_IS_INT(S->side(node), 0, "mid-turn: White still to move");
    k = find_step(node, "Q1d1x1d8#");
    play_idx(node, &k, 1);
    TAP_IS_INT(S->side(node), 1, "a king taken closes the turn");
    TAP_IS_INT(S->moves(node, ml, PW_MAX_SINGLE + 1), 0, "the loser has no step");
    TAP_IS_INT(S->judge(node, -1), CV_JUDGE_LOSS, "judge: the side whose king was taken has lost");
    TAP_IS_INT(S->judge(node, 0), CV_JUDGE_LOSS, "judge with no moves: lost");
    TAP_IS_INT(S->null_ok(node), 0, "no null move in a finished game");
}

/* The position with colours swapped and ranks turned (same side's view). */
static void mirror(const pw_pos *p, pw_pos *q)
{
    *q = *p;
    for (int sq = 0; sq < PW_SQUARES; sq++) {
        uint8_t pc = p->b[sq];
        int to = PW_SQ(PW_LEVEL(sq), 7 - PW_RANK(sq), PW_FILE(sq));
        q->b[to] = pc ? PW_PIECE(PW_TYPE(pc), !PW_COLOR(pc)) : 0;
    }
    q->side = (int8_t)!p->side;
    q->castling = 0;
    for (int k = 0; k < 8; k++)
        if (p->castling >> k & 1) q->castling |= (uint8_t)(1u << (k ^ 2));
    for (int i = 0; i < 2; i++)
        q->ep[i] = p->ep[i] < 0 ? -1 : (int16_t)PW_SQ(PW_LEVEL(p->ep[i]), 7 - PW_RANK(p->ep[i]), PW_FILE(p->ep[i]));
}

static void evals(void)
{
    static const struct {
        const char *fen;
        int want;
        const char *why;
    } cases[] = {
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
          "1KQkq3KQkq - 0 1",
          16, "the start: two moves to come, 8 each" },
        { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b "
          "1KQkq3KQkq - 0 1",
          24, "Black at the start: three moves to come" },
        { "3k4/8/8/8/8/8/8/3QK3|8/8/8/8/8/8/8/8|4k3/3P4/5N2/8/8/8/8/4K3 w - - 0 5",
          900 + 160 + 318 + 2500 + 2500 + 24,
          "White may take either black king this turn (Q1d1 one, 3d7 and N3f6 the other): Q, 3d7 a step from "
          "promotion (100 + 60), N3f6 (310 + 8 centre), both kings as good as won, three moves to come" },
        { "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/P7|4k3/8/8/8/8/8/8/4K3 w - - 0 9",
          100 + 30 + 24, "a pawn on level 2 (the road), on its first rank, three moves to come" },
        { "4k3/8/8/8/8/8/8/4K3|P7/8/8/8/8/8/8/8|4k3/8/8/8/8/8/8/4K3 w - - 0 9",
          100 + 130 + 220 + 24, "a pawn on level 2 on its last rank over an empty square: a queen next turn" },
        { "4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/4r3/4K3 w - - 0 9",
          -500 - 160 + 24, "Black's rook attacks White's king on level 3; White may still answer" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cv_apos a;
        if (read_pos(cases[i].fen, &a) < 0) continue;
        pw_state s;
        cv_pw_state_init(&s);
        TAP_IS_INT(cv_pw_eval((const pw_pos *)a.s.b, &s), cases[i].want, "eval: %s", cases[i].why);
        if (((const pw_pos *)a.s.b)->fullmove == 1) continue;   /* White's first turn has no mirror */
        pw_pos q;
        mirror((const pw_pos *)a.s.b, &q);
        TAP_IS_INT(cv_pw_eval(&q, &s), cases[i].want, "eval of the mirror image: %s", cases[i].why);
    }
    /* after a move on level 3 the attacked king there cannot be saved */
    unsigned char node[CV_APOS_BYTES];
    cv_apos a;
    if (read_pos("4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/4r3/4K3 w - - 0 9", &a) < 0) return;
    S->enter(a.s.b, node);
    int k = find_step(node, "K1e1-1d1");
    play_idx(node, &k, 1);
    TAP_IS_INT(S->eval(node), -500 - 160 + 16, "level 1 used: the king on level 3 may still be saved");
    k = find_step(node, "K3e1x3e2");
    TAP_OK(k >= 0, "the king may take the rook");
    unsigned char other[CV_APOS_BYTES];
    if (read_pos("4k3/8/8/8/8/8/8/4K3|8/8/8/8/8/8/8/8|4k3/8/8/8/8/8/4r3/4K3 w - - 0 9", &a) < 0) return;
    S->enter(a.s.b, other);
    k = find_step(other, "K3e1-3d2");
    TAP_OK(k >= 0, "K3e1-3d2 offered");
    if (k < 0) return;
    play_idx(other, &k, 1);
    TAP_IS_INT(S->eval(other), -500 - 2500 + 16, "the king steps into the rook's line: level 3 used, it cannot be saved");
}

int main(void)
{
    V = cv_variant_find("parallelworlds", NULL);
    TAP_OK(V != NULL, "the parallelworlds spec loads");
    if (!V) return tap_done();
    cv_apos a;
    cv_any_start(V, &a);
    S = a.e->search;
    TAP_OK(S != NULL, "the pw engine offers a search");
    if (!S) return tap_done();
    TAP_OK(S->in_check == NULL, "no check in Parallel Worlds");
    TAP_IS_INT(S->repetition, 0, "no repetition rule");

    /* corpus/parallelworlds/perft.txt: the start, king captures, en passant, castling */
    steps_make_gen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                   "RNBQKBNR w 1KQkq3KQkq - 0 1",
                   3288);
    steps_make_gen("3k4/8/8/8/8/8/8/3QK3|8/8/8/8/8/8/8/8|4k3/3P4/5N2/8/8/8/8/4K3 w - - 0 5", 4082);
    steps_make_gen("7k/8/8/2PpP3/8/8/8/4K3|8/8/8/8/8/8/8/8|k7/8/8/3PpP2/8/8/8/4K3 w - 1d6,3e6 0 12", 1824);
    steps_make_gen("r3kb1r/8/8/8/8/8/8/R3K2R|8/8/8/8/8/8/8/8|r3k2r/8/8/8/8/8/8/RN2K2R w 1KQkq3KQkq - 0 20", 15330);
    keys();
    facts_judge();
    evals();
    return tap_done();
}
