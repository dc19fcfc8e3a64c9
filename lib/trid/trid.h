/* trid: Star Trek Tri-Dimensional chess as the Parmen program plays it,
 * under two rule sets: trid-standard (Federation Standard as
 * docs/cvkit-variants.7 decides) and trid-tournament (Meder's Tournament Rules).
 *
 * The module is self-contained: its own position type, move generator,
 * perft, TD-FEN codec and the Parmen ("standard") and Romulan notations.
 * Every rule on which the sources disagree is a field of cv_trid_opts;
 * cv_trid_opts_default() fills the documented default of a rule set.
 *
 * Geometry.  Files a-f, ranks 0-9, levels 1-7.  A square is
 * cell * 8 + level with cell = rank * 6 + file, so the flat 6 x 10
 * projection (the cells) and the levels come out of a square by
 * arithmetic.  The three main boards are fixed; an attack board on pin
 * QLn/KLn covers the corner's column and row and the three squares
 * overhanging outward, one level above (upright) or below (inverted) its
 * main board.  The 24 pin/orientation places never share a square, so a
 * square exists exactly when it is on a main board or its place holds a
 * board: existence is computed from the pins, never from a list of
 * configurations.
 *
 * Positions are small plain structs (no pointers, no allocation): copy one
 * to keep it, and cv_trid_make() changes it in place.  Unmaking a move is
 * restoring the copy.
 *
 * Where the rules are silent this module decides (and says so here):
 * a board carries its pieces by translation, also on the sideways
 * QLn <-> KLn move (a4 -> e4); a pawn double-steps only from its side's
 * eight starting squares under both rule sets; a board leaving QL1/KL1
 * (QL6/KL6) ends the castling rights of that side's rook (king) on it;
 * a board's controller is one field, kept while the board is empty or
 * mixed, so it is also its last controller; the mover of a board chooses
 * the promotion of a pawn it leaves on a new last rank, whoever owns it. */
#ifndef CV_TRID_H
#define CV_TRID_H
#include "engine.h"
#include <stddef.h>
#include <stdint.h>

#define CV_TRID_FILES   6
#define CV_TRID_RANKS   10
#define CV_TRID_CELLS   60
#define CV_TRID_SQUARES (CV_TRID_CELLS * 8)   /* square ids, level 0 unused */
#define CV_TRID_PINS    12
#define CV_TRID_BOARDS  4
#define CV_TRID_LEVELS  0xFEu                 /* bits 1..7: every level */

/* Square ids and their parts. */
#define CV_TRID_SQ(file, rank, level) ((((rank) * 6 + (file)) << 3) | (level))
#define CV_TRID_CELL(sq)   ((sq) >> 3)
#define CV_TRID_LEVEL(sq)  ((sq) & 7)
#define CV_TRID_FILE(sq)   (((sq) >> 3) % 6)
#define CV_TRID_RANK(sq)   (((sq) >> 3) / 6)

/* Pieces: type | colour << 3; 0 is an empty square. */
enum { CV_TRID_PAWN = 1, CV_TRID_KNIGHT, CV_TRID_BISHOP, CV_TRID_ROOK, CV_TRID_QUEEN, CV_TRID_KING };
#define CV_TRID_PIECE(type, color) ((uint8_t)((type) | ((color) << 3)))
#define CV_TRID_TYPE(pc)  ((pc) & 7)
#define CV_TRID_COLOR(pc) ((pc) >> 3)
enum { CV_TRID_WHITE = 0, CV_TRID_BLACK = 1 };

/* Pins in TD-FEN order: QL1 KL1 QL2 KL2 ... QL6 KL6, so pin = 2 * (n - 1)
 * + (KL ? 1 : 0).  Boards by original owner: QLW KLW QLB KLB. */
enum { CV_TRID_QLW = 0, CV_TRID_KLW, CV_TRID_QLB, CV_TRID_KLB };

/* ---- rule options ---- */

typedef enum { CV_TRID_STANDARD = 0, CV_TRID_TOURNAMENT = 1 } cv_trid_ruleset;

typedef enum {
    /* Standard (docs/cvkit-variants.7 decision): toward a square on level L an
     * intermediate cell passes when its square on level L is empty, or,
     * having no square on L, when any of its squares is empty. */
    CV_TRID_BLOCK_LEVEL = 0,
    CV_TRID_BLOCK_ANY_PIECE,    /* Meder: any piece in the cell blocks */
    CV_TRID_BLOCK_ANY_EMPTY,    /* rejected reading: any empty square passes */
} cv_trid_block;

typedef enum {
    CV_TRID_LOAD_OWN_PAWN = 0,  /* Standard: empty, or one pawn of the controller */
    CV_TRID_LOAD_ONE_PIECE,     /* Tournament: at most one piece, of either side */
    CV_TRID_LOAD_EMPTY,         /* only empty boards move */
} cv_trid_load;

typedef enum {
    CV_TRID_BACK_ALWAYS = 0,    /* Standard: any adjacent pin */
    CV_TRID_BACK_EMPTY_ONLY,    /* Tournament: a loaded board may not move backward */
    CV_TRID_BACK_NEVER,
} cv_trid_backward;

typedef enum {
    CV_TRID_PROMO_FIXED = 0,    /* Standard: rank 9 or rank 8 on level 6 (Black 0, or 1 on level 2) */
    CV_TRID_PROMO_TRUE_LAST,    /* Tournament: the last rank of the file as the boards stand */
} cv_trid_promo;

typedef enum {
    CV_TRID_CASTLE_ANY_TIME = 0,    /* Standard */
    CV_TRID_CASTLE_NOT_MOVE_ONE,    /* Tournament: not while the fullmove number is 1 */
    CV_TRID_CASTLE_NEVER,
} cv_trid_castle;

typedef enum {
    CV_TRID_EP_ANY_FREE = 0,    /* land on any unoccupied square of the passed cell */
    CV_TRID_EP_NONE,            /* Parmen itself never implemented it */
} cv_trid_ep;

typedef struct cv_trid_opts {
    cv_trid_ruleset ruleset;    /* which defaults these started from (names, messages) */
    cv_trid_block block;
    uint8_t void_passes;        /* a void cell (no square) passes (1) or blocks (0) */
    cv_trid_load load;
    cv_trid_backward backward;
    uint16_t adj[CV_TRID_PINS]; /* bit q of adj[p]: a board on pin p may move to pin q */
    cv_trid_promo promo;
    uint8_t promo_types;        /* bit t: promotion to type t allowed (Q R B N by default) */
    cv_trid_castle castle;
    cv_trid_ep ep;
    uint8_t inversion;          /* reserved: inverted boards; must stay 0 */
} cv_trid_opts;

/* The documented defaults of a rule set. */
void cv_trid_opts_default(cv_trid_opts *o, cv_trid_ruleset rs);
/* Sets one option by its spec key and value word; -1 with a message in
 * err otherwise.  Keys (defaults standard / tournament):
 *   blocking          level / any-piece (also any-empty)
 *   void-cells        block / pass
 *   board-load        own-pawn / one-piece (also empty)
 *   board-backward    always / empty-only (also never)
 *   board-adjacency   roth / meder, or edges "1-3 3-2 ..." (both sides) and "QL1-KL1"
 *   promotion         fixed / true-last
 *   promotion-pieces  QRBN (any subset)
 *   castling          any-time / not-move-one (also never)
 *   en-passant        any-free (also none)
 *   inversion         off (reserved) */
int cv_trid_opts_set(cv_trid_opts *o, const char *key, const char *value, char *err, size_t errsize);
/* "trid-standard" / "trid-tournament"; the reader also takes "standard",
 * "federation", "tournament", "meder".  -1 when unknown. */
const char *cv_trid_ruleset_name(cv_trid_ruleset rs);
int cv_trid_ruleset_from_name(const char *name);

/* ---- position ---- */

typedef struct cv_trid_board {
    int8_t pin;         /* 0..11 */
    int8_t inverted;
    int8_t ctrl;        /* controller; for an empty or mixed board the last one */
} cv_trid_board;

typedef struct cv_trid_pos {
    cv_trid_opts o;
    uint8_t pc[CV_TRID_CELLS][8];       /* piece on (cell, level) */
    uint8_t exist[CV_TRID_CELLS];       /* bit L: the cell has a square on level L */
    uint8_t occ[2][CV_TRID_CELLS];      /* bit L: a piece of that colour there */
    uint64_t cells[2];                  /* bit c: colour has a piece in cell c */
    uint64_t tcells[2][8];              /* bit c: colour has a piece of type t in cell c */
    /* The same squares level by level (the transpose of exist and occ),
     * so the blocking rule can be judged for a whole level at once. */
    uint64_t lexist[8];                 /* bit c of [L]: cell c has a square on level L */
    uint64_t locc[2][8];                /* bit c of [colour][L]: a piece of colour on (c, L) */
    uint64_t sq64[2];                   /* bit s: a piece of colour on square s of the 64 (cv_trid_sq64) */
    /* The levels summed per cell, kept in step with the bytes, so the
     * blocking rule needs no pass over the seven levels at each node. */
    uint64_t cany;                      /* bit c: cell c has a square on some level */
    uint64_t cfree;                     /* bit c: cell c has an empty square */
    uint64_t copen[2];                  /* bit c of [colour]: cell c has a square without a piece of that colour */
    int8_t pinboard[CV_TRID_PINS];      /* board on each pin, -1 none */
    cv_trid_board board[CV_TRID_BOARDS];
    int16_t king[2];                    /* square of each king, -1 none (or several) */
    int8_t side;
    uint8_t castling;                   /* 1 K, 2 Q, 4 k, 8 q */
    int16_t ep;                         /* square of the pawn that just double-stepped, -1 */
    int halfmove, fullmove;
} cv_trid_pos;

enum { CV_TRID_CASTLE_WK = 1, CV_TRID_CASTLE_WQ = 2, CV_TRID_CASTLE_BK = 4, CV_TRID_CASTLE_BQ = 8 };

/* An empty position: no pieces, the four boards on their start pins,
 * White to move, no rights, fullmove 1. */
void cv_trid_clear(cv_trid_pos *p, const cv_trid_opts *o);
/* The start position. */
void cv_trid_start(cv_trid_pos *p, const cv_trid_opts *o);
/* The start position in TD-FEN (the same text for both rule sets). */
const char *cv_trid_start_fen(cv_trid_ruleset rs);

/* Puts a piece (0 empties) on an existing square; returns -1 when the
 * square does not exist.  Keeps kings and board control up to date. */
int cv_trid_put(cv_trid_pos *p, int sq, uint8_t piece);
/* Places board b on pin (inverted or not), moving it with its pieces'
 * places if it stood elsewhere; returns -1 when the pin holds another
 * board.  Pin -1 takes the board and its pieces off the frame (a board
 * off the frame only exists while a position is being set up: it is
 * invalid and never moves).  Used to set up positions, not a game move. */
int cv_trid_place_board(cv_trid_pos *p, int b, int pin, int inverted);

static inline int cv_trid_exists(const cv_trid_pos *p, int sq)
{
    return sq >= 0 && sq < CV_TRID_SQUARES && (p->exist[sq >> 3] >> (sq & 7) & 1);
}
static inline uint8_t cv_trid_at(const cv_trid_pos *p, int sq) { return p->pc[sq >> 3][sq & 7]; }

/* The 64 squares as one set: bits 0-47 the main boards' squares (16 a
 * board, White's level 2 first, then by rank and file), bits 48 + 4b to
 * 51 + 4b board b's four squares wherever it stands (its lower rank's
 * queen-side square first).  A board move leaves these bits as they are.
 * -1 for a square that does not exist in p. */
int cv_trid_sq64(const cv_trid_pos *p, int sq);

/* Geometry of pins and places. */
int cv_trid_pin_level(int pin, int inverted);       /* level of a board on the pin */
int cv_trid_pin_main_level(int pin);                /* level of the main board it stems from */
int cv_trid_pin_corner(int pin);                    /* corner cell of the main board */
int cv_trid_pin_min_rank(int pin);                  /* lower of the two ranks it covers */
/* Pin and orientation whose board would hold sq: pin + 12 * inverted,
 * -1 for a main-board square or a square no board can hold. */
int cv_trid_place_of(int sq);
/* Board holding an existing square of p, -1 for a main-board square. */
int cv_trid_board_of(const cv_trid_pos *p, int sq);

/* Levels toward which a ride may pass cell (bit L: a piece heading for a
 * square on level L gets through): the whole blocking rule of p's options. */
unsigned cv_trid_passmask(const cv_trid_pos *p, int cell);
/* Would a pawn of colour on sq promote, the boards standing as in p? */
int cv_trid_promotes(const cv_trid_pos *p, int sq, int color);
/* Colours standing on board b: bit 0 white, bit 1 black. */
unsigned cv_trid_board_colors(const cv_trid_pos *p, int b);

/* Names: "a0(3)", "QL3", "QLW"; parsers return -1 when not one. */
size_t cv_trid_sq_name(int sq, char *buf, size_t size);
int cv_trid_sq_parse(const char *s, int *len);
const char *cv_trid_pin_name(int pin);
int cv_trid_pin_parse(const char *s);
const char *cv_trid_board_name(int b);
int cv_trid_board_parse(const char *s);
char cv_trid_piece_char(uint8_t pc);                /* 'P'..'K', 'p'..'k' */

/* ---- moves ---- */

enum {
    CV_TRID_MK_NORMAL = 0,
    CV_TRID_MK_DOUBLE,      /* pawn double step */
    CV_TRID_MK_EP,          /* en passant */
    CV_TRID_MK_CASTLE_K,
    CV_TRID_MK_CASTLE_Q,
    CV_TRID_MK_BOARD,       /* attack-board move */
};

typedef struct cv_trid_move {
    int16_t from, to;       /* squares; pins for a board move */
    uint8_t kind;           /* CV_TRID_MK_* */
    uint8_t promo;          /* type the moving (or carried) pawn becomes, 0 none */
    uint8_t promo2;         /* board move: type for a pawn left on a new last rank */
    uint8_t board;          /* board moved (CV_TRID_MK_BOARD) */
} cv_trid_move;

#define CV_TRID_MAX_MOVES 1024

typedef struct cv_trid_movelist {
    int n;
    cv_trid_move m[CV_TRID_MAX_MOVES];
} cv_trid_movelist;

static inline int cv_trid_move_eq(cv_trid_move a, cv_trid_move b)
{
    return a.from == b.from && a.to == b.to && a.kind == b.kind && a.promo == b.promo &&
           a.promo2 == b.promo2 && a.board == b.board;
}

/* Moves that obey every rule except that the mover's king may be left
 * attacked. */
int cv_trid_gen_pseudo(const cv_trid_pos *p, cv_trid_movelist *ml);
/* Legal moves; returns their number.  Two generators give the same list
 * in the same order: the set-based one (default) and the reference one
 * (coordinate walks, every doubtful move played on a copy), chosen with
 * cv_trid_use_reference() or CVKIT_TRID_GEN=reference in the environment
 * (read on the first call). */
int cv_trid_gen_legal(const cv_trid_pos *p, cv_trid_movelist *ml);
/* 1: the reference code from now on (generator, cv_trid_attacked(),
 * cv_trid_in_check(), cv_trid_is_safe()); 0: the set-based one; -1 only
 * asks.  Returns the choice in force before the call. */
int cv_trid_use_reference(int on);
int cv_trid_count_legal(const cv_trid_pos *p);

/* Plays m (which must come from the generator).  Returns the set of
 * boards whose controller changed (bit b), which Parmen marks with '*'. */
unsigned cv_trid_make(cv_trid_pos *p, cv_trid_move m);

/* Is square sq (existing or not) attacked by colour by?  Paths are
 * judged toward sq's level, so the answer is about a piece standing there. */
int cv_trid_attacked(const cv_trid_pos *p, int sq, int by);
/* Squares of the pieces of colour by attacking sq; returns how many. */
int cv_trid_attackers(const cv_trid_pos *p, int sq, int by, int16_t *out, int max);
int cv_trid_in_check(const cv_trid_pos *p);
/* Does m leave its mover's king unattacked? */
int cv_trid_is_safe(const cv_trid_pos *p, cv_trid_move m);

enum { CV_TRID_PLAYING = 0, CV_TRID_CHECKMATE, CV_TRID_STALEMATE };
int cv_trid_outcome(const cv_trid_pos *p);

/* Perft with bulk counting at the last ply. */
uint64_t cv_trid_perft(const cv_trid_pos *p, int depth);
/* The same count with subtrees of depth 2 and more kept in t and taken
 * from it (count.h; NULL: none). */
typedef struct cv_count_table cv_count_table;
uint64_t cv_trid_perft_table(const cv_trid_pos *p, int depth, cv_count_table *t);
/* A 64-bit key of everything the moves from p depend on: the pieces, the
 * boards (pin, inversion, controller), the side, castling, en passant,
 * and whether castling still waits for move two.  Not the clocks. */
uint64_t cv_trid_key(const cv_trid_pos *p);

/* ---- TD-FEN ---- */

enum { CV_TRID_E_SYNTAX, CV_TRID_E_LAX, CV_TRID_E_POSITION };
#define CV_TRID_MAX_ERRORS 32

/* A problem as every engine's reader keeps it: column, kind (CV_TRID_E_*,
 * numbered as the interface's CV_FE_*), message. */
typedef cv_fen_error cv_trid_error;

typedef struct cv_trid_errors {
    int n;
    cv_trid_error e[CV_TRID_MAX_ERRORS];
    int fieldcol[7];                    /* column of each field, 0 unknown */
    int16_t sqcol[CV_TRID_SQUARES];     /* column each square was read at, 0 unknown */
    int16_t boardcol[CV_TRID_BOARDS];   /* column of each board's entry */
    int16_t castlecol[4];               /* column each castling letter KQkq was read at */
} cv_trid_errors;

/* Reads a TD-FEN into p under the options o.  Syntax errors make the
 * position unusable (returns -1); deviations from the canonical form are
 * CV_TRID_E_LAX; then the position is validated (CV_TRID_E_POSITION).
 * Returns 0 when usable (errors may still have been recorded). */
int cv_trid_fen_read(const char *fen, const cv_trid_opts *o, cv_trid_pos *p, cv_trid_errors *e);
/* Appends the position's problems to e (which may come from the reader
 * for columns, or be zeroed); returns how many. */
int cv_trid_validate(const cv_trid_pos *p, cv_trid_errors *e);
/* The castling rights (CV_TRID_CASTLE_*) whose king and rook stand on
 * their home squares in p. */
unsigned cv_trid_castling_possible(const cv_trid_pos *p);
/* Writes the canonical TD-FEN; returns its length. */
size_t cv_trid_fen_write(const cv_trid_pos *p, char *buf, size_t size);

/* ---- notation ---- */

typedef enum {
    CV_TRID_NOTE_PARMEN = 0,    /* Pc2-c4(2), QLW-b3(4), o-o */
    CV_TRID_NOTE_ROMULAN,       /* Pb2W-b4W, QL1-QL3, O-O */
    CV_TRID_NOTE_AUTO,          /* reading only: either */
} cv_trid_notation;

/* Writes m (legal in p); legal: p's legal moves when at hand (for the
 * origin level of like pieces sharing a cell), or NULL.  The check,
 * mate and '*' suffixes are computed.  Returns the length. */
size_t cv_trid_move_format(const cv_trid_pos *p, const cv_trid_movelist *legal, cv_trid_move m,
                           cv_trid_notation nt, char *buf, size_t size);

/* Values as cv_move_status in notation.h. */
typedef enum {
    CV_TRID_MOVE_OK = 0,
    CV_TRID_MOVE_SYNTAX,
    CV_TRID_MOVE_ILLEGAL,
    CV_TRID_MOVE_AMBIGUOUS,
} cv_trid_move_status;

typedef struct cv_trid_parse {
    cv_trid_move_status status;
    cv_trid_move move;          /* when OK */
    int ncand;
    cv_trid_move cand[8];       /* the matches when ambiguous */
    char why[320];              /* reason when not OK */
    int lax;                    /* accepted thanks to tolerance (0-0, no '=', no level, wrong x/-) */
    char check_written;         /* '+', '#' or 0: the suffix as written */
    int star_written;           /* '*' written */
    char check_actual;          /* '+', '#' or 0: what the move really does (when OK) */
    int star_actual;
} cv_trid_parse;

/* Resolves text against p's legal moves (legal may be NULL). */
cv_trid_move_status cv_trid_move_read(const cv_trid_pos *p, const cv_trid_movelist *legal, const char *text,
                                      cv_trid_notation nt, cv_trid_parse *r);

#endif
