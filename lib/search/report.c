#include "search.h"
#include <stdio.h>
#include <string.h>

size_t cv_search_pv_text(const cv_apos *root, const cv_search_info *info, int nt, char *buf, size_t size)
{
    cv_apos a;
    cv_apos_copy(&a, root);
    const char *sep = cv_any_move_separator(root->v);
    size_t n = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < info->npv; i++) {
        char m[256];
        cv_any_format(&a, &info->pv[i], nt, m, sizeof m);
        int w = snprintf(buf + n, n < size ? size - n : 0, "%s%s", i ? sep : "", m);
        if (w < 0 || n + (size_t)w >= size) break;
        n += (size_t)w;
        cv_aundo u;
        cv_any_make(&a, &info->pv[i], &u);
    }
    return n;
}

size_t cv_search_move_text(const cv_apos *root, const cv_search_info *info, int nt, char *buf, size_t size)
{
    if (size) buf[0] = 0;
    if (info->npv < 1) return 0;
    cv_apos a;
    cv_apos_copy(&a, root);
    return cv_any_format(&a, &info->pv[0], nt, buf, size);
}

const char *cv_search_judge_name(int judge)
{
    switch (judge) {
    case CV_JUDGE_LOSS: return "lost";
    case CV_JUDGE_WIN: return "won";
    case CV_JUDGE_DRAW: return "drawn";
    default: return "playing";
    }
}

const char *cv_search_result(const cv_apos *a)
{
    int j = cv_search_judge(a);
    if (j == CV_JUDGE_PLAY) return NULL;
    if (j == CV_JUDGE_DRAW) return "1/2-1/2";
    int white_won = (j == CV_JUDGE_WIN) == (cv_any_side(a) == 0);
    return white_won ? "1-0" : "0-1";
}
