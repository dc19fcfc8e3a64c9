/* replay: plays the moves of a game record, main line and variations, on
 * whichever engine plays its variant (engine.h).
 *
 * Each variation is played from the position before the move it replaces.
 * When a move cannot be played, the rest of its line (and the variations
 * hanging from that rest) cannot be either: the first bad move of a line
 * is reported and its followers are passed over, but every other line of
 * the game is still played.  The start position comes from the SetUp/FEN
 * tags and the spec from the Variant tag, or the caller's default. */
#ifndef CV_REPLAY_H
#define CV_REPLAY_H
#include "engine.h"
#include "record.h"

typedef struct cv_replay_ev {
    size_t tok;                 /* index of the move token in g->tokens */
    const cv_token *t;
    int depth;                  /* 0 main line */
    const cv_apos *before;      /* position the move is played in */
    const cv_amove *move;       /* the move read (when it was read) */
    const cv_move_info *info;   /* how the text was read */
    const cv_apos *after;       /* the position reached (played moves only) */
    const char *why;            /* bad moves: the reason */
    int mark_only;              /* the move was played; only its check mark is wrong */
    int out_of_sequence;        /* the record's number or colour is not the game's */
    long line, col;             /* bad moves: where the token starts */
} cv_replay_ev;

/* The move in notation nt, the move number as "23." or "23...", and the
 * position text after the move. */
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
    int stalemate_loses;        /* the stalemated side has lost (Panoply) */
    int draws;                  /* CV_DRAW_* facts of the final position */
    int repetitions;            /* times the final position occurred */
    int side;                   /* side to move in the final position */
} cv_replay_result;

typedef struct cv_replayer cv_replayer;

cv_replayer *cv_replayer_new(void);
/* Flags for reading moves (CV_READ_PBM, CV_READ_STRICT_SAN); 0 by default. */
void cv_replayer_set_read_flags(cv_replayer *r, unsigned flags);
/* The notation moves are read in (cv_any_notation; 0 by default: the
 * engine's main one, which also takes its other notations). */
void cv_replayer_set_notation(cv_replayer *r, int nt);
/* Check marks: CV_MARKS_ERROR makes a wrong or missing '+'/'#' a bad
 * move (strict PGN), CV_MARKS_WARN a warning through the hook's bad
 * event with mark_only set (Parmen listings), 0 ignores them. */
enum { CV_MARKS_IGNORE = 0, CV_MARKS_ERROR, CV_MARKS_WARN };
void cv_replayer_set_marks(cv_replayer *r, int marks);
/* numbers: a move whose number or colour is not the position's is a bad
 * move ("out of sequence"), as a listing's numbers are part of it. */
void cv_replayer_set_numbers(cv_replayer *r, int numbers);
void cv_replayer_free(cv_replayer *r);

/* Chooses the game's variant and start position.  Returns 0, or -1 with
 * a reason in why (unknown Variant, bad FEN, SetUp without FEN) and the
 * place of the offending tag in line and col. */
int cv_replay_start(const cv_record *g, const cv_variant *deflt, const cv_variant **v, cv_apos *start, char *why,
                    size_t whysize, long *line, long *col);

/* The notation game g's moves are read in under v (docs/cvkit-formats.5,
 * "The notation of a game"): given (the run's --notation) when not NULL;
 * else the game's Notation tag (a notation name of v's engine, in any
 * case); else the notation the shape of one of its moves says
 * (cv_any_notation_shape: pbm for "nl3"); else 0, the engine's default
 * reading, which takes its other notations too.  -1 when given or the
 * tag's value is not a notation of v: why says so, line and col the place
 * (the tag's, or the game's). */
int cv_replay_notation(const cv_record *g, const cv_variant *v, const char *given, char *why, size_t whysize,
                       long *line, long *col);

/* Plays the game from start; returns the number of bad moves.  final,
 * when not NULL, gets the last main-line position reached. */
int cv_replay(cv_replayer *r, const cv_record *g, const cv_apos *start, const cv_replay_hooks *h, void *arg,
              cv_replay_result *res, cv_apos *final);

/* The result the final position implies ("1-0" for White's mate, "1/2-1/2"
 * for stalemate), or NULL when the game is not over. */
const char *cv_replay_implied_result(const cv_replay_result *r);

#endif
