/* spec: reads a variant YAML file into a cv_variant.
 *
 * The loader keeps going after a problem so that one run reports every
 * mistake in the file, each at the line and column of the offending node,
 * named by its key path (pieces[2].moves[0].ride). */
/* realpath is XSI, beyond the POSIX base the build asks for */
#define _XOPEN_SOURCE 700
#include "variant.h"
#include "engine.h"
#include "inherit.h"
#include "specdir.h"
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <pthread.h>
#include <yaml.h>


typedef struct ld {
    yaml_document_t doc;
    const char *file;
    cv_diag *d;
    int errors;
    cv_variant *v;
    const cv_engine *engine;    /* the module's engine, or the generic one */
    cv_inherit *inh;            /* what the spec inherited, and from which file */
} ld;

static void err(ld *L, yaml_node_t *n, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void err(ld *L, yaml_node_t *n, const char *key, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    long line = n ? (long)n->start_mark.line + 1 : 1, col = n ? (long)n->start_mark.column + 1 : 1;
    const char *file = cv_inherit_file(L->inh, n);
    cv_report(L->d, CV_ERROR, file ? file : L->file, line, col, "%s: %s", key, msg);
    L->errors++;
}

static yaml_node_t *node(ld *L, int id) { return yaml_document_get_node(&L->doc, id); }

static const char *scalar(yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static const char *kind_name(yaml_node_t *n)
{
    switch (n->type) {
    case YAML_SCALAR_NODE: return "a scalar";
    case YAML_SEQUENCE_NODE: return "a list";
    case YAML_MAPPING_NODE: return "a mapping";
    default: return "nothing";
    }
}

static const char *want_str(ld *L, yaml_node_t *n, const char *key)
{
    const char *s = scalar(n);
    if (!s) err(L, n, key, "expected a string, found %s", kind_name(n));
    return s;
}

static int want_int(ld *L, yaml_node_t *n, const char *key, int lo, int hi, int *out)
{
    const char *s = scalar(n);
    if (!s) {
        err(L, n, key, "expected an integer, found %s", kind_name(n));
        return -1;
    }
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno) {
        err(L, n, key, "expected an integer, found '%s'", s);
        return -1;
    }
    if (v < lo || v > hi) {
        err(L, n, key, "%ld is out of range %d..%d", v, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int want_bool(ld *L, yaml_node_t *n, const char *key, int *out)
{
    const char *s = scalar(n);
    if (s && (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on"))) { *out = 1; return 0; }
    if (s && (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off"))) { *out = 0; return 0; }
    err(L, n, key, "expected true or false, found %s%s%s", s ? "'" : "", s ? s : kind_name(n), s ? "'" : "");
    return -1;
}

static int want_kind(ld *L, yaml_node_t *n, yaml_node_type_t t, const char *key)
{
    if (n->type == t) return 0;
    err(L, n, key, "expected %s, found %s",
        t == YAML_MAPPING_NODE ? "a mapping" : t == YAML_SEQUENCE_NODE ? "a list" : "a scalar",
        kind_name(n));
    return -1;
}

/* Checks every key of a mapping against the allowed list. */
/* extra: one more allowed key (the options of the spec's engine) */
static void check_keys_but(ld *L, yaml_node_t *m, const char *path, const char *const *allowed, const char *extra)
{
    for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
        yaml_node_t *k = node(L, p->key);
        const char *ks = scalar(k);
        int ok = ks && extra && !strcmp(ks, extra);
        for (int i = 0; ks && allowed[i]; i++)
            if (!strcmp(ks, allowed[i])) ok = 1;
        char buf[256];
        snprintf(buf, sizeof buf, "%s%s%s", path, *path ? "." : "", ks ? ks : "?");
        const cv_engine *e = !ok && ks && !*path ? cv_engine_find(ks) : NULL;
        if (e && e != cv_engine_generic()) err(L, k, buf, "%s options need 'module: %s'", ks, ks);
        else if (!ok) err(L, k, buf, "unknown key");
        /* YAML forbids a key twice; libyaml keeps both, so say it */
        for (yaml_node_pair_t *q = m->data.mapping.pairs.start; ok && ks && q < p; q++) {
            const char *qs = scalar(node(L, q->key));
            if (qs && !strcmp(qs, ks)) {
                err(L, k, buf, "duplicate key");
                break;
            }
        }
    }
}

static void check_keys(ld *L, yaml_node_t *m, const char *path, const char *const *allowed)
{
    check_keys_but(L, m, path, allowed, NULL);
}

static yaml_node_t *get(ld *L, yaml_node_t *m, const char *key)
{
    if (!m || m->type != YAML_MAPPING_NODE) return NULL;
    for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
        const char *ks = scalar(node(L, p->key));
        if (ks && !strcmp(ks, key)) return node(L, p->value);
    }
    return NULL;
}

/* ---- directions ---- */

typedef struct { int n; int dx[32], dy[32]; } vecset;

static void vec_add(vecset *s, int dx, int dy)
{
    for (int i = 0; i < s->n; i++)
        if (s->dx[i] == dx && s->dy[i] == dy) return;
    if (s->n < 32) { s->dx[s->n] = dx; s->dy[s->n] = dy; s->n++; }
}

static void vec_sym(vecset *s, int a, int b)
{
    int v[2][2] = { { a, b }, { b, a } };
    for (int k = 0; k < 2; k++)
        for (int sx = -1; sx <= 1; sx += 2)
            for (int sy = -1; sy <= 1; sy += 2)
                vec_add(s, v[k][0] * sx, v[k][1] * sy);
}

/* The hexagon's names: its six edge directions, two of them forward. */
static int named_hex_dirs(const char *name, vecset *s)
{
    static const int six[6][2] = { { 0, 1 }, { -1, 1 }, { 1, 0 }, { -1, 0 }, { 0, -1 }, { 1, -1 } };
    int from = 0, to = 0;
    if (!strcmp(name, "all") || !strcmp(name, "orthogonal")) to = 6;
    else if (!strcmp(name, "forward")) to = 2;
    else if (!strcmp(name, "sideways")) from = 2, to = 4;
    else if (!strcmp(name, "backward")) from = 4, to = 6;
    else return -1;
    for (int i = from; i < to; i++) vec_add(s, six[i][0], six[i][1]);
    return 0;
}

static int named_dirs(const cv_geom *g, const char *name, vecset *s)
{
    if (g->kind == CV_GEOM_HEX) return named_hex_dirs(name, s);
    if (!strcmp(name, "orthogonal")) { vec_sym(s, 1, 0); return 0; }
    if (!strcmp(name, "diagonal")) { vec_sym(s, 1, 1); return 0; }
    if (!strcmp(name, "all")) { vec_sym(s, 1, 0); vec_sym(s, 1, 1); return 0; }
    if (!strcmp(name, "knight")) { vec_sym(s, 1, 2); return 0; }
    if (!strcmp(name, "camel")) { vec_sym(s, 1, 3); return 0; }
    if (!strcmp(name, "zebra")) { vec_sym(s, 2, 3); return 0; }
    if (!strcmp(name, "forward")) { vec_add(s, 0, 1); return 0; }
    if (!strcmp(name, "backward")) { vec_add(s, 0, -1); return 0; }
    if (!strcmp(name, "sideways")) { vec_add(s, 1, 0); vec_add(s, -1, 0); return 0; }
    if (!strcmp(name, "forward-diagonal")) { vec_add(s, 1, 1); vec_add(s, -1, 1); return 0; }
    if (!strcmp(name, "backward-diagonal")) { vec_add(s, 1, -1); vec_add(s, -1, -1); return 0; }
    return -1;
}

static int intlike(const char *s)
{
    return s && (isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1])));
}

static int parse_dirs(ld *L, yaml_node_t *n, const char *key, vecset *s)
{
    if (scalar(n)) {
        if (named_dirs(&L->v->geom, scalar(n), s) < 0) {
            if (L->v->geom.kind == CV_GEOM_HEX)
                err(L, n, key, "unknown direction '%s' on a hex board (all, forward, sideways, backward or {dx, dy})",
                    scalar(n));
            else
                err(L, n, key, "unknown direction '%s' (orthogonal, diagonal, all, knight, camel, zebra, "
                    "forward, backward, sideways, forward-diagonal, backward-diagonal, [a, b] or {dx, dy})", scalar(n));
            return -1;
        }
        return 0;
    }
    if (n->type == YAML_MAPPING_NODE) {
        static const char *const keys[] = { "dx", "dy", NULL };
        check_keys(L, n, key, keys);
        yaml_node_t *x = get(L, n, "dx"), *y = get(L, n, "dy");
        int dx = 0, dy = 0;
        if (!x || !y) { err(L, n, key, "a vector needs both dx and dy"); return -1; }
        if (want_int(L, x, key, -15, 15, &dx) || want_int(L, y, key, -15, 15, &dy)) return -1;
        if (!dx && !dy) { err(L, n, key, "the null vector is not a direction"); return -1; }
        vec_add(s, dx, dy);
        return 0;
    }
    /* a list: either a list of direction items or one [a, b] leap */
    yaml_node_item_t *it = n->data.sequence.items.start;
    int cnt = (int)(n->data.sequence.items.top - it);
    if (cnt == 2 && intlike(scalar(node(L, it[0])))) {
        int a, b;
        if (want_int(L, node(L, it[0]), key, -15, 15, &a) || want_int(L, node(L, it[1]), key, -15, 15, &b))
            return -1;
        if (!a && !b) { err(L, n, key, "[0, 0] is not a direction"); return -1; }
        vec_sym(s, a, b);
        return 0;
    }
    int rc = 0;
    for (; it < n->data.sequence.items.top; it++) {
        yaml_node_t *e = node(L, *it);
        if (e->type == YAML_SEQUENCE_NODE && (e->data.sequence.items.top - e->data.sequence.items.start) != 2) {
            err(L, e, key, "a leap vector is a pair [a, b]");
            rc = -1;
            continue;
        }
        if (parse_dirs(L, e, key, s) < 0) rc = -1;
    }
    return rc;
}

/* ---- pieces ---- */

static void parse_atom(ld *L, yaml_node_t *n, const char *path, cv_piece *pc)
{
    char key[192];
    if (want_kind(L, n, YAML_MAPPING_NODE, path)) return;
    static const char *const keys[] = { "step", "leap", "ride", "range", "min", "mode", "from-ranks", NULL };
    check_keys(L, n, path, keys);
    yaml_node_t *how = NULL;
    const char *hown = NULL;
    int nhow = 0;
    for (int i = 0; i < 3; i++) {
        static const char *const k[] = { "step", "leap", "ride" };
        yaml_node_t *x = get(L, n, k[i]);
        if (x) { how = x; hown = k[i]; nhow++; }
    }
    if (nhow != 1) {
        err(L, n, path, nhow ? "give only one of step, leap and ride" : "a move needs one of step, leap or ride");
        return;
    }
    snprintf(key, sizeof key, "%s.%s", path, hown);
    vecset vs = { 0 };
    if (parse_dirs(L, how, key, &vs) < 0) return;
    int range = strcmp(hown, "ride") ? 1 : 0;
    yaml_node_t *rn = get(L, n, "range");
    if (rn) {
        snprintf(key, sizeof key, "%s.range", path);
        if (range == 1) err(L, rn, key, "range applies to ride only");
        else if (want_int(L, rn, key, 1, 254, &range)) return;
    }
    int min = 1;
    yaml_node_t *minn = get(L, n, "min");
    if (minn) {
        snprintf(key, sizeof key, "%s.min", path);
        if (range == 1) err(L, minn, key, "min applies to ride only");
        else if (want_int(L, minn, key, 1, range ? range : 254, &min)) return;
    }
    int mode = CV_MODE_BOTH;
    yaml_node_t *mn = get(L, n, "mode");
    if (mn) {
        snprintf(key, sizeof key, "%s.mode", path);
        const char *m = want_str(L, mn, key);
        if (!m) return;
        if (!strcmp(m, "move")) mode = CV_MODE_MOVE;
        else if (!strcmp(m, "capture")) mode = CV_MODE_CAPTURE;
        else if (!strcmp(m, "both")) mode = CV_MODE_BOTH;
        else { err(L, mn, key, "expected move, capture or both, found '%s'", m); return; }
    }
    if (min > 1 && mode != CV_MODE_MOVE) {
        err(L, minn, path, "min is only supported with mode: move");
        return;
    }
    uint32_t first = 0;
    yaml_node_t *fn = get(L, n, "from-ranks");
    if (fn) {
        snprintf(key, sizeof key, "%s.from-ranks", path);
        if (mode != CV_MODE_MOVE) { err(L, fn, key, "from-ranks is only supported with mode: move"); return; }
        if (want_kind(L, fn, YAML_SEQUENCE_NODE, key)) return;
        for (yaml_node_item_t *it = fn->data.sequence.items.start; it < fn->data.sequence.items.top; it++) {
            int r;
            if (want_int(L, node(L, *it), key, 1, L->v->geom.ranks, &r) == 0) first |= 1u << (r - 1);
        }
    }
    for (int i = 0; i < vs.n; i++) {
        for (int c = 0; c < 2; c++) {
            if (pc->natoms[c] >= CV_MAX_ATOMS) {
                if (c == 0) err(L, n, path, "more than %d move atoms for one piece", CV_MAX_ATOMS);
                return;
            }
            int dx = vs.dx[i], dy = vs.dy[i];
            if (!cv_geom_dir_ok(&L->v->geom, dx, dy)) {
                err(L, n, key, "{dx: %d, dy: %d} is not a direction of a hex board", dx, dy);
                return;
            }
            if (c) cv_geom_turn(&L->v->geom, &dx, &dy);
            int d = cv_geom_dir(&L->v->geom, dx, dy);
            if (d < 0) { err(L, n, path, "too many distinct directions"); return; }
            cv_atom *a = &pc->atoms[c][pc->natoms[c]++];
            a->dir = (uint8_t)d;
            a->range = (uint8_t)range;
            a->min = (uint8_t)min;
            a->mode = (uint8_t)mode;
            a->first = first != 0;
            a->first_ranks = first;
        }
    }
}

/* A label a module reads as a piece kind of its own (engine.h). */
/* An engine offers no spec hooks: then it takes the spec as it is. */
static const cv_engine_spec *S(const cv_engine *e)
{
    static const cv_engine_spec none = { 0 };
    return e->spec ? e->spec : &none;
}

static int engine_has(const char *const *list, const char *name)
{
    for (int i = 0; list && list[i]; i++)
        if (!strcmp(list[i], name)) return 1;
    return 0;
}

static int label_used(const cv_variant *v, const char *label)
{
    for (int t = 0; t < v->npieces; t++)
        if (!strcmp(v->pieces[t].label, label)) return 1;
    return 0;
}

static void parse_piece(ld *L, yaml_node_t *n, int idx)
{
    char path[64], key[128];
    snprintf(path, sizeof path, "pieces[%d]", idx);
    if (want_kind(L, n, YAML_MAPPING_NODE, path)) return;
    static const char *const keys[] = { "letter", "name", "royal", "pawn", "castling-rook", "moves", "special", "value", NULL };
    check_keys(L, n, path, keys);
    cv_variant *v = L->v;
    if (v->npieces >= CV_MAX_PIECES) { err(L, n, path, "more than %d piece types", CV_MAX_PIECES); return; }
    cv_piece *pc = &v->pieces[v->npieces];
    memset(pc, 0, sizeof *pc);
    yaml_node_t *ln = get(L, n, "letter");
    snprintf(key, sizeof key, "%s.letter", path);
    const char *letter = ln ? want_str(L, ln, key) : NULL;
    /* a bad letter still lets the rest of the piece be checked; a module
     * that reads labels (B1) takes a letter and a digit */
    int labels = S(L->engine)->piece_labels, letter_ok = 0;
    size_t ll = letter ? strlen(letter) : 0;
    if (!ln) err(L, n, key, "missing");
    else if (letter && !(isupper((unsigned char)letter[0]) &&
                         (ll == 1 || (labels && ll == 2 && isdigit((unsigned char)letter[1])))))
        err(L, ln, key, labels ? "a piece label is an upper-case letter A-Z and at most one digit, found '%s'"
                               : "a piece letter is one upper-case letter A-Z, found '%s'", letter);
    else if (letter && label_used(v, letter))
        err(L, ln, key, "letter '%s' is used by two pieces", letter);
    else if (letter && ll == 1 && v->by_letter[(int)letter[0]] >= 0)
        err(L, ln, key, "letter '%s' is used by two pieces", letter);
    else if (letter)
        letter_ok = 1;
    pc->letter = letter_ok ? letter[0] : '?';
    if (letter_ok) snprintf(pc->label, sizeof pc->label, "%s", letter);
    yaml_node_t *x;
    if ((x = get(L, n, "name"))) {
        snprintf(key, sizeof key, "%s.name", path);
        const char *s = want_str(L, x, key);
        if (s) snprintf(pc->name, sizeof pc->name, "%s", s);
    }
    int b;
    if ((x = get(L, n, "royal"))) { snprintf(key, sizeof key, "%s.royal", path); if (!want_bool(L, x, key, &b)) pc->royal = (uint8_t)b; }
    if ((x = get(L, n, "pawn"))) { snprintf(key, sizeof key, "%s.pawn", path); if (!want_bool(L, x, key, &b)) pc->pawn = (uint8_t)b; }
    if ((x = get(L, n, "castling-rook"))) { snprintf(key, sizeof key, "%s.castling-rook", path); if (!want_bool(L, x, key, &b)) pc->castles = (uint8_t)b; }
    if ((x = get(L, n, "value"))) {
        snprintf(key, sizeof key, "%s.value", path);
        /* the royal is never traded: a value would mean nothing */
        if (pc->royal) err(L, x, key, "a royal piece has no value (it is never traded)");
        else want_int(L, x, key, 1, 100000, &pc->value);
    }
    if ((x = get(L, n, "special"))) {
        snprintf(key, sizeof key, "%s.special", path);
        const char *s = want_str(L, x, key);
        const char *const *known = S(L->engine)->piece_rules;
        if (s && !known)
            err(L, x, key, "'%s' is not a way of moving the atoms say; special moves need a module (%s)", s,
                cv_engine_names());
        else if (s && !engine_has(known, s)) {
            char list[256] = "";
            for (int i = 0, k = 0; known[i]; i++)
                k += snprintf(list + k, sizeof list - (size_t)k, "%s%s", i ? ", " : "", known[i]);
            err(L, x, key, "unknown special move '%s' (%s)", s, list);
        } else if (s) snprintf(pc->special, sizeof pc->special, "%s", s);
    }
    yaml_node_t *mv = get(L, n, "moves");
    snprintf(key, sizeof key, "%s.moves", path);
    if (!mv && !pc->special[0]) { err(L, n, key, "missing"); return; }
    if (mv && want_kind(L, mv, YAML_SEQUENCE_NODE, key)) return;
    int i = 0;
    for (yaml_node_item_t *it = mv ? mv->data.sequence.items.start : NULL; mv && it < mv->data.sequence.items.top; it++, i++) {
        snprintf(key, sizeof key, "%s.moves[%d]", path, i);
        parse_atom(L, node(L, *it), key, pc);
    }
    if (!letter_ok) return;
    if (ll == 1) v->by_letter[(int)pc->letter] = (int8_t)v->npieces;
    v->npieces++;
}

static int letter_type(ld *L, yaml_node_t *n, const char *key)
{
    const char *s = want_str(L, n, key);
    if (!s) return -1;
    if (strlen(s) != 1 || (unsigned char)s[0] > 127 || L->v->by_letter[toupper((unsigned char)s[0])] < 0) {
        err(L, n, key, "unknown piece letter '%s'", s);
        return -1;
    }
    return L->v->by_letter[toupper((unsigned char)s[0])];
}

static int file_of(ld *L, yaml_node_t *n, const char *key, int *out)
{
    const char *s = want_str(L, n, key);
    if (!s) return -1;
    if (strlen(s) != 1 || s[0] < 'a' || s[0] >= 'a' + L->v->geom.files) {
        err(L, n, key, "expected a file letter a-%c, found '%s'", 'a' + L->v->geom.files - 1, s);
        return -1;
    }
    *out = s[0] - 'a';
    return 0;
}

static void parse_castling(ld *L, yaml_node_t *n)
{
    cv_variant *v = L->v;
    yaml_node_t *x;
    if (want_kind(L, n, YAML_MAPPING_NODE, "castling")) return;
    static const char *const keys[] = { "style", "king-rank", "order", "moves", NULL };
    check_keys(L, n, "castling", keys);
    if ((x = get(L, n, "order"))) {
        const char *s = want_str(L, x, "castling.order");
        if (s && !strcmp(s, "any")) v->castle_any_order = 1;
        else if (s && strcmp(s, "strict")) err(L, x, "castling.order", "expected strict or any, found '%s'", s);
    }
    if ((x = get(L, n, "style"))) {
        const char *s = want_str(L, x, "castling.style");
        if (s && !strcmp(s, "fide")) v->castle_style = CV_CASTLE_FIDE;
        else if (s && !strcmp(s, "960")) v->castle_style = CV_CASTLE_960;
        else if (s) err(L, x, "castling.style", "expected fide or 960, found '%s'", s);
    }
    int kr = 1;
    if ((x = get(L, n, "king-rank")) && want_int(L, x, "castling.king-rank", 1, v->geom.ranks, &kr) == 0)
        v->castle_rank = kr - 1;
    yaml_node_t *mv = get(L, n, "moves");
    if (!mv) { err(L, n, "castling.moves", "missing"); return; }
    if (want_kind(L, mv, YAML_SEQUENCE_NODE, "castling.moves")) return;
    int i = 0;
    for (yaml_node_item_t *it = mv->data.sequence.items.start; it < mv->data.sequence.items.top; it++, i++) {
        char path[64], key[128];
        snprintf(path, sizeof path, "castling.moves[%d]", i);
        yaml_node_t *m = node(L, *it);
        if (want_kind(L, m, YAML_MAPPING_NODE, path)) continue;
        static const char *const mk[] = { "letter", "side", "king-to", "rook-to", "king-from", "rook-from",
                                          "notation", "king-move-alias", NULL };
        check_keys(L, m, path, mk);
        if (v->ncastle_rules >= CV_MAX_CASTLE / 2) { err(L, m, path, "more than %d castlings per side", CV_MAX_CASTLE / 2); return; }
        cv_castle_rule *r = &v->castle_rules[v->ncastle_rules];
        memset(r, 0, sizeof *r);
        r->king_file = r->rook_file = -1;
        int bad = 0;
        snprintf(key, sizeof key, "%s.letter", path);
        if (!(x = get(L, m, "letter"))) { err(L, m, key, "missing"); bad = 1; }
        else {
            const char *s = want_str(L, x, key);
            if (!s) bad = 1;
            else if (strlen(s) != 1 || !isupper((unsigned char)s[0])) { err(L, x, key, "expected one upper-case letter, found '%s'", s); bad = 1; }
            else r->letter = s[0];
        }
        snprintf(key, sizeof key, "%s.side", path);
        if (!(x = get(L, m, "side"))) { err(L, m, key, "missing"); bad = 1; }
        else {
            const char *s = want_str(L, x, key);
            if (s && !strcmp(s, "king")) r->side = 1;
            else if (s && !strcmp(s, "queen")) r->side = -1;
            else { if (s) err(L, x, key, "expected king or queen, found '%s'", s); bad = 1; }
        }
        static const char *const fk[] = { "king-to", "rook-to", "king-from", "rook-from" };
        int *dst[] = { &r->king_to_file, &r->rook_to_file, &r->king_file, &r->rook_file };
        for (int k = 0; k < 4; k++) {
            snprintf(key, sizeof key, "%s.%s", path, fk[k]);
            if (!(x = get(L, m, fk[k]))) { if (k < 2) { err(L, m, key, "missing"); bad = 1; } }
            else if (file_of(L, x, key, dst[k])) bad = 1;
        }
        r->os = r->side > 0 ? 2 : 3;
        snprintf(key, sizeof key, "%s.notation", path);
        if ((x = get(L, m, "notation"))) {
            const char *s = want_str(L, x, key);
            int os = 0, okn = s && s[0] == 'O';
            for (const char *q = s; okn && *q; q++) {
                if (*q == 'O') os++;
                else if (*q != '-' || q[1] != 'O') okn = 0;
            }
            if (!okn || os < 2 || os > 8) {
                if (s) err(L, x, key, "expected O-O, O-O-O, O-O-O-O ..., found '%s'", s);
                bad = 1;
            } else r->os = os;
        }
        snprintf(key, sizeof key, "%s.king-move-alias", path);
        int b;
        if ((x = get(L, m, "king-move-alias")) && !want_bool(L, x, key, &b)) r->alias = b;
        for (int k = 0; k < v->ncastle_rules && !bad; k++)
            if (v->castle_rules[k].os == r->os) {
                err(L, m, path, "two castlings written %s", r->os == 2 ? "O-O" : r->os == 3 ? "O-O-O" : "with the same number of O's");
                bad = 1;
            }
        if (!bad) {
            v->ncastle_rules++;
            if (r->alias) v->castle_alias = 1;
        }
    }
}

static void parse_promotion(ld *L, yaml_node_t *n)
{
    cv_variant *v = L->v;
    if (want_kind(L, n, YAML_MAPPING_NODE, "promotion")) return;
    static const char *const keys[] = { "ranks", "to", NULL };
    check_keys(L, n, "promotion", keys);
    yaml_node_t *x = get(L, n, "ranks");
    if (!x) err(L, n, "promotion.ranks", "missing");
    else if (!want_kind(L, x, YAML_SEQUENCE_NODE, "promotion.ranks"))
        for (yaml_node_item_t *it = x->data.sequence.items.start; it < x->data.sequence.items.top; it++) {
            int r;
            if (!want_int(L, node(L, *it), "promotion.ranks", 1, v->geom.ranks, &r)) v->promo_ranks |= 1u << (r - 1);
        }
    x = get(L, n, "to");
    if (!x) err(L, n, "promotion.to", "missing");
    else if (!want_kind(L, x, YAML_SEQUENCE_NODE, "promotion.to"))
        for (yaml_node_item_t *it = x->data.sequence.items.start; it < x->data.sequence.items.top; it++) {
            int t = letter_type(L, node(L, *it), "promotion.to");
            if (t >= 0) {
                /* a module may let a pawn become a pawn (Panoply's choice,
                 * refused by default): the generic engine may not */
                if (v->pieces[t].royal || (v->pieces[t].pawn && L->engine == cv_engine_generic()))
                    err(L, node(L, *it), "promotion.to", "cannot promote to the %s '%c'",
                        v->pieces[t].royal ? "royal piece" : "pawn", v->pieces[t].letter);
                else v->promo_types[v->npromo++] = (int8_t)t;
            }
        }
}

static void parse_rules(ld *L, yaml_node_t *n)
{
    if (want_kind(L, n, YAML_MAPPING_NODE, "rules")) return;
    static const char *const keys[] = { "fifty-move", "repetition", NULL };
    check_keys(L, n, "rules", keys);
    yaml_node_t *x;
    if ((x = get(L, n, "fifty-move"))) want_int(L, x, "rules.fifty-move", 0, 100000, &L->v->fifty_move_plies);
    if ((x = get(L, n, "repetition"))) want_int(L, x, "rules.repetition", 0, 100, &L->v->repetition_count);
}

static void finish(ld *L, yaml_node_t *root)
{
    cv_variant *v = L->v;
    int nroyal = 0;
    v->royal_type = v->pawn_type = -1;
    for (int t = 0; t < v->npieces; t++) {
        if (v->pieces[t].royal) { nroyal++; v->royal_type = t; }
        if (v->pieces[t].pawn && v->pawn_type < 0) v->pawn_type = t;
    }
    if (nroyal > 1) { err(L, get(L, root, "pieces"), "pieces", "more than one royal piece type"); v->royal_type = -1; }
    if (cv_geom_finish(&v->geom) < 0) err(L, root, "board", "out of memory");
    if (S(L->engine)->compile) S(L->engine)->compile(v);
}

/* A game the atoms cannot say: its engine (engine.h) defines the board,
 * pieces and moves, and reads its options from the spec's mapping named
 * after it; the one key it requires picks its defaults (Tri-D: the rule
 * set), every other key overrides one option. */
static void parse_module(ld *L, yaml_node_t *root, const cv_engine *e)
{
    const cv_engine_spec *es = S(e);
    cv_variant *v = L->v;
    v->engine = e;
    char key[128], msg[256];
    for (int i = 0; es->own_keys && es->own_keys[i]; i++) {
        yaml_node_t *x = get(L, root, es->own_keys[i]);
        /* one it inherited is the module's to use or leave (inherit.h) */
        if (x && !cv_inherit_inherited(L->inh, x))
            err(L, x, es->own_keys[i], "not used with 'module: %s' (the module defines it)", e->name);
    }
    yaml_node_t *n = get(L, root, e->name);
    if (!n) {
        err(L, root, e->name, "missing (%s)", es->opts_what);
        return;
    }
    if (want_kind(L, n, YAML_MAPPING_NODE, e->name)) return;
    snprintf(key, sizeof key, "%s.%s", e->name, es->opts_required);
    yaml_node_t *rs = get(L, n, es->opts_required);
    const char *rsn = rs ? want_str(L, rs, key) : NULL;
    if (!rs) {
        err(L, n, key, "missing (%s)", es->opts_required_what);
        return;
    }
    if (!rsn) return;
    if (es->opts_init(v, rsn, msg, sizeof msg) < 0) {
        err(L, rs, key, "%s", msg);
        return;
    }
    for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const char *k = scalar(node(L, p->key));
        if (!k || !strcmp(k, es->opts_required)) continue;
        snprintf(key, sizeof key, "%s.%s", e->name, k);
        yaml_node_t *val = node(L, p->value);
        const char *vs = want_str(L, val, key);
        if (vs && es->opts_set(v, k, vs, msg, sizeof msg) < 0) err(L, val, key, "%s", msg);
    }
}

static void parse_board(ld *L, yaml_node_t *root)
{
    cv_variant *v = L->v;
    yaml_node_t *x = get(L, root, "board"), *y;
    int files = 8, ranks = 8, side = 0;
    if (!x) err(L, root, "board", "missing");
    else if (!want_kind(L, x, YAML_MAPPING_NODE, "board")) {
        static const char *const bk[] = { "geometry", "files", "ranks", "side", NULL };
        check_keys(L, x, "board", bk);
        int hex = 0;
        if ((y = get(L, x, "geometry"))) {
            const char *s = want_str(L, y, "board.geometry");
            if (s && !strcmp(s, "hex")) hex = 1;
            else if (s && strcmp(s, "rect")) err(L, y, "board.geometry", "unknown geometry '%s' (rect, hex)", s);
        }
        if (hex && L->engine == cv_engine_generic())
            err(L, y, "board.geometry", "a hex board is played by a module (%s)", cv_engine_names());
        if (hex) {
            static const char *const rk[] = { "files", "ranks" };
            for (int i = 0; i < 2; i++)
                if ((y = get(L, x, rk[i]))) {
                    char key[32];
                    snprintf(key, sizeof key, "board.%s", rk[i]);
                    err(L, y, key, "a hex board has a side, not files and ranks");
                }
            if (!(y = get(L, x, "side"))) err(L, x, "board.side", "missing (cells along each edge of the hexagon)");
            else want_int(L, y, "board.side", 2, 8, &side);
        } else {
            if ((y = get(L, x, "side"))) err(L, y, "board.side", "only a hex board has a side");
            if (!(y = get(L, x, "files"))) err(L, x, "board.files", "missing");
            else want_int(L, y, "board.files", 1, CV_MAX_FILES, &files);
            if (!(y = get(L, x, "ranks"))) err(L, x, "board.ranks", "missing");
            else want_int(L, y, "board.ranks", 1, CV_MAX_RANKS, &ranks);
        }
    }
    if (side) cv_geom_hex(&v->geom, side);
    else cv_geom_rect(&v->geom, files, ranks);
}

/* Does the engine define key itself (the spec may not give it)? */
static int engine_owns(const cv_engine *e, const char *key)
{
    return engine_has(S(e)->own_keys, key);
}

/* The setup of a module that does not define it: optional (a game may
 * have no published start), read by the engine when given. */
static void module_setup(ld *L, yaml_node_t *x)
{
    const char *s = want_str(L, x, "setup");
    if (!s || L->errors) return;
    cv_apos a;
    cv_fen_errors fe = { 0 };
    if (cv_any_read_position(L->v, s, 0, &a, &fe) < 0 || fe.n) {
        cv_fen_sort_errors(&fe);
        err(L, x, "setup", "%s (column %d of the position)", fe.n ? fe.e[0].msg : "invalid position",
            fe.n ? fe.e[0].col : 1);
        return;
    }
    snprintf(L->v->setup, sizeof L->v->setup, "%s", s);
}

static void parse_root(ld *L, yaml_node_t *root)
{
    cv_variant *v = L->v;
    if (want_kind(L, root, YAML_MAPPING_NODE, "(document)")) return;
    static const char *const keys[] = { "variant", "aliases", "description", "board", "pieces", "setup",
                                        "castling", "promotion", "en-passant", "rules", "module", "inherits", NULL };
    /* an engine's own options mapping is a key too */
    yaml_node_t *mod = get(L, root, "module");
    const char *mname = mod && mod->type == YAML_SCALAR_NODE ? scalar(mod) : NULL;
    const cv_engine *me = mname ? cv_engine_find(mname) : NULL;
    L->engine = me ? me : cv_engine_generic();
    check_keys_but(L, root, "", keys, me && me != cv_engine_generic() ? me->name : NULL);
    yaml_node_t *x = get(L, root, "variant");
    if (!x) err(L, root, "variant", "missing");
    else {
        const char *s = want_str(L, x, "variant");
        if (s) snprintf(v->name, sizeof v->name, "%s", s);
    }
    if ((x = get(L, root, "aliases")) && !want_kind(L, x, YAML_SEQUENCE_NODE, "aliases"))
        for (yaml_node_item_t *it = x->data.sequence.items.start; it < x->data.sequence.items.top; it++) {
            const char *s = want_str(L, node(L, *it), "aliases");
            if (s && v->naliases < CV_MAX_ALIASES) snprintf(v->aliases[v->naliases++], sizeof v->aliases[0], "%s", s);
        }
    const cv_engine *e = L->engine;
    if ((x = get(L, root, "module"))) {
        const char *m = want_str(L, x, "module");
        if (m && !(me && me != cv_engine_generic())) {
            err(L, x, "module", "unknown rule module '%s' (%s)", m, cv_engine_names());
            return;
        }
        if (!m) return;
        /* an engine with its own board (Tri-D, Parallel Worlds) defines
         * everything but its options */
        if (engine_owns(e, "board")) {
            parse_module(L, root, me);
            return;
        }
    }
    parse_board(L, root);
    x = get(L, root, "pieces");
    /* the setup can be read once the board is sound and every piece has
     * its letter (a piece with a bad move still has one) */
    int pieces_ok = L->errors == 0, nentries = 0;
    if (!x) err(L, root, "pieces", "missing");
    else if (!want_kind(L, x, YAML_SEQUENCE_NODE, "pieces")) {
        int i = 0;
        for (yaml_node_item_t *it = x->data.sequence.items.start; it < x->data.sequence.items.top; it++, i++)
            parse_piece(L, node(L, *it), i);
        nentries = i;
    }
    pieces_ok = pieces_ok && nentries == v->npieces;
    int before_castling = L->errors;
    if ((x = get(L, root, "castling")) && !engine_owns(e, "castling")) parse_castling(L, x);
    if ((x = get(L, root, "promotion")) && !engine_owns(e, "promotion")) parse_promotion(L, x);
    int b;
    if ((x = get(L, root, "en-passant")) && !engine_owns(e, "en-passant") && !want_bool(L, x, "en-passant", &b))
        v->en_passant = b;
    if ((x = get(L, root, "rules"))) parse_rules(L, x);
    finish(L, root);
    if (e != cv_engine_generic()) {
        parse_module(L, root, me);
        char msg[256];
        if (!L->errors && S(e)->check && S(e)->check(v, msg, sizeof msg) < 0) err(L, root, e->name, "%s", msg);
        if ((x = get(L, root, "setup")) && !engine_owns(e, "setup")) module_setup(L, x);
        return;
    }
    x = get(L, root, "setup");
    if (!x) err(L, root, "setup", "missing");
    else {
        const char *s = want_str(L, x, "setup");
        if (s && pieces_ok) {
            snprintf(v->setup, sizeof v->setup, "%s", s);
            cv_fen_errors fe;
            /* with a broken castling section, only what it does not
             * decide is checked: the castling field is read as '-' */
            char text[sizeof v->setup];
            snprintf(text, sizeof text, "%s", s);
            if (L->errors > before_castling) {
                char *f = strchr(text, ' ');
                if (f) f = strchr(f + 1, ' ');
                if (f) {
                    char *end = strchr(f + 1, ' ');
                    char rest[sizeof text];
                    snprintf(rest, sizeof rest, "%s", end ? end : "");
                    snprintf(f + 1, sizeof text - (size_t)(f + 1 - text), "-%s", rest);
                }
            }
            cv_apos a;
            if (S(e)->read_setup(v, text, &fe) < 0 || fe.n)
                err(L, x, "setup", "%s (column %d of the FEN)", fe.n ? fe.e[0].msg : "invalid FEN",
                    fe.n ? fe.e[0].col : 1);
            /* and as a position the tools can start from (kings, checks):
             * said here, of the spec, not later of a --fen never given */
            else if (!L->errors && (cv_any_read_position(v, text, 0, &a, &fe) < 0 || fe.n))
                err(L, x, "setup", "%s (column %d of the FEN)", fe.n ? fe.e[0].msg : "invalid FEN",
                    fe.n ? fe.e[0].col : 1);
        }
    }
}

cv_variant *cv_variant_load(const char *path, cv_diag *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        /* about the file as a whole, not a place in it: a run-level message */
        cv_report(d, CV_ERROR, "", 0, 0, "%s: cannot open spec: %s", path, strerror(errno));
        return NULL;
    }
    cv_variant *v = cv_variant_load_stream(f, path, d);
    fclose(f);
    return v;
}

/* A spec is a few levels deep; libyaml's loader takes time quadratic in
 * the nesting, so a text nested deeper than any spec needs is refused at
 * that depth by a first pass over its events, before it costs seconds. */
#define SPEC_MAX_BYTES (1u << 20)
#define SPEC_MAX_DEPTH 32

static int too_deep(const unsigned char *text, size_t n, const char *path, cv_diag *d)
{
    yaml_parser_t p;
    yaml_event_t ev;
    int depth = 0, rc = 0;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, text, n);
    while (yaml_parser_parse(&p, &ev)) {
        int type = ev.type;
        if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT) {
            if (++depth > SPEC_MAX_DEPTH) {
                cv_report(d, CV_ERROR, path, (long)ev.start_mark.line + 1, (long)ev.start_mark.column + 1,
                          "nested deeper than %d levels (a spec needs a few)", SPEC_MAX_DEPTH);
                rc = 1;
            }
        } else if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT) {
            depth--;
        }
        yaml_event_delete(&ev);
        if (rc || type == YAML_STREAM_END_EVENT) break;
    }
    yaml_parser_delete(&p);
    return rc;
}

int cv_spec_read_doc(FILE *f, const char *path, cv_diag *d, yaml_document_t *doc)
{
    unsigned char *text = malloc(SPEC_MAX_BYTES + 1);
    if (!text) return -1;
    size_t n = fread(text, 1, SPEC_MAX_BYTES + 1, f);
    if (ferror(f) || n > SPEC_MAX_BYTES) {
        if (ferror(f)) cv_report(d, CV_ERROR, "", 0, 0, "%s: cannot read spec: %s", path, strerror(errno));
        else cv_report(d, CV_ERROR, "", 0, 0, "%s: larger than 1 MiB", path);
        free(text);
        return -1;
    }
    if (too_deep(text, n, path, d)) {
        free(text);
        return -1;
    }
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, text, n);
    if (!yaml_parser_load(&parser, doc)) {
        cv_report(d, CV_ERROR, path, (long)parser.problem_mark.line + 1, (long)parser.problem_mark.column + 1,
                  "yaml: %s", parser.problem ? parser.problem : "syntax error");
        yaml_parser_delete(&parser);
        free(text);
        return -1;
    }
    yaml_parser_delete(&parser);
    free(text);
    return 0;
}

cv_variant *cv_variant_load_stream(FILE *f, const char *path, cv_diag *d)
{
    ld L = { .file = path, .d = d };
    if (cv_spec_read_doc(f, path, d, &L.doc) < 0) return NULL;
    if (cv_inherit_apply(&L.doc, path, d, &L.inh) < 0) {
        yaml_document_delete(&L.doc);
        return NULL;
    }
    cv_variant *v = calloc(1, sizeof *v);
    if (v) v->engine = cv_engine_generic();
    if (!v) { cv_inherit_free(L.inh); yaml_document_delete(&L.doc); return NULL; }
    L.v = v;
    memset(v->by_letter, -1, sizeof v->by_letter);
    v->fifty_move_plies = 100;
    v->repetition_count = 3;
    snprintf(v->path, sizeof v->path, "%s", path);
    yaml_node_t *root = yaml_document_get_root_node(&L.doc);
    if (!root) err(&L, NULL, "(document)", "empty spec");
    else parse_root(&L, root);
    cv_inherit_free(L.inh);
    yaml_document_delete(&L.doc);
    if (L.errors) {
        cv_variant_free(v);
        return NULL;
    }
    return v;
}

/* Counts the variants freed, so a cache keyed by a variant's address can
 * tell that the address may since hold another one. */
static _Atomic unsigned long variants_freed;

unsigned long cv_variant_frees(void) { return variants_freed; }

void cv_variant_free(cv_variant *v)
{
    if (!v) return;
    variants_freed++;
    cv_geom_free(&v->geom);
    free(v->line);
    free(v->bb);
    free(v->eval);
    free(v);
}

/* ---- finding specs by name ---- */

/* Names match ignoring case, spaces, '-' and '_' ("Chess 960" = chess960). */
static int same_name(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '-' || *a == '_') a++;
        while (*b == ' ' || *b == '-' || *b == '_') b++;
        if (!*a || !*b) return !*a && !*b;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
        a++;
        b++;
    }
}

static int name_matches(const cv_variant *v, const char *name)
{
    if (same_name(v->name, name)) return 1;
    for (int i = 0; i < v->naliases; i++)
        if (same_name(v->aliases[i], name)) return 1;
    return 0;
}

static int spec_dirs(char dirs[][512], int max)
{
    int n = 0;
    const char *env = getenv("CVKIT_SPECS");
    if (env && *env) {
        const char *p = env;
        while (*p && n < max) {
            const char *q = strchr(p, ':');
            size_t len = q ? (size_t)(q - p) : strlen(p);
            if (len && len < 512) { memcpy(dirs[n], p, len); dirs[n][len] = 0; n++; }
            if (!q) break;
            p = q + 1;
        }
    }
    char exe[512];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0 && n < max) {
        exe[len] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;
            /* beside the built tools (bin/../specs) and as installed
             * (PREFIX/bin/../share/cvkit/specs), wherever PREFIX is */
            snprintf(dirs[n++], 512, "%.490s/../specs", exe);
            if (n < max) snprintf(dirs[n++], 512, "%.480s/../share/cvkit/specs", exe);
        }
    }
    if (n < max) snprintf(dirs[n++], 512, "%.511s", cv_specdir_builtin);
    return n;
}

/* For the message about an unknown variant: the names -V takes directly
 * (NAME of every NAME.yaml on the search path, sorted, each once) and the
 * directories of the path that exist (each once, however it is reached). */
static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void known_names(char dirs[][512], int nd, char *known, size_t ksize, char *searched, size_t ssize)
{
    char *names[256], *real[8];
    int n = 0, nreal = 0;
    size_t kn = 0, sn = 0;
    known[0] = searched[0] = 0;
    for (int k = 0; k < nd; k++) {
        char *r = realpath(dirs[k], NULL);
        int again = !r;
        for (int i = 0; r && i < nreal && !again; i++) again = !strcmp(real[i], r);
        if (again) {
            free(r);
            continue;
        }
        real[nreal++] = r;
        if (sn < ssize) sn += (size_t)snprintf(searched + sn, ssize - sn, "%s%s", sn ? ", " : "", dirs[k]);
        struct dirent **ents = NULL;
        int ne = scandir(dirs[k], &ents, NULL, alphasort);
        for (int i = 0; i < ne; i++) {
            size_t len = strlen(ents[i]->d_name);
            if (len > 5 && !strcmp(ents[i]->d_name + len - 5, ".yaml") && n < 256) {
                char *nm = strndup(ents[i]->d_name, len - 5);
                int dup = !nm;
                for (int j = 0; nm && j < n && !dup; j++) dup = !strcmp(names[j], nm);
                if (dup) free(nm);
                else names[n++] = nm;
            }
            free(ents[i]);
        }
        free(ents);
    }
    qsort(names, (size_t)n, sizeof *names, cmp_name);
    for (int i = 0; i < n; i++) {
        if (kn < ksize) kn += (size_t)snprintf(known + kn, ksize - kn, "%s%s", i ? ", " : "", names[i]);
        free(names[i]);
    }
    for (int i = 0; i < nreal; i++) free(real[i]);
}

cv_variant *cv_variant_find(const char *name, cv_diag *d)
{
    char dirs[8][512];
    int nd = spec_dirs(dirs, 8);
    char lower[128];
    size_t i;
    for (i = 0; name[i] && i < sizeof lower - 1; i++) lower[i] = (char)tolower((unsigned char)name[i]);
    lower[i] = 0;
    /* The common case: the name is the file name. */
    for (int k = 0; k < nd; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%.500s/%.120s.yaml", dirs[k], lower);
        if (!strchr(lower, '/') && access(path, R_OK) == 0) return cv_variant_load(path, d);
    }
    /* Otherwise an alias: read every spec until one claims the name. */
    cv_diag quiet = { .out = fopen("/dev/null", "w") };
    cv_variant *found = NULL;
    for (int k = 0; k < nd && !found; k++) {
        struct dirent **names = NULL;
        int nn = scandir(dirs[k], &names, NULL, alphasort);
        for (int i = 0; i < nn; i++) {
            size_t n = strlen(names[i]->d_name);
            if (!found && n >= 6 && !strcmp(names[i]->d_name + n - 5, ".yaml")) {
                char path[1024];
                snprintf(path, sizeof path, "%.500s/%.255s", dirs[k], names[i]->d_name);
                cv_variant *v = cv_variant_load(path, &quiet);
                if (v && name_matches(v, name)) found = v;
                else cv_variant_free(v);
            }
            free(names[i]);
        }
        free(names);
    }
    if (found) {
        if (quiet.out) fclose(quiet.out);
        return found;
    }
    if (quiet.out) fclose(quiet.out);
    char known[2048], searched[2048];
    known_names(dirs, nd, known, sizeof known, searched, sizeof searched);
    cv_report(d, CV_ERROR, "", 0, 0, "unknown variant '%s' (known: %s; searched: %s)", name,
              known[0] ? known : "none", searched[0] ? searched : "no directory there");
    return NULL;
}

int cv_spec_dirs(char dirs[][512], int max) { return spec_dirs(dirs, max); }
int cv_spec_same_name(const char *a, const char *b) { return same_name(a, b); }

cv_variant *cv_variant_select(const char *name, const char *path, cv_diag *d)
{
    if (path) {
        /* the file the user named: what is wrong with it as a file is
         * said of the option (content problems keep FILE:LINE:COL) */
        FILE *f = fopen(path, "rb");
        struct stat st;
        const char *why = NULL;
        if (!f) why = strerror(errno);
        else if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) why = strerror(EISDIR);
        else if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > SPEC_MAX_BYTES) why = "larger than 1 MiB";
        if (why) {
            cv_report(d, CV_ERROR, "", 0, 0, "--spec %s: %s", path, why);
            if (f) fclose(f);
            return NULL;
        }
        cv_variant *v = cv_variant_load_stream(f, path, d);
        fclose(f);
        return v;
    }
    return cv_variant_find(name ? name : "chess", d);
}

char cv_piece_char(const cv_variant *v, uint8_t p)
{
    if (!p) return '.';
    char c = v->pieces[CV_TYPE(p)].letter;
    return CV_COLOR(p) ? (char)tolower((unsigned char)c) : c;
}

uint8_t cv_piece_from_char(const cv_variant *v, char c)
{
    if ((unsigned char)c > 127 || !isalpha((unsigned char)c)) return 0;
    int t = v->by_letter[toupper((unsigned char)c)];
    if (t < 0) return 0;
    return CV_PIECE(t, islower((unsigned char)c) ? 1 : 0);
}

/* Records name a variant per game; loading its YAML each time would cost
 * more than replaying the game, so loaded specs are kept. */
static cv_variant *cache[32];
static int ncache;
static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;

const cv_variant *cv_variant_cached(const char *name, cv_diag *d)
{
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < ncache; i++)
        if (name_matches(cache[i], name)) {
            pthread_mutex_unlock(&cache_lock);
            return cache[i];
        }
    cv_variant *v = ncache < 32 ? cv_variant_find(name, d) : NULL;
    if (v) cache[ncache++] = v;
    pthread_mutex_unlock(&cache_lock);
    return v;
}

int cv_variant_is(const cv_variant *v, const char *name)
{
    return name_matches(v, name);
}
