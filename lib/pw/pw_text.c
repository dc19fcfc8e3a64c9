/* pw_text: PW-FEN and the turn notation of docs/cvkit-formats.5. */
#include "pw.h"
#include "engine.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char letters[] = " PNBRQK";
static const char *const type_name[7] = { "", "pawn", "knight", "bishop", "rook", "queen", "king" };
static const char *const color_name[2] = { "white", "black" };

static void add(pw_errors *e, int col, int kind, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void add(pw_errors *e, int col, int kind, const char *fmt, ...)
{
    if (!e) return;
    va_list ap;
    va_start(ap, fmt);
    cv_problem_vadd(e->e, &e->n, 32, col, kind, fmt, ap);
    va_end(ap);
}

int cv_pw_sq_parse(const char *s)
{
    if (s[0] < '1' || s[0] > '3' || s[1] < 'a' || s[1] > 'h' || s[2] < '1' || s[2] > '8') return -1;
    return PW_SQ(s[0] - '1', s[2] - '1', s[1] - 'a');
}

size_t cv_pw_sq_name(int sq, char *buf, size_t size)
{
    char s[4] = { (char)('1' + PW_LEVEL(sq)), (char)('a' + PW_FILE(sq)), (char)('1' + PW_RANK(sq)), 0 };
    return (size_t)snprintf(buf, size, "%s", s);
}

/* ---- PW-FEN ---- */

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

/* The en passant target sq is capturable by the side to move. */
static int ep_usable(const pw_pos *p, int sq)
{
    int c = p->side, r = PW_RANK(sq), f = PW_FILE(sq), base = sq & ~63;
    int vr = c ? r + 1 : r - 1;             /* the pawn that passed */
    if (vr < 0 || vr > 7 || p->b[base + vr * 8 + f] != PW_PIECE(PW_PAWN, !c) || p->b[sq]) return 0;
    for (int df = -1; df <= 1; df += 2)
        if (f + df >= 0 && f + df < 8 && p->b[base + vr * 8 + f + df] == PW_PIECE(PW_PAWN, c)) return 1;
    return 0;
}

int cv_pw_fen_read(const char *text, const pw_opts *o, int lenient, pw_pos *p, pw_errors *e)
{
    cv_pw_clear(p, o);
    e->n = 0;
    memset(e->fieldcol, 0, sizeof e->fieldcol);
    int len = (int)strlen(text), fs[8], fl[8], nf = 0;
    for (int i = 0; i < len && nf < 8;) {
        while (i < len && text[i] == ' ') i++;
        if (i == len) break;
        fs[nf] = i;
        while (i < len && text[i] != ' ') i++;
        fl[nf] = i - fs[nf];
        e->fieldcol[nf] = fs[nf] + 1;
        nf++;
    }
    if (nf == 0) {
        add(e, 1, 0, "empty position");
        return -1;
    }
    if (nf > 6) {
        add(e, fs[6] + 1, 0, "unexpected text after the turn number");
        return -1;
    }
    /* (1) the three levels */
    const char *s = text + fs[0];
    int level = 0, rank = 7, file = 0, col;
    for (int i = 0; i <= fl[0]; i++) {
        char ch = i < fl[0] ? s[i] : '|';
        col = fs[0] + i + 1;
        if (ch == '/' || ch == '|') {
            if (file != 8) {
                add(e, col, 0, "level %d, rank %d has %d squares, not 8", level + 1, rank + 1, file);
                return -1;
            }
            if (ch == '/') {
                if (rank == 0) {
                    add(e, col, 0, "level %d has more than 8 ranks", level + 1);
                    return -1;
                }
                rank--;
            } else {
                if (rank != 0) {
                    add(e, col, 0, "level %d has %d ranks, not 8", level + 1, 8 - rank);
                    return -1;
                }
                if (i < fl[0] && level == 2) {
                    add(e, col, 0, "more than three levels");
                    return -1;
                }
                level++;
                rank = 7;
            }
            file = 0;
            continue;
        }
        if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8) {
                add(e, col, 0, "level %d, rank %d has more than 8 squares", level + 1, rank + 1);
                return -1;
            }
            continue;
        }
        const char *at = strchr(letters + 1, toupper((unsigned char)ch));
        if (!at || !isalpha((unsigned char)ch)) {
            add(e, col, 0, "invalid piece letter '%c'", ch);
            return -1;
        }
        if (file == 8) {
            add(e, col, 0, "level %d, rank %d has more than 8 squares", level + 1, rank + 1);
            return -1;
        }
        p->b[PW_SQ(level, rank, file)] = PW_PIECE(at - letters, islower((unsigned char)ch) ? 1 : 0);
        file++;
    }
    if (level != 3) {
        add(e, fs[0] + fl[0] + 1, 0, "%d level%s, not 3 (levels are separated by '|')", level, level == 1 ? "" : "s");
        return -1;
    }
    /* (2) side */
    if (nf < 2) {
        if (!lenient) add(e, len + 1, 1, "side to move is missing (taken as w)");
    } else if (fl[1] != 1 || (text[fs[1]] != 'w' && text[fs[1]] != 'b')) {
        add(e, fs[1] + 1, 0, "side to move must be 'w' or 'b', not '%.*s'", fl[1], text + fs[1]);
        return -1;
    } else {
        p->side = text[fs[1]] == 'b';
    }
    /* (3) castling: 1KQkq3KQkq */
    if (nf >= 3 && !(fl[2] == 1 && text[fs[2]] == '-')) {
        int cur = -1;
        for (int i = 0; i < fl[2]; i++) {
            char ch = text[fs[2] + i];
            col = fs[2] + i + 1;
            if (ch == '1' || ch == '3') {
                if (cur >= 0 && ch - '1' <= cur * 2) {
                    add(e, col, 0, "castling levels must come in order, each once");
                    return -1;
                }
                cur = (ch - '1') / 2;
                continue;
            }
            const char *k = strchr("KQkq", ch);
            if (!k || !ch || cur < 0) {
                add(e, col, 0, cur < 0 ? "castling rights start with their level, 1 or 3 (1KQkq3KQkq)"
                                       : "invalid castling letter '%c'", ch);
                return -1;
            }
            unsigned bit = 1u << (cur * 4 + (int)(k - "KQkq"));
            if (p->castling & bit) {
                add(e, col, 0, "castling right '%c' given twice on level %d", ch, cur * 2 + 1);
                return -1;
            }
            p->castling |= (uint8_t)bit;
        }
    }
    /* (4) en passant targets: 1e3,3d3 */
    if (nf >= 4 && !(fl[3] == 1 && text[fs[3]] == '-')) {
        const char *t = text + fs[3];
        for (int i = 0; i < fl[3];) {
            col = fs[3] + i + 1;
            char sq[4] = { 0 };
            int k = 0;
            while (i < fl[3] && t[i] != ',' && k < 3) sq[k++] = t[i++];
            int x = k == 3 ? cv_pw_sq_parse(sq) : -1;
            if (x < 0 || (i < fl[3] && t[i] != ',')) {
                add(e, col, 0, "en passant target must be a level and a square (1e3), not '%.*s'", fl[3] - (i - k),
                    t + i - k);
                return -1;
            }
            int outer = PW_LEVEL(x);
            int rr = PW_RANK(x);
            if (outer == 1) add(e, col, 2, "en passant target %s is on level 2, where nothing double-steps", sq);
            else if (rr != (p->side ? 2 : 5)) add(e, col, 2, "en passant target %s is not on rank %d", sq, p->side ? 3 : 6);
            else if (p->ep[outer >> 1] >= 0) add(e, col, 2, "two en passant targets on level %d", outer + 1);
            else if (!ep_usable(p, x) && p->b[x]) add(e, col, 2, "en passant target %s is occupied", sq);
            else p->ep[outer >> 1] = (int16_t)x;
            if (i < fl[3]) i++;
        }
    }
    /* (5) halfmove clock, (6) turn number */
    long v;
    if (nf >= 5) {
        if (read_uint(text + fs[4], fl[4], &v) < 0) {
            add(e, fs[4] + 1, 0, "halfmove clock must be a number, not '%.*s'", fl[4], text + fs[4]);
            return -1;
        }
        p->halfmove = (int)v;
    }
    if (nf >= 6) {
        if (read_uint(text + fs[5], fl[5], &v) < 0) {
            add(e, fs[5] + 1, 0, "turn number must be a number, not '%.*s'", fl[5], text + fs[5]);
            return -1;
        }
        if (v == 0 && !lenient) add(e, fs[5] + 1, 1, "turn number 0 (it starts at 1)");
        p->fullmove = v ? (int)v : 1;
    } else if (!lenient) {
        add(e, len + 1, 1, "missing fields (a PW-FEN has six)");
    }
    /* the position */
    int kings[2][3] = { { 0 } };
    for (int sq = 0; sq < PW_SQUARES; sq++) {
        uint8_t pc = p->b[sq];
        if (!pc) continue;
        int c = PW_COLOR(pc), t = PW_TYPE(pc), L = PW_LEVEL(sq);
        if (t == PW_KING) kings[c][L]++;
        if (t == PW_PAWN && L != 1 && PW_RANK(sq) == (c ? 0 : 7)) {
            char n[8];
            cv_pw_sq_name(sq, n, sizeof n);
            add(e, 1, 2, "a %s pawn on its last rank on level %d (%s): only level 2 holds one", color_name[c], L + 1, n);
        }
    }
    int missing = 0;
    for (int c = 0; c < 2; c++) {
        if (kings[c][1]) add(e, 1, 2, "a %s king on level 2 (kings never leave their level)", color_name[c]);
        for (int L = 0; L < 3; L += 2) {
            if (kings[c][L] > 1) add(e, 1, 2, "%d %s kings on level %d", kings[c][L], color_name[c], L + 1);
            if (!kings[c][L]) missing |= 1 << c;
        }
        /* the game ends at the first king taken: one is left */
        if (!kings[c][0] && !kings[c][2]) {
            add(e, 1, 2, "no %s king on level 1 or 3", color_name[c]);
            missing = 3;
        }
    }
    /* a king captured ends the game: the loser is to move, and the
     * position is final */
    if (missing == 3) {
        if (!e->n) add(e, 1, 2, "both sides have lost a king");
    }
    else if (missing) {
        p->over = 1;
        if (missing != 1 << p->side)
            add(e, e->fieldcol[1] ? e->fieldcol[1] : 1, 2, "%s has lost a king, so the game is over with %s to move",
                color_name[missing == 2], color_name[missing == 2]);
    }
    for (int k = 0; k < 8; k++) {
        if (!(p->castling >> k & 1)) continue;
        int L = (k >> 2) * 2, c = (k >> 1) & 1, q = k & 1;
        int home = PW_SQ(L, c ? 7 : 0, 0);
        if (p->b[home + 4] != PW_PIECE(PW_KING, c) || p->b[home + (q ? 0 : 7)] != PW_PIECE(PW_ROOK, c)) {
            if (lenient) p->castling &= (uint8_t)~(1u << k);
            else
                add(e, e->fieldcol[2] ? e->fieldcol[2] : 1, 2, "castling right '%c' on level %d needs the %s king and rook on their squares",
                    "KQkq"[k & 3], L + 1, color_name[c]);
        }
    }
    return 0;
}

size_t cv_pw_fen_write(const pw_pos *p, char *buf, size_t size)
{
    char out[400];
    size_t n = 0;
    for (int L = 0; L < 3; L++) {
        if (L) out[n++] = '|';
        for (int r = 7; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 8; f++) {
                uint8_t pc = p->b[PW_SQ(L, r, f)];
                if (!pc) {
                    empty++;
                    continue;
                }
                if (empty) out[n++] = (char)('0' + empty);
                empty = 0;
                char ch = letters[PW_TYPE(pc)];
                out[n++] = PW_COLOR(pc) ? (char)tolower((unsigned char)ch) : ch;
            }
            if (empty) out[n++] = (char)('0' + empty);
            if (r) out[n++] = '/';
        }
    }
    out[n++] = ' ';
    out[n++] = p->side ? 'b' : 'w';
    out[n++] = ' ';
    if (!p->castling) out[n++] = '-';
    for (int outer = 0; outer < 2; outer++) {
        if (!(p->castling >> (outer * 4) & 15)) continue;
        out[n++] = (char)('1' + outer * 2);
        for (int k = 0; k < 4; k++)
            if (p->castling >> (outer * 4 + k) & 1) out[n++] = "KQkq"[k];
    }
    out[n++] = ' ';
    int any = 0;
    for (int outer = 0; outer < 2; outer++) {
        if (p->ep[outer] < 0 || !ep_usable(p, p->ep[outer])) continue;
        if (any) out[n++] = ',';
        n += cv_pw_sq_name(p->ep[outer], out + n, 4);
        any = 1;
    }
    if (!any) out[n++] = '-';
    n += (size_t)snprintf(out + n, sizeof out - n, " %d %d", p->halfmove, p->fullmove);
    if (size) snprintf(buf, size, "%s", out);
    return n;
}

/* ---- notation ---- */

size_t cv_pw_move_format(const pw_pos *p, pw_move m, char *buf, size_t size)
{
    uint8_t pc = p->b[m.from];
    char a[8], b[8];
    cv_pw_sq_name(m.from, a, sizeof a);
    cv_pw_sq_name(m.to, b, sizeof b);
    int cap = m.kind == PW_MK_EP || (m.kind != PW_MK_CASTLE_K && m.kind != PW_MK_CASTLE_Q && p->b[m.to]);
    int t = PW_TYPE(pc);
    int n = snprintf(buf, size, "%s%s%c%s", t == PW_PAWN ? "" : (char[2]){ letters[t], 0 }, a, cap ? 'x' : '-', b);
    if (m.promo && n >= 0 && (size_t)n + 2 < size) n += snprintf(buf + n, size - (size_t)n, "=%c", letters[m.promo]);
    if (cap && PW_TYPE(p->b[m.to]) == PW_KING && n >= 0 && (size_t)n + 1 < size) n += snprintf(buf + n, size - (size_t)n, "#");
    return (size_t)n;
}

size_t cv_pw_turn_format(const pw_pos *p, const pw_turn *t, char *buf, size_t size)
{
    pw_pos q = *p;
    pw_state s;
    cv_pw_state_init(&s);
    size_t n = 0;
    if (size) buf[0] = 0;
    for (int i = 0; i < t->n; i++) {
        char one[32];
        cv_pw_move_format(&q, t->m[i], one, sizeof one);
        if (n < size) n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "," : "", one);
        if (cv_pw_play(&q, &s, t->m[i])) break;
    }
    return n;
}

/* One move's text read: piece letter (0 none), squares, promotion,
 * castling side (0 none, 1 king's, 2 queen's, with its level). */
typedef struct parsed {
    char piece;
    int from, to, promo, castle, castle_level, capture_mark, lax;
} parsed;

static int parse_move(const char *s, parsed *x, char *why, size_t ws)
{
    memset(x, 0, sizeof *x);
    x->from = x->to = -1;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '#' || s[n - 1] == '+' || s[n - 1] == '!' || s[n - 1] == '?')) n--;
    char t[40];
    if (n == 0 || n >= sizeof t) {
        snprintf(why, ws, "'%s' is not a move", s);
        return -1;
    }
    memcpy(t, s, n);
    t[n] = 0;
    /* castling: 1O-O, 3O-O-O (0 and o for O) */
    if ((t[0] == '1' || t[0] == '3') && strchr("O0o", t[1]) && t[1]) {
        const char *c = t + 1;
        int os = 0;
        while (*c && strchr("O0o", *c)) {
            os++;
            c++;
            if (*c == '-') c++;
            else break;
        }
        if (!*c && (os == 2 || os == 3)) {
            x->castle = os == 2 ? 1 : 2;
            x->castle_level = t[0] - '1';
            x->lax = t[1] != 'O';
            return 0;
        }
    }
    const char *c = t;
    if (isupper((unsigned char)*c)) {
        if (!strchr(letters + 1, *c)) {
            snprintf(why, ws, "'%c' is not a piece letter (K Q R B N)", *c);
            return -1;
        }
        x->piece = *c++;
    }
    if ((x->from = cv_pw_sq_parse(c)) < 0) {
        snprintf(why, ws, "'%s' is not a move: expected a level and a square (1e2) after the piece", s);
        return -1;
    }
    c += 3;
    if (*c != '-' && *c != 'x') {
        snprintf(why, ws, "'%s' is not a move: expected '-' or 'x' between the squares", s);
        return -1;
    }
    x->capture_mark = *c++ == 'x';
    if ((x->to = cv_pw_sq_parse(c)) < 0) {
        snprintf(why, ws, "'%s' is not a move: expected a level and a square after '%c'", s, c[-1]);
        return -1;
    }
    c += 3;
    if (*c == '=') c++;
    if (*c) {
        const char *k = strchr("NBRQ", toupper((unsigned char)*c));
        if (!k || c[1]) {
            snprintf(why, ws, "'%s' is not a move: unexpected '%s' after it", s, c);
            return -1;
        }
        x->promo = (int)(strchr(letters, toupper((unsigned char)*c)) - letters);
        if (c[-1] != '=') x->lax = 1;
    }
    return 0;
}

static void name(int sq, char *b) { cv_pw_sq_name(sq, b, 8); }

/* Resolves one parsed move against the moves legal at (p, s). */
static pw_status resolve(const pw_pos *p, const pw_state *s, const parsed *x, const char *text, pw_move *out,
                         char *why, size_t ws)
{
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(p, s, ml), c = p->side;
    if (x->castle) {
        int home = PW_SQ(x->castle_level, c ? 7 : 0, 4);
        for (int i = 0; i < n; i++)
            if (ml[i].from == home && ml[i].kind == (x->castle == 1 ? PW_MK_CASTLE_K : PW_MK_CASTLE_Q)) {
                *out = ml[i];
                return PW_OK;
            }
        snprintf(why, ws, "%s: castling %s on level %d is not possible here", text,
                 x->castle == 1 ? "king-side" : "queen-side", x->castle_level + 1);
        return PW_ILLEGAL;
    }
    char a[8], b[8];
    name(x->from, a);
    name(x->to, b);
    uint8_t pc = p->b[x->from];
    if (!pc || PW_COLOR(pc) != c) {
        snprintf(why, ws, "%s: no %s piece on %s", text, color_name[c], a);
        return PW_ILLEGAL;
    }
    int t = PW_TYPE(pc);
    if (x->piece ? letters[t] != x->piece : t != PW_PAWN) {
        snprintf(why, ws, "%s: %s holds a %s%s", text, a, type_name[t],
                 x->piece ? "" : " (name it with its letter)");
        return PW_ILLEGAL;
    }
    if (s->moved[x->from >> 6] >> (x->from & 63) & 1) {
        snprintf(why, ws, "%s: the %s on %s has already moved this turn (a piece moves once a turn)", text,
                 type_name[t], a);
        return PW_ILLEGAL;
    }
    if (s->levels >> PW_LEVEL(x->to) & 1) {
        snprintf(why, ws, "%s: a move of this turn already ended on level %d (each ends on its own level)", text,
                 PW_LEVEL(x->to) + 1);
        return PW_ILLEGAL;
    }
    int found = -1, promos = 0;
    for (int i = 0; i < n; i++) {
        if (ml[i].from != x->from || ml[i].to != x->to) continue;
        if (ml[i].promo) promos++;
        if (ml[i].promo == x->promo) found = i;
    }
    if (found < 0) {
        if (promos && !x->promo) snprintf(why, ws, "%s: a pawn reaching %s must promote (=Q, =R, =B or =N)", text, b);
        else if (x->promo && !promos) snprintf(why, ws, "%s: %s-%s is not a promotion", text, a, b);
        else if (PW_LEVEL(x->from) == 1 && PW_LEVEL(x->to) == 1 && p->b[x->to])
            snprintf(why, ws, "%s: nothing captures on level 2", text);
        else if (t == PW_KING && PW_LEVEL(x->to) != PW_LEVEL(x->from))
            snprintf(why, ws, "%s: kings never leave their level", text);
        else snprintf(why, ws, "%s: the %s on %s cannot move to %s", text, type_name[t], a, b);
        return PW_ILLEGAL;
    }
    *out = ml[found];
    return PW_OK;
}

pw_status cv_pw_turn_read(const pw_pos *p, const char *text, pw_turn *t, char *why, size_t ws, int *lax)
{
    memset(t, 0, sizeof *t);
    *lax = 0;
    pw_pos q = *p;
    pw_state s;
    cv_pw_state_init(&s);
    const char *c = text;
    if (!*c) {
        snprintf(why, ws, "an empty turn (a turn has one to three moves)");
        return PW_SYNTAX;
    }
    int limit = cv_pw_turn_limit(p);
    for (;;) {
        const char *end = strchr(c, ',');
        size_t n = end ? (size_t)(end - c) : strlen(c);
        char one[48];
        if (n == 0 || n >= sizeof one) {
            snprintf(why, ws, n ? "'%.20s...' is not a move" : "an empty move in '%s' (moves are joined by ',')", n ? c : text);
            return PW_SYNTAX;
        }
        memcpy(one, c, n);
        one[n] = 0;
        if (q.over) {
            snprintf(why, ws, "%s: the game is over: a king was captured earlier in this turn", one);
            return PW_ILLEGAL;
        }
        if (t->n >= limit) {
            if (limit == p->o.first_turn_moves && p->side == 0 && p->fullmove == 1)
                snprintf(why, ws, "%s: White's first turn has at most %d move%s", one, limit, limit == 1 ? "" : "s");
            else snprintf(why, ws, "%s: a turn has at most %d move%s", one, limit, limit == 1 ? "" : "s");
            return PW_ILLEGAL;
        }
        parsed x;
        if (parse_move(one, &x, why, ws) < 0) return PW_SYNTAX;
        pw_move m;
        pw_status st = resolve(&q, &s, &x, one, &m, why, ws);
        if (st != PW_OK) return st;
        int cap = m.kind == PW_MK_EP || (m.kind != PW_MK_CASTLE_K && m.kind != PW_MK_CASTLE_Q && q.b[m.to]);
        if (x.capture_mark != cap || x.lax) *lax = 1;
        t->m[t->n++] = m;
        cv_pw_play(&q, &s, m);
        if (!end) break;
        c = end + 1;
    }
    return PW_OK;
}
