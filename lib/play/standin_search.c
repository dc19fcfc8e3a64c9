/* TEMPORARY stand-in for lib/search/search.c until it lands on main: the
 * first legal move, so the protocols and self-play can be built and
 * tested.  Removed at the merge. */
#include "search.h"
#include <stdlib.h>
#include <string.h>

struct cv_search { int stop; };

cv_search *cv_search_new(size_t hash_mb) { (void)hash_mb; return calloc(1, sizeof(cv_search)); }
void cv_search_free(cv_search *s) { free(s); }
void cv_search_clear(cv_search *s) { (void)s; }
uint64_t cv_search_key(const cv_apos *a) { cv_apos p; cv_apos_copy(&p, a); return cv_any_key(&p); }
int cv_search_available(const cv_apos *a) { (void)a; return 1; }
void cv_search_stop(cv_search *s) { s->stop = 1; }

int cv_search_judge(const cv_apos *a)
{
    cv_apos p;
    cv_apos_copy(&p, a);
    cv_outcome o;
    cv_any_outcome(&p, &o);
    if (!o.moves) return o.in_check || o.no_move_loses ? CV_JUDGE_LOSS : CV_JUDGE_DRAW;
    if (o.fifty || o.insufficient_material) return CV_JUDGE_DRAW;
    return CV_JUDGE_PLAY;
}

int cv_search_run(cv_search *s, const cv_apos *root, const uint64_t *history, int nhistory,
                  const cv_search_limits *lim, cv_search_report_fn report, void *arg, cv_search_info *info)
{
    (void)s; (void)history; (void)nhistory; (void)lim;
    cv_apos p;
    cv_apos_copy(&p, root);
    cv_amove m[1];
    int n = cv_any_gen(&p, m, 1);
    memset(info, 0, sizeof *info);
    if (!n) return 0;
    info->depth = 1;
    info->nodes = 1;
    info->npv = 1;
    info->pv[0] = m[0];
    if (report) report(arg, root, info);
    return 1;
}
