/* diagram: a position drawn as text for people (cv-legal --diagram,
 * cv-board --diagram).  Rank numbers on the left, file letters below,
 * '.' for an empty cell, FEN letters for pieces. */
#ifndef CV_DIAGRAM_H
#define CV_DIAGRAM_H
#include "pos.h"
#include <stdio.h>

void cv_diagram(const cv_pos *p, FILE *out);

#endif
