/* The tools' standard output (cli.h, cv_cli_start; stdout.h): the first
 * failed write ends the run, with the reason the system gave, instead of
 * the tool reading on (an endless input never ended) and saying at the
 * end what a later call left in errno.
 *
 * stdout itself is left as it is, so its buffering is what the system
 * and the user chose (a terminal's lines, stdbuf -oL); stdio keeps a
 * failed write in the stream's error flag, and errno keeps its reason
 * until the reading side next looks (cv_stdout_check). */
#include "stdout.h"
#include "cli.h"
#include "cleanup.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *out_tool;

/* Said with write(2): the stdio lock of stderr may be held by another
 * thread, and nothing of stderr is buffered. */
static void die(int e)
{
    /* a reader that closed the pipe wants no more: nothing to say */
    if (e != EPIPE) {
        char msg[256];
        int n = snprintf(msg, sizeof msg, "%s: error: write error: %s\n", out_tool, strerror(e ? e : EIO));
        if (n > 0 && write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1) < 0) {
            /* nowhere left to say it */
        }
    }
    cv_cleanup_now();
    _exit(CV_EXIT_USAGE);
}

void cv_stdout_check(void)
{
    if (out_tool && ferror(stdout)) die(errno);
}

/* What is still buffered goes out at exit (--help, --version, the last
 * lines): its failure too. */
static void flush_at_exit(void)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) die(errno);
}

void cv_cli_start(const char *tool)
{
    out_tool = tool;
    atexit(flush_at_exit);
}
