/* The Panoply engine behind engine.h (`module: panoply`).  The spec gives
 * the hex board and the pieces, those the atoms cannot say marked by a
 * `special:` this module plays; positions are Game Courier's code, moves
 * its full algebraic notation.  The rules are pn_rules.c. */
#include "engine.h"
#include "chess_symbols.h"
#include "compile.h"
#include "pn.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(pn_pos) <= CV_APOS_BYTES, "cv_apos too small for pn_pos");
_Static_assert(sizeof(pn_pos) <= CV_AUNDO_BYTES, "cv_aundo too small for a pn_pos copy");
_Static_assert(sizeof(pn_move) <= CV_AMOVE_BYTES, "cv_amove too small for pn_move");
_Static_assert(sizeof(pn_opts) <= sizeof(((cv_variant *)0)->eopts), "eopts too small for pn_opts");

static const char *const notations[] = { "gc", NULL };
static const char *const aliases[] = { "gamecourier", "gc", "san", "gc", "lan", "gc", NULL };
static const int alt_notation[] = { 0 };
static const char *const styles[] = { "ascii", NULL };
static const char *const record_formats[] = { "gclog", NULL };
static const char *const own_keys[] = { "castling", "en-passant", NULL };
/* the ways of moving the atoms cannot say, in PN_* order from PN_JUMPER */
static const char *const piece_rules[] = { "jump-capture", "retreat-capture", "leap-capture", "herald", "barricade", NULL };

static pn_opts *W(cv_variant *v) { return (pn_opts *)(void *)v->eopts.b; }

static int p_opts_init(cv_variant *v, const char *rules, char *err, size_t es)
{
    if (strcmp(rules, "zacharias")) {
        snprintf(err, es, "unknown rule set '%s' (zacharias)", rules);
        return -1;
    }
    memset(W(v), 0, sizeof(pn_opts));
    W(v)->pawn_moves_reset = 1;
    return 0;
}

/* Each option: its key, the reading of docs/rules/panoply.md first, the other second. */
static const struct { const char *key, *page, *other; } options[] = {
    { "stalemate", "loss", "draw" },
    { "skirmisher-path", "empty", "landing" },
    { "herald-freeze", "turn-start", "each-step" },
    { "pawn-moves", "irreversible", "reversible" },
    { "barricade-jump", "near-end", "whole" },
    { "files", "a-m", "skip-j" },
};

static int p_opts_set(cv_variant *v, const char *key, const char *value, char *err, size_t es)
{
    pn_opts *o = W(v);
    uint8_t *field[] = { &o->stalemate_draws, &o->skirmisher_landing, &o->freeze_each_step,
                         &o->pawn_moves_reset, &o->barricade_whole, NULL };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (strcmp(key, options[i].key)) continue;
        int other = !strcmp(value, options[i].other);
        if (!other && strcmp(value, options[i].page)) {
            snprintf(err, es, "expected %s or %s, found '%s'", options[i].page, options[i].other, value);
            return -1;
        }
        if (field[i]) *field[i] = (uint8_t)(i == 3 ? !other : other);
        else if (cv_geom_letters(&v->geom, other ? "abcdefghiklmn" : "abcdefghijklm") < 0) {
            snprintf(err, es, "files: the board is not the 13-file hexagon");
            return -1;
        }
        return 0;
    }
    snprintf(err, es, "unknown option (stalemate, skirmisher-path, herald-freeze, pawn-moves, barricade-jump, files)");
    return -1;
}

/* The tables of pn_fast.c's padded board (pn.h), and whether it can play
 * the variant: the places must fit a byte and every atom be one cell
 * along one of the six directions (a step of one place). */
static void padded_board(const cv_variant *v, pn_opts *o)
{
    const cv_geom *g = &v->geom;
    int w = g->files + 1;
    o->fast = 0;
    if (w * (g->ranks + 2) > PN_PLACES || g->ncells > PN_FAST_CELLS) return;
    for (int t = 0; t < v->npieces; t++)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < v->pieces[t].natoms[c]; i++) {
                int d = v->pieces[t].atoms[c][i].dir;
                if (g->dx[d] < -1 || g->dx[d] > 1 || g->dy[d] < -1 || g->dy[d] > 1) return;
            }
    o->mbw = (uint8_t)w;
    for (int t = 0; t < v->npieces; t++)
        for (int c = 0; c < 2; c++) {
            uint8_t mm = 0;
            for (int a = 0; a < v->pieces[t].natoms[c]; a++)
                for (int i = 0; i < 6; i++)
                    if ((v->pieces[t].atoms[c][a].mode & CV_MODE_MOVE) && v->pieces[t].atoms[c][a].dir == o->dir6[i])
                        mm |= (uint8_t)(1u << i);
            o->movemask[c][t] = mm;
        }
    memset(o->mb2cell, PN_NONE, sizeof o->mb2cell);
    for (int c = 0; c < g->ncells; c++) {
        int m = (g->rank[c] + 1) * w + g->file[c];
        o->cell2mb[c] = (uint8_t)m;
        o->mb2cell[m] = (uint8_t)c;
    }
    o->fast = 1;
}

static int p_compile(cv_variant *v, char *err, size_t es)
{
    pn_opts *o = W(v);
    if (v->geom.kind != CV_GEOM_HEX) {
        snprintf(err, es, "the panoply module plays a hex board (board: geometry: hex)");
        return -1;
    }
    if (v->royal_type < 0) {
        snprintf(err, es, "the panoply module needs a royal piece");
        return -1;
    }
    static const int six[6][2] = { { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 }, { 1, -1 }, { 1, 0 } };
    for (int i = 0; i < 6; i++)
        for (int d = 0; d < v->geom.ndirs; d++)
            if (v->geom.dx[d] == six[i][0] && v->geom.dy[d] == six[i][1]) o->dir6[i] = (uint8_t)d;
    o->side = (uint8_t)((v->geom.files + 1) / 2);
    for (int t = 0; t < v->npieces; t++) {
        o->role[t] = PN_ATOM;
        for (int k = 0; piece_rules[k]; k++)
            if (!strcmp(v->pieces[t].special, piece_rules[k])) o->role[t] = (uint8_t)(PN_JUMPER + k);
        if (v->pieces[t].label[1] && o->role[t] != PN_BARRICADE) {
            snprintf(err, es, "pieces: '%s': only a barricade's label has a digit", v->pieces[t].label);
            return -1;
        }
    }
    padded_board(v, o);
    return 0;
}

static pn_move M(const cv_amove *m)
{
    pn_move x;
    memcpy(&x, m->s.b, sizeof x);
    return x;
}

static void put_move(cv_amove *out, const pn_move *m)
{
    memset(out, 0, sizeof *out);
    memcpy(out->s.b, m, sizeof *m);
}

static void p_clear(const cv_variant *v, void *pos) { cv_pn_clear(pos, v); }

static int p_read(const cv_variant *v, const char *text, unsigned flags, void *pos, cv_fen_errors *e)
{
    (void)flags;
    return cv_pn_code_read(v, text, pos, e);
}

static int p_start(const cv_variant *v, void *pos)
{
    cv_fen_errors e;
    return v->setup[0] && cv_pn_code_read(v, v->setup, pos, &e) == 0 && !e.n ? 0 : -1;
}

static size_t p_write(const void *pos, unsigned flags, char *buf, size_t size)
{
    (void)flags;
    return cv_pn_code_write(pos, buf, size);
}

static int p_side(const void *pos) { return ((const pn_pos *)pos)->side; }
static int p_fullmove(const void *pos) { return ((const pn_pos *)pos)->fullmove; }

static int p_gen(void *pos, cv_amove *out, int max)
{
    pn_move ml[PN_MAX_MOVES];
    int n = cv_pn_gen(pos, ml, PN_MAX_MOVES);
    for (int i = 0; i < n && i < max && i < PN_MAX_MOVES; i++) put_move(&out[i], &ml[i]);
    return n;
}

static size_t p_format(void *pos, const cv_amove *m, int nt, char *buf, size_t size)
{
    (void)nt;
    pn_move x = M(m);
    return cv_pn_move_format(pos, &x, buf, size);
}

static cv_move_status p_read_move(void *pos, const char *text, int nt, unsigned flags, cv_amove *m, cv_move_info *info)
{
    (void)nt;
    (void)flags;
    pn_move x;
    int lax;
    cv_move_status st = cv_pn_move_read(pos, text, &x, info->why, sizeof info->why, &lax);
    info->lax = lax;
    if (st == CV_MOVE_OK) put_move(m, &x);
    return st;
}

/* A Game Courier move is words: a label word joins the cell word after
 * it, and a word ending in ';' the sub-move after it. */
static size_t p_move_span(const char *text)
{
    size_t i = 0;
    for (;;) {
        size_t w = strcspn(text + i, " \t\r\n");
        int label = w && !memchr(text + i, '-', w);
        i += w;
        if (label) {
            i += strspn(text + i, " \t");
            i += strcspn(text + i, " \t\r\n");
        }
        if (!i || text[i - 1] != ';' || !text[i]) return i;
        i += strspn(text + i, " \t");
    }
}

/* taken back from the copy the interface keeps (no unmake entry) */
static void p_make(void *pos, const cv_amove *m, cv_aundo *u)
{
    (void)u;
    pn_move x = M(m);
    cv_pn_make(pos, &x);
}

static void p_outcome(void *pos, cv_outcome *o)
{
    pn_pos *p = pos;
    pn_move ml[PN_MAX_MOVES];
    o->in_check = cv_pn_in_check(p);
    o->moves = cv_pn_gen(p, ml, PN_MAX_MOVES);
    o->fifty = p->v->fifty_move_plies && p->halfmove >= p->v->fifty_move_plies;
    o->insufficient_material = 0;
    o->no_move_loses = !pn_O(p->v)->stalemate_draws;
}

static uint64_t p_key(void *pos)
{
    const pn_pos *p = pos;
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < p->v->geom.ncells; i++) h = (h ^ p->b[i]) * 1099511628211ull;
    h = (h ^ (uint64_t)p->side) * 1099511628211ull;
    return h | 1;
}

static uint64_t p_subtree(void *pos, int depth, cv_count_ctx *ctx)
{
    return cv_pn_perft_table(pos, depth, ctx->table);
}

static const cv_engine_count p_count = { .subtree = p_subtree, .table = 1 };

/* The hexagon of hexagons, a piece by its Game Courier label. */
static void p_picture(const void *pos, const cv_picture_opts *o, cv_picture *pic)
{
    const pn_pos *p = pos;
    const cv_geom *g = &p->v->geom;
    int map[CV_MAX_CELLS];
    cv_pic_geom(pic, g, 0, 0, "", map);
    for (int c = 0; c < g->ncells; c++) {
        if (!p->b[c]) continue;
        char l[4];
        cv_pn_label(p, p->b[c], l);
        const cv_piece *pc = &p->v->pieces[CV_TYPE(p->b[c])];
        cv_pic_piece_add(pic, map[c], l, CV_COLOR(p->b[c]), pc->royal, cv_pic_kind(pc->name));
    }
}

/* The hexagon with its vertices toward the players: each rank half a
 * cell left of the one below, so that a cell's two forward neighbours
 * stand above it to the left and right, and a file runs up to the right.
 * Each rank's number stands beyond both of its end cells; each file's
 * letter one place beyond its end on the top or the bottom rank, along
 * the file (every file ends on one of them, rank 1 or the last: a lone
 * letter beside a rank could be read as a piece).  '.' is an empty
 * cell; with
 * CV_DIAGRAM_UNICODE a King and a Pawn are drawn as chess symbols, the
 * other pieces by their labels. */
enum { PN_DMARGIN = 4, PN_DWIDTH = 4 * CV_MAX_FILES + 4 * CV_MAX_RANKS + 16 };

/* The column of grid place (f, r), which may lie off the board. */
static int pn_dx(const cv_geom *g, int f, int r) { return PN_DMARGIN + 2 * (2 * f + r - (g->files - 1) / 2); }

static void p_diagram(const void *pos, const char *style, unsigned flags, FILE *out)
{
    (void)style;
    const pn_pos *p = pos;
    const cv_geom *g = &p->v->geom;
    /* line 0 above the top rank, line ranks + 1 below rank 1; a byte 1..12
     * in the canvas stands for a chess symbol */
    static char canvas[CV_MAX_RANKS + 2][PN_DWIDTH];
    memset(canvas, ' ', sizeof canvas);
#define LINE(r) canvas[g->ranks - (r)]
    for (int r = 0; r < g->ranks; r++)
        for (int f = 0; f < g->files; f++) {
            int c = cv_geom_cell(g, f, r);
            if (c < 0) continue;
            char l[4] = ".";
            if (p->b[c]) {
                cv_pn_label(p, p->b[c], l);
                int k = flags & CV_DIAGRAM_UNICODE ? cv_chess_letter_of(p->v->pieces[CV_TYPE(p->b[c])].name) : 0;
                if (k) {
                    static const char order[] = "KQRBNP";
                    l[0] = (char)(1 + (strchr(order, k) - order) + 6 * CV_COLOR(p->b[c]));
                    l[1] = 0;
                }
            }
            memcpy(LINE(r) + pn_dx(g, f, r), l, strlen(l));
        }
    /* file letters at both ends of each file */
    for (int f = 0; f < g->files; f++) {
        int lo = -1, hi = -1;
        for (int r = 0; r < g->ranks; r++)
            if (cv_geom_cell(g, f, r) >= 0) {
                if (lo < 0) lo = r;
                hi = r;
            }
        if (lo == 0) LINE(-1)[pn_dx(g, f, -1)] = g->letters[f];
        if (lo >= 0 && hi == g->ranks - 1) LINE(g->ranks)[pn_dx(g, f, g->ranks)] = g->letters[f];
    }
    /* rank numbers beyond the end cells of each rank, where free */
    for (int r = 0; r < g->ranks; r++) {
        int lo = -1, hi = -1;
        for (int f = 0; f < g->files; f++)
            if (cv_geom_cell(g, f, r) >= 0) {
                if (lo < 0) lo = f;
                hi = f;
            }
        if (lo < 0) continue;
        char num[8];
        int n = snprintf(num, sizeof num, "%d", r + 1);
        int xl = pn_dx(g, lo - 1, r) + 2 - n, xr = pn_dx(g, hi + 1, r);
        memcpy(LINE(r) + xl, num, (size_t)n);
        memcpy(LINE(r) + xr, num, (size_t)n);
    }
#undef LINE
    for (int y = 0; y < g->ranks + 2; y++) {
        int end = PN_DWIDTH;
        while (end > 0 && canvas[y][end - 1] == ' ') end--;
        for (int x = 0; x < end; x++) {
            char ch = canvas[y][x];
            if (ch >= 1 && ch <= 12) fputs(cv_chess_symbol("KQRBNPkqrbnp"[ch - 1]), out);
            else fputc(ch, out);
        }
        fputc('\n', out);
    }
    fprintf(out, "%s to move\n", p->side ? "Black" : "White");
}

static cv_move_status p_board_move(void *pos, const char *args, cv_amove *m, char *why, size_t ws, int *col)
{
    cv_move_info info;
    cv_move_status st = p_read_move(pos, args, 0, 0, m, &info);
    if (st != CV_MOVE_OK) {
        *col = 0;
        snprintf(why, ws, "%s", info.why);
    }
    return st;
}

/* `p`: a label (or '-') and a cell, a space between them or not: P e5,
 * B1e5, -e5. */
static int p_put(void *pos, const char *text, char *why, size_t ws, int *col)
{
    pn_pos *p = pos;
    const char *s = text;
    while (*s == ' ') s++;
    uint8_t pc = 0;
    int len = 0, cell;
    if (*s == '-') len = 1;
    else {
        for (int l = 2; l >= 1 && !len; l--) {
            const char *c = s + l;
            while (*c == ' ') c++;
            if ((pc = cv_pn_label_piece(p->v, s, l)) && cv_geom_scan_cell(&p->v->geom, c, &cell)) len = l;
        }
    }
    if (!len) {
        *col = (int)(s - text);
        snprintf(why, ws, "expected a piece label or '-' and a cell (p P e5, p B1 g2, p - e5)");
        return -1;
    }
    s += len;
    while (*s == ' ') s++;
    int k = cv_geom_scan_cell(&p->v->geom, s, &cell);
    if (!k || (s[k] && s[k] != ' ')) {
        *col = (int)(s - text);
        snprintf(why, ws, "expected a cell of the hexagon after the piece");
        return -1;
    }
    p->b[cell] = pc;
    return 0;
}

static void p_set_side(void *pos, int side) { ((pn_pos *)pos)->side = (int8_t)side; }

static size_t p_rights(const void *pos, char *buf, size_t size)
{
    (void)pos;
    return (size_t)snprintf(buf, size, "-");
}

static int p_set_rights(void *pos, const char *text, char *why, size_t ws)
{
    (void)pos;
    if (!strcmp(text, "-")) return 0;
    snprintf(why, ws, "Panoply has no castling or en passant rights (only '-')");
    return -1;
}

static const cv_engine_spec spec = {
    .own_keys = own_keys,
    .opts_required = "rules",
    .opts_what = "the rule set and options of the panoply module",
    .opts_required_what = "zacharias",
    .opts_init = p_opts_init,
    .opts_set = p_opts_set,
    .piece_rules = piece_rules,
    .piece_labels = 1,
    .compile = cv_gen_compile,     /* its rules read the generic attack tables */
    .check = p_compile,
};

static const cv_engine_picture picture = {
    .styles = styles,
    .diagram = p_diagram,
    .draw = p_picture,
};

static const cv_engine_edit edit = {
    .board_move = p_board_move,
    .put = p_put,
    .set_side = p_set_side,
    .set_rights = p_set_rights,
    .rights = p_rights,
};

extern const cv_engine_search cv_pn_search;   /* pn_search.c */

const cv_engine cv_panoply_engine = {
    .name = "panoply",
    .pos_size = sizeof(pn_pos),
    .spec = &spec,
    .notations = notations,
    .aliases = aliases,
    .divide_notation = 0,
    .alt_notation = alt_notation,
    .record_format = "gclog",
    .record_formats = record_formats,
    .start = p_start,
    .clear = p_clear,
    .read = p_read,
    .write = p_write,
    .side = p_side,
    .fullmove = p_fullmove,
    .gen = p_gen,
    .format = p_format,
    .move_span = p_move_span,
    .read_move = p_read_move,
    .make = p_make,
    .unmake = NULL,     /* undone from the copy the interface keeps */
    .outcome = p_outcome,
    .key = p_key,
    .count = &p_count,
    .search = &cv_pn_search,
    .picture = &picture,
    .edit = &edit,
};
