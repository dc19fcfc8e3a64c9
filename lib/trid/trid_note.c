/* trid_note: Tri-D moves as text, in Parmen's "standard" notation and in
 * the Romulan (Meder tournament) notation.  Writers emit one clean form;
 * readers take the variations of real listings and resolve the text
 * against the legal moves, so an illegal or ambiguous move is reported
 * with its reason instead of being guessed. */
#include "strbuf.h"
#include "trid.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const color_name[2] = { "white", "black" };
static const char *const type_name[7] = { "piece", "pawn", "knight", "bishop", "rook", "queen", "king" };
static const char type_letter[] = "?PNBRQK";

static int type_of_letter(char c)
{
    const char *s = strchr("PNBRQK", c);
    return c && s ? (int)(s - "PNBRQK") + 1 : 0;
}


static void cellname(int cell, char out[3])
{
    out[0] = (char)('a' + cell % 6);
    out[1] = (char)('0' + cell / 6);
    out[2] = 0;
}

static void sqname(int sq, char out[8]) { cv_trid_sq_name(sq, out, 8); }

/* Romulan: files z a b c d e, the board instead of the level. */
static void put_romulan_sq(cv_strbuf *o, const cv_trid_pos *p, int sq)
{
    int l = CV_TRID_LEVEL(sq);
    cv_strbuf_put(o, "%c%d", "zabcde"[CV_TRID_FILE(sq)], CV_TRID_RANK(sq));
    if (l == 2) cv_strbuf_put(o, "W");
    else if (l == 4) cv_strbuf_put(o, "N");
    else if (l == 6) cv_strbuf_put(o, "B");
    else {
        int pl = cv_trid_place_of(sq);
        cv_strbuf_put(o, "%s%s", pl >= 0 ? cv_trid_pin_name(pl % 12) : "?", pl >= 12 ? "i" : "");
    }
}

/* Is the move a capture (en passant included)? */
static int is_capture(const cv_trid_pos *p, cv_trid_move m)
{
    if (m.kind == CV_TRID_MK_EP) return 1;
    if (m.kind == CV_TRID_MK_NORMAL || m.kind == CV_TRID_MK_DOUBLE) return cv_trid_at(p, m.to) != 0;
    return 0;
}

/* '+' '#' or 0 for the position after a move, and whether a board changed hands. */
static char check_suffix(const cv_trid_pos *after)
{
    if (!cv_trid_in_check(after)) return 0;
    return cv_trid_count_legal(after) ? '+' : '#';
}

static int need_origin_level(const cv_trid_pos *p, const cv_trid_movelist *legal, cv_trid_move m)
{
    cv_trid_movelist own;
    if (!legal) {
        cv_trid_gen_legal(p, &own);
        legal = &own;
    }
    uint8_t pc = cv_trid_at(p, m.from);
    for (int i = 0; i < legal->n; i++) {
        cv_trid_move x = legal->m[i];
        if (x.kind >= CV_TRID_MK_CASTLE_K || x.from == m.from || x.to != m.to || x.promo != m.promo) continue;
        if ((x.from >> 3) == (m.from >> 3) && cv_trid_at(p, x.from) == pc) return 1;
    }
    return 0;
}

size_t cv_trid_move_format(const cv_trid_pos *p, const cv_trid_movelist *legal, cv_trid_move m, cv_trid_notation nt,
                           char *buf, size_t size)
{
    cv_strbuf o = { buf, size, 0 };
    if (size) buf[0] = 0;
    int rom = nt == CV_TRID_NOTE_ROMULAN;
    char a[8];
    switch (m.kind) {
    case CV_TRID_MK_CASTLE_K: cv_strbuf_put(&o, rom ? "O-O" : "o-o"); break;
    case CV_TRID_MK_CASTLE_Q: cv_strbuf_put(&o, rom ? "O-O-O" : "o-o-o"); break;
    case CV_TRID_MK_BOARD:
        if (rom) {
            cv_strbuf_put(&o, "%s-%s", cv_trid_pin_name(m.from), cv_trid_pin_name(m.to));
        } else {
            cellname(cv_trid_pin_corner(m.to), a);
            cv_strbuf_put(&o, "%s-%s(%d)", cv_trid_board_name(m.board), a, cv_trid_pin_main_level(m.to));
        }
        if (m.promo) cv_strbuf_put(&o, "=%c", type_letter[m.promo]);
        if (m.promo2) cv_strbuf_put(&o, "=%c", type_letter[m.promo2]);
        break;
    default: {
        uint8_t pc = cv_trid_at(p, m.from);
        char sep = is_capture(p, m) ? 'x' : '-';
        cv_strbuf_put(&o, "%c", type_letter[CV_TRID_TYPE(pc)]);
        if (rom) {
            put_romulan_sq(&o, p, m.from);
            cv_strbuf_put(&o, "%c", sep);
            put_romulan_sq(&o, p, m.to);
        } else {
            cellname(m.from >> 3, a);
            cv_strbuf_put(&o, "%s", a);
            if (need_origin_level(p, legal, m)) cv_strbuf_put(&o, "(%d)", m.from & 7);
            sqname(m.to, a);
            cv_strbuf_put(&o, "%c%s", sep, a);
        }
        if (m.promo) cv_strbuf_put(&o, "=%c", type_letter[m.promo]);
    }
    }
    cv_trid_pos q = *p;
    unsigned changed = cv_trid_make(&q, m);
    char ck = check_suffix(&q);
    if (ck) cv_strbuf_put(&o, "%c", ck);
    if (changed && !rom) cv_strbuf_put(&o, "*");
    return o.n;
}

/* ---- reading ---- */

static void set_why(cv_trid_parse *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_why(cv_trid_parse *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->why, sizeof r->why, fmt, ap);
    va_end(ap);
}

typedef struct {
    int kind;               /* 0 piece move, 1 castle K, 2 castle Q, 3 board move */
    int type;               /* piece letter written, 0 none */
    int fcell, flev;        /* flev 0: not written */
    int tcell, tlev;
    int sep;                /* '-', 'x' or 0 */
    int board, fpin, tpin;  /* board moves: board (or -1), pins (or -1) */
    int promo[2], npromo;
    int promo_eq;           /* every promotion written with '=' */
    int canonical;          /* written in the writer's form */
} want_t;

static int read_promos(const char *s, want_t *w)
{
    int i = 0;
    w->promo_eq = 1;
    while (s[i]) {
        int eq = 0;
        if (s[i] == '=' || s[i] == '/') { eq = s[i] == '='; i++; }
        else if (s[i] == '(' && s[i + 1] && s[i + 2] == ')') {
            int t = type_of_letter((char)toupper((unsigned char)s[i + 1]));
            if (!t || t == CV_TRID_PAWN || t == CV_TRID_KING || w->npromo >= 2) return -1;
            w->promo[w->npromo++] = t;
            w->promo_eq = 0;
            i += 3;
            continue;
        }
        int t = type_of_letter((char)toupper((unsigned char)s[i]));
        if (!t || t == CV_TRID_PAWN || t == CV_TRID_KING || w->npromo >= 2) return -1;
        if (!eq) w->promo_eq = 0;
        w->promo[w->npromo++] = t;
        i++;
    }
    return 0;
}

/* Romulan board letter or pin after a square: its level in p. */
static int romulan_level(const cv_trid_pos *p, const char *s, int *len)
{
    if (s[0] == 'W') { *len = 1; return 2; }
    if (s[0] == 'N') { *len = 1; return 4; }
    if (s[0] == 'B') { *len = 1; return 6; }
    int pin = cv_trid_pin_parse(s);
    if (pin < 0) return -1;
    int inv = s[3] == 'i';
    *len = 3 + inv;
    if (!inv && p->pinboard[pin] >= 0) inv = p->board[p->pinboard[pin]].inverted;
    return cv_trid_pin_level(pin, inv);
}

static int parse_square(const cv_trid_pos *p, const char *s, int rom, int *cell, int *lev)
{
    int i = 0, f;
    if (rom) {
        if (s[0] == 'z') f = 0;
        else if (s[0] >= 'a' && s[0] <= 'e') f = s[0] - 'a' + 1;
        else return -1;
    } else {
        if (s[0] < 'a' || s[0] > 'f') return -1;
        f = s[0] - 'a';
    }
    if (s[1] < '0' || s[1] > '9') return -1;
    *cell = (s[1] - '0') * 6 + f;
    i = 2;
    *lev = 0;
    if (rom) {
        int l, k;
        if ((l = romulan_level(p, s + i, &k)) < 0) return -1;
        *lev = l;
        i += k;
    } else if (s[i] == '(' && s[i + 1] >= '1' && s[i + 1] <= '7' && s[i + 2] == ')') {
        *lev = s[i + 1] - '0';
        i += 3;
    }
    return i;
}

static int parse_text(const cv_trid_pos *p, const char *s, int rom, want_t *w)
{
    memset(w, 0, sizeof *w);
    w->board = w->fpin = w->tpin = -1;
    w->canonical = 1;
    /* castling */
    if ((s[0] == 'o' || s[0] == 'O' || s[0] == '0') && s[1] == '-') {
        int k = 0;
        char c0 = s[0];
        for (size_t i = 0;; i++) {
            if (s[i] != 'o' && s[i] != 'O' && s[i] != '0') return -1;
            if (s[i] != c0) w->canonical = 0;
            k++;
            if (!s[++i]) break;
            if (s[i] != '-') return -1;
        }
        if (k == 2 || k == 3) {
            w->kind = k == 2 ? 1 : 2;
            if (c0 != (rom ? 'O' : 'o')) w->canonical = 0;
            return 0;
        }
        return -1;
    }
    /* attack-board moves */
    if ((s[0] == 'Q' || s[0] == 'K') && s[1] == 'L') {
        int i;
        w->kind = 3;
        if (!rom && (s[2] == 'W' || s[2] == 'B') && s[3] == '-') {
            w->board = cv_trid_board_parse(s);
            int cell, lev;
            i = 4;
            int k = parse_square(p, s + i, 0, &cell, &lev);
            if (k < 0 || !lev) return -1;
            for (int q = 0; q < CV_TRID_PINS; q++)
                if (cv_trid_pin_corner(q) == cell && cv_trid_pin_main_level(q) == lev) w->tpin = q;
            w->tcell = cell;
            w->tlev = lev;
            i += k;
        } else if (rom && s[2] >= '1' && s[2] <= '6' && s[3] == '-') {
            w->fpin = cv_trid_pin_parse(s);
            w->tpin = cv_trid_pin_parse(s + 4);
            if (w->tpin < 0) return -1;
            i = 7;
        } else {
            return -1;
        }
        if (read_promos(s + i, w) < 0) return -1;
        if (w->npromo && !w->promo_eq) w->canonical = 0;
        return 0;
    }
    /* piece moves */
    int i = 0;
    if (type_of_letter(s[0])) w->type = type_of_letter(s[i++]);
    else w->canonical = 0;
    int k = parse_square(p, s + i, rom, &w->fcell, &w->flev);
    if (k < 0) return -1;
    i += k;
    if (s[i] != '-' && s[i] != 'x' && s[i] != ':') return -1;
    w->sep = s[i] == ':' ? 'x' : s[i];
    i++;
    k = parse_square(p, s + i, rom, &w->tcell, &w->tlev);
    if (k < 0) return -1;
    i += k;
    if (!w->tlev) w->canonical = 0;
    if (read_promos(s + i, w) < 0 || w->npromo > 1) return -1;
    if (w->npromo && !w->promo_eq) w->canonical = 0;
    return 0;
}

static int matches(const cv_trid_pos *p, const want_t *w, cv_trid_move m, int *promo_missing)
{
    switch (w->kind) {
    case 1: return m.kind == CV_TRID_MK_CASTLE_K;
    case 2: return m.kind == CV_TRID_MK_CASTLE_Q;
    case 3:
        if (m.kind != CV_TRID_MK_BOARD || m.to != w->tpin) return 0;
        if (w->board >= 0 && m.board != w->board) return 0;
        if (w->fpin >= 0 && m.from != w->fpin) return 0;
        {
            int got[2], ng = 0;
            if (m.promo) got[ng++] = m.promo;
            if (m.promo2) got[ng++] = m.promo2;
            if (w->npromo == 0 && ng) { *promo_missing = 1; return 1; }
            if (ng != w->npromo) return 0;
            for (int i = 0; i < ng; i++)
                if (got[i] != w->promo[i]) return 0;
        }
        return 1;
    default:
        if (m.kind >= CV_TRID_MK_CASTLE_K) return 0;
        if ((m.from >> 3) != w->fcell || (m.to >> 3) != w->tcell) return 0;
        if (w->flev && (m.from & 7) != w->flev) return 0;
        if (w->tlev && (m.to & 7) != w->tlev) return 0;
        if (w->type && CV_TRID_TYPE(cv_trid_at(p, m.from)) != w->type) return 0;
        if (w->npromo) return m.promo == w->promo[0];
        if (m.promo) *promo_missing = 1;
        return 1;
    }
}

/* ---- explaining refusals ---- */

static void describe_cell(const cv_trid_pos *p, int cell, char *out, size_t size)
{
    cv_strbuf o = { out, size, 0 };
    out[0] = 0;
    char a[8];
    if (!p->exist[cell]) {
        cellname(cell, a);
        cv_strbuf_put(&o, "%s has no square", a);
        return;
    }
    int any = 0;
    for (int l = 1; l <= 7; l++) {
        uint8_t pc = p->pc[cell][l];
        if (!pc) continue;
        sqname(cell * 8 + l, a);
        cv_strbuf_put(&o, "%s%s holds a %s %s", any ? ", " : "", a, color_name[CV_TRID_COLOR(pc)], type_name[CV_TRID_TYPE(pc)]);
        any = 1;
    }
    if (!any) {
        cellname(cell, a);
        cv_strbuf_put(&o, "%s is empty", a);
    }
}

static const char *rule_note(const cv_trid_pos *p)
{
    switch (p->o.block) {
    case CV_TRID_BLOCK_ANY_PIECE: return "any piece in a cell on the way blocks";
    case CV_TRID_BLOCK_LEVEL:
        return "toward level L a cell blocks when its square on L is occupied or, lacking one, when all its squares are";
    default: return "a cell on the way blocks when all its squares are occupied";
    }
}

/* Cells between from and to (exclusive) that stop a ride heading for any
 * of the levels in want; written into out.  Returns how many. */
static int path_blockers(const cv_trid_pos *p, int fcell, int tcell, unsigned want, char *out, size_t size)
{
    int f = fcell % 6, r = fcell / 6, tf = tcell % 6, tr = tcell / 6;
    int df = (tf > f) - (tf < f), dr = (tr > r) - (tr < r), n = 0;
    cv_strbuf o = { out, size, 0 };
    out[0] = 0;
    for (f += df, r += dr; f != tf || r != tr; f += df, r += dr) {
        int c = r * 6 + f;
        unsigned pm = cv_trid_passmask(p, c);
        if ((want & pm) != want) {
            char d[160];
            describe_cell(p, c, d, sizeof d);
            cv_strbuf_put(&o, "%s%s", n ? "; " : "", d);
            n++;
        }
    }
    return n;
}

static int start_square(int sq, int color)
{
    int f = CV_TRID_FILE(sq), r = CV_TRID_RANK(sq), l = CV_TRID_LEVEL(sq);
    if (color) { r = 9 - r; l -= 4; }
    return (r == 1 && l == 3 && (f == 0 || f == 1 || f == 4 || f == 5)) || (r == 2 && l == 2 && f >= 1 && f <= 4);
}

static void explain_check(const cv_trid_pos *p, cv_trid_move m, cv_trid_parse *r)
{
    cv_trid_pos q = *p;
    cv_trid_make(&q, m);
    int us = p->side, k = q.king[us];
    int16_t att[4];
    int na = k >= 0 ? cv_trid_attackers(&q, k, !us, att, 4) : 0;
    char ks[8], as[8] = "";
    sqname(k, ks);
    if (na) sqname(att[0], as);
    set_why(r, "%sthe %s king on %s would be attacked by the %s on %s", cv_trid_in_check(p) ? "does not answer the check: " : "",
            color_name[us], ks, na ? type_name[CV_TRID_TYPE(cv_trid_at(&q, att[0]))] : "enemy", as);
}

static void explain_castle(const cv_trid_pos *p, const want_t *w, cv_trid_parse *r)
{
    int us = p->side, queen = w->kind == 2;
    const char *side = queen ? "queen-side" : "king-side";
    unsigned right = (us ? 4u : 1u) << queen;
    int ks = us ? CV_TRID_SQ(4, 9, 7) : CV_TRID_SQ(4, 0, 3), qs = us ? CV_TRID_SQ(1, 9, 7) : CV_TRID_SQ(1, 0, 3);
    char a[8];
    if (p->o.castle == CV_TRID_CASTLE_NEVER) set_why(r, "castling is not played under these rules");
    else if (!(p->castling & right))
        set_why(r, "%s has no right to castle %s (the king or that rook has moved)", color_name[us], side);
    else if (p->o.castle == CV_TRID_CASTLE_NOT_MOVE_ONE && p->fullmove == 1)
        set_why(r, "no castling while the fullmove number is 1 under %s", cv_trid_ruleset_name(p->o.ruleset));
    else if (cv_trid_in_check(p)) set_why(r, "%s cannot castle out of check", color_name[us]);
    else if (queen && (!cv_trid_exists(p, qs) || cv_trid_at(p, qs))) {
        sqname(qs, a);
        set_why(r, "queen-side castling needs the queen gone from %s and the square empty", a);
    } else {
        sqname(queen ? qs : (us ? CV_TRID_SQ(5, 9, 7) : CV_TRID_SQ(5, 0, 3)), a);
        if (cv_trid_at(p, ks) != CV_TRID_PIECE(CV_TRID_KING, us)) set_why(r, "the %s king is not on its square", color_name[us]);
        else set_why(r, "%s cannot castle %s: the king would land on %s, which is attacked", color_name[us], side, a);
    }
}

static void explain_board(const cv_trid_pos *p, const want_t *w, cv_trid_parse *r)
{
    int us = p->side, b = w->board;
    if (b < 0 && w->fpin >= 0) b = p->pinboard[w->fpin];
    if (b < 0) {
        set_why(r, "no attack board on %s", cv_trid_pin_name(w->fpin));
        return;
    }
    const cv_trid_board *bd = &p->board[b];
    const char *bn = cv_trid_board_name(b);
    if (w->tpin < 0) {
        char a[3];
        cellname(w->tcell, a);
        set_why(r, "%s(%d) is not a pin: attack boards stem to main-board corners", a, w->tlev);
        return;
    }
    const char *tn = cv_trid_pin_name(w->tpin);
    if (bd->pin < 0) { set_why(r, "%s is not on the frame", bn); return; }
    if (bd->pin == w->tpin) { set_why(r, "%s already stands on %s", bn, tn); return; }
    if (bd->ctrl != us) {
        set_why(r, "%s is controlled by %s", bn, color_name[bd->ctrl]);
        return;
    }
    int nload = 0;
    uint8_t load = 0;
    int lv = cv_trid_pin_level(bd->pin, bd->inverted);
    for (int sq = 0; sq < CV_TRID_SQUARES; sq++)
        if ((sq & 7) == lv && cv_trid_board_of(p, sq) == b && cv_trid_at(p, sq)) { nload++; load = cv_trid_at(p, sq); }
    if (p->o.load == CV_TRID_LOAD_EMPTY && nload) { set_why(r, "%s is not empty", bn); return; }
    if (nload > 1) {
        set_why(r, "%s is too heavy to move: it carries %d pieces", bn, nload);
        return;
    }
    if (nload == 1 && p->o.load == CV_TRID_LOAD_OWN_PAWN && load != CV_TRID_PIECE(CV_TRID_PAWN, us)) {
        set_why(r, "%s carries a %s %s: a board moves only empty or with one pawn of its controller", bn,
                color_name[CV_TRID_COLOR(load)], type_name[CV_TRID_TYPE(load)]);
        return;
    }
    if (!(p->o.adj[bd->pin] >> w->tpin & 1)) {
        char list[64] = "";
        cv_strbuf o = { list, sizeof list, 0 };
        for (unsigned m = p->o.adj[bd->pin]; m; m &= m - 1) cv_strbuf_put(&o, "%s%s", o.n ? ", " : "", cv_trid_pin_name(__builtin_ctz(m)));
        set_why(r, "%s is not adjacent to %s (a board there may move to %s)", tn, cv_trid_pin_name(bd->pin), list);
        return;
    }
    if (p->pinboard[w->tpin] >= 0) {
        set_why(r, "%s already holds %s", tn, cv_trid_board_name(p->pinboard[w->tpin]));
        return;
    }
    int rb = cv_trid_pin_min_rank(w->tpin), ra = cv_trid_pin_min_rank(bd->pin);
    if ((us ? rb > ra : rb < ra) &&
        (p->o.backward == CV_TRID_BACK_NEVER || (nload && p->o.backward == CV_TRID_BACK_EMPTY_ONLY))) {
        set_why(r, "%s to %s is backward for %s, and a %s board may not move backward", cv_trid_pin_name(bd->pin), tn,
                color_name[us], nload ? "loaded" : "");
        return;
    }
    cv_trid_movelist ml;
    cv_trid_gen_pseudo(p, &ml);
    for (int i = 0; i < ml.n; i++) {
        cv_trid_move m = ml.m[i];
        if (m.kind != CV_TRID_MK_BOARD || m.board != b || m.to != w->tpin) continue;
        if (!cv_trid_is_safe(p, m)) { explain_check(p, m, r); return; }
        set_why(r, "%s to %s %s", bn, tn, m.promo || m.promo2 ? "promotes a pawn: write the pieces chosen (=Q ...)" : "takes no promotion");
        return;
    }
    set_why(r, "%s cannot move to %s", bn, tn);
}

static void explain_piece(const cv_trid_pos *p, const want_t *w, cv_trid_parse *r)
{
    int us = p->side;
    const char *me = color_name[us];
    char fa[3], ta[3], s1[8], s2[8];
    cellname(w->fcell, fa);
    cellname(w->tcell, ta);
    /* the origin */
    int origin = -1;
    if (w->flev) {
        int sq = w->fcell * 8 + w->flev;
        sqname(sq, s1);
        uint8_t pc = cv_trid_exists(p, sq) ? cv_trid_at(p, sq) : 0;
        if (!cv_trid_exists(p, sq)) { set_why(r, "there is no square %s with the boards as they stand", s1); return; }
        if (!pc) { set_why(r, "no piece on %s", s1); return; }
        if (CV_TRID_COLOR(pc) != us) { set_why(r, "the %s on %s is %s's", type_name[CV_TRID_TYPE(pc)], s1, color_name[!us]); return; }
        if (w->type && CV_TRID_TYPE(pc) != w->type) {
            set_why(r, "the piece on %s is a %s, not a %s", s1, type_name[CV_TRID_TYPE(pc)], type_name[w->type]);
            return;
        }
        origin = sq;
    } else {
        for (int l = 1; l <= 7 && origin < 0; l++) {
            uint8_t pc = p->pc[w->fcell][l];
            if (pc && CV_TRID_COLOR(pc) == us && (!w->type || CV_TRID_TYPE(pc) == w->type)) origin = w->fcell * 8 + l;
        }
        if (origin < 0) {
            set_why(r, "no %s %s on %s", me, type_name[w->type], fa);
            return;
        }
    }
    uint8_t pc = cv_trid_at(p, origin);
    int t = CV_TRID_TYPE(pc);
    const char *tn = type_name[t];
    sqname(origin, s1);
    /* the destination */
    if (!p->exist[w->tcell]) { set_why(r, "%s has no square with the boards as they stand", ta); return; }
    int tsq = w->tlev ? w->tcell * 8 + w->tlev : -1;
    if (tsq >= 0) sqname(tsq, s2);
    else snprintf(s2, sizeof s2, "%s", ta);
    if (tsq >= 0 && !cv_trid_exists(p, tsq)) { set_why(r, "there is no square %s with the boards as they stand", s2); return; }
    if (w->fcell == w->tcell) { set_why(r, "no move may be purely vertical"); return; }
    /* a pseudo-legal move that fails only on king safety */
    cv_trid_movelist ml;
    cv_trid_gen_pseudo(p, &ml);
    for (int i = 0; i < ml.n; i++) {
        cv_trid_move m = ml.m[i];
        if (m.kind >= CV_TRID_MK_CASTLE_K || m.from != origin || (m.to >> 3) != w->tcell) continue;
        if (w->tlev && (m.to & 7) != w->tlev) continue;
        if (w->npromo && m.promo != w->promo[0]) {
            if (!m.promo) { set_why(r, "a pawn does not promote on %s", s2); return; }
            continue;
        }
        explain_check(p, m, r);
        return;
    }
    if (w->npromo && t != CV_TRID_PAWN) { set_why(r, "only a pawn promotes"); return; }
    int df = w->tcell % 6 - w->fcell % 6, dr = w->tcell / 6 - w->fcell / 6;
    int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr, fwd = us ? -dr : dr;
    int shape;
    switch (t) {
    case CV_TRID_KNIGHT: shape = (adf == 1 && adr == 2) || (adf == 2 && adr == 1); break;
    case CV_TRID_KING: shape = adf <= 1 && adr <= 1; break;
    case CV_TRID_ROOK: shape = !df || !dr; break;
    case CV_TRID_BISHOP: shape = adf == adr; break;
    case CV_TRID_QUEEN: shape = !df || !dr || adf == adr; break;
    default: shape = (fwd == 1 && adf <= 1) || (fwd == 2 && !df); break;
    }
    if (!shape) {
        set_why(r, "a %s cannot move from %s to %s", tn, fa, ta);
        return;
    }
    unsigned own = p->occ[us][w->tcell], ex = p->exist[w->tcell];
    if (tsq >= 0 ? (own >> w->tlev & 1) : (ex & ~own) == 0) {
        set_why(r, tsq >= 0 ? "%s holds a %s piece" : "every square of %s holds a %s piece", s2, me);
        return;
    }
    unsigned want = tsq >= 0 ? 1u << w->tlev : ex & ~own;
    char path[200];
    if (t == CV_TRID_PAWN) {
        unsigned all = (unsigned)(p->occ[0][w->tcell] | p->occ[1][w->tcell]);
        if (adf == 1) {
            if (p->ep >= 0 && (p->ep >> 3) == w->tcell - (us ? -6 : 6) && p->o.ep == CV_TRID_EP_NONE)
                set_why(r, "en passant is not played under these rules");
            else
                set_why(r, "a pawn moves diagonally only to capture, and %s holds no %s piece", s2, color_name[!us]);
            return;
        }
        if (tsq >= 0 ? (all >> w->tlev & 1) : (ex & ~all) == 0) {
            set_why(r, "%s is occupied and a pawn captures only diagonally", s2);
            return;
        }
        if (fwd == 2) {
            if (!start_square(origin, us)) {
                set_why(r, "a pawn double-steps only from its side's starting pawn squares, not from %s", s1);
                return;
            }
            if (path_blockers(p, w->fcell, w->tcell, want, path, sizeof path)) {
                set_why(r, "the double step from %s to %s is blocked: %s (%s)", s1, s2, path, rule_note(p));
                return;
            }
        }
        if (cv_trid_promotes(p, tsq >= 0 ? tsq : w->tcell * 8 + __builtin_ctz(want), us) && !w->npromo) {
            set_why(r, "a pawn reaching %s must promote (=Q, =R, =B or =N)", s2);
            return;
        }
        set_why(r, "the pawn on %s cannot move to %s", s1, s2);
        return;
    }
    if (t != CV_TRID_KNIGHT && t != CV_TRID_KING && (adf > 1 || adr > 1) &&
        path_blockers(p, w->fcell, w->tcell, want, path, sizeof path)) {
        set_why(r, "the %s's path from %s to %s is blocked: %s (%s)", tn, s1, s2, path, rule_note(p));
        return;
    }
    set_why(r, "the %s on %s cannot move to %s", tn, s1, s2);
}

cv_trid_move_status cv_trid_move_read(const cv_trid_pos *p, const cv_trid_movelist *legal, const char *text,
                                      cv_trid_notation nt, cv_trid_parse *r)
{
    memset(r, 0, sizeof *r);
    char s[64];
    size_t n = 0;
    while (*text && isspace((unsigned char)*text)) text++;
    for (; text[n] && n < sizeof s - 1; n++) s[n] = text[n];
    if (text[n]) {
        r->status = CV_TRID_MOVE_SYNTAX;
        set_why(r, "move text too long");
        return r->status;
    }
    while (n && isspace((unsigned char)s[n - 1])) n--;
    s[n] = 0;
    /* Suffixes in any order: annotation marks, check, mate, '*', e.p. */
    for (;;) {
        if (n >= 4 && strcmp(s + n - 4, "e.p.") == 0) { n -= 4; while (n && s[n - 1] == ' ') n--; s[n] = 0; continue; }
        if (!n) break;
        char c = s[n - 1];
        if (c == '!' || c == '?') { s[--n] = 0; continue; }
        if (c == '+') { if (r->check_written != '#') r->check_written = '+'; s[--n] = 0; continue; }
        if (c == '#') { r->check_written = '#'; s[--n] = 0; continue; }
        if (c == '*') { r->star_written = 1; s[--n] = 0; continue; }
        break;
    }
    if (!n) {
        r->status = CV_TRID_MOVE_SYNTAX;
        set_why(r, "empty move");
        return r->status;
    }
    want_t w;
    int ok = -1, rom = 0;
    if (nt != CV_TRID_NOTE_ROMULAN) ok = parse_text(p, s, 0, &w);
    if (ok < 0 && nt != CV_TRID_NOTE_PARMEN) { ok = parse_text(p, s, 1, &w); rom = 1; }
    if (ok < 0) {
        r->status = CV_TRID_MOVE_SYNTAX;
        set_why(r, "'%s' is not a move in %s notation", s,
                nt == CV_TRID_NOTE_PARMEN ? "Parmen" : nt == CV_TRID_NOTE_ROMULAN ? "Romulan" : "Parmen or Romulan");
        return r->status;
    }
    (void)rom;

    cv_trid_movelist own;
    if (!legal) {
        cv_trid_gen_legal(p, &own);
        legal = &own;
    }
    int missing = 0;
    for (int i = 0; i < legal->n; i++) {
        int miss = 0;
        if (!matches(p, &w, legal->m[i], &miss)) continue;
        if (r->ncand < 8) r->cand[r->ncand] = legal->m[i];
        r->ncand++;
        missing |= miss;
    }
    if (r->ncand == 0) {
        r->status = CV_TRID_MOVE_ILLEGAL;
        if (w.kind == 1 || w.kind == 2) explain_castle(p, &w, r);
        else if (w.kind == 3) explain_board(p, &w, r);
        else explain_piece(p, &w, r);
        return r->status;
    }
    if (r->ncand > 1) {
        r->status = CV_TRID_MOVE_AMBIGUOUS;
        if (missing) {
            set_why(r, "the promotion piece is missing (=Q, =R, =B or =N)");
        } else {
            char list[200] = "";
            cv_strbuf o = { list, sizeof list, 0 };
            int k = r->ncand < 8 ? r->ncand : 8;
            for (int i = 0; i < k; i++) {
                char t[48];
                cv_trid_move_format(p, legal, r->cand[i], CV_TRID_NOTE_PARMEN, t, sizeof t);
                cv_strbuf_put(&o, "%s%s", i ? (i == k - 1 ? " or " : ", ") : "", t);
            }
            set_why(r, "ambiguous: %s", list);
        }
        return r->status;
    }
    cv_trid_move m = r->cand[0];
    r->move = m;
    r->status = CV_TRID_MOVE_OK;
    if (!w.canonical) r->lax = 1;
    if (w.kind == 0 && w.sep && (w.sep == 'x') != is_capture(p, m)) r->lax = 1;
    cv_trid_pos q = *p;
    r->star_actual = cv_trid_make(&q, m) != 0;
    r->check_actual = check_suffix(&q);
    if ((r->check_written && r->check_written != r->check_actual) || (r->star_written && !r->star_actual)) r->lax = 1;
    return r->status;
}
