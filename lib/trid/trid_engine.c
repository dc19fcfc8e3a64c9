/* The Star Trek Tri-D engine behind engine.h (`module: trid`): positions
 * in TD-FEN, Parmen standard and Romulan notation, the rule options of
 * the spec's `trid:` mapping.  The rules themselves are trid.c. */
#include "engine.h"
#include "trid.h"
#include "trid_diagram.h"
#include "trid_search.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(cv_trid_pos) <= CV_APOS_BYTES, "cv_apos too small for cv_trid_pos");
_Static_assert(sizeof(cv_trid_pos) <= CV_AUNDO_BYTES, "cv_aundo too small for a cv_trid_pos copy");
_Static_assert(sizeof(cv_trid_move) <= CV_AMOVE_BYTES, "cv_amove too small for cv_trid_move");
_Static_assert(sizeof(cv_trid_opts) <= sizeof(((cv_variant *)0)->eopts), "eopts too small for cv_trid_opts");

enum { NT_PARMEN, NT_ROMULAN };
/* "standard" is Parmen's own name for his notation; "parmen" is kept as
 * an alias */
static const char *const notations[] = { "standard", "romulan", NULL };
static const char *const aliases[] = { "parmen", "standard", NULL };
static const int alt_notation[] = { NT_ROMULAN, NT_PARMEN };
static const char *const own_keys[] = { "board", "pieces", "setup", "castling", "promotion", "en-passant", NULL };

static const cv_trid_opts *O(const cv_variant *v) { return (const cv_trid_opts *)(const void *)v->eopts.b; }
static cv_trid_notation TN(int nt) { return nt == NT_ROMULAN ? CV_TRID_NOTE_ROMULAN : CV_TRID_NOTE_PARMEN; }

static cv_trid_move M(const cv_amove *m)
{
    cv_trid_move x;
    memcpy(&x, m->s.b, sizeof x);
    return x;
}

static void put_move(cv_amove *out, cv_trid_move m)
{
    memset(out, 0, sizeof *out);
    memcpy(out->s.b, &m, sizeof m);
}

/* ---- spec ---- */

static int t_opts_init(cv_variant *v, const char *ruleset, char *err, size_t es)
{
    int r = cv_trid_ruleset_from_name(ruleset);
    if (r < 0) {
        snprintf(err, es, "unknown rule set '%s' (standard or tournament)", ruleset);
        return -1;
    }
    cv_trid_opts_default((cv_trid_opts *)(void *)v->eopts.b, (cv_trid_ruleset)r);
    snprintf(v->setup, sizeof v->setup, "%s", cv_trid_start_fen((cv_trid_ruleset)r));
    v->royal_type = v->pawn_type = -1;
    return 0;
}

static int t_opts_set(cv_variant *v, const char *key, const char *value, char *err, size_t es)
{
    return cv_trid_opts_set((cv_trid_opts *)(void *)v->eopts.b, key, value, err, es);
}

/* ---- positions ---- */

static int t_start(const cv_variant *v, void *pos)
{
    cv_trid_start(pos, O(v));
    return 0;
}

static void t_clear(const cv_variant *v, void *pos) { cv_trid_clear(pos, O(v)); }

static int t_read(const cv_variant *v, const char *text, unsigned flags, void *pos, cv_fen_errors *e)
{
    cv_trid_errors *te = malloc(sizeof *te);
    if (!te) return -1;
    int rc = cv_trid_fen_read(text, O(v), pos, te);
    for (int i = 0; i < te->n && e->n < CV_FEN_MAX_ERRORS; i++) {
        /* the lenient reader lets pass what strict names */
        if (te->e[i].kind == CV_TRID_E_LAX && (flags & CV_FEN_LENIENT)) continue;
        cv_fen_error *x = &e->e[e->n++];
        x->col = te->e[i].col;
        x->kind = te->e[i].kind == CV_TRID_E_SYNTAX ? CV_FE_SYNTAX
                  : te->e[i].kind == CV_TRID_E_LAX  ? CV_FE_LAX
                                                    : CV_FE_POSITION;
        snprintf(x->msg, sizeof x->msg, "%s", te->e[i].msg);
    }
    for (int i = 0; i < 7; i++) e->fieldcol[i] = te->fieldcol[i];
    free(te);
    /* the loose reader (the board's `fen`) keeps only the rights that can
     * be, as the generic FEN reader does; the strict one has named them */
    if (rc == 0 && (flags & CV_FEN_LENIENT)) ((cv_trid_pos *)pos)->castling &= cv_trid_castling_possible(pos);
    return rc;
}

static size_t t_write(const void *pos, unsigned flags, char *buf, size_t size)
{
    (void)flags;
    return cv_trid_fen_write(pos, buf, size);
}

static int t_side(const void *pos) { return ((const cv_trid_pos *)pos)->side; }
static int t_fullmove(const void *pos) { return ((const cv_trid_pos *)pos)->fullmove; }

/* ---- moves ---- */

static int t_gen(void *pos, cv_amove *out, int max)
{
    cv_trid_movelist *ml = malloc(sizeof *ml);
    if (!ml) return 0;
    cv_trid_gen_legal(pos, ml);
    int n = ml->n;
    for (int i = 0; i < n && i < max; i++) put_move(&out[i], ml->m[i]);
    free(ml);
    return n;
}

static size_t t_format(void *pos, const cv_amove *m, int nt, char *buf, size_t size)
{
    return cv_trid_move_format(pos, NULL, M(m), TN(nt), buf, size);
}

static cv_move_status t_read_move(void *pos, const char *text, int nt, unsigned flags, cv_amove *m, cv_move_info *info)
{
    (void)nt;
    (void)flags;
    cv_trid_parse r;
    cv_trid_move_read(pos, NULL, text, CV_TRID_NOTE_AUTO, &r);
    if (r.status == CV_TRID_MOVE_OK) put_move(m, r.move);
    else snprintf(info->why, sizeof info->why, "%s", r.why);
    info->lax = r.lax;
    if (r.lax && r.status == CV_TRID_MOVE_OK) {
        /* read as tolerated Parmen, it may be Romulan as written ("O-O") */
        cv_trid_parse q;
        if (cv_trid_move_read(pos, NULL, text, CV_TRID_NOTE_ROMULAN, &q) == CV_TRID_MOVE_OK && !q.lax &&
            cv_trid_move_eq(q.move, r.move))
            info->lax = 0;
    }
    return (cv_move_status)r.status;
}

/* The module changes a position in place; it is taken back from the copy
 * the interface keeps (no unmake entry). */
static void t_make(void *pos, const cv_amove *m, cv_aundo *u)
{
    (void)u;
    cv_trid_make(pos, M(m));
}

/* FNV-1a over what makes two positions the same for repetition. */
static uint64_t t_key(void *pos)
{
    const cv_trid_pos *p = pos;
    uint64_t h = 1469598103934665603ull;
#define MIX(x) do { const unsigned char *b_ = (const unsigned char *)&(x); \
        for (size_t i_ = 0; i_ < sizeof(x); i_++) h = (h ^ b_[i_]) * 1099511628211ull; } while (0)
    MIX(p->pc);
    MIX(p->pinboard);
    MIX(p->board);
    MIX(p->side);
    MIX(p->castling);
    MIX(p->ep);
#undef MIX
    return h | 1;
}

static void t_outcome(void *pos, cv_outcome *o)
{
    const cv_trid_pos *p = pos;
    o->in_check = cv_trid_in_check(p);
    o->moves = cv_trid_count_legal(p);
    /* the draws the search judges (trid_search.h), as chess has them */
    o->fifty = p->halfmove >= 100;
    o->insufficient_material = cv_trid_bare_kings(p);
}

static uint64_t t_subtree(void *pos, int depth, cv_count_ctx *ctx)
{
    return cv_trid_perft_table(pos, depth, ctx->table);
}

static const cv_engine_count t_count = { .subtree = t_subtree, .table = 1 };

/* The drawings of trid_diagram.c. */
static void t_diagram(const void *pos, const char *style, unsigned flags, FILE *out)
{
    cv_trid_diagram(pos, style, flags, out);
}

/* ---- pictures ---- */

/* oblique view: the height of each level (units), the attack boards
 * close to their main boards and clear of them */
static const double rise[8] = { 0, -1.8, 0, 2.6, 5.0, 7.8, 10.0, 12.6 };

static void t_piece(const cv_trid_pos *p, cv_picture *pic, int c, int sq)
{
    uint8_t pc = cv_trid_at(p, sq);
    if (!pc) return;
    char l[2] = { "?PNBRQK?"[CV_TRID_TYPE(pc)], 0 };
    if (CV_TRID_COLOR(pc)) l[0] = (char)tolower((unsigned char)l[0]);
    cv_pic_piece_add(pic, c, l, CV_TRID_COLOR(pc), CV_TRID_TYPE(pc) == CV_TRID_KING, "?PNBRQK?"[CV_TRID_TYPE(pc)]);
}

static int t_shade(const cv_trid_pos *p, int sq)
{
    int light = (CV_TRID_FILE(sq) + CV_TRID_RANK(sq)) & 1;
    return (light ? CV_PIC_LIGHT : CV_PIC_DARK) + (cv_trid_board_of(p, sq) >= 0 ? 2 : 0);
}

/* Parmen's view: the levels one above the other, each seen from above
 * and in front, the attack boards on their pins. */
static void t_oblique(const cv_trid_pos *p, int flip, cv_picture *pic)
{
    char s[24];
#define OX(f, r) (((flip) ? 5 - (f) : (f)) + 0.5 * ((flip) ? 9 - (r) : (r)))
#define OY(r, L) (-0.5 * ((flip) ? 9 - (r) : (r)) - rise[L])
    for (int L = 1; L <= 7; L++) {
        int first = 1;
        for (int rr = 9; rr >= 0; rr--)
            for (int ff = 0; ff < 6; ff++) {
                int f = flip ? 5 - ff : ff, r = flip ? 9 - rr : rr, sq = CV_TRID_SQ(f, r, L);
                if (!cv_trid_exists(p, sq)) continue;
                cv_trid_sq_name(sq, s, sizeof s);
                char group[24];
                snprintf(group, sizeof group, "level %d", L);
                int c = cv_pic_cell_add(pic, OX(f, r), OY(r, L), 1, CV_PIC_RHOMB, t_shade(p, sq), s, group);
                t_piece(p, pic, c, sq);
                if (L % 2 == 0 && first) {
                    /* a main board: its level at its left */
                    first = 0;
                    double rm = L + 0.5; /* the middle of the board's ranks */
                    snprintf(s, sizeof s, "level %d", L);
                    cv_pic_text_add(pic, OX(flip ? 5 : 0, rm) - 1.2, OY(rm, L), 0.4, 0, s);
                }
            }
    }
    /* the pins: from the middle of each attack board to its main board's corner */
    for (int b = 0; b < CV_TRID_BOARDS; b++) {
        int pin = p->board[b].pin;
        if (pin < 0) continue;
        int al = cv_trid_pin_level(pin, p->board[b].inverted), ml = cv_trid_pin_main_level(pin);
        double fm = (pin & 1) ? 4.5 : 0.5, rm = cv_trid_pin_min_rank(pin) + 0.5;
        int corner = cv_trid_pin_corner(pin);
        int cf = corner % 6, cr = corner / 6;
        double ax = (flip ? 5 - fm : fm) + 0.5 * (flip ? 9 - rm : rm), ay = -0.5 * (flip ? 9 - rm : rm) - rise[al];
        cv_pic_line_add(pic, ax, ay, OX(cf, cr), OY(cr, ml), 0.06);
        snprintf(s, sizeof s, "%s", cv_trid_pin_name(pin));
        cv_pic_text_add(pic, ax + ((pin & 1) != flip ? 1.9 : -1.9), ay, 0.32, 1, s);
    }
    /* coordinates: files in front of each main board, ranks at its left */
    for (int L = 2; L <= 6; L += 2) {
        int lo = L - 1, hi = L + 2;     /* ranks of the main board on level L */
        int front = flip ? hi : lo;
        for (int f = 1; f <= 4; f++) {
            snprintf(s, sizeof s, "%c", 'a' + f);
            cv_pic_text_add(pic, OX(f, front) - 0.25, OY(front, L) + 0.5, 0.3, 1, s);
        }
        for (int r = lo; r <= hi; r++) {
            snprintf(s, sizeof s, "%d", r);
            int side = flip ? 4 : 1;
            cv_pic_text_add(pic, OX(side, r) + (flip ? 0.75 : -0.75), OY(r, L), 0.3, 1, s);
        }
    }
#undef OX
#undef OY
}

/* The flat 6 x 10 projection: each cell holds its squares, lowest level
 * first, its level in the corner. */
static void t_overhead(const cv_trid_pos *p, int flip, cv_picture *pic)
{
    char s[16];
    for (int r = 9; r >= 0; r--)
        for (int f = 0; f < 6; f++) {
            int cell = r * 6 + f, n = 0, k;
            for (int L = 1; L <= 7; L++) n += p->exist[cell] >> L & 1;
            if (!n) continue;
            k = n == 1 ? 1 : n <= 4 ? 2 : 3;
            int rows = (n + k - 1) / k;
            double cx = (flip ? 5 - f : f) + 0.5, cy = (flip ? r : 9 - r) + 0.5, sz = 1.0 / k;
            double top = cy - rows * sz / 2;
            for (int L = 1, i = 0; L <= 7; L++) {
                if (!(p->exist[cell] >> L & 1)) continue;
                int sq = CV_TRID_SQ(f, r, L), col = i % k, row = rows - 1 - i / k;
                double x = cx - 0.5 + (col + 0.5) * sz, y = top + (row + 0.5) * sz;
                cv_trid_sq_name(sq, s, sizeof s);
                char group[24];
                snprintf(group, sizeof group, "level %d", L);
                int c = cv_pic_cell_add(pic, x, y, sz, CV_PIC_SQUARE, t_shade(p, sq), s, group);
                t_piece(p, pic, c, sq);
                snprintf(s, sizeof s, "%d", L);
                cv_pic_text_add(pic, x - sz * 0.36, y - sz * 0.36, 0.14, 1, s);
                i++;
            }
        }
    for (int f = 0; f < 6; f++) {
        snprintf(s, sizeof s, "%c", 'a' + f);
        cv_pic_text_add(pic, (flip ? 5 - f : f) + 0.5, 10.3, 0.36, 1, s);
    }
    for (int r = 0; r < 10; r++) {
        snprintf(s, sizeof s, "%d", r);
        cv_pic_text_add(pic, -0.3, (flip ? r : 9 - r) + 0.5, 0.36, 1, s);
    }
}

static void t_picture(const void *pos, const cv_picture_opts *o, cv_picture *pic)
{
    pic->flipped = 1;
    if (o->overhead) t_overhead(pos, o->flip, pic);
    else t_oblique(pos, o->flip, pic);
}

/* ---- the board owner's edits ---- */

/* What the `m` command found where a square should be.  A file and a
 * rank alone are the commonest slip (every other game names a square
 * so): the squares they stand for on this board, with their levels,
 * say how to write one. */
static void level_hint(const cv_trid_pos *p, const char *s, char *why, size_t ws)
{
    const char *found = "expected a move or a square with its level, found";
    if (s[0] < 'a' || s[0] > 'f' || s[1] < '0' || s[1] > '9' || s[2] == '(') {
        snprintf(why, ws, "%s '%.12s'", found, s);
        return;
    }
    char names[64] = "";
    size_t n = 0;
    for (int L = 1; L <= 7; L++) {
        char name[16];
        snprintf(name, sizeof name, "%c%c(%d)", s[0], s[1], L);
        int sq = cv_trid_sq_parse(name, NULL);
        if (sq >= 0 && cv_trid_exists(p, sq) && n < sizeof names)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? " or " : "", name);
    }
    if (n) snprintf(why, ws, "%s '%.12s': a square names its level (%s here)", found, s, names);
    else snprintf(why, ws, "%s '%.12s': a square names its level (no level has %.2s now)", found, s, s);
}

/* "m Pc2-c4(2)", "m QLW-b3(4)" (either notation), or two squares:
 * "m c2(2) c4(2) [P]". */
static cv_move_status t_board_move(void *pos, const char *args, cv_amove *m, char *why, size_t ws, int *col)
{
    cv_trid_pos *p = pos;
    cv_trid_parse r;
    cv_trid_move_read(p, NULL, args, CV_TRID_NOTE_AUTO, &r);
    if (r.status == CV_TRID_MOVE_OK) {
        put_move(m, r.move);
        return CV_MOVE_OK;
    }
    /* two squares with any delimiter between them */
    const char *s = args;
    int sq[2], len;
    for (int k = 0; k < 2; k++) {
        while (*s && (*s == ' ' || *s == '\t' || *s == '-' || *s == '/' || *s == 'x')) s++;
        if ((sq[k] = cv_trid_sq_parse(s, &len)) < 0) {
            if (r.status == CV_TRID_MOVE_SYNTAX || k == 1) {
                *col = (int)(s - args);
                if (!*s) snprintf(why, ws, "expected a square, found the end of the line");
                else level_hint(p, s, why, ws);
                return CV_MOVE_SYNTAX;
            }
            snprintf(why, ws, "illegal move %s: %s", args, r.why);
            return (cv_move_status)r.status;
        }
        s += len;
    }
    while (*s == ' ' || *s == '\t' || *s == '=') s++;
    int promo = 0;
    if (*s) {
        static const char letters[] = " PNBRQK";
        const char *at = strchr(letters + 1, toupper((unsigned char)*s));
        if (!at || s[1]) {
            *col = (int)(s - args);
            snprintf(why, ws, "unexpected '%s' after the move", s);
            return CV_MOVE_SYNTAX;
        }
        promo = (int)(at - letters);
    }
    cv_trid_movelist *ml = malloc(sizeof *ml);
    if (!ml) return CV_MOVE_SYNTAX;
    cv_trid_gen_legal(p, ml);
    int found = -1, nfound = 0, plain = 0;
    for (int i = 0; i < ml->n; i++) {
        cv_trid_move x = ml->m[i];
        if (x.kind == CV_TRID_MK_BOARD || x.from != sq[0] || x.to != sq[1]) continue;
        plain += !x.promo;
        /* the board promotes to a queen unless told otherwise */
        if (x.promo && x.promo != (promo ? promo : CV_TRID_QUEEN)) continue;
        if (!x.promo && promo) continue;
        found = i;
        nfound++;
    }
    char a[16], b[16];
    cv_trid_sq_name(sq[0], a, sizeof a);
    cv_trid_sq_name(sq[1], b, sizeof b);
    if (nfound == 1) put_move(m, ml->m[found]);
    else if (nfound == 0 && promo && plain) snprintf(why, ws, "%s-%s is not a promotion", a, b);
    else if (nfound == 0) snprintf(why, ws, "illegal move %s-%s: no legal move goes from %s to %s%s", a, b, a, b,
                                   promo ? " with that promotion" : "");
    else snprintf(why, ws, "ambiguous move %s-%s: name the move in Parmen notation", a, b);
    free(ml);
    return nfound == 1 ? CV_MOVE_OK : nfound ? CV_MOVE_AMBIGUOUS : CV_MOVE_ILLEGAL;
}

static int t_put(void *pos, const char *text, char *why, size_t ws, int *col)
{
    cv_trid_pos *p = pos;
    const char *s = text;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s) {
        snprintf(why, ws, "expected a piece letter or - and a square (p Pb3(4), p -b3(4)), found the end of the line");
        return -1;
    }
    static const char letters[] = " PNBRQK";
    uint8_t pc = 0;
    if (*s != '-') {
        const char *at = strchr(letters + 1, toupper((unsigned char)*s));
        if (!at) {
            *col = (int)(s - text);
            snprintf(why, ws, "unknown piece '%c' (want a piece letter or '-')", *s);
            return -1;
        }
        pc = CV_TRID_PIECE(at - letters, islower((unsigned char)*s) ? CV_TRID_BLACK : CV_TRID_WHITE);
    }
    s++;
    int len, sq = cv_trid_sq_parse(s, &len);
    if (sq < 0) {
        *col = (int)(s - text);
        if (!*s) snprintf(why, ws, "expected a square after the piece, found the end of the line");
        else snprintf(why, ws, "expected a square after the piece, found '%.8s'", s);
        return -1;
    }
    const char *rest = s + len;
    while (*rest == ' ' || *rest == '\t') rest++;
    if (*rest) {
        *col = (int)(rest - text);
        snprintf(why, ws, "unexpected '%s'", rest);
        return -1;
    }
    if (cv_trid_put(p, sq, pc) < 0) {
        *col = (int)(s - text);
        snprintf(why, ws, "no square %.*s on the board as it stands", len, s);
        return -1;
    }
    /* a right whose king or rook is gone would be a lie */
    p->castling &= cv_trid_castling_possible(p);
    return 0;
}

static void t_set_side(void *pos, int side)
{
    cv_trid_pos *p = pos;
    p->side = (int8_t)side;
    p->ep = -1;
}

static const char rights_letters[] = "KQkq";

static int t_set_rights(void *pos, const char *text, char *why, size_t ws)
{
    cv_trid_pos *p = pos;
    unsigned bits = 0;
    if (strcmp(text, "-")) {
        for (const char *s = text; *s; s++) {
            const char *at = strchr(rights_letters, *s);
            if (!at || !*s || (bits >> (at - rights_letters) & 1)) {
                snprintf(why, ws, "invalid castling rights '%s'", text);
                return -1;
            }
            unsigned bit = 1u << (at - rights_letters);
            if (!(cv_trid_castling_possible(p) & bit)) {
                snprintf(why, ws, "bad castling rights: '%c' needs the %s king and a rook on their squares", *s,
                         at - rights_letters < 2 ? "white" : "black");
                return -1;
            }
            bits |= bit;
        }
    }
    p->castling = (uint8_t)bits;
    return 0;
}

static size_t t_rights(const void *pos, char *buf, size_t size)
{
    const cv_trid_pos *p = pos;
    char out[8];
    size_t n = 0;
    for (int i = 0; i < 4; i++)
        if (p->castling >> i & 1) out[n++] = rights_letters[i];
    if (!n) out[n++] = '-';
    out[n] = 0;
    return (size_t)snprintf(buf, size, "%s", out);
}

static const cv_engine_spec spec = {
    .own_keys = own_keys,
    .opts_required = "ruleset",
    .opts_what = "the rule set and options of the trid module",
    .opts_required_what = "standard or tournament",
    .opts_init = t_opts_init,
    .opts_set = t_opts_set,
};

static const cv_engine_picture picture = {
    .styles = cv_trid_diagram_styles,
    .diagram = t_diagram,
    .draw = t_picture,
};

static const cv_engine_edit edit = {
    .board_move = t_board_move,
    .put = t_put,
    .set_side = t_set_side,
    .set_rights = t_set_rights,
    .rights = t_rights,
};

const cv_engine cv_trid_engine = {
    .name = "trid",
    .pos_size = sizeof(cv_trid_pos),
    .spec = &spec,
    .notations = notations,
    .aliases = aliases,
    .divide_notation = NT_PARMEN,
    .alt_notation = alt_notation,
    .record_format = "gamelist",
    .start = t_start,
    .clear = t_clear,
    .read = t_read,
    .write = t_write,
    .side = t_side,
    .fullmove = t_fullmove,
    .gen = t_gen,
    .format = t_format,
    .read_move = t_read_move,
    .make = t_make,
    .unmake = NULL,     /* undone from the copy the interface keeps */
    .outcome = t_outcome,
    .key = t_key,
    .count = &t_count,
    .picture = &picture,
    .edit = &edit,
    .search = &cv_trid_search,
};
