/* bb64p: the 64-cell bitboard path built for CPUs with BMI2 and POPCNT
 * (chosen at run time by bb.c): rides along both directions of a line are
 * one PEXT lookup, and counting is one instruction. */
/* gcc takes the target for the whole file; clang for each function that
 * follows its push (clang ignores the gcc pragma) */
/* PEXT is an x86-64 instruction: elsewhere only the portable paths are
 * built, and bb.c never asks for this one. */
#if defined(__x86_64__)
#if !defined(__clang__)
#pragma GCC target("popcnt,bmi,bmi2")
#endif
#include "bb_width.h"
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("popcnt,bmi,bmi2"))), apply_to = function)
#endif

#define BB uint64_t
#define BBN(x) x##64p
#define BB_CELLS 64
#define BB_PEXT 1
#define BB_LATT (1 << 17)
#define BB_GROUPS 32
static inline int bb_lsb(uint64_t x) { return __builtin_ctzll(x); }
static inline int bb_msb(uint64_t x) { return 63 - __builtin_clzll(x); }
static inline int bb_popc(uint64_t x) { return __builtin_popcountll(x); }
static inline uint64_t bb_pext(uint64_t x, uint64_t m) { return _pext_u64(x, m); }
#include "bb_impl.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif

const cv_bb_width cv_bb_width64p = { 64, compile_any64p, run_perft64p, run_gen64p, run_count64p,
                                       run_attacked64p, run_origins64p,
                                       run_check_after64p };
#else
typedef int bb_pext_not_built; /* an empty file is not valid C */
#endif
