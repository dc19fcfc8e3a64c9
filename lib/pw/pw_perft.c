/* cv_pw_perft: Parallel Worlds turns counted to a depth, with the count's
 * table of subtree counts when it has one (count.h).
 *
 * A count walks single moves: a turn grows move by move and every partial
 * turn is itself a turn (docs/rules/parallelworlds.md, Counting turns), so each single move
 * played counts one turn, and at the last depth a turn's last step is
 * counted without being played or listed (cv_pw_count(), pw_count.c):
 * that step is where nearly all the leaves are.  The table holds counts at turn
 * boundaries only: whole turns reach the same position by many orders of
 * the same moves, and even a count of one depth from there (some 76,000
 * turns from the start) costs far more than the key. */
#include "pw.h"
#include "count.h"
#include "mix.h"
#include <string.h>

/* Everything a count from p depends on: the board, the side, castling,
 * en passant, whether the game is over and whether the turn is White's
 * very first (it has its own limit).  Not the clocks, which no move
 * depends on. */
static uint64_t key_of(const pw_pos *p)
{
    uint64_t w[PW_SQUARES / 8], h = 0x9E3779B97F4A7C15ull;
    memcpy(w, p->b, sizeof w);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) h = cv_mix64(h ^ w[i]) + i;
    uint64_t first = p->side == 0 && p->fullmove == 1;
    uint64_t state = (uint64_t)(uint8_t)p->side | (uint64_t)p->castling << 8 | (uint64_t)(uint16_t)p->ep[0] << 16 |
                     (uint64_t)(uint16_t)p->ep[1] << 32 | (uint64_t)p->over << 48 | first << 56;
    return cv_mix64(h ^ cv_mix64(state));
}

static uint64_t turns_from(const pw_pos *p, int depth, cv_count_ctx *w);

/* Turns that extend the turn standing at (p, s) by at least one move,
 * each counted at depth (1: the turn itself). */
static uint64_t extend(const pw_pos *p, const pw_state *s, int depth, cv_count_ctx *w)
{
    int limit = cv_pw_turn_limit(p);
    if (depth == 1 && s->n + 1 == limit) {
        /* the last move of a turn: counted, not played (nor listed) */
        int n = cv_pw_count(p, s);
        w->singles += (uint64_t)n;
        return (uint64_t)n;
    }
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(p, s, ml);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pw_pos q = *p;
        pw_state t = *s;
        int over = cv_pw_play(&q, &t, ml[i]);
        w->singles++;
        if (depth == 1) {
            total++;
        } else {
            pw_pos r = q;
            cv_pw_end_turn(&r, &t);
            total += turns_from(&r, depth - 1, w);
        }
        if (!over && t.n < limit) total += extend(&q, &t, depth, w);
    }
    return total;
}

static uint64_t turns_from(const pw_pos *p, int depth, cv_count_ctx *w)
{
    if (depth <= 0) return 1;
    pw_state s;
    cv_pw_state_init(&s);
    if (!w->table) return extend(p, &s, depth, w);
    uint64_t key = key_of(p), tu, si;
    if (cv_count_probe(w->table, key, depth, &tu, &si)) {
        w->singles += si;
        return tu;
    }
    uint64_t before = w->singles;
    uint64_t total = extend(p, &s, depth, w);
    cv_count_store(w->table, key, depth, total, w->singles - before);
    return total;
}

uint64_t cv_pw_perft(const pw_pos *p, int depth, cv_count_ctx *ctx)
{
    return turns_from(p, depth, ctx);
}
