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

typedef struct cv_geom {
    int files, ranks;             /* rectangular extent */
    int ncells;
    int ndirs;
    int8_t dx[CV_MAX_DIRS], dy[CV_MAX_DIRS];
    uint8_t opposite[CV_MAX_DIRS];/* direction index of (-dx, -dy) */
    int16_t *nb;                  /* ndirs * ncells, -1 = off board */
    int8_t file[CV_MAX_CELLS], rank[CV_MAX_CELLS];
    char name[CV_MAX_CELLS][6];   /* "a1" .. "p16" */
} cv_geom;

/* Sets up an empty files x ranks grid (1..16 each); returns 0 or -1. */
int  cv_geom_rect(cv_geom *g, int files, int ranks);
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
    return rank * g->files + file;
}
/* Cell named like "e4" or "p16", or -1.  Reads exactly len bytes. */
int cv_geom_parse_cell(const cv_geom *g, const char *s, int len);
/* Length of the cell name at the start of s (0 if none). */
int cv_geom_scan_cell(const cv_geom *g, const char *s, int *cell);

#endif
