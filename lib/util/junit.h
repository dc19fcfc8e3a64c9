/* junit: a JUnit XML report of a run (--junit FILE of cv-replay, cv-parse
 * and cv-check): a <testsuites> element holding one <testsuite> per input
 * read (name and every case's classname: the input as diagnostics name
 * it), one <testcase> per game or position, an invalid one with a
 * <failure> whose message is its first error and whose text is every
 * problem of it as standard error says it in the gnu shape, one line
 * each; a valid one with warnings keeps them in <system-err>.  The exact
 * shape is tests/data/junit.xsd.
 *
 * What it promises:
 *  - The file is written whole at the end of the run, as outfile.h writes
 *    (never seen half-written), whatever became of the games: a report
 *    of a failed run is the point of it.  Its place is checked before
 *    anything is read (a directory that cannot take it, or an input:
 *    cli.h's cv_cli_check_output), said and CV_EXIT_USAGE.
 *  - Memory: the cases wait in an unnamed temporary file, not in memory;
 *    what is held is a few numbers an input.
 *  - Text is well-formed XML 1.0 in UTF-8 whatever the input: & < > "
 *    escaped; a byte that is not part of well-formed UTF-8 read as
 *    Latin-1 (PGN's character set, as json.h reads it); the bytes of a
 *    character XML 1.0 has no place for (a control but tab, LF and CR;
 *    U+FFFE, U+FFFF) written as \xNN; tab, LF and CR as character
 *    references inside attributes, CR also in text.
 *  - The bytes depend on the games alone, not on --jobs: a worker writes
 *    its cases to its side output (lib/record/run.h), handed back here in
 *    the order of the games; there are no times in the report. */
#ifndef CV_JUNIT_H
#define CV_JUNIT_H
#include <stdio.h>

typedef struct cv_junit cv_junit;
struct cv_problems;
struct cv_record_format;
struct cv_game;

/* A report to PATH (--junit) of TOOL's run over the inputs; NULL, said,
 * when it cannot be: the tool ends with CV_EXIT_USAGE. */
cv_junit *cv_junit_open(const char *tool, const char *path, char **inputs, int ninputs);

/* An input starts: its cases follow, then cv_junit_suite_end. */
void cv_junit_suite_begin(cv_junit *J);
/* Where the calling thread writes the cases of the input being read. */
FILE *cv_junit_stream(cv_junit *J);
/* Cases a worker wrote, in order. */
void cv_junit_write(cv_junit *J, const char *buf, size_t n);
/* The input (path, "-" standard input) is over: its suite takes the cases
 * written since cv_junit_suite_begin, tests of them, failures invalid. */
void cv_junit_suite_end(cv_junit *J, const char *path, long tests, long failures);

/* One case: NAME (a game's ident, a position's "line N: TEXT"), in the
 * suite of input path; ps its problems, prefix (a record's name, or NULL)
 * before each message in the failure's lines as on standard error;
 * failed: the case fails (its first error the message, "invalid" when
 * ps has none). */
void cv_junit_case(FILE *out, const char *path, const char *name, const char *prefix, const struct cv_problems *ps,
                   int failed);
/* A game's case, named by its format's ident and its Event tag; its
 * problems said as standard error says them: the reader's (kind
 * "record") under "game N", the others under the ident. */
void cv_junit_game(FILE *out, const char *path, const struct cv_record_format *fmt, const struct cv_game *g,
                   const struct cv_problems *ps, int failed);

/* Writes the report and frees J: 0, or CV_EXIT_USAGE said ("TOOL: error:
 * --junit FILE: write error: REASON"). */
int cv_junit_close(cv_junit *J);

#endif
