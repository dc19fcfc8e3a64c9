/* fuzz_split: arbitrary bytes read whole and read in pieces (the --jobs
 * path: pgn_split's cuts, readers resumed at each, the pieces accepted or
 * refused in order, the rest read whole after a refusal) must give the
 * same transcript: every game's number, place, tokens, result and raw
 * text, and every message, in order.
 *
 * Pieces of a few bytes put a cut at every game end of the input.  What
 * goes wrong with the tools' pieces of 1 MiB (a whole reader that comes
 * back to pieces inside the long stretch it was handed back) needs
 * pieces and text longer than a reader's buffer (64 kB) around: the
 * input is also read between pads of plain games at pieces of 50 kB (the
 * tools' --chunk-bytes, scaled down to keep runs quick), the first pad
 * three pieces long less up to 4 kB taken from the input's first two
 * bytes, so that a cut falls at any place in the input.
 */
#include "../tests/unit/pieces.h"
#include <stdint.h>

enum { PIECE = 50000, PADS = 3 * PIECE };

static const char PAD_GAME[] = "[Event \"p\"]\n\n1. e4 e5 *\n\n";

/* n bytes of whole pad games, n a multiple of the game's length */
static char *pad_games(size_t n)
{
    char *p = malloc(n);
    size_t g = sizeof PAD_GAME - 1;
    for (size_t i = 0; i + g <= n; i += g) memcpy(p + i, PAD_GAME, g);
    return p;
}

/* w: the transcript of reading text whole */
static void compare(const char *what, const char *w, const char *text, size_t n, size_t size, int ahead)
{
    int refused, pieces;
    char *p = in_pieces(text, n, size, ahead, &refused, &pieces);
    if (strcmp(w, p)) {
        fprintf(stderr, "%s, pieces of %zu bytes, %d out, differ from the whole:\n%.2000s\n----\n%.2000s\n", what,
                size, ahead, w, p);
        abort();
    }
    free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const size_t sizes[] = { 1, 37 };
    char *w = whole((const char *)data, size);
    for (int i = 0; i < 2; i++) compare("the input alone", w, (const char *)data, size, sizes[i], 1 + i * 2);
    free(w);

    /* between pads: the first short of three pieces by up to 4 kB */
    size_t g = sizeof PAD_GAME - 1, k = size >= 2 ? (size_t)(data[0] | data[1] << 8) % 4096 : 0;
    size_t before = (PADS - k) / g * g, after = PADS / g * g;
    static char *pad;
    if (!pad) pad = pad_games(after);
    size_t n = before + size + after;
    char *t = malloc(n);
    memcpy(t, pad, before);
    memcpy(t + before, data, size);
    memcpy(t + before + size, pad, after);
    w = whole(t, n);
    compare("between pads", w, t, n, PIECE, 2);
    compare("between pads", w, t, n, PIECE / 10, 3);
    free(w);
    free(t);
    return 0;
}
