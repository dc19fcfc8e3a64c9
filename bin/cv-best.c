/* cv-best: the best move of each position, by search. */
#include "cvkit.h"
#include "epd.h"
#include "search.h"
#include <stdlib.h>
#include <string.h>

static const char *tool = "cv-best";

static void usage(void)
{
    char buf[1024];
    printf("Usage: %s [OPTION]... [FILE]...\n"
           "Search each position, one a line (blank lines and '#' lines skipped), and\n"
           "print its best move, score, depth, nodes and principal variation.  A line\n"
           "may carry EPD operations (bm, am, id): then the moves found are scored.\n"
           "With no FILE, or when FILE is -, read standard input.\n\n",
           tool);
    cv_tool_help("-f, --fen POS", "search POS (may be repeated) instead of reading files");
    cv_tool_help("-s, --start", "search the variant's start position");
    cv_tool_help("-d, --depth N", "search N single moves deep (default 6 when no other limit is given)");
    cv_tool_help("    --nodes N", "stop after N nodes");
    cv_tool_help("    --movetime S", "stop after S seconds (a decimal fraction allowed)");
    cv_tool_help("    --hash MB", "transposition table size in megabytes (default 16; 0: none)");
    cv_tool_help("    --plain", "no null move and no reductions: the table then changes no score");
    cv_tool_help("-n, --notation N", cv_notation_by_engine(0, buf, sizeof buf));
    cv_tool_help("-j, --json", "one JSON object a position");
    printf("  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Each position gives one line: MOVE cp N|mate N depth D nodes N pv MOVES;\n"
           "'mate N' counts the side to move's moves to mate (negative: it is mated).\n"
           "A position whose game is over gives '- over lost|drawn|won'.  With EPD bm\n"
           "or am, a line ends 'ok' or 'fail', and a last line counts them.\n"
           "Exit status: 0 every position searched; 1 some position invalid; 2 usage,\n"
           "I/O or spec error.  See cv-best(1).\n");
}

typedef struct ctx {
    cv_tool *t;
    cv_search *s;
    cv_search_limits lim;
    size_t hash_mb;
    int json;
    cv_json js;
    long suite, found;
} ctx;

static int search_one(ctx *C, const char *file, long line, int col0, const char *text)
{
    const cv_variant *v = C->t->v;
    cv_epd e;
    char why[256];
    if (cv_epd_parse(text, &e, why, sizeof why) < 0) {
        cv_report(NULL, CV_ERROR, file, line, col0, "%s", why);
        return 1;
    }
    cv_apos a;
    cv_fen_errors errs;
    if (cv_epd_position(v, &e, C->t->read_flags, &a, &errs) < 0 || errs.n) {
        cv_fen_report(NULL, file, line, col0, &errs);
        if (!errs.n) cv_report(NULL, CV_ERROR, file, line, col0, "not a position");
        return 1;
    }
    if (!cv_search_available(&a)) {
        cv_report(NULL, CV_ERROR, file, line, col0, "the %s engine cannot search", a.e->name);
        return 1;
    }
    cv_search_clear(C->s);
    cv_search_info info;
    int rc = cv_search_run(C->s, &a, NULL, 0, &C->lim, NULL, NULL, &info);
    if (rc < 0) {
        cv_cli_error(tool, "out of memory");
        return CV_EXIT_USAGE;
    }
    int nt = C->t->nt;
    char move[256] = "", pv[4096] = "";
    int scored = rc == 1 && (e.nbm || e.nam), ok = 0;
    if (rc == 1) {
        cv_search_move_text(&a, &info, nt, move, sizeof move);
        cv_search_pv_text(&a, &info, nt, pv, sizeof pv);
        if (scored) {
            ok = (!e.nbm || cv_epd_listed(&a, &info.pv[0], e.bm, e.nbm)) &&
                 !cv_epd_listed(&a, &info.pv[0], e.am, e.nam);
            C->suite++;
            C->found += ok;
        }
    }
    const char *over = rc == 0 ? cv_search_judge_name(cv_search_judge(&a)) : NULL;
    if (C->json) {
        cv_json *j = &C->js;
        cv_json_begin_object(j);
        cv_json_place(j, file, line, 0);
        if (e.id[0]) {
            cv_json_key(j, "id");
            cv_json_str(j, e.id);
        }
        cv_json_key(j, "move");
        cv_json_str(j, rc == 1 ? move : NULL);
        if (over) {
            cv_json_key(j, "over");
            cv_json_str(j, over);
        } else {
            cv_json_key(j, info.mate ? "mate" : "cp");
            cv_json_int(j, info.mate ? info.mate : info.score);
            cv_json_key(j, "depth");
            cv_json_int(j, info.depth);
            cv_json_key(j, "seldepth");
            cv_json_int(j, info.seldepth);
            cv_json_key(j, "nodes");
            cv_json_int(j, (long long)info.nodes);
            cv_json_key(j, "pv");
            cv_json_begin_array(j);
            cv_apos b;
            cv_apos_copy(&b, &a);
            for (int i = 0; i < info.npv; i++) {
                char m[256];
                cv_any_format(&b, &info.pv[i], nt, m, sizeof m);
                cv_json_str(j, m);
                cv_aundo u;
                cv_any_make(&b, &info.pv[i], &u);
            }
            cv_json_end_array(j);
        }
        if (scored) {
            cv_json_key(j, "ok");
            cv_json_bool(j, ok);
        }
        cv_json_end_object(j);
        cv_json_end_line(j);
        return 0;
    }
    if (over) {
        printf("- over %s\n", over);
        return 0;
    }
    printf("%s %s %d depth %d nodes %llu pv %s%s\n", move, info.mate ? "mate" : "cp",
           info.mate ? info.mate : info.score, info.depth, (unsigned long long)info.nodes, pv,
           scored ? (ok ? " ok" : " fail") : "");
    return 0;
}

static int best_position(void *arg, const char *file, long line, const char *text, size_t len, int col,
                         const char *why)
{
    ctx *C = arg;
    (void)len;
    if (why) {
        cv_report(NULL, CV_ERROR, file, line, col, "%s", why);
        return 1;
    }
    return search_one(C, file, line, col, text);
}

enum { O_NODES = 256, O_MOVETIME, O_HASH, O_PLAIN };

static int best_option(cv_tool *t, int c, char *optarg)
{
    ctx *C = t->arg;
    long n;
    switch (c) {
    case 'd':
        if ((n = cv_cli_number_option(tool, t->argv, optind, c, optarg, 1, CV_SEARCH_MAX_PLY - 1, "a depth")) < 0)
            return CV_EXIT_USAGE;
        C->lim.depth = (int)n;
        break;
    case O_NODES:
        if ((n = cv_cli_number_option(tool, t->argv, optind, c, optarg, 1, 1000000000000L, "a node count")) < 0)
            return CV_EXIT_USAGE;
        C->lim.nodes = (uint64_t)n;
        break;
    case O_MOVETIME: {
        char *end;
        double s = strtod(optarg, &end);
        if (end == optarg || *end || !(s > 0) || s > 1e6)
            return cv_cli_bad_value(tool, t->argv, optind, c, optarg, "not a number of seconds above 0");
        C->lim.movetime = s;
        break;
    }
    case O_HASH:
        if ((n = cv_cli_number_option(tool, t->argv, optind, c, optarg, 0, 65536, "megabytes")) < 0)
            return CV_EXIT_USAGE;
        C->hash_mb = (size_t)n;
        break;
    case O_PLAIN: C->lim.plain = 1; break;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static ctx C;
    static const struct option own[] = {
        { "depth", required_argument, 0, 'd' }, { "nodes", required_argument, 0, O_NODES },
        { "movetime", required_argument, 0, O_MOVETIME }, { "hash", required_argument, 0, O_HASH },
        { "plain", no_argument, 0, O_PLAIN }, { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_FEN | CV_TOOL_START | CV_TOOL_NOTATION_OF_VARIANT, .usage = usage,
                  .letters = "d:", .own = own, .option = best_option, .arg = &C };
    C.t = &T;
    C.hash_mb = 16;
    int status = cv_tool_start(&T, argc, argv);
    if (status < 0) {
        if (!C.lim.depth && !C.lim.nodes && !C.lim.movetime) C.lim.depth = 6;
        C.json = T.json;
        cv_json_init(&C.js, stdout);
        C.s = cv_search_new(C.hash_mb);
        if (!C.s) {
            status = cv_cli_error(tool, "out of memory");
        } else {
            status = cv_tool_positions(&T, ".fen", best_position, &C);
            if (C.suite && !C.json) printf("# %ld of %ld found\n", C.found, C.suite);
        }
        cv_search_free(C.s);
    }
    return cv_tool_end(&T, status);
}
