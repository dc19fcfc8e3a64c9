#include "anypos.h"
#include "diagram.h"
#include "movegen.h"
#include "notation.h"
#include <stdlib.h>
#include <string.h>

static int is_trid(const cv_variant *v) { return v->module == CV_MODULE_TRID; }

int cv_any_notation(const cv_variant *v, const char *name)
{
    static const char *const names[] = { "san", "lan", "uci", "pbm", "parmen", "romulan" };
    for (int i = 0; i < 6; i++)
        if (!strcmp(name, names[i])) {
            if (is_trid(v) != (i >= CV_ANY_PARMEN) && !(is_trid(v) && !strcmp(name, "standard"))) return -1;
            return i;
        }
    if (is_trid(v) && !strcmp(name, "standard")) return CV_ANY_PARMEN;
    return -1;
}

int cv_any_default_notation(const cv_variant *v) { return is_trid(v) ? CV_ANY_PARMEN : CV_ANY_SAN; }

static cv_trid_notation tn(int nt) { return nt == CV_ANY_ROMULAN ? CV_TRID_NOTE_ROMULAN : CV_TRID_NOTE_PARMEN; }

int cv_any_read(const cv_variant *v, const char *text, unsigned flags, cv_anypos *a, cv_fen_errors *e)
{
    a->v = v;
    e->n = 0;
    memset(e->fieldcol, 0, sizeof e->fieldcol);
    if (!is_trid(v)) {
        int rc = cv_fen_read(v, text, flags, &a->p, e);
        if (rc == 0) cv_pos_validate(&a->p, e);
        cv_fen_sort_errors(e);
        return rc;
    }
    cv_trid_errors *te = malloc(sizeof *te);
    if (!te) return -1;
    int rc = cv_trid_fen_read(text, &v->trid, &a->t, te);
    for (int i = 0; i < te->n && e->n < CV_FEN_MAX_ERRORS; i++) {
        /* the lenient reader lets pass what strict names */
        if (te->e[i].kind == CV_TRID_E_LAX && (flags & CV_FEN_LENIENT)) continue;
        cv_fen_error *x = &e->e[e->n++];
        x->col = te->e[i].col;
        x->kind = te->e[i].kind == CV_TRID_E_SYNTAX ? CV_FE_SYNTAX : te->e[i].kind == CV_TRID_E_LAX ? CV_FE_LAX
                                                                                                    : CV_FE_POSITION;
        snprintf(x->msg, sizeof x->msg, "%s", te->e[i].msg);
    }
    free(te);
    cv_fen_sort_errors(e);
    return rc;
}

int cv_any_start(const cv_variant *v, cv_anypos *a)
{
    a->v = v;
    if (is_trid(v)) {
        cv_trid_start(&a->t, &v->trid);
        return 0;
    }
    return cv_pos_start(v, &a->p);
}

size_t cv_any_write(const cv_anypos *a, unsigned flags, char *buf, size_t size)
{
    return is_trid(a->v) ? cv_trid_fen_write(&a->t, buf, size) : cv_fen_write(&a->p, flags, buf, size);
}

static cv_notation gn(int nt) { return nt == CV_ANY_LAN ? CV_LAN : nt == CV_ANY_UCI ? CV_UCI : CV_SAN; }

int cv_any_moves(cv_anypos *a, int nt, char (*out)[64], int max)
{
    int n = 0;
    if (is_trid(a->v)) {
        cv_trid_movelist *ml = malloc(sizeof *ml);
        if (!ml) return 0;
        cv_trid_gen_legal(&a->t, ml);
        for (int i = 0; i < ml->n && n < max; i++, n++) cv_trid_move_format(&a->t, ml, ml->m[i], tn(nt), out[n], 64);
        free(ml);
        return n;
    }
    cv_movelist *ml = malloc(sizeof *ml);
    if (!ml) return 0;
    cv_gen_legal(&a->p, ml);
    for (int i = 0; i < ml->n && n < max; i++, n++) cv_move_format(&a->p, ml, ml->m[i], gn(nt), out[n], 64);
    free(ml);
    return n;
}

static int any_move(cv_anypos *a, const char *text, int nt, int play, char *canon, char *alt, char *why, size_t ws)
{
    if (is_trid(a->v)) {
        cv_trid_parse r;
        cv_trid_move_read(&a->t, NULL, text, CV_TRID_NOTE_AUTO, &r);
        if (r.status != CV_TRID_MOVE_OK) {
            snprintf(why, ws, "%s", r.why);
            return (int)r.status;
        }
        if (canon) cv_trid_move_format(&a->t, NULL, r.move, tn(nt), canon, 64);
        if (alt) cv_trid_move_format(&a->t, NULL, r.move, nt == CV_ANY_ROMULAN ? CV_TRID_NOTE_PARMEN : CV_TRID_NOTE_ROMULAN, alt, 64);
        if (play) cv_trid_make(&a->t, r.move);
        return CV_MOVE_OK;
    }
    cv_move_parse r;
    cv_move_read_as(&a->p, NULL, text, nt == CV_ANY_PBM ? CV_READ_PBM : 0, &r);
    if (r.status != CV_MOVE_OK) {
        snprintf(why, ws, "%s", r.why);
        return (int)r.status;
    }
    if (canon) cv_move_format(&a->p, NULL, r.move, nt == CV_ANY_PBM ? CV_SAN : gn(nt), canon, 64);
    if (alt) cv_move_format(&a->p, NULL, r.move, CV_UCI, alt, 64);
    if (play) {
        cv_undo u;
        cv_make(&a->p, r.move, &u);
    }
    return CV_MOVE_OK;
}

int cv_any_play(cv_anypos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t ws)
{
    return any_move(a, text, nt, 1, canon, alt, why, ws);
}

int cv_any_test(cv_anypos *a, const char *text, int nt, char *canon, char *alt, char *why, size_t ws)
{
    return any_move(a, text, nt, 0, canon, alt, why, ws);
}

typedef struct dv {
    cv_any_divide_fn fn;
    void *arg;
    int nt;
} dv;

static void generic_divide(void *arg, const cv_pos *p, cv_move m, uint64_t nodes)
{
    dv *d = arg;
    char buf[64];
    cv_move_format((cv_pos *)p, NULL, m, gn(d->nt), buf, sizeof buf);
    d->fn(d->arg, buf, nodes);
}

uint64_t cv_any_perft(cv_anypos *a, int depth, const cv_perft_opts *o, int nt, cv_any_divide_fn fn, void *arg)
{
    dv d = { fn, arg, nt };
    if (!is_trid(a->v)) return cv_perft_run(&a->p, depth, o, fn ? generic_divide : NULL, &d);
    /* trid: root moves counted one by one, so split K/N works the same */
    if (depth <= 0) return 1;
    cv_trid_movelist *ml = malloc(sizeof *ml);
    if (!ml) return UINT64_MAX;
    cv_trid_gen_legal(&a->t, ml);
    uint64_t total = 0;
    for (int i = 0; i < ml->n; i++) {
        if (o && o->split_n > 0 && i % o->split_n != o->split_k - 1) continue;
        cv_trid_pos q = a->t;
        cv_trid_make(&q, ml->m[i]);
        uint64_t n = cv_trid_perft(&q, depth - 1);
        total += n;
        if (fn) {
            char buf[64];
            cv_trid_move_format(&a->t, ml, ml->m[i], tn(nt), buf, sizeof buf);
            fn(arg, buf, n);
        }
    }
    free(ml);
    return total;
}

void cv_any_diagram(const cv_anypos *a, const char *style, FILE *out)
{
    if (!is_trid(a->v)) {
        cv_diagram_styled(&a->p, style, out);
        return;
    }
    char fen[1024];
    cv_trid_fen_write(&a->t, fen, sizeof fen);
    /* the TD-FEN fields, one per line: the three main boards, then the
     * attack boards, then the rest */
    for (char *s = fen; *s; s++) fputc(*s == ' ' ? '\n' : *s == '|' ? '\n' : *s, out);
    fputc('\n', out);
}
