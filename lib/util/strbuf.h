/* strbuf: appending formatted text to a fixed caller buffer.  The writers
 * of positions and moves fill a buffer they were given; they keep writing
 * past its end only in the count, so the length they return is the one a
 * big enough buffer would have needed (as snprintf does). */
#ifndef CV_STRBUF_H
#define CV_STRBUF_H
#include <stddef.h>

typedef struct cv_strbuf {
    char *buf;
    size_t size, n;     /* n may exceed size: the text did not fit */
} cv_strbuf;

void cv_strbuf_put(cv_strbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
