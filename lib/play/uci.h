/* uci: the engine's side of the Universal Chess Interface (S. Meyer-Kahlen
 * and R. Huber's protocol), with the UCI_Variant option as Fairy-Stockfish
 * names variants, a line of the GUI in, the engine's lines out.
 *
 * What it promises:
 *  - uci is answered with id name, id author, the options (UCI_Variant, a
 *    combo of protovar.h's names; UCI_Chess960, which plays chess960 while
 *    the variant is chess) and uciok; isready with readyok;
 *  - setoption, ucinewgame, position startpos|fen FEN [moves M...], go
 *    (depth, nodes, movetime, wtime, btime, winc, binc, movestogo,
 *    infinite), stop, quit; "info depth D seldepth S score cp|mate N nodes
 *    N time MS pv ..." after each depth and "bestmove M" ("bestmove
 *    (none)" where the position has no move);
 *  - a position that cannot be read, or a move of `position` that is not
 *    legal, is said as "info string ..." and the position is left at the
 *    last good one; an unknown command "info string unknown command: CMD";
 *  - the search runs on the caller's thread: stop and infinite cannot cut
 *    it short, so go infinite searches to the caller's depth or nodes
 *    (else to depth 6).  Output is flushed after each line. */
#ifndef CV_PLAY_UCI_H
#define CV_PLAY_UCI_H
#include "search.h"
#include <stdio.h>

typedef struct cv_uci cv_uci;

cv_uci *cv_uci_new(FILE *out, const cv_search_limits *base, const char *name);
void cv_uci_free(cv_uci *u);
/* One line from the GUI; 1 after quit, else 0. */
int cv_uci_line(cv_uci *u, const char *line);

#endif
