/* bb_width: what each set width (bb64.c, bb128.c) offers bb.c.  Internal
 * to the generic engine. */
#ifndef CV_BB_WIDTH_H
#define CV_BB_WIDTH_H
#include "engine.h"
#include "movegen.h"
#include <stdint.h>

typedef struct cv_bb_width {
    int cells;                                  /* largest board it holds */
    void *(*compile)(const cv_variant *v);      /* NULL: not expressible */
    uint64_t (*perft)(const void *tables, const cv_pos *p, int depth); /* UINT64_MAX: position not fit */
    int (*gen)(const void *tables, const cv_pos *p, cv_movelist *ml);  /* -1: position not fit */
    int (*count)(const void *tables, const cv_pos *p);                 /* -1: position not fit */
    /* cv_gen_attacked with the cell gone (or -1) taken as empty; any position */
    int (*attacked)(const void *tables, const cv_pos *p, int cell, int by, int gone);
    /* origins of a move of type t to `to`, ascending; -1: walk instead */
    int (*origins)(const void *tables, const cv_pos *p, int t, int to, int capture, int16_t *out);
    /* in check after a plain move from -> to in a calm position; -1: test */
    int (*check_after)(const void *tables, const cv_pos *p, int from, int to);
} cv_bb_width;

extern const cv_bb_width cv_bb_width64, cv_bb_width128, cv_bb_width64p, cv_bb_width128p;

#endif
