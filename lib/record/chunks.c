/* chunks: an input handed out in pieces (chunks.h).  A format reader
 * reads a piece from memory, and the input whole from the queue of
 * buffers and then the caller's stream, through a source (source.h).
 *
 * Where the bytes are: the pieces out (a list, in order), the carry (read,
 * not yet cut), and the queue (bytes to read again before the caller's
 * stream).  Going whole puts the pieces out and the carry at the front of
 * the queue, where the whole reader reads them first; coming back to
 * pieces puts what the whole reader had read ahead there, where the cutter
 * reads it first.  So each byte is in one place, and in order. */
#include "chunks.h"
#include "reader_int.h"
#include "stdout.h"
#include <stddef.h>
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
    cv_record_chunk *head, *tail;   /* out, not accepted, in order */
    cv_record_chunk *queue;         /* to be read before the caller's stream */
    size_t qoff;            /* bytes of queue's first block already read */
    int eof, rerr;          /* the input is all read; how its reading failed */
    int sync;               /* no cut within the limit, or a read error */
    int whole;              /* the input is being read whole */
    cv_source chain;        /* the whole reader's input: the queue, then the input */
    cv_record_reader *r;    /* whose it is */
    long long off;          /* the input offset of carry[0] */
    long long wfrom;        /* the whole reader's first byte's offset */
    long long fed;          /* bytes the chain has given the whole reader */
    long long until;        /* the whole reader goes on to here at least */
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
    return a->line == b->line && a->col == b->col && a->count == b->count && a->games == b->games &&
           a->bits == b->bits;
}

/* A block of n bytes copied from s, for the queue. */
static cv_record_chunk *block(const char *s, size_t n)
{
    cv_record_chunk *c = calloc(1, sizeof *c);
    if (!c || !(c->bytes = malloc(n ? n : 1))) {
        free(c);
        return NULL;
    }
    memcpy(c->bytes, s, n);
    c->n = n;
    c->refs = 1;
    return c;
}

/* The input from where the queue stands: the queue, then the stream. */
static size_t source_read(cv_record_reader *r, char *buf, size_t size)
{
    cv_record_splitter *S = r->sp;
    while (S->queue) {
        cv_record_chunk *c = S->queue;
        if (S->qoff < c->n) {
            size_t k = c->n - S->qoff < size ? c->n - S->qoff : size;
            memcpy(buf, c->bytes + S->qoff, k);
            S->qoff += k;
            return k;
        }
        S->queue = c->next;
        S->qoff = 0;
        unref(c);
    }
    if (S->rerr) return 0;
    return cv_source_read(r->in, buf, size);
}

/* As a source: nothing is read ahead of the reader, so what it has not
 * taken stays in the queue. */
static size_t chain_read(cv_source *s, char *buf, size_t size)
{
    cv_record_splitter *S = (cv_record_splitter *)(void *)((char *)s - offsetof(cv_record_splitter, chain));
    size_t done = 0;
    while (done < size) {
        size_t k = source_read(S->r, buf + done, size - done);
        if (k == 0) break;
        done += k;
    }
    S->fed += (long long)done;
    if (done < size) s->err = S->rerr ? S->rerr : S->r->in->err;
    return done;
}

/* Drops what has been read of the queue's first block, so that blocks
 * can go in front of it: the queue is then read from its first byte. */
static int trim_queue(cv_record_splitter *S)
{
    if (S->queue && S->qoff) {
        cv_record_chunk *q = S->queue, *rest = block(q->bytes + S->qoff, q->n - S->qoff);
        if (!rest) return -1;
        rest->next = q->next;
        unref(q);
        S->queue = rest;
    }
    S->qoff = 0;
    return 0;
}

/* From the first piece not accepted (or the carry), the input is read
 * whole, in the state the accepted pieces ended in, and at least to the
 * offset until: a stretch pieces could not read is read whole once, not
 * cut and refused again from every game end inside it. */
static int fall_back(cv_record_reader *r, long long until)
{
    cv_record_splitter *S = r->sp;
    S->whole = 1;
    S->wfrom = S->head ? S->head->off : S->off;
    S->fed = 0;
    S->until = until;
    r->ended = 0;
    /* the pieces out, then the carry, go before what the queue holds */
    cv_record_chunk *front = S->head, *last = S->tail;
    if (S->n) {
        cv_record_chunk *c = block(S->carry, S->n);
        if (!c) goto broken;
        if (last) last->next = c;
        else front = c;
        last = c;
        S->n = 0;
    }
    if (last) {
        if (trim_queue(S) < 0) goto broken;
        last->next = S->queue;
        S->queue = front;
    }
    S->head = S->tail = NULL;
    S->chain = (cv_source){ .read = chain_read };
    S->r = r;
    void *rd = r->f->resume(&S->chain, r->path, r->d, r->flags, &S->truth);
    if (!rd) goto broken;
    r->f->close(r->rd);
    r->rd = rd;
    return 0;
broken:
    r->broken = 1;  /* out of memory: nothing more is read */
    return -1;
}

/* The whole reader stands just after a game's own end: pieces again from
 * there, the bytes it read ahead first. */
static int come_back(cv_record_reader *r)
{
    cv_record_splitter *S = r->sp;
    cv_record_mark m;
    const char *rest;
    size_t n;
    if (!r->f->mark(r->rd, &m, &rest, &n)) return 0;
    long long here = S->wfrom + S->fed - (long long)n;
    if (here < S->until) return 0;
    if (n) {
        /* the whole reader may have stopped inside the queue's first block */
        cv_record_chunk *c = block(rest, n);
        if (!c || trim_queue(S) < 0) {
            unref(c);
            return -1;
        }
        c->next = S->queue;
        S->queue = c;
    }
    S->whole = 0;
    S->eof = S->sync = 0;
    S->at = S->truth = m;
    S->off = here;
    return 1;
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
        size_t k = source_read(r, S->carry + S->n, want - S->n);
        S->n += k;
        if (k == 0) {
            S->eof = 1;
            if (S->rerr || r->in->err) {
                if (!S->rerr) S->rerr = r->in->err;
                S->sync = 1;
            }
        }
    }
    memset(S->carry + S->n, 0, PAD);
    return 0;
}

int cv_record__chunk_next(cv_record_reader *r, size_t size, cv_record_chunk **out)
{
    *out = NULL;
    cv_stdout_check();
    cv_record_splitter *S = r->sp;
    if (!S) {
        if (r->served || !r->f->split) return CV_CHUNK_WHOLE;
        if (!(S = r->sp = calloc(1, sizeof *S))) return -1;
        S->at.line = S->truth.line = 1;
    }
    if (r->broken) return -1;  /* out of memory going back to reading whole */
    if (S->whole) {
        int k = S->rerr ? 0 : come_back(r);
        if (k <= 0) return k < 0 ? -1 : CV_CHUNK_WHOLE;
    }
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
    }
    if (S->sync) {
        if (S->head) return CV_CHUNK_SYNC;
        S->sync = 0;
        /* no cut in the carry: it is read whole */
        return fall_back(r, S->off + (long long)S->n) < 0 ? -1 : CV_CHUNK_WHOLE;
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
    c->off = S->off;
    c->final = S->eof && rest == 0;
    c->refs = 2;
    S->carry = nc;
    S->cap = cap;
    S->n = rest;
    S->at = m;
    S->off += (long long)cut;
    if (S->tail) S->tail->next = c;
    else S->head = c;
    S->tail = c;
    *out = c;
    return CV_CHUNK_PIECE;
}

/* ---- reading a piece ---- */

int cv_record__chunk_read(const cv_record_reader *r, const cv_record_chunk *c, cv_diag *d,
                          int (*game)(void *arg, const cv_record *g), void *arg,
                          cv_record_mark *end, int *clean)
{
    cv_mem_source m;
    void *rd = r->f->resume(cv_mem_source_init(&m, c->bytes, c->n, NULL), r->path, d, r->flags, &c->start);
    if (!rd) return -1;
    int stop = 0;
    cv_record g;
    while (r->f->next(rd, &g) == 1)
        if (game(arg, &g)) {
            stop = 1;
            break;
        }
    *clean = 0;
    if (!stop) {
        const char *rest;
        size_t n;
        /* at the end of its input: the piece ends where its last game does */
        *clean = r->f->mark(rd, end, &rest, &n) && n == 0;
    }
    r->f->close(rd);
    return stop;
}

/* ---- taking back ---- */

int cv_record__chunk_accept(cv_record_reader *r, cv_record_chunk *c, const cv_record_mark *end, int clean)
{
    cv_record_splitter *S = r->sp;
    if (!S || S->whole || c != S->head) return 0;
    if (!same_mark(&c->start, &S->truth) || !(clean || c->final)) {
        /* A wrong start: the cutter misjudged the piece before, and pieces
         * may come back at the next game end.  A piece whose reader did
         * not end at its end holds what the cutter misjudged: read whole
         * to its end.  Out of memory there: the reader reports nothing
         * more. */
        int here = same_mark(&c->start, &S->truth);
        fall_back(r, here ? c->off + (long long)c->n : 0);
        return 0;
    }
    S->truth = *end;
    S->head = c->next;
    if (!S->head) S->tail = NULL;
    c->next = NULL;
    if (c->final) r->ended = 1;
    unref(c);
    return 1;
}

static void unref_list(cv_record_chunk *c)
{
    while (c) {
        cv_record_chunk *next = c->next;
        unref(c);
        c = next;
    }
}

void cv_record__splitter_free(cv_record_reader *r)
{
    cv_record_splitter *S = r->sp;
    if (!S) return;
    unref_list(S->head);
    unref_list(S->queue);
    free(S->carry);
    free(S);
    r->sp = NULL;
}
