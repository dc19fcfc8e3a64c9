#include "search_entries.h"
#include "eval.h"
#include "movegen.h"
#include <string.h>

static cv_move M(const cv_amove *m)
{
    cv_move x;
    cv_amove_get(&x, m, sizeof x);
    return x;
}

static void enter(const void *pos, void *node) { memcpy(node, pos, sizeof(cv_pos)); }
static int side(const void *node) { return ((const cv_pos *)node)->side; }

static int moves(void *node, cv_amove *out, int max)
{
    if (max <= 0) return cv_gen_count_legal(node);
    cv_movelist ml;
    int n = cv_gen_legal(node, &ml);
    for (int i = 0; i < n && i < max; i++) cv_amove_put(&out[i], &ml.m[i], sizeof ml.m[i]);
    return n;
}

static void facts(void *node, const cv_amove *am, cv_move_facts *f)
{
    const cv_pos *p = node;
    cv_move m = M(am);
    f->flags = 0;
    f->victim = 0;
    f->attacker = cv_gen_value(p->v, CV_TYPE(p->board[m.from]));
    if (m.kind == CV_MK_EP) {
        f->flags |= CV_MV_CAPTURE;
        f->victim = p->v->pawn_type >= 0 ? cv_gen_value(p->v, p->v->pawn_type) : 100;
    } else if (m.kind != CV_MK_CASTLE && p->board[m.to]) {
        f->flags |= CV_MV_CAPTURE;
        f->victim = cv_gen_value(p->v, CV_TYPE(p->board[m.to]));
    }
    if (m.promo) {
        f->flags |= CV_MV_PROMO;
        f->victim += cv_gen_value(p->v, m.promo - 1) - f->attacker;
    }
}

static void play(void *node, const cv_amove *m, cv_aundo *u) { cv_gen_make(node, M(m), (cv_undo *)u->s.b); }
static void unplay(void *node, const cv_amove *m, const cv_aundo *u) { cv_gen_unmake(node, M(m), (const cv_undo *)u->s.b); }

/* Passing is tried only with a piece besides pawns and the royal: with
 * none, zugzwang is the rule rather than the exception. */
static int null_ok(void *node)
{
    const cv_pos *p = node;
    const cv_variant *v = p->v;
    for (int w = 0; w < p->nwords; w++)
        for (uint64_t b = p->occ[p->side][w]; b; b &= b - 1) {
            const cv_piece *pc = &v->pieces[CV_TYPE(p->board[w * 64 + __builtin_ctzll(b)])];
            if (!pc->royal && !pc->pawn) return 1;
        }
    return 0;
}

static void play_null(void *node, cv_aundo *u) { cv_gen_make_null(node, (cv_undo *)u->s.b); }
static void unplay_null(void *node, const cv_aundo *u) { cv_gen_unmake_null(node, (const cv_undo *)u->s.b); }
static uint64_t key(void *node) { return ((const cv_pos *)node)->hash; }
static int in_check(void *node) { return cv_gen_in_check(node); }

static int judge(void *node, int nmoves)
{
    const cv_pos *p = node;
    if (nmoves == 0) return cv_gen_in_check(node) ? CV_JUDGE_LOSS : CV_JUDGE_DRAW;
    if (p->v->fifty_move_plies && p->halfmove >= p->v->fifty_move_plies) return CV_JUDGE_DRAW;
    int men = 0;
    for (int w = 0; w < p->nwords; w++) men += __builtin_popcountll(p->occ[0][w] | p->occ[1][w]);
    if (men <= 4 && cv_gen_insufficient_material(p)) return CV_JUDGE_DRAW;
    return CV_JUDGE_PLAY;
}

static int eval(void *node) { return cv_gen_eval(node); }

const cv_engine_search cv_gen_search = {
    .node_size = sizeof(cv_pos),
    .enter = enter,
    .side = side,
    .moves = moves,
    .facts = facts,
    .play = play,
    .unplay = unplay,
    .null_ok = null_ok,
    .play_null = play_null,
    .unplay_null = unplay_null,
    .key = key,
    .in_check = in_check,
    .judge = judge,
    .eval = eval,
    .whole = NULL,      /* a move is one single move */
    .repetition = 1,
};
