/* bb128: the bitboard path for boards of 65 to 128 cells (Double Chess,
 * 10 x 8), sets held in a 128-bit integer. */
#include "bb_width.h"
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;
#define BB u128
#define BBN(x) x##128
#define BB_CELLS 128
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
#include "bb_impl.h"

const cv_bb_width cv_bb_width128 = { 128, compile_any128, run_perft128, run_gen128, run_count128,
                                       run_attacked128, run_origins128,
                                       run_check_after128 };
