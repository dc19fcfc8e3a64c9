/* splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): the constants are the published ones. */
#include "rng.h"

void cv_rng_seed(cv_rng *r, uint64_t seed) { r->s = seed; }

uint64_t cv_rng_next(cv_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint64_t cv_rng_below(cv_rng *r, uint64_t n)
{
    /* draws past the last whole multiple of n are thrown back, so every
     * value is as likely as the others */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = cv_rng_next(r);
    while (x >= limit);
    return x % n;
}
