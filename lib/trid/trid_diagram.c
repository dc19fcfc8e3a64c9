/* Star Trek Tri-D diagrams (trid_diagram.h). */
#include "trid_diagram.h"
#include "chess_symbols.h"
#include <string.h>

/* "ascii", every engine's style, is the default drawing here too */
const char *const cv_trid_diagram_styles[] = { "levels", "overhead", "ascii", NULL };

static void put_piece(uint8_t pc, unsigned flags, FILE *out)
{
    char ch = cv_trid_piece_char(pc);
    const char *sym = flags & CV_DIAGRAM_UNICODE ? cv_chess_symbol(ch) : NULL;
    if (sym) fputs(sym, out);
    else fputc(ch, out);
}

static const char *side_name(int c) { return c ? "Black" : "White"; }

/* Levels that have a square, or that a board may stand on (2 to 7). */
static unsigned shown_levels(const cv_trid_pos *p)
{
    unsigned m = 0xFCu;
    for (int c = 0; c < CV_TRID_CELLS; c++) m |= p->exist[c];
    return m & CV_TRID_LEVELS;
}

static void levels(const cv_trid_pos *p, unsigned flags, FILE *out)
{
    static const char *const title[8] = { "", "(1) attack", "(2) White", "(3) attack", "(4) Neutral",
                                          "(5) attack", "(6) Black", "(7) attack" };
    unsigned shown = shown_levels(p);
    /* each level 11 columns wide ("a b c d e f"), three blanks between */
    fputs("  ", out);
    int first = 1;
    for (int L = 1; L <= 7; L++) {
        if (!(shown >> L & 1)) continue;
        int last = !(shown >> (L + 1));
        fprintf(out, "%s%-*s", first ? "" : "   ", last ? 0 : 11, title[L]);
        first = 0;
    }
    fputc('\n', out);
    for (int r = CV_TRID_RANKS - 1; r >= 0; r--) {
        /* n counts the blanks owed before the next square: none is
         * written at the end of the line */
        fprintf(out, "%d", r);
        int n = 1;
        first = 1;
        for (int L = 1; L <= 7; L++) {
            if (!(shown >> L & 1)) continue;
            if (!first) n += 3;
            first = 0;
            for (int f = 0; f < CV_TRID_FILES; f++) {
                int sq = CV_TRID_SQ(f, r, L);
                if (f) n++;
                if (!cv_trid_exists(p, sq)) {
                    n++;
                    continue;
                }
                fprintf(out, "%*s", n, "");
                n = 0;
                uint8_t pc = cv_trid_at(p, sq);
                if (pc) put_piece(pc, flags, out);
                else fputc('.', out);
            }
        }
        fputc('\n', out);
    }
    fputs("  ", out);
    first = 1;
    for (int L = 1; L <= 7; L++) {
        if (!(shown >> L & 1)) continue;
        fprintf(out, "%sa b c d e f", first ? "" : "   ");
        first = 0;
    }
    fputc('\n', out);
    for (int pin = 0; pin < CV_TRID_PINS; pin++) {
        int b = p->pinboard[pin];
        if (b < 0) continue;
        char corner[16];
        cv_trid_sq_name(cv_trid_pin_corner(pin) * 8 + cv_trid_pin_main_level(pin), corner, sizeof corner);
        fprintf(out, "%s at %s: %s, level %d%s, %s\n", cv_trid_pin_name(pin), corner, cv_trid_board_name(b),
                cv_trid_pin_level(pin, p->board[b].inverted), p->board[b].inverted ? " (inverted)" : "",
                side_name(p->board[b].ctrl));
    }
}

static void overhead(const cv_trid_pos *p, unsigned flags, FILE *out)
{
    fputs("   a   b   c   d   e   f\n", out);
    for (int r = CV_TRID_RANKS - 1; r >= 0; r--) {
        fprintf(out, "%d", r);
        int pad = 2;
        for (int f = 0; f < CV_TRID_FILES; f++) {
            int c = r * CV_TRID_FILES + f;
            if (!p->exist[c]) {
                pad += 4;
                continue;
            }
            fprintf(out, "%*s", pad, "");
            int top = 0, below = 0;
            for (int L = 7; L >= 1; L--) {
                if (!(p->exist[c] >> L & 1) || !p->pc[c][L]) continue;
                if (top) below = 1;
                else top = L;
            }
            if (!top) {
                fputc('.', out);
                pad = 3;
                continue;
            }
            put_piece(p->pc[c][top], flags, out);
            fprintf(out, "%d", top);
            if (below) fputc('+', out);
            pad = below ? 1 : 2;
        }
        fputc('\n', out);
    }
    fputs("   a   b   c   d   e   f\n", out);
    fputs("top piece of each cell with its level; + more pieces below it\n", out);
}

void cv_trid_diagram(const cv_trid_pos *p, const char *style, unsigned flags, FILE *out)
{
    if (style && !strcmp(style, "overhead")) overhead(p, flags, out);
    else levels(p, flags, out);
    fprintf(out, "%s to move\n", side_name(p->side));
}
