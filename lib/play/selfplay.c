#include "selfplay.h"
#include "build.h"
#include "json.h"
#include "playgame.h"
#include "rng.h"
#include "think.h"
#include <stdlib.h>
#include <string.h>

/* Plays a random legal move; 0 when the position has none. */
static int random_move(cv_play_game *g, cv_rng *r, int *oom)
{
    int n = cv_any_gen(cv_play_now(g), NULL, 0);
    if (n <= 0) return 0;
    cv_amove *all = malloc(sizeof *all * (size_t)n);
    if (!all) {
        *oom = 1;
        return 0;
    }
    cv_any_gen(cv_play_now(g), all, n);
    int rc = cv_play_push(g, &all[cv_rng_below(r, (uint64_t)n)]);
    free(all);
    if (rc < 0) *oom = 1;
    return rc == 0;
}

static int write_game(const cv_play_game *g, const cv_selfplay_opts *o, int round, const char *result, FILE *out)
{
    char rnd[32];
    snprintf(rnd, sizeof rnd, "%d", round);
    cv_tag tags[] = {
        { .name = "Event", .value = "cvkit self-play" },
        { .name = "Site", .value = "?" },
        { .name = "Date", .value = o->date },
        { .name = "Round", .value = rnd },
        { .name = "White", .value = o->player },
        { .name = "Black", .value = o->player },
        { .name = "Result", .value = result },
    };
    const char **mv = malloc(sizeof *mv * ((size_t)g->n + 1));
    if (!mv) return -1;
    for (int i = 0; i < g->n; i++) mv[i] = g->text[i];
    cv_record_draft *r = cv_record_from_moves(g->v, &g->pos[0], mv, (size_t)g->n, tags,
                                              sizeof tags / sizeof *tags, result);
    free(mv);
    if (!r) return -1;
    /* the game's place in the file: the writers put a blank line before
     * every game but the first */
    r->g.number = round;
    int rc = cv_record_draft_write(out, r, o->format);
    cv_record_draft_free(r);
    return rc;
}

static int write_json(const cv_play_game *g, int round, const cv_play_result *res, FILE *out)
{
    cv_json j;
    cv_json_init(&j, out);
    cv_json_begin_object(&j);
    cv_json_key(&j, "round");
    cv_json_int(&j, round);
    cv_json_key(&j, "variant");
    cv_json_str(&j, g->v->name);
    cv_json_key(&j, "result");
    cv_json_str(&j, res->result);
    cv_json_key(&j, "end");
    cv_json_str(&j, res->state == CV_PLAY_ON ? NULL : res->reason);
    cv_json_key(&j, "plies");
    cv_json_int(&j, g->n);
    cv_json_key(&j, "moves");
    cv_json_begin_array(&j);
    for (int i = 0; i < g->n; i++) cv_json_str(&j, g->text[i]);
    cv_json_end_array(&j);
    cv_json_end_object(&j);
    cv_json_end_line(&j);
    return ferror(out) ? -1 : 0;
}

static int one_game(cv_search *s, const cv_variant *v, const cv_selfplay_opts *o, int round, FILE *out,
                    cv_selfplay_stats *st, char *why, size_t whysize)
{
    cv_apos start;
    if (cv_any_start(v, &start) < 0) {
        snprintf(why, whysize, "the variant %s has no start position", v->name);
        return -1;
    }
    if (!cv_search_available(&start)) {
        snprintf(why, whysize, "the variant %s cannot be searched", v->name);
        return -1;
    }
    cv_play_game g;
    if (cv_play_game_init(&g, &start) < 0) goto oom;
    cv_search_clear(s);
    int oom = 0;
    cv_play_result res;
    cv_rng r;
    cv_rng_seed(&r, (o->seeded ? o->seed : 0) + (uint64_t)(round - 1));
    /* the side the random mover plays in this game, -1 none */
    int rnd = o->random_side == CV_SELFPLAY_RANDOM_WHITE   ? 0
              : o->random_side == CV_SELFPLAY_RANDOM_BLACK ? 1
              : o->random_side == CV_SELFPLAY_RANDOM_ALTERNATE ? (round & 1)
                                                               : -1;
    if (o->seeded) {
        for (int i = 0; i < o->random_plies; i++) {
            cv_play_end(&g, &res);
            if (res.state != CV_PLAY_ON || !random_move(&g, &r, &oom)) break;
        }
        if (oom) goto oom_game;
    }
    for (;;) {
        cv_play_end(&g, &res);
        if (res.state != CV_PLAY_ON) break;
        if (g.n >= o->max_plies) break;
        if (cv_any_side(cv_play_now(&g)) == rnd) {
            if (!random_move(&g, &r, &oom)) break;
            continue;
        }
        cv_search_info info;
        int rc = cv_play_think(s, &g, &o->lim, NULL, NULL, &info);
        if (rc < 0) {
            snprintf(why, whysize, "the variant %s cannot be searched", v->name);
            cv_play_game_free(&g);
            return -1;
        }
        /* judge says play on, yet no move: the search's end stands */
        if (rc == 0) {
            res.state = info.score < 0 ? (cv_any_side(cv_play_now(&g)) ? CV_PLAY_WHITE_WINS : CV_PLAY_BLACK_WINS)
                                       : CV_PLAY_DRAWN;
            res.result = res.state == CV_PLAY_DRAWN ? "1/2-1/2" : res.state == CV_PLAY_WHITE_WINS ? "1-0" : "0-1";
            break;
        }
        if (cv_play_push(&g, &info.pv[0]) < 0) goto oom_game;
    }
    if (oom) goto oom_game;
    st->games++;
    st->plies += g.n;
    if (rnd >= 0 && res.state != CV_PLAY_ON) {
        int won = res.state == (rnd ? CV_PLAY_WHITE_WINS : CV_PLAY_BLACK_WINS);
        int lost = res.state == (rnd ? CV_PLAY_BLACK_WINS : CV_PLAY_WHITE_WINS);
        st->search_won += won;
        st->search_lost += lost;
        st->search_drawn += !won && !lost;
    }
    switch (res.state) {
    case CV_PLAY_WHITE_WINS: st->white++; break;
    case CV_PLAY_BLACK_WINS: st->black++; break;
    case CV_PLAY_DRAWN: st->drawn++; break;
    default: st->unfinished++; break;
    }
    int rc = o->json ? write_json(&g, round, &res, out) : write_game(&g, o, round, res.result, out);
    cv_play_game_free(&g);
    if (rc < 0) snprintf(why, whysize, "cannot write the record of game %d", round);
    return rc;
oom_game:
    cv_play_game_free(&g);
oom:
    snprintf(why, whysize, "out of memory");
    return -1;
}

int cv_selfplay(const cv_variant *v, const cv_selfplay_opts *o, FILE *out, cv_selfplay_stats *st, char *why,
                size_t whysize)
{
    memset(st, 0, sizeof *st);
    cv_search *s = cv_search_new(o->hash_mb);
    if (!s) {
        snprintf(why, whysize, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int i = 1; i <= o->games && rc == 0; i++) rc = one_game(s, v, o, i, out, st, why, whysize);
    cv_search_free(s);
    return rc;
}
