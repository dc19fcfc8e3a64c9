#include "count.h"
#include "roots.h"
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct job {
    const cv_apos *root;
    const cv_count_opts *o;
    int depth;
    int whole;              /* a table: one engine call, no root moves apart */
    int nroot;              /* root moves of the position, in the engine's order */
    int k0, step;           /* the root moves counted: k0, k0 + step, ... */
    int n;                  /* how many (whole: the divide lines kept) */
    uint64_t *counts;       /* per root move counted */
    char (*names)[64];      /* per root move, for divide */
    int threads;
    int done, finished;     /* under mu */
    _Atomic int roots;      /* whole: root moves the engine has counted */
    _Atomic unsigned long long rnodes;
    _Atomic unsigned long long singles;
    uint64_t nodes;
    int failed;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} job;

static void name_cb(void *arg, const char *move, uint64_t nodes)
{
    (void)nodes;
    snprintf(arg, 64, "%s", move);
}

/* divide in one call: the root moves are kept and given out once the
 * progress line is gone */
static void keep_cb(void *arg, const char *move, uint64_t nodes)
{
    job *J = arg;
    if (J->failed) return;
    if (J->n == J->nroot) {
        int cap = J->nroot ? J->nroot * 2 : 64;
        uint64_t *c = realloc(J->counts, sizeof *c * (size_t)cap);
        if (c) J->counts = c;
        char(*nm)[64] = realloc(J->names, sizeof *nm * (size_t)cap);
        if (nm) J->names = nm;
        if (!c || !nm) {
            J->failed = 1;
            return;
        }
        J->nroot = cap;
    }
    J->counts[J->n] = nodes;
    snprintf(J->names[J->n], sizeof J->names[0], "%s", move);
    J->n++;
}

/* one root move at a time, on every thread of cv_roots_run */
static void count_roots(cv_roots *r, void *arg)
{
    job *J = arg;
    cv_apos a;
    cv_apos_copy(&a, J->root);
    for (int j; (j = cv_roots_take(r)) >= 0;) {
        cv_perft_opts po = J->o->po;
        po.threads = 1;                 /* the roots are the threads */
        po.split_n = J->nroot;
        po.split_k = J->k0 + j * J->step + 1;
        po.single_moves = &J->singles;
        uint64_t c = cv_any_perft(&a, J->depth, &po, J->o->nt, J->o->divide ? name_cb : NULL, J->names[j]);
        pthread_mutex_lock(&J->mu);
        if (c == UINT64_MAX) J->failed = 1;
        else {
            J->counts[j] = c;
            J->nodes += c;
            J->done++;
        }
        pthread_mutex_unlock(&J->mu);
        if (c == UINT64_MAX) break;
    }
}

static void *run(void *arg)
{
    job *J = arg;
    if (J->whole) {
        /* one call (its table serves every root move); the engine says
         * how many root moves it has done as it goes */
        cv_apos a;
        cv_apos_copy(&a, J->root);
        cv_perft_opts po = J->o->po;
        po.roots_done = &J->roots;
        po.nodes_done = &J->rnodes;
        po.single_moves = &J->singles;
        uint64_t c = cv_any_perft(&a, J->depth, &po, J->o->nt, J->o->divide ? keep_cb : NULL, J);
        pthread_mutex_lock(&J->mu);
        J->nodes = c;
        if (c == UINT64_MAX) J->failed = 1;
        else J->done = 1;
        pthread_mutex_unlock(&J->mu);
    } else {
        cv_roots roots;
        cv_roots_run(&roots, J->n, J->threads, count_roots, J);
    }
    pthread_mutex_lock(&J->mu);
    J->finished = 1;
    pthread_cond_signal(&J->cv);
    pthread_mutex_unlock(&J->mu);
    return NULL;
}

/* The progress line until the count is done; shown once it has run for
 * half a second, so short counts (and a suite's many small ones) do not
 * flicker.  Called with J->mu held. */
static int watch(job *J, int depth, int whole_roots)
{
    const char *who = J->o->progress;
    double t0 = now();
    int shown = 0;
    while (!J->finished) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 200 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&J->cv, &J->mu, &until);
        double t = now() - t0;
        if (J->finished || t < 0.5) continue;
        int r = atomic_load(&J->roots);
        if (J->whole && (!whole_roots || !r))
            fprintf(stderr, "\r%s: depth %d: counting, %.0f s\033[K", who, depth, t);
        else if (J->whole)
            fprintf(stderr, "\r%s: depth %d: %d/%d root moves, %.1f M nodes/s\033[K", who, depth, r, whole_roots,
                    (double)atomic_load(&J->rnodes) / t / 1e6);
        else
            fprintf(stderr, "\r%s: depth %d: %d/%d root moves, %.1f M nodes/s\033[K", who, depth, J->done, J->n,
                    (double)J->nodes / t / 1e6);
        fflush(stderr);
        shown = 1;
    }
    return shown;
}

/* 0 counted, -1 out of memory, 1 better made as one plain call (a root
 * too large to take apart, no thread). */
static int count_progress(cv_apos *a, int depth, const cv_count_opts *o, cv_count_result *res)
{
    job J = { .root = a, .o = o, .depth = depth, .whole = o->po.hash_mb > 0 };
    atomic_init(&J.roots, 0);
    atomic_init(&J.rnodes, 0);
    atomic_init(&J.singles, 0);
    cv_perft_opts one = { 1, 0, o->po.split_k, o->po.split_n, NULL, NULL, NULL };
    int whole_roots = 0;    /* a table: the root moves the one call counts */
    if (J.whole) {
        uint64_t r = cv_any_perft(a, 1, &one, o->nt, NULL, NULL);
        whole_roots = r == UINT64_MAX || r > INT_MAX ? 0 : (int)r;
    } else {
        one.split_k = one.split_n = 0;
        uint64_t nroot = cv_any_perft(a, 1, &one, o->nt, NULL, NULL);
        if (nroot == UINT64_MAX || nroot > INT_MAX) return 1;
        int k = o->po.split_n > 0 ? o->po.split_k : 1, n = o->po.split_n > 0 ? o->po.split_n : 1;
        J.nroot = (int)nroot;
        J.k0 = k - 1;
        J.step = n;
        J.n = J.nroot > J.k0 ? (J.nroot - J.k0 + n - 1) / n : 0;
        J.threads = o->po.threads > 1 ? o->po.threads : 1;
    }
    J.counts = calloc((size_t)J.n + 1, sizeof *J.counts);
    J.names = calloc((size_t)J.n + 1, sizeof *J.names);
    if (!J.counts || !J.names) {
        free(J.counts);
        free(J.names);
        return -1;
    }
    pthread_mutex_init(&J.mu, NULL);
    pthread_cond_init(&J.cv, NULL);
    pthread_t th;
    int rc = 1;
    if (pthread_create(&th, NULL, run, &J) == 0) {
        pthread_mutex_lock(&J.mu);
        int shown = watch(&J, depth, whole_roots);
        pthread_mutex_unlock(&J.mu);
        pthread_join(th, NULL);
        if (shown) {
            fputs("\r\033[K", stderr);
            fflush(stderr);
        }
        rc = J.failed || J.done != (J.whole ? 1 : J.n) ? -1 : 0;
        uint64_t total = 0;
        for (int j = 0; rc == 0 && j < J.n; j++) {
            total += J.counts[j];
            if (o->divide) o->divide(o->arg, J.names[j], J.counts[j]);
        }
        res->nodes = J.whole ? J.nodes : total;
        res->singles = atomic_load(&J.singles);
    }
    pthread_mutex_destroy(&J.mu);
    pthread_cond_destroy(&J.cv);
    free(J.counts);
    free(J.names);
    return rc;
}

int cv_count(cv_apos *a, int depth, const cv_count_opts *o, cv_count_result *r)
{
    r->nodes = 0;
    r->singles = 0;
    if (o->progress && depth > 1) {
        int rc = count_progress(a, depth, o, r);
        if (rc <= 0) return rc;
    }
    _Atomic unsigned long long singles = 0;
    cv_perft_opts po = o->po;
    po.single_moves = &singles;
    uint64_t n = cv_any_perft(a, depth, &po, o->nt, o->divide, o->arg);
    if (n == UINT64_MAX) return -1;
    r->nodes = n;
    r->singles = atomic_load(&singles);
    return 0;
}
