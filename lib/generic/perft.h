/* perft: counts the leaf nodes of the legal move tree to a given depth.
 *
 * The last ply is counted, not played (bulk counting).  A count can be
 * spread: over threads (root moves handed out one at a time), over a
 * shared hash table of subtree counts, and over machines with split K/N,
 * which counts only root moves number K, K+N, K+2N, ... so that N separate
 * runs sum to the whole. */
#ifndef CV_PERFT_H
#define CV_PERFT_H
#include "engine.h"
#include "pos.h"
#include <stddef.h>

/* Called once per counted root move, in generation order. */
typedef void (*cv_perft_divide_fn)(void *arg, const cv_pos *p, cv_move m, uint64_t nodes);

/* Plain single-threaded count. */
uint64_t cv_gen_perft(cv_pos *p, int depth);

/* The full version; returns the total, or UINT64_MAX on allocation failure. */
uint64_t cv_gen_perft_run(cv_pos *p, int depth, const cv_perft_opts *o,
                      cv_perft_divide_fn divide, void *arg);

#endif
