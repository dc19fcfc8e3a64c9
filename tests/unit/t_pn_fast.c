/* t_pn_fast: Panoply's fast legal move generator against the reference
 * (lib/panoply/pn_fast.c against pn_rules.c): the same moves, byte for
 * byte, in the same order, and the same number from the counting path
 * perft's last ply takes, on every position of corpus/panoply/perft.txt
 * and its children and grandchildren, on every position of seeded random
 * games (captures preferred, so that every piece takes and is taken),
 * under the page's readings and under each other reading of the options
 * that change moves; the same perft counts at depth 2 from every corpus
 * position; and on seeded random boards of the hexagon of side 7, of a
 * smaller one (side 4) and of side 8, which the fast generator leaves to
 * the reference (its padded board would not fit a byte). */
#include "engine.h"
#include "pn.h"
#include "tap.h"
#include "variant.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PN_CORPUS
#define PN_CORPUS "corpus/panoply/perft.txt"
#endif

#define MAXPOS 64

static cv_variant VO[4];        /* the page's readings, then one other each */
static const char *const reading[4] = { "the page's readings", "skirmisher-path: landing",
                                        "herald-freeze: each-step", "barricade-jump: whole" };
static pn_pos corpus[MAXPOS];
static int ncorpus;
static long compared, differ;
static char first_diff[1024];

static pn_move ref_ml[PN_MAX_MOVES], fast_ml[PN_MAX_MOVES];

/* Do both generators give p the same list?  Counts the comparison. */
static int same(pn_pos *p, const char *where)
{
    pn_pos a = *p, b = *p, c = *p;
    int nr = cv_pn_gen_ref(&a, ref_ml, PN_MAX_MOVES);
    int nf = cv_pn_gen(&b, fast_ml, PN_MAX_MOVES);
    /* perft's last ply counts without the list */
    uint64_t nc = cv_pn_perft(&c, 1);
    compared++;
    int ok = nr == nf && (uint64_t)nr == nc &&
             !memcmp(ref_ml, fast_ml, (size_t)(nr < PN_MAX_MOVES ? nr : PN_MAX_MOVES) * sizeof(pn_move));
    ok = ok && !memcmp(&a, p, sizeof a) && !memcmp(&b, p, sizeof b) && !memcmp(&c, p, sizeof c);
    if (!ok && !differ++) {
        char code[512];
        cv_pn_code_write(p, code, sizeof code);
        snprintf(first_diff, sizeof first_diff, "%s: %s: reference %d moves, fast %d, counted %llu", where, code, nr, nf,
                 (unsigned long long)nc);
    }
    return ok;
}

/* p, its children and its grandchildren. */
static int tree_same(pn_pos *p, int depth, const char *where)
{
    int ok = same(p, where);
    if (!depth) return ok;
    pn_move *ml = malloc(PN_MAX_MOVES * sizeof *ml);
    int n = cv_pn_gen_ref(p, ml, PN_MAX_MOVES);
    for (int i = 0; i < n; i++) {
        pn_pos q = *p;
        cv_pn_make(&q, &ml[i]);
        ok = tree_same(&q, depth - 1, where) && ok;
    }
    free(ml);
    return ok;
}

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* games seeded random games of at most plies moves from start, a capture
 * four times in five when there is one; every position compared. */
static int playouts_same(const pn_pos *start, int games, int plies, const char *where)
{
    int ok = 1;
    for (int g = 0; g < games; g++) {
        pn_pos p = *start;
        for (int ply = 0; ply < plies; ply++) {
            ok = same(&p, where) && ok;
            int n = cv_pn_gen_ref(&p, ref_ml, PN_MAX_MOVES);
            if (n <= 0) break;
            int caps[PN_MAX_MOVES], nc = 0;
            for (int i = 0; i < n; i++)
                if (ref_ml[i].ncap) caps[nc++] = i;
            int pick = nc && next_rand() % 5 ? caps[next_rand() % (uint64_t)nc] : (int)(next_rand() % (uint64_t)n);
            cv_pn_make(&p, &ref_ml[pick]);
        }
    }
    return ok;
}

static int load_corpus(void)
{
    FILE *f = fopen(PN_CORPUS, "r");
    TAP_OK(f != NULL, "%s opens", PN_CORPUS);
    if (!f) return -1;
    char line[1024];
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        cv_fen_errors e;
        if (ncorpus == MAXPOS || cv_pn_code_read(&VO[0], line, &corpus[ncorpus], &e) < 0 || e.n) bad++;
        else ncorpus++;
    }
    fclose(f);
    TAP_OK(!bad && ncorpus == 38, "%s: %d positions read (38), %d refused", PN_CORPUS, ncorpus, bad);
    return 0;
}

/* The panoply spec on a hexagon of another side: the file's text with its
 * side, its promotion rank and its file letters (made for 13 files)
 * changed.  NULL when it does not load. */
static cv_variant *other_side(int side)
{
    FILE *in = fopen("specs/panoply.yaml", "r");
    if (!in) return NULL;
    static char text[65536], out[65536];
    size_t n = fread(text, 1, sizeof text - 1, in);
    fclose(in);
    text[n] = 0;
    size_t o = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char buf[256];
        if (!strncmp(line, "variant:", 8)) snprintf(buf, sizeof buf, "variant: panoply-side%d", side);
        else if (strstr(line, "side: 7")) snprintf(buf, sizeof buf, "  side: %d", side);
        else if (strstr(line, "ranks: [13]")) snprintf(buf, sizeof buf, "  ranks: [%d]", 2 * side - 1);
        else if (strstr(line, "files: a-m")) continue;
        else snprintf(buf, sizeof buf, "%s", line);
        o += (size_t)snprintf(out + o, sizeof out - o, "%s\n", buf);
    }
    FILE *f = fmemopen(out, o, "r");
    if (!f) return NULL;
    cv_variant *v = cv_variant_load_stream(f, "panoply-other-side.yaml", NULL);
    fclose(f);
    return v;
}

/* Seeded random boards of v: both Kings and up to 30 other pieces, the
 * Barricades as two neighbouring cells; each compared, with its children. */
static int random_boards(const cv_variant *v, int boards, const char *where)
{
    const cv_geom *g = &v->geom;
    const pn_opts *o = pn_O(v);
    int ok = 1;
    for (int b = 0; b < boards; b++) {
        pn_pos p;
        cv_pn_clear(&p, v);
        p.side = (int8_t)(next_rand() & 1);
        int pieces = 2 + (int)(next_rand() % 30);
        for (int i = 0; i < pieces; i++) {
            int c = (int)(next_rand() % (uint64_t)g->ncells), col = (int)(next_rand() & 1);
            int t = i < 2 ? v->royal_type : (int)(next_rand() % (uint64_t)v->npieces);
            if (i < 2) col = i;
            else if (t == v->royal_type) continue;
            if (p.b[c]) continue;
            if (o->role[t] == PN_BARRICADE) {
                int n = cv_geom_next(g, o->dir6[next_rand() % 6], c);
                if (n < 0 || p.b[n]) continue;
                p.b[n] = CV_PIECE(t, col);
            }
            p.b[c] = CV_PIECE(t, col);
        }
        ok = tree_same(&p, 1, where) && ok;
    }
    return ok;
}

int main(void)
{
    cv_variant *v = cv_variant_find("panoply", NULL);
    TAP_OK(v != NULL, "spec panoply loads");
    if (!v) return tap_done();
    TAP_IS_INT(pn_O(v)->fast, 1, "the fast generator plays the hexagon of side 7");
    for (int k = 0; k < 4; k++) VO[k] = *v;
    ((pn_opts *)(void *)VO[1].eopts.b)->skirmisher_landing = 1;
    ((pn_opts *)(void *)VO[2].eopts.b)->freeze_each_step = 1;
    ((pn_opts *)(void *)VO[3].eopts.b)->barricade_whole = 1;
    if (load_corpus() < 0) {
        cv_variant_free(v);
        return tap_done();
    }

    for (int k = 0; k < 4; k++) {
        long before = compared;
        int ok = 1;
        differ = 0;
        for (int i = 0; i < ncorpus; i++) {
            pn_pos p = corpus[i];
            p.v = &VO[k];
            ok = tree_same(&p, 2, reading[k]) && ok;
        }
        TAP_OK(ok, "%s: corpus, children, grandchildren: %ld positions, same moves in the same order", reading[k],
               compared - before);
        if (!ok) printf("#   %ld differ; first %s\n", differ, first_diff);
    }

    for (int k = 0; k < 4; k++) {
        long before = compared;
        int ok = 1;
        differ = 0;
        for (int i = 0; i < ncorpus; i++) {
            pn_pos p = corpus[i];
            p.v = &VO[k];
            ok = playouts_same(&p, k ? 4 : 12, 120, reading[k]) && ok;
        }
        TAP_OK(ok && compared - before >= 5000, "%s: random games, %ld positions, same moves in the same order",
               reading[k], compared - before);
        if (!ok) printf("#   %ld differ; first %s\n", differ, first_diff);
    }

    /* perft: the fast recursion against the reference's */
    int ok = 1;
    long counted = 0;
    for (int i = 0; i < ncorpus; i++) {
        pn_pos p = corpus[i];
        uint64_t r = cv_pn_perft_ref(&p, 2), f = cv_pn_perft(&p, 2);
        counted++;
        if (r != f) {
            ok = 0;
            printf("#   corpus position %d: reference %llu, fast %llu\n", i, (unsigned long long)r, (unsigned long long)f);
        }
        TAP_OK(!memcmp(&p, &corpus[i], sizeof p), "corpus position %d: perft leaves the position as it was", i + 1);
    }
    TAP_OK(ok, "perft to depth 2: the same counts from the %ld corpus positions", counted);

    /* random boards: the page's hexagon, a smaller one the fast generator
     * plays too, and the largest, which it leaves to the reference */
    static const struct { int side, fast; } sides[] = { { 7, 1 }, { 4, 1 }, { 8, 0 } };
    for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++) {
        cv_variant *w = sides[k].side == 7 ? NULL : other_side(sides[k].side);
        const cv_variant *u = w ? w : v;
        TAP_OK(u->geom.ncells == 3 * sides[k].side * (sides[k].side - 1) + 1, "side %d: the spec loads, %d cells",
               sides[k].side, u->geom.ncells);
        TAP_IS_INT(pn_O(u)->fast, sides[k].fast, "side %d: the fast generator %s", sides[k].side,
                   sides[k].fast ? "plays it" : "leaves it to the reference");
        long before = compared;
        differ = 0;
        char where[32];
        snprintf(where, sizeof where, "side %d", sides[k].side);
        ok = random_boards(u, 300, where);
        TAP_OK(ok && compared - before >= 3000, "side %d: 300 random boards and their children, %ld positions, same moves",
               sides[k].side, compared - before);
        if (!ok) printf("#   %ld differ; first %s\n", differ, first_diff);
        if (w) cv_variant_free(w);
    }
    cv_variant_free(v);     /* VO share its tables */
    return tap_done();
}
