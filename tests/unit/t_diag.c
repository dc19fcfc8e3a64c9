/* t_diag: the two shapes of a diagnostic (diag.h): gnu, and github's
 * workflow commands with their escaping, place by place, and the gnu line
 * a JUnit report quotes. */
#include "cvkit.h"
#include "tap.h"
#include <stdlib.h>

/* What cv_report writes to a memory stream in style s. */
static char *said(cv_diag_style s, cv_level lv, const char *file, long line, long col, const char *msg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&buf, &len);
    cv_diag d = { .out = o };
    cv_diag_set_style(s);
    cv_report(&d, lv, file, line, col, "%s", msg);
    cv_diag_set_style(CV_DIAG_GNU);
    fclose(o);
    return buf;
}

int main(void)
{
    static const struct {
        cv_level lv;
        const char *file;
        long line, col;
        const char *msg, *gnu, *github;
    } cases[] = {
        { CV_ERROR, "a.pgn", 3, 5, "bad", "a.pgn:3:5: error: bad\n", "::error file=a.pgn,line=3,col=5::bad\n" },
        { CV_WARNING, "a.pgn", 3, 5, "w", "a.pgn:3:5: warning: w\n", "::warning file=a.pgn,line=3,col=5::w\n" },
        { CV_NOTE, "a.pgn", 3, 5, "n", "a.pgn:3:5: note: n\n", "::notice file=a.pgn,line=3,col=5::n\n" },
        /* a line without a column, a file without a line */
        { CV_ERROR, "a.pgn", 3, 0, "m", "a.pgn:3: error: m\n", "::error file=a.pgn,line=3::m\n" },
        { CV_ERROR, "a.pgn", 0, 0, "m", "a.pgn: error: m\n", "::error file=a.pgn::m\n" },
        /* the message's three characters; the property's five */
        { CV_ERROR, "d/a,b:c%d\r\n.pgn", 1, 2, "50% off, 1:2\r\nnext",
          "d/a,b:c%d\r\n.pgn:1:2: error: 50% off, 1:2\r\nnext\n",
          "::error file=d/a%2Cb%3Ac%25d%0D%0A.pgn,line=1,col=2::50%25 off, 1:2%0D%0Anext\n" },
        /* no file of the repository: the place kept in the message */
        { CV_ERROR, "-", 4, 7, "x", "<stdin>:4:7: error: x\n", "::error::<stdin>:4:7: x\n" },
        { CV_ERROR, NULL, 4, 0, "x", "<stdin>:4: error: x\n", "::error::<stdin>:4: x\n" },
        { CV_ERROR, "--fen", 2, 17, "x", "--fen:2:17: error: x\n", "::error::--fen:2:17: x\n" },
        { CV_WARNING, "", 0, 0, "the run", "t_diag: warning: the run\n", "::warning::the run\n" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *g = said(CV_DIAG_GNU, cases[i].lv, cases[i].file, cases[i].line, cases[i].col, cases[i].msg);
        TAP_IS_STR(g, cases[i].gnu, "case %zu: gnu", i);
        free(g);
        g = said(CV_DIAG_GITHUB, cases[i].lv, cases[i].file, cases[i].line, cases[i].col, cases[i].msg);
        TAP_IS_STR(g, cases[i].github, "case %zu: github", i);
        free(g);
        /* a report quotes the gnu line, newline apart, in either style */
        char *q = NULL;
        size_t len = 0;
        FILE *o = open_memstream(&q, &len);
        cv_diag_set_style(CV_DIAG_GITHUB);
        cv_diag_gnu_line(o, cases[i].lv, cases[i].file, cases[i].line, cases[i].col, cases[i].msg);
        cv_diag_set_style(CV_DIAG_GNU);
        fclose(o);
        TAP_OK(strlen(q) + 1 == strlen(cases[i].gnu) && !strncmp(q, cases[i].gnu, strlen(q)), "case %zu: quoted", i);
        free(q);
    }
    /* a message longer than any buffer of the writer's, whole */
    size_t n = 100000;
    char *big = malloc(n + 1);
    memset(big, '%', n);
    big[n] = 0;
    char *g = said(CV_DIAG_GITHUB, CV_ERROR, "a.pgn", 1, 1, big);
    TAP_IS_INT(strlen(g), strlen("::error file=a.pgn,line=1,col=1::\n") + 3 * n, "a long message: every %% escaped");
    free(g);
    free(big);
    /* the counts do not depend on the style */
    cv_diag d = { .out = fopen("/dev/null", "w"), .quiet_warnings = 1 };
    cv_diag_set_style(CV_DIAG_GITHUB);
    cv_report(&d, CV_ERROR, "a", 1, 1, "e");
    cv_report(&d, CV_WARNING, "a", 1, 1, "w");
    cv_diag_set_style(CV_DIAG_GNU);
    fclose(d.out);
    TAP_IS_INT(d.errors, 1, "github: an error counted");
    TAP_IS_INT(d.warnings, 1, "github: a quiet warning counted");
    TAP_IS_INT(cv_diag_style_named("github"), CV_DIAG_GITHUB, "github named");
    TAP_IS_INT(cv_diag_style_named("gnu"), CV_DIAG_GNU, "gnu named");
    TAP_IS_INT(cv_diag_style_named("GitHub"), -1, "names are exact");
    return tap_done();
}
