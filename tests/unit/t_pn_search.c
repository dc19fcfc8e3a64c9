/* t_pn_search: the Panoply engine's search entries (lib/panoply/pn_search.c)
 * through the engine interface, without a search: the game's end as
 * docs/rules/panoply.md says it (no move loses, in check or not; fifty
 * turns draw), move facts (a Barricade taken is one piece), the key, the
 * null move, a whole move, and the evaluation (the side to move's view:
 * a position and its colour mirror score the same; a piece up scores
 * more; a piece frozen by a Herald less).  Last, every line of
 * corpus/panoply/mates.txt is proven through the same entries: mate in 1
 * (the named move leaves no move) and mate in 2 (no mate in 1; after the
 * named move every reply allows one). */
#include "engine.h"
#include "pn.h"
#include "tap.h"
#include "variant.h"
#include <stdlib.h>
#include <string.h>

#ifndef PN_MATES
#define PN_MATES "corpus/panoply/mates.txt"
#endif

static const cv_variant *V;
static const cv_engine_search *S;

#define ARMY_BOARD "rcgkgcr/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR"

/* A node of the position text, which must read cleanly. */
static int node_of(const char *text, pn_pos *node)
{
    cv_apos a;
    cv_fen_errors e;
    if (cv_any_read_position(V, text, 0, &a, &e) < 0 || e.n) {
        TAP_OK(0, "position reads: %s", text);
        for (int i = 0; i < e.n; i++) printf("#   column %d: %s\n", e.e[i].col, e.e[i].msg);
        return -1;
    }
    S->enter(a.s.b, node);
    return 0;
}

static int nmoves(pn_pos *n)
{
    static cv_amove ml[PN_MAX_MOVES];
    return S->moves(n, ml, PN_MAX_MOVES);
}

/* ---- the game's end ---- */

static const struct {
    const char *what, *pos;
    int moves_known;        /* judge after generating (else moves -1) */
    int in_check, want;
} judge_cases[] = {
    { "game1 ends: White has no move, not in check (stalemate loses)",
      "7/8/6c2/10/7k3/12/6h6/-1r10/--s10/---7r2/----8K/-----3p4/------7 w 0 83", 1, 0, CV_JUDGE_LOSS },
    { "game2 ends: Black's frozen King is mated",
      "4kH1/{b2}{b2}g5/9/2Ch6/4H3S2/12/1P11/-12/--11/---2{B1}{B1}1HR3/----P8/-----g7/------2GKG2 b 2 46", 1, 1, CV_JUDGE_LOSS },
    /* before moves are generated: a side with fewer than two pieces that
     * plainly can move is looked at, and one without a move has lost */
    { "game1 ends, judged before moves", "7/8/6c2/10/7k3/12/6h6/-1r10/--s10/---7r2/----8K/-----3p4/------7 w 0 83", 0, 0, CV_JUDGE_LOSS },
    { "game2 ends, judged before moves: two pieces could step, so the moves decide",
      "4kH1/{b2}{b2}g5/9/2Ch6/4H3S2/12/1P11/-12/--11/---2{B1}{B1}1HR3/----P8/-----g7/------2GKG2 b 2 46", 0, 1, CV_JUDGE_PLAY },
    { "army: play on", ARMY_BOARD " w 0 1", 0, 0, CV_JUDGE_PLAY },
    { "army, 49 turns without pawn move or capture: play on", ARMY_BOARD " w 49 30", 0, 0, CV_JUDGE_PLAY },
    { "army, 50 turns without pawn move or capture: drawn", ARMY_BOARD " w 50 30", 0, 0, CV_JUDGE_DRAW },
    { "sample log's end, Black to move: play on", "5k1/8/9/R9/4P6/12/13/-12/--11/---10/----9/-----8/------K6 b 2 3", 1, 0, CV_JUDGE_PLAY },
};

static void test_judge(void)
{
    for (size_t i = 0; i < sizeof judge_cases / sizeof judge_cases[0]; i++) {
        pn_pos n;
        if (node_of(judge_cases[i].pos, &n) < 0) continue;
        int m = judge_cases[i].moves_known ? nmoves(&n) : -1;
        TAP_IS_INT(S->in_check(&n), judge_cases[i].in_check, "%s: in check", judge_cases[i].what);
        TAP_IS_INT(S->judge(&n, m), judge_cases[i].want, "%s: judged", judge_cases[i].what);
    }
}

/* ---- move facts ---- */

static const struct {
    const char *what, *pos, *move;
    unsigned flags;
    int victim, attacker;
} fact_cases[] = {
    { "Rider takes a Barricade on its axis (both cells, one piece)",
      "k6/8/9/10/6{b1}4/6{b1}5/13/-12/--11/---3R6/----9/-----8/------6K w 0 1", "R g4-g8", CV_MV_CAPTURE, 325, 500 },
    { "Rider moves", "k6/8/9/10/6{b1}4/6{b1}5/13/-12/--11/---3R6/----9/-----8/------6K w 0 1", "R g4-g5", 0, 0, 500 },
    { "Pawn jumps a Guard", "k6/8/9/10/11/12/13/-12/--2g8/---1P8/----9/-----8/------6K w 0 1", "P e4-e6; e5-", CV_MV_CAPTURE, 250, 100 },
    { "Pawn promotes to a Rider", "k6/3P4/9/10/11/12/13/-12/--11/---10/----9/-----8/------6K w 0 1", "P d12-d13; R-d13", CV_MV_PROMO, 400, 100 },
    { "Catapult leaps a Herald", "k6/8/9/10/11/12/13/-5h6/--11/---3C6/----9/-----8/------6K w 0 1", "C g4-g8; g6-", CV_MV_CAPTURE, 400, 450 },
};

static void test_facts(void)
{
    for (size_t i = 0; i < sizeof fact_cases / sizeof fact_cases[0]; i++) {
        cv_apos a;
        cv_fen_errors e;
        char why[320], canon[128];
        if (cv_any_read_position(V, fact_cases[i].pos, 0, &a, &e) < 0 || e.n) {
            TAP_OK(0, "%s: position reads", fact_cases[i].what);
            continue;
        }
        pn_pos n;
        S->enter(a.s.b, &n);
        cv_amove m;
        cv_move_info info;
        int st = cv_any_read_move(&a, fact_cases[i].move, 0, 0, &m, &info);
        snprintf(why, sizeof why, "%s", info.why);
        TAP_IS_INT(st, CV_MOVE_OK, "%s: %s reads", fact_cases[i].what, fact_cases[i].move);
        if (st != CV_MOVE_OK) {
            printf("#   %s\n", why);
            continue;
        }
        cv_any_format(&a, &m, 0, canon, sizeof canon);
        cv_move_facts f;
        S->facts(&n, &m, &f);
        TAP_IS_INT(f.flags, fact_cases[i].flags, "%s (%s): flags", fact_cases[i].what, canon);
        TAP_IS_INT(f.victim, fact_cases[i].victim, "%s: victim", fact_cases[i].what);
        TAP_IS_INT(f.attacker, fact_cases[i].attacker, "%s: attacker", fact_cases[i].what);
    }
}

/* ---- key, null move, whole ---- */

static void test_key_null_whole(void)
{
    pn_pos a, b, c, d;
    if (node_of(ARMY_BOARD " w 0 1", &a) || node_of(ARMY_BOARD " w 17 9", &b) || node_of(ARMY_BOARD " b 0 1", &c))
        return;
    TAP_OK(S->key(&a) == S->key(&b), "key: the clocks are not in it");
    TAP_OK(S->key(&a) != S->key(&c), "key: the side to move is");

    TAP_IS_INT(S->null_ok(&a), 1, "null move allowed from the army");
    d = a;
    cv_aundo u;
    S->play_null(&d, &u);
    TAP_IS_INT(d.side, 1, "null move: Black to move");
    TAP_OK(S->key(&d) == S->key(&c), "null move: the key of the same board, Black to move");
    S->unplay_null(&d, &u);
    TAP_OK(!memcmp(&d, &a, sizeof a), "null move taken back: the node as it was");
    pn_pos chk;
    if (!node_of("4kH1/{b2}{b2}g5/9/2Ch6/4H3S2/12/1P11/-12/--11/---2{B1}{B1}1HR3/----P8/-----g7/------2GKG2 b 2 46", &chk))
        TAP_IS_INT(S->null_ok(&chk), 0, "no null move in check");
    pn_pos bare;
    if (!node_of("k6/8/9/10/11/12/13/-12/--11/---10/----9/-----8/------R5K w 0 1", &bare))
        TAP_IS_INT(S->null_ok(&bare), 0, "no null move with one long-range piece (zugzwang loses)");

    cv_amove ml[PN_MAX_MOVES], w;
    int n = S->moves(&a, ml, PN_MAX_MOVES);
    TAP_IS_INT(n, 112, "army: 112 single moves, as perft");
    TAP_OK(S->whole == NULL, "whole: none, a move is one step (the search takes the step itself)");
    (void)w;
    TAP_IS_INT(S->repetition, 0, "no repetition rule (the rules name none)");
}

/* ---- evaluation ---- */

/* The position turned half way round the centre, colours swapped: the
 * same game from the other side. */
static void mirror(const pn_pos *p, pn_pos *m)
{
    const cv_geom *g = &p->v->geom;
    *m = *p;
    memset(m->b, 0, sizeof m->b);
    for (int c = 0; c < g->ncells; c++) {
        if (!p->b[c]) continue;
        int t = cv_geom_cell(g, g->files - 1 - g->file[c], g->ranks - 1 - g->rank[c]);
        m->b[t] = CV_PIECE(CV_TYPE(p->b[c]), !CV_COLOR(p->b[c]));
    }
    m->side = (int8_t)!p->side;
}

static const struct {
    const char *what, *better, *worse;
} eval_cases[] = {
    { "a Rider up",
      "rcgkgc1/s1{b2}hh{b1}1s/p2{b2}1{b1}2p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 1",
      ARMY_BOARD " w 0 1" },
    { "a Barricade up",
      "rcgkgcr/s1{b2}hh2s/p2{b2}4p/1p1p2p1p1/11/12/13/-12/--11/---1P1P2P1P1/----P2{B1}1{B2}2P/-----S1{B1}HH{B2}1S/------RCGKGCR w 0 1",
      ARMY_BOARD " w 0 1" },
    { "the Rider not frozen by the Herald",
      "6k/8/9/10/11/12/13/-12/--11/---6h3/----9/-----R7/------6K w 0 1",
      "6k/8/9/10/11/12/13/-12/--11/---6h3/----5R3/-----8/------6K w 0 1" },
    { "the King not frozen by the Herald",
      "6k/8/9/10/11/12/13/-12/--11/---10/----7h1/-----8/------6K w 0 1",
      "6k/8/9/10/11/12/13/-12/--11/---10/----9/-----6h1/------6K w 0 1" },
    { "a Pawn nearer its last rank",
      "6k/8/9/10/11/12/13/-12/--3P7/---10/----9/-----8/------6K w 0 1",
      "6k/8/9/10/11/12/13/-12/--11/---10/----3P5/-----8/------6K w 0 1" },
};

static void test_eval(void)
{
    pn_pos a, b;
    if (!node_of(ARMY_BOARD " w 0 1", &a) && !node_of(ARMY_BOARD " b 0 1", &b))
        TAP_IS_INT(S->eval(&a), S->eval(&b), "army: the same score for either side to move (it is its own mirror)");
    for (size_t i = 0; i < sizeof eval_cases / sizeof eval_cases[0]; i++) {
        pn_pos x, y, mx, my;
        if (node_of(eval_cases[i].better, &x) || node_of(eval_cases[i].worse, &y)) continue;
        int ex = S->eval(&x), ey = S->eval(&y);
        TAP_OK(ex > ey, "eval: %s scores more (%d > %d)", eval_cases[i].what, ex, ey);
        mirror(&x, &mx);
        mirror(&y, &my);
        TAP_IS_INT(S->eval(&mx), ex, "eval: %s, the mirror scores the same for Black", eval_cases[i].what);
        TAP_IS_INT(S->eval(&my), ey, "eval: %s (the other), the mirror too", eval_cases[i].what);
    }
}

/* ---- the mates file, proven through the entries ---- */

/* A move of n after which the opponent has none: its index, or -1. */
static int mate1(pn_pos *n)
{
    cv_amove ml[PN_MAX_MOVES];
    int k = S->moves(n, ml, PN_MAX_MOVES);
    for (int i = 0; i < k; i++) {
        pn_pos q = *n;
        S->play(&q, &ml[i], NULL);
        int j = S->judge(&q, -1);
        if (j == CV_JUDGE_LOSS || (j == CV_JUDGE_PLAY && nmoves(&q) == 0 && S->judge(&q, 0) == CV_JUDGE_LOSS)) return i;
    }
    return -1;
}

static void test_mates(void)
{
    FILE *f = fopen(PN_MATES, "r");
    TAP_OK(f != NULL, "%s opens", PN_MATES);
    if (!f) return;
    char line[2048], comment[256] = "";
    int count[4] = { 0, 0, 0, 0 }, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\n")] = 0;
        if (lineno == 1) {
            TAP_IS_STR(line, "# variant: panoply", "%s: the first line names the spec", PN_MATES);
            continue;
        }
        if (line[0] == '#') {
            snprintf(comment, sizeof comment, "%.200s", line);
            continue;
        }
        if (!line[0]) continue;
        int N = atoi(line);
        char *tab = strchr(line, '\t');
        /* the comment before each line: "# seed S ply P: MOVE" [" (kind)"] */
        char *mv = strstr(comment, ": ");
        if (!tab || N < 1 || N > 3 || !mv) {
            TAP_OK(0, "%s:%d: N<TAB>POSITION after a comment naming the move", PN_MATES, lineno);
            continue;
        }
        mv += 2;
        char *paren = strstr(mv, " (");
        if (paren) *paren = 0;
        cv_apos a;
        cv_fen_errors e;
        if (cv_any_read_position(V, tab + 1, 0, &a, &e) < 0 || e.n) {
            TAP_OK(0, "%s:%d: position reads", PN_MATES, lineno);
            continue;
        }
        count[N]++;
        pn_pos n;
        S->enter(a.s.b, &n);
        if (N == 3) {
            /* a mate in 3 is proved by t_mates (cv_search_prove); here its
             * evaluation is checked as the others' */
            pn_pos m3;
            mirror(&n, &m3);
            TAP_IS_INT(S->eval(&m3), S->eval(&n), "%s:%d: eval of the mirror", PN_MATES, lineno);
            comment[0] = 0;
            continue;
        }
        int ok = S->judge(&n, -1) == CV_JUDGE_PLAY && nmoves(&n) > 0;
        char canon[128], why[320];
        cv_apos b = a;
        ok = ok && cv_any_play(&b, mv, 0, canon, NULL, why, sizeof why) == CV_MOVE_OK;
        pn_pos after;
        S->enter(b.s.b, &after);
        if (N == 1) {
            ok = ok && nmoves(&after) == 0 && S->judge(&after, 0) == CV_JUDGE_LOSS;
        } else {
            ok = ok && mate1(&n) < 0;
            cv_amove rl[PN_MAX_MOVES];
            int nr = S->moves(&after, rl, PN_MAX_MOVES);
            ok = ok && nr > 0;
            for (int j = 0; j < nr && ok; j++) {
                pn_pos r = after;
                S->play(&r, &rl[j], NULL);
                ok = mate1(&r) >= 0;
            }
        }
        TAP_OK(ok, "%s:%d: mate in %d by %s, and none sooner", PN_MATES, lineno, N, mv);
        pn_pos m;
        mirror(&n, &m);
        TAP_IS_INT(S->eval(&m), S->eval(&n), "%s:%d: eval of the mirror", PN_MATES, lineno);
        comment[0] = 0;
    }
    fclose(f);
    TAP_OK(count[1] >= 20 && count[2] >= 20, "%s: %d mates in 1, %d in 2 (20 each at least)", PN_MATES, count[1], count[2]);
}

int main(void)
{
    V = cv_variant_find("panoply", NULL);
    TAP_OK(V != NULL, "spec panoply loads");
    if (!V) return tap_done();
    cv_apos a;
    cv_any_clear(V, &a);
    S = a.e->search;
    TAP_OK(S != NULL && S->node_size == sizeof(pn_pos), "the panoply engine has a search table, a node the position");
    if (!S) return tap_done();
    test_judge();
    test_facts();
    test_key_null_whole();
    test_eval();
    test_mates();
    return tap_done();
}
