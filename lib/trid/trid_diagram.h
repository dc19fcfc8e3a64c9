/* trid_diagram: Star Trek Tri-D positions drawn as text for people.
 *
 * Two styles (the engine's diagram_styles):
 *   levels    the levels side by side, 2 to 7 from left to right (1 too
 *             when a board stands there), each over the whole 6 x 10
 *             projection: a piece's letter on its square, '.' an empty
 *             square, blank where the level has no square; under it
 *             each attack board: its pin, the pin's corner square on
 *             the main board as Parmen's moves name it (b1(2)), the
 *             board's name, its level and its controller.
 *   overhead  the 6 x 10 cells seen from above: each cell's top piece
 *             and its level (K3), '+' when more pieces stand below it,
 *             '.' a cell with squares but no piece, blank a cell with
 *             no square.
 *   ascii     levels: the name every engine draws a diagram by.
 * Each ends with the side to move.  flags: CV_DIAGRAM_* (engine.h); with
 * CV_DIAGRAM_UNICODE the pieces are chess symbols. */
#ifndef CV_TRID_DIAGRAM_H
#define CV_TRID_DIAGRAM_H
#include "trid.h"
#include <stdio.h>

extern const char *const cv_trid_diagram_styles[];  /* "levels", "overhead", "ascii" */
void cv_trid_diagram(const cv_trid_pos *p, const char *style, unsigned flags, FILE *out);

#endif
