/* dupes: which games repeat the moves of another, by the hashes of their
 * move sequences (play.h).
 *
 * Games are numbered 0, 1, ... in the order they are given.  Two modes:
 *  - same moves only (prefix 0): one pass; a game is a duplicate of the
 *    first earlier game with the same sequence.
 *  - prefix (prefix 1): also a game whose moves are the start of another
 *    game's (the shorter is the duplicate: it adds nothing to the
 *    longer).  The other game may come later, so this takes two passes
 *    over the same games in the same order: cv_dupes_add for each in the
 *    first, cv_dupes_verdict for each in the second.  Exact copies stay
 *    copies of the first; a game that is the start of several is named
 *    with the first of them.
 * Memory: one entry a game (48 bytes, about 60 with the table's share), held
 * until cv_dupes_free, whatever the games' lengths. */
#ifndef CV_SELECT_DUPES_H
#define CV_SELECT_DUPES_H
#include <stddef.h>
#include <stdint.h>

typedef struct cv_dupes cv_dupes;

enum { CV_DUPE_NONE = 0, CV_DUPE_SAME, CV_DUPE_START };

typedef struct cv_dupe {
    int kind;               /* CV_DUPE_* */
    long of;                /* the game it repeats (SAME) or begins (START) */
} cv_dupe;

cv_dupes *cv_dupes_new(int prefix);
void cv_dupes_free(cv_dupes *D);

/* The next game: its hashes h[0..n-1] (n 0: a game not compared, never
 * a duplicate nor an original) and its place for reports (path is
 * copied when it changes).  Returns its number, -1 when out of memory. */
long cv_dupes_add(cv_dupes *D, const uint64_t *h, int n, const char *path, long game, long line, long col);

/* Same moves only: the verdict on the game just added.  Prefix: the
 * verdict on game i, met again in the second pass with the same hashes. */
cv_dupe cv_dupes_verdict(cv_dupes *D, long i, const uint64_t *h, int n);

/* Where game i is: its input, its number there, its line and column. */
void cv_dupes_place(const cv_dupes *D, long i, const char **path, long *game, long *line, long *col);

long cv_dupes_count(const cv_dupes *D);

#endif
