/* playgame: the game a player plays, as every protocol and self-play keep it.
 *
 * What it promises: the positions from the start to now, the move played
 * from each (the engine's move and its text in the engine's own default
 * notation, as a record holds it) and each position's search key, so a
 * search is given the game's history and a record can be written at any
 * time; a move is taken back exactly.  The game's end is judged by the
 * variant's rules through the engine interface (a mate, a stalemate, a
 * captured king, fifty moves, material that cannot mate) and, here, by
 * repetition of the game's positions (the spec's count).  Nothing here
 * asks which game it is. */
#ifndef CV_PLAY_PLAYGAME_H
#define CV_PLAY_PLAYGAME_H
#include "engine.h"
#include <stdint.h>

typedef struct cv_play_game {
    const cv_variant *v;
    int n;                  /* moves played; pos[n] is the position now */
    int cap;
    cv_apos *pos;           /* pos[0 .. n] */
    cv_amove *mv;           /* mv[i] was played from pos[i] */
    char **text;            /* mv[i] in the engine's default notation */
    uint64_t *keys;         /* cv_search_key(pos[i]) */
} cv_play_game;

/* How a game stands (cv_play_end). */
typedef enum {
    CV_PLAY_ON = 0,
    CV_PLAY_WHITE_WINS,
    CV_PLAY_BLACK_WINS,
    CV_PLAY_DRAWN,
} cv_play_state;

typedef struct cv_play_result {
    cv_play_state state;
    const char *result;     /* "1-0", "0-1", "1/2-1/2", "*" */
    char reason[64];        /* "White mates", "Stalemate", "Draw by repetition" ... */
} cv_play_result;

/* A game from start; 0, or -1 when out of memory. */
int cv_play_game_init(cv_play_game *g, const cv_apos *start);
void cv_play_game_free(cv_play_game *g);
/* The position now. */
cv_apos *cv_play_now(cv_play_game *g);
/* Plays m (a legal move of the position now); -1 when out of memory
 * (nothing played). */
int cv_play_push(cv_play_game *g, const cv_amove *m);
/* Takes the last move back; -1 when there is none. */
int cv_play_pop(cv_play_game *g);
/* Reads text as a move of the position now, in notation nt or else in
 * any notation the engine reads (O-O beside e1g1); CV_MOVE_OK with *m,
 * else the status with why. */
cv_move_status cv_play_read(cv_play_game *g, const char *text, int nt, cv_amove *m, char *why, size_t whysize);
/* The game's end at the position now. */
void cv_play_end(cv_play_game *g, cv_play_result *r);

#endif
