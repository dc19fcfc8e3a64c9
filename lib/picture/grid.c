/* Cells of a geom board for a picture (picture.h). */
#include "geom.h"
#include "picture.h"
#include <stdio.h>

void cv_pic_geom(cv_picture *pic, const cv_geom *g, double x0, double y0, const char *group, int *map)
{
    char s[16];
    if (g->kind == CV_GEOM_RECT) {
        for (int r = g->ranks - 1; r >= 0; r--)
            for (int f = 0; f < g->files; f++) {
                int c = cv_geom_cell(g, f, r);
                if (c < 0) continue;
                map[c] = cv_pic_cell_add(pic, x0 + f + 0.5, y0 + g->ranks - r - 0.5, 1, CV_PIC_SQUARE,
                                         (f + r) & 1 ? CV_PIC_LIGHT : CV_PIC_DARK, g->name[c], group);
            }
        for (int f = 0; f < g->files; f++) {
            snprintf(s, sizeof s, "%c", g->letters[f]);
            cv_pic_text_add(pic, x0 + f + 0.5, y0 + g->ranks + 0.3, 0.36, 1, s);
        }
        for (int r = 0; r < g->ranks; r++) {
            snprintf(s, sizeof s, "%d", r + 1);
            cv_pic_text_add(pic, x0 - 0.3, y0 + g->ranks - r - 0.5, 0.36, 1, s);
        }
        return;
    }
    /* the hexagon: each rank half a cell right of the one below... as
     * the text diagram: rank r + 1 half a cell left, so that a cell's
     * forward neighbours stand above it to the left and right */
    double h = 0.8660254037844386;
    int low = 1 << 30;
    for (int c = 0; c < g->ncells; c++) {
        double x = 2 * g->file[c] + g->rank[c];
        if (x < low) low = (int)x;
    }
    for (int r = g->ranks - 1; r >= 0; r--)
        for (int f = 0; f < g->files; f++) {
            int c = cv_geom_cell(g, f, r);
            if (c < 0) continue;
            double x = x0 + 0.6 + (2 * f + r - low) * 0.5, y = y0 + 0.6 + (g->ranks - 1 - r) * h;
            map[c] = cv_pic_cell_add(pic, x, y, 1, CV_PIC_HEX, ((f - r) % 3 + 3) % 3, g->name[c], group);
        }
    /* file letters under each file's lowest cell, rank numbers right of
     * each rank's last */
    for (int f = 0; f < g->files; f++)
        for (int r = 0; r < g->ranks; r++) {
            int c = cv_geom_cell(g, f, r);
            if (c < 0) continue;
            snprintf(s, sizeof s, "%c", g->letters[f]);
            cv_pic_text_add(pic, pic->cell[map[c]].x - 0.32, pic->cell[map[c]].y + 0.6, 0.3, 1, s);
            break;
        }
    for (int r = 0; r < g->ranks; r++)
        for (int f = g->files - 1; f >= 0; f--) {
            int c = cv_geom_cell(g, f, r);
            if (c < 0) continue;
            snprintf(s, sizeof s, "%d", r + 1);
            cv_pic_text_add(pic, pic->cell[map[c]].x + 0.8, pic->cell[map[c]].y, 0.3, 1, s);
            break;
        }
}
