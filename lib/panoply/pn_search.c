/* The Panoply engine's part of a search (engine.h, cv_engine_search):
 * a node is the position itself, a search step one whole move, and the
 * game judged as docs/rules/panoply.md ends it: a side with no move loses
 * (checkmate or stalemate; `stalemate: draw` makes the second a draw),
 * fifty turns without a pawn move, capture or promotion draw, and
 * repetition is nothing (the rules name none).
 *
 * The evaluation weighs what decides Panoply games more than material
 * alone: a piece next to an enemy Herald cannot move (so is worth less,
 * and a frozen King cannot step out of a mate), a Barricade cannot be
 * taken off its axis (a shield beside its King), and a side short of
 * moves is near a stalemate, which loses.  Piece values, in centipawns
 * (a Pawn 100), and why:
 *   Rider 500: the hexagon's rook (six lines), as Glinski's hex rook;
 *   Catapult 450: a Rider's moves, captures at any distance through
 *     pieces, but only where the cell as far beyond is empty;
 *   Herald 400: a Rider's moves and no capture, but it stops up to six
 *     enemies (Ultima's Immobilizer is its richer cousin);
 *   Skirmisher 375: a Rider's moves, captures only by retreating as far
 *     through empty cells, rarely possible in a crowd;
 *   Barricade 325 (the pair of cells once): slow (two short steps) and
 *     captures only ahead of itself, but nearly immune;
 *   Guard 250: one step in six directions, fewer than chess's commoner.
 * A piece whose role the spec gives otherwise is valued by its moves:
 * a sixth of the Rider for each direction it rides, of the Guard for
 * each it steps. */
#include "engine.h"
#include "pn.h"
#include <string.h>

#define G(p) (&(p)->v->geom)

static const pn_pos *P(const void *node) { return node; }

static void s_enter(const void *pos, void *node) { memcpy(node, pos, sizeof(pn_pos)); }

static int s_side(const void *node) { return P(node)->side; }

static int s_moves(void *node, cv_amove *out, int max)
{
    pn_move ml[PN_MAX_MOVES];
    int n = cv_pn_gen(node, ml, PN_MAX_MOVES);
    if (n > PN_MAX_MOVES) n = PN_MAX_MOVES;
    for (int i = 0; i < n && i < max; i++) {
        memset(&out[i], 0, sizeof out[i]);
        memcpy(out[i].s.b, &ml[i], sizeof ml[i]);
    }
    return n;
}

/* Centipawns a piece type is worth (header comment); a King 0. */
static int type_value(const cv_variant *v, int t)
{
    const cv_piece *pc = &v->pieces[t];
    if (pc->royal) return 0;
    if (pc->pawn) return 100;
    switch (pn_O(v)->role[t]) {
    case PN_JUMPER: return 100;
    case PN_SKIRMISHER: return 375;
    case PN_CATAPULT: return 450;
    case PN_HERALD: return 400;
    case PN_BARRICADE: return 325;
    default: break;
    }
    /* a direction ridden worth a sixth of the Rider, stepped a sixth of the Guard */
    int val = 0;
    for (int i = 0; i < pc->natoms[0]; i++) val += pc->atoms[0][i].range == 1 ? 250 : 500;
    val /= 6;
    return val > 900 ? 900 : val;
}

static int piece_value(const pn_pos *p, uint8_t pc) { return pc ? type_value(p->v, CV_TYPE(pc)) : 0; }

static void s_facts(void *node, const cv_amove *am, cv_move_facts *f)
{
    const pn_pos *p = node;
    pn_move m;
    memcpy(&m, am->s.b, sizeof m);
    memset(f, 0, sizeof *f);
    f->attacker = piece_value(p, p->b[m.from]);
    if (m.ncap) {
        f->flags |= CV_MV_CAPTURE;
        /* a Barricade's two cells are one piece */
        for (int i = 0; i < m.ncap; i++) {
            uint8_t pc = p->b[m.cap[i]];
            if (i && pc == p->b[m.cap[i - 1]] && pn_role(p, pc) == PN_BARRICADE) continue;
            f->victim += piece_value(p, pc);
        }
    }
    if (m.promo) {
        f->flags |= CV_MV_PROMO;
        f->victim += piece_value(p, m.promo) - f->attacker;
    }
}

static void s_play(void *node, const cv_amove *am, cv_aundo *u)
{
    (void)u;
    pn_move m;
    memcpy(&m, am->s.b, sizeof m);
    cv_pn_make(node, &m);
}

/* Zugzwang is real in Panoply (a side with no move loses), so a null
 * move is tried only out of check and with two long-range pieces that
 * are not frozen, which almost always have a waiting move. */
static int s_null_ok(void *node)
{
    const pn_pos *p = node;
    const cv_geom *g = G(p);
    int riders = 0;
    for (int c = 0; c < g->ncells && riders < 2; c++) {
        uint8_t pc = p->b[c];
        if (!pc || CV_COLOR(pc) != p->side) continue;
        int role = pn_role(p, pc), t = CV_TYPE(pc);
        int rides = role == PN_SKIRMISHER || role == PN_CATAPULT || role == PN_HERALD ||
                    (role == PN_ATOM && !p->v->pieces[t].royal && p->v->pieces[t].natoms[0] && p->v->pieces[t].atoms[0][0].range == 0);
        if (rides && !cv_pn_frozen(p, c)) riders++;
    }
    return riders >= 2 && !cv_pn_in_check(p);
}

_Static_assert(sizeof(pn_pos) <= CV_AUNDO_BYTES, "cv_aundo too small for a node copy");

static void s_play_null(void *node, cv_aundo *u)
{
    pn_pos *p = node;
    memcpy(u->s.b, p, sizeof *p);
    p->side ^= 1;
    if (p->halfmove < CV_COUNTER_MAX) p->halfmove++;
}

static void s_unplay_null(void *node, const cv_aundo *u) { memcpy(node, u->s.b, sizeof(pn_pos)); }

/* The pieces and the side to move: Panoply has no other rights, and the
 * halfmove clock is left out so that repeated positions match. */
static uint64_t s_key(void *node)
{
    const pn_pos *p = node;
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < G(p)->ncells; i++) h = (h ^ p->b[i]) * 1099511628211ull;
    h = (h ^ (uint64_t)p->side) * 1099511628211ull;
    return h ^ (h >> 29);
}

static int s_in_check(void *node) { return cv_pn_in_check(node); }

/* Pieces of the side to move, its King aside, that are not frozen and
 * have an empty cell beside them to go to, counted up to enough. */
static int movers(const pn_pos *p, int enough)
{
    const cv_geom *g = G(p);
    const pn_opts *o = pn_O(p->v);
    int n = 0;
    for (int c = 0; c < g->ncells && n < enough; c++) {
        uint8_t pc = p->b[c];
        if (!pc || CV_COLOR(pc) != p->side || p->v->pieces[CV_TYPE(pc)].royal || cv_pn_frozen(p, c)) continue;
        const cv_piece *pi = &p->v->pieces[CV_TYPE(pc)];
        int free = 0;
        if (o->role[CV_TYPE(pc)] == PN_BARRICADE) {
            for (int i = 0; i < 6 && !free; i++) {
                int t = cv_geom_next(g, o->dir6[i], c);
                free = t >= 0 && !p->b[t];
            }
        } else {
            for (int i = 0; i < pi->natoms[p->side] && !free; i++) {
                int t = cv_geom_next(g, pi->atoms[p->side][i].dir, c);
                free = t >= 0 && !p->b[t] && (pi->atoms[p->side][i].mode & CV_MODE_MOVE);
            }
        }
        n += free;
    }
    return n;
}

/* A side with no move has lost, in check or not.  The search asks
 * before it generates moves (moves -1), and its quiescence stands pat
 * without generating when not in check, so a stalemate there would go
 * unseen: where fewer than two pieces besides the King can plainly move,
 * the moves are generated to find out. */
static int s_judge(void *node, int moves)
{
    pn_pos *p = node;
    if (cv_pn_king(p, p->side) < 0) return CV_JUDGE_LOSS;
    if (moves < 0 && p->v->fifty_move_plies && p->halfmove >= p->v->fifty_move_plies) return CV_JUDGE_DRAW;
    if (moves < 0 && movers(p, 2) < 2) {
        pn_move ml[PN_MAX_MOVES];
        moves = cv_pn_gen(p, ml, PN_MAX_MOVES);
    }
    if (moves == 0) {
        if (pn_O(p->v)->stalemate_draws && !cv_pn_in_check(p)) return CV_JUDGE_DRAW;
        return CV_JUDGE_LOSS;
    }
    return CV_JUDGE_PLAY;
}

/* ---- evaluation ---- */

enum {
    FROZEN_SHARE = 3,       /* a frozen piece loses a third of its worth */
    FROZEN_KING = 90,       /* a King that cannot step out of a net */
    HERALD_NEAR_KING = 25,  /* an enemy Herald two cells from the King */
    KING_SHIELD = 12,       /* a Barricade cell beside its own King */
    KING_EXIT = 8,          /* each empty cell beside the King */
    MOBILITY = 2,           /* each cell a piece could move to */
    SHORT_OF_MOVES = 12,    /* under SHORT_LIMIT cells to move to: near stalemate */
    SHORT_LIMIT = 10,
    CENTRE = 3,             /* a piece (not King, not Pawn) a cell nearer the centre */
    TEMPO = 10,
    KING_LOST = 10000,      /* no King: the game is over (judge says so first) */
};

/* Cells a piece on c could move to, counted cheaply: empty cells along
 * its move atoms (a Barricade: empty cells beside its end). */
static int reach(const pn_pos *p, int c, int role)
{
    const cv_geom *g = G(p);
    uint8_t pc = p->b[c];
    const cv_piece *pi = &p->v->pieces[CV_TYPE(pc)];
    int s = CV_COLOR(pc), n = 0;
    if (role == PN_BARRICADE) {
        for (int d = 0; d < g->ndirs; d++) {
            int t = cv_geom_next(g, d, c);
            n += t >= 0 && !p->b[t];
        }
        return n;
    }
    for (int i = 0; i < pi->natoms[s]; i++) {
        const cv_atom *a = &pi->atoms[s][i];
        int k = 0;
        for (int t = cv_geom_next(g, a->dir, c); t >= 0; t = cv_geom_next(g, a->dir, t)) {
            if (p->b[t]) {
                n += CV_COLOR(p->b[t]) != s && (a->mode & CV_MODE_CAPTURE);
                break;
            }
            n++;
            if (a->range && ++k >= a->range) break;
        }
    }
    return n;
}

static int s_eval(void *node)
{
    const pn_pos *p = node;
    const cv_variant *v = p->v;
    const cv_geom *g = G(p);
    const pn_opts *o = pn_O(v);
    int val[CV_MAX_PIECES];
    for (int t = 0; t < v->npieces; t++) val[t] = type_value(v, t);

    /* cells next to a Herald of colour h: pieces of the other colour there are frozen */
    uint8_t frozen[CV_MAX_CELLS];
    memset(frozen, 0, (size_t)g->ncells);
    int heralds[2][16], nh[2] = { 0, 0 }, king[2] = { -1, -1 };
    uint8_t cells[CV_MAX_CELLS];
    int ncells = 0;
    for (int c = 0; c < g->ncells; c++) {
        uint8_t pc = p->b[c];
        if (!pc) continue;
        cells[ncells++] = (uint8_t)c;
        int col = CV_COLOR(pc), t = CV_TYPE(pc);
        if (v->pieces[t].royal) king[col] = c;
        if (o->role[t] != PN_HERALD) continue;
        if (nh[col] < 16) heralds[col][nh[col]++] = c;
        for (int i = 0; i < 6; i++) {
            int n = cv_geom_next(g, o->dir6[i], c);
            if (n >= 0) frozen[n] |= (uint8_t)(1u << !col);
        }
    }

    int score[2] = { 0, 0 }, mob[2] = { 0, 0 };
    int centre = cv_geom_cell(g, g->files / 2, g->ranks / 2);
    for (int i = 0; i < ncells; i++) {
        int c = cells[i];
        uint8_t pc = p->b[c];
        int col = CV_COLOR(pc), t = CV_TYPE(pc), role = o->role[t];
        int fr = (frozen[c] >> col) & 1;
        if (role == PN_BARRICADE) {
            /* counted once, at its lower cell, frozen when either end is */
            int q = cv_pn_partner(p, c);
            if (q >= 0 && q < c) continue;
            fr |= q >= 0 && ((frozen[q] >> col) & 1);
            score[col] += fr ? val[t] - val[t] / FROZEN_SHARE : val[t];
            if (!fr) mob[col] += reach(p, c, role) + (q >= 0 ? reach(p, q, role) : 0);
            if (king[col] >= 0) {
                score[col] += KING_SHIELD * (pn_cell_steps(g, c, king[col]) == 1);
                score[col] += KING_SHIELD * (q >= 0 && pn_cell_steps(g, q, king[col]) == 1);
            }
            continue;
        }
        if (v->pieces[t].royal) {
            if (fr) score[col] -= FROZEN_KING;
            else mob[col] += reach(p, c, role);
            continue;
        }
        int w = val[t];
        int r = fr ? 0 : reach(p, c, role);
        if (fr) w -= w / FROZEN_SHARE;
        if (v->pieces[t].pawn) {
            /* a Pawn's long forward moves say little of its strength; that
             * it can move at all keeps its side from stalemate */
            mob[col] += r < 2 ? r : 2;
            int adv = col ? g->ranks - 1 - g->rank[c] : g->rank[c];
            w += adv * adv / 2;
        } else {
            mob[col] += r;
            if (centre >= 0) w += CENTRE * (g->ranks / 2 - pn_cell_steps(g, c, centre));
        }
        score[col] += w;
    }

    for (int col = 0; col < 2; col++) {
        int k = king[col];
        if (k < 0) {
            score[col] -= KING_LOST;
            continue;
        }
        int exits = 0;
        for (int i = 0; i < 6; i++) {
            int n = cv_geom_next(g, o->dir6[i], k);
            exits += n >= 0 && !p->b[n];
        }
        score[col] += KING_EXIT * exits;
        for (int i = 0; i < nh[!col]; i++)
            if (pn_cell_steps(g, heralds[!col][i], k) == 2) score[col] -= HERALD_NEAR_KING;
        score[col] += MOBILITY * mob[col];
        if (mob[col] < SHORT_LIMIT) score[col] -= SHORT_OF_MOVES * (SHORT_LIMIT - mob[col]);
    }
    int s = p->side;
    return score[s] - score[!s] + TEMPO;
}

const cv_engine_search cv_pn_search = {
    .node_size = sizeof(pn_pos),
    .enter = s_enter,
    .side = s_side,
    .moves = s_moves,
    .facts = s_facts,
    .play = s_play,
    .unplay = NULL,         /* the search keeps a copy */
    .null_ok = s_null_ok,
    .play_null = s_play_null,
    .unplay_null = s_unplay_null,
    .key = s_key,
    .in_check = s_in_check,
    .judge = s_judge,
    .eval = s_eval,
    .whole = NULL,      /* a move is one single move */
    .repetition = 0,        /* the rules name no repetition draw */
};
