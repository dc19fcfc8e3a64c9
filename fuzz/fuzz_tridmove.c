/* fuzz_tridmove: Parmen ("standard") and Romulan move text read against a
 * few fixed Tri-D positions: the start under both rule sets and positions
 * of corpus/trid/perft.txt (boards moved and taken over, castling, en
 * passant, promotions, light boards).  Input: one selector byte (the
 * position, and bit 4 the notation asked for), then the move text.
 * Promises checked (abort() when broken):
 *  - a text that reads is one of the position's legal moves;
 *  - that move written in Parmen and in Romulan notation reads back,
 *    without tolerance (Romulan castling "O-O" too), to the same move
 *    (compared by its Parmen text);
 *  - reading leaves the position alone; make then unmake restores it;
 *  - a text that does not read comes with a reason (non-empty), and an
 *    ambiguous or illegal one is no syntax error of a legal move's text. */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *variant, *fen;
} pos[] = {
    { "trid-standard", NULL },
    { "trid-tournament", NULL },
    { "trid-standard", "4/3p/1p2/4|pP2/4/3N/4|p2P/P3/r3/2RN QL1:w:P1/2,KL1:w:PP/RK,QL5:b:b1/p1,KL6:b:kr/pp w k - 0 21" },
    { "trid-standard", "4/1P1p/1p2/4|p3/4/3N/4|3P/4/r3/2RN KL1:w:PP/RK,QL3=QLW:b:2/p1,QL5:b:P1/p1,KL6:b:rk/pp b - - 0 24" },
    { "trid-standard", "4/p2R/2p1/3p|4/4/4/4|2P1/3P/1P2/1K2 QL1:w:Br/2,KL1:w:PP/2,QL3:b:2/p1,KL6:b:1k/p1 w - - 1 28" },
    { "trid-standard", "4/4/4/3p|4/4/4/4|4/3P/1PK1/q3 QL1=QLW:b:2/2,KL1:w:PP/2,QL3:b:2/2,KL6:b:1k/p1 w - - 0 32" },
    { "trid-standard", "4/P3/4/4|4/4/1p2/4|4/4/P2p/4 QL1:w:2/R1,KL1:w:2/KR,QL6:b:r1/2,KL6:b:kr/2 w KQkq - 0 10" },
    { "trid-standard", "4/1k2/4/4|4/4/4/4|4/4/1K2/4 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:2/2 w - - 0 1" },
    { "trid-tournament", "4/P3/4/4|4/4/1p2/4|4/4/P2p/4 QL1:w:2/R1,KL1:w:2/KR,QL6:b:r1/2,KL6:b:kr/2 w KQkq - 0 10" },
    { "trid-tournament", "P3/4/4/4|4/4/4/4|4/4/4/K3 QL1:w:2/2,KL1:w:2/2,QL6:b:2/2,KL6:b:1k/2 b - - 0 1" },
};
#define NPOS ((int)(sizeof pos / sizeof pos[0]))

static cv_apos start[NPOS];
static char starttext[NPOS][1024];
static int nlegal[NPOS];
static char (*legal[NPOS])[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < NPOS; i++) {
        const cv_variant *v = cv_variant_cached(pos[i].variant, NULL);
        if (!v) abort();
        cv_fen_errors e;
        if (!pos[i].fen) cv_any_start(v, &start[i]);
        else if (cv_any_read_position(v, pos[i].fen, 0, &start[i], &e) != 0 || e.n) abort();
        cv_any_write(&start[i], 0, starttext[i], sizeof starttext[i]);
        legal[i] = malloc(1024 * sizeof *legal[i]);
        if (!legal[i]) abort();
        nlegal[i] = cv_any_moves(&start[i], 0, legal[i], 1024);
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
    int k = (data[0] & 15) % NPOS, nt = data[0] >> 4 & 1;
    static cv_apos a;
    cv_apos_copy(&a, &start[k]);
    static char text[1024];

    cv_amove m;
    cv_move_info info;
    cv_move_status st = cv_any_read_move(&a, s, nt, 0, &m, &info);
    cv_any_write(&a, 0, text, sizeof text);
    if (strcmp(text, starttext[k])) abort();
    if (st != CV_MOVE_OK) {
        if (st != CV_MOVE_SYNTAX && st != CV_MOVE_ILLEGAL && st != CV_MOVE_AMBIGUOUS) abort();
        if (!info.why[0]) abort();
        /* a legal move's own text never fails to read */
        for (int i = 0; i < nlegal[k]; i++)
            if (!strcmp(s, legal[k][i])) abort();
        return 0;
    }
    char want[64], buf[64], got[64];
    cv_any_format(&a, &m, 0, want, sizeof want);
    int found = 0;
    for (int i = 0; i < nlegal[k] && !found; i++) found = !strcmp(want, legal[k][i]);
    if (!found) abort();
    for (int w = 0; w < 2; w++) {
        cv_any_format(&a, &m, w, buf, sizeof buf);
        cv_amove m2;
        cv_move_info i2;
        if (cv_any_read_move(&a, buf, w, 0, &m2, &i2) != CV_MOVE_OK) abort();
        /* Romulan castling "O-O" too (seed romulan-castle) */
        if (i2.lax) abort();
        cv_any_format(&a, &m2, 0, got, sizeof got);
        if (strcmp(want, got)) abort();
    }
    cv_aundo u;
    cv_any_make(&a, &m, &u);
    cv_any_unmake(&a, &m, &u);
    cv_any_write(&a, 0, text, sizeof text);
    if (strcmp(text, starttext[k])) abort();
    return 0;
}
