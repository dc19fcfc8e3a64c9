/* libFuzzer target: the FEN reader, validator and writer, strict and
 * lenient, on an 8 x 8 and a Chess960 spec.  A position that reads must
 * also survive move generation, SAN formatting and a write/read round trip. */
#include "cvkit.h"
#include "diagram.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include <stdlib.h>
#include <string.h>

static cv_variant *vs[2];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    vs[0] = cv_variant_find("chess", NULL);
    vs[1] = cv_variant_find("chess960", NULL);
    if (!vs[0] || !vs[1]) abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 4096) return 0;
    char *s = malloc(size);
    memcpy(s, data + 1, size - 1);
    s[size - 1] = 0;
    cv_variant *v = vs[data[0] & 1];
    unsigned flags = data[0] & 2 ? CV_FEN_LENIENT : 0;
    cv_pos p;
    cv_fen_errors e;
    if (cv_gen_fen_read(v, s, flags, &p, &e) == 0) {
        cv_gen_pos_validate(&p, &e);
        char fen[2048];
        cv_gen_fen_write(&p, 0, fen, sizeof fen);
        cv_pos q;
        if (cv_gen_fen_read(v, fen, CV_FEN_LENIENT, &q, NULL) != 0) abort();
        cv_movelist ml;
        cv_gen_legal(&p, &ml);
        for (int i = 0; i < ml.n && i < 8; i++) {
            char san[64];
            cv_gen_move_format(&p, &ml, ml.m[i], CV_SAN, san, sizeof san);
            cv_move_parse r;
            if (cv_gen_move_read(&p, &ml, san, &r) != CV_MOVE_OK || !cv_move_eq(r.move, ml.m[i])) abort();
        }
    }
    free(s);
    return 0;
}
