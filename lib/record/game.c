/* game: the format-neutral game record (game.h). */
#include "game.h"
#include <string.h>

void cv_game_where(const cv_game *g, long long at, long *line, long *col)
{
    const cv_game_line *v = g->lines;
    size_t lo = 0, hi = g->nlines;
    if (!v || !hi || at < v[0].start) {
        *line = *col = 0;
        return;
    }
    /* the last line that starts at or before at */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid].start <= at) lo = mid;
        else hi = mid;
    }
    *line = v[lo].line;
    *col = (long)(at - v[lo].start + 1);
}

const char *cv_game_tag_value(const cv_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0) return g->tags[i].value;
    return NULL;
}

const char *cv_token_kind_name(cv_token_kind k)
{
    static const char *const names[] = {
        "MOVE_NUMBER", "MOVE", "NULL_MOVE", "COMMENT", "LINE_COMMENT",
        "NAG", "VARIATION_START", "VARIATION_END", "RESULT", "ESCAPE"
    };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}
