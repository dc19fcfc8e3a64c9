/* svg_last: the SVG diagram style that shows a game's last move, for the
 * tools that draw a position after a move (cv-board, cv-replay). */
#ifndef CV_SVG_LAST_H
#define CV_SVG_LAST_H
#include "engine.h"
#include <stddef.h>

/* Is style an SVG style ("svg", "svg:flip,size=30")?  NULL: no. */
int cv_diagram_is_svg(const char *style);
/* The SVG style (style, or "svg" when style is not one) that also
 * highlights the cells move changes, played in before (NULL: none): the
 * cells whose piece differs between the pictures before and after it. */
void cv_diagram_svg_last(char *buf, size_t size, const char *style, const cv_apos *before, const char *move);

#endif
