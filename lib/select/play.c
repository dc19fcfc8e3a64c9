/* play: a game replayed for what a selection asks of it (play.h). */
#include "play.h"
#include "replay.h"
#include <stdlib.h>
#include <string.h>

/* The --position keys of one variant, read once. */
typedef struct target {
    char name[64];          /* the variant's name */
    const cv_variant *v;
    unsigned ok;            /* bit i: position i reads in it */
    uint64_t key[CV_SELECT_MAX_POSITIONS];
} target;

#define MAX_TARGETS 16

struct cv_select_play {
    const cv_select *s;
    atomic_uint *read;
    cv_replayer *rp;
    cv_apos start, final;
    target t[MAX_TARGETS];
    int nt;
    const target *cur;      /* the current game's variant's */
    unsigned reached;
    uint64_t seed;          /* the variant's, before the start position */
    uint64_t *h;            /* main-line hashes */
    int nh, caph, oom;
    /* the game being played, for its problems */
    const cv_record *g;
    const cv_record_format *f;
    cv_problem_at at;
    char ident[512];
    int bad;
};

cv_select_play *cv_select_play_new(const cv_select *s, atomic_uint *read)
{
    cv_select_play *P = calloc(1, sizeof *P);
    if (!P) return NULL;
    P->s = s;
    P->read = read;
    if (!(P->rp = cv_replayer_new())) {
        free(P);
        return NULL;
    }
    return P;
}

void cv_select_play_free(cv_select_play *P)
{
    if (!P) return;
    cv_replayer_free(P->rp);
    free(P->h);
    free(P);
}

/* splitmix64's finaliser: every bit of x moves about half the bits */
static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static void push_hash(cv_select_play *P, uint64_t h)
{
    if (P->nh == P->caph) {
        int cap = P->caph ? P->caph * 2 : 256;
        uint64_t *n = realloc(P->h, sizeof *n * (size_t)cap);
        if (!n) {
            P->oom = 1;
            return;
        }
        P->h = n;
        P->caph = cap;
    }
    P->h[P->nh++] = h;
}

/* The --position keys of v, read the first time a game of v is met. */
static const target *target_of(cv_select_play *P, const cv_variant *v)
{
    for (int i = 0; i < P->nt; i++)
        if (P->t[i].v == v || !strcmp(P->t[i].name, v->name)) return &P->t[i];
    target *t = P->nt < MAX_TARGETS ? &P->t[P->nt++] : &P->t[MAX_TARGETS - 1];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", v->name);
    t->v = v;
    for (int i = 0; i < cv_select_npositions(P->s); i++) {
        cv_fen_errors errs;
        memset(&errs, 0, sizeof errs);
        if (cv_any_read_position(v, cv_select_position_text(P->s, i), 0, &P->final, &errs) < 0) continue;
        t->ok |= 1u << i;
        t->key[i] = cv_any_key(&P->final);
    }
    if (P->read && t->ok) atomic_fetch_or(P->read, t->ok);
    return t;
}

static void reach(cv_select_play *P, cv_apos *pos)
{
    uint64_t k = cv_any_key(pos);
    const target *t = P->cur;
    for (int i = 0; t && i < cv_select_npositions(P->s); i++)
        if ((t->ok >> i & 1) && t->key[i] == k) P->reached |= 1u << i;
    push_hash(P, mix((P->nh ? P->h[P->nh - 1] : P->seed) ^ k));
}

static const char *name_of(cv_select_play *P)
{
    if (!P->ident[0]) P->f->ident(P->g, P->ident, sizeof P->ident);
    return P->ident;
}

static void on_move(void *arg, const cv_replay_ev *e)
{
    cv_select_play *P = arg;
    if (!e->depth) reach(P, (cv_apos *)e->after);
}

/* A move that cannot be played, in cv-replay's words. */
static void on_bad(void *arg, const cv_replay_ev *e)
{
    cv_select_play *P = arg;
    char num[32];
    cv_replay_ev_number(e, num, sizeof num);
    cv_level lv = e->mark_only ? CV_WARNING : CV_ERROR;
    if (!e->mark_only) P->bad = 1;
    cv_problem_at at = P->at;
    at.name = name_of(P);
    if (e->t->kind == CV_TOKEN_VARIATION_START)
        cv_report_problem(&at, lv, "move", e->line, e->col, "%s", e->why);
    else
        cv_report_problem(&at, lv, "move", e->line, e->col, "%s %s%s%s: %s", num, e->t->text,
                          e->t->suffix ? e->t->suffix : "", e->depth ? " (in a variation)" : "", e->why);
}

/* How the game ended: by the final position, else by its result. */
static int ending(const cv_replay_result *res, cv_apos *final, const char *result)
{
    /* lost whatever moves it has: a side whose king is gone (the replay
     * calls that a mate, as no move is left; judged with moves said to
     * exist, an engine's judge speaks of the king alone) */
    const cv_engine_search *s = final->e->search;
    if (s && s->judge && s->node_size <= CV_APOS_BYTES) {
        cv_apos node;
        s->enter(final->s.b, node.s.b);
        if (s->judge(node.s.b, 1) == CV_JUDGE_LOSS) return CV_END_KING_CAPTURED;
    }
    if (res->mate) return CV_END_MATE;
    if (res->stalemate) return CV_END_STALEMATE;
    if (result && (!strcmp(result, "1-0") || !strcmp(result, "0-1"))) return CV_END_RESIGNATION;
    if (result && !strcmp(result, "1/2-1/2")) return CV_END_DRAW;
    return CV_END_UNFINISHED;
}

int cv_select_play_game(cv_select_play *P, const cv_record *g, const cv_record_format *f, const cv_variant *chosen,
                        const cv_problem_at *at, cv_select_facts *facts)
{
    memset(facts, 0, sizeof *facts);
    P->g = g;
    P->f = f;
    P->at = *at;
    P->ident[0] = 0;
    P->bad = g->errors > 0;
    P->nh = 0;
    P->oom = 0;
    P->reached = 0;
    P->cur = NULL;
    facts->result = g->result_text;
    const cv_variant *deflt = cv_record_variant(f, chosen), *v;
    char why[300];
    long line, col;
    cv_problem_at here = *at;
    here.name = name_of(P);
    if (!deflt) {
        cv_report_problem(&here, CV_ERROR, "setup", g->line, g->col, "the rules of this record format cannot be loaded");
        return 0;
    }
    if (cv_replay_start(g, deflt, &v, &P->start, why, sizeof why, &line, &col) < 0) {
        cv_report_problem(&here, CV_ERROR, "setup", line, col, "%s", why);
        return 0;
    }
    facts->v = v;
    facts->variant = v->name;
    if (cv_select_npositions(P->s)) P->cur = target_of(P, v);
    /* the variant and the start begin the sequence: equal moves from
     * another start are another game */
    uint64_t seed = 1469598103934665603ull;
    for (const char *c = v->name; *c; c++) seed = (seed ^ (unsigned char)*c) * 1099511628211ull;
    P->seed = mix(seed);
    reach(P, &P->start);
    cv_replay_result res;
    memset(&res, 0, sizeof res);
    static const cv_replay_hooks hooks = { on_move, on_bad };
    cv_replayer_set_read_flags(P->rp, 0);
    cv_replayer_set_marks(P->rp, f->marks_warn ? CV_MARKS_WARN : CV_MARKS_IGNORE);
    cv_replayer_set_numbers(P->rp, f->numbered);
    cv_replayer_set_notation(P->rp, 0);
    cv_replay(P->rp, g, &P->start, &hooks, P, &res, &P->final);
    if (P->oom) {
        cv_report_problem(&here, CV_ERROR, "setup", g->line, g->col, "out of memory");
        return -1;
    }
    if (!res.mainline_complete || P->bad) {
        P->nh = 0;
        return 0;
    }
    if (!facts->result) facts->result = cv_replay_implied_result(&res);
    facts->replayed = 1;
    facts->plies = res.plies;
    facts->positions = P->reached;
    facts->ending = ending(&res, &P->final, facts->result);
    return 1;
}

const uint64_t *cv_select_play_hashes(const cv_select_play *P, int *n)
{
    *n = P->nh;
    return P->h;
}
