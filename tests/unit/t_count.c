/* t_count: the tree-count driver of count.h on every engine: whichever
 * way a count is made (the one engine call, threads, a table, root moves
 * shared out for the progress line, with or without a table), the total
 * is the known one, divide gives one line per root move in the engine's
 * order with counts that sum to the total, and the shares 1/3, 2/3, 3/3
 * of --split sum to it.  The walk over the root moves (cv_rootwalk) gives
 * the share's root moves in the engine's order, each played, to bodies on
 * as many threads as asked, and stops at a body that fails.  Run from the repository root with
 * CVKIT_SPECS=$PWD/specs (as `make check` does). */
#include "cvkit.h"
#include "tap.h"
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

typedef struct lines {
    int n;
    uint64_t sum;
    char first[64];
} lines;

static void take(void *arg, const char *move, uint64_t nodes)
{
    lines *L = arg;
    if (!L->n++) snprintf(L->first, sizeof L->first, "%s", move);
    L->sum += nodes;
}

static const struct {
    const char *spec;
    int depth;
    uint64_t nodes;
    int roots;
    const char *first;      /* the first root move in divide notation */
} cases[] = {
    { "chess", 3, 8902, 20, "b1a3" },
    { "doublechess", 3, 70008, 40, NULL },
    { "trid-standard", 3, 10088, 21, NULL },
    { "parallelworlds", 1, 3288, 3288, NULL },
    { "panoply-testarmy", 2, 12272, 112, "R g1-g2" },
};

static const struct {
    const char *name;
    int threads;
    size_t hash_mb;
    int progress;
} ways[] = {
    { "one call", 1, 0, 0 },
    { "3 threads", 3, 0, 0 },
    { "a table", 2, 4, 0 },
    { "roots shared out", 1, 0, 1 },
    { "roots shared out on 3 threads", 3, 0, 1 },
    { "a table with progress", 2, 4, 1 },
};

/* The spec's start in a (NULL, a failed check, when there is none). */
static cv_variant *start(const char *spec, cv_apos *a)
{
    cv_variant *v = cv_variant_find(spec, NULL);
    if (v && cv_any_start(v, a) == 0) return v;
    TAP_OK(0, "%s: loads and sets up", spec);
    cv_variant_free(v);
    return NULL;
}

/* ---- the walk ---- */

typedef struct seen {
    cv_amove all[64];           /* the root's moves, in the engine's order */
    int nall;
    const cv_apos *root;
    int wrong_pos;              /* a body saw a position not the root with its move played */
    int threads_asked;
    int bad_thread;             /* a thread number out of 0 .. threads - 1 */
    _Atomic int threads_seen;   /* bit per thread number */
    int wait_for;               /* bodies wait (up to 10 s) until this many threads have come */
    _Atomic int gave_up;
    int fail_at;                /* root index whose body fails (-1: none) */
    _Atomic int bodies;
} seen;

static uint64_t look(void *arg, int thread, cv_apos *pos, int i)
{
    (void)pos;
    seen *S = arg;
    atomic_fetch_add(&S->bodies, 1);
    if (thread < 0 || thread >= S->threads_asked) S->bad_thread = 1;
    else atomic_fetch_or(&S->threads_seen, 1 << thread);
    int spins = 0;
    while (!atomic_load(&S->gave_up) && __builtin_popcount(atomic_load(&S->threads_seen)) < S->wait_for)
        if (spins++ < 10000) nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
        else atomic_store(&S->gave_up, 1);    /* the other threads will not come: no body waits again */
    if (i == S->fail_at) return UINT64_MAX;
    return (uint64_t)i * 10 + 7;
}

/* Is pos the root with all[k] played? */
static int played(const seen *S, const cv_apos *pos, int k)
{
    cv_apos a;
    cv_aundo u;
    char want[2048], got[2048];
    cv_apos_copy(&a, S->root);
    cv_any_make(&a, &S->all[k], &u);
    cv_any_write(&a, 0, want, sizeof want);
    cv_any_write(pos, 0, got, sizeof got);
    return !strcmp(want, got);
}

static uint64_t look_played(void *arg, int thread, cv_apos *pos, int i)
{
    seen *S = arg;
    /* the share 2/3: root i of the walk is root 3i + 1 of the position */
    if (!played(S, pos, 3 * i + 1)) S->wrong_pos = 1;
    return look(arg, thread, pos, i);
}

static void walk_tests(void)
{
    static const struct {
        const char *spec;
        int threads, k, n;
        int walked;             /* root moves of the share */
        int wait_for;           /* threads the bodies wait to see */
        int fail_at;
        int rc;
    } walks[] = {
        { "chess", 1, 0, 0, 20, 1, -1, 0 },
        { "chess", 3, 2, 3, 7, 3, -1, 0 },
        { "trid-standard", 2, 0, 0, 21, 2, -1, 0 },
        { "trid-standard", 2, 2, 3, 7, 2, -1, 0 },
        { "panoply-testarmy", 3, 0, 0, 112, 3, -1, 0 },
        { "parallelworlds", 4, 2, 3, 1096, 4, -1, 0 },
        { "chess", 1, 0, 0, 20, 1, 5, -1 },
    };
    for (size_t c = 0; c < sizeof walks / sizeof walks[0]; c++) {
        cv_apos a;
        cv_variant *v = start(walks[c].spec, &a);
        if (!v) continue;
        static seen S;
        memset(&S, 0, sizeof S);
        S.root = &a;
        S.nall = cv_any_gen(&a, S.all, 64);
        S.threads_asked = walks[c].threads;
        S.wait_for = walks[c].wait_for;
        S.fail_at = walks[c].fail_at;
        cv_rootwalk w = { .threads = walks[c].threads, .split_k = walks[c].k, .split_n = walks[c].n, .depth = 1,
                          .body = walks[c].n == 3 && S.nall <= 64 ? look_played : look, .arg = &S };
        int rc = cv_rootwalk_run(&a, &w);
        TAP_IS_INT(rc, walks[c].rc, "%s, walk %zu: returns %d", walks[c].spec, c, walks[c].rc);
        TAP_IS_INT(w.n, walks[c].walked, "%s, walk %zu: root moves walked", walks[c].spec, c);
        int order = 1, nodes = 1;
        for (int i = 0; i < w.n && S.nall <= 64; i++) {
            int k = walks[c].n ? (walks[c].k - 1) + i * walks[c].n : i;
            order &= !memcmp(&w.moves[i], &S.all[k], sizeof w.moves[i]);
        }
        for (int i = 0; rc == 0 && i < w.n; i++) nodes &= w.nodes[i] == (uint64_t)i * 10 + 7;
        TAP_OK(order, "%s, walk %zu: the root moves of the share, in the engine's order", walks[c].spec, c);
        TAP_OK(!S.wrong_pos, "%s, walk %zu: each body has its root move played", walks[c].spec, c);
        TAP_OK(nodes, "%s, walk %zu: each root move's nodes kept in order", walks[c].spec, c);
        TAP_OK(!S.bad_thread, "%s, walk %zu: thread numbers below %d", walks[c].spec, c, walks[c].threads);
        /* the bodies wait for each other: only as many threads at once pass */
        TAP_IS_INT(__builtin_popcount(atomic_load(&S.threads_seen)), walks[c].wait_for,
                   "%s, walk %zu: root moves on %d threads", walks[c].spec, c, walks[c].wait_for);
        if (walks[c].fail_at >= 0)
            TAP_OK(atomic_load(&S.bodies) <= walks[c].fail_at + 1, "%s, walk %zu: no body after the failed one",
                   walks[c].spec, c);
        cv_rootwalk_free(&w);
        cv_variant_free(v);
    }
}

/* ---- divide's notation ---- */

typedef struct find {
    const char *move;
    int found;
} find;

static void look_for(void *arg, const char *move, uint64_t nodes)
{
    (void)nodes;
    find *F = arg;
    F->found += !strcmp(move, F->move);
}

/* Divide writes the root moves as it always has: pbm as plain SAN, even
 * where pbmserv reads the SAN two ways and cv_any_format writes LAN. */
static void divide_notation_tests(void)
{
    static const struct {
        const char *spec, *fen, *notation, *move;
    } dn[] = {
        { "chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "pbm", "Bb3" },
        { "chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "san", "Bb3" },
        { "chess", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", "uci", "c4b3" },
        { "trid-standard", NULL, "romulan", NULL },
    };
    for (size_t c = 0; c < sizeof dn / sizeof dn[0]; c++) {
        cv_apos a;
        cv_variant *v = start(dn[c].spec, &a);
        if (!v) continue;
        cv_fen_errors fe;
        if (dn[c].fen && cv_any_read_position(v, dn[c].fen, 0, &a, &fe) < 0) TAP_OK(0, "%s: reads", dn[c].fen);
        int nt = cv_any_notation(v, dn[c].notation);
        /* without a move named: the first as cv_any_format writes it */
        char first[64] = "";
        cv_amove m;
        if (cv_any_gen(&a, &m, 1) > 0) cv_any_format(&a, &m, nt, first, sizeof first);
        find F = { dn[c].move ? dn[c].move : first, 0 };
        cv_count_opts o = { .threads = 2, .nt = nt, .divide = look_for, .arg = &F };
        cv_count_result r;
        TAP_IS_INT(cv_count(&a, 1, &o, &r), 0, "%s -n %s: counted", dn[c].spec, dn[c].notation);
        TAP_IS_INT(F.found, 1, "%s -n %s: divide writes %s", dn[c].spec, dn[c].notation, F.move);
        cv_variant_free(v);
    }
}

int main(void)
{
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        cv_apos a;
        cv_variant *v = start(cases[c].spec, &a);
        if (!v) continue;
        const char *first = NULL;
        for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
            cv_count_opts o = { .threads = ways[w].threads, .hash_mb = ways[w].hash_mb,
                                .nt = cv_any_divide_notation(v), .progress = ways[w].progress ? "t_count" : NULL };
            lines L = { 0 };
            o.divide = take;
            o.arg = &L;
            cv_count_result r;
            int rc = cv_count(&a, cases[c].depth, &o, &r);
            TAP_IS_INT(rc, 0, "%s -d %d, %s: counted", cases[c].spec, cases[c].depth, ways[w].name);
            TAP_IS_INT(r.nodes, cases[c].nodes, "%s -d %d, %s: nodes", cases[c].spec, cases[c].depth, ways[w].name);
            TAP_IS_INT(L.n, cases[c].roots, "%s -d %d, %s: divide lines", cases[c].spec, cases[c].depth, ways[w].name);
            TAP_IS_INT(L.sum, cases[c].nodes, "%s -d %d, %s: divide sum", cases[c].spec, cases[c].depth, ways[w].name);
            /* the same first root move however the count is made */
            if (!first) first = strdup(L.first);
            TAP_IS_STR(L.first, cases[c].first ? cases[c].first : first, "%s -d %d, %s: first root move",
                       cases[c].spec, cases[c].depth, ways[w].name);
            uint64_t shares = 0;
            o.divide = NULL;
            for (int k = 1; k <= 3; k++) {
                o.split_k = k;
                o.split_n = 3;
                TAP_IS_INT(cv_count(&a, cases[c].depth, &o, &r), 0, "%s, %s: share %d/3 counted", cases[c].spec,
                           ways[w].name, k);
                shares += r.nodes;
            }
            TAP_IS_INT(shares, cases[c].nodes, "%s -d %d, %s: shares 1/3 2/3 3/3 sum", cases[c].spec, cases[c].depth,
                       ways[w].name);
        }
        free((void *)first);
        cv_variant_free(v);
    }
    walk_tests();
    divide_notation_tests();
    return tap_done();
}
