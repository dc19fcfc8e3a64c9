/* cv-legal: legal moves of positions: list them, test one, or play some. */
#include "cvkit.h"
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-legal";

static void usage(void)
{
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Legal moves of positions given with --fen or read one FEN per line from\n"
           "FILEs or standard input (blank and '#' lines skipped).\n\n"
           "  -f, --fen FEN        the position (default: read positions; input with\n"
           "                       no position at all is an error)\n"
           "  -s, --start          the variant's start position\n"
           "  -L, --list           list the legal moves, on one line, sorted (default)\n"
           "      --count          print the number of legal moves\n"
           "      --moves[=TURN]   where a move is a turn of several (Parallel Worlds):\n"
           "                       the single moves that may come next, after the\n"
           "                       partial turn TURN (none: at the turn's start)\n"
           "  -m, --move M         test move M: 'legal SAN UCI', 'illegal: WHY' or\n"
           "                       'ambiguous: WHY'\n"
           "  -a, --apply M...     play the moves (several per argument, space\n"
           "                       separated; repeatable) and print the FEN reached\n"
           , tool);
    char list[512], text[800];
    snprintf(text, sizeof text, "also draw the position (after --apply: the result); STYLE, %s; every game: "
             "svg[:OPT,...] (cvkit(7))", cv_diagram_styles_by_engine(list, sizeof list));
    cv_tool_help("    --diagram[=STYLE]", text);
    cv_tool_help("    --unicode", "draw chess pieces as Unicode chess symbols (implies --diagram)");
    snprintf(text, sizeof text, "the moves' notation; %s; pbm reads moves as the pbmserv server does (letters in "
             "either case, both readings tried) and writes SAN", cv_notation_by_engine(0, list, sizeof list));
    cv_tool_help("-n, --notation N", text);
    printf("  -l, --lenient        read the loose FEN dialect, and take positions that\n"
           "                       can be played but not reached (an impossible check)\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "  -j, --json           one JSON object per position: the moves, the test's\n"
           "                       answer or the position reached\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Exit status: 0 all positions valid and every tested or applied move legal;\n"
           "1 an invalid position or an illegal or ambiguous move; 2 usage or spec error.\n"
           "See cvkit(7) for the options common to every tool.\n");
}

typedef struct ctx {
    const cv_variant *v;
    int count, diagram, json;
    const char *style;
    unsigned dflags;        /* CV_DIAGRAM_* (--unicode) */
    int nt;
    unsigned read_flags;
    const char *test;
    char **apply;
    int napply;
    /* each option as typed (-a or --apply, -m or --move): a move's problem
     * is placed in that option's text, OPTION:N:COL for its Nth use */
    char (*apply_opt)[16];
    char test_opt[16];
    const char *steps;      /* --moves[=PREFIX]: the partial turn, "" for none */
    long positions;         /* lines read as positions, valid or not */
    cv_json js;
} ctx;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The legal moves in C's notation, sorted (a whole turn each where a
 * turn has several moves: thousands of them); *n gets how many there are,
 * *shown how many are in the list (all of them).  NULL when out of
 * memory.  Free the result and *txt. */
static char **sorted_moves(ctx *C, cv_apos *a, char (**txt)[64], int *n, int *shown)
{
    int cap = 1024;
    char **ptr = NULL;
    for (;;) {
        *txt = malloc(sizeof **txt * (size_t)cap);
        ptr = malloc(sizeof *ptr * (size_t)cap);
        if (!*txt || !ptr) {
            free(*txt);
            free(ptr);
            *txt = NULL;
            return NULL;
        }
        *n = cv_any_moves(a, C->nt, *txt, cap);
        if (*n <= cap) break;
        free(*txt);
        free(ptr);
        cap = *n;
    }
    *shown = *n;
    for (int i = 0; i < *shown; i++) ptr[i] = (*txt)[i];
    qsort(ptr, (size_t)*shown, sizeof *ptr, cmp_str);
    return ptr;
}

/* Moves on one line, split as the engine says they can be split again. */
static void print_list(ctx *C, const char *const *moves, int n)
{
    const char *sep = cv_any_move_separator(C->v);
    for (int i = 0; i < n; i++) printf("%s%s", i ? sep : "", moves[i]);
    putchar('\n');
}

static void list_moves(ctx *C, cv_apos *a)
{
    char(*txt)[64];
    int n, shown;
    char **ptr = sorted_moves(C, a, &txt, &n, &shown);
    if (!ptr) return;
    if (C->count) {
        printf("%d\n", n);
    } else {
        print_list(C, (const char *const *)ptr, shown);
    }
    free(txt);
    free(ptr);
}

/* ---- JSON: one object a position ---- */

static void json_begin(ctx *C, const char *file, long line, const char *text)
{
    cv_json_begin_object(&C->js);
    cv_json_place(&C->js, file, line, 0);
    cv_json_key(&C->js, "input");
    cv_json_str(&C->js, text);
}

static void json_fen(ctx *C, const cv_apos *a)
{
    char fen[2048];
    cv_any_write(a, 0, fen, sizeof fen);
    cv_json_key(&C->js, "fen");
    cv_json_str(&C->js, fen);
}

static void json_diagram(ctx *C, const cv_apos *a)
{
    if (!C->diagram) return;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return;
    cv_any_diagram(a, C->style, C->dflags, m);
    fclose(m);
    cv_json_key(&C->js, "diagram");
    cv_json_strn(&C->js, buf, len);
    free(buf);
}

static void json_end(ctx *C, const cv_problems *ps)
{
    static const cv_problems none;
    cv_json_problems(&C->js, ps ? ps : &none);
    cv_json_end_object(&C->js);
    cv_json_end_line(&C->js);
}

/* Plays the moves of every --apply argument; returns 1 on the first bad
 * one (said at its place in the option's text, and kept in ps for
 * --json), and the moves played in played (for --json; may be NULL).  A
 * position from a file is named after the message. */
static int apply_moves(ctx *C, cv_apos *a, const char *file, long line, cv_problems *ps, cv_json *played)
{
    for (int i = 0; i < C->napply; i++) {
        const char *s = C->apply[i];
        /* the Nth use of the option as it was typed (-a and --apply count apart) */
        long nth = 1;
        for (int k = 0; k < i; k++) nth += !strcmp(C->apply_opt[k], C->apply_opt[i]);
        for (;;) {
            s += strspn(s, " \t\r\n");
            if (!*s) break;
            size_t n = cv_any_move_span(C->v, s);
            char tok[256];
            snprintf(tok, sizeof tok, "%.*s", (int)(n < sizeof tok ? n : sizeof tok - 1), s);
            s += n;
            /* "exd6 e.p." written with its usual space */
            if (!strcmp(tok, "e.p.") || !strcmp(tok, "ep")) continue;
            char why[400], canon[64];
            if (cv_any_play(a, tok, C->nt, canon, NULL, why, sizeof why) != CV_MOVE_OK) {
                long col = (long)(s - n - C->apply[i]) + 1;
                char where[600] = "";
                if (strcmp(file, "--fen") && strcmp(file, "--start"))
                    snprintf(where, sizeof where, " (the position of %.500s:%ld)", cv_display_name(file), line);
                cv_report(NULL, CV_ERROR, C->apply_opt[i], nth, col, "%s: %s%s", tok, why, where);
                if (ps) cv_problems_add(ps, 1, "move", nth, col, "%s: %s", tok, why);
                return 1;
            }
            if (played) cv_json_str(played, canon);
        }
    }
    return 0;
}

/* The single moves after the partial turn C->steps, sorted: *n of them
 * in *ptr (pointing into *txt; free both).  -1 with why when the prefix
 * does not read, -2 out of memory. */
static int sorted_steps(ctx *C, cv_apos *a, char (**txt)[64], char ***ptr, int *n, char *why, size_t ws)
{
    *n = cv_any_steps(a, C->steps, C->nt, NULL, 0, why, ws);
    if (*n < 0) return -1;
    *txt = malloc(sizeof **txt * (size_t)(*n + 1));
    *ptr = malloc(sizeof **ptr * (size_t)(*n + 1));
    if (!*txt || !*ptr) {
        free(*txt);
        free(*ptr);
        return -2;
    }
    *n = cv_any_steps(a, C->steps, C->nt, *txt, *n, why, ws);
    for (int i = 0; i < *n; i++) (*ptr)[i] = (*txt)[i];
    qsort(*ptr, (size_t)*n, sizeof **ptr, cmp_str);
    return 0;
}

/* --moves with --json: the single moves after the partial turn, sorted,
 * as "count" and "moves" beside the turn written as "prefix". */
static int json_steps(ctx *C, cv_apos *a, long line)
{
    cv_json *j = &C->js;
    char why[400];
    cv_json_key(j, "prefix");
    cv_json_str(j, C->steps);
    char(*txt)[64], **ptr;
    int n, rc = sorted_steps(C, a, &txt, &ptr, &n, why, sizeof why);
    if (rc == -2) return 2;
    if (rc < 0) {
        cv_problems ps = { 0 };
        cv_problems_add(&ps, 1, "move", line, 0, "--moves %s: %s", C->steps, why);
        json_end(C, &ps);
        cv_problems_free(&ps);
        return 1;
    }
    cv_json_key(j, "count");
    cv_json_int(j, n);
    if (!C->count) {
        cv_json_key(j, "moves");
        cv_json_begin_array(j);
        for (int i = 0; i < n; i++) cv_json_str(j, ptr[i]);
        cv_json_end_array(j);
    }
    free(txt);
    free(ptr);
    json_end(C, NULL);
    return 0;
}

static int one_json(ctx *C, const char *file, long line, const char *text, int col0)
{
    cv_apos a;
    cv_fen_errors e;
    cv_json *j = &C->js;
    json_begin(C, file, line, text);
    if (cv_any_read_position(C->v, text, C->read_flags, &a, &e) < 0 || e.n) {
        cv_fen_report(NULL, file, line, col0, &e);
        cv_json_key(j, "valid");
        cv_json_bool(j, 0);
        cv_tool_json_fen_problems(j, line, col0, &e);
        cv_json_end_object(j);
        cv_json_end_line(j);
        return 1;
    }
    cv_json_key(j, "valid");
    cv_json_bool(j, 1);
    if (C->test) {
        char canon[64], alt[64], why[400];
        int nt = cv_any_alt_notation(C->v, C->nt) == C->nt ? 0 : C->nt;
        int st = cv_any_test(&a, C->test, nt, canon, alt, why, sizeof why);
        json_fen(C, &a);
        cv_json_key(j, "move");
        cv_json_str(j, C->test);
        cv_json_key(j, "legal");
        cv_json_bool(j, st == CV_MOVE_OK);
        cv_json_key(j, "status");
        cv_json_str(j, st == CV_MOVE_OK ? "legal" : st == CV_MOVE_AMBIGUOUS ? "ambiguous" : "illegal");
        if (st == CV_MOVE_OK) {
            /* the move as each of the two notations writes it */
            cv_json_key(j, "written");
            cv_json_begin_object(j);
            cv_json_key(j, cv_any_notation_name(C->v, nt));
            cv_json_str(j, canon);
            cv_json_key(j, cv_any_notation_name(C->v, cv_any_alt_notation(C->v, nt)));
            cv_json_str(j, alt);
            cv_json_end_object(j);
        } else {
            cv_json_key(j, "message");
            cv_json_str(j, why);
        }
        json_diagram(C, &a);
        /* a refused move is the problem that makes the exit status 1 */
        cv_problems ps = { 0 };
        /* placed in the option's text, as for --apply */
        if (st != CV_MOVE_OK)
            cv_problems_add(&ps, 1, "move", 1, (long)strspn(C->test, " \t") + 1, "%s: %s", C->test, why);
        json_end(C, &ps);
        cv_problems_free(&ps);
        return st == CV_MOVE_OK ? 0 : 1;
    }
    if (C->napply) {
        cv_problems ps = { 0 };
        /* the moves go into the object as they are played */
        cv_json_key(j, "moves");
        cv_json_begin_array(j);
        int rc = apply_moves(C, &a, file, line, &ps, j);
        cv_json_end_array(j);
        cv_json_key(j, "legal");
        cv_json_bool(j, rc == 0);
        json_fen(C, &a);
        json_diagram(C, &a);
        json_end(C, &ps);
        cv_problems_free(&ps);
        return rc;
    }
    json_fen(C, &a);
    if (C->steps) return json_steps(C, &a, line);
    char(*txt)[64];
    int n = 0, shown = 0;
    char **ptr = sorted_moves(C, &a, &txt, &n, &shown);
    cv_json_key(j, "count");
    cv_json_int(j, n);
    if (!C->count && ptr) {
        cv_json_key(j, "moves");
        cv_json_begin_array(j);
        for (int i = 0; i < shown; i++) cv_json_str(j, ptr[i]);
        cv_json_end_array(j);
    }
    if (ptr) {
        free(txt);
        free(ptr);
    }
    json_diagram(C, &a);
    json_end(C, NULL);
    return 0;
}

/* --moves[=PREFIX]: the single moves that may come next in a turn of
 * several moves, after the partial turn PREFIX; sorted, one line. */
static int list_steps(ctx *C, cv_apos *a, const char *file, long line)
{
    char why[400];
    char(*txt)[64], **ptr;
    int n, rc = sorted_steps(C, a, &txt, &ptr, &n, why, sizeof why);
    if (rc == -2) return 2;
    if (rc < 0) {
        cv_report(NULL, CV_ERROR, file, line, 0, "--moves %s: %s", C->steps, why);
        puts("invalid");
        return 1;
    }
    if (C->count) printf("%d\n", n);
    else print_list(C, (const char *const *)ptr, n);
    free(txt);
    free(ptr);
    return 0;
}

static int one(ctx *C, const char *file, long line, const char *text, int col0)
{
    if (C->json) return one_json(C, file, line, text, col0);
    cv_apos a;
    cv_fen_errors e;
    if (cv_any_read_position(C->v, text, C->read_flags, &a, &e) < 0 || e.n) {
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
        case CV_MOVE_OK: printf("legal %s%s%s\n", canon, cv_any_move_separator(C->v), alt); return 0;
        case CV_MOVE_AMBIGUOUS: printf("ambiguous: %s\n", why); return 1;
        default: printf("illegal: %s\n", why); return 1;
        }
    }
    if (C->napply) {
        int rc = apply_moves(C, &a, file, line, NULL, NULL);
        if (rc) {
            puts("invalid");
            return rc;
        }
        char fen[2048];
        cv_any_write(&a, 0, fen, sizeof fen);
        if (C->diagram) cv_any_diagram(&a, C->style, C->dflags, stdout);
        if (!cv_diagram_is_svg(C->style)) puts(fen);
        return 0;
    }
    if (C->diagram) cv_any_diagram(&a, C->style, C->dflags, stdout);
    if (cv_diagram_is_svg(C->style)) return 0; /* the picture alone: an SVG document */
    if (C->steps) return list_steps(C, &a, file, line);
    list_moves(C, &a);
    return 0;
}

/* One position, or a line that cannot be read as one (why). */
static int one_position(void *arg, const char *file, long line, const char *text, size_t len, int col,
                        const char *why)
{
    ctx *C = arg;
    if (!why) return one(C, file, line, text, col);
    cv_report(NULL, CV_ERROR, file, line, col, "%s", why);
    if (C->json) cv_tool_json_unreadable(&C->js, file, line, text, len, col, why);
    else puts("invalid");
    return 1;
}

enum { O_COUNT = 256, O_MOVES };

static int legal_option(cv_tool *t, int c, char *optarg)
{
    ctx *C = t->arg;
    switch (c) {
    case O_MOVES: C->steps = optarg ? optarg : ""; break;
    case O_COUNT: C->count = 1; break;
    case 'm':
        C->test = optarg;
        cv_cli_option_typed(t->argv, optind, c, optarg, C->test_opt, sizeof C->test_opt);
        break;
    case 'a':
        cv_cli_option_typed(t->argv, optind, c, optarg, C->apply_opt[C->napply], sizeof C->apply_opt[0]);
        C->apply[C->napply++] = optarg;
        break;
    }
    return 0;
}

/* --move and --apply cannot go together */
static int legal_check(cv_tool *t)
{
    ctx *C = t->arg;
    if (C->test && C->napply) return cv_cli_usage_error(tool, "%s and %s cannot be combined", C->test_opt, C->apply_opt[0]);
    return -1;
}

int main(int argc, char **argv)
{
    static ctx C;   /* holds the JSON writer's buffer */
    C.apply = calloc((size_t)argc + 1, sizeof *C.apply);
    C.apply_opt = calloc((size_t)argc + 1, sizeof *C.apply_opt);
    static const struct option own[] = {
        { "list", no_argument, 0, 'L' }, { "count", no_argument, 0, O_COUNT },
        { "moves", optional_argument, 0, O_MOVES },
        { "move", required_argument, 0, 'm' }, { "apply", required_argument, 0, 'a' }, { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_FEN_ONE | CV_TOOL_START | CV_TOOL_NOTATION_OF_VARIANT | CV_TOOL_DIAGRAM,
                  .lenient = CV_FEN_LENIENT | CV_FEN_PLAYABLE, .usage = usage, .letters = "Lm:a:", .own = own,
                  .option = legal_option, .check = legal_check, .arg = &C };
    int status = !C.apply || !C.apply_opt ? cv_cli_error(tool, "out of memory") : cv_tool_start(&T, argc, argv);
    if (status < 0) {
        C.v = T.v;
        C.nt = T.nt;
        C.read_flags = T.read_flags;
        C.json = T.json;
        C.diagram = T.diagram;
        C.style = T.style;
        C.dflags = T.dflags;
        cv_json_init(&C.js, stdout);
        status = cv_tool_positions(&T, ".fen", one_position, &C);
        /* nothing to answer is not an answer: an empty pipe is a mistake */
        if (!T.nfens && !T.start && !T.positions && status == 0)
            status = cv_cli_error(tool, "no position (give FEN lines on standard input or in FILEs, --fen FEN or "
                                  "--start)");
    }
    free(C.apply);
    free(C.apply_opt);
    return cv_tool_end(&T, status);
}
