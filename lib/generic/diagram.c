#include "diagram.h"
#include "engine.h"
#include "chess_symbols.h"
#include <ctype.h>
#include <string.h>

/* Writes piece q (not empty) as the letter c, or with unicode as its
 * chess symbol when it is a chess piece (by the spec's name). */
static void put_piece(const cv_pos *p, uint8_t q, char c, int unicode, FILE *out)
{
    const char *sym = NULL;
    if (unicode) {
        int l = cv_chess_letter_of(p->v->pieces[CV_TYPE(q)].name);
        if (l) sym = cv_chess_symbol(CV_COLOR(q) ? tolower(l) : l);
    }
    if (sym) fputs(sym, out);
    else fputc(c, out);
}

static void plain(const cv_pos *p, int unicode, FILE *out)
{
    const cv_geom *g = &p->v->geom;
    int wide = g->ranks >= 10;
    for (int r = g->ranks - 1; r >= 0; r--) {
        fprintf(out, wide ? "%2d " : "%d ", r + 1);
        for (int f = 0; f < g->files; f++) {
            uint8_t q = p->board[cv_geom_cell(g, f, r)];
            if (q) put_piece(p, q, cv_piece_char(p->v, q), unicode, out);
            else fputc(cv_piece_char(p->v, q), out);
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

static int dark(const cv_geom *g, int f, int r) { return ((f + r) & 1) == 0; }

static void files_line(const cv_geom *g, FILE *out, const char *lead, int step)
{
    fputs(lead, out);
    for (int f = 0; f < g->files; f++) fprintf(out, "%c%*s", 'a' + f, f + 1 < g->files ? step - 1 : 0, "");
    fputc('\n', out);
}

static void pbm_large(const cv_pos *p, int unicode, FILE *out)
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
            const char *l = q && CV_COLOR(q) ? "*" : dark(g, f, r) ? ":" : " ";
            const char *rt = q && CV_COLOR(q) ? "*|" : dark(g, f, r) ? ":|" : " |";
            fputs(l, out);
            if (q) put_piece(p, q, c, unicode, out);
            else fputc(dark(g, f, r) ? ':' : ' ', out);
            fputs(rt, out);
        }
        fprintf(out, "  %d\n", r + 1);
        /* the server's own rule lines after the home ranks end in a space */
        fprintf(out, "    %s%s\n", rule, (r == g->ranks - 1 || r <= 1) ? " " : "");
    }
    files_line(g, out, "      ", 4);
}

static void pbm_small(const cv_pos *p, int unicode, FILE *out)
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
            fputc(' ', out);
            if (q) {
                char c = cv_piece_char(p->v, q);
                /* the server shows Black in capitals and White in lower case */
                c = CV_COLOR(q) ? (char)toupper((unsigned char)c) : (char)tolower((unsigned char)c);
                put_piece(p, q, c, unicode, out);
            } else {
                fputc(dark(g, f, r) ? '-' : ' ', out);
            }
        }
        fprintf(out, " |  %d\n", r + 1);
    }
    fprintf(out, "   %s\n", rule);
    files_line(g, out, "     ", 2);
}

void cv_gen_diagram_styled(const cv_pos *p, const char *style, unsigned flags, FILE *out)
{
    int unicode = (flags & CV_DIAGRAM_UNICODE) != 0;
    if (style && !strcmp(style, "pbm-large")) pbm_large(p, unicode, out);
    else if (style && !strcmp(style, "pbm-small")) pbm_small(p, unicode, out);
    else plain(p, unicode, out);
}
