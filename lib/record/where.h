/* where: a token's line and column, worked out only when asked.
 *
 * Most tokens are never reported: a replay of a valid game reports none.
 * So a reader does not give each token its line and column.  It gives the
 * token a position (cv_token.at) and the game a table of the lines its
 * tokens start on, each with the position of its first byte
 * (cv_game.lines).  cv_game_where (game.h) turns a position into a line
 * and column by a binary search of that table.
 *
 * What this module promises the readers that build such a table:
 *  - cv_line_table_add appends a line, in the PGN reader's terms: positions
 *    are byte offsets in the input, a line's start the offset of its first
 *    byte.  Lines are appended in input order, a line once, when its first
 *    token is.
 *  - cv_line_table_at is for a reader that knows a token's line and column
 *    but not its byte offset (one that reads a line at a time).  It gives
 *    the token a position and appends its line when the last line appended
 *    is another, so that cv_game_where gives that line and column back.
 *    Tokens must come in input order.
 *  - Memory: one entry per line that has a token; both fail (return -1)
 *    only when out of memory, leaving the table as it was, and neither
 *    fails while the table has room reserved (cv_line_table_reserve: at
 *    most one entry per token). */
#ifndef CV_WHERE_H
#define CV_WHERE_H
#include "game.h"

typedef struct cv_line_table {
    cv_game_line *v;
    size_t n, cap;
    long long next;  /* cv_line_table_at: the least position a new line may start at */
} cv_line_table;

/* Empties the table, keeping its memory. */
void cv_line_table_clear(cv_line_table *t);
/* Room for n entries in all; -1 when out of memory. */
int cv_line_table_reserve(cv_line_table *t, size_t n);
int cv_line_table_add(cv_line_table *t, long line, long long start);
/* The position of (line, col), col >= 1; -1 when out of memory. */
long long cv_line_table_at(cv_line_table *t, long line, long col);
void cv_line_table_free(cv_line_table *t);

#endif
