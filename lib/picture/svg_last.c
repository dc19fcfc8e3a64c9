#include "svg_last.h"
#include "picture.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cv_diagram_is_svg(const char *style)
{
    cv_picture_opts o;
    return style && !cv_picture_style(style, &o);
}

/* The cells whose piece differs between the pictures of before and after
 * (from, to, a rook castling, a pawn taken en passant, an attack board's
 * pieces), space separated: the last move as the picture shows it. */
static void moved_cells(const cv_apos *before, const cv_apos *after, char *out, size_t size)
{
    cv_picture *pb = malloc(sizeof *pb), *pa = malloc(sizeof *pa);
    cv_picture_opts o;
    out[0] = 0;
    if (pb && pa && !cv_picture_style("svg", &o)) {
        cv_picture_init(pb);
        cv_picture_init(pa);
        cv_any_picture(before, &o, pb);
        cv_any_picture(after, &o, pa);
        size_t n = 0;
        for (int i = 0; i < pa->ncells; i++) {
            const char *name = pa->cell[i].name, *la = "", *lb = "";
            for (int k = 0; k < pa->npieces; k++)
                if (pa->piece[k].cell == i) la = pa->piece[k].label;
            for (int k = 0; k < pb->npieces; k++)
                if (!strcmp(pb->cell[pb->piece[k].cell].name, name)) lb = pb->piece[k].label;
            if (strcmp(la, lb) && n + strlen(name) + 2 < size) n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", name);
        }
    }
    free(pb);
    free(pa);
}

void cv_diagram_svg_last(char *buf, size_t size, const char *style, const cv_apos *before, const char *move)
{
    if (!cv_diagram_is_svg(style)) style = "svg";
    snprintf(buf, size, "%s", style);
    if (!before || !move || !before->e->picture || !before->e->picture->draw) return;
    cv_apos *c = malloc(sizeof *c);
    if (!c) return;
    cv_apos_copy(c, before);
    char canon[64], why[400], last[150];
    if (cv_any_play(c, move, 0, canon, NULL, why, sizeof why) == CV_MOVE_OK) {
        moved_cells(before, c, last, sizeof last);
        size_t n = strlen(buf);
        if (last[0] && n + strlen(last) + 8 < size)
            snprintf(buf + n, size - n, "%slast=%s", strchr(buf, ':') ? "," : ":", last);
    }
    free(c);
}
