/* t_pwcount: cv_pw_count(), the set-based count perft takes at a turn's
 * last step, against the length of cv_pw_gen()'s list: the same number in
 * every state (position and turn so far) met, on the positions of
 * corpus/parallelworlds/perft.txt and mates.txt (every state of a turn's
 * first two moves, every fifth after a second move) and along seeded
 * random games, under the default rules and two other option sets. */
#include "pw.h"
#include "tap.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PW_CORPUS
#define PW_CORPUS "corpus/parallelworlds/"
#endif

static long compared, differ, nonzero;
static char first_diff[1024];

static int same(const pw_pos *p, const pw_state *s)
{
    pw_move ml[PW_MAX_SINGLE];
    int listed = cv_pw_gen(p, s, ml), counted = cv_pw_count(p, s);
    compared++;
    nonzero += listed > 0;
    if (listed == counted) return 1;
    differ++;
    if (!first_diff[0]) {
        char fen[512];
        cv_pw_fen_write(p, fen, sizeof fen);
        snprintf(first_diff, sizeof first_diff, "%s, %d moves played, levels %u: counted %d, listed %d", fen, s->n,
                 s->levels, counted, listed);
    }
    return 0;
}

static long seen;

/* Every state of the turn from (p, s): all of them up to two moves into
 * the turn, every fifth after that. */
static void walk(const pw_pos *p, const pw_state *s)
{
    if (s->n < 2 || seen++ % 5 == 0) same(p, s);
    if (s->n >= 2) return;
    pw_move ml[PW_MAX_SINGLE];
    int n = cv_pw_gen(p, s, ml);
    for (int i = 0; i < n; i++) {
        pw_pos q = *p;
        pw_state t = *s;
        if (!cv_pw_play(&q, &t, ml[i])) walk(&q, &t);
    }
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* games random games of at most turns turns from p, every state of each
 * turn played compared. */
static void playouts(const pw_pos *start, int games, int turns)
{
    for (int g = 0; g < games; g++) {
        pw_pos p = *start;
        for (int k = 0; k < turns && !p.over; k++) {
            pw_state s;
            cv_pw_state_init(&s);
            int limit = cv_pw_turn_limit(&p), want = 1 + (int)(next_rand() % (uint64_t)limit);
            while (1) {
                same(&p, &s);
                pw_move ml[PW_MAX_SINGLE];
                int n = cv_pw_gen(&p, &s, ml);
                if (!n || s.n >= want) break;
                if (cv_pw_play(&p, &s, ml[next_rand() % (uint64_t)n])) break;
            }
            cv_pw_end_turn(&p, &s);
        }
    }
}

#define MAX_POS 64
static char fens[MAX_POS][1024];

/* The FENs of perft.txt ('FEN ;N ;M' lines) and mates.txt ('N<TAB>FEN'). */
static int corpus_read(void)
{
    int n = 0;
    char line[1024];
    FILE *f = fopen(PW_CORPUS "perft.txt", "r");
    if (!f) return 0;
    while (n < MAX_POS && fgets(line, sizeof line, f)) {
        char *semi = strstr(line, " ;");
        if (line[0] == '#' || !semi) continue;
        *semi = 0;
        snprintf(fens[n++], sizeof fens[0], "%s", line);
    }
    fclose(f);
    if (!(f = fopen(PW_CORPUS "mates.txt", "r"))) return 0;
    while (n < MAX_POS && fgets(line, sizeof line, f)) {
        char *tab = strchr(line, '\t');
        if (line[0] == '#' || !tab) continue;
        tab[strcspn(tab, "\n")] = 0;
        snprintf(fens[n++], sizeof fens[0], "%s", tab + 1);
    }
    fclose(f);
    return n;
}

int main(void)
{
    int n = corpus_read();
    TAP_OK(n >= 20, "read %d positions from " PW_CORPUS "perft.txt and mates.txt", n);
    pw_opts o[3];
    cv_pw_opts_default(&o[0]);
    cv_pw_opts_default(&o[1]);
    cv_pw_opts_set(&o[1], "en-passant", "none", NULL, 0);
    cv_pw_opts_set(&o[1], "first-rank-capture", "no", NULL, 0);
    cv_pw_opts_default(&o[2]);
    cv_pw_opts_set(&o[2], "castling", "none", NULL, 0);
    cv_pw_opts_set(&o[2], "first-turn-moves", "3", NULL, 0);
    cv_pw_opts_set(&o[2], "turn-moves", "2", NULL, 0);
    static const char *names[3] = { "default rules", "no en passant, no first-rank capture",
                                    "no castling, turns of 3 then 2 moves" };
    for (int k = 0; k < 3; k++) {
        long before = compared, wrong = differ, read = 0;
        first_diff[0] = 0;
        for (int i = 0; i < n; i++) {
            pw_pos p;
            pw_errors e;
            memset(&e, 0, sizeof e);
            if (cv_pw_fen_read(fens[i], &o[k], 0, &p, &e) != 0) continue;
            read++;
            pw_state s;
            cv_pw_state_init(&s);
            walk(&p, &s);
            playouts(&p, 4, 40);
        }
        pw_pos p;
        cv_pw_start(&p, &o[k]);
        playouts(&p, 60, 80);
        TAP_OK(read == n && differ == wrong, "%s: %ld of %d positions read, %ld states: counted as listed (%ld differ)",
               names[k], read, n, compared - before, differ - wrong);
        if (first_diff[0]) printf("#   %s\n", first_diff);
    }
    TAP_OK(nonzero > compared / 2, "most states compared have moves (%ld of %ld)", nonzero, compared);
    return tap_done();
}
