/* trid: geometry, positions, move generation and perft of Tri-D chess.
 * See trid.h for what the module promises and docs/cvkit-variants.7 for the rules. */
#include "trid.h"
#include "trid_int.h"
#include "engine.h"
#include "count.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- pins and places ----
 * Index n = pin >> 1 (Meder's number minus one).  The tables say where the
 * main-board corner is and which two ranks a board there covers; the level
 * follows from the main board's level. */
static const int8_t pin_main_level[6] = { 2, 2, 4, 4, 6, 6 };
static const int8_t pin_corner_rank[6] = { 1, 4, 3, 6, 5, 8 };
static const int8_t pin_rank_min[6] = { 0, 4, 2, 6, 4, 8 };

static const char *const pin_names[CV_TRID_PINS] = {
    "QL1", "KL1", "QL2", "KL2", "QL3", "KL3", "QL4", "KL4", "QL5", "KL5", "QL6", "KL6",
};
static const char *const board_names[CV_TRID_BOARDS] = { "QLW", "KLW", "QLB", "KLB" };
static const int8_t start_pin[CV_TRID_BOARDS] = { 0, 1, 10, 11 };

int cv_trid_pin_main_level(int pin) { return pin_main_level[pin >> 1]; }
int cv_trid_pin_level(int pin, int inverted) { return pin_main_level[pin >> 1] + (inverted ? -1 : 1); }
int cv_trid_pin_min_rank(int pin) { return pin_rank_min[pin >> 1]; }
int cv_trid_pin_corner(int pin) { return pin_corner_rank[pin >> 1] * 6 + ((pin & 1) ? 4 : 1); }
static inline int pin_file_min(int pin) { return (pin & 1) ? 4 : 0; }
/* The lowest cell a board on the pin covers; the others are +1, +6, +7. */
int cv_trid__pin_cell0(int pin) { return pin_rank_min[pin >> 1] * 6 + pin_file_min(pin); }

/* Pin + 12 * inverted of the place whose board would hold (f, r, l), -1
 * for none.  Upright boards stand a level above their main board,
 * inverted ones a level below; the two pin pairs of a main board cover
 * even-based pairs of ranks, files a-b or e-f. */
static inline int place_at(int f, int r, int l)
{
    if (f == 2 || f == 3 || !(l & 1)) return -1;
    for (int inv = 0; inv < 2; inv++) {
        int m = inv ? l + 1 : l - 1;
        if (m < 2 || m > 6) continue;
        for (int n = m - 2; n <= m - 1; n++)
            if ((r & ~1) == pin_rank_min[n]) return 2 * n + (f >= 4) + 12 * inv;
    }
    return -1;
}

int cv_trid_place_of(int sq)
{
    if (sq < 0 || sq >= CV_TRID_SQUARES) return -1;
    return place_at(CV_TRID_FILE(sq), CV_TRID_RANK(sq), CV_TRID_LEVEL(sq));
}

static int main_square(int sq)
{
    int f = CV_TRID_FILE(sq), r = CV_TRID_RANK(sq), l = CV_TRID_LEVEL(sq);
    if (f < 1 || f > 4) return 0;
    switch (l) {
    case 2: return r >= 1 && r <= 4;
    case 4: return r >= 3 && r <= 6;
    case 6: return r >= 5 && r <= 8;
    default: return 0;
    }
}

/* ---- names ---- */

const char *cv_trid_pin_name(int pin) { return pin >= 0 && pin < CV_TRID_PINS ? pin_names[pin] : "?"; }
const char *cv_trid_board_name(int b) { return b >= 0 && b < CV_TRID_BOARDS ? board_names[b] : "?"; }

int cv_trid_pin_parse(const char *s)
{
    if ((s[0] != 'Q' && s[0] != 'K') || s[1] != 'L' || s[2] < '1' || s[2] > '6') return -1;
    return 2 * (s[2] - '1') + (s[0] == 'K');
}

int cv_trid_board_parse(const char *s)
{
    if ((s[0] != 'Q' && s[0] != 'K') || s[1] != 'L' || (s[2] != 'W' && s[2] != 'B')) return -1;
    return (s[0] == 'K') + 2 * (s[2] == 'B');
}

size_t cv_trid_sq_name(int sq, char *buf, size_t size)
{
    char tmp[8];
    int n = 0;
    if (sq >= 0 && sq < CV_TRID_SQUARES && CV_TRID_LEVEL(sq) >= 1) {
        tmp[n++] = (char)('a' + CV_TRID_FILE(sq));
        tmp[n++] = (char)('0' + CV_TRID_RANK(sq));
        tmp[n++] = '(';
        tmp[n++] = (char)('0' + CV_TRID_LEVEL(sq));
        tmp[n++] = ')';
    } else {
        tmp[n++] = '?';
    }
    tmp[n] = 0;
    if (size) {
        size_t k = (size_t)n < size - 1 ? (size_t)n : size - 1;
        memcpy(buf, tmp, k);
        buf[k] = 0;
    }
    return (size_t)n;
}

int cv_trid_sq_parse(const char *s, int *len)
{
    if (s[0] < 'a' || s[0] > 'f' || s[1] < '0' || s[1] > '9' || s[2] != '(' || s[3] < '1' || s[3] > '7' ||
        s[4] != ')')
        return -1;
    if (len) *len = 5;
    return CV_TRID_SQ(s[0] - 'a', s[1] - '0', s[3] - '0');
}

char cv_trid_piece_char(uint8_t pc)
{
    static const char w[] = "?PNBRQK?";
    char c = w[CV_TRID_TYPE(pc)];
    return CV_TRID_COLOR(pc) ? (char)(c + 'a' - 'A') : c;
}

/* ---- options ---- */

static uint16_t pinbit(int n, int kl) { return (uint16_t)(1u << (2 * (n - 1) + kl)); }

void cv_trid_opts_default(cv_trid_opts *o, cv_trid_ruleset rs)
{
    memset(o, 0, sizeof *o);
    o->ruleset = rs;
    o->promo_types = 1u << CV_TRID_QUEEN | 1u << CV_TRID_ROOK | 1u << CV_TRID_BISHOP | 1u << CV_TRID_KNIGHT;
    if (rs == CV_TRID_TOURNAMENT) {
        o->block = CV_TRID_BLOCK_ANY_PIECE;
        o->void_passes = 1;
        o->load = CV_TRID_LOAD_ONE_PIECE;
        o->backward = CV_TRID_BACK_EMPTY_ONLY;
        o->promo = CV_TRID_PROMO_TRUE_LAST;
        o->castle = CV_TRID_CASTLE_NOT_MOVE_ONE;
        /* Same side +-1 and +-2, and QLn <-> KLn. */
        for (int n = 1; n <= 6; n++)
            for (int kl = 0; kl < 2; kl++) {
                uint16_t m = pinbit(n, !kl);
                for (int d = -2; d <= 2; d++)
                    if (d && n + d >= 1 && n + d <= 6) m |= pinbit(n + d, kl);
                o->adj[2 * (n - 1) + kl] = m;
            }
    } else {
        o->block = CV_TRID_BLOCK_LEVEL;
        o->void_passes = 0;
        o->load = CV_TRID_LOAD_OWN_PAWN;
        o->backward = CV_TRID_BACK_ALWAYS;
        o->promo = CV_TRID_PROMO_FIXED;
        o->castle = CV_TRID_CASTLE_ANY_TIME;
        /* Roth's map, "within two squares", never across. */
        static const int8_t edges[][2] = { { 1, 3 }, { 3, 2 }, { 3, 5 }, { 2, 5 }, { 2, 4 }, { 5, 4 }, { 4, 6 } };
        for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
            for (int kl = 0; kl < 2; kl++) {
                o->adj[2 * (edges[i][0] - 1) + kl] |= pinbit(edges[i][1], kl);
                o->adj[2 * (edges[i][1] - 1) + kl] |= pinbit(edges[i][0], kl);
            }
    }
    o->ep = CV_TRID_EP_ANY_FREE;
    o->inversion = 0;
}

const char *cv_trid_ruleset_name(cv_trid_ruleset rs)
{
    return rs == CV_TRID_TOURNAMENT ? "trid-tournament" : "trid-standard";
}

int cv_trid_ruleset_from_name(const char *name)
{
    static const struct { const char *s; int rs; } names[] = {
        { "trid-standard", CV_TRID_STANDARD }, { "standard", CV_TRID_STANDARD },
        { "federation", CV_TRID_STANDARD },    { "trid-federation", CV_TRID_STANDARD },
        { "trid-tournament", CV_TRID_TOURNAMENT }, { "tournament", CV_TRID_TOURNAMENT },
        { "meder", CV_TRID_TOURNAMENT },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].s) == 0) return names[i].rs;
    return -1;
}

/* Option keys as a spec file writes them.  Each key takes one of a few
 * words, so a reader who decides a rule differently changes one line. */
typedef struct {
    const char *key;
    const char *words[5];   /* value i stands for enum value i */
} opt_key;

static const opt_key opt_keys[] = {
    { "blocking", { "level", "any-piece", "any-empty" } },
    { "void-cells", { "block", "pass" } },
    { "board-load", { "own-pawn", "one-piece", "empty" } },
    { "board-backward", { "always", "empty-only", "never" } },
    { "promotion", { "fixed", "true-last" } },
    { "castling", { "any-time", "not-move-one", "never" } },
    { "en-passant", { "any-free", "none" } },
    { "inversion", { "off" } },
};

static void opt_err(char *err, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void opt_err(char *err, size_t size, const char *fmt, ...)
{
    if (!err || !size) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, size, fmt, ap);
    va_end(ap);
}

/* Pin adjacency: "roth" (Standard), "meder" (Tournament), or edges such
 * as "1-3 2-4" (the same numbers on both sides) and "QL1-KL1" (one pair). */
static int set_adjacency(cv_trid_opts *o, const char *v, char *err, size_t size)
{
    cv_trid_opts d;
    if (strcmp(v, "roth") == 0 || strcmp(v, "meder") == 0) {
        cv_trid_opts_default(&d, v[0] == 'r' ? CV_TRID_STANDARD : CV_TRID_TOURNAMENT);
        memcpy(o->adj, d.adj, sizeof o->adj);
        return 0;
    }
    uint16_t adj[CV_TRID_PINS] = { 0 };
    const char *t = v;
    while (*t) {
        while (*t == ' ' || *t == ',') t++;
        if (!*t) break;
        int a, b;
        if (t[0] >= '1' && t[0] <= '6' && t[1] == '-' && t[2] >= '1' && t[2] <= '6' && t[0] != t[2]) {
            for (int kl = 0; kl < 2; kl++) {
                a = 2 * (t[0] - '1') + kl;
                b = 2 * (t[2] - '1') + kl;
                adj[a] |= (uint16_t)(1u << b);
                adj[b] |= (uint16_t)(1u << a);
            }
            t += 3;
        } else if ((a = cv_trid_pin_parse(t)) >= 0 && t[3] == '-' && (b = cv_trid_pin_parse(t + 4)) >= 0 && a != b) {
            adj[a] |= (uint16_t)(1u << b);
            adj[b] |= (uint16_t)(1u << a);
            t += 7;
        } else {
            opt_err(err, size, "board-adjacency: '%s' is not an edge (n-m or QLn-KLm)", t);
            return -1;
        }
        if (*t && *t != ' ' && *t != ',') {
            opt_err(err, size, "board-adjacency: '%s': edges are separated by spaces or commas", t);
            return -1;
        }
    }
    memcpy(o->adj, adj, sizeof adj);
    return 0;
}

int cv_trid_opts_set(cv_trid_opts *o, const char *key, const char *value, char *err, size_t errsize)
{
    if (strcmp(key, "board-adjacency") == 0) return set_adjacency(o, value, err, errsize);
    if (strcmp(key, "promotion-pieces") == 0) {
        uint8_t m = 0;
        for (const char *c = value; *c; c++) {
            const char *x = strchr("NBRQ", *c);
            if (!x) {
                opt_err(err, errsize, "promotion-pieces: '%s' is not made of Q, R, B, N", value);
                return -1;
            }
            m |= (uint8_t)(1u << (CV_TRID_KNIGHT + (x - "NBRQ")));
        }
        o->promo_types = m;
        return 0;
    }
    for (size_t i = 0; i < sizeof opt_keys / sizeof opt_keys[0]; i++) {
        if (strcmp(key, opt_keys[i].key) != 0) continue;
        for (int w = 0; w < 5 && opt_keys[i].words[w]; w++) {
            if (strcmp(value, opt_keys[i].words[w]) != 0) continue;
            switch (i) {
            case 0: o->block = (cv_trid_block)w; break;
            case 1: o->void_passes = (uint8_t)w; break;
            case 2: o->load = (cv_trid_load)w; break;
            case 3: o->backward = (cv_trid_backward)w; break;
            case 4: o->promo = (cv_trid_promo)w; break;
            case 5: o->castle = (cv_trid_castle)w; break;
            case 6: o->ep = (cv_trid_ep)w; break;
            default: o->inversion = 0; break;
            }
            return 0;
        }
        char words[96] = "";
        size_t n = 0;
        for (int w = 0; w < 5 && opt_keys[i].words[w]; w++)
            n += (size_t)snprintf(words + n, sizeof words - n, "%s%s", w ? ", " : "", opt_keys[i].words[w]);
        opt_err(err, errsize, "%s: expected one of %s", key, words);
        return -1;
    }
    opt_err(err, errsize, "unknown Tri-D rule option '%s'", key);
    return -1;
}

/* ---- position ---- */

/* Index among the 64 of the existing square (c, l). */
static inline int sq64_at(const cv_trid_pos *p, int c, int l)
{
    int f = c % 6, r = c / 6;
    /* Main board on level l covers ranks l - 1 to l + 2, files b-e. */
    if (!(l & 1)) return 8 * l - 16 + (r - l + 1) * 4 + f - 1;
    int pl = place_at(f, r, l), b = pl >= 0 ? p->pinboard[pl % 12] : -1;
    if (b < 0 || p->board[b].inverted != pl / 12) return -1;
    return 48 + 4 * b + (r & 1) * 2 + (f & 1);
}

int cv_trid_sq64(const cv_trid_pos *p, int sq)
{
    return cv_trid_exists(p, sq) ? sq64_at(p, sq >> 3, sq & 7) : -1;
}

static inline int board_of64(int s64) { return s64 >= 48 ? (s64 - 48) >> 2 : -1; }

int cv_trid_board_of(const cv_trid_pos *p, int sq) { return board_of64(cv_trid_sq64(p, sq)); }

/* The cell sums of cell c (cany, cfree, copen) from its bytes. */
static inline void cell_sums(cv_trid_pos *p, int c)
{
    unsigned ex = p->exist[c], o0 = p->occ[0][c], o1 = p->occ[1][c];
    uint64_t keep = ~(1ull << c);
    p->cany = (p->cany & keep) | (uint64_t)(ex != 0) << c;
    p->cfree = (p->cfree & keep) | (uint64_t)((ex & ~(o0 | o1)) != 0) << c;
    p->copen[0] = (p->copen[0] & keep) | (uint64_t)((ex & ~o0) != 0) << c;
    p->copen[1] = (p->copen[1] & keep) | (uint64_t)((ex & ~o1) != 0) << c;
}

/* s64: the square's index among the 64 (sq64_at()), which a caller that
 * needs it too works out once. */
static inline void set_piece64(cv_trid_pos *p, int c, int l, int s64, uint8_t pc)
{
    uint8_t old = p->pc[c][l];
    uint64_t bit = 1ull << c;
    uint64_t bit64 = s64 >= 0 ? 1ull << s64 : 0;
    p->pc[c][l] = pc;
    if (old) {
        int oc = CV_TRID_COLOR(old), ot = CV_TRID_TYPE(old);
        p->sq64[oc] &= ~bit64;
        p->occ[oc][c] &= (uint8_t)~(1u << l);
        p->locc[oc][l] &= ~bit;
        /* its square is now one without a piece of its colour */
        p->copen[oc] |= bit;
        if (!p->occ[oc][c]) p->cells[oc] &= ~bit;
        /* The cell keeps the type's bit while another level holds one. */
        p->tcells[oc][ot] &= ~bit;
        for (unsigned m = p->occ[oc][c]; m; m &= m - 1)
            if (CV_TRID_TYPE(p->pc[c][__builtin_ctz(m)]) == ot) {
                p->tcells[oc][ot] |= bit;
                break;
            }
    }
    if (pc) {
        int nc = CV_TRID_COLOR(pc);
        p->occ[nc][c] |= (uint8_t)(1u << l);
        p->locc[nc][l] |= bit;
        p->sq64[nc] |= bit64;
        p->cells[nc] |= bit;
        p->tcells[nc][CV_TRID_TYPE(pc)] |= bit;
        if (CV_TRID_TYPE(pc) == CV_TRID_KING) p->king[nc] = (int16_t)(c * 8 + l);
        unsigned ex = p->exist[c], o = p->occ[nc][c];
        p->copen[nc] = (p->copen[nc] & ~bit) | (uint64_t)((ex & ~o) != 0) << c;
        p->cfree = (p->cfree & ~bit) | (uint64_t)((ex & ~(o | p->occ[!nc][c])) != 0) << c;
    } else if (old) {
        p->cfree |= bit;
    }
}

/* set_piece64() twice, emptying (fc, fl) and putting np (the piece
 * from there, or what it promotes to) on the empty square (tc, tl), in
 * one pass: the common move. */
static inline void move_piece(cv_trid_pos *p, int us, int fc, int fl, int s1, int tc, int tl, int s2, uint8_t np)
{
    int ty = CV_TRID_TYPE(p->pc[fc][fl]), nt = CV_TRID_TYPE(np);
    uint64_t fb = 1ull << fc, tb = 1ull << tc;
    p->pc[fc][fl] = 0;
    p->pc[tc][tl] = np;
    p->occ[us][fc] &= (uint8_t)~(1u << fl);
    p->occ[us][tc] |= (uint8_t)(1u << tl);
    p->locc[us][fl] &= ~fb;
    p->locc[us][tl] |= tb;
    p->sq64[us] = (p->sq64[us] & ~(s1 >= 0 ? 1ull << s1 : 0)) | (s2 >= 0 ? 1ull << s2 : 0);
    unsigned left = p->occ[us][fc];
    if (!left) p->cells[us] &= ~fb;
    p->cells[us] |= tb;
    /* The from cell keeps the type's bit while another level holds one. */
    p->tcells[us][ty] &= ~fb;
    for (unsigned m = left; m; m &= m - 1)
        if (CV_TRID_TYPE(p->pc[fc][__builtin_ctz(m)]) == ty) {
            p->tcells[us][ty] |= fb;
            break;
        }
    p->tcells[us][nt] |= tb;
    if (nt == CV_TRID_KING) p->king[us] = (int16_t)(tc * 8 + tl);
    /* The square left is empty; the one entered is ours. */
    p->copen[us] |= fb;
    p->cfree |= fb;
    unsigned ex = p->exist[tc], o = p->occ[us][tc];
    p->copen[us] = (p->copen[us] & ~tb) | (uint64_t)((ex & ~o) != 0) << tc;
    p->cfree = (p->cfree & ~tb) | (uint64_t)((ex & ~(o | p->occ[!us][tc])) != 0) << tc;
}

static inline void set_piece(cv_trid_pos *p, int c, int l, uint8_t pc) { set_piece64(p, c, l, sq64_at(p, c, l), pc); }

/* The board's pieces by colour: bit 0 white present, bit 1 black. */
unsigned cv_trid_board_colors(const cv_trid_pos *p, int b)
{
    int at = 48 + 4 * b;
    return (unsigned)((p->sq64[0] >> at & 0xF) != 0) | (unsigned)((p->sq64[1] >> at & 0xF) != 0) << 1;
}

/* Control goes to the side that stands alone on a board; empty and
 * rooted (mixed) boards keep theirs.  Returns 1 when it changed. */
static int update_ctrl(cv_trid_pos *p, int b)
{
    if (b < 0) return 0;
    unsigned cs = cv_trid_board_colors(p, b);
    int c = cs == 1 ? 0 : cs == 2 ? 1 : -1;
    if (c < 0 || c == p->board[b].ctrl) return 0;
    p->board[b].ctrl = (int8_t)c;
    return 1;
}

static void set_exist(cv_trid_pos *p, int pin, int inv, int on)
{
    int c0 = cv_trid__pin_cell0(pin), l = cv_trid_pin_level(pin, inv);
    uint8_t bit = (uint8_t)(1u << l);
    static const int8_t off[4] = { 0, 1, 6, 7 };
    for (int i = 0; i < 4; i++) {
        if (on) p->exist[c0 + off[i]] |= bit;
        else p->exist[c0 + off[i]] &= (uint8_t)~bit;
        cell_sums(p, c0 + off[i]);
    }
    uint64_t cells = 0x3ull << c0 | 0x3ull << (c0 + 6);
    if (on) p->lexist[l] |= cells;
    else p->lexist[l] &= ~cells;
}

void cv_trid_clear(cv_trid_pos *p, const cv_trid_opts *o)
{
    memset(p, 0, sizeof *p);
    if (o) p->o = *o;
    else cv_trid_opts_default(&p->o, CV_TRID_STANDARD);
    for (int r = 0; r < CV_TRID_RANKS; r++)
        for (int f = 1; f <= 4; f++)
            for (int l = 2; l <= 6; l += 2)
                if (main_square(CV_TRID_SQ(f, r, l))) {
                    p->exist[r * 6 + f] |= (uint8_t)(1u << l);
                    p->lexist[l] |= 1ull << (r * 6 + f);
                }
    memset(p->pinboard, -1, sizeof p->pinboard);
    for (int b = 0; b < CV_TRID_BOARDS; b++) {
        p->board[b].pin = start_pin[b];
        p->board[b].inverted = 0;
        p->board[b].ctrl = (int8_t)(b >= 2);
        p->pinboard[start_pin[b]] = (int8_t)b;
        set_exist(p, start_pin[b], 0, 1);
    }
    for (int c = 0; c < CV_TRID_CELLS; c++) cell_sums(p, c);
    p->king[0] = p->king[1] = -1;
    p->ep = -1;
    p->fullmove = 1;
}

static void recount_kings(cv_trid_pos *p)
{
    p->king[0] = p->king[1] = -1;
    int n[2] = { 0, 0 };
    for (int c = 0; c < CV_TRID_CELLS; c++)
        for (int l = 1; l <= 7; l++) {
            uint8_t pc = p->pc[c][l];
            if (pc && CV_TRID_TYPE(pc) == CV_TRID_KING) {
                n[CV_TRID_COLOR(pc)]++;
                p->king[CV_TRID_COLOR(pc)] = (int16_t)(c * 8 + l);
            }
        }
    for (int s = 0; s < 2; s++)
        if (n[s] != 1) p->king[s] = -1;
}

int cv_trid_put(cv_trid_pos *p, int sq, uint8_t piece)
{
    if (!cv_trid_exists(p, sq)) return -1;
    uint8_t old = cv_trid_at(p, sq);
    set_piece(p, sq >> 3, sq & 7, piece);
    if ((old && CV_TRID_TYPE(old) == CV_TRID_KING) || (piece && CV_TRID_TYPE(piece) == CV_TRID_KING))
        recount_kings(p);
    update_ctrl(p, cv_trid_board_of(p, sq));
    return 0;
}

/* Moves board b to (pin, inv) with its pieces keeping their places on it
 * (a translation: a2(5) on QL3 lands on a0(3) on QL1, as 24... QLW-b1(2)Q
 * of the sample game needs). */
static void move_board(cv_trid_pos *p, int b, int pin, int inv)
{
    int from = p->board[b].pin, finv = p->board[b].inverted;
    static const int8_t off[4] = { 0, 1, 6, 7 };
    uint8_t load[4] = { 0, 0, 0, 0 };
    if (from >= 0) {
        int c0 = cv_trid__pin_cell0(from), l0 = cv_trid_pin_level(from, finv);
        for (int i = 0; i < 4; i++) {
            load[i] = p->pc[c0 + off[i]][l0];
            if (load[i]) set_piece(p, c0 + off[i], l0, 0);
        }
        set_exist(p, from, finv, 0);
        p->pinboard[from] = -1;
    }
    p->board[b].pin = (int8_t)pin;
    p->board[b].inverted = (int8_t)inv;
    if (pin < 0) return;
    int c1 = cv_trid__pin_cell0(pin), l1 = cv_trid_pin_level(pin, inv);
    p->pinboard[pin] = (int8_t)b;
    set_exist(p, pin, inv, 1);
    for (int i = 0; i < 4; i++)
        if (load[i]) set_piece(p, c1 + off[i], l1, load[i]);
}

int cv_trid_place_board(cv_trid_pos *p, int b, int pin, int inverted)
{
    if (b < 0 || b >= CV_TRID_BOARDS || pin < -1 || pin >= CV_TRID_PINS) return -1;
    if (pin < 0) inverted = 0;
    else if (p->pinboard[pin] >= 0 && p->pinboard[pin] != b) return -1;
    move_board(p, b, pin, inverted != 0);
    recount_kings(p);
    return 0;
}

static const char start_fen[] =
    "nbbn/pppp/4/4|4/4/4/4|4/4/PPPP/NBBN QL1:w:PP/RQ,KL1:w:PP/KR,QL6:b:rq/pp,KL6:b:kr/pp w KQkq - 0 1";

const char *cv_trid_start_fen(cv_trid_ruleset rs)
{
    (void)rs;
    return start_fen;
}

void cv_trid_start(cv_trid_pos *p, const cv_trid_opts *o)
{
    cv_trid_clear(p, o);
    static const struct { char pc; int f, r, l; } w[] = {
        { 'R', 0, 0, 3 }, { 'Q', 1, 0, 3 }, { 'K', 4, 0, 3 }, { 'R', 5, 0, 3 },
        { 'P', 0, 1, 3 }, { 'P', 1, 1, 3 }, { 'P', 4, 1, 3 }, { 'P', 5, 1, 3 },
        { 'N', 1, 1, 2 }, { 'B', 2, 1, 2 }, { 'B', 3, 1, 2 }, { 'N', 4, 1, 2 },
        { 'P', 1, 2, 2 }, { 'P', 2, 2, 2 }, { 'P', 3, 2, 2 }, { 'P', 4, 2, 2 },
    };
    static const char types[] = "PNBRQK";
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        int t = (int)(strchr(types, w[i].pc) - types) + 1;
        /* Black mirrors the ranks (9 - r); its boards stand four levels up. */
        set_piece(p, w[i].r * 6 + w[i].f, w[i].l, CV_TRID_PIECE(t, 0));
        set_piece(p, (9 - w[i].r) * 6 + w[i].f, w[i].l + 4, CV_TRID_PIECE(t, 1));
    }
    p->castling = 15;
}

/* ---- path rules ---- */

/* The blocking rule lives in trid_int.h, shared with trid_fast.c. */

static const int8_t king_df[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
static const int8_t king_dr[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int8_t knight_df[8] = { 1, 2, 2, 1, -1, -2, -2, -1 };
static const int8_t knight_dr[8] = { 2, 1, -1, -2, -2, -1, 1, 2 };

static inline int cell_at(int f, int r) { return (unsigned)f < 6 && (unsigned)r < 10 ? r * 6 + f : -1; }

/* Promotion squares.  pins: the pin table to judge by (a board move asks
 * about the position after it). */
static int last_rank(const cv_trid_pos *p, const int8_t *pins, int file, int color)
{
    if (p->o.promo == CV_TRID_PROMO_FIXED) return color ? 0 : 9;
    switch (file) {
    case 2: case 3: return color ? 1 : 8;
    case 0: case 5: return color ? 0 : 9;
    default: {
        int pin = color ? (file == 4) : 10 + (file == 4);
        int covered = pins[pin] >= 0;
        return color ? (covered ? 0 : 1) : (covered ? 9 : 8);
    }
    }
}

static int promo_sq_pins(const cv_trid_pos *p, const int8_t *pins, int sq, int color)
{
    int r = CV_TRID_RANK(sq);
    if (p->o.promo == CV_TRID_PROMO_FIXED) {
        /* The main boards' paths end at rank 8 (1) even under an attack board. */
        if (color == 0) return r == 9 || (r == 8 && CV_TRID_LEVEL(sq) == 6);
        return r == 0 || (r == 1 && CV_TRID_LEVEL(sq) == 2);
    }
    int last = last_rank(p, pins, CV_TRID_FILE(sq), color);
    return color ? r <= last : r >= last;
}

static inline int promo_sq(const cv_trid_pos *p, int sq, int color) { return promo_sq_pins(p, p->pinboard, sq, color); }
unsigned cv_trid_passmask(const cv_trid_pos *p, int cell) { return cv_trid__passmask(p, cell); }
int cv_trid_promotes(const cv_trid_pos *p, int sq, int color) { return promo_sq_pins(p, p->pinboard, sq, color); }

/* Standard pawn squares: the only places a double step starts from. */
static int start_pawn_sq(int sq, int color)
{
    int f = CV_TRID_FILE(sq), r = CV_TRID_RANK(sq), l = CV_TRID_LEVEL(sq);
    if (color) { r = 9 - r; l -= 4; }
    return (r == 1 && l == 3 && (f == 0 || f == 1 || f == 4 || f == 5)) || (r == 2 && l == 2 && f >= 1 && f <= 4);
}

/* ---- attacks ---- */

static int attack_scan(const cv_trid_pos *p, int sq, int by, int16_t *out, int max)
{
    int c = sq >> 3, L = sq & 7, f = c % 6, r = c / 6, n = 0;
#define HIT(cc, l) do { if (!out) return 1; if (n < max) out[n] = (int16_t)((cc) * 8 + (l)); n++; } while (0)
    /* Pawns capture toward the enemy: they stand one rank behind. */
    int pr = r - (by ? -1 : 1);
    for (int df = -1; df <= 1; df += 2) {
        int cc = cell_at(f + df, pr);
        if (cc < 0) continue;
        for (unsigned m = p->occ[by][cc]; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            if (CV_TRID_TYPE(p->pc[cc][l]) == CV_TRID_PAWN) HIT(cc, l);
        }
    }
    for (int d = 0; d < 8; d++) {
        int cc = cell_at(f + knight_df[d], r + knight_dr[d]);
        if (cc < 0) continue;
        for (unsigned m = p->occ[by][cc]; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            if (CV_TRID_TYPE(p->pc[cc][l]) == CV_TRID_KNIGHT) HIT(cc, l);
        }
    }
    for (int d = 0; d < 8; d++) {
        int diag = d & 1, ff = f, rr = r, k = 0;
        for (;;) {
            ff += king_df[d];
            rr += king_dr[d];
            int cc = cell_at(ff, rr);
            if (cc < 0) break;
            k++;
            for (unsigned m = p->occ[by][cc]; m; m &= m - 1) {
                int l = __builtin_ctz(m), t = CV_TRID_TYPE(p->pc[cc][l]);
                if (t == CV_TRID_QUEEN || t == (diag ? CV_TRID_BISHOP : CV_TRID_ROOK) || (k == 1 && t == CV_TRID_KING))
                    HIT(cc, l);
            }
            if (!(cv_trid__passmask(p, cc) >> L & 1)) break;
        }
    }
#undef HIT
    return n;
}

/* The reference generator's own attack test: it must not lean on the
 * set-based code it is the check of. */
static int ref_attacked(const cv_trid_pos *p, int sq, int by) { return attack_scan(p, sq, by, NULL, 0) != 0; }

int cv_trid_attacked(const cv_trid_pos *p, int sq, int by)
{
    return cv_trid__ref() ? ref_attacked(p, sq, by) : cv_trid__attacked_fast(p, sq, by);
}
int cv_trid_attackers(const cv_trid_pos *p, int sq, int by, int16_t *out, int max) { return attack_scan(p, sq, by, out, max); }

int cv_trid_in_check(const cv_trid_pos *p)
{
    int k = p->king[p->side];
    return k >= 0 && cv_trid_attacked(p, k, !p->side);
}

/* ---- move generation ---- */

static inline void push(cv_trid_movelist *ml, int from, int to, int kind, int promo)
{
    cv_trid__push(ml, from, to, kind, promo);
}

static const uint8_t promo_order[4] = { CV_TRID_QUEEN, CV_TRID_ROOK, CV_TRID_BISHOP, CV_TRID_KNIGHT };

static void push_pawn(const cv_trid_pos *p, cv_trid_movelist *ml, int from, int to, int us)
{
    if (!promo_sq(p, to, us)) {
        push(ml, from, to, CV_TRID_MK_NORMAL, 0);
        return;
    }
    for (int i = 0; i < 4; i++)
        if (p->o.promo_types >> promo_order[i] & 1) push(ml, from, to, CV_TRID_MK_NORMAL, promo_order[i]);
}

void cv_trid__gen_pawn(const cv_trid_pos *p, cv_trid_movelist *ml, int c, int l, int us)
{
    int f = c % 6, r = c / 6, dir = us ? -1 : 1, from = c * 8 + l;
    int c1 = cell_at(f, r + dir);
    if (c1 < 0) return;
    unsigned all1 = (unsigned)(p->occ[0][c1] | p->occ[1][c1]);
    for (unsigned m = p->exist[c1] & ~all1; m; m &= m - 1) push_pawn(p, ml, from, c1 * 8 + __builtin_ctz(m), us);
    for (int df = -1; df <= 1; df += 2) {
        int cc = cell_at(f + df, r + dir);
        if (cc < 0) continue;
        for (unsigned m = p->occ[!us][cc]; m; m &= m - 1) push_pawn(p, ml, from, cc * 8 + __builtin_ctz(m), us);
    }
    if (start_pawn_sq(from, us)) {
        int c2 = cell_at(f, r + 2 * dir);
        if (c2 < 0) return;
        unsigned free2 = p->exist[c2] & ~(unsigned)(p->occ[0][c2] | p->occ[1][c2]);
        for (unsigned m = free2 & cv_trid__passmask(p, c1); m; m &= m - 1)
            push(ml, from, c2 * 8 + __builtin_ctz(m), CV_TRID_MK_DOUBLE, 0);
    }
}

static void gen_leaps(const cv_trid_pos *p, cv_trid_movelist *ml, int c, int l, int us, const int8_t *df, const int8_t *dr)
{
    int f = c % 6, r = c / 6, from = c * 8 + l;
    for (int d = 0; d < 8; d++) {
        int cc = cell_at(f + df[d], r + dr[d]);
        if (cc < 0) continue;
        for (unsigned m = p->exist[cc] & ~(unsigned)p->occ[us][cc]; m; m &= m - 1)
            push(ml, from, cc * 8 + __builtin_ctz(m), CV_TRID_MK_NORMAL, 0);
    }
}

/* A ride keeps, per target level, whether every cell passed so far lets
 * a piece heading for that level through; the first cell is a single
 * step and always reached. */
static void gen_rides(const cv_trid_pos *p, cv_trid_movelist *ml, int c, int l, int us, int d0, int dstep)
{
    int f = c % 6, r = c / 6, from = c * 8 + l;
    for (int d = d0; d < 8; d += dstep) {
        int ff = f, rr = r;
        unsigned reach = CV_TRID_LEVELS;
        for (;;) {
            ff += king_df[d];
            rr += king_dr[d];
            int cc = cell_at(ff, rr);
            if (cc < 0) break;
            for (unsigned m = p->exist[cc] & reach & ~(unsigned)p->occ[us][cc]; m; m &= m - 1)
                push(ml, from, cc * 8 + __builtin_ctz(m), CV_TRID_MK_NORMAL, 0);
            reach &= cv_trid__passmask(p, cc);
            if (!reach) break;
        }
    }
}

static int castle_allowed_now(const cv_trid_pos *p)
{
    switch (p->o.castle) {
    case CV_TRID_CASTLE_ANY_TIME: return 1;
    case CV_TRID_CASTLE_NOT_MOVE_ONE: return p->fullmove > 1;
    default: return 0;
    }
}

/* Castling squares of colour c: king, king's rook, queen's rook, queen. */
#define K_SQ(c)  CV_TRID_K_SQ(c)
#define KR_SQ(c) CV_TRID_KR_SQ(c)
#define QR_SQ(c) CV_TRID_QR_SQ(c)
#define Q_SQ(c)  CV_TRID_Q_SQ(c)

/* check: whether the side to move is in check, or -1 when not known yet. */
unsigned cv_trid__castles(const cv_trid_pos *p, int us, int check)
{
    unsigned rk = us ? CV_TRID_CASTLE_BK : CV_TRID_CASTLE_WK, rq = rk << 1;
    if (!(p->castling & (rk | rq)) || !castle_allowed_now(p)) return 0;
    int ks = K_SQ(us);
    if (!cv_trid_exists(p, ks) || cv_trid_at(p, ks) != CV_TRID_PIECE(CV_TRID_KING, us)) return 0;
    if (check < 0) check = ref_attacked(p, ks, !us);
    if (check) return 0;
    int krs = KR_SQ(us), qrs = QR_SQ(us), qs = Q_SQ(us);
    unsigned ways = 0;
    if ((p->castling & rk) && cv_trid_exists(p, krs) && cv_trid_at(p, krs) == CV_TRID_PIECE(CV_TRID_ROOK, us))
        ways |= 1;
    if ((p->castling & rq) && cv_trid_exists(p, qrs) && cv_trid_at(p, qrs) == CV_TRID_PIECE(CV_TRID_ROOK, us) &&
        cv_trid_exists(p, qs) && !cv_trid_at(p, qs))
        ways |= 2;
    return ways;
}

void cv_trid__gen_castles(const cv_trid_pos *p, cv_trid_movelist *ml, int us, int check)
{
    unsigned ways = cv_trid__castles(p, us, check);
    if (ways & 1) push(ml, K_SQ(us), KR_SQ(us), CV_TRID_MK_CASTLE_K, 0);
    if (ways & 2) push(ml, K_SQ(us), Q_SQ(us), CV_TRID_MK_CASTLE_Q, 0);
}

/* Is a board move from pin a to pin b backward for colour c?  Measured by
 * the ranks the board covers; QLn <-> KLn keeps them (sideways). */
static int backward(int a, int b, int c)
{
    int ra = pin_rank_min[a >> 1], rb = pin_rank_min[b >> 1];
    return c ? rb > ra : rb < ra;
}

void cv_trid__gen_boards(const cv_trid_pos *p, cv_trid_movelist *ml, int us)
{
    static const int8_t off[4] = { 0, 1, 6, 7 };
    /* Most often every board carries two pieces or more, and none can
     * move: the pieces per board, four bits each, added as sets first. */
    uint64_t all = (p->sq64[0] | p->sq64[1]) >> 48;
    uint64_t two = (all & 0x5555u) + ((all >> 1) & 0x5555u);
    uint64_t four = (two & 0x3333u) + ((two >> 2) & 0x3333u);
    if ((((four >> 1) | (four >> 2)) & 0x1111u) == 0x1111u) return;
    for (int b = 0; b < CV_TRID_BOARDS; b++) {
        const cv_trid_board *bd = &p->board[b];
        if (bd->ctrl != us || bd->pin < 0) continue;
        /* The board's four squares are bits 48 + 4b.. of the 64-square
         * sets wherever it stands, in the order of off[]. */
        unsigned on = (unsigned)((p->sq64[0] | p->sq64[1]) >> (48 + 4 * b)) & 0xF;
        /* No load rule moves a board with two pieces or more. */
        if (on & (on - 1)) continue;
        int nload = on != 0, at = on ? __builtin_ctz(on) : -1;
        int c0 = cv_trid__pin_cell0(bd->pin), l0 = cv_trid_pin_level(bd->pin, bd->inverted);
        uint8_t load = at >= 0 ? p->pc[c0 + off[at]][l0] : 0;
        switch (p->o.load) {
        case CV_TRID_LOAD_OWN_PAWN:
            if (nload && load != CV_TRID_PIECE(CV_TRID_PAWN, us)) continue;
            break;
        case CV_TRID_LOAD_ONE_PIECE:
            if (nload && CV_TRID_COLOR(load) != us) continue;
            break;
        default:
            if (nload) continue;
        }
        for (unsigned m = p->o.adj[bd->pin]; m; m &= m - 1) {
            int q = __builtin_ctz(m);
            if (q >= CV_TRID_PINS || p->pinboard[q] >= 0) continue;
            if (p->o.backward == CV_TRID_BACK_NEVER || (nload && p->o.backward == CV_TRID_BACK_EMPTY_ONLY))
                if (backward(bd->pin, q, us)) continue;
            /* Which pawns the move promotes, judged on the boards as they
             * will stand: the carried one, and one left on its corner. */
            int8_t pins[CV_TRID_PINS];
            memcpy(pins, p->pinboard, sizeof pins);
            pins[bd->pin] = -1;
            pins[q] = (int8_t)b;
            int need1 = 0, need2 = 0;
            if (load && CV_TRID_TYPE(load) == CV_TRID_PAWN) {
                int to = (cv_trid__pin_cell0(q) + off[at]) * 8 + cv_trid_pin_level(q, bd->inverted);
                need1 = promo_sq_pins(p, pins, to, CV_TRID_COLOR(load));
            }
            int corner = cv_trid_pin_corner(bd->pin) * 8 + pin_main_level[bd->pin >> 1];
            uint8_t left = cv_trid_at(p, corner);
            if (left && CV_TRID_TYPE(left) == CV_TRID_PAWN && promo_sq_pins(p, pins, corner, CV_TRID_COLOR(left)) &&
                !promo_sq(p, corner, CV_TRID_COLOR(left)))
                need2 = 1;
            for (int i = 0; i < (need1 ? 4 : 1); i++) {
                if (need1 && !(p->o.promo_types >> promo_order[i] & 1)) continue;
                for (int j = 0; j < (need2 ? 4 : 1); j++) {
                    if (need2 && !(p->o.promo_types >> promo_order[j] & 1)) continue;
                    if (ml->n >= CV_TRID_MAX_MOVES) return;
                    cv_trid_move *mv = &ml->m[ml->n++];
                    mv->from = bd->pin;
                    mv->to = (int16_t)q;
                    mv->kind = CV_TRID_MK_BOARD;
                    mv->promo = need1 ? promo_order[i] : 0;
                    mv->promo2 = need2 ? promo_order[j] : 0;
                    mv->board = (uint8_t)b;
                }
            }
        }
    }
}

void cv_trid__gen_ep(const cv_trid_pos *p, cv_trid_movelist *ml, int us)
{
    if (p->ep < 0 || p->o.ep == CV_TRID_EP_NONE) return;
    int ec = p->ep >> 3, f = ec % 6, r = ec / 6;
    int passed = cell_at(f, r + (us ? -1 : 1));
    if (passed < 0) return;
    unsigned land = p->exist[passed] & ~(unsigned)(p->occ[0][passed] | p->occ[1][passed]);
    if (!land) return;
    for (int df = -1; df <= 1; df += 2) {
        int cc = cell_at(f + df, r);
        if (cc < 0) continue;
        for (unsigned m = p->occ[us][cc]; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            if (p->pc[cc][l] != CV_TRID_PIECE(CV_TRID_PAWN, us)) continue;
            for (unsigned t = land; t; t &= t - 1) push(ml, cc * 8 + l, passed * 8 + __builtin_ctz(t), CV_TRID_MK_EP, 0);
        }
    }
}

static int gen_pseudo(const cv_trid_pos *p, cv_trid_movelist *ml, int check)
{
    int us = p->side;
    ml->n = 0;
    for (uint64_t cs = p->cells[us]; cs; cs &= cs - 1) {
        int c = __builtin_ctzll(cs);
        for (unsigned m = p->occ[us][c]; m; m &= m - 1) {
            int l = __builtin_ctz(m);
            switch (CV_TRID_TYPE(p->pc[c][l])) {
            case CV_TRID_PAWN: cv_trid__gen_pawn(p, ml, c, l, us); break;
            case CV_TRID_KNIGHT: gen_leaps(p, ml, c, l, us, knight_df, knight_dr); break;
            case CV_TRID_BISHOP: gen_rides(p, ml, c, l, us, 1, 2); break;
            case CV_TRID_ROOK: gen_rides(p, ml, c, l, us, 0, 2); break;
            case CV_TRID_QUEEN: gen_rides(p, ml, c, l, us, 0, 1); break;
            case CV_TRID_KING: gen_leaps(p, ml, c, l, us, king_df, king_dr); break;
            }
        }
    }
    cv_trid__gen_ep(p, ml, us);
    cv_trid__gen_castles(p, ml, us, check);
    cv_trid__gen_boards(p, ml, us);
    return ml->n;
}

int cv_trid_gen_pseudo(const cv_trid_pos *p, cv_trid_movelist *ml) { return gen_pseudo(p, ml, -1); }

/* For the set-based generator, which keeps these as they are. */

/* ---- make ---- */

static const uint8_t castle_mask_sq[2][3] = {
    /* rights lost when a move touches e0(3)/f0(3)/a0(3) (White) and the
     * black counterparts */
    { CV_TRID_CASTLE_WK | CV_TRID_CASTLE_WQ, CV_TRID_CASTLE_WK, CV_TRID_CASTLE_WQ },
    { CV_TRID_CASTLE_BK | CV_TRID_CASTLE_BQ, CV_TRID_CASTLE_BK, CV_TRID_CASTLE_BQ },
};

/* The rights a move from or to sq ends: those of a king or rook leaving
 * its home square, or of a rook taken there. */
static inline unsigned rights_of(int sq)
{
    switch (sq) {
    case K_SQ(0): return castle_mask_sq[0][0];
    case KR_SQ(0): return castle_mask_sq[0][1];
    case QR_SQ(0): return castle_mask_sq[0][2];
    case K_SQ(1): return castle_mask_sq[1][0];
    case KR_SQ(1): return castle_mask_sq[1][1];
    case QR_SQ(1): return castle_mask_sq[1][2];
    }
    return 0;
}

unsigned cv_trid_make(cv_trid_pos *p, cv_trid_move m)
{
    int us = p->side;
    unsigned changed = 0;
    int epsq = p->ep;
    p->ep = -1;
    p->halfmove += p->halfmove < CV_COUNTER_MAX;
    if (m.kind == CV_TRID_MK_BOARD) {
        static const int8_t off[4] = { 0, 1, 6, 7 };
        int b = m.board, from = m.from, inv = p->board[b].inverted;
        int corner = cv_trid_pin_corner(from) * 8 + pin_main_level[from >> 1];
        move_board(p, b, m.to, inv);
        if (m.promo) {
            int c0 = cv_trid__pin_cell0(m.to), l = cv_trid_pin_level(m.to, inv);
            for (int i = 0; i < 4; i++) {
                uint8_t pc = p->pc[c0 + off[i]][l];
                if (pc && CV_TRID_TYPE(pc) == CV_TRID_PAWN) set_piece(p, c0 + off[i], l, CV_TRID_PIECE(m.promo, CV_TRID_COLOR(pc)));
            }
        }
        if (m.promo2) {
            uint8_t pc = cv_trid_at(p, corner);
            if (pc && CV_TRID_TYPE(pc) == CV_TRID_PAWN) set_piece(p, corner >> 3, corner & 7, CV_TRID_PIECE(m.promo2, CV_TRID_COLOR(pc)));
        }
        if (m.promo || m.promo2) p->halfmove = 0;
        /* A board leaving a home corner takes the king or rook with it (or
         * they had already left). */
        if (from == 0) p->castling &= (uint8_t)~CV_TRID_CASTLE_WQ;
        if (from == 1) p->castling &= (uint8_t)~(CV_TRID_CASTLE_WK | CV_TRID_CASTLE_WQ);
        if (from == 10) p->castling &= (uint8_t)~CV_TRID_CASTLE_BQ;
        if (from == 11) p->castling &= (uint8_t)~(CV_TRID_CASTLE_BK | CV_TRID_CASTLE_BQ);
        for (int i = 0; i < CV_TRID_BOARDS; i++)
            if (update_ctrl(p, i)) changed |= 1u << i;
    } else if (m.kind == CV_TRID_MK_CASTLE_K || m.kind == CV_TRID_MK_CASTLE_Q) {
        int ks = K_SQ(us), rs = m.kind == CV_TRID_MK_CASTLE_K ? KR_SQ(us) : QR_SQ(us);
        int kt = m.kind == CV_TRID_MK_CASTLE_K ? KR_SQ(us) : Q_SQ(us);
        uint8_t king = cv_trid_at(p, ks), rook = cv_trid_at(p, rs);
        set_piece(p, rs >> 3, rs & 7, 0);
        set_piece(p, ks >> 3, ks & 7, rook);
        set_piece(p, kt >> 3, kt & 7, king);
        /* Both boards keep a piece of the mover's colour: no control changes. */
        p->castling &= (uint8_t)~(castle_mask_sq[us][0]);
    } else {
        uint8_t pc = cv_trid_at(p, m.from);
        int b3 = -1;
        if (m.kind == CV_TRID_MK_EP) {
            set_piece(p, epsq >> 3, epsq & 7, 0);
            b3 = cv_trid_board_of(p, epsq);
        }
        int fc = m.from >> 3, fl = m.from & 7, tc = m.to >> 3, tl = m.to & 7;
        if (CV_TRID_TYPE(pc) == CV_TRID_PAWN || p->pc[tc][tl]) p->halfmove = 0;
        int s1 = sq64_at(p, fc, fl), s2 = sq64_at(p, tc, tl);
        if (p->pc[tc][tl]) set_piece64(p, tc, tl, s2, 0);
        move_piece(p, us, fc, fl, s1, tc, tl, s2, m.promo ? CV_TRID_PIECE(m.promo, us) : pc);
        if (p->castling) p->castling &= (uint8_t)~(rights_of(m.from) | rights_of(m.to));
        /* Control only changes on a board a piece left or entered. */
        if (s1 >= 48 || s2 >= 48 || b3 >= 0) {
            int b1 = board_of64(s1), b2 = board_of64(s2);
            if (update_ctrl(p, b1)) changed |= 1u << b1;
            if (update_ctrl(p, b2)) changed |= 1u << b2;
            if (update_ctrl(p, b3)) changed |= 1u << b3;
        }
        if (m.kind == CV_TRID_MK_DOUBLE) p->ep = m.to;
    }
    p->fullmove += us && p->fullmove < CV_COUNTER_MAX;
    p->side = (int8_t)!us;
    return changed;
}

/* ---- legality ---- */

static int ref_is_safe(const cv_trid_pos *p, cv_trid_move m)
{
    cv_trid_pos q = *p;
    cv_trid_make(&q, m);
    int k = q.king[p->side];
    return k < 0 || !ref_attacked(&q, k, !p->side);
}

int cv_trid_is_safe(const cv_trid_pos *p, cv_trid_move m)
{
    return cv_trid__ref() ? ref_is_safe(p, m) : cv_trid__is_safe_fast(p, m);
}

/* Only a move that empties a cell can open a line, since every blocking
 * rule blocks more as a cell fills.  So, out of check, a plain move of a
 * piece other than the king from a cell off the king's eight lines is
 * legal without playing it; everything else is played and tested. */
int cv_trid__gen_legal_ref(const cv_trid_pos *p, cv_trid_movelist *ml)
{
    int k = p->king[p->side];
    if (k < 0) return gen_pseudo(p, ml, -1);
    int kc = k >> 3, kf = kc % 6, kr = kc / 6, them = !p->side, check = ref_attacked(p, k, them), n = 0;
    gen_pseudo(p, ml, check);
    /* Per line from the king, the farthest enemy piece that could attack
     * along it if everything between were empty. */
    int far[8];
    for (int d = 0; d < 8; d++) {
        far[d] = 0;
        for (int ff = kf + king_df[d], rr = kr + king_dr[d], dist = 1; cell_at(ff, rr) >= 0;
             ff += king_df[d], rr += king_dr[d], dist++) {
            int cc = rr * 6 + ff;
            for (unsigned mm = p->occ[them][cc]; mm; mm &= mm - 1) {
                int t = CV_TRID_TYPE(p->pc[cc][__builtin_ctz(mm)]);
                if (t == CV_TRID_QUEEN || t == ((d & 1) ? CV_TRID_BISHOP : CV_TRID_ROOK)) far[d] = dist;
            }
        }
    }
    for (int i = 0; i < ml->n; i++) {
        cv_trid_move m = ml->m[i];
        if (!check && (m.kind == CV_TRID_MK_NORMAL || m.kind == CV_TRID_MK_DOUBLE) && m.from != k) {
            int fc = m.from >> 3, df = fc % 6 - kf, dr = fc / 6 - kr;
            int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
            int safe = 1;
            /* The king's own cell is never between it and an attacker. */
            if ((df || dr) && (!df || !dr || adf == adr)) {
                /* direction index by the signs of (df, dr), as king_df/king_dr */
                static const int8_t dir_of[3][3] = { { 5, 6, 7 }, { 4, -1, 0 }, { 3, 2, 1 } };
                int d = dir_of[(df > 0) - (df < 0) + 1][(dr > 0) - (dr < 0) + 1];
                safe = far[d] <= (adf > adr ? adf : adr);
            }
            if (safe) {
                ml->m[n++] = m;
                continue;
            }
        }
        if (ref_is_safe(p, m)) ml->m[n++] = m;
    }
    ml->n = n;
    return n;
}

int cv_trid_outcome(const cv_trid_pos *p)
{
    if (cv_trid_count_legal(p)) return CV_TRID_PLAYING;
    return cv_trid_in_check(p) ? CV_TRID_CHECKMATE : CV_TRID_STALEMATE;
}

/* ---- the key ---- */

/* A 64-bit finaliser (the MurmurHash3 mix constants): each cell's
 * pieces hash on their own, so the key costs a few operations a cell and
 * needs no table. */
static inline uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

/* The halfmove clock is left out (positions repeat across it); the
 * fullmove number only where castling waits for move two. */
uint64_t cv_trid_key(const cv_trid_pos *p)
{
    uint64_t h = 0;
    /* a cell's eight levels are one word: one mix a cell */
    for (uint64_t cs = p->cells[0] | p->cells[1]; cs; cs &= cs - 1) {
        int cell = __builtin_ctzll(cs);
        uint64_t w;
        memcpy(&w, p->pc[cell], sizeof w);
        h ^= mix(w + (uint64_t)(cell + 1) * 0x9e3779b97f4a7c15ull);
    }
    for (int b = 0; b < CV_TRID_BOARDS; b++)
        h ^= mix(0x10000u | (unsigned)b << 12 | (unsigned)(p->board[b].pin + 1) << 4 |
                 (unsigned)p->board[b].inverted << 2 | (unsigned)(p->board[b].ctrl + 1));
    int first = p->o.castle == CV_TRID_CASTLE_NOT_MOVE_ONE && p->castling && p->fullmove == 1;
    h ^= mix(0x20000000ull | (uint64_t)p->side | (uint64_t)p->castling << 1 | (uint64_t)(p->ep + 1) << 5 |
             (uint64_t)first << 16);
    return h ? h : 1;
}

/* ---- perft ---- */

/* t: NULL, or the count's table (count.h), which keeps subtrees of depth
 * 2 and more: a node two plies up has some 600 leaves below it, its key
 * costs one mix a cell. */
static uint64_t perft_rec(const cv_trid_pos *p, int depth, cv_count_table *t)
{
    if (depth <= 1) return (uint64_t)cv_trid_count_legal(p);
    uint64_t key = 0, sum, singles;
    if (t) {
        key = cv_trid_key(p);
        if (cv_count_probe(t, key, depth, &sum, &singles)) return sum;
    }
    cv_trid_movelist ml;
    int n = cv_trid_gen_legal(p, &ml);
    sum = 0;
    for (int i = 0; i < n; i++) {
        cv_trid_pos q = *p;
        cv_trid_make(&q, ml.m[i]);
        sum += perft_rec(&q, depth - 1, t);
    }
    if (t) cv_count_store(t, key, depth, sum, 0);
    return sum;
}

uint64_t cv_trid_perft(const cv_trid_pos *p, int depth)
{
    return depth <= 0 ? 1 : perft_rec(p, depth, NULL);
}

uint64_t cv_trid_perft_table(const cv_trid_pos *p, int depth, cv_count_table *t)
{
    return depth <= 0 ? 1 : perft_rec(p, depth, t);
}
