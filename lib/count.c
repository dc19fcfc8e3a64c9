#include "count.h"
#include "roots.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* ---- the table ---- */

typedef struct slot {
    _Atomic uint64_t check, nodes, singles;     /* nodes: count << 8 | depth */
} slot;

typedef struct bucket {
    slot deep, recent;
} bucket;

struct cv_count_table {
    bucket *b;
    size_t mask;
};

#define STORABLE (UINT64_MAX >> 8)

/* the depth mixed in, so one position's counts at two depths differ */
static uint64_t keyed(uint64_t key, int depth)
{
    return key ^ (uint64_t)depth * 0x9E3779B97F4A7C15ull;
}

static int slot_read(slot *s, uint64_t key, int depth, uint64_t *nodes, uint64_t *singles)
{
    uint64_t c = atomic_load_explicit(&s->check, memory_order_relaxed);
    uint64_t n = atomic_load_explicit(&s->nodes, memory_order_relaxed);
    uint64_t si = atomic_load_explicit(&s->singles, memory_order_relaxed);
    if ((c ^ n ^ si) != key || (n & 255) != (uint64_t)depth) return 0;
    *nodes = n >> 8;
    *singles = si;
    return 1;
}

int cv_count_probe(cv_count_table *t, uint64_t key, int depth, uint64_t *nodes, uint64_t *singles)
{
    key = keyed(key, depth);
    bucket *b = &t->b[key & t->mask];
    return slot_read(&b->deep, key, depth, nodes, singles) || slot_read(&b->recent, key, depth, nodes, singles);
}

void cv_count_store(cv_count_table *t, uint64_t key, int depth, uint64_t nodes, uint64_t singles)
{
    if (nodes > STORABLE) return;
    key = keyed(key, depth);
    bucket *b = &t->b[key & t->mask];
    /* a torn depth here only puts the count in the other slot */
    uint64_t deep = atomic_load_explicit(&b->deep.nodes, memory_order_relaxed) & 255;
    slot *s = (uint64_t)depth >= deep ? &b->deep : &b->recent;
    uint64_t n = nodes << 8 | (uint64_t)depth;
    atomic_store_explicit(&s->nodes, n, memory_order_relaxed);
    atomic_store_explicit(&s->singles, singles, memory_order_relaxed);
    atomic_store_explicit(&s->check, key ^ n ^ singles, memory_order_relaxed);
}

/* the largest power of two of buckets within mb megabytes */
static int table_make(cv_count_table *t, size_t mb)
{
    size_t n = 1;
    while (n * 2 * sizeof(bucket) <= mb * 1024 * 1024) n *= 2;
    t->b = calloc(n, sizeof(bucket));
    t->mask = n - 1;
    return t->b ? 0 : -1;
}

cv_count_table *cv_count_table_new(size_t mb)
{
    cv_count_table *t = malloc(sizeof *t);
    if (t && table_make(t, mb) < 0) {
        free(t);
        t = NULL;
    }
    return t;
}

void cv_count_table_free(cv_count_table *t)
{
    if (!t) return;
    free(t->b);
    free(t);
}

/* ---- the walk over the root moves ---- */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct walk {
    const cv_apos *root;
    cv_rootwalk *w;
    _Atomic int ids;                /* the next thread's number */
    _Atomic int done, failed;
    _Atomic unsigned long long nodes;
    int finished;                   /* under mu */
    pthread_mutex_t mu;
    pthread_cond_t cv;
} walk;

static void walk_roots(cv_roots *r, void *arg)
{
    walk *W = arg;
    cv_rootwalk *w = W->w;
    int thread = atomic_fetch_add(&W->ids, 1);
    cv_apos a;
    cv_aundo u;
    for (int i; !atomic_load(&W->failed) && (i = cv_roots_take(r)) >= 0;) {
        cv_apos_copy(&a, W->root);
        cv_any_make(&a, &w->moves[i], &u);
        uint64_t c = w->body(w->arg, thread, &a, i);
        if (c == UINT64_MAX) {
            atomic_store(&W->failed, 1);
            break;
        }
        w->nodes[i] = c;
        atomic_fetch_add(&W->nodes, c);
        atomic_fetch_add(&W->done, 1);
    }
}

static void *run(void *arg)
{
    walk *W = arg;
    cv_roots roots;
    cv_roots_run(&roots, W->w->n, W->w->threads, walk_roots, W);
    pthread_mutex_lock(&W->mu);
    W->finished = 1;
    pthread_cond_signal(&W->cv);
    pthread_mutex_unlock(&W->mu);
    return NULL;
}

/* The progress line until the walk is done; shown once it has run for
 * half a second, so short counts (and a suite's many small ones) do not
 * flicker.  Called with W->mu held. */
static int watch(walk *W)
{
    const cv_rootwalk *w = W->w;
    double t0 = now();
    int shown = 0;
    while (!W->finished) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 200 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&W->cv, &W->mu, &until);
        double t = now() - t0;
        if (W->finished || t < 0.5) continue;
        fprintf(stderr, "\r%s: depth %d: %d/%d root moves, %.1f M nodes/s\033[K", w->progress, w->depth,
                atomic_load(&W->done), w->n, (double)atomic_load(&W->nodes) / t / 1e6);
        fflush(stderr);
        shown = 1;
    }
    return shown;
}

/* The root moves of the share, in the engine's order, into w. */
static int pick_roots(const cv_apos *root, cv_rootwalk *w)
{
    cv_apos a;
    cv_apos_copy(&a, root);
    int all = cv_any_gen(&a, NULL, 0);
    cv_amove *moves = malloc(sizeof *moves * ((size_t)all + 1));
    w->moves = moves;
    w->nodes = calloc((size_t)all + 1, sizeof *w->nodes);
    if (!moves || !w->nodes) return -1;
    cv_any_gen(&a, moves, all);
    int k = w->split_n > 0 ? w->split_k - 1 : 0, step = w->split_n > 0 ? w->split_n : 1;
    for (int i = k; i < all; i += step) moves[w->n++] = moves[i];
    return 0;
}

int cv_rootwalk_run(const cv_apos *root, cv_rootwalk *w)
{
    w->n = 0;
    w->moves = NULL;
    w->nodes = NULL;
    if (pick_roots(root, w) < 0) return -1;
    walk W = { .root = root, .w = w };
    atomic_init(&W.ids, 0);
    atomic_init(&W.done, 0);
    atomic_init(&W.failed, 0);
    atomic_init(&W.nodes, 0);
    cv_roots roots;
    pthread_t th;
    pthread_mutex_init(&W.mu, NULL);
    pthread_cond_init(&W.cv, NULL);
    if (!w->progress || pthread_create(&th, NULL, run, &W) != 0) {
        cv_roots_run(&roots, w->n, w->threads, walk_roots, &W);
    } else {
        pthread_mutex_lock(&W.mu);
        int shown = watch(&W);
        pthread_mutex_unlock(&W.mu);
        pthread_join(th, NULL);
        if (shown) {
            fputs("\r\033[K", stderr);
            fflush(stderr);
        }
    }
    pthread_mutex_destroy(&W.mu);
    pthread_cond_destroy(&W.cv);
    return atomic_load(&W.failed) ? -1 : 0;
}

void cv_rootwalk_free(cv_rootwalk *w)
{
    free(w->moves);
    free(w->nodes);
    w->moves = NULL;
    w->nodes = NULL;
}

/* ---- the count ---- */

typedef struct counting {
    const cv_engine_count *ec;
    int depth;
    cv_count_table *table;
    _Atomic unsigned long long singles;
} counting;

/* A root move's subtree; where a node is a turn, the root turn itself is
 * one single move more (its earlier ones are the shorter turns'). */
static uint64_t count_root(void *arg, int thread, cv_apos *pos, int i)
{
    (void)thread;
    (void)i;
    counting *C = arg;
    cv_count_ctx ctx = { C->table, 0 };
    uint64_t n = C->ec->subtree(pos->s.b, C->depth - 1, &ctx);
    if (C->ec->turns) atomic_fetch_add(&C->singles, ctx.singles + 1);
    return n;
}

int cv_count(cv_apos *a, int depth, const cv_count_opts *o, cv_count_result *r)
{
    r->nodes = 0;
    r->singles = 0;
    const cv_engine_count *ec = a->e->count;
    if (!ec) return -1;
    if (depth <= 0) {
        r->nodes = 1;
        return 0;
    }
    cv_count_table table = { 0 };
    if (o->hash_mb && ec->table && table_make(&table, o->hash_mb) < 0) return -1;
    counting C = { .ec = ec, .depth = depth, .table = table.b ? &table : NULL };
    atomic_init(&C.singles, 0);
    int progress = o->progress && depth > 1;
    int rc = 0;
    if (!o->divide && o->split_n <= 0 && o->threads <= 1 && !progress) {
        cv_apos copy;
        cv_apos_copy(&copy, a);
        cv_count_ctx ctx = { C.table, 0 };
        uint64_t n = ec->subtree(copy.s.b, depth, &ctx);
        if (n == UINT64_MAX) rc = -1;
        else {
            r->nodes = n;
            r->singles = ctx.singles;
        }
    } else {
        cv_rootwalk w = { .threads = o->threads, .split_k = o->split_k, .split_n = o->split_n,
                          .progress = progress ? o->progress : NULL, .depth = depth, .body = count_root, .arg = &C };
        rc = cv_rootwalk_run(a, &w);
        for (int i = 0; rc == 0 && i < w.n; i++) {
            r->nodes += w.nodes[i];
            if (o->divide) {
                char move[128];
                if (ec->divide_format) ec->divide_format(a->s.b, &w.moves[i], o->nt, move, sizeof move);
                else cv_any_format(a, &w.moves[i], o->nt, move, sizeof move);
                o->divide(o->arg, move, w.nodes[i]);
            }
        }
        r->singles = atomic_load(&C.singles);
        cv_rootwalk_free(&w);
    }
    free(table.b);
    if (rc < 0) r->nodes = r->singles = 0;
    return rc;
}
