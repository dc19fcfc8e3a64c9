/* pw: Schmittberger's Parallel Worlds chess, as docs/rules/parallelworlds.md
 * and docs/cvkit-variants.7 have it: three 8 x 8 levels, turns of one to three single moves ending on
 * distinct levels, level 2 where everything moves as a queen and nothing
 * captures, the game won by capturing either enemy king.
 *
 * Squares are numbered level * 64 + rank * 8 + file (levels 0, 1, 2 for
 * the page's 1, 2, 3; rank 0 is rank 1).  Positions are plain structs:
 * copy one to keep it.  A turn is played move by move (cv_pw_play) and then
 * closed (cv_pw_end_turn): the side changes, the en passant targets become
 * the double steps of the turn, the clocks move.
 *
 * Rule options (the page's decisions, with their defaults) live in pw_opts;
 * see cv_pw_opts_set for their spec keys. */
#ifndef CV_PW_H
#define CV_PW_H
#include "engine.h"
#include <stddef.h>
#include <stdint.h>

#define PW_SQUARES 192
#define PW_SQ(level, rank, file) ((level) * 64 + (rank) * 8 + (file))
#define PW_LEVEL(s) ((s) >> 6)
#define PW_RANK(s) (((s) >> 3) & 7)
#define PW_FILE(s) ((s) & 7)

enum { PW_PAWN = 1, PW_KNIGHT, PW_BISHOP, PW_ROOK, PW_QUEEN, PW_KING };
#define PW_PIECE(type, color) ((uint8_t)((type) | ((color) << 3)))
#define PW_TYPE(pc) ((pc) & 7)
#define PW_COLOR(pc) ((pc) >> 3)

typedef struct pw_opts {
    uint8_t en_passant;         /* 1: next turn, on its level (default); 0: none */
    uint8_t castling;           /* 1: orthodox squares, no attack test (default); 0: none */
    uint8_t first_rank_capture; /* 1: a pawn on its first rank captures diagonally (default) */
    uint8_t first_turn_moves;   /* White's very first turn: at most 2 (default) */
    uint8_t turn_moves;         /* any other turn: at most 3 (default) */
    /* How knights, bishops, rooks, queens and kings move on the outer
     * levels, by PW type, from the spec's pieces (chess's, inherited):
     * bit i of step/slide is king direction i one square / any distance,
     * of leap knight vector i.  Level 2 moves every piece as the queen. */
    uint8_t step[7], slide[7], leap[7];
} pw_opts;

void cv_pw_opts_default(pw_opts *o);
/* The moves of the pieces from the spec's atoms (pieces lettered as
 * PW-FEN writes them, K Q R B N P); -1 with a message when a piece is
 * missing or moves in a way the engine cannot play. */
int cv_pw_opts_pieces(pw_opts *o, const cv_variant *v, char *err, size_t errsize);
/* Sets an option by its spec key and value; -1 with a message otherwise.
 *   en-passant          next-turn | none
 *   castling            orthodox | none
 *   first-rank-capture  yes | no
 *   first-turn-moves    1 | 2 | 3
 *   turn-moves          1 | 2 | 3 */
int cv_pw_opts_set(pw_opts *o, const char *key, const char *value, char *err, size_t errsize);

typedef struct pw_pos {
    pw_opts o;
    uint8_t b[PW_SQUARES];
    int8_t side;
    uint8_t castling;           /* bit (outer * 4 + k): outer 0 = level 1, 1 = level 3; k: K Q k q */
    int16_t ep[2];              /* target square on level 1 and on level 3, -1 none */
    uint8_t over;               /* a king was captured: the game has ended */
    int halfmove, fullmove;     /* in turns */
} pw_pos;

enum { PW_MK_NORMAL = 0, PW_MK_DOUBLE, PW_MK_EP, PW_MK_CASTLE_K, PW_MK_CASTLE_Q, PW_MK_LEVEL };

typedef struct pw_move {
    uint8_t from, to;
    uint8_t promo;              /* type, 0 none */
    uint8_t kind;               /* PW_MK_* */
} pw_move;

typedef struct pw_turn {
    uint8_t n;
    pw_move m[3];
} pw_turn;

/* Where a turn stands while it is being played. */
typedef struct pw_state {
    uint64_t moved[3];          /* squares of the pieces that have moved this turn */
    uint8_t levels;             /* bit L: a move of the turn ended on level L */
    uint8_t n;                  /* moves played */
    uint8_t any_capture_or_pawn;
    int16_t new_ep[2];          /* double steps of this turn, by outer level */
} pw_state;

void cv_pw_clear(pw_pos *p, const pw_opts *o);
void cv_pw_start(pw_pos *p, const pw_opts *o);
const char *cv_pw_start_fen(void);
void cv_pw_state_init(pw_state *s);

/* The most moves the side to move may play this turn. */
int cv_pw_turn_limit(const pw_pos *p);

#define PW_MAX_SINGLE 512
/* The single moves that may come next in the turn (state s); returns how
 * many.  None when the game is over or the turn is full. */
int cv_pw_gen(const pw_pos *p, const pw_state *s, pw_move *out);
/* How many moves cv_pw_gen() would give, without listing them (set
 * operations on each level; pw_count.c). */
int cv_pw_count(const pw_pos *p, const pw_state *s);
/* Plays one single move (from cv_pw_gen) and records it in s; returns 1 when
 * it captured a king (the game, and so the turn, is over). */
int cv_pw_play(pw_pos *p, pw_state *s, pw_move m);
/* Closes the turn: side, en passant targets, clocks. */
void cv_pw_end_turn(pw_pos *p, const pw_state *s);
/* Plays a whole turn (which must be legal). */
void cv_pw_make_turn(pw_pos *p, const pw_turn *t);

typedef void (*pw_turn_fn)(void *arg, const pw_pos *p, const pw_turn *t);
/* Calls fn for every legal turn; returns how many. */
uint64_t cv_pw_each_turn(const pw_pos *p, pw_turn_fn fn, void *arg);

/* ---- searching (pw_search.c, pw_eval.c) ---- */

/* The engine's search entries: a node is a position and the turn so far,
 * a step one single move or the end of the turn (engine.h). */
extern const cv_engine_search cv_pw_search;

/* How the position stands for the side to move with the turn at s so
 * far, in centipawns (pw_eval.c says what it weighs). */
int cv_pw_eval(const pw_pos *p, const pw_state *s);

/* ---- counting (pw_perft.c) ---- */

/* Turns at depth (a node is a whole turn), with ctx's table when it has
 * one; ctx->singles grows by the single moves of the tree counted: each
 * turn at every depth from 1 to depth ends with one single move, and its
 * earlier moves are the moves of the turns that are its prefixes, so
 * this is the number of turns at depths 1 to depth added up: the moves a
 * count without a table plays, and those it counts unplayed at a turn's
 * last step.  The table keeps it beside the turns, so the table does not
 * change it. */
uint64_t cv_pw_perft(const pw_pos *p, int depth, cv_count_ctx *ctx);

/* ---- text ---- */

/* kind: 0 syntax, 1 lax, 2 position (the interface's CV_FE_*) */
typedef cv_fen_error pw_error;

typedef struct pw_errors {
    int n;
    pw_error e[32];
    int fieldcol[8];
} pw_errors;

int cv_pw_fen_read(const char *text, const pw_opts *o, int lenient, pw_pos *p, pw_errors *e);
size_t cv_pw_fen_write(const pw_pos *p, char *buf, size_t size);
/* "1e2", "3h8"; -1 when not a square. */
int cv_pw_sq_parse(const char *s);
size_t cv_pw_sq_name(int sq, char *buf, size_t size);

/* One move in the page's notation (`N3g1-3f3`, `1e7x1d8=Q`, `K1e1-1g1`),
 * written in p before it is played. */
size_t cv_pw_move_format(const pw_pos *p, pw_move m, char *buf, size_t size);
size_t cv_pw_turn_format(const pw_pos *p, const pw_turn *t, char *buf, size_t size);

typedef enum { PW_OK = 0, PW_SYNTAX, PW_ILLEGAL, PW_AMBIGUOUS } pw_status;
/* Reads a turn ("1e2-1e4,3d2-3d4"), each move against the moves legal at
 * its point of the turn; why says what is wrong and lax is set for
 * tolerated forms ('-' for a capture, "O-O"). */
pw_status cv_pw_turn_read(const pw_pos *p, const char *text, pw_turn *t, char *why, size_t whysize, int *lax);

#endif
