/* gamelist: Parmen's game listing ("gamelist.txt", written by Parmen's 'L'
 * command) for Tri-D chess: a streaming reader and a writer that
 * regenerates a clean listing.  gamelist_format.c puts both behind the
 * record interface (record.h), so listings replay like any record.
 *
 * Parmen documents no layout; docs/cvkit-formats.5 describes what the two
 * sample listings of Parmen's distribution show, and this reader takes:
 *
 *     WHITE  BLACK              the header: the two words on one line, or
 *                               on two lines with anything blank between
 *     // SAMPLE GAME #1         a comment on a line of its own
 *     1.  Pc2-c4(2)  Pd7-d5(6)  a row: "N." then White's move, Black's
 *     2.  Pc4xd5(6)             Black's move may stand alone on a later
 *     Nb8-c6(4)                 line, indented or not ("   0-0");
 *     4.     o-o                Parmen indents castling
 *     21... Pb4xa3(5)           Black's move alone with its number
 *     22. Pb3-b4(2)  // text    a comment after the moves of a line
 *     // Finally! 0101.13       the date stamp is a comment like any other
 *
 * Blank lines, leading and trailing blanks, CR LF line ends and a UTF-8
 * byte-order mark are read silently.  A move is any token shaped like a
 * Parmen or Romulan move (a piece letter or a board name and a square, or
 * castling written with o, O or 0); it is kept as written and only
 * the replay judges it.  A White move must follow its "N." with
 * no other move between (the number may stand on an earlier line); a
 * Black move needs no number.  The number must be the one expected.
 *
 * What the reader promises:
 *  - One listing in memory at a time; the input is read line by line and
 *    never held whole.  A listing's strings live in one arena that is
 *    reused and shrunk back after an unusually large listing; the limits
 *    (cv_reader_limits, scaffold.h) bound a listing's memory whatever the input.
 *  - Where one listing ends: a listing starts at the beginning of the
 *    input and at every header line (a line whose first word is WHITE, or
 *    BLACK) that comes after the current listing already has that word or
 *    a move.  Everything up to the next such line belongs to it, so a
 *    comment after the last move ("// Mate!") stays with its game, and
 *    text before the first header belongs to the first listing.
 *  - Every listing is returned with its problems (issues[]), each with its
 *    line and column; nothing is dropped silently.  A line that is none
 *    of the above, an unknown token, a bad or out-of-sequence move number,
 *    a White move without its number, a missing or incomplete header are
 *    errors; with CV_GAMELIST_LENIENT they are warnings.  Either way the
 *    offending line (with any comment on it) or token is skipped and
 *    reading goes on, so both modes return the same items.  Text glued before a header word (the marker
 *    the copy of Parmen's readme in tests/data/gamelist/seed-listings.txt
 *    carries before the first WHITE) is
 *    reported as stray text and the header is still read.
 *  - Always errors: an input holding no listing at all (reported as
 *    listing 1 at 1:1), a line longer than max_line, control characters
 *    in a line (the line is skipped), a limit reached (the rest of the
 *    listing, up to the next header, is skipped and `skipped` is set), a
 *    read error.
 *  - Lines and columns start at 1; columns count bytes, and the
 *    byte-order mark is not counted.
 *  - Problems go to the cv_diag given to cv_gamelist_open (if any) when the
 *    listing is complete, as FILE:LINE:COL: error: game N: MESSAGE.
 *  - With CV_GAMELIST_KEEP_RAW, each listing also carries its bytes
 *    exactly as read (raw, rawlen): from the end of the previous listing
 *    to the start of the line that begins the next one (or the end of the
 *    input).  Every byte of the input belongs to exactly one listing's raw
 *    text, skipped lines, junk, control characters, line ends and the
 *    byte-order mark included: the raw texts of all listings, in order,
 *    are the input.  (The PGN reader's promise leaves out what follows the
 *    last game; here the last listing runs to the end of the input, so
 *    nothing follows it.)  The raw text is bounded by max_raw: a listing
 *    longer than that keeps its first whole lines up to max_raw bytes and
 *    raw_truncated is set.  It lives in one buffer, reused from listing to
 *    listing and shrunk back after a large one.
 *  - With CV_GAMELIST_LEAN (for a caller that only validates the moves), a
 *    comment is read but its text is not kept: its item has text "" and
 *    len 0, so comments take next to nothing of max_text (the one byte
 *    that ends an empty text).  The one exception is a comment of the
 *    shape `[...]` on a line of its own before the first move, which the
 *    record interface reads as a tag (Variant, FEN: the replay needs
 *    them): it is kept as without the flag.  Every other limit applies as
 *    before: a listing's lines are read whole, so max_line bounds a line
 *    whatever it holds, comments included.
 *
 * The writer regenerates one listing in the layout above: the header over
 * the columns, one row per move pair with the numbers, White's moves and
 * Black's moves each in a column (castling aligned like any move), every
 * comment where it stood.  A comment between White's and Black's moves
 * of one number is kept there, and Black's move then follows as "N...".
 * Its output read back gives the same items (numbers, colours, comments
 * and their places), and written again is the same text byte for byte.
 * (A written line may be longer than the line it came from: "// " for
 * "//", the columns' padding.)
 */
#ifndef CV_GAMELIST_H
#define CV_GAMELIST_H
#include <stddef.h>
#include <stdio.h>
#include "diag.h"
#include "source.h"
#include "game.h"
#include "scaffold.h"

/* Flags for cv_gamelist_open. */
#define CV_GAMELIST_LENIENT 1u  /* layout deviations are warnings, not errors */
#define CV_GAMELIST_KEEP_RAW 2u /* keep each listing's bytes as read (cv_gamelist.raw) */
#define CV_GAMELIST_LEAN 4u     /* comments are read but not kept (see above) */

/* Longest move token kept (longer is an unknown token). */
#define CV_GAMELIST_MOVE_MAX 63

typedef enum { CV_GAMELIST_MOVE, CV_GAMELIST_COMMENT } cv_gamelist_kind;

typedef struct cv_gamelist_item {
    cv_gamelist_kind kind;
    long line, col;     /* where the move, or the comment's "//", starts */
    long num_line, num_col; /* MOVE: where its move number is written ("12."
                           or "12..."); 0 when none was written for it */
    long number;        /* MOVE: its move number.  COMMENT: that of the
                           move before it, 0 when none */
    char color;         /* MOVE: 'w' or 'b'.  COMMENT: colour of the move
                           before it, 0 when none */
    int own_line;       /* COMMENT: 1 on a line of its own, 0 after the
                           move(s) of its line */
    size_t before;      /* moves of the listing before this item: a move's
                           index, the place a comment stood */
    size_t len;         /* bytes in text */
    /* NUL-terminated, owned by the reader, valid until the next
     * cv_gamelist_next or cv_gamelist_close.  MOVE: the token as written
     * (suffixes included); COMMENT: what follows "//", without the blanks
     * around it.  (text_off is the reader's bookkeeping while reading.) */
    union { const char *text; size_t text_off; };
} cv_gamelist_item;

typedef struct cv_gamelist {
    long number;                    /* 1-based place in the input */
    long line;                      /* first line of the listing's text */
    long white_line, white_col;     /* the header's WHITE, 0 when missing */
    long black_line, black_col;     /* the header's BLACK, 0 when missing */
    const cv_gamelist_item *items;  /* in input order */
    size_t nitems;
    const size_t *moves;            /* indexes into items of the moves */
    size_t nmoves;
    const cv_issue *issues;
    size_t nissues;
    long errors, warnings;
    int skipped;                    /* text was skipped after a limit */
    /* With CV_GAMELIST_KEEP_RAW: the bytes of the input from the end of
     * the previous listing to the end of this one (the start of the line
     * that begins the next), exactly as read; raw_truncated: longer than
     * max_raw, and only its first lines are kept.  Without: NULL, 0, 0. */
    const char *raw;
    size_t rawlen;
    int raw_truncated;
} cv_gamelist;

typedef struct cv_gamelist_reader cv_gamelist_reader;

/* Opens a reader on f (not closed by the reader); filename is used in
 * messages ("-" or NULL show as <stdin>) and must outlive the reader;
 * diag receives each listing's problems (NULL: kept in the listing only).
 * NULL when out of memory. */
cv_gamelist_reader *cv_gamelist_open(FILE *f, const char *filename, cv_diag *diag, unsigned flags);
/* The same on src (source.h), which must outlive the reader. */
cv_gamelist_reader *cv_gamelist_open_source(cv_source *src, const char *filename, cv_diag *diag, unsigned flags);
/* Replaces the limits (scaffold.h; before the first cv_gamelist_next);
 * zero fields keep their default. */
void cv_gamelist_set_limits(cv_gamelist_reader *r, const cv_reader_limits *lim);
/* Reads the next listing into *gl: 1 when one was read (it may carry
 * errors), 0 at the end of the input.  Its contents belong to the reader
 * and are replaced by the next call. */
int cv_gamelist_next(cv_gamelist_reader *r, cv_gamelist *gl);

/* Is the line s[0, n) (without its end) a listing's header: words WHITE
 * and BLACK in any case, at least one, and nothing else?  A text holding
 * such a line may hold a listing (record.c's hint to --input gamelist). */
int cv_gamelist_header_line(const char *s, size_t n);
int cv_gamelist_io_error(const cv_gamelist_reader *r);
/* The reader's heap use now and at its largest (bytes). */
void cv_gamelist_memory(const cv_gamelist_reader *r, size_t *now, size_t *peak);
void cv_gamelist_close(cv_gamelist_reader *r);

/* "7... Qb9-b4(2)" / "35. Qd7xe8(7)#" for a move item; returns the length. */
size_t cv_gamelist_move_label(const cv_gamelist_item *mv, char *buf, size_t size);

/* ---- writer ---- */

/* Writes gl in the layout of Parmen's own listings, as the two sample
 * games of its distribution show it (docs/cvkit-formats.5, "Parmen's
 * layout"): WHITE, two blank lines, BLACK; each row a block of lines,
 * "N." in four columns and White's move, Black's move on a line of its
 * own, the comments after them each on its own line, two blank lines
 * ending every block (the header's too); castling indented three blanks,
 * a White castling followed by a blank line; moves without a '*' mark
 * and with a promotion's letter straight after the level.  The moves as
 * the items hold them.  Read back, it gives the same items but for
 * those spellings.  0, or -1 on a write error. */
int cv_gamelist_write_parmen(FILE *out, const cv_gamelist *gl);

/* Text to write for move i (an index into gl->moves) of gl, or NULL for
 * the text as read.  The writer copies it before the next call. */
typedef const char *(*cv_gamelist_text_fn)(void *arg, const cv_gamelist *gl, size_t i,
                                           const cv_gamelist_item *mv);

/* Writes gl as a clean listing; move i is written as texts[i] when
 * i < ntexts and texts[i] is not NULL, else as read.  0, or -1 on a
 * write error or when out of memory. */
int cv_gamelist_write(FILE *out, const cv_gamelist *gl, const char *const *texts, size_t ntexts);
/* The same with the texts from a callback (fn NULL: as read). */
int cv_gamelist_write_fn(FILE *out, const cv_gamelist *gl, cv_gamelist_text_fn fn, void *arg);

#endif
