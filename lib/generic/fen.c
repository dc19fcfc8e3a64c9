#include "fen.h"
#include "bb.h"
#include "movegen.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const color_name[2] = { "white", "black" };

static void add(cv_fen_errors *e, int col, int kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void add(cv_fen_errors *e, int col, int kind, const char *fmt, ...)
{
    if (!e) return;
    va_list ap;
    va_start(ap, fmt);
    cv_problem_vadd(e->e, &e->n, CV_FEN_MAX_ERRORS, col, kind, fmt, ap);
    va_end(ap);
}

static int has_syntax(const cv_fen_errors *e, int from)
{
    for (int i = from; i < e->n; i++)
        if (e->e[i].kind == CV_FE_SYNTAX) return 1;
    return 0;
}

/* ---- placement ---- */

static void read_placement(const cv_variant *v, const char *s, int len, int col0, int lenient,
                           cv_pos *p, cv_fen_errors *e)
{
    const cv_geom *g = &v->geom;
    int r = g->ranks - 1, f = 0, rank_start = 0, syntax0 = e->n;
    for (int i = 0; i <= len; i++) {
        int col = col0 + i;
        char c = i < len ? s[i] : '/';
        if (c == '/') {
            int rank_no = r + 1;
            if (i == rank_start && i < len) {
                if (!lenient) add(e, col, CV_FE_LAX, "rank %d is empty (write %d)", rank_no, g->files);
            } else if (i == rank_start && i == len && len > 0) {
                if (!lenient) add(e, col, CV_FE_LAX, "rank %d is empty (write %d)", rank_no, g->files);
            } else if (f < g->files && !has_syntax(e, syntax0)) {
                if (!lenient)
                    add(e, col0 + rank_start, CV_FE_LAX, "rank %d has %d square%s, %d needed", rank_no, f,
                        f == 1 ? "" : "s", g->files);
            }
            if (i == len) {
                if (r > 0)
                    add(e, col, CV_FE_SYNTAX, "only %d rank%s, %d needed", g->ranks - r,
                        g->ranks - r == 1 ? "" : "s", g->ranks);
                break;
            }
            r--;
            f = 0;
            rank_start = i + 1;
            if (r < 0) {
                add(e, col, CV_FE_SYNTAX, "more than %d ranks", g->ranks);
                return;
            }
            continue;
        }
        if (isdigit((unsigned char)c)) {
            int n = c - '0', ndig = 1;
            if (i + 1 < len && isdigit((unsigned char)s[i + 1])) {
                if (g->files >= 10 && c == '0') {
                    int k = i;
                    while (k < len && isdigit((unsigned char)s[k])) k++;
                    add(e, col, CV_FE_SYNTAX, "empty-square count with a leading zero ('%.*s')", k - i, s + i);
                    return;
                }
                if (g->files < 10) {
                    add(e, col, CV_FE_SYNTAX, "two digits in a row ('%c%c')", c, s[i + 1]);
                    return;
                }
                n = n * 10 + (s[i + 1] - '0');
                ndig = 2;
                if (i + 2 < len && isdigit((unsigned char)s[i + 2])) {
                    add(e, col, CV_FE_SYNTAX, "three digits in a row");
                    return;
                }
            }
            if (n == 0) {
                add(e, col, CV_FE_SYNTAX, "empty-square count 0");
                return;
            }
            f += n;
            if (f > g->files) {
                add(e, col, CV_FE_SYNTAX, "rank %d has more than %d squares", r + 1, g->files);
                return;
            }
            i += ndig - 1;
            continue;
        }
        uint8_t pc = cv_piece_from_char(v, c);
        if (!pc) {
            if (isalpha((unsigned char)c))
                add(e, col, CV_FE_SYNTAX, "unknown piece letter '%c'", c);
            else if (isprint((unsigned char)c))
                add(e, col, CV_FE_SYNTAX, "unexpected character '%c' in the piece placement", c);
            else
                add(e, col, CV_FE_SYNTAX, "unexpected byte 0x%02x in the piece placement", (unsigned char)c);
            return;
        }
        if (f >= g->files) {
            add(e, col, CV_FE_SYNTAX, "rank %d has more than %d squares", r + 1, g->files);
            return;
        }
        cv_gen_pos_put(p, cv_geom_cell(g, f, r), pc);
        f++;
    }
}

/* ---- castling ---- */

/* Outermost castling-capable rook of colour c on rank from the king's file
 * in direction side; -1 when none. */
static int outer_rook(const cv_pos *p, int c, int rank, int kfile, int side)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    int found = -1;
    for (int f = kfile + side; f >= 0 && f < g->files; f += side) {
        uint8_t q = p->board[cv_geom_cell(g, f, rank)];
        if (q && CV_COLOR(q) == c && v->pieces[CV_TYPE(q)].castles) found = cv_geom_cell(g, f, rank);
    }
    return found;
}

static int castle_rank(const cv_variant *v, int c)
{
    return c ? v->geom.ranks - 1 - v->castle_rank : v->castle_rank;
}

/* The king cell of colour c for castling rule ri; -1 when not found. */
static int castle_king(const cv_pos *p, int c, int ri)
{
    const cv_variant *v = p->v;
    int rank = castle_rank(v, c);
    const cv_castle_rule *r = &v->castle_rules[ri];
    if (r->king_file >= 0) {
        int k = cv_geom_cell(&v->geom, r->king_file, rank);
        uint8_t q = p->board[k];
        return q && CV_COLOR(q) == c && CV_TYPE(q) == v->royal_type ? k : -1;
    }
    int k = p->royal[c];
    return k >= 0 && v->geom.rank[k] == rank ? k : -1;
}

static void read_castling(const cv_variant *v, const char *s, int len, int col0, int lenient,
                          cv_pos *p, cv_fen_errors *e)
{
    if (len == 1 && s[0] == '-') return;
    const cv_geom *g = &v->geom;
    int last_order = -1, out_of_order = 0;
    uint32_t seen = 0;
    char seen_letter[2][CV_MAX_CASTLE] = { { 0 } };
    for (int i = 0; i < len; i++) {
        char ch = s[i];
        int col = col0 + i;
        int c = islower((unsigned char)ch) ? 1 : 0;
        char up = (char)toupper((unsigned char)ch);
        int ri = -1, rook = -1, king = -1;
        for (int k = 0; k < v->ncastle_rules; k++)
            if (v->castle_rules[k].letter == up) ri = k;
        int file_letter = v->castle_style == CV_CASTLE_960 && up >= 'A' && up < 'A' + g->files && ri < 0;
        if (ri < 0 && !file_letter) {
            if (ch == '-') add(e, col, CV_FE_SYNTAX, "'-' mixed with castling letters");
            else if (isprint((unsigned char)ch)) add(e, col, CV_FE_SYNTAX, "invalid castling letter '%c'", ch);
            else add(e, col, CV_FE_SYNTAX, "unexpected byte 0x%02x in the castling field", (unsigned char)ch);
            return;
        }
        int rank = castle_rank(v, c);
        if (file_letter) {
            int kk = p->royal[c];
            king = kk >= 0 && g->rank[kk] == rank ? kk : -1;
            int rf = up - 'A';
            if (king >= 0 && rf != g->file[king]) {
                int side = rf > g->file[king] ? 1 : -1;
                for (int k = 0; k < v->ncastle_rules; k++)
                    if (v->castle_rules[k].side == side) ri = k;
                rook = cv_geom_cell(g, rf, rank);
            }
        } else {
            king = castle_king(p, c, ri);
            const cv_castle_rule *r = &v->castle_rules[ri];
            if (king >= 0)
                rook = r->rook_file >= 0 ? cv_geom_cell(g, r->rook_file, rank)
                                         : outer_rook(p, c, rank, g->file[king], r->side);
        }
        int order = c * 64 + (ri >= 0 ? ri : 63);
        if (ri >= 0 && (seen >> (c * 16 + ri) & 1)) {
            if (seen_letter[c][ri] == ch)
                add(e, col, CV_FE_SYNTAX, "castling right '%c' given twice", ch);
            else
                add(e, col, CV_FE_SYNTAX, "castling rights '%c' and '%c' both castle %s %s", seen_letter[c][ri], ch,
                    color_name[c], v->castle_rules[ri].side > 0 ? "king-side" : "queen-side");
            return;
        }
        if (ri >= 0) {
            seen |= 1u << (c * 16 + ri);
            seen_letter[c][ri] = ch;
        }
        if (order < last_order) out_of_order = 1;
        last_order = order;
        uint8_t rq = rook >= 0 ? p->board[rook] : 0;
        if (king < 0 || ri < 0 || !rq || CV_COLOR(rq) != c || !v->pieces[CV_TYPE(rq)].castles) {
            add(e, col, CV_FE_POSITION, "bad castling rights: '%c' needs the %s king and a rook on their squares",
                ch, color_name[c]);
            continue;
        }
        cv_gen_pos_add_castle(p, ri, c, king, rook, ch);
    }
    if (out_of_order && !lenient && !v->castle_any_order) {
        char want[32];
        int n = 0;
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < v->ncastle_rules && n < 30; k++)
                want[n++] = c ? (char)tolower((unsigned char)v->castle_rules[k].letter) : v->castle_rules[k].letter;
        want[n] = 0;
        if (v->castle_style == CV_CASTLE_960)
            add(e, col0, CV_FE_LAX, "castling field '%.*s' is not in order (White first, each side's king-side rook first)",
                len, s);
        else
            add(e, col0, CV_FE_LAX, "castling field '%.*s' is not in %s order", len, s, want);
    }
}

/* ---- the whole record ---- */

/* -1 not a number, -2 too large (clocks are kept in an int). */
static int read_uint(const char *s, int len, long *out)
{
    if (len == 0) return -1;
    long v = 0;
    for (int i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i])) return -1;
        if (v > 99999999) return -2;
        v = v * 10 + (s[i] - '0');
    }
    if (v > 999999999) return -2;
    *out = v;
    return 0;
}

int cv_gen_fen_read(const cv_variant *v, const char *fen, unsigned flags, cv_pos *p, cv_fen_errors *errs)
{
    cv_fen_errors local;
    cv_fen_errors *e = errs ? errs : &local;
    e->n = 0;
    memset(e->fieldcol, 0, sizeof e->fieldcol);
    int lenient = (flags & CV_FEN_LENIENT) != 0;
    cv_gen_pos_clear(p, v);
    /* split into fields, remembering each one's column */
    const char *fs[8];
    int fl[8], fc[8], nf = 0;
    int len = (int)strlen(fen), i = 0;
    while (i < len && (fen[i] == ' ' || fen[i] == '\t')) i++;
    if (i > 0 && !lenient) add(e, 1, CV_FE_LAX, "leading whitespace");
    int bad_sep = 0;
    while (i < len) {
        int start = i;
        while (i < len && fen[i] != ' ' && fen[i] != '\t') i++;
        if (nf < 8) { fs[nf] = fen + start; fl[nf] = i - start; fc[nf] = start + 1; }
        nf++;
        int sep = i;
        while (i < len && (fen[i] == ' ' || fen[i] == '\t')) i++;
        if (i < len && (i - sep != 1 || fen[sep] != ' ')) bad_sep = bad_sep ? bad_sep : sep + 1;
        if (i == len && i > sep && !lenient) add(e, sep + 1, CV_FE_LAX, "trailing whitespace");
    }
    if (bad_sep && !lenient) add(e, bad_sep, CV_FE_LAX, "fields must be separated by one space");
    if (nf == 0) {
        add(e, 1, CV_FE_SYNTAX, "empty FEN");
        return -1;
    }
    if (nf > 6) {
        add(e, fc[6], CV_FE_SYNTAX, "unexpected text after the fullmove number");
        return -1;
    }
    if (nf < 6 && !lenient) {
        static const char *const names[] = { "", "side to move", "castling", "en passant", "halfmove clock", "fullmove number" };
        char miss[128] = "";
        for (int k = nf; k < 6; k++) {
            strcat(miss, names[k]);
            strcat(miss, k == 5 ? "" : k == 4 ? " and " : ", ");
        }
        if (nf == 5) snprintf(miss, sizeof miss, "%s", names[5]);
        add(e, len + 1, CV_FE_LAX, "missing %s field%s", miss, nf == 5 ? "" : "s");
    }
    read_placement(v, fs[0], fl[0], fc[0], lenient, p, e);
    if (has_syntax(e, 0)) return -1;
    if (nf > 1) {
        const char *s = fs[1];
        if (fl[1] == 1 && (s[0] == 'w' || s[0] == 'b')) p->side = s[0] == 'b';
        else if (lenient && fl[1] == 1 && (s[0] == 'W' || s[0] == 'B')) p->side = s[0] == 'B';
        else {
            add(e, fc[1], CV_FE_SYNTAX, "side to move must be 'w' or 'b', found '%.*s'", fl[1], s);
            return -1;
        }
    }
    if (nf > 2) {
        read_castling(v, fs[2], fl[2], fc[2], lenient, p, e);
        if (has_syntax(e, 0)) return -1;
    }
    if (nf > 3 && !(fl[3] == 1 && fs[3][0] == '-')) {
        int cell = -1;
        int n = cv_geom_scan_cell(&v->geom, fs[3], &cell);
        if (n != fl[3]) {
            add(e, fc[3], CV_FE_SYNTAX, "invalid en passant square '%.*s'", fl[3], fs[3]);
            return -1;
        }
        p->ep = (int16_t)cell;
        /* the pawn that just moved stands one rank beyond the target, seen
         * from the side that moved it */
        int dir = p->side ? 1 : -1;
        p->ep_victim = (int16_t)cv_geom_cell(&v->geom, v->geom.file[cell], v->geom.rank[cell] + dir);
    }
    long n;
    if (nf > 4) {
        int rc = read_uint(fs[4], fl[4], &n);
        if (rc == -2) {
            add(e, fc[4], CV_FE_SYNTAX, "halfmove clock %.*s is too large", fl[4], fs[4]);
            return -1;
        }
        if (rc < 0) {
            add(e, fc[4], CV_FE_SYNTAX, "halfmove clock must be a number, found '%.*s'", fl[4], fs[4]);
            return -1;
        }
        p->halfmove = (int)n;
    }
    if (nf > 5) {
        int rc = read_uint(fs[5], fl[5], &n);
        if (rc == -2) {
            add(e, fc[5], CV_FE_SYNTAX, "fullmove number %.*s is too large", fl[5], fs[5]);
            return -1;
        }
        if (rc < 0) {
            add(e, fc[5], CV_FE_SYNTAX, "fullmove number must be a number, found '%.*s'", fl[5], fs[5]);
            return -1;
        }
        if (n == 0) {
            if (!lenient) add(e, fc[5], CV_FE_LAX, "fullmove number 0 (it starts at 1)");
            n = 1;
        }
        p->fullmove = (int)n;
    }
    cv_gen_pos_refresh(p);
    for (int k = 0; k < 6; k++) e->fieldcol[k] = k < nf ? fc[k] : len + 1;
    return 0;
}

/* ---- position problems ---- */

static int ep_rank(const cv_variant *v)
{
    if (v->pawn_type < 0) return -1;
    const cv_piece *pc = &v->pieces[v->pawn_type];
    for (int i = 0; i < pc->natoms[0]; i++)
        if (pc->atoms[0][i].min >= 2 && pc->atoms[0][i].first_ranks)
            return __builtin_ctz(pc->atoms[0][i].first_ranks) + 1;
    return -1;
}

int cv_gen_pos_validate(cv_pos *p, cv_fen_errors *e) { return cv_gen_pos_validate_as(p, e, 0); }

int cv_gen_pos_validate_as(cv_pos *p, cv_fen_errors *e, unsigned flags)
{
    int reach = !(flags & CV_FEN_PLAYABLE);
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    int before = e->n;
    int c1 = e->fieldcol[0] ? e->fieldcol[0] : 1;
    int kings[2] = { 0, 0 }, pawns[2] = { 0, 0 }, pieces[2] = { 0, 0 }, total = 0;
    int back_pawn = -1;
    for (int c = 0; c < g->ncells; c++) {
        uint8_t q = p->board[c];
        if (!q) continue;
        int col = CV_COLOR(q), t = CV_TYPE(q);
        total++;
        pieces[col]++;
        if (t == v->royal_type) kings[col]++;
        if (v->pieces[t].pawn) {
            pawns[col]++;
            int rr = cv_rel_rank(v, c, col);
            if ((rr == 0 || (v->promo_ranks >> rr & 1)) && back_pawn < 0) back_pawn = c;
        }
    }
    if (total == 0) {
        add(e, c1, CV_FE_POSITION, "empty board");
        return e->n - before;
    }
    /* limits from the start position: a game cannot gain pieces */
    int max_pawns = 0, max_pieces = 0;
    cv_pos s;
    if (cv_gen_fen_read(v, v->setup, 0, &s, NULL) == 0) {
        for (int c = 0; c < g->ncells; c++)
            if (s.board[c] && CV_COLOR(s.board[c]) == 0) {
                max_pieces++;
                if (v->pieces[CV_TYPE(s.board[c])].pawn) max_pawns++;
            }
    }
    if (v->royal_type >= 0) {
        for (int c = 0; c < 2; c++)
            if (!kings[c]) add(e, c1, CV_FE_POSITION, "no %s king", color_name[c]);
        for (int c = 0; c < 2; c++)
            if (kings[c] > 1) add(e, c1, CV_FE_POSITION, "too many kings: %d %s kings", kings[c], color_name[c]);
    }
    for (int c = 0; c < 2; c++) {
        if (reach && max_pawns && pawns[c] > max_pawns)
            add(e, c1, CV_FE_POSITION, "too many %s pawns (%d, at most %d)", color_name[c], pawns[c], max_pawns);
        if (reach && max_pieces && pieces[c] > max_pieces)
            add(e, c1, CV_FE_POSITION, "too many %s pieces (%d, at most %d)", color_name[c], pieces[c], max_pieces);
    }
    if (back_pawn >= 0)
        add(e, c1, CV_FE_POSITION, "pawns on the first or last rank (%s)", g->name[back_pawn]);
    if (p->ep >= 0) {
        int pusher = p->side ^ 1, er = ep_rank(v);
        int col = e->fieldcol[3];
        int ahead = p->ep_victim, behind = -1;
        if (ahead >= 0) behind = cv_geom_cell(g, g->file[p->ep], g->rank[p->ep] - (g->rank[ahead] - g->rank[p->ep]));
        if (er < 0 || cv_rel_rank(v, p->ep, pusher) != er)
            add(e, col, CV_FE_POSITION, "invalid en passant square %s: must be on rank %d when %s is to move",
                g->name[p->ep], er < 0 ? 0 : (pusher ? g->ranks - er : er + 1), color_name[p->side]);
        else if (ahead < 0 || !p->board[ahead] || CV_COLOR(p->board[ahead]) != pusher ||
                 !v->pieces[CV_TYPE(p->board[ahead])].pawn)
            add(e, col, CV_FE_POSITION, "invalid en passant square %s: no %s pawn on %s that could have just moved two squares",
                g->name[p->ep], color_name[pusher], ahead >= 0 ? g->name[ahead] : "?");
        else if (p->board[p->ep] || (behind >= 0 && p->board[behind]))
            add(e, col, CV_FE_POSITION, "invalid en passant square %s: %s is occupied", g->name[p->ep],
                p->board[p->ep] ? g->name[p->ep] : g->name[behind]);
    }
    if (v->royal_type >= 0 && kings[0] == 1 && kings[1] == 1) {
        int them = p->side ^ 1;
        if (cv_gen_attacked(p, p->royal[them], p->side))
            add(e, e->fieldcol[1] ? e->fieldcol[1] : c1, CV_FE_POSITION, "opposite check: %s is to move and the %s king is in check",
                color_name[p->side], color_name[them]);
        else
            cv_gen_pos_set_calm(p);
        int16_t chk[16];
        int n = cv_gen_attackers(p, p->royal[p->side], them, chk, 16);
        if (!reach) {
            /* playable whatever the checks: the king has to answer them */
        } else if (n > 2) {
            add(e, c1, CV_FE_POSITION, "too many checkers: %d pieces give check", n);
        } else if (n == 2) {
            /* a double check is always a discovered one, so one checker
             * must attack from a distance along a line */
            int rider = 0;
            int k = p->royal[p->side];
            for (int i = 0; i < 2; i++) {
                int df = g->file[chk[i]] - g->file[k], dr = g->rank[chk[i]] - g->rank[k];
                if (df < 0) df = -df;
                if (dr < 0) dr = -dr;
                int dist = df > dr ? df : dr;
                if (dist > 1 && (df == 0 || dr == 0 || df == dr)) rider = 1;
            }
            /* two checkers on one line through the king, one each side:
             * neither could have uncovered the other */
            int df0 = g->file[chk[0]] - g->file[k], dr0 = g->rank[chk[0]] - g->rank[k];
            int df1 = g->file[chk[1]] - g->file[k], dr1 = g->rank[chk[1]] - g->rank[k];
            int opposite = df0 * dr1 == df1 * dr0 && (df0 * df1 < 0 || dr0 * dr1 < 0);
            if (!rider || opposite)
                add(e, c1, CV_FE_POSITION, "impossible check: two pieces give check and neither could have been uncovered");
        }
    }
    return e->n - before;
}

/* ---- writing ---- */

int cv_gen_ep_capturable(cv_pos *p)
{
    if (p->ep < 0 || p->v->pawn_type < 0) return 0;
    /* asked after every double step: most have no pawn beside them */
    int16_t from[CV_MAX_CELLS];
    if (cv_gen_bb_origins(p, p->v->pawn_type, p->ep, 1, from) == 0) return 0;
    cv_movelist ml;
    cv_gen_to(p, p->ep, p->v->pawn_type, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].kind == CV_MK_EP) return 1;
    return 0;
}

static int castle_cmp_order(const cv_pos *p, int i)
{
    const cv_castle *c = &p->castle[i];
    const cv_geom *g = &p->v->geom;
    /* White first; within a colour the castling toward the higher files
     * first (K before Q, H before A) */
    return c->color * 1000 + (g->files - g->file[c->rook_from]);
}

size_t cv_gen_fen_write(const cv_pos *p, unsigned flags, char *buf, size_t size)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    char out[2048];
    size_t n = 0;
    for (int r = g->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < g->files; f++) {
            uint8_t q = p->board[cv_geom_cell(g, f, r)];
            if (!q) { empty++; continue; }
            if (empty) n += (size_t)sprintf(out + n, "%d", empty);
            empty = 0;
            out[n++] = cv_piece_char(v, q);
        }
        if (empty) n += (size_t)sprintf(out + n, "%d", empty);
        if (r) out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = p->side ? 'b' : 'w';
    out[n++] = ' ';
    int order[CV_MAX_CASTLE], nc = 0;
    for (int i = 0; i < p->ncastle; i++)
        if (p->castling >> i & 1) order[nc++] = i;
    for (int a = 1; a < nc; a++)
        for (int b = a; b > 0 && castle_cmp_order(p, order[b]) < castle_cmp_order(p, order[b - 1]); b--) {
            int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
        }
    if (!nc) out[n++] = '-';
    for (int k = 0; k < nc; k++) {
        const cv_castle *c = &p->castle[order[k]];
        char ch;
        if (v->castle_style == CV_CASTLE_FIDE) {
            ch = c->letter;
            ch = c->color ? (char)tolower((unsigned char)ch) : (char)toupper((unsigned char)ch);
        } else {
            int side = g->file[c->rook_from] > g->file[c->king_from] ? 1 : -1;
            int outer = outer_rook(p, c->color, g->rank[c->king_from], g->file[c->king_from], side);
            if ((flags & CV_FEN_XFEN) && outer == c->rook_from) ch = side > 0 ? 'K' : 'Q';
            else ch = (char)('A' + g->file[c->rook_from]);
            if (c->color) ch = (char)tolower((unsigned char)ch);
        }
        out[n++] = ch;
    }
    out[n++] = ' ';
    int ep = p->ep >= 0 && ((flags & CV_FEN_EP_ALWAYS) || cv_gen_ep_capturable((cv_pos *)p));
    if (ep) n += (size_t)sprintf(out + n, "%s", g->name[p->ep]);
    else out[n++] = '-';
    n += (size_t)sprintf(out + n, " %d %d", p->halfmove, p->fullmove);
    out[n] = 0;
    if (size) snprintf(buf, size, "%s", out);
    return n;
}

int cv_gen_pos_start(const cv_variant *v, cv_pos *p)
{
    int rc = cv_gen_fen_read(v, v->setup, 0, p, NULL);
    /* the setup was validated when the spec loaded; what the validation
     * would record of it is recorded here */
    int them = p->side ^ 1;
    if (rc == 0 && p->royal[them] >= 0 && !cv_gen_attacked(p, p->royal[them], p->side)) cv_gen_pos_set_calm(p);
    return rc;
}

uint64_t cv_gen_repetition_key(cv_pos *p)
{
    if (p->ep >= 0 && !cv_gen_ep_capturable(p)) return p->hash ^ cv_gen_zobrist_ep(p->ep);
    return p->hash;
}
