/* game: a game record as every reader yields it and every writer takes it,
 * whatever the format it was read from (PGN, a Parmen listing, a Game
 * Courier log: record.h).
 *
 * What the model promises:
 *  - A game is its tags (name and value, in file order, repeats kept),
 *    its movetext as a flat array of tokens in file order (move numbers,
 *    moves, comments, variations as a "(" and a ")" around their tokens,
 *    NAGs, '%' lines, the result), the indexes of its main-line moves,
 *    its problems (issues, each with a line and column), and, when the
 *    reader was asked to, its bytes as read (raw).
 *  - A token carries a place, not a line and column: `at`, a position
 *    that cv_game_where turns into a line and column by the game's line
 *    table (lines[]).  Most tokens are never reported, so the work is
 *    done for those that are; a game made by a program has no table, and
 *    its tokens no place.
 *  - Texts are NUL-terminated and owned by whoever made the game (a
 *    reader: until its next game; hold.h copies a game); when `strings`
 *    is set, every text of the game lies in that one block.
 *  - Nothing here belongs to one format: a format that has no variations,
 *    NAGs or '%' lines yields none, and a writer drops (and counts) what
 *    its format cannot hold (cv_record_meta.dropped).  What is peculiar
 *    to a format's syntax stays in its reader (pgn.h, gamelist.h,
 *    gclog.h); what is peculiar to a game's moves is in shapes.h. */
#ifndef CV_GAME_H
#define CV_GAME_H
#include "diag.h"
#include <stddef.h>

typedef enum {
    CV_TOKEN_MOVE_NUMBER,     /* "12." or "12..." (number/color filled in) */
    CV_TOKEN_MOVE,            /* a move as written, without its suffix */
    CV_TOKEN_NULL_MOVE,       /* "--", "Z0" or "0000"; norm is "--" */
    CV_TOKEN_COMMENT,         /* text between { and }, as written */
    CV_TOKEN_LINE_COMMENT,    /* text after ';' to the end of the line */
    CV_TOKEN_NAG,             /* "$5", or a free-standing "!?" (nag = 5) */
    CV_TOKEN_VARIATION_START, /* "(" */
    CV_TOKEN_VARIATION_END,   /* ")" */
    CV_TOKEN_RESULT,          /* "1-0", "0-1", "1/2-1/2" or "*" */
    CV_TOKEN_ESCAPE           /* a line starting with '%', without the '%' */
} cv_token_kind;

typedef struct cv_token {
    cv_token_kind kind;
    int depth;           /* variation depth: 0 for the main line; a "(" and
                            its ")" carry the depth they open from */
    int nag;             /* NAG: its value; MOVE/NULL_MOVE: the NAG its
                            "!"/"?" suffix stands for (1-6), else 0 */
    char color;          /* MOVE_NUMBER/MOVE/NULL_MOVE: 'w' or 'b' */
    unsigned char normalized;  /* MOVE/NULL_MOVE/MOVE_NUMBER: norm differs
                            from text (0-0, e8Q, Z0, "1. ...") */
    long long at;        /* where the token starts, as a position that
                            cv_game_where() turns into a line and column */
    long number;         /* MOVE_NUMBER/MOVE/NULL_MOVE: full-move number */
    size_t len;          /* bytes in text (comments may hold any byte) */
    /* The strings are NUL-terminated and owned by the reader; they stay
     * valid until its next game or its close.  (The offsets are the
     * reader's own bookkeeping while a game is being read.) */
    union { const char *text; size_t text_off; };
    union { const char *suffix; size_t suffix_off; };  /* "+", "#", "!?",
                            "+!" ... as written; "" when none */
    union { const char *norm; size_t norm_off; };      /* MOVE: O-O for 0-0,
                            e8=Q for e8Q; NULL_MOVE: "--"; MOVE_NUMBER:
                            "12." or "12..."; otherwise == text */
} cv_token;

typedef struct cv_tag {
    union { const char *name; size_t name_off; };
    union { const char *value; size_t value_off; };  /* unescaped */
    long line, col;      /* where it is written (PGN: its '['; a listing
                            or a log: the comment that holds it) */
} cv_tag;

/* A problem of a game, as FILE:LINE:COL: LEVEL: game N: MSG reports it. */
typedef struct cv_issue {
    cv_level level;      /* CV_WARNING or CV_ERROR (strict: always error) */
    long line, col;
    char msg[192];       /* without the "game N: " prefix */
} cv_issue;

/* A line that a token of the game starts on, and the position of its first
 * byte (where.h says how readers fill the table). */
typedef struct cv_game_line {
    long line;
    long long start;
} cv_game_line;

/* Why raw holds only a prefix of the game's bytes (cv_game.raw_truncated). */
#define CV_RAW_LONG  1
#define CV_RAW_NOMEM 2

typedef struct cv_game {
    long number;                 /* 1-based position in the file */
    long line, col;              /* where the game starts */
    const cv_tag *tags;          /* in file order, duplicates kept */
    size_t ntags;
    const cv_token *tokens;      /* movetext in file order */
    size_t ntokens;
    const cv_game_line *lines;   /* the lines the tokens start on, in order
                                    (NULL: the tokens have no place) */
    size_t nlines;
    const cv_token *result;      /* the RESULT token ending the game, or
                                    NULL when it was missing */
    const char *result_text;     /* result->text, or "*" when missing;
                                    NULL for a format that writes no result */
    const size_t *mainline;      /* indexes into tokens of the depth-0
                                    MOVE and NULL_MOVE tokens, in order */
    size_t nmainline;
    const cv_issue *issues;      /* problems in order of discovery */
    size_t nissues;
    long errors, warnings;       /* counts by level */
    int skipped;                 /* part of the game's text was skipped
                                    after an error */
    /* With the reader's KEEP_RAW flag: the bytes of the input from the end
     * of the previous game to the end of this one, exactly as read (so the
     * raw texts of all games, in order, are the input but for what follows
     * the last game).  raw_truncated: not all of it is kept (raw holds a
     * prefix of it), CV_RAW_LONG as it is longer than the reader's limit,
     * CV_RAW_NOMEM as memory ran out; 0 when whole.  A caller that must
     * not lose the game says so and fails (exit 2). */
    const char *raw;
    size_t rawlen;
    int raw_truncated;
    /* When not NULL: the one block the reader keeps the game's texts in
     * (token texts, suffixes and norms, tag names and values).  A copy of
     * the game (hold.h) copies it whole and moves the pointers with it. */
    const char *strings;
    size_t strings_len;
} cv_game;

/* The line and column of position at (a token's at) in g; 0 and 0 when
 * g's tokens have no place (a game made by a program, not read). */
void cv_game_where(const cv_game *g, long long at, long *line, long *col);

/* The value of the first tag called name, or NULL. */
const char *cv_game_tag_value(const cv_game *g, const char *name);

/* "MOVE_NUMBER", "MOVE", ... as in the enum without the prefix (cv-parse
 * prints them). */
const char *cv_token_kind_name(cv_token_kind k);

#endif
