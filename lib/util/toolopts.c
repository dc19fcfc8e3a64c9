#include "toolopts.h"
#include "cli.h"
#include "diag.h"
#include "engine.h"
#include "json.h"
#include "junit.h"
#include "lines.h"
#include "record.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    O_SPEC = CV_TOOL_OWN_CODES_END, O_HELP, O_VERSION, O_INPUT, O_DIAGRAM, O_UNICODE, O_JOBS, O_CHUNK, O_NAMES,
    O_DIAGNOSTICS, O_JUNIT, O_LAYOUT
};

/* The common options, each with the CV_TOOL_* that brings it (0: every
 * tool); -l is brought by a tool's `lenient` flags. */
static const struct {
    unsigned takes;
    const char *letters;
    struct option o;
} common[] = {
    { 0, "j", { "json", no_argument, 0, 'j' } },
    { 0, "V:", { "variant", required_argument, 0, 'V' } },
    { 0, "", { "spec", required_argument, 0, O_SPEC } },
    { 0, "", { "help", no_argument, 0, O_HELP } },
    { 0, "", { "version", no_argument, 0, O_VERSION } },
    { 0, "", { "names", required_argument, 0, O_NAMES } },
    { 0, "", { "diagnostics", required_argument, 0, O_DIAGNOSTICS } },
    { CV_TOOL_QUIET, "q", { "quiet", no_argument, 0, 'q' } },
    { CV_TOOL_INPUT, "", { "input", required_argument, 0, O_INPUT } },
    { CV_TOOL_FEN | CV_TOOL_FEN_ONE, "f:", { "fen", required_argument, 0, 'f' } },
    { CV_TOOL_START, "s", { "start", no_argument, 0, 's' } },
    { CV_TOOL_NOTATION | CV_TOOL_NOTATION_OF_VARIANT, "n:", { "notation", required_argument, 0, 'n' } },
    { CV_TOOL_DIAGRAM, "", { "diagram", optional_argument, 0, O_DIAGRAM } },
    { CV_TOOL_DIAGRAM, "", { "unicode", no_argument, 0, O_UNICODE } },
    { CV_TOOL_JOBS, "", { "jobs", required_argument, 0, O_JOBS } },
    { CV_TOOL_JOBS, "", { "chunk-bytes", required_argument, 0, O_CHUNK } },
    { CV_TOOL_JUNIT, "", { "junit", required_argument, 0, O_JUNIT } },
    { CV_TOOL_LAYOUT, "", { "layout", required_argument, 0, O_LAYOUT } },
};
#define NCOMMON (sizeof common / sizeof common[0])

/* --names variants: a line a variant -V finds, what -V takes for it
 * (the file's NAME, the spec's name when another, its aliases), TAB
 * between them, as a shell completion or a script wants them. */
static int print_variant(void *arg, const char *path, const char *stem, const cv_variant *v)
{
    FILE *out = arg;
    fputs(stem, out);
    if (strcmp(v->name, stem)) fprintf(out, "\t%s", v->name);
    for (int i = 0; i < v->naliases; i++) fprintf(out, "\t%s", v->aliases[i]);
    fputc('\n', out);
    return 0;
}

/* A list of names "a, b, c" a line each. */
static void print_list(const char *list)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        printf("%.*s\n", (int)n, p);
        p += n;
        p += strspn(p, ", ");
    }
}

/* --names KIND: the names an option takes, for scripts and completions;
 * a spec that does not load is said (diag.h) and makes the status 1. */
static int print_names(cv_tool *t, const char *kind)
{
    if (!strcmp(kind, "variants")) return cv_variant_each(print_variant, stdout, NULL) ? CV_EXIT_INVALID : CV_EXIT_OK;
    if (!strcmp(kind, "notations")) print_list(cv_notation_names());
    else if (!strcmp(kind, "formats")) print_list(cv_record_format_names());
    else return cv_cli_bad_choice(t->name, t->argv, optind, O_NAMES, kind, "variants, notations, formats");
    return CV_EXIT_OK;
}

static int taken(const cv_tool *t, unsigned takes) { return !takes || (t->takes & takes); }

/* One common option; 0 to go on, else the exit status. */
static int common_option(cv_tool *t, int c, char *optarg)
{
    char **argv = t->argv;
    long n;
    switch (c) {
    case 'j': t->json = 1; return 0;
    case 'V': t->variant = optarg; return 0;
    case O_SPEC: t->spec = optarg; return 0;
    case 'q': t->quiet = 1; return 0;
    case 'l': t->read_flags |= t->lenient; return 0;
    case 's': t->start = 1; return 0;
    case 'f':
        if (t->takes & CV_TOOL_FEN_ONE) t->nfens = 0;
        t->fens[t->nfens++] = optarg;
        return 0;
    case O_INPUT:
        if (!(t->input = cv_record_format_find(optarg)))
            return cv_cli_bad_choice(t->name, argv, optind, c, optarg, cv_record_format_names());
        return 0;
    case 'n':
        /* a notation no engine writes is refused at once; one the
         * variant's engine does not write waits for the variant */
        if ((t->takes & CV_TOOL_NOTATION) && !cv_notation_known(optarg))
            return cv_cli_bad_choice(t->name, argv, optind, c, optarg, cv_notation_names());
        cv_cli_option_typed(argv, optind, c, optarg, t->ntopt, sizeof t->ntopt);
        t->notation = optarg;
        return 0;
    case O_DIAGRAM:
        t->diagram = 1;
        t->style = optarg;
        cv_cli_option_typed(argv, optind, c, optarg, t->styleopt, sizeof t->styleopt);
        return 0;
    case O_UNICODE:
        t->diagram = 1;
        t->dflags |= CV_DIAGRAM_UNICODE;
        return 0;
    case O_JOBS:
        if ((n = cv_cli_number_option(t->name, argv, optind, c, optarg, 1, 256, "a job count")) < 0) return CV_EXIT_USAGE;
        t->jobs = (int)n;
        return 0;
    case O_CHUNK:
        /* not in --help: small batches are for the tests */
        if ((n = cv_cli_number_option(t->name, argv, optind, c, optarg, 1, 1L << 30, "a size in bytes")) < 0)
            return CV_EXIT_USAGE;
        t->chunk = (size_t)n;
        return 0;
    case O_JUNIT: t->junit_path = optarg; return 0;
    case O_DIAGNOSTICS:
        /* in force at once: the messages after it, usage errors too */
        if ((n = cv_diag_style_named(optarg)) < 0)
            return cv_cli_bad_choice(t->name, argv, optind, c, optarg, "gnu, github");
        cv_diag_set_style((cv_diag_style)n);
        return 0;
    case O_LAYOUT:
        if ((t->layout = cv_record_layout_find(optarg)) < 0)
            return cv_cli_bad_choice(t->name, argv, optind, c, optarg, cv_record_layout_names());
        t->layout_given = 1;
        return 0;
    case O_HELP: t->usage(); return CV_EXIT_OK;
    case O_VERSION: cv_cli_version(t->name); return CV_EXIT_OK;
    case O_NAMES: return print_names(t, optarg);
    case ':': return cv_cli_bad_option(t->name, argv, optind, optopt, 1);
    case '?': return cv_cli_bad_option(t->name, argv, optind, optopt, 0);
    default: return t->option ? t->option(t, c, optarg) : cv_cli_bad_option(t->name, argv, optind, optopt, 0);
    }
}

int cv_tool_parse(cv_tool *t, int argc, char **argv)
{
    t->argc = argc;
    t->argv = argv;
    t->fens = calloc((size_t)argc + 1, sizeof *t->fens);
    size_t nown = 0;
    while (t->own && t->own[nown].name) nown++;
    struct option *lo = calloc(NCOMMON + nown + 2, sizeof *lo);
    char letters[128] = ":";
    if (!t->fens || !lo) {
        free(lo);
        return cv_cli_error(t->name, "out of memory");
    }
    size_t n = 0;
    for (size_t i = 0; i < NCOMMON; i++)
        if (taken(t, common[i].takes)) {
            lo[n++] = common[i].o;
            strcat(letters, common[i].letters);
        }
    if (t->lenient) {
        lo[n++] = (struct option){ "lenient", no_argument, 0, 'l' };
        strcat(letters, "l");
    }
    for (size_t i = 0; i < nown; i++) lo[n++] = t->own[i];
    if (t->letters) snprintf(letters + strlen(letters), sizeof letters - strlen(letters), "%s", t->letters);
    int c, rc = -1;
    opterr = 0;
    while (rc < 0 && (c = getopt_long(argc, argv, letters, lo, NULL)) != -1) {
        int r = common_option(t, c, optarg);
        if (r || c == O_HELP || c == O_VERSION || c == O_NAMES) rc = r;
    }
    free(lo);
    t->files = argv + optind;
    t->nfiles = argc - optind;
    return rc;
}

int cv_tool_load(cv_tool *t)
{
    t->v = cv_variant_select(t->variant, t->spec, NULL);
    if (!t->v) return CV_EXIT_USAGE;
    char list[256];
    if (t->takes & CV_TOOL_NOTATION_OF_VARIANT) {
        t->nt = t->notation ? cv_any_notation(t->v, t->notation) : cv_any_default_notation(t->v);
        if (t->nt < 0)
            return cv_cli_not_one_of(t->name, t->ntopt, t->notation, cv_notation_list(t->v, list, sizeof list));
    }
    if (t->style && !cv_any_diagram_style_known(t->v, t->style))
        return cv_cli_not_one_of(t->name, t->styleopt, t->style, cv_diagram_style_list(t->v, list, sizeof list));
    return 0;
}

void cv_tool_json_fen_problems(cv_json *j, long line, int col0, const cv_fen_errors *e)
{
    cv_json_key(j, "problems");
    cv_json_begin_array(j);
    for (int i = 0; i < e->n; i++) {
        int k = e->e[i].kind;
        cv_json_problem(j, 1, k == CV_FE_SYNTAX ? "syntax" : k == CV_FE_LAX ? "strict" : "position", line,
                        col0 + e->e[i].col - 1, e->e[i].msg);
    }
    cv_json_end_array(j);
}

void cv_tool_json_unreadable(cv_json *j, const char *file, long line, const char *text, size_t len, int col,
                             const char *why)
{
    cv_json_begin_object(j);
    cv_json_place(j, file, line, 0);
    cv_json_key(j, "input");
    cv_json_strn(j, text, len);
    cv_json_key(j, "valid");
    cv_json_bool(j, 0);
    cv_json_key(j, "problems");
    cv_json_begin_array(j);
    cv_json_problem(j, 1, "syntax", line, col, why);
    cv_json_end_array(j);
    cv_json_end_object(j);
    cv_json_end_line(j);
}

typedef struct lines_arg {
    cv_tool *t;
    cv_position_fn fn;
    void *arg;
} lines_arg;

/* The FEN lines of one file. */
static int each_line(const char *path, FILE *f, void *arg)
{
    lines_arg *A = arg;
    cv_lines L;
    cv_lines_init(&L, f);
    char *line;
    size_t n;
    int status = 0, rc;
    while (cv_lines_next(&L, &line, &n)) {
        if (L.bad) {
            A->t->positions++;
            rc = A->fn(A->arg, path, L.lineno, line, n, (int)L.col, cv_lines_why(&L));
        } else {
            const char *s = line + strspn(line, " \t");
            if (!*s || *s == '#') continue;
            A->t->positions++;
            rc = A->fn(A->arg, path, L.lineno, s, n - (size_t)(s - line), (int)(s - line) + 1, NULL);
        }
        if (rc > status) status = rc;
    }
    cv_lines_free(&L);
    return status;
}

int cv_tool_positions(cv_tool *t, const char *suffix, cv_position_fn fn, void *arg)
{
    int status = 0, rc;
    if (t->nfens || t->start) {
        if (t->nfiles)
            return cv_cli_usage_error(t->name, "give either %s or files, not both",
                                      t->takes & CV_TOOL_START ? "--fen/--start" : "--fen");
        for (int i = 0; i < t->nfens; i++)
            if ((rc = fn(arg, "--fen", i + 1, t->fens[i], strlen(t->fens[i]), 1, NULL)) > status) status = rc;
        if (t->nfens) return status;
        char why[512];
        const char *text = cv_any_start_text(t->v, "--fen FEN", why, sizeof why);
        if (!text) return cv_cli_usage_error(t->name, "%s", why);
        return fn(arg, "--start", 1, text, strlen(text), 1, NULL);
    }
    lines_arg A = { t, fn, arg };
    if (cv_cli_each_file(t->name, t->files, t->nfiles, suffix, each_line, &A, &status)) status = CV_EXIT_USAGE;
    return status;
}

int cv_tool_start(cv_tool *t, int argc, char **argv)
{
    cv_cli_start(t->name);
    int rc = cv_tool_parse(t, argc, argv);
    if (rc < 0 && t->check) rc = t->check(t);
    if (rc < 0 && (!(t->takes & CV_TOOL_VARIANT_IF_GIVEN) || t->variant || t->spec)) {
        int lr = cv_tool_load(t);
        if (lr) rc = lr;
    }
    /* last: a run that cannot start writes no report */
    if (rc < 0 && t->junit_path && !(t->junit = cv_junit_open(t->name, t->junit_path, t->files, t->nfiles)))
        rc = CV_EXIT_USAGE;
    return rc;
}

int cv_tool_junit_close(cv_tool *t)
{
    int rc = cv_junit_close(t->junit);
    t->junit = NULL;
    return rc;
}

int cv_tool_end(cv_tool *t, int status)
{
    if (cv_tool_junit_close(t)) status = CV_EXIT_USAGE;
    cv_tool_free(t);
    if (cv_cli_close_stdout(t->name)) status = CV_EXIT_USAGE;
    return status;
}

void cv_tool_free(cv_tool *t)
{
    cv_tool_junit_close(t);
    free(t->fens);
    t->fens = NULL;
    cv_variant_free(t->v);
    t->v = NULL;
}

void cv_tool_help(const char *option, const char *text)
{
    enum { COL = 23, WIDTH = 79 };
    int at = printf("  %s", option);
    at += printf("%*s", at < COL ? COL - at : 1, "");
    while (*text) {
        /* the words that fit on this line (one at least) */
        size_t len = 0, fit = 0;
        while (text[len]) {
            len += strcspn(text + len, " ");
            if (fit && (size_t)at + len > WIDTH) break;
            fit = len;
            len += strspn(text + len, " ");
        }
        printf("%.*s", (int)fit, text);
        text += fit;
        text += strspn(text, " ");
        if (*text) at = printf("\n%*s", COL, "") - 1;
    }
    putchar('\n');
}

const char *cv_tool_or_list(const char *list, char *buf, size_t size)
{
    const char *last = strrchr(list, ',');
    if (!last) snprintf(buf, size, "%s", list);
    else snprintf(buf, size, "%.*s or %s", (int)(last - list), list, last + 1 + strspn(last + 1, " "));
    return buf;
}
