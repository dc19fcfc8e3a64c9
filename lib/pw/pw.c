/* pw: the rules of Parallel Worlds chess: single moves and turns (counting
 * them to a depth is pw_perft.c). */
#include "pw.h"
#include "engine.h"
#include <stdio.h>
#include <string.h>

void cv_pw_opts_default(pw_opts *o)
{
    o->en_passant = 1;
    o->castling = 1;
    o->first_rank_capture = 1;
    o->first_turn_moves = 2;
    o->turn_moves = 3;
    /* the orthodox pieces, until the spec's are read */
    memset(o->step, 0, sizeof o->step);
    memset(o->slide, 0, sizeof o->slide);
    memset(o->leap, 0, sizeof o->leap);
    o->leap[PW_KNIGHT] = 0xFF;
    o->slide[PW_BISHOP] = 0xAA;
    o->slide[PW_ROOK] = 0x55;
    o->slide[PW_QUEEN] = 0xFF;
    o->step[PW_KING] = 0xFF;
}

static const int8_t kdx[8] = { 1, 1, 0, -1, -1, -1, 0, 1 }, kdy[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t ndx[8] = { 1, 2, 2, 1, -1, -2, -2, -1 }, ndy[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

int cv_pw_opts_pieces(pw_opts *o, const cv_variant *v, char *err, size_t es)
{
    static const char letters[] = " PNBRQK";
    for (int t = PW_PAWN; t <= PW_KING; t++) {
        int k = v->by_letter[(int)letters[t]];
        if (k < 0) {
            snprintf(err, es, "pieces: no piece lettered '%c' (Parallel Worlds plays K Q R B N P: inherits: chess)",
                     letters[t]);
            return -1;
        }
        const cv_piece *pc = &v->pieces[k];
        if (t == PW_PAWN || t == PW_KING) {
            if (pc->pawn != (t == PW_PAWN) || pc->royal != (t == PW_KING)) {
                snprintf(err, es, "pieces: '%c' must be %s", letters[t], t == PW_PAWN ? "the pawn" : "the royal king");
                return -1;
            }
            if (t == PW_PAWN) continue;     /* the pawn's rules are the engine's */
        }
        o->step[t] = o->slide[t] = o->leap[t] = 0;
        for (int i = 0; i < pc->natoms[0]; i++) {
            const cv_atom *a = &pc->atoms[0][i];
            int dx = v->geom.dx[a->dir], dy = v->geom.dy[a->dir], found = 0;
            for (int d = 0; d < 8 && !found; d++) {
                if (a->mode != CV_MODE_BOTH || a->first || a->min > 1) break;
                if (kdx[d] == dx && kdy[d] == dy && (a->range == 1 || a->range == 0)) {
                    if (a->range == 1) o->step[t] |= (uint8_t)(1u << d);
                    else o->slide[t] |= (uint8_t)(1u << d);
                    found = 1;
                } else if (ndx[d] == dx && ndy[d] == dy && a->range == 1) {
                    o->leap[t] |= (uint8_t)(1u << d);
                    found = 1;
                }
            }
            if (!found) {
                snprintf(err, es, "pieces: '%c' has a move the pw module cannot play (it plays steps and rides "
                         "along the eight lines and knight's leaps, capturing as they move)", letters[t]);
                return -1;
            }
        }
    }
    return 0;
}

int cv_pw_opts_set(pw_opts *o, const char *key, const char *value, char *err, size_t es)
{
    int yes = !strcmp(value, "yes"), no = !strcmp(value, "no");
    if (!strcmp(key, "en-passant")) {
        if (strcmp(value, "next-turn") && strcmp(value, "none")) goto bad_value;
        o->en_passant = !strcmp(value, "next-turn");
    } else if (!strcmp(key, "castling")) {
        if (strcmp(value, "orthodox") && strcmp(value, "none")) goto bad_value;
        o->castling = !strcmp(value, "orthodox");
    } else if (!strcmp(key, "first-rank-capture")) {
        if (!yes && !no) goto bad_value;
        o->first_rank_capture = (uint8_t)yes;
    } else if (!strcmp(key, "first-turn-moves") || !strcmp(key, "turn-moves")) {
        if (strlen(value) != 1 || value[0] < '1' || value[0] > '3') goto bad_value;
        if (key[0] == 'f') o->first_turn_moves = (uint8_t)(value[0] - '0');
        else o->turn_moves = (uint8_t)(value[0] - '0');
    } else {
        snprintf(err, es, "unknown option (en-passant, castling, first-rank-capture, first-turn-moves, turn-moves)");
        return -1;
    }
    return 0;
bad_value:
    snprintf(err, es, "invalid value '%s'", value);
    return -1;
}

void cv_pw_clear(pw_pos *p, const pw_opts *o)
{
    memset(p, 0, sizeof *p);
    p->o = *o;
    p->ep[0] = p->ep[1] = -1;
    p->fullmove = 1;
}

void cv_pw_start(pw_pos *p, const pw_opts *o)
{
    static const uint8_t back[8] = { PW_ROOK, PW_KNIGHT, PW_BISHOP, PW_QUEEN, PW_KING, PW_BISHOP, PW_KNIGHT, PW_ROOK };
    cv_pw_clear(p, o);
    for (int l = 0; l < 3; l += 2)
        for (int f = 0; f < 8; f++) {
            p->b[PW_SQ(l, 0, f)] = PW_PIECE(back[f], 0);
            p->b[PW_SQ(l, 1, f)] = PW_PIECE(PW_PAWN, 0);
            p->b[PW_SQ(l, 6, f)] = PW_PIECE(PW_PAWN, 1);
            p->b[PW_SQ(l, 7, f)] = PW_PIECE(back[f], 1);
        }
    p->castling = 0xff;
}

const char *cv_pw_start_fen(void)
{
    return "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
           "1KQkq3KQkq - 0 1";
}

void cv_pw_state_init(pw_state *s)
{
    memset(s, 0, sizeof *s);
    s->new_ep[0] = s->new_ep[1] = -1;
}

int cv_pw_turn_limit(const pw_pos *p)
{
    return p->side == 0 && p->fullmove == 1 ? p->o.first_turn_moves : p->o.turn_moves;
}

static int moved(const pw_state *s, int sq) { return (int)(s->moved[sq >> 6] >> (sq & 63) & 1); }

static int add(pw_move *out, int n, int from, int to, int promo, int kind)
{
    out[n] = (pw_move){ (uint8_t)from, (uint8_t)to, (uint8_t)promo, (uint8_t)kind };
    return n + 1;
}

static int add_promos(pw_move *out, int n, int from, int to, int kind)
{
    for (int t = PW_QUEEN; t >= PW_KNIGHT; t--) n = add(out, n, from, to, t, kind);
    return n;
}

/* Slides from sq on its level along the king directions of mask;
 * captures when cap (the enemy colour's pieces end a ride by being
 * taken). */
static int rides(const pw_pos *p, int sq, int c, unsigned mask, int cap, pw_move *out, int n)
{
    int base = sq & ~63, r0 = PW_RANK(sq), f0 = PW_FILE(sq);
    for (int d = 0; d < 8; d++) {
        if (!(mask >> d & 1)) continue;
        for (int r = r0 + kdy[d], f = f0 + kdx[d]; r >= 0 && r < 8 && f >= 0 && f < 8; r += kdy[d], f += kdx[d]) {
            int to = base + r * 8 + f;
            uint8_t q = p->b[to];
            if (!q) {
                n = add(out, n, sq, to, 0, PW_MK_NORMAL);
                continue;
            }
            if (cap && PW_COLOR(q) != c) n = add(out, n, sq, to, 0, PW_MK_NORMAL);
            break;
        }
    }
    return n;
}

/* Orthodox moves of the piece on sq, on its outer level. */
static int orthodox(const pw_pos *p, int sq, int c, int t, pw_move *out, int n)
{
    int base = sq & ~63, r = PW_RANK(sq), f = PW_FILE(sq), outer = PW_LEVEL(sq) >> 1;
    switch (t) {
    case PW_PAWN: {
        int dir = c ? -1 : 1, rr = c ? 7 - r : r, r1 = r + dir;
        if (r1 < 0 || r1 > 7) break;    /* cannot stand on its last rank here */
        int last = (c ? 7 - r1 : r1) == 7;
        int to = base + r1 * 8 + f;
        if (!p->b[to]) {
            n = last ? add_promos(out, n, sq, to, PW_MK_NORMAL) : add(out, n, sq, to, 0, PW_MK_NORMAL);
            int to2 = to + dir * 8;
            if (rr == 1 && !p->b[to2]) n = add(out, n, sq, to2, 0, PW_MK_DOUBLE);
        }
        if (rr == 0 && !p->o.first_rank_capture) break;
        for (int df = -1; df <= 1; df += 2) {
            if (f + df < 0 || f + df > 7) continue;
            int tc = base + r1 * 8 + f + df;
            uint8_t q = p->b[tc];
            if (q && PW_COLOR(q) != c) {
                n = last ? add_promos(out, n, sq, tc, PW_MK_NORMAL) : add(out, n, sq, tc, 0, PW_MK_NORMAL);
            } else if (!q && p->o.en_passant && p->ep[outer] == tc) {
                uint8_t v = p->b[base + r * 8 + f + df];
                if (v == PW_PIECE(PW_PAWN, !c)) n = add(out, n, sq, tc, 0, PW_MK_EP);
            }
        }
        break;
    }
    default: {
        /* the piece's steps and leaps, then its rides (the spec's atoms) */
        for (int i = 0; i < 16; i++) {
            unsigned m = i < 8 ? p->o.step[t] : p->o.leap[t];
            if (!(m >> (i & 7) & 1)) continue;
            int rf = r + (i < 8 ? kdy[i] : ndy[i - 8]), ff = f + (i < 8 ? kdx[i] : ndx[i - 8]);
            if (rf < 0 || rf > 7 || ff < 0 || ff > 7) continue;
            int to = base + rf * 8 + ff;
            uint8_t q = p->b[to];
            if (!q || PW_COLOR(q) != c) n = add(out, n, sq, to, 0, PW_MK_NORMAL);
        }
        if (p->o.slide[t]) n = rides(p, sq, c, p->o.slide[t], 1, out, n);
        if (t == PW_KING && p->o.castling && f == 4 && r == (c ? 7 : 0)) {
            int bit = outer * 4 + c * 2;
            int home = base + r * 8;
            uint8_t rook = PW_PIECE(PW_ROOK, c);
            if ((p->castling >> bit & 1) && !p->b[home + 5] && !p->b[home + 6] && p->b[home + 7] == rook)
                n = add(out, n, sq, home + 6, 0, PW_MK_CASTLE_K);
            if ((p->castling >> (bit + 1) & 1) && !p->b[home + 3] && !p->b[home + 2] && !p->b[home + 1] &&
                p->b[home] == rook)
                n = add(out, n, sq, home + 2, 0, PW_MK_CASTLE_Q);
        }
        break;
    }
    }
    return n;
}

int cv_pw_gen(const pw_pos *p, const pw_state *s, pw_move *out)
{
    if (p->over || s->n >= cv_pw_turn_limit(p)) return 0;
    int c = p->side, n = 0;
    for (int sq = 0; sq < PW_SQUARES; sq++) {
        uint8_t pc = p->b[sq];
        if (!pc || PW_COLOR(pc) != c || moved(s, sq)) continue;
        int L = PW_LEVEL(sq), t = PW_TYPE(pc), cell = sq & 63;
        if (t == PW_KING) {
            if (L != 1 && !(s->levels >> L & 1)) n = orthodox(p, sq, c, t, out, n);
            continue;   /* kings never change level */
        }
        if (L == 1) {
            /* level 2: every piece a queen, no captures */
            if (!(s->levels & 2)) n = rides(p, sq, c, p->o.slide[PW_QUEEN], 0, out, n);
            for (int nl = 0; nl < 3; nl += 2) {
                int to = nl * 64 + cell;
                if ((s->levels >> nl & 1) || p->b[to]) continue;
                int last = t == PW_PAWN && PW_RANK(cell) == (c ? 0 : 7);
                n = last ? add_promos(out, n, sq, to, PW_MK_LEVEL) : add(out, n, sq, to, 0, PW_MK_LEVEL);
            }
        } else {
            if (!(s->levels >> L & 1)) n = orthodox(p, sq, c, t, out, n);
            if (!(s->levels & 2) && !p->b[64 + cell]) n = add(out, n, sq, 64 + cell, 0, PW_MK_LEVEL);
        }
    }
    return n;
}

/* Castling rights a move starting or ending on sq takes away. */
static uint8_t rights_of(int sq)
{
    int L = PW_LEVEL(sq), cell = sq & 63;
    if (L == 1) return 0;
    int sh = (L >> 1) * 4;
    switch (cell) {
    case 4: return (uint8_t)(3u << sh);
    case 7: return (uint8_t)(1u << sh);
    case 0: return (uint8_t)(2u << sh);
    case 60: return (uint8_t)(12u << sh);
    case 63: return (uint8_t)(4u << sh);
    case 56: return (uint8_t)(8u << sh);
    }
    return 0;
}

static void mark(pw_state *s, int sq) { s->moved[sq >> 6] |= 1ull << (sq & 63); }

int cv_pw_play(pw_pos *p, pw_state *s, pw_move m)
{
    int c = p->side;
    uint8_t pc = p->b[m.from], cap = p->b[m.to];
    p->b[m.from] = 0;
    if (m.kind == PW_MK_EP) {
        int victim = (m.to & ~63) | (PW_RANK(m.from) * 8 + PW_FILE(m.to));
        cap = p->b[victim];
        p->b[victim] = 0;
    }
    p->b[m.to] = m.promo ? PW_PIECE(m.promo, c) : pc;
    mark(s, m.to);
    p->castling &= (uint8_t)~(rights_of(m.from) | rights_of(m.to));
    if (m.kind == PW_MK_CASTLE_K || m.kind == PW_MK_CASTLE_Q) {
        int home = m.from & ~7;
        int rf = home + (m.kind == PW_MK_CASTLE_K ? 7 : 0), rt = home + (m.kind == PW_MK_CASTLE_K ? 5 : 3);
        p->b[rt] = p->b[rf];
        p->b[rf] = 0;
        mark(s, rt);
        p->castling &= (uint8_t)~rights_of(rf);
    }
    if (m.kind == PW_MK_DOUBLE) s->new_ep[PW_LEVEL(m.from) >> 1] = (int16_t)((m.from + m.to) / 2);
    s->levels |= (uint8_t)(1u << PW_LEVEL(m.to));
    s->n++;
    if (cap || PW_TYPE(pc) == PW_PAWN) s->any_capture_or_pawn = 1;
    if (cap && PW_TYPE(cap) == PW_KING) {
        p->over = 1;
        return 1;
    }
    return 0;
}

void cv_pw_end_turn(pw_pos *p, const pw_state *s)
{
    for (int i = 0; i < 2; i++) p->ep[i] = p->o.en_passant ? s->new_ep[i] : -1;
    p->halfmove = s->any_capture_or_pawn ? 0 : p->halfmove + (p->halfmove < CV_COUNTER_MAX);
    if (p->side) p->fullmove += p->fullmove < CV_COUNTER_MAX;
    p->side ^= 1;
}

void cv_pw_make_turn(pw_pos *p, const pw_turn *t)
{
    pw_state s;
    cv_pw_state_init(&s);
    for (int i = 0; i < t->n; i++)
        if (cv_pw_play(p, &s, t->m[i])) break;
    cv_pw_end_turn(p, &s);
}

/* ---- every turn ---- */

static uint64_t each(const pw_pos *p, const pw_state *s, pw_turn *t, const pw_pos *root, pw_turn_fn fn, void *arg)
{
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(p, s, ml), limit = cv_pw_turn_limit(p);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pw_pos q = *p;
        pw_state st = *s;
        int over = cv_pw_play(&q, &st, ml[i]);
        t->m[t->n++] = ml[i];
        total++;
        if (fn) fn(arg, root, t);
        if (!over && st.n < limit) total += each(&q, &st, t, root, fn, arg);
        t->n--;
    }
    return total;
}

uint64_t cv_pw_each_turn(const pw_pos *p, pw_turn_fn fn, void *arg)
{
    pw_state s;
    cv_pw_state_init(&s);
    pw_turn t = { 0 };
    return each(p, &s, &t, p, fn, arg);
}
