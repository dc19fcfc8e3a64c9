#include "san.h"
#include "bb.h"
#include "movegen.h"

/* What the text asks for, as the general reader's `want` has it. */
typedef struct ask {
    int type, ffile, frank, to, promo;  /* -1: any / none */
} ask;

static int is_file(char c) { return c >= 'a' && c <= 'p'; }
static int is_rank(char c) { return c >= '1' && c <= '9'; }

/* The end of the move proper: at most one '+' or '#' may follow it.  A
 * second mark, an annotation or "e.p." is left to the general reader. */
static const char *core_end(const char *s)
{
    /* the end of the string, '+' and '#' stop the scan: one test a byte */
    static const unsigned char stop[256] = { [0] = 1, ['+'] = 1, ['#'] = 1 };
    const char *e = s;
    while (!stop[(unsigned char)*e]) e++;
    if (*e && e[1]) return NULL;
    return e;
}

/* Legality as cv_gen_to decides it, so both readers agree on every move;
 * *in_check is computed the first time a candidate needs it. */
static int legal(cv_pos *p, cv_move m, int t, int *in_check)
{
    const cv_variant *v = p->v;
    int k = p->royal[p->side];
    if (v->fast_legal && v->line && k >= 0 && m.kind != CV_MK_EP && t != v->royal_type) {
        if (*in_check < 0) *in_check = cv_gen_in_check(p);
        return *in_check ? cv_gen_leaves_royal_safe(p, m) : cv_gen_safe_unless_pinned(p, m);
    }
    if (v->fast_legal && k >= 0 && m.from == k) {
        /* the royal itself: its new cell must not be attacked once it has
         * left the old one.  A walk out from the new cell never looks at
         * that cell, so the piece it takes may stay: the same answer as
         * playing the move, without playing it */
        return !cv_gen_attacked_past(p, m.to, p->side ^ 1, k);
    }
    return cv_gen_leaves_royal_safe(p, m);
}

/* The file and rank the text names, if any, hold cell s. */
static inline int fits(const cv_geom *g, const ask *a, int s)
{
    return (a->ffile < 0 || g->file[s] == a->ffile) && (a->frank < 0 || g->rank[s] == a->frank);
}

/* The move of a piece of type a->type to a->to: each of the type's atoms
 * is walked backward from the target, and the first piece met is the only
 * one that can arrive by it.  Those the text's file and rank rule out are
 * dropped before the (dearer) legality test.  1 when exactly one legal
 * move is left. */
static int resolve(cv_pos *p, const ask *a, cv_move *out)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    const int n = g->ncells, us = p->side, them = us ^ 1, to = a->to;
    const cv_piece *P = &v->pieces[a->type];
    const uint8_t want = CV_PIECE(a->type, us), target = p->board[to];
    if (target && CV_COLOR(target) == us) return 0;
    int ep = !target && to == p->ep && p->ep_victim >= 0 && p->board[p->ep_victim] &&
             CV_COLOR(p->board[p->ep_victim]) == them;
    int promo_rank = P->pawn && v->npromo && (v->promo_ranks >> cv_rel_rank(v, to, us) & 1);
    /* the promotion written must be one this arrival makes */
    if (promo_rank ? a->promo < 0 : a->promo >= 0) return 0;
    int found = 0, in_check = -1;
    cv_move got = { 0, 0, 0, 0, 0, 0 };
    /* a piece that rides plain lines both ways and hops: its origins by
     * sets, the same cells the walk below meets first */
    int16_t org[CV_MAX_CELLS];
    int norg = P->pawn ? -1 : cv_gen_bb_origins(p, a->type, to, target != 0, org);
    for (int i = 0; i < norg; i++) {
        int s = org[i];
        if (!fits(g, a, s)) continue;
        cv_move m = { (int16_t)s, (int16_t)to, 0, CV_MK_NORMAL, 0, 0 };
        if (legal(p, m, a->type, &in_check)) {
            if (found) return 0;
            got = m;
            found = 1;
        }
    }
    for (int i = 0; norg < 0 && i < P->natoms[us]; i++) {
        const cv_atom *at = &P->atoms[us][i];
        int kind = CV_MK_NORMAL;
        if (target) {
            if (!(at->mode & CV_MODE_CAPTURE)) continue;
        } else if (!(at->mode & CV_MODE_MOVE)) {
            if (!(ep && P->pawn && v->en_passant)) continue;
            kind = CV_MK_EP;
        }
        const int16_t *row = g->nb + g->opposite[at->dir] * n;
        int maxr = at->range ? at->range : 255, s = to;
        for (int k = 1; k <= maxr; k++) {
            s = row[s];
            if (s < 0) break;
            uint8_t q = p->board[s];
            if (!q) continue;
            if (q != want || k < (target ? 1 : at->min) ||
                (at->first && !(at->first_ranks >> cv_rel_rank(v, s, us) & 1)))
                break;
            if (!fits(g, a, s)) break;
            if (kind == CV_MK_NORMAL && P->pawn && v->en_passant && k >= 2 && at->mode == CV_MODE_MOVE)
                kind = CV_MK_DOUBLE;
            cv_move m = { (int16_t)s, (int16_t)to, (uint8_t)(promo_rank ? a->promo + 1 : 0), (uint8_t)kind, 0, 0 };
            /* two atoms may bring the same piece (a pawn's step as move
             * and as capture onto an en passant cell): one move */
            if (found && cv_move_eq(got, m)) break;
            if (legal(p, m, a->type, &in_check)) {
                if (found) return 0;    /* ambiguous: the general reader says so */
                got = m;
                found = 1;
            }
            break;
        }
    }
    if (found) *out = got;
    return found;
}

/* Castling written with os O's, as cv_gen_legal would offer it. */
static int castle(cv_pos *p, int os, cv_move *out)
{
    const cv_variant *v = p->v;
    const int us = p->side, them = us ^ 1, k0 = p->royal[us];
    if (!p->ncastle || !p->castling || (k0 >= 0 && cv_gen_attacked(p, k0, them))) return 0;
    int found = 0;
    for (int i = 0; i < p->ncastle; i++) {
        const cv_castle *c = &p->castle[i];
        if (!(p->castling >> i & 1) || c->color != us || v->castle_rules[c->rule].os != os) continue;
        uint8_t k = p->board[c->king_from], r = p->board[c->rook_from];
        if (!k || CV_COLOR(k) != us || CV_TYPE(k) != v->royal_type) continue;
        if (!r || CV_COLOR(r) != us || !v->pieces[CV_TYPE(r)].castles) continue;
        int bad = 0;
        for (int w = 0; w < p->nwords && !bad; w++) bad = ((p->occ[0][w] | p->occ[1][w]) & c->empty[w]) != 0;
        for (int j = 0; j < c->nsafe && !bad; j++) bad = cv_gen_attacked(p, c->safe[j], them);
        if (bad) continue;
        cv_move m = { c->king_from, c->king_to, 0, CV_MK_CASTLE, (uint8_t)i, 0 };
        /* the rook may have been shielding the king's new cell */
        if (!cv_gen_leaves_royal_safe(p, m)) continue;
        if (found) return 0;
        *out = m;
        found = 1;
    }
    return found;
}

int cv_gen_san_fast(cv_pos *p, const char *text, cv_move *out)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    const char *s = text, *e = core_end(text);
    if (!e) return 0;
    int len = (int)(e - s);
    ask a = { -1, -1, -1, -1, -1 };
    if (s[0] == 'O') {
        int os = 1, i = 1;
        for (; i + 1 < len && s[i] == '-' && s[i + 1] == 'O'; i += 2) os++;
        return i == len && os >= 2 && castle(p, os, out);
    }
    int i = 0, mid = len - 2;
    if (len < 2) return 0;
    if (s[0] >= 'A' && s[0] <= 'Z') {
        /* piece: letter, file?, rank?, 'x'?, square */
        a.type = v->by_letter[(int)s[0]];
        if (a.type < 0 || v->pieces[a.type].pawn) return 0;
        /* a king that may also castle by a king move: the full list decides */
        if (a.type == v->royal_type && p->castling && v->castle_alias) return 0;
        i = 1;
        if (i < mid && is_file(s[i])) a.ffile = s[i++] - 'a';
        if (i < mid && is_rank(s[i])) a.frank = s[i++] - '1';
        if (i < mid && s[i] == 'x') i++;
        if (i != mid) return 0;
    } else if (is_file(s[0])) {
        /* pawn: (file 'x'?)? square ("=" letter)? */
        if (v->pawn_type < 0 || v->pawn_type == v->royal_type) return 0;
        a.type = v->pawn_type;
        if (len >= 4 && s[len - 2] == '=') {
            a.promo = s[len - 1] >= 'A' && s[len - 1] <= 'Z' ? v->by_letter[(int)s[len - 1]] : -1;
            if (a.promo < 0) return 0;
            int ok = 0;
            for (int j = 0; j < v->npromo; j++) ok |= v->promo_types[j] == a.promo;
            if (!ok) return 0;
            len -= 2;
            mid = len - 2;
        }
        if (mid > 0) {
            a.ffile = s[i++] - 'a';
            if (i < mid && s[i] == 'x') i++;
            if (i != mid) return 0;
        }
    } else {
        return 0;
    }
    if (!is_file(s[mid]) || !is_rank(s[mid + 1])) return 0;
    if (a.ffile >= g->files || a.frank >= g->ranks) return 0;
    /* the cell at that file and rank, if that is its name (a board may
     * rename its files: then the general reader finds it) */
    a.to = cv_geom_cell(g, s[mid] - 'a', s[mid + 1] - '1');
    if (a.to < 0 || g->name[a.to][0] != s[mid] || g->name[a.to][1] != s[mid + 1] || g->name[a.to][2]) return 0;
    return resolve(p, &a, out);
}
