/* The tools' standard output (cli.h, cv_cli_start): every write goes
 * through here, so the first one that fails ends the run at once, with
 * the reason the system gave, instead of the tool reading on (an endless
 * input never ended) and saying at the end what a later call left in
 * errno. */
/* fopencookie is a GNU extension; glibc also documents stdout as an
 * ordinary variable a program may set */
#define _GNU_SOURCE
#include "cli.h"
#include "cleanup.h"
#include <errno.h>
#include <stdio_ext.h>
#include <string.h>
#include <unistd.h>

static const char *out_tool = "cvkit";

/* Said with write(2): the stdio lock of stderr may be held by the thread
 * that was interrupted, and nothing of stderr is buffered. */
static void die(int e)
{
    /* a reader that closed the pipe wants no more: nothing to say */
    if (e != EPIPE) {
        char msg[256];
        int n = snprintf(msg, sizeof msg, "%s: error: write error: %s\n", out_tool, strerror(e));
        if (n > 0 && write(STDERR_FILENO, msg, (size_t)n < sizeof msg ? (size_t)n : sizeof msg - 1) < 0) {
            /* nowhere left to say it */
        }
    }
    cv_cleanup_now();
    _exit(CV_EXIT_USAGE);
}

static ssize_t out_write(void *cookie, const char *buf, size_t n)
{
    (void)cookie;
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(STDOUT_FILENO, buf + done, n - done);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) die(k < 0 ? errno : EIO);
        done += (size_t)k;
    }
    return (ssize_t)n;
}

void cv_cli_start(const char *tool)
{
    out_tool = tool;
    cookie_io_functions_t io = { .write = out_write };
    FILE *f = fopencookie(NULL, "w", io);
    /* without it the plain stream still says its error at the end */
    if (!f) return;
    /* a terminal sees each line as it is made, as with the plain stream,
     * and so does whoever asked the plain stream for lines (stdbuf -oL,
     * which is how a test shows stderr and stdout in a terminal's order) */
    if (isatty(STDOUT_FILENO) || __flbf(stdout)) setvbuf(f, NULL, _IOLBF, BUFSIZ);
    fflush(stdout);
    stdout = f;
}
