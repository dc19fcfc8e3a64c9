/* chunks: an input handed out in pieces (chunks.h).  fopencookie, which
 * lets a format reader read memory and a chain of buffers, is a GNU
 * extension. */
#define _GNU_SOURCE
#include "chunks.h"
#include "reader_int.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
    STEP = 64 * 1024,
    PAD = 4         /* zero bytes after the data: split's sentinel and look-ahead */
};

typedef struct cv_record_splitter {
    char *carry;            /* read, not yet handed out */
    size_t n, cap;
    cv_record_mark at;      /* the predicted state at carry[0] */
    cv_record_mark truth;   /* the state the accepted pieces ended in */
    cv_record_chunk *head, *tail;   /* out, not accepted; once whole, what
                                       the whole reader reads first */
    size_t off;             /* read of head (then of carry) by the chain */
    int eof, rerr;          /* the input is all read; how its reading failed */
    int sync;               /* no cut within the limit, or a read error */
    int whole;              /* the rest is read whole */
    FILE *chain;            /* what the whole reader reads */
} cv_record_splitter;

static void unref(cv_record_chunk *c)
{
    if (c && --c->refs == 0) {
        free(c->bytes);
        free(c);
    }
}

void cv_record__chunk_release(cv_record_chunk *c) { unref(c); }

static int same_mark(const cv_record_mark *a, const cv_record_mark *b)
{
    return a->line == b->line && a->col == b->col && a->games == b->games && a->bits == b->bits;
}

/* ---- the whole reader after a fall back: the pieces, the carry, the rest */

static ssize_t chain_read(void *cookie, char *buf, size_t size)
{
    cv_record_reader *r = cookie;
    cv_record_splitter *S = r->sp;
    while (S->head) {
        cv_record_chunk *c = S->head;
        if (S->off < c->n) {
            size_t k = c->n - S->off < size ? c->n - S->off : size;
            memcpy(buf, c->bytes + S->off, k);
            S->off += k;
            return (ssize_t)k;
        }
        S->head = c->next;
        S->off = 0;
        unref(c);
    }
    if (S->off < S->n) {
        size_t k = S->n - S->off < size ? S->n - S->off : size;
        memcpy(buf, S->carry + S->off, k);
        S->off += k;
        return (ssize_t)k;
    }
    if (S->rerr) {
        errno = S->rerr;
        return -1;
    }
    if (S->eof) return 0;
    size_t k = fread(buf, 1, size, r->in);
    if (k == 0 && ferror(r->in)) return -1;
    return (ssize_t)k;
}

/* From the first piece not accepted (or the carry), the input is read
 * whole, in the state the accepted pieces ended in. */
static int fall_back(cv_record_reader *r)
{
    cv_record_splitter *S = r->sp;
    S->whole = 1;
    S->off = 0;
    r->ended = 0;
    cookie_io_functions_t io = { .read = chain_read };
    FILE *chain = fopencookie(r, "r", io);
    void *rd = chain ? r->f->resume(chain, r->path, r->d, r->flags, &S->truth) : NULL;
    if (!rd) {
        if (chain) fclose(chain);
        r->broken = 1;  /* out of memory: nothing more is read */
        return -1;
    }
    r->f->close(r->rd);
    r->rd = rd;
    S->chain = chain;
    return 0;
}

/* ---- handing out ---- */

static int read_more(cv_record_reader *r, size_t want)
{
    cv_record_splitter *S = r->sp;
    if (S->cap < want + PAD) {
        size_t cap = S->cap ? S->cap : STEP;
        while (cap < want + PAD) cap *= 2;
        char *c = realloc(S->carry, cap);
        if (!c) return -1;
        S->carry = c;
        S->cap = cap;
    }
    while (S->n < want && !S->eof) {
        size_t k = fread(S->carry + S->n, 1, want - S->n, r->in);
        S->n += k;
        memset(S->carry + S->n, 0, PAD);
        if (k == 0) {
            S->eof = 1;
            if (ferror(r->in)) {
                S->rerr = errno ? errno : EIO;
                S->sync = 1;
            }
        }
    }
    return 0;
}

int cv_record__chunk_next(cv_record_reader *r, size_t size, cv_record_chunk **out)
{
    *out = NULL;
    cv_record_splitter *S = r->sp;
    if (!S) {
        if (r->served || !r->f->split) return CV_CHUNK_WHOLE;
        if (!(S = r->sp = calloc(1, sizeof *S))) return -1;
        S->at.line = S->truth.line = 1;
    }
    if (S->whole) return CV_CHUNK_WHOLE;
    if (size < 1) size = 1;
    size_t limit = 8 * size + (1u << 20);
    size_t cut = 0;
    cv_record_mark m = S->at;
    while (!S->sync) {
        /* enough that the first scan usually finds the cut */
        if (S->n < size + STEP && !S->eof && read_more(r, size + STEP) < 0) return -1;
        if (S->sync) break;
        m = S->at;
        if ((cut = S->n ? r->f->split(S->carry, S->n, size, &m) : 0) || S->eof) break;
        if (S->n >= limit) {
            S->sync = 1;
            break;
        }
        if (read_more(r, S->n * 2) < 0) return -1;
        if (S->eof) continue;
    }
    if (S->sync) {
        if (S->head) return CV_CHUNK_SYNC;
        return fall_back(r) < 0 ? -1 : CV_CHUNK_WHOLE;
    }
    cv_record_chunk *c = calloc(1, sizeof *c);
    if (!c) return -1;
    if (!cut) cut = S->n;  /* the end of the input */
    /* the carry becomes the piece; what follows the cut, a new carry */
    size_t rest = S->n - cut, cap = rest + size + STEP + PAD;
    char *nc = malloc(cap);
    if (!nc) {
        free(c);
        return -1;
    }
    memcpy(nc, S->carry + cut, rest);
    memset(nc + rest, 0, PAD);
    c->bytes = S->carry;
    c->n = cut;
    c->start = S->at;
    c->final = S->eof && rest == 0;
    c->refs = 2;
    S->carry = nc;
    S->cap = cap;
    S->n = rest;
    S->at = m;
    if (S->tail) S->tail->next = c;
    else S->head = c;
    S->tail = c;
    *out = c;
    return CV_CHUNK_PIECE;
}

/* ---- reading a piece ---- */

typedef struct mem {
    const char *p;
    size_t n, off;
} mem;

static ssize_t mem_read(void *cookie, char *buf, size_t size)
{
    mem *m = cookie;
    size_t k = m->n - m->off < size ? m->n - m->off : size;
    memcpy(buf, m->p + m->off, k);
    m->off += k;
    return (ssize_t)k;
}

int cv_record__chunk_read(const cv_record_reader *r, const cv_record_chunk *c, cv_diag *d,
                          int (*game)(void *arg, const cv_record *g), void *arg,
                          cv_record_mark *end, int *clean)
{
    mem m = { c->bytes, c->n, 0 };
    cookie_io_functions_t io = { .read = mem_read };
    FILE *f = fopencookie(&m, "r", io);
    if (!f) return -1;
    void *rd = r->f->resume(f, r->path, d, r->flags, &c->start);
    if (!rd) {
        fclose(f);
        return -1;
    }
    int stop = 0;
    cv_record g;
    while (r->f->next(rd, &g) == 1)
        if (game(arg, &g)) {
            stop = 1;
            break;
        }
    *clean = stop ? 0 : r->f->end_mark(rd, end);
    r->f->close(rd);
    fclose(f);
    return stop;
}

/* ---- taking back ---- */

int cv_record__chunk_accept(cv_record_reader *r, cv_record_chunk *c, const cv_record_mark *end, int clean)
{
    cv_record_splitter *S = r->sp;
    if (!S || S->whole || c != S->head) return 0;
    if (!same_mark(&c->start, &S->truth) || !(clean || c->final)) {
        fall_back(r);  /* out of memory there: the reader reports nothing more */
        return 0;
    }
    S->truth = *end;
    S->head = c->next;
    if (!S->head) S->tail = NULL;
    if (c->final) r->ended = 1;
    unref(c);
    return 1;
}

void cv_record__splitter_free(cv_record_reader *r)
{
    cv_record_splitter *S = r->sp;
    if (!S) return;
    while (S->head) {
        cv_record_chunk *c = S->head;
        S->head = c->next;
        unref(c);
    }
    if (S->chain) fclose(S->chain);
    free(S->carry);
    free(S);
    r->sp = NULL;
}
