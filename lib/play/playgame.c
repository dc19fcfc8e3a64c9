#include "playgame.h"
#include "search.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cv_play_game_init(cv_play_game *g, const cv_apos *start)
{
    memset(g, 0, sizeof *g);
    g->v = start->v;
    g->cap = 64;
    g->pos = malloc(sizeof *g->pos * (size_t)(g->cap + 1));
    g->mv = malloc(sizeof *g->mv * (size_t)g->cap);
    g->text = calloc((size_t)g->cap, sizeof *g->text);
    g->keys = malloc(sizeof *g->keys * (size_t)(g->cap + 1));
    if (!g->pos || !g->mv || !g->text || !g->keys) {
        cv_play_game_free(g);
        return -1;
    }
    cv_apos_copy(&g->pos[0], start);
    g->keys[0] = cv_search_key(&g->pos[0]);
    return 0;
}

void cv_play_game_free(cv_play_game *g)
{
    for (int i = 0; g->text && i < g->n; i++) free(g->text[i]);
    free(g->pos);
    free(g->mv);
    free(g->text);
    free(g->keys);
    memset(g, 0, sizeof *g);
}

cv_apos *cv_play_now(cv_play_game *g) { return &g->pos[g->n]; }

static int grow(cv_play_game *g)
{
    int cap = g->cap * 2;
    cv_apos *pos = realloc(g->pos, sizeof *pos * (size_t)(cap + 1));
    if (pos) g->pos = pos;
    cv_amove *mv = realloc(g->mv, sizeof *mv * (size_t)cap);
    if (mv) g->mv = mv;
    char **text = realloc(g->text, sizeof *text * (size_t)cap);
    if (text) g->text = text;
    uint64_t *keys = realloc(g->keys, sizeof *keys * (size_t)(cap + 1));
    if (keys) g->keys = keys;
    if (!pos || !mv || !text || !keys) return -1;
    g->cap = cap;
    return 0;
}

int cv_play_push(cv_play_game *g, const cv_amove *m)
{
    if (g->n == g->cap && grow(g) < 0) return -1;
    cv_apos *now = &g->pos[g->n];
    char buf[1024];
    cv_any_format(now, m, cv_any_default_notation(g->v), buf, sizeof buf);
    char *t = strdup(buf);
    if (!t) return -1;
    cv_apos *next = &g->pos[g->n + 1];
    cv_apos_copy(next, now);
    cv_aundo u;
    cv_any_make(next, m, &u);
    g->mv[g->n] = *m;
    g->text[g->n] = t;
    g->n++;
    g->keys[g->n] = cv_search_key(next);
    return 0;
}

int cv_play_pop(cv_play_game *g)
{
    if (!g->n) return -1;
    g->n--;
    free(g->text[g->n]);
    g->text[g->n] = NULL;
    return 0;
}

cv_move_status cv_play_read(cv_play_game *g, const char *text, int nt, cv_amove *m, char *why, size_t whysize)
{
    cv_move_info info;
    cv_move_status st = cv_any_read_move(cv_play_now(g), text, nt, 0, m, &info);
    if (st != CV_MOVE_OK) {
        /* a GUI may send castling as O-O where the protocol's notation
         * writes the king's move, so the engine's other notations are
         * tried before the move is refused */
        cv_move_info other;
        int dn = cv_any_default_notation(g->v);
        if (dn != nt && cv_any_read_move(cv_play_now(g), text, dn, 0, m, &other) == CV_MOVE_OK) return CV_MOVE_OK;
    }
    if (st != CV_MOVE_OK && why) snprintf(why, whysize, "%s", info.why);
    return st;
}

static const char *colour(int side) { return side ? "Black" : "White"; }

/* Positions equal to the one now (the same key) earlier in the game. */
static int repeats(const cv_play_game *g)
{
    int k = 0;
    for (int i = 0; i < g->n; i++) k += g->keys[i] == g->keys[g->n];
    return k;
}

void cv_play_end(cv_play_game *g, cv_play_result *r)
{
    cv_apos *now = cv_play_now(g);
    int side = cv_any_side(now);
    int j = cv_search_judge(now);
    r->reason[0] = 0;
    if (j == CV_JUDGE_PLAY) {
        if (g->v->repetition_count > 1 && cv_search_available(now) && repeats(g) + 1 >= g->v->repetition_count) {
            r->state = CV_PLAY_DRAWN;
            r->result = "1/2-1/2";
            snprintf(r->reason, sizeof r->reason, "Draw by repetition");
            return;
        }
        r->state = CV_PLAY_ON;
        r->result = "*";
        return;
    }
    cv_outcome o;
    cv_any_outcome(now, &o);
    if (j == CV_JUDGE_DRAW) {
        r->state = CV_PLAY_DRAWN;
        r->result = "1/2-1/2";
        snprintf(r->reason, sizeof r->reason, "%s",
                 !o.moves ? "Stalemate" : o.insufficient_material ? "Insufficient material"
                 : o.fifty ? "50 move rule" : "Draw");
        return;
    }
    int winner = j == CV_JUDGE_WIN ? side : !side;
    r->state = winner ? CV_PLAY_BLACK_WINS : CV_PLAY_WHITE_WINS;
    r->result = winner ? "0-1" : "1-0";
    if (!o.moves && o.in_check && winner != side) snprintf(r->reason, sizeof r->reason, "%s mates", colour(winner));
    else if (!o.moves && winner != side) snprintf(r->reason, sizeof r->reason, "%s has no move", colour(side));
    else snprintf(r->reason, sizeof r->reason, "%s wins", colour(winner));
}
