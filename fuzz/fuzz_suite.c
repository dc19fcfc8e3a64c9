/* fuzz_suite: the perft suite format of cv-perft --suite ('FEN ;D1 ;D2 ...'
 * lines, '# variant: NAME' directives, comments), read as cv-perft reads
 * it: the bounded line reader (lines.h) and the line parser (suite.h),
 * the positions through the engine interface under the variant the
 * directives choose.  Promises checked (abort() when broken):
 *  - the line reader returns every line, a NUL byte named at its column;
 *  - a line parses to exactly one kind: nothing only for a blank line or a
 *    comment, a variant name without white space at its column, an error
 *    with a message at a column inside the line, or a position whose FEN
 *    stands at its column without ';' or trailing blanks and whose counts
 *    (1 to 64) stand at increasing columns, each after its ';', or stop at
 *    a bad one named with a message at a column after them;
 *  - a position line written back as 'FEN ;C1 ;C2 ...' parses to the same
 *    FEN and counts (round trip);
 *  - a FEN that reads without problems (strictly, as cv-perft reads it)
 *    under the current variant has perft 1 = its number of legal moves. */
#include "cvkit.h"
#include "lines.h"
#include "suite.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[4] = { "chess", "doublechess", "trid-standard", "trid-tournament" };
static const cv_variant *vs[4];
static cv_amove ml[1024];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    for (int i = 0; i < 4; i++)
        if (!(vs[i] = cv_variant_cached(names[i], NULL))) abort();
    return 0;
}

static int blank(char c) { return c == ' ' || c == '\t'; }

static void check_line(const char *copy, size_t len, char *line, const cv_suite_line *sl, const cv_variant **v)
{
    const char *s = copy;
    while (blank(*s)) s++;
    switch (sl->kind) {
    case CV_SUITE_NOTHING:
        if (*s && *s != '#') abort();
        break;
    case CV_SUITE_ERROR:
        if (!sl->why || !sl->why[0] || sl->col < 1 || (size_t)sl->col > len + 1) abort();
        break;
    case CV_SUITE_VARIANT: {
        if (!sl->text || !sl->text[0] || sl->text != line + sl->text_col - 1) abort();
        for (const char *t = sl->text; *t; t++)
            if (blank(*t) || *t == '\n') abort();
        /* as cv-perft: an unknown name ends the suite; here it keeps the variant */
        for (int i = 0; i < 4; i++)
            if (cv_variant_is(vs[i], sl->text)) *v = vs[i];
        break;
    }
    case CV_SUITE_POSITION: {
        if (!sl->text || sl->text != line + sl->text_col - 1) abort();
        size_t tl = strlen(sl->text);
        if (strchr(sl->text, ';') || (tl && blank(sl->text[tl - 1])) || blank(sl->text[0])) abort();
        if (sl->ncounts < 0 || sl->ncounts > CV_SUITE_MAX_DEPTH) abort();
        /* a bad count ends the counts (those before it stand) and says why */
        if (sl->why && (!sl->why[0] || sl->col < 1 || (size_t)sl->col > len + 1)) abort();
        if (sl->why && sl->ncounts && sl->col <= sl->count_col[sl->ncounts - 1]) abort();
        if (!sl->why && sl->ncounts < 1) abort();
        for (int d = 0; d < sl->ncounts; d++) {
            if (sl->count_col[d] < 1 || (size_t)sl->count_col[d] > len + 1) abort();
            if (d && sl->count_col[d] <= sl->count_col[d - 1]) abort();
            if (copy[sl->count_col[d] - 2] != ';') abort();   /* each count follows its ';' */
        }
        /* round trip (of a line whose counts all read) */
        if (!sl->why) {
            size_t cap = tl + 32 * (size_t)sl->ncounts + 2, n = 0;
            char *again = malloc(cap);
            if (!again) abort();
            n += (size_t)snprintf(again + n, cap - n, "%s", sl->text);
            for (int d = 0; d < sl->ncounts; d++)
                n += (size_t)snprintf(again + n, cap - n, " ;%" PRIu64, sl->count[d]);
            cv_suite_line back;
            if (cv_suite_parse(again, &back) != CV_SUITE_POSITION || back.why || back.ncounts != sl->ncounts ||
                strcmp(back.text, sl->text))
                abort();
            for (int d = 0; d < sl->ncounts; d++)
                if (back.count[d] != sl->count[d]) abort();
            free(again);
        }
        /* the position, as cv-perft reads it */
        cv_apos a;
        cv_fen_errors e;
        if (cv_any_read_position(*v, sl->text, 0, &a, &e) == 0 && !e.n) {
            int nm = cv_any_gen(&a, ml, 1024);
            cv_perft_opts po = { .threads = 1 };
            if (cv_any_perft(&a, 1, &po, 0, NULL, NULL) != (uint64_t)nm) abort();
        }
        break;
    }
    default:
        abort();
    }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1 || size > 65536) return 0;
    const cv_variant *v = vs[data[0] & 3];
    FILE *f = fmemopen((void *)(data + 1), size - 1 ? size - 1 : 1, "r");
    if (!f) return 0;
    cv_lines L;
    cv_lines_init(&L, f);
    char *line;
    size_t len, lines = 0;
    while (size > 1 && cv_lines_next(&L, &line, &len)) {
        if ((long)++lines != L.lineno || strlen(line) > len) abort();
        if (L.bad == CV_LINE_NUL) {
            if (L.col < 1 || (size_t)L.col > len || line[L.col - 1] != 0 || !cv_lines_why(&L)[0]) abort();
            continue;
        }
        if (L.bad != CV_LINE_OK || strlen(line) != len || strchr(line, '\n')) abort();
        char *copy = strdup(line);
        if (!copy) abort();
        cv_suite_line sl;
        int kind = cv_suite_parse(line, &sl);
        if (kind != sl.kind) abort();
        check_line(copy, len, line, &sl, &v);
        free(copy);
    }
    if (L.error) abort();
    cv_lines_free(&L);
    fclose(f);
    return 0;
}
