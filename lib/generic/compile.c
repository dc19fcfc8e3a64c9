#include "compile.h"
#include "fen.h"
#include <stdlib.h>
#include <string.h>

static void compile_attacks(cv_variant *v)
{
    memset(v->att_range, 0, sizeof v->att_range);
    memset(v->att_max, 0, sizeof v->att_max);
    for (int c = 0; c < 2; c++) {
        for (int t = 0; t < v->npieces; t++) {
            const cv_piece *pc = &v->pieces[t];
            for (int i = 0; i < pc->natoms[c]; i++) {
                const cv_atom *a = &pc->atoms[c][i];
                if (!(a->mode & CV_MODE_CAPTURE)) continue;
                int w = v->geom.opposite[a->dir];
                int r = a->range ? a->range : 255;
                if (r > v->att_range[c][w][t]) v->att_range[c][w][t] = (uint8_t)r;
                if (r > v->att_max[c][w]) v->att_max[c][w] = (uint8_t)r;
            }
        }
        v->natt_dirs[c] = v->nslide_dirs[c] = 0;
        for (int w = 0; w < v->geom.ndirs; w++) {
            if (v->att_max[c][w]) v->att_dirs[c][v->natt_dirs[c]++] = (uint8_t)w;
            if (v->att_max[c][w] > 1) v->slide_dirs[c][v->nslide_dirs[c]++] = (uint8_t)w;
        }
    }
}

static void compile_lines(cv_variant *v)
{
    int n = v->geom.ncells;
    free(v->line);
    v->line = calloc((size_t)n * (size_t)n, 1);
    if (!v->line) return;
    uint8_t is_slide[CV_MAX_DIRS] = { 0 };
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < v->nslide_dirs[c]; i++) is_slide[v->slide_dirs[c][i]] = 1;
    for (int a = 0; a < n; a++)
        for (int w = 0; w < v->geom.ndirs; w++) {
            if (!is_slide[w]) continue;
            for (int b = cv_geom_next(&v->geom, w, a); b >= 0; b = cv_geom_next(&v->geom, w, b)) {
                uint8_t *x = &v->line[a * n + b];
                *x = *x ? 255 : (uint8_t)(w + 1);
            }
        }
}

void cv_gen_compile(cv_variant *v)
{
    compile_attacks(v);
    v->fast_legal = v->royal_type >= 0;
    compile_lines(v);
}

int cv_gen_read_setup(const cv_variant *v, const char *text, cv_fen_errors *errs)
{
    cv_pos p;
    return cv_gen_fen_read(v, text, 0, &p, errs);
}
