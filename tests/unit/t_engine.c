/* t_engine: the contract of engine.h, checked on every engine and every
 * shipped spec through the public interface only (cvkit.h; no generic or
 * trid header).
 *
 * The contract, for every spec in specs/ (chess, chess960, capablanca, doublechess,
 * trid-standard, trid-tournament, parallelworlds, and panoply through
 * panoply-testarmy, which adds a start position to it), whichever engine
 * plays it; first, that the cases are every spec of specs/ and play every
 * engine of the table and the generic one, so that a new spec or engine
 * fails here until it has its case:
 *
 *  1. Position text is a fixed point: the start position, and every
 *     position reached below, written with cv_any_write reads back with
 *     cv_any_read_position without a single problem and writes the same text.
 *  2. Moves read back: at each of a few hundred positions per spec (the
 *     corpus perft positions of the variant plus positions reached from
 *     them by a fixed-seed random walk of legal moves), every legal move
 *     cv_any_gen gives, written in each notation the engine writes,
 *     reads back with cv_any_read_move in that notation to the same move:
 *     the move read writes the same text as the generated one in
 *     notation 0 and in the divide notation.  Playing the move with
 *     cv_any_make hands the move to the other side, and cv_any_unmake
 *     restores the position text and its key exactly.  cv_any_outcome
 *     counts the moves that may start a turn, cv_any_steps with no prefix
 *     (for a game of single moves, the moves cv_any_gen gives), and none
 *     exactly when cv_any_gen gives none.
 *  3. Perft and divide agree: at depth 2 the divide lines' nodes sum to
 *     what cv_count returns, there is one line per legal move and the
 *     lines' moves are the legal moves written in the divide notation; on
 *     the start position and on the corpus positions, whose depth-1 and
 *     depth-2 counts must be the corpus's.  The start counts at depth 2
 *     are the known ones (chess 400, chess960's spec setup 400,
 *     doublechess 1600, trid-standard 441, trid-tournament 400).
 *  4. cv_any_outcome of the start position: not in check, and as many
 *     moves as cv_any_steps gives with no prefix.
 *
 * Parallel Worlds, where a move is a whole turn, has tens of thousands of
 * moves a position and some 76,000 turns below each: there the moves of
 * property 2 are a fixed-seed sample of each position's turns (the first
 * and last always among them), and property 3 counts depth 2 only where
 * the corpus gives at most a million turns, depth 1 elsewhere (the start's
 * 250,873,078 is tests/parallelworlds.bats's, counted by cv-perft).
 *
 * The pbm notation once wrote SAN its own case-folding reader refused as
 * ambiguous ("Bb3": a bishop or the b-pawn); it now writes LAN there,
 * and this test holds it to reading back like every notation.
 *
 * The per-move properties are counted and reported as one TAP line per
 * spec and property (the count in its description); the first failure's
 * details follow as a TAP diagnostic.  Run from the repository root with
 * CVKIT_SPECS=$PWD/specs (as `make check` does). */
#include "cvkit.h"
#include "tap.h"
#include <ctype.h>
#include <glob.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXMOVES 1024   /* moves checked at one position (a sample beyond) */
#define MAXNT 8         /* notations an engine may write */
#define TEXT 512        /* a position's text */
#define MAXPOS 400      /* positions kept per spec */
#define TARGET 240      /* positions wanted per spec */
#define WALK 8          /* plies per random walk */
#define MAXCORPUS 64

/* ---- counted checks: how many, how many failed, the first failure ---- */

typedef struct check {
    long n, failed;
    char first[1536];
} check;

static void check_fail(check *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void check_fail(check *c, const char *fmt, ...)
{
    if (c->failed++) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->first, sizeof c->first, fmt, ap);
    va_end(ap);
}

/* One TAP line for a counted property; the first failure as diagnostic. */
static void check_report(const check *c, const char *spec, const char *what)
{
    TAP_OK(c->n > 0 && c->failed == 0, "%s: %ld %s", spec, c->n, what);
    if (c->n == 0) printf("#   nothing was checked\n");
    if (c->failed) printf("#   %ld failed; first: %s\n", c->failed, c->first);
}

/* ---- deterministic choice (LCG, Knuth's MMIX constants) ---- */

static uint64_t lcg_state = 0x2545F4914F6CDD1DULL;

static unsigned lcg(unsigned n)
{
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)((lcg_state >> 33) % n);
}

/* ---- the corpus: FEN ; D1 ; D2 ; ... with "# variant: NAME" switches ---- */

typedef struct corpus_pos {
    char fen[TEXT];
    long long d1, d2;   /* -1 when the line gives none */
} corpus_pos;

/* Keeps the lines of path that belong to spec (the variant before any
 * switch is deflt); returns how many. */
static int corpus_read(const char *path, const char *deflt, const char *spec, corpus_pos *out, int max)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    char line[2048], variant[128];
    snprintf(variant, sizeof variant, "%s", deflt);
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strncmp(line, "# variant:", 10)) {
            const char *s = line + 10;
            while (*s == ' ') s++;
            snprintf(variant, sizeof variant, "%.100s", s);
            size_t k = strlen(variant);
            while (k && variant[k - 1] == ' ') variant[--k] = 0;
            continue;
        }
        if (line[0] == '#' || !line[0] || strcmp(variant, spec) || n >= max) continue;
        char *semi = strchr(line, ';');
        if (!semi) continue;
        *semi = 0;
        size_t k = strlen(line);
        while (k && line[k - 1] == ' ') line[--k] = 0;
        corpus_pos *c = &out[n++];
        snprintf(c->fen, sizeof c->fen, "%.500s", line);
        c->d1 = c->d2 = -1;
        char *s = semi + 1;
        c->d1 = strtoll(s, &s, 10);
        if ((s = strchr(s, ';'))) c->d2 = strtoll(s + 1, NULL, 10);
    }
    fclose(f);
    return n;
}

/* ---- the specs ---- */

typedef struct spec_case {
    const char *name;
    const char *corpus;         /* corpus file */
    const char *corpus_default; /* its variant before any "# variant:" line */
    const char *corpus_as;      /* the variant its lines are under (NULL: name) */
    long long start_d1, start_d2;
    long long d2_limit;         /* depth 2 only up to this count (0: always) */
    int sample;                 /* moves checked at a position (0: all) */
} spec_case;

static const spec_case cases[] = {
    { .name = "chess", .corpus = "corpus/chess/perft.txt", .corpus_default = "chess", .start_d1 = 20,
      .start_d2 = 400 },
    { .name = "chess960", .corpus = "corpus/chess/perft.txt", .corpus_default = "chess", .start_d1 = 20,
      .start_d2 = 400 },
    { .name = "capablanca", .corpus = "corpus/capablanca/perft.txt", .corpus_default = "capablanca",
      .start_d1 = 28, .start_d2 = 784 },
    { .name = "doublechess", .corpus = "corpus/doublechess/perft.txt", .corpus_default = "doublechess",
      .start_d1 = 40, .start_d2 = 1600 },
    { .name = "trid-standard", .corpus = "corpus/trid/perft.txt", .corpus_default = "trid-standard",
      .start_d1 = 21, .start_d2 = 441 },
    { .name = "trid-tournament", .corpus = "corpus/trid/perft.txt", .corpus_default = "trid-standard",
      .start_d1 = 20, .start_d2 = 400 },
    { .name = "parallelworlds", .corpus = "corpus/parallelworlds/perft.txt", .corpus_default = "parallelworlds",
      .start_d1 = 3288, .start_d2 = 250873078, .d2_limit = 1000000, .sample = 48 },
    /* Panoply has no start position of its own: cvkit's test army */
    { .name = "panoply-testarmy", .corpus = "corpus/panoply/perft.txt", .corpus_default = "panoply",
      .corpus_as = "panoply", .start_d1 = 112, .start_d2 = 12272 },
};

/* ---- helpers over the interface ---- */

/* Room for every legal move of a position, grown as needed: a Parallel
 * Worlds position has hundreds of thousands of turns. */
typedef struct movelist {
    cv_amove *m;
    int n, cap;
} movelist;

static int gen_all(cv_apos *a, movelist *l)
{
    if (!l->m) {
        l->m = malloc(sizeof *l->m * MAXMOVES);
        l->cap = l->m ? MAXMOVES : 0;
    }
    l->n = cv_any_gen(a, l->m, l->cap);
    if (l->n > l->cap) {
        cv_amove *m = realloc(l->m, sizeof *m * (size_t)l->n);
        if (!m) {
            printf("# out of memory for %d moves\n", l->n);
            exit(1);
        }
        l->m = m;
        l->cap = l->n;
        l->n = cv_any_gen(a, l->m, l->cap);
    }
    return l->n;
}

/* The moves that may start a turn (cv_any_steps with no prefix). */
static int steps_at_start(cv_apos *a)
{
    static char out[MAXMOVES][64];
    char why[256];
    return cv_any_steps(a, "", 0, out, MAXMOVES, why, sizeof why);
}

static const char *write_pos(const cv_apos *a, char *buf)
{
    cv_any_write(a, 0, buf, TEXT);
    return buf;
}

static void errs_text(const cv_fen_errors *e, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < e->n && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s[col %d] %s", i ? "; " : "", e->e[i].col, e->e[i].msg);
}

/* Position text reads back to itself: read text, no problems, the same
 * text written.  Returns 0 when it does; else fills why. */
static int text_fixed_point(const cv_variant *v, const char *text, char *why, size_t ws)
{
    cv_apos a;
    cv_fen_errors e;
    char back[TEXT], msgs[1024];
    int rc = cv_any_read_position(v, text, 0, &a, &e);
    if (rc != 0 || e.n) {
        errs_text(&e, msgs, sizeof msgs);
        snprintf(why, ws, "'%.400s' read: rc %d, %d problems: %.600s", text, rc, e.n, msgs);
        return -1;
    }
    if (strcmp(write_pos(&a, back), text)) {
        snprintf(why, ws, "'%.400s' reads and writes as '%.400s'", text, back);
        return -1;
    }
    return 0;
}

/* Divide: sums the nodes and keeps each line's move text. */
typedef struct divide_sum {
    uint64_t nodes;
    int lines, cap;
    char (*moves)[64];
} divide_sum;

static void divide_add(void *arg, const char *move, uint64_t nodes)
{
    divide_sum *d = arg;
    if (d->lines == d->cap) {
        int cap = d->cap ? d->cap * 2 : 256;
        char(*m)[64] = realloc(d->moves, sizeof *m * (size_t)cap);
        if (!m) {
            printf("# out of memory for %d divide lines\n", cap);
            exit(1);
        }
        d->moves = m;
        d->cap = cap;
    }
    snprintf(d->moves[d->lines++], 64, "%s", move);
    d->nodes += nodes;
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* ---- property 2 at one position ---- */

typedef struct move_checks {
    check readback[MAXNT];  /* per notation */
    check restore;          /* make + unmake gives back the text and key */
    check side;             /* make hands the move to the other side */
    check outcome;          /* outcome.moves: the moves that start a turn */
} move_checks;

static char fmt[MAXMOVES][MAXNT][64];

/* sample: at most this many of the moves (0: MAXMOVES); a position with
 * more has a fixed-seed choice checked, its first and last move among
 * them. */
static void check_moves(cv_apos *a, int nnt, const char *const *ntname, int dnt, int sample, move_checks *mc)
{
    static movelist ml;
    static int pick[MAXMOVES];
    char before[TEXT], after[TEXT], t0[64], td[64];
    write_pos(a, before);
    int n = gen_all(a, &ml);
    int side = cv_any_side(a);
    uint64_t key = cv_any_key(a);

    cv_outcome o;
    memset(&o, 0, sizeof o);
    cv_any_outcome(a, &o);
    int starts = steps_at_start(a);
    mc->outcome.n++;
    if (o.moves != starts || (o.moves == 0) != (n == 0))
        check_fail(&mc->outcome, "%s: outcome says %d moves; %d start a turn, gen gives %d", before, o.moves, starts,
                   n);

    int limit = sample > 0 && sample < MAXMOVES ? sample : MAXMOVES, k = n;
    if (n <= limit) {
        for (int i = 0; i < n; i++) pick[i] = i;
    } else {
        k = limit;
        pick[0] = 0;
        pick[1] = n - 1;
        for (int j = 2; j < k; j++) pick[j] = (int)lcg((unsigned)n);
    }

    for (int j = 0; j < k; j++)
        for (int t = 0; t < nnt; t++) cv_any_format(a, &ml.m[pick[j]], t, fmt[j][t], 64);

    for (int j = 0; j < k; j++) {
        const cv_amove *m = &ml.m[pick[j]];
        for (int t = 0; t < nnt; t++) {
            check *c = &mc->readback[t];
            c->n++;
            cv_amove r;
            cv_move_info info;
            memset(&r, 0, sizeof r);
            cv_move_status st = cv_any_read_move(a, fmt[j][t], t, 0, &r, &info);
            if (st != CV_MOVE_OK) {
                check_fail(c, "%s: move '%s' (%s; %s) written in %s reads with status %d: %s", before, fmt[j][t],
                           fmt[j][0], fmt[j][dnt], ntname[t], (int)st, info.why);
                continue;
            }
            cv_any_format(a, &r, 0, t0, sizeof t0);
            cv_any_format(a, &r, dnt, td, sizeof td);
            if (strcmp(t0, fmt[j][0]) || strcmp(td, fmt[j][dnt]))
                check_fail(c, "%s: move '%s' written in %s reads back as %s / %s, not %s / %s", before, fmt[j][t],
                           ntname[t], t0, td, fmt[j][0], fmt[j][dnt]);
        }

        cv_aundo u;
        cv_any_make(a, m, &u);
        int side_after = cv_any_side(a);
        cv_any_unmake(a, m, &u);
        mc->side.n++;
        if (side_after != 1 - side)
            check_fail(&mc->side, "%s: after %s side to move is %d (was %d)", before, fmt[j][0], side_after, side);
        mc->restore.n++;
        if (strcmp(write_pos(a, after), before))
            check_fail(&mc->restore, "%s: %s (%s) made and taken back gives %s", before, fmt[j][0], fmt[j][dnt], after);
        else if (cv_any_key(a) != key)
            check_fail(&mc->restore, "%s: %s (%s) made and taken back changes the key", before, fmt[j][0],
                       fmt[j][dnt]);
    }
}

/* ---- property 3 at one position ---- */

/* The plain count (UINT64_MAX when it fails). */
static uint64_t count_nodes(cv_apos *a, int depth)
{
    cv_count_opts o = { .threads = 1 };
    cv_count_result r;
    return cv_count(a, depth, &o, &r) == 0 ? r.nodes : UINT64_MAX;
}

/* Perft at depth (1 or 2) against its divide lines and the legal moves;
 * returns the count. */
static uint64_t check_divide(cv_apos *a, int depth, int dnt, check *c)
{
    static movelist ml;
    static divide_sum d;
    static char (*want)[64];
    static int want_cap;
    char text[TEXT];
    write_pos(a, text);
    cv_count_opts o = { .threads = 1, .nt = dnt, .divide = divide_add, .arg = &d };
    cv_count_result r;
    d.nodes = 0;
    d.lines = 0;
    uint64_t total = cv_count(a, depth, &o, &r) == 0 ? r.nodes : UINT64_MAX;
    int n = gen_all(a, &ml);
    c->n++;
    if (d.nodes != total) {
        check_fail(c, "%s: perft %d gives %llu, its divide lines sum to %llu", text, depth,
                   (unsigned long long)total, (unsigned long long)d.nodes);
        return total;
    }
    if (d.lines != n) {
        check_fail(c, "%s: %d divide lines, %d legal moves", text, d.lines, n);
        return total;
    }
    if (n > want_cap) {
        char(*w)[64] = realloc(want, sizeof *w * (size_t)n);
        if (!w) {
            printf("# out of memory for %d moves\n", n);
            exit(1);
        }
        want = w;
        want_cap = n;
    }
    for (int i = 0; i < n; i++) cv_any_format(a, &ml.m[i], dnt, want[i], 64);
    qsort(d.moves, (size_t)n, sizeof d.moves[0], cmp_text);
    qsort(want, (size_t)n, sizeof want[0], cmp_text);
    for (int i = 0; i < n; i++)
        if (strcmp(d.moves[i], want[i])) {
            check_fail(c, "%s: divide line '%s' where the legal moves give '%s' (sorted, #%d)", text, d.moves[i],
                       want[i], i);
            break;
        }
    return total;
}

/* ---- one spec ---- */

static char positions[MAXPOS][TEXT];
static int npositions;

static int add_position(const char *text)
{
    for (int i = 0; i < npositions; i++)
        if (!strcmp(positions[i], text)) return 0;
    if (npositions >= MAXPOS) return 0;
    snprintf(positions[npositions++], TEXT, "%s", text);
    return 1;
}

static void run_spec(const spec_case *sc)
{
    const char *name = sc->name;
    cv_variant *v = cv_variant_find(name, NULL);
    lcg_state = 0x2545F4914F6CDD1DULL;
    TAP_OK(v != NULL, "%s: spec loads", name);
    if (!v) return;

    /* the notations the engine writes */
    const char *ntname[MAXNT];
    int nnt = 0;
    while (nnt < MAXNT && cv_any_notation_name(v, nnt)) {
        ntname[nnt] = cv_any_notation_name(v, nnt);
        nnt++;
    }
    char list[256], joined[256] = "";
    for (int k = 0, n = 0; k < nnt; k++) n += snprintf(joined + n, sizeof joined - (size_t)n, "%s%s", k ? ", " : "", ntname[k]);
    TAP_IS_STR(cv_notation_list(v, list, sizeof list), joined, "%s: the notation list names the %d notations", name, nnt);
    int names_ok = 1;
    for (int k = 0; k < nnt; k++)
        if (cv_any_notation(v, ntname[k]) != k) names_ok = 0;
    TAP_OK(nnt > 0 && names_ok, "%s: each notation's name finds that notation", name);
    int dnt = cv_any_divide_notation(v);
    TAP_OK(dnt >= 0 && dnt < nnt, "%s: the divide notation (%d) is one of the %d", name, dnt, nnt);
    if (!(dnt >= 0 && dnt < nnt)) dnt = 0;

    /* 1. the start position's text */
    cv_apos start;
    char stext[TEXT], why[1536];
    TAP_IS_INT(cv_any_start(v, &start), 0, "%s: start position sets up", name);
    write_pos(&start, stext);
    {
        cv_apos a;
        cv_fen_errors e;
        char back[TEXT], msgs[1024];
        int rc = cv_any_read_position(v, stext, 0, &a, &e);
        errs_text(&e, msgs, sizeof msgs);
        TAP_IS_INT(rc, 0, "%s: start text reads: %s", name, stext);
        TAP_IS_INT(e.n, 0, "%s: start text has no problems", name);
        if (e.n) printf("#   %s\n", msgs);
        TAP_IS_STR(write_pos(&a, back), stext, "%s: start text reads back to itself", name);
    }

    /* 4. outcome of the start */
    cv_outcome o;
    memset(&o, 0, sizeof o);
    cv_any_outcome(&start, &o);
    int starts = steps_at_start(&start);
    TAP_IS_INT(o.in_check, 0, "%s: start: not in check", name);
    TAP_IS_INT(o.moves, starts, "%s: start: outcome counts the %d moves that start a turn", name, starts);
    TAP_IS_INT((long long)count_nodes(&start, 1), sc->start_d1, "%s: start: perft 1 = %lld",
               name, sc->start_d1);

    /* 3. perft / divide at the start, at depth 2 where it is small enough */
    check div = { 0 };
    int sdepth = sc->d2_limit && sc->start_d2 > sc->d2_limit ? 1 : 2;
    long long swant = sdepth == 2 ? sc->start_d2 : sc->start_d1;
    TAP_IS_INT(check_divide(&start, sdepth, dnt, &div), swant, "%s: start: divide at depth %d sums to %lld", name,
               sdepth, swant);

    /* the corpus positions: read, perft against the corpus counts */
    static corpus_pos corp[MAXCORPUS];
    int nc = corpus_read(sc->corpus, sc->corpus_default, sc->corpus_as ? sc->corpus_as : name, corp, MAXCORPUS);
    TAP_OK(nc > 0, "%s: %d corpus positions in %s", name, nc, sc->corpus);
    if (nc < 0) printf("#   cannot open %s (run from the repository root)\n", sc->corpus);
    check cread = { 0 }, ccount = { 0 };
    int deep = 0;   /* corpus positions counted at depth 2 */
    npositions = 0;
    add_position(stext);
    for (int i = 0; i < nc; i++) {
        cv_apos a;
        cv_fen_errors e;
        char msgs[1024], text[TEXT];
        cread.n++;
        if (cv_any_read_position(v, corp[i].fen, 0, &a, &e) != 0 || e.n) {
            errs_text(&e, msgs, sizeof msgs);
            check_fail(&cread, "'%s': %s", corp[i].fen, msgs);
            continue;
        }
        ccount.n++;
        long long d1 = (long long)count_nodes(&a, 1);
        if (!sc->d2_limit || (corp[i].d2 >= 0 && corp[i].d2 <= sc->d2_limit)) {
            deep++;
            long long d2 = (long long)check_divide(&a, 2, dnt, &div);
            if (d1 != corp[i].d1 || (corp[i].d2 >= 0 && d2 != corp[i].d2))
                check_fail(&ccount, "%s: perft 1, 2 = %lld, %lld; the corpus says %lld, %lld", corp[i].fen, d1, d2,
                           corp[i].d1, corp[i].d2);
        } else if ((long long)check_divide(&a, 1, dnt, &div) != d1 || d1 != corp[i].d1) {
            check_fail(&ccount, "%s: perft 1 = %lld; the corpus says %lld", corp[i].fen, d1, corp[i].d1);
        }
        add_position(write_pos(&a, text));
    }
    check_report(&cread, name, "corpus positions read without problems");
    char what[160];
    snprintf(what, sizeof what, "corpus positions give the corpus's perft 1 (and 2 at %d of them)", deep);
    check_report(&ccount, name, what);
    check_report(&div, name, "positions: perft = sum of divide, one line per legal move");

    /* random walks from the start and the corpus positions */
    int seeds = npositions;
    for (int round = 0; npositions < TARGET && round < 200; round++) {
        cv_apos a;
        cv_fen_errors e;
        if (cv_any_read_position(v, positions[round % seeds], 0, &a, &e) != 0) continue;
        for (int ply = 0; ply < WALK; ply++) {
            static movelist ml;
            int n = gen_all(&a, &ml);
            if (n == 0) break;
            cv_aundo u;
            char text[TEXT];
            cv_any_make(&a, &ml.m[lcg((unsigned)n)], &u);
            add_position(write_pos(&a, text));
        }
    }
    TAP_OK(npositions >= 200, "%s: %d positions (%d start and corpus, %d by random walks)", name, npositions, seeds,
           npositions - seeds);

    /* 1 and 2 over every position */
    check fixed = { 0 };
    static move_checks mc;
    memset(&mc, 0, sizeof mc);
    for (int i = 0; i < npositions; i++) {
        fixed.n++;
        if (text_fixed_point(v, positions[i], why, sizeof why)) {
            check_fail(&fixed, "%s", why);
            continue;
        }
        cv_apos a;
        cv_fen_errors e;
        cv_any_read_position(v, positions[i], 0, &a, &e);
        check_moves(&a, nnt, ntname, dnt, sc->sample, &mc);
    }
    check_report(&fixed, name, "positions: text reads back to itself");
    check_report(&mc.outcome, name, "positions: outcome counts the moves that start a turn");
    for (int k = 0; k < nnt; k++) {
        snprintf(what, sizeof what, "moves%s read back in %s", sc->sample ? " (sampled)" : "", ntname[k]);
        check_report(&mc.readback[k], name, what);
    }
    check_report(&mc.side, name, "moves hand the move to the other side");
    check_report(&mc.restore, name, "moves made and taken back restore the position and its key");

    cv_variant_free(v);
}

/* Specs with no case of their own: played through another that inherits
 * them and adds what the contract needs (a start position). */
static const char *const through[] = { "panoply" };

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The cases cover the tree: every spec file, every engine. */
static void coverage(void)
{
    enum { NC = sizeof cases / sizeof cases[0], NT = sizeof through / sizeof through[0], MAXF = 64 };
    const char *names[NC + NT];
    char want[512] = "", got[512] = "", played[256] = "", engines[256];
    for (size_t i = 0; i < NC; i++) names[i] = cases[i].name;
    for (size_t i = 0; i < NT; i++) names[NC + i] = through[i];
    qsort(names, NC + NT, sizeof names[0], by_name);
    for (size_t i = 0; i < NC + NT; i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", i ? " " : "", names[i]);
    glob_t gl;
    if (glob("specs/*.yaml", 0, NULL, &gl) == 0) {
        char base[MAXF][64];
        char *files[MAXF];
        size_t n = 0;
        for (size_t i = 0; i < gl.gl_pathc && n < MAXF; i++, n++) {
            const char *b = gl.gl_pathv[i] + strlen("specs/");
            snprintf(base[n], sizeof base[n], "%.*s", (int)(strlen(b) - strlen(".yaml")), b);
            files[n] = base[n];
        }
        globfree(&gl);
        qsort(files, n, sizeof files[0], by_name);
        for (size_t i = 0; i < n; i++) snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "", files[i]);
    }
    TAP_IS_STR(got, want, "the cases are the specs of specs/");

    /* the engines the cases play, each once, in the order first met */
    const char *seen[NC];
    size_t nseen = 0;
    for (size_t i = 0; i < NC; i++) {
        cv_variant *v = cv_variant_find(cases[i].name, NULL);
        const char *e = !v ? "(none)" : v->engine ? v->engine->name : "generic";
        size_t k = 0;
        while (k < nseen && strcmp(seen[k], e)) k++;
        if (k == nseen) {
            seen[nseen++] = e;
            snprintf(played + strlen(played), sizeof played - strlen(played), "%s%s", k ? ", " : "", e);
        }
        /* the engine names are static: the variant may go */
        if (v) cv_variant_free(v);
    }
    snprintf(engines, sizeof engines, "generic, %s", cv_engine_names());
    TAP_IS_STR(played, engines, "the cases play every engine: the generic one and those of the table");
}

int main(void)
{
    coverage();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) run_spec(&cases[i]);
    return tap_done();
}
