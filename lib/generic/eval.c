#include "eval.h"
#include "value.h"
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { KIND_PIECE = 0, KIND_PAWN = 1, KIND_ROYAL = 2 };

/* A piece's place: the centipawns of one cell for middle and end game. */
typedef struct { int16_t mg, eg; } place;

/* An atom as the mobility count walks it: the neighbour row of its
 * direction, how far (1 a hop), from how far a cell counts, its mode;
 * first: only from the ranks in ranks. */
typedef struct {
    const int16_t *nb;
    uint8_t limit, min, moves, takes;   /* moves, takes: 0 or 1 */
    uint32_t ranks;
} ray;

typedef struct evaltab {
    int value[CV_MAX_PIECES];
    uint8_t kind[CV_MAX_PIECES];
    uint8_t heavy[CV_MAX_PIECES];   /* queen-class: makes the royal want shelter */
    uint8_t bound[CV_MAX_PIECES];   /* keeps to the cells of one colour (a bishop) */
    uint8_t filer[CV_MAX_PIECES];   /* rides along files (a rook): likes them open */
    /* mobility: 1/16 centipawn per cell a piece reaches */
    int mob16[CV_MAX_PIECES];
    /* a piece's atoms in four runs: hops [0, nhops), plain rides (any
     * distance, moving and capturing) up to nplain, other rides up to
     * nrides, then those that apply from some ranks only up to nrays */
    uint8_t nhops[2][CV_MAX_PIECES], nplain[2][CV_MAX_PIECES], nrides[2][CV_MAX_PIECES], nrays[2][CV_MAX_PIECES];
    ray rays[2][CV_MAX_PIECES][CV_MAX_ATOMS];
    int phase_full;                 /* pieces' material (not pawns) at the setup */
    int rect;                       /* pawn files and shelter are read by coordinates */
    int files, ranks, ncells, npieces;
    place passed[2][CV_MAX_CELLS];  /* a passed pawn of colour c on the cell */
    /* where a pawn of colour c on the cell promotes going straight on
     * (-1: nowhere), and how far it has come there, in 16ths */
    int16_t goal[2][CV_MAX_CELLS];
    uint8_t progress16[2][CV_MAX_CELLS];
    place *psq;                     /* [colour][type][cell] */
    const place *psq_of[2][CV_MAX_PIECES];  /* the rows of psq */
    /* cells ahead of the royal on cell k for colour c: shelter_cells[c]
     * + 6 k, the three next cells, then the three beyond; -1 none */
    int16_t *shelter_cells[2];
    uint8_t edge[CV_MAX_CELLS];     /* centre distance, 0 (centre) .. 16 (farthest) */
} evaltab;

/* How much the terms weigh (centipawns).  Set once by reasoning and a
 * look at the scores of a few positions; not tuned per game. */
#define CENTRAL      0.12   /* of a piece's value per unit of mobility it gains */
#define MOBILITY_ALL 30     /* a piece reaching its average number of cells */
#define KING_HOME    15     /* per rank the royal has left home (middle game) */
#define KING_WING    12     /* the royal on an edge file rather than the centre */
#define KING_CENTRE  40     /* the royal in the centre against a corner (end game) */
#define PAWN_FILE    50     /* a central pawn fully advanced (middle game) */
#define DOUBLED_MG   10     /* each pawn beyond the first on a file */
#define DOUBLED_EG   20
#define ISOLATED_MG  10
#define ISOLATED_EG  15
#define SHELTER1     20     /* own pawn just ahead of the royal */
#define SHELTER2     10     /* two cells ahead */
#define HEAVY        700
#define PAIR_MG      30     /* two of a colour-bound kind, one on each colour */
#define PAIR_EG      50
#define OPEN_FILE    25     /* a file rider on a file with no pawn */
#define HALF_OPEN    12     /* ... with no pawn of its own side */
/* A side a rook or more ahead without pawns against it drives the
 * other royal to the edge, its own royal near: how a lone king is mated,
 * which a search at small depth does not see by itself. */
#define MOPUP_LEAD   400
#define MOPUP_EDGE   5      /* per 1/16 of the way from the centre to the edge */
#define MOPUP_NEAR   10     /* per cell the royals are closer than 7 apart */
#define RACE_THEM    8      /* a passed pawn: per cell the enemy royal is from its goal */
#define RACE_US      4      /* ... and per cell its own royal is (end game, by progress) */
#define DRAWISH      4      /* the score divided by it: a lead too small to win */

static pthread_mutex_t compile_lock = PTHREAD_MUTEX_INITIALIZER;

static int rel_rank(const cv_variant *v, int cell, int c)
{
    int r = v->geom.rank[cell];
    return c ? v->geom.ranks - 1 - r : r;
}

/* Distance from the centre, 0 (centre) .. 1 (farthest cell). */
static double centre_distance(const cv_variant *v, int cell)
{
    const cv_geom *g = &v->geom;
    int f = g->file[cell], r = g->rank[cell];
    if (g->kind == CV_GEOM_HEX) {
        int side = (g->files + 1) / 2;
        int q = f - (side - 1), s = r - (side - 1);
        int d = (abs(q) + abs(s) + abs(q + s)) / 2;
        return side > 1 ? (double)d / (side - 1) : 0;
    }
    double dx = g->files > 1 ? (double)abs(2 * f - (g->files - 1)) / (g->files - 1) : 0;
    double dy = g->ranks > 1 ? (double)abs(2 * r - (g->ranks - 1)) / (g->ranks - 1) : 0;
    return dx > dy ? dx : dy;
}

/* How central a file is, 1 (middle) .. 0 (edge). */
static double file_centrality(const cv_variant *v, int cell)
{
    const cv_geom *g = &v->geom;
    if (g->files < 2) return 1;
    return 1 - (double)abs(2 * g->file[cell] - (g->files - 1)) / (g->files - 1);
}

/* Pawn progress from its home to the next rank it promotes on, 0 .. 1. */
static double pawn_progress(const cv_variant *v, int cell, int c)
{
    int r = rel_rank(v, cell, c), goal = v->geom.ranks - 1;
    for (int k = r + 1; k < v->geom.ranks && k < 32; k++)
        if (v->promo_ranks >> k & 1u) { goal = k; break; }
    int span = goal - 1;
    double p = span > 0 ? (double)(r - 1) / span : 0;
    return p < 0 ? 0 : p > 1 ? 1 : p;
}

/* Rounded to a table entry; a spec's largest values would not fit. */
/* Royal steps between two cells of a rectangle. */
static inline int distance(const cv_variant *v, int a, int b)
{
    int df = abs(v->geom.file[a] - v->geom.file[b]), dr = abs(v->geom.rank[a] - v->geom.rank[b]);
    return df > dr ? df : dr;
}

static int16_t cp(double x)
{
    x = x < 0 ? x - 0.5 : x + 0.5;
    return (int16_t)(x > INT16_MAX ? INT16_MAX : x < -INT16_MAX ? -INT16_MAX : x);
}

static place piece_place(const cv_variant *v, const evaltab *e, int t, int c, int cell, double mean)
{
    place pl = { 0, 0 };
    switch (e->kind[t]) {
    case KIND_PIECE:
        if (mean > 0) {
            double gain = (cv_gen_cell_mobility(v, t, c, cell) - mean) / mean;
            pl.mg = pl.eg = cp(CENTRAL * e->value[t] * gain);
        }
        break;
    case KIND_ROYAL: {
        int r = rel_rank(v, cell, c);
        pl.mg = cp(-KING_HOME * (r < 4 ? r : 4) + KING_WING * (1 - file_centrality(v, cell)));
        pl.eg = cp(KING_CENTRE * (0.5 - centre_distance(v, cell)));
        break;
    }
    case KIND_PAWN: {
        double p = pawn_progress(v, cell, c);
        pl.mg = cp(PAWN_FILE * p * file_centrality(v, cell) + 10 * p * p);
        pl.eg = cp(10 * p + 40 * p * p);
        break;
    }
    }
    return pl;
}

/* The setup's pieces' material (pawns and royals aside), read from the
 * piece letters of its first field; labels with a digit (B1) are read
 * by their letter. */
static int setup_material(const cv_variant *v, const evaltab *e)
{
    int sum = 0;
    for (const char *s = v->setup; *s && *s != ' '; s++) {
        if (!isalpha((unsigned char)*s)) continue;
        int t = v->by_letter[toupper((unsigned char)*s)];
        if (t >= 0 && e->kind[t] == KIND_PIECE) sum += e->value[t];
    }
    return sum;
}

/* Cells the piece can move to on the empty board, counted plainly (no
 * decay), averaged: its mobility term's yardstick. */
static double plain_mobility(const cv_variant *v, int t)
{
    const cv_piece *pc = &v->pieces[t];
    long n = 0;
    for (int cell = 0; cell < v->geom.ncells; cell++)
        for (int i = 0; i < pc->natoms[0]; i++) {
            const cv_atom *a = &pc->atoms[0][i];
            if (a->first && !(rel_rank(v, cell, 0) < 32 && a->first_ranks >> rel_rank(v, cell, 0) & 1u)) continue;
            int limit = a->range ? a->range : CV_MAX_CELLS;
            int x = cell;
            for (int k = 1; k <= limit && (x = cv_geom_next(&v->geom, a->dir, x)) >= 0; k++)
                if (k >= a->min) n++;
        }
    return v->geom.ncells ? (double)n / v->geom.ncells : 0;
}

static evaltab *build(const cv_variant *v)
{
    int np = v->npieces, nc = v->geom.ncells;
    size_t npsq = (size_t)2 * (size_t)(np ? np : 1) * (size_t)(nc ? nc : 1);
    evaltab *e = calloc(1, sizeof *e + npsq * sizeof(place) + (size_t)2 * 6 * (size_t)(nc ? nc : 1) * sizeof(int16_t));
    if (!e) return NULL;
    e->psq = (place *)(e + 1);
    e->shelter_cells[0] = (int16_t *)(e->psq + npsq);
    e->shelter_cells[1] = e->shelter_cells[0] + 6 * (nc ? nc : 1);
    for (int c = 0; c < 2; c++) {
        for (int t = 0; t < np; t++) e->psq_of[c][t] = e->psq + (size_t)(c * np + t) * (size_t)nc;
        for (int k = 0; k < nc; k++)
            for (int i = 0; i < 6; i++) {
                int f = v->geom.file[k] + i % 3 - 1, r = v->geom.rank[k] + (i / 3 + 1) * (c ? -1 : 1);
                e->shelter_cells[c][k * 6 + i] = (int16_t)cv_geom_cell(&v->geom, f, r);
            }
    }
    e->npieces = np;
    e->ncells = nc;
    e->files = v->geom.files;
    e->ranks = v->geom.ranks;
    e->rect = v->geom.kind == CV_GEOM_RECT;
    for (int t = 0; t < np; t++) {
        const cv_piece *pc = &v->pieces[t];
        e->kind[t] = pc->royal ? KIND_ROYAL : pc->pawn ? KIND_PAWN : KIND_PIECE;
        e->value[t] = pc->royal ? 0 : pc->value ? pc->value : cv_gen_derived_value(v, t);
        e->heavy[t] = e->value[t] >= HEAVY;
        /* on a rectangle, atoms of even dx + dy never change a cell's
         * colour; a plain ride straight ahead is a file rider */
        int even = pc->natoms[0] > 0, file = 0;
        for (int i = 0; i < pc->natoms[0]; i++) {
            const cv_atom *a = &pc->atoms[0][i];
            int dx = v->geom.dx[a->dir], dy = v->geom.dy[a->dir];
            if ((dx + dy) % 2) even = 0;
            if (!dx && dy > 0 && !a->range && a->mode == CV_MODE_BOTH) file = 1;
        }
        e->bound[t] = e->kind[t] == KIND_PIECE && v->geom.kind == CV_GEOM_RECT && even;
        e->filer[t] = e->kind[t] == KIND_PIECE && v->geom.kind == CV_GEOM_RECT && file;
        double pm = e->kind[t] == KIND_PIECE ? plain_mobility(v, t) : 0;
        /* a piece of less than one move on average counts as one of one */
        e->mob16[t] = pm > 0 ? (int)(16.0 * MOBILITY_ALL / (pm > 1 ? pm : 1) + 0.5) : 0;
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < np; t++) {
            int n = 0;
            for (int run = 0; run < 4; run++) {
                for (int i = 0; i < v->pieces[t].natoms[c]; i++) {
                    const cv_atom *a = &v->pieces[t].atoms[c][i];
                    int which = a->first ? 3 : a->range == 1 && a->min <= 1 ? 0
                              : !a->range && a->min <= 1 && a->mode == CV_MODE_BOTH ? 1 : 2;
                    if (which != run) continue;
                    e->rays[c][t][n++] = (ray){ .nb = v->geom.nb + (size_t)a->dir * (size_t)nc,
                                                .limit = a->range ? a->range : 255, .min = a->min,
                                                .moves = (a->mode & CV_MODE_MOVE) != 0,
                                                .takes = (a->mode & CV_MODE_CAPTURE) != 0,
                                                .ranks = a->first ? a->first_ranks : ~0u };
                }
                if (run == 0) e->nhops[c][t] = (uint8_t)n;
                if (run == 1) e->nplain[c][t] = (uint8_t)n;
                if (run == 2) e->nrides[c][t] = (uint8_t)n;
            }
            e->nrays[c][t] = (uint8_t)n;
        }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < np; t++) {
            double mean = e->kind[t] == KIND_PIECE ? cv_gen_mean_mobility(v, t, c) : 0;
            for (int cell = 0; cell < nc; cell++)
                e->psq[(c * np + t) * nc + cell] = piece_place(v, e, t, c, cell, mean);
        }
    for (int c = 0; c < 2; c++)
        for (int cell = 0; cell < nc; cell++) {
            double p = pawn_progress(v, cell, c);
            e->passed[c][cell] = (place){ cp(10 + 50 * p * p), cp(20 + 150 * p * p) };
            e->progress16[c][cell] = (uint8_t)(16 * p + 0.5);
            e->goal[c][cell] = -1;
            for (int k = rel_rank(v, cell, c) + 1; k < v->geom.ranks && k < 32; k++)
                if (v->promo_ranks >> k & 1u) {
                    e->goal[c][cell] = (int16_t)cv_geom_cell(&v->geom, v->geom.file[cell], c ? v->geom.ranks - 1 - k : k);
                    break;
                }
        }
    e->phase_full = setup_material(v, e);
    for (int cell = 0; cell < nc; cell++) e->edge[cell] = (uint8_t)(16 * centre_distance(v, cell) + 0.5);
    return e;
}

/* The tables of v, compiled on first use: under a lock the first time,
 * then published by eval_state (release order, read with acquire). */
static const evaltab *tables(const cv_variant *v)
{
    if (__builtin_expect(__atomic_load_n(&v->eval_state, __ATOMIC_ACQUIRE) == 1, 1)) return v->eval;
    cv_variant *w = (cv_variant *)v;   /* a cache, not part of the variant's value */
    pthread_mutex_lock(&compile_lock);
    if (!w->eval_state) {
        w->eval = build(v);
        if (w->eval) __atomic_store_n(&w->eval_state, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&compile_lock);
    return w->eval;
}

int cv_gen_value(const cv_variant *v, int t)
{
    const evaltab *e = tables(v);
    if (e) return e->value[t];
    const cv_piece *pc = &v->pieces[t];
    return pc->royal ? 0 : pc->value ? pc->value : cv_gen_derived_value(v, t);
}

static inline int ride(const cv_pos *p, const ray *r, int c, int x)
{
    int n = 0;
    for (int k = 1;; k++) {
        uint8_t q = p->board[x];
        if (q) return n + (CV_COLOR(q) != c && r->takes);
        n += r->moves && k >= r->min;
        if (k >= r->limit || (x = r->nb[x]) < 0) return n;
    }
}

/* The cells a piece on `cell` reaches now: empty ones it may move to,
 * enemy ones it may capture on. */
static int mobility(const cv_pos *p, const evaltab *e, int t, int c, int cell)
{
    int n = 0;
    const ray *r = e->rays[c][t], *hops = r + e->nhops[c][t], *plain = r + e->nplain[c][t];
    const ray *rides = r + e->nrides[c][t], *end = r + e->nrays[c][t];
    for (; r < hops; r++) {
        int x = r->nb[cell];
        if (x < 0) continue;
        uint8_t q = p->board[x];
        n += q ? CV_COLOR(q) != c && r->takes : r->moves;
    }
    for (; r < plain; r++) {
        const int16_t *nb = r->nb;
        int x = nb[cell];
        while (x >= 0 && !p->board[x]) {
            n++;
            x = nb[x];
        }
        n += x >= 0 && CV_COLOR(p->board[x]) != c;
    }
    for (; r < rides; r++) {
        int x = r->nb[cell];
        if (x >= 0) n += ride(p, r, c, x);
    }
    if (__builtin_expect(r < end, 0)) {
        int rr = rel_rank(p->v, cell, c);
        for (; r < end; r++) {
            int x = r->nb[cell];
            if (x >= 0 && rr < 32 && (r->ranks >> rr & 1u)) n += ride(p, r, c, x);
        }
    }
    return n;
}

int cv_gen_eval(const cv_pos *p)
{
    const cv_variant *v = p->v;
    const evaltab *e = tables(v);
    if (!e) return 0;
    int mat[2] = { 0, 0 }, mg[2] = { 0, 0 }, eg[2] = { 0, 0 }, mob16[2] = { 0, 0 }, shelter[2] = { 0, 0 };
    int phase = 0, heavy[2] = { 0, 0 }, doubled[2] = { 0, 0 };
    /* bit 2 t + colour of the cell: a colour-bound piece of type t there */
    uint32_t bound[2] = { 0, 0 };
    int nfilers[2] = { 0, 0 };
    int16_t filers[2][CV_MAX_CELLS];
    /* pawns: their cells, and by file (one slot of padding each side)
     * the ranks they stand on, a bit each */
    int npawns[2] = { 0, 0 };
    int16_t pawns[2][CV_MAX_CELLS];
    uint32_t ranks_on[2][CV_MAX_FILES + 2] = { { 0 } };
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < p->nwords; w++)
            for (uint64_t bits = p->occ[c][w]; bits; bits &= bits - 1) {
                int cell = w * 64 + __builtin_ctzll(bits);
                int t = CV_TYPE(p->board[cell]);
                const place *pl = &e->psq_of[c][t][cell];
                mat[c] += e->value[t];
                mg[c] += pl->mg;
                eg[c] += pl->eg;
                switch (e->kind[t]) {
                case KIND_PIECE:
                    phase += e->value[t];
                    heavy[c] |= e->heavy[t];
                    if (e->bound[t]) bound[c] |= 1u << (2 * t + ((v->geom.file[cell] + v->geom.rank[cell]) & 1));
                    if (e->filer[t]) filers[c][nfilers[c]++] = (int16_t)cell;
                    if (e->mob16[t]) mob16[c] += e->mob16[t] * mobility(p, e, t, c, cell);
                    break;
                case KIND_PAWN:
                    pawns[c][npawns[c]++] = (int16_t)cell;
                    if (e->rect) {
                        uint32_t *rk = &ranks_on[c][v->geom.file[cell] + 1];
                        doubled[c] += *rk != 0;
                        *rk |= 1u << v->geom.rank[cell];
                    }
                    break;
                }
            }
    if (e->rect) {
        for (int c = 0; c < 2; c++) {
            const uint32_t *mine = ranks_on[c], *theirs = ranks_on[!c];
            for (int i = 0; i < npawns[c]; i++) {
                int cell = pawns[c][i], f = v->geom.file[cell] + 1, r = v->geom.rank[cell];
                /* the ranks ahead of the pawn, as its side moves */
                uint32_t ahead = c ? (1u << r) - 1 : ~((2u << r) - 1);
                if (!((theirs[f - 1] | theirs[f] | theirs[f + 1]) & ahead)) {
                    mg[c] += e->passed[c][cell].mg;
                    eg[c] += e->passed[c][cell].eg;
                    /* the race to its goal: the enemy royal far, ours near */
                    int g = e->goal[c][cell];
                    if (g >= 0 && p->royal[0] >= 0 && p->royal[1] >= 0)
                        eg[c] += e->progress16[c][cell] *
                                 (RACE_THEM * distance(v, p->royal[!c], g) - RACE_US * distance(v, p->royal[c], g)) / 16;
                }
                if (!(mine[f - 1] | mine[f + 1])) {
                    mg[c] -= ISOLATED_MG;
                    eg[c] -= ISOLATED_EG;
                }
            }
            mg[c] -= DOUBLED_MG * doubled[c];
            eg[c] -= DOUBLED_EG * doubled[c];
            int pairs = __builtin_popcount(bound[c] & bound[c] >> 1 & 0x55555555u);
            mg[c] += PAIR_MG * pairs;
            eg[c] += PAIR_EG * pairs;
            for (int i = 0; i < nfilers[c]; i++) {
                int f = v->geom.file[filers[c][i]] + 1;
                int bonus = !mine[f] ? theirs[f] ? HALF_OPEN : OPEN_FILE : 0;
                mg[c] += bonus;
                eg[c] += bonus / 2;
            }
        }
        /* the royal's shelter, against an opponent who can attack it
         * (not blended by phase: the queen-class piece is the condition) */
        for (int c = 0; c < 2; c++) {
            int k = p->royal[c];
            if (k < 0 || !heavy[!c]) continue;
            const int16_t *sc = e->shelter_cells[c] + k * 6;
            for (int i = 0; i < 6; i++) {
                if (sc[i] < 0) continue;
                uint8_t q = p->board[sc[i]];
                if (q && CV_COLOR(q) == c && e->kind[CV_TYPE(q)] == KIND_PAWN) shelter[c] += i < 3 ? SHELTER1 : SHELTER2;
            }
        }
    }
    int lead = mat[0] - mat[1], ahead = lead >= MOPUP_LEAD ? 0 : lead <= -MOPUP_LEAD ? 1 : -1;
    int mopup = 0;
    if (ahead >= 0 && e->rect && p->royal[0] >= 0 && p->royal[1] >= 0 && !npawns[!ahead]) {
        int near = 7 - distance(v, p->royal[ahead], p->royal[!ahead]);
        int b = p->royal[!ahead];
        mopup = MOPUP_EDGE * e->edge[b] + MOPUP_NEAR * (near > 0 ? near : 0);
        if (ahead != p->side) mopup = -mopup;
    }
    int full = e->phase_full > 0 ? e->phase_full : 1;
    if (phase > full) phase = full;
    int us = p->side, them = !us;
    int mgs = mg[us] - mg[them], egs = eg[us] - eg[them];
    /* 64 bits: a spec may give values up to 100000 a piece */
    int64_t blend = ((int64_t)mgs * phase + (int64_t)egs * (full - phase)) / full;
    int64_t score = (int64_t)mat[us] - mat[them] + blend + (mob16[us] - mob16[them]) / 16 + shelter[us] - shelter[them]
                    + mopup + CV_GEN_TEMPO;
    /* ahead by less than a rook with no pawn to promote: mostly a draw */
    int stronger = lead > 0 ? 0 : lead < 0 ? 1 : -1;
    if (stronger >= 0 && !npawns[stronger] && abs(lead) < MOPUP_LEAD)
        score = (score - CV_GEN_TEMPO) / DRAWISH + CV_GEN_TEMPO;
    return score > CV_GEN_EVAL_MAX ? CV_GEN_EVAL_MAX : score < -CV_GEN_EVAL_MAX ? -CV_GEN_EVAL_MAX : (int)score;
}
