/* t_search_suites: the search over every position of every perft suite
 * (corpus/<game>/perft*.txt, every engine):
 *  - it answers a legal move (one of the engine's gen: a whole turn where
 *    a turn is several moves), or says the game is over exactly where
 *    the position has no move or the engine's judge ends it;
 *  - twice the same search gives the same move, score and nodes;
 *  - with --plain limits, a table changes no score (same score with a
 *    table of 0 and of 16 megabytes).
 * Every engine must offer a search: one without fails here. */
#include "cvkit.h"
#include "search.h"
#include "suite.h"
#include "tap.h"
#include <glob.h>
#include <stdlib.h>
#include <string.h>

static int listed(cv_apos *a, const cv_amove *m)
{
    int n = cv_any_gen(a, NULL, 0);
    cv_amove *ml = malloc(sizeof *ml * (size_t)(n > 0 ? n : 1));
    if (!ml) return 0;
    cv_any_gen(a, ml, n);
    int found = 0;
    for (int i = 0; i < n && !found; i++) found = !memcmp(&ml[i], m, sizeof *m);
    free(ml);
    return found;
}

static void one_position(const char *where, cv_apos *a, cv_search *s, cv_search *s0)
{
    TAP_OK(cv_search_available(a), "%s: the %s engine searches", where, a->e->name);
    if (!cv_search_available(a)) return;
    cv_search_limits lim = { .depth = 2, .nodes = 20000 };
    cv_search_info i1, i2;
    cv_search_clear(s);
    int rc = cv_search_run(s, a, NULL, 0, &lim, NULL, NULL, &i1);
    cv_outcome o;
    cv_any_outcome(a, &o);
    int over = cv_search_judge(a) != CV_JUDGE_PLAY;
    if (rc == 1) TAP_OK(!over && listed(a, &i1.pv[0]), "%s: a legal move", where);
    else TAP_OK(rc == 0 && over && (o.moves == 0 || o.fifty || o.insufficient_material), "%s: game over (rc %d)", where, rc);
    cv_search_clear(s);
    cv_search_run(s, a, NULL, 0, &lim, NULL, NULL, &i2);
    TAP_OK(i1.score == i2.score && i1.nodes == i2.nodes && i1.npv == i2.npv &&
               (i1.npv == 0 || !memcmp(&i1.pv[0], &i2.pv[0], sizeof i1.pv[0])),
           "%s: the same search twice gives the same move, score and nodes (%llu)", where,
           (unsigned long long)i1.nodes);
    cv_search_limits plain = { .depth = 2, .plain = 1 };
    cv_search_clear(s);
    cv_search_run(s, a, NULL, 0, &plain, NULL, NULL, &i1);
    cv_search_run(s0, a, NULL, 0, &plain, NULL, NULL, &i2);
    TAP_IS_INT(i1.score, i2.score, "%s: plain depth 2, the same score with and without a table", where);
}

/* Each suite with the variant its first lines are in (a spec file where
 * the game's spec lives beside its suite); a suite not listed here fails
 * the count in main. */
static const struct suite {
    const char *path, *variant, *spec;
} suites[] = {
    { "corpus/chess/perft.txt", "chess", NULL },
    { "tests/data/perft-cpw.txt", "chess", NULL },  /* corpus/chess/perft-cpw.txt with its chess960 line */
    { "corpus/chess10x8/perft.txt", NULL, "corpus/chess10x8/orthodox10x8.yaml" },
    { "corpus/capablanca/perft.txt", "capablanca", NULL },
    { "corpus/doublechess/perft.txt", "doublechess", NULL },
    { "corpus/panoply/perft.txt", "panoply", NULL },
    { "corpus/parallelworlds/perft.txt", "parallelworlds", NULL },
    { "corpus/trid/perft.txt", "trid-standard", NULL },
};
#define NSUITES (sizeof suites / sizeof suites[0])

static void one_file(const struct suite *su, cv_search *s, cv_search *s0)
{
    const char *path = su->path;
    FILE *f = fopen(path, "r");
    TAP_OK(f != NULL, "%s: opened", path);
    if (!f) return;
    char line[8192];
    long lineno = 0;
    int positions = 0;
    cv_variant *v = su->spec ? cv_variant_load(su->spec, NULL) : cv_variant_find(su->variant, NULL);
    TAP_OK(v != NULL, "%s: its first variant loads", path);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        cv_suite_line sl;
        cv_suite_parse(line, &sl);
        if (sl.kind == CV_SUITE_VARIANT) {
            cv_variant_free(v);
            v = cv_variant_find(sl.text, NULL);
            TAP_OK(v != NULL, "%s:%ld: variant %s", path, lineno, sl.text);
            if (!v) break;
        } else if (sl.kind == CV_SUITE_POSITION && v) {
            char where[600];
            snprintf(where, sizeof where, "%s:%ld", path, lineno);
            cv_apos a;
            cv_fen_errors e;
            int ok = cv_any_read_position(v, sl.text, CV_FEN_PLAYABLE, &a, &e) == 0;
            TAP_OK(ok, "%s: reads", where);
            if (ok) one_position(where, &a, s, s0);
            positions++;
        }
    }
    TAP_OK(positions > 0, "%s: %d positions", path, positions);
    cv_variant_free(v);
    fclose(f);
}

int main(void)
{
    cv_search *s = cv_search_new(16), *s0 = cv_search_new(0);
    glob_t g;
    int rc = glob("corpus/*/perft*.txt", 0, NULL, &g);
    /* corpus/chess/perft-cpw.txt is read as tests/data's copy */
    TAP_IS_INT(rc == 0 ? g.gl_pathc : 0, NSUITES, "every perft suite of corpus/ is listed here");
    for (size_t i = 0; i < NSUITES; i++) one_file(&suites[i], s, s0);
    if (rc == 0) globfree(&g);
    cv_search_free(s);
    cv_search_free(s0);
    return tap_done();
}
