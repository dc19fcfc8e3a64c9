/* source: bytes read in order (source.h). */
#include "source.h"
#include <errno.h>
#include <string.h>

static size_t file_read(cv_source *s, char *buf, size_t n)
{
    cv_file_source *fs = (cv_file_source *)s;
    size_t k = fread(buf, 1, n, fs->f);
    if (k < n && ferror(fs->f) && !s->err) s->err = errno ? errno : EIO;
    return k;
}

cv_source *cv_file_source_init(cv_file_source *fs, FILE *f)
{
    fs->s = (cv_source){ .read = file_read };
    fs->f = f;
    return &fs->s;
}

static size_t mem_read(cv_source *s, char *buf, size_t n)
{
    cv_mem_source *m = (cv_mem_source *)s;
    size_t k = m->n - m->off < n ? m->n - m->off : n;
    if (k) memcpy(buf, m->p + m->off, k);
    m->off += k;
    if (k < n && m->then) {
        k += cv_source_read(m->then, buf + k, n - k);
        s->err = m->then->err;
    }
    return k;
}

cv_source *cv_mem_source_init(cv_mem_source *m, const void *p, size_t n, cv_source *then)
{
    *m = (cv_mem_source){ .s = { .read = mem_read }, .p = p, .n = n, .then = then };
    return &m->s;
}
