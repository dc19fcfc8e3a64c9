/* cv_pw_perft: Parallel Worlds turns counted to a depth, on several threads
 * and with a table of subtree counts.
 *
 * A count walks single moves: a turn grows move by move and every partial
 * turn is itself a turn (the rules page's perft), so each single move
 * played counts one turn, and at the last depth a turn's last step is
 * counted without being played.  The table holds counts at turn
 * boundaries only: whole turns reach the same position by many orders of
 * the same moves, and even a count of one depth from there (some 76,000
 * turns from the start) costs far more than the key. */
#include "pw.h"
#include "roots.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Entries are written without locks by every thread.  check is key ^
 * turns ^ singles, so an entry two threads wrote at once, its words from
 * both, fails verification instead of giving wrong counts. */
typedef struct entry {
    _Atomic uint64_t check, turns, singles;     /* turns: count << 8 | depth */
} entry;

/* A slot that keeps the deeper count and one that takes every count: the
 * few deep counts (a whole depth of some 76,000 turns below each of
 * their turns) would otherwise be pushed out by the many shallow ones
 * before the other order of their turn's moves comes to them. */
typedef struct bucket {
    entry deep, recent;
} bucket;

typedef struct table {
    bucket *b;
    size_t mask;
} table;

/* What a thread carries down its walk. */
typedef struct walk {
    table *t;                   /* NULL: none */
    uint64_t singles;           /* single moves of the tree so far */
} walk;

#define STORABLE (UINT64_MAX >> 8)

static uint64_t mix(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ x >> 31;
}

/* Everything a count from p depends on, and the depth: the board, the
 * side, castling, en passant, whether the game is over and whether the
 * turn is White's very first (it has its own limit).  Not the clocks,
 * which no move depends on. */
static uint64_t key_of(const pw_pos *p, int depth)
{
    uint64_t w[PW_SQUARES / 8], h = (uint64_t)depth * 0x9E3779B97F4A7C15ull;
    memcpy(w, p->b, sizeof w);
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) h = mix(h ^ w[i]) + i;
    uint64_t first = p->side == 0 && p->fullmove == 1;
    uint64_t state = (uint64_t)(uint8_t)p->side | (uint64_t)p->castling << 8 | (uint64_t)(uint16_t)p->ep[0] << 16 |
                     (uint64_t)(uint16_t)p->ep[1] << 32 | (uint64_t)p->over << 48 | first << 56;
    return mix(h ^ mix(state));
}

static int probe(entry *e, uint64_t key, int depth, uint64_t *turns, uint64_t *singles)
{
    uint64_t c = atomic_load_explicit(&e->check, memory_order_relaxed);
    uint64_t tu = atomic_load_explicit(&e->turns, memory_order_relaxed);
    uint64_t si = atomic_load_explicit(&e->singles, memory_order_relaxed);
    if ((c ^ tu ^ si) != key || (tu & 255) != (uint64_t)depth) return 0;
    *turns = tu >> 8;
    *singles = si;
    return 1;
}

static void store(entry *e, uint64_t key, int depth, uint64_t turns, uint64_t singles)
{
    uint64_t tu = turns << 8 | (uint64_t)depth;
    atomic_store_explicit(&e->turns, tu, memory_order_relaxed);
    atomic_store_explicit(&e->singles, singles, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ tu ^ singles, memory_order_relaxed);
}

static uint64_t turns_from(const pw_pos *p, int depth, walk *w);

/* Turns that extend the turn standing at (p, s) by at least one move,
 * each counted at depth (1: the turn itself). */
static uint64_t extend(const pw_pos *p, const pw_state *s, int depth, walk *w)
{
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(p, s, ml), limit = cv_pw_turn_limit(p);
    if (depth == 1 && s->n + 1 == limit) {
        /* the last move of a turn: counted, not played */
        w->singles += (uint64_t)n;
        return (uint64_t)n;
    }
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pw_pos q = *p;
        pw_state t = *s;
        int over = cv_pw_play(&q, &t, ml[i]);
        w->singles++;
        if (depth == 1) {
            total++;
        } else {
            pw_pos r = q;
            cv_pw_end_turn(&r, &t);
            total += turns_from(&r, depth - 1, w);
        }
        if (!over && t.n < limit) total += extend(&q, &t, depth, w);
    }
    return total;
}

static uint64_t turns_from(const pw_pos *p, int depth, walk *w)
{
    if (depth <= 0) return 1;
    pw_state s;
    cv_pw_state_init(&s);
    if (!w->t) return extend(p, &s, depth, w);
    uint64_t key = key_of(p, depth);
    bucket *b = &w->t->b[key & w->t->mask];
    uint64_t tu, si;
    if (probe(&b->deep, key, depth, &tu, &si) || probe(&b->recent, key, depth, &tu, &si)) {
        w->singles += si;
        return tu;
    }
    uint64_t before = w->singles;
    uint64_t total = extend(p, &s, depth, w);
    if (total <= STORABLE) {
        /* a torn depth here only puts the count in the other slot */
        uint64_t deep = atomic_load_explicit(&b->deep.turns, memory_order_relaxed) & 255;
        store((uint64_t)depth >= deep ? &b->deep : &b->recent, key, depth, total, w->singles - before);
    }
    return total;
}

uint64_t cv_pw_perft(const pw_pos *p, int depth)
{
    walk w = { NULL, 0 };
    return turns_from(p, depth, &w);
}

/* ---- the root turns, shared out ---- */

typedef struct job {
    const pw_pos *root;
    int depth;
    const cv_perft_opts *o;
    table *t;
    pw_turn *turns;             /* the root turns counted */
    uint64_t *counts;           /* and the turns under each */
    int n, cap, seen;           /* seen: root turns generated, counted or not */
    int failed;
    _Atomic uint64_t singles;
} job;

static void keep_root(void *arg, const pw_pos *p, const pw_turn *t)
{
    (void)p;
    job *J = arg;
    int i = J->seen++;
    if (J->failed || (J->o->split_n > 0 && i % J->o->split_n != J->o->split_k - 1)) return;
    if (J->n == J->cap) {
        int cap = J->cap ? J->cap * 2 : 1024;
        pw_turn *nt = realloc(J->turns, sizeof *nt * (size_t)cap);
        if (!nt) {
            J->failed = 1;
            return;
        }
        J->turns = nt;
        J->cap = cap;
    }
    J->turns[J->n++] = *t;
}

static void worker(cv_roots *r, void *arg)
{
    job *J = arg;
    walk w = { J->t, 0 };
    for (int i; (i = cv_roots_take(r)) >= 0;) {
        pw_pos q = *J->root;
        cv_pw_make_turn(&q, &J->turns[i]);
        w.singles++;    /* the root turn's own last move */
        J->counts[i] = turns_from(&q, J->depth - 1, &w);
        if (J->o->roots_done) {
            atomic_fetch_add(J->o->nodes_done, J->counts[i]);
            atomic_fetch_add(J->o->roots_done, 1);
        }
    }
    atomic_fetch_add(&J->singles, w.singles);
}

uint64_t cv_pw_perft_run(const pw_pos *p, int depth, const cv_perft_opts *o, pw_root_fn fn, void *arg,
                      uint64_t *singles)
{
    static const cv_perft_opts plain = { 1, 0, 0, 0, NULL, NULL, NULL };
    if (!o) o = &plain;
    if (depth <= 0) return 1;
    if (!fn && o->threads <= 1 && !o->hash_mb && o->split_n <= 0 && !o->roots_done) {
        walk w = { NULL, 0 };
        uint64_t n = turns_from(p, depth, &w);
        if (singles) *singles += w.singles;
        return n;
    }
    job J = { .root = p, .depth = depth, .o = o };
    atomic_init(&J.singles, 0);
    cv_pw_each_turn(p, keep_root, &J);
    table t = { 0 };
    if (!J.failed) J.counts = calloc((size_t)J.n + 1, sizeof *J.counts);
    if (!J.failed && J.counts && o->hash_mb) {
        size_t n = 1;
        while (n * 2 * sizeof(bucket) <= o->hash_mb * 1024 * 1024) n *= 2;
        t.b = calloc(n, sizeof(bucket));
        t.mask = n - 1;
        J.t = &t;
    }
    if (J.failed || !J.counts || (o->hash_mb && !t.b)) {
        free(J.turns);
        free(J.counts);
        free(t.b);
        return UINT64_MAX;
    }
    cv_roots roots;
    cv_roots_run(&roots, J.n, o->threads, worker, &J);
    uint64_t total = 0;
    for (int i = 0; i < J.n; i++) {
        total += J.counts[i];
        if (fn) fn(arg, p, &J.turns[i], J.counts[i]);
    }
    if (singles) *singles += atomic_load(&J.singles);
    free(t.b);
    free(J.turns);
    free(J.counts);
    return total;
}
