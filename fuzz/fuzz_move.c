/* libFuzzer target: the move reader (SAN, LAN, UCI and their tolerated
 * forms) against a few positions rich in special moves. */
#include "cvkit.h"
#include "diagram.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include <stdlib.h>
#include <string.h>

static cv_variant *v;
static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    v = cv_variant_find("chess", NULL);
    if (!v) abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 256) return 0;
    char s[260];
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;
    cv_pos p;
    if (cv_gen_fen_read(v, fens[data[0] & 3], 0, &p, NULL) != 0) abort();
    cv_move_parse r;
    if (cv_gen_move_read(&p, NULL, s, &r) == CV_MOVE_OK) {
        char out[64];
        cv_gen_move_format(&p, NULL, r.move, CV_SAN, out, sizeof out);
        cv_undo u;
        cv_gen_make(&p, r.move, &u);
        cv_gen_unmake(&p, r.move, &u);
    }
    return 0;
}
