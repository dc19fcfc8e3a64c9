#include "strbuf.h"
#include <stdarg.h>
#include <stdio.h>

void cv_strbuf_put(cv_strbuf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->n < o->size ? o->buf + o->n : NULL, o->n < o->size ? o->size - o->n : 0, fmt, ap);
    va_end(ap);
    if (k > 0) o->n += (size_t)k;
}
