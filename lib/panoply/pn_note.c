/* Game Courier's full algebraic notation for Panoply moves.
 *
 * Game Courier knows no rules: a move is a list of sub-moves joined by
 * ';' that it plays blindly: `P e5-e7` moves what stands on e5 to e7
 * (taking what stood there), `d6-` or `@-d6` empties d6, `R-e13` puts a
 * White Rider on e13.  Written moves therefore name every removal the
 * move does not land on (near end before far end), a promotion as a drop
 * after them, and a Barricade's move one step per sub-move.
 *
 * Read: the sub-moves are played on a copy of the board, in any order,
 * and the result compared with the result of every legal move whose
 * piece stands where the first piece the text moves comes from.  A
 * removal may be left out when exactly one legal move then fits. */
#include "pn.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define CELL(p, c) ((p)->v->geom.name[c])

static size_t put(char *buf, size_t size, size_t n, const char *fmt, const char *a, const char *b)
{
    if (n >= size) return n;
    return n + (size_t)snprintf(buf + n, size - n, fmt, a, b);
}

/* The removals of one step: captured cells it does not land on. */
static size_t removals(const pn_pos *p, const pn_move *m, int step, int landing, char *buf, size_t size, size_t n)
{
    for (int i = 0; i < m->ncap; i++)
        if (((m->capstep >> i) & 1) == step && m->cap[i] != landing) n = put(buf, size, n, "; %s-%s", CELL(p, m->cap[i]), "");
    return n;
}

size_t cv_pn_move_format(const pn_pos *p, const pn_move *m, char *buf, size_t size)
{
    char l[4];
    uint8_t pc = p->b[m->from];
    cv_pn_label(p, pc, l);
    if (size) buf[0] = 0;
    size_t n = 0;
    n = put(buf, size, n, "%s %s", l, CELL(p, m->from));
    n = put(buf, size, n, "-%s%s", CELL(p, m->to), "");
    n = removals(p, m, 0, m->to, buf, size, n);
    if (m->from2 != PN_NONE) {
        n = put(buf, size, n, "; %s %s", l, CELL(p, m->from2));
        n = put(buf, size, n, "-%s%s", CELL(p, m->to2), "");
        n = removals(p, m, 1, m->to2, buf, size, n);
    }
    if (m->promo) {
        cv_pn_label(p, m->promo, l);
        n = put(buf, size, n, "; %s-%s", l, CELL(p, m->to));
    }
    return n;
}

/* ---- reading ---- */

static const char *skip(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

static int cell_at(const pn_pos *p, const char *s, int *cell)
{
    return cv_geom_scan_cell(&p->v->geom, s, cell);
}

/* Plays one sub-move (s .. e) on b; 0, or -1 with why, or -2 with why
 * when it reads but the board does not have what it moves.  *src and
 * *dst are set to where the first piece moved comes from and goes (-1
 * until one moves). */
static int sub_move(const pn_pos *p, uint8_t *b, const char *s, const char *e, char *why, size_t ws, int *src, int *dst)
{
    /* blanks in a run count as one; the longest sub-move is then a
     * label, a blank and two cells, and a longer text is no sub-move
     * (cutting it would read another) */
    char text[64];
    int len = 0;
    for (const char *q = skip(s); q < e; q++) {
        int blank = *q == ' ' || *q == '\t';
        if (blank && (q + 1 == e || q[1] == ' ' || q[1] == '\t')) continue;
        if (len + 1 >= (int)sizeof text) {
            snprintf(why, ws, "'%.20s...' is too long for a Game Courier sub-move", skip(s));
            return -1;
        }
        text[len++] = blank ? ' ' : *q;
    }
    text[len] = 0;
    const char *t = text;
    int a, b2, k;
    if (!*t) {
        snprintf(why, ws, "an empty sub-move between ';'");
        return -1;
    }
    /* @-d6: a removal */
    if (t[0] == '@' && t[1] == '-' && (k = cell_at(p, t + 2, &a)) && !t[2 + k]) {
        if (!b[a]) { snprintf(why, ws, "'%s' removes nothing: %s is empty", text, CELL(p, a)); return -1; }
        b[a] = 0;
        return 0;
    }
    if (t[0] == '-') {
        snprintf(why, ws, "'%s' would take a cell off the board, which no Panoply move does", text);
        return -1;
    }
    /* a label and a space, then from-to */
    const char *label = NULL;
    int llen = 0;
    if (isalpha((unsigned char)t[0])) {
        const char *q = t;
        while (isalnum((unsigned char)*q)) q++;
        if (*q == ' ') {
            label = t;
            llen = (int)(q - t);
            t = skip(q);
        }
    }
    if ((k = cell_at(p, t, &a)) && t[k] == '-') {
        const char *r = t + k + 1;
        if (!*r && !label) {    /* d6-: a removal */
            if (!b[a]) { snprintf(why, ws, "'%s' removes nothing: %s is empty", text, CELL(p, a)); return -1; }
            b[a] = 0;
            return 0;
        }
        int k2 = cell_at(p, r, &b2);
        if (k2 && !r[k2]) {
            if (!b[a]) { snprintf(why, ws, "'%s': there is no piece on %s", text, CELL(p, a)); return -2; }
            if (label) {
                char l[4];
                cv_pn_label(p, b[a], l);
                if ((int)strlen(l) != llen || memcmp(l, label, (size_t)llen)) {
                    snprintf(why, ws, "'%s': the piece on %s is %s, not %.*s", text, CELL(p, a), l, llen, label);
                    return -2;
                }
            }
            if (*src < 0) {
                *src = a;
                *dst = b2;
            }
            b[b2] = b[a];
            if (b2 != a) b[a] = 0;
            return 0;
        }
    }
    /* R-e13: a drop */
    if (!label && isalpha((unsigned char)t[0])) {
        const char *q = t;
        while (isalnum((unsigned char)*q)) q++;
        uint8_t pc = q[0] == '-' ? cv_pn_label_piece(p->v, t, (int)(q - t)) : 0;
        if (pc && (k = cell_at(p, q + 1, &a)) && !q[1 + k]) {
            b[a] = pc;
            return 0;
        }
        if (q[0] == '-' && !pc) {
            snprintf(why, ws, "'%s': no piece is labelled '%.*s'", text, (int)(q - t), t);
            return -1;
        }
    }
    /* a cell name that is off the hexagon says so */
    for (const char *q = text; *q; q++) {
        if (*q < 'a' || *q > 'z' || (q > text && isalnum((unsigned char)q[-1])) || !isdigit((unsigned char)q[1])) continue;
        int n = 1;
        while (isdigit((unsigned char)q[n])) n++;
        if (!isalnum((unsigned char)q[n]) && cv_geom_parse_cell(&p->v->geom, q, n) < 0) {
            snprintf(why, ws, "'%s': %.*s is not a cell of the board", text, n > 4 ? 4 : n, q);
            return -1;
        }
    }
    snprintf(why, ws, "'%s' is not a Game Courier sub-move (P e5-e9, e6-, @-e6, R-e13)", text);
    return -1;
}

cv_move_status cv_pn_move_read(pn_pos *p, const char *text, pn_move *out, char *why, size_t ws, int *lax)
{
    *lax = 0;
    const int nc = p->v->geom.ncells;
    uint8_t sim[CV_MAX_CELLS];
    memcpy(sim, p->b, sizeof sim);
    const char *s = skip(text);
    if (!*s) {
        snprintf(why, ws, "an empty move");
        return CV_MOVE_SYNTAX;
    }
    int nsub = 0, src = -1, dst = -1;
    while (*s) {
        const char *e = strchr(s, ';');
        if (!e) e = s + strlen(s);
        if (++nsub > 16) {
            snprintf(why, ws, "more than 16 sub-moves");
            return CV_MOVE_SYNTAX;
        }
        int rc = sub_move(p, sim, s, e, why, ws, &src, &dst);
        if (rc < 0) return rc == -2 ? CV_MOVE_ILLEGAL : CV_MOVE_SYNTAX;
        s = *e ? skip(e + 1) : e;
        if (*e && !*s) {
            snprintf(why, ws, "a ';' with no sub-move after it");
            return CV_MOVE_SYNTAX;
        }
    }
    pn_move ml[PN_MAX_MOVES];
    int n = cv_pn_gen(p, ml, PN_MAX_MOVES);
    if (n > PN_MAX_MOVES) n = PN_MAX_MOVES;
    int exact = -1, nexact = 0, loose = -1, nloose = 0;
    for (int i = 0; i < n; i++) {
        /* two Barricades may each take a piece and retreat: the same
         * board, told apart by the piece the text moves first */
        if (src >= 0 && ml[i].from != src && ml[i].other != src) continue;
        pn_pos q = *p;
        cv_pn_make(&q, &ml[i]);
        if (!memcmp(q.b, sim, (size_t)nc)) {
            exact = i;
            nexact++;
            continue;
        }
        /* the same but for removals left out: cells the move empties
         * that the text left as they were */
        int fits = 1;
        for (int c = 0; c < nc && fits; c++)
            fits = q.b[c] == sim[c] || (!q.b[c] && sim[c] == p->b[c] && CV_COLOR(p->b[c]) != p->side);
        if (fits) {
            loose = i;
            nloose++;
        }
    }
    if (nexact == 1 || (!nexact && nloose == 1)) {
        *out = ml[nexact ? exact : loose];
        return CV_MOVE_OK;
    }
    if (nexact > 1 || nloose > 1) {
        snprintf(why, ws, "'%s' fits %d legal moves (write the move of the piece that moves)", text, nexact ? nexact : nloose);
        return CV_MOVE_AMBIGUOUS;
    }
    cv_pn_explain(p, sim, src, dst, text, why, ws);
    return CV_MOVE_ILLEGAL;
}
