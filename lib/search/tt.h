/* tt: the search's transposition table.
 *
 * One entry a slot, found by the node's key: the score with its bound,
 * the depth it was searched to and the best move's hash (the search
 * matches it against the moves it generates).  A slot holding another
 * node is taken over by a search as deep or by a newer search.  A table
 * of 0 megabytes keeps nothing. */
#ifndef CV_TT_H
#define CV_TT_H
#include <stddef.h>
#include <stdint.h>

enum { CV_TT_UPPER = 1, CV_TT_LOWER = 2, CV_TT_EXACT = 3 };

typedef struct cv_tt_entry {
    uint64_t key;
    uint32_t move;
    int16_t score;
    int8_t depth;
    uint8_t bound;          /* CV_TT_* in the low 2 bits, the age above */
} cv_tt_entry;

typedef struct cv_tt {
    cv_tt_entry *e;
    size_t mask;            /* slots - 1; no slots when e is NULL */
    uint8_t age;
} cv_tt;

/* -1 when out of memory. */
int cv_tt_init(cv_tt *t, size_t mb);
void cv_tt_free(cv_tt *t);
void cv_tt_clear(cv_tt *t);
/* A new search: older entries give way first. */
void cv_tt_age(cv_tt *t);
/* 1 with the entry (bound without its age) when the key is there. */
int cv_tt_probe(const cv_tt *t, uint64_t key, cv_tt_entry *out);
void cv_tt_store(cv_tt *t, uint64_t key, int depth, int score, int bound, uint32_t move);

#endif
