/* toolopts: the options the tools share, parsed in one place, so a tool
 * is its own options, a loop and its output.
 *
 * A tool fills a cv_tool with its name, its usage text, the common
 * options it takes (CV_TOOL_*) and its own options (getopt letters, long
 * options and a function for them), then calls cv_tool_parse.  Every tool
 * takes -j/--json, -V/--variant NAME, --spec FILE (the search path of
 * names is CVKIT_SPECS, variant.h), --diagnostics gnu|github (diag.h: the
 * shape of every message after it), --help, --version and --names KIND
 * (the names -V, -n and --input take, one a line, for scripts and the
 * shell completion: KIND variants, notations or formats).
 *
 * What it promises:
 *  - The options are read in the order typed, common and own alike, so
 *    the first mistake is the one said, and a tool's own option is
 *    refused with the tool's own message.  Messages are cli.h's: the
 *    option named as typed, then "Try 'TOOL --help' ...".
 *  - A common option means the same in every tool that takes it; a
 *    value a tool checks once the variant is known (the notation of
 *    CV_TOOL_NOTATION_OF_VARIANT, a --diagram style) is checked by
 *    cv_tool_load, with the option as typed.
 *  - Positions (CV_TOOL_FEN) come from --fen (each use, in order; the
 *    last alone with CV_TOOL_FEN_ONE),
 *    --start, or else FEN lines of the operands (standard input without
 *    any), blank and '#' lines passed over; cv_tool_positions gives each
 *    to the tool's function. */
#ifndef CV_TOOLOPTS_H
#define CV_TOOLOPTS_H
#include "variant.h"
#include <getopt.h>
#include <stddef.h>

/* The common options a tool takes beyond -j, -V, --spec, --help and
 * --version. */
enum {
    CV_TOOL_QUIET = 1 << 0,     /* -q, --quiet */
    CV_TOOL_INPUT = 1 << 1,     /* --input FORMAT: a record format */
    CV_TOOL_FEN = 1 << 2,       /* -f, --fen FEN, repeatable */
    CV_TOOL_START = 1 << 3,     /* -s, --start: the variant's start position */
    CV_TOOL_NOTATION = 1 << 4,  /* -n, --notation N: any engine's, checked when read */
    CV_TOOL_NOTATION_OF_VARIANT = 1 << 5,  /* -n, checked against the variant's engine */
    CV_TOOL_DIAGRAM = 1 << 6,   /* --diagram[=STYLE] and --unicode */
    CV_TOOL_FEN_ONE = 1 << 7,   /* -f, --fen FEN: one position, the last given */
    CV_TOOL_JOBS = 1 << 9,      /* --jobs N (1 to 256), --chunk-bytes N (for the tests) */
    CV_TOOL_JUNIT = 1 << 10,    /* --junit FILE: a JUnit XML report (junit.h) */
    CV_TOOL_LAYOUT = 1 << 11,   /* --layout NAME: how a listing is laid out (record.h) */
    CV_TOOL_VARIANT_IF_GIVEN = 1 << 8,  /* a tool the variant does not concern:
                                           loaded only to check -V or --spec */
};

/* A tool's own options use codes from 256 up to (not including) this;
 * the common long options without a letter use codes from it. */
#define CV_TOOL_OWN_CODES_END 1000

typedef struct cv_record_format cv_record_format;

typedef struct cv_tool cv_tool;
struct cv_tool {
    /* -- what the tool says of itself -- */
    const char *name;
    unsigned takes;             /* CV_TOOL_* */
    unsigned lenient;           /* what -l/--lenient adds to read_flags; 0: no -l */
    void (*usage)(void);
    const char *letters;        /* its own getopt letters ("d:v"), or NULL */
    const struct option *own;   /* its own long options, {0}-ended, or NULL */
    /* Each own option as getopt_long returns it; 0 to go on, else the
     * exit status to end with (the problem said). */
    int (*option)(cv_tool *t, int c, char *optarg);
    void *arg;                  /* the tool's, for option */
    /* After the options, before the variant: what the tool checks of
     * them as a whole; -1 to go on, else the exit status (said).  NULL:
     * nothing. */
    int (*check)(cv_tool *t);

    /* -- what cv_tool_parse found -- */
    int argc;
    char **argv;                /* for cli.h's helpers on an own option */
    char **files;               /* the operands */
    int nfiles;
    const char *variant, *spec;
    int json, quiet, start;
    unsigned read_flags;        /* -l: lenient */
    const char *notation;       /* -n as given, or NULL */
    char ntopt[32];             /* -n as typed: "-n" or "--notation" */
    const cv_record_format *input;  /* --input, or NULL: recognised per file */
    const char **fens;          /* each --fen, in order */
    int nfens;
    int diagram;                /* --diagram or --unicode given */
    const char *style;          /* --diagram=STYLE, or NULL */
    char styleopt[32];          /* --diagram as typed */
    unsigned dflags;            /* CV_DIAGRAM_* (--unicode) */
    int jobs;                   /* --jobs, or 0 */
    size_t chunk;               /* --chunk-bytes, or 0 */
    const char *junit_path;     /* --junit FILE, or NULL */
    int layout, layout_given;   /* --layout: CV_LAYOUT_* (0, clean, when not given) */

    /* -- what cv_tool_load found -- */
    cv_variant *v;
    int nt;                     /* CV_TOOL_NOTATION_OF_VARIANT: -n for v, or v's default */

    /* -- cv_tool_start: the --junit report, open; NULL without -- */
    struct cv_junit *junit;

    /* -- cv_tool_positions: positions met, readable or not -- */
    long positions;
};

/* A tool's start, first in its main: cv_cli_start, cv_tool_parse, the
 * tool's check, cv_tool_load, the --junit report opened (its place
 * checked).  -1 to go on, else the exit status to end with
 * (cv_tool_end). */
int cv_tool_start(cv_tool *t, int argc, char **argv);

/* A tool's end: the --junit report written (CV_EXIT_USAGE when it
 * could not be), cv_tool_free, standard output flushed (CV_EXIT_USAGE
 * when it could not be); returns the status to exit with. */
int cv_tool_end(cv_tool *t, int status);

/* Reads the command line: -1 to go on, else the exit status to end with
 * (0 after --help or --version, CV_EXIT_USAGE after a usage error, said).
 * Call cv_tool_free in either case. */
int cv_tool_parse(cv_tool *t, int argc, char **argv);

/* Loads the variant of -V/--spec (chess without either) into t->v and
 * checks the values that depend on it; 0, or the exit status to end
 * with (the problem said). */
int cv_tool_load(cv_tool *t);

/* One position for the tool: text (NUL-terminated) at column col of line
 * `line` of file ("--fen", the Nth use; "--start"; or a FILE operand,
 * "-" standard input).  why not NULL: the line cannot be read as text
 * (why says why, col where); text is then the line as read, len bytes.
 * Returns the position's exit status. */
typedef int (*cv_position_fn)(void *arg, const char *file, long line, const char *text, size_t len, int col,
                              const char *why);

/* Gives every position of the command line to fn, in order: the --fen
 * values, else --start, else the FEN lines of the operands (suffix: what
 * a directory is searched for).  Both --fen/--start and operands is a
 * usage error.  Returns the worst status: fn's, or CV_EXIT_USAGE. */
int cv_tool_positions(cv_tool *t, const char *suffix, cv_position_fn fn, void *arg);

/* --json of positions (docs/cvkit-formats.5): the "problems" of a
 * position read from line `line`, its text from column col0; and the
 * whole object of a line that cannot be read as text (why, at col). */
struct cv_json;
struct cv_fen_errors;
void cv_tool_json_fen_problems(struct cv_json *j, long line, int col0, const struct cv_fen_errors *e);
void cv_tool_json_unreadable(struct cv_json *j, const char *file, long line, const char *text, size_t len, int col,
                             const char *why);

/* Writes the --junit report, if any: 0, or CV_EXIT_USAGE (said). */
int cv_tool_junit_close(cv_tool *t);

/* Frees what parsing and loading took (the variant included; a --junit
 * report still open is written). */
void cv_tool_free(cv_tool *t);

/* Writes one option of a usage text: "  -n, --notation N     TEXT", TEXT
 * wrapped to the usage column and 79 columns. */
void cv_tool_help(const char *option, const char *text);

/* A list for a sentence: "pgn, gamelist, gclog" as "pgn, gamelist or
 * gclog", into buf. */
const char *cv_tool_or_list(const char *list, char *buf, size_t size);

#endif
