/* libFuzzer target: the YAML spec loader.  A spec that loads must give a
 * start position that generates moves.
 *
 * An input may say `inherits:`.  Its parent is read only from the spec
 * search path (the Makefile's CVKIT_SPECS: specs/), whether named or given
 * by path: a path could otherwise have the fuzzer open any file on the
 * machine, relative ones in whatever directory it runs in.  A parent
 * resolves to a shipped spec or fails, and a chain ends (inherit.h:
 * depth, cycles). */
#include "cvkit.h"
#include "diagram.h"
#include "fen.h"
#include "inherit.h"
#include "movegen.h"
#include "notation.h"
#include "perft.h"
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    cv_inherit_allow_paths(0);
    return 0;
}

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
        if (cv_gen_pos_start(v, &p) == 0) {
            cv_movelist ml;
            cv_gen_legal(&p, &ml);
        }
        cv_variant_free(v);
    }
    return 0;
}
