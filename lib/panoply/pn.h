/* pn: Panoply (Daniel Zacharias) on the hexagon, as
 * docs/cvkit-variants.7 (PANOPLY) specifies it.
 *
 * The board, the pieces and what the atoms can say (the Rider's ride, the
 * King's and Guard's steps, the plain moves of Pawn, Skirmisher, Catapult
 * and Herald) come from the spec through cv_variant, walked over the
 * geometry's neighbour tables like any game's; this module adds what the
 * atoms cannot say, named by each piece's `special:`: captures by jumping
 * (pawn), by retreat (Skirmisher), by leaping over (Catapult), the
 * Herald's freeze, and the two-cell Barricade.
 *
 * A move is what docs/rules/panoply.md counts as one: the tuple (start cells,
 * end cells, captured cells, promotion).  A Barricade's move keeps the
 * one step sequence it was found by, for writing it. */
#ifndef CV_PN_H
#define CV_PN_H
#include "engine.h"
#include "variant.h"
#include <stdint.h>

enum {
    PN_ATOM = 0,        /* moves and captures by its atoms only */
    PN_JUMPER,          /* captures by jumping an adjacent enemy (pawn) */
    PN_SKIRMISHER,      /* captures by retreating as far as the target is */
    PN_CATAPULT,        /* captures by leaping over the target, as far beyond */
    PN_HERALD,          /* never captures; freezes adjacent enemies */
    PN_BARRICADE,       /* two cells; steps of rotation and advance */
};

#define PN_NONE 0xFF
#define PN_MAX_MOVES 1024
/* pn_fast.c plays boards of at most PN_FAST_CELLS cells whose padded
 * form has at most PN_PLACES places (the hexagon of side 7: 127 and 210) */
#define PN_FAST_CELLS 128
#define PN_PLACES 224

/* The decisions of docs/rules/panoply.md that have another reading, as options. */
typedef struct pn_opts {
    uint8_t role[CV_MAX_PIECES];    /* PN_* of each piece type */
    uint8_t dir6[6];                /* the six directions in turning order */
    uint8_t stalemate_draws;        /* stalemate: loss (page) or draw */
    uint8_t skirmisher_landing;     /* retreat: whole path empty (page) or landing only */
    uint8_t freeze_each_step;       /* Herald freeze: start of turn (page) or before each Barricade step */
    uint8_t pawn_moves_reset;       /* fifty-turn count: pawn moves reset it (page) or not */
    uint8_t barricade_whole;        /* jumpers leap over the whole Barricade, not its near end */
    uint8_t side;                   /* hexagon side */
    /* pn_fast.c's padded board (filled by the engine's compile): a place
     * is (rank + 1) * mbw + file, mbw = files + 1, so a border column and
     * a border rank above and below surround the cells */
    uint8_t fast;                   /* the board fits (PN_PLACES) and every piece steps or rides to a neighbour */
    uint8_t mbw;
    uint8_t mb2cell[256];           /* place -> cell, PN_NONE for a place that is none (and for PN_NONE) */
    uint8_t cell2mb[PN_FAST_CELLS]; /* cell -> place */
    uint8_t movemask[2][CV_MAX_PIECES]; /* by colour and type: bit i, a plain move along dir6[i] */
} pn_opts;

typedef struct pn_pos {
    const cv_variant *v;
    uint8_t b[CV_MAX_CELLS];        /* CV_PIECE(type, colour), 0 empty */
    int8_t side;
    int halfmove, fullmove;
} pn_pos;

typedef struct pn_move {
    uint8_t from, to;               /* the piece; a Barricade: its first step */
    uint8_t from2, to2;             /* a Barricade's second step, PN_NONE if one */
    uint8_t other;                  /* a Barricade's other end at the start */
    uint8_t promo;                  /* piece code promoted to, 0 if none */
    uint8_t ncap;
    uint8_t cap[4];                 /* captured cells, near end before far end */
    uint8_t capstep;                /* bit i: cap[i] was taken by the second step */
} pn_move;

static inline const pn_opts *pn_O(const cv_variant *v) { return (const pn_opts *)(const void *)v->eopts.b; }
static inline int pn_role(const pn_pos *p, uint8_t pc) { return pn_O(p->v)->role[CV_TYPE(pc)]; }

/* -- rules (pn_rules.c) -- */
void cv_pn_clear(pn_pos *p, const cv_variant *v);
/* Every legal move into out (at most max); returns how many there are.
 * The reference generator, kept plain to test the fast one against. */
int cv_pn_gen_ref(pn_pos *p, pn_move *out, int max);
uint64_t cv_pn_perft_ref(pn_pos *p, int depth);
/* Pseudo-legal moves: no test of the mover's King. */
int cv_pn_gen_pseudo(const pn_pos *p, pn_move *out, int max);
void cv_pn_make(pn_pos *p, const pn_move *m);
/* Can colour c capture the cell in one move (pieces frozen by the
 * cell's side's Heralds excepted)? */
int cv_pn_attacked(const pn_pos *p, int cell, int c);
int cv_pn_king(const pn_pos *p, int c);
int cv_pn_in_check(const pn_pos *p);
/* The cells a move leaves its piece(s) on: one, or a Barricade's two. */
int cv_pn_end_cells(const pn_pos *p, const pn_move *m, uint8_t end[2]);
/* Is the piece on cell (of the side to move) frozen by a Herald? */
int cv_pn_frozen(const pn_pos *p, int cell);
int cv_pn_partner(const pn_pos *p, int cell);

/* Steps between two cells of the hexagon whose files and ranks differ by
 * dq and dr (axial coordinates: the third axis differs by dq + dr). */
static inline int pn_hex_steps(int dq, int dr)
{
    int ds = dq + dr;
    if (dq < 0) dq = -dq;
    if (dr < 0) dr = -dr;
    if (ds < 0) ds = -ds;
    return (dq + dr + ds) / 2;
}

/* The same for two cells of the spec's geometry. */
static inline int pn_cell_steps(const cv_geom *g, int a, int b)
{
    return pn_hex_steps(g->file[a] - g->file[b], g->rank[a] - g->rank[b]);
}

/* -- the fast generator (pn_fast.c) -- */
/* The same moves in the same order as cv_pn_gen_ref, and the same counts
 * as cv_pn_perft_ref; faster (pn_fast.c says how).  A variant it cannot
 * play (pn_opts.fast 0) is given the reference's answers. */
int cv_pn_gen(pn_pos *p, pn_move *out, int max);
uint64_t cv_pn_perft(pn_pos *p, int depth);
/* The same count with subtrees of depth 2 or more kept in t and taken
 * from it (count.h; NULL: none).  Only the fast generator keeps them. */
typedef struct cv_count_table cv_count_table;
uint64_t cv_pn_perft_table(pn_pos *p, int depth, cv_count_table *t);

/* -- the position code (pn_code.c) -- */
int cv_pn_code_read(const cv_variant *v, const char *text, pn_pos *p, cv_fen_errors *e);
size_t cv_pn_code_write(const pn_pos *p, char *buf, size_t size);
/* The label of a piece code as positions and moves write it ("B1", "p"). */
const char *cv_pn_label(const pn_pos *p, uint8_t pc, char buf[4]);
/* The piece code a label names (case gives the colour); 0 if none. */
uint8_t cv_pn_label_piece(const cv_variant *v, const char *s, int len);

/* -- Game Courier notation (pn_note.c) -- */
size_t cv_pn_move_format(const pn_pos *p, const pn_move *m, char *buf, size_t size);
cv_move_status cv_pn_move_read(pn_pos *p, const char *text, pn_move *out, char *why, size_t ws, int *lax);

/* -- why a move is refused (pn_why.c) -- */
/* Why no legal move gives sim, the board the sub-moves of text leave,
 * whose first piece moved goes from src to dst (src -1: none moves): the
 * piece is not the mover's or is frozen, the move leaves the King in
 * check, the piece reaches dst only as another move, cannot take or move
 * so, or is blocked. */
void cv_pn_explain(pn_pos *p, const uint8_t *sim, int src, int dst, const char *text, char *why, size_t ws);

#endif
