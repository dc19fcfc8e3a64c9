/* viewer_page: the fixed text of the game viewer page (html.h): its head
 * (style and the controls: game chooser, first, back, forward, last,
 * flip) and its tail (the script that shows a game's pictures ply by ply,
 * steps on the buttons, a click on a move and the keys Left, Right, Home,
 * End and f).  What the script promises a program that reads the page:
 * the shown position is the SVG inside the shown section's .board, and
 * the body's data-game, data-ply and data-flip say what is shown. */
#ifndef CV_VIEWER_PAGE_H
#define CV_VIEWER_PAGE_H

extern const char cv_viewer_head[];
extern const char cv_viewer_tail[];

#endif
