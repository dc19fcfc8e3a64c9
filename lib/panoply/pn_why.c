/* Why a Panoply move is refused, in the terms chess uses for its own
 * (lib/generic/notation.c): the piece is not the mover's, it is frozen,
 * the move would leave the King to be taken, the piece does not take or
 * move that way, its path is blocked, or it reaches the cell only in
 * another way than the text writes.  Read as the notation reads a move
 * (pn_note.c): by the piece the text moves first and where it lands. */
#include "pn.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define CELL(p, c) ((p)->v->geom.name[c])

static const char *const side_name[2] = { "White", "Black" };

/* "the Rider on f6", "the Barricade B1 on g6": pieces as the rules page
 * names them, capitalised. */
static const char *piece_at(const pn_pos *p, int cell, char *buf, size_t size)
{
    uint8_t pc = p->b[cell];
    const cv_piece *P = &p->v->pieces[CV_TYPE(pc)];
    if (pn_role(p, pc) == PN_BARRICADE) {
        char l[4];
        snprintf(buf, size, "the Barricade %s on %s", cv_pn_label(p, pc, l), CELL(p, cell));
    } else {
        snprintf(buf, size, "the %c%s on %s", toupper((unsigned char)P->name[0]), P->name + 1, CELL(p, cell));
    }
    return buf;
}

/* The enemy Herald next to cell (or, for a Barricade, next to either of
 * its ends) that freezes it; -1 when none. */
static int freezer(const pn_pos *p, int cell)
{
    const pn_opts *o = pn_O(p->v);
    int ends[2] = { cell, pn_role(p, p->b[cell]) == PN_BARRICADE ? cv_pn_partner(p, cell) : -1 };
    for (int e = 0; e < 2; e++) {
        if (ends[e] < 0) continue;
        for (int i = 0; i < 6; i++) {
            int n = cv_geom_next(&p->v->geom, o->dir6[i], ends[e]);
            if (n >= 0 && p->b[n] && CV_COLOR(p->b[n]) != p->side && pn_role(p, p->b[n]) == PN_HERALD) return n;
        }
    }
    return -1;
}

/* Does the move m, played, give the board sim (exactly, or but for
 * removals of enemy pieces the text left out)? */
static int gives(const pn_pos *p, const pn_move *m, const uint8_t *sim)
{
    pn_pos q = *p;
    cv_pn_make(&q, m);
    for (int c = 0; c < p->v->geom.ncells; c++)
        if (q.b[c] != sim[c] && !(!q.b[c] && sim[c] == p->b[c] && CV_COLOR(p->b[c]) != p->side)) return 0;
    return 1;
}

/* The first cell an atom of the piece on src passes before reaching dst
 * that holds a piece, or -1 when no atom's line reaches dst past one. */
static int blocker(const pn_pos *p, int src, int dst)
{
    const cv_piece *P = &p->v->pieces[CV_TYPE(p->b[src])];
    for (int i = 0; i < P->natoms[p->side]; i++) {
        const cv_atom *a = &P->atoms[p->side][i];
        int first = -1, k = 0;
        for (int c = cv_geom_next(&p->v->geom, a->dir, src); c >= 0; c = cv_geom_next(&p->v->geom, a->dir, c)) {
            if (a->range && ++k > a->range) break;
            if (c == dst) {
                if (first >= 0) return first;
                break;
            }
            if (p->b[c] && first < 0) first = c;
        }
    }
    return -1;
}

/* The direction (of the six) in which a walk from a reaches b, and how
 * many steps; -1 when b is on none of a's lines. */
static int line_to(const pn_pos *p, int a, int b, int *dist)
{
    const pn_opts *o = pn_O(p->v);
    for (int i = 0; i < 6; i++) {
        int k = 0;
        for (int c = cv_geom_next(&p->v->geom, o->dir6[i], a); c >= 0; c = cv_geom_next(&p->v->geom, o->dir6[i], c)) {
            k++;
            if (c == b) {
                *dist = k;
                return o->dir6[i];
            }
        }
    }
    return -1;
}

/* An enemy piece the text removes, nearest to src first along a line
 * (the capturer's target); -1 when it removes none. */
static int target_removed(const pn_pos *p, const uint8_t *sim, int src)
{
    int best = -1, bd = 1 << 30, d;
    for (int c = 0; c < p->v->geom.ncells; c++)
        if (p->b[c] && CV_COLOR(p->b[c]) != p->side && sim[c] != p->b[c]) {
            int k = line_to(p, src, c, &d) >= 0 ? d : 1 << 29;
            if (k < bd) best = c, bd = k;
        }
    return best;
}

/* Is far the cell right behind near, seen from src along a line? */
static int on_axis(const pn_pos *p, int src, int near, int far)
{
    int dist, d = line_to(p, src, near, &dist);
    return d >= 0 && cv_geom_next(&p->v->geom, d, near) == far;
}

/* Where a capturer that does not land on its target lands taking t from
 * src: a Catapult as far beyond t, a Skirmisher as far back, a Pawn on
 * the cell behind the adjacent t; -2 off the board, -1 when the piece
 * takes otherwise or t is not on a line from src. */
static int landing(const pn_pos *p, int role, int src, int t)
{
    int dist, d = line_to(p, src, t, &dist), c = role == PN_SKIRMISHER ? src : t;
    if (d < 0 || (role != PN_CATAPULT && role != PN_SKIRMISHER && (role != PN_JUMPER || dist != 1))) return -1;
    if (role == PN_SKIRMISHER) d = p->v->geom.opposite[d];
    for (int k = 0; k < dist && c >= 0; k++) c = cv_geom_next(&p->v->geom, d, c);
    return c >= 0 ? c : -2;
}

/* What the piece's way of taking is, when landing on an enemy is not it. */
static const char *takes_how(int role)
{
    switch (role) {
    case PN_JUMPER: return "takes by jumping over its target, not by landing on it";
    case PN_SKIRMISHER: return "takes by retreating as far from its target, not by landing on it";
    case PN_CATAPULT: return "takes by leaping over its target, not by landing on it";
    case PN_HERALD: return "never takes";
    default: return NULL;
    }
}

void cv_pn_explain(pn_pos *p, const uint8_t *sim, int src, int dst, const char *text, char *why, size_t ws)
{
    const char *me = side_name[p->side];
    char who[64], other[64];
    if (src < 0) {
        snprintf(why, ws, "'%s' moves no piece (a move names the piece that moves first: P e5-e9)", text);
        return;
    }
    uint8_t pc = p->b[src];
    int role = pn_role(p, pc);
    piece_at(p, src, who, sizeof who);
    if (CV_COLOR(pc) != p->side) {
        snprintf(why, ws, "%s is not %s's", who, me);
        return;
    }
    int h = freezer(p, src);
    if (h >= 0) {
        snprintf(why, ws, "%s is frozen by %s", who, piece_at(p, h, other, sizeof other));
        return;
    }
    /* the moves of the piece, legal or not: one that gives the result
     * and is not legal leaves the King to be taken */
    pn_move ml[PN_MAX_MOVES], legal[PN_MAX_MOVES];
    int n = cv_pn_gen_pseudo(p, ml, PN_MAX_MOVES), nl = cv_pn_gen(p, legal, PN_MAX_MOVES);
    if (n > PN_MAX_MOVES) n = PN_MAX_MOVES;
    if (nl > PN_MAX_MOVES) nl = PN_MAX_MOVES;
    for (int i = 0; i < n; i++)
        if ((ml[i].from == src || ml[i].other == src) && gives(p, &ml[i], sim)) {
            snprintf(why, ws, cv_pn_in_check(p) ? "does not get the %s King out of check" : "would leave the %s King in check",
                     me);
            return;
        }
    /* the piece reaches dst, but as another move than the text writes */
    int found = -1, count = 0;
    for (int i = 0; i < nl; i++)
        if ((legal[i].from == src || legal[i].other == src) && legal[i].to == dst) {
            if (found < 0) found = i;
            count++;
        }
    if (found >= 0) {
        char w[160];
        cv_pn_move_format(p, &legal[found], w, sizeof w);
        if (count == 1) snprintf(why, ws, "%s moves to %s as '%s', not as '%s'", who, CELL(p, dst), w, text);
        else
            snprintf(why, ws, "%s moves to %s as '%s' or %d other ways, not as '%s'", who, CELL(p, dst), w, count - 1,
                     text);
        return;
    }
    if (p->b[dst] && dst != src && CV_COLOR(p->b[dst]) == p->side) {
        snprintf(why, ws, "%s cannot move to %s: %s's own piece stands there", who, CELL(p, dst), me);
        return;
    }
    /* a Barricade is taken from along its axis only (near end, far end) */
    int t = target_removed(p, sim, src);
    if (t >= 0 && pn_role(p, p->b[t]) == PN_BARRICADE) {
        int far = cv_pn_partner(p, t);
        if (far >= 0 && !on_axis(p, src, t, far) && !on_axis(p, src, far, t)) {
            snprintf(why, ws, "%s is taken only along its axis (%s-%s), and %s is off it", piece_at(p, t, other, sizeof other),
                     CELL(p, t), CELL(p, far), who);
            return;
        }
    }
    if (role == PN_BARRICADE) {
        snprintf(why, ws, "%s cannot move to %s", who, CELL(p, dst));
        return;
    }
    if (p->b[dst] && dst != src && takes_how(role)) {
        const cv_piece *P = &p->v->pieces[CV_TYPE(pc)];
        snprintf(why, ws, "a %c%s %s", toupper((unsigned char)P->name[0]), P->name + 1, takes_how(role));
        return;
    }
    /* the capturers that land beyond or behind their target say where */
    int land = t >= 0 ? landing(p, role, src, t) : -1;
    if (land != -1 && land != dst) {
        const cv_piece *P = &p->v->pieces[CV_TYPE(pc)];
        snprintf(why, ws, "a %c%s taking %s from %s lands on %s%s", toupper((unsigned char)P->name[0]), P->name + 1,
                 CELL(p, t), CELL(p, src), land >= 0 ? CELL(p, land) : "no cell (it would leave the board)",
                 land >= 0 && p->b[land] ? ", which is not empty" : "");
        return;
    }
    int b = blocker(p, src, dst);
    if (b >= 0) {
        snprintf(why, ws, "%s is blocked by %s", who, piece_at(p, b, other, sizeof other));
        return;
    }
    snprintf(why, ws, "%s cannot move to %s", who, CELL(p, dst));
}
