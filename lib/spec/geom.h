/* geom: the board as a graph of named cells.
 *
 * Move generation never computes coordinates: every cell has, for each
 * direction the variant uses, the index of the next cell that way (or -1
 * off the board).  A direction is a vector (dx, dy) on a rectangular board;
 * other geometries (stacked levels, attack boards, the hexagon) fill the
 * same tables with their own adjacency, so movegen does not change.
 *
 * The table is stored direction-major (nb[d * ncells + c]) so a ride along
 * one direction reads one contiguous row. */
#ifndef CV_GEOM_H
#define CV_GEOM_H
#include <stdint.h>

#define CV_MAX_CELLS 256
#define CV_MAX_DIRS  64
#define CV_MAX_FILES 16
#define CV_MAX_RANKS 16

typedef enum { CV_GEOM_RECT, CV_GEOM_HEX } cv_geom_kind;

typedef struct cv_geom {
    cv_geom_kind kind;
    int files, ranks;             /* extent of the grid the cells lie in */
    int ncells;                   /* cells on the board: 0 .. ncells-1 */
    int ndirs;
    int8_t dx[CV_MAX_DIRS], dy[CV_MAX_DIRS];
    uint8_t opposite[CV_MAX_DIRS];/* direction index of (-dx, -dy) */
    int16_t *nb;                  /* ndirs * ncells, -1 = off board */
    int8_t file[CV_MAX_CELLS], rank[CV_MAX_CELLS];
    char name[CV_MAX_CELLS][6];   /* "a1" .. "p16" */
    char letters[CV_MAX_FILES + 1];/* file letters, "abcdefgh" by default */
    /* cell at grid place rank * files + file, -1 where the grid has no
     * cell (the corners of the hexagon) */
    int16_t at[CV_MAX_FILES * CV_MAX_RANKS];
} cv_geom;

/* Sets up an empty files x ranks grid (1..16 each); returns 0 or -1. */
int  cv_geom_rect(cv_geom *g, int files, int ranks);
/* A regular hexagon of side `side` cells (2..8) in axial coordinates:
 * file q and rank r (0-based) on a (2 side - 1) square grid, the cells
 * those with side-1 <= q + r <= 3 (side-1).  Its six edge directions are
 * (0,1) (-1,1) (1,0) (-1,0) (0,-1) (1,-1); returns 0 or -1. */
int  cv_geom_hex(cv_geom *g, int side);
/* Renames the files (one letter each, as many as the grid has files);
 * -1 when the letters are not distinct lower-case letters. */
int  cv_geom_letters(cv_geom *g, const char *letters);
/* A direction as the other side sees it: the rectangle mirrors ranks,
 * the hexagon turns half way round (its mirror is not a direction). */
void cv_geom_turn(const cv_geom *g, int *dx, int *dy);
/* Is (dx, dy) a direction of the geometry?  Every vector is on a
 * rectangle; the hexagon has its six and their multiples. */
int  cv_geom_dir_ok(const cv_geom *g, int dx, int dy);
/* Index of direction (dx, dy), adding it and its opposite when new;
 * -1 when the table is full.  Call cv_geom_finish after the last one. */
int  cv_geom_dir(cv_geom *g, int dx, int dy);
/* Builds the neighbour tables for every direction added so far. */
int  cv_geom_finish(cv_geom *g);
void cv_geom_free(cv_geom *g);

static inline int cv_geom_next(const cv_geom *g, int dir, int cell)
{
    return g->nb[dir * g->ncells + cell];
}
static inline int cv_geom_cell(const cv_geom *g, int file, int rank)
{
    if (file < 0 || rank < 0 || file >= g->files || rank >= g->ranks) return -1;
    return g->at[rank * g->files + file];
}
/* Cell named like "e4" or "p16", or -1.  Reads exactly len bytes. */
int cv_geom_parse_cell(const cv_geom *g, const char *s, int len);
/* Length of the cell name at the start of s (0 if none). */
int cv_geom_scan_cell(const cv_geom *g, const char *s, int *cell);

#endif
