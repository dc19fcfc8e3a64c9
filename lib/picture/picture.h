/* picture: a position as a drawing, the same for every engine.
 *
 * An engine fills a cv_picture (engine.h, picture) from its own geometry:
 * cells (squares or hexagons at abstract coordinates, one unit a square's
 * side, y growing downward as on a page) each with the name its notation
 * writes, pieces standing on cells, and free text (coordinates, panel
 * titles).  One writer (svg.c) turns any picture into SVG, so no tool
 * asks which game it draws.
 *
 * The style string of `--diagram=svg[:OPT,...]` carries the options:
 * flip (the board turned half way round), nocoords (no coordinates),
 * letters (pieces as letters, not shapes), size=N (pixels a unit, 8 to
 * 200; default 40), last=TEXT (cells named in TEXT highlighted, e.g. a
 * move "e2e4"), overhead (Tri-D: the flat 6 x 10 view, not the oblique
 * one). */
#ifndef CV_PICTURE_H
#define CV_PICTURE_H
#include <stdio.h>

#define CV_PIC_MAX_CELLS  600
#define CV_PIC_MAX_PIECES 300
#define CV_PIC_MAX_TEXTS  200

enum { CV_PIC_SQUARE = 0, CV_PIC_HEX, CV_PIC_RHOMB };
/* shades: light and dark squares, then shades of levels and boards */
enum { CV_PIC_LIGHT = 0, CV_PIC_DARK, CV_PIC_ALT_LIGHT, CV_PIC_ALT_DARK };

typedef struct cv_pic_cell {
    double x, y;        /* centre */
    double size;        /* side of a square, distance between hex centres */
    int shape;          /* CV_PIC_* */
    int shade;          /* CV_PIC_LIGHT .. */
    char name[16];      /* as the notation writes it: "e4", "b3(4)", "2d5" */
    char group[16];     /* panel or level it belongs to ("" none) */
} cv_pic_cell;

typedef struct cv_pic_piece {
    int cell;           /* index into cells */
    char label[8];      /* FEN letter or Game Courier label */
    int color;          /* 0 White, 1 Black */
    int royal;          /* highlighted when its side is to move in check
                           (an engine may flag only the king attacked) */
    char kind;          /* drawn shape: K Q R B N P, or 0: the label in a disc */
} cv_pic_piece;

typedef struct cv_pic_text {
    double x, y;
    double size;        /* font size in units */
    int coord;          /* a coordinate: left out under nocoords */
    char s[32];
} cv_pic_text;

typedef struct cv_pic_line {
    double x1, y1, x2, y2;
    double width;       /* in units */
} cv_pic_line;

#define CV_PIC_MAX_LINES 32

typedef struct cv_picture_opts {
    int flip, coords, letters, overhead;
    int size;           /* pixels a unit */
    char last[160];     /* text whose cell names are highlighted */
} cv_picture_opts;

typedef struct cv_picture {
    int side;           /* to move */
    int in_check;       /* set by the caller (engine.c) from the outcome;
                           an engine whose outcome has no check of its
                           own (Parallel Worlds) sets it in its picture */
    int flipped;        /* the engine has turned the board itself (flip) */
    char title[64];
    int ncells, npieces, ntexts, nlines;
    cv_pic_cell cell[CV_PIC_MAX_CELLS];
    cv_pic_piece piece[CV_PIC_MAX_PIECES];
    cv_pic_text text[CV_PIC_MAX_TEXTS];
    cv_pic_line line[CV_PIC_MAX_LINES];     /* drawn over the cells (pins) */
} cv_picture;

void cv_picture_init(cv_picture *pic);
/* Adds a cell; returns its index, or -1 when the picture is full. */
int cv_pic_cell_add(cv_picture *pic, double x, double y, double size, int shape, int shade, const char *name,
                    const char *group);
int cv_pic_piece_add(cv_picture *pic, int cell, const char *label, int color, int royal, char kind);
/* The shape of a piece by its name ("king" K, "knight" N, ...; 0 none). */
char cv_pic_kind(const char *name);
int cv_pic_line_add(cv_picture *pic, double x1, double y1, double x2, double y2, double width);
int cv_pic_text_add(cv_picture *pic, double x, double y, double size, int coord, const char *s);

/* Reads the options of a style "svg" or "svg:OPT,..."; -1 when style is
 * not an SVG style or an option is unknown. */
int cv_picture_style(const char *style, cv_picture_opts *o);
/* Writes the picture as a self-contained SVG document. */
void cv_picture_svg(const cv_picture *pic, const cv_picture_opts *o, FILE *out);



/* The cells of a cv_geom board (rectangle, or hexagon from its axial
 * coordinates) with their coordinates, placed from x0, y0 (top left);
 * map[cell] gets each geom cell's picture index. */
struct cv_geom;
void cv_pic_geom(cv_picture *pic, const struct cv_geom *g, double x0, double y0, const char *group, int *map);
#endif
