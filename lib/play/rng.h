/* rng: a small seeded generator (splitmix64) for random openings.
 *
 * What it promises: the same seed gives the same numbers on every
 * machine and build, so a seeded self-play run is repeatable; nothing
 * here reads the clock or the environment. */
#ifndef CV_PLAY_RNG_H
#define CV_PLAY_RNG_H
#include <stdint.h>

typedef struct cv_rng {
    uint64_t s;
} cv_rng;

void cv_rng_seed(cv_rng *r, uint64_t seed);
uint64_t cv_rng_next(cv_rng *r);
/* A number in 0 .. n-1 (n >= 1), without the bias of a bare modulo. */
uint64_t cv_rng_below(cv_rng *r, uint64_t n);

#endif
