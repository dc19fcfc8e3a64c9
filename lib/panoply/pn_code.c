/* Game Courier's position code for the hexagon, read, validated and
 * written, followed by cvkit's usual fields: side to move, halfmove
 * clock, turn number.
 *
 * The code lists the grid places of the board rank by rank from the top
 * (rank 13) down: a number is that many empty cells, `-` a place that is
 * not a cell, a label a piece ({B1} in braces when longer than a letter).
 * A rank wraps after its last place; `/` ends one early, the rest of it
 * places that are not cells.  The hexagon's shape is fixed, so a piece on
 * a place that is not a cell, or a `-` on a cell, is refused. */
#include "pn.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add(cv_fen_errors *e, int col, int kind, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add(cv_fen_errors *e, int col, int kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cv_problem_vadd(e->e, &e->n, CV_FEN_MAX_ERRORS, col, kind, fmt, ap);
    va_end(ap);
}

const char *cv_pn_label(const pn_pos *p, uint8_t pc, char buf[4])
{
    snprintf(buf, 4, "%s", p->v->pieces[CV_TYPE(pc)].label);
    if (CV_COLOR(pc)) buf[0] = (char)tolower((unsigned char)buf[0]);
    return buf;
}

uint8_t cv_pn_label_piece(const cv_variant *v, const char *s, int len)
{
    if (len < 1 || len > 3 || !isalpha((unsigned char)s[0])) return 0;
    for (int t = 0; t < v->npieces; t++) {
        const char *l = v->pieces[t].label;
        if ((int)strlen(l) == len && toupper((unsigned char)s[0]) == l[0] && !memcmp(s + 1, l + 1, (size_t)len - 1))
            return CV_PIECE(t, islower((unsigned char)s[0]) ? 1 : 0);
    }
    return 0;
}

static int place_name(const cv_geom *g, int rank, int file, char *buf, size_t n)
{
    return snprintf(buf, n, "%c%d", g->letters[file], (rank + 1) % 100);
}

/* Reads the board field; returns the index just past it, or -1. */
static int read_board(const cv_variant *v, const char *t, pn_pos *p, cv_fen_errors *e)
{
    const cv_geom *g = &v->geom;
    int rank = g->ranks - 1, file = 0, i = 0;
    char nm[16];
    while (t[i] && t[i] != ' ') {
        int col = i + 1;
        if (t[i] == '/') {
            for (; file < g->files; file++)
                if (cv_geom_cell(g, file, rank) >= 0) {
                    place_name(g, rank, file, nm, sizeof nm);
                    add(e, col, CV_FE_SYNTAX, "rank %d ends before its cell %s (a number gives empty cells)", rank + 1, nm);
                    return -1;
                }
            rank--;
            file = 0;
            i++;
            if (rank < 0) {
                add(e, col, CV_FE_SYNTAX, "more than %d ranks", g->ranks);
                return -1;
            }
            continue;
        }
        /* one token: a run of empty cells, '-', or a piece */
        int count = 1, len = 1;
        uint8_t pc = 0;
        int dash = 0;
        if (isdigit((unsigned char)t[i])) {
            count = 0;
            len = 0;
            while (isdigit((unsigned char)t[i + len]) && count <= g->files * g->ranks) count = count * 10 + (t[i + len++] - '0');
            if (count == 0) {
                add(e, col, CV_FE_SYNTAX, "a run of empty cells is 1 or more, not 0");
                return -1;
            }
        } else if (t[i] == '-') {
            dash = 1;
        } else if (t[i] == '{') {
            const char *close = strchr(t + i, '}');
            const char *sp = strchr(t + i, ' ');
            if (!close || (sp && sp < close)) {
                add(e, col, CV_FE_SYNTAX, "'{' without its '}'");
                return -1;
            }
            int ll = (int)(close - t - i - 1);
            pc = cv_pn_label_piece(v, t + i + 1, ll);
            if (!pc) {
                add(e, col, CV_FE_SYNTAX, "unknown piece '{%.*s}'", ll > 8 ? 8 : ll, t + i + 1);
                return -1;
            }
            len = ll + 2;
        } else {
            pc = cv_pn_label_piece(v, t + i, 1);
            if (!pc) {
                if (isalpha((unsigned char)t[i]) && cv_pn_label_piece(v, t + i, 2))
                    add(e, col, CV_FE_SYNTAX, "'%.2s' is written in braces: {%.2s}", t + i, t + i);
                else
                    add(e, col, CV_FE_SYNTAX, "unknown piece '%c'", t[i]);
                return -1;
            }
        }
        for (int k = 0; k < count; k++) {
            if (file == g->files) {
                rank--;
                file = 0;
            }
            if (rank < 0) {
                add(e, col, CV_FE_SYNTAX, "more than %d ranks", g->ranks);
                return -1;
            }
            int c = cv_geom_cell(g, file, rank);
            if (dash && c >= 0) {
                place_name(g, rank, file, nm, sizeof nm);
                add(e, col, CV_FE_SYNTAX, "'-' on %s, a cell of the board (the hexagon has no holes)", nm);
                return -1;
            }
            if (!dash && c < 0) {
                add(e, col, CV_FE_SYNTAX, "%s on place %d of rank %d, which is not a cell of the board",
                    pc ? "a piece" : "an empty cell", file + 1, rank + 1);
                return -1;
            }
            if (c >= 0) p->b[c] = pc;
            file++;
        }
        i += len;
    }
    if (i == 0) {
        add(e, 1, CV_FE_SYNTAX, "empty position");
        return -1;
    }
    /* the last rank may end early too */
    for (; rank >= 0; rank--, file = 0)
        for (; file < g->files; file++)
            if (cv_geom_cell(g, file, rank) >= 0) {
                place_name(g, rank, file, nm, sizeof nm);
                add(e, i + 1, CV_FE_SYNTAX, "the board ends before its cell %s", nm);
                return -1;
            }
    return i;
}

static int read_counter(const char *t, int *i, int *out)
{
    long n = 0;
    int k = *i;
    if (!isdigit((unsigned char)t[k])) return -1;
    while (isdigit((unsigned char)t[k])) {
        n = n * 10 + (t[k++] - '0');
        if (n > CV_COUNTER_MAX) return -1;
    }
    if (t[k] && t[k] != ' ') return -1;
    *out = (int)n;
    *i = k;
    return 0;
}

/* What makes a position unplayable: the kings, the Barricades' pairs,
 * pawns on their last rank, a King that can be taken at once. */
static void validate(const pn_pos *p, cv_fen_errors *e)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    static const char *const side[2] = { "White", "Black" };
    char l[4];
    for (int c = 0; c < 2; c++) {
        int kings = 0;
        for (int i = 0; i < g->ncells; i++) kings += v->royal_type >= 0 && p->b[i] == CV_PIECE(v->royal_type, c);
        if (kings != 1) add(e, 1, CV_FE_POSITION, "%s has %d Kings (one is needed)", side[c], kings);
    }
    for (int t = 0; t < v->npieces; t++)
        for (int c = 0; c < 2; c++) {
            uint8_t pc = CV_PIECE(t, c);
            int cells[4], n = 0;
            for (int i = 0; i < g->ncells; i++)
                if (p->b[i] == pc && n++ < 4) cells[n - 1] = i;
            int stays = 0;     /* promoting to a pawn leaves one on its last rank */
            for (int k = 0; k < v->npromo; k++) stays |= v->promo_types[k] == t;
            if (v->pieces[t].pawn && !stays)
                for (int i = 0; i < g->ncells; i++) {
                    int r = c ? g->ranks - 1 - g->rank[i] : g->rank[i];
                    if (p->b[i] == pc && ((v->promo_ranks >> r) & 1))
                        add(e, 1, CV_FE_POSITION, "%s pawn on %s, its promotion rank", side[c], g->name[i]);
                }
            if (pn_O(v)->role[t] != PN_BARRICADE || n == 0) continue;
            cv_pn_label(p, pc, l);
            if (n != 2)
                add(e, 1, CV_FE_POSITION, "Barricade %s has %d cell%s (%s%s): a Barricade is two adjacent cells of one label",
                    l, n, n == 1 ? "" : "s", g->name[cells[0]], n > 1 ? ", ..." : "");
            else if (cv_pn_partner(p, cells[0]) != cells[1])
                add(e, 1, CV_FE_POSITION, "Barricade %s: %s and %s are not adjacent", l, g->name[cells[0]], g->name[cells[1]]);
        }
}

int cv_pn_code_read(const cv_variant *v, const char *text, pn_pos *p, cv_fen_errors *e)
{
    memset(e, 0, sizeof *e);
    cv_pn_clear(p, v);
    const char *t = text;
    while (*t == ' ') t++;
    int off = (int)(t - text);
    e->fieldcol[0] = off + 1;
    int i = read_board(v, t, p, e);
    if (i < 0) {
        for (int k = 0; k < e->n; k++) e->e[k].col += off;
        return -1;
    }
    static const char *const what[3] = { "side to move (w or b)", "halfmove clock", "turn number" };
    for (int f = 0; f < 3; f++) {
        if (t[i] != ' ' || !t[i + 1] || t[i + 1] == ' ') {
            add(e, off + i + 1 + (t[i] == ' '), CV_FE_SYNTAX, "expected a space and the %s", what[f]);
            return -1;
        }
        i++;
        e->fieldcol[f + 1] = off + i + 1;
        int v0 = 0, at = i;
        if (f == 0) {
            if ((t[i] != 'w' && t[i] != 'b') || (t[i + 1] && t[i + 1] != ' ')) {
                add(e, off + i + 1, CV_FE_SYNTAX, "expected the side to move, w or b");
                return -1;
            }
            p->side = t[i++] == 'b';
        } else if (read_counter(t, &i, &v0) < 0) {
            add(e, off + i + 1, CV_FE_SYNTAX, "expected the %s, a number 0..%d", what[f], CV_COUNTER_MAX);
            return -1;
        } else if (f == 1) {
            p->halfmove = v0;
        } else {
            if (v0 < 1) {
                add(e, off + at + 1, CV_FE_SYNTAX, "the turn number starts at 1");
                return -1;
            }
            p->fullmove = v0;
        }
    }
    while (t[i] == ' ') i++;
    if (t[i]) {
        add(e, off + i + 1, CV_FE_SYNTAX, "unexpected text after the turn number");
        return -1;
    }
    validate(p, e);
    if (!e->n) {
        int k = cv_pn_king(p, !p->side);
        if (k >= 0 && cv_pn_attacked(p, k, p->side))
            add(e, 1, CV_FE_POSITION, "the side not to move is in check (its King can be taken)");
    }
    return 0;
}

size_t cv_pn_code_write(const pn_pos *p, char *buf, size_t size)
{
    const cv_geom *g = &p->v->geom;
    char out[1024];
    size_t n = 0;
    for (int r = g->ranks - 1; r >= 0; r--) {
        int last = -1, empty = 0;
        for (int f = 0; f < g->files; f++)
            if (cv_geom_cell(g, f, r) >= 0) last = f;
        for (int f = 0; f <= last; f++) {
            int c = cv_geom_cell(g, f, r);
            if (c >= 0 && !p->b[c]) {
                empty++;
                continue;
            }
            if (empty) n += (size_t)snprintf(out + n, sizeof out - n, "%d", empty);
            empty = 0;
            if (c < 0) {
                out[n++] = '-';
                continue;
            }
            char l[4];
            cv_pn_label(p, p->b[c], l);
            n += (size_t)snprintf(out + n, sizeof out - n, l[1] ? "{%s}" : "%s", l);
        }
        if (empty) n += (size_t)snprintf(out + n, sizeof out - n, "%d", empty);
        if (r) out[n++] = '/';
    }
    snprintf(out + n, sizeof out - n, " %c %d %d", p->side ? 'b' : 'w', p->halfmove, p->fullmove);
    return (size_t)snprintf(buf, size, "%s", out);
}
