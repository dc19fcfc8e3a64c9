/* perft: counts the leaf nodes of the legal move tree to a given depth.
 *
 * The last ply is counted, not played (bulk counting).  The generic
 * engine's part of a count (count.h): one subtree, with or without the
 * count's table of subtree counts; root moves, threads and shares are
 * the driver's. */
#ifndef CV_PERFT_H
#define CV_PERFT_H
#include "count.h"
#include "pos.h"

/* Plain single-threaded count. */
uint64_t cv_gen_perft(cv_pos *p, int depth);

/* The count with the table of ctx when it has one. */
uint64_t cv_perft_subtree(cv_pos *p, int depth, cv_count_ctx *ctx);

#endif
