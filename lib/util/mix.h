/* mix: a 64-bit hash of a few words, for the tables keyed by a position.
 *
 * cv_mix64 is splitmix64's finaliser (every input bit flips about half
 * the output bits); cv_mix_words folds an array of words through it, each
 * word's place counted, so that two arrays that differ anywhere differ in
 * their keys but for chance (one in 2^64). */
#ifndef CV_UTIL_MIX_H
#define CV_UTIL_MIX_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t cv_mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    return x ^ x >> 31;
}

/* The bytes b[0 .. n) (n a multiple of 8) mixed into h. */
static inline uint64_t cv_mix_bytes(uint64_t h, const void *b, size_t n)
{
    const unsigned char *s = b;
    for (size_t i = 0; i < n / 8; i++) {
        uint64_t w;
        memcpy(&w, s + 8 * i, 8);
        h = cv_mix64(h ^ w) + i;
    }
    return h;
}

#endif
