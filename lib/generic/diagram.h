/* diagram: a position drawn as text for people (cv-legal --diagram,
 * cv-board --diagram).  Rank numbers on the left, file letters below,
 * '.' for an empty cell, FEN letters for pieces. */
#ifndef CV_DIAGRAM_H
#define CV_DIAGRAM_H
#include "pos.h"
#include <stdio.h>

/* The diagram styles: "ascii" (the default above), and the two boards of
 * the pbmserv play-by-mail server: "pbm-large" (Black as *X*, dark empty
 * squares as ':::', White on dark squares as ':X:') and "pbm-small"
 * (Black in CAPITALS, White in lower case, dark empty squares '-').
 * flags: CV_DIAGRAM_* (engine.h); with CV_DIAGRAM_UNICODE a piece the spec
 * names as chess does (king ... pawn) is drawn as its chess symbol in
 * every style, the marks around it unchanged. */
void cv_gen_diagram_styled(const cv_pos *p, const char *style, unsigned flags, FILE *out);

#endif
