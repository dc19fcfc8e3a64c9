/* trid_fen: TD-FEN, the Tri-D position format of docs/cvkit-formats.5, read
 * (every problem with its 1-based column), validated and written. */
#include "strbuf.h"
#include "trid.h"
#include "engine.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const color_name[2] = { "white", "black" };
static const char *const type_name[7] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };

static void add(cv_trid_errors *e, int col, int kind, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add(cv_trid_errors *e, int col, int kind, const char *fmt, ...)
{
    if (!e) return;
    va_list ap;
    va_start(ap, fmt);
    cv_problem_vadd(e->e, &e->n, CV_TRID_MAX_ERRORS, col, kind, fmt, ap);
    va_end(ap);
}

static int piece_from_char(char c)
{
    const char *t = "PNBRQK", *s = strchr(t, toupper((unsigned char)c));
    if (!c || !s) return 0;
    return CV_TRID_PIECE((int)(s - t) + 1, islower((unsigned char)c) ? 1 : 0);
}

static const char *sqname(int sq)
{
    static _Thread_local char buf[4][8];
    static _Thread_local int k;
    k = (k + 1) & 3;
    cv_trid_sq_name(sq, buf[k], sizeof buf[k]);
    return buf[k];
}

/* One rank of a board: files f0 .. f0 + width - 1 into out[] (pieces),
 * cols[] (columns).  Returns -1 on a syntax error. */
static int read_rank(const char *s, int len, int col0, int width, const char *what, uint8_t *out, int *cols,
                     cv_trid_errors *e)
{
    int f = 0;
    for (int i = 0; i < len; i++) {
        char c = s[i];
        if (c >= '1' && c <= '9') {
            int n = c - '0';
            if (i + 1 < len && isdigit((unsigned char)s[i + 1])) {
                add(e, col0 + i, CV_TRID_E_SYNTAX, "two digits in a row in %s", what);
                return -1;
            }
            if (f + n > width) {
                add(e, col0 + i, CV_TRID_E_SYNTAX, "%s has more than %d squares", what, width);
                return -1;
            }
            f += n;
        } else if (piece_from_char(c)) {
            if (f >= width) {
                add(e, col0 + i, CV_TRID_E_SYNTAX, "%s has more than %d squares", what, width);
                return -1;
            }
            out[f] = (uint8_t)piece_from_char(c);
            cols[f] = col0 + i;
            f++;
        } else {
            add(e, col0 + i, CV_TRID_E_SYNTAX, "'%c' is not a piece letter or a digit (in %s)", c, what);
            return -1;
        }
    }
    if (f < width) {
        add(e, col0 + len, CV_TRID_E_SYNTAX, "%s has %d square%s, %d needed", what, f, f == 1 ? "" : "s", width);
        return -1;
    }
    return 0;
}

/* A board of nr ranks (top first) of width files, ranks split by '/'. */
static int read_grid(const char *s, int len, int col0, int nr, int width, const char *bname, uint8_t grid[4][4],
                     int gcol[4][4], cv_trid_errors *e)
{
    int r = 0, start = 0;
    for (int i = 0; i <= len; i++) {
        if (i < len && s[i] != '/') continue;
        if (r >= nr) {
            add(e, col0 + start - 1, CV_TRID_E_SYNTAX, "%s has more than %d ranks", bname, nr);
            return -1;
        }
        char what[48];
        snprintf(what, sizeof what, "rank %d of %s", r + 1, bname);
        if (read_rank(s + start, i - start, col0 + start, width, what, grid[r], gcol[r], e) < 0) return -1;
        r++;
        start = i + 1;
    }
    if (r < nr) {
        add(e, col0 + len, CV_TRID_E_SYNTAX, "%s has %d rank%s, %d needed", bname, r, r == 1 ? "" : "s", nr);
        return -1;
    }
    return 0;
}

typedef struct {
    int pin, inv, name, ctrl, col, ccol;
    uint8_t grid[4][4];
    int gcol[4][4];
} board_entry;

static int read_boards(const char *s, int len, int col0, board_entry *be, int *nbe, cv_trid_errors *e)
{
    *nbe = 0;
    if (len == 1 && s[0] == '-') return 0;
    int start = 0;
    for (int i = 0; i <= len; i++) {
        if (i < len && s[i] != ',') continue;
        const char *t = s + start;
        int tl = i - start, col = col0 + start;
        if (*nbe >= 12) {
            add(e, col, CV_TRID_E_SYNTAX, "more attack boards than pins");
            return -1;
        }
        board_entry *b = &be[*nbe];
        memset(b, 0, sizeof *b);
        b->col = col;
        b->name = -1;
        if (tl < 3 || (b->pin = cv_trid_pin_parse(t)) < 0) {
            add(e, col, CV_TRID_E_SYNTAX, "'%.*s' does not start with a pin name (QL1 .. KL6)", tl < 3 ? tl : 3, t);
            return -1;
        }
        int k = 3;
        if (k < tl && t[k] == 'i') { b->inv = 1; k++; }
        if (k < tl && t[k] == '=') {
            if (k + 4 > tl || (b->name = cv_trid_board_parse(t + k + 1)) < 0) {
                add(e, col + k + 1, CV_TRID_E_SYNTAX, "a board name (QLW, KLW, QLB, KLB) must follow '='");
                return -1;
            }
            k += 4;
        }
        if (k >= tl || t[k] != ':') {
            add(e, col + k, CV_TRID_E_SYNTAX, "':' expected after %.*s", k, t);
            return -1;
        }
        k++;
        if (k >= tl || (t[k] != 'w' && t[k] != 'b')) {
            add(e, col + k, CV_TRID_E_SYNTAX, "controller 'w' or 'b' expected");
            return -1;
        }
        b->ctrl = t[k] == 'b';
        b->ccol = col + k;
        k++;
        if (k >= tl || t[k] != ':') {
            add(e, col + k, CV_TRID_E_SYNTAX, "':' expected after the controller");
            return -1;
        }
        k++;
        char bname[16];
        snprintf(bname, sizeof bname, "board %s", cv_trid_pin_name(b->pin));
        if (read_grid(t + k, tl - k, col + k, 2, 2, bname, b->grid, b->gcol, e) < 0) return -1;
        (*nbe)++;
        start = i + 1;
    }
    return 0;
}

static int read_uint(const char *s, int len, long *v)
{
    if (len <= 0 || len > 9) return -1;
    long x = 0;
    for (int i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        x = x * 10 + (s[i] - '0');
    }
    *v = x;
    return 0;
}

int cv_trid_fen_read(const char *fen, const cv_trid_opts *o, cv_trid_pos *p, cv_trid_errors *e)
{
    cv_trid_errors scratch;
    if (!e) e = &scratch;
    memset(e, 0, sizeof *e);
    cv_trid_clear(p, o);

    /* Fields, with their columns; one space between is canonical. */
    const char *fs[8];
    int fl[8], nf = 0, i = 0, len = (int)strlen(fen);
    while (i < len && isspace((unsigned char)fen[i])) i++;
    if (i > 0) add(e, 1, CV_TRID_E_LAX, "leading white space");
    while (i < len) {
        int st = i;
        while (i < len && !isspace((unsigned char)fen[i])) i++;
        if (nf < 8) {
            fs[nf] = fen + st;
            fl[nf] = i - st;
            if (nf < 7) e->fieldcol[nf] = st + 1;
        }
        nf++;
        int sp = i;
        while (i < len && isspace((unsigned char)fen[i])) i++;
        if (i - sp > 1 && i < len) add(e, sp + 1, CV_TRID_E_LAX, "more than one space between fields");
        else if (i > sp && i < len && fen[sp] != ' ') add(e, sp + 1, CV_TRID_E_LAX, "fields are separated by a single space");
        else if (i > sp && i == len) add(e, sp + 1, CV_TRID_E_LAX, "trailing white space");
    }
    if (nf < 3) {
        static const char *const need[3] = { "the main boards", "the attack boards", "the side to move" };
        add(e, len + 1, CV_TRID_E_SYNTAX, "%s field is missing", need[nf]);
        return -1;
    }
    if (nf > 7) add(e, (int)(fs[7] - fen) + 1, CV_TRID_E_SYNTAX, "more than seven fields");

    /* (1) main boards: Black's, Neutral, White's. */
    static const char *const mname[3] = { "Black's board", "the Neutral board", "White's board" };
    static const int mlevel[3] = { 6, 4, 2 }, mtop[3] = { 8, 6, 4 };
    uint8_t grid[3][4][4];
    int gcol[3][4][4];
    memset(grid, 0, sizeof grid);
    memset(gcol, 0, sizeof gcol);
    {
        int start = 0, nb = 0, col0 = e->fieldcol[0];
        for (int k = 0; k <= fl[0]; k++) {
            if (k < fl[0] && fs[0][k] != '|') continue;
            if (nb >= 3) {
                add(e, col0 + start - 1, CV_TRID_E_SYNTAX, "more than three main boards");
                return -1;
            }
            if (read_grid(fs[0] + start, k - start, col0 + start, 4, 4, mname[nb], grid[nb], gcol[nb], e) < 0) return -1;
            nb++;
            start = k + 1;
        }
        if (nb < 3) {
            add(e, col0 + fl[0], CV_TRID_E_SYNTAX, "%d main board%s, 3 needed (Black's|Neutral|White's)", nb,
                nb == 1 ? "" : "s");
            return -1;
        }
    }

    /* (2) attack boards */
    board_entry be[12];
    int nbe = 0;
    if (read_boards(fs[1], fl[1], e->fieldcol[1], be, &nbe, e) < 0) return -1;

    /* (3) side */
    if (fl[2] != 1 || (fs[2][0] != 'w' && fs[2][0] != 'b')) {
        add(e, e->fieldcol[2], CV_TRID_E_SYNTAX, "side to move must be 'w' or 'b', not '%.*s'", fl[2], fs[2]);
        return -1;
    }
    p->side = fs[2][0] == 'b';

    /* Boards first: the pieces on them need their squares. */
    for (int b = 0; b < CV_TRID_BOARDS; b++) cv_trid_place_board(p, b, -1, 0);
    int used[CV_TRID_BOARDS] = { 0, 0, 0, 0 }, onpin[CV_TRID_PINS];
    int placed_entry[12];
    for (int k = 0; k < CV_TRID_PINS; k++) onpin[k] = -1;
    for (int k = 0; k < nbe; k++) {
        placed_entry[k] = -1;
        if (k > 0 && be[k].pin < be[k - 1].pin)
            add(e, be[k].col, CV_TRID_E_LAX, "attack boards are not in pin order (QL1, KL1, QL2, ... KL6)");
    }
    /* Names written after '=' are taken first, then each pin's default. */
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < nbe; k++) {
            board_entry *b = &be[k];
            if ((b->name >= 0) != (pass == 0)) continue;
            if (onpin[b->pin] >= 0) {
                add(e, b->col, CV_TRID_E_POSITION, "two boards on pin %s", cv_trid_pin_name(b->pin));
                continue;
            }
            int name = b->name >= 0 ? b->name : (b->pin & 1) + 2 * b->ctrl;
            if (used[name]) {
                if (b->name >= 0) add(e, b->col, CV_TRID_E_POSITION, "board %s is given twice", cv_trid_board_name(name));
                else
                    add(e, b->col, CV_TRID_E_POSITION,
                        "a %s board controlled by %s is taken to be %s, which is already placed (write %s=%s)",
                        (b->pin & 1) ? "KL" : "QL", color_name[b->ctrl], cv_trid_board_name(name),
                        cv_trid_pin_name(b->pin), cv_trid_board_name(name ^ 2));
                continue;
            }
            used[name] = 1;
            onpin[b->pin] = name;
            placed_entry[k] = name;
            cv_trid_place_board(p, name, b->pin, b->inv);
            p->board[name].ctrl = (int8_t)b->ctrl;
            e->boardcol[name] = (int16_t)b->col;
        }

    /* Pieces. */
    for (int m = 0; m < 3; m++)
        for (int r = 0; r < 4; r++)
            for (int f = 0; f < 4; f++)
                if (grid[m][r][f]) {
                    int sq = CV_TRID_SQ(f + 1, mtop[m] - r, mlevel[m]);
                    cv_trid_put(p, sq, grid[m][r][f]);
                    e->sqcol[sq] = (int16_t)gcol[m][r][f];
                }
    for (int k = 0; k < nbe; k++) {
        if (placed_entry[k] < 0) continue;
        board_entry *b = &be[k];
        int lv = cv_trid_pin_level(b->pin, b->inv), rm = cv_trid_pin_min_rank(b->pin), fm = (b->pin & 1) ? 4 : 0;
        for (int r = 0; r < 2; r++)
            for (int f = 0; f < 2; f++)
                if (b->grid[r][f]) {
                    int sq = CV_TRID_SQ(fm + f, rm + 1 - r, lv);
                    cv_trid_put(p, sq, b->grid[r][f]);
                    e->sqcol[sq] = (int16_t)b->gcol[r][f];
                }
    }
    /* Control as written, then as the occupants say. */
    for (int k = 0; k < nbe; k++) {
        int b = placed_entry[k];
        if (b < 0) continue;
        unsigned cs = cv_trid_board_colors(p, b);
        int c = cs == 1 ? 0 : cs == 2 ? 1 : -1;
        p->board[b].ctrl = (int8_t)be[k].ctrl;
        if (c >= 0 && c != be[k].ctrl) {
            add(e, be[k].ccol, CV_TRID_E_POSITION,
                "board on %s is marked controlled by %s, but only %s pieces stand on it", cv_trid_pin_name(be[k].pin),
                color_name[be[k].ctrl], color_name[c]);
            p->board[b].ctrl = (int8_t)c;
        }
    }

    /* (4) castling */
    if (nf >= 4) {
        const char *s = fs[3];
        int l = fl[3], col = e->fieldcol[3];
        if (!(l == 1 && s[0] == '-')) {
            static const char order[] = "KQkq";
            int last = -1, unordered = 0;
            for (int k = 0; k < l; k++) {
                const char *x = strchr(order, s[k]);
                if (!s[k] || !x) {
                    add(e, col + k, CV_TRID_E_SYNTAX, "'%c' is not a castling letter (K, Q, k, q or -)", s[k]);
                    return -1;
                }
                int bit = (int)(x - order);
                if (p->castling >> bit & 1) {
                    add(e, col + k, CV_TRID_E_SYNTAX, "castling letter '%c' given twice", s[k]);
                    return -1;
                }
                if (bit < last && !unordered++)
                    add(e, col + k, CV_TRID_E_LAX, "castling letters are written in the order KQkq");
                last = bit;
                p->castling |= (uint8_t)(1u << bit);
                e->castlecol[bit] = (int16_t)(col + k);
            }
        }
    } else {
        add(e, len + 1, CV_TRID_E_LAX, "castling field is missing (taken as '-')");
    }

    /* (5) en passant: the pawn that has just double-stepped */
    if (nf >= 5) {
        if (!(fl[4] == 1 && fs[4][0] == '-')) {
            int sl = 0, sq = fl[4] >= 5 ? cv_trid_sq_parse(fs[4], &sl) : -1;
            if (sq < 0 || sl != fl[4]) {
                add(e, e->fieldcol[4], CV_TRID_E_SYNTAX, "en passant must be a square such as c4(2), or '-', not '%.*s'",
                    fl[4], fs[4]);
                return -1;
            }
            p->ep = (int16_t)sq;
        }
    } else if (nf == 4) {
        add(e, len + 1, CV_TRID_E_LAX, "en passant field is missing (taken as '-')");
    }

    /* (6) halfmove clock, (7) fullmove number */
    long v;
    if (nf >= 6) {
        if (read_uint(fs[5], fl[5], &v) < 0) {
            add(e, e->fieldcol[5], CV_TRID_E_SYNTAX, "halfmove clock must be a number, not '%.*s'", fl[5], fs[5]);
            return -1;
        }
        p->halfmove = (int)v;
    } else if (nf >= 4) {
        add(e, len + 1, CV_TRID_E_LAX, "halfmove clock is missing (taken as 0)");
    }
    if (nf >= 7) {
        if (read_uint(fs[6], fl[6], &v) < 0) {
            add(e, e->fieldcol[6], CV_TRID_E_SYNTAX, "fullmove number must be a number, not '%.*s'", fl[6], fs[6]);
            return -1;
        }
        if (v == 0) add(e, e->fieldcol[6], CV_TRID_E_LAX, "fullmove number starts at 1");
        p->fullmove = v ? (int)v : 1;
    } else if (nf >= 4) {
        add(e, len + 1, CV_TRID_E_LAX, "fullmove number is missing (taken as 1)");
    }

    cv_trid_validate(p, e);
    return 0;
}

static int col_of(const cv_trid_errors *e, int sq, int field)
{
    if (sq >= 0 && e->sqcol[sq]) return e->sqcol[sq];
    return e->fieldcol[field] ? e->fieldcol[field] : 1;
}

static int cross_side(const cv_trid_opts *o)
{
    for (int p = 0; p < CV_TRID_PINS; p++)
        for (unsigned m = o->adj[p]; m; m &= m - 1)
            if ((__builtin_ctz(m) & 1) != (p & 1)) return 1;
    return 0;
}

/* The home squares of the king and rook of castling right k (KQkq). */
static void castle_homes(int k, int *ks, int *rs)
{
    int c = k >> 1, queen = k & 1;
    *ks = c ? CV_TRID_SQ(4, 9, 7) : CV_TRID_SQ(4, 0, 3);
    *rs = queen ? (c ? CV_TRID_SQ(0, 9, 7) : CV_TRID_SQ(0, 0, 3)) : (c ? CV_TRID_SQ(5, 9, 7) : CV_TRID_SQ(5, 0, 3));
}

unsigned cv_trid_castling_possible(const cv_trid_pos *p)
{
    unsigned bits = 0;
    for (int k = 0; k < 4; k++) {
        int c = k >> 1, ks, rs;
        castle_homes(k, &ks, &rs);
        if (cv_trid_exists(p, ks) && cv_trid_at(p, ks) == CV_TRID_PIECE(CV_TRID_KING, c) && cv_trid_exists(p, rs) &&
            cv_trid_at(p, rs) == CV_TRID_PIECE(CV_TRID_ROOK, c))
            bits |= 1u << k;
    }
    return bits;
}

int cv_trid_validate(const cv_trid_pos *p, cv_trid_errors *e)
{
    int n0 = e->n;
    int nk[2] = { 0, 0 }, ksq[2] = { -1, -1 };
    for (int c = 0; c < CV_TRID_CELLS; c++)
        for (int l = 1; l <= 7; l++) {
            uint8_t pc = p->pc[c][l];
            if (!pc) continue;
            int sq = c * 8 + l, col = CV_TRID_COLOR(pc), t = CV_TRID_TYPE(pc);
            if (!cv_trid_exists(p, sq)) {
                add(e, col_of(e, sq, 0), CV_TRID_E_POSITION, "%s %s on %s, a square that does not exist with the boards as they stand",
                    color_name[col], type_name[t], sqname(sq));
                continue;
            }
            if (t == CV_TRID_KING) {
                if (++nk[col] == 2)
                    add(e, col_of(e, sq, 0), CV_TRID_E_POSITION, "more than one %s king", color_name[col]);
                ksq[col] = sq;
            }
            if (t == CV_TRID_PAWN) {
                int r = CV_TRID_RANK(sq);
                if (cv_trid_promotes(p, sq, col))
                    add(e, col_of(e, sq, 0), CV_TRID_E_POSITION, "%s pawn on %s, where it would have promoted",
                        color_name[col], sqname(sq));
                else if (r == (col ? 9 : 0) && p->o.backward != CV_TRID_BACK_ALWAYS)
                    add(e, col_of(e, sq, 0), CV_TRID_E_POSITION,
                        "%s pawn on %s, behind its own first rank (only a board moving backward could carry it there)",
                        color_name[col], sqname(sq));
            }
        }
    for (int c = 0; c < 2; c++)
        if (nk[c] == 0) add(e, e->fieldcol[0] ? e->fieldcol[0] : 1, CV_TRID_E_POSITION, "no %s king", color_name[c]);

    int cross = cross_side(&p->o);
    for (int b = 0; b < CV_TRID_BOARDS; b++) {
        const cv_trid_board *bd = &p->board[b];
        int col = e->boardcol[b] ? e->boardcol[b] : e->fieldcol[1] ? e->fieldcol[1] : 1;
        if (bd->pin < 0) {
            add(e, e->fieldcol[1] ? e->fieldcol[1] : 1, CV_TRID_E_POSITION, "attack board %s is missing", cv_trid_board_name(b));
            continue;
        }
        if (!cross && (bd->pin & 1) != (b & 1))
            add(e, col, CV_TRID_E_POSITION, "%s stands on %s, on the wrong side (boards never cross in %s)",
                cv_trid_board_name(b), cv_trid_pin_name(bd->pin), cv_trid_ruleset_name(p->o.ruleset));
        if (bd->inverted && !p->o.inversion)
            add(e, col, CV_TRID_E_POSITION, "%s on %s is inverted; inverted boards are not played", cv_trid_board_name(b),
                cv_trid_pin_name(bd->pin));
    }

    /* Castling rights need the king and rook on their home squares. */
    static const char letters[] = "KQkq";
    for (int k = 0; k < 4; k++) {
        if (!(p->castling >> k & 1)) continue;
        int c = k >> 1, ks, rs;
        castle_homes(k, &ks, &rs);
        int col = e->castlecol[k] ? e->castlecol[k] : e->fieldcol[3] ? e->fieldcol[3] : 1;
        if (!cv_trid_exists(p, ks) || cv_trid_at(p, ks) != CV_TRID_PIECE(CV_TRID_KING, c))
            add(e, col, CV_TRID_E_POSITION, "castling right '%c' but no %s king on %s", letters[k], color_name[c], sqname(ks));
        else if (!cv_trid_exists(p, rs) || cv_trid_at(p, rs) != CV_TRID_PIECE(CV_TRID_ROOK, c))
            add(e, col, CV_TRID_E_POSITION, "castling right '%c' but no %s rook on %s", letters[k], color_name[c], sqname(rs));
    }

    if (p->ep >= 0) {
        int them = !p->side, r = CV_TRID_RANK(p->ep), col = e->fieldcol[4] ? e->fieldcol[4] : 1;
        if (!cv_trid_exists(p, p->ep) || cv_trid_at(p, p->ep) != CV_TRID_PIECE(CV_TRID_PAWN, them))
            add(e, col, CV_TRID_E_POSITION, "en passant: no %s pawn on %s", color_name[them], sqname(p->ep));
        else if (them == 0 ? (r != 3 && r != 4) : (r != 6 && r != 5))
            add(e, col, CV_TRID_E_POSITION, "en passant: a %s pawn on rank %d cannot have just double-stepped",
                color_name[them], r);
    }

    if (nk[0] == 1 && nk[1] == 1 && cv_trid_attacked(p, ksq[!p->side], p->side))
        add(e, e->fieldcol[2] ? e->fieldcol[2] : 1, CV_TRID_E_POSITION, "the side not to move (%s) is in check",
            color_name[!p->side]);
    if (p->halfmove < 0 || p->fullmove < 1)
        add(e, e->fieldcol[5] ? e->fieldcol[5] : 1, CV_TRID_E_POSITION, "move clocks out of range");
    return e->n - n0;
}

/* ---- writing ---- */


static void put_rank(cv_strbuf *o, const cv_trid_pos *p, int f0, int width, int rank, int level)
{
    int empty = 0;
    for (int f = f0; f < f0 + width; f++) {
        uint8_t pc = p->pc[rank * 6 + f][level];
        if (!pc) { empty++; continue; }
        if (empty) cv_strbuf_put(o, "%d", empty);
        empty = 0;
        cv_strbuf_put(o, "%c", cv_trid_piece_char(pc));
    }
    if (empty) cv_strbuf_put(o, "%d", empty);
}

size_t cv_trid_fen_write(const cv_trid_pos *p, char *buf, size_t size)
{
    cv_strbuf o = { buf, size, 0 };
    if (size) buf[0] = 0;
    static const int mlevel[3] = { 6, 4, 2 }, mtop[3] = { 8, 6, 4 };
    for (int m = 0; m < 3; m++) {
        if (m) cv_strbuf_put(&o, "|");
        for (int r = 0; r < 4; r++) {
            if (r) cv_strbuf_put(&o, "/");
            put_rank(&o, p, 1, 4, mtop[m] - r, mlevel[m]);
        }
    }
    cv_strbuf_put(&o, " ");
    int first = 1;
    for (int pin = 0; pin < CV_TRID_PINS; pin++) {
        int b = p->pinboard[pin];
        if (b < 0) continue;
        const cv_trid_board *bd = &p->board[b];
        cv_strbuf_put(&o, "%s%s%s", first ? "" : ",", cv_trid_pin_name(pin), bd->inverted ? "i" : "");
        first = 0;
        if (b != (pin & 1) + 2 * bd->ctrl) cv_strbuf_put(&o, "=%s", cv_trid_board_name(b));
        cv_strbuf_put(&o, ":%c:", bd->ctrl ? 'b' : 'w');
        int lv = cv_trid_pin_level(pin, bd->inverted), rm = cv_trid_pin_min_rank(pin);
        put_rank(&o, p, (pin & 1) ? 4 : 0, 2, rm + 1, lv);
        cv_strbuf_put(&o, "/");
        put_rank(&o, p, (pin & 1) ? 4 : 0, 2, rm, lv);
    }
    if (first) cv_strbuf_put(&o, "-");
    cv_strbuf_put(&o, " %c ", p->side ? 'b' : 'w');
    if (!p->castling) cv_strbuf_put(&o, "-");
    for (int k = 0; k < 4; k++)
        if (p->castling >> k & 1) cv_strbuf_put(&o, "%c", "KQkq"[k]);
    if (p->ep >= 0) cv_strbuf_put(&o, " %s", sqname(p->ep));
    else cv_strbuf_put(&o, " -");
    cv_strbuf_put(&o, " %d %d", p->halfmove, p->fullmove);
    return o.n;
}
