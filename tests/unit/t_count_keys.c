/* t_count_keys: the keys under which Tri-D and Panoply keep subtree
 * counts in a count's table (count.h; cv_trid_key, pn_fast.c's fkey).
 *
 * A count with a table must equal the count without one.  Within one
 * tree a key that leaves out the side, castling, en passant or the
 * castling wait of move one is seldom caught (the depth is in the key,
 * and a tree meets few positions that differ only there), so each
 * position of corpus/trid/perft.txt and corpus/panoply/perft.txt is
 * counted together with its twins (the other side to move, no castling,
 * no en passant, move one or two) through ONE small table: a twin whose
 * key left out what tells it apart would be answered with the other's
 * count.  The table is small (1 MB) so that places are taken over; and
 * the start positions are counted deep enough for transpositions to be
 * found in it and checked against perft.txt's published counts. */
#include "count.h"
#include "engine.h"
#include "pn.h"
#include "tap.h"
#include "trid.h"
#include "variant.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_POS 64

static int twins_ok, twins_counted;

/* ---- Tri-D ---- */

static void trid_twin(const cv_trid_pos *p, cv_count_table *t, int depth, const char *what, const char *fen)
{
    uint64_t plain = cv_trid_perft(p, depth), tabled = cv_trid_perft_table(p, depth, t);
    twins_counted++;
    if (plain == tabled) return;
    twins_ok = 0;
    printf("#   %s of %s, depth %d: %llu without the table, %llu with it\n", what, fen, depth,
           (unsigned long long)plain, (unsigned long long)tabled);
}

static void trid_twins(const cv_trid_pos *p0, cv_count_table *t, const char *fen)
{
    cv_trid_pos p = *p0;
    trid_twin(&p, t, 3, "the position", fen);
    if (!cv_trid_in_check(&p)) {
        p.side ^= 1;
        trid_twin(&p, t, 3, "the other side to move", fen);
        p = *p0;
    }
    if (p.castling) {
        p.castling = 0;
        trid_twin(&p, t, 3, "no castling", fen);
        p = *p0;
    }
    if (p.ep >= 0) {
        p.ep = -1;
        trid_twin(&p, t, 3, "no en passant", fen);
        p = *p0;
    }
    p.fullmove = p.fullmove == 1 ? 2 : 1;
    trid_twin(&p, t, 3, "another move number", fen);
}

static void trid_all(void)
{
    FILE *f = fopen("corpus/trid/perft.txt", "r");
    TAP_OK(f != NULL, "corpus/trid/perft.txt opens");
    if (!f) return;
    cv_trid_opts o[2];
    cv_trid_opts_default(&o[CV_TRID_STANDARD], CV_TRID_STANDARD);
    cv_trid_opts_default(&o[CV_TRID_TOURNAMENT], CV_TRID_TOURNAMENT);
    cv_count_table *t[2] = { cv_count_table_new(1), cv_count_table_new(1) };
    TAP_OK(t[0] && t[1], "two 1 MB tables");
    char line[1024];
    int rs = CV_TRID_STANDARD, n = 0, bad = 0;
    twins_ok = 1;
    twins_counted = 0;
    while (t[0] && t[1] && fgets(line, sizeof line, f)) {
        if (!strncmp(line, "# variant:", 10)) {
            char name[64] = "";
            sscanf(line + 10, "%63s", name);
            int r = cv_trid_ruleset_from_name(name);
            if (r >= 0) rs = r;
            continue;
        }
        char *semi = strstr(line, " ;");
        if (line[0] == '#' || !semi) continue;
        *semi = 0;
        cv_trid_pos p;
        cv_trid_errors e;
        memset(&e, 0, sizeof e);
        if (cv_trid_fen_read(line, &o[rs], &p, &e) != 0) {
            bad++;
            continue;
        }
        n++;
        trid_twins(&p, t[rs], line);
    }
    fclose(f);
    TAP_OK(n >= 10 && !bad, "Tri-D: %d positions read, %d refused", n, bad);
    TAP_OK(twins_ok && twins_counted >= 3 * n && n, "Tri-D: %d counts of the positions and their twins to depth 3 through one table a rule set, "
           "each equal to the count without it", twins_counted);

    /* deep enough from the start for the table to answer transpositions */
    static const struct { int rs; uint64_t d5; } start[] = {
        { CV_TRID_STANDARD, 5765974 }, { CV_TRID_TOURNAMENT, 5085792 },
    };
    for (int i = 0; i < 2; i++) {
        cv_trid_pos p;
        cv_trid_start(&p, &o[start[i].rs]);
        uint64_t got = t[start[i].rs] ? cv_trid_perft_table(&p, 5, t[start[i].rs]) : 0;
        TAP_OK(got == start[i].d5, "Tri-D %s start, depth 5 through the 1 MB table: %llu (perft.txt: %llu)",
               cv_trid_ruleset_name(start[i].rs), (unsigned long long)got, (unsigned long long)start[i].d5);
    }
    cv_count_table_free(t[0]);
    cv_count_table_free(t[1]);
}

/* ---- Panoply ---- */

static void pn_twin(pn_pos *p, cv_count_table *t, const char *what, const char *code)
{
    uint64_t plain = cv_pn_perft(p, 3), tabled = cv_pn_perft_table(p, 3, t);
    twins_counted++;
    if (plain == tabled) return;
    twins_ok = 0;
    printf("#   %s of %s: %llu without the table, %llu with it\n", what, code, (unsigned long long)plain,
           (unsigned long long)tabled);
}

static void pn_all(void)
{
    cv_variant *v = cv_variant_find("panoply", NULL);
    TAP_OK(v != NULL, "spec panoply loads");
    FILE *f = fopen("corpus/panoply/perft.txt", "r");
    TAP_OK(f != NULL, "corpus/panoply/perft.txt opens");
    cv_count_table *t = cv_count_table_new(1);
    TAP_OK(t != NULL, "a 1 MB table");
    char line[1024];
    int n = 0, bad = 0;
    pn_pos army;                /* the file's first position */
    twins_ok = 1;
    twins_counted = 0;
    while (v && f && t && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *semi = strchr(line, ';');
        if (semi) *semi = 0;
        pn_pos p;
        cv_fen_errors e;
        if (cv_pn_code_read(v, line, &p, &e) < 0 || e.n) {
            bad++;
            continue;
        }
        if (!n++) army = p;
        pn_twin(&p, t, "the position", line);
        if (!cv_pn_in_check(&p)) {
            p.side ^= 1;
            pn_twin(&p, t, "the other side to move", line);
        }
    }
    if (f) fclose(f);
    TAP_OK(n == 38 && !bad, "Panoply: %d positions read (38), %d refused", n, bad);
    TAP_OK(twins_ok && twins_counted > n && n, "Panoply: %d counts of the positions and their other side to move to depth 3 through one table, "
           "each equal to the count without it", twins_counted);
    if (n) {
        uint64_t got = cv_pn_perft_table(&army, 4, t);
        TAP_OK(got == 155470712ull, "Panoply test army, depth 4 through the 1 MB table: %llu (perft.txt: 155470712)",
               (unsigned long long)got);
    }
    cv_count_table_free(t);
    cv_variant_free(v);
}

int main(void)
{
    trid_all();
    pn_all();
    return tap_done();
}
