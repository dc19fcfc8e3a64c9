/* xboard: the engine's side of the XBoard protocol (CECP version 2, H. G.
 * Muller's engine-intf), a line of the GUI in, the engine's lines out.
 *
 * What it promises:
 *  - `protover 2` is answered with the features (done=0 first, done=1
 *    last): myname, setboard, usermove, ping, sigint/sigterm off, reuse,
 *    analyze off, colors off, and the variants of protovar.h;
 *  - new, variant, setboard, usermove (and a bare move), go, force,
 *    playother, undo, remove, time, otim, level, st, sd, post, nopost,
 *    ping, result, quit; ?, draw, hard, easy, random, computer, name,
 *    rating, ics, accepted, rejected, white, black, memory, cores, bk,
 *    hint, option are taken and change nothing;
 *  - a move that is not legal is answered "Illegal move: MOVE" and the
 *    game is left as it was; an unknown command "Error (unknown
 *    command): CMD"; a position that cannot be read "tellusererror
 *    Illegal position";
 *  - when it is the engine's turn and not in force mode it searches and
 *    answers "move MOVE"; a game's end is said as "1-0 {White mates}"
 *    (game.h's reasons) once, after the move that ends it;
 *  - with post, a line "DEPTH SCORE CENTISECONDS NODES PV" after each
 *    depth (mate scores 100000 + moves, negative when mated);
 *  - the search runs on the thread of the caller, so `?` cannot stop it:
 *    a move is sent when the limit (sd, st, the clock, or the caller's
 *    depth or nodes) is reached.  Output is flushed after each line. */
#ifndef CV_PLAY_XBOARD_H
#define CV_PLAY_XBOARD_H
#include "search.h"
#include <stdio.h>

typedef struct cv_xboard cv_xboard;

/* An engine writing to out; base holds the limits when the GUI gives
 * none (depth, nodes: cv-play's --depth, --nodes), name the engine's name
 * in myname.  NULL when out of memory or the default variant's spec
 * cannot be loaded (said on standard error). */
cv_xboard *cv_xboard_new(FILE *out, const cv_search_limits *base, const char *name);
void cv_xboard_free(cv_xboard *x);
/* One line from the GUI, without its line end; 1 after quit, else 0. */
int cv_xboard_line(cv_xboard *x, const char *line);

#endif
