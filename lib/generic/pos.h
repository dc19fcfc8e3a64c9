/* pos: the state of a game between moves, and make/unmake.
 *
 * A position refers to its variant (never owned).  Besides the cells it
 * keeps per-colour occupancy bitsets so move generation visits only the
 * mover's pieces, the royal cells, and the castlings resolved to concrete
 * cells when the position was read (Chess960 rooks may start anywhere). */
#ifndef CV_POS_H
#define CV_POS_H
#include "variant.h"
#include <stdint.h>

#define CV_OCC_WORDS (CV_MAX_CELLS / 64)

typedef struct cv_castle {
    int8_t color;
    int8_t rule;                /* index in the variant's castle_rules */
    char letter;                /* right letter as read: K Q k q or a file letter */
    int16_t king_from, king_to, rook_from, rook_to;
    uint64_t empty[CV_OCC_WORDS];  /* must be empty except for king and rook */
    int16_t safe[CV_MAX_FILES];    /* king path, from and to included */
    int nsafe;
} cv_castle;

typedef struct cv_move {
    int16_t from, to;
    uint8_t promo;              /* promoted piece type + 1, 0 = none */
    uint8_t kind;               /* CV_MK_* */
    uint8_t castle;             /* index in pos->castle when kind is castling */
    uint8_t pad;
} cv_move;

enum { CV_MK_NORMAL = 0, CV_MK_DOUBLE = 1, CV_MK_EP = 2, CV_MK_CASTLE = 3 };

typedef struct cv_undo {
    uint8_t captured, moved, calm;
    int16_t cap_cell, ep, ep_victim;
    uint32_t castling;
    int halfmove;
    uint64_t hash;
} cv_undo;

typedef struct cv_pos {
    const cv_variant *v;
    uint8_t board[CV_MAX_CELLS];
    uint64_t occ[2][CV_OCC_WORDS];
    int nwords;                 /* occupancy words in use */
    int16_t royal[2];           /* cell of the single royal, -1 if none */
    int side;
    int16_t ep, ep_victim;      /* en passant target cell and the pawn it takes; -1 */
    uint32_t castling;          /* bit i: castle[i] still allowed */
    int ncastle;
    cv_castle castle[CV_MAX_CASTLE];
    uint8_t castle_clear[CV_MAX_CELLS]; /* rights lost when a move touches the cell (CV_MAX_CASTLE <= 8) */
    int halfmove, fullmove;
    uint64_t hash;
    /* calm: the side not to move is known not to be in check (a position
     * read and validated, and every position legal moves lead to from
     * it).  moved_from/moved_to: the last move, when it was a plain one
     * (no castling, no en passant) made in a calm position, else -1: then
     * whether it gave check is a question about two cells (cv_gen_in_check). */
    int16_t moved_from, moved_to;
    uint8_t calm;
} cv_pos;

void cv_gen_pos_clear(cv_pos *p, const cv_variant *v);
void cv_gen_pos_put(cv_pos *p, int cell, uint8_t piece);   /* also empties (piece 0) */

/* Adds the castling of rule r for colour c with the rook on rook_from;
 * returns its index or -1. */
int  cv_gen_pos_add_castle(cv_pos *p, int rule, int color, int king_from, int rook_from, char letter);
/* Recomputes castle_clear and the hash from scratch (after setup). */
void cv_gen_pos_refresh(cv_pos *p);

/* Is cell attacked by colour by?  Walks outward along every attack
 * direction; a royal on the cell does not block. */
int  cv_gen_attacked(const cv_pos *p, int cell, int by);
/* The same with the cell gone taken as empty (a royal lifted to test
 * where it may go: a rider's line goes on past it). */
int  cv_gen_attacked_past(const cv_pos *p, int cell, int by, int gone);
/* cv_gen_attacked_past by walking outward along every attack direction, cell
 * by cell, whatever the board: the reference the bitboard answer (taken
 * where the variant has one) is tested against. */
int  cv_gen_attacked_walk(const cv_pos *p, int cell, int by, int gone);
/* Cells of the pieces of colour by attacking cell; returns how many. */
int  cv_gen_attackers(const cv_pos *p, int cell, int by, int16_t *out, int max);
int  cv_gen_in_check(const cv_pos *p);   /* side to move's royal attacked */
/* The position is known to be one whose side not to move is not in
 * check (the validation found no opposite check). */
void cv_gen_pos_set_calm(cv_pos *p);

void cv_gen_make(cv_pos *p, cv_move m, cv_undo *u);
void cv_gen_unmake(cv_pos *p, cv_move m, const cv_undo *u);

/* A null move ("--" in PGN variations): the turn passes, nothing moves. */
void cv_gen_make_null(cv_pos *p, cv_undo *u);
void cv_gen_unmake_null(cv_pos *p, const cv_undo *u);

/* Insufficient material to mate for either side (bare kings, king and a
 * minor piece, bishops all on one colour), read from the pieces' names. */
int cv_gen_insufficient_material(const cv_pos *p);

/* Hash for repetition: the en passant cell counts only when a capture
 * there is legal, as FIDE 9.2 has it. */
uint64_t cv_gen_repetition_key(cv_pos *p);

uint64_t cv_gen_zobrist_piece(int cell, uint8_t piece);
uint64_t cv_gen_zobrist_side(void);
uint64_t cv_gen_zobrist_castle(int i);
uint64_t cv_gen_zobrist_ep(int cell);

static inline int cv_is_capture(const cv_pos *p, cv_move m)
{
    return m.kind == CV_MK_EP || (m.kind != CV_MK_CASTLE && p->board[m.to] != 0);
}
static inline int cv_move_eq(cv_move a, cv_move b)
{
    return a.from == b.from && a.to == b.to && a.promo == b.promo && a.kind == b.kind && a.castle == b.castle;
}
/* Rank of a cell counted from colour c's own side, 0-based. */
static inline int cv_rel_rank(const cv_variant *v, int cell, int c)
{
    int r = v->geom.rank[cell];
    return c ? v->geom.ranks - 1 - r : r;
}

#endif
