#include "search.h"
#include "tt.h"
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Moves are opaque bytes to the search: equal moves are equal bytes (the
 * engines clear what a move does not use), so a move is told by a hash
 * of its bytes in the table, the killers and the history. */
static uint32_t move_hash(const cv_amove *m)
{
    uint64_t w[4];
    memcpy(w, m->s.b, sizeof w);
    uint64_t h = w[0] * 0x9E3779B97F4A7C15ull ^ w[1] * 0xC2B2AE3D27D4EB4Full
               ^ w[2] * 0x165667B19E3779F9ull ^ w[3] * 0x27D4EB2F165667C5ull;
    h ^= h >> 29;
    return (uint32_t)(h ^ (h >> 32)) | 1u;
}

#define HIST_SIZE 4096
#define HIST_MAX  (1 << 20)

typedef struct ply_moves {
    cv_amove *m;
    int *score;
    int cap;
} ply_moves;

struct cv_search {
    cv_tt tt;
    atomic_int stop;
    /* set for one run */
    const cv_engine *e;
    const cv_engine_search *es;
    size_t node_size;
    unsigned char *node;            /* the node searched, changed in place */
    unsigned char *copies;          /* per ply, where the engine has no unplay */
    ply_moves pm[CV_SEARCH_MAX_PLY + 1];
    uint32_t killer[CV_SEARCH_MAX_PLY + 1][2];
    int hist[2][HIST_SIZE];
    uint64_t path[CV_SEARCH_MAX_PLY + 1];
    /* the game's earlier positions: an open-address set of their keys */
    uint64_t *game;
    size_t game_mask;
    cv_amove pv[CV_SEARCH_MAX_PLY + 1][CV_SEARCH_MAX_PLY + 1];
    int pvlen[CV_SEARCH_MAX_PLY + 1];
    uint64_t nodes, node_limit;
    int seldepth;
    int plain;                      /* no pruning: the table changes no score */
    int use_time;
    double t0, hard, soft;
    int aborted;
    int root_score;                 /* the best root move's score so far in a depth */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

cv_search *cv_search_new(size_t hash_mb)
{
    cv_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (cv_tt_init(&s->tt, hash_mb) < 0) {
        free(s);
        return NULL;
    }
    atomic_init(&s->stop, 0);
    return s;
}

static void free_run(cv_search *s)
{
    for (int i = 0; i <= CV_SEARCH_MAX_PLY; i++) {
        free(s->pm[i].m);
        free(s->pm[i].score);
        s->pm[i] = (ply_moves){ 0 };
    }
    free(s->node);
    free(s->copies);
    free(s->game);
    s->node = s->copies = NULL;
    s->game = NULL;
}

void cv_search_free(cv_search *s)
{
    if (!s) return;
    free_run(s);
    cv_tt_free(&s->tt);
    free(s);
}

void cv_search_clear(cv_search *s)
{
    cv_tt_clear(&s->tt);
    memset(s->hist, 0, sizeof s->hist);
    memset(s->killer, 0, sizeof s->killer);
}

void cv_search_stop(cv_search *s) { atomic_store(&s->stop, 1); }

int cv_search_available(const cv_apos *a) { return a->e->search != NULL; }

uint64_t cv_search_key(const cv_apos *a)
{
    const cv_engine_search *es = a->e->search;
    if (!es) return 0;
    cv_apos n;
    es->enter(a->s.b, n.s.b);
    return es->key(n.s.b);
}

int cv_search_judge(const cv_apos *a)
{
    const cv_engine_search *es = a->e->search;
    if (!es) return CV_JUDGE_PLAY;
    cv_apos n;
    es->enter(a->s.b, n.s.b);
    int j = es->judge(n.s.b, -1);
    if (j != CV_JUDGE_PLAY) return j;
    if (es->moves(n.s.b, NULL, 0) == 0) return es->judge(n.s.b, 0);
    return CV_JUDGE_PLAY;
}

/* ---- the game's positions ---- */

static int game_init(cv_search *s, const uint64_t *keys, int n)
{
    size_t size = 16;
    while (size < (size_t)n * 2) size *= 2;
    s->game = calloc(size, sizeof *s->game);
    if (!s->game) return -1;
    s->game_mask = size - 1;
    for (int i = 0; i < n; i++) {
        if (!keys[i]) continue;
        size_t j = (size_t)keys[i] & s->game_mask;
        while (s->game[j] && s->game[j] != keys[i]) j = (j + 1) & s->game_mask;
        s->game[j] = keys[i];
    }
    return 0;
}

static int in_game(const cv_search *s, uint64_t k)
{
    for (size_t j = (size_t)k & s->game_mask; s->game[j]; j = (j + 1) & s->game_mask)
        if (s->game[j] == k) return 1;
    return 0;
}

/* ---- moves of a ply ---- */

/* The node's single moves into the ply's list (grown as needed). */
static int gen(cv_search *s, int ply)
{
    ply_moves *p = &s->pm[ply];
    for (;;) {
        int n = s->es->moves(s->node, p->m, p->cap);
        if (n <= p->cap) return n;
        int cap = n + 64;
        cv_amove *m = realloc(p->m, (size_t)cap * sizeof *m);
        if (!m) return -1;
        p->m = m;
        int *sc = realloc(p->score, (size_t)cap * sizeof *sc);
        if (!sc) return -1;
        p->score = sc;
        p->cap = cap;
    }
}

enum { ORDER_TT = 1 << 30, ORDER_CAPTURE = 1 << 24, ORDER_KILLER = 1 << 22 };

static void order(cv_search *s, int ply, int n, uint32_t ttmove, int side, int only_noisy, cv_move_facts *facts)
{
    ply_moves *p = &s->pm[ply];
    for (int i = 0; i < n; i++) {
        cv_move_facts *f = &facts[i];
        s->es->facts(s->node, &p->m[i], f);
        uint32_t h = move_hash(&p->m[i]);
        int sc;
        if (h == ttmove) sc = ORDER_TT;
        else if (f->flags & (CV_MV_CAPTURE | CV_MV_PROMO))
            sc = ORDER_CAPTURE + f->victim * 64 - f->attacker + ((f->flags & CV_MV_PROMO) ? 32 * 64 : 0);
        else if (f->flags & CV_MV_END) sc = -1;
        else if (h == s->killer[ply][0]) sc = ORDER_KILLER + 1;
        else if (h == s->killer[ply][1]) sc = ORDER_KILLER;
        else sc = s->hist[side][h & (HIST_SIZE - 1)];
        if (only_noisy && !(f->flags & (CV_MV_CAPTURE | CV_MV_PROMO))) sc = INT32_MIN;
        p->score[i] = sc;
    }
}

/* Brings the best of moves i.. to i (with its facts). */
static void pick(cv_search *s, int ply, int i, int n, cv_move_facts *facts)
{
    ply_moves *p = &s->pm[ply];
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (p->score[j] > p->score[best]) best = j;
    if (best != i) {
        cv_amove t = p->m[i];
        p->m[i] = p->m[best];
        p->m[best] = t;
        int x = p->score[i];
        p->score[i] = p->score[best];
        p->score[best] = x;
        cv_move_facts f = facts[i];
        facts[i] = facts[best];
        facts[best] = f;
    }
}

/* ---- playing on the node ---- */

static void play(cv_search *s, int ply, const cv_amove *m, cv_aundo *u)
{
    if (!s->es->unplay) memcpy(s->copies + (size_t)ply * s->node_size, s->node, s->node_size);
    s->es->play(s->node, m, u);
}

static void unplay(cv_search *s, int ply, const cv_amove *m, const cv_aundo *u)
{
    if (s->es->unplay) s->es->unplay(s->node, m, u);
    else memcpy(s->node, s->copies + (size_t)ply * s->node_size, s->node_size);
}

static int stopped(cv_search *s)
{
    if (s->aborted) return 1;
    if (s->node_limit && s->nodes >= s->node_limit) return s->aborted = 1;
    if ((s->nodes & 1023) == 0) {
        if (atomic_load(&s->stop)) return s->aborted = 1;
        if (s->use_time && now() - s->t0 >= s->hard) return s->aborted = 1;
    }
    return 0;
}

/* ---- scores ---- */

static int loss(int turns) { return -(CV_SCORE_MATE - turns); }

static int judged(int j, int turns)
{
    switch (j) {
    case CV_JUDGE_LOSS: return loss(turns);
    case CV_JUDGE_WIN: return CV_SCORE_MATE - turns;
    default: return 0;
    }
}

/* A mate score as the table keeps it: from the node, not the root. */
static int to_tt(int v, int turns)
{
    if (v >= CV_SCORE_MATE_MIN) return v + turns;
    if (v <= -CV_SCORE_MATE_MIN) return v - turns;
    return v;
}

static int from_tt(int v, int turns)
{
    if (v >= CV_SCORE_MATE_MIN) return v - turns;
    if (v <= -CV_SCORE_MATE_MIN) return v + turns;
    return v;
}

static int repeated(cv_search *s, int ply, uint64_t key)
{
    if (!s->es->repetition) return 0;
    for (int i = ply - 1; i >= 0; i--)
        if (s->path[i] == key) return 1;
    return in_game(s, key);
}

/* The score of the child for the mover: where the side did not change
 * (a turn goes on) it is the mover's own. */
#define CHILD(same, call_same, call_other) ((same) ? (call_same) : -(call_other))

static int qsearch(cv_search *s, int ply, int turns, int alpha, int beta, int qdepth)
{
    const cv_engine_search *es = s->es;
    s->nodes++;
    s->pvlen[ply] = 0;
    if (ply > s->seldepth) s->seldepth = ply;
    if (stopped(s)) return 0;
    int j = es->judge(s->node, -1);
    if (j != CV_JUDGE_PLAY) return judged(j, turns);
    if (ply >= CV_SEARCH_MAX_PLY) return es->eval(s->node);

    int check = es->in_check && qdepth < 4 && es->in_check(s->node);
    int best = -CV_SCORE_INF;
    if (!check) {
        best = es->eval(s->node);
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
    }
    int n = gen(s, ply);
    if (n < 0) return best;
    if (n == 0) return judged(es->judge(s->node, 0), turns);
    cv_move_facts facts[n];
    order(s, ply, n, 0, es->side(s->node), !check, facts);
    int side = es->side(s->node);
    int searched = 0;
    for (int i = 0; i < n; i++) {
        pick(s, ply, i, n, facts);
        if (s->pm[ply].score[i] == INT32_MIN) break;
        if (facts[i].flags & CV_MV_END) continue;
        /* a capture that cannot lift the score to alpha even if it
         * costs nothing is not worth looking at */
        if (!check && !s->plain && !(facts[i].flags & CV_MV_PROMO) && best + facts[i].victim + 200 <= alpha)
            continue;
        cv_amove m = s->pm[ply].m[i];
        cv_aundo u;
        play(s, ply, &m, &u);
        int same = es->side(s->node) == side;
        int t = turns + !same;
        int v = CHILD(same, qsearch(s, ply + 1, t, alpha, beta, qdepth + 1),
                      qsearch(s, ply + 1, t, -beta, -alpha, qdepth + 1));
        unplay(s, ply, &m, &u);
        searched++;
        if (s->aborted) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta) break;
            }
        }
    }
    if (check && !searched) return es->eval(s->node);
    return best;
}

static void update_pv(cv_search *s, int ply, const cv_amove *m)
{
    s->pv[ply][0] = *m;
    int n = s->pvlen[ply + 1];
    if (n > CV_SEARCH_MAX_PLY - 1) n = CV_SEARCH_MAX_PLY - 1;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], (size_t)n * sizeof(cv_amove));
    s->pvlen[ply] = n + 1;
}

static int search(cv_search *s, int ply, int turns, int depth, int alpha, int beta, int null_ok)
{
    const cv_engine_search *es = s->es;
    if (depth <= 0) return qsearch(s, ply, turns, alpha, beta, 0);
    s->nodes++;
    s->pvlen[ply] = 0;
    if (ply > s->seldepth) s->seldepth = ply;
    if (stopped(s)) return 0;
    int pvnode = beta - alpha > 1;

    uint64_t key = es->key(s->node);
    s->path[ply] = key;
    int j = es->judge(s->node, -1);
    if (j != CV_JUDGE_PLAY) return judged(j, turns);
    if (ply > 0 && repeated(s, ply, key)) return 0;
    if (ply >= CV_SEARCH_MAX_PLY) return es->eval(s->node);

    /* a mate already found nearer the root is not bettered here */
    if (ply > 0) {
        int lo = loss(turns), hi = CV_SCORE_MATE - turns - 1;
        if (alpha < lo) alpha = lo;
        if (beta > hi) beta = hi;
        if (alpha >= beta) return alpha;
    }

    cv_tt_entry te;
    uint32_t ttmove = 0;
    if (cv_tt_probe(&s->tt, key, &te)) {
        ttmove = te.move;
        int v = from_tt(te.score, turns);
        int usable = s->plain ? te.depth == depth : te.depth >= depth;
        if (usable && !pvnode && ply > 0) {
            if (te.bound == CV_TT_EXACT || (te.bound == CV_TT_LOWER && v >= beta) ||
                (te.bound == CV_TT_UPPER && v <= alpha))
                return v;
        }
    }

    int side = es->side(s->node);
    int check = es->in_check && es->in_check(s->node);

    int prune = !s->plain && !pvnode && !check && beta < CV_SCORE_MATE_MIN && beta > -CV_SCORE_MATE_MIN;
    int static_eval = prune ? es->eval(s->node) : 0;
    /* far above beta near the leaves: a move will not bring it down */
    if (prune && depth <= 3 && static_eval - 120 * depth >= beta) return static_eval;

    /* null move: if passing still holds beta, a move will */
    if (prune && null_ok && depth >= 3 && es->play_null && static_eval >= beta && es->null_ok(s->node)) {
        int r = depth > 6 ? 3 : 2;
        cv_aundo u;
        if (!es->unplay_null) memcpy(s->copies + (size_t)ply * s->node_size, s->node, s->node_size);
        es->play_null(s->node, &u);
        int v = -search(s, ply + 1, turns + 1, depth - 1 - r, -beta, -beta + 1, 0);
        if (es->unplay_null) es->unplay_null(s->node, &u);
        else memcpy(s->node, s->copies + (size_t)ply * s->node_size, s->node_size);
        if (s->aborted) return 0;
        if (v >= beta) return v >= CV_SCORE_MATE_MIN ? beta : v;
    }

    int n = gen(s, ply);
    if (n < 0) return es->eval(s->node);
    if (n == 0) return judged(es->judge(s->node, 0), turns);
    cv_move_facts facts[n];
    order(s, ply, n, ttmove, side, 0, facts);

    int best = -CV_SCORE_INF, old_alpha = alpha;
    uint32_t best_hash = 0;
    for (int i = 0; i < n; i++) {
        pick(s, ply, i, n, facts);
        cv_amove m = s->pm[ply].m[i];
        const cv_move_facts *f = &facts[i];
        int noisy = (f->flags & (CV_MV_CAPTURE | CV_MV_PROMO)) != 0;
        int end = (f->flags & CV_MV_END) != 0;
        cv_aundo u;
        play(s, ply, &m, &u);
        int same = es->side(s->node) == side;
        int t = turns + !same;
        int gives_check = !same && es->in_check && es->in_check(s->node);
        /* near the leaves, a quiet move far below alpha that gives no
         * check is passed over once one move has been searched */
        if (prune && i > 0 && depth <= 2 && !noisy && !end && !gives_check && best > -CV_SCORE_MATE_MIN &&
            static_eval + 150 * depth <= alpha && s->pm[ply].score[i] < ORDER_KILLER) {
            unplay(s, ply, &m, &u);
            continue;
        }
        int d = end ? depth : depth - 1;
        if (gives_check && ply < CV_SEARCH_MAX_PLY / 2) d++;
        int v;
        if (i == 0) {
            v = CHILD(same, search(s, ply + 1, t, d, alpha, beta, 1), search(s, ply + 1, t, d, -beta, -alpha, 1));
        } else {
            int r = 0;
            if (!s->plain && ply > 0 && !noisy && !end && !check && !gives_check && depth >= 3 && i >= 3 &&
                s->pm[ply].score[i] < ORDER_KILLER)
                r = 1 + (i >= 8 && depth >= 6);
            v = CHILD(same, search(s, ply + 1, t, d - r, alpha, alpha + 1, 1),
                      search(s, ply + 1, t, d - r, -alpha - 1, -alpha, 1));
            if (v > alpha && r)
                v = CHILD(same, search(s, ply + 1, t, d, alpha, alpha + 1, 1),
                          search(s, ply + 1, t, d, -alpha - 1, -alpha, 1));
            if (v > alpha && v < beta)
                v = CHILD(same, search(s, ply + 1, t, d, alpha, beta, 1), search(s, ply + 1, t, d, -beta, -alpha, 1));
        }
        unplay(s, ply, &m, &u);
        if (s->aborted) return 0;
        if (v > best) {
            best = v;
            best_hash = move_hash(&m);
            if (v > alpha) {
                alpha = v;
                update_pv(s, ply, &m);
                if (ply == 0) s->root_score = v;
                if (v >= beta) {
                    if (!noisy && !end) {
                        uint32_t h = move_hash(&m);
                        if (s->killer[ply][0] != h) {
                            s->killer[ply][1] = s->killer[ply][0];
                            s->killer[ply][0] = h;
                        }
                        int *hv = &s->hist[side][h & (HIST_SIZE - 1)];
                        *hv += depth * depth;
                        if (*hv > HIST_MAX)
                            for (int c = 0; c < 2; c++)
                                for (int k = 0; k < HIST_SIZE; k++) s->hist[c][k] /= 2;
                    }
                    break;
                }
            }
        }
    }
    int bound = best >= beta ? CV_TT_LOWER : best > old_alpha ? CV_TT_EXACT : CV_TT_UPPER;
    cv_tt_store(&s->tt, key, depth, to_tt(best, turns), bound, best_hash);
    return best;
}

/* ---- the root ---- */

static int mate_of(int score)
{
    if (score >= CV_SCORE_MATE_MIN) return (CV_SCORE_MATE - score + 1) / 2;
    if (score <= -CV_SCORE_MATE_MIN) return -((CV_SCORE_MATE + score) / 2);
    return 0;
}

/* The principal variation's single moves put back together into whole
 * moves: replayed on a copy of the root node, a move closed where the
 * side changes.  The first move is completed when the variation stops
 * inside it (the turn ended where it may end, else its first moves). */
static int whole_pv(cv_search *s, const unsigned char *root, const cv_amove *steps, int nsteps,
                    cv_search_info *info)
{
    const cv_engine_search *es = s->es;
    unsigned char *node = malloc(s->node_size), *start = malloc(s->node_size);
    cv_amove *buf = malloc(sizeof(cv_amove) * (CV_SEARCH_MAX_PLY + 8));
    if (!node || !start || !buf) {
        free(node), free(start), free(buf);
        return -1;
    }
    memcpy(node, root, s->node_size);
    memcpy(start, root, s->node_size);
    int nb = 0, npv = 0, i = 0;
    cv_amove ml[1];
    for (;;) {
        const cv_amove *m;
        cv_amove extra;
        if (i < nsteps) {
            m = &steps[i++];
        } else {
            if (npv > 0 || nb == 0) break;
            /* the first turn is unfinished: end it, or go on with a move */
            int n = es->moves(node, NULL, 0);
            if (n <= 0) break;
            cv_amove *all = malloc(sizeof(cv_amove) * (size_t)n);
            if (!all) break;
            es->moves(node, all, n);
            int k = 0;
            for (int q = 0; q < n; q++) {
                cv_move_facts f;
                es->facts(node, &all[q], &f);
                if (f.flags & CV_MV_END) {
                    k = q;
                    break;
                }
            }
            extra = all[k];
            free(all);
            m = &extra;
        }
        int side = es->side(node);
        cv_aundo u;
        es->play(node, m, &u);
        buf[nb++] = *m;
        if (es->side(node) != side || es->judge(node, -1) != CV_JUDGE_PLAY) {
            if (npv >= CV_SEARCH_MAX_PV) break;
            int made = es->whole ? es->whole(start, buf, nb, &info->pv[npv]) : nb == 1 ? 0 : -1;
            if (made < 0) break;
            if (!es->whole) info->pv[npv] = buf[0];
            npv++;
            nb = 0;
            memcpy(start, node, s->node_size);
            if (es->judge(node, -1) != CV_JUDGE_PLAY) break;
        }
        if (nb >= CV_SEARCH_MAX_PLY) break;
    }
    (void)ml;
    free(node), free(start), free(buf);
    info->npv = npv;
    return npv;
}

static void set_time(cv_search *s, const cv_search_limits *lim)
{
    s->use_time = 0;
    if (lim->movetime > 0) {
        s->use_time = 1;
        s->hard = lim->movetime;
        s->soft = lim->movetime * 0.7;
    } else if (lim->clock > 0) {
        s->use_time = 1;
        /* the clock's share of this move: all of it (but a margin) when
         * it is the last move before the control, else an even share of
         * the moves to go (30 in sudden death) and most of the increment,
         * with room to think longer, never more than 40% of the clock */
        int togo = lim->movestogo > 0 ? lim->movestogo : 30;
        double share = lim->clock / togo + lim->inc * 0.75;
        double cap = togo == 1 ? lim->clock * 0.9 : lim->clock * 0.4;
        if (share > cap) share = cap;
        s->soft = share * 0.7;
        s->hard = togo == 1 ? share : (share * 2.5 < cap ? share * 2.5 : cap);
    }
}

int cv_search_run(cv_search *s, const cv_apos *root, const uint64_t *history, int nhistory,
                  const cv_search_limits *lim, cv_search_report_fn report, void *arg, cv_search_info *info)
{
    memset(info, 0, sizeof *info);
    const cv_engine_search *es = root->e->search;
    if (!es) return -1;
    s->e = root->e;
    s->es = es;
    s->node_size = es->node_size;
    free_run(s);
    s->node = malloc(s->node_size);
    s->copies = es->unplay && es->unplay_null ? NULL : malloc(s->node_size * (CV_SEARCH_MAX_PLY + 2));
    if (!s->node || (!s->copies && !(es->unplay && es->unplay_null)) || game_init(s, history, nhistory) < 0) {
        free_run(s);
        return -1;
    }
    unsigned char *rootnode = malloc(s->node_size);
    if (!rootnode) {
        free_run(s);
        return -1;
    }
    es->enter(root->s.b, rootnode);
    memcpy(s->node, rootnode, s->node_size);
    atomic_store(&s->stop, 0);
    s->nodes = 0;
    s->node_limit = lim->nodes;
    s->aborted = 0;
    s->plain = lim->plain;
    s->t0 = now();
    cv_tt_age(&s->tt);
    set_time(s, lim);
    memset(s->killer, 0, sizeof s->killer);

    int rc = 1;
    int j = es->judge(s->node, -1);
    int nroot = j == CV_JUDGE_PLAY ? es->moves(s->node, NULL, 0) : 0;
    if (j != CV_JUDGE_PLAY || nroot == 0) {
        if (j == CV_JUDGE_PLAY) j = es->judge(s->node, 0);
        info->score = judged(j, 0);
        info->mate = 0;
        free(rootnode);
        free_run(s);
        return 0;
    }

    int maxdepth = lim->depth > 0 && lim->depth < CV_SEARCH_MAX_PLY ? lim->depth : CV_SEARCH_MAX_PLY - 1;
    cv_amove best_steps[CV_SEARCH_MAX_PLY + 1];
    int nbest = 0, have = 0;
    for (int d = 1; d <= maxdepth; d++) {
        s->seldepth = 0;
        int v = search(s, 0, 0, d, -CV_SCORE_INF, CV_SCORE_INF, 0);
        /* Out of time inside a depth: a root move that beat the last
         * depth's best (searched first) is better on this depth's
         * evidence, so it is played.  At a node limit the last depth
         * completed stands, as the tests pin it. */
        if (s->aborted && have && s->use_time && s->pvlen[0] > 0 && memcmp(&s->pv[0][0], &best_steps[0], sizeof(cv_amove))) {
            nbest = s->pvlen[0];
            memcpy(best_steps, s->pv[0], (size_t)nbest * sizeof(cv_amove));
            info->score = s->root_score;
            info->mate = mate_of(s->root_score);
            whole_pv(s, rootnode, best_steps, nbest, info);
            break;
        }
        if (s->aborted && have) break;
        if (s->pvlen[0] == 0) {
            if (have) break;
            /* not even depth 1 finished: the first move listed */
            gen(s, 0);
            s->pv[0][0] = s->pm[0].m[0];
            s->pvlen[0] = 1;
            v = 0;
        }
        nbest = s->pvlen[0];
        memcpy(best_steps, s->pv[0], (size_t)nbest * sizeof(cv_amove));
        have = 1;
        info->depth = d;
        info->seldepth = s->seldepth;
        info->score = v;
        info->mate = mate_of(v);
        info->nodes = s->nodes;
        info->seconds = now() - s->t0;
        if (whole_pv(s, rootnode, best_steps, nbest, info) <= 0) {
            rc = -1;
            break;
        }
        if (report) report(arg, root, info);
        if (s->aborted) break;
        if (s->use_time && now() - s->t0 >= s->soft) break;
        /* a mate found is not found nearer by searching deeper */
        if (info->mate && abs(info->mate) * 2 <= d && !lim->depth) break;
    }
    info->nodes = s->nodes;
    info->seconds = now() - s->t0;
    free(rootnode);
    free_run(s);
    return rc;
}
