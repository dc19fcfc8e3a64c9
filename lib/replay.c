#include "replay.h"
#include "fen.h"
#include <stdlib.h>
#include <string.h>

/* A line being played.  The position before its last move is rebuilt
 * from that move only when a variation needs it, which saves copying a
 * position at every ply. */
typedef struct level {
    cv_pos cur;
    cv_move last;
    cv_undo last_undo;
    int has_prev, last_null, dead;
} level;

struct cv_replayer {
    level *lv;
    int cap;
    uint64_t *keys;             /* main-line repetition keys */
    unsigned read_flags;
    size_t nkeys, capkeys;
};

cv_replayer *cv_replayer_new(void) { return calloc(1, sizeof(cv_replayer)); }

void cv_replayer_set_read_flags(cv_replayer *r, unsigned flags) { r->read_flags = flags; }

void cv_replayer_free(cv_replayer *r)
{
    if (!r) return;
    free(r->lv);
    free(r->keys);
    free(r);
}

static int need(cv_replayer *r, int depth)
{
    if (depth < r->cap) return 0;
    int cap = r->cap ? r->cap * 2 : 8;
    while (cap <= depth) cap *= 2;
    level *n = realloc(r->lv, sizeof *n * (size_t)cap);
    if (!n) return -1;
    r->lv = n;
    r->cap = cap;
    return 0;
}

static int push_key(cv_replayer *r, uint64_t k)
{
    if (r->nkeys == r->capkeys) {
        size_t cap = r->capkeys ? r->capkeys * 2 : 256;
        uint64_t *n = realloc(r->keys, sizeof *n * cap);
        if (!n) return -1;
        r->keys = n;
        r->capkeys = cap;
    }
    r->keys[r->nkeys++] = k;
    return 0;
}

int cv_replay_start(const cv_pgn_game *g, const cv_variant *deflt, const cv_variant **vout, cv_anypos *start,
                    char *why, size_t whysize, long *line, long *col)
{
    const cv_variant *v = deflt;
    const cv_pgn_tag *vt = NULL, *ft = NULL, *st = NULL;
    for (size_t i = 0; i < g->ntags; i++) {
        const cv_pgn_tag *t = &g->tags[i];
        if (!vt && !strcmp(t->name, "Variant")) vt = t;
        if (!ft && !strcmp(t->name, "FEN")) ft = t;
        if (!st && !strcmp(t->name, "SetUp")) st = t;
    }
    *line = g->line;
    *col = g->col;
    if (vt && vt->value[0] && !cv_variant_is(deflt, vt->value)) {
        cv_diag quiet = { .out = NULL, .quiet_warnings = 1 };
        FILE *null = fopen("/dev/null", "w");
        quiet.out = null;
        v = cv_variant_cached(vt->value, &quiet);
        if (null) fclose(null);
        if (!v) {
            snprintf(why, whysize, "unknown variant '%s' in the Variant tag", vt->value);
            *line = vt->line;
            *col = vt->col;
            return -1;
        }
    }
    *vout = v;
    if (st && !strcmp(st->value, "1") && !ft) {
        snprintf(why, whysize, "SetUp \"1\" without a FEN tag");
        *line = st->line;
        *col = st->col;
        return -1;
    }
    if (ft) {
        cv_fen_errors e;
        if (cv_any_read(v, ft->value, CV_FEN_LENIENT, start, &e) < 0 || e.n) {
            snprintf(why, whysize, "FEN tag: %s", e.n ? e.e[0].msg : "invalid position");
            *line = ft->line;
            *col = ft->col;
            return -1;
        }
        return 0;
    }
    return cv_any_start(v, start) == 0 ? 0 : -1;
}

static void fill(cv_replay_ev *e, const cv_pgn_game *g, size_t i, int depth, const cv_pos *before,
                 const cv_movelist *ml, const cv_move_parse *mp)
{
    memset(e, 0, sizeof *e);
    e->tok = i;
    e->t = &g->tokens[i];
    e->depth = depth;
    e->before = before;
    e->legal = ml;
    e->parse = mp;
}

static int replay_generic(cv_replayer *r, const cv_pgn_game *g, const cv_pos *start, const cv_replay_hooks *h,
                          void *arg, cv_replay_result *res, cv_pos *final)
{
    memset(res, 0, sizeof *res);
    if (need(r, 1) < 0) return -1;
    int d = 0;
    level *L = &r->lv[0];
    L->cur = *start;
    L->has_prev = L->dead = 0;
    r->nkeys = 0;
    push_key(r, cv_repetition_key(&L->cur));
    cv_move_parse mp;
    cv_replay_ev ev;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_pgn_token *t = &g->tokens[i];
        switch (t->kind) {
        case CV_PGN_VARIATION_START: {
            if (need(r, d + 2) < 0) return -1;
            level *parent = &r->lv[d];
            level *c = &r->lv[++d];
            c->has_prev = 0;
            c->dead = parent->dead || !parent->has_prev;
            if (!parent->dead && !parent->has_prev) {
                fill(&ev, g, i, d, &parent->cur, NULL, NULL);
                ev.why = "a variation needs a move before it to replace";
                res->bad_moves++;
                if (h && h->bad) h->bad(arg, &ev);
            }
            if (!c->dead) {
                c->cur = parent->cur;
                if (parent->last_null) cv_unmake_null(&c->cur, &parent->last_undo);
                else cv_unmake(&c->cur, parent->last, &parent->last_undo);
            }
            break;
        }
        case CV_PGN_VARIATION_END:
            if (d > 0) d--;
            break;
        case CV_PGN_MOVE:
        case CV_PGN_NULL_MOVE: {
            level *c = &r->lv[d];
            if (c->dead) break;
            const char *why = NULL;
            if (t->kind == CV_PGN_NULL_MOVE) {
                memset(&mp, 0, sizeof mp);
                if (d == 0) why = "a null move is allowed only in a variation";
            } else if (cv_move_read_as(&c->cur, NULL, t->norm, r->read_flags, &mp) != CV_MOVE_OK) {
                why = mp.why;
            }
            if (why) {
                fill(&ev, g, i, d, &c->cur, NULL, &mp);
                ev.why = why;
                c->dead = 1;
                res->bad_moves++;
                if (h && h->bad) h->bad(arg, &ev);
                break;
            }
            cv_pos before;
            if ((h && h->move) || (r->read_flags & CV_READ_STRICT_SAN)) before = c->cur;
            c->has_prev = 1;
            c->last_null = t->kind == CV_PGN_NULL_MOVE;
            c->last = mp.move;
            if (c->last_null) cv_make_null(&c->cur, &c->last_undo);
            else cv_make(&c->cur, mp.move, &c->last_undo);
            if (d == 0) {
                res->plies++;
                push_key(r, cv_repetition_key(&c->cur));
            }
            if ((r->read_flags & CV_READ_STRICT_SAN) && !c->last_null) {
                /* strict SAN: the check mark as written must be the truth */
                char actual = cv_in_check(&c->cur) ? (cv_count_legal(&c->cur) ? '+' : '#') : 0;
                char written = strchr(t->suffix, '#') ? '#' : strchr(t->suffix, '+') ? '+' : 0;
                if (actual != written) {
                    fill(&ev, g, i, d, &before, NULL, &mp);
                    ev.why = !actual ? "marked as check, but the move gives no check"
                             : actual == '#' ? (written ? "checkmate written as '+'" : "checkmate without '#'")
                             : written == '#' ? "marked as mate, but the king can escape" : "check without '+'";
                    res->bad_moves++;
                    if (h && h->bad) h->bad(arg, &ev);
                }
            }
            if (h && h->move) {
                fill(&ev, g, i, d, &before, NULL, &mp);
                ev.after = &c->cur;
                h->move(arg, &ev);
            }
            break;
        }
        default:
            break;
        }
    }
    level *M = &r->lv[0];
    res->mainline_complete = !M->dead;
    if (final) *final = M->cur;
    int n = cv_count_legal(&M->cur);
    int chk = cv_in_check(&M->cur);
    res->mate = n == 0 && chk;
    res->stalemate = n == 0 && !chk;
    if (res->stalemate) res->draws |= CV_DRAW_STALEMATE;
    const cv_variant *v = M->cur.v;
    if (v->fifty_move_plies && M->cur.halfmove >= v->fifty_move_plies && !res->mate) res->draws |= CV_DRAW_FIFTY;
    uint64_t last = r->keys[r->nkeys - 1];
    int reps = 0;
    for (size_t k = 0; k < r->nkeys; k++) reps += r->keys[k] == last;
    res->repetitions = reps;
    if (v->repetition_count && reps >= v->repetition_count) res->draws |= CV_DRAW_REPETITION;
    if (cv_insufficient_material(&M->cur)) res->draws |= CV_DRAW_MATERIAL;
    return res->bad_moves;
}

int cv_insufficient_material(const cv_pos *p)
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

/* ---- the trid module: the same walk over lines and variations, on its
 * positions (copied, as the module makes moves in place) ---- */

typedef struct tlevel {
    cv_trid_pos cur, prev;
    int has_prev, dead;
} tlevel;

static int replay_trid(cv_replayer *r, const cv_pgn_game *g, const cv_trid_pos *start, const cv_replay_hooks *h,
                       void *arg, cv_replay_result *res, cv_trid_pos *final)
{
    int cap = 8, d = 0;
    tlevel *lv = malloc(sizeof *lv * (size_t)cap);
    if (!lv) return -1;
    lv[0].cur = *start;
    lv[0].has_prev = lv[0].dead = 0;
    r->nkeys = 0;
    cv_trid_parse mp;
    cv_replay_ev ev;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_pgn_token *t = &g->tokens[i];
        if (t->kind == CV_PGN_VARIATION_START) {
            if (d + 2 > cap) {
                tlevel *n = realloc(lv, sizeof *lv * (size_t)(cap *= 2));
                if (!n) { free(lv); return -1; }
                lv = n;
            }
            tlevel *parent = &lv[d], *c = &lv[++d];
            c->has_prev = 0;
            c->dead = parent->dead || !parent->has_prev;
            if (!parent->dead && !parent->has_prev) {
                memset(&ev, 0, sizeof ev);
                ev.tok = i; ev.t = t; ev.depth = d; ev.tbefore = &parent->cur;
                ev.why = "a variation needs a move before it to replace";
                res->bad_moves++;
                if (h && h->bad) h->bad(arg, &ev);
            }
            if (!c->dead) c->cur = parent->prev;
        } else if (t->kind == CV_PGN_VARIATION_END) {
            if (d > 0) d--;
        } else if (t->kind == CV_PGN_MOVE || t->kind == CV_PGN_NULL_MOVE) {
            tlevel *c = &lv[d];
            if (c->dead) continue;
            memset(&ev, 0, sizeof ev);
            ev.tok = i; ev.t = t; ev.depth = d; ev.tbefore = &c->cur; ev.tparse = &mp;
            const char *why = NULL;
            if (t->kind == CV_PGN_NULL_MOVE) why = "null moves are not read in Tri-D";
            else {
                /* the reader keeps "+", "#" and "*" apart; the trid module
                 * reads them to tell what the record claims */
                char text[300];
                size_t k = (size_t)snprintf(text, sizeof text, "%s", t->text);
                for (const char *x = t->suffix; *x && k + 1 < sizeof text; x++)
                    if (*x == '+' || *x == '#' || *x == '*') text[k++] = *x;
                text[k < sizeof text ? k : sizeof text - 1] = 0;
                if (cv_trid_move_read(&c->cur, NULL, text, CV_TRID_NOTE_AUTO, &mp) != CV_TRID_MOVE_OK) why = mp.why;
            }
            if (why) {
                ev.why = why;
                c->dead = 1;
                res->bad_moves++;
                if (h && h->bad) h->bad(arg, &ev);
                continue;
            }
            if ((r->read_flags & CV_READ_STRICT_SAN) && mp.check_written != mp.check_actual) {
                /* strict: the check and mate marks must be the truth */
                ev.why = !mp.check_actual ? "marked as check, but the move gives no check"
                         : !mp.check_written ? "a check or mate without its mark" : "the check mark is wrong ('+' for '#' or back)";
                res->bad_moves++;
                if (h && h->bad) h->bad(arg, &ev);
            }
            c->prev = c->cur;
            c->has_prev = 1;
            cv_trid_make(&c->cur, mp.move);
            if (d == 0) res->plies++;
            if (h && h->move) {
                ev.tbefore = &c->prev;
                ev.tafter = &c->cur;
                h->move(arg, &ev);
            }
        }
    }
    res->mainline_complete = !lv[0].dead;
    int out = cv_trid_outcome(&lv[0].cur);
    res->mate = out == CV_TRID_CHECKMATE;
    res->stalemate = out == CV_TRID_STALEMATE;
    if (res->stalemate) res->draws |= CV_DRAW_STALEMATE;
    if (final) *final = lv[0].cur;
    free(lv);
    return res->bad_moves;
}

int cv_replay(cv_replayer *r, const cv_pgn_game *g, const cv_anypos *start, const cv_replay_hooks *h, void *arg,
              cv_replay_result *res, cv_anypos *final)
{
    if (final) final->v = start->v;
    if (start->v->module == CV_MODULE_TRID) {
        memset(res, 0, sizeof *res);
        return replay_trid(r, g, &start->t, h, arg, res, final ? &final->t : NULL);
    }
    return replay_generic(r, g, &start->p, h, arg, res, final ? &final->p : NULL);
}

size_t cv_replay_ev_move(const cv_replay_ev *e, int nt, char *buf, size_t size)
{
    if (e->tbefore) {
        cv_trid_notation tn = nt == CV_ANY_ROMULAN ? CV_TRID_NOTE_ROMULAN : CV_TRID_NOTE_PARMEN;
        return cv_trid_move_format(e->tbefore, NULL, e->tparse->move, tn, buf, size);
    }
    cv_notation n = nt == CV_ANY_LAN ? CV_LAN : nt == CV_ANY_UCI ? CV_UCI : CV_SAN;
    return cv_move_format((cv_pos *)e->before, e->legal, e->parse->move, n, buf, size);
}

size_t cv_replay_ev_number(const cv_replay_ev *e, char *buf, size_t size)
{
    int full = e->tbefore ? e->tbefore->fullmove : e->before->fullmove;
    int side = e->tbefore ? e->tbefore->side : e->before->side;
    return (size_t)snprintf(buf, size, "%d%s", full, side ? "..." : ".");
}

size_t cv_replay_ev_fen(const cv_replay_ev *e, char *buf, size_t size)
{
    if (e->tafter) return cv_trid_fen_write(e->tafter, buf, size);
    return cv_fen_write(e->after, 0, buf, size);
}
