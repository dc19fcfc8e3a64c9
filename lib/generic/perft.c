#include "perft.h"
#include "bb.h"
#include "movegen.h"
#include "roots.h"
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mailbox_perft(cv_pos *p, int depth)
{
    if (depth <= 0) return 1;
    if (depth == 1) return (uint64_t)cv_gen_count_legal(p);
    cv_movelist ml;
    cv_gen_legal(p, &ml);
    uint64_t total = 0;
    for (int i = 0; i < ml.n; i++) {
        cv_undo u;
        cv_gen_make(p, ml.m[i], &u);
        total += mailbox_perft(p, depth - 1);
        cv_gen_unmake(p, ml.m[i], &u);
    }
    return total;
}

/* The bitboard path when the variant and position have one (bb.h), else
 * the mailbox, which stays the reference. */
uint64_t cv_gen_perft(cv_pos *p, int depth)
{
    if (depth <= 0) return 1;
    uint64_t n = cv_gen_bb_perft(p, depth);
    return n != UINT64_MAX ? n : mailbox_perft(p, depth);
}

/* Entries are written without locks; the check word is key ^ data, so a
 * torn write from two threads fails verification instead of lying. */
typedef struct entry {
    _Atomic uint64_t check, data;   /* data: count << 8 | depth */
} entry;

typedef struct table {
    entry *e;
    size_t mask;
} table;

/* Subtrees this shallow are counted by the bitboard path when it applies:
 * cheaper than a table probe and the moves to reach them. */
#define BB_BELOW_TABLE 2

static uint64_t hashed(cv_pos *p, int depth, table *t)
{
    if (depth <= BB_BELOW_TABLE && depth >= 1) {
        uint64_t n = cv_gen_bb_perft(p, depth);
        if (n != UINT64_MAX) return n;
    }
    if (depth <= 1) return depth <= 0 ? 1 : (uint64_t)cv_gen_count_legal(p);
    uint64_t key = p->hash ^ ((uint64_t)depth * 0x9E3779B97F4A7C15ull);
    entry *e = &t->e[key & t->mask];
    uint64_t d = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t c = atomic_load_explicit(&e->check, memory_order_relaxed);
    if ((c ^ d) == key && (d & 255) == (uint64_t)depth) return d >> 8;
    cv_movelist ml;
    cv_gen_legal(p, &ml);
    uint64_t total = 0;
    for (int i = 0; i < ml.n; i++) {
        cv_undo u;
        cv_gen_make(p, ml.m[i], &u);
        total += hashed(p, depth - 1, t);
        cv_gen_unmake(p, ml.m[i], &u);
    }
    d = total << 8 | (uint64_t)depth;
    atomic_store_explicit(&e->data, d, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ d, memory_order_relaxed);
    return total;
}

typedef struct job {
    const cv_pos *root;
    int depth;
    table *t;
    cv_move *moves;
    uint64_t *counts;
    const cv_perft_opts *o;
} job;

static void worker(cv_roots *r, void *arg)
{
    job *J = arg;
    cv_pos p = *J->root;
    for (int i; (i = cv_roots_take(r)) >= 0;) {
        cv_undo u;
        cv_gen_make(&p, J->moves[i], &u);
        J->counts[i] = J->t ? hashed(&p, J->depth - 1, J->t) : cv_gen_perft(&p, J->depth - 1);
        cv_gen_unmake(&p, J->moves[i], &u);
        if (J->o->roots_done) {
            atomic_fetch_add(J->o->nodes_done, J->counts[i]);
            atomic_fetch_add(J->o->roots_done, 1);
        }
    }
}

uint64_t cv_gen_perft_run(cv_pos *p, int depth, const cv_perft_opts *o, cv_perft_divide_fn divide, void *arg)
{
    cv_perft_opts def = { 1, 0, 0, 0, NULL, NULL, NULL };
    if (!o) o = &def;
    if (depth <= 0) return 1;
    cv_movelist *ml = malloc(sizeof *ml);
    if (!ml) return UINT64_MAX;
    cv_gen_legal(p, ml);
    job J;
    memset(&J, 0, sizeof J);
    J.root = p;
    J.depth = depth;
    J.o = o;
    J.moves = malloc(sizeof *J.moves * (size_t)(ml->n + 1));
    J.counts = calloc((size_t)ml->n + 1, sizeof *J.counts);
    if (!J.moves || !J.counts) {
        free(ml); free(J.moves); free(J.counts);
        return UINT64_MAX;
    }
    int n = 0;
    for (int i = 0; i < ml->n; i++)
        if (o->split_n <= 0 || i % o->split_n == o->split_k - 1) J.moves[n++] = ml->m[i];
    free(ml);
    table t = { 0 };
    if (o->hash_mb) {
        size_t size = 1;
        while (size * 2 * sizeof(entry) <= o->hash_mb * 1024 * 1024) size *= 2;
        t.e = calloc(size, sizeof(entry));
        t.mask = size - 1;
        if (!t.e) {
            free(J.moves); free(J.counts);
            return UINT64_MAX;
        }
        J.t = &t;
    }
    cv_roots roots;
    cv_roots_run(&roots, n, o->threads, worker, &J);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        total += J.counts[i];
        if (divide) divide(arg, p, J.moves[i], J.counts[i]);
    }
    free(t.e);
    free(J.moves);
    free(J.counts);
    return total;
}
