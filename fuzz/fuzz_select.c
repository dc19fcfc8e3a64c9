/* libFuzzer target: cv-select's conditions (lib/select/cond.c).  The
 * input is lines: the first byte of each picks the option (--tag,
 * --plies, --ending, --result, --player, --game-variant, --position), the
 * rest is its value; the last line is the value of every tag of a game.
 * Every condition is parsed (refused or kept, never a crash), then the
 * selection is tested on that game with facts taken from the input, and
 * each --tag text is also tested alone: the same verdict twice. */
#include "cvkit.h"
#include "cond.h"
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 2 || size > 4096) return 0;
    char *s = malloc(size + 1);
    memcpy(s, data, size);
    s[size] = 0;
    cv_select *sel = cv_select_new();
    char why[400];
    char *value = s, *nl;
    while ((nl = strchr(value, '\n')) != NULL) {
        *nl = 0;
        const char *v = value[0] ? value + 1 : value;
        switch (value[0] % 8) {
        case 0: cv_select_tag(sel, v, why, sizeof why); break;
        case 1: cv_select_plies(sel, v, why, sizeof why); break;
        case 2: cv_select_ending(sel, v, why, sizeof why); break;
        case 3: cv_select_result(sel, v, why, sizeof why); break;
        case 4: cv_select_player(sel, v, why, sizeof why); break;
        case 5: cv_select_variant(sel, v, why, sizeof why); break;
        case 6: cv_select_position(sel, v, why, sizeof why); break;
        default: cv_select_negate(sel); break;
        }
        if (value[0] % 8 == 0) {
            /* the text alone, twice: the same answer */
            int a = cv_select_tag_test(v, "Date", "1999.??.01"), b = cv_select_tag_test(v, "Date", "1999.??.01");
            if (a != b) abort();
        }
        value = nl + 1;
    }
    static const char *const names[] = { "White", "Black", "Date", "WhiteElo", "Event", "Result" };
    cv_tag tags[6];
    for (int i = 0; i < 6; i++) tags[i] = (cv_tag){ .name = names[i], .value = value, .line = 1, .col = 1 };
    cv_record g = { .number = 1, .line = 1, .col = 1, .tags = tags, .ntags = 6, .result_text = value };
    cv_select_facts f = { .replayed = data[0] & 1, .plies = data[1], .ending = 1 << (data[0] % 6),
                          .result = value, .positions = data[0] };
    int m1 = cv_select_match(sel, &g, &f), m2 = cv_select_match(sel, &g, &f);
    if (m1 != m2 || (m1 != 0 && m1 != 1)) abort();
    cv_select_free(sel);
    free(s);
    return 0;
}
