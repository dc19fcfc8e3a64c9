/* The rules of Panoply: moves, captures, the Herald's freeze, the
 * Barricade, check and perft (rules: docs/cvkit-variants.7, PANOPLY).
 * Its legal move generator and perft are the reference: written for
 * plainness, the one pn_fast.c must agree with move for move. */
#include "pn.h"
#include <string.h>

#define G(p) (&(p)->v->geom)

static int next(const pn_pos *p, int d, int c) { return c < 0 ? -1 : cv_geom_next(G(p), d, c); }
static int opp(const pn_pos *p, int d) { return G(p)->opposite[d]; }

void cv_pn_clear(pn_pos *p, const cv_variant *v)
{
    memset(p, 0, sizeof *p);
    p->v = v;
    p->fullmove = 1;
}

int cv_pn_partner(const pn_pos *p, int cell)
{
    const pn_opts *o = pn_O(p->v);
    for (int i = 0; i < 6; i++) {
        int n = next(p, o->dir6[i], cell);
        if (n >= 0 && p->b[n] == p->b[cell]) return n;
    }
    return -1;
}

/* Next to a Herald of the other colour than the piece on cell. */
static int near_herald(const pn_pos *p, int cell)
{
    const pn_opts *o = pn_O(p->v);
    int c = CV_COLOR(p->b[cell]);
    for (int i = 0; i < 6; i++) {
        int n = next(p, o->dir6[i], cell);
        if (n >= 0 && p->b[n] && CV_COLOR(p->b[n]) != c && pn_role(p, p->b[n]) == PN_HERALD) return 1;
    }
    return 0;
}

int cv_pn_frozen(const pn_pos *p, int cell)
{
    if (near_herald(p, cell)) return 1;
    if (pn_role(p, p->b[cell]) != PN_BARRICADE) return 0;
    int q = cv_pn_partner(p, cell);
    return q >= 0 && near_herald(p, q);
}

int cv_pn_king(const pn_pos *p, int c)
{
    int t = p->v->royal_type;
    if (t < 0) return -1;
    uint8_t k = CV_PIECE(t, c);
    for (int i = 0; i < G(p)->ncells; i++)
        if (p->b[i] == k) return i;
    return -1;
}

static int promotes(const pn_pos *p, int type, int cell, int c)
{
    if (!p->v->pieces[type].pawn) return 0;
    int r = G(p)->rank[cell];
    if (c) r = G(p)->ranks - 1 - r;
    return (p->v->promo_ranks >> r) & 1;
}

/* ---- move lists ---- */

typedef struct mlist {
    pn_move *m;
    int n, max;
} mlist;

static void push(mlist *L, const pn_move *m)
{
    if (L->n < L->max) L->m[L->n] = *m;
    L->n++;
}

/* A move of one piece from -> to taking ncap cells; a pawn reaching its
 * last rank makes one move per promotion choice. */
static void add(const pn_pos *p, mlist *L, int from, int to, const uint8_t *cap, int ncap)
{
    pn_move m = { .from = (uint8_t)from, .to = (uint8_t)to, .from2 = PN_NONE, .to2 = PN_NONE,
                  .other = PN_NONE, .ncap = (uint8_t)ncap };
    for (int i = 0; i < ncap; i++) m.cap[i] = cap[i];
    int type = CV_TYPE(p->b[from]), c = CV_COLOR(p->b[from]);
    if (!promotes(p, type, to, c)) {
        push(L, &m);
        return;
    }
    for (int i = 0; i < p->v->npromo; i++) {
        m.promo = CV_PIECE(p->v->promo_types[i], c);
        push(L, &m);
    }
}

/* The cells taken when a capturer coming along direction d meets the
 * enemy on cell t: t, and a Barricade's far end, which must lie on the
 * same line (a Barricade is immune off its axis).  0 when t cannot be
 * taken so. */
static int target(const pn_pos *p, int t, int d, uint8_t cap[2])
{
    cap[0] = (uint8_t)t;
    if (pn_role(p, p->b[t]) != PN_BARRICADE) return 1;
    int far = cv_pn_partner(p, t);
    if (far < 0 || far != next(p, d, t)) return 0;
    cap[1] = (uint8_t)far;
    return 2;
}

/* The cell k steps from c along d, or -1 off the board. */
static int walk(const pn_pos *p, int d, int c, int k)
{
    while (k-- > 0 && c >= 0) c = next(p, d, c);
    return c;
}

static void gen_atoms(const pn_pos *p, mlist *L, int from, int s)
{
    const cv_piece *pc = &p->v->pieces[CV_TYPE(p->b[from])];
    for (int i = 0; i < pc->natoms[s]; i++) {
        const cv_atom *a = &pc->atoms[s][i];
        int k = 0;
        for (int t = next(p, a->dir, from); t >= 0; t = next(p, a->dir, t)) {
            k++;
            if (a->range && k > a->range) break;
            if (!p->b[t]) {
                if ((a->mode & CV_MODE_MOVE) && k >= a->min) add(p, L, from, t, NULL, 0);
                continue;
            }
            uint8_t cap[2];
            int n;
            if (CV_COLOR(p->b[t]) != s && (a->mode & CV_MODE_CAPTURE) && k >= a->min && (n = target(p, t, a->dir, cap)))
                add(p, L, from, t, cap, n);
            break;
        }
    }
}

/* Pawn: over an adjacent enemy along a move direction, onto the empty
 * cell behind it. */
static void gen_jumps(const pn_pos *p, mlist *L, int from, int s)
{
    const cv_piece *pc = &p->v->pieces[CV_TYPE(p->b[from])];
    for (int i = 0; i < pc->natoms[s]; i++) {
        const cv_atom *a = &pc->atoms[s][i];
        if (!(a->mode & CV_MODE_MOVE)) continue;
        int t = next(p, a->dir, from), l = next(p, a->dir, t);
        uint8_t cap[2];
        if (l >= 0 && p->b[t] && CV_COLOR(p->b[t]) != s && !p->b[l] && target(p, t, a->dir, cap) == 1)
            add(p, L, from, l, cap, 1);
    }
}

/* Skirmisher: the first piece along a line, taken by moving as far the
 * other way. */
static void gen_retreats(const pn_pos *p, mlist *L, int from, int s)
{
    const pn_opts *o = pn_O(p->v);
    for (int i = 0; i < 6; i++) {
        int d = o->dir6[i], k = 0, t = from;
        do { t = next(p, d, t); k++; } while (t >= 0 && !p->b[t]);
        uint8_t cap[2];
        int n;
        if (t < 0 || CV_COLOR(p->b[t]) == s || !(n = target(p, t, d, cap))) continue;
        int l = from, ok = 1;
        for (int j = 0; j < k && ok; j++) {
            l = next(p, opp(p, d), l);
            ok = l >= 0 && (!p->b[l] || (o->skirmisher_landing && j + 1 < k));
        }
        if (ok) add(p, L, from, l, cap, n);
    }
}

/* Catapult: any enemy along a line, pieces between or not, onto the empty
 * cell as far beyond it. */
static void gen_leaps(const pn_pos *p, mlist *L, int from, int s)
{
    const pn_opts *o = pn_O(p->v);
    for (int i = 0; i < 6; i++) {
        int d = o->dir6[i], k = 0;
        for (int t = next(p, d, from); t >= 0; t = next(p, d, t)) {
            k++;
            uint8_t cap[2];
            int n;
            if (!p->b[t] || CV_COLOR(p->b[t]) == s || !(n = target(p, t, d, cap))) continue;
            int l = walk(p, d, n == 2 && o->barricade_whole ? cap[1] : t, k);
            if (l >= 0 && !p->b[l]) add(p, L, from, l, cap, n);
        }
    }
}

/* ---- the Barricade ---- */

typedef struct bstep {
    uint8_t from, to;       /* the end that moves */
    uint8_t e0, e1;         /* the ends after it */
    uint8_t ncap, cap[2];
} bstep;

/* Index in dir6 of the direction from x to its neighbour y. */
static int dir_index(const pn_pos *p, int x, int y)
{
    const pn_opts *o = pn_O(p->v);
    for (int i = 0; i < 6; i++)
        if (next(p, o->dir6[i], x) == y) return i;
    return -1;
}

/* Every step of the Barricade on x, y (colour s): four rotations onto a
 * cell next to both ends, two advances (one end over the other). */
static int bsteps(const pn_pos *p, int x, int y, int s, bstep *out)
{
    const pn_opts *o = pn_O(p->v);
    int n = 0, i = dir_index(p, x, y);
    if (i < 0) return 0;
    for (int k = -1; k <= 1; k += 2) {
        int c = next(p, o->dir6[(i + k + 6) % 6], x);
        if (c < 0 || p->b[c]) continue;
        out[n++] = (bstep){ (uint8_t)x, (uint8_t)c, (uint8_t)c, (uint8_t)y, 0, { 0, 0 } };
        out[n++] = (bstep){ (uint8_t)y, (uint8_t)c, (uint8_t)x, (uint8_t)c, 0, { 0, 0 } };
    }
    for (int k = 0; k < 2; k++) {
        int a = k ? y : x, b = k ? x : y, d = o->dir6[k ? (i + 3) % 6 : i];
        int l = next(p, d, b);
        if (l < 0) continue;
        bstep st = { (uint8_t)a, (uint8_t)l, (uint8_t)b, (uint8_t)l, 0, { 0, 0 } };
        if (p->b[l]) {
            if (CV_COLOR(p->b[l]) == s) continue;
            int nc = target(p, l, d, st.cap);
            if (!nc) continue;
            st.ncap = (uint8_t)nc;
        }
        out[n++] = st;
    }
    return n;
}

static void bstep_apply(pn_pos *p, const bstep *st)
{
    uint8_t pc = p->b[st->from];
    for (int i = 0; i < st->ncap; i++) p->b[st->cap[i]] = 0;
    p->b[st->from] = 0;
    p->b[st->to] = pc;
}

static int same_pair(int a, int b, int c, int d) { return (a == c && b == d) || (a == d && b == c); }

static void sort_caps(uint8_t *c, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            uint8_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
}

/* Two step sequences with the same start, end and captures are one move. */
static int bseen(const pn_pos *p, const mlist *L, int first, const pn_move *m)
{
    uint8_t e[2], f[2], a[4], b[4];
    cv_pn_end_cells(p, m, e);
    memcpy(a, m->cap, 4);
    sort_caps(a, m->ncap);
    for (int i = first; i < L->n && i < L->max; i++) {
        const pn_move *q = &L->m[i];
        if (q->ncap != m->ncap) continue;
        cv_pn_end_cells(p, q, f);
        if (!same_pair(e[0], e[1], f[0], f[1])) continue;
        memcpy(b, q->cap, 4);
        sort_caps(b, q->ncap);
        if (!memcmp(a, b, m->ncap)) return 1;
    }
    return 0;
}

static void gen_barricade(const pn_pos *p, mlist *L, int x, int s)
{
    const pn_opts *o = pn_O(p->v);
    int y = cv_pn_partner(p, x);
    if (y < 0) return;
    int first = L->n;
    bstep s1[6], s2[6];
    int n1 = bsteps(p, x, y, s, s1);
    /* single steps first: a move is kept as the shortest sequence found */
    pn_move one[6];
    for (int i = 0; i < n1; i++) {
        pn_move m = { .from = s1[i].from, .to = s1[i].to, .from2 = PN_NONE, .to2 = PN_NONE,
                      .other = (uint8_t)(s1[i].from == x ? y : x), .ncap = s1[i].ncap };
        memcpy(m.cap, s1[i].cap, 2);
        one[i] = m;
        if (!bseen(p, L, first, &m)) push(L, &m);
    }
    for (int i = 0; i < n1; i++) {
        pn_pos q = *p;
        bstep_apply(&q, &s1[i]);
        if (o->freeze_each_step && (near_herald(&q, s1[i].e0) || near_herald(&q, s1[i].e1))) continue;
        int n2 = bsteps(&q, s1[i].e0, s1[i].e1, s, s2);
        for (int j = 0; j < n2; j++) {
            /* back where it stood: a retreat after a capture, else nothing */
            if (same_pair(s2[j].e0, s2[j].e1, x, y) && !s1[i].ncap) continue;
            pn_move m2 = one[i];
            m2.from2 = s2[j].from;
            m2.to2 = s2[j].to;
            for (int k = 0; k < s2[j].ncap; k++) {
                m2.capstep |= (uint8_t)(1u << m2.ncap);
                m2.cap[m2.ncap++] = s2[j].cap[k];
            }
            if (!bseen(p, L, first, &m2)) push(L, &m2);
        }
    }
}

/* ---- generation ---- */

static int gen(const pn_pos *p, mlist *L)
{
    int s = p->side, nc = G(p)->ncells;
    for (int c = 0; c < nc; c++) {
        uint8_t pc = p->b[c];
        if (!pc || CV_COLOR(pc) != s) continue;
        int role = pn_role(p, pc);
        if (role == PN_BARRICADE) {
            int q = cv_pn_partner(p, c);
            if (q < c || cv_pn_frozen(p, c)) continue;
            gen_barricade(p, L, c, s);
            continue;
        }
        if (near_herald(p, c)) continue;
        gen_atoms(p, L, c, s);
        if (role == PN_JUMPER) gen_jumps(p, L, c, s);
        else if (role == PN_SKIRMISHER) gen_retreats(p, L, c, s);
        else if (role == PN_CATAPULT) gen_leaps(p, L, c, s);
    }
    return L->n;
}

int cv_pn_gen_pseudo(const pn_pos *p, pn_move *out, int max)
{
    mlist L = { out, 0, max };
    return gen(p, &L);
}

int cv_pn_end_cells(const pn_pos *p, const pn_move *m, uint8_t e[2])
{
    (void)p;
    if (m->other == PN_NONE) {
        e[0] = m->to;
        e[1] = PN_NONE;
        return 1;
    }
    e[0] = m->other;
    e[1] = m->to;
    if (m->from2 != PN_NONE) {
        if (m->from2 == e[0]) e[0] = m->to2;
        else e[1] = m->to2;
    }
    return 2;
}

void cv_pn_make(pn_pos *p, const pn_move *m)
{
    uint8_t pc = p->b[m->from];
    int reset = m->ncap || m->promo || p->v->pieces[CV_TYPE(pc)].pawn;
    if (pn_O(p->v)->pawn_moves_reset == 0 && !m->ncap && !m->promo) reset = 0;
    for (int i = 0; i < m->ncap; i++) p->b[m->cap[i]] = 0;
    if (m->other == PN_NONE) {
        p->b[m->from] = 0;
        p->b[m->to] = m->promo ? m->promo : pc;
    } else {
        uint8_t e[2];
        cv_pn_end_cells(p, m, e);
        p->b[m->from] = p->b[m->other] = 0;
        p->b[e[0]] = p->b[e[1]] = pc;
    }
    p->halfmove = reset ? 0 : (p->halfmove < CV_COUNTER_MAX ? p->halfmove + 1 : CV_COUNTER_MAX);
    if (p->side && p->fullmove < CV_COUNTER_MAX) p->fullmove++;
    p->side ^= 1;
}

/* ---- attacks ---- */

/* A Barricade of colour c (ends x, y) that can take cell k in one move. */
static int barricade_takes(const pn_pos *p, int x, int k, int c)
{
    int y = cv_pn_partner(p, x);
    if (y < 0) return 0;
    bstep s1[6], s2[6];
    int n1 = bsteps(p, x, y, c, s1);
    for (int i = 0; i < n1; i++) {
        if (s1[i].ncap && s1[i].cap[0] == k) return 1;
        pn_pos q = *p;
        bstep_apply(&q, &s1[i]);
        if (pn_O(p->v)->freeze_each_step && (near_herald(&q, s1[i].e0) || near_herald(&q, s1[i].e1))) continue;
        int n2 = bsteps(&q, s1[i].e0, s1[i].e1, c, s2);
        for (int j = 0; j < n2; j++)
            if (s2[j].ncap && s2[j].cap[0] == k) return 1;
    }
    return 0;
}

/* The pieces of colour c that attack from afar in ways a walk from the
 * attacked cell does not meet: Catapults (over other pieces) and
 * Barricades (one end of each).  A move list tests many positions that
 * share them (a capture may remove some: each is checked still there). */
typedef struct foes {
    int nbars, ncats;
    uint8_t bars[8], cats[32];
} foes;

static void find_foes(const pn_pos *p, int c, foes *f)
{
    const pn_opts *o = pn_O(p->v);
    f->nbars = f->ncats = 0;
    for (int x = 0; x < G(p)->ncells; x++) {
        uint8_t pc = p->b[x];
        if (!pc || CV_COLOR(pc) != c) continue;
        int role = o->role[CV_TYPE(pc)];
        if (role == PN_BARRICADE && f->nbars < 8 && cv_pn_partner(p, x) > x) f->bars[f->nbars++] = (uint8_t)x;
        if (role == PN_CATAPULT && f->ncats < 32) f->cats[f->ncats++] = (uint8_t)x;
    }
}

/* The direction (of the six) leading from a to b and how far, or -1
 * when they are not on one line. */
static int line_dir(const pn_pos *p, int a, int b, int *dist)
{
    const cv_geom *g = G(p);
    int dq = g->file[b] - g->file[a], dr = g->rank[b] - g->rank[a];
    if (!(dq == 0 || dr == 0 || dq == -dr) || (!dq && !dr)) return -1;
    int n = dq ? (dq < 0 ? -dq : dq) : (dr < 0 ? -dr : dr);
    const pn_opts *o = pn_O(p->v);
    for (int i = 0; i < 6; i++) {
        int d = o->dir6[i];
        if (g->dx[d] * n == dq && g->dy[d] * n == dr) {
            *dist = n;
            return d;
        }
    }
    return -1;
}

static int attacked(const pn_pos *p, int k, int c, const foes *f)
{
    const pn_opts *o = pn_O(p->v);
    const cv_variant *v = p->v;
    for (int i = 0; i < 6; i++) {
        int w = o->dir6[i], dist = 0, t = k;
        do { t = next(p, w, t); dist++; } while (t >= 0 && !p->b[t]);
        if (t >= 0 && CV_COLOR(p->b[t]) == c && !near_herald(p, t)) {
            int type = CV_TYPE(p->b[t]), role = o->role[type];
            int r = v->att_range[c][w][type];
            if (r && (r == 255 || r >= dist)) return 1;
            if (role == PN_JUMPER && dist == 1) {
                const cv_piece *pc = &v->pieces[type];
                int l = next(p, opp(p, w), k);
                for (int a = 0; a < pc->natoms[c] && l >= 0 && !p->b[l]; a++)
                    if ((pc->atoms[c][a].mode & CV_MODE_MOVE) && pc->atoms[c][a].dir == opp(p, w)) return 1;
            }
            if (role == PN_SKIRMISHER) {
                int l = t, ok = 1;
                for (int j = 0; j < dist && ok; j++) {
                    l = next(p, w, l);
                    ok = l >= 0 && (!p->b[l] || (o->skirmisher_landing && j + 1 < dist));
                }
                if (ok) return 1;
            }
        }
    }
    /* Catapults anywhere on a line through k, pieces between or not */
    for (int i = 0; i < f->ncats; i++) {
        int t = f->cats[i], dist, w = line_dir(p, t, k, &dist);
        if (w < 0 || !p->b[t] || CV_COLOR(p->b[t]) != c || o->role[CV_TYPE(p->b[t])] != PN_CATAPULT || near_herald(p, t))
            continue;
        int l = walk(p, w, k, dist);
        if (l >= 0 && !p->b[l]) return 1;
    }
    /* Barricades near enough to arrive in two steps */
    for (int i = 0; i < f->nbars; i++) {
        int x = f->bars[i];
        uint8_t pc = p->b[x];
        if (!pc || CV_COLOR(pc) != c || o->role[CV_TYPE(pc)] != PN_BARRICADE) continue;
        if (pn_cell_steps(G(p), x, k) > 4 || cv_pn_frozen(p, x)) continue;
        if (barricade_takes(p, x, k, c)) return 1;
    }
    return 0;
}

int cv_pn_attacked(const pn_pos *p, int k, int c)
{
    foes f;
    find_foes(p, c, &f);
    return attacked(p, k, c, &f);
}


int cv_pn_in_check(const pn_pos *p)
{
    int k = cv_pn_king(p, p->side);
    return k >= 0 && cv_pn_attacked(p, k, !p->side);
}

/* near[c]: c lies on one of the six lines through k, or within four
 * cells of it. */
static void lines_near(const pn_pos *p, int k, uint8_t *near)
{
    const cv_geom *g = G(p);
    const pn_opts *o = pn_O(p->v);
    for (int c = 0; c < g->ncells; c++) near[c] = pn_cell_steps(g, c, k) <= 4;
    for (int i = 0; i < 6; i++)
        for (int c = next(p, o->dir6[i], k); c >= 0; c = next(p, o->dir6[i], c)) near[c] = 1;
}

static int quiet_for_king(const pn_pos *p, const pn_move *m, int k, const uint8_t *near)
{
    if (m->from == k || near[m->from] || pn_role(p, p->b[m->from]) == PN_HERALD) return 0;
    if (m->other != PN_NONE && near[m->other]) return 0;
    for (int i = 0; i < m->ncap; i++)
        if (near[m->cap[i]]) return 0;
    return 1;
}

/* A move is legal when the opponent, moving next, cannot take the
 * mover's King (the opponent's pieces then next to the mover's Heralds
 * cannot move, so give no check). */
int cv_pn_gen_ref(pn_pos *p, pn_move *out, int max)
{
    pn_move buf[PN_MAX_MOVES];
    int n = cv_pn_gen_pseudo(p, buf, PN_MAX_MOVES), legal = 0, s = p->side;
    if (n > PN_MAX_MOVES) n = PN_MAX_MOVES;
    int k0 = cv_pn_king(p, s);
    /* the enemy Barricades and Catapults stay where they are (some may
     * be taken) */
    foes f;
    uint8_t near[CV_MAX_CELLS];
    int safe_ok = 0;
    if (k0 >= 0) {
        find_foes(p, !s, &f);
        /* Out of check, a move can give the enemy a capture of the King
         * only by emptying a cell: one on a line through the King (riders,
         * pawns' and Catapults' landings, Skirmishers' retreats) or near
         * it (a Barricade's steps), or by taking a piece there, or by
         * moving the King or a Herald (which unfreezes).  Other moves
         * need no test. */
        safe_ok = !attacked(p, k0, !s, &f);
        if (safe_ok) lines_near(p, k0, near);
    }
    for (int i = 0; i < n; i++) {
        int ok = 1;
        const pn_move *m = &buf[i];
        if (k0 >= 0 && !(safe_ok && quiet_for_king(p, m, k0, near))) {
            pn_pos q = *p;
            cv_pn_make(&q, m);
            int k = m->from == k0 ? m->to : k0;
            ok = q.b[k] == p->b[k0] && !attacked(&q, k, !s, &f);
        }
        if (!ok) continue;
        if (legal < max) out[legal] = *m;
        legal++;
    }
    return legal;
}

uint64_t cv_pn_perft_ref(pn_pos *p, int depth)
{
    pn_move ml[PN_MAX_MOVES];
    int n = cv_pn_gen_ref(p, ml, PN_MAX_MOVES);
    if (depth <= 1) return depth <= 0 ? 1 : (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pn_pos q = *p;
        cv_pn_make(&q, &ml[i]);
        total += cv_pn_perft_ref(&q, depth - 1);
    }
    return total;
}
