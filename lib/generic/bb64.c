/* bb64: the bitboard path for boards of at most 64 cells (one word a set). */
#include "bb_width.h"
#include <stdlib.h>
#include <string.h>

#define BB uint64_t
#define BBN(x) x##64
#define BB_CELLS 64
static inline int bb_lsb(uint64_t x) { return __builtin_ctzll(x); }
static inline int bb_msb(uint64_t x) { return 63 - __builtin_clzll(x); }
static inline int bb_popc(uint64_t x) { return __builtin_popcountll(x); }
#include "bb_impl.h"

const cv_bb_width cv_bb_width64 = { 64, compile_any64, run_perft64, run_gen64, run_count64,
                                       run_attacked64, run_origins64,
                                       run_check_after64 };
