#include "perft.h"
#include "bb.h"
#include "movegen.h"

static uint64_t mailbox_perft(cv_pos *p, int depth)
{
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)cv_gen_count_legal(p);
    cv_movelist ml;
    cv_gen_legal(p, &ml);
    uint64_t total = 0;
    for (int i = 0; i < ml.n; i++) {
        cv_undo u;
        cv_gen_make(p, ml.m[i], &u);
        total += mailbox_perft(p, depth - 1);
        cv_gen_unmake(p, ml.m[i], &u);
    }
    return total;
}

/* The bitboard path when the variant and position have one (bb.h), else
 * the mailbox, which stays the reference. */
uint64_t cv_gen_perft(cv_pos *p, int depth)
{
    if (depth <= 0) return 1;
    uint64_t n = cv_gen_bb_perft(p, depth);
    return n != UINT64_MAX ? n : mailbox_perft(p, depth);
}

/* Subtrees this shallow are counted by the bitboard path when it applies:
 * cheaper than a table probe and the moves to reach them. */
#define BB_BELOW_TABLE 2

static uint64_t hashed(cv_pos *p, int depth, cv_count_table *t)
{
    if (depth <= BB_BELOW_TABLE && depth >= 1) {
        uint64_t n = cv_gen_bb_perft(p, depth);
        if (n != UINT64_MAX) return n;
    }
    if (depth <= 1) return depth <= 0 ? 1 : (uint64_t)cv_gen_count_legal(p);
    uint64_t total, singles;
    if (cv_count_probe(t, p->hash, depth, &total, &singles)) return total;
    cv_movelist ml;
    cv_gen_legal(p, &ml);
    total = 0;
    for (int i = 0; i < ml.n; i++) {
        cv_undo u;
        cv_gen_make(p, ml.m[i], &u);
        total += hashed(p, depth - 1, t);
        cv_gen_unmake(p, ml.m[i], &u);
    }
    cv_count_store(t, p->hash, depth, total, 0);
    return total;
}

uint64_t cv_perft_subtree(cv_pos *p, int depth, cv_count_ctx *ctx)
{
    return ctx->table ? hashed(p, depth, ctx->table) : cv_gen_perft(p, depth);
}
