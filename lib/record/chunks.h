/* chunks: one input handed out in pieces that readers on other threads
 * read on their own, and taken back in order.  hold.c's batches use it;
 * a tool does not call it directly.
 *
 * Lexing is half of what checking a game costs, so a tool on N threads
 * that read every game on one thread would wait on that thread.  Instead
 * the reading thread only looks for places where a game surely ends (the
 * format's split entry, which is cheap) and hands out the bytes between
 * them.  What it promises:
 *  - The pieces, in order, are the input, cut where split says a game
 *    ends; each says the state a reader of it starts in (predicted).
 *  - cv_record__chunk_accept, called for the pieces in the order handed
 *    out, tells whether what a reader made of a piece is what reading the
 *    input whole makes of the same bytes: its predicted start is the
 *    state the accepted pieces before it ended in, and it ended where a
 *    game ends by its own end (or it is the last).  When not, from the
 *    start of that piece the input is read whole again (cv_record_next),
 *    in the state the accepted pieces left; every piece handed out after
 *    it is refused as well.  So a wrong guess costs time, never output.
 *    Once that reader stands just after a game's own end, pieces are
 *    handed out again from there (its read-ahead first): at once when
 *    the piece was refused for its start, only past the piece's end when
 *    its reader did not end there (so a piece that cannot be read alone
 *    is read whole once, not cut and refused again from each game end in
 *    it).
 *  - Memory: the pieces out and not yet accepted, and the one being cut.
 *    A piece is longer than asked only to reach a cut; when none comes
 *    within 8 x the size asked + 1 MB, that stretch is read whole.
 *  - Formats without split are read whole (CV_CHUNK_WHOLE at once), as is
 *    a reader that has already served a game by cv_record_next.
 * The size asked is the tools' --chunk-bytes: 1 MiB unless given; the
 * option is left out of --help, for tests, which shrink it (down to 1
 * byte: a piece a game) so that cuts fall at every game end of a small
 * input.  tests/jobs.bats checks both sizes against --jobs 1.
 */
#ifndef CV_CHUNKS_H
#define CV_CHUNKS_H
#include "record.h"

typedef struct cv_record_chunk {
    char *bytes;
    size_t n;
    cv_record_mark start;   /* the state a reader of it starts in */
    long long off;          /* the input offset of bytes[0] */
    int final;              /* the input ends with it */
    int refs;               /* the batch, and the reader's list until accepted */
    struct cv_record_chunk *next;
} cv_record_chunk;

enum {
    CV_CHUNK_WHOLE = 0,     /* read the input with cv_record_next */
    CV_CHUNK_PIECE = 1,     /* *c is the next piece */
    CV_CHUNK_SYNC = 2       /* wait until every piece out is accepted or
                               refused, then ask again */
};
/* The next piece, about size bytes; -1 when out of memory. */
int cv_record__chunk_next(cv_record_reader *r, size_t size, cv_record_chunk **c);

/* Reads piece c as the input whole would be read there, on any thread:
 * game(arg, g) for each game (its messages through d first), until game
 * returns nonzero (then 1).  Otherwise 0, with *end the state the reader
 * ended in and *clean whether the last game ended at the piece's end by
 * its own end; -1 when out of memory. */
int cv_record__chunk_read(const cv_record_reader *r, const cv_record_chunk *c, cv_diag *d,
                          int (*game)(void *arg, const cv_record *g), void *arg,
                          cv_record_mark *end, int *clean);

/* On the reading thread, in the order handed out: 1 when what was read
 * of c stands (see above), 0 when it does not. */
int cv_record__chunk_accept(cv_record_reader *r, cv_record_chunk *c, const cv_record_mark *end, int clean);

/* Drops a batch's hold on c. */
void cv_record__chunk_release(cv_record_chunk *c);

/* For cv_record_close. */
void cv_record__splitter_free(cv_record_reader *r);

#endif
