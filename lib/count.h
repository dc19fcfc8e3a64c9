/* count: a move tree counted to a depth, above any engine.
 *
 * The engines count subtrees (cv_any_perft, which honours a share K/N of
 * the root moves, threads and a table where it has them); this driver is
 * what a tool asks for a count: the node total and, where a node is a
 * turn, the single moves; the root moves and their counts in the engine's
 * order (divide); and, when asked, a progress line on standard error that
 * says how many root moves are done and how fast, rewritten in place and
 * cleared at the end.  For the progress line the root moves are shared
 * out over the threads one at a time (each a share of the engine's own
 * count, so its order, notation and hot path are kept); with a table the
 * count stays one engine call, since a table per root move loses what the
 * root moves share.  Without a progress line the count is the one engine
 * call.  A search over root moves takes the same shape: roots over
 * threads, a line that reads their counters, a total. */
#ifndef CV_COUNT_H
#define CV_COUNT_H
#include "engine.h"
#include <stdint.h>

typedef struct cv_count_opts {
    cv_perft_opts po;       /* threads, table, share K/N (the counters are the driver's) */
    int nt;                 /* notation of the divide moves */
    cv_divide_fn divide;    /* NULL: no divide; else each root move counted, in order */
    void *arg;
    /* NULL: no progress line; else the name the line starts with.  The
     * line appears once the count has run for half a second. */
    const char *progress;
} cv_count_opts;

typedef struct cv_count_result {
    uint64_t nodes;
    unsigned long long singles;     /* single moves where a node is a turn, else 0 */
} cv_count_result;

/* 0, or -1 when out of memory (nothing is counted then). */
int cv_count(cv_apos *a, int depth, const cv_count_opts *o, cv_count_result *r);

#endif
