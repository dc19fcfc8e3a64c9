/* fuzz_dcmove: Double Chess move text (SAN, and pbmserv's reading that
 * takes letters in either case and king moves for castlings) read against
 * a few fixed positions: the start and positions of
 * corpus/doublechess/perft.txt (the four castlings, two middle games, en
 * passant on two-letter files, promotions).  Input: one selector byte
 * (bits 0-3 the position, bits 4-5 the reading: SAN, pbm, strict SAN, SAN
 * with CV_READ_PBM), then the move text.  Promises checked (abort() when
 * broken):
 *  - a text that reads is one of the position's legal moves;
 *  - that move written in SAN, LAN, UCI and pbm reads back, in that
 *    notation and without tolerance (pbm castling "O-O" too), to the same
 *    move (compared by SAN), SAN also under CV_READ_STRICT_SAN;
 *  - reading leaves the position alone; make then unmake restores it;
 *  - a text that does not read comes with a reason (non-empty), and a
 *    legal move's own SAN never fails to read. */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

static const char *const fens[] = {
    NULL,
    "r3r3k2r3r/16/16/16/16/16/16/R3R3K2R3R w PLEAplea - 0 1",
    "r3r3k2r3r/16/16/16/16/16/16/R3R3K2R3R b PLEAplea - 0 1",
    "r7k6r/16/16/16/16/16/16/R7K6R w PAap - 0 1",
    "r7k2r4/16/16/16/16/16/16/R7K2R4 w LAla - 0 1",
    "4r3k6r/16/16/16/16/16/16/4R3K6R b PEpe - 0 1",
    "r3r3k2r3r/16/5N10/12B3/3b12/11n4/16/R3R3K2R3R w PLEAplea - 0 1",
    "rnbq4kr4nr/pppp1r1p1pp2pbp/4p11/11pp1p1/3PP2Pq3P3/6Q1P1P3P1/PPP5NP1P1P1P/RN2R3K2RQBNR w PLEApa - 0 24",
    "r1bq4k6r/pppp1B1p2p1npbp/2n1p4r6/9p1Pp1p1/3PP2P4P3/N5Q1P2P2P1/PPP5qP3P1P/R3R4RK1Q1NR b pa - 0 31",
    "8k7/16/16/11PpP2/16/16/16/8K7 w - m6 0 2",
    "8k7/16/16/16/9pPp4/16/16/8K7 b - k3 0 1",
    "8k7/16/16/14pP/13K2/16/16/16 w - o6 0 2",
    "rnbqrnbqkbnrqbnr/1ppppppppppp1ppp/p15/11Pp3/16/16/PPPPPPPPPPP1PPPP/RNBQRNBQKBNRQBNR w PLEAplea m6 0 3",
    "4k7n1r1/9P3P1P/16/16/16/16/10p5/8K2N4 w - - 0 1",
    "4k7n1r1/9P3P1P/16/16/16/16/10p5/8K2N4 b - - 0 1",
};
#define NPOS ((int)(sizeof fens / sizeof fens[0]))

static const cv_variant *v;
static int nts[4];
static cv_apos start[NPOS];
static char starttext[NPOS][1024];
static int nlegal[NPOS];
static char (*legal[NPOS])[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    v = cv_variant_cached("doublechess", NULL);
    if (!v) abort();
    static const char *const names[4] = { "san", "lan", "uci", "pbm" };
    for (int i = 0; i < 4; i++)
        if ((nts[i] = cv_any_notation(v, names[i])) < 0) abort();
    for (int i = 0; i < NPOS; i++) {
        cv_fen_errors e;
        if (!fens[i]) cv_any_start(v, &start[i]);
        else if (cv_any_read_position(v, fens[i], 0, &start[i], &e) != 0 || e.n) abort();
        cv_any_write(&start[i], 0, starttext[i], sizeof starttext[i]);
        legal[i] = malloc(1024 * sizeof *legal[i]);
        if (!legal[i]) abort();
        nlegal[i] = cv_any_moves(&start[i], nts[0], legal[i], 1024);
        if (nlegal[i] <= 0) abort();
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 512) return 0;
    char s[520];
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;
    int k = (data[0] & 15) % NPOS, mode = data[0] >> 4 & 3;
    int nt = mode == 1 ? nts[3] : nts[0];
    unsigned rf = mode == 2 ? CV_READ_STRICT_SAN : mode == 3 ? CV_READ_PBM : 0;
    static cv_apos a;
    cv_apos_copy(&a, &start[k]);
    static char text[1024];

    cv_amove m;
    cv_move_info info;
    cv_move_status st = cv_any_read_move(&a, s, nt, rf, &m, &info);
    cv_any_write(&a, 0, text, sizeof text);
    if (strcmp(text, starttext[k])) abort();
    if (st != CV_MOVE_OK) {
        if (st != CV_MOVE_SYNTAX && st != CV_MOVE_ILLEGAL && st != CV_MOVE_AMBIGUOUS) abort();
        if (!info.why[0]) abort();
        if (mode != 1 && mode != 3)     /* case-folding may make a SAN ambiguous */
            for (int i = 0; i < nlegal[k]; i++)
                if (!strcmp(s, legal[k][i])) abort();
        return 0;
    }
    char want[64], buf[64], got[64];
    cv_any_format(&a, &m, nts[0], want, sizeof want);
    int found = 0;
    for (int i = 0; i < nlegal[k] && !found; i++) found = !strcmp(want, legal[k][i]);
    if (!found) abort();
    for (int w = 0; w < 5; w++) {
        int wn = nts[w < 4 ? w : 0];
        unsigned f2 = w == 4 ? CV_READ_STRICT_SAN : 0;
        cv_any_format(&a, &m, wn, buf, sizeof buf);
        cv_amove m2;
        cv_move_info i2;
        if (cv_any_read_move(&a, buf, wn, f2, &m2, &i2) != CV_MOVE_OK) abort();
        /* pbm castling "O-O" too (seeds pbm-castling, pbm-king-castling) */
        if (i2.lax) abort();
        cv_any_format(&a, &m2, nts[0], got, sizeof got);
        if (strcmp(want, got)) abort();
    }
    cv_aundo u;
    cv_any_make(&a, &m, &u);
    cv_any_unmake(&a, &m, &u);
    cv_any_write(&a, 0, text, sizeof text);
    if (strcmp(text, starttext[k])) abort();
    return 0;
}
