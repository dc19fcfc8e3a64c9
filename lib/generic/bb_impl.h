/* bb_impl: the bitboard tables, generator and perft, written once for a
 * set type.  Not a header to include elsewhere: bb64.c and bb128.c each
 * include it with
 *   BB         the set type (one bit per cell, bit i = cell i)
 *   BBN(x)     x with the width appended (names must not clash)
 *   BB_CELLS   the largest board the width holds
 *   bb_lsb/bb_msb/bb_popc  lowest, highest set bit and bit count
 * Cells of a rectangular board are numbered rank * files + file, so
 * walking any direction (dx, dy) moves the cell number the same way every
 * step: up when dy > 0 or (dy == 0 and dx > 0).  A ride is then its ray
 * cut at the first occupied cell, found as the lowest or highest bit. */

#define ONE ((BB)1)
#define BIT(s) (ONE << (s))
#define NPOOL 32

typedef struct BBN(ride) {
    uint8_t dir, up, mode;
    uint8_t dbl;        /* a pawn's quiet move of 2+ cells: en passant target */
    uint8_t epcap;      /* capture-only pawn atom: may take en passant */
    int8_t lim, near;   /* pool tables: cells within range / closer than min; -1 none */
    BB from;            /* cells the atom applies from (from-ranks) */
} BBN(ride);

/* An atom as a shift of a whole set (pawns move as one set). */
typedef struct BBN(satom) {
    int off;            /* cell number change per step */
    uint8_t lsh, rsh;   /* the same as two shifts, one of them 0 */
    uint8_t mode, range, min, dbl, epcap;
    BB valid;           /* cells with a next cell that way */
    BB from;            /* cells the atom applies from */
} BBN(satom);

typedef struct BBN(pdesc) {
    int nup, ndown, nride, ncride, ngroup;
    int rays;           /* nup + ndown: plain rides not in a group */
    int rank;           /* rides both ways along ranks, by the rank table */
    int shape;          /* one-hop atoms, n <= 2 PEXT groups and maybe the
                           rank table only: n + 4 * rank (the common pieces,
                           specialised); 8 any other */
    uint8_t group[CV_MAX_ATOMS / 2];               /* PEXT groups (lines ridden both ways) */
    uint8_t up[CV_MAX_ATOMS], down[CV_MAX_ATOMS];  /* plain rides: both modes, any range */
    BBN(ride) ride[CV_MAX_ATOMS];                  /* every other ride */
    uint8_t cride[CV_MAX_ATOMS];                   /* those of ride[] that capture */
    int pawn, epsteps;
    int setwise;        /* pawn of steps and short rides: generated as a set */
    int nsa;
    BBN(satom) sa[CV_MAX_ATOMS];
} BBN(pdesc);

typedef struct BBN(tables) {
    int ncells, files, npieces, royal, npromo, en_passant;
    uint8_t promo_types[CV_MAX_PIECES];
    BB promo[2];                    /* cells where a pawn of colour c promotes */
    int ndirs;
    int8_t dx[CV_MAX_DIRS], dy[CV_MAX_DIRS];
    uint8_t up[CV_MAX_DIRS];
    /* walk directions (from a royal outward) along which colour c has a
     * rider, and which piece types ride there (bit t) */
    int nslide[2];
    uint8_t slide[2][CV_MAX_DIRS];
    uint16_t slide_types[2][CV_MAX_DIRS];
    uint8_t att_range[2][CV_MAX_DIRS][CV_MAX_PIECES];
    BBN(pdesc) pd[2][CV_MAX_PIECES];
    BB ray[CV_MAX_DIRS][BB_CELLS];
    BB step_q[2][CV_MAX_PIECES][BB_CELLS];  /* quiet targets of one-hop atoms */
    BB step_c[2][CV_MAX_PIECES][BB_CELLS];  /* capture targets of one-hop atoms */
    BB step_ep[2][CV_MAX_PIECES][BB_CELLS]; /* capture-only one-hop pawn atoms */
    BB step_eprev[2][CV_MAX_PIECES][BB_CELLS];
    BB step_crev[2][CV_MAX_PIECES][BB_CELLS];  /* cells a one-hop capture reaches s from */ /* cells a capture-only pawn hop reaches s from */
    BB hop_rev[2][BB_CELLS];        /* union over types of step_crev */
    BB step_qrev[2][CV_MAX_PIECES][BB_CELLS];  /* cells a one-hop quiet move reaches s from */
    /* bit t: type t of colour c is not a pawn and rides only plain lines
     * both ways, so the cells it reaches s from are the cells it reaches
     * from s (the move reader's origins lookup) */
    uint16_t reversible[2];
    /* bit t: the same for type t's captures alone (also a pawn whose
     * captures are all one-hop atoms) */
    uint16_t cap_reversible[2];
    uint16_t riders[2];             /* types that ride some line, as a bit mask */
    uint16_t hoppers[2];            /* types with a one-hop capture, as a bit mask */
    int has_line;
    /* line[a * BB_CELLS + b]: 1 + the rider walk direction from a to b, 0
     * none, 255 two (the variant's line table, at this width's stride) */
    uint8_t line[BB_CELLS * BB_CELLS];
    int npool;
    BB pool[NPOOL][BB_CELLS];
#ifdef BB_PEXT
    /* A ride along both directions of a line is one lookup: the cells of
     * the line that can block, gathered by PEXT, index its attack set. */
    /* rank_att[f][o]: files a ride from file f reaches along a rank
     * whose inner files (1 .. files-2) are occupied as o says */
    uint8_t rank_shift[BB_CELLS], rank_file[BB_CELLS];
    unsigned rank_inner;            /* mask of files-2 bits */
    uint16_t rank_att[CV_MAX_FILES][1 << (CV_MAX_FILES - 2)];
    int ngroups;
    uint8_t gkey[BB_GROUPS][4];     /* its directions, 255 for none */
    struct { BB mask; uint32_t off; } gsq[BB_GROUPS][BB_CELLS];
    uint32_t nlatt;
    BB latt[BB_LATT];
#endif
} BBN(tables);

typedef struct BBN(pos) {
    BB col[2];
    BB type[CV_MAX_PIECES];
    uint8_t board[BB_CELLS];
    int16_t ksq[2], ep, epv;
    uint32_t castling;
    int side;
} BBN(pos);

typedef struct BBN(castle) {
    int color, kf, kt, rf, rt;
    BB empty, safe;
} BBN(castle);

/* What a search needs besides the position: the castlings of the root
 * (Chess960 rooks may start anywhere) and the rights each cell clears. */
typedef struct BBN(ctx) {
    const BBN(tables) *T;
    const cv_variant *v;
    int ncastle;
    uint32_t rights_of[2];      /* castlings of each colour, as rights bits */
    uint32_t castles_types;     /* piece types that may be the rook (bit t) */
    BBN(castle) c[CV_MAX_CASTLE];
    uint8_t clear[BB_CELLS];
} BBN(ctx);

typedef struct BBN(move) {
    uint8_t from, to, promo, kind, castle;
} BBN(move);

/* ---- compiling ---- */

/* Steps along direction w from a to b (b on the ray from a). */
static int BBN(dist)(const BBN(tables) *T, int w, int a, int b)
{
    int df = a % T->files - b % T->files, dr = a / T->files - b / T->files;
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    int dx = T->dx[w] < 0 ? -T->dx[w] : T->dx[w], dy = T->dy[w] < 0 ? -T->dy[w] : T->dy[w];
    return (df > dr ? df : dr) / (dx > dy ? dx : dy);
}

/* Cells along direction d from cell s: k in [lo, hi] steps (hi 0: all). */
static BB BBN(ray_part)(const cv_geom *g, int d, int s, int lo, int hi)
{
    BB r = 0;
    for (int k = 1; (s = cv_geom_next(g, d, s)) >= 0 && (!hi || k <= hi); k++)
        if (k >= lo) r |= BIT(s);
    return r;
}

/* Do two atoms of one piece reach a common offset in a common mode?  The
 * sets would then count that move once where the mailbox lists it twice. */
static int overlap(const cv_geom *g, const cv_atom *a, const cv_atom *b)
{
    for (int pass = 0; pass < 2; pass++) {
        int mode = pass ? CV_MODE_CAPTURE : CV_MODE_MOVE;
        if (!(a->mode & b->mode & mode)) continue;
        int alo = pass ? 1 : (a->min > 1 ? a->min : 1), blo = pass ? 1 : (b->min > 1 ? b->min : 1);
        int ahi = a->range ? a->range : 32, bhi = b->range ? b->range : 32;
        for (int i = alo; i <= ahi; i++)
            for (int j = blo; j <= bhi; j++)
                if (i * g->dx[a->dir] == j * g->dx[b->dir] && i * g->dy[a->dir] == j * g->dy[b->dir]) return 1;
    }
    return 0;
}

#ifdef BB_PEXT
/* Software PEXT for building the tables (the search uses the instruction). */
static uint64_t BBN(soft_pext)(BB x, BB m)
{
    uint64_t r = 0;
    for (int i = 0; m; m &= m - 1, i++)
        if (x & m & -m) r |= 1ull << i;
    return r;
}

/* Cells a ride along the directions dirs (n of them) from s reaches with
 * occ occupied. */
static BB BBN(walk)(const BBN(tables) *T, const uint8_t *dirs, int n, int s, BB occ)
{
    BB a = 0;
    for (int i = 0; i < n; i++) {
        int d = dirs[i];
        BB r = T->ray[d][s], b = r & occ;
        if (b) r ^= T->ray[d][T->up[d] ? bb_lsb(b) : bb_msb(b)];
        a |= r;
    }
    return a;
}

/* A PEXT group for the rides dirs: the cells that can block (the rays
 * without their last cells), gathered by PEXT, index the attack set.  An
 * equal group already built is shared; -1 when the table does not fit. */
static int BBN(group)(BBN(tables) *T, const uint8_t *dirs, int n)
{
    uint8_t key[4] = { 255, 255, 255, 255 };
    memcpy(key, dirs, (size_t)n);
    for (int l = 0; l < T->ngroups; l++)
        if (!memcmp(T->gkey[l], key, 4)) return l;
    if (T->ngroups >= BB_GROUPS) return -1;
    uint32_t need = 0;
    BB mask[BB_CELLS];
    for (int s = 0; s < T->ncells; s++) {
        mask[s] = 0;
        for (int i = 0; i < n; i++) {
            BB r = T->ray[dirs[i]][s];
            if (r) r &= ~BIT(T->up[dirs[i]] ? bb_msb(r) : bb_lsb(r));
            mask[s] |= r;
        }
        need += 1u << bb_popc(mask[s]);
    }
    if (T->nlatt + need > BB_LATT) return -1;
    int l = T->ngroups++;
    memcpy(T->gkey[l], key, 4);
    for (int s = 0; s < T->ncells; s++) {
        T->gsq[l][s].mask = mask[s];
        T->gsq[l][s].off = T->nlatt;
        BB sub = 0;
        do {
            T->latt[T->nlatt + BBN(soft_pext)(sub, mask[s])] = BBN(walk)(T, dirs, n, s, sub);
            sub = (sub - mask[s]) & mask[s];
        } while (sub);
        T->nlatt += 1u << bb_popc(mask[s]);
    }
    return l;
}

/* Moves D's plain rides into PEXT groups: the lines (both directions of
 * one) of a kind (orthogonal, diagonal, other) two by two, so that a
 * queen's groups are the rook's and the bishop's; what does not fit stays
 * rays. */
static void BBN(make_groups)(BBN(tables) *T, const cv_geom *g, BBN(pdesc) *D)
{
    for (int kind = 0; kind < 3; kind++) {
        uint8_t lines[CV_MAX_ATOMS][2];
        int nl = 0;
        for (int i = 0; i < D->nup; i++) {
            int d = D->up[i], o = g->opposite[d], j;
            int dx = g->dx[d] < 0 ? -g->dx[d] : g->dx[d], dy = g->dy[d] < 0 ? -g->dy[d] : g->dy[d];
            if (((dx == 0 || dy == 0) ? 0 : dx == dy ? 1 : 2) != kind) continue;
            for (j = 0; j < D->ndown && D->down[j] != o; j++) {}
            if (j == D->ndown) continue;
            lines[nl][0] = (uint8_t)d;
            lines[nl++][1] = (uint8_t)o;
        }
        for (int i = 0; i < nl; ) {
            /* two lines in one table when it fits, else one */
            int take = i + 1 < nl ? 2 : 1, l = -1;
            for (; take >= 1 && l < 0; take--) {
                uint8_t dirs[4];
                for (int x = 0; x < take; x++) { dirs[2 * x] = lines[i + x][0]; dirs[2 * x + 1] = lines[i + x][1]; }
                l = BBN(group)(T, dirs, 2 * take);
            }
            take++;
            if (l < 0 && T->dy[lines[i][0]] == 0 && (T->dx[lines[i][0]] == 1 || T->dx[lines[i][0]] == -1)) {
                /* a rank too long for a PEXT table: the rank lookup */
                D->rank = 1;
                take = 1;
            } else if (l < 0) {
                i++;
                continue;
            } else {
                D->group[D->ngroup++] = (uint8_t)l;
            }
            for (int x = i; x < i + take; x++) {
                for (int y = 0; y < D->nup; y++)
                    if (D->up[y] == lines[x][0]) { D->up[y] = D->up[--D->nup]; break; }
                for (int y = 0; y < D->ndown; y++)
                    if (D->down[y] == lines[x][1]) { D->down[y] = D->down[--D->ndown]; break; }
            }
            i += take;
        }
    }
}
#endif

static BBN(tables) *BBN(compile)(const cv_variant *v)
{
    const cv_geom *g = &v->geom;
    if (g->kind != CV_GEOM_RECT || g->ncells > BB_CELLS || g->ncells != g->files * g->ranks) return NULL;
    if (v->royal_type < 0 || !v->fast_legal || v->engine != cv_engine_generic()) return NULL;
    for (int i = 0; i < v->npromo; i++)
        if (v->promo_types[i] == v->royal_type) return NULL;
    BBN(tables) *T = calloc(1, sizeof *T);
    if (!T) return NULL;
    const int n = g->ncells;
    T->ncells = n;
    T->files = g->files;
    T->npieces = v->npieces;
    T->royal = v->royal_type;
    T->npromo = v->npromo;
    T->en_passant = v->en_passant;
    for (int i = 0; i < v->npromo; i++) T->promo_types[i] = (uint8_t)v->promo_types[i];
    T->ndirs = g->ndirs;
    for (int d = 0; d < g->ndirs; d++) {
        T->dx[d] = g->dx[d];
        T->dy[d] = g->dy[d];
        T->up[d] = g->dy[d] > 0 || (g->dy[d] == 0 && g->dx[d] > 0);
        for (int s = 0; s < n; s++) T->ray[d][s] = BBN(ray_part)(g, d, s, 1, 0);
    }
    if (v->line) {
        T->has_line = 1;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++) T->line[a * BB_CELLS + b] = v->line[a * n + b];
    }
    for (int c = 0; c < 2; c++) {
        for (int s = 0; s < n; s++)
            if (v->promo_ranks >> cv_rel_rank(v, s, c) & 1) T->promo[c] |= BIT(s);
        memcpy(T->att_range[c], v->att_range[c], sizeof T->att_range[c]);
        T->nslide[c] = v->nslide_dirs[c];
        for (int i = 0; i < v->nslide_dirs[c]; i++) {
            int w = v->slide_dirs[c][i];
            T->slide[c][i] = (uint8_t)w;
            for (int t = 0; t < v->npieces; t++)
                if (v->att_range[c][w][t] > 1) T->slide_types[c][i] |= (uint16_t)(1u << t);
            T->riders[c] |= T->slide_types[c][i];
        }
        for (int t = 0; t < v->npieces; t++) {
            const cv_piece *P = &v->pieces[t];
            BBN(pdesc) *D = &T->pd[c][t];
            if (P->special[0]) goto fail;
            D->pawn = P->pawn;
            for (int i = 0; i < P->natoms[c]; i++) {
                const cv_atom *a = &P->atoms[c][i];
                /* cv_gen_attacked does not look at from-ranks, so a capture
                 * limited to some ranks would attack differently here. */
                if (a->first && (a->mode & CV_MODE_CAPTURE)) goto fail;
                for (int j = 0; j < i; j++)
                    if (overlap(g, a, &P->atoms[c][j])) goto fail;
                BB from = 0;
                for (int s = 0; s < n; s++)
                    if (!a->first || (a->first_ranks >> cv_rel_rank(v, s, c) & 1)) from |= BIT(s);
                {
                    BBN(satom) *A = &D->sa[D->nsa++];
                    A->off = g->dy[a->dir] * g->files + g->dx[a->dir];
                    A->mode = a->mode;
                    A->range = a->range;
                    A->min = a->min;
                    A->dbl = P->pawn && v->en_passant && a->mode == CV_MODE_MOVE;
                    A->epcap = P->pawn && a->mode == CV_MODE_CAPTURE;
                    A->from = from;
                    for (int s = 0; s < n; s++)
                        if (cv_geom_next(g, a->dir, s) >= 0) A->valid |= BIT(s);
                }
                if (a->range == 1) {
                    for (int s = 0; s < n; s++) {
                        if (!(from & BIT(s))) continue;
                        BB to = BBN(ray_part)(g, a->dir, s, 1, 1);
                        if (a->mode & CV_MODE_MOVE) T->step_q[c][t][s] |= to;
                        if (a->mode & CV_MODE_CAPTURE) T->step_c[c][t][s] |= to;
                        if (P->pawn && a->mode == CV_MODE_CAPTURE) T->step_ep[c][t][s] |= to;
                    }
                    if (P->pawn && a->mode == CV_MODE_CAPTURE) D->epsteps = 1;
                    continue;
                }
                if (a->mode == CV_MODE_BOTH && !a->first && a->min <= 1 && a->range == 0) {
                    if (T->up[a->dir]) D->up[D->nup++] = a->dir;
                    else D->down[D->ndown++] = a->dir;
                    continue;
                }
                BBN(ride) *R = &D->ride[D->nride];
                R->dir = a->dir;
                R->up = T->up[a->dir];
                R->mode = a->mode;
                R->dbl = P->pawn && v->en_passant && a->mode == CV_MODE_MOVE;
                R->epcap = P->pawn && a->mode == CV_MODE_CAPTURE;
                R->from = from;
                R->lim = R->near = -1;
                if (a->range) {
                    if (T->npool >= NPOOL) goto fail;
                    R->lim = (int8_t)T->npool++;
                    for (int s = 0; s < n; s++) T->pool[R->lim][s] = BBN(ray_part)(g, a->dir, s, 1, a->range);
                }
                if (a->min > 1) {
                    if (T->npool >= NPOOL) goto fail;
                    R->near = (int8_t)T->npool++;
                    for (int s = 0; s < n; s++) T->pool[R->near][s] = BBN(ray_part)(g, a->dir, s, 1, a->min - 1);
                }
                if (a->mode & CV_MODE_CAPTURE) D->cride[D->ncride++] = (uint8_t)D->nride;
                D->nride++;
            }
            for (int s = 0; s < n; s++)
                for (int x = 0; x < n; x++) {
                    if (T->step_ep[c][t][s] >> x & 1) T->step_eprev[c][t][x] |= BIT(s);
                    if (T->step_c[c][t][s] >> x & 1) T->step_crev[c][t][x] |= BIT(s);
                    if (T->step_q[c][t][s] >> x & 1) T->step_qrev[c][t][x] |= BIT(s);
                }
            for (int x = 0; x < n; x++) T->hop_rev[c][x] |= T->step_crev[c][t][x];
            {
                int rev = !P->pawn && D->nride == 0;
                for (int i = 0; rev && i < D->nup; i++) {
                    int o = g->opposite[D->up[i]], j = 0;
                    while (j < D->ndown && D->down[j] != o) j++;
                    rev = j < D->ndown;
                }
                for (int i = 0; rev && i < D->ndown; i++) {
                    int o = g->opposite[D->down[i]], j = 0;
                    while (j < D->nup && D->up[j] != o) j++;
                    rev = j < D->nup;
                }
                if (rev) T->reversible[c] |= (uint16_t)(1u << t);
                if (rev || (P->pawn && D->ncride == 0 && D->nup == 0 && D->ndown == 0))
                    T->cap_reversible[c] |= (uint16_t)(1u << t);
            }
            D->setwise = P->pawn && t != v->royal_type && D->nup + D->ndown == 0;
            for (int i = 0; i < D->nsa; i++)
                if (D->sa[i].range == 0 || (D->sa[i].range > 1 && (D->sa[i].mode & CV_MODE_CAPTURE))) D->setwise = 0;
        }
    }
#ifdef BB_PEXT
    {
        const int F = g->files;
        T->rank_inner = F > 2 ? (1u << (F - 2)) - 1 : 0;
        for (int x = 0; x < n; x++) {
            T->rank_shift[x] = (uint8_t)(x / F * F);
            T->rank_file[x] = (uint8_t)(x % F);
        }
        for (int f = 0; f < F; f++)
            for (int o = 0; o < 1 << (F > 2 ? F - 2 : 0); o++) {
                unsigned occf = (unsigned)o << 1, a = 0;
                for (int x = f + 1; x < F; x++) { a |= 1u << x; if (occf >> x & 1) break; }
                for (int x = f - 1; x >= 0; x--) { a |= 1u << x; if (occf >> x & 1) break; }
                T->rank_att[f][o] = (uint16_t)a;
            }
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->npieces; t++) BBN(make_groups)(T, g, &T->pd[c][t]);
#endif
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->npieces; t++) {
            BBN(pdesc) *D = &T->pd[c][t];
            D->rays = D->nup + D->ndown;
            D->shape = !D->rays && !D->nride && !D->pawn && D->ngroup <= 2 ? D->ngroup + 4 * D->rank : 8;
            for (int x = 0; x < n; x++)
                if (T->step_c[c][t][x]) T->hoppers[c] |= (uint16_t)(1u << t);
            for (int i = 0; i < D->nsa; i++) {
                D->sa[i].lsh = (uint8_t)(D->sa[i].off > 0 ? D->sa[i].off : 0);
                D->sa[i].rsh = (uint8_t)(D->sa[i].off < 0 ? -D->sa[i].off : 0);
            }
        }
    return T;
fail:
    free(T);
    return NULL;
}

static void *BBN(compile_any)(const cv_variant *v) { return BBN(compile)(v); }

/* ---- sets of one piece ---- */

static inline BB BBN(ray_up)(const BBN(tables) *T, int d, int s, BB occ)
{
    BB r = T->ray[d][s], b = r & occ;
    if (b) r ^= T->ray[d][bb_lsb(b)];
    return r;
}

static inline BB BBN(ray_down)(const BBN(tables) *T, int d, int s, BB occ)
{
    BB r = T->ray[d][s], b = r & occ;
    if (b) r ^= T->ray[d][bb_msb(b)];
    return r;
}

static inline BB BBN(ray_any)(const BBN(tables) *T, int d, int up, int s, BB occ)
{
    return up ? BBN(ray_up)(T, d, s, occ) : BBN(ray_down)(T, d, s, occ);
}

static inline BB BBN(free_rides)(const BBN(tables) *T, const BBN(pdesc) *D, int s, BB occ)
{
    BB a = 0;
#ifdef BB_PEXT
    /* Most pieces have at most two groups (a queen: rook's and bishop's). */
    if (D->ngroup) {
        a = T->latt[T->gsq[D->group[0]][s].off + bb_pext(occ, T->gsq[D->group[0]][s].mask)];
        if (D->ngroup > 1) {
            a |= T->latt[T->gsq[D->group[1]][s].off + bb_pext(occ, T->gsq[D->group[1]][s].mask)];
            for (int i = 2; i < D->ngroup; i++)
                a |= T->latt[T->gsq[D->group[i]][s].off + bb_pext(occ, T->gsq[D->group[i]][s].mask)];
        }
    }
    if (D->rank) {
        int sh = T->rank_shift[s];
        a |= (BB)T->rank_att[T->rank_file[s]][(unsigned)(occ >> (sh + 1)) & T->rank_inner] << sh;
    }
#endif
    if (D->rays) {
        for (int i = 0; i < D->nup; i++) a |= BBN(ray_up)(T, D->up[i], s, occ);
        for (int i = 0; i < D->ndown; i++) a |= BBN(ray_down)(T, D->down[i], s, occ);
    }
    return a;
}

/* The rides of a piece of a simple shape: ng PEXT groups and, when rk,
 * the rank table (constants where called, so each shape compiles to
 * straight code). */
static inline BB BBN(groups)(const BBN(tables) *T, const BBN(pdesc) *D, int s, BB occ, const int ng, const int rk)
{
    BB a = 0;
#ifdef BB_PEXT
    if (ng >= 1) a |= T->latt[T->gsq[D->group[0]][s].off + bb_pext(occ, T->gsq[D->group[0]][s].mask)];
    if (ng >= 2) a |= T->latt[T->gsq[D->group[1]][s].off + bb_pext(occ, T->gsq[D->group[1]][s].mask)];
    if (rk) {
        int sh = T->rank_shift[s];
        a |= (BB)T->rank_att[T->rank_file[s]][(unsigned)(occ >> (sh + 1)) & T->rank_inner] << sh;
    }
#else
    (void)T; (void)D; (void)s; (void)occ; (void)ng; (void)rk;
#endif
    return a;
}

/* Cells a piece of colour c, type t on s attacks (could capture on). */
static inline BB BBN(attacks)(const BBN(tables) *T, int c, int t, int s, BB occ)
{
    const BBN(pdesc) *D = &T->pd[c][t];
    BB a = T->step_c[c][t][s] | BBN(free_rides)(T, D, s, occ);
    for (int i = 0; i < D->ncride; i++) {
        const BBN(ride) *R = &D->ride[D->cride[i]];
        BB r = BBN(ray_any)(T, R->dir, R->up, s, occ);
        if (R->lim >= 0) r &= T->pool[R->lim][s];
        a |= r;
    }
    return a;
}

/* Is cell s attacked by the pieces in by (all of colour c) with cells occ
 * occupied? */
static int BBN(attacked)(const BBN(tables) *T, const BBN(pos) *P, int s, int c, BB by, BB occ)
{
    for (int t = 0; t < T->npieces; t++) {
        BB set = P->type[t] & by;
        while (set) {
            int f = bb_lsb(set);
            set &= set - 1;
            if (BBN(attacks)(T, c, t, f, occ) & BIT(s)) return 1;
        }
    }
    return 0;
}

/* ---- legal moves ---- */

/* Emits the moves from `from` to the cells of S, of kind k: one per
 * promotion type where a pawn reaches a promotion cell. */
static inline uint64_t BBN(emit)(const BBN(tables) *T, BBN(move) *out, uint64_t n, int from, BB S, int k,
                                  int pawn, int us)
{
    BB pr = pawn && T->npromo ? S & T->promo[us] : 0;
    if (!out) return n + (uint64_t)bb_popc(S) + (pr ? (uint64_t)bb_popc(pr) * (uint64_t)(T->npromo - 1) : 0);
    while (S) {
        int to = bb_lsb(S);
        S &= S - 1;
        if (pr & BIT(to)) {
            for (int i = 0; i < T->npromo; i++)
                out[n++] = (BBN(move)){ (uint8_t)from, (uint8_t)to, (uint8_t)(T->promo_types[i] + 1), (uint8_t)k, 0 };
        } else {
            out[n++] = (BBN(move)){ (uint8_t)from, (uint8_t)to, 0, (uint8_t)k, 0 };
        }
    }
    return n;
}


/* Emits moves to the cells of S, each from its cell less back. */
static inline uint64_t BBN(emit_set)(const BBN(tables) *T, BBN(move) *out, uint64_t n, BB S, int back, int k,
                                      int us)
{
    BB pr = T->npromo ? S & T->promo[us] : 0;
    if (!out) return n + (uint64_t)bb_popc(S) + (pr ? (uint64_t)bb_popc(pr) * (uint64_t)(T->npromo - 1) : 0);
    while (S) {
        int to = bb_lsb(S);
        S &= S - 1;
        n = BBN(emit)(T, out, n, to - back, BIT(to), k, 1, us);
    }
    return n;
}

/* Moves of the pawns in set (none pinned) as shifted sets: each atom
 * moves every pawn at once; a short ride shifts again through empty cells.
 * Only capture-only steps here, so attacks need no ride. */
static inline uint64_t BBN(gen_set)(const BBN(tables) *T, const BBN(pdesc) *D, BB set, BB occ, BB theirs, BB mask,
                                     BBN(move) *out, uint64_t n, int us)
{
    for (int i = 0; i < D->nsa; i++) {
        const BBN(satom) *A = &D->sa[i];
        BB cur = set & A->from;
        if (A->range == 1) {
            cur = (cur & A->valid) << A->lsh >> A->rsh;
            if (A->mode & CV_MODE_CAPTURE) n = BBN(emit_set)(T, out, n, cur & theirs & mask, A->off, CV_MK_NORMAL, us);
            if (A->mode & CV_MODE_MOVE) n = BBN(emit_set)(T, out, n, cur & ~occ & mask, A->off, CV_MK_NORMAL, us);
            continue;
        }
        for (int k = 1; k <= A->range && cur; k++) {
            cur = (cur & A->valid) << A->lsh >> A->rsh;
            if (A->mode & CV_MODE_CAPTURE) n = BBN(emit_set)(T, out, n, cur & theirs & mask, k * A->off, CV_MK_NORMAL, us);
            cur &= ~occ;
            if ((A->mode & CV_MODE_MOVE) && k >= A->min)
                n = BBN(emit_set)(T, out, n, cur & mask, k * A->off, A->dbl && k >= 2 ? CV_MK_DOUBLE : CV_MK_NORMAL, us);
        }
    }
    return n;
}

/* Cells the royal of the side not in colour them may not enter: every
 * cell them attacks with the royal lifted (occ_nk). */
static inline BB BBN(danger)(const BBN(tables) *T, const BBN(pos) *P, int them, BB theirs, BB occ_nk)
{
    BB danger = 0;
    for (int t = 0; t < T->npieces; t++) {
        BB set = P->type[t] & theirs;
        const BBN(pdesc) *E = &T->pd[them][t];
        if (E->setwise) {
            for (int i = 0; i < E->nsa; i++)
                if (E->sa[i].mode & CV_MODE_CAPTURE) danger |= (set & E->sa[i].valid) << E->sa[i].lsh >> E->sa[i].rsh;
            continue;
        }
        const BB *st = T->step_c[them][t];
#define DANGER(expr) while (set) { \
            int s = bb_lsb(set); \
            set &= set - 1; \
            danger |= (expr); \
        }
        switch (E->shape) {
        case 0: DANGER(st[s]) break;
        case 1: DANGER(st[s] | BBN(groups)(T, E, s, occ_nk, 1, 0)) break;
        case 2: DANGER(st[s] | BBN(groups)(T, E, s, occ_nk, 2, 0)) break;
        case 4: DANGER(st[s] | BBN(groups)(T, E, s, occ_nk, 0, 1)) break;
        case 5: DANGER(st[s] | BBN(groups)(T, E, s, occ_nk, 1, 1)) break;
        case 6: DANGER(st[s] | BBN(groups)(T, E, s, occ_nk, 2, 1)) break;
        default: DANGER(BBN(attacks)(T, them, t, s, occ_nk)) break;
        }
#undef DANGER
    }
    return danger;
}

/* Legal moves of P: written to out, or only counted when out is NULL. */
static inline uint64_t BBN(gen)(const BBN(ctx) *X, const BBN(pos) *P, BBN(move) *out)
{
    const BBN(tables) *T = X->T;
    const int us = P->side, them = us ^ 1, k = P->ksq[us];
    const BB mine = P->col[us], theirs = P->col[them], occ = mine | theirs, kb = BIT(k);
    const BB occ_nk = occ ^ kb;
    uint64_t n = 0;

    /* Checkers by one-hop atoms, from the reverse tables; checkers by
     * rides are found with the pins below. */
    BB checkers = 0;
    for (unsigned m = T->hoppers[them]; m; m &= m - 1) checkers |= T->step_crev[them][__builtin_ctz(m)][k] & P->type[__builtin_ctz(m)];
    checkers &= theirs;

    /* Pins and the cells that block a check, along every line an enemy
     * rides toward the royal. */
    BB riders = 0;
    for (unsigned m = T->riders[them]; m; m &= m - 1) riders |= P->type[__builtin_ctz(m)];
    riders &= theirs;
    BB pinned = 0, block = ~(BB)0;
    BB pinline[BB_CELLS];
    int leap_check = 0, walk = !T->has_line;
    /* From each enemy rider on a line through the royal: nothing between
     * is a check, one piece of ours between is pinned. */
    const uint8_t *line = T->line + k * BB_CELLS;
    for (BB rs = riders; rs && !walk; rs &= rs - 1) {
        int s = bb_lsb(rs), d = line[s];
        if (!d) continue;
        if (d == 255) { walk = 1; break; }   /* two lines: walk every direction */
        int w = d - 1;
        if (T->att_range[them][w][CV_TYPE(P->board[s])] < BBN(dist)(T, w, k, s)) continue;
        BB seg = T->ray[w][k] ^ T->ray[w][s], bl = seg & occ & ~BIT(s);
        if (!bl) { block &= seg; checkers |= BIT(s); continue; }
        if ((bl & (bl - 1)) || !(bl & mine)) continue;
        int b = bb_lsb(bl);
        pinline[b] = (pinned & bl) ? pinline[b] & seg : seg;
        pinned |= bl;
    }
    if (walk) { pinned = 0; block = ~(BB)0; }
    for (int i = 0; walk && i < T->nslide[them]; i++) {
        int w = T->slide[them][i];
        if (!(T->ray[w][k] & riders)) continue;
        BB r1 = BBN(ray_any)(T, w, T->up[w], k, occ), b = r1 & occ;
        if (!b) continue;
        int s = T->up[w] ? bb_lsb(b) : bb_msb(b);
        if (b & theirs) {
            if (T->att_range[them][w][CV_TYPE(P->board[s])] >= BBN(dist)(T, w, k, s)) {
                block &= r1;
                checkers |= b;
            }
            continue;
        }
        BB r2 = BBN(ray_any)(T, w, T->up[w], k, occ ^ b), b2 = r2 & (occ ^ b) & theirs;
        if (!b2) continue;
        int s2 = T->up[w] ? bb_lsb(b2) : bb_msb(b2);
        if (T->att_range[them][w][CV_TYPE(P->board[s2])] >= BBN(dist)(T, w, k, s2)) {
            pinline[s] = (pinned & b) ? pinline[s] & r2 : r2;
            pinned |= b;
        }
    }
    int nchk = bb_popc(checkers);
    BB mask = ~(BB)0;
    if (nchk == 1) {
        int c = bb_lsb(checkers);
        leap_check = (T->step_c[them][CV_TYPE(P->board[c])][c] & kb) != 0;
        mask = checkers | (leap_check ? 0 : block);
    }

    /* The royal. */
    BB danger = 0;
    int have_danger = 0;
    {
        const BBN(pdesc) *D = &T->pd[us][T->royal];
        BB f = BBN(free_rides)(T, D, k, occ);
        BB q = (T->step_q[us][T->royal][k] | f) & ~occ, c = (T->step_c[us][T->royal][k] | f) & theirs;
        for (int i = 0; i < D->nride; i++) {
            const BBN(ride) *R = &D->ride[i];
            if (!(R->from & kb)) continue;
            BB r = BBN(ray_any)(T, R->dir, R->up, k, occ);
            if (R->lim >= 0) r &= T->pool[R->lim][k];
            if (R->mode & CV_MODE_MOVE) q |= r & ~occ & (R->near >= 0 ? ~T->pool[R->near][k] : ~(BB)0);
            if (R->mode & CV_MODE_CAPTURE) c |= r & theirs;
        }
        /* The attacked cells are only worked out when the royal has
         * somewhere to go. */
        BB to = q | c;
        if (to) {
            danger = BBN(danger)(T, P, them, theirs, occ_nk);
            have_danger = 1;
            n = BBN(emit)(T, out, n, k, to & ~danger, CV_MK_NORMAL, 0, us);
        }
    }
    if (nchk >= 2) return n;

    /* Every other piece. */
    BB epbit = 0, epfrom = 0;
    if (P->ep >= 0 && P->epv >= 0 && (theirs & BIT(P->epv)) && !(occ & BIT(P->ep))) epbit = BIT(P->ep);
    if (epbit)
        for (int t = 0; t < T->npieces; t++)
            if (T->pd[us][t].epsteps) epfrom |= T->step_eprev[us][t][P->ep] & P->type[t] & mine;
    for (int t = 0; t < T->npieces; t++) {
        BB set = P->type[t] & mine & ~kb;   /* the royal moved above */
        const BBN(pdesc) *D = &T->pd[us][t];
        const BB *sq = T->step_q[us][t], *sc = T->step_c[us][t];
        if (D->setwise) {
            n = BBN(gen_set)(T, D, set & ~pinned, occ, theirs, mask, out, n, us);
            set &= pinned;
        }
#define SIMPLE(ng, rk) while (set) { \
            int s = bb_lsb(set); \
            BB sb = set & -set; \
            set &= set - 1; \
            BB f = BBN(groups)(T, D, s, occ, ng, rk); \
            BB m = mask; \
            if (pinned & sb) m &= pinline[s]; \
            n = BBN(emit)(T, out, n, s, (((sq[s] | f) & ~occ) | ((sc[s] | f) & theirs)) & m, CV_MK_NORMAL, 0, us); \
        }
        switch (D->shape) {
        case 0: SIMPLE(0, 0) continue;
        case 1: SIMPLE(1, 0) continue;
        case 2: SIMPLE(2, 0) continue;
        case 4: SIMPLE(0, 1) continue;
        case 5: SIMPLE(1, 1) continue;
        case 6: SIMPLE(2, 1) continue;
        default: break;
        }
#undef SIMPLE
        while (set) {
            int s = bb_lsb(set);
            BB sb = set & -set;
            set &= set - 1;
            BB f = BBN(free_rides)(T, D, s, occ);
            BB q = (sq[s] | f) & ~occ, c = (sc[s] | f) & theirs, dbl = 0;
            for (int i = 0; i < D->nride; i++) {
                const BBN(ride) *R = &D->ride[i];
                if (!(R->from & sb)) continue;
                BB r = BBN(ray_any)(T, R->dir, R->up, s, occ);
                if (R->lim >= 0) r &= T->pool[R->lim][s];
                if (R->mode & CV_MODE_MOVE) {
                    BB rq = r & ~occ;
                    if (R->near >= 0) rq &= ~T->pool[R->near][s];
                    q |= rq;
                    if (R->dbl && rq) {
                        BB ray = T->ray[R->dir][s];
                        BB first = R->up ? (ray & -ray) : BIT(bb_msb(ray));
                        dbl |= rq & ~first;
                    }
                }
                if (R->mode & CV_MODE_CAPTURE) c |= r & theirs;
                if (R->epcap && (r & epbit)) epfrom |= sb;
            }
            BB m = mask;
            if (pinned & sb) m &= pinline[s];
            q &= m;
            c &= m;
            dbl &= m;
            if (!out) {
                n = BBN(emit)(T, NULL, n, s, q | c, CV_MK_NORMAL, D->pawn, us);
            } else {
                n = BBN(emit)(T, out, n, s, (q & ~dbl) | c, CV_MK_NORMAL, D->pawn, us);
                n = BBN(emit)(T, out, n, s, dbl, CV_MK_DOUBLE, D->pawn, us);
            }
        }
    }

    /* En passant: replayed on the sets, since it empties a cell off the
     * mover's line. */
    while (epfrom) {
        int s = bb_lsb(epfrom);
        epfrom &= epfrom - 1;
        BB o = (occ ^ BIT(s) ^ BIT(P->epv)) | epbit;
        /* Out of check only a ride through the emptied cells can reach
         * the royal; in check any piece may still give it. */
        if (!BBN(attacked)(T, P, k, them, (theirs ^ BIT(P->epv)) & (nchk ? ~(BB)0 : riders), o))
            n = BBN(emit)(T, out, n, s, epbit, CV_MK_EP, 1, us);
    }

    /* Castling: out of check, the cells between empty, the royal's path
     * safe, and its new cell safe once the rook has moved too. */
    uint32_t rights = P->castling & X->rights_of[us];
    if (rights && !nchk) {
        for (int i = 0; rights >> i; i++) {
            const BBN(castle) *C = &X->c[i];
            if (!(rights >> i & 1) || C->kf != k || !(mine & BIT(C->rf))) continue;
            if (!(X->castles_types >> CV_TYPE(P->board[C->rf]) & 1)) continue;
            if (occ & C->empty) continue;
            if (!have_danger) {
                danger = BBN(danger)(T, P, them, theirs, occ_nk);
                have_danger = 1;
            }
            if (danger & C->safe) continue;
            BB o = (occ & ~(BIT(C->kf) | BIT(C->rf))) | BIT(C->kt) | BIT(C->rt);
            /* The new cell was safe with the rook in place; only a ride
             * through the rook's cell can reach it now. */
            if ((!T->has_line || T->line[C->kt * BB_CELLS + C->rf]) && BBN(attacked)(T, P, C->kt, them, theirs & riders, o))
                continue;
            if (out) out[n] = (BBN(move)){ (uint8_t)C->kf, (uint8_t)C->kt, 0, CV_MK_CASTLE, (uint8_t)i };
            n++;
        }
    }
    return n;
}

/* ---- playing ---- */

static inline void BBN(lift)(BBN(pos) *P, int s)
{
    uint8_t q = P->board[s];
    P->col[CV_COLOR(q)] &= ~BIT(s);
    P->type[CV_TYPE(q)] &= ~BIT(s);
    P->board[s] = 0;
}

static inline void BBN(drop)(BBN(pos) *P, int s, uint8_t q)
{
    P->col[CV_COLOR(q)] |= BIT(s);
    P->type[CV_TYPE(q)] |= BIT(s);
    P->board[s] = q;
}

static inline void BBN(make)(const BBN(ctx) *X, BBN(pos) *P, BBN(move) m)
{
    const int us = P->side;
    uint8_t pc = P->board[m.from];
    int ep = P->ep, epv = P->epv;
    P->ep = P->epv = -1;
    if (m.kind == CV_MK_CASTLE) {
        const BBN(castle) *C = &X->c[m.castle];
        uint8_t rook = P->board[C->rf];
        BBN(lift)(P, C->kf);
        BBN(lift)(P, C->rf);
        BBN(drop)(P, C->kt, pc);
        BBN(drop)(P, C->rt, rook);
        P->ksq[us] = (int16_t)C->kt;
    } else {
        int cap = m.kind == CV_MK_EP ? epv : m.to;
        (void)ep;
        if (P->board[cap]) BBN(lift)(P, cap);
        BBN(lift)(P, m.from);
        BBN(drop)(P, m.to, m.promo ? CV_PIECE(m.promo - 1, us) : pc);
        if (CV_TYPE(pc) == X->T->royal) P->ksq[us] = m.to;
        if (m.kind == CV_MK_DOUBLE) {
            int f = m.from % X->T->files, r = (m.from / X->T->files + m.to / X->T->files) / 2;
            P->ep = (int16_t)(r * X->T->files + f);
            P->epv = m.to;
        }
    }
    P->castling &= ~(uint32_t)(X->clear[m.from] | X->clear[m.to]);
    P->side ^= 1;
}

static uint64_t BBN(perft)(const BBN(ctx) *X, const BBN(pos) *P, int depth)
{
    if (depth == 1) return BBN(gen)(X, P, NULL);
    BBN(move) ml[CV_MAX_MOVES];
    uint64_t n = BBN(gen)(X, P, ml), total = 0;
    for (uint64_t i = 0; i < n; i++) {
        BBN(pos) c = *P;
        BBN(make)(X, &c, ml[i]);
        total += BBN(perft)(X, &c, depth - 1);
    }
    return total;
}

/* ---- from and to the mailbox ---- */

/* The mailbox position's occupancy of colour c as one set. */
static inline BB BBN(occ_of)(const cv_pos *p, int c)
{
#if BB_CELLS > 64
    return (BB)p->occ[c][0] | (BB)p->occ[c][1] << 64;
#else
    return p->occ[c][0];
#endif
}

/* Reads p; 0 when it has not exactly one royal per side. */
static int BBN(load)(BBN(ctx) *X, BBN(pos) *P, const BBN(tables) *T, const cv_pos *p)
{
    const cv_variant *v = p->v;
    memset(P, 0, sizeof *P);
    X->T = T;
    X->v = v;
    /* the occupied cells only, and each castling's sets as words: a
     * game's last position is loaded once, for its outcome */
    for (BB o = BBN(occ_of)(p, 0) | BBN(occ_of)(p, 1); o; o &= o - 1) {
        int s = bb_lsb(o);
        BBN(drop)(P, s, p->board[s]);
    }
    for (int c = 0; c < 2; c++) {
        BB k = P->type[T->royal] & P->col[c];
        if (!k || (k & (k - 1))) return 0;
        P->ksq[c] = (int16_t)bb_lsb(k);
    }
    P->side = p->side;
    P->ep = p->ep;
    P->epv = p->ep_victim;
    P->castling = p->castling;
    X->ncastle = p->ncastle;
    X->rights_of[0] = X->rights_of[1] = 0;
    X->castles_types = 0;
    for (int t = 0; t < v->npieces; t++)
        if (v->pieces[t].castles) X->castles_types |= 1u << t;
    for (int i = 0; i < p->ncastle; i++) {
        const cv_castle *c = &p->castle[i];
        BBN(castle) *C = &X->c[i];
        C->color = c->color;
        X->rights_of[c->color & 1] |= 1u << i;
        C->kf = c->king_from;
        C->kt = c->king_to;
        C->rf = c->rook_from;
        C->rt = c->rook_to;
        C->safe = 0;
#if BB_CELLS > 64
        C->empty = (BB)c->empty[0] | (BB)c->empty[1] << 64;
#else
        C->empty = c->empty[0];
#endif
        for (int j = 0; j < c->nsafe; j++) C->safe |= BIT(c->safe[j]);
    }
    memcpy(X->clear, p->castle_clear, (size_t)T->ncells);
    return 1;
}

static uint64_t BBN(run_perft)(const void *tables, const cv_pos *p, int depth)
{
    BBN(ctx) X;
    BBN(pos) P;
    if (!BBN(load)(&X, &P, tables, p)) return UINT64_MAX;
    if (depth <= 0) return 1;
    return BBN(perft)(&X, &P, depth);
}


/* cv_gen_attacked on the mailbox position, by sets.  One-hop attackers
 * (leapers, steppers, pawns) are one lookup for all their directions:
 * the cells from which some type hops onto s, then the piece found there
 * checked against its own type's set.  Along each direction colour `by`
 * rides, only the nearest occupied cell can hold a rider, and one ray
 * lookup finds it.  The cell `gone` (or -1) counts as empty. */
static int BBN(run_attacked)(const void *tables, const cv_pos *p, int s, int by, int gone)
{
    const BBN(tables) *T = tables;
    const cv_variant *v = p->v;
    BB occ = BBN(occ_of)(p, 0) | BBN(occ_of)(p, 1), theirs = BBN(occ_of)(p, by);
    if (gone >= 0) {
        occ &= ~BIT(gone);
        theirs &= ~BIT(gone);
    }
    for (BB h = T->hop_rev[by][s] & theirs; h; h &= h - 1) {
        int f = bb_lsb(h);
        if (T->step_crev[by][CV_TYPE(p->board[f])][s] & BIT(f)) return 1;
    }
    for (int i = 0; i < v->nslide_dirs[by]; i++) {
        const int w = v->slide_dirs[by][i];
        BB r = T->ray[w][s] & occ;
        if (!(r & theirs)) continue;
        const int f = T->up[w] ? bb_lsb(r) : bb_msb(r);
        if (!(theirs & BIT(f))) continue;
        const uint8_t range = v->att_range[by][w][CV_TYPE(p->board[f])];
        if (range == 255 || (range > 1 && range >= BBN(dist)(T, w, s, f))) return 1;
    }
    return 0;
}

/* The cells from which a piece of type t of the side to move reaches
 * `to` by one move (capturing when capture), ascending; -1 when the type
 * is not reversible (a pawn's quiet moves, a limited or one-way ride: the
 * caller walks its atoms).  Pins are not looked at. */
static int BBN(run_origins)(const void *tables, const cv_pos *p, int t, int to, int capture, int16_t *out)
{
    const BBN(tables) *T = tables;
    const int us = p->side;
    if (!((capture ? T->cap_reversible : T->reversible)[us] >> t & 1)) return -1;
    BB occ = BBN(occ_of)(p, 0) | BBN(occ_of)(p, 1), mine = BBN(occ_of)(p, us);
    BB cand = ((capture ? T->step_crev : T->step_qrev)[us][t][to] | BBN(free_rides)(T, &T->pd[us][t], to, occ)) & mine;
    const uint8_t want = CV_PIECE(t, us);
    int n = 0;
    for (; cand; cand &= cand - 1) {
        int f = bb_lsb(cand);
        if (p->board[f] == want) out[n++] = (int16_t)f;
    }
    return n;
}

/* Is the side to move in check, the last move having been a plain one
 * from `from` to `to` made in a calm position (cv_pos)?  Only the piece
 * on `to` or a rider uncovered behind `from` can give it; -1 when that
 * cannot be read off the tables (a cell on two lines of the royal). */
static int BBN(run_check_after)(const void *tables, const cv_pos *p, int from, int to)
{
    const BBN(tables) *T = tables;
    const cv_variant *v = p->v;
    const int by = p->side ^ 1, k = p->royal[p->side];
    const uint8_t q = p->board[to];
    if (k < 0 || !q || CV_COLOR(q) != by || !T->has_line) return -1;
    const BB occ = BBN(occ_of)(p, 0) | BBN(occ_of)(p, 1);
    const int t = CV_TYPE(q);
    if (T->step_c[by][t][to] & BIT(k)) return 1;
    /* a ride reaches the royal only along a line of the table: along it
     * the piece on `to` must be the first met, and near enough */
    const uint8_t dt = T->line[k * BB_CELLS + to];
    if (dt == 255) {
        if (BBN(attacks)(T, by, t, to, occ) & BIT(k)) return 1;
    } else if (dt) {
        const int w = dt - 1;
        const BB r = T->ray[w][k] & occ;
        const uint8_t range = v->att_range[by][w][t];
        if (range > 1 && (T->up[w] ? bb_lsb(r) : bb_msb(r)) == to &&
            (range == 255 || range >= BBN(dist)(T, w, k, to)))
            return 1;
    }
    const uint8_t d = T->line[k * BB_CELLS + from];
    if (d == 0) return 0;
    if (d == 255) return -1;
    const int w = d - 1;
    const BB r = T->ray[w][k] & occ;
    if (!r) return 0;
    const int f = T->up[w] ? bb_lsb(r) : bb_msb(r);
    const uint8_t b = p->board[f];
    if (CV_COLOR(b) != by) return 0;
    const uint8_t range = v->att_range[by][w][CV_TYPE(b)];
    return range == 255 || (range && range >= BBN(dist)(T, w, k, f));
}

static int BBN(run_count)(const void *tables, const cv_pos *p)
{
    BBN(ctx) X;
    BBN(pos) P;
    if (!BBN(load)(&X, &P, tables, p)) return -1;
    BBN(move) m[CV_MAX_MOVES];
    return (int)BBN(gen)(&X, &P, m);
}

static int BBN(run_gen)(const void *tables, const cv_pos *p, cv_movelist *ml)
{
    BBN(ctx) X;
    BBN(pos) P;
    if (!BBN(load)(&X, &P, tables, p)) return -1;
    BBN(move) m[CV_MAX_MOVES];
    int n = (int)BBN(gen)(&X, &P, m);
    for (int i = 0; i < n; i++)
        ml->m[i] = (cv_move){ m[i].from, m[i].to, m[i].promo, m[i].kind, m[i].castle, 0 };
    ml->n = n;
    return n;
}

#undef ONE
#undef BIT
#undef NPOOL
