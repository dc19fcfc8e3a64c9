/* play: one game replayed for a selection (replay.h does the playing):
 * what cond.h tests (plies, ending, variant, result, the positions of
 * --position reached) and what dupes.h compares (the move sequence).
 *
 * What it promises:
 *  - A move that cannot be played is said as cv-replay says it (the same
 *    words, place and game name, through the caller's cv_problem_at), and
 *    the game is then not "replayed": its ending, plies and positions are
 *    unknown to the conditions.
 *  - --position texts are read per variant, in the variant of each game
 *    (the engine's read entry, as cv-legal --fen takes them), once per
 *    variant and thread; a position is reached when the engine's key of
 *    a main-line position (the start included) equals the key of the
 *    text: board, side to move and the rights the engine keeps
 *    (castling, en passant), never the move counters.
 *  - The move sequence's hashes: h[0] from the variant and the start
 *    position, h[k] after k main-line plies, each from h[k-1] and the
 *    key of the position reached; two games with the same variant, start
 *    and moves have equal h[], whatever the notation they are written
 *    in.  64 bits: a false match is a chance of about n^2 / 2^65 for n
 *    games (cv-select(1)).
 *  - One cv_select_play per thread; the conditions (cond.h) are shared. */
#ifndef CV_SELECT_PLAY_H
#define CV_SELECT_PLAY_H
#include "cond.h"
#include "problem.h"
#include "record.h"
#include <stdatomic.h>

typedef struct cv_select_play cv_select_play;

/* A player for selection s; read: bit i set once --position i was read
 * in some game's variant (shared by the threads; NULL: not kept). */
cv_select_play *cv_select_play_new(const cv_select *s, atomic_uint *read);
void cv_select_play_free(cv_select_play *P);

/* Replays g (format f; chosen: the variant of games without a Variant
 * tag) into *facts, its problems said at *at.  Returns 1 when the game is
 * valid (its record and every main-line and variation move), 0 when not,
 * -1 when out of memory (said). */
int cv_select_play_game(cv_select_play *P, const cv_record *g, const cv_record_format *f, const cv_variant *chosen,
                        const cv_problem_at *at, cv_select_facts *facts);

/* The hashes of the last game's main line: h[0..*n-1], *n = plies + 1
 * (0 when the game was not replayed). */
const uint64_t *cv_select_play_hashes(const cv_select_play *P, int *n);

#endif
