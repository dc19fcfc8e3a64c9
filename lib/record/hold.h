/* hold: games read ahead of their use, kept after the reader has moved on.
 *
 * A reader's game lives until its next cv_record_next; a tool that plays
 * games on other threads (--jobs) reads a batch of them first.  What this
 * module promises:
 *  - cv_record_hold copies a game into one block of its own (tags,
 *    tokens, main line, problems, raw bytes and every string), equal to
 *    the reader's in every field a caller reads: the same texts, the same
 *    lines and columns (the table of lines is copied too), result pointing at its own RESULT token, a token's
 *    norm the same pointer as its text where the reader's was, each tag's
 *    value its own (so cv_game_tag_value's "first tag of that name" test by
 *    pointer still holds); an empty suffix stays an empty string.  A game
 *    whose reader keeps its texts in one block (cv_game.strings) has
 *    the block copied whole and its pointers moved.  free() releases it.
 *  - cv_record_batch_fill reads games until a batch holds max_bytes (at
 *    least one game), and captures what the reader reported while reading
 *    each game (its diagnostics, through the cv_diag it was opened with),
 *    so that they can be printed later in their place, before that
 *    game's own output; what the reader reports at the end of the input,
 *    after its last game, is kept apart (tail).  Memory: the held games,
 *    their diagnostics, and the reader's own.
 */
#ifndef CV_HOLD_H
#define CV_HOLD_H
#include "record.h"

/* A copy of g in one block, and its size in *bytes; NULL when out of memory. */
cv_record *cv_record_hold(const cv_record *g, size_t *bytes);

typedef struct cv_record_batch {
    cv_record **games;
    size_t n, cap;
    size_t *pre;        /* n + 1 offsets: game i's diagnostics are text[pre[i] .. pre[i+1]) */
    long *warnings;     /* warnings the reader counted reading game i */
    char *text;         /* the reader's diagnostics, in order, then the tail */
    size_t len;
    long tail_warnings; /* of the tail: text[pre[n] .. len) */
    size_t bytes;       /* what the held games take */
    int end;            /* the reader reached the end of its input */
    int oom;            /* out of memory: the batch stops short */
    /* Or, for a format that can be split (chunks.h): a piece of the input,
     * read on the worker, and what became of it. */
    struct cv_record_chunk *chunk;
    cv_record_reader *rd;       /* the reader it came from */
    int quiet;                  /* its messages: warnings counted, not printed */
    cv_record_mark end_at;      /* the state its reader ended in */
    int clean, stopped;
    int sync;           /* an empty batch: wait for the batches out before the next */
} cv_record_batch;

/* Fills an empty (zeroed) batch from rd, whose reader reports through d
 * (d->out is borrowed while reading and given back): a piece of the input
 * when its format can be split, else games read here.  0, or -1 when out
 * of memory (what was read is still in the batch). */
int cv_record_batch_fill(cv_record_batch *b, cv_record_reader *rd, cv_diag *d, size_t max_bytes);
void cv_record_batch_free(cv_record_batch *b);

/* On the reading thread, for each batch played, in order, before using
 * what playing it made: 1 when that stands, 0 when it must be thrown
 * away (a piece misread: chunks.h; its games come again in later
 * batches). */
int cv_record_batch_accept(cv_record_batch *b);

/* The whole of a tool's --jobs loop: batches of about max_bytes from rd,
 * each in a task that new_task(arg, &b) makes (NULL: out of memory),
 * handed to J until the input ends or a task's done says stop, then
 * waited for.  The tool's done calls cv_record_batch_accept.  0, or -1
 * when out of memory. */
struct cv_jobs;
int cv_record_batch_run(cv_record_reader *rd, cv_diag *d, size_t max_bytes, struct cv_jobs *J,
                        void *(*new_task)(void *arg, cv_record_batch **b), void *arg);

/* A batch played back on a worker, as the reading thread would have met
 * it: for each game, what the reader said of it goes to err (its warnings
 * added to *warnings when warnings is not NULL), then game(arg, g) runs;
 * a nonzero return stops there.  When the batch ended its input and was
 * not stopped, what the reader said after the last game follows.  A piece
 * of the input (chunks.h) is read here, on the worker.  Returns nonzero
 * when stopped. */
int cv_record_batch_each(cv_record_batch *b, FILE *err, long *warnings,
                         int (*game)(void *arg, const cv_record *g), void *arg);

#endif
