/* cv-play: the searching player: self-play games written as records, and
 * the XBoard and UCI engine protocols on standard input and output. */
#include "cvkit.h"
#include "selfplay.h"
#include "uci.h"
#include "xboard.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *tool = "cv-play";

static void usage(void)
{
    printf("Usage: %s [OPTION]... --games N [--seed S] [--depth D | --nodes N] [-o FILE]\n"
           "       %s --xboard | --uci [--depth D | --nodes N]\n"
           "       %s [--depth D | --nodes N] (the protocol named by the first line: xboard, uci)\n"
           "Play: games of the search against itself, written as records in the\n"
           "variant's own format, or an engine for XBoard (CECP 2) or UCI GUIs.\n\n"
           "      --games N        play N games (1 to 1000000) against itself\n"
           "      --seed S         start each game with random moves (game K: seed S+K-1;\n"
           "                       default: every game from the start position)\n"
           "      --random-plies N random moves of a seeded opening (0 to 40, default 4)\n"
           "      --against-random SIDE  a random mover plays SIDE: white, black or\n"
           "                       alternate (Black in odd games); the summary counts\n"
           "                       the search's results\n"
           "      --max-moves N    end a game unfinished (result *) after N moves of\n"
           "                       either side (1 to 100000, default 300)\n"
           "  -d, --depth D        search each move to depth D (1 to 128; self-play\n"
           "                       default 2)\n"
           "      --nodes N        search each move to N nodes\n"
           "      --hash MB        transposition table size (0 to 4096, default 16)\n"
           "      --format FORMAT  record format of the games (default: the variant's)\n"
           "  -o, --output FILE    write the games to FILE (default: standard output)\n"
           "      --xboard         speak the XBoard protocol (CECP version 2)\n"
           "      --uci            speak UCI, variants by the UCI_Variant option\n"
           "  -j, --json           one JSON object a game instead of the records\n"
           "  -q, --quiet          no summary of the games on standard error\n"
           "  -V, --variant NAME   variant spec by name or alias (default: chess)\n"
           "      --spec FILE      variant spec file\n"
           "      --diagnostics S  problems as gnu lines (default) or github annotations\n"
           "      --help, --version\n\n"
           "Exit status: 0 all games played and written (or the protocol ended with\n"
           "quit or the end of input); 2 usage, I/O or spec error.\n"
           "See cv-play(1) and cvkit(7).\n",
           tool, tool, tool);
}

enum { MODE_NONE, MODE_XBOARD, MODE_UCI };

typedef struct opts {
    int mode, games, seeded, random_plies, max_moves, depth, random_side;
    unsigned long long seed, nodes;
    long hash;
    const char *output;
    const cv_record_format *format;
} opts;

enum { O_GAMES = 256, O_SEED, O_RANDOM, O_MAXMOVES, O_NODES, O_HASH, O_FORMAT, O_XBOARD, O_UCI, O_AGAINST };

static int play_option(cv_tool *t, int c, char *optarg)
{
    opts *o = t->arg;
    char **argv = t->argv;
    long n;
    switch (c) {
    case O_GAMES:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 1, 1000000, "a number of games")) < 0) return 2;
        o->games = (int)n;
        break;
    case O_SEED: {
        char *end;
        if (!*optarg || *optarg == '-' || (o->seed = strtoull(optarg, &end, 10), *end))
            return cv_cli_bad_value(tool, argv, optind, c, optarg, "not a whole number from 0");
        o->seeded = 1;
        break;
    }
    case O_RANDOM:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 0, 40, "a number of moves")) < 0) return 2;
        o->random_plies = (int)n;
        break;
    case O_MAXMOVES:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 1, 100000, "a number of moves")) < 0) return 2;
        o->max_moves = (int)n;
        break;
    case 'd':
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 1, 128, "a depth")) < 0) return 2;
        o->depth = (int)n;
        break;
    case O_NODES:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 1, 1000000000000L, "a number of nodes")) < 0)
            return 2;
        o->nodes = (unsigned long long)n;
        break;
    case O_HASH:
        if ((n = cv_cli_number_option(tool, argv, optind, c, optarg, 0, 4096, "a size in megabytes")) < 0) return 2;
        o->hash = n;
        break;
    case O_FORMAT:
        if (!(o->format = cv_record_format_find(optarg)))
            return cv_cli_bad_choice(tool, argv, optind, c, optarg, cv_record_format_names());
        break;
    case O_AGAINST: {
        static const char *const sides[] = { "white", "black", "alternate" };
        int k = -1;
        for (int i = 0; i < 3; i++)
            if (!strcmp(optarg, sides[i])) k = i;
        if (k < 0) return cv_cli_bad_choice(tool, argv, optind, c, optarg, "white, black, alternate");
        o->random_side = k == 0 ? CV_SELFPLAY_RANDOM_WHITE : k == 1 ? CV_SELFPLAY_RANDOM_BLACK : CV_SELFPLAY_RANDOM_ALTERNATE;
        break;
    }
    case 'o': o->output = optarg; break;
    case O_XBOARD: o->mode = MODE_XBOARD; break;
    case O_UCI: o->mode = MODE_UCI; break;
    }
    return 0;
}

static int check_options(cv_tool *t)
{
    opts *o = t->arg;
    if (t->nfiles) return cv_cli_usage_error(tool, "unexpected operand '%s'", t->files[0]);
    if (o->depth && o->nodes) return cv_cli_usage_error(tool, "--depth and --nodes: give one of them");
    if (o->mode != MODE_NONE && o->games) return cv_cli_usage_error(tool, "--games plays against itself: not with --xboard or --uci");
    if (o->mode != MODE_NONE && o->output) return cv_cli_usage_error(tool, "--output is for --games");
    if (!o->games && o->random_side) return cv_cli_usage_error(tool, "--against-random is for --games");
    if (!o->games && t->json) return cv_cli_usage_error(tool, "--json is for --games (the protocols have their own output)");
    if (t->json && o->format) return cv_cli_usage_error(tool, "--json and --format: give one of them");
    return -1;
}

/* The Date tag: today, or the day of SOURCE_DATE_EPOCH (reproducible
 * output, as reproducible builds set it). */
static void today(char *buf, size_t size)
{
    const char *e = getenv("SOURCE_DATE_EPOCH");
    time_t t = e && *e ? (time_t)strtoll(e, NULL, 10) : time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y.%m.%d", &tm)) snprintf(buf, size, "????.??.??");
}

static int selfplay(const cv_tool *t, const opts *o)
{
    char player[64], date[32], why[256];
    cv_selfplay_opts so = { .games = o->games, .seeded = o->seeded, .seed = o->seed,
                            .random_plies = o->random_plies, .max_plies = o->max_moves,
                            .random_side = o->random_side,
                            .hash_mb = (size_t)o->hash, .format = o->format, .json = t->json };
    if (o->nodes) {
        so.lim.nodes = o->nodes;
        snprintf(player, sizeof player, "cvkit nodes %llu", o->nodes);
    } else {
        so.lim.depth = o->depth ? o->depth : 2;
        snprintf(player, sizeof player, "cvkit depth %d", so.lim.depth);
    }
    today(date, sizeof date);
    so.player = player;
    so.date = date;
    if (o->format && !cv_record_format_fits(o->format, t->v))
        return cv_cli_error(tool, "--format %s cannot hold %s games", o->format->name, t->v->name);
    struct cv_outfile *of = NULL;
    FILE *out = stdout;
    if (o->output) {
        if (!(of = cv_cli_replace_open(tool, "--output", o->output))) return CV_EXIT_USAGE;
        if (!(out = cv_cli_replace_stream(tool, "--output", o->output, of))) {
            cv_cli_replace_close(tool, "--output", o->output, of, 0);
            return CV_EXIT_USAGE;
        }
    }
    cv_selfplay_stats st;
    int rc = cv_selfplay(t->v, &so, out, &st, why, sizeof why);
    int status = 0;
    if (rc < 0) status = cv_cli_error(tool, "%s", why);
    if (of && cv_cli_replace_close(tool, "--output", o->output, of, rc == 0)) status = CV_EXIT_USAGE;
    if (!t->quiet)
        fprintf(stderr, "%s: %d game%s of %s: %d won by White, %d by Black, %d drawn, %d unfinished; %ld moves\n",
                tool, st.games, st.games == 1 ? "" : "s", t->v->name, st.white, st.black, st.drawn, st.unfinished,
                st.plies);
    if (!t->quiet && o->random_side)
        fprintf(stderr, "%s: the search against a random mover: %d won, %d drawn, %d lost, %d unfinished\n", tool,
                st.search_won, st.search_drawn, st.search_lost, st.unfinished);
    return status;
}

/* The protocol loop: each line of standard input to the engine until
 * quit or the end of the input.  first: a line already read (the mode's
 * name), or NULL. */
static int protocol(int mode, const opts *o, const char *first)
{
    cv_search_limits base = { .depth = o->depth, .nodes = o->nodes };
    static const char name[] = "cvkit " CV_VERSION;
    cv_xboard *x = NULL;
    cv_uci *u = NULL;
    /* the GUI reads our lines as they come */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (mode == MODE_XBOARD ? !(x = cv_xboard_new(stdout, &base, name)) : !(u = cv_uci_new(stdout, &base, name)))
        return cv_cli_error(tool, "cannot start the engine (out of memory, or no chess spec)");
    int done = first ? (x ? cv_xboard_line(x, first) : cv_uci_line(u, first)) : 0;
    cv_lines L;
    cv_lines_init(&L, stdin);
    char *line;
    size_t len;
    while (!done && cv_lines_next(&L, &line, &len)) {
        if (L.bad) continue;
        done = x ? cv_xboard_line(x, line) : cv_uci_line(u, line);
    }
    int status = L.error ? cv_cli_error(tool, "standard input: read error") : 0;
    cv_lines_free(&L);
    cv_xboard_free(x);
    cv_uci_free(u);
    return status;
}

/* No mode given: the first line says which protocol the GUI speaks. */
static int sniff(const opts *o)
{
    cv_lines L;
    cv_lines_init(&L, stdin);
    char *line;
    size_t len;
    char first[64] = "";
    if (cv_lines_next(&L, &line, &len) && !L.bad) snprintf(first, sizeof first, "%s", line);
    /* what the reader holds past the first line is stdin's own buffer:
     * the protocol loop reads on from there */
    cv_lines_free(&L);
    char *w = first + strspn(first, " \t");
    w[strcspn(w, " \t")] = 0;
    if (!strcmp(w, "xboard")) return protocol(MODE_XBOARD, o, NULL);
    if (!strcmp(w, "uci")) return protocol(MODE_UCI, o, "uci");
    return cv_cli_usage_error(tool, "give --games N, --xboard or --uci (standard input began with '%s', not xboard or uci)",
                              first);
}

int main(int argc, char **argv)
{
    static opts o = { .random_plies = 4, .max_moves = 300, .hash = 16 };
    static const struct option own[] = {
        { "games", required_argument, 0, O_GAMES },        { "seed", required_argument, 0, O_SEED },
        { "random-plies", required_argument, 0, O_RANDOM }, { "max-moves", required_argument, 0, O_MAXMOVES },
        { "depth", required_argument, 0, 'd' },        { "nodes", required_argument, 0, O_NODES },
        { "hash", required_argument, 0, O_HASH },      { "format", required_argument, 0, O_FORMAT },
        { "output", required_argument, 0, 'o' },       { "xboard", no_argument, 0, O_XBOARD },
        { "uci", no_argument, 0, O_UCI },              { "against-random", required_argument, 0, O_AGAINST },
        { 0, 0, 0, 0 } };
    cv_tool T = { .name = tool, .takes = CV_TOOL_QUIET, .usage = usage, .letters = "d:o:", .own = own,
                  .option = play_option, .arg = &o, .check = check_options };
    int status = cv_tool_start(&T, argc, argv);
    if (status >= 0) return cv_tool_end(&T, status);
    if (o.games) status = selfplay(&T, &o);
    else if (o.mode != MODE_NONE) status = protocol(o.mode, &o, NULL);
    else status = sniff(&o);
    return cv_tool_end(&T, status);
}
