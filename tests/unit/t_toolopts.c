/* toolopts: the common options of the tools, read in one place. */
#include "cvkit.h"
#include "tap.h"

static int usage_calls;
static void usage(void) { usage_calls++; }

/* the tool's own options, as they came */
static char seen[64];

static int own_option(cv_tool *t, int c, char *optarg)
{
    size_t n = strlen(seen);
    snprintf(seen + n, sizeof seen - n, "%c%s,", c == 256 ? 'W' : c, optarg ? optarg : "");
    /* -d 0 is refused, as a tool refuses a value of its own */
    return c == 'd' && !strcmp(optarg, "0") ? CV_EXIT_USAGE : 0;
}

static const struct option own[] = { { "depth", required_argument, 0, 'd' }, { "wide", no_argument, 0, 256 },
                                     { 0, 0, 0, 0 } };

/* Parses args (NULL-ended) as tool "t" taking `takes`; the parse's status. */
static int parse(cv_tool *T, unsigned takes, char **args)
{
    int argc = 0;
    while (args[argc]) argc++;
    *T = (cv_tool){ .name = "t", .takes = takes, .lenient = 5, .usage = usage, .letters = "d:", .own = own,
                    .option = own_option };
    seen[0] = 0;
    optind = 0;     /* a new command line for getopt */
    return cv_tool_parse(T, argc, args);
}

int main(void)
{
    cv_tool T;
    unsigned all = CV_TOOL_QUIET | CV_TOOL_INPUT | CV_TOOL_FEN | CV_TOOL_START | CV_TOOL_NOTATION | CV_TOOL_DIAGRAM;
    char *a1[] = { "t", "-j", "--wide", "-V", "trid", "--spec", "x.yaml", "-q", "--input", "gamelist", "-d5",
                   "--notation=romulan", "-f", "A", "--fen", "B", "-l", "-s", "--diagram=svg", "--unicode",
                   "one", "two", NULL };
    TAP_IS_INT(parse(&T, all, a1), -1, "every common option a tool can take: read, go on");
    TAP_OK(T.json && T.quiet && T.start && T.diagram, "-j, -q, -s, --diagram set");
    TAP_IS_STR(T.variant, "trid", "-V NAME");
    TAP_IS_STR(T.spec, "x.yaml", "--spec FILE");
    TAP_IS_STR(T.input ? T.input->name : NULL, "gamelist", "--input FORMAT: the record format");
    TAP_IS_STR(T.notation, "romulan", "--notation=N");
    TAP_IS_STR(T.ntopt, "--notation", "... and the option as typed");
    TAP_IS_INT(T.nfens, 2, "--fen twice: two positions");
    TAP_IS_STR(T.nfens == 2 ? T.fens[1] : NULL, "B", "... in the order given");
    TAP_IS_INT(T.read_flags, 5, "-l adds the tool's lenient flags");
    TAP_IS_STR(T.style, "svg", "--diagram=STYLE");
    TAP_IS_STR(T.styleopt, "--diagram", "... and the option as typed");
    TAP_IS_INT(T.dflags, CV_DIAGRAM_UNICODE, "--unicode");
    TAP_IS_STR(seen, "W,d5,", "the tool's own options, in order, with their values");
    TAP_IS_INT(T.nfiles, 2, "the operands");
    TAP_IS_STR(T.files[0], "one", "... from the first");
    cv_tool_free(&T);

    char *a2[] = { "t", "-f", "A", "-f", "B", NULL };
    TAP_IS_INT(parse(&T, CV_TOOL_FEN_ONE, a2), -1, "CV_TOOL_FEN_ONE: -f twice is fine");
    TAP_OK(T.nfens == 1 && !strcmp(T.fens[0], "B"), "... and the last one counts");
    cv_tool_free(&T);

    char *a3[] = { "t", "-d", "0", "-V", "chess", NULL };
    TAP_IS_INT(parse(&T, 0, a3), CV_EXIT_USAGE, "an own option's refusal ends the parse with its status");
    TAP_OK(!T.variant, "... before the options after it are read");
    cv_tool_free(&T);

    char *a4[] = { "t", "-q", NULL };
    TAP_IS_INT(parse(&T, 0, a4), CV_EXIT_USAGE, "a common option the tool does not take is unknown");
    cv_tool_free(&T);

    char *a5[] = { "t", "-n", "nosuch", NULL };
    TAP_IS_INT(parse(&T, CV_TOOL_NOTATION, a5), CV_EXIT_USAGE, "CV_TOOL_NOTATION: a notation no engine has is refused");
    cv_tool_free(&T);
    TAP_IS_INT(parse(&T, CV_TOOL_NOTATION_OF_VARIANT, a5), -1, "CV_TOOL_NOTATION_OF_VARIANT: it waits for the variant");
    cv_tool_free(&T);

    char *a6[] = { "t", "--help", "--bogus", NULL };
    usage_calls = 0;
    TAP_IS_INT(parse(&T, 0, a6), 0, "--help: status 0, the rest not read");
    TAP_IS_INT(usage_calls, 1, "... the usage written once");
    cv_tool_free(&T);

    char buf[256];
    TAP_IS_STR(cv_tool_or_list("pgn, gamelist, gclog", buf, sizeof buf), "pgn, gamelist or gclog", "or-list of three");
    TAP_IS_STR(cv_tool_or_list("pgn", buf, sizeof buf), "pgn", "or-list of one");
    TAP_IS_STR(cv_notation_by_engine(0, buf, sizeof buf),
               "generic: san (default), lan, uci, pbm; trid: standard (default), romulan; pw: pw; panoply: gc",
               "every engine's notations, from the engine table");
    TAP_IS_STR(cv_notation_by_engine(1, buf, sizeof buf),
               "generic: san, lan, uci (default), pbm; trid: standard (default), romulan; pw: pw; panoply: gc",
               "... with the --divide defaults");
    TAP_IS_STR(cv_diagram_styles_by_engine(buf, sizeof buf),
               "generic: ascii (default), pbm-large, pbm-small; trid: levels (default), overhead, ascii; pw: ascii; "
               "panoply: ascii", "every engine's diagram styles, from the engine table");
    return tap_done();
}
