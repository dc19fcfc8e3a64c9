/* The Parallel Worlds engine behind engine.h (`module: pw`): a move of
 * the interface is a whole turn, positions are PW-FEN, the notation is
 * docs/rules/parallelworlds.md's.  The rules are pw.c. */
#include "engine.h"
#include "chess_symbols.h"
#include "pw.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(pw_pos) <= CV_APOS_BYTES, "cv_apos too small for pw_pos");
_Static_assert(sizeof(pw_pos) <= CV_AUNDO_BYTES, "cv_aundo too small for a pw_pos copy");
_Static_assert(sizeof(pw_turn) <= CV_AMOVE_BYTES, "cv_amove too small for pw_turn");
_Static_assert(sizeof(pw_opts) <= sizeof(((cv_variant *)0)->eopts), "eopts too small for pw_opts");

static const char *const notations[] = { "pw", NULL };
static const char *const aliases[] = { "lan", "pw", "san", "pw", NULL };
static const int alt_notation[] = { 0 };
static const char *const styles[] = { "ascii", NULL };
/* the board and the pieces are the spec's (chess's, inherited); the
 * levels, castling, en passant and promotion are the module's */
static const char *const own_keys[] = { "setup", "castling", "promotion", "en-passant", NULL };

static const pw_opts *O(const cv_variant *v) { return (const pw_opts *)(const void *)v->eopts.b; }

static pw_turn T(const cv_amove *m)
{
    pw_turn t;
    cv_amove_get(&t, m, sizeof t);
    return t;
}

/* Only the turn's own moves: the places after them are zero, so one turn
 * has one cv_amove, byte for byte (the search's whole turns are compared
 * with gen's). */
static void put_turn(cv_amove *out, const pw_turn *t)
{
    pw_turn c = { .n = t->n };
    for (int i = 0; i < t->n && i < 3; i++) c.m[i] = t->m[i];
    cv_amove_put(out, &c, sizeof c);
}

static int p_opts_init(cv_variant *v, const char *rules, char *err, size_t es)
{
    if (strcmp(rules, "schmittberger")) {
        snprintf(err, es, "unknown rule set '%s' (schmittberger)", rules);
        return -1;
    }
    cv_pw_opts_default((pw_opts *)(void *)v->eopts.b);
    snprintf(v->setup, sizeof v->setup, "%s", cv_pw_start_fen());
    v->royal_type = v->pawn_type = -1;
    v->fifty_move_plies = v->repetition_count = 0;
    return 0;
}

static int p_compile(cv_variant *v, char *err, size_t es)
{
    if (v->geom.kind != CV_GEOM_RECT || v->geom.files != 8 || v->geom.ranks != 8) {
        snprintf(err, es, "board: each level of Parallel Worlds is 8 x 8 (inherits: chess)");
        return -1;
    }
    return cv_pw_opts_pieces((pw_opts *)(void *)v->eopts.b, v, err, es);
}

static int p_opts_set(cv_variant *v, const char *key, const char *value, char *err, size_t es)
{
    return cv_pw_opts_set((pw_opts *)(void *)v->eopts.b, key, value, err, es);
}

static int p_start(const cv_variant *v, void *pos)
{
    cv_pw_start(pos, O(v));
    return 0;
}

static void p_clear(const cv_variant *v, void *pos) { cv_pw_clear(pos, O(v)); }

static int p_read(const cv_variant *v, const char *text, unsigned flags, void *pos, cv_fen_errors *e)
{
    pw_errors pe;
    int rc = cv_pw_fen_read(text, O(v), (flags & CV_FEN_LENIENT) != 0, pos, &pe);
    for (int i = 0; i < pe.n && e->n < CV_FEN_MAX_ERRORS; i++) {
        cv_fen_error *x = &e->e[e->n++];
        x->col = pe.e[i].col;
        x->kind = pe.e[i].kind == 0 ? CV_FE_SYNTAX : pe.e[i].kind == 1 ? CV_FE_LAX : CV_FE_POSITION;
        snprintf(x->msg, sizeof x->msg, "%s", pe.e[i].msg);
    }
    for (int i = 0; i < 6; i++) e->fieldcol[i] = pe.fieldcol[i];
    return rc;
}

static size_t p_write(const void *pos, unsigned flags, char *buf, size_t size)
{
    (void)flags;
    return cv_pw_fen_write(pos, buf, size);
}

static int p_side(const void *pos) { return ((const pw_pos *)pos)->side; }
static int p_fullmove(const void *pos) { return ((const pw_pos *)pos)->fullmove; }

typedef struct collect {
    cv_amove *out;
    int n, max;
} collect;

static void collect_one(void *arg, const pw_pos *p, const pw_turn *t)
{
    (void)p;
    collect *c = arg;
    if (c->n < c->max) put_turn(&c->out[c->n], t);
    c->n++;
}

/* Every whole turn; the total even past max. */
static int p_gen(void *pos, cv_amove *out, int max)
{
    collect c = { out, 0, max };
    cv_pw_each_turn(pos, collect_one, &c);
    return c.n;
}

static size_t p_format(void *pos, const cv_amove *m, int nt, char *buf, size_t size)
{
    (void)nt;
    pw_turn t = T(m);
    return cv_pw_turn_format(pos, &t, buf, size);
}

static int p_steps(void *pos, const char *prefix, char (*out)[64], int max, char *why, size_t ws)
{
    pw_pos q = *(pw_pos *)pos;
    pw_state s;
    cv_pw_state_init(&s);
    if (*prefix) {
        pw_turn t;
        int lax;
        if (cv_pw_turn_read(&q, prefix, &t, why, ws, &lax) != PW_OK) return -1;
        for (int i = 0; i < t.n; i++) cv_pw_play(&q, &s, t.m[i]);
    }
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(&q, &s, ml);
    for (int i = 0; i < n && i < max; i++) cv_pw_move_format(&q, ml[i], out[i], 64);
    return n;
}

static cv_move_status p_read_move(void *pos, const char *text, int nt, unsigned flags, cv_amove *m, cv_move_info *info)
{
    (void)nt;
    pw_turn t;
    int lax;
    pw_status st = cv_pw_turn_read(pos, text, &t, info->why, sizeof info->why, &lax);
    info->lax = lax;
    if (st == PW_OK && lax && (flags & CV_READ_STRICT_SAN)) {
        snprintf(info->why, sizeof info->why, "'%s' is not written as the notation has it (a capture is 'x')", text);
        return CV_MOVE_SYNTAX;
    }
    if (st == PW_OK) put_turn(m, &t);
    return (cv_move_status)st;
}

/* taken back from the copy the interface keeps (no unmake entry) */
static void p_make(void *pos, const cv_amove *m, cv_aundo *u)
{
    (void)u;
    pw_turn t = T(m);
    cv_pw_make_turn(pos, &t);
}

/* No check: the side to move has lost when a king of its is gone or it
 * has no move; the interface calls that mate (in check, no move). */
static void p_outcome(void *pos, cv_outcome *o)
{
    pw_pos *p = pos;
    pw_state s;
    cv_pw_state_init(&s);
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(p, &s, ml);
    o->in_check = p->over || n == 0;
    o->moves = p->over ? 0 : n;
}

static uint64_t p_key(void *pos)
{
    const pw_pos *p = pos;
    uint64_t h = 1469598103934665603ull;
#define MIX(x) do { const unsigned char *b_ = (const unsigned char *)&(x); \
        for (size_t i_ = 0; i_ < sizeof(x); i_++) h = (h ^ b_[i_]) * 1099511628211ull; } while (0)
    MIX(p->b);
    MIX(p->side);
    MIX(p->castling);
    MIX(p->ep);
#undef MIX
    return h | 1;
}

static uint64_t p_subtree(void *pos, int depth, cv_count_ctx *ctx)
{
    return cv_pw_perft(pos, depth, ctx);
}

static size_t p_perft_note(void *pos, char *buf, size_t size)
{
    pw_state s;
    cv_pw_state_init(&s);
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(pos, &s, ml);
    return (size_t)snprintf(buf, size, "%d single move%s at the root", n, n == 1 ? "" : "s");
}

static const cv_engine_count p_count = { .subtree = p_subtree, .table = 1, .turns = 1, .note = p_perft_note };

/* Can the enemy of the king on sq take it with the first move of a turn?
 * The game has no check, and its outcome says "in check" for a lost
 * position (engine.h): the picture marks only a king truly under attack,
 * not the loser's other king after a king was taken. */
static int king_attacked(const pw_pos *p, int sq)
{
    pw_pos q = *p;
    q.side = (int8_t)!PW_COLOR(p->b[sq]);
    q.over = 0;
    pw_state s;
    cv_pw_state_init(&s);
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(&q, &s, ml);
    for (int i = 0; i < n; i++)
        if (ml[i].to == sq) return 1;
    return 0;
}

/* The three boards side by side, level 1 on the left, each square
 * named as the notation writes it ("2d5"); a king of the side to move
 * that its enemy can take is marked as in check. */
static void p_picture(const void *pos, const cv_picture_opts *o, cv_picture *pic)
{
    const pw_pos *p = pos;
    pic->in_check = 0;
    for (int L = 0; L < 3; L++) {
        double x0 = L * 9.0;
        char group[24], s[16];
        snprintf(group, sizeof group, "level %d", L + 1);
        cv_pic_text_add(pic, x0 + 4, -0.45, 0.45, 0, group);
        for (int r = 7; r >= 0; r--)
            for (int f = 0; f < 8; f++) {
                int sq = PW_SQ(L, r, f);
                cv_pw_sq_name(sq, s, sizeof s);
                int c = cv_pic_cell_add(pic, x0 + f + 0.5, 7.5 - r, 1, CV_PIC_SQUARE,
                                        ((f + r) & 1 ? CV_PIC_LIGHT : CV_PIC_DARK) + (L == 1 ? 2 : 0), s, group);
                uint8_t pc = p->b[sq];
                if (!pc) continue;
                char l[2] = { " PNBRQK"[PW_TYPE(pc)], 0 };
                if (PW_COLOR(pc)) l[0] = (char)tolower((unsigned char)l[0]);
                int check = PW_TYPE(pc) == PW_KING && PW_COLOR(pc) == p->side && king_attacked(p, sq);
                if (check) pic->in_check = 1;
                cv_pic_piece_add(pic, c, l, PW_COLOR(pc), check, " PNBRQK"[PW_TYPE(pc)]);
            }
        for (int f = 0; f < 8; f++) {
            snprintf(s, sizeof s, "%c", 'a' + f);
            cv_pic_text_add(pic, x0 + f + 0.5, 8.3, 0.36, 1, s);
        }
        for (int r = 0; r < 8; r++) {
            snprintf(s, sizeof s, "%d", r + 1);
            cv_pic_text_add(pic, x0 - 0.3, 7.5 - r, 0.36, 1, s);
        }
    }
}

/* The three levels side by side, rank 8 at the top; with
 * CV_DIAGRAM_UNICODE the pieces as chess symbols. */
static void p_diagram(const void *pos, const char *style, unsigned flags, FILE *out)
{
    (void)style;
    const pw_pos *p = pos;
    fputs("  level 1            level 2            level 3\n", out);
    for (int r = 7; r >= 0; r--) {
        for (int L = 0; L < 3; L++) {
            fprintf(out, "%s%d ", L ? "  " : "", r + 1);
            for (int f = 0; f < 8; f++) {
                uint8_t pc = p->b[PW_SQ(L, r, f)];
                char ch = pc ? " PNBRQK"[PW_TYPE(pc)] : '.';
                if (pc && PW_COLOR(pc)) ch = (char)tolower((unsigned char)ch);
                const char *sym = pc && (flags & CV_DIAGRAM_UNICODE) ? cv_chess_symbol(ch) : NULL;
                if (sym) fputs(sym, out);
                else fputc(ch, out);
                if (f < 7) fputc(' ', out);
            }
        }
        fputc('\n', out);
    }
    fputs("  a b c d e f g h    a b c d e f g h    a b c d e f g h\n", out);
    fprintf(out, "%s to move\n", p->side ? "Black" : "White");
}

static cv_move_status p_board_move(void *pos, const char *args, cv_amove *m, char *why, size_t ws, int *col)
{
    cv_move_info info;
    cv_move_status st = p_read_move(pos, args, 0, 0, m, &info);
    if (st != CV_MOVE_OK) {
        *col = 0;
        snprintf(why, ws, "illegal turn %s: %s", args, info.why);
    }
    return st;
}

static int p_put(void *pos, const char *text, char *why, size_t ws, int *col)
{
    pw_pos *p = pos;
    const char *s = text;
    while (*s == ' ') s++;
    uint8_t pc = 0;
    if (*s != '-') {
        const char *at = *s ? strchr(" PNBRQK", toupper((unsigned char)*s)) : NULL;
        if (!at || *at == ' ') {
            *col = (int)(s - text);
            snprintf(why, ws, "expected a piece letter or '-' and a square (p Q2d5, p -1e2)");
            return -1;
        }
        pc = PW_PIECE(at - " PNBRQK", islower((unsigned char)*s) ? 1 : 0);
    }
    s++;
    int sq = cv_pw_sq_parse(s);
    if (sq < 0 || (s[3] && s[3] != ' ')) {
        *col = (int)(s - text);
        snprintf(why, ws, "expected a level and a square (2d5) after the piece");
        return -1;
    }
    if (pc && PW_TYPE(pc) == PW_KING && PW_LEVEL(sq) == 1) {
        *col = (int)(s - text);
        snprintf(why, ws, "kings never stand on level 2");
        return -1;
    }
    p->b[sq] = pc;
    /* a right whose king or rook is gone would be a lie */
    for (int k = 0; k < 8; k++) {
        int L = (k >> 2) * 2, c = (k >> 1) & 1, q = k & 1, home = PW_SQ(L, c ? 7 : 0, 0);
        if (p->b[home + 4] != PW_PIECE(PW_KING, c) || p->b[home + (q ? 0 : 7)] != PW_PIECE(PW_ROOK, c))
            p->castling &= (uint8_t)~(1u << k);
    }
    return 0;
}

static void p_set_side(void *pos, int side)
{
    pw_pos *p = pos;
    p->side = (int8_t)side;
    p->ep[0] = p->ep[1] = -1;
}

static size_t p_rights(const void *pos, char *buf, size_t size)
{
    char fen[512];
    cv_pw_fen_write(pos, fen, sizeof fen);
    const char *f = strchr(strchr(fen, ' ') + 1, ' ') + 1;
    return (size_t)snprintf(buf, size, "%.*s", (int)(strchr(f, ' ') - f), f);
}

static int p_set_rights(void *pos, const char *text, char *why, size_t ws)
{
    pw_pos *p = pos;
    char fen[512], *sp;
    cv_pw_fen_write(p, fen, sizeof fen);
    sp = strchr(strchr(fen, ' ') + 1, ' ');
    char rebuilt[600];
    snprintf(rebuilt, sizeof rebuilt, "%.*s %s - %d %d", (int)(sp - fen), fen, text, p->halfmove, p->fullmove);
    pw_pos q;
    pw_errors e;
    if (strpbrk(text, " \t") || cv_pw_fen_read(rebuilt, &p->o, 0, &q, &e) < 0) {
        snprintf(why, ws, "invalid castling rights '%s' (as in PW-FEN: 1KQkq3KQkq, or -)", text);
        return -1;
    }
    for (int i = 0; i < e.n; i++)
        if (strstr(e.e[i].msg, "castling")) {
            snprintf(why, ws, "%s", e.e[i].msg);
            return -1;
        }
    p->castling = q.castling;
    return 0;
}

static const cv_engine_spec spec = {
    .own_keys = own_keys,
    .opts_required = "rules",
    .opts_what = "the rule set and options of the pw module",
    .opts_required_what = "schmittberger",
    .opts_init = p_opts_init,
    .opts_set = p_opts_set,
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

const cv_engine cv_pw_engine = {
    .name = "pw",
    .pos_size = sizeof(pw_pos),
    .spec = &spec,
    .notations = notations,
    .aliases = aliases,
    .divide_notation = 0,
    .alt_notation = alt_notation,
    .record_format = "pgn",
    .start = p_start,
    .clear = p_clear,
    .read = p_read,
    .write = p_write,
    .side = p_side,
    .fullmove = p_fullmove,
    .gen = p_gen,
    .format = p_format,
    .steps = p_steps,
    .read_move = p_read_move,
    .make = p_make,
    .unmake = NULL,     /* undone from the copy the interface keeps */
    .outcome = p_outcome,
    .key = p_key,
    .count = &p_count,
    .search = &cv_pw_search,
    .picture = &picture,
    .edit = &edit,
};
