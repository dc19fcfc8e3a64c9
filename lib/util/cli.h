/* cli: the small pieces every tool shares: --help/--version handling,
 * variant selection (-V/--spec), and walking FILE operands (with "-" as
 * standard input and directories searched recursively for a suffix). */
#ifndef CV_CLI_H
#define CV_CLI_H
#include <stdio.h>

/* Exit statuses fixed by the design notes. */
enum { CV_EXIT_OK = 0, CV_EXIT_INVALID = 1, CV_EXIT_USAGE = 2 };

/* Prints "TOOL (cvkit) VERSION" on stdout. */
void cv_cli_version(const char *tool);

/* Run-level messages, one shape for every tool (input problems keep
 * FILE:LINE:COL, diag.h): "TOOL: error: MESSAGE" and "TOOL: warning:
 * MESSAGE" on stderr.  cv_cli_error returns CV_EXIT_USAGE, so a tool can
 * end with it. */
int cv_cli_error(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cv_cli_warning(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A usage error: "TOOL: error: MESSAGE", then "Try 'TOOL --help' for more
 * information."; returns CV_EXIT_USAGE. */
int cv_cli_usage_error(const char *tool, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The usage error for what getopt_long refused ('?' or ':'), naming the
 * option as the user typed it: "--depth" for --depth, "-d" for -d, the
 * letter alone for "-x" in "-sx"; "--json=1" is an option that takes no
 * value. */
int cv_cli_bad_option(const char *tool, char **argv, int optind, int optopt, int missing_value);

/* The option getopt_long has just returned (letter c, or 0 for a long
 * option without one), as the user typed it: "--depth" (also from
 * "--depth=5" or an abbreviation "--dep"), or "-d" (also from "-jd5").
 * Call it right after getopt_long, with its optarg. */
const char *cv_cli_option_typed(char **argv, int optind, int c, const char *optarg, char *buf, size_t size);

/* The value of the option just returned, as a whole number from lo to hi
 * (lo >= 0); otherwise the usage error "OPTION 'VALUE': not WHAT from LO
 * to HI" and -1. */
long cv_cli_number_option(const char *tool, char **argv, int optind, int c, const char *optarg,
                          long lo, long hi, const char *what);

/* The usage error for an option value that is not one of a list:
 * "OPTION 'VALUE': not one of LIST" (LIST: "san, lan, uci").  Returns
 * CV_EXIT_USAGE. */
int cv_cli_bad_choice(const char *tool, char **argv, int optind, int c, const char *optarg, const char *list);
/* The same once parsing is over: option is the name as typed (kept from
 * cv_cli_option_typed), for a value a variant's engine refuses. */
int cv_cli_not_one_of(const char *tool, const char *option, const char *value, const char *list);

/* The usage error for an option value of another shape: "OPTION 'VALUE':
 * WHY".  Returns CV_EXIT_USAGE. */
int cv_cli_bad_value(const char *tool, char **argv, int optind, int c, const char *optarg, const char *why);

/* The summary line of a tool that judges records (cv-replay, cv-parse
 * --check): "N files, N games, N valid, N invalid, N warnings", singular
 * for 1 ("1 file, 1 game, ... 1 warning"), and a newline. */
void cv_cli_summary(FILE *out, long files, long games, long valid, long invalid, long warnings);

/* Parses a non-negative decimal integer option value; -1 when not one. */
long cv_cli_parse_count(const char *s);

/* Calls fn(path, arg) for every regular file named by paths (NULL/"-" is
 * standard input); a directory is walked recursively and only files whose
 * name ends in suffix (case-insensitive), or in suffix and a compression
 * suffix (".pgn.gz", ".fen.zst": decompress.h), are visited, in sorted
 * order (suffix NULL: a directory is an error, as for a tool reading
 * commands).  fn reads the text of the file: a compressed file (by its
 * first bytes, whatever its name; standard input too) is read through its
 * decompressor, whose failure is said at the file and makes *status
 * CV_EXIT_USAGE once fn has read it all.
 * A directory reached twice (a loop of links) is walked once and a file
 * reached twice read once, each said on stderr; a read error of a file
 * and an output error are said once and make *status CV_EXIT_USAGE, and
 * an output error ends the walk.  A file that is standard output (a
 * redirection into an input directory) is never read.
 * Returns the number of paths that could not be read (each reported). */
typedef int (*cv_file_fn)(const char *path, FILE *f, void *arg);
int cv_cli_each_file(const char *tool, char **paths, int npaths,
                     const char *suffix, cv_file_fn fn, void *arg, int *status);

/* Called first in a tool's main: from then on the first write to
 * standard output that fails ends the run (stdout.h: at the next line,
 * game or piece of input read, or at exit; any temporary removed,
 * see cleanup.h) with status CV_EXIT_USAGE: quietly when the reader
 * closed the pipe (EPIPE: SIGPIPE ignored; when it is not, the signal ends
 * the run as it ends any Unix filter), else after saying "TOOL: error:
 * write error: REASON" with the system's reason.  --help and --version
 * included: their text is flushed at exit like any output. */
void cv_cli_start(const char *tool);

/* Flushes standard output: 0 when it went out.  Under cv_cli_start a
 * failure never returns; without it the error is said as above, once, and
 * CV_EXIT_USAGE returned. */
int cv_cli_close_stdout(const char *tool);

/* An output file named on the command line (cv-convert --rejects) that is
 * one of the inputs (by name, or the same file by device and inode, standard
 * input included when it is read), or lies in an input directory, is
 * refused before anything is written: said, CV_EXIT_USAGE.  0 when it is
 * not.  A device or a FIFO may be both. */
int cv_cli_check_output(const char *tool, const char *out, char **paths, int npaths);

/* An output file named by an option (OPT "--rejects"), as outfile.h
 * writes it: checked before anything is read, so a run that could not
 * write it fails at once ("TOOL: error: OPT PATH: REASON", NULL);
 * cv_cli_replace_stream creates it when the first byte is to be written
 * (NULL, said, when it cannot be), so a run that writes nothing leaves
 * PATH untouched; cv_cli_replace_close ends it (keep: the run went well
 * enough to keep what was written) and returns CV_EXIT_USAGE, said
 * ("TOOL: error: OPT PATH: write error: REASON"), when it failed. */
struct cv_outfile;
struct cv_outfile *cv_cli_replace_open(const char *tool, const char *opt, const char *path);
FILE *cv_cli_replace_stream(const char *tool, const char *opt, const char *path, struct cv_outfile *o);
int cv_cli_replace_close(const char *tool, const char *opt, const char *path, struct cv_outfile *o, int keep);

/* A directory named by an option (OPT "--svg-dir") to write files into:
 * 0 when it is one the user may write into, else CV_EXIT_USAGE, said as
 * "TOOL: error: OPT DIR: REASON", before anything is read. */
int cv_cli_check_dir(const char *tool, const char *opt, const char *dir);

/* Nonzero while fn runs on a file met by walking a directory (not named
 * by the user): a tool may pass over a file that is not for it. */
int cv_cli_in_walk(void);

#endif
