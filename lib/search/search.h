/* search: the best move of a position, for every engine, once.
 *
 * Written against the engine interface only (engine.h, cv_engine_search):
 * iterative deepening over an alpha-beta search with principal variation
 * search, a transposition table on the engine's node key, quiescence on
 * captures and promotions, move ordering (table move, captures by victim
 * then attacker, killers, history), null-move pruning and late-move
 * reductions where the engine allows them, a check extension, mate
 * scores by the distance in turns, and draws by the variant's rules
 * (the engine's judge, repetition along the path and the game).
 *
 * A search step is one single move; where a turn is several, the turn is
 * searched as a sequence of single moves by the same side, "end the turn
 * here" among them, and the result is put back together into the whole
 * move the engine's gen lists.  Scores are from the side to move's view.
 *
 * One search runs on one thread.  At a fixed depth or node count it is
 * deterministic: the same move, score, nodes and principal variation
 * every run, whatever the load (time is read only when a time limit is
 * set). */
#ifndef CV_SEARCH_H
#define CV_SEARCH_H
#include "engine.h"
#include <stdint.h>

#define CV_SEARCH_MAX_PLY 128
#define CV_SEARCH_MAX_PV  64
/* A score at or past this is a mate: CV_SCORE_MATE - turns. */
#define CV_SCORE_MATE     30000
#define CV_SCORE_MATE_MIN (CV_SCORE_MATE - 1000)
#define CV_SCORE_INF      32000

typedef struct cv_search cv_search;

typedef struct cv_search_limits {
    int depth;              /* 0: no limit (CV_SEARCH_MAX_PLY) */
    uint64_t nodes;         /* 0: no limit */
    double movetime;        /* seconds for this move; 0: none */
    /* A game clock: seconds left to the side to move, the increment a
     * move, moves to the next time control (0: the rest of the game).
     * clock 0: none.  The search takes a share of it. */
    double clock, inc;
    int movestogo;
    /* No null move and no reductions, and the table's scores taken only
     * at the depth they were searched to: then the table changes how
     * fast a score is found, never the score. */
    int plain;
} cv_search_limits;

/* What the search has found, after each depth and at the end. */
typedef struct cv_search_info {
    int depth;              /* completed depth, in single moves */
    int seldepth;
    int score;              /* centipawns, side to move's view */
    int mate;               /* 0, else turns to mate (negative: mated) */
    uint64_t nodes;
    double seconds;
    int npv;                /* whole moves of the principal variation */
    cv_amove pv[CV_SEARCH_MAX_PV];
} cv_search_info;

typedef void (*cv_search_report_fn)(void *arg, const cv_apos *root, const cv_search_info *info);

/* A search with a table of hash_mb megabytes (0: no table).  NULL when
 * out of memory. */
cv_search *cv_search_new(size_t hash_mb);
void cv_search_free(cv_search *s);
/* Forgets what earlier searches learnt (a new game). */
void cv_search_clear(cv_search *s);

/* The key of a position as the search keeps it, for a game's earlier
 * positions (cv_search_run's history). */
uint64_t cv_search_key(const cv_apos *a);

/* The engine of a can be searched. */
int cv_search_available(const cv_apos *a);

/* Searches root.  history: the keys (cv_search_key) of the game's
 * earlier positions, oldest first, for repetitions; report (may be NULL)
 * is called after each completed depth.  Returns 1 with the best move in
 * info->pv[0], 0 when the position has no move (info->score says how the
 * game ended: 0 a draw, -CV_SCORE_MATE lost), -1 when the engine has no
 * search. */
int cv_search_run(cv_search *s, const cv_apos *root, const uint64_t *history, int nhistory,
                  const cv_search_limits *lim, cv_search_report_fn report, void *arg,
                  cv_search_info *info);

/* Asks a running search (from a signal handler or another thread) to
 * stop and return what it has. */
void cv_search_stop(cv_search *s);

/* The game's end at a (without searching): CV_JUDGE_* for the side to
 * move, by the engine's judge and, when there is no move, by what a
 * position without one means in the game. */
int cv_search_judge(const cv_apos *a);

/* ---- a forced win proved (prove.c) ---- */

/* The fewest turns, 1 to most, in which the side to move at a forces the
 * opponent's loss (mate, a captured king, a stalemate that loses: the
 * engine's judge), found by trying every single move of every turn
 * (no evaluation, no pruning but stopping at the first proof; captures,
 * checks and the moves that settled a sibling are tried first, and a
 * node met again byte for byte is answered from a table); 0 when there
 * is none within most, -1 when the engine has no search entries or
 * memory ran out.  *nodes (may be NULL) counts the moves searched.
 * Repetitions are not looked at: a proof of a few turns needs none. */
int cv_search_prove(const cv_apos *a, int most, uint64_t *nodes);

/* ---- what a search found, as text (report.c) ---- */

/* The principal variation of info written in notation nt, moves
 * separated as the engine's lists separate them (cv_any_move_separator). */
size_t cv_search_pv_text(const cv_apos *root, const cv_search_info *info, int nt, char *buf, size_t size);
/* The first move of info's variation in notation nt. */
size_t cv_search_move_text(const cv_apos *root, const cv_search_info *info, int nt, char *buf, size_t size);
/* The game's result at a as PGN writes it ("1-0", "0-1", "1/2-1/2"), or
 * NULL while it goes on (cv_search_judge). */
const char *cv_search_result(const cv_apos *a);
/* "lost", "drawn", "won": a CV_JUDGE_* as a word. */
const char *cv_search_judge_name(int judge);

#endif
