/* hold: games read ahead of their use, kept after the reader has moved on.
 *
 * A reader's game lives until its next cv_record_next; a tool that plays
 * games on other threads (--jobs) reads a batch of them first.  What this
 * module promises:
 *  - cv_record_hold copies a game into one block of its own (tags,
 *    tokens, main line, problems, raw bytes and every string), equal to
 *    the reader's in every field a caller reads: the same texts, the same
 *    lines and columns, result pointing at its own RESULT token, a token's
 *    norm the same pointer as its text where the reader's was, each tag's
 *    value its own (so cv_pgn_tag_value's "first tag of that name" test by
 *    pointer still holds); an empty suffix stays an empty string.  A game
 *    whose reader keeps its texts in one block (cv_pgn_game.strings) has
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
} cv_record_batch;

/* Fills an empty (zeroed) batch from rd, whose reader reports through d
 * (d->out is borrowed while reading and given back).  0, or -1 when out
 * of memory (what was read is still in the batch). */
int cv_record_batch_fill(cv_record_batch *b, cv_record_reader *rd, cv_diag *d, size_t max_bytes);
void cv_record_batch_free(cv_record_batch *b);

/* A batch played back on a worker, as the reading thread would have met
 * it: for each game, what the reader said of it goes to err (its warnings
 * added to *warnings when warnings is not NULL), then game(arg, g) runs;
 * a nonzero return stops there.  When the batch ended its input and was
 * not stopped, what the reader said after the last game follows.
 * Returns nonzero when stopped. */
int cv_record_batch_each(const cv_record_batch *b, FILE *err, long *warnings,
                         int (*game)(void *arg, const cv_record *g), void *arg);

#endif
