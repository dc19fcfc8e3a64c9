/* count: a move tree counted to a depth, for every engine, once.
 *
 * An engine offers only the count of one subtree (engine.h,
 * cv_engine_count: a position, a depth, a cv_count_ctx).  All around it
 * is here: the root moves, or a share K of N of them, in the engine's
 * order, handed out over threads one at a time (a slow subtree holds up
 * no other); one table of subtree counts for the whole count, shared by
 * its threads, made only for an engine that keeps counts in it; divide,
 * each root move counted with its nodes, in the engine's order and the
 * asked notation, once all are done; the single moves where a node is a
 * turn; and, when asked, a progress line on standard error.  A count
 * with none of threads, share, divide or progress line is the one
 * subtree call from the root.
 *
 * The walk over the root moves is offered apart (cv_rootwalk), so that a
 * search takes the same shape with a body of its own: root moves across
 * threads, each played on the thread's own copy of the root, a progress
 * line that reads how many are done and the nodes visited, the results
 * kept in the engine's order for the caller. */
#ifndef CV_COUNT_H
#define CV_COUNT_H
#include "engine.h"
#include <stddef.h>
#include <stdint.h>

/* ---- the walk over the root moves ---- */

typedef struct cv_rootwalk {
    int threads;            /* 1 or more (fewer run when the system gives fewer) */
    int split_k, split_n;   /* share K of N: root moves K, K+N, ...; N = 0: all */
    const char *progress;   /* NULL: no line; else the word it starts with */
    int depth;              /* the depth the line names */
    /* Runs on a walk's thread (thread: 0 to threads - 1, for what the
     * body keeps per thread) for each root move given it: pos is the
     * root with root move i played, the thread's own to change.  Returns
     * the nodes visited below the move, UINT64_MAX when it failed (no
     * further moves are given out then). */
    uint64_t (*body)(void *arg, int thread, cv_apos *pos, int i);
    void *arg;
    /* set by the walk: the root moves walked, in the engine's order, and
     * what body returned for each */
    int n;
    cv_amove *moves;
    uint64_t *nodes;
} cv_rootwalk;

/* Walks the root moves of root.  0, or -1 when out of memory or a body
 * failed; either way cv_rootwalk_free frees what the walk set. */
int cv_rootwalk_run(const cv_apos *root, cv_rootwalk *w);
void cv_rootwalk_free(cv_rootwalk *w);

/* ---- the count ---- */

/* Divide: each counted root move written in the chosen notation. */
typedef void (*cv_divide_fn)(void *arg, const char *move, uint64_t nodes);

typedef struct cv_count_opts {
    int threads;            /* 1 or more */
    size_t hash_mb;         /* 0: no table */
    int split_k, split_n;   /* 1-based share K of N; N = 0 means all */
    int nt;                 /* notation of the divide moves */
    cv_divide_fn divide;    /* NULL: no divide; else each root move counted, in order */
    void *arg;
    /* NULL: no progress line; else the word the line starts with.  The
     * line appears once the count has run for half a second, and is
     * cleared at the end.  Not for a count of depth 1. */
    const char *progress;
} cv_count_opts;

typedef struct cv_count_result {
    uint64_t nodes;
    unsigned long long singles;     /* single moves where a node is a turn, else 0 */
} cv_count_result;

/* 0, or -1 when out of memory or the engine counts no tree (nothing is
 * counted then). */
int cv_count(cv_apos *a, int depth, const cv_count_opts *o, cv_count_result *r);

/* ---- the table, as an engine's subtree count uses it ---- */

/* The counts of a subtree stored for (key, depth): key says everything
 * the count depends on but the depth.  Entries are written without
 * locks by every thread; one whose words two threads wrote at once fails
 * the check and is not found.  Two entries a place: one keeps the deeper
 * count, one takes every count, so the few deep counts are not pushed
 * out by the many shallow ones. */
int cv_count_probe(cv_count_table *t, uint64_t key, int depth, uint64_t *nodes, uint64_t *singles);
/* Counts of more than 2^56 - 1 nodes are not stored. */
void cv_count_store(cv_count_table *t, uint64_t key, int depth, uint64_t nodes, uint64_t singles);

/* A table of at most mb megabytes (at least one place), for a count
 * made outside cv_count (a test of an engine's keys); NULL when out of
 * memory. */
cv_count_table *cv_count_table_new(size_t mb);
void cv_count_table_free(cv_count_table *t);

#endif
