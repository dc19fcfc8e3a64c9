/* source: bytes read in order, from wherever they are.
 *
 * The record readers read their input through a source, not a FILE, so
 * that one reader reads a file, the first bytes of a file (already read to
 * recognise its format) followed by the rest of it, a queue of buffers
 * (chunks.c), or memory, with nothing but standard C: stdio has no
 * portable way to make a stream of one's own.
 *
 * What a source promises: read gives the next bytes, as many as asked,
 * fewer only at the end of the input or on a read error (as fread), with
 * err then the reason (an errno value; 0 at the end).  It blocks as fread
 * does.  A source does not own what it reads from. */
#ifndef CV_SOURCE_H
#define CV_SOURCE_H
#include <stddef.h>
#include <stdio.h>

typedef struct cv_source cv_source;
struct cv_source {
    size_t (*read)(cv_source *s, char *buf, size_t n);
    int err;
};

static inline size_t cv_source_read(cv_source *s, void *buf, size_t n) { return s->read(s, (char *)buf, n); }

/* The bytes of f from where it stands. */
typedef struct cv_file_source {
    cv_source s;
    FILE *f;
} cv_file_source;
cv_source *cv_file_source_init(cv_file_source *fs, FILE *f);

/* The n bytes at p (kept by the caller while the source is read), then
 * the bytes of then (NULL: nothing more). */
typedef struct cv_mem_source {
    cv_source s;
    const char *p;
    size_t n, off;
    cv_source *then;
} cv_mem_source;
cv_source *cv_mem_source_init(cv_mem_source *m, const void *p, size_t n, cv_source *then);

#endif
