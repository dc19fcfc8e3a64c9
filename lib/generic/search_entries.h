/* search_entries: the generic engine's part of a search (engine.h,
 * cv_engine_search): a node is the position itself, a step one legal
 * move, the score eval.h's. */
#ifndef CV_GEN_SEARCH_ENTRIES_H
#define CV_GEN_SEARCH_ENTRIES_H
#include "engine.h"

extern const cv_engine_search cv_gen_search;

#endif
