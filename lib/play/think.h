/* think: the player's move in a game, found by the search.
 *
 * What it promises: the search (search.h) run on the game's position now
 * with the game's earlier positions as its history, so it sees the
 * repetitions the game has. */
#ifndef CV_PLAY_THINK_H
#define CV_PLAY_THINK_H
#include "playgame.h"
#include "search.h"

/* As cv_search_run: 1 with the move in info->pv[0], 0 when the position
 * has no move, -1 when the engine has no search. */
int cv_play_think(cv_search *s, cv_play_game *g, const cv_search_limits *lim, cv_search_report_fn report, void *arg,
                  cv_search_info *info);

#endif
