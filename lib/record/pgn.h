/* pgn: a streaming PGN reader (syntax only; no chess legality).
 *
 * What it promises:
 *  - One game in memory at a time.  The input is read in 64 KiB chunks and
 *    never held whole; a game's strings live in one arena that is reused
 *    (and shrunk back after an unusually large game), so memory does not
 *    grow with the input size.  cv_pgn_stats_get() reports the sizes.
 *  - Every game that was started is returned, with its problems recorded
 *    in it; nothing is dropped silently.  Pathological input (an overlong
 *    line, variations nested too deeply, binary data, too many errors) gets
 *    an error with its line and column and the reader resumes at the next
 *    line whose first non-blank character is '['; an overlong comment is
 *    cut at the limit and the game goes on.  (With CV_PGN_LEAN comments
 *    are not stored and have no limit, and variations nested too deeply
 *    are passed over with a warning: see below.)
 *  - The mess real files contain (byte-order mark, CR LF line ends, no blank
 *    line between games, "1. ... d5", "0-0", "e8Q", a missing result, a
 *    result that disagrees with the Result tag, broken tag quoting) is read
 *    the way it was meant, with a warning; with CV_PGN_STRICT each of those
 *    is an error instead.
 *  - Problems are reported through the cv_diag given to cv_pgn_open (if
 *    any) when the game is complete, as
 *        FILE:LINE:COL: error: game N: MESSAGE
 *    and are also kept in the game (issues[]) for tools that print JSON.
 *  - Lines and columns start at 1; columns count bytes, and the byte-order
 *    mark, when present, is not counted.
 */
#ifndef CV_PGN_H
#define CV_PGN_H
#include <stddef.h>
#include <stdio.h>
#include "diag.h"
#include "source.h"
#include "game.h"

/* Flags for cv_pgn_open. */
#define CV_PGN_STRICT 1u   /* every tolerated deviation is an error */
#define CV_PGN_KEEP_RAW 2u /* keep each game's text as read (cv_game.raw) */
#define CV_PGN_LEAN 4u     /* comments are read but not kept (see below) */

/* CV_PGN_LEAN: for a caller that only validates the moves.  What changes:
 *  - A {comment} is read to its end whatever its length and its text is
 *    not stored: its COMMENT token is still emitted, with its line,
 *    column and depth, but with text "" and len 0.  max_comment does not
 *    apply, so a game with a 10 MB comment is read without an error, in
 *    the memory of a game without it.  A ';' comment likewise: its
 *    LINE_COMMENT token has text "", and it may run on for any length
 *    (max_line does not count it; it never counted a {comment}).
 *  - A variation nested deeper than max_depth is passed over instead of
 *    ending the game: the reader counts its parentheses (a ')' inside a
 *    comment is not counted) and goes on after its closing ')' at the
 *    depth it left, with one warning per game (a warning even with
 *    CV_PGN_STRICT: it is a limit of the reader, not a fault of the
 *    file).  Nothing of such a variation is emitted (no tokens, its moves
 *    are not numbered and not checked), so nesting of any depth streams
 *    in constant memory.  In it a result still ends the game (with
 *    "unclosed variation", as anywhere), so does a line of the next
 *    game's tags, and binary data is still an error.
 * What does not change, and why:
 *  - max_tokens: every token but those of a passed-over variation is
 *    still emitted (comments included), and the token table is what a
 *    game's memory grows with;
 *  - max_depth: variations up to it are read and emitted as usual (the
 *    numbering keeps per-depth state up to it; deeper ones are passed
 *    over, as above);
 *  - max_line, for the text of a line outside comments (moves, tags, '%'
 *    lines, which are still stored);
 *  - max_game_bytes, for what is still stored (tags, moves, '%' lines)
 *    and for the raw text with CV_PGN_KEEP_RAW, which holds the comments;
 *  - max_issues, and every error and warning of the text that is read.
 * Outside a variation passed over, tags, moves, numbers, NAGs, results
 * and '%' lines are read exactly as without the flag, with the same
 * problems reported. */

/* Limits on pathological input; the defaults suit any real file. */
typedef struct cv_pgn_limits {
    size_t max_comment;     /* bytes in one {comment}: 1 MiB (not with LEAN) */
    int max_depth;          /* variation nesting: 50, so cv-parse --json
                               nests at most 154 levels, which jq 1.6
                               (counting an object as two, 256 at most)
                               takes as 206 */
    size_t max_line;        /* bytes on one line outside comments: 1 MiB */
    size_t max_tokens;      /* tokens + tags in one game: 1,048,576 */
    size_t max_game_bytes;  /* text stored for one game: 64 MiB, or the
                               environment's CVKIT_MAX_GAME_BYTES (bytes, for
                               tests: meeting the limit takes no 64 MiB file) */
    size_t max_issues;      /* problems kept per game before skipping: 100 */
} cv_pgn_limits;

typedef struct cv_pgn_stats {
    size_t buffer_bytes;  /* input buffer */
    size_t arena_bytes;   /* current capacity of the string arena */
    size_t table_bytes;   /* token, tag, main-line and issue arrays */
    size_t total_bytes;   /* the reader's heap use now */
    size_t peak_bytes;    /* the largest total_bytes seen */
    long games;           /* games returned so far */
} cv_pgn_stats;

typedef struct cv_pgn_reader cv_pgn_reader;

/* Opens a reader on f (not closed by the reader).  filename is used in
 * messages ("-" or NULL show as <stdin>) and must stay valid while the
 * reader is open; diag receives the messages of each game when it is
 * complete (NULL: messages are only kept in the game).  Returns NULL when
 * out of memory. */
cv_pgn_reader *cv_pgn_open(FILE *f, const char *filename, cv_diag *diag,
                           unsigned flags);

/* ---- reading one input on several threads ----
 * A mark is where a reader stands between two games: enough for another
 * reader, given the input from there on, to read it exactly as this one
 * would (the same games, numbers, lines, columns and messages).  Two
 * readers in the same state have equal marks (compare every field). */
typedef struct cv_pgn_mark {
    long line;      /* the line the position is on */
    long col;       /* bytes of that line before the position */
    long count;     /* of those, the bytes the line-length limit counts */
    long games;     /* games read before it */
    unsigned bits;  /* CV_PGN_AT_* */
} cv_pgn_mark;
#define CV_PGN_AT_CRLF    1u    /* a CR LF line end has been reported */
#define CV_PGN_AT_CR      2u    /* a lone CR has been reported */
#define CV_PGN_AT_TOKEN   4u    /* the line has had a token */
#define CV_PGN_AT_BLANK   8u    /* a blank line since the last token */
#define CV_PGN_AT_SKIPPED 16u   /* the last game ended by skipping */
#define CV_PGN_AT_INSIDE  32u   /* not the start of the file (no byte-order mark) */

/* A reader of src (source.h; it must outlive the reader) that starts in
 * the state at (NULL: the start of a file). */
cv_pgn_reader *cv_pgn_resume(cv_source *src, const char *filename, cv_diag *diag, unsigned flags,
                             const cv_pgn_mark *at);
/* Between games (after cv_pgn_next): the mark where the reader stands,
 * and 1 when the last game ended right there by its result (so the same
 * game would have ended there whatever followed), else 0.  *rest, *nrest:
 * the input it has read beyond that place, valid until the next call. */
int cv_pgn_mark_here(const cv_pgn_reader *r, cv_pgn_mark *m, const char **rest, size_t *nrest);

/* The shortest prefix of buf[0, n), at least min bytes long, that ends
 * where a game surely ends (a cut): just after a result that a line end
 * follows, outside comments, tags and escapes.  buf starts in the state
 * *m (a previous cut's, or the start of a file); *m becomes the state the
 * cut predicts.  0 when buf has no such cut (*m unchanged).  The 4 bytes
 * after the data must be there and 0: the scan's sentinel.
 * The prediction is a guess (a reader meeting malformed text may see the
 * games differently): a caller compares it with the mark a reader of the
 * text before the cut ends with (cv_pgn_end_mark) before relying on it. */
size_t cv_pgn_split(const char *buf, size_t n, size_t min, cv_pgn_mark *m);

/* Default limits, and replacing them (before the first cv_pgn_next). */
cv_pgn_limits cv_pgn_default_limits(void);
void cv_pgn_set_limits(cv_pgn_reader *r, const cv_pgn_limits *lim);

/* Reads the next game into *g.  Returns 1 when a game was read (it may
 * carry errors), 0 at the end of the input.  The game's contents belong
 * to the reader and are replaced by the next call. */
int cv_pgn_next(cv_pgn_reader *r, cv_game *g);

/* Nonzero when reading the input failed (the error was also reported in
 * the game being read at the time). */
int cv_pgn_io_error(const cv_pgn_reader *r);

void cv_pgn_stats_get(const cv_pgn_reader *r, cv_pgn_stats *st);

void cv_pgn_close(cv_pgn_reader *r);

#endif
