/* cv-legal: legal moves of positions: list them, test one, or play some. */
#include "cvkit.h"
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-legal";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Legal moves of positions given with --fen or read one FEN per line from\n"
           "FILEs or standard input (blank and '#' lines skipped).\n\n"
           "  -f, --fen FEN        the position (default: read positions; with no\n"
           "                       input at all use --start)\n"
           "  -s, --start          the variant's start position\n"
           "  -L, --list           list the legal moves, on one line, sorted (default)\n"
           "  -c, --count          print the number of legal moves\n"
           "  -m, --move M         test move M: 'legal SAN UCI', 'illegal: WHY' or\n"
           "                       'ambiguous: WHY'\n"
           "  -a, --apply M...     play the moves (several per argument, space\n"
           "                       separated; repeatable) and print the FEN reached\n"
           "  -d, --diagram[=STYLE] also draw the position (after --apply: the result);\n"
           "                       STYLE: ascii (default), pbm-large, pbm-small\n"
           "  -n, --notation N     san (default), lan or uci; pbm: read moves as the\n"
           "                       pbmserv server does (letters in either case, both\n"
           "                       readings tried), write SAN\n"
           "  -l, --lenient        read the loose FEN dialect, and take positions that\n"
           "                       can be played but not reached (an impossible check)\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --help, --version\n\n"
           "Exit status: 0 all positions valid and every tested or applied move legal;\n"
           "1 an invalid position or an illegal or ambiguous move; 2 usage or spec error.\n", tool);
}

typedef struct ctx {
    const cv_variant *v;
    int count, diagram;
    const char *style;
    const char *ntname;     /* as given; checked against the variant */
    int nt;
    unsigned read_flags;
    const char *test;
    char **apply;
    int napply;
} ctx;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void list_moves(ctx *C, cv_apos *a)
{
    char(*txt)[64] = malloc(sizeof *txt * 1024);
    char **ptr = malloc(sizeof *ptr * 1024);
    if (!txt || !ptr) { free(txt); free(ptr); return; }
    int n = cv_any_moves(a, C->nt, txt, 1024);
    if (C->count) {
        printf("%d\n", n);
    } else {
        for (int i = 0; i < n; i++) ptr[i] = txt[i];
        qsort(ptr, (size_t)n, sizeof *ptr, cmp_str);
        for (int i = 0; i < n; i++) printf("%s%s", i ? " " : "", ptr[i]);
        putchar('\n');
    }
    free(txt);
    free(ptr);
}

/* Plays the moves of every --apply argument; returns 1 on the first bad one. */
static int apply_moves(ctx *C, cv_apos *a, const char *file, long line)
{
    for (int i = 0; i < C->napply; i++) {
        char *copy = strdup(C->apply[i]);
        if (!copy) return 2;
        char *save = NULL;
        for (char *tok = strtok_r(copy, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
            /* "exd6 e.p." written with its usual space */
            if (!strcmp(tok, "e.p.") || !strcmp(tok, "ep")) continue;
            char why[400];
            if (cv_any_play(a, tok, C->nt, NULL, NULL, why, sizeof why) != CV_MOVE_OK) {
                cv_report(NULL, CV_ERROR, file, line, 0, "%s: %s", tok, why);
                free(copy);
                return 1;
            }
        }
        free(copy);
    }
    return 0;
}

static int one(ctx *C, const char *file, long line, const char *text, int col0)
{
    cv_apos a;
    cv_fen_errors e;
    if (cv_any_read(C->v, text, C->read_flags, &a, &e) < 0 || e.n) {
        cv_fen_report(NULL, file, line, col0, &e);
        puts("invalid");
        return 1;
    }
    if (C->test) {
        char canon[64], alt[64], why[400];
        /* a test answers in the variant's main notation and the other one:
         * asked in that other one (UCI), in the main one and it */
        int nt = cv_any_alt_notation(C->v, C->nt) == C->nt ? 0 : C->nt;
        switch (cv_any_test(&a, C->test, nt, canon, alt, why, sizeof why)) {
        case CV_MOVE_OK: printf("legal %s %s\n", canon, alt); return 0;
        case CV_MOVE_AMBIGUOUS: printf("ambiguous: %s\n", why); return 1;
        default: printf("illegal: %s\n", why); return 1;
        }
    }
    if (C->napply) {
        int rc = apply_moves(C, &a, file, line);
        if (rc) {
            puts("invalid");
            return rc;
        }
        char fen[2048];
        cv_any_write(&a, 0, fen, sizeof fen);
        if (C->diagram) cv_any_diagram(&a, C->style, stdout);
        puts(fen);
        return 0;
    }
    if (C->diagram) cv_any_diagram(&a, C->style, stdout);
    list_moves(C, &a);
    return 0;
}

static int each_file(const char *path, FILE *f, void *arg)
{
    ctx *C = arg;
    cv_lines L;
    cv_lines_init(&L, f);
    char *line;
    size_t n;
    int status = 0;
    while (cv_lines_next(&L, &line, &n)) {
        long lineno = L.lineno;
        if (L.bad) {
            cv_report(NULL, CV_ERROR, path, lineno, L.col, "%s", cv_lines_why(&L));
            puts("invalid");
            status = 1;
            continue;
        }
        const char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '#') continue;
        int rc = one(C, path, lineno, s, (int)(s - line) + 1);
        if (rc > status) status = rc;
    }
    cv_lines_free(&L);
    return status;
}

int main(int argc, char **argv)
{
    ctx C = { .nt = 0 };
    const char *variant = NULL, *spec = NULL, *fen = NULL;
    int start = 0;
    C.apply = calloc((size_t)argc + 1, sizeof *C.apply);
    enum { O_SPEC = 256, O_HELP, O_VERSION };
    static const struct option lo[] = {
        { "fen", required_argument, 0, 'f' }, { "start", no_argument, 0, 's' },
        { "list", no_argument, 0, 'L' }, { "count", no_argument, 0, 'c' },
        { "move", required_argument, 0, 'm' }, { "apply", required_argument, 0, 'a' },
        { "diagram", optional_argument, 0, 'd' }, { "notation", required_argument, 0, 'n' },
        { "lenient", no_argument, 0, 'l' }, { "variant", required_argument, 0, 'V' },
        { "spec", required_argument, 0, O_SPEC },
        { "help", no_argument, 0, O_HELP }, { "version", no_argument, 0, O_VERSION }, { 0, 0, 0, 0 } };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:sLcm:a:dn:lV:", lo, NULL)) != -1) {
        switch (c) {
        case 'f': fen = optarg; break;
        case 's': start = 1; break;
        case 'L': break;
        case 'c': C.count = 1; break;
        case 'm': C.test = optarg; break;
        case 'a': C.apply[C.napply++] = optarg; break;
        case 'd':
            C.diagram = 1;
            C.style = optarg;
            break;
        case 'n': C.ntname = optarg; break;
        case 'l': C.read_flags |= CV_FEN_LENIENT | CV_FEN_PLAYABLE; break;
        case 'V': variant = optarg; break;
        case O_SPEC: spec = optarg; break;
        case O_HELP: usage(); free(C.apply); return 0;
        case O_VERSION: cv_cli_version(tool); free(C.apply); return 0;
        case ':': free(C.apply); return cv_cli_bad_option(tool, argv, optind, optopt, 1);
        default: free(C.apply); return cv_cli_bad_option(tool, argv, optind, optopt, 0);
        }
    }
    if (C.test && C.napply) {
        free(C.apply);
        return cv_cli_usage_error(tool, "--move and --apply cannot be combined");
    }
    cv_variant *v = cv_variant_select(variant, spec, NULL);
    if (!v) { free(C.apply); return 2; }
    C.v = v;
    C.nt = C.ntname ? cv_any_notation(v, C.ntname) : cv_any_default_notation(v);
    char list[256];
    if (C.nt < 0) {
        free(C.apply);
        cv_notation_list(v, list, sizeof list);
        cv_variant_free(v);
        return cv_cli_usage_error(tool, "unknown notation '%s' (%s)", C.ntname, list);
    }
    if (C.style && !cv_any_diagram_style_known(v, C.style)) {
        free(C.apply);
        cv_diagram_style_list(v, list, sizeof list);
        cv_variant_free(v);
        return cv_cli_usage_error(tool, "unknown diagram style '%s' (%s)", C.style, list);
    }
    int status = 0;
    if (fen || start) {
        if (optind < argc) status = cv_cli_usage_error(tool, "give either --fen/--start or files, not both");
        else status = one(&C, fen ? "--fen" : "--start", 1, fen ? fen : v->setup, 1);
    } else if (cv_cli_each_file(tool, argv + optind, argc - optind, ".fen", each_file, &C, &status)) {
        status = 2;
    }
    free(C.apply);
    cv_variant_free(v);
    if (cv_cli_close_stdout(tool)) status = CV_EXIT_USAGE;
    return status;
}
