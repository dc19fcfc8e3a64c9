/* cv-check: validates positions, one per line, and names every problem. */
#include "cvkit.h"
#include <getopt.h>
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
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
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
} ctx;

static const char *kind_name(int k)
{
    return k == CV_FE_SYNTAX ? "syntax" : k == CV_FE_LAX ? "strict" : "position";
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
        cv_json_key(j, "problems");
        cv_json_begin_array(j);
        for (int i = 0; i < e.n; i++)
            cv_json_problem(j, 1, kind_name(e.e[i].kind), line, col0 + e.e[i].col - 1, e.e[i].msg);
        cv_json_end_array(j);
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

static int check_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    cv_lines L;
    cv_lines_init(&L, f);
    char *line;
    size_t n;
    long lineno;
    int status = 0;
    while (cv_lines_next(&L, &line, &n)) {
        lineno = L.lineno;
        if (L.bad) {
            long col = L.col;
            C->checked++;
            C->invalid++;
            status = 1;
            if (C->json) {
                cv_json *j = &C->js;
                cv_json_begin_object(j);
                cv_json_place(j, path, lineno, 0);
                cv_json_key(j, "input");
                cv_json_strn(j, line, n);
                cv_json_key(j, "valid");
                cv_json_bool(j, 0);
                cv_json_key(j, "problems");
                cv_json_begin_array(j);
                cv_json_problem(j, 1, "syntax", lineno, col, cv_lines_why(&L));
                cv_json_end_array(j);
                cv_json_end_object(j);
                cv_json_end_line(j);
            } else {
                cv_report(NULL, CV_ERROR, path, lineno, col, "%s", cv_lines_why(&L));
                if (!C->silent) puts("invalid");
            }
            continue;
        }
        const char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '#') continue;
        /* strict mode reports leading blanks itself, so hand it the line */
        const char *text = C->read_flags & CV_FEN_LENIENT ? s : line;
        if (check_one(C, path, lineno, text, (int)(text - line) + 1)) status = 1;
    }
    cv_lines_free(&L);
    return status;
}

int main(int argc, char **argv)
{
    cv_cli_start(tool);
    ctx C = { 0 };
    const char *variant = NULL, *spec = NULL;
    const char **fens = calloc((size_t)argc + 1, sizeof *fens);
    int nfens = 0;
    enum { O_NORMALIZE = 256, O_SILENT, O_SPEC, O_HELP, O_VERSION, O_EP, O_XFEN };
    static const struct option lo[] = {
        { "fen", required_argument, 0, 'f' }, { "lenient", no_argument, 0, 'l' },
        { "normalize", no_argument, 0, O_NORMALIZE }, { "json", no_argument, 0, 'j' },
        { "silent", no_argument, 0, O_SILENT }, { "variant", required_argument, 0, 'V' },
        { "spec", required_argument, 0, O_SPEC }, { "ep", required_argument, 0, O_EP },
        { "xfen", no_argument, 0, O_XFEN },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:ljV:", lo, NULL)) != -1) {
        switch (c) {
        case 'f': fens[nfens++] = optarg; break;
        case 'l': C.read_flags |= CV_FEN_LENIENT; break;
        case O_NORMALIZE: C.normalize = 1; break;
        case O_SILENT: C.silent = 1; break;
        case 'j': C.json = 1; break;
        case 'V': variant = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_EP:
            if (strcmp(optarg, "always") && strcmp(optarg, "legal")) {
                free(fens);
                return cv_cli_bad_choice(tool, argv, optind, c, optarg, "always, legal");
            }
            if (!strcmp(optarg, "always")) C.write_flags |= CV_FEN_EP_ALWAYS;
            break;
        case O_XFEN: C.write_flags |= CV_FEN_XFEN; break;
        case O_HELP: usage(); free(fens); return 0;
        case O_VERSION: cv_cli_version(tool); free(fens); return 0;
        case ':': free(fens); return cv_cli_bad_option(tool, argv, optind, optopt, 1);
        default: free(fens); return cv_cli_bad_option(tool, argv, optind, optopt, 0);
        }
    }
    cv_variant *v = cv_variant_select(variant, spec, NULL);
    if (!v) { free(fens); return 2; }
    C.v = v;
    cv_json_init(&C.js, stdout);
    int status = 0;
    if (nfens) {
        if (optind < argc) { free(fens); cv_variant_free(v); return cv_cli_usage_error(tool, "give either --fen or files, not both"); }
        for (int i = 0; i < nfens; i++)
            if (check_one(&C, "--fen", i + 1, fens[i], 1)) status = 1;
    } else {
        int bad = cv_cli_each_file(tool, argv + optind, argc - optind, ".fen", check_file, &C, &status);
        if (bad) status = 2;
    }
    free(fens);
    cv_variant_free(v);
    if (cv_cli_close_stdout(tool)) status = CV_EXIT_USAGE;
    return status;
}
