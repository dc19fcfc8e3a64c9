/* bb128p: the 128-cell bitboard path built for CPUs with POPCNT and BMI
 * (chosen at run time by bb.c). */
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

__extension__ typedef unsigned __int128 u128;
#define BB u128
#define BBN(x) x##128p
#define BB_CELLS 128
#define BB_PEXT 1
#define BB_LATT (1 << 16)
#define BB_GROUPS 32
static inline int bb_lsb(u128 x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline int bb_msb(u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}
static inline int bb_popc(u128 x)
{
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}
/* PEXT of each half; the high half's bits go above the low half's. */
static inline uint64_t bb_pext(u128 x, u128 m)
{
    uint64_t ml = (uint64_t)m;
    return _pext_u64((uint64_t)x, ml) | _pext_u64((uint64_t)(x >> 64), (uint64_t)(m >> 64)) << __builtin_popcountll(ml);
}
#include "bb_impl.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif

const cv_bb_width cv_bb_width128p = { 128, compile_any128p, run_perft128p, run_gen128p, run_count128p,
                                       run_attacked128p, run_origins128p,
                                       run_check_after128p };
#else
typedef int bb_pext_not_built; /* an empty file is not valid C */
#endif
