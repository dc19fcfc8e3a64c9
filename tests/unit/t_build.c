/* build: records made from move lists (lib/record/build.h) for each of
 * the five games, written in the game's own format, byte for byte. */
#include "build.h"
#include "tap.h"
#include <stdlib.h>
#include <string.h>

/* The draft written by the variant's own writer, in a string. */
static char *written(const cv_record_draft *r)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f) return NULL;
    int rc = cv_record_draft_write(f, r, NULL);
    fclose(f);
    if (rc < 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

static const cv_tag event[] = { { .name = "Event", .value = "unit" } };

/* the tags a PGN writer gives every game, less the result */
#define SEVEN_TAGS "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"

static const struct {
    const char *spec, *fen;     /* fen NULL: the variant's start */
    const char *moves[4];
    int ntags;                  /* of event[] */
    const char *result;
    const char *want;
} cases[] = {
    { "specs/chess.yaml", NULL, { "e4", "e5", "Nf3" }, 1, NULL,
      "[Event \"unit\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
      "[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n" },
    { "specs/chess.yaml", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7", { "Kd7", "e4" }, 0, "1/2-1/2",
      SEVEN_TAGS "[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n"
      "7... Kd7 8. e4 1/2-1/2\n\n" },
    { "specs/doublechess.yaml", NULL, { "e4", "e13" }, 0, NULL,
      SEVEN_TAGS "[Result \"*\"]\n[Variant \"doublechess\"]\n\n1. e4 e13 *\n\n" },
    { "specs/parallelworlds.yaml", NULL, { "e2e4" }, 0, NULL,
      SEVEN_TAGS "[Result \"*\"]\n[Variant \"parallelworlds\"]\n\n1. e2e4 *\n\n" },
    { "specs/trid-standard.yaml", NULL, { "Pc2-c4(2)", "Pc7-c5(5)" }, 1, "1-0",
      "    WHITE      BLACK\n// [Event \"unit\"]\n1.  Pc2-c4(2)  Pc7-c5(5)\n" },
    { "specs/panoply.yaml", "6k/8/9/10/4p6/12/R12/-3P8/--11/---10/----9/-----8/------K6 w 0 1", { "P e6-e7", "p e9-e8" },
      0, NULL,
      "// [SetUp \"1\"]\n// [FEN \"6k/8/9/10/4p6/12/R12/-3P8/--11/---10/----9/-----8/------K6 w 0 1\"]\n"
      "1. P e6-e7\n1... p e9-e8\n" },
};

int main(void)
{
    /* a spec that inherits finds its parent here when run from the top */
    setenv("CVKIT_SPECS", "specs", 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cv_variant *v = cv_variant_load(cases[i].spec, &cv_diag_default);
        TAP_OK(v != NULL, "%s loads", cases[i].spec);
        if (!v) continue;
        cv_apos *start = NULL;
        if (cases[i].fen) {
            start = malloc(sizeof *start);
            cv_fen_errors errs;
            memset(&errs, 0, sizeof errs);
            TAP_OK(start && cv_any_read_position(v, cases[i].fen, 0, start, &errs) == 0, "%s: the start FEN reads",
                   cases[i].spec);
        }
        size_t n = 0;
        while (n < 4 && cases[i].moves[n]) n++;
        cv_record_draft *r = cv_record_from_moves(v, start, cases[i].moves, n, event, (size_t)cases[i].ntags,
                                                  cases[i].result);
        char *got = r ? written(r) : NULL;
        TAP_IS_STR(got ? got : "(none)", cases[i].want, "%s case %zu: the record's bytes", cases[i].spec, i);
        free(got);
        cv_record_draft_free(r);
        free(start);
        cv_variant_free(v);
    }
    return tap_done();
}
