/* fuzz_split: arbitrary bytes read whole and read in pieces (the --jobs
 * path: pgn_split's cuts, readers resumed at each, the pieces accepted or
 * refused in order, the rest read whole after a refusal) must give the
 * same transcript: every game's number, place, tokens, result and raw
 * text, and every message, in order. */
#define _GNU_SOURCE
#include "../tests/unit/pieces.h"
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *w = whole((const char *)data, size);
    static const size_t sizes[] = { 1, 37 };
    for (int i = 0; i < 2; i++) {
        int refused, pieces;
        char *p = in_pieces((const char *)data, size, sizes[i], 1 + i * 2, &refused, &pieces);
        if (strcmp(w, p)) {
            fprintf(stderr, "pieces of %zu bytes differ from the whole:\n%s\n----\n%s\n", sizes[i], w, p);
            abort();
        }
        free(p);
    }
    free(w);
    return 0;
}
