#include "diagram.h"

void cv_diagram(const cv_pos *p, FILE *out)
{
    const cv_geom *g = &p->v->geom;
    int wide = g->ranks >= 10;
    for (int r = g->ranks - 1; r >= 0; r--) {
        fprintf(out, wide ? "%2d " : "%d ", r + 1);
        for (int f = 0; f < g->files; f++) {
            fputc(cv_piece_char(p->v, p->board[cv_geom_cell(g, f, r)]), out);
            if (f + 1 < g->files) fputc(' ', out);
        }
        fputc('\n', out);
    }
    fputs(wide ? "   " : "  ", out);
    for (int f = 0; f < g->files; f++) {
        fputc('a' + f, out);
        if (f + 1 < g->files) fputc(' ', out);
    }
    fprintf(out, "\n%s to move\n", p->side ? "Black" : "White");
}
