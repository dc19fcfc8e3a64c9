/* cv-check: validates positions, one per line, and names every problem. */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-check";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Check positions, one FEN per line (blank lines and '#' lines skipped).\n"
           "With no FILE, or when FILE is -, read standard input.\n\n"
           "  -f, --fen FEN        check FEN (may be repeated) instead of reading files\n"
           "  -l, --lenient        accept the loose FEN dialect (empty or short ranks,\n"
           "                       castling letters in any order, missing fields)\n"
           "      --normalize      print the canonical FEN of each valid position\n"
           "      --ep=always      with --normalize: keep the en passant square after\n"
           "                       every double step (default: only when capturable)\n"
           "      --xfen           with --normalize: X-FEN castling letters (Chess960)\n"
           "  -j, --json           one JSON object per position\n"
           "      --silent         print nothing; the exit status tells\n"
           "      --junit FILE     also write a JUnit XML report: a test case a position\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Each position gives one line on standard output: 'ok', the canonical FEN\n"
           "(--normalize), or 'invalid'; each problem goes to standard error as\n"
           "FILE:LINE:COL: error: MESSAGE.\n"
           "Exit status: 0 all valid; 1 some position invalid; 2 usage, I/O or spec error.\n"
           "See cvkit(7) for the options common to every tool.\n", tool);
}

typedef struct ctx {
    const cv_variant *v;
    unsigned read_flags, write_flags;
    int normalize, json, silent;
    long checked, invalid;
    cv_json js;
    /* --junit: a suite an input, a case a position */
    cv_junit *junit;
    char *suite;        /* the input of the suite open, or NULL */
    long suite_tests, suite_failures;
    cv_problems probs;
} ctx;

/* --junit: the suite of the input read so far ends. */
static void junit_suite_end(ctx *C)
{
    if (!C->suite) return;
    cv_junit_suite_end(C->junit, C->suite, C->suite_tests, C->suite_failures);
    free(C->suite);
    C->suite = NULL;
}

/* --junit: the case of one position (its problems in C->probs), its
 * suite started when it is the first of its input. */
static void junit_case(ctx *C, const char *file, long line, const char *text, size_t len, int bad)
{
    if (!C->suite || strcmp(C->suite, file)) {
        junit_suite_end(C);
        C->suite = strdup(file);
        C->suite_tests = C->suite_failures = 0;
        cv_junit_suite_begin(C->junit);
    }
    C->suite_tests++;
    C->suite_failures += bad != 0;
    char name[600];
    snprintf(name, sizeof name, "line %ld: %.*s", line, (int)(len < 500 ? len : 500), text);
    cv_junit_case(cv_junit_stream(C->junit), file, name, NULL, &C->probs, bad);
}

/* Checks one FEN; returns 1 when invalid. */
static int check_one(ctx *C, const char *file, long line, const char *text, int col0)
{
    cv_apos p;
    cv_fen_errors e;
    int usable = cv_any_read_position(C->v, text, C->read_flags, &p, &e) == 0;
    int bad = e.n > 0;
    C->checked++;
    C->invalid += bad;
    char fen[2048] = "";
    if (usable && !bad) cv_any_write(&p, C->write_flags, fen, sizeof fen);
    if (C->junit) {
        cv_problems_clear(&C->probs);
        for (int i = 0; i < e.n; i++)
            cv_problems_add(&C->probs, 1, "position", line, col0 + e.e[i].col - 1, "%s", e.e[i].msg);
        junit_case(C, file, line, text, strlen(text), bad);
    }
    if (C->json) {
        cv_json *j = &C->js;
        cv_json_begin_object(j);
        cv_json_place(j, file, line, 0);
        cv_json_key(j, "input");
        cv_json_str(j, text);
        cv_json_key(j, "valid");
        cv_json_bool(j, !bad);
        if (!bad) {
            cv_json_key(j, "fen");
            cv_json_str(j, fen);
        }
        cv_tool_json_fen_problems(j, line, col0, &e);
        cv_json_end_object(j);
        cv_json_end_line(j);
        return bad;
    }
    if (C->silent) return bad;
    cv_fen_report(NULL, file, line, col0, &e);
    if (bad) puts("invalid");
    else puts(C->normalize ? fen : "ok");
    return bad;
}

/* One position, or a line that cannot be read as one (why). */
static int check_position(void *arg, const char *file, long line, const char *text, size_t len, int col,
                          const char *why)
{
    ctx *C = arg;
    if (why) {
        C->checked++;
        C->invalid++;
        if (C->junit) {
            cv_problems_clear(&C->probs);
            cv_problems_add(&C->probs, 1, "syntax", line, col, "%s", why);
            junit_case(C, file, line, text, len, 1);
        }
        if (C->json) {
            cv_tool_json_unreadable(&C->js, file, line, text, len, col, why);
        } else {
            cv_report(NULL, CV_ERROR, file, line, col, "%s", why);
            if (!C->silent) puts("invalid");
        }
        return 1;
    }
    /* strict mode reports leading blanks itself, so hand it the line */
    if (!(C->read_flags & CV_FEN_LENIENT)) {
        text -= col - 1;
        col = 1;
    }
    return check_one(C, file, line, text, col);
}

enum { O_NORMALIZE = 256, O_SILENT, O_EP, O_XFEN };

static int check_option(cv_tool *t, int c, char *optarg)
{
    ctx *C = t->arg;
    switch (c) {
    case O_NORMALIZE: C->normalize = 1; break;
    case O_SILENT: C->silent = 1; break;
    case O_EP:
        if (strcmp(optarg, "always") && strcmp(optarg, "legal"))
            return cv_cli_bad_choice(tool, t->argv, optind, c, optarg, "always, legal");
        if (!strcmp(optarg, "always")) C->write_flags |= CV_FEN_EP_ALWAYS;
        break;
    case O_XFEN: C->write_flags |= CV_FEN_XFEN; break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static ctx C;   /* holds the JSON writer's buffer */
    static const struct option own[] = {
        { "normalize", no_argument, 0, O_NORMALIZE }, { "silent", no_argument, 0, O_SILENT },
        { "ep", required_argument, 0, O_EP }, { "xfen", no_argument, 0, O_XFEN }, { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_FEN | CV_TOOL_JUNIT, .lenient = CV_FEN_LENIENT, .usage = usage, .own = own,
                  .option = check_option, .arg = &C };
    int status = cv_tool_start(&T, argc, argv);
    if (status < 0) {
        C.v = T.v;
        C.read_flags = T.read_flags;
        C.json = T.json;
        cv_json_init(&C.js, stdout);
        C.junit = T.junit;
        status = cv_tool_positions(&T, ".fen", check_position, &C);
        if (C.junit) junit_suite_end(&C);
        cv_problems_free(&C.probs);
    }
    return cv_tool_end(&T, status);
}
