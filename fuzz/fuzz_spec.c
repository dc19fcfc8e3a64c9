/* libFuzzer target: the YAML spec loader.  A spec that loads must give a
 * start position that generates moves. */
#include "cvkit.h"
#include "diagram.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f) return 0;
    cv_diag quiet = { .out = fopen("/dev/null", "w") };
    cv_variant *v = cv_variant_load_stream(f, "fuzz.yaml", &quiet);
    fclose(f);
    if (quiet.out) fclose(quiet.out);
    if (v) {
        cv_pos p;
        if (cv_pos_start(v, &p) == 0) {
            cv_movelist ml;
            cv_gen_legal(&p, &ml);
        }
        cv_variant_free(v);
    }
    return 0;
}
