/* think: the player's move in a game, found by the search.
 *
 * What it promises: the search (search.h) run on the game's position now
 * with the game's earlier positions as its history, so it sees the
 * repetitions the game has; and the principal variation written as text
 * in a notation, each move played on a copy of the position. */
#ifndef CV_PLAY_THINK_H
#define CV_PLAY_THINK_H
#include "game.h"
#include "search.h"

/* As cv_search_run: 1 with the move in info->pv[0], 0 when the position
 * has no move, -1 when the engine has no search. */
int cv_play_think(cv_search *s, cv_play_game *g, const cv_search_limits *lim, cv_search_report_fn report, void *arg,
                  cv_search_info *info);

/* The principal variation of info, found at root, in notation nt with
 * blanks between (sep between moves where they hold blanks), into buf. */
const char *cv_play_pv_text(const cv_apos *root, const cv_search_info *info, int nt, char *buf, size_t size);

#endif
