/* tap.h: the few TAP helpers the C unit tests use.  Each check prints one
 * "ok N - name" or "not ok N - name" line with the values on failure. */
#ifndef CV_TAP_H
#define CV_TAP_H
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

#define TAP_OK(cond, ...) do { \
    ++tap_n; int tap_c_ = !!(cond); if (!tap_c_) tap_failed++; \
    printf("%sok %d - ", tap_c_ ? "" : "not ", tap_n); printf(__VA_ARGS__); printf("\n"); \
} while (0)

#define TAP_IS_INT(got, want, ...) do { \
    long long tap_g_ = (long long)(got), tap_w_ = (long long)(want); \
    TAP_OK(tap_g_ == tap_w_, __VA_ARGS__); \
    if (tap_g_ != tap_w_) printf("#   got %lld, want %lld\n", tap_g_, tap_w_); \
} while (0)

#define TAP_IS_STR(got, want, ...) do { \
    const char *tap_g_ = (got), *tap_w_ = (want); \
    int tap_e_ = tap_g_ && tap_w_ && strcmp(tap_g_, tap_w_) == 0; \
    TAP_OK(tap_e_, __VA_ARGS__); \
    if (!tap_e_) printf("#   got  '%s'\n#   want '%s'\n", tap_g_ ? tap_g_ : "(null)", tap_w_ ? tap_w_ : "(null)"); \
} while (0)

static inline int tap_done(void)
{
    printf("1..%d\n", tap_n);
    return tap_failed ? 1 : 0;
}
#endif
