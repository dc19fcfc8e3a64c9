#include "notation.h"
#include "san.h"
#define PCRE2_CODE_UNIT_WIDTH 8
#include <ctype.h>
#include <pcre2.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* ---- writing ---- */


static void check_suffix(cv_pos *p, cv_move m, char *out, size_t *n)
{
    cv_undo u;
    cv_gen_make(p, m, &u);
    if (cv_gen_in_check(p)) out[(*n)++] = cv_gen_count_legal(p) ? '+' : '#';
    cv_gen_unmake(p, m, &u);
}

size_t cv_gen_move_format(cv_pos *p, const cv_movelist *legal, cv_move m, cv_notation nt, char *buf, size_t size)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    char out[64];
    size_t n = 0;
    uint8_t pc = p->board[m.from];
    int t = pc ? CV_TYPE(pc) : 0;
    if (nt == CV_UCI) {
        int to = m.to;
        if (m.kind == CV_MK_CASTLE && v->castle_style == CV_CASTLE_960) to = p->castle[m.castle].rook_from;
        n = (size_t)sprintf(out, "%s%s", g->name[m.from], g->name[to]);
        if (m.promo) out[n++] = (char)tolower((unsigned char)v->pieces[m.promo - 1].letter);
        out[n] = 0;
        return (size_t)snprintf(buf, size, "%s", out);
    }
    if (m.kind == CV_MK_CASTLE) {
        int os = v->castle_rules[p->castle[m.castle].rule].os;
        for (int k = 0; k < os; k++) n += (size_t)sprintf(out + n, k ? "-O" : "O");
    } else if (nt == CV_LAN) {
        if (!v->pieces[t].pawn) out[n++] = v->pieces[t].letter;
        n += (size_t)sprintf(out + n, "%s%c%s", g->name[m.from], cv_is_capture(p, m) ? 'x' : '-', g->name[m.to]);
        if (m.promo) n += (size_t)sprintf(out + n, "=%c", v->pieces[m.promo - 1].letter);
    } else {
        int cap = cv_is_capture(p, m);
        if (v->pieces[t].pawn) {
            if (cap) n += (size_t)sprintf(out + n, "%c", 'a' + g->file[m.from]);
        } else {
            out[n++] = v->pieces[t].letter;
            cv_movelist local;
            if (!legal) {
                cv_gen_to(p, m.to, t, &local);
                legal = &local;
            }
            int others = 0, same_file = 0, same_rank = 0;
            for (int i = 0; i < legal->n; i++) {
                cv_move o = legal->m[i];
                if (o.to != m.to || o.from == m.from || o.kind == CV_MK_CASTLE || p->board[o.from] != pc) continue;
                others++;
                if (g->file[o.from] == g->file[m.from]) same_file = 1;
                if (g->rank[o.from] == g->rank[m.from]) same_rank = 1;
            }
            if (others) {
                if (!same_file) out[n++] = (char)('a' + g->file[m.from]);
                else if (!same_rank) n += (size_t)sprintf(out + n, "%d", g->rank[m.from] + 1);
                else n += (size_t)sprintf(out + n, "%s", g->name[m.from]);
            }
        }
        if (cap) out[n++] = 'x';
        n += (size_t)sprintf(out + n, "%s", g->name[m.to]);
        if (m.promo) n += (size_t)sprintf(out + n, "=%c", v->pieces[m.promo - 1].letter);
    }
    check_suffix(p, m, out, &n);
    out[n] = 0;
    return (size_t)snprintf(buf, size, "%s", out);
}

/* ---- reading ---- */

/* One pattern for every notation; compiled once per process. */
static pcre2_code *re;
static pthread_once_t re_once = PTHREAD_ONCE_INIT;
/* Each thread's match data, freed when the thread ends (a replay's
 * worker threads come and go). */
static pthread_key_t md_key;
static int jit_ok;

static void md_free(void *md) { pcre2_match_data_free(md); }

enum { G_CASTLE, G_LPIECE, G_LFROM, G_LTO, G_LPROMO, G_UFROM, G_UTO, G_UEQ, G_UPROMO, G_PIECE, G_FFILE, G_FRANK,
       G_TO, G_PFILE, G_PTO, G_EQ, G_PROMO, NGROUPS };
static const char *const group_names[NGROUPS] = { "castle", "lpiece", "lfrom", "lto", "lpromo", "ufrom", "uto",
                                                  "ueq", "upromo", "piece", "ffile", "frank", "to", "pfile",
                                                  "pto", "eq", "promo" };
static int group_no[NGROUPS];

#define SQ "([a-p](?:1[0-6]|[1-9]))"
/* Alternatives in order of frequency in real files: piece moves, pawn
 * moves, castling, long algebraic, UCI.  Pawn SAN never names a rank of
 * origin, which keeps UCI ("g1f3") out of the SAN branches. */
static const char PATTERN[] =
    "^(?:"
    "(?<piece>[A-Z])(?<ffile>[a-p])?(?<frank>1[0-6]|[1-9])?[x:]?(?<to>[a-p](?:1[0-6]|[1-9]))"
    "|(?:(?<pfile>[a-p])[x:]?)?(?<pto>[a-p](?:1[0-6]|[1-9]))(?<eq>=?)\\(?(?<promo>[A-Z])?\\)?"
    "|(?<castle>[O0o](?:-[O0o])+)"
    "|(?<lpiece>[A-Z])?(?<lfrom>[a-p](?:1[0-6]|[1-9]))[-x:](?<lto>[a-p](?:1[0-6]|[1-9]))(?:=?(?<lpromo>[A-Z]))?"
    "|(?<ufrom>[a-p](?:1[0-6]|[1-9]))(?<uto>[a-p](?:1[0-6]|[1-9]))(?<ueq>=)?(?<upromo>[A-Za-z])?"
    ")"
    "(?:\\s*e\\.?p\\.?)?(?:[+#]{0,2})(?:[!?]{0,2})$";

static void re_init(void)
{
    int errc;
    PCRE2_SIZE erro;
    if (pthread_key_create(&md_key, md_free)) return;
    re = pcre2_compile((PCRE2_SPTR)PATTERN, PCRE2_ZERO_TERMINATED, 0, &errc, &erro, NULL);
    if (!re) return;
    jit_ok = pcre2_jit_compile(re, PCRE2_JIT_COMPLETE) == 0;
    for (int i = 0; i < NGROUPS; i++) group_no[i] = pcre2_substring_number_from_name(re, (PCRE2_SPTR)group_names[i]);
}

/* Copies group g of the last match into out; nonzero when it matched
 * something. */
static int group(pcre2_match_data *md, const char *subject, int g, char *out, size_t size)
{
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
    int no = group_no[g];
    out[0] = 0;
    if (no <= 0 || (uint32_t)no >= pcre2_get_ovector_count(md) || ov[2 * no] == PCRE2_UNSET) return 0;
    size_t len = ov[2 * no + 1] - ov[2 * no];
    if (len >= size) len = size - 1;
    memcpy(out, subject + ov[2 * no], len);
    out[len] = 0;
    return len > 0;
}

/* The cell named by group gi, or -1 with its text kept in bad. */
static int square(pcre2_match_data *md, const char *text, int gi, const cv_geom *g, char *bad, size_t badsize)
{
    char b[16];
    if (!group(md, text, gi, b, sizeof b)) return -1;
    int c = cv_geom_parse_cell(g, b, (int)strlen(b));
    if (c < 0 && !bad[0]) snprintf(bad, badsize, "%s", b);
    return c;
}

static const char *piece_name(const cv_variant *v, int t) { return v->pieces[t].name[0] ? v->pieces[t].name : "piece"; }

static void set_why(cv_move_parse *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_why(cv_move_parse *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->why, sizeof r->why, fmt, ap);
    va_end(ap);
}

typedef struct want {
    int castle;         /* 0 none, else number of O's */
    int type;           /* -1 any */
    int from, ffile, frank, to, promo; /* -1 any; promo: type or -1 none */
    int uci_to_rook;    /* UCI e1h1 style castling */
} want;

static int matches(const cv_pos *p, const want *w, cv_move m)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    if (w->castle) return m.kind == CV_MK_CASTLE && p->v->castle_rules[p->castle[m.castle].rule].os == w->castle;
    if (m.kind == CV_MK_CASTLE) {
        const cv_castle *c = &p->castle[m.castle];
        /* "Kk1" for a castling whose spec says so (pbmserv) */
        if (w->from < 0 && w->type == p->v->royal_type && p->v->castle_rules[c->rule].alias)
            return w->to == c->king_to && (w->ffile < 0 || w->ffile == g->file[c->king_from]) &&
                   (w->frank < 0 || w->frank == g->rank[c->king_from]);
        /* a king move written as from-to may mean castling (e1g1, e1h1) */
        if (w->from != m.from) return 0;
        return w->to == m.to || w->to == c->rook_from;
    }
    if (w->to != m.to) return 0;
    if (w->from >= 0 && w->from != m.from) return 0;
    if (w->type >= 0 && CV_TYPE(p->board[m.from]) != w->type) return 0;
    if (w->ffile >= 0 && g->file[m.from] != w->ffile) return 0;
    if (w->frank >= 0 && g->rank[m.from] != w->frank) return 0;
    if ((m.promo ? m.promo - 1 : -1) != w->promo) return 0;
    return 1;
}

static const char *const cname[2] = { "white", "black" };

/* Why the castling written with os O's is not legal. */
static void explain_castle(cv_pos *p, int os, cv_move_parse *r)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    const char *me = cname[p->side];
    const cv_castle *c = NULL;
    int has_right = 0, rule = -1;
    for (int k = 0; k < v->ncastle_rules; k++)
        if (v->castle_rules[k].os == os) rule = k;
    char which[64];
    if (rule < 0) {
        set_why(r, "no castling is written with %d O's in %s", os, v->name);
        return;
    }
    if (v->ncastle_rules <= 2) snprintf(which, sizeof which, "%s", v->castle_rules[rule].side > 0 ? "king-side" : "queen-side");
    else {
        int k = 0;
        for (int q = 0; q < os; q++) k += snprintf(which + k, sizeof which - (size_t)k, q ? "-O" : "O");
    }
    for (int i = 0; i < p->ncastle; i++)
        if (p->castle[i].color == p->side && p->castle[i].rule == rule) {
            c = &p->castle[i];
            has_right = p->castling >> i & 1;
        }
    if (!c || !has_right) {
        set_why(r, "%s has no right to castle %s (the king or that rook has moved)", me, which);
        return;
    }
    if (cv_gen_in_check(p)) {
        set_why(r, "%s cannot castle out of check", me);
        return;
    }
    for (int cell = 0; cell < g->ncells; cell++)
        if ((c->empty[cell >> 6] >> (cell & 63) & 1) && p->board[cell]) {
            set_why(r, "%s cannot castle %s: %s is occupied", me, which, g->name[cell]);
            return;
        }
    for (int j = 0; j < c->nsafe; j++)
        if (cv_gen_attacked(p, c->safe[j], p->side ^ 1)) {
            set_why(r, "%s cannot castle %s: the king would %s %s, which is attacked", me, which,
                    c->safe[j] == c->king_to ? "land on" : "pass", g->name[c->safe[j]]);
            return;
        }
    set_why(r, "%s cannot castle %s: the king would be in check", me, which);
}

/* A piece of the wanted type that would reach the target but for a piece
 * in the way: "the bishop on f1 is blocked by the pawn on e2". */
static int explain_blocked(cv_pos *p, const want *w, cv_move_parse *r)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    if (w->type < 0) return 0;
    const cv_piece *P = &v->pieces[w->type];
    uint8_t target = p->board[w->to];
    for (int i = 0; i < P->natoms[p->side]; i++) {
        const cv_atom *a = &P->atoms[p->side][i];
        if (!(a->mode & (target ? CV_MODE_CAPTURE : CV_MODE_MOVE))) continue;
        int back = g->opposite[a->dir], maxr = a->range ? a->range : 255, s = w->to, blocker = -1;
        for (int k = 1; k <= maxr; k++) {
            s = cv_geom_next(g, back, s);
            if (s < 0) break;
            uint8_t q = p->board[s];
            if (!q) continue;
            if (q == CV_PIECE(w->type, p->side) && blocker >= 0 &&
                (w->ffile < 0 || g->file[s] == w->ffile) && (w->frank < 0 || g->rank[s] == w->frank)) {
                uint8_t b = p->board[blocker];
                set_why(r, "the %s on %s is blocked by the %s on %s", piece_name(v, w->type), g->name[s],
                        piece_name(v, CV_TYPE(b)), g->name[blocker]);
                return 1;
            }
            if (blocker >= 0) break;
            blocker = s;
        }
    }
    return 0;
}

cv_move_status cv_gen_move_read(cv_pos *p, const cv_movelist *legal, const char *text, cv_move_parse *r)
{
    /* plain SAN, nearly every move of a real file, is read by hand; what
     * the fast reader declines gets the general reading and its reasons */
    cv_move m;
    if (!legal && cv_gen_san_fast(p, text, &m)) {
        /* the fields a reading sets, not the whole (why[] is most of it) */
        r->move = r->cand[0] = m;
        r->ncand = 1;
        r->form = CV_SAN;
        r->lax = 0;
        r->why[0] = 0;
        return r->status = CV_MOVE_OK;
    }
    return cv_gen_move_read_general(p, legal, text, r);
}

cv_move_status cv_gen_move_read_general(cv_pos *p, const cv_movelist *legal, const char *text, cv_move_parse *r)
{
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    memset(r, 0, sizeof *r);
    pthread_once(&re_once, re_init);
    if (!re) {
        set_why(r, "internal error: move pattern did not compile");
        return r->status = CV_MOVE_SYNTAX;
    }
    pcre2_match_data *md = pthread_getspecific(md_key);
    if (!md && (md = pcre2_match_data_create_from_pattern(re, NULL)) && pthread_setspecific(md_key, md)) {
        pcre2_match_data_free(md);
        md = NULL;
    }
    int rc = md ? (jit_ok ? pcre2_jit_match : pcre2_match)(re, (PCRE2_SPTR)text, strlen(text), 0, 0, md, NULL) : -1;
    if (rc < 0) {
        set_why(r, "'%s' is not a move", text);
        return r->status = CV_MOVE_SYNTAX;
    }
    char b[16], badsq[16] = "";
    want w = { 0, -1, -1, -1, -1, -1, -1, 0 };
    int pawn_move = 0;
    if (group(md, text, G_PIECE, b, sizeof b)) {
        w.type = v->by_letter[(int)b[0]];
        if (w.type < 0) goto unknown_piece;
        if (group(md, text, G_FFILE, b, sizeof b)) w.ffile = b[0] - 'a';
        if (group(md, text, G_FRANK, b, sizeof b)) w.frank = atoi(b) - 1;
        w.to = square(md, text, G_TO, g, badsq, sizeof badsq);
    } else if (group(md, text, G_PTO, b, sizeof b)) {
        w.to = square(md, text, G_PTO, g, badsq, sizeof badsq);
        w.type = v->pawn_type;
        pawn_move = 1;
        if (group(md, text, G_PFILE, b, sizeof b)) w.ffile = b[0] - 'a';
        if (group(md, text, G_PROMO, b, sizeof b)) {
            w.promo = v->by_letter[(int)b[0]];
            if (w.promo < 0) goto unknown_piece;
            char eq[4];
            if (!group(md, text, G_EQ, eq, sizeof eq)) r->lax = 1;
        }
    } else if (group(md, text, G_CASTLE, b, sizeof b)) {
        w.castle = (int)(strlen(b) + 1) / 2;
        if (b[0] != 'O') r->lax = 1;
    } else if (group(md, text, G_LFROM, b, sizeof b)) {
        r->form = CV_LAN;
        w.from = square(md, text, G_LFROM, g, badsq, sizeof badsq);
        w.to = square(md, text, G_LTO, g, badsq, sizeof badsq);
        if (group(md, text, G_LPIECE, b, sizeof b)) {
            w.type = v->by_letter[(int)b[0]];
            if (w.type < 0) goto unknown_piece;
        }
        if (group(md, text, G_LPROMO, b, sizeof b)) {
            w.promo = v->by_letter[(int)b[0]];
            if (w.promo < 0) goto unknown_piece;
        }
    } else {
        r->form = CV_UCI;
        w.from = square(md, text, G_UFROM, g, badsq, sizeof badsq);
        w.to = square(md, text, G_UTO, g, badsq, sizeof badsq);
        if (group(md, text, G_UPROMO, b, sizeof b)) {
            /* "d7d8R" and "d7d8=R", as pgn-extract's own test files and
             * python-chess read them: tolerated, UCI itself is "d7d8r" */
            if (isupper((unsigned char)b[0]) || group(md, text, G_UEQ, b + 1, sizeof b - 1)) r->lax = 1;
            w.promo = v->by_letter[toupper((unsigned char)b[0])];
            if (w.promo < 0) goto unknown_piece;
        }
    }
    if (badsq[0]) {
        set_why(r, "no square %s on this board", badsq);
        return r->status = CV_MOVE_SYNTAX;
    }
    if (w.promo >= 0) {
        int ok = 0;
        for (int i = 0; i < v->npromo; i++) ok |= v->promo_types[i] == w.promo;
        if (!ok) {
            set_why(r, "a %s cannot promote to a %s", v->pawn_type >= 0 ? piece_name(v, v->pawn_type) : "pawn",
                    piece_name(v, w.promo));
            return r->status = CV_MOVE_ILLEGAL;
        }
    }
    if ((w.from >= 0 || w.to >= 0) && (w.ffile >= g->files || w.frank >= g->ranks)) {
        set_why(r, "'%s' names a square that is not on the board", text);
        return r->status = CV_MOVE_SYNTAX;
    }
    cv_movelist local;
    if (!legal) {
        /* Only castling is not found by walking back from the target. */
        int full = w.castle || (w.from >= 0 && w.from == p->royal[p->side]) ||
                   (w.type >= 0 && w.type == v->royal_type && p->castling && v->castle_alias);
        if (full) cv_gen_legal(p, &local);
        else cv_gen_to(p, w.to, w.type, &local);
        legal = &local;
    }
    for (int i = 0; i < legal->n; i++)
        if (matches(p, &w, legal->m[i])) {
            if (r->ncand < 8) r->cand[r->ncand] = legal->m[i];
            r->ncand++;
        }
    if (r->ncand == 1) {
        r->move = r->cand[0];
        return r->status = CV_MOVE_OK;
    }
    if (r->ncand > 1) {
        char list[200] = "";
        size_t n = 0;
        for (int i = 0; i < r->ncand && i < 8; i++) {
            char s[32];
            cv_gen_move_format(p, legal, r->cand[i], CV_SAN, s, sizeof s);
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? (i == r->ncand - 1 ? " and " : ", ") : "", s);
            if (n >= sizeof list) break;
        }
        set_why(r, "ambiguous between %s", list);
        return r->status = CV_MOVE_AMBIGUOUS;
    }
    /* Explain: first the pseudo-legal moves (then the royal is the issue),
     * then what is missing. */
    const char *me = cname[p->side];
    cv_movelist ps;
    cv_gen_pseudo(p, &ps);
    for (int i = 0; i < ps.n; i++)
        if (matches(p, &w, ps.m[i])) {
            set_why(r, cv_gen_in_check(p) ? "does not get the %s king out of check" : "would leave the %s king in check", me);
            return r->status = CV_MOVE_ILLEGAL;
        }
    if (w.castle) {
        explain_castle(p, w.castle, r);
        return r->status = CV_MOVE_ILLEGAL;
    }
    /* a king move onto a castling's square (e1g1, Kk1) is that castling,
     * allowed or not, with its right or without */
    if (v->royal_type >= 0 && p->royal[p->side] >= 0) {
        int k = p->royal[p->side];
        int rank = p->side ? g->ranks - 1 - v->castle_rank : v->castle_rank;
        for (int i = 0; i < v->ncastle_rules && g->rank[k] == rank; i++) {
            const cv_castle_rule *cr = &v->castle_rules[i];
            if (cr->king_file >= 0 && g->file[k] != cr->king_file) continue;
            int king_to = cv_geom_cell(g, cr->king_to_file, rank);
            int rook_from = -1, right = 0;
            for (int j = 0; j < p->ncastle; j++)
                if (p->castle[j].color == p->side && p->castle[j].rule == i) {
                    rook_from = p->castle[j].rook_from;
                    right = p->castling >> j & 1;
                }
            int by_from = w.from == k && (w.to == king_to || (rook_from >= 0 && w.to == rook_from));
            /* a king-move alias means castling only while the right holds
             * (docs/cvkit-variants.7); otherwise it is a plain king move */
            int by_alias = w.from < 0 && w.type == v->royal_type && cr->alias && w.to == king_to && right;
            if ((by_from || by_alias) && king_to != k) {
                explain_castle(p, cr->os, r);
                return r->status = CV_MOVE_ILLEGAL;
            }
        }
    }
    if (w.from >= 0) {
        uint8_t q = p->board[w.from];
        if (!q) set_why(r, "no piece on %s", g->name[w.from]);
        else if (CV_COLOR(q) != p->side) set_why(r, "the piece on %s is not %s's", g->name[w.from], me);
        else if (w.type >= 0 && CV_TYPE(q) != w.type)
            set_why(r, "the piece on %s is a %s, not a %s", g->name[w.from], piece_name(v, CV_TYPE(q)), piece_name(v, w.type));
        else if (w.promo >= 0 && !v->pieces[CV_TYPE(q)].pawn)
            set_why(r, "only a pawn can promote");
        else if (w.promo < 0 && v->pieces[CV_TYPE(q)].pawn && v->npromo &&
                 (v->promo_ranks >> cv_rel_rank(v, w.to, p->side) & 1))
            set_why(r, "a pawn reaching %s must promote", g->name[w.to]);
        else set_why(r, "the %s on %s cannot move to %s", piece_name(v, CV_TYPE(q)), g->name[w.from], g->name[w.to]);
        return r->status = CV_MOVE_ILLEGAL;
    }
    int have = 0;
    for (int c = 0; c < g->ncells; c++)
        if (p->board[c] && CV_COLOR(p->board[c]) == p->side && CV_TYPE(p->board[c]) == w.type) have++;
    if (w.type < 0 || !have)
        set_why(r, "no %s %s on the board", me, w.type >= 0 ? piece_name(v, w.type) : "pawn");
    else if (pawn_move && w.promo < 0 && (v->promo_ranks >> cv_rel_rank(v, w.to, p->side) & 1))
        set_why(r, "a pawn reaching %s must promote", g->name[w.to]);
    else if (w.promo >= 0 && !(v->promo_ranks >> cv_rel_rank(v, w.to, p->side) & 1))
        set_why(r, "no promotion on %s", g->name[w.to]);
    else if (!explain_blocked(p, &w, r))
        set_why(r, "no %s %s can move to %s", me, piece_name(v, w.type), g->name[w.to]);
    return r->status = CV_MOVE_ILLEGAL;

unknown_piece:
    set_why(r, "unknown piece letter '%c'", b[0]);
    return r->status = CV_MOVE_SYNTAX;
}

static cv_move_status pbm_read(cv_pos *p, const cv_movelist *legal, const char *text, cv_move_parse *r, int explain);

cv_move_status cv_gen_move_read_as(cv_pos *p, const cv_movelist *legal, const char *text, unsigned flags,
                               cv_move_parse *r)
{
    if (flags & CV_READ_STRICT_SAN) {
        cv_gen_move_read(p, legal, text, r);
        if (r->status == CV_MOVE_OK && (r->form != CV_SAN || r->lax)) {
            snprintf(r->why, sizeof r->why, "'%s' is not SAN%s", text,
                     r->form == CV_UCI ? " (it is UCI)" : r->form == CV_LAN ? " (it is long algebraic)" : "");
            r->status = CV_MOVE_SYNTAX;
        } else if (r->status == CV_MOVE_OK && r->move.kind != CV_MK_CASTLE &&
                   (strchr(text, 'x') != NULL) != cv_is_capture(p, r->move)) {
            snprintf(r->why, sizeof r->why, cv_is_capture(p, r->move) ? "a capture written without 'x'"
                                                                      : "marked as a capture, but %s is empty",
                     p->v->geom.name[r->move.to]);
            r->status = CV_MOVE_SYNTAX;
        }
        return r->status;
    }
    if (!(flags & CV_READ_PBM)) return cv_gen_move_read(p, legal, text, r);
    return pbm_read(p, legal, text, r, 1);
}

/* pbmserv's reading: both cases of the first letter tried, only true
 * ambiguity refused.  explain: an ambiguity names the ways to write each
 * move that pbmserv reads one way only (cv_gen_move_format_pbm, which
 * reads its candidates back here without it). */
static cv_move_status pbm_read(cv_pos *p, const cv_movelist *legal, const char *text, cv_move_parse *r, int explain)
{
    /* "O-O" is castling in every reading: no letter to try in two cases */
    if (!isalpha((unsigned char)text[0]) || text[0] == 'O') return cv_gen_move_read(p, legal, text, r);
    const cv_variant *v = p->v;
    char up[64], low[64];
    snprintf(up, sizeof up, "%s", text);
    snprintf(low, sizeof low, "%s", text);
    up[0] = (char)toupper((unsigned char)text[0]);
    low[0] = (char)tolower((unsigned char)text[0]);
    int piece_ok = v->by_letter[(int)(unsigned char)up[0]] >= 0;
    int file_ok = low[0] - 'a' < v->geom.files;
    if (!piece_ok || !file_ok) {
        /* only one reading exists; take it in the case that gives it */
        return cv_gen_move_read(p, legal, piece_ok ? up : low, r);
    }
    cv_move_parse a, b;
    cv_gen_move_read(p, legal, up, &a);
    cv_gen_move_read(p, legal, low, &b);
    /* a reading that names the from-square (LAN, UCI: "b3xc4", "b3c4") is
     * exact; it wins over the SAN one with a rank ("B3xc4") */
    if (a.status == CV_MOVE_OK && b.status == CV_MOVE_OK && !cv_move_eq(a.move, b.move) && b.form != CV_SAN &&
        a.form == CV_SAN) {
        *r = b;
        return r->status;
    }
    if (a.status == CV_MOVE_OK && b.status == CV_MOVE_OK && !cv_move_eq(a.move, b.move)) {
        *r = a;
        r->ncand = 2;
        r->cand[1] = b.move;
        r->status = CV_MOVE_AMBIGUOUS;
        if (!explain) return r->status;
        char sa[32], sb[32], wa[32], wb[32];
        cv_gen_move_format(p, legal, a.move, CV_SAN, sa, sizeof sa);
        cv_gen_move_format(p, legal, b.move, CV_SAN, sb, sizeof sb);
        cv_gen_move_format_pbm(p, legal, a.move, wa, sizeof wa);
        cv_gen_move_format_pbm(p, legal, b.move, wb, sizeof wb);
        snprintf(r->why, sizeof r->why, "ambiguous in pbmserv notation: %s or %s; write %s or %s", sa, sb, wa, wb);
        return r->status;
    }
    if (a.status == CV_MOVE_OK) { *r = a; return r->status; }
    if (b.status == CV_MOVE_OK) { *r = b; return r->status; }
    /* neither: explain the reading as written */
    *r = isupper((unsigned char)text[0]) ? a : b;
    return r->status;
}

/* Does pbmserv's reading of text give m, and m alone? */
static int pbm_reads_as(cv_pos *p, const cv_movelist *legal, const char *text, cv_move m)
{
    cv_move_parse r;
    return pbm_read(p, legal, text, &r, 0) == CV_MOVE_OK && cv_move_eq(r.move, m);
}

size_t cv_gen_move_format_pbm(cv_pos *p, const cv_movelist *legal, cv_move m, char *buf, size_t size)
{
    char san[64], c[64];
    cv_gen_move_format(p, legal, m, CV_SAN, san, sizeof san);
    if (pbm_reads_as(p, legal, san, m)) return (size_t)snprintf(buf, size, "%s", san);
    const cv_variant *v = p->v;
    const cv_geom *g = &v->geom;
    uint8_t pc = p->board[m.from];
    if (pc && m.kind != CV_MK_CASTLE && !v->pieces[CV_TYPE(pc)].pawn) {
        /* the piece's SAN with more of its from-square: its file, its
         * rank, then both ("Bexc4": no pawn move reads so) */
        const char *from = g->name[m.from];
        size_t nf = 0;
        while (isalpha((unsigned char)from[nf])) nf++;
        const char *check = san + strcspn(san, "+#");
        const char *x = cv_is_capture(p, m) ? "x" : "";
        char promo[4] = "";
        if (m.promo) snprintf(promo, sizeof promo, "=%c", v->pieces[m.promo - 1].letter);
        for (int k = 0; k < 3; k++) {
            const char *d = k == 1 ? from + nf : from;
            int dl = k == 0 ? (int)nf : (int)strlen(d);
            snprintf(c, sizeof c, "%c%.*s%s%s%s%s", v->pieces[CV_TYPE(pc)].letter, dl, d, x, g->name[m.to], promo, check);
            if (pbm_reads_as(p, legal, c, m)) return (size_t)snprintf(buf, size, "%s", c);
        }
    }
    /* long algebraic names the from-square: an exact reading */
    return cv_gen_move_format(p, legal, m, CV_LAN, buf, size);
}
