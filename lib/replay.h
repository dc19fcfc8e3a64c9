/* replay: plays the moves of a parsed PGN game, main line and variations.
 *
 * Each variation is played from the position before the move it replaces.
 * When a move cannot be played, the rest of its line (and the variations
 * hanging from that rest) cannot be either: the first bad move of a line
 * is reported and its followers are passed over, but every other line of
 * the game is still played.  The start position comes from the SetUp/FEN
 * tags and the spec from the Variant tag, or the caller's default. */
#ifndef CV_REPLAY_H
#define CV_REPLAY_H
#include "movegen.h"
#include "notation.h"
#include "pgn.h"
#include "anypos.h"

typedef struct cv_replay_ev {
    size_t tok;                 /* index of the move token in g->tokens */
    const cv_pgn_token *t;
    int depth;                  /* 0 main line */
    /* generic engine: */
    const cv_pos *before;       /* position the move is played in */
    const cv_movelist *legal;   /* its legal moves when known, else NULL */
    const cv_move_parse *parse; /* how the text was read */
    const cv_pos *after;        /* the position reached (played moves only) */
    /* trid module (the generic fields are NULL): */
    const cv_trid_pos *tbefore, *tafter;
    const cv_trid_parse *tparse;
    const char *why;            /* bad moves: the reason */
} cv_replay_ev;

/* Whichever engine played it: the move in notation nt (CV_ANY_*), the
 * move number as "23." or "23...", and the FEN after the move. */
size_t cv_replay_ev_move(const cv_replay_ev *e, int nt, char *buf, size_t size);
size_t cv_replay_ev_number(const cv_replay_ev *e, char *buf, size_t size);
size_t cv_replay_ev_fen(const cv_replay_ev *e, char *buf, size_t size);

typedef struct cv_replay_hooks {
    void (*move)(void *arg, const cv_replay_ev *e);  /* every move played */
    void (*bad)(void *arg, const cv_replay_ev *e);   /* first bad move of a line */
} cv_replay_hooks;

enum { CV_DRAW_STALEMATE = 1, CV_DRAW_FIFTY = 2, CV_DRAW_REPETITION = 4, CV_DRAW_MATERIAL = 8 };

typedef struct cv_replay_result {
    int bad_moves;              /* lines that stopped at a bad move */
    int mainline_complete;      /* every main-line move was played */
    int plies;                  /* main-line plies played */
    int mate, stalemate;        /* of the final main-line position */
    int draws;                  /* CV_DRAW_* facts of the final position */
    int repetitions;            /* times the final position occurred */
} cv_replay_result;

typedef struct cv_replayer cv_replayer;

cv_replayer *cv_replayer_new(void);
/* Flags for reading moves (CV_READ_PBM); 0 by default. */
void cv_replayer_set_read_flags(cv_replayer *r, unsigned flags);
void cv_replayer_free(cv_replayer *r);

/* Chooses the game's variant and start position.  Returns 0, or -1 with
 * a reason in why (unknown Variant, bad FEN, SetUp without FEN) and the
 * place of the offending tag in line and col. */
int cv_replay_start(const cv_pgn_game *g, const cv_variant *deflt, const cv_variant **v,
                    cv_anypos *start, char *why, size_t whysize, long *line, long *col);

/* Plays the game from start; returns the number of bad moves.  final,
 * when not NULL, gets the last main-line position reached. */
int cv_replay(cv_replayer *r, const cv_pgn_game *g, const cv_anypos *start, const cv_replay_hooks *h,
              void *arg, cv_replay_result *res, cv_anypos *final);

/* Insufficient material to mate for either side (bare kings, king and a
 * minor piece, bishops all on one colour), read from the pieces' names. */
int cv_insufficient_material(const cv_pos *p);

#endif
