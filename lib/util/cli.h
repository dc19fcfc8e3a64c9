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

/* "TOOL: message" on stderr, then "Try 'TOOL --help'."; returns CV_EXIT_USAGE. */
int cv_cli_usage_error(const char *tool, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The usage error for what getopt_long refused ('?' or ':'): names the
 * short option letter itself when it was one ("-x" in "-sx"). */
int cv_cli_bad_option(const char *tool, char **argv, int optind, int optopt, int missing_value);

/* Parses a non-negative decimal integer option value; -1 when not one. */
long cv_cli_parse_count(const char *s);

/* Calls fn(path, arg) for every regular file named by paths (NULL/"-" is
 * standard input); a directory is walked recursively and only files whose
 * name ends in suffix (case-insensitive) are visited, in sorted order
 * (suffix NULL: a directory is an error, as for a tool reading commands).
 * Returns the number of paths that could not be read (each reported). */
typedef int (*cv_file_fn)(const char *path, FILE *f, void *arg);
int cv_cli_each_file(const char *tool, char **paths, int npaths,
                     const char *suffix, cv_file_fn fn, void *arg, int *status);

/* Nonzero while fn runs on a file met by walking a directory (not named
 * by the user): a tool may pass over a file that is not for it. */
int cv_cli_in_walk(void);

/* Reads one line of any length into *buf (grown as needed), without the
 * trailing newline or CR; returns its length or -1 at end of file. */
long cv_getline(char **buf, size_t *cap, FILE *f);

#endif
