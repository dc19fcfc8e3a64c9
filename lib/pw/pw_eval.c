/* cv_pw_eval: how a Parallel Worlds node stands for the side to move, in
 * centipawns.  What matters in the game, in order:
 *
 *  - the kings: each side has two and losing either loses, so a king the
 *    enemy attacks is the first danger.  The side to move may still save
 *    it, unless this turn already used the king's level (a move to it,
 *    or a capture of the attacker, would end on that level again): then
 *    the king is as good as gone.  An enemy king the side to move can
 *    still take this turn is as good as won.  Enemy pieces on level 2
 *    right above a king can drop next to it next turn;
 *  - level 2 is the road between the armies: nothing is taken there, and
 *    a piece there drops onto any empty square below or above it, so a
 *    piece on it is safe and near the enemy, the more the further up;
 *  - promotion from level 2: a pawn there moves as a queen and promotes
 *    by stepping down onto its last rank, in two turns from anywhere on
 *    the level, in one from its last rank with an empty square below;
 *  - material, pawns' advance on the outer levels, knights and bishops
 *    toward the centre, and a small bonus for each move the turn still
 *    has (a turn's moves are the game's tempo).
 *
 * One pass over the 192 squares and a few rays from the four kings: no
 * move is generated. */
#include "pw.h"
#include <string.h>

static const int8_t kdx[8] = { 1, 1, 0, -1, -1, -1, 0, 1 }, kdy[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t ndx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 }, ndy[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

static const int value[7] = { 0, 100, 310, 325, 500, 900, 0 };

/* by relative rank (0: the own first rank) */
static const int pawn_outer[8] = { -10, 0, 4, 10, 20, 35, 60, 0 };
static const int pawn_road[8] = { 30, 34, 40, 48, 60, 75, 95, 130 };
#define PAWN_ROAD_DROP 220      /* on its last rank with an empty square below: a queen next turn */
#define ROAD_PIECE 12           /* a piece on level 2: out of reach, and near everything */
#define ROAD_ADVANCE 3          /* per rank toward the enemy */
#define KING_GONE 2500          /* a king that is taken next turn whatever its side does */
#define KING_ATTACKED 160       /* one enemy attacker; each more adds ATTACKER_MORE */
#define ATTACKER_MORE 90
#define BOTH_ATTACKED 150       /* both kings attacked: two answers needed */
#define KING_ATTACKS 40         /* the enemy must answer an attack on its king */
#define DROP_THREAT 18          /* an enemy piece on level 2 above a king or next to it */
#define TEMPO 8                 /* a move the turn still has */

/* 0 at the edge, 3 in the middle */
static int centre(int r, int f)
{
    int dr = r < 4 ? r : 7 - r, df = f < 4 ? f : 7 - f;
    return dr < df ? dr : df;
}

static int moved(const pw_state *s, int sq) { return s && (int)(s->moved[sq >> 6] >> (sq & 63) & 1); }

/* Pieces of colour by that take whatever stands on sq (an outer level)
 * with one move; with s, only those that have not moved this turn. */
static int attackers(const pw_pos *p, int sq, int by, const pw_state *s)
{
    int base = sq & ~63, r = PW_RANK(sq), f = PW_FILE(sq), k = 0;
    for (int d = 0; d < 8; d++) {
        unsigned back = 1u << ((d + 4) & 7);
        for (int rr = r + kdy[d], ff = f + kdx[d], dist = 1; rr >= 0 && rr < 8 && ff >= 0 && ff < 8;
             rr += kdy[d], ff += kdx[d], dist++) {
            int at = base + rr * 8 + ff;
            uint8_t q = p->b[at];
            if (!q) continue;
            if (PW_COLOR(q) == by && !moved(s, at)) {
                int t = PW_TYPE(q);
                if (t == PW_PAWN) {
                    /* a pawn takes diagonally forward; on its own first
                     * rank only where the rules allow it */
                    int fwd = by ? -1 : 1, first = PW_RANK(at) == (by ? 7 : 0);
                    k += dist == 1 && kdx[d] && kdy[d] == -fwd && (!first || p->o.first_rank_capture);
                } else {
                    k += (p->o.slide[t] & back) || (dist == 1 && (p->o.step[t] & back));
                }
            }
            break;
        }
    }
    for (int i = 0; i < 8; i++) {
        int rr = r - ndy[i], ff = f - ndx[i];
        if (rr < 0 || rr > 7 || ff < 0 || ff > 7) continue;
        int at = base + rr * 8 + ff;
        uint8_t q = p->b[at];
        if (q && PW_COLOR(q) == by && !moved(s, at) && (p->o.leap[PW_TYPE(q)] >> i & 1)) k++;
    }
    return k;
}

/* Enemy pieces on level 2 over the king's square or next to it. */
static int drop_threats(const pw_pos *p, int sq, int enemy)
{
    int r = PW_RANK(sq), f = PW_FILE(sq), k = 0;
    for (int rr = r - 1; rr <= r + 1; rr++)
        for (int ff = f - 1; ff <= f + 1; ff++) {
            if (rr < 0 || rr > 7 || ff < 0 || ff > 7) continue;
            uint8_t q = p->b[64 + rr * 8 + ff];
            k += q && PW_COLOR(q) == enemy;
        }
    return k;
}

int cv_pw_eval(const pw_pos *p, const pw_state *s)
{
    int me = p->side, score[2] = { 0, 0 }, kings[2][2], nk[2] = { 0, 0 };
    for (int sq = 0; sq < PW_SQUARES; sq++) {
        /* most of the board is empty (level 2 above all): skip empty rows
         * eight squares at a time */
        if (!(sq & 7)) {
            uint64_t row;
            memcpy(&row, &p->b[sq], sizeof row);
            if (!row) {
                sq += 7;
                continue;
            }
        }
        uint8_t pc = p->b[sq];
        if (!pc) continue;
        int c = PW_COLOR(pc), t = PW_TYPE(pc), r = PW_RANK(sq), f = PW_FILE(sq);
        int rr = c ? 7 - r : r, v = value[t];
        if (PW_LEVEL(sq) == 1) {
            if (t == PW_PAWN) {
                v += pawn_road[rr];
                if (rr == 7 && (!p->b[sq - 64] || !p->b[sq + 64])) v += PAWN_ROAD_DROP;
            } else {
                v += ROAD_PIECE + ROAD_ADVANCE * rr;
            }
        } else if (t == PW_KING) {
            if (nk[c] < 2) kings[c][nk[c]++] = sq;
        } else if (t == PW_PAWN) {
            v += pawn_outer[rr];
        } else if (t == PW_KNIGHT || t == PW_BISHOP) {
            v += 4 * centre(r, f);
        }
        score[c] += v;
    }

    /* the kings of the side to move: attacked by any enemy piece */
    int hit = 0;
    for (int i = 0; i < nk[me]; i++) {
        int sq = kings[me][i], a = attackers(p, sq, !me, NULL);
        score[me] -= DROP_THREAT * drop_threats(p, sq, !me);
        if (!a) continue;
        hit++;
        if (s->levels >> PW_LEVEL(sq) & 1) score[me] -= KING_GONE;
        else score[me] -= KING_ATTACKED + ATTACKER_MORE * (a - 1);
    }
    if (hit == 2) score[me] -= BOTH_ATTACKED;

    /* the enemy's kings: taken this turn if a piece that has not moved
     * reaches one on a level the turn has not used; else a threat */
    int left = cv_pw_turn_limit(p) - s->n;
    for (int i = 0; i < nk[!me]; i++) {
        int sq = kings[!me][i];
        score[!me] -= DROP_THREAT * drop_threats(p, sq, me);
        int a = attackers(p, sq, me, NULL);
        if (a && left > 0 && !(s->levels >> PW_LEVEL(sq) & 1) && (!s->n || attackers(p, sq, me, s)))
            score[me] += KING_GONE;
        else
            score[me] += KING_ATTACKS * a;
    }
    score[me] += TEMPO * (left > 0 ? left : 0);
    return score[me] - score[!me];
}
