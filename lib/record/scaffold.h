/* scaffold: what every record reader (pgn.c, gamelist.c, gclog.c) is
 * built of besides its syntax, written once.
 *
 * A reader fills one game (game.h) at a time and hands it out; what it
 * needs for that is the same whatever the format:
 *  - limits, so that a hostile input cannot take unbounded memory: the
 *    line readers' set (cv_reader_limits), and the one knob the tests
 *    turn from outside (CVKIT_MAX_GAME_BYTES);
 *  - the arena its strings are kept in (cv_arena);
 *  - tables that grow while a game is read and give back, when the next
 *    game starts, what one unusually large game took (so memory does not
 *    follow the largest game of a long input);
 *  - the game's problems: kept in order with their places, counted by
 *    level, capped at max_issues (past it one last problem says the rest
 *    of the game is skipped, and the reader skips), and reported through
 *    the caller's cv_diag when the game is complete, as
 *        FILE:LINE:COL: LEVEL: game N: MESSAGE
 *  - short quotations of the input in messages.
 * The line table that places tokens is where.h's. */
#ifndef CV_SCAFFOLD_H
#define CV_SCAFFOLD_H
#include "diag.h"
#include "game.h"
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

/* The limits of a reader that reads a line at a time (a Parmen listing,
 * a Game Courier log); PGN's own are in pgn.h. */
typedef struct cv_reader_limits {
    size_t max_line;    /* bytes in one line: 4096 */
    size_t max_items;   /* what one game holds (a log: moves, numbers,
                           comments, tags and the result; a listing: moves
                           and comments): 100,000 */
    size_t max_text;    /* bytes of their text kept: 4 MiB */
    size_t max_issues;  /* problems kept before the rest is skipped: 100 */
    size_t max_raw;     /* bytes of raw text kept for one game (KEEP_RAW): 64 MiB */
} cv_reader_limits;

cv_reader_limits cv_reader_default_limits(void);
/* lim with its zero fields replaced by the defaults. */
cv_reader_limits cv_reader_limits_or_default(const cv_reader_limits *lim);

/* The environment's CVKIT_MAX_GAME_BYTES (a positive decimal number of
 * bytes: a test's way to meet a game's limit without a 64 MiB file), or
 * dflt when it is unset or not such a number. */
size_t cv_reader_env_game_bytes(size_t dflt);

/* Room for need elements of elem bytes in *p (capacity *cap, doubling
 * from first); -1 when out of memory, *p unchanged. */
int cv_table_grow(void **p, size_t *cap, size_t need, size_t elem, size_t first);
/* Gives back the room of a table one large game grew: to keep elements
 * when it has more and holds no more than keep in use. */
void cv_table_shrink(void **p, size_t *cap, size_t used, size_t keep, size_t elem);

/* A game's strings: one block, its text kept by offset while the game
 * is read (the block moves when it grows) and turned into pointers when
 * the game is handed out; every string is followed by a NUL.  Each
 * reader has one, emptied between games. */
typedef struct cv_arena {
    char *b;
    size_t len, cap;
} cv_arena;

/* Room for n more bytes, 4096 at first and doubling; -1 when out of
 * memory, the arena unchanged.  The common case (there is room) costs one
 * comparison. */
int cv_arena_grow(cv_arena *a, size_t n);
static inline int cv_arena_room(cv_arena *a, size_t n)
{
    return a->len + n <= a->cap ? 0 : cv_arena_grow(a, n);
}
/* s[0..n) and a NUL, into room made before; the offset of the copy. */
static inline size_t cv_arena_put(cv_arena *a, const char *s, size_t n)
{
    size_t off = a->len;
    if (n) memcpy(a->b + off, s, n);
    a->b[off + n] = 0;
    a->len += n + 1;
    return off;
}
/* Empty again; a block larger than keep (one unusually large game's) is
 * given back, so memory does not follow the largest game of an input. */
void cv_arena_clear(cv_arena *a, size_t keep);
/* Keeps the bytes from offset from on, moved to the start (text read
 * past the end of one game that belongs to the next), and gives back
 * room past keep when what is kept fits in it. */
void cv_arena_keep_from(cv_arena *a, size_t from, size_t keep);
void cv_arena_free(cv_arena *a);

/* A game's problems. */
typedef struct cv_issue_list {
    cv_issue *v;
    size_t n, cap;
    long errors, warnings;
    size_t max;           /* problems kept before the rest is skipped */
    const char *unit;     /* what is skipped past max: "game", "listing" */
    int skipping;         /* past max (or told to): no more problems kept */
    int skipped;          /* the game skipped some of its text */
} cv_issue_list;

/* Starts a game's list (keeping its memory). */
void cv_issue_list_clear(cv_issue_list *p);
/* A problem at line:col, unless skipping; reaching max adds the last one,
 * "too many problems; the rest of the UNIT is skipped", and starts
 * skipping.  Out of memory, the problem is lost, uncounted. */
void cv_issue_list_vadd(cv_issue_list *p, cv_level lv, long line, long col, const char *fmt, va_list ap);
/* A problem kept even while skipping and past max (the end of the input,
 * a read error). */
void cv_issue_list_force(cv_issue_list *p, long line, long col, const char *msg);
/* The rest of the game is skipped (a limit other than max was met). */
void cv_issue_list_skip(cv_issue_list *p);
/* The problems as a game hands them out (game.h: issues, nissues,
 * errors, warnings, skipped). */
void cv_issue_list_hand_out(const cv_issue_list *p, const cv_issue **v, size_t *n, long *errors, long *warnings,
                            int *skipped);
/* Reports each problem of game number to d (NULL: none). */
void cv_issue_list_report(const cv_issue_list *p, cv_diag *d, const char *fname, long number);
void cv_issue_list_free(cv_issue_list *p);

/* A game's bytes as read (KEEP_RAW), for a reader that reads a line at a
 * time: v[0, kept) is the game's, v[kept, len) the bytes read since that
 * are not yet anybody's (the current line, and lines held back because
 * they may begin the next game). */
typedef struct cv_raw_text {
    int on;               /* raw text is kept at all (the reader's KEEP_RAW);
                             0: every call below does nothing */
    char *v;
    size_t len, cap, kept;
    int lost;             /* bytes not yet anybody's were lost */
    int trunc;            /* the game's raw text is cut (a prefix of whole lines) */
} cv_raw_text;

/* Appends s[0, n) to the bytes not yet anybody's while they stay within
 * room; past it, or out of memory, they are all lost (until restart). */
void cv_raw_add(cv_raw_text *t, const char *s, size_t n, size_t room);
/* The bytes not yet anybody's become the game's; past max bytes in all
 * (or when some were lost) the game keeps only the lines it had and is
 * marked cut. */
void cv_raw_commit(cv_raw_text *t, size_t max);
/* A new game starts with the bytes not yet anybody's; a buffer one large
 * game grew is given back down to keep bytes. */
void cv_raw_restart(cv_raw_text *t, size_t keep);
/* The game's bytes as a game hands them out (game.h: raw, rawlen,
 * raw_truncated); nothing when the raw text is off. */
void cv_raw_hand_out(const cv_raw_text *t, const char **raw, size_t *len, int *truncated);
void cv_raw_free(cv_raw_text *t);

/* The issues of a game, each "game N: MSG" at its place, to d. */
void cv_issues_report(const cv_issue *v, size_t n, cv_diag *d, const char *fname, long number);

/* s[0, n) quoted in a message: at most 40 bytes, "..." when cut. */
const char *cv_clip(char *out, size_t size, const char *s, size_t n);

#endif
