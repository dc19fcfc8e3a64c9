#include "think.h"
#include <string.h>

int cv_play_think(cv_search *s, cv_play_game *g, const cv_search_limits *lim, cv_search_report_fn report, void *arg,
                  cv_search_info *info)
{
    memset(info, 0, sizeof *info);
    return cv_search_run(s, cv_play_now(g), g->keys, g->n, lim, report, arg, info);
}
