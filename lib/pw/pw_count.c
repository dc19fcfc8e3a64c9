/* pw_count: how many single moves cv_pw_gen() would list, without
 * listing them: the count a perft takes at a turn's last step, where the
 * moves are counted, not played.
 *
 * cv_pw_gen() walks the 192 squares and each piece's lines square by
 * square, pushing every move.  Here each level is three 64-bit sets
 * (occupied, white, black) gathered from the board's bytes eight at a
 * time; pawns are counted as sets by shifts, the other pieces' targets
 * are their step, leap and ray sets cut at the first piece, and counts
 * are popcounts.  The rules are cv_pw_gen()'s, restated: t_pwcount holds
 * the two to the same number in every state of every turn it walks. */
#include "pw.h"
#include <pthread.h>

#define RANK_1 0x00000000000000FFull
#define RANK_8 0xFF00000000000000ull
#define FILE_A 0x0101010101010101ull
#define FILE_H 0x8080808080808080ull

static const int8_t kdx[8] = { 1, 1, 0, -1, -1, -1, 0, 1 }, kdy[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t ndx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 }, ndy[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

/* Per square of a level: the king step and the knight leap in each
 * direction (0 when off the board), and the ray in each king direction.
 * Directions 0-3 (E, NE, N, NW) go up the square numbers, 4-7 down. */
static struct {
    uint64_t step[8][64], leap[8][64], ray[8][64];
    uint64_t king[64], knight[64];      /* all eight steps, all eight leaps */
} tab;
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

static void tab_fill(void)
{
    for (int sq = 0; sq < 64; sq++) {
        int r = sq >> 3, f = sq & 7;
        for (int d = 0; d < 8; d++) {
            int rr = r + kdy[d], ff = f + kdx[d];
            if (rr >= 0 && rr < 8 && ff >= 0 && ff < 8) tab.step[d][sq] = 1ull << (rr * 8 + ff);
            rr = r + ndy[d], ff = f + ndx[d];
            if (rr >= 0 && rr < 8 && ff >= 0 && ff < 8) tab.leap[d][sq] = 1ull << (rr * 8 + ff);
            tab.king[sq] |= tab.step[d][sq];
            tab.knight[sq] |= tab.leap[d][sq];
            for (rr = r + kdy[d], ff = f + kdx[d]; rr >= 0 && rr < 8 && ff >= 0 && ff < 8; rr += kdy[d], ff += kdx[d])
                tab.ray[d][sq] |= 1ull << (rr * 8 + ff);
        }
    }
}

/* The build targets no particular processor: a library popcount would be
 * a call, so the bits are added in place. */
static inline int pop64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Bit i: byte i of w is not zero. */
static inline unsigned nonzero8(uint64_t w)
{
    uint64_t t = (((w & 0x7F7F7F7F7F7F7F7Full) + 0x7F7F7F7F7F7F7F7Full) | w) & 0x8080808080808080ull;
    return (unsigned)((t * 0x0002040810204081ull) >> 56);
}

/* Bit i: bit 3 (the colour) of byte i of w is set. */
static inline unsigned black8(uint64_t w)
{
    return (unsigned)((((w >> 3) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
}

/* The squares a rider on sq reaches along the directions of mask, each
 * ray cut at its first piece of occ (that square included). */
static inline uint64_t rides(int sq, unsigned mask, uint64_t occ)
{
    uint64_t att = 0;
    for (; mask; mask &= mask - 1) {
        int d = __builtin_ctz(mask);
        uint64_t ray = tab.ray[d][sq], blk = ray & occ;
        if (blk) {
            int b = d < 4 ? __builtin_ctzll(blk) : 63 - __builtin_clzll(blk);
            ray &= ~tab.ray[d][b];
        }
        att |= ray;
    }
    return att;
}

static inline uint64_t steps(int sq, unsigned step, unsigned leap)
{
    /* the orthodox king and knight */
    if (!leap && step == 0xFF) return tab.king[sq];
    if (!step && leap == 0xFF) return tab.knight[sq];
    uint64_t att = 0;
    for (; step; step &= step - 1) att |= tab.step[__builtin_ctz(step)][sq];
    for (; leap; leap &= leap - 1) att |= tab.leap[__builtin_ctz(leap)][sq];
    return att;
}

/* Promotions count four (queen, rook, bishop, knight), as add_promos(). */
static inline int with_promos(uint64_t to, uint64_t last) { return pop64(to & ~last) + 4 * pop64(to & last); }

/* The orthodox pawn moves of colour c's pawns P on an outer level (occ,
 * own, enemy: that level's sets; base its first square). */
static int pawns(const pw_pos *p, int c, int base, uint64_t P, uint64_t occ, uint64_t enemy)
{
    uint64_t empty = ~occ, last = c ? RANK_1 : RANK_8, first = c ? RANK_8 : RANK_1;
    P &= ~last;     /* a pawn on its last rank has no move here */
    uint64_t one = (c ? P >> 8 : P << 8) & empty;
    uint64_t third = c ? 0x0000FF0000000000ull : 0x0000000000FF0000ull;
    uint64_t two = (c ? (one & third) >> 8 : (one & third) << 8) & empty;
    int n = with_promos(one, last) + pop64(two);
    uint64_t cap = p->o.first_rank_capture ? P : P & ~first;
    uint64_t west = c ? (cap & ~FILE_A) >> 9 : (cap & ~FILE_A) << 7;
    uint64_t east = c ? (cap & ~FILE_H) >> 7 : (cap & ~FILE_H) << 9;
    n += with_promos(west & enemy, last) + with_promos(east & enemy, last);
    int ep = p->ep[base >> 7];
    if (p->o.en_passant && ep >= base && ep < base + 64) {
        int to = ep - base;
        uint64_t tb = 1ull << to;
        int victim = base + (c ? to + 8 : to - 8);
        /* (west | east) & tb: a pawn takes toward it, so the victim's
         * square, behind it, is on the level */
        if (!(occ & tb) && ((west | east) & tb) && p->b[victim] == PW_PIECE(PW_PAWN, !c))
            n += (int)((west & tb) != 0) + (int)((east & tb) != 0);
    }
    return n;
}

int cv_pw_count(const pw_pos *p, const pw_state *s)
{
    if (p->over || s->n >= cv_pw_turn_limit(p)) return 0;
    pthread_once(&tab_once, tab_fill);
    int c = p->side, n = 0;
    uint64_t occ[3], own[3];
    for (int L = 0; L < 3; L++) {
        uint64_t o = 0, b = 0;
        for (int r = 0; r < 8; r++) {
            uint64_t w;
            __builtin_memcpy(&w, &p->b[L * 64 + r * 8], 8);
            if (!w) continue;
            o |= (uint64_t)nonzero8(w) << (r * 8);
            b |= (uint64_t)black8(w) << (r * 8);
        }
        occ[L] = o;
        own[L] = c ? b : o & ~b;
    }
    const pw_opts *po = &p->o;
    /* Level 2: every piece but a king rides as the queen, capturing
     * nothing, and may step to either outer level's same square. */
    uint64_t mid = own[1] & ~s->moved[1];
    for (uint64_t m = mid; m; m &= m - 1) {
        int sq = __builtin_ctzll(m);
        int t = PW_TYPE(p->b[64 + sq]);
        if (t == PW_KING) continue;
        if (!(s->levels & 2)) n += pop64(rides(sq, po->slide[PW_QUEEN], occ[1]) & ~occ[1]);
        int k = t == PW_PAWN && (sq >> 3) == (c ? 0 : 7) ? 4 : 1;
        for (int nl = 0; nl < 3; nl += 2)
            if (!(s->levels >> nl & 1) && !(occ[nl] >> sq & 1)) n += k;
    }
    for (int L = 0; L < 3; L += 2) {
        uint64_t mine = own[L] & ~s->moved[L];
        if (!mine) continue;
        int base = L * 64;
        /* up to level 2, any piece but a king, onto an empty square (the
         * king taken back off below, where its moves are counted) */
        uint64_t up = s->levels & 2 ? 0 : mine & ~occ[1];
        n += pop64(up);
        if (s->levels >> L & 1) {
            for (uint64_t m = up; m; m &= m - 1) n -= PW_TYPE(p->b[base + __builtin_ctzll(m)]) == PW_KING;
            continue;
        }
        uint64_t enemy = occ[L] & ~own[L], P = 0;
        for (uint64_t m = mine; m; m &= m - 1) {
            int sq = __builtin_ctzll(m), t = PW_TYPE(p->b[base + sq]);
            if (t == PW_PAWN) {
                P |= 1ull << sq;
                continue;
            }
            /* steps and rides apart: a spec giving a direction both
             * lists its squares twice, as cv_pw_gen() does */
            n -= (int)(up >> sq & 1) & (t == PW_KING);
            n += pop64(steps(sq, po->step[t], po->leap[t]) & ~own[L]);
            if (po->slide[t]) n += pop64(rides(sq, po->slide[t], occ[L]) & ~own[L]);
            if (t == PW_KING && po->castling && sq == (c ? 60 : 4)) {
                int bit = (L >> 1) * 4 + c * 2, home = base + (c ? 56 : 0);
                uint8_t rook = PW_PIECE(PW_ROOK, c);
                n += (p->castling >> bit & 1) && !p->b[home + 5] && !p->b[home + 6] && p->b[home + 7] == rook;
                n += (p->castling >> (bit + 1) & 1) && !p->b[home + 3] && !p->b[home + 2] && !p->b[home + 1] &&
                     p->b[home] == rook;
            }
        }
        if (P) n += pawns(p, c, base, P, occ[L], enemy);
    }
    return n;
}
