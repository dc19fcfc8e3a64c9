/* gclog: the move list of a Game Courier game (chessvariants.com), as
 * kept for Panoply: a streaming reader that yields record games
 * (record.h) and the writer that gives a log back.  gclog_format.c puts
 * both behind the record interface.
 *
 *     // [Event "Casual game"]     a tag: `// [Name "value"]` before the
 *     // [FEN "7/8/.../------7 w 0 1"]   first move of a game
 *     1. P e5-e9                   White's move: "N." and the move
 *     1... p f9-f7                 Black's move: "N..." and the move
 *     2. C f4-b8; d6-  // text     a comment after a move
 *     // text                      a comment on a line of its own
 *     1-0                          the result, alone on its line
 *
 * A move is Game Courier's full algebraic notation: sub-moves joined by
 * ';' (`P e12-e13; R-e13`), so it holds blanks and semicolons.  The move
 * is everything after the number's blanks up to the end of the line or a
 * "//", without the blanks at its end, kept as written; a '+' or '#' at
 * its end is its mark, apart as PGN keeps it.  Only the replay judges a
 * move, and the numbers: a Black number where White's move is due is
 * read as written (the replay reports it out of sequence).
 *
 * What a game becomes (cv_record): a MOVE_NUMBER token "N." or "N..."
 * and a MOVE token for each move; a comment on a line of its own a
 * COMMENT token (its text without the blanks around it); a comment after
 * a move or a result a LINE_COMMENT token whose text is a blank and the
 * comment (" text", as PGN's "; text"; "" when empty); the result line a
 * RESULT token, g->result and g->result_text (both NULL when the game has
 * none); the tag lines its tags (the value's \" and \\ unescaped).
 *
 * What the reader promises:
 *  - Where a game ends: at its result line, or where tag lines or a "1."
 *    line begin a new game after moves, or at the end of the input.  What
 *    follows a result line on lines of their own, blank lines and comments
 *    other than tags, goes to the next game when one follows, and stays
 *    with the game of that result at the end of the input (so the comment
 *    after the last result is not a game of its own).  Anything else after
 *    a result begins the next game.
 *  - Every game is returned with its problems (issues[]), each with its
 *    line and column; nothing is dropped silently.  Errors (there is no
 *    tolerated deviation, so CV_RECORD_STRICT changes nothing): a line
 *    that is no move, comment, tag or result ("unrecognized line"), a bad
 *    move number, a number without a blank after it or without a move, a
 *    line longer than max_line, a control character or NUL in a line, a
 *    limit reached, a read error, and an input holding no game at all
 *    (reported as game 1 at 1:1).  The line in error is skipped, and
 *    reading goes on.
 *  - Bounded memory: the input is read a line at a time (lines.h), never
 *    held whole; a game's strings live in one arena reused from game to
 *    game and shrunk back after an unusually large one; the limits
 *    (cv_reader_limits, scaffold.h, those of a Parmen listing) bound a game's memory
 *    whatever the input.  Past max_items or max_text the rest of the game
 *    is skipped (`skipped` set) up to its result or the next game, which
 *    are still found; past max_issues likewise.
 *  - Lines and columns start at 1; columns count bytes; a UTF-8
 *    byte-order mark is read silently and not counted; CR LF line ends
 *    are read as LF.
 *  - Problems go to the cv_diag given to cv_gclog_open (if any) when the
 *    game is complete, as FILE:LINE:COL: error: game N: MESSAGE.
 *  - CV_RECORD_KEEP_RAW: each game also carries its bytes exactly as read
 *    (raw, rawlen), from the end of the previous game to its end, line
 *    ends included; the raw texts of all games, in order, are the input.
 *    A game longer than max_raw, or holding a line longer than max_line,
 *    keeps its first whole lines up to there and sets raw_truncated.
 *  - CV_RECORD_LEAN: a comment is read but its text is not kept (its
 *    token has text "" and len 0) unless it may be a tag (`[...]` on a
 *    line of its own before the first move); every limit stays.
 *
 * The writer (cv_gclog_write) gives one game in the canonical layout: the
 * tags as `// [Name "value"]` lines (those a log implies left out, see
 * docs/cvkit-formats.5), then each move on its own line after "N. " or
 * "N... ", a comment after a move as "  // text" on its line, a comment
 * of its own as "// text", the result on its own line, and a blank line
 * before every game but the first.  A log in that layout read and written
 * again is the same bytes. */
#ifndef CV_GCLOG_H
#define CV_GCLOG_H
#include "record.h"
#include "source.h"
#include "scaffold.h"
#include <stddef.h>
#include <stdio.h>

typedef struct cv_gclog_reader cv_gclog_reader;

/* Opens a reader on f (not closed by it); filename is used in messages
 * ("-" or NULL show as <stdin>) and must outlive the reader; diag gets
 * each game's problems (NULL: kept in the game only); flags are record.h's
 * CV_RECORD_*.  NULL when out of memory. */
cv_gclog_reader *cv_gclog_open(FILE *f, const char *filename, cv_diag *diag, unsigned flags);
/* The same on src (source.h), which must outlive the reader. */
cv_gclog_reader *cv_gclog_open_source(cv_source *src, const char *filename, cv_diag *diag, unsigned flags);
/* Replaces the limits (scaffold.h; before the first cv_gclog_next); zero
 * fields keep their default. */
void cv_gclog_set_limits(cv_gclog_reader *r, const cv_reader_limits *lim);
/* 1 and the next game in *g (it may carry errors), 0 at the end of the
 * input.  The game belongs to the reader and is replaced by the next call. */
int cv_gclog_next(cv_gclog_reader *r, cv_record *g);
int cv_gclog_io_error(const cv_gclog_reader *r);
/* The reader's heap use now and at its largest (bytes). */
void cv_gclog_memory(const cv_gclog_reader *r, size_t *now, size_t *peak);
void cv_gclog_close(cv_gclog_reader *r);

/* Writes g as a log; move token i as texts[i] when texts and texts[i]
 * are not NULL.  Variations, NAGs (a "!?" mark among them), null moves
 * and '%' lines a log cannot hold are left out and counted in
 * m->dropped.  0, or -1 on a write error or out of memory. */
int cv_gclog_write(FILE *out, const cv_record *g, char *const *texts, cv_record_meta *m);

#endif
