#include "replay.h"
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

/* A line being played.  The position before its last move is rebuilt
 * from that move only when a variation needs it, which saves copying a
 * position at every ply. */
typedef struct level {
    cv_apos cur;
    cv_amove last;
    cv_aundo last_undo;
    int has_prev, last_null, dead;
} level;

struct cv_replayer {
    level *lv;
    int cap;
    uint64_t *keys;             /* main-line repetition keys */
    unsigned read_flags;
    int marks, numbers, nt;
    size_t nkeys, capkeys;
};

cv_replayer *cv_replayer_new(void) { return calloc(1, sizeof(cv_replayer)); }

void cv_replayer_set_read_flags(cv_replayer *r, unsigned flags) { r->read_flags = flags; }
void cv_replayer_set_marks(cv_replayer *r, int marks) { r->marks = marks; }
void cv_replayer_set_notation(cv_replayer *r, int nt) { r->nt = nt; }
void cv_replayer_set_numbers(cv_replayer *r, int numbers) { r->numbers = numbers; }

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

static void push_key(cv_replayer *r, uint64_t k)
{
    if (!k) return;
    if (r->nkeys == r->capkeys) {
        size_t cap = r->capkeys ? r->capkeys * 2 : 256;
        uint64_t *n = realloc(r->keys, sizeof *n * cap);
        if (!n) return;
        r->keys = n;
        r->capkeys = cap;
    }
    r->keys[r->nkeys++] = k;
}

/* The start position of the last variant a game of this thread began
 * from: reading the variant's setup FEN again for every game cost as much
 * as a tenth of replaying one.  Keyed by the variant's address, its setup
 * text and the count of variants freed (an address may be reused). */
static _Thread_local struct start_cache {
    const cv_variant *v;
    unsigned long frees;
    int have;
    char setup[sizeof ((cv_variant *)0)->setup];
    cv_apos pos;
} cache;

static int start_of(const cv_variant *v, cv_apos *start)
{
    struct start_cache *c = &cache;
    if (c->have && c->v == v && c->frees == cv_variant_frees() && !strcmp(c->setup, v->setup)) {
        cv_apos_copy(start, &c->pos);
        return 0;
    }
    if (cv_any_start(v, start) != 0) return -1;
    c->v = v;
    c->frees = cv_variant_frees();
    memcpy(c->setup, v->setup, sizeof c->setup);
    cv_apos_copy(&c->pos, start);
    c->have = 1;
    return 0;
}

int cv_replay_start(const cv_record *g, const cv_variant *deflt, const cv_variant **vout, cv_apos *start, char *why,
                    size_t whysize, long *line, long *col)
{
    const cv_variant *v = deflt;
    const cv_tag *vt = NULL, *ft = NULL, *st = NULL;
    for (size_t i = 0; i < g->ntags; i++) {
        const cv_tag *t = &g->tags[i];
        /* the first letter first: a game has a dozen tags, and these
         * three are asked of every game */
        const char c = t->name[0];
        if (c == 'V' && !vt && !strcmp(t->name, "Variant")) vt = t;
        if (c == 'F' && !ft && !strcmp(t->name, "FEN")) ft = t;
        if (c == 'S' && !st && !strcmp(t->name, "SetUp")) st = t;
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
        if (cv_any_read_position(v, ft->value, CV_FEN_LENIENT, start, &e) < 0 || e.n) {
            snprintf(why, whysize, "FEN tag: %s", e.n ? e.e[0].msg : "invalid position");
            *line = ft->line;
            *col = ft->col;
            return -1;
        }
        return 0;
    }
    if (!cv_any_start_text(v, "a FEN tag (and SetUp \"1\") in the record", why, whysize)) {
        *line = g->line;
        *col = g->col;
        return -1;
    }
    return start_of(v, start);
}

static void fill(cv_replay_ev *e, const cv_record *g, size_t i, int depth, const cv_apos *before)
{
    memset(e, 0, sizeof *e);
    e->tok = i;
    e->t = &g->tokens[i];
    e->depth = depth;
    e->before = before;
}

/* A bad move goes to the hook with its place: worked out here, for the
 * few tokens that are reported. */
static void report_bad(const cv_replay_hooks *h, void *arg, cv_replay_ev *e, const cv_record *g)
{
    if (!h || !h->bad) return;
    cv_game_where(g, e->t->at, &e->line, &e->col);
    h->bad(arg, e);
}

/* What a check mark as written says against what the move did. */
static const char *mark_problem(char written, char actual)
{
    if (actual == written) return NULL;
    if (!actual) return "marked as check, but the move gives no check";
    if (actual == '#') return written ? "checkmate written as '+'" : "checkmate without '#'";
    return written == '#' ? "marked as mate, but the king can escape" : "check without '+'";
}

int cv_replay(cv_replayer *r, const cv_record *g, const cv_apos *start, const cv_replay_hooks *h, void *arg,
              cv_replay_result *res, cv_apos *final)
{
    memset(res, 0, sizeof *res);
    if (need(r, 1) < 0) return -1;
    int d = 0;
    level *L = &r->lv[0];
    cv_apos_copy(&L->cur, start);
    L->has_prev = L->dead = 0;
    r->nkeys = 0;
    cv_outcome oc;
    push_key(r, cv_any_key(&L->cur));
    cv_move_info info;
    cv_replay_ev ev;
    cv_apos before;
    int keep_before = (h && h->move) || r->marks;
    for (size_t i = 0; i < g->ntokens; i++) {
        const cv_token *t = &g->tokens[i];
        switch (t->kind) {
        case CV_TOKEN_VARIATION_START: {
            if (need(r, d + 2) < 0) return -1;
            level *parent = &r->lv[d];
            level *c = &r->lv[++d];
            c->has_prev = 0;
            c->dead = parent->dead || !parent->has_prev;
            if (!parent->dead && !parent->has_prev) {
                fill(&ev, g, i, d, &parent->cur);
                ev.why = "a variation needs a move before it to replace";
                res->bad_moves++;
                report_bad(h, arg, &ev, g);
            }
            if (!c->dead) {
                cv_apos_copy(&c->cur, &parent->cur);
                if (parent->last_null) cv_any_unmake_null(&c->cur, &parent->last_undo);
                else cv_any_unmake(&c->cur, &parent->last, &parent->last_undo);
            }
            break;
        }
        case CV_TOKEN_VARIATION_END:
            if (d > 0) d--;
            break;
        case CV_TOKEN_MOVE:
        case CV_TOKEN_NULL_MOVE: {
            level *c = &r->lv[d];
            if (c->dead) break;
            const char *why = NULL;
            char seq[80];
            cv_amove mv;
            info.status = CV_MOVE_OK;
            info.why[0] = 0;
            int side = 0, full = 0;
            if (r->numbers) side = cv_any_side(&c->cur), full = cv_any_fullmove(&c->cur);
            if (r->numbers && ((t->color == 'b') != (side == 1) || t->number != full)) {
                snprintf(seq, sizeof seq, "out of sequence: the game is at move %d%s", full, side ? "..." : ".");
                why = seq;
            } else if (t->kind == CV_TOKEN_NULL_MOVE) {
                if (d == 0) why = "a null move is allowed only in a variation";
                else if (!cv_any_has_null(&c->cur)) why = "this game has no null moves";
            } else if (cv_any_read_move(&c->cur, t->norm, r->nt, r->read_flags, &mv, &info) != CV_MOVE_OK) {
                why = info.why;
            }
            if (why) {
                fill(&ev, g, i, d, &c->cur);
                ev.info = &info;
                ev.why = why;
                ev.out_of_sequence = why == seq;
                c->dead = 1;
                res->bad_moves++;
                report_bad(h, arg, &ev, g);
                break;
            }
            if (keep_before) cv_apos_copy(&before, &c->cur);
            c->has_prev = 1;
            c->last_null = t->kind == CV_TOKEN_NULL_MOVE;
            if (c->last_null) {
                cv_any_make_null(&c->cur, &c->last_undo);
            } else {
                c->last = mv;
                cv_any_make(&c->cur, &mv, &c->last_undo);
            }
            if (d == 0) {
                res->plies++;
                push_key(r, cv_any_key(&c->cur));
            }
            if (r->marks && !c->last_null) {
                cv_any_outcome(&c->cur, &oc);
                char actual = oc.in_check ? (oc.moves ? '+' : '#') : 0;
                char written = strchr(t->suffix, '#') ? '#' : strchr(t->suffix, '+') ? '+' : 0;
                const char *p = mark_problem(written, actual);
                if (p) {
                    fill(&ev, g, i, d, &before);
                    ev.move = &mv;
                    ev.info = &info;
                    ev.why = p;
                    ev.mark_only = r->marks == CV_MARKS_WARN;
                    if (!ev.mark_only) res->bad_moves++;
                    report_bad(h, arg, &ev, g);
                }
            }
            if (h && h->move) {
                fill(&ev, g, i, d, &before);
                ev.move = &c->last;
                ev.info = &info;
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
    if (final) cv_apos_copy(final, &M->cur);
    cv_any_outcome(&M->cur, &oc);
    res->side = cv_any_side(&M->cur);
    res->mate = oc.moves == 0 && oc.in_check;
    res->stalemate = oc.moves == 0 && !oc.in_check;
    res->stalemate_loses = oc.no_move_loses;
    if (res->stalemate && !res->stalemate_loses) res->draws |= CV_DRAW_STALEMATE;
    if (oc.fifty && !res->mate) res->draws |= CV_DRAW_FIFTY;
    if (r->nkeys) {
        uint64_t last = r->keys[r->nkeys - 1];
        int reps = 0;
        for (size_t k = 0; k < r->nkeys; k++) reps += r->keys[k] == last;
        res->repetitions = reps;
        const cv_variant *v = M->cur.v;
        if (v->repetition_count && reps >= v->repetition_count) res->draws |= CV_DRAW_REPETITION;
    }
    if (oc.insufficient_material) res->draws |= CV_DRAW_MATERIAL;
    return res->bad_moves;
}

const char *cv_replay_implied_result(const cv_replay_result *r)
{
    if (r->mate || (r->stalemate && r->stalemate_loses)) return r->side ? "1-0" : "0-1";
    if (r->stalemate) return "1/2-1/2";
    return NULL;
}

size_t cv_replay_ev_move(const cv_replay_ev *e, int nt, char *buf, size_t size)
{
    return cv_any_format((cv_apos *)e->before, e->move, nt, buf, size);
}

size_t cv_replay_ev_number(const cv_replay_ev *e, char *buf, size_t size)
{
    /* a move out of sequence is named as the record numbers it */
    if (e->out_of_sequence) return (size_t)snprintf(buf, size, "%ld%s", e->t->number, e->t->color == 'b' ? "..." : ".");
    int full = cv_any_fullmove(e->before), side = cv_any_side(e->before);
    return (size_t)snprintf(buf, size, "%d%s", full, side ? "..." : ".");
}

size_t cv_replay_ev_fen(const cv_replay_ev *e, char *buf, size_t size) { return cv_any_write(e->after, 0, buf, size); }

int cv_replay_notation(const cv_record *g, const cv_variant *v, const char *given, char *why, size_t whysize,
                       long *line, long *col)
{
    char list[128];
    *line = g->line;
    *col = g->col;
    if (given) {
        int nt = cv_any_notation(v, given);
        if (nt < 0)
            snprintf(why, whysize, "%s is not written in '%s' notation (%s)", v->name, given,
                     cv_notation_list(v, list, sizeof list));
        return nt;
    }
    for (size_t i = 0; i < g->ntags; i++) {
        const cv_tag *t = &g->tags[i];
        if (t->name[0] != 'N' || strcmp(t->name, "Notation")) continue;
        /* "PBM" and "pbm" alike: a tag is typed by people */
        char low[32];
        size_t k = 0;
        for (; t->value[k] && k + 1 < sizeof low; k++) low[k] = (char)tolower((unsigned char)t->value[k]);
        low[k] = 0;
        int nt = t->value[k] ? -1 : cv_any_notation(v, low);
        if (nt < 0) {
            snprintf(why, whysize, "Notation tag: '%s' is not a notation of %s (%s)", t->value, v->name,
                     cv_notation_list(v, list, sizeof list));
            *line = t->line;
            *col = t->col;
        }
        return nt;
    }
    cv_notation_shape_fn shape = cv_any_notation_shape(v);
    for (size_t i = 0; shape && i < g->ntokens; i++) {
        if (g->tokens[i].kind != CV_TOKEN_MOVE) continue;
        int nt = shape(v, g->tokens[i].text);
        if (nt >= 0) return nt;
    }
    return 0;
}
