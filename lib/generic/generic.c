/* The generic engine behind engine.h: every game the spec atoms can say,
 * on rectangular boards, played by pos, movegen, fen, notation, perft and
 * diagram of this folder. */
#include "engine.h"
#include "compile.h"
#include "diagram.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "san.h"
#include "perft.h"
#include "search_entries.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(cv_pos) <= CV_APOS_BYTES, "cv_apos too small for cv_pos");
_Static_assert(sizeof(cv_move) <= CV_AMOVE_BYTES, "cv_amove too small for cv_move");
_Static_assert(sizeof(cv_undo) <= CV_AUNDO_BYTES, "cv_aundo too small for cv_undo");

enum { NT_SAN, NT_LAN, NT_UCI, NT_PBM };
static const char *const notations[] = { "san", "lan", "uci", "pbm", NULL };
static const int alt_notation[] = { NT_UCI, NT_UCI, NT_UCI, NT_UCI };
static const int read_apart[] = { 0, 0, 0, 1 };
static const char *const styles[] = { "ascii", "pbm-large", "pbm-small", NULL };

static cv_move M(const cv_amove *m)
{
    cv_move x;
    cv_amove_get(&x, m, sizeof x);
    return x;
}

static void put_move(cv_amove *out, cv_move m) { cv_amove_put(out, &m, sizeof m); }

/* pbm reads leniently and writes SAN */
static cv_notation written(int nt) { return nt == NT_LAN ? CV_LAN : nt == NT_UCI ? CV_UCI : CV_SAN; }

static int g_start(const cv_variant *v, void *pos) { return cv_gen_pos_start(v, pos); }

static void g_clear(const cv_variant *v, void *pos)
{
    cv_gen_pos_clear(pos, v);
    cv_gen_pos_refresh(pos);
}

static int g_read(const cv_variant *v, const char *text, unsigned flags, void *pos, cv_fen_errors *e)
{
    int rc = cv_gen_fen_read(v, text, flags, pos, e);
    if (rc == 0) cv_gen_pos_validate_as(pos, e, flags);
    return rc;
}

static size_t g_write(const void *pos, unsigned flags, char *buf, size_t size)
{
    return cv_gen_fen_write(pos, flags, buf, size);
}

static int g_side(const void *pos) { return ((const cv_pos *)pos)->side; }
static int g_fullmove(const void *pos) { return ((const cv_pos *)pos)->fullmove; }

static int g_gen(void *pos, cv_amove *out, int max)
{
    cv_movelist *ml = malloc(sizeof *ml);
    if (!ml) return 0;
    cv_gen_legal(pos, ml);
    int n = ml->n;
    for (int i = 0; i < n && i < max; i++) put_move(&out[i], ml->m[i]);
    free(ml);
    return n;
}

static size_t g_format(void *pos, const cv_amove *m, int nt, char *buf, size_t size)
{
    /* pbm: SAN, or more of it where pbmserv's reading (letters in either
     * case) would take the SAN two ways ("Bb3", a bishop or the b-pawn) */
    if (nt == NT_PBM) return cv_gen_move_format_pbm(pos, NULL, M(m), buf, size);
    return cv_gen_move_format(pos, NULL, M(m), written(nt), buf, size);
}

/* A square's file as letters at text: its index, the letters' count in
 * *n; -1 when none. */
static int file_at(const cv_geom *g, const char *text, size_t *n)
{
    *n = 0;
    if (text[0] < 'a' || text[0] - 'a' >= g->files) return -1;
    *n = 1;
    return text[0] - 'a';
}

static int all_digits(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

/* The moves only pbm writes (docs/cvkit-formats.5, "The notation of a
 * game"): a piece letter in lower case before a square two or more files
 * from its own letter ("nl3", "kk1": no pawn move of SAN, which writes
 * a file before a square only for a capture on the next file); an
 * upper-case file letter that is no piece's before a move ("Dxe5"). */
static int g_notation_of_move(const cv_variant *v, const char *t)
{
    /* ASCII by hand, the usual SAN move ("Nf3", "e4") out first: this
     * runs on every move of every game read */
    const cv_geom *g = &v->geom;
    char c = t[0];
    size_t n;
    if (c >= 'A' && c <= 'Z') {
        if (v->by_letter[(unsigned char)c] >= 0 || c - 'A' >= g->files) return -1;
        return t[1] == 'x' || file_at(g, t + 1, &n) >= 0 ? NT_PBM : -1;
    }
    if (c < 'a' || c > 'z' || v->by_letter[(unsigned char)(c - 'a' + 'A')] < 0) return -1;
    int f = file_at(g, t + 1, &n), as_file = c - 'a' < g->files ? c - 'a' : -1;
    if (f >= 0 && all_digits(t + 1 + n) && (as_file < 0 || abs(f - as_file) != 1)) return NT_PBM;
    return -1;
}

static cv_move_status g_read_move(void *pos, const char *text, int nt, unsigned flags, cv_amove *m, cv_move_info *info)
{
    cv_move_parse r;
    if (nt == NT_PBM) flags |= CV_READ_PBM;
    /* plain SAN read as cv_gen_move_read_as would first read it, without its
     * parse record: the move of nearly every ply of a real file */
    cv_move fast;
    if (!flags && cv_gen_san_fast(pos, text, &fast)) {
        put_move(m, fast);
        info->lax = 0;
        return CV_MOVE_OK;
    }
    cv_gen_move_read_as(pos, NULL, text, flags, &r);
    if (r.status == CV_MOVE_OK) put_move(m, r.move);
    else snprintf(info->why, sizeof info->why, "%s", r.why);
    info->lax = r.lax;
    return r.status;
}

static void g_make(void *pos, const cv_amove *m, cv_aundo *u) { cv_gen_make(pos, M(m), (cv_undo *)u->s.b); }
static void g_unmake(void *pos, const cv_amove *m, const cv_aundo *u) { cv_gen_unmake(pos, M(m), (const cv_undo *)u->s.b); }
static void g_make_null(void *pos, cv_aundo *u) { cv_gen_make_null(pos, (cv_undo *)u->s.b); }
static void g_unmake_null(void *pos, const cv_aundo *u) { cv_gen_unmake_null(pos, (const cv_undo *)u->s.b); }

int cv_gen_insufficient_material(const cv_pos *p)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    int minors[2] = { 0, 0 }, knights = 0, bishops_sq[2] = { 0, 0 };
    for (int c = 0; c < g->ncells; c++) {
        uint8_t q = p->board[c];
        if (!q) continue;
        const cv_piece *pc = &v->pieces[CV_TYPE(q)];
        if (pc->royal) continue;
        if (!strcmp(pc->name, "knight")) {
            knights++;
            minors[CV_COLOR(q)]++;
        } else if (!strcmp(pc->name, "bishop")) {
            bishops_sq[(g->file[c] + g->rank[c]) & 1]++;
            minors[CV_COLOR(q)]++;
        } else {
            return 0;
        }
    }
    int total = minors[0] + minors[1];
    if (total <= 1) return 1;
    /* only bishops, all on squares of one colour */
    return knights == 0 && (bishops_sq[0] == 0 || bishops_sq[1] == 0);
}

static void g_outcome(void *pos, cv_outcome *o)
{
    cv_pos *p = pos;
    o->in_check = cv_gen_in_check(p);
    o->moves = cv_gen_count_legal(p);
    o->fifty = p->v->fifty_move_plies && p->halfmove >= p->v->fifty_move_plies;
    o->insufficient_material = cv_gen_insufficient_material(p);
}

static uint64_t g_key(void *pos) { return cv_gen_repetition_key(pos); }

static uint64_t g_subtree(void *pos, int depth, cv_count_ctx *ctx)
{
    return cv_perft_subtree(pos, depth, ctx);
}

/* Divide has always written pbm's moves as SAN, without the LAN format
 * gives a move whose SAN pbmserv reads two ways ("Bb3"): cv-perft's
 * output stays as it was. */
static size_t g_divide_format(void *pos, const cv_amove *m, int nt, char *buf, size_t size)
{
    return cv_gen_move_format(pos, NULL, M(m), written(nt), buf, size);
}

static const cv_engine_count g_count = { .subtree = g_subtree, .divide_format = g_divide_format, .table = 1 };

static void g_diagram(const void *pos, const char *style, unsigned flags, FILE *out)
{
    cv_gen_diagram_styled(pos, style, flags, out);
}

/* Any board of the spec's geometry, a piece by its FEN letter. */
static void g_picture(const void *pos, const cv_picture_opts *o, cv_picture *pic)
{
    const cv_pos *p = pos;
    const cv_geom *g = &p->v->geom;
    int map[CV_MAX_CELLS];
    cv_pic_geom(pic, g, 0, 0, "", map);
    for (int c = 0; c < g->ncells; c++) {
        uint8_t q = p->board[c];
        if (!q) continue;
        char l[2] = { cv_piece_char(p->v, q), 0 };
        const cv_piece *pc = &p->v->pieces[CV_TYPE(q)];
        cv_pic_piece_add(pic, map[c], l, CV_COLOR(q), pc->royal, cv_pic_kind(pc->name));
    }
}

/* ---- the board owner's edits ---- */

static cv_move_status fail_at(char *why, size_t ws, int *col, int at, cv_move_status st, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static cv_move_status fail_at(char *why, size_t ws, int *col, int at, cv_move_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, ws, fmt, ap);
    va_end(ap);
    *col = at;
    return st;
}

/* The ProChess board's "m e2 e4 [P]": two squares with any delimiter
 * (case-insensitive), promoting to the first promotion piece (a queen)
 * unless another is named; else any notation the engine reads. */
static cv_move_status board_squares(void *pos, const char *args, cv_amove *m, char *why, size_t ws, int *col);

/* One word may be a move in a notation ("d4", "N1c3", "Kk1") as well as
 * two squares ("e2e4", "n1c3"): the reading that is a legal move wins;
 * when neither is, the squares' reason, unless the word does not even
 * start with a square. */
static cv_move_status g_board_move(void *pos, const char *args, cv_amove *m, char *why, size_t ws, int *col)
{
    cv_move_status sq = board_squares(pos, args, m, why, ws, col);
    if (sq == CV_MOVE_OK || strpbrk(args, " \t")) return sq;
    cv_amove nm;
    cv_move_info info;
    cv_move_status st = g_read_move(pos, args, NT_SAN, 0, &nm, &info);
    if (st == CV_MOVE_OK) {
        *m = nm;
        return st;
    }
    /* the word is no square at all ("Kk1"): the notation's reason */
    if (sq == CV_MOVE_SYNTAX && *col == 0 && st != CV_MOVE_SYNTAX) {
        *col = 0;
        snprintf(why, ws, "illegal move %s: %s", args, info.why);
        return st;
    }
    return sq;
}

static cv_move_status board_squares(void *pos, const char *args, cv_amove *m, char *why, size_t ws, int *col)
{
    cv_pos *p = pos;
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    int from = -1, to = -1, n;
    const char *s = args;
    char low[16];
    for (int k = 0; k < 2; k++) {
        while (*s && !isalnum((unsigned char)*s)) s++;
        size_t i;
        for (i = 0; i < 4 && s[i]; i++) low[i] = (char)tolower((unsigned char)s[i]);
        low[i] = 0;
        int cell;
        if (!(n = cv_geom_scan_cell(g, low, &cell))) {
            if (!*s) return fail_at(why, ws, col, (int)(s - args), CV_MOVE_SYNTAX, "expected a square, found the end of the line");
            return fail_at(why, ws, col, (int)(s - args), CV_MOVE_SYNTAX, "expected a square, found '%.8s'", s);
        }
        if (k == 0) from = cell;
        else to = cell;
        s += n;
    }
    while (*s && !isalnum((unsigned char)*s)) s++;
    char promo = 0;
    if (*s) {
        if (s[1] && !isspace((unsigned char)s[1]))
            return fail_at(why, ws, col, (int)(s - args), CV_MOVE_SYNTAX, "unexpected '%s' after the move", s);
        promo = (char)toupper((unsigned char)*s);
        if (v->by_letter[(int)(unsigned char)promo] < 0)
            return fail_at(why, ws, col, (int)(s - args), CV_MOVE_SYNTAX, "unknown promotion piece '%c'", *s);
    }
    cv_movelist *ml = malloc(sizeof *ml);
    if (!ml) return fail_at(why, ws, col, 0, CV_MOVE_SYNTAX, "out of memory");
    cv_gen_legal(p, ml);
    char text[32];
    snprintf(text, sizeof text, "%s%s", g->name[from], g->name[to]);
    cv_move_parse r;
    cv_gen_move_read(p, ml, text, &r);
    if (r.status != CV_MOVE_OK && v->npromo) {
        char pl = promo ? promo : v->pieces[v->promo_types[0]].letter;
        char t2[40];
        snprintf(t2, sizeof t2, "%s%c", text, (char)tolower((unsigned char)pl));
        cv_move_parse r2;
        /* a piece given: its reason counts; none given: the queen only
         * helps when it makes the move a legal promotion */
        if (cv_gen_move_read(p, ml, t2, &r2) == CV_MOVE_OK || promo) r = r2;
    } else if (r.status == CV_MOVE_OK && promo) {
        free(ml);
        return fail_at(why, ws, col, 0, CV_MOVE_ILLEGAL, "%s-%s is not a promotion", g->name[from], g->name[to]);
    }
    free(ml);
    if (r.status != CV_MOVE_OK)
        return fail_at(why, ws, col, 0, r.status, "illegal move %s-%s: %s", g->name[from], g->name[to], r.why);
    put_move(m, r.move);
    return CV_MOVE_OK;
}

static int g_put(void *pos, const char *text, char *why, size_t ws, int *col)
{
    cv_pos *p = pos;
    const cv_geom *g = &p->v->geom;
    const char *s = text;
    while (*s == ' ' || *s == '\t') s++;
    uint8_t pc = 0;
    if (!*s) {
        snprintf(why, ws, "expected a piece letter or - and a square (p Re4, p -e4), found the end of the line");
        return -1;
    }
    if (*s != '-' && !(pc = cv_piece_from_char(p->v, *s))) {
        *col = (int)(s - text);
        snprintf(why, ws, "unknown piece '%c' (want a piece letter or '-')", *s);
        return -1;
    }
    s++;
    char low[8];
    size_t i;
    for (i = 0; i < 4 && s[i]; i++) low[i] = (char)tolower((unsigned char)s[i]);
    low[i] = 0;
    int cell, n = cv_geom_scan_cell(g, low, &cell);
    if (!n) {
        *col = (int)(s - text);
        if (!*s) snprintf(why, ws, "expected a square after the piece, found the end of the line");
        else snprintf(why, ws, "expected a square after the piece, found '%.8s'", s);
        return -1;
    }
    const char *rest = s + n;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (*rest) {
        *col = (int)(rest - text);
        snprintf(why, ws, "unexpected '%s'", rest);
        return -1;
    }
    cv_gen_pos_put(p, cell, pc);
    /* a right whose king or rook is gone would be a lie */
    for (int k = 0; k < p->ncastle; k++)
        if (p->castle[k].king_from == cell || p->castle[k].rook_from == cell) p->castling &= ~(1u << k);
    cv_gen_pos_refresh(p);
    return 0;
}

static void g_set_side(void *pos, int side)
{
    cv_pos *p = pos;
    p->side = side;
    p->ep = p->ep_victim = -1;
    cv_gen_pos_refresh(p);
}

static int g_set_rights(void *pos, const char *text, char *why, size_t ws)
{
    cv_pos *p = pos;
    char fen[2048];
    cv_gen_fen_write(p, 0, fen, sizeof fen);
    /* rebuilt through the FEN reader so the rights get their rooks */
    char *sp = strchr(fen, ' ');
    char rebuilt[2200];
    snprintf(rebuilt, sizeof rebuilt, "%.*s %c %s - %d %d", (int)(sp - fen), fen, p->side ? 'b' : 'w',
             *text ? text : "-", p->halfmove, p->fullmove);
    cv_pos q;
    cv_fen_errors e;
    if (strpbrk(text, " \t") || cv_gen_fen_read(p->v, rebuilt, CV_FEN_LENIENT, &q, &e) < 0) {
        snprintf(why, ws, "invalid castling rights '%s'", text);
        return -1;
    }
    for (int i = 0; i < e.n; i++)
        if (e.e[i].kind == CV_FE_POSITION) {
            snprintf(why, ws, "%s", e.e[i].msg);
            return -1;
        }
    q.ep = p->ep;
    q.ep_victim = p->ep_victim;
    *p = q;
    cv_gen_pos_refresh(p);
    return 0;
}

static size_t g_rights(const void *pos, char *buf, size_t size)
{
    char fen[2048];
    cv_gen_fen_write(pos, 0, fen, sizeof fen);
    const char *f = strchr(fen, ' ') + 3;
    return (size_t)snprintf(buf, size, "%.*s", (int)(strchr(f, ' ') - f), f);
}

static const cv_engine_spec spec = {
    .compile = cv_gen_compile,
    .read_setup = cv_gen_read_setup,
};

static const cv_engine_picture picture = {
    .styles = styles,
    .diagram = g_diagram,
    .draw = g_picture,
};

static const cv_engine_edit edit = {
    .board_move = g_board_move,
    .put = g_put,
    .set_side = g_set_side,
    .set_rights = g_set_rights,
    .rights = g_rights,
};

const cv_engine cv_generic_engine = {
    .name = "generic",
    .pos_size = sizeof(cv_pos),
    .spec = &spec,
    .notations = notations,
    .divide_notation = NT_UCI,
    .alt_notation = alt_notation,
    .read_apart = read_apart,
    .notation_of_move = g_notation_of_move,
    .record_format = "pgn",
    .start = g_start,
    .clear = g_clear,
    .read = g_read,
    .write = g_write,
    .side = g_side,
    .fullmove = g_fullmove,
    .gen = g_gen,
    .format = g_format,
    .read_move = g_read_move,
    .make = g_make,
    .unmake = g_unmake,
    .make_null = g_make_null,
    .unmake_null = g_unmake_null,
    .outcome = g_outcome,
    .key = g_key,
    .search = &cv_gen_search,
    .count = &g_count,
    .picture = &picture,
    .edit = &edit,
};
