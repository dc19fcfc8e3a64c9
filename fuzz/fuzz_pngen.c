/* fuzz_pngen: Panoply's fast legal move generator against the reference
 * (lib/panoply/pn_fast.c against pn_rules.c) on any board, lawful or not:
 * any number of Kings, broken Barricades, pawns on their last rank.
 * Input: byte 0 the side to move (bit 0) and the other readings of the
 * options that change moves (bit 1 skirmisher-path: landing, bit 2
 * herald-freeze: each-step, bit 3 barricade-jump: whole); then a byte a
 * cell of the hexagon, in cell order (a1 first): below 160 empty, else
 * piece type (b - 160) mod the number of types, Black when
 * (b - 160) / that number is odd.  Promises checked (abort() when broken):
 *  - both generators give the same moves, byte for byte, in the same
 *    order, and leave the position alone;
 *  - perft's counting last ply gives their number;
 *  - perft to depth 2 gives the reference's count. */
#include "pn.h"
#include <stdlib.h>
#include <string.h>

static cv_variant var;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const cv_variant *v = cv_variant_cached("panoply", NULL);
    if (!v || !pn_O(v)->fast) abort();
    var = *v;       /* the options are set per input on this copy */
    return 0;
}

static pn_move ref[PN_MAX_MOVES], fast[PN_MAX_MOVES];

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (!size) return 0;
    pn_opts *o = (pn_opts *)(void *)var.eopts.b;
    o->skirmisher_landing = (uint8_t)(data[0] >> 1 & 1);
    o->freeze_each_step = (uint8_t)(data[0] >> 2 & 1);
    o->barricade_whole = (uint8_t)(data[0] >> 3 & 1);
    pn_pos p;
    cv_pn_clear(&p, &var);
    p.side = (int8_t)(data[0] & 1);
    for (size_t i = 1; i < size && (int)i <= var.geom.ncells; i++)
        if (data[i] >= 160) {
            int k = data[i] - 160;
            p.b[i - 1] = CV_PIECE(k % var.npieces, (k / var.npieces) & 1);
        }
    pn_pos a = p, b = p, c = p;
    int nr = cv_pn_gen_ref(&a, ref, PN_MAX_MOVES);
    int nf = cv_pn_gen(&b, fast, PN_MAX_MOVES);
    if (nr != nf || nr < 0) abort();
    if (memcmp(ref, fast, (size_t)(nr < PN_MAX_MOVES ? nr : PN_MAX_MOVES) * sizeof ref[0])) abort();
    if (memcmp(&a, &p, sizeof p) || memcmp(&b, &p, sizeof p)) abort();
    if (cv_pn_perft(&c, 1) != (uint64_t)nr || memcmp(&c, &p, sizeof p)) abort();
    if (cv_pn_perft(&c, 2) != cv_pn_perft_ref(&a, 2)) abort();
    return 0;
}
