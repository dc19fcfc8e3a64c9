/* t_problem: cv_report_problem says one problem on stderr (name, message,
 * tail, counted) and in the JSON problem list (message alone). */
#include "cvkit.h"
#include "tap.h"
#include <stdlib.h>

int main(void)
{
    static const struct {
        const char *name, *tail;
        cv_level lv;
        int json, quiet;
        const char *want_err;       /* what stderr gets */
        long want_errors, want_warnings;
    } cases[] = {
        { "game 3", NULL, CV_ERROR, 1, 0, "f.pgn:7:12: error: game 3: 4. Nf9: illegal\n", 1, 0 },
        { "game 3", "; written unconverted", CV_ERROR, 1, 0,
          "f.pgn:7:12: error: game 3: 4. Nf9: illegal; written unconverted\n", 1, 0 },
        { "game 3", "; written unconverted", CV_WARNING, 0, 0,
          "f.pgn:7:12: warning: game 3: 4. Nf9: illegal; written unconverted\n", 0, 1 },
        { NULL, NULL, CV_WARNING, 1, 1, "", 0, 1 },
        { NULL, NULL, CV_ERROR, 0, 1, "f.pgn:7:12: error: 4. Nf9: illegal\n", 1, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *err = open_memstream(&buf, &len);
        cv_diag d = { .out = err, .quiet_warnings = cases[i].quiet };
        cv_problems ps = { 0 };
        cv_problem_at at = { &d, cases[i].json ? &ps : NULL, "f.pgn", cases[i].name, cases[i].tail };
        cv_report_problem(&at, cases[i].lv, "move", 7, 12, "%d. %s: %s", 4, "Nf9", "illegal");
        fclose(err);
        TAP_IS_STR(buf, cases[i].want_err, "case %zu: stderr", i);
        TAP_IS_INT(d.errors, cases[i].want_errors, "case %zu: errors counted", i);
        TAP_IS_INT(d.warnings, cases[i].want_warnings, "case %zu: warnings counted", i);
        TAP_IS_INT(ps.n, cases[i].json, "case %zu: problems listed", i);
        if (cases[i].json && ps.n == 1) {
            TAP_IS_STR(ps.p[0].msg, "4. Nf9: illegal", "case %zu: JSON message has no name, no tail", i);
            TAP_IS_INT(ps.p[0].is_error, cases[i].lv == CV_ERROR, "case %zu: JSON level", i);
            TAP_IS_STR(ps.p[0].kind, "move", "case %zu: JSON kind", i);
            TAP_IS_INT(ps.p[0].line * 100 + ps.p[0].col, 712, "case %zu: JSON place", i);
        }
        cv_problems_free(&ps);
        free(buf);
    }
    /* longer than the stack buffer: said whole in both places */
    char big[2000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = 0;
    char *buf = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&buf, &len);
    cv_diag d = { .out = err };
    cv_problems ps = { 0 };
    cv_problem_at at = { &d, &ps, "f.pgn", "game 1", NULL };
    cv_report_problem(&at, CV_ERROR, "move", 1, 1, "%s", big);
    fclose(err);
    TAP_IS_INT(len, strlen("f.pgn:1:1: error: game 1: ") + strlen(big) + 1, "long message: stderr whole");
    TAP_IS_INT(ps.n == 1 ? strlen(ps.p[0].msg) : 0, 1023, "long message: JSON keeps what cv_problems_add keeps");
    cv_problems_free(&ps);
    free(buf);
    return tap_done();
}
