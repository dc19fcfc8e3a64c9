#include "think.h"
#include <string.h>

int cv_play_think(cv_search *s, cv_play_game *g, const cv_search_limits *lim, cv_search_report_fn report, void *arg,
                  cv_search_info *info)
{
    memset(info, 0, sizeof *info);
    return cv_search_run(s, cv_play_now(g), g->keys, g->n, lim, report, arg, info);
}

const char *cv_play_pv_text(const cv_apos *root, const cv_search_info *info, int nt, char *buf, size_t size)
{
    cv_apos p;
    cv_apos_copy(&p, root);
    const char *sep = cv_any_move_separator(root->v);
    size_t used = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < info->npv && used + 1 < size; i++) {
        char mv[1024];
        cv_any_format(&p, &info->pv[i], nt, mv, sizeof mv);
        size_t need = strlen(mv) + (i ? strlen(sep) : 0);
        /* a move that does not fit is left out whole, not cut */
        if (used + need + 1 > size) break;
        if (i) {
            strcpy(buf + used, sep);
            used += strlen(sep);
        }
        strcpy(buf + used, mv);
        used += strlen(mv);
        cv_aundo u;
        cv_any_make(&p, &info->pv[i], &u);
    }
    return buf;
}
