/* selfplay: games the search plays against itself, written as records.
 *
 * What it promises: cv_selfplay plays o->games games of v, each from the
 * variant's start position or, with a seed, after o->random_plies random
 * legal moves (splitmix64 seeded with seed + game number - 1, so game k
 * of a run is the same whatever the run's length), to the game's end by
 * the variant's rules (game.h: mate, stalemate, a captured king, fifty
 * moves, repetition, material that cannot mate) or to o->max_plies
 * moves, when the result is "*".  The search forgets everything between
 * games, so at a fixed depth or node count a game is the same every run.
 * With random_side, one side is a random mover instead of the search,
 * and the stats count the search's results.
 * Each game is written, as it ends, in the format f (NULL: the variant's
 * own), with the tags Event, Site, Date, Round, White, Black and Result;
 * with json, as one JSON object a line instead: {"round":K,"variant":...,
 * "result":"1-0","end":"White mates" (null when cut by the move cap),
 * "plies":N,"moves":[...]} (the moves in the engine's default notation). */
#ifndef CV_PLAY_SELFPLAY_H
#define CV_PLAY_SELFPLAY_H
#include "record.h"
#include "search.h"
#include <stdint.h>
#include <stdio.h>

typedef struct cv_selfplay_opts {
    int games;
    int seeded;                 /* random openings from seed */
    uint64_t seed;
    int random_plies;           /* moves of a random opening */
    /* A random mover plays one side (a random legal move, from the
     * game's generator seeded as the opening's, seed 0 when unseeded):
     * CV_SELFPLAY_SEARCH_BOTH none, _RANDOM_WHITE, _RANDOM_BLACK, or
     * _RANDOM_ALTERNATE (Black in odd games, White in even ones). */
    int random_side;
    int max_plies;              /* moves (of either side) before a game stops unfinished */
    cv_search_limits lim;       /* per move */
    size_t hash_mb;
    const char *player;         /* White and Black: "cvkit depth 2" */
    const char *date;           /* "2026.11.29" */
    const cv_record_format *format;
    int json;
} cv_selfplay_opts;

enum { CV_SELFPLAY_SEARCH_BOTH = 0, CV_SELFPLAY_RANDOM_WHITE, CV_SELFPLAY_RANDOM_BLACK, CV_SELFPLAY_RANDOM_ALTERNATE };

typedef struct cv_selfplay_stats {
    int games, white, black, drawn, unfinished;
    /* with a random mover: the search's wins, draws, losses and games
     * cut by the move cap */
    int search_won, search_drawn, search_lost;
    long plies;
} cv_selfplay_stats;

/* 0, or -1 with why when out of memory, the variant has no start
 * position or no search, or a record cannot be written. */
int cv_selfplay(const cv_variant *v, const cv_selfplay_opts *o, FILE *out, cv_selfplay_stats *st, char *why,
                size_t whysize);

#endif
