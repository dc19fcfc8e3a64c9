/* t_trid_search: the Tri-D engine's search entries (engine.h,
 * cv_engine_search) through the interface, for both rule sets: moves as
 * the generator's, single moves that are whole moves, facts that agree
 * with the notation's 'x' and '=', keys equal exactly for the same
 * position, the judge's draws and losses, the null move taken back, the
 * evaluation's symmetry and material, and every line of the mates files
 * (corpus/trid/mates-*.txt) at its distance: a mate in 1 has a move that
 * mates, a mate in 2 or 3 none. */
#include "cvkit.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

#define START "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp"

static const cv_variant *V[2];
static const char *const names[2] = { "trid-standard", "trid-tournament" };

static int readpos(int rs, const char *fen, cv_apos *a)
{
    cv_fen_errors e;
    memset(&e, 0, sizeof e);
    return cv_any_read_position(V[rs], fen, 0, a, &e) == 0 && e.n == 0 ? 0 : -1;
}

/* The position as a node (the search's copy). */
static const cv_engine_search *node_of(const cv_apos *a, cv_apos *n)
{
    const cv_engine_search *s = a->e->search;
    *n = *a;
    if (s) s->enter(a->s.b, n->s.b);
    return s;
}

static int mates_now(const cv_engine_search *s, const cv_apos *n, const cv_amove *m)
{
    cv_apos q = *n;
    cv_aundo u;
    s->play(q.s.b, m, &u);
    cv_amove none[1];
    int k = s->moves(q.s.b, none, 0);
    return k == 0 && s->in_check(q.s.b) && s->judge(q.s.b, 0) == CV_JUDGE_LOSS;
}

static void test_moves(int rs)
{
    cv_apos a, n;
    readpos(rs, START " w KQkq - 0 1", &a);
    const cv_engine_search *s = node_of(&a, &n);
    TAP_OK(s != NULL, "%s: the engine offers a search", names[rs]);
    if (!s) return;
    cv_amove g[256], m[256], w;
    int ng = cv_any_gen(&a, g, 256), nm = s->moves(n.s.b, m, 256);
    TAP_IS_INT(nm, rs ? 20 : 21, "%s: single moves at the start", names[rs]);
    TAP_IS_INT(memcmp(g, m, sizeof g[0] * (size_t)(ng < nm ? ng : nm)) == 0 && ng == nm, 1,
               "%s: the same moves as gen, in its order", names[rs]);
    TAP_OK(s->whole == NULL, "%s: no whole entry, one single move is a whole move", names[rs]);
    (void)w;
    TAP_IS_INT(s->side(n.s.b), 0, "%s: White to move", names[rs]);
    TAP_IS_INT(s->repetition, 1, "%s: repetitions draw", names[rs]);
}

static uint64_t key_after(int rs, const char *fen, const char *const *moves)
{
    cv_apos a, n;
    char canon[64], why[200];
    if (readpos(rs, fen, &a)) return 0;
    for (; *moves; moves++)
        if (cv_any_play(&a, *moves, 0, canon, NULL, why, sizeof why) != CV_MOVE_OK) return 0;
    const cv_engine_search *s = node_of(&a, &n);
    return s->key(n.s.b);
}

static void test_keys(int rs)
{
    static const char *const a1[] = { "Nb1-c3(2)", "Nb8-c6(6)", "Ne1-d3(2)", NULL };
    static const char *const a2[] = { "Ne1-d3(2)", "Nb8-c6(6)", "Nb1-c3(2)", NULL };
    static const char *const a3[] = { "Nb1-c3(4)", "Nb8-c6(6)", "Ne1-d3(2)", NULL };
    static const char *const none[] = { NULL };
    const char *st = START " w KQkq - 0 1";
    uint64_t k1 = key_after(rs, st, a1), k2 = key_after(rs, st, a2), k3 = key_after(rs, st, a3);
    TAP_OK(k1 && k1 == k2, "%s: a transposition has the same key", names[rs]);
    TAP_OK(k3 && k3 != k1, "%s: a knight on another level, another key", names[rs]);
    uint64_t w = key_after(rs, st, none), b = key_after(rs, START " b KQkq - 0 1", none);
    TAP_OK(w && b && w != b, "%s: the side to move is in the key", names[rs]);
    TAP_OK(w != key_after(rs, START " w Kkq - 0 1", none), "%s: castling rights are in the key", names[rs]);
    TAP_OK(key_after(rs, START " w KQkq - 0 2", none) == key_after(rs, START " w KQkq - 7 2", none),
           "%s: the halfmove clock is not", names[rs]);
    /* the tournament rule bans castling on move one: the number counts there */
    TAP_IS_INT(w != key_after(rs, START " w KQkq - 0 2", none), rs, "%s: move one is in the key (tournament only)",
               names[rs]);
    /* after a double step the same board without the right to take en passant */
    cv_apos a, n;
    char canon[64], why[200], fen[512], *at;
    readpos(rs, START " w KQkq - 0 2", &a);
    cv_any_play(&a, "Pc2-c4(2)", 0, canon, NULL, why, sizeof why);
    uint64_t kd = node_of(&a, &n)->key(n.s.b);
    cv_any_write(&a, 0, fen, sizeof fen);
    if ((at = strstr(fen, " c4(2) "))) memmove(at + 2, at + 6, strlen(at + 6) + 1), at[1] = '-';
    TAP_OK(strstr(fen, " b KQkq - 0 2") && kd != key_after(rs, fen, none),
           "%s: an en passant right is in the key", names[rs]);
}

/* Facts against the notation: Parmen's 'x' marks a capture, '=' a
 * promotion. */
static void check_facts(int rs, const cv_apos *a, int *bad, int *caps, int *promos)
{
    cv_apos n;
    const cv_engine_search *s = node_of(a, &n);
    cv_amove m[1024];
    int k = s->moves(n.s.b, m, 1024);
    for (int i = 0; i < k && i < 1024; i++) {
        char text[80];
        cv_apos c = *a;
        cv_any_format(&c, &m[i], 0, text, sizeof text);
        cv_move_facts f;
        s->facts(n.s.b, &m[i], &f);
        int cap = strchr(text, 'x') != NULL, pro = strchr(text, '=') != NULL;
        int ok = cap == !!(f.flags & CV_MV_CAPTURE) && pro == !!(f.flags & CV_MV_PROMO) && !(f.flags & CV_MV_END) &&
                 (cap ? f.victim == 100 || f.victim == 325 || f.victim == 500 || f.victim == 900 : f.victim == 0);
        if (!ok) {
            if (!*bad) printf("# %s: facts of %s: flags %u victim %d\n", names[rs], text, f.flags, f.victim);
            ++*bad;
        }
        *caps += cap;
        *promos += pro;
    }
}

static void test_mates_file(int rs, const char *path)
{
    FILE *f = fopen(path, "r");
    TAP_OK(f != NULL, "open %s", path);
    if (!f) return;
    char line[1024];
    int lines = 0, wrong = 0, unread = 0, byn[4] = { 0, 0, 0, 0 }, bad = 0, caps = 0, promos = 0;
    int first = 1, variant_ok = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (first) {
            char want[64];
            snprintf(want, sizeof want, "# variant: %s", names[rs]);
            variant_ok = strcmp(line, want) == 0;
            first = 0;
        }
        if (!line[0] || line[0] == '#') continue;
        char *tab = strchr(line, '\t');
        int dist = atoi(line);
        cv_apos a, n;
        if (!tab || dist < 1 || dist > 3 || readpos(rs, tab + 1, &a)) {
            unread++;
            continue;
        }
        lines++;
        byn[dist]++;
        const cv_engine_search *s = node_of(&a, &n);
        cv_amove m[1024];
        int k = s->moves(n.s.b, m, 1024), mates = 0;
        for (int i = 0; i < k && i < 1024; i++) mates += mates_now(s, &n, &m[i]);
        if ((dist == 1) != (mates > 0) || s->judge(n.s.b, k) != CV_JUDGE_PLAY) {
            if (!wrong) printf("# %s: %d mating moves in: %s\n", path, mates, line);
            wrong++;
        }
        check_facts(rs, &a, &bad, &caps, &promos);
    }
    fclose(f);
    TAP_OK(variant_ok, "%s: first line names %s", path, names[rs]);
    TAP_IS_INT(unread, 0, "%s: every line reads", path);
    TAP_OK(byn[1] >= 20 && byn[2] >= 20 && byn[3] >= 3, "%s: %d mates in 1, %d in 2, %d in 3", path, byn[1], byn[2],
           byn[3]);
    TAP_IS_INT(wrong, 0, "%s: a mate in 1 has a mating move, a longer one none (%d positions)", path, lines);
    TAP_IS_INT(bad, 0, "%s: facts agree with the notation (%d captures, %d promotions)", path, caps, promos);
}

static void test_judge(int rs)
{
    /* the judge, and the engine's outcome facts that cv-replay --draws
     * reports, agree */
    static const struct { const char *fen; int judge, fifty, material; const char *what; } cases[] = {
        { START " w KQkq - 0 1", CV_JUDGE_PLAY, 0, 0, "the start plays on" },
        { START " w KQkq - 99 40", CV_JUDGE_PLAY, 0, 0, "99 halfmoves play on" },
        { START " w KQkq - 100 40", CV_JUDGE_DRAW, 1, 0, "100 halfmoves draw" },
        { "4/4/4/4|4/4/4/4|4/4/4/4 QL1:w:2/K1,KL1:w:2/2,QL6:b:2/2,KL6:b:k1/2 w - - 0 30", CV_JUDGE_DRAW, 0, 1,
          "bare kings draw" },
        { "4/4/4/4|4/4/4/4|4/4/4/4 QL1:w:2/K1,KL1:w:2/2,QL6:b:2/2,KL6:b:k1/1p w - - 0 30", CV_JUDGE_PLAY, 0, 0,
          "a king and a pawn play on" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cv_apos a, n;
        if (readpos(rs, cases[i].fen, &a)) {
            TAP_OK(0, "%s: reads %s", names[rs], cases[i].fen);
            continue;
        }
        const cv_engine_search *s = node_of(&a, &n);
        TAP_IS_INT(s->judge(n.s.b, -1), cases[i].judge, "%s: %s", names[rs], cases[i].what);
        cv_outcome o;
        memset(&o, 0, sizeof o);
        cv_any_outcome(&a, &o);
        TAP_OK(o.fifty == cases[i].fifty && o.insufficient_material == cases[i].material,
               "%s: %s: outcome fifty %d, material %d", names[rs], cases[i].what, o.fifty, o.insufficient_material);
    }
    /* found by random play: a stalemate, and the mate it is not */
    static const char stale[] = "4/4/2PR/4|4/4/4/4|4/4/4/4 KL1:w:KP/2,QL3:w:P1/2,QL4=QLB:w:2/2,KL6:b:1k/1p b - - 0 42";
    cv_apos a, n;
    if (readpos(rs, stale, &a) == 0) {
        const cv_engine_search *s = node_of(&a, &n);
        cv_amove m[8];
        int k = s->moves(n.s.b, m, 8);
        TAP_IS_INT(k, 0, "%s: no move in the stalemate", names[rs]);
        TAP_IS_INT(s->in_check(n.s.b), 0, "%s: ... and no check", names[rs]);
        TAP_IS_INT(s->judge(n.s.b, 0), CV_JUDGE_DRAW, "%s: stalemate draws", names[rs]);
    } else {
        TAP_OK(0, "%s: reads the stalemate", names[rs]);
    }
}

static void test_null(int rs)
{
    cv_apos a, n, before;
    readpos(rs, START " w KQkq - 3 9", &a);
    const cv_engine_search *s = node_of(&a, &n);
    before = n;
    uint64_t k0 = s->key(n.s.b);
    TAP_IS_INT(s->null_ok(n.s.b), 1, "%s: a null move at the start", names[rs]);
    cv_aundo u;
    s->play_null(n.s.b, &u);
    TAP_IS_INT(s->side(n.s.b), 1, "%s: the null move passes the turn", names[rs]);
    TAP_OK(s->key(n.s.b) != k0, "%s: ... and changes the key", names[rs]);
    s->unplay_null(n.s.b, &u);
    TAP_IS_INT(memcmp(&n.s, &before.s, s->node_size), 0, "%s: taken back byte for byte", names[rs]);
    /* a king and pawns alone: zugzwang is likely */
    readpos(rs, "4/4/4/4|4/4/4/4|4/4/4/4 QL1:w:2/K1,KL1:w:2/2,QL6:b:2/2,KL6:b:k1/1p w - - 0 30", &a);
    s = node_of(&a, &n);
    TAP_IS_INT(s->null_ok(n.s.b), 0, "%s: no null move with king and pawns alone", names[rs]);
}

static int eval_of(int rs, const char *fen)
{
    cv_apos a, n;
    if (readpos(rs, fen, &a)) return -99999;
    const cv_engine_search *s = node_of(&a, &n);
    return s->eval(n.s.b);
}

static void test_eval(int rs)
{
    int w = eval_of(rs, START " w KQkq - 0 1"), b = eval_of(rs, START " b KQkq - 0 1");
    TAP_IS_INT(w, 10, "%s: the start is even but for the move", names[rs]);
    TAP_IS_INT(b, 10, "%s: ... for either side", names[rs]);
    int q = eval_of(rs, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:r1/pp,KL6:b:kr/pp w KQkq - 0 1");
    TAP_IS_INT(q, 912, "%s: a queen up (900 and its centralisation)", names[rs]);
    int qb = eval_of(rs, "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:r1/pp,KL6:b:kr/pp b KQkq - 0 1");
    TAP_IS_INT(qb, -892, "%s: ... from the other side", names[rs]);
    TAP_IS_INT(eval_of(rs, START " w KQkq - 0 1"), w, "%s: the same score twice", names[rs]);
}

/* The node's kept sums against a node entered afresh from the same
 * position, along pseudo-random games through the search entries (every
 * kind of move: captures, promotions, castling, board moves). */
static void test_incremental(int rs)
{
    uint64_t seed = 0x2545f4914f6cdd1dull;
    int plies = 0, differ = 0, kinds_seen = 0;
    for (int g = 0; g < 40; g++) {
        cv_apos a, n;
        readpos(rs, START " w KQkq - 0 1", &a);
        const cv_engine_search *s = node_of(&a, &n);
        for (int ply = 0; ply < 150; ply++) {
            cv_amove m[1024];
            int k = s->moves(n.s.b, m, 1024);
            if (k == 0 || s->judge(n.s.b, k) != CV_JUDGE_PLAY) break;
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            /* captures first when there are any, so games open up */
            int pick = (int)(seed % (uint64_t)k);
            cv_move_facts f;
            for (int i = 0; i < k && (seed >> 40) % 3; i++) {
                s->facts(n.s.b, &m[(pick + i) % k], &f);
                if (f.flags & (CV_MV_CAPTURE | CV_MV_PROMO)) {
                    pick = (pick + i) % k;
                    break;
                }
            }
            s->facts(n.s.b, &m[pick], &f);
            kinds_seen |= f.flags & (CV_MV_CAPTURE | CV_MV_PROMO);
            cv_aundo u;
            s->play(n.s.b, &m[pick], &u);
            cv_any_make(&a, &m[pick], &u);
            cv_apos fresh;
            node_of(&a, &fresh);
            plies++;
            if (s->eval(n.s.b) != s->eval(fresh.s.b) || s->key(n.s.b) != s->key(fresh.s.b)) {
                if (!differ) printf("# %s: game %d ply %d: kept %d, afresh %d\n", names[rs], g, ply, s->eval(n.s.b),
                                    s->eval(fresh.s.b));
                differ++;
            }
        }
    }
    TAP_OK(plies > 2000 && kinds_seen == (CV_MV_CAPTURE | CV_MV_PROMO), "%s: %d plies played, captures and promotions among them", names[rs], plies);
    TAP_IS_INT(differ, 0, "%s: the kept score and key are the fresh node's after every ply", names[rs]);
}

int main(void)
{
    for (int rs = 0; rs < 2; rs++) {
        V[rs] = cv_variant_find(names[rs], &cv_diag_default);
        TAP_OK(V[rs] != NULL, "load %s", names[rs]);
        if (!V[rs]) continue;
        test_moves(rs);
        test_keys(rs);
        test_judge(rs);
        test_null(rs);
        test_eval(rs);
        test_incremental(rs);
        test_mates_file(rs, rs ? "corpus/trid/mates-tournament.txt" : "corpus/trid/mates-standard.txt");
    }
    return tap_done();
}
