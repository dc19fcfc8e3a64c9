#include "problem.h"
#include "pgn.h"
#include <stdarg.h>
#include <stdlib.h>

void cv_report_problem(const cv_problem_at *at, cv_level lv, const char *kind, long line, long col, const char *fmt, ...)
{
    /* formatted once for both places, whole however long (a token of a
     * malformed record can be); on the stack in the usual case */
    char small[512], *msg = small;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= (int)sizeof small && (msg = malloc((size_t)n + 1)) != NULL) vsnprintf(msg, (size_t)n + 1, fmt, again);
    if (!msg) msg = small;  /* out of memory: the message cut short, still said */
    va_end(again);
    va_end(ap);
    const char *tail = at->tail ? at->tail : "";
    if (at->name) cv_report(at->d, lv, at->file, line, col, "%s: %s%s", at->name, msg, tail);
    else cv_report(at->d, lv, at->file, line, col, "%s%s", msg, tail);
    if (at->ps) cv_problems_add(at->ps, lv == CV_ERROR, kind, line, col, "%s", msg);
    if (msg != small) free(msg);
}

void cv_problems_of_record(cv_problems *ps, const cv_game *g)
{
    cv_problems_clear(ps);
    for (size_t i = 0; i < g->nissues; i++)
        cv_problems_add(ps, g->issues[i].level == CV_ERROR, "record", g->issues[i].line, g->issues[i].col, "%s",
                        g->issues[i].msg);
}
