/* pn_fast: Panoply's legal moves and perft, fast.
 *
 * It promises what the reference in pn_rules.c gives, the same moves in
 * the same order and the same counts (tests/unit/t_pn_fast.c compares the
 * two move list for move list); only the way differs:
 *  - the board is a padded one (pn.h): the cells surrounded by places
 *    that are none, so a step is an addition and a ride stops at the
 *    border with no table to read;
 *  - a move is tried by making it on that board and taking it back, not
 *    on a copy of the position, and so are a Barricade's first steps;
 *  - a move is tested against the King only when it empties a hot place,
 *    one through which an enemy capture of the King could open (see
 *    hot_places()), or moves the King or a Herald that holds an enemy
 *    piece: far fewer than the reference's lines and ring round the King;
 *  - the pieces are found from a bit set of the occupied places, and a
 *    Barricade's repeated step sequences dropped by a table of end cells;
 *  - perft recurses on the padded board, converting nothing, and at its
 *    last ply counts the moves of the pieces the King does not hang on
 *    without writing them (fcount()).
 * A variant the padded board cannot hold (pn_opts.fast 0) gets the
 * reference's answers. */
#include "pn.h"
#include "count.h"
#include "mix.h"
#include <string.h>

#define OFF 0xFF                /* a place that is no cell */
#define NO_ROLE 0xFE            /* the role of an empty place or none */

typedef struct fx {
    const cv_variant *v;
    const pn_opts *o;
    int w, files, ranks, side;
    int off[6];                 /* dir6 order: the step between places */
    int goff[CV_MAX_DIRS];      /* the same, by geometry direction */
    uint8_t rl[256];            /* piece code -> PN_* role */
    int8_t q[PN_PLACES], r[PN_PLACES];  /* file and rank of a place */
    uint8_t sq[PN_PLACES];      /* piece code, 0 empty, OFF */
    uint64_t occ[(PN_PLACES + 63) / 64];    /* bit x: a piece on x */
    uint8_t adj[64];            /* adj[32 + y - x]: x and y are neighbours */
    /* the Barricade's moves without a capture found so far, by their end
     * cells: seen[the lower end * 3 + which way the other lies] == stamp;
     * only with use_seen (perft: a single move list need not clear it) */
    int use_seen;
    uint32_t stamp;
    uint32_t seen[PN_PLACES * 3];
} fx;

/* The enemy pieces that capture from afar, as in the reference. */
typedef struct ffoes {
    int nbars, ncats;
    uint8_t bars[8], cats[32];
} ffoes;

/* Moves found: n of them, of which kept were written (the first max in
 * m; without hot, all of them).  When hot is set
 * (counting at perft's last ply), a move of a piece the King's safety
 * does not hang on is counted in quiet and not kept, unless it takes on
 * a hot place; kept moves are tested one by one. */
typedef struct flist {
    pn_move *m;
    int n, max, kept, quiet;
    const uint8_t *hot;
} flist;

typedef struct fundo {
    int n;
    uint8_t at[10], was[10];
} fundo;

typedef struct bstep {
    uint8_t from, to, e0, e1, ncap, cap[2];
} bstep;

static inline int colour(uint8_t pc) { return CV_COLOR(pc); }

static void setup(fx *f, const pn_pos *p, int use_seen)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    const pn_opts *o = pn_O(v);
    f->v = v;
    f->o = o;
    f->w = o->mbw;
    f->files = g->files;
    f->ranks = g->ranks;
    f->side = p->side;
    for (int d = 0; d < g->ndirs; d++) f->goff[d] = g->dy[d] * f->w + g->dx[d];
    for (int i = 0; i < 6; i++) f->off[i] = f->goff[o->dir6[i]];
    memset(f->rl, NO_ROLE, sizeof f->rl);
    for (int t = 0; t < v->npieces; t++) f->rl[CV_PIECE(t, 0)] = f->rl[CV_PIECE(t, 1)] = o->role[t];
    memset(f->sq, OFF, sizeof f->sq);
    memset(f->occ, 0, sizeof f->occ);
    memset(f->adj, 0, sizeof f->adj);
    for (int i = 0; i < 6; i++) f->adj[32 + f->off[i]] = 1;
    f->use_seen = use_seen;
    f->stamp = 0;
    if (use_seen) memset(f->seen, 0, sizeof f->seen);
    for (int c = 0; c < g->ncells; c++) {
        int m = o->cell2mb[c];
        f->sq[m] = p->b[c];
        if (p->b[c]) f->occ[m >> 6] |= 1ull << (m & 63);
        f->q[m] = g->file[c];
        f->r[m] = g->rank[c];
    }
}

/* ---- questions of one place ---- */

/* The reference's partner: the first neighbour, in dir6 order, that holds
 * the same piece. */
static int partner(const fx *f, int c)
{
    uint8_t pc = f->sq[c];
    for (int i = 0; i < 6; i++)
        if (f->sq[c + f->off[i]] == pc) return c + f->off[i];
    return -1;
}

/* Next to a Herald of the other colour than the piece on c. */
static int near_herald(const fx *f, int c)
{
    int col = colour(f->sq[c]);
    for (int i = 0; i < 6; i++) {
        uint8_t n = f->sq[c + f->off[i]];
        if (f->rl[n] == PN_HERALD && colour(n) != col) return 1;
    }
    return 0;
}

static int frozen(const fx *f, int c)
{
    if (near_herald(f, c)) return 1;
    if (f->rl[f->sq[c]] != PN_BARRICADE) return 0;
    int q = partner(f, c);
    return q >= 0 && near_herald(f, q);
}

/* The cells taken when a capturer coming by step d meets the enemy on t
 * (the reference's target()). */
static int target(const fx *f, int t, int d, uint8_t cap[2])
{
    cap[0] = (uint8_t)t;
    if (f->rl[f->sq[t]] != PN_BARRICADE) return 1;
    int far = partner(f, t);
    if (far < 0 || far != t + d) return 0;
    cap[1] = (uint8_t)far;
    return 2;
}

/* The place k steps of d from c, or -1 past the border. */
static int walk(const fx *f, int c, int d, int k)
{
    while (k-- > 0) {
        c += d;
        if (f->sq[c] == OFF) return -1;
    }
    return c;
}

static int hexdist(const fx *f, int a, int b) { return pn_hex_steps(f->q[a] - f->q[b], f->r[a] - f->r[b]); }

/* ---- generation, in the reference's order ---- */

static void push(flist *L, const pn_move *m)
{
    if (L->kept < L->max) L->m[L->kept] = *m;
    L->kept++;
    L->n++;
}

/* Does a pawn of colour c reaching place t promote? */
static int promotes(const fx *f, int t, int c)
{
    int r = f->r[t];
    if (c) r = f->ranks - 1 - r;
    return (f->v->promo_ranks >> r) & 1;
}

static void add(const fx *f, flist *L, int from, int to, const uint8_t *cap, int ncap)
{
    uint8_t pc = f->sq[from];
    int c = colour(pc), promos = f->v->pieces[CV_TYPE(pc)].pawn && promotes(f, to, c);
    if (L->hot) {
        int hot = 0;
        for (int i = 0; i < ncap; i++) hot |= L->hot[cap[i]];
        if (!hot) {
            int k = promos ? f->v->npromo : 1;
            L->n += k;
            L->quiet += k;
            return;
        }
    }
    pn_move m = { .from = (uint8_t)from, .to = (uint8_t)to, .from2 = PN_NONE, .to2 = PN_NONE,
                  .other = PN_NONE, .ncap = (uint8_t)ncap };
    for (int i = 0; i < ncap; i++) m.cap[i] = cap[i];
    if (promos) {
        for (int i = 0; i < f->v->npromo; i++) {
            m.promo = CV_PIECE(f->v->promo_types[i], c);
            push(L, &m);
        }
        return;
    }
    push(L, &m);
}

static void gen_atoms(const fx *f, flist *L, int from, int s)
{
    const cv_piece *pc = &f->v->pieces[CV_TYPE(f->sq[from])];
    /* counting, a move to an empty place is one, or one per promotion */
    int count = L->hot != NULL, pawn = pc->pawn;
    for (int i = 0; i < pc->natoms[s]; i++) {
        const cv_atom *a = &pc->atoms[s][i];
        int d = f->goff[a->dir], k = 0, range = a->range ? a->range : 255;
        int moves = a->mode & CV_MODE_MOVE;
        for (int t = from + d;; t += d) {
            uint8_t q = f->sq[t];
            if (q == OFF || ++k > range) break;
            if (!q) {
                if (moves && k >= a->min) {
                    if (count) {
                        int k1 = pawn && promotes(f, t, s) ? f->v->npromo : 1;
                        L->n += k1;
                        L->quiet += k1;
                    } else add(f, L, from, t, NULL, 0);
                }
                continue;
            }
            uint8_t cap[2];
            int n;
            if (colour(q) != s && (a->mode & CV_MODE_CAPTURE) && k >= a->min && (n = target(f, t, d, cap)))
                add(f, L, from, t, cap, n);
            break;
        }
    }
}

static void gen_jumps(const fx *f, flist *L, int from, int s)
{
    const cv_piece *pc = &f->v->pieces[CV_TYPE(f->sq[from])];
    for (int i = 0; i < pc->natoms[s]; i++) {
        const cv_atom *a = &pc->atoms[s][i];
        if (!(a->mode & CV_MODE_MOVE)) continue;
        int d = f->goff[a->dir], t = from + d;
        uint8_t q = f->sq[t];
        if (!q || q == OFF || colour(q) == s || f->sq[t + d]) continue;
        uint8_t cap[2];
        if (target(f, t, d, cap) == 1) add(f, L, from, t + d, cap, 1);
    }
}

static void gen_retreats(const fx *f, flist *L, int from, int s)
{
    for (int i = 0; i < 6; i++) {
        int d = f->off[i], k = 0, t = from;
        do { t += d; k++; } while (!f->sq[t]);
        uint8_t q = f->sq[t], cap[2];
        int n;
        if (q == OFF || colour(q) == s || !(n = target(f, t, d, cap))) continue;
        int l = from, ok = 1;
        for (int j = 0; j < k && ok; j++) {
            l -= d;
            ok = f->sq[l] != OFF && (!f->sq[l] || (f->o->skirmisher_landing && j + 1 < k));
        }
        if (ok) add(f, L, from, l, cap, n);
    }
}

static void gen_leaps(const fx *f, flist *L, int from, int s)
{
    for (int i = 0; i < 6; i++) {
        int d = f->off[i], k = 0;
        for (int t = from + d; f->sq[t] != OFF; t += d) {
            k++;
            uint8_t q = f->sq[t], cap[2];
            int n;
            if (!q || colour(q) == s || !(n = target(f, t, d, cap))) continue;
            int l = walk(f, n == 2 && f->o->barricade_whole ? cap[1] : t, d, k);
            if (l >= 0 && !f->sq[l]) add(f, L, from, l, cap, n);
        }
    }
}

/* ---- the Barricade ---- */

static int dir_index(const fx *f, int x, int y)
{
    for (int i = 0; i < 6; i++)
        if (x + f->off[i] == y) return i;
    return -1;
}

static int bsteps(const fx *f, int x, int y, int s, bstep *out)
{
    int n = 0, i = dir_index(f, x, y);
    if (i < 0) return 0;
    for (int k = 5; k <= 7; k += 2) {
        int c = x + f->off[(i + k) % 6];
        if (f->sq[c]) continue;
        bstep *o = &out[n];
        o[0] = (bstep){ (uint8_t)x, (uint8_t)c, (uint8_t)c, (uint8_t)y, 0, { 0, 0 } };
        o[1] = (bstep){ (uint8_t)y, (uint8_t)c, (uint8_t)x, (uint8_t)c, 0, { 0, 0 } };
        n += 2;
    }
    for (int k = 0; k < 2; k++) {
        int a = k ? y : x, b = k ? x : y, d = k ? -f->off[i] : f->off[i];
        int l = b + d;
        uint8_t q = f->sq[l];
        if (q == OFF) continue;
        bstep *o = &out[n];
        *o = (bstep){ (uint8_t)a, (uint8_t)l, (uint8_t)b, (uint8_t)l, 0, { 0, 0 } };
        if (q) {
            if (colour(q) == s) continue;
            int nc = target(f, l, d, o->cap);
            if (!nc) continue;
            o->ncap = (uint8_t)nc;
        }
        n++;
    }
    return n;
}

static void save(fx *f, fundo *u, int c)
{
    u->at[u->n] = (uint8_t)c;
    u->was[u->n++] = f->sq[c];
}

/* Sets place c, and its bit in occ. */
static inline void put(fx *f, int c, uint8_t pc)
{
    uint64_t bit = 1ull << (c & 63);
    f->sq[c] = pc;
    f->occ[c >> 6] = (f->occ[c >> 6] & ~bit) | (pc ? bit : 0);
}

static void undo(fx *f, const fundo *u)
{
    for (int i = u->n - 1; i >= 0; i--) put(f, u->at[i], u->was[i]);
}

static void bstep_apply(fx *f, const bstep *st, fundo *u)
{
    u->n = 0;
    uint8_t pc = f->sq[st->from];
    for (int i = 0; i < st->ncap; i++) {
        save(f, u, st->cap[i]);
        put(f, st->cap[i], 0);
    }
    save(f, u, st->from);
    save(f, u, st->to);
    put(f, st->from, 0);
    put(f, st->to, pc);
}

static int end_cells(const pn_move *m, uint8_t e[2])
{
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

/* What makes two step sequences one move (the reference's bseen): the
 * two end cells either way round and the captured cells in any order. */
static uint64_t bkey(const pn_move *m)
{
    uint8_t e[2], c[4];
    end_cells(m, e);
    int n = m->ncap;
    memcpy(c, m->cap, 4);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[j] < c[j - 1]; j--) {
            uint8_t t = c[j];
            c[j] = c[j - 1];
            c[j - 1] = t;
        }
    uint64_t k = e[0] < e[1] ? (uint64_t)e[0] << 8 | e[1] : (uint64_t)e[1] << 8 | e[0];
    k |= (uint64_t)n << 16;
    for (int i = 0; i < n; i++) k |= (uint64_t)c[i] << (24 + 8 * i);
    return k;
}

/* One Barricade's moves found so far: those without a capture in the
 * stamp table when stamped (the whole move list is then sure to be kept),
 * the others by their keys, of which the reference compares only those
 * kept. */
typedef struct bseen {
    int first, nk, stamped;
    uint64_t keys[6 + 36];
} bseen;

/* Pushes m, which leaves the Barricade on e0 and e1, unless a move of
 * this Barricade found so far is the same. */
static void bpush(fx *f, flist *L, bseen *b, int e0, int e1, const pn_move *m)
{
    if (b->stamped && !m->ncap) {
        int lo = e0 < e1 ? e0 : e1, dd = e0 < e1 ? e1 - e0 : e0 - e1;
        uint32_t *slot = &f->seen[lo * 3 + (dd == 1 ? 0 : dd == f->w - 1 ? 1 : 2)];
        if (*slot == f->stamp) return;
        *slot = f->stamp;
    } else {
        uint64_t k = bkey(m);
        for (int i = 0; i < b->nk && b->first + i < L->max; i++)
            if (b->keys[i] == k) return;
        b->keys[b->nk++] = k;
    }
    if (L->hot) {
        int hot = 0;
        for (int i = 0; i < m->ncap; i++) hot |= L->hot[m->cap[i]];
        if (!hot) {
            L->n++;
            L->quiet++;
            return;
        }
    }
    push(L, m);
}

static int same_pair(int a, int b, int c, int d) { return (a == c && b == d) || (a == d && b == c); }

static void gen_barricade(fx *f, flist *L, int x, int s)
{
    int y = partner(f, x);
    if (y < 0) return;
    bseen b = { L->kept, 0, f->use_seen && L->kept + 6 + 36 <= L->max, { 0 } };
    if (b.stamped && !++f->stamp) {
        memset(f->seen, 0, sizeof f->seen);
        f->stamp = 1;
    }
    bstep s1[6], s2[6];
    int n1 = bsteps(f, x, y, s, s1);
    pn_move one[6];
    for (int i = 0; i < n1; i++) {
        pn_move m = { .from = s1[i].from, .to = s1[i].to, .from2 = PN_NONE, .to2 = PN_NONE,
                      .other = (uint8_t)(s1[i].from == x ? y : x), .ncap = s1[i].ncap };
        memcpy(m.cap, s1[i].cap, 2);
        one[i] = m;
        bpush(f, L, &b, s1[i].e0, s1[i].e1, &m);
    }
    for (int i = 0; i < n1; i++) {
        fundo u;
        bstep_apply(f, &s1[i], &u);
        int n2 = 0;
        if (!(f->o->freeze_each_step && (near_herald(f, s1[i].e0) || near_herald(f, s1[i].e1))))
            n2 = bsteps(f, s1[i].e0, s1[i].e1, s, s2);
        undo(f, &u);
        for (int j = 0; j < n2; j++) {
            if (same_pair(s2[j].e0, s2[j].e1, x, y) && !s1[i].ncap) continue;
            pn_move m2 = one[i];
            m2.from2 = s2[j].from;
            m2.to2 = s2[j].to;
            for (int k = 0; k < s2[j].ncap; k++) {
                m2.capstep |= (uint8_t)(1u << m2.ncap);
                m2.cap[m2.ncap++] = s2[j].cap[k];
            }
            bpush(f, L, &b, s2[j].e0, s2[j].e1, &m2);
        }
    }
}

/* ---- the King ---- */

static int barricade_takes(fx *f, int x, int k, int c)
{
    int y = partner(f, x);
    if (y < 0) return 0;
    bstep s1[6], s2[6];
    int n1 = bsteps(f, x, y, c, s1);
    for (int i = 0; i < n1; i++) {
        if (s1[i].ncap && s1[i].cap[0] == k) return 1;
        fundo u;
        bstep_apply(f, &s1[i], &u);
        int n2 = 0;
        if (!(f->o->freeze_each_step && (near_herald(f, s1[i].e0) || near_herald(f, s1[i].e1))))
            n2 = bsteps(f, s1[i].e0, s1[i].e1, c, s2);
        undo(f, &u);
        for (int j = 0; j < n2; j++)
            if (s2[j].ncap && s2[j].cap[0] == k) return 1;
    }
    return 0;
}

/* Can colour c capture the piece on k (the reference's attacked())? */
static int attacked(fx *f, int k, int c, const ffoes *fo)
{
    const cv_variant *v = f->v;
    for (int i = 0; i < 6; i++) {
        int d = f->off[i], dist = 0, t = k;
        do { t += d; dist++; } while (!f->sq[t]);
        uint8_t q = f->sq[t];
        if (q == OFF || colour(q) != c || near_herald(f, t)) continue;
        int type = CV_TYPE(q), role = f->rl[q];
        int r = v->att_range[c][f->o->dir6[i]][type];
        if (r && (r == 255 || r >= dist)) return 1;
        if (role == PN_JUMPER && dist == 1 && !f->sq[k - d] && (f->o->movemask[c][type] >> ((i + 3) % 6) & 1)) return 1;
        if (role == PN_SKIRMISHER) {
            int l = t, ok = 1;
            for (int j = 0; j < dist && ok; j++) {
                l += d;
                ok = f->sq[l] != OFF && (!f->sq[l] || (f->o->skirmisher_landing && j + 1 < dist));
            }
            if (ok) return 1;
        }
    }
    for (int i = 0; i < fo->ncats; i++) {
        int t = fo->cats[i];
        uint8_t q = f->sq[t];
        if (f->rl[q] != PN_CATAPULT || colour(q) != c) continue;
        int dq = f->q[k] - f->q[t], dr = f->r[k] - f->r[t];
        if (!(dq == 0 || dr == 0 || dq == -dr) || (!dq && !dr)) continue;
        /* as far beyond k as t is before it */
        int lq = f->q[k] + dq, lr = f->r[k] + dr;
        if (lq < 0 || lq >= f->files || lr < 0 || lr >= f->ranks || f->sq[(lr + 1) * f->w + lq]) continue;
        if (!near_herald(f, t)) return 1;
    }
    for (int i = 0; i < fo->nbars; i++) {
        int x = fo->bars[i];
        uint8_t q = f->sq[x];
        if (f->rl[q] != PN_BARRICADE || colour(q) != c) continue;
        if (hexdist(f, x, k) > 4 || frozen(f, x)) continue;
        if (barricade_takes(f, x, k, c)) return 1;
    }
    return 0;
}

/* The places whose emptying can let colour c take the King on k, in a
 * position where it cannot: hot[x] set.  A move that only empties
 * places that are not hot, and that moves neither the King nor a Herald
 * with an enemy piece next to it (which it would unfreeze), leaves the
 * King safe: filling a place never opens a capture (it blocks rides,
 * landings and retreats, and a Barricade takes what it enters either
 * way), and the mover's moves freeze nothing of the enemy's but by a
 * Herald arriving.  So hot holds, on each of the six rays from k: the
 * places before an enemy piece that could take along the ray if nothing
 * stood between (before and beyond a Skirmisher, whose retreat runs on);
 * the landing of an enemy Catapult on the ray, as far beyond k on the
 * opposite ray; the place behind k of an adjacent enemy pawn stepping
 * toward k; and, with an enemy Barricade near, every place within four
 * cells of k, as the reference has it (a Barricade takes in two steps
 * at most, each moving an end one cell). */
static void hot_places(const fx *f, int k, int c, const ffoes *fo, uint8_t *hot)
{
    const cv_variant *v = f->v;
    uint8_t ray[6][CV_MAX_RANKS + CV_MAX_FILES];
    int len[6];
    memset(hot, 0, PN_PLACES);
    for (int i = 0; i < 6; i++) {
        int n = 0;
        for (int t = k + f->off[i]; f->sq[t] != OFF; t += f->off[i]) ray[i][n++] = (uint8_t)t;
        len[i] = n;
    }
    int bars = 0;
    for (int i = 0; i < 6; i++) {
        int w = f->o->dir6[i];
        for (int j = 0; j < len[i]; j++) {
            uint8_t q = f->sq[ray[i][j]];
            if (!q || colour(q) != c) continue;
            int type = CV_TYPE(q), role = f->rl[q], dist = j + 1, upto = 0;
            int r = v->att_range[c][w][type];
            if (r && (r == 255 || r >= dist)) upto = dist - 1;
            if (role == PN_SKIRMISHER) upto = 2 * dist < len[i] ? 2 * dist : len[i];
            for (int x = 0; x < upto; x++) hot[ray[i][x]] = 1;
            int o = (i + 3) % 6;
            if (role == PN_CATAPULT && j < len[o]) hot[ray[o][j]] = 1;
            if (role == PN_JUMPER && !j && len[o] && (f->o->movemask[c][type] >> o & 1)) hot[ray[o][0]] = 1;
        }
    }
    /* attacked() looks only at the Barricades of fo, one end of each */
    for (int i = 0; i < fo->nbars && !bars; i++) bars = hexdist(f, fo->bars[i], k) <= 5;
    if (bars)
        for (int x = 0; x < PN_PLACES; x++)
            if (f->sq[x] != OFF && hexdist(f, x, k) <= 4) hot[x] = 1;
}

/* A Herald that leaves no enemy piece behind next to it unfreezes none. */
static int herald_frees(const fx *f, int h)
{
    int col = colour(f->sq[h]);
    for (int i = 0; i < 6; i++) {
        uint8_t n = f->sq[h + f->off[i]];
        if (n && n != OFF && colour(n) != col) return 1;
    }
    return 0;
}

static int quiet_for_king(const fx *f, const pn_move *m, int k, const uint8_t *hot)
{
    if (m->from == k || hot[m->from]) return 0;
    if (f->rl[f->sq[m->from]] == PN_HERALD && herald_frees(f, m->from)) return 0;
    if (m->other != PN_NONE && hot[m->other]) return 0;
    for (int i = 0; i < m->ncap; i++)
        if (hot[m->cap[i]]) return 0;
    return 1;
}

static void fmake(fx *f, const pn_move *m, fundo *u)
{
    u->n = 0;
    uint8_t pc = f->sq[m->from];
    for (int i = 0; i < m->ncap; i++) {
        save(f, u, m->cap[i]);
        put(f, m->cap[i], 0);
    }
    save(f, u, m->from);
    save(f, u, m->to);
    if (m->other == PN_NONE) {
        put(f, m->from, 0);
        put(f, m->to, m->promo ? m->promo : pc);
    } else {
        uint8_t e[2];
        end_cells(m, e);
        save(f, u, m->other);
        save(f, u, e[0]);
        save(f, u, e[1]);
        put(f, m->from, 0);
        put(f, m->other, 0);
        put(f, e[0], pc);
        put(f, e[1], pc);
    }
}

/* ---- the legal moves ---- */

/* The side to move's pieces in cell order (the reference's generation
 * order), its King (the first, -1 if none) and the enemy's foes. */
typedef struct fscan {
    int nown, k0, nher;
    uint8_t king;
    uint8_t own[PN_FAST_CELLS];
    uint8_t her[8];             /* the enemy's Heralds, nher > 8: more */
    ffoes fo;
} fscan;

static void scan(const fx *f, fscan *sc)
{
    int s = f->side;
    sc->nown = sc->nher = 0;
    sc->k0 = -1;
    sc->king = CV_PIECE(f->v->royal_type, s);
    sc->fo.nbars = sc->fo.ncats = 0;
    /* places in increasing order are cells in increasing order */
    for (int w = 0; w < (PN_PLACES + 63) / 64; w++)
        for (uint64_t bits = f->occ[w]; bits; bits &= bits - 1) {
            int c = w * 64 + __builtin_ctzll(bits);
            uint8_t pc = f->sq[c];
            int role = f->rl[pc];
            if (colour(pc) != s) {
                if (role == PN_BARRICADE && sc->fo.nbars < 8 && partner(f, c) > c) sc->fo.bars[sc->fo.nbars++] = (uint8_t)c;
                if (role == PN_CATAPULT && sc->fo.ncats < 32) sc->fo.cats[sc->fo.ncats++] = (uint8_t)c;
                if (role == PN_HERALD && sc->nher++ < 8) sc->her[sc->nher - 1] = (uint8_t)c;
                continue;
            }
            if (pc == sc->king && sc->k0 < 0) sc->k0 = c;
            sc->own[sc->nown++] = (uint8_t)c;
        }
}

/* Is the mover's piece on c next to an enemy Herald (near_herald())? */
static int held(const fx *f, const fscan *sc, int c)
{
    if (sc->nher > 8) return near_herald(f, c);
    for (int i = 0; i < sc->nher; i++) {
        unsigned d = (unsigned)(32 + c - sc->her[i]);
        if (d < sizeof f->adj && f->adj[d]) return 1;
    }
    return 0;
}

/* The pseudo-legal moves of the piece on c, as the reference finds them
 * (none when it is frozen, or the second end of a Barricade); with
 * free_hot given, in L's counting form. */
static void gen_piece(fx *f, const fscan *sc, flist *L, int c, const uint8_t *free_hot)
{
    int s = f->side, role = f->rl[f->sq[c]];
    if (role == PN_BARRICADE) {
        int q = partner(f, c);
        if (q < c || held(f, sc, c) || held(f, sc, q)) return;
        /* both ends must be off the hot places to count */
        L->hot = free_hot && !free_hot[q] ? free_hot : NULL;
        gen_barricade(f, L, c, s);
        return;
    }
    if (held(f, sc, c)) return;
    L->hot = free_hot;
    gen_atoms(f, L, c, s);
    if (role == PN_JUMPER) gen_jumps(f, L, c, s);
    else if (role == PN_SKIRMISHER) gen_retreats(f, L, c, s);
    else if (role == PN_CATAPULT) gen_leaps(f, L, c, s);
}

/* Does the move leave the side to move's King (on k0) safe? */
static int leaves_safe(fx *f, const pn_move *m, const fscan *sc)
{
    fundo u;
    fmake(f, m, &u);
    int k = m->from == sc->k0 ? m->to : sc->k0;
    int ok = f->sq[k] == sc->king && !attacked(f, k, !f->side, &sc->fo);
    undo(f, &u);
    return ok;
}

static int fgen(fx *f, pn_move *out, int max)
{
    pn_move buf[PN_MAX_MOVES];
    flist L = { buf, 0, PN_MAX_MOVES, 0, 0, NULL };
    fscan sc;
    scan(f, &sc);
    for (int i = 0; i < sc.nown; i++) gen_piece(f, &sc, &L, sc.own[i], NULL);
    int n = L.n < PN_MAX_MOVES ? L.n : PN_MAX_MOVES, legal = 0, k0 = sc.k0;
    int safe_ok = k0 >= 0 && !attacked(f, k0, !f->side, &sc.fo);
    uint8_t hot[PN_PLACES];
    if (safe_ok) hot_places(f, k0, !f->side, &sc.fo, hot);
    for (int i = 0; i < n; i++) {
        const pn_move *m = &buf[i];
        if (k0 >= 0 && !(safe_ok && quiet_for_king(f, m, k0, hot)) && !leaves_safe(f, m, &sc)) continue;
        if (legal < max) out[legal] = *m;
        legal++;
    }
    return legal;
}

/* How many legal moves there are, as fgen() finds them, without writing
 * most of them: the moves of a piece standing on no hot place (not the
 * King, nor a Herald that would unfreeze) are counted as found, unless
 * they take on a hot place; the rest are kept and tested. */
static int fcount(fx *f)
{
    pn_move buf[PN_MAX_MOVES];
    fscan sc;
    scan(f, &sc);
    int k0 = sc.k0;
    if (k0 < 0 || attacked(f, k0, !f->side, &sc.fo)) return fgen(f, buf, PN_MAX_MOVES);
    uint8_t hot[PN_PLACES];
    hot_places(f, k0, !f->side, &sc.fo, hot);
    flist L = { buf, 0, PN_MAX_MOVES, 0, 0, NULL };
    for (int i = 0; i < sc.nown; i++) {
        int c = sc.own[i];
        int free = c != k0 && !hot[c] && !(f->rl[f->sq[c]] == PN_HERALD && herald_frees(f, c));
        gen_piece(f, &sc, &L, c, free ? hot : NULL);
    }
    /* past the reference's list: it keeps the first PN_MAX_MOVES only */
    if (L.n > PN_MAX_MOVES) return fgen(f, buf, PN_MAX_MOVES);
    int legal = L.quiet;
    for (int i = 0; i < L.kept; i++)
        legal += quiet_for_king(f, &buf[i], k0, hot) || leaves_safe(f, &buf[i], &sc);
    return legal;
}

static uint64_t fperft(fx *f, int depth)
{
    pn_move ml[PN_MAX_MOVES];
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)fcount(f);
    int n = fgen(f, ml, PN_MAX_MOVES);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        fundo u;
        fmake(f, &ml[i], &u);
        f->side ^= 1;
        total += fperft(f, depth - 1);
        f->side ^= 1;
        undo(f, &u);
    }
    return total;
}

/* Everything a count from f depends on: the places and the side.  Not
 * the clocks, which no move depends on (a count does not stop at the
 * fifty-move rule). */
static uint64_t fkey(const fx *f)
{
    return cv_mix64(cv_mix_bytes(0x9E3779B97F4A7C15ull, f->sq, sizeof f->sq) ^ (uint64_t)f->side);
}

/* Subtrees shallower than this are counted again: a node one ply up is
 * some 100 leaves, cheaper to count than to key and probe; one two plies
 * up (some 10^4 leaves, 10^6 instructions) is worth the key's few
 * hundred. */
#define TABLE_FROM 2

static uint64_t fperft_table(fx *f, int depth, cv_count_table *t)
{
    if (depth < TABLE_FROM) return fperft(f, depth);
    uint64_t key = fkey(f), total, singles;
    if (cv_count_probe(t, key, depth, &total, &singles)) return total;
    pn_move ml[PN_MAX_MOVES];
    int n = fgen(f, ml, PN_MAX_MOVES);
    total = 0;
    for (int i = 0; i < n; i++) {
        fundo u;
        fmake(f, &ml[i], &u);
        f->side ^= 1;
        total += fperft_table(f, depth - 1, t);
        f->side ^= 1;
        undo(f, &u);
    }
    cv_count_store(t, key, depth, total, 0);
    return total;
}

/* ---- the entries ---- */

int cv_pn_gen(pn_pos *p, pn_move *out, int max)
{
    const pn_opts *o = pn_O(p->v);
    if (!o->fast) return cv_pn_gen_ref(p, out, max);
    fx f;
    setup(&f, p, 0);
    pn_move ml[PN_MAX_MOVES];
    int n = fgen(&f, ml, PN_MAX_MOVES);
    /* mb2cell[PN_NONE] is PN_NONE */
    const uint8_t *mc = o->mb2cell;
    for (int i = 0; i < n && i < max && i < PN_MAX_MOVES; i++) {
        pn_move m = ml[i];
        m.from = mc[m.from];
        m.to = mc[m.to];
        if (m.other != PN_NONE) {
            m.other = mc[m.other];
            m.from2 = mc[m.from2];
            m.to2 = mc[m.to2];
        }
        for (int j = 0; j < m.ncap; j++) m.cap[j] = mc[m.cap[j]];
        out[i] = m;
    }
    return n;
}

uint64_t cv_pn_perft(pn_pos *p, int depth)
{
    return cv_pn_perft_table(p, depth, NULL);
}

uint64_t cv_pn_perft_table(pn_pos *p, int depth, cv_count_table *t)
{
    if (!pn_O(p->v)->fast) return cv_pn_perft_ref(p, depth);
    fx f;
    setup(&f, p, 1);
    return t ? fperft_table(&f, depth, t) : fperft(&f, depth);
}
