/* The Parallel Worlds engine's part of a search (engine.h,
 * cv_engine_search): a turn of one to three single moves is searched as
 * single steps, with "end the turn here" (CV_MV_END) as a step once one
 * move is played, so the search never lists the thousands of whole turns
 * of a node (docs/cvkit-engines.7, "Searching turns of several moves").
 *
 * A node is the position and the turn so far (pw_state).  A step that
 * fills the turn, or takes a king, closes the turn at once: the side to
 * move changes only there and at END.  The evaluation is pw_eval.c. */
#include "engine.h"
#include "pw.h"
#include "mix.h"
#include <string.h>

typedef struct pw_node {
    pw_pos p;
    pw_state s;
} pw_node;

_Static_assert(sizeof(pw_node) <= CV_APOS_BYTES, "cv_apos too small for a pw node");
_Static_assert(sizeof(pw_node) <= CV_AUNDO_BYTES, "cv_aundo too small for a pw node copy");

/* END among the single moves: no square is 255 */
#define PW_END_SQ 255

static const pw_move end_move = { PW_END_SQ, PW_END_SQ, 0, 0 };

static pw_move M(const cv_amove *m)
{
    pw_move x;
    cv_amove_get(&x, m, sizeof x);
    return x;
}

static void put(cv_amove *out, pw_move m) { cv_amove_put(out, &m, sizeof m); }

static int is_end(pw_move m) { return m.from == PW_END_SQ; }

/* ---- values ---- */

/* Material by PW type; a king is not material but the game (either one
 * lost loses), so taking one is worth more than anything on the board. */
static const int value[7] = { 0, 100, 310, 325, 500, 900, 0 };
#define KING_VICTIM 10000
#define KING_ATTACKER 1000

/* ---- the node ---- */

static void n_enter(const void *pos, void *node)
{
    pw_node *n = node;
    memcpy(&n->p, pos, sizeof n->p);
    cv_pw_state_init(&n->s);
}

static int n_side(const void *node) { return ((const pw_node *)node)->p.side; }

static int n_moves(void *node, cv_amove *out, int max)
{
    pw_node *n = node;
    pw_move ml[PW_MAX_SINGLE];
    int k = cv_pw_gen(&n->p, &n->s, ml), total = k + (n->s.n > 0 && !n->p.over);
    for (int i = 0; i < k && i < max; i++) put(&out[i], ml[i]);
    if (total > k && k < max) put(&out[k], end_move);
    return total;
}

static void n_facts(void *node, const cv_amove *m, cv_move_facts *f)
{
    const pw_node *n = node;
    pw_move x = M(m);
    memset(f, 0, sizeof *f);
    if (is_end(x)) {
        f->flags = CV_MV_END;
        return;
    }
    uint8_t pc = n->p.b[x.from], cap = n->p.b[x.to];
    if (x.kind == PW_MK_EP) cap = PW_PIECE(PW_PAWN, !n->p.side);
    f->attacker = PW_TYPE(pc) == PW_KING ? KING_ATTACKER : value[PW_TYPE(pc)];
    if (cap && x.kind != PW_MK_CASTLE_K && x.kind != PW_MK_CASTLE_Q) {
        f->flags |= CV_MV_CAPTURE;
        f->victim = PW_TYPE(cap) == PW_KING ? KING_VICTIM : value[PW_TYPE(cap)];
    }
    if (x.promo) f->flags |= CV_MV_PROMO;
}

/* Closes the turn: the side changes and a fresh turn begins. */
static void close_turn(pw_node *n)
{
    cv_pw_end_turn(&n->p, &n->s);
    cv_pw_state_init(&n->s);
}

static void n_play(void *node, const cv_amove *m, cv_aundo *u)
{
    pw_node *n = node;
    memcpy(u->s.b, n, sizeof *n);
    pw_move x = M(m);
    if (is_end(x)) {
        close_turn(n);
        return;
    }
    if (cv_pw_play(&n->p, &n->s, x) || n->s.n >= cv_pw_turn_limit(&n->p)) close_turn(n);
}

static void n_unplay(void *node, const cv_amove *m, const cv_aundo *u)
{
    (void)m;
    memcpy(node, u->s.b, sizeof(pw_node));
}

/* A pass is sound only where some move surely does no harm; with two
 * pieces besides kings and pawns a zugzwang is taken to be rare enough.
 * Only at a turn's start: a turn has at least one move. */
static int n_null_ok(void *node)
{
    const pw_node *n = node;
    if (n->s.n || n->p.over) return 0;
    int pieces = 0;
    for (int sq = 0; sq < PW_SQUARES && pieces < 2; sq++) {
        uint8_t pc = n->p.b[sq];
        int t = PW_TYPE(pc);
        if (pc && PW_COLOR(pc) == n->p.side && t != PW_PAWN && t != PW_KING) pieces++;
    }
    return pieces >= 2;
}

static void n_play_null(void *node, cv_aundo *u)
{
    pw_node *n = node;
    memcpy(u->s.b, n, sizeof *n);
    close_turn(n);
}

static void n_unplay_null(void *node, const cv_aundo *u) { memcpy(node, u->s.b, sizeof(pw_node)); }

/* The board, side, castling, en passant, the game's end, whether this is
 * White's very first turn (its own limit), and the turn so far: pieces
 * moved, levels used, moves played and double steps made, so a node in
 * the middle of a turn never meets a turn's start.  Not the clocks: no
 * move depends on them (the game has no fifty-move rule). */
static uint64_t n_key(void *node)
{
    const pw_node *n = node;
    const pw_pos *p = &n->p;
    uint64_t w[PW_SQUARES / 8], h = 0x9E3779B97F4A7C15ull;
    memcpy(w, p->b, sizeof w);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) h = (h ^ w[i]) * 0x100000001b3ull + (h >> 29);
    uint64_t first = p->side == 0 && p->fullmove == 1;
    uint64_t meta = (uint64_t)(uint8_t)p->side | (uint64_t)p->castling << 8 | (uint64_t)(uint16_t)p->ep[0] << 16 |
                    (uint64_t)(uint16_t)p->ep[1] << 32 | (uint64_t)p->over << 48 | first << 49;
    uint64_t turn = (uint64_t)n->s.levels | (uint64_t)n->s.n << 8 | (uint64_t)(uint16_t)n->s.new_ep[0] << 16 |
                    (uint64_t)(uint16_t)n->s.new_ep[1] << 32;
    h = cv_mix64(h ^ meta);
    if (n->s.n) h = cv_mix64(h ^ turn ^ cv_mix64(n->s.moved[0] ^ cv_mix64(n->s.moved[1] ^ cv_mix64(n->s.moved[2]))));
    return h;
}

/* A captured king has lost the game for its side, which is to move once
 * the turn closed; a side with no turn at a turn's start has lost too
 * (docs/rules/parallelworlds.md, The end of the game).  No draw by rule. */
static int n_judge(void *node, int moves)
{
    const pw_node *n = node;
    if (n->p.over) return CV_JUDGE_LOSS;
    if (moves == 0 && n->s.n == 0) return CV_JUDGE_LOSS;
    return CV_JUDGE_PLAY;
}

static int n_eval(void *node)
{
    const pw_node *n = node;
    return cv_pw_eval(&n->p, &n->s);
}

/* The whole turn the steps make, each checked legal where it stands. */
static int n_whole(const void *node, const cv_amove *steps, int k, cv_amove *move)
{
    const pw_node *n = node;
    if (n->s.n || n->p.over) return -1;
    pw_pos p = n->p;
    pw_state s;
    cv_pw_state_init(&s);
    pw_turn t = { 0 };
    int closed = 0;
    for (int i = 0; i < k; i++) {
        pw_move x = M(&steps[i]);
        if (closed) return -1;
        if (is_end(x)) {
            if (!s.n) return -1;
            closed = 1;
            continue;
        }
        pw_move ml[PW_MAX_SINGLE];
        int m = cv_pw_gen(&p, &s, ml), found = 0;
        for (int j = 0; j < m && !found; j++)
            found = !memcmp(&ml[j], &x, sizeof x);
        if (!found) return -1;
        t.m[t.n++] = x;
        if (cv_pw_play(&p, &s, x) || s.n >= cv_pw_turn_limit(&p)) closed = 1;
    }
    if (!closed) return -1;
    cv_amove_put(move, &t, sizeof t);
    return 0;
}

const cv_engine_search cv_pw_search = {
    .node_size = sizeof(pw_node),
    .enter = n_enter,
    .side = n_side,
    .moves = n_moves,
    .facts = n_facts,
    .play = n_play,
    .unplay = n_unplay,
    .null_ok = n_null_ok,
    .play_null = n_play_null,
    .unplay_null = n_unplay_null,
    .key = n_key,
    .in_check = NULL,   /* the game has no check: a king is simply taken */
    .judge = n_judge,
    .eval = n_eval,
    .whole = n_whole,
    .repetition = 0,    /* no repetition rule */
};
