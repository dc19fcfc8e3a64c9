/* t_select: lib/select's tag tests and duplicate table, case by case:
 * the text tests, numbers and dates (with unknown parts), and duplicates
 * of both kinds in both orders, with what each game is said to repeat. */
#include "cond.h"
#include "dupes.h"
#include "tap.h"

static const struct {
    const char *expr, *name, *value;
    int want;
} tags[] = {
    { "White=Tal, M.", "White", "Tal, M.", 1 },
    { "White=Tal", "White", "Tal, M.", 0 },
    { "White!=Tal", "White", "Tal, M.", 1 },
    { "White^=Tal", "White", "Tal, M.", 1 },
    { "White^=M.", "White", "Tal, M.", 0 },
    { "White*=M.", "White", "Tal, M.", 1 },
    { "White~^T.l,", "White", "Tal, M.", 1 },
    { "White~^al", "White", "Tal, M.", 0 },
    { "White=Tal", "Black", "Tal", 0 },             /* another tag */
    { "WhiteElo>=2500", "WhiteElo", "2500", 1 },
    { "WhiteElo>2500", "WhiteElo", "2500", 0 },
    { "WhiteElo<2500", "WhiteElo", "2499.5", 1 },
    { "WhiteElo<=2500", "WhiteElo", "?", 0 },       /* no number */
    { "WhiteElo<=2500", "WhiteElo", "", 0 },
    { "Date<2000", "Date", "1999.??.??", 1 },
    { "Date<1999.06.01", "Date", "1999.??.??", 0 },
    { "Date>=1999.06.01", "Date", "1999.??.??", 0 },
    { "Date>=1999", "Date", "1999.??.??", 1 },
    { "Date>1999", "Date", "1999.??.??", 0 },
    { "Date<=1999.06", "Date", "1999.06.??", 1 },
    { "Date<=1999.06", "Date", "1999.??.??", 0 },
    { "Date>1900", "Date", "????.??.??", 0 },        /* no year */
    { "Date<1900", "Date", "????.??.??", 0 },
    { "Date=????.??.??", "Date", "????.??.??", 1 },  /* as text */
    { "EventDate>2020.12.31", "EventDate", "2021.01.01", 1 },
    { "Date<2000", "Date", "1999.13.01", 0 },        /* no date */
    { "White~(", "White", "x", -1 },                 /* refused */
    { "WhiteElo>high", "WhiteElo", "x", -1 },
    { "=x", "White", "x", -1 },
};

int main(void)
{
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        TAP_IS_INT(cv_select_tag_test(tags[i].expr, tags[i].name, tags[i].value), tags[i].want, "%s on %s \"%s\"",
                   tags[i].expr, tags[i].name, tags[i].value);

    /* games as hash sequences: A = 1 2 3 4, B = A, P = 1 2 (A's start),
     * Q = 1 2 3 after it, C = 1 9 apart, Z not replayed */
    const uint64_t A[] = { 1, 2, 3, 4 }, P[] = { 1, 2 }, Q[] = { 1, 2, 3 }, C[] = { 1, 9 };
    struct { const uint64_t *h; int n; } g[] = { { P, 2 }, { A, 4 }, { A, 4 }, { Q, 3 }, { C, 2 }, { NULL, 0 } };
    enum { N = 6 };
    /* same moves only: one pass */
    cv_dupes *D = cv_dupes_new(0);
    int kinds[N];
    long of[N];
    for (int i = 0; i < N; i++) {
        long k = cv_dupes_add(D, g[i].h, g[i].n, "f.pgn", i + 1, 10 * i + 1, 1);
        cv_dupe d = cv_dupes_verdict(D, k, g[i].h, g[i].n);
        kinds[i] = d.kind;
        of[i] = d.of;
    }
    TAP_IS_INT(kinds[0] + kinds[1] + kinds[3] + kinds[4] + kinds[5], 0, "same moves: 1, 2, 4, 5, 6 are firsts");
    TAP_OK(kinds[2] == CV_DUPE_SAME && of[2] == 1, "same moves: 3 repeats 2");
    const char *path;
    long game, line, col;
    cv_dupes_place(D, of[2], &path, &game, &line, &col);
    TAP_OK(!strcmp(path, "f.pgn") && game == 2 && line == 11 && col == 1, "its place: f.pgn:11:1, game 2");
    cv_dupes_free(D);
    /* prefix: two passes */
    D = cv_dupes_new(1);
    for (int i = 0; i < N; i++) cv_dupes_add(D, g[i].h, g[i].n, "f.pgn", i + 1, 1, 1);
    for (int i = 0; i < N; i++) {
        cv_dupe d = cv_dupes_verdict(D, i, g[i].h, g[i].n);
        kinds[i] = d.kind;
        of[i] = d.of;
    }
    TAP_OK(kinds[0] == CV_DUPE_START && of[0] == 1, "prefix: 1 (met first) begins 2");
    TAP_OK(kinds[1] == CV_DUPE_NONE, "prefix: 2, the longest, is kept");
    TAP_OK(kinds[2] == CV_DUPE_SAME && of[2] == 1, "prefix: 3 repeats 2");
    TAP_OK(kinds[3] == CV_DUPE_START && of[3] == 1, "prefix: 4 (met after) begins 2");
    TAP_OK(kinds[4] == CV_DUPE_NONE && kinds[5] == CV_DUPE_NONE, "prefix: 5 parts from them, 6 is not compared");
    TAP_IS_INT(cv_dupes_count(D), N, "one entry a game");
    cv_dupes_free(D);
    return tap_done();
}
