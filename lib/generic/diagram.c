#include "diagram.h"
#include <ctype.h>
#include <string.h>

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

int cv_diagram_style_known(const char *style)
{
    return !strcmp(style, "ascii") || !strcmp(style, "pbm-large") || !strcmp(style, "pbm-small");
}

static int dark(const cv_geom *g, int f, int r) { return ((f + r) & 1) == 0; }

static void files_line(const cv_geom *g, FILE *out, const char *lead, int step)
{
    fputs(lead, out);
    for (int f = 0; f < g->files; f++) fprintf(out, "%c%*s", 'a' + f, f + 1 < g->files ? step - 1 : 0, "");
    fputc('\n', out);
}

static void pbm_large(const cv_pos *p, FILE *out)
{
    const cv_geom *g = &p->v->geom;
    char rule[4 * CV_MAX_FILES + 8];
    int n = 0;
    rule[n++] = '+';
    for (int f = 0; f < g->files; f++) n += sprintf(rule + n, "---+");
    files_line(g, out, "      ", 4);
    fprintf(out, "    %s \n", rule);
    for (int r = g->ranks - 1; r >= 0; r--) {
        fprintf(out, "  %d |", r + 1);
        for (int f = 0; f < g->files; f++) {
            uint8_t q = p->board[cv_geom_cell(g, f, r)];
            char c = q ? (char)toupper((unsigned char)cv_piece_char(p->v, q)) : ' ';
            if (q && CV_COLOR(q)) fprintf(out, "*%c*|", c);
            else if (dark(g, f, r)) fprintf(out, ":%c:|", q ? c : ':');
            else fprintf(out, " %c |", c);
        }
        fprintf(out, "  %d\n", r + 1);
        /* the server's own rule lines after the home ranks end in a space */
        fprintf(out, "    %s%s\n", rule, (r == g->ranks - 1 || r <= 1) ? " " : "");
    }
    files_line(g, out, "      ", 4);
}

static void pbm_small(const cv_pos *p, FILE *out)
{
    const cv_geom *g = &p->v->geom;
    char rule[2 * CV_MAX_FILES + 8];
    int n = 0;
    rule[n++] = '+';
    for (int f = 0; f < 2 * g->files + 1; f++) rule[n++] = '-';
    rule[n++] = '+';
    rule[n] = 0;
    files_line(g, out, "     ", 2);
    fprintf(out, "   %s   \n", rule);
    for (int r = g->ranks - 1; r >= 0; r--) {
        fprintf(out, " %d |", r + 1);
        for (int f = 0; f < g->files; f++) {
            uint8_t q = p->board[cv_geom_cell(g, f, r)];
            char c = ' ';
            if (q) {
                c = cv_piece_char(p->v, q);
                /* the server shows Black in capitals and White in lower case */
                c = CV_COLOR(q) ? (char)toupper((unsigned char)c) : (char)tolower((unsigned char)c);
            } else if (dark(g, f, r)) {
                c = '-';
            }
            fprintf(out, " %c", c);
        }
        fprintf(out, " |  %d\n", r + 1);
    }
    fprintf(out, "   %s\n", rule);
    files_line(g, out, "     ", 2);
}

void cv_diagram_styled(const cv_pos *p, const char *style, FILE *out)
{
    if (style && !strcmp(style, "pbm-large")) pbm_large(p, out);
    else if (style && !strcmp(style, "pbm-small")) pbm_small(p, out);
    else cv_diagram(p, out);
}
