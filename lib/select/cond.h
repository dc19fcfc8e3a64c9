/* cond: the conditions cv-select chooses games by, read from the command
 * line once and tested on every game (docs/cv-select.1 says what each
 * means to a user).
 *
 * What it promises:
 *  - A condition is parsed whole when it is added: a bad one is refused
 *    then, with a reason for the user ("bad regular expression at offset
 *    3: ..."), never later on a game.
 *  - Every condition must hold (AND), but the tests on one tag name by
 *    text (=, ^=, *=, ~) are one condition that any of them satisfies
 *    (OR), as pgn-extract reads a tag file: --tag White=A --tag White=B.
 *  - Dates compare as intervals (a "??" part is any value it could be):
 *    a comparison holds only when it holds for every date the text can
 *    be; a date without a year never satisfies one.  Numbers compare as
 *    numbers; a tag that is not one never satisfies a comparison.
 *  - A game that could not be replayed satisfies no condition on its
 *    plies, ending or positions; its tags are still tested.
 *  - Nothing is written or allocated while testing a game, so one set of
 *    conditions serves every thread at once. */
#ifndef CV_SELECT_COND_H
#define CV_SELECT_COND_H
#include "record.h"
#include "variant.h"
#include <stddef.h>
#include <stdint.h>

/* How a game ended (cv_select_facts.ending), one bit each. */
enum {
    CV_END_MATE = 1,
    CV_END_STALEMATE = 2,
    CV_END_KING_CAPTURED = 4,
    CV_END_RESIGNATION = 8,     /* a decisive result, the final position not over */
    CV_END_DRAW = 16,           /* 1/2-1/2, the final position not over */
    CV_END_UNFINISHED = 32,     /* no result ("*" or none), not over */
};

/* What replaying one game found out (play.h fills it). */
typedef struct cv_select_facts {
    int replayed;               /* the main line was played to its end */
    int plies;                  /* main-line plies played */
    int ending;                 /* one CV_END_* bit, 0 when not replayed */
    const char *variant;        /* the variant's name, NULL when unknown */
    const cv_variant *v;        /* and the variant itself */
    const char *result;         /* Result tag, or what the moves imply; NULL none */
    unsigned positions;         /* bit i: --position i was reached */
} cv_select_facts;

typedef struct cv_select cv_select;

/* The most --position conditions (each a bit of cv_select_facts.positions). */
#define CV_SELECT_MAX_POSITIONS 32

cv_select *cv_select_new(void);
void cv_select_free(cv_select *s);

/* Each returns 0, or -1 with why (a phrase to follow "OPTION 'VALUE': ")
 * when the text is refused; -2 when out of memory. */
/* --tag NAME=VALUE, NAME^=PREFIX, NAME*=TEXT, NAME~REGEX, NAME!=VALUE,
 * NAME<V, NAME<=V, NAME>V, NAME>=V */
int cv_select_tag(cv_select *s, const char *expr, char *why, size_t size);
/* --player NAME (White or Black contains it), --event TEXT (Event contains it) */
int cv_select_player(cv_select *s, const char *name, char *why, size_t size);
int cv_select_event(cv_select *s, const char *text, char *why, size_t size);
/* --result R: 1-0, 0-1, 1/2-1/2 (also 1/2) or * */
int cv_select_result(cv_select *s, const char *r, char *why, size_t size);
/* --variant NAME: a variant's name or alias (matched as variant.h does) */
int cv_select_variant(cv_select *s, const char *name, char *why, size_t size);
/* --plies N, =N, <N, <=N, >N, >=N, A..B */
int cv_select_plies(cv_select *s, const char *expr, char *why, size_t size);
/* --ending NAME[,NAME...]: mate stalemate king-captured resignation draw unfinished */
int cv_select_ending(cv_select *s, const char *list, char *why, size_t size);
/* --position TEXT: kept as text, read per variant by play.h */
int cv_select_position(cv_select *s, const char *text, char *why, size_t size);
/* --not: the whole selection negated */
void cv_select_negate(cv_select *s);

/* "mate", "stalemate", ... for one CV_END_* bit; NULL for 0. */
const char *cv_select_ending_name(int ending);

/* The --position texts, in order. */
int cv_select_npositions(const cv_select *s);
const char *cv_select_position_text(const cv_select *s, int i);

/* Does g, with the facts its replay found, satisfy the selection? */
int cv_select_match(const cv_select *s, const cv_record *g, const cv_select_facts *f);

/* The tests on tag text alone, for the fuzz target and the unit test:
 * does value satisfy the one condition expr?  -1 when expr is refused. */
int cv_select_tag_test(const char *expr, const char *name, const char *value);

#endif
