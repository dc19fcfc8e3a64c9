#include "movegen.h"
#include "bb.h"
#include <string.h>

typedef struct gen {
    cv_pos *p;
    cv_movelist *ml;
    int us, them, nchk;
    uint64_t pinned[CV_OCC_WORDS];
    int exact;          /* play and test every move */
    int pseudo;         /* keep moves that leave the royal attacked */
} gen;

int cv_gen_leaves_royal_safe(cv_pos *p, cv_move m)
{
    cv_undo u;
    int us = p->side;
    cv_gen_make(p, m, &u);
    int k = p->royal[us];
    int ok = k < 0 || !cv_gen_attacked(p, k, us ^ 1);
    /* A variant without royals has nothing to keep safe; with a royal type
     * but none on the board (a set-up position) there is nothing either. */
    cv_gen_unmake(p, m, &u);
    return ok;
}

static inline void push(gen *G, int from, int to, int kind, int promo, int castle)
{
    cv_move m = { (int16_t)from, (int16_t)to, (uint8_t)promo, (uint8_t)kind, (uint8_t)castle, 0 };
    if (G->exact && !cv_gen_leaves_royal_safe(G->p, m)) return;
    if (G->ml->n < CV_MAX_MOVES) G->ml->m[G->ml->n++] = m;
}

static inline void add(gen *G, int from, int to, int kind, int pawn)
{
    const cv_variant *v = G->p->v;
    if (pawn && (v->promo_ranks >> cv_rel_rank(v, to, G->us) & 1) && v->npromo) {
        for (int i = 0; i < v->npromo; i++) push(G, from, to, kind, v->promo_types[i] + 1, 0);
    } else {
        push(G, from, to, kind, 0, 0);
    }
}

/* Checkers of the royal and pieces pinned to it, by walking outward from
 * the royal along every direction an enemy can attack along. */
static void find_checks_and_pins(gen *G)
{
    const cv_pos *p = G->p;
    const cv_variant *v = p->v;
    const int n = v->geom.ncells;
    int k0 = p->royal[G->us];
    G->nchk = 0;
    memset(G->pinned, 0, sizeof G->pinned);
    for (int i = 0; i < v->natt_dirs[G->them]; i++) {
        int w = v->att_dirs[G->them][i];
        const int16_t *row = v->geom.nb + w * n;
        const uint8_t *rng = v->att_range[G->them][w];
        int maxr = v->att_max[G->them][w];
        int s = k0, blocker = -1;
        for (int k = 1; k <= maxr; k++) {
            s = row[s];
            if (s < 0) break;
            uint8_t q = p->board[s];
            if (!q) continue;
            if (CV_COLOR(q) == G->them) {
                if (rng[CV_TYPE(q)] >= k) {
                    if (blocker < 0) G->nchk++;
                    else G->pinned[blocker >> 6] |= 1ull << (blocker & 63);
                }
                break;
            }
            if (blocker >= 0) break;
            blocker = s;
        }
    }
}

static void gen_piece(gen *G, int from, uint8_t pc)
{
    cv_pos *p = G->p;
    const cv_variant *v = p->v;
    const int n = v->geom.ncells;
    const cv_piece *P = &v->pieces[CV_TYPE(pc)];
    const int pawn = P->pawn, them = G->them;
    const int ep_ok = pawn && v->en_passant;
    const cv_atom *a = P->atoms[G->us], *end = a + P->natoms[G->us];
    for (; a < end; a++) {
        if (a->first && !(a->first_ranks >> cv_rel_rank(v, from, G->us) & 1)) continue;
        const int16_t *row = v->geom.nb + a->dir * n;
        int maxr = a->range ? a->range : 255;
        int s = from;
        for (int k = 1; k <= maxr; k++) {
            s = row[s];
            if (s < 0) break;
            uint8_t q = p->board[s];
            if (!q) {
                if ((a->mode & CV_MODE_MOVE) && k >= a->min)
                    add(G, from, s, (ep_ok && k >= 2 && a->mode == CV_MODE_MOVE) ? CV_MK_DOUBLE : CV_MK_NORMAL, pawn);
                else if (s == p->ep && ep_ok && (a->mode & CV_MODE_CAPTURE) && p->ep_victim >= 0 &&
                         p->board[p->ep_victim] && CV_COLOR(p->board[p->ep_victim]) == them) {
                    cv_move m = { (int16_t)from, (int16_t)s, 0, CV_MK_EP, 0, 0 };
                    if (G->exact || G->pseudo || cv_gen_leaves_royal_safe(p, m)) add(G, from, s, CV_MK_EP, pawn);
                }
            } else {
                if (CV_COLOR(q) == them && (a->mode & CV_MODE_CAPTURE)) add(G, from, s, CV_MK_NORMAL, pawn);
                break;
            }
        }
    }
}

static void gen_royal(gen *G, int from, uint8_t pc)
{
    cv_pos *p = G->p;
    const cv_variant *v = p->v;
    const cv_piece *P = &v->pieces[CV_TYPE(pc)];
    const int n = v->geom.ncells;
    /* The royal's own cell counts as empty: a rider checking it also
     * covers the cells behind it on the same line. */
    for (int i = 0; i < P->natoms[G->us]; i++) {
        const cv_atom *a = &P->atoms[G->us][i];
        if (a->first && !(a->first_ranks >> cv_rel_rank(v, from, G->us) & 1)) continue;
        const int16_t *row = v->geom.nb + a->dir * n;
        int maxr = a->range ? a->range : 255;
        int s = from;
        for (int k = 1; k <= maxr; k++) {
            s = row[s];
            if (s < 0) break;
            uint8_t q = p->board[s];
            int ok = q ? (CV_COLOR(q) == G->them && (a->mode & CV_MODE_CAPTURE))
                       : ((a->mode & CV_MODE_MOVE) && k >= a->min);
            if (ok && !cv_gen_attacked_past(p, s, G->them, from) && G->ml->n < CV_MAX_MOVES) {
                cv_move m = { (int16_t)from, (int16_t)s, 0, CV_MK_NORMAL, 0, 0 };
                G->ml->m[G->ml->n++] = m;
            }
            if (q) break;
        }
    }
}

static void gen_castling(gen *G)
{
    cv_pos *p = G->p;
    const cv_variant *v = p->v;
    for (int i = 0; i < p->ncastle; i++) {
        const cv_castle *c = &p->castle[i];
        if (!(p->castling >> i & 1) || c->color != G->us) continue;
        uint8_t k = p->board[c->king_from], r = p->board[c->rook_from];
        if (!k || CV_COLOR(k) != G->us || CV_TYPE(k) != v->royal_type) continue;
        if (!r || CV_COLOR(r) != G->us || !v->pieces[CV_TYPE(r)].castles) continue;
        int blocked = 0;
        for (int w = 0; w < p->nwords && !blocked; w++)
            blocked = ((p->occ[0][w] | p->occ[1][w]) & c->empty[w]) != 0;
        if (blocked) continue;
        int attacked = 0;
        for (int j = 0; j < c->nsafe && !attacked; j++) attacked = cv_gen_attacked(p, c->safe[j], G->them);
        if (attacked) continue;
        cv_move m = { c->king_from, c->king_to, 0, CV_MK_CASTLE, (uint8_t)i, 0 };
        /* The castling rook may have been shielding the king's new cell. */
        if (cv_gen_leaves_royal_safe(p, m) && G->ml->n < CV_MAX_MOVES) G->ml->m[G->ml->n++] = m;
    }
}

/* mode 0: legal, filtered fast where exact; 1: legal, every move played;
 * 2: pseudo-legal (royal safety not checked, castling still checked). */
static int generate(cv_pos *p, cv_movelist *ml, int mode)
{
    gen G;
    G.p = p;
    G.ml = ml;
    G.us = p->side;
    G.them = p->side ^ 1;
    ml->n = 0;
    const cv_variant *v = p->v;
    int k0 = p->royal[G.us];
    int fast = v->fast_legal && k0 >= 0 && mode == 0;
    G.nchk = 0;
    G.pseudo = mode == 2;
    if (fast) find_checks_and_pins(&G);
    for (int w = 0; w < p->nwords; w++) {
        uint64_t bits = p->occ[G.us][w];
        while (bits) {
            int from = w * 64 + __builtin_ctzll(bits);
            bits &= bits - 1;
            uint8_t pc = p->board[from];
            if (fast && from == k0) {
                gen_royal(&G, from, pc);
                continue;
            }
            if (fast && G.nchk >= 2) continue;
            G.exact = mode == 2 ? 0 : !fast || G.nchk || (G.pinned[from >> 6] >> (from & 63) & 1);
            gen_piece(&G, from, pc);
        }
    }
    if (p->ncastle && p->castling && !(k0 >= 0 && cv_gen_attacked(p, k0, G.them))) {
        G.exact = 0;
        gen_castling(&G);
    }
    return ml->n;
}

int cv_gen_legal(cv_pos *p, cv_movelist *ml) { return generate(p, ml, 0); }
int cv_gen_legal_slow(cv_pos *p, cv_movelist *ml) { return generate(p, ml, 1); }
int cv_gen_pseudo(cv_pos *p, cv_movelist *ml) { return generate(p, ml, 2); }

int cv_gen_count_legal(cv_pos *p)
{
    /* by sets where the board has them: a tenth of the walk's cost, and
     * replay asks it of every game's last position */
    int n = cv_gen_bb_count_legal(p);
    if (n >= 0) return n;
    cv_movelist ml;
    return generate(p, &ml, 0);
}

/* Only a pin can make it illegal, and a pin lies on the rider line from
 * the royal through from: that line is walked outward from the royal. */
int cv_gen_safe_unless_pinned(cv_pos *p, cv_move m)
{
    const cv_variant *v = p->v;
    const int n = v->geom.ncells, us = p->side, k = p->royal[us];
    uint8_t d = v->line[k * n + m.from];
    if (d == 0) return 1;
    if (d == 255) return cv_gen_leaves_royal_safe(p, m);
    const int w = d - 1;
    const int16_t *row = v->geom.nb + w * n;
    int s = k, dist = 0, passed = 0;
    for (;;) {
        s = row[s];
        dist++;
        if (s < 0) return 1;
        if (s == m.from) { passed = 1; continue; }
        if (s == m.to) return 1;
        uint8_t q = p->board[s];
        if (!q) continue;
        if (!passed) return 1;
        return !(CV_COLOR(q) != us && v->att_range[us ^ 1][w][CV_TYPE(q)] >= dist);
    }
}

/* Candidates found by walking backward from the target along each atom of
 * the piece type: the first piece met on the way is the only one that can
 * arrive by that atom.  Each candidate is then played and tested. */
int cv_gen_to(cv_pos *p, int to, int type, cv_movelist *ml)
{
    int in_check = -1;  /* computed when first needed */
    const cv_variant *v = p->v;
    const int n = v->geom.ncells, us = p->side, them = us ^ 1;
    ml->n = 0;
    uint8_t target = p->board[to];
    if (target && CV_COLOR(target) == us) return 0;
    int ep = !target && to == p->ep && p->ep_victim >= 0 && p->board[p->ep_victim] &&
             CV_COLOR(p->board[p->ep_victim]) == them;
    for (int t = type < 0 ? 0 : type; t < v->npieces && (type < 0 || t == type); t++) {
        const cv_piece *P = &v->pieces[t];
        const uint8_t want = CV_PIECE(t, us);
        for (int i = 0; i < P->natoms[us]; i++) {
            const cv_atom *a = &P->atoms[us][i];
            int kind = CV_MK_NORMAL;
            if (target) {
                if (!(a->mode & CV_MODE_CAPTURE)) continue;
            } else if (!(a->mode & CV_MODE_MOVE)) {
                if (!(ep && P->pawn && v->en_passant)) continue;
                kind = CV_MK_EP;
            }
            const int16_t *row = v->geom.nb + v->geom.opposite[a->dir] * n;
            int maxr = a->range ? a->range : 255, s = to;
            for (int k = 1; k <= maxr; k++) {
                s = row[s];
                if (s < 0) break;
                uint8_t q = p->board[s];
                if (!q) continue;
                if (q == want && k >= (target ? 1 : a->min) &&
                    !(a->first && !(a->first_ranks >> cv_rel_rank(v, s, us) & 1))) {
                    int kd = kind;
                    if (kd == CV_MK_NORMAL && P->pawn && v->en_passant && k >= 2 && a->mode == CV_MODE_MOVE) kd = CV_MK_DOUBLE;
                    int promo = P->pawn && v->npromo && (v->promo_ranks >> cv_rel_rank(v, to, us) & 1);
                    for (int j = 0; j < (promo ? v->npromo : 1); j++) {
                        cv_move m = { (int16_t)s, (int16_t)to, (uint8_t)(promo ? v->promo_types[j] + 1 : 0), (uint8_t)kd, 0, 0 };
                        int dup = 0;
                        for (int x = 0; x < ml->n; x++) dup |= cv_move_eq(ml->m[x], m);
                        if (dup || ml->n >= CV_MAX_MOVES) continue;
                        int ok;
                        if (v->fast_legal && v->line && p->royal[us] >= 0 && kd != CV_MK_EP && t != v->royal_type) {
                            if (in_check < 0) in_check = cv_gen_in_check(p);
                            ok = in_check ? cv_gen_leaves_royal_safe(p, m) : cv_gen_safe_unless_pinned(p, m);
                        } else {
                            ok = cv_gen_leaves_royal_safe(p, m);
                        }
                        if (ok) ml->m[ml->n++] = m;
                    }
                }
                break;
            }
        }
    }
    return ml->n;
}
