/* fuzz_pncode: Panoply positions in Game Courier's position code (the
 * board, then side to move, halfmove clock and turn number) through the
 * engine interface, variant "panoply".  Input: the text (no selector; the
 * panoply engine reads every flag alike).  Promises checked (abort() when
 * broken):
 *  - an unusable text names a syntax error; a usable one names none (its
 *    problems are all of the position: Kings, Barricades, pawns on their
 *    last rank, the side not to move in check); every problem has a
 *    message and a column inside the text (1 .. length + 1), the problems
 *    in column order;
 *  - a usable text writes a text that reads back usable, with the same
 *    problems (a position's problems come from the board alone), and
 *    writes the same text again;
 *  - a text that reads without problems writes a canonical text that
 *    reads without problems and writes the same text again (fixed point);
 *  - outcome runs and counts the moves the generator counts, and the
 *    default spec's stalemate loses;
 *  - each legal move (the first 200) formats to a non-empty text that
 *    fits the 64 bytes cv_any_moves gives a move, and reads back without
 *    tolerance to a move formatting identically; formatting and reading
 *    leave the position alone;
 *  - make then unmake restores the position's text;
 *  - the position a legal move reaches reads back without problems and
 *    writes the same text.  A problem-free position has one King a side,
 *    whole Barricades, no pawn on its last rank and no King to take, and
 *    a legal move keeps it so: moves never take a King (the side to move
 *    has no check to give), a pawn reaching its last rank promotes, a
 *    Barricade moves and dies whole, and the mover's King is left safe
 *    (cv_pn_gen's test is the reader's test of the side not to move). */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

#define MAX_CHECKED 200

static const cv_variant *v;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    v = cv_variant_cached("panoply", NULL);
    if (!v) abort();
    return 0;
}

static void check_errors(const cv_fen_errors *e, size_t len)
{
    if (e->n < 0 || e->n > CV_FEN_MAX_ERRORS) abort();
    for (int i = 0; i < e->n; i++) {
        if (e->e[i].col < 1 || (size_t)e->e[i].col > len + 1) abort();
        if (i && e->e[i].col < e->e[i - 1].col) abort();
        if (!e->e[i].msg[0]) abort();
    }
}

static int same_problems(const cv_fen_errors *a, const cv_fen_errors *b)
{
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (a->e[i].kind != b->e[i].kind || strcmp(a->e[i].msg, b->e[i].msg)) return 0;
    return 1;
}

static cv_amove ml[1024];

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size > 4096) return 0;
    char *s = malloc(size + 1);
    if (!s) return 0;
    memcpy(s, data, size);
    s[size] = 0;
    size_t len = strlen(s);

    static cv_apos a, b;
    static cv_fen_errors e, e2;
    static char text[4096], again[4096], other[4096];
    int rc = cv_any_read_position(v, s, 0, &a, &e);
    check_errors(&e, len);
    int syntax = 0;
    for (int i = 0; i < e.n; i++) syntax |= e.e[i].kind == CV_FE_SYNTAX;
    if (rc < 0) {
        if (!syntax) abort();   /* unusable: a syntax error says why */
        free(s);
        return 0;
    }
    if (rc != 0 || syntax) abort();

    /* whatever reads writes a text that reads back, problems and all */
    cv_any_write(&a, 0, text, sizeof text);
    if (!text[0]) abort();
    if (cv_any_read_position(v, text, 0, &b, &e2) != 0) abort();
    check_errors(&e2, strlen(text));
    if (!same_problems(&e, &e2)) abort();
    cv_any_write(&b, 0, again, sizeof again);
    if (strcmp(text, again)) abort();
    if (e.n) {
        free(s);
        return 0;
    }

    int n = cv_any_gen(&a, ml, 1024);
    if (n < 0 || n > 1024) abort();
    cv_outcome o;
    memset(&o, 0, sizeof o);
    cv_any_outcome(&a, &o);
    if (o.moves != n || !o.no_move_loses) abort();
    cv_any_write(&a, 0, other, sizeof other);
    if (strcmp(text, other)) abort();

    for (int i = 0; i < n && i < MAX_CHECKED; i++) {
        char want[128], got[128];
        size_t wl = cv_any_format(&a, &ml[i], 0, want, sizeof want);
        if (!want[0] || wl != strlen(want) || wl >= 64) abort();
        cv_amove m;
        cv_move_info info;
        memset(&info, 0, sizeof info);
        if (cv_any_read_move(&a, want, 0, 0, &m, &info) != CV_MOVE_OK) abort();
        if (info.lax) abort();
        cv_any_format(&a, &m, 0, got, sizeof got);
        if (strcmp(want, got)) abort();
        cv_any_write(&a, 0, other, sizeof other);
        if (strcmp(text, other)) abort();   /* formatting and reading changed nothing */

        cv_aundo u;
        cv_any_make(&a, &ml[i], &u);
        /* the position reached: problem-free, and a fixed point */
        cv_any_write(&a, 0, other, sizeof other);
        if (cv_any_read_position(v, other, 0, &b, &e2) != 0 || e2.n) abort();
        cv_any_write(&b, 0, again, sizeof again);
        if (strcmp(other, again)) abort();
        cv_any_unmake(&a, &ml[i], &u);
        cv_any_write(&a, 0, other, sizeof other);
        if (strcmp(text, other)) abort();
    }
    free(s);
    return 0;
}
