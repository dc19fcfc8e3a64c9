#include "engine.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The engines, by the name a spec's `module:` gives; the generic engine
 * plays every spec without one.  A new engine is one line here. */
extern const cv_engine cv_generic_engine;
extern const cv_engine cv_trid_engine;
extern const cv_engine cv_pw_engine;
extern const cv_engine cv_panoply_engine;

static const cv_engine *const engines[] = {
    &cv_trid_engine,
    &cv_pw_engine,
    &cv_panoply_engine,
};
#define NENGINES (sizeof engines / sizeof engines[0])

const cv_engine *cv_engine_generic(void) { return &cv_generic_engine; }

const cv_engine *cv_engine_find(const char *module)
{
    if (!module) return &cv_generic_engine;
    for (size_t i = 0; i < NENGINES; i++)
        if (!strcmp(engines[i]->name, module)) return engines[i];
    return NULL;
}

const char *cv_engine_names(void)
{
    static char buf[256];
    if (!buf[0])
        for (size_t i = 0, n = 0; i < NENGINES && n < sizeof buf; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? ", " : "", engines[i]->name);
    return buf;
}

/* ---- position problems ---- */

void cv_problem_vadd(cv_fen_error *list, int *n, int max, int col, int kind, const char *fmt, va_list ap)
{
    if (*n >= max && kind != CV_FE_SYNTAX) return;
    cv_fen_error *x = &list[*n < max ? (*n)++ : max - 1];
    x->col = col;
    x->kind = kind;
    vsnprintf(x->msg, sizeof x->msg, fmt, ap);
}

int cv_fen_report(cv_diag *d, const char *file, long line, int col0, const cv_fen_errors *e)
{
    for (int i = 0; i < e->n; i++)
        cv_report(d, CV_ERROR, file, line, col0 + e->e[i].col - 1, "%s", e->e[i].msg);
    return e->n;
}

void cv_fen_sort_errors(cv_fen_errors *e)
{
    for (int i = 1; i < e->n; i++)
        for (int j = i; j > 0 && e->e[j].col < e->e[j - 1].col; j--) {
            cv_fen_error t = e->e[j];
            e->e[j] = e->e[j - 1];
            e->e[j - 1] = t;
        }
}

/* ---- notations ---- */

static const cv_engine *E(const cv_variant *v) { return v->engine ? v->engine : &cv_generic_engine; }

int cv_any_notation(const cv_variant *v, const char *name)
{
    const cv_engine *e = E(v);
    for (int i = 0; e->notations[i]; i++)
        if (!strcmp(e->notations[i], name)) return i;
    for (int i = 0; e->aliases && e->aliases[i]; i += 2)
        if (!strcmp(e->aliases[i], name)) return cv_any_notation(v, e->aliases[i + 1]);
    return -1;
}

int cv_any_default_notation(const cv_variant *v) { (void)v; return 0; }
int cv_any_divide_notation(const cv_variant *v) { return E(v)->divide_notation; }
int cv_any_alt_notation(const cv_variant *v, int nt) { return E(v)->alt_notation[nt]; }
const char *cv_any_notation_name(const cv_variant *v, int nt) { return E(v)->notations[nt]; }
int cv_any_notation_apart(const cv_variant *v, int nt) { return E(v)->read_apart && nt >= 0 && E(v)->read_apart[nt]; }
cv_notation_shape_fn cv_any_notation_shape(const cv_variant *v) { return E(v)->notation_of_move; }

const char *cv_notation_list(const cv_variant *v, char *buf, size_t size)
{
    const cv_engine *e = E(v);
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; e->notations[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", e->notations[i]);
    return buf;
}

static int names_have(const char *const *list, int step, const char *name)
{
    for (int i = 0; list && list[i]; i += step)
        if (!strcmp(list[i], name)) return 1;
    return 0;
}

int cv_notation_known(const char *name)
{
    if (names_have(cv_generic_engine.notations, 1, name) || names_have(cv_generic_engine.aliases, 2, name)) return 1;
    for (size_t i = 0; i < NENGINES; i++)
        if (names_have(engines[i]->notations, 1, name) || names_have(engines[i]->aliases, 2, name)) return 1;
    return 0;
}

static size_t add_names(char *buf, size_t size, size_t n, const char *const *list)
{
    for (int i = 0; list && list[i] && n < size; i++) {
        size_t len = strlen(list[i]), at = 0;
        int again = 0;
        /* each name once, though engines share some ("san", "lan") */
        while (!again && at < n) {
            again = !strncmp(buf + at, list[i], len) && (buf[at + len] == ',' || !buf[at + len]);
            at += strcspn(buf + at, ",");
            at += strspn(buf + at, ", ");
        }
        if (!again) n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", list[i]);
    }
    return n;
}

const char *cv_notation_names(void)
{
    static char buf[256];
    if (!buf[0]) {
        size_t n = add_names(buf, sizeof buf, 0, cv_generic_engine.notations);
        for (size_t i = 0; i < NENGINES; i++) n = add_names(buf, sizeof buf, n, engines[i]->notations);
    }
    return buf;
}

/* One engine's part of a list by engine: "NAME: a, b (default)"; which:
 * 0 notations, 1 notations with the --divide default, 2 diagram styles. */
static size_t engine_names(char *buf, size_t size, size_t n, const cv_engine *e, int which)
{
    static const char *const none[] = { NULL };
    const char *const *list = which != 2 ? e->notations : e->picture ? e->picture->styles : none;
    int dflt = which == 1 ? e->divide_notation : 0;
    n += (size_t)snprintf(buf + n, size - n, "%s%s:", n ? "; " : "", e->name);
    for (int i = 0; list[i] && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s %s%s", i ? "," : "", list[i], i == dflt && list[1] ? " (default)" : "");
    return n < size ? n : size - 1;
}

static const char *by_engine(int which, char *buf, size_t size)
{
    size_t n = engine_names(buf, size, 0, &cv_generic_engine, which);
    for (size_t i = 0; i < NENGINES; i++) n = engine_names(buf, size, n, engines[i], which);
    return buf;
}

const char *cv_notation_by_engine(int divide, char *buf, size_t size) { return by_engine(divide ? 1 : 0, buf, size); }
const char *cv_diagram_styles_by_engine(char *buf, size_t size) { return by_engine(2, buf, size); }

/* ---- positions ---- */

static void bind(const cv_variant *v, cv_apos *a)
{
    a->v = v;
    a->e = E(v);
}

const char *cv_any_start_text(const cv_variant *v, const char *how, char *why, size_t ws)
{
    if (v->setup[0]) return v->setup;
    /* only the tool knows what gives it a position: it says how */
    snprintf(why, ws, "%s has no built-in start position (none is published in text): give one with %s, "
             "or a spec that inherits '%s' and adds setup:", v->name, how, v->name);
    return NULL;
}

int cv_any_start(const cv_variant *v, cv_apos *a)
{
    if (!v->setup[0]) {
        cv_any_clear(v, a);
        return -1;
    }
    bind(v, a);
    return a->e->start(v, a->s.b);
}

void cv_any_clear(const cv_variant *v, cv_apos *a)
{
    bind(v, a);
    a->e->clear(v, a->s.b);
}

int cv_any_read_position(const cv_variant *v, const char *text, unsigned flags, cv_apos *a, cv_fen_errors *e)
{
    bind(v, a);
    e->n = 0;
    memset(e->fieldcol, 0, sizeof e->fieldcol);
    int rc = a->e->read(v, text, flags, a->s.b, e);
    cv_fen_sort_errors(e);
    return rc;
}

size_t cv_any_write(const cv_apos *a, unsigned flags, char *buf, size_t size)
{
    return a->e->write(a->s.b, flags, buf, size);
}

void cv_apos_copy(cv_apos *to, const cv_apos *from)
{
    to->v = from->v;
    to->e = from->e;
    memcpy(to->s.b, from->s.b, from->e->pos_size);
}

int cv_any_side(const cv_apos *a) { return a->e->side(a->s.b); }
int cv_any_fullmove(const cv_apos *a) { return a->e->fullmove(a->s.b); }

/* ---- moves ---- */

int cv_any_gen(cv_apos *a, cv_amove *out, int max) { return a->e->gen(a->s.b, out, max); }

size_t cv_any_format(cv_apos *a, const cv_amove *m, int nt, char *buf, size_t size)
{
    return a->e->format(a->s.b, m, nt, buf, size);
}

size_t cv_any_move_span(const cv_variant *v, const char *text)
{
    if (E(v)->move_span) return E(v)->move_span(text);
    return strcspn(text, " \t\r\n");
}

const char *cv_any_move_separator(const cv_variant *v) { return E(v)->move_span ? ", " : " "; }

cv_move_status cv_any_read_move(cv_apos *a, const char *text, int nt, unsigned flags, cv_amove *m, cv_move_info *info)
{
    info->why[0] = 0;
    info->lax = 0;
    return info->status = a->e->read_move(a->s.b, text, nt, flags, m, info);
}

/* Apart, so that cv_any_make stays a jump to the engine's make (replay
 * calls it for every move). */
__attribute__((noinline)) static void make_keeping_copy(cv_apos *a, const cv_amove *m, cv_aundo *u)
{
    memcpy(u->s.b, a->s.b, a->e->pos_size);
    a->e->make(a->s.b, m, u);
}

void cv_any_make(cv_apos *a, const cv_amove *m, cv_aundo *u)
{
    if (!a->e->unmake) make_keeping_copy(a, m, u);
    else a->e->make(a->s.b, m, u);
}

void cv_any_unmake(cv_apos *a, const cv_amove *m, const cv_aundo *u)
{
    if (a->e->unmake) a->e->unmake(a->s.b, m, u);
    else memcpy(a->s.b, u->s.b, a->e->pos_size);
}
int cv_any_has_null(const cv_apos *a) { return a->e->make_null != NULL; }
void cv_any_make_null(cv_apos *a, cv_aundo *u) { a->e->make_null(a->s.b, u); }
void cv_any_unmake_null(cv_apos *a, const cv_aundo *u) { a->e->unmake_null(a->s.b, u); }

void cv_any_outcome(cv_apos *a, cv_outcome *o)
{
    memset(o, 0, sizeof *o);
    a->e->outcome(a->s.b, o);
}

uint64_t cv_any_key(cv_apos *a) { return a->e->key ? a->e->key(a->s.b) : 0; }

int cv_any_moves(cv_apos *a, int nt, char (*out)[64], int max)
{
    cv_amove *ml = malloc(sizeof *ml * (size_t)max);
    if (!ml) return 0;
    int n = cv_any_gen(a, ml, max);
    for (int i = 0; i < n && i < max; i++) cv_any_format(a, &ml[i], nt, out[i], 64);
    free(ml);
    return n;
}

int cv_any_steps(cv_apos *a, const char *prefix, int nt, char (*out)[64], int max, char *why, size_t ws)
{
    if (a->e->steps) return a->e->steps(a->s.b, prefix, out, max, why, ws);
    if (*prefix) {
        snprintf(why, ws, "a move of this game is a single move: there is no partial turn '%s'", prefix);
        return -1;
    }
    return cv_any_moves(a, nt, out, max);
}

static int any_move(cv_apos *a, const char *text, int nt, int play, char *canon, char *alt, char *why, size_t ws)
{
    cv_amove m;
    cv_move_info info;
    cv_move_status st = cv_any_read_move(a, text, nt, 0, &m, &info);
    if (st != CV_MOVE_OK) {
        snprintf(why, ws, "%s", info.why);
        return (int)st;
    }
    if (canon) cv_any_format(a, &m, nt, canon, 64);
    if (alt) cv_any_format(a, &m, a->e->alt_notation[nt], alt, 64);
    if (play) {
        cv_aundo u;
        cv_any_make(a, &m, &u);
    }
    return CV_MOVE_OK;
}

int cv_any_play(cv_apos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t ws)
{
    return any_move(a, text, nt, 1, canon, alt, why, ws);
}

int cv_any_test(cv_apos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t ws)
{
    return any_move(a, text, nt, 0, canon, alt, why, ws);
}

size_t cv_any_perft_note(cv_apos *a, char *buf, size_t size)
{
    if (size) buf[0] = 0;
    return a->e->count && a->e->count->note ? a->e->count->note(a->s.b, buf, size) : 0;
}

/* ---- pictures ---- */

static const cv_engine_picture no_picture = { 0 };

static const cv_engine_picture *P(const cv_engine *e) { return e->picture ? e->picture : &no_picture; }

int cv_any_diagram_style_known(const cv_variant *v, const char *style)
{
    cv_picture_opts o;
    if (P(E(v))->draw && !cv_picture_style(style, &o)) return 1;
    return names_have(P(E(v))->styles, 1, style);
}

const char *cv_diagram_style_list(const cv_variant *v, char *buf, size_t size)
{
    const char *const *s = P(E(v))->styles;
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; s && s[i] && n < size; i++) n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? ", " : "", s[i]);
    if (P(E(v))->draw && n < size) snprintf(buf + n, size - n, "%ssvg", n ? ", " : "");
    return buf;
}

int cv_any_picture(const cv_apos *a, const cv_picture_opts *o, cv_picture *pic)
{
    if (!P(a->e)->draw) return -1;
    a->e->picture->draw(a->s.b, o, pic);
    return 0;
}

/* The one door to SVG: the engine's picture, the shared writer. */
static void svg_diagram(const cv_apos *a, const cv_picture_opts *o, FILE *out)
{
    cv_picture *pic = malloc(sizeof *pic);
    cv_apos *c = malloc(sizeof *c);
    if (!pic || !c) {
        free(pic);
        free(c);
        return;
    }
    cv_picture_init(pic);
    cv_apos_copy(c, a);
    cv_outcome oc;
    cv_any_outcome(c, &oc);
    pic->side = cv_any_side(a);
    pic->in_check = oc.in_check;
    snprintf(pic->title, sizeof pic->title, "%.40s, %s to move", a->v->name, pic->side ? "Black" : "White");
    cv_any_picture(a, o, pic);
    cv_picture_svg(pic, o, out);
    free(pic);
    free(c);
}

void cv_any_diagram(const cv_apos *a, const char *style, unsigned flags, FILE *out)
{
    const cv_engine_picture *p = P(a->e);
    cv_picture_opts o;
    if (style && p->draw && !cv_picture_style(style, &o)) {
        svg_diagram(a, &o, out);
        return;
    }
    if (p->diagram) p->diagram(a->s.b, style ? style : p->styles[0], flags, out);
}

/* ---- the board owner's edits ---- */

static const char no_edits[] = "this game offers no board edits";

cv_move_status cv_any_board_move(cv_apos *a, const char *args, cv_amove *m, char *why, size_t ws, int *col)
{
    *col = 0;
    if (!a->e->edit) {
        snprintf(why, ws, "%s", no_edits);
        return CV_MOVE_SYNTAX;
    }
    return a->e->edit->board_move(a->s.b, args, m, why, ws, col);
}

int cv_any_put(cv_apos *a, const char *text, char *why, size_t ws, int *col)
{
    *col = 0;
    if (!a->e->edit) {
        snprintf(why, ws, "%s", no_edits);
        return -1;
    }
    return a->e->edit->put(a->s.b, text, why, ws, col);
}

void cv_any_set_side(cv_apos *a, int side)
{
    if (a->e->edit) a->e->edit->set_side(a->s.b, side);
}

int cv_any_set_rights(cv_apos *a, const char *text, char *why, size_t ws)
{
    if (!a->e->edit) {
        snprintf(why, ws, "%s", no_edits);
        return -1;
    }
    return a->e->edit->set_rights(a->s.b, text, why, ws);
}

size_t cv_any_rights(const cv_apos *a, char *buf, size_t size)
{
    if (a->e->edit) return a->e->edit->rights(a->s.b, buf, size);
    if (size) buf[0] = 0;
    return 0;
}

const char *cv_any_record_format(const cv_variant *v) { return E(v)->record_format; }
