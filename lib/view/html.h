/* html: games as one self-contained web page that steps through them
 * (cv-convert --format html).
 *
 * What it promises:
 *  - One page, whatever the number of games: cv_html_begin, then each
 *    game's section (cv_html_game_write, or cv_html_unplayed for a game
 *    that could not be played), then cv_html_end.  Sections are written
 *    whole and on their own, so games played on several threads are
 *    written in their order by whoever writes the others' bytes.
 *  - Nothing outside the page: its style, its script and its pictures
 *    are inside it; it names no file, no address, no font.
 *  - Every variant alike: the pictures are those the engine draws (the
 *    SVG of cv_any_diagram, byte for byte what cv-replay --svg-dir writes
 *    for the same ply, last move highlighted, the XML declaration left
 *    out), one as played and one turned round (flip) a ply.  Nothing
 *    here asks which game it shows.
 *  - Small: a picture is kept as its distinct lines, each line as its
 *    distinct pieces (a '>' ends a piece), and a ply as runs of line
 *    numbers, so what stays the same from ply to ply is written once.
 *    The page's script puts the lines back together.
 *  - The shown picture is the SVG itself, pieces carrying data-square
 *    and data-piece (picture.h), so a program can read the position.
 *
 * Why not a record format (record.h): a writer there makes a record from
 * its tokens alone and can be read back; a page needs the position at
 * every ply, which only the replay knows, and a frame around all the
 * games, and cannot be read.  cv-convert takes "html" as a --format of
 * its own and feeds this module from the replay it already does. */
#ifndef CV_VIEW_HTML_H
#define CV_VIEW_HTML_H
#include "engine.h"
#include "json.h"
#include "record.h"
#include <stdio.h>

/* The page's start (head, style, controls) and end (its script). */
void cv_html_begin(FILE *out);
void cv_html_end(FILE *out);

/* The pictures of one game, ply by ply; reused game after game. */
typedef struct cv_html_game cv_html_game;
cv_html_game *cv_html_game_new(void);
void cv_html_game_free(cv_html_game *h);
/* Forgets the pictures taken: a new game begins. */
void cv_html_game_reset(cv_html_game *h);
/* The picture of the next main-line ply: pos, reached by move (any
 * notation the engine reads) played in before; before and move NULL for
 * the start position.  -1 when out of memory (the page cannot be made). */
int cv_html_game_ply(cv_html_game *h, const cv_apos *pos, const cv_apos *before, const char *move);

/* The game's section: name (how the game is called in the page's game
 * chooser), its tags, its movetext with token i as texts[i] when texts
 * and texts[i] are not NULL (main-line moves clickable, ply by ply as
 * taken), result when the record has none (NULL: "*").  -1 on a write
 * error. */
int cv_html_game_write(FILE *out, const cv_html_game *h, const cv_record *g, char *const *texts, const char *name,
                       const char *result);
/* A game that could not be played: its name, tags, problems (ps, what
 * went wrong, as LINE:COL: LEVEL: MESSAGE) and, when raw is not NULL, its
 * n bytes as read, shown as text. */
int cv_html_unplayed(FILE *out, const cv_record *g, const char *name, const char *raw, size_t n,
                     const cv_problems *ps);

#endif
