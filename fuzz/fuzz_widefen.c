/* fuzz_widefen: the wide FEN of Double Chess (16 x 8, two-digit empty
 * runs, four castlings PLEA) through the engine interface, read strict and
 * lenient.  Input: one selector byte (bit 1 lenient), then the text.
 * Promises checked (abort() when broken):
 *  - an unusable text names a syntax error (also when its problems fill
 *    the list), every problem at a column inside the text
 *    (1 .. length + 1), the problems in column order;
 *  - a usable text writes a text the lenient reader takes back without a
 *    syntax error, also when written with CV_FEN_EP_ALWAYS | CV_FEN_XFEN,
 *    and that text reads back to the same canonical text;
 *  - a text that reads without problems writes a canonical text that
 *    reads strictly without problems and writes the same text again
 *    (fixed point);
 *  - each legal move written in SAN, LAN, UCI and pbm reads back, in that
 *    notation and without tolerance (pbm castling "O-O" too), to the same
 *    move, compared by its SAN;
 *    SAN also under CV_READ_STRICT_SAN; formatting and reading leave the
 *    position alone;
 *  - make then unmake (and the null move) restores the position's text,
 *    and the position a move reaches writes a text that reads back
 *    (leniently) to itself. */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

static const cv_variant *v;
static int nts[4];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    v = cv_variant_cached("doublechess", NULL);
    if (!v) abort();
    static const char *const names[4] = { "san", "lan", "uci", "pbm" };
    for (int i = 0; i < 4; i++)
        if ((nts[i] = cv_any_notation(v, names[i])) < 0) abort();
    if (nts[0] != 0) abort();
    return 0;
}

static void check_errors(const cv_fen_errors *e, size_t len)
{
    for (int i = 0; i < e->n; i++) {
        if (e->e[i].col < 1 || (size_t)e->e[i].col > len + 1) abort();
        if (i && e->e[i].col < e->e[i - 1].col) abort();
        if (!e->e[i].msg[0]) abort();
    }
}

/* The text the position writes (with flags) reads back leniently to a
 * position whose canonical text is the position's. */
static void lenient_fixed_point(const cv_apos *a, unsigned wflags)
{
    static char t0[4096], t1[4096], t2[4096];
    static cv_apos b;
    static cv_fen_errors e;
    cv_any_write(a, 0, t0, sizeof t0);
    cv_any_write(a, wflags, t1, sizeof t1);
    if (cv_any_read_position(v, t1, CV_FEN_LENIENT, &b, &e) != 0) abort();
    cv_any_write(&b, 0, t2, sizeof t2);
    if (strcmp(t0, t2)) abort();
}

static cv_amove ml[1024];

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    char *s = malloc(size);
    if (!s) return 0;
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;
    size_t len = strlen(s);
    unsigned flags = data[0] & 2 ? CV_FEN_LENIENT : 0;

    static cv_apos a, b;
    static cv_fen_errors e, e2;
    int rc = cv_any_read_position(v, s, flags, &a, &e);
    check_errors(&e, len);
    if (rc < 0) {
        /* unusable: a syntax error says why */
        int syntax = 0;
        for (int i = 0; i < e.n; i++) syntax |= e.e[i].kind == CV_FE_SYNTAX;
        if (!syntax) abort();
        free(s);
        return 0;
    }
    static char text[4096], again[4096], other[4096];
    cv_any_write(&a, 0, text, sizeof text);
    if (cv_any_read_position(v, text, CV_FEN_LENIENT, &b, &e2) != 0) abort();
    if (e.n) {
        free(s);
        return 0;
    }
    /* no problems: the written text is canonical and a fixed point */
    if (cv_any_read_position(v, text, 0, &b, &e2) != 0 || e2.n) abort();
    cv_any_write(&b, 0, again, sizeof again);
    if (strcmp(text, again)) abort();
    lenient_fixed_point(&a, 0);
    lenient_fixed_point(&a, CV_FEN_EP_ALWAYS | CV_FEN_XFEN);

    int n = cv_any_gen(&a, ml, 1024);
    if (n < 0 || n > 1024) abort();
    for (int i = 0; i < n; i++) {
        char want[64], buf[64], got[64];
        cv_any_format(&a, &ml[i], 0, want, sizeof want);
        if (!want[0]) abort();
        for (int k = 0; k < 5; k++) {
            int nt = nts[k < 4 ? k : 0];
            unsigned rf = k == 4 ? CV_READ_STRICT_SAN : 0;
            cv_any_format(&a, &ml[i], nt, buf, sizeof buf);
            cv_amove m;
            cv_move_info info;
            if (cv_any_read_move(&a, buf, nt, rf, &m, &info) != CV_MOVE_OK) abort();
            /* canonical text reads without tolerance, pbm's own castling
             * "O-O" too (seed pbm-castling) */
            if (info.lax) abort();
            cv_any_format(&a, &m, 0, got, sizeof got);
            if (strcmp(want, got)) abort();
        }
        cv_any_write(&a, 0, other, sizeof other);
        if (strcmp(text, other)) abort();   /* reading and writing moves changed nothing */
        cv_aundo u;
        cv_any_make(&a, &ml[i], &u);
        lenient_fixed_point(&a, 0);
        cv_any_unmake(&a, &ml[i], &u);
        cv_any_write(&a, 0, other, sizeof other);
        if (strcmp(text, other)) abort();
    }
    if (cv_any_has_null(&a)) {
        cv_aundo u;
        cv_any_make_null(&a, &u);
        cv_any_write(&a, 0, other, sizeof other);
        cv_any_unmake_null(&a, &u);
        cv_any_write(&a, 0, again, sizeof again);
        if (strcmp(text, again)) abort();
    }
    free(s);
    return 0;
}
