#include "pos.h"
#include "bb.h"
#include "engine.h"
#include <pthread.h>
#include <string.h>

/* ---- Zobrist keys: fixed pseudo-random numbers, so hashes are stable
 * across runs and machines (perft hash tables, repetition detection). ---- */

static uint64_t zob_piece[CV_MAX_CELLS][2 * CV_MAX_PIECES];
static uint64_t zob_castle[32], zob_ep[CV_MAX_CELLS], zob_side;
static pthread_once_t zob_once = PTHREAD_ONCE_INIT;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void zob_init(void)
{
    uint64_t s = 0x637666b6974ull; /* "cvkit" */
    for (int c = 0; c < CV_MAX_CELLS; c++)
        for (int k = 0; k < 2 * CV_MAX_PIECES; k++) zob_piece[c][k] = splitmix(&s);
    for (int i = 0; i < 32; i++) zob_castle[i] = splitmix(&s);
    for (int c = 0; c < CV_MAX_CELLS; c++) zob_ep[c] = splitmix(&s);
    zob_side = splitmix(&s);
}

static inline uint64_t zp(int cell, uint8_t piece)
{
    return zob_piece[cell][CV_TYPE(piece) + CV_COLOR(piece) * CV_MAX_PIECES];
}

uint64_t cv_gen_zobrist_piece(int cell, uint8_t piece) { pthread_once(&zob_once, zob_init); return piece ? zp(cell, piece) : 0; }
uint64_t cv_gen_zobrist_side(void) { pthread_once(&zob_once, zob_init); return zob_side; }
uint64_t cv_gen_zobrist_castle(int i) { pthread_once(&zob_once, zob_init); return zob_castle[i & 31]; }
uint64_t cv_gen_zobrist_ep(int cell) { pthread_once(&zob_once, zob_init); return cell >= 0 ? zob_ep[cell] : 0; }

/* ---- setup ---- */

void cv_gen_pos_clear(cv_pos *p, const cv_variant *v)
{
    pthread_once(&zob_once, zob_init);
    memset(p, 0, sizeof *p);
    p->v = v;
    p->nwords = (v->geom.ncells + 63) / 64;
    p->royal[0] = p->royal[1] = -1;
    p->ep = p->ep_victim = -1;
    p->fullmove = 1;
    p->moved_from = p->moved_to = -1;
}

void cv_gen_pos_set_calm(cv_pos *p)
{
    p->calm = 1;
    p->moved_from = p->moved_to = -1;
}

static inline void occ_set(cv_pos *p, int c, int cell) { p->occ[c][cell >> 6] |= 1ull << (cell & 63); }
static inline void occ_clr(cv_pos *p, int c, int cell) { p->occ[c][cell >> 6] &= ~(1ull << (cell & 63)); }

void cv_gen_pos_put(cv_pos *p, int cell, uint8_t piece)
{
    p->calm = 0;    /* an edited board: nothing known of its checks */
    p->moved_from = p->moved_to = -1;
    uint8_t old = p->board[cell];
    if (old) {
        occ_clr(p, CV_COLOR(old), cell);
        p->hash ^= zp(cell, old);
        if (p->royal[CV_COLOR(old)] == cell) p->royal[CV_COLOR(old)] = -1;
    }
    p->board[cell] = piece;
    if (piece) {
        occ_set(p, CV_COLOR(piece), cell);
        p->hash ^= zp(cell, piece);
        if (CV_TYPE(piece) == p->v->royal_type) p->royal[CV_COLOR(piece)] = (int16_t)cell;
    }
}

static void span(const cv_geom *g, int a, int b, uint64_t *mask)
{
    int r = g->rank[a], fa = g->file[a], fb = g->file[b];
    int lo = fa < fb ? fa : fb, hi = fa < fb ? fb : fa;
    for (int f = lo; f <= hi; f++) {
        int c = cv_geom_cell(g, f, r);
        mask[c >> 6] |= 1ull << (c & 63);
    }
}

int cv_gen_pos_add_castle(cv_pos *p, int rule, int color, int king_from, int rook_from, char letter)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    if (p->ncastle >= CV_MAX_CASTLE) return -1;
    const cv_castle_rule *r = &v->castle_rules[rule];
    int rank = g->rank[king_from];
    cv_castle *c = &p->castle[p->ncastle];
    memset(c, 0, sizeof *c);
    c->color = (int8_t)color;
    c->rule = (int8_t)rule;
    c->letter = letter;
    c->king_from = (int16_t)king_from;
    c->rook_from = (int16_t)rook_from;
    c->king_to = (int16_t)cv_geom_cell(g, r->king_to_file, rank);
    c->rook_to = (int16_t)cv_geom_cell(g, r->rook_to_file, rank);
    /* Everything the king and the rook pass over or land on must be empty
     * but for the two of them (the Chess960 wording, which covers FIDE). */
    span(g, king_from, c->king_to, c->empty);
    span(g, rook_from, c->rook_to, c->empty);
    c->empty[king_from >> 6] &= ~(1ull << (king_from & 63));
    c->empty[rook_from >> 6] &= ~(1ull << (rook_from & 63));
    int step = g->file[c->king_to] >= g->file[king_from] ? 1 : -1;
    for (int f = g->file[king_from];; f += step) {
        c->safe[c->nsafe++] = (int16_t)cv_geom_cell(g, f, rank);
        if (f == g->file[c->king_to]) break;
    }
    p->castling |= 1u << p->ncastle;
    return p->ncastle++;
}

void cv_gen_pos_refresh(cv_pos *p)
{
    p->calm = 0;    /* set again by the validation that finds no opposite check */
    p->moved_from = p->moved_to = -1;
    memset(p->castle_clear, 0, sizeof p->castle_clear);
    for (int i = 0; i < p->ncastle; i++) {
        p->castle_clear[p->castle[i].king_from] |= 1u << i;
        p->castle_clear[p->castle[i].rook_from] |= 1u << i;
    }
    uint64_t h = 0;
    for (int c = 0; c < p->v->geom.ncells; c++)
        if (p->board[c]) h ^= zp(c, p->board[c]);
    for (int i = 0; i < p->ncastle; i++)
        if (p->castling >> i & 1) h ^= zob_castle[i];
    if (p->ep >= 0) h ^= zob_ep[p->ep];
    if (p->side) h ^= zob_side;
    p->hash = h;
}

/* ---- attacks ---- */

int cv_gen_attacked_walk(const cv_pos *p, int cell, int by, int gone)
{
    const cv_variant *v = p->v;
    const int n = v->geom.ncells;
    const int16_t *nb = v->geom.nb;
    for (int i = 0; i < v->natt_dirs[by]; i++) {
        int w = v->att_dirs[by][i];
        const int16_t *row = nb + w * n;
        const uint8_t *rng = v->att_range[by][w];
        int maxr = v->att_max[by][w];
        int s = cell;
        for (int k = 1; k <= maxr; k++) {
            s = row[s];
            if (s < 0) break;
            uint8_t q = s == gone ? 0 : p->board[s];
            if (q) {
                if (CV_COLOR(q) == by && rng[CV_TYPE(q)] >= k) return 1;
                break;
            }
        }
    }
    return 0;
}

/* Boards with a bitboard form find the nearest piece along each
 * direction by a ray lookup; the walk stays for the others and is the
 * whole of it under CVKIT_MAILBOX (the reference the tests compare). */
int cv_gen_attacked_past(const cv_pos *p, int cell, int by, int gone)
{
    int r = cv_gen_bb_attacked(p, cell, by, gone);
    return r >= 0 ? r : cv_gen_attacked_walk(p, cell, by, gone);
}

int cv_gen_attacked(const cv_pos *p, int cell, int by) { return cv_gen_attacked_past(p, cell, by, -1); }

int cv_gen_attackers(const cv_pos *p, int cell, int by, int16_t *out, int max)
{
    const cv_variant *v = p->v;
    int cnt = 0;
    for (int i = 0; i < v->natt_dirs[by]; i++) {
        int w = v->att_dirs[by][i];
        int s = cell;
        for (int k = 1; k <= v->att_max[by][w]; k++) {
            s = cv_geom_next(&v->geom, w, s);
            if (s < 0) break;
            uint8_t q = p->board[s];
            if (q) {
                if (CV_COLOR(q) == by && v->att_range[by][w][CV_TYPE(q)] >= k && cnt < max) out[cnt++] = (int16_t)s;
                break;
            }
        }
    }
    return cnt;
}

int cv_gen_in_check(const cv_pos *p)
{
    int k = p->royal[p->side];
    if (k < 0) return 0;
    /* after a plain move in a calm position only the piece moved, or a
     * rider behind the cell it left, can be giving check */
    if (p->moved_from >= 0) {
        int r = cv_gen_bb_check_after(p, p->moved_from, p->moved_to);
        if (r >= 0) return r;
    }
    return cv_gen_attacked(p, k, p->side ^ 1);
}

/* ---- make / unmake ---- */

static inline void lift(cv_pos *p, int cell)
{
    uint8_t q = p->board[cell];
    occ_clr(p, CV_COLOR(q), cell);
    p->hash ^= zp(cell, q);
    p->board[cell] = 0;
}

static inline void drop(cv_pos *p, int cell, uint8_t q)
{
    occ_set(p, CV_COLOR(q), cell);
    p->hash ^= zp(cell, q);
    p->board[cell] = q;
}

void cv_gen_make(cv_pos *p, cv_move m, cv_undo *u)
{
    const cv_variant *v = p->v;
    uint8_t pc = p->board[m.from];
    int us = p->side;
    u->moved = pc;
    u->ep = p->ep;
    u->ep_victim = p->ep_victim;
    u->castling = p->castling;
    u->halfmove = p->halfmove;
    u->hash = p->hash;
    u->captured = 0;
    u->cap_cell = -1;
    if (p->ep >= 0) p->hash ^= zob_ep[p->ep];
    p->ep = p->ep_victim = -1;
    if (m.kind == CV_MK_CASTLE) {
        const cv_castle *c = &p->castle[m.castle];
        uint8_t rook = p->board[c->rook_from];
        lift(p, c->king_from);
        lift(p, c->rook_from);
        drop(p, c->king_to, pc);
        drop(p, c->rook_to, rook);
        p->royal[us] = c->king_to;
        p->halfmove += p->halfmove < CV_COUNTER_MAX;
    } else {
        int cap = m.kind == CV_MK_EP ? u->ep_victim : m.to;
        if (p->board[cap]) {
            u->captured = p->board[cap];
            u->cap_cell = (int16_t)cap;
            lift(p, cap);
            if (p->royal[us ^ 1] == cap) p->royal[us ^ 1] = -1;
        }
        lift(p, m.from);
        drop(p, m.to, m.promo ? CV_PIECE(m.promo - 1, us) : pc);
        if (CV_TYPE(pc) == v->royal_type) p->royal[us] = m.to;
        if (v->pieces[CV_TYPE(pc)].pawn || u->captured) p->halfmove = 0;
        else p->halfmove += p->halfmove < CV_COUNTER_MAX;
        if (m.kind == CV_MK_DOUBLE) {
            const cv_geom *g = &v->geom;
            p->ep = (int16_t)cv_geom_cell(g, g->file[m.from], (g->rank[m.from] + g->rank[m.to]) / 2);
            p->ep_victim = m.to;
            p->hash ^= zob_ep[p->ep];
        }
    }
    uint32_t lost = p->castling & (p->castle_clear[m.from] | p->castle_clear[m.to]);
    if (lost) {
        p->castling &= ~lost;
        for (int i = 0; lost; i++, lost >>= 1)
            if (lost & 1) p->hash ^= zob_castle[i];
    }
    p->fullmove += us && p->fullmove < CV_COUNTER_MAX;
    p->side ^= 1;
    p->hash ^= zob_side;
    int plain = p->calm && (m.kind == CV_MK_NORMAL || m.kind == CV_MK_DOUBLE);
    p->moved_from = plain ? m.from : -1;
    p->moved_to = plain ? m.to : -1;
}

void cv_gen_unmake(cv_pos *p, cv_move m, const cv_undo *u)
{
    p->side ^= 1;
    int us = p->side;
    if (us) p->fullmove--;
    if (m.kind == CV_MK_CASTLE) {
        const cv_castle *c = &p->castle[m.castle];
        uint8_t rook = p->board[c->rook_to];
        lift(p, c->king_to);
        lift(p, c->rook_to);
        drop(p, c->king_from, u->moved);
        drop(p, c->rook_from, rook);
        p->royal[us] = c->king_from;
    } else {
        lift(p, m.to);
        drop(p, m.from, u->moved);
        if (CV_TYPE(u->moved) == p->v->royal_type) p->royal[us] = m.from;
        if (u->captured) {
            drop(p, u->cap_cell, u->captured);
            if (CV_TYPE(u->captured) == p->v->royal_type) p->royal[us ^ 1] = u->cap_cell;
        }
    }
    p->ep = u->ep;
    p->ep_victim = u->ep_victim;
    p->castling = u->castling;
    p->halfmove = u->halfmove;
    p->hash = u->hash;
    p->moved_from = p->moved_to = -1;
}

void cv_gen_make_null(cv_pos *p, cv_undo *u)
{
    /* a pass made in check leaves the passer's royal attacked with the
     * other side to move: nothing is known any more */
    u->calm = p->calm;
    p->calm = 0;
    p->moved_from = p->moved_to = -1;
    u->moved = u->captured = 0;
    u->cap_cell = -1;
    u->ep = p->ep;
    u->ep_victim = p->ep_victim;
    u->castling = p->castling;
    u->halfmove = p->halfmove;
    u->hash = p->hash;
    if (p->ep >= 0) p->hash ^= zob_ep[p->ep];
    p->ep = p->ep_victim = -1;
    p->halfmove += p->halfmove < CV_COUNTER_MAX;
    p->fullmove += p->side && p->fullmove < CV_COUNTER_MAX;
    p->side ^= 1;
    p->hash ^= zob_side;
}

void cv_gen_unmake_null(cv_pos *p, const cv_undo *u)
{
    p->side ^= 1;
    if (p->side) p->fullmove--;
    p->ep = u->ep;
    p->ep_victim = u->ep_victim;
    p->castling = u->castling;
    p->halfmove = u->halfmove;
    p->hash = u->hash;
    p->calm = u->calm;
    p->moved_from = p->moved_to = -1;
}
