/* stdout: the tools' standard output, watched (cli.h, cv_cli_start).
 *
 * Standard C has no hook into a stream's writes, so the failure of one is
 * found where the library steps through its input: before each line
 * (lines.h), each game and each piece of an input (record.h, chunks.h)
 * the reading side calls cv_stdout_check, and at exit the output is
 * flushed and checked.  A tool on an endless input thus stops within one
 * step of the first failed write.  What a failure does is cli.h's to say
 * (cv_cli_start). */
#ifndef CV_STDOUT_H
#define CV_STDOUT_H

/* Ends the run as cv_cli_start says when a write to standard output has
 * failed; nothing before cv_cli_start (unit tests, fuzz targets). */
void cv_stdout_check(void);

#endif
